"""Folders of JSON documents, one record each: a tables source whose every document is a record.

Corpora of long documents ship one JSON object per document rather than one list of records:
EURLEX57K's `dataset/{train,dev,test}/32014R0001.json`, each `{"celex_id", "uri", "type",
"concepts": [EuroVoc ids], "title", "header", "recitals", "main_body": [paragraphs],
"attachments"}`, with `eurovoc_en.json` (the concepts' names) beside. No reader took them: the run
stopped saying the source held only label or split files, naming nothing that converts it.

Told here from the sampled documents' first bytes (`json_shapes.head_sample`): a folder of at least
_MIN_DOCUMENTS `.json` files, each an object whose fields are texts, numbers or lists of them (no
list of objects: that is a document of records, `json_records`'), holding a text of several words,
most of those sampled the same fields (an odd one is its own reject when read). Which fields are the record's text (several, joined in the
order named) and which its label (a list field: several labels) is no guess: without
`--json-records .` the run stops naming the folders, the fields and the options that read them
(`--json-records . --text-column <fields> --label-column <field>`). With it, each folder is given as
the layout's `split_patterns` (its split the folder's name where it names one, else `train`), so
that the files beside (a side file of names, AppleDouble copies) are no inputs, and a layout file
shows them; a side file that names every sampled label id (`label_ids`: EURLEX57K's `eurovoc_en.json`,
`{"1402": {"label": "import licence"}}`) gives the labels their names.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.discover.xml_record_files import glob_escape
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_lines, json_records, json_shapes, qa_json
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.file_roles import is_junk
from shardify.plan.structure import split_word

__all__ = ["document_fields", "document_patterns", "label_ids"]

# A side file naming the labels' ids is parsed whole at detection, up to this size (EuroVoc's: ~1 MB).
_MAX_NAMES_BYTES = 64 << 20
# The field of a side file's entry that holds the name (`{"1402": {"label": "import licence", ...}}`).
_NAME_FIELDS = ("label", "name", "title", "prefLabel")
# Files beside the documents that are theirs to describe (a README, guidelines).
_DOCUMENT_EXTENSIONS = frozenset({"pdf", "md", "txt", "rst", "html", "htm", "doc", "docx"})
# A folder holding fewer documents is no corpus of them (a config, a side file of names).
_MIN_DOCUMENTS = 3
# Documents opened per folder at detection (their first qa_json.HEAD_BYTES each).
_LOOKED_AT = 6
# A field is text where a value holds this many words or more (a title, a paragraph); fewer is a
# name, a code or a category (`type: Regulation`).
_TEXT_WORDS = 4


def _words(value: object) -> int:
    """Words of a text, or of a list's longest text: split at spaces (a URL, an id is one word)."""
    if isinstance(value, str):
        return len(value.split())
    if isinstance(value, list):
        return max((_words(v) for v in value if isinstance(v, str)), default=0)
    return 0


def _flat(document: object) -> bool:
    """An object of texts, numbers and lists of them: one record's fields (never a list of objects)."""
    if not isinstance(document, dict) or not document:
        return False
    for value in document.values():
        if isinstance(value, dict):
            return False
        if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
            return False
    return True


def _document(config: ConvertConfig, relpath: str) -> dict | None:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            head = fileobj.read(qa_json.HEAD_BYTES)
    except (OSError, InvalidInputError):
        return None
    if json_lines.looks_like_json_lines(head):  # (an object a line: a table of JSON lines, never one record)
        return None
    found, _ = json_shapes.head_sample(head)
    return found if _flat(found) else None


def document_fields(documents: Sequence[dict]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(text fields, label fields) of documents of the same fields, in the first one's order: text,
    a field some document holds several words in; label, a list of short values (ids, tags), then a
    short text that repeats across the documents (a category).

    >>> docs = [{"id": "a1", "title": "On the import of fish", "concepts": ["12", "7"], "type": "Decision"},
    ...         {"id": "a2", "title": "A rule on customs duties", "concepts": ["7"], "type": "Decision"}]
    >>> document_fields(docs)
    (('title',), ('concepts', 'type'))
    """
    keys = list(documents[0])
    texts = tuple(k for k in keys if any(_words(d.get(k)) >= _TEXT_WORDS for d in documents))
    lists = [k for k in keys if k not in texts and all(isinstance(d.get(k), list) and d.get(k) for d in documents)]
    values = {k: Counter(d.get(k) for d in documents if isinstance(d.get(k), str)) for k in keys if k not in texts}
    repeated = [k for k, seen in values.items() if seen and max(seen.values()) > 1 and len(seen) < len(documents)]
    return texts, tuple(lists + repeated)


def document_patterns(config: ConvertConfig, sample: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """((folder glob, split), ...) of the folders of one-record JSON documents (the module's
    docstring), or () where the sample holds other inputs or no such folder.

    Raises:
      UsageError: such folders, and no `--json-records .`: naming them, their fields and the options
        that read them.
    """
    data = [p for p in sample if not is_junk(p) and layout.extension(p) not in _DOCUMENT_EXTENSIONS]
    if not data or any(layout.extension(p) != "json" for p in data):
        return ()
    folders: dict[str, list[str]] = {}
    for path in data:
        folders.setdefault(posixpath.dirname(path), []).append(path)
    found: dict[str, list[dict]] = {}
    for folder, paths in sorted(folders.items()):
        if len(paths) < _MIN_DOCUMENTS:
            continue
        opened = [_document(config, p) for p in sorted(paths)[:_LOOKED_AT]]
        shapes = Counter(frozenset(d) for d in opened if d is not None)
        if not shapes:
            continue
        shape, count = shapes.most_common(1)[0]
        documents = [d for d in opened if d is not None and frozenset(d) == shape]
        # (most of them one record's fields: an odd document among them is its own reject, never its folder lost)
        if 2 * count > len(opened) and document_fields(documents)[0]:
            found[folder] = documents
    if not found:
        return ()
    if len({frozenset(docs[0]) for docs in found.values()}) != 1:
        return ()  # (folders of documents of other fields: not one corpus)
    if config.json_records != json_records.DOCUMENT:
        raise UsageError(_stop(found, config))
    named = {folder: split_word(posixpath.basename(folder)) or "train" for folder in found}
    counts = Counter(named.values())
    return tuple(
        (f"{glob_escape(folder) + '/' if folder else ''}*.json",
         split if counts[split] == 1 else re.sub(r"[^A-Za-z0-9_]", "_", folder or "train"))
        for folder, split in named.items()
    )


def _stop(found: dict[str, list[dict]], config: ConvertConfig) -> str:
    documents = [d for docs in found.values() for d in docs]
    texts, labels = document_fields(documents)
    folders = ", ".join(f"{folder or '.'}/" for folder in found)
    label = (f" --label-column {labels[0]} (its label{'s, a list' if isinstance(documents[0].get(labels[0]), list) else ''}"
             f"{'; or ' + ', '.join(labels[1:]) if labels[1:] else ''})") if labels else " (no field looks like a label)"
    given = "" if config.layout in ("", layout.TABLES) else f" (not --layout {config.layout})"
    return (
        f"{folders} hold one JSON document per record ({', '.join(sorted(found[next(iter(found))][0]))} in each), which "
        f"shardify reads only when told: which fields are the text and which the label is no guess. Convert with "
        f"--json-records . (each document one record{given}) --text-column {','.join(texts)} (its text fields, joined in "
        f"this order){label}"
    )


def _names_of(document: object) -> dict[str, str] | None:
    """{id: name} of a side file mapping ids to names (`{id: name}`, or `{id: {label: name, ...}}`), or None.

    >>> _names_of({"1402": {"label": "import licence", "parents": []}, "693": {"label": "animal disease"}})
    {'1402': 'import licence', '693': 'animal disease'}
    >>> _names_of({"a": [1, 2]}) is None
    True
    """
    if not isinstance(document, dict) or not document:
        return None
    found = {}
    for key, value in document.items():
        if isinstance(value, dict):
            value = next((value[f] for f in _NAME_FIELDS if isinstance(value.get(f), str)), None)
        if not isinstance(value, str) or not value.strip():
            return None
        found[str(key)] = value.strip()
    return found


def label_ids(config: ConvertConfig, sample: Sequence[str], patterns: Sequence[tuple[str, str]]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(the side file, its (id, name) pairs) where one `.json` beside the documents names every id the
    sampled documents' label field holds (EURLEX57K's `eurovoc_en.json` naming the `concepts`), else
    ("", ()): the labels stay the ids, as the documents write them. Two such files: neither (which
    names them is no guess; the ids are kept)."""
    field = config.label_column
    folders = {pattern.rsplit("/", 1)[0] if "/" in pattern else "" for pattern, _ in patterns}
    documents = [p for p in sample if layout.extension(p) == "json" and posixpath.dirname(p) in folders]
    ids: set[str] = set()
    for path in sorted(documents)[:_LOOKED_AT]:
        value = (_document(config, path) or {}).get(field)
        values = value if isinstance(value, list) else [value]
        ids |= {str(v) for v in values if isinstance(v, (str, int)) and not isinstance(v, bool)}
    if not field or not ids:
        return "", ()
    found = []
    for path in sorted(p for p in sample if layout.extension(p) == "json" and posixpath.dirname(p) not in folders and not is_junk(p)):
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                data = fileobj.read(_MAX_NAMES_BYTES + 1)
            names = None if len(data) > _MAX_NAMES_BYTES else _names_of(json_input.parse(data))
        except (OSError, InvalidInputError):
            continue
        if names is not None and ids <= set(names):
            found.append((path, names))
    if len(found) != 1:
        return "", ()
    path, names = found[0]
    return path, tuple(sorted(names.items()))
