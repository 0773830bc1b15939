"""Stop before writing where a JSON document's records could lie in two places.

CoQA ships each story with two lists beside it, `questions` (`input_text`, `turn_id`) and
`answers` (`span_text`, `input_text`, `turn_id`), paired by turn: both are collections of texts
under the story, and which are the records (`json_shapes.record_paths`) is no guess to make. Read
as the stories' own rows, each story was one record whose "text columns" were the lists. The run
stops naming the documents, the places, and `--json-records PATH`, which reads the records
there, the story's text joining each (a layout file's `options: {json_records: ...}` keeps it).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_shapes, qa_json, sentence_lists
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_record_paths"]

# Documents whose first bytes are read (qa_json.HEAD_BYTES each).
_LOOKED_AT = 16


def check_record_paths(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where sampled .json inputs of a tables layout hold their records in two
    or more places and `--json-records` does not say which."""
    if detected.name != layout.TABLES or config.json_records:
        return
    looked = [p for p in sample if layout.extension(p) == "json" and not detected.is_auxiliary(p)][:_LOOKED_AT]
    found: dict[tuple[str, ...], list[str]] = {}
    for path in looked:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                head = fileobj.read(qa_json.HEAD_BYTES)
        except (OSError, InvalidInputError):
            continue  # the scan rejects it with why
        if qa_json.looks_like_qa(head):
            continue
        places = json_shapes.head_record_paths(head)
        if places:
            found.setdefault(places, []).append(path)
        _refuse_sentence_lists(path, head)
    if found:
        places, paths = next(iter(found.items()))
        shown = ", ".join(paths[:4]) + (f" and {len(paths) - 4} more" if len(paths) > 4 else "")
        raise UsageError(
            f"{shown}: the records could be the objects at {' or '.join(repr(p) for p in places)} (each a list of "
            f"objects holding texts, under objects holding a longer text): which are meant the files cannot say; name "
            f"them with --json-records {places[0]!r} (or another; the texts above each record join it)"
        )


def _refuse_sentence_lists(path: str, head: bytes) -> None:
    """Raises UsageError where the document's objects each name a class and hold lists of sentences
    (a chatbot's intents: `sentence_lists`): read as rows, each object was one record of lists, its
    name unique to it; which list holds the examples is no guess to make."""
    sample, _ = json_shapes.head_sample(head)
    found = sentence_lists.sentence_lists(sample) if sample is not None else None
    if found is None:
        return
    field = found.paths[0].split(".")[-2]
    others = ", ".join(repr(p) for p in found.paths[1:])
    raise UsageError(
        f"{path}: each object holds lists of sentences ({', '.join(repr(p.split('.')[-2]) for p in found.paths)}) "
        f"beside a name of its own ({found.names[0]!r}): the sentences may be the records, each labelled by its "
        f"object's name; --json-records {found.paths[0]!r} --label-column {found.names[0]} reads each sentence of "
        f"{field!r} as a record labelled so" + (f" (or --json-records {others})" if others else "")
    )
