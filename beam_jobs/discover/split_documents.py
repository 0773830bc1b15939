"""Stop before writing where several JSON documents each hold their own splits.

A document whose lists lie under split keys (`{"train": [...], "test": [...]}`; CLINC150's
`data_full.json` with `oos_train` ...) gives its records those splits. Its repository ships
several such documents side by side, each a version of the whole dataset (CLINC150's
`data_full.json`, `data_small.json`, `data_imbalanced.json`, `data_oos_plus.json`): read together,
every version's `train` would be merged into one split, each query several times. Which version
is meant is the user's to say: the run stops naming the documents and how to convert one.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_records, qa_json
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_split_documents"]

# Documents whose first bytes are read (qa_json.HEAD_BYTES each).
_LOOKED_AT = 16


def check_split_documents(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where two or more sampled .json inputs of a tables layout open their
    lists under keys naming the same split (`json_records.first_split_key`); documents of
    different splits (`train.json` holding `{"train": ...}` beside `test.json`) are no versions."""
    if detected.name != layout.TABLES or detected.source_file:
        return
    looked = [p for p in sample if layout.extension(p) == "json" and not detected.is_auxiliary(p)][:_LOOKED_AT]
    by_split: dict[str, list[str]] = {}
    for path in looked:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                key = json_records.first_split_key(fileobj.read(qa_json.HEAD_BYTES))
        except (OSError, InvalidInputError):
            continue  # the scan rejects it with why
        if key:
            by_split.setdefault(str(split_word(key)), []).append(path)
    found = next((paths for paths in by_split.values() if len(paths) > 1), [])
    if found:
        shown = ", ".join(found[:4]) + (f" and {len(found) - 4} more" if len(found) > 4 else "")
        raise UsageError(
            f"{shown} each hold their own splits (lists under keys such as train and test): converted together, "
            f"each split would merge theirs; convert one, as SRC: shardify convert {join_path(config.source, found[0])} OUT"
        )
