"""A file that gives each input's split: JSON `{split: [names]}` or `{name: split}`, or a table of a
file column and a split column (`filename,split`).

Downloads publish their splits in JSON as often as in text lists: an annotated-potholes export's
`splits.json` (`{"train": ["img-1.xml", ...], "test": [...]}`, naming each image's annotation file),
ScienceQA's `pid_splits.json` (`{"train": [...], "val": [...], "test": [...], "trainval": [...],
"minitrain": [...]}`), scripts' `dataset.json` (`{"train": [paths], "val": [paths]}`), and the inverse
`{"img-1.jpg": "train", ...}`; one wrapper object around either (`{"splits": {...}}`, as LILA's
camera-trap split files are) is looked through. Read as no split file, every input went to one
split, `train`, with exit 0 (the test images trained on).

A table whose header names a split column (`split`, `fold`, `subset`, `partition`) is the same
source written as rows: `table_of` reads its header and rows, `names_by_split` groups one column's
names by the split column, and `split_rows` reads it back by the column names its Evidence keeps
(`variable`: the split column; `column`: the names' column, from 0).

This module owns the shape (`split_names`: the file's names per split as it spells them) and the
rows (`split_rows`: an `EvidenceRow` per name, read as `SPLIT_CODES` evidence whose `codes` map the
file's split spellings to the plan's). Whether the names are the inputs', and whether the reading is
sure, is detection's (`beam_jobs/discover/split_files.py`). Files are untrusted: the size is bounded
and any other shape is an `InvalidInputError`, never an exception of another kind.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import tables
from shardify.converters.evidence_rows import EvidenceRow
from shardify.errors import InvalidInputError
from shardify.plan.evidence import Evidence
from shardify.plan.structure import split_word

__all__ = [
    "MAX_CAPTIONS",
    "MAX_SPLIT_JSON_BYTES",
    "SPLIT_COLUMNS",
    "entry_captions",
    "entry_splits",
    "flag_columns",
    "names_by_split",
    "parse_json",
    "read_bytes",
    "read_document",
    "split_column",
    "split_names",
    "split_rows",
    "strip_annotation_suffix",
    "table_of",
]

# A split file is parsed whole, at detection and by the worker reading it.
MAX_SPLIT_JSON_BYTES = 64 << 20
# Wrapper keys looked through (one level): LILA's `{"splits": {"train": [...], "val": [...]}}`.
_WRAPPERS = frozenset({"splits", "split", "data_split", "datasplit", "partition", "partitions", "folds"})
# Header cells that name a split column (case and spaces aside).
SPLIT_COLUMNS = frozenset({"split", "splits", "fold", "subset", "partition", "data_split", "dataset_split"})
# A name that names an image's annotation file (`img-1.xml`), keyed as the image's stem.
_ANNOTATION_SUFFIX = re.compile(r"\.(xml|json|txt)$", re.IGNORECASE)


def read_document(fileobj: BinaryIO) -> object:
    """The JSON document of `fileobj`, read to MAX_SPLIT_JSON_BYTES.

    Raises:
      InvalidInputError: larger, or not JSON.
    """
    return parse_json(read_bytes(fileobj))


def parse_json(data: bytes) -> object:
    """The JSON document `data` holds.

    Raises:
      InvalidInputError: not JSON.
    """
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise InvalidInputError(f"not JSON: {str(error).split(';')[0][:200]}") from None  # (not Python's advice to raise its limit)


def parse_yaml(data: bytes) -> object:
    """A YAML split file's document (CWFID's `train: [2, 5]`); its errors as InvalidInputError, as JSON's are."""
    import yaml  # imported when a YAML split file is met

    try:
        return yaml.safe_load(data)
    except yaml.YAMLError as error:
        raise InvalidInputError(f"not YAML: {str(error).splitlines()[0]}") from None


def _name(value: object) -> str | None:
    """A split file's name as text: a whole number as its digits, also where the writer made it a
    float (numpy's and MATLAB's exports write 1.0): dropped, such a file named nothing, and every
    input was written as train."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e18:
        return str(int(value))
    return value.strip() if isinstance(value, str) and value.strip() else None


def split_names(document: object) -> dict[str, list[str]] | None:
    """{the file's split key: its names in order} where `document` has a split file's shape, else None.

    `{split: [names]}`: every value a list of names (strings or whole numbers), at least one key a
    split word; `{name: split}`: two entries or more, every value a split word. Keys that are no split
    word stay (`minitrain`): whether they make the reading unsure is the caller's.

    >>> split_names({"train": ["a.xml", "b.xml"], "test": ["c.xml"]})
    {'train': ['a.xml', 'b.xml'], 'test': ['c.xml']}
    >>> split_names({"a.jpg": "train", "b.jpg": "val"})
    {'train': ['a.jpg'], 'val': ['b.jpg']}
    >>> split_names({"splits": {"train": ["loc_1"], "val": ["loc_2"]}})
    {'train': ['loc_1'], 'val': ['loc_2']}
    >>> split_names({"cat": ["a.jpg"]}), split_names({"a.jpg": "cat", "b.jpg": "dog"}), split_names([1, 2])
    (None, None, None)

    A list of entries each naming its file and its split, under one key of the document (Karpathy's
    caption files, `dataset_coco.json`, RSICD's `dataset_rsicd.json`: `{"images": [{"filename": ..,
    "split": "val", "sentences": [..]}], "dataset": ..}`) gives the same, every entry holding both:

    >>> split_names({"images": [{"filename": "a.jpg", "split": "train"}, {"filename": "b.jpg", "split": "test"}], "dataset": "x"})
    {'train': ['a.jpg'], 'test': ['b.jpg']}
    >>> split_names({"images": [{"filename": "a.jpg", "split": "train"}, {"filename": "b.jpg"}]}) is None
    True

    Karpathy's `restval` (COCO 2014 val images kept for training) is `train`, as his files' readers take it:

    >>> split_names({"images": [{"filename": "a.jpg", "split": "restval"}, {"filename": "b.jpg", "split": "val"}]})
    {'train': ['a.jpg'], 'val': ['b.jpg']}
    """
    if not isinstance(document, dict) or not document:
        return None
    entries = _entry_splits(document)
    if entries is not None:
        return entries
    if len(document) == 1:
        (key, inner), = document.items()
        if isinstance(key, str) and key.lower() in _WRAPPERS and isinstance(inner, dict):
            return split_names(inner)
    keys = [k for k in document if isinstance(k, str)]
    if len(keys) != len(document):
        return None
    if all(isinstance(v, list) for v in document.values()):
        if not any(split_word(k) for k in keys):
            return None
        names = {k: [_name(v) for v in values] for k, values in document.items()}
        if any(n is None for values in names.values() for n in values):
            return None
        return {k: [n for n in values if n is not None] for k, values in names.items()}
    if len(document) >= 2 and all(isinstance(v, str) and split_word(v.strip()) for v in document.values()):
        by_split: dict[str, list[str]] = {}
        for name, split in document.items():
            if name.strip():
                by_split.setdefault(split.strip(), []).append(name.strip())
        return by_split
    return None


# An entry's file name and split fields (Karpathy's `filename` and `split`; COCO-like `file_name`).
_ENTRY_NAME_FIELDS = ("filename", "file_name", "image", "image_name", "file")
_ENTRY_SPLIT_FIELDS = ("split", "set", "subset", "partition", "set_name")  # (set_name: TextCaps', TextVQA's)
# Entry split spellings that are no split word but name one by their files' convention: Karpathy's
# `restval` (the COCO 2014 val images neither val nor test: his and the captioning code's readers
# (ImageCaptioning.pytorch's prepro, `train_ids + restval_ids`) train on them).
_ENTRY_SPLIT_SPELLINGS = {"restval": "train"}


def entry_splits(document: object) -> dict[str, list[str]] | None:
    """`split_names` of a document of entries each naming its file and split (Karpathy's), else None."""
    return _entry_splits(document) if isinstance(document, dict) and document else None


def _entry_splits(document: dict) -> dict[str, list[str]] | None:
    """{split: names} of the one list of entries in `document` (a dict of lists of objects) whose every
    entry names a file and a split word by the fields above; None where there is no such list, or
    an entry lacks either (a part-labelled list is no split file: the caller stops or reads another)."""
    lists = [v for v in document.values() if isinstance(v, list) and v and all(isinstance(e, dict) for e in v[:4])]
    if len(lists) != 1:
        return None
    by_split: dict[str, list[str]] = {}
    for entry in lists[0]:
        if not isinstance(entry, dict):
            return None
        name = next((_name(entry[f]) for f in _ENTRY_NAME_FIELDS if f in entry), None)
        split = next((entry[f] for f in _ENTRY_SPLIT_FIELDS if f in entry), None)
        split = _ENTRY_SPLIT_SPELLINGS.get(split.strip().lower(), split.strip()) if isinstance(split, str) else None
        if name is None or not split or not split_word(split):
            return None
        by_split.setdefault(split, []).append(name)
    # (a file of one entry a caption, TextCaps': an image named by several entries is one name of its split)
    return {split: list(dict.fromkeys(names)) for split, names in by_split.items()}


# An entry's captions: Karpathy's `sentences` of `raw` texts (a list of strings read alike).
_CAPTION_FIELDS = ("sentences", "captions")
# An entry's one caption, where a file gives one entry per caption and repeats the image (TextCaps'
# `caption_str`, its `reference_strs` being the image's whole list, repeated in every entry).
_ONE_CAPTION_FIELDS = ("caption_str", "caption", "sentence")
# Captions of one image kept: Karpathy's files give five; a list past this is no image's captions.
MAX_CAPTIONS = 100


def entry_captions(document: object) -> dict[str, tuple[int, str, str]]:
    r"""{file name: (its first entry's place from 1, its captions joined with a line break, why they
    cannot be read or "")} of a split file of entries (see `split_names`) whose entries hold captions;
    {} where none does. An entry's captions that are no list of texts, or more than MAX_CAPTIONS, are
    its error (its image is rejected with it; the others are read).

    >>> entry_captions({"images": [{"filename": "a.jpg", "split": "train", "sentences": [{"raw": "A dog."}, {"raw": "Fur. "}]}]})
    {'a.jpg': (1, 'A dog.\nFur.', '')}
    >>> entry_captions({"images": [{"filename": "a.jpg", "split": "train", "sentences": "A dog."}]})["a.jpg"][2]
    'its captions are no list of at most 100 texts'
    >>> entry_captions({"train": ["a.jpg"]})
    {}

    A file of one entry per caption (TextCaps' `data`: `image_name`, `set_name`, `caption_str`) gives
    each image the captions of all its entries, in file order; a list given by two entries of one image
    is its error (which is its own is no guess):

    >>> entry_captions({"data": [{"image_name": "a", "set_name": "train", "caption_str": "A sign."},
    ...                          {"image_name": "b", "set_name": "train", "caption_str": "A cup."},
    ...                          {"image_name": "a", "set_name": "train", "caption_str": "Red. "}]})
    {'a': (1, 'A sign.\nRed.', ''), 'b': (2, 'A cup.', '')}
    """
    if not isinstance(document, dict) or _entry_splits(document) is None:
        return {}
    entries = next(v for v in document.values() if isinstance(v, list) and v and all(isinstance(e, dict) for e in v[:4]))
    places: dict[str, int] = {}
    texts: dict[str, list[str]] = {}
    errors: dict[str, str] = {}
    for number, entry in enumerate(entries, start=1):
        name = next((_name(entry[f]) for f in _ENTRY_NAME_FIELDS if f in entry), None)
        given = next((entry[f] for f in _CAPTION_FIELDS if f in entry), None)
        one = next((entry[f] for f in _ONE_CAPTION_FIELDS if f in entry), None) if given is None else None
        if (given is None and one is None) or name is None:
            continue
        error, found = _entry_texts(given, one)
        if given is not None and name in places:
            error = error or "two entries give it a list of captions"
        places.setdefault(name, number)
        texts.setdefault(name, []).extend(found)
        if error:
            errors.setdefault(name, error)
        elif len(texts[name]) > MAX_CAPTIONS:
            errors.setdefault(name, f"its entries give more than {MAX_CAPTIONS} captions")
    return {name: (place, "" if name in errors else "\n".join(texts[name]), errors.get(name, "")) for name, place in places.items()}


def _entry_texts(given: object, one: object) -> tuple[str, list[str]]:
    """(why an entry's captions cannot be read or "", its captions stripped, blank ones left out): a
    list `given` (Karpathy's `sentences`) or one text `one` (TextCaps' `caption_str`)."""
    if given is None:
        if not isinstance(one, str):
            return "a caption of it is no text", []
        return "", [one.strip()] if one.strip() else []
    if not isinstance(given, list) or len(given) > MAX_CAPTIONS:
        return f"its captions are no list of at most {MAX_CAPTIONS} texts", []
    texts = [s.get("raw") if isinstance(s, dict) else s for s in given]
    if not all(isinstance(t, str) for t in texts):
        return "a caption of it is no text", []
    return "", [t.strip() for t in texts if t.strip()]


def strip_annotation_suffix(name: str) -> str:
    """`name` without an annotation file's extension (`img-1.xml` -> `img-1`): such a name keys the
    image of its stem (the rule keys files without their extension)."""
    return _ANNOTATION_SUFFIX.sub("", name)


def read_bytes(fileobj: BinaryIO) -> bytes:
    """`fileobj`'s bytes, at most MAX_SPLIT_JSON_BYTES (InvalidInputError: more)."""
    data = fileobj.read(MAX_SPLIT_JSON_BYTES + 1)
    if len(data) > MAX_SPLIT_JSON_BYTES:
        raise InvalidInputError(f"larger than {MAX_SPLIT_JSON_BYTES >> 20} MiB: not a split file")
    return data


def table_of(data: bytes, path: str) -> tuple[list[str], list[list[str]]] | None:
    """(header, rows) of a CSV or TSV table's text, or None where it is not UTF-8 text of rows."""
    try:
        text = data.decode("utf-8-sig")
        delimiter = "\t" if path.lower().endswith(".tsv") else ","
        rows = [[c.strip() for c in row] for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    except (UnicodeDecodeError, csv.Error):
        return None
    rows = [r for r in rows if any(r)]
    return (rows[0], rows[1:]) if rows else None


def split_column(header: list[str]) -> int | None:
    """The index of the header's split column, or None.

    >>> split_column(["filename", "Split"]), split_column(["image", "fold"]), split_column(["image", "label"])
    (1, 1, None)
    """
    found = [i for i, cell in enumerate(header) if cell.strip().lower().replace(" ", "_") in SPLIT_COLUMNS]
    return found[0] if len(found) == 1 else None


def names_by_split(rows: list[list[str]], column: int, split: int) -> dict[str, list[str]]:
    """{split value: the names of `column`} of the rows holding both cells."""
    found: dict[str, list[str]] = {}
    for row in rows:
        if len(row) > max(column, split) and row[column] and row[split]:
            found.setdefault(row[split], []).append(row[column])
    return found


def flag_columns(variable: str, header: list[str]) -> list[int]:
    """The columns a split column `variable` names: the one column so named, else its parts joined by
    `+`, each a column (Bee vs Wasp's `is_validation+is_final_validation`, two 0/1 flags read together,
    a row's code their cells joined alike: `0+1`); [] where a part names none.

    >>> flag_columns("set", ["id", "set"]), flag_columns("a+b", ["id", "b", "a"]), flag_columns("a+c", ["a", "b"])
    ([1], [2, 1], [])
    """
    if variable in header:
        return [header.index(variable)]
    parts = variable.split("+")
    return [header.index(p) for p in parts] if len(parts) > 1 and all(p in header for p in parts) else []


def split_rows(fileobj: BinaryIO, found: Evidence) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per name of the split file `found` (SPLIT_CODES of a `.json` file, or of a
    table whose split column `found.variable` names), its split the plan's for the file's spelling
    (`found.codes`); a JSON file's names under a key `codes` leaves out are not read (a layout file may
    leave a split out so), a table's row of a split value `codes` does not hold is that row's error.

    Raises:
      InvalidInputError: the file is no longer of a split file's shape.
    """
    codes = dict(found.codes)
    cut = (lambda n: n) if found.key.extension else strip_annotation_suffix
    if found.variable:
        table = table_of(read_bytes(fileobj), found.path)
        header, rows = table if table is not None else ([], [])
        columns = flag_columns(found.variable, header)
        if table is None or not columns:
            raise InvalidInputError(f"no table with a column {found.variable!r}")
        for number, row in enumerate(rows, start=2):
            if len(row) <= max(*columns, found.column) or not row[found.column]:
                yield tables.RowError(number, f"no name in column {found.column + 1}, or no {found.variable}")
                continue
            code = "+".join(row[c] for c in columns)
            if code not in codes:
                yield tables.RowError(number, f"{found.variable} {code[:40]!r} is none of {', '.join(codes)}")
            else:
                yield EvidenceRow(number, cut(row[found.column]), codes[code])
        return
    data = read_bytes(fileobj)
    document = parse_yaml(data) if found.path.lower().endswith((".yaml", ".yml")) else parse_json(data)
    names = split_names(document)
    if names is None:
        raise InvalidInputError("no longer a split file's shape ({split: [names]} or {name: split})")
    captions = entry_captions(document)  # (Karpathy's entries: each image's sentences travel with its split)
    number = 0
    for key, values in names.items():
        split_name = codes.get(key)
        for name in values:
            number += 1
            if split_name:
                place, caption, error = captions.get(name, (number, "", ""))  # (an entry's row: its place in the file)
                if error:
                    yield tables.RowError(place, f"{name[:80]!r}: {error}")
                else:
                    yield EvidenceRow(place, cut(name), split_name, caption=caption)
