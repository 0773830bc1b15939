"""Recognising what one of a dataset's files says, from its name and first lines (or, for a
MATLAB file, its variables): a split list, split codes, an attribute matrix, label lines.

The kinds and how each is joined with the inputs (`Evidence`, `KeyRule`) are evidence.py's; this
module only decides which kind a file is. Nothing here reads a file: detection
(beam_jobs/discover/describe.py) hands in the lines it read.
"""

from __future__ import annotations

import csv
import posixpath
import re
from collections.abc import Mapping, Sequence

from shardify.plan import split_cells
from shardify.plan.evidence import (
    ATTRIBUTES, LABEL_LINES, MAT_LABELS, MAT_SPLITS, NUMBERED, SPLIT_CODES, SPLIT_LIST, Evidence, KeyRule,
    key_rule,
)
from shardify.plan.evidence import example_file
from shardify.plan.evidence import INPUT_SUFFIX as _INPUT_SUFFIX
from shardify.plan.evidence import LIST_WORDS as _LIST_WORDS
from shardify.plan.evidence import row_fields as _fields
from shardify.plan.evidence import name_words as _words
from shardify.plan.abbreviated_splits import abbreviated_list_split
from shardify.plan.structure import split_word

__all__ = ["recognise", "mat_evidence", "CELEBA_CODES", "TRAIN_TEST_CODES"]

# Split codes as the datasets that use them define them; names as TensorFlow Datasets gives them.
CELEBA_CODES = (("0", "train"), ("1", "validation"), ("2", "test"))
TRAIN_TEST_CODES = (("1", "train"), ("0", "test"))
# A caption's or a pair's id: `<image>.jpg#2` (Flickr8k's captions and ratings name them so).
_NUMBERED_ID = re.compile(r".+#\d+")
# A header cell as a split list's or label lines' CSV writes it: letters, underscores and spaces.
_HEADER_CELL = re.compile(r"[A-Za-z_ ]+")
_COLUMN_NAME = re.compile(r"[A-Za-z][\w .()/-]*")  # any column's name (`Sci-Fi`, `N/A`), as keyed_tables reads them


def _split_list_name(stem: str) -> tuple[str, int] | None:
    """(split, fold number) a list's name gives (`train`, `test1` -> ('test', 1), `TrainImages`),
    or None for other names (`aeroplane_train`: a class's list). `train_val` is one split,
    trainval (NIH ChestX-ray14's `train_val_list.txt`), as VOC's `trainval.txt` is.

    >>> _split_list_name("train_val_list"), _split_list_name("test_list"), _split_list_name("aeroplane_train")
    (('trainval', 0), ('test', 0), None)
    """
    words = _words(stem)
    for i in range(len(words) - 1):
        if words[i] == "train" and words[i + 1] in ("val", "valid", "validation"):
            words[i : i + 2] = ["trainval"]
            break
    splits = [w for w in words if split_word(w)]
    if len(splits) != 1 or any(w not in _LIST_WORDS and not split_word(w) for w in words):
        return None
    fold = re.search(r"(\d+)$", stem)
    return split_word(splits[0]), int(fold.group(1)) if fold else 0


def _abbreviated(stem: str, ext: str, siblings: Mapping[str, Sequence[str]]) -> tuple[str, int] | None:
    """(split, 0) for a list named by an abbreviated split word alone beside a list of its folder and
    extension named by a whole one (`abbreviated_splits.abbreviated_list_split`: Vireo Food-172's TR.txt and
    TE.txt beside VAL.txt); else None."""
    stems = [posixpath.splitext(posixpath.basename(p))[0] for p in siblings if posixpath.splitext(p)[1] == ext]
    split = abbreviated_list_split(stem, stems)
    return (split, 0) if split else None


def recognise(
    path: str,
    lines: Sequence[str],
    *,
    id_files: Mapping[str, Sequence[str]] = {},
) -> Evidence | None:
    """What a text file of the source says, from its name and first lines, or None.

    Args:
      path: the file, relative to SRC.
      lines: its first lines (a few dozen are enough).
      id_files: other files of the source that map ids to paths (`1 001.Black_footed_Albatross/x.jpg`:
        CUB's images.txt), with their first lines, for split codes keyed by ids.
    """
    name = posixpath.basename(path)
    stem, ext = posixpath.splitext(name)
    ext = ext.lower()
    if example_file(path):
        return None
    rows = [_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not rows:
        return None
    if ext == ".json":
        return None  # COCO files are recognised by their content, in detection
    if ext == ".jsonl":
        ext = ".csv"  # `lines` are its CSV view (`converters/json_line_cells`), the first object's keys the header
    if ext not in (".txt", ".csv", ".lst", ""):
        return None
    keys = [row[0] for row in rows]
    attributes = _attributes(rows)
    if attributes:
        return Evidence(path, ATTRIBUTES, key_rule([row[0] for row in rows[2:]]), note=attributes)
    codes = _codes(stem, rows)
    if codes is not None:
        mapping, id_file = codes
        if id_file is None and all(re.fullmatch(r"\d+", key) for key in keys):
            id_file = next((p for p, head in id_files.items() if _maps_ids_to_paths(head, _NUMBER)), None)
            if id_file is None:
                return None
        elif id_file is None and all(_ID.fullmatch(key) and not _INPUT_SUFFIX.search(key) for key in keys):
            # ids that are not numbers (NABirds' UUIDs): through the id file that lists the first of them
            id_file = next((p for p, head in id_files.items() if _maps_ids_to_paths(head, _ID) and keys[0] in _ids_of(head)), None)
        note = f"{path}: split codes " + ", ".join(f"{code} {split}" for code, split in mapping)
        rule = key_rule([_id_path(id_files, id_file)] if id_file else keys)
        return Evidence(path, SPLIT_CODES, rule, codes=mapping, ids=id_file or "", note=note + (f" (ids through {id_file})" if id_file else ""))
    found = _split_list_name(stem) or _abbreviated(stem, ext, id_files)
    named = _header_row(ext, rows)  # `Id,Genre,...` over `tt0086425,...`: the names of columns, no row
    listed = keys[1:] if named else keys
    if found and all(not re.fullmatch(r"-?\d+", key) or len(key) > 3 for key in listed):
        split, fold = found
        fold_note = f", fold {fold}" if fold else ""
        if not named and _numbered_paths(rows):  # Caffe's image lists, RVL-CDIP's labels/<split>.txt
            return Evidence(path, SPLIT_LIST, key_rule(listed), split=split, label_column=1, label_numbers=True,
                            note=f"{path}: split list of {split}{fold_note}, a class number after each file")
        column = _path_column(lines) if named else 0
        if column:
            listed = [row[column] for row in csv.reader(lines[1:]) if len(row) > column]
            fold_note += f", its column {next(csv.reader(lines[:1]))[column]!r} naming the files"
        return Evidence(path, SPLIT_LIST, key_rule(listed), split=split, header=named, column=column,
                        note=f"{path}: split list of {split}{fold_note}")
    header = bool(rows) and ext == ".csv" and all(re.fullmatch(r"[A-Za-z_ ]+", field) for field in rows[0])
    data = rows[1:] if header else rows
    if data and _label_lines(data, ids_allowed=header):
        if header:  # (`image,label,partition` of 0/1/2: the codes' meaning asked, never one split, review28)
            split_cells.check_coded_split_column(path, rows[0], data, 0, 1)
        return Evidence(
            path, LABEL_LINES, key_rule([row[0] for row in data]), note=f"{path}: a label for each file it names (the word after its name)"
        )
    return None

def _path_column(lines: Sequence[str]) -> int:
    """The column of a headed CSV split list whose cells are all files' names (`img/01379.png`)
    where its first column's are numbers (Hateful Memes' `id,img,text`, ids written without the
    names' leading zeros: 1379 for 01379.png): the column that names the files; else 0.

    >>> _path_column(["id,img,text", "1379,img/01379.png,a b", "1393,img/01393.png,c"]), _path_column(["id,img", "a,b.png"])
    (1, 0)
    """
    try:
        rows = [[cell.strip() for cell in row] for row in csv.reader([line for line in lines if line.strip()])][1:]
    except csv.Error:
        return 0
    if not rows or not all(row and row[0].isdigit() for row in rows):
        return 0
    width = min(len(row) for row in rows)
    return next((c for c in range(1, width) if all(_INPUT_SUFFIX.search(row[c]) for row in rows)), 0)


def _header_row(ext: str, rows: Sequence[Sequence[str]]) -> bool:
    """A CSV's first row is a header: its cells names (`Id`, `image_id`, `Sci-Fi`), the first of
    letters alone, where most rows below start with a key that is not (`tt0086425`, `a.jpg`): a
    list of names alone has no header to tell. In a list of files of any extension, a first line of
    a word alone over lines that all name files (`path` over `Acadian_Flycatcher/x.jpg`) is one too.

    >>> _header_row(".txt", [["path"], ["A/a.jpg"], ["B/b.jpg"]]), _header_row(".txt", [["cat"], ["dog"], ["B/b.jpg"]])
    (True, False)
    """
    if ext != ".csv" and len(rows) >= 3 and all(len(row) == 1 for row in rows):
        # a list of files under a one-word header (Birdsnap's test_images.txt: `path`, then paths)
        return bool(_HEADER_CELL.fullmatch(rows[0][0])) and all(_INPUT_SUFFIX.search(row[0]) for row in rows[1:])
    if ext != ".csv" or len(rows) < 2 or not _HEADER_CELL.fullmatch(rows[0][0]):
        return False
    return all(_COLUMN_NAME.fullmatch(field) for field in rows[0]) and sum(
        not _HEADER_CELL.fullmatch(row[0]) for row in rows[1:]
    ) * 2 > len(rows) - 1


def _attributes(rows: Sequence[Sequence[str]]) -> str:
    """A note when the rows are an attribute matrix (a count, names, then ±1 rows), else ""."""
    if len(rows) < 3 or len(rows[0]) != 1 or not rows[0][0].isdigit():
        return ""
    names = rows[1]
    if len(names) < 2 or not all(re.fullmatch(r"\w*[A-Za-z]\w*", n) for n in names):
        return ""
    values = [row[1:] for row in rows[2:]]
    if not all(len(v) == len(names) and set(v) <= {"1", "-1", "0"} for v in values):
        return ""
    return f"an attribute matrix of {len(names)} attributes ({', '.join(names[:3])}...): the attributes set to 1 are a record's labels"

def _codes(stem: str, rows: Sequence[Sequence[str]]) -> tuple[tuple[tuple[str, str], ...], str | None] | None:
    """(code meanings, None) when the rows are `key code` with split codes this file's name
    explains, else None."""
    if not all(len(row) == 2 for row in rows):
        return None
    codes = {row[1] for row in rows}
    words = set(_words(stem))
    if codes <= {"0", "1", "2"} and words & {"partition", "eval"}:
        return CELEBA_CODES, None
    if codes <= {"0", "1"} and {"train", "test"} <= words:
        return TRAIN_TEST_CODES, None
    return None

# An id naming no file: a number, or a token such as a UUID (`0000139e-21dc-4d0c-...`).
_ID, _NUMBER = re.compile(r"[\w-]+"), re.compile(r"\d+")


def _maps_ids_to_paths(lines: Sequence[str], ids: re.Pattern) -> bool:
    """`id path` lines whose paths are input files (CUB's images.txt, not its classes.txt)."""
    rows = [_fields(line) for line in lines if line.strip()]
    return bool(rows) and all(len(row) == 2 and ids.fullmatch(row[0]) and _INPUT_SUFFIX.search(row[1]) for row in rows)


def _ids_of(lines: Sequence[str]) -> set[str]:
    return {_fields(line)[0] for line in lines if line.strip()}

def _id_path(id_files: Mapping[str, Sequence[str]], id_file: str) -> str:
    first = next((line for line in id_files[id_file] if line.strip()), "")
    return _fields(first)[1] if len(_fields(first)) == 2 else ""

# A class number in an image list: a whole number of at most this many digits (never an id or a size in bytes).
_MAX_CLASS_DIGITS = 5
# At most one row in this many of a `<file> <class number>` list may hold another value (its reject).
_MOST_OTHER_VALUES = 8


def _numbered_paths(rows: Sequence[Sequence[str]]) -> bool:
    """`<file> <class number>` lines, two fields each, the first an input's file name: the image
    lists Caffe's `convert_imageset` reads and datasets ship in its shape (RVL-CDIP's
    `labels/train.txt`: `imagesq/q/o/c/qoc54c00/0000008341.tif 11`). Read as a bare split list,
    every record lost its class with exit 0.

    >>> _numbered_paths([["n01440764/n01440764_10026.JPEG", "0"], ["a/b.jpg", "12"]]), _numbered_paths([["Abyssinian_100", "1"]])
    (True, False)
    >>> seven = [[f"{k}.jpg", str(k % 3)] for k in range(7)]
    >>> _numbered_paths(seven + [["7.jpg", "-3"]]), _numbered_paths([["a.jpg", "-3"], ["b.jpg", "1"]])
    (True, False)
    """
    if not rows or not all(len(row) == 2 and _INPUT_SUFFIX.search(row[0]) for row in rows):
        return False
    numbers = sum(row[1].isascii() and row[1].isdigit() and len(row[1]) <= _MAX_CLASS_DIGITS for row in rows)
    # A row or so of another value (`-3`, `2.5`, a damaged line) is its image's reject when the list is
    # read (`label_numbers`), never a reason to read the list as a bare split list: every record lost
    # its class with exit 0.
    return numbers > 0 and (len(rows) - numbers) * _MOST_OTHER_VALUES <= len(rows)


def _label_lines(rows: Sequence[Sequence[str]], *, ids_allowed: bool) -> bool:
    """`name label [numbers...]` lines: a file name (or, in a table with a header, an id holding
    digits: `ILSVRC2012_val_00008726`), then a word that is not a number."""
    return all(
        len(row) >= 2
        and (_INPUT_SUFFIX.search(row[0]) or (ids_allowed and re.search(r"\d", row[0])))
        and not re.fullmatch(r"-?[\d.]+", row[1])
        and not _not_a_label(row[1])
        and _no_other_words(row)
        for row in rows
    )


def _no_other_words(row: Sequence[str]) -> bool:
    """After the label, only numbers (Tiny ImageNet's box: `name n01443537 0 10 62 63`) or the
    label again (Kaggle ImageNet's `n01751748 0 1 2 3 n01751748 ...`, a box each): the label is
    one word. Other words there (Planet's `train_0,haze primary`: tags) mean several labels a
    row, or a label with spaces, which reading one word would cut silently.

    >>> _no_other_words(["a.jpg", "n014", "0", "10"]), _no_other_words(["train_0", "haze", "primary"])
    (True, False)
    """
    return all(field == row[1] or re.fullmatch(r"-?[\d.]+(e-?\d+)?", field) for field in row[2:])

def _not_a_label(value: str) -> bool:
    """A second field that names a thing rather than a class: an input's file name, or an id with
    a `#n` suffix (Flickr8k's ExpertAnnotations.txt: `<image>.jpg  <image>.jpg#2  1 2 1`, a
    rating of an image against a caption, not a label).

    >>> _not_a_label("1000268201_693b08cb0e.jpg#2"), _not_a_label("2008_000008.jpg"), _not_a_label("n03444034")
    (True, True, False)
    """
    return bool(_NUMBERED_ID.fullmatch(value) or _INPUT_SUFFIX.search(value))

# Arrays of image numbers per split in a .mat file (Flowers-102's setid.mat), by the start of
# their names.
_MAT_SPLIT_PREFIXES = (("trn", "train"), ("train", "train"), ("val", "validation"), ("tst", "test"), ("test", "test"))

def mat_evidence(path: str, variables: Mapping[str, tuple[str, tuple[int, ...]]]) -> Evidence | None:
    """What a .mat file says, from its variables' names, kinds and shapes ({name: (kind, shape)},
    kind "numbers" or "strings"), or None.

    >>> mat_evidence("setid.mat", {"trnid": ("numbers", (1, 10)), "valid": ("numbers", (1, 10)), "tstid": ("numbers", (1, 20))}).codes
    (('trnid', 'train'), ('tstid', 'test'), ('valid', 'validation'))
    """
    name = posixpath.splitext(posixpath.basename(path))[0]
    numbers = {var for var, (kind, shape) in variables.items() if kind == "numbers" and 1 in shape}
    codes = []
    for var in sorted(numbers):
        split = next((s for prefix, s in _MAT_SPLIT_PREFIXES if var.lower().startswith(prefix)), None)
        if split:
            codes.append((var, split))
    if len(codes) >= 2 and len({s for _, s in codes}) == len(codes):
        note = f"{path}: image numbers per split: " + ", ".join(f"{var} {split}" for var, split in codes)
        return Evidence(path, MAT_SPLITS, NUMBERED, codes=tuple(codes), note=note)
    found = _split_list_name(name)
    strings = sorted(var for var, (kind, _) in variables.items() if kind == "strings")
    # Stanford Dogs' `train_list.mat` keeps its paths in `file_list`; HKU-IS's `trainImgSet.mat` in its one
    # variable, named as the file (`trainImgSet`, a char matrix of names).
    variable = "file_list" if "file_list" in strings else strings[0] if len(strings) == 1 and strings[0] == name else ""
    if found and variable:
        split, _ = found
        rule = KeyRule(2, True) if variable == "file_list" else KeyRule(1, True)  # (`<breed>/<name>.jpg`; names)
        return Evidence(
            path, SPLIT_LIST, rule, split=split, variable=variable, note=f"{path}: split list of {split} (its {variable})"
        )
    if "labels" in numbers and not found:
        return Evidence(path, MAT_LABELS, NUMBERED, variable="labels", note=f"{path}: the n-th image's label (its labels array)")
    return None
