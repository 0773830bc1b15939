"""Annotation files nothing read, beside inputs labelled by a guess.

Where detection labels the inputs by their folders or their names (or leaves them unlabelled), the
reading is a guess; files beside them that describe the same inputs, which no reader took, show it
could be wrong, whatever the dataset. Found on datasets nobody had shown us, each written with
exit 0 and every label wrong: a YAML list of boxes per split naming each image by path (recording
folders became the classes), per-image VOC XMLs in a folder named otherwise than detection knows
(the boxes dropped), JSON lines naming a folder of pictures (the pictures became the records), a
table of species naming every photograph (written unlabelled), `id;label` tables naming every
numbered clip folder (the clip ids became the classes), a table of findings naming images in
numbered part folders (the parts became the classes).

The signs, each a plain function of a file's first lines (no I/O; `beam_jobs/discover/
unread_annotation_checks.py` reads them and stops):

  names the inputs   the file names files shaped like the inputs (`24610.png`, `crazing_1.jpg`,
                     `media/6083.jpg`) and holds something of its own about them: any structured
                     file (YAML, JSON, XML) does; a table does where a cell beside the name holds
                     words or a row of numbers, and none restates the input's folder (Kaggle's
                     `sports.csv`, `filepaths,labels` restating the class folders, is no sign);
  names the folders  table rows whose first cell is a class folder's name and whose other cells
                     hold words: the folders are ids (Jester's `34870;Swiping Left`) where the words
                     repeat over folders or the folders are shared out over several files (split
                     lists); a one-to-one map in one file names the classes (ImageNet's
                     `LOC_synset_mapping.txt`: `n01440764 tench, Tinca tinca`), no sign.

What counts as a name, a location column and an annotation-like file is data (`EXTENSIONS`,
`LOCATION_WORDS`, `NAME_SEPARATORS`).
"""

from __future__ import annotations

import csv
import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shardify.inputs.whole_numbers import is_decimal
from shardify.plan import box_keys, unread_table_signs
from shardify.plan.evidence import XML_OBJECTS, Evidence
from shardify.plan.folder_names import split_word

__all__ = ["EXTENSIONS", "LOCATION_WORDS", "Found", "names_inputs", "per_input", "names_folders", "folder_ids",
           "boxes_over_names"]

# Files that may annotate the inputs, by extension (`.mat` is binary: its first lines say nothing).
EXTENSIONS = frozenset({"yaml", "yml", "json", "jsonl", "ndjson", "xml", "csv", "tsv", "txt"})
# Tables among them: rows of cells; the rest are structured text whose keys are no content.
TABLE_EXTENSIONS = frozenset({"csv", "tsv", "txt"})
# Header words of a column that says where a file lies, not what it shows (PadChest's `ImageDir`,
# the part folder): such a column restating a numbered folder restates no label.
LOCATION_WORDS = frozenset({"dir", "directory", "folder", "subfolder", "path", "filepath", "part", "zip", "archive",
                            "file", "filename", "url", "location"})
# Characters around a name in a structured file or a row.
NAME_SEPARATORS = r"\s\"'<>,;|\[\]{}()="
# Cells that flag or count rather than describe (fast.ai's `is_valid`).
_FLAGS = frozenset({"true", "false", "yes", "no", "y", "n", "none", "nan", "null", ""})
# The longest name looked for (a path below SRC).
_NAME_CHARS = 512
# At least this many names of inputs in a file's first lines (one name could be a chance).
MIN_NAMES = 2
# A row of at least this many numbers beside a name: boxes or points.
_ROW_NUMBERS = 4
_LETTERS = re.compile(r"[A-Za-z]")


@dataclass(frozen=True)
class Found:
    """A file that shows the guess could be wrong: which, the sign, and an example of what it names."""

    path: str
    sign: str
    example: str
    count: int = 1
    column: str = ""  # the table's column that shows it (a finer column, a column of boxes), where one does


def _shape(name: str) -> str:
    """A file name with its digits folded and its case dropped (`crazing_12.JPG` -> `crazing_#.jpg`)."""
    return re.sub(r"\d+", "#", name.lower())


def _words(text: str) -> list[str]:
    """Lower-case words of a text, `_`, `-` and spaces alike (`Acer campestre` ~ `acer_campestre`)."""
    return [w for w in re.split(r"[^a-z0-9]+", text.lower()) if w]


def _restates(rest: str, label: str) -> bool:
    """`rest` holds `label` as whole words in a row (`air hockey` in `1,air hockey,train`)."""
    want, have = _words(label), _words(rest)
    return bool(want) and any(have[i:i + len(want)] == want for i in range(len(have) - len(want) + 1))


def _delimiter(lines: Sequence[str]) -> str | None:
    """The delimiter of a table's first lines (tab, comma, semicolon, bar), or None for spaces."""
    head = "\n".join(lines[:5])
    counts = {d: head.count(d) for d in ("\t", ",", ";", "|")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else None


def _rows(lines: Sequence[str], whole: re.Pattern | None = None) -> list[list[str]]:
    """A table's rows of cells; a line of spaces alone that is one name (`whole`) is one cell
    (TU-Berlin's `filelist.txt`: `alarm clock/3.png`)."""
    delimiter = _delimiter(lines)
    body = [line for line in lines if line.strip()]
    if delimiter is None:
        return [[line.strip()] if whole is not None and whole.fullmatch(line.strip()) else line.split() for line in body]
    try:
        return [[c.strip() for c in row] for row in csv.reader(body, delimiter=delimiter)]
    except csv.Error:
        return [line.split(delimiter) for line in body]


def _location_columns(header: Sequence[str]) -> set[int]:
    """Columns whose header names where a file lies (`ImageDir`, `folder`): camel case split."""
    found = set()
    for i, cell in enumerate(header):
        words = _words(re.sub(r"([a-z])([A-Z])", r"\1 \2", cell))
        if words and any(w in LOCATION_WORDS for w in words):
            found.add(i)
    return found


# Folder names that say what a folder holds, not a class (Webis Clickbait's `media/`).
HOLDER_WORDS = frozenset({"media", "image", "images", "img", "imgs", "photos", "pictures", "pics", "frames", "data", "files",
                          "raw", "all", "samples", "jpg", "jpeg", "png"})


def _class_named(label: str) -> bool:
    """A folder named as a class is (`Acadian_Flycatcher`, `air hockey`): mostly letters, not a
    holder's or a split's name. A file naming each input under such a folder was written from the
    class tree (Birdsnap's `images.txt`, species by number): it agrees with the folders. Recording
    folders (`2015-10-05-10-52-01_bag`, LISA's `aiua120214-0`), numbered parts and `media/` are no
    class names, and a file naming inputs below them still shows the guess.

    >>> [_class_named(n) for n in ("Acadian_Flycatcher", "aiua120214-0", "2015-10-05-10-52-01_bag", "media", "0")]
    [True, False, False, False, False]
    """
    letters = sum(c.isalpha() for c in label)
    digits = sum(c.isdigit() for c in label)
    return letters > 2 * digits and label.lower() not in HOLDER_WORDS and not split_word(label)


def _own(cells: Sequence[str]) -> bool:
    """Cells beside a name say something of their own: a word not a flag or split, or a row of numbers."""
    words = [c for c in cells if _LETTERS.search(c) and c.strip().lower() not in _FLAGS and not split_word(c.strip())]
    return bool(words) or sum(is_decimal(c.strip()) for c in cells) >= _ROW_NUMBERS


def names_inputs(path: str, lines: Sequence[str], inputs: Sequence[str], label_of: Callable[[str], str | None],
                 least: int = MIN_NAMES) -> Found | None:
    """The sign "names the inputs" in file `path`'s first `lines`, or None.

    Args:
      path: the file, relative to SRC (its extension says whether it is a table).
      lines: its first lines.
      inputs: the sampled inputs the plan labels by a guess.
      label_of: the plan's label of an input (None: unlabelled).
      least: the names it must hold (1 for a file per input: see `per_input`).

    >>> label = lambda p: p.split("/")[-2]
    >>> bag = "2015-10-05-10-52-01_bag"
    >>> lines = ["- boxes: []", f"  path: ./rgb/train/{bag}/24610.png", f"  path: ./rgb/train/{bag}/24626.png"]
    >>> names_inputs("train.yaml", lines, [f"rgb/train/{bag}/24642.png"], label).example
    './rgb/train/2015-10-05-10-52-01_bag/24610.png'
    >>> names_inputs("sports.csv", ["class id,filepaths,labels,data set", "0,train/air hockey/1.jpg,air hockey,train",
    ...              "0,train/air hockey/2.jpg,air hockey,train"], ["train/air hockey/9.jpg"], label) is None
    True
    """
    extensions = {posixpath.splitext(p)[1].lower() for p in inputs} - {""}
    if not extensions:
        return None
    shapes = {_shape(posixpath.basename(p)) for p in inputs}
    by_name = {posixpath.basename(p).lower(): p for p in inputs}
    # names of bounded length: a long run without separators (base64 in a JSON string) stays linear
    ends = "|".join(re.escape(e) for e in sorted(extensions))
    seps = NAME_SEPARATORS
    token = re.compile(rf"(?<![^{seps}])[^{seps}]{{1,{_NAME_CHARS}}}(?:{ends})(?=$|[{seps}])", re.IGNORECASE)
    whole_cell = re.compile(rf"[^\"<>|\t]{{1,{_NAME_CHARS}}}(?:{ends})", re.IGNORECASE)
    table = posixpath.splitext(path)[1].lower().lstrip(".") in TABLE_EXTENSIONS
    rows = _rows(lines, whole_cell) if table else [[line] for line in lines]
    header = rows[0] if table and rows and not any(token.search(c) for c in rows[0]) else []
    dropped = _location_columns(header)
    folder_labels = {label_of(p) for p in inputs} - {None}
    named, known, restated, own = [], 0, 0, False
    tabled: list[tuple[str, int, Sequence[str]]] = []  # (folder label, naming column, cells) of the rows naming an input
    # a structured file's names are weighed against the whole of it, their own text taken out (Stanford 40's
    # XML names `applauding_001.jpg` on one line and its `<action>applauding</action>` on another)
    whole = "" if table else token.sub(" ", " ".join(lines))
    for row in rows[1 if header else 0:]:
        row_known = row_restated = False  # a row agrees where any of its names does (Birdsnap's url, then its path)
        for i, cell in enumerate(row):
            # a table's cell that is a path is one name, spaces and all (`train/air hockey/1.jpg`)
            names = [cell.strip()] if table and whole_cell.fullmatch(cell.strip()) else [m.group(0) for m in token.finditer(cell)]
            for name in names:
                base = posixpath.basename(name.replace("\\", "/")).lower()
                if _shape(base) not in shapes:
                    continue
                named.append(name)
                stem = posixpath.splitext(base)[0]  # an id column restating the file's stem says nothing of its own
                rest = [c for j, c in enumerate(row) if j != i and j not in dropped and not token.search(c)
                        and c.strip().lower() != stem] if table else [whole]
                own = own or not table or _own(rest)
                parts = name.replace("\\", "/").split("/")[:-1]
                label = next((part for part in parts if part in folder_labels), None)
                if label is None and base in by_name:
                    label = label_of(by_name[base])
                if label is not None:
                    if table and not row_known:  # a row once, however many of its cells name the input (Birdsnap's url, path)
                        tabled.append((label, i, row))
                    row_known = True
                    row_restated = row_restated or _restates(" , ".join(rest), label) or (label in parts and _class_named(label))
        known += row_known
        restated += row_restated
    # a column splitting the folders further (Hotel-ID's hotel_id under its chain folders) says the folders may
    # be no label, even where another column restates them (`unread_table_signs.finer_column`)
    finer = unread_table_signs.finer_column(tabled, header, dropped) if header and len(tabled) >= MIN_NAMES else None
    if len(set(named)) < least or not (own or finer):
        return None
    if finer is None and folder_labels and (
            restated * 2 > known if known else any(_restates(" ".join(lines), lab) for lab in folder_labels)):
        if not table and posixpath.splitext(path)[1].lower() == ".json" and box_keys.BOX_KEY_TEXT.search(" ".join(lines)):
            # it restates the folder's class AND holds boxes: read as agreeing, its boxes were dropped with exit 0
            # (ArTaxOr's VoTT `<id>-asset.json`, regions tagged with the order folder's name, blind32)
            return Found(path, "names the inputs, with boxes (their class the folder's) that no reader takes", named[0],
                         len(set(named)))
        return None  # the file restates the guessed labels: it agrees with them
    if finer is not None:
        return Found(path, f"names the inputs, its column {finer!r} splitting their folders further", named[0], len(set(named)),
                     column=finer)
    return Found(path, "names the inputs", named[0], len(set(named)))


def per_input(found: Sequence[Found]) -> list[Found]:
    """Of files each naming at least one input, those naming `MIN_NAMES` or more, and those of a folder
    where `MIN_NAMES` or more files do (NEU-DET's `ANNOTATIONS/crazing_1.xml`, one image each).

    >>> [f.path for f in per_input([Found("a/1.xml", "names the inputs", "1.jpg"), Found("a/2.xml", "names the inputs", "2.jpg"),
    ...                             Found("b/list.json", "names the inputs", "3.jpg")])]
    ['a/1.xml', 'a/2.xml']
    """
    folders: dict[str, int] = {}
    for f in found:
        folders[posixpath.dirname(f.path)] = folders.get(posixpath.dirname(f.path), 0) + 1
    return [f for f in found if f.count >= MIN_NAMES or folders[posixpath.dirname(f.path)] >= MIN_NAMES]


def folder_ids(lines: Sequence[str], folders: set[str]) -> dict[str, str]:
    """Of a table's first `lines`, each class folder a row's first cell names, with the words of
    the rest of its row (`34870;Swiping Left` -> {"34870": "swiping left"}).

    >>> folder_ids(["34870;Swiping Left", "36051;Thumb Up", "99999;Thumb Up"], {"34870", "36051"})
    {'34870': 'swiping left', '36051': 'thumb up'}
    """
    found = {}
    for row in _rows(lines):
        if len(row) >= 2 and row[0].strip() in folders:
            rest = " ".join(c for c in row[1:] if _LETTERS.search(c))
            if rest and _words(rest) != _words(row[0]):
                found[row[0].strip()] = " ".join(_words(rest))
    return found


def names_folders(tables: dict[str, dict[str, str]]) -> list[Found]:
    """The sign "names the folders" over each table's `folder_ids`: the files where folders'
    words repeat over folders, or all where several files share the folders out; [] for a
    one-to-one map of the folders in one file (class names).

    >>> names_folders({"a-train.csv": {"1": "up", "2": "up"}})[0].example
    '1'
    >>> names_folders({"map.txt": {"n01": "tench", "n02": "goldfish"}})
    []
    >>> [f.path for f in names_folders({"train.csv": {"1": "up", "2": "down"}, "validation.csv": {"3": "up", "4": "left"}})]
    ['train.csv', 'validation.csv']
    """
    named = {path: ids for path, ids in tables.items() if len(ids) >= MIN_NAMES}
    if not named:
        return []
    shared_out = len(named) >= 2 and all(
        not set(a) & set(b) for pa, a in named.items() for pb, b in named.items() if pa < pb)
    found = []
    for path, ids in sorted(named.items()):
        if shared_out or len(set(ids.values())) < len(ids):
            found.append(Found(path, "names the folders", next(iter(sorted(ids)))))
    return found


# Per-image XMLs opened to compare their objects' names with the names' labels.
_XMLS_READ = 3
_OBJECT_NAME = re.compile(r"<name>\s*([^<]*?)\s*</name>")


def boxes_over_names(found: Evidence, structure: object, sample: Sequence[str], head: Callable[[str], list[str]]) -> bool:
    """A folder of Pascal VOC XMLs, one per image, beside images whose labels detection read from
    their names alone (no folder), where the objects in the sampled XMLs are named as the names
    say (NEU-DET's `ANNOTATIONS/crazing_1.xml`, objects `crazing`, beside `IMAGES/crazing_1.jpg`,
    the folders' names in capitals): the XMLs hold the objects, which names cannot. Set aside as
    "saying what the names say", every box was lost with exit 0; read, the objects give the labels.
    Objects named otherwise (Oxford-IIIT Pet's `xmls/` of `cat`/`dog` head boxes beside
    `Abyssinian_1.jpg`) are not the names' labels: the XMLs stay aside, and the guard over unread
    annotations stops (`names_inputs`). Class folders keep their reading (Kaggle ImageNet's XMLs per
    class folder say what the folders say).

    Args:
      found: an evidence of detection's; only XML_OBJECTS qualify.
      structure: the folders' reading.
      sample: the sampled paths.
      head: the first lines of a file relative to SRC.
    """
    pattern = getattr(structure, "name_pattern", None)
    if found.kind != XML_OBJECTS or pattern is None or any(level >= 0 for _, level in getattr(structure, "label_levels", ())):
        return False
    xmls = [p for p in sample if p.startswith(found.path + "/") and p.lower().endswith(".xml")][:_XMLS_READ]
    if not xmls:
        return False
    regex = re.compile(pattern.regex)
    for path in xmls:
        match = regex.match(posixpath.splitext(posixpath.basename(path))[0])
        names = {n.lower() for n in _OBJECT_NAME.findall(" ".join(head(path)))}
        if match is None or not names or names != {match.group(1).lower()}:
            return False
    return True
