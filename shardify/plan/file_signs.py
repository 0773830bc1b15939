"""Signs of a wrong guess in a source's files rather than its folders (those are `guards.py`).

  number_rows            `.txt` files sharing the images' stems whose lines are rows of numbers
                         (KITTI's `label_2/000001.txt`: `Tram 0.11 0 1.64 ...`; DOTA's after its
                         `imagesource:`/`gsd:` lines) are annotations, not captions;
  word_vectors           `.txt`/`.vec` files whose lines are a word and its vector (GloVe's
                         `the 0.418 0.24968 ...`, fastText's after its `2000000 300` line), shipped
                         beside Kaggle's text competitions (Quora's `embeddings/`): no texts;
  labels_beside_folders  a table beside class folders that names the inputs and holds labels of
                         its own (MLRSNet's `Labels/<category>.csv` of 0/1 columns): the folders
                         may be how the images were collected, not their labels;
  annotated_points       per-image point files beside the inputs (300-W's `indoor_001.pts`), or
                         split lists whose rows hold numbers beside each path (WFLW's 196
                         landmark coordinates, a box, attributes, then the image): the dataset's
                         annotations are points or boxes, and folders above its images may be
                         groups (settings, events), not classes;
  no_labels_message      a source with no way to label its files is refused naming only the
                         options that can help it.

Plain functions of paths and first lines, no I/O: `beam_jobs/discover/guards.py` reads the lines.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.plan.evidence import example_file
from shardify.plan.guards import LABELS_FILE_HINT
from shardify.plan.layout import LABEL_LIKE_EXTENSIONS
from shardify.plan.line_files import corpus_sides
from shardify.plan.name_signs import names_hint
from shardify.plan.structure import split_word

__all__ = ["number_rows", "number_lines", "word_vectors", "labels_beside_folders", "no_labels_message", "token_tags",
           "POINT_EXTENSIONS", "point_files", "annotation_rows", "annotated_points_message"]

_SHOWN = 3
_LETTERS = re.compile(r"[A-Za-z]")


# A line of annotation numbers: at least this many cells, at least this share of them numbers
# (`Car 0.00 0 -1.56 564.62 ...`, `P0: 7.07e+02 0.0 ...`); a caption has words.
_MIN_ROW_CELLS = 4
_NUMBER_SHARE = 0.75


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


_HEADER_WORD = re.compile(r"[A-Za-z_]\w*:\S*")


def number_rows(lines: Sequence[str]) -> bool:
    """The lines of a text file are rows of numbers (annotations), not a caption.

    >>> number_rows(["Tram 0.11 0 1.64 0.00 153.54 290.09 374.00 3.19"])
    True
    >>> number_rows(["A tram crosses 2 streets in the rain"])
    False

    Header lines of one `key:value` word before the rows (DOTA's `imagesource:GoogleEarth`,
    `gsd:0.146`) are not rows:

    >>> number_rows(["imagesource:GoogleEarth", "gsd:0.146", "2753 2408 2861 2385 2888 2468 2805 2502 plane 0"])
    True

    Comma-separated rows that open with a box's numbers and end in its transcription (ICDAR 2015's
    and SROIE's `x1,y1,x2,y2,x3,y3,x4,y4,TEXT`, ICDAR 2013's `38, 43, 920, 215, "Tiredness"`) are
    annotations too, whatever the text holds:

    >>> number_rows(["72,25,326,25,326,64,72,64,TAN WOON YANN", "50,82,440,82,440,121,50,121,NO.53 55,57 & 59, JALAN SAGU 18,"])
    True
    >>> number_rows(['38, 43, 920, 215, "Tiredness"']), number_rows(["Lots of cats, 3, 4 or 5, on a mat"])
    (True, False)
    """
    rows = [line.split() for line in lines if line.strip()]
    while rows and len(rows[0]) == 1 and _HEADER_WORD.fullmatch(rows[0][0]):
        rows = rows[1:]
    return bool(rows) and all(
        (len(cells) >= _MIN_ROW_CELLS and sum(map(_is_number, cells)) >= _NUMBER_SHARE * len(cells)) or _box_text_row(" ".join(cells))
        for cells in rows
    )


def _box_text_row(line: str) -> bool:
    """A comma-separated row whose first `_MIN_ROW_CELLS` cells are numbers: a box, then its text."""
    cells = line.split(",")
    return len(cells) > _MIN_ROW_CELLS and all(_is_number(cell.strip()) for cell in cells[:_MIN_ROW_CELLS])


def number_lines(lines: Sequence[str]) -> bool:
    """The lines of a text file are one number each, two or more of them: labels or ids of another
    file's lines (Web of Science's `Y.txt` beside `X.txt`), not a text.

    >>> number_lines(["3", "14", "7"]), number_lines(["42"]), number_lines(["3 apples", "7"]), number_lines(["1.5", "-2"])
    (True, False, False, True)
    """
    cells = [line.split() for line in lines if line.strip()]
    return len(cells) >= 2 and all(len(row) == 1 and _is_number(row[0]) for row in cells)


# A word vector: a token, then more than this many numbers (GloVe's smallest has 25; KITTI's
# object lines have 14 after the class, its calibration lines 12, DOTA's 8).
_MIN_VECTOR = 24


def word_vectors(lines: Sequence[str]) -> bool:
    """The lines are a word and its vector each, all of one length, every word a different one (a
    vocabulary; a first `count dims` line aside).

    >>> vector = " ".join(["0.125"] * 25)
    >>> word_vectors(["2000000 25", f"the {vector}", f", {vector}"]), word_vectors([f"Car {vector}", f"Car {vector}"])
    (True, False)
    >>> word_vectors(["Car 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59"] * 2)
    False
    """
    rows = [line.rstrip().split(" ") for line in lines if line.strip()]
    if rows and len(rows[0]) == 2 and all(cell.isdigit() for cell in rows[0]):
        rows = rows[1:]
    lengths = {len(cells) for cells in rows}
    return (
        len(rows) >= 2 and len(lengths) == 1 and lengths.pop() > _MIN_VECTOR
        and len({cells[0] for cells in rows}) == len(rows)
        and all(all(_is_number(cell) for cell in cells[1:]) for cells in rows)
    )


# Tables whose rows may be the records themselves (a `.json` is more often one document: not named).
_ROW_TABLES = ("csv", "tsv", "jsonl", "parquet")

# One file compressed whole (no archive of files: `.tar.gz`, `.tgz` are read as archives), and its tool.
_COMPRESSED = re.compile(r"(?<!\.tar)\.(gz|bz2|xz)$", re.IGNORECASE)
_DECOMPRESS = {"gz": "gunzip", "bz2": "bunzip2", "xz": "unxz"}

# Documentation is never where the labels are (layout.LABEL_LIKE_EXTENSIONS names where they may be).
_DOCUMENTATION = re.compile(r"(readme|license|licence|copying|citation|changelog)", re.IGNORECASE)


def no_labels_message(source: str, media_files: Sequence[str], other_files: Sequence[str], annotations: Sequence[str]) -> str:
    """Why a source of files with no class folders, names or label files is refused, with only the
    options that can help it.

    Args:
      source: SRC, as given.
      media_files: the sampled inputs (images or texts).
      other_files: the sampled files that are not inputs.
      annotations: folders of rows of numbers sharing the inputs' stems (see `number_rows`).

    >>> no_labels_message("cars", ["cars_train/00001.jpg"], ["devkit/cars_meta.mat"], []).count("--label-from-name")
    0
    """
    sides = corpus_sides(other_files)
    if not media_files and sides:
        first = sides[0]
        return (
            f"{source} holds sides of a parallel corpus ({' beside '.join(first)}): line i of each is one sentence of a "
            "pair, and a record from two files' lines is not read yet: join each pair of files into one tab-separated "
            f"table (`paste {' '.join(posixpath.basename(p) for p in first)} > {posixpath.basename(first[0]).rsplit('.', 1)[0]}.tsv`), "
            "which converts a line into a text and its pair"
        )
    compressed = [p for p in other_files if _COMPRESSED.search(p.rsplit("/", 1)[-1])]
    if not media_files and compressed:  # (UCI's covtype.data.gz: one table, gzipped, beside its prose .info)
        first = compressed[0].rsplit("/", 1)[-1]
        return (
            f"{source} holds no images or texts to convert but compressed files, which shardify does not open "
            f"({', '.join(compressed[:_SHOWN])}{' and more' if len(compressed) > _SHOWN else ''}): decompress them "
            f"(`{_DECOMPRESS[first.rsplit('.', 1)[-1].lower()]} {first}`) and convert the folder they leave"
        )
    if not media_files:
        kinds = Counter(f".{p.rsplit('.', 1)[-1]}" if "." in p.rsplit("/", 1)[-1] else "(no extension)" for p in other_files)
        shown = ", ".join(f"{number} {kind}" for kind, number in kinds.most_common(3))
        tables = sorted({posixpath.dirname(p) + "/" for p in other_files if p.rsplit(".", 1)[-1].lower() in _ROW_TABLES and "/" in p})
        read_tables = ""
        if tables:  # tables in folders (MasakhaNEWS' data/<lang>/train.tsv): only the top ones are read as the data
            read_tables = (f", or --layout tables to read the tables in {', '.join(tables[:_SHOWN])}"
                           f"{' and more' if len(tables) > _SHOWN else ''} as the data, a row a record")
        return (
            f"{source} holds no images or texts to convert, only {shown} files ({other_files[0]}...), which shardify "
            f"reads as a dataset's label or split files: point SRC at the folder that holds the images or texts{read_tables}"
        )
    why = f"{source} holds files but no class folders, names or label files to label them"
    unread: list[str] = []
    if annotations:
        shown = ", ".join(a + "/" for a in annotations[:_SHOWN])
        why += f"; {shown} hold rows of numbers named like the inputs: annotations, not read"
    else:
        unread = [
            p for p in other_files
            if p.rsplit(".", 1)[-1].lower() in LABEL_LIKE_EXTENSIONS and not _DOCUMENTATION.search(p) and not example_file(p)
        ]
        if unread:
            why += f"; the labels may be in {', '.join(unread[:_SHOWN])}, which shardify does not read"
    options = [LABELS_FILE_HINT, "--label-level 0 for records without labels"]
    if len(unread) > 1:  # tables of one kind a split (APPA-REAL's gt_avg_<split>.csv): read as one by a glob, their
        # label column of any name (real_age). One table alone (`image,width,height`) gets no such hint: it may hold no label
        glob = _tables_glob(unread)
        matched = [p for p in unread if fnmatch.fnmatchcase(p, glob)] if glob else []
        named = f" ({glob!r} reads {', '.join(matched[:_SHOWN])}{' and more' if len(matched) > _SHOWN else ''})" if glob else ""
        options[0] = (f"{LABELS_FILE_HINT[:-1]}; a quoted glob reads several tables as one{named}, --label-column NAME "
                      "names their label column)")
    if _numbered_classes(media_files):
        options.insert(0, _NUMBERED_HINT)
    elif any(_LETTERS.search(p.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for p in media_files):
        options.insert(0, names_hint(media_files))  # (its example built from these names)
    return f"{why}: {' or '.join(options)}"


def _tables_glob(paths: Sequence[str]) -> str:
    """The glob a stop offers `--labels` for tables of one kind a split (APPA-REAL's `gt_avg_train.csv`,
    `gt_avg_valid.csv`, `gt_avg_test.csv`): the split word in their names as `*`, where two or more
    tables share the rest, the glob matches no other of `paths` and no other such glob matches as many (`gt_*.csv` would read `gt_avg_*.csv`
    too: APPA-REAL's per-rater `gt_train.csv` beside them gets no glob of its own); else "".

    >>> _tables_glob(["a/gt_avg_test.csv", "a/gt_avg_train.csv", "a/gt_train.csv", "a/gt_test.csv"]), _tables_glob(["x.csv", "y.csv"])
    ('a/gt_avg_*.csv', '')
    >>> _tables_glob(["ages_train.csv", "ages_test.csv", "raters_train.csv", "raters_test.csv"])  # (two kinds: no guess)
    ''
    """
    globs: Counter[str] = Counter()
    for path in paths:
        folder, name = posixpath.split(path)
        parts = re.split(r"([_.-])", name)
        for i, part in enumerate(parts[:-1]):  # (the extension is no split word)
            if split_word(part):
                globs[posixpath.join(folder, "".join([*parts[:i], "*", *parts[i + 1:]]))] += 1
    exact = [(n, glob) for glob, n in globs.items() if n > 1 and sum(fnmatch.fnmatchcase(p, glob) for p in paths) == n]
    most = max((n for n, _ in exact), default=0)
    best = [glob for n, glob in exact if n == most]
    return best[0] if len(best) == 1 else ""  # (two kinds as many: which holds the labels, the stop cannot say)


# A token's tag in the IOB/BIOES schemes CoNLL-style files use: `O`, `B-ORG`, `I-PER`, `S-LOC`.
_TOKEN_TAG = re.compile(r"^(O|[BIES]-\S+)$")
_TOKEN_SHARE = 0.8


def token_tags(lines: Sequence[str]) -> bool:
    """The lines are one token each with its tags, the last a BIO tag (CoNLL-2003's `EU NNP B-NP
    B-ORG`, blank lines between sentences): labels per token, not per text.

    >>> token_tags(["-DOCSTART- -X- -X- O", "", "EU NNP B-NP B-ORG", "rejects VBZ B-VP O"]), token_tags(["ham\tok then"])
    (True, False)
    """
    rows = [line.split() for line in lines if line.strip() and not line.startswith("-DOCSTART-")]
    tagged = sum(1 for cells in rows if 2 <= len(cells) <= 6 and _TOKEN_TAG.match(cells[-1]))
    return len(rows) >= 2 and tagged >= _TOKEN_SHARE * len(rows)


def labels_beside_folders(lines: Sequence[str], media: Sequence[str], folder_labels: set[str]) -> str:
    """What labels a table's first `lines` hold of their own where a column (the first that does) names inputs
    like `media` (their names' shape, digits aside: the sample rarely holds the rows' own files):
    "N columns of 0/1" (a multi-label table) or "column C" (a column of repeated words none of
    which is a folder of the inputs); "" for none, or where the table does not name the inputs.

    >>> labels_beside_folders(["image,beach,sea", "beach_00001.jpg,1,0", "beach_00002.jpg,1,1"], ["beach/beach_00009.jpg"], {"beach"})
    '2 columns of 0/1'
    >>> labels_beside_folders(["path,label", "beach/beach_00001.jpg,beach", "beach/beach_00002.jpg,beach"], ["beach/beach_00009.jpg"], {"beach"})
    ''
    >>> labels_beside_folders(["subject,classname,img", "p012,c0,img_1.jpg", "p012,c1,img_7.jpg", "p014,c1,img_9.jpg"],
    ...                       ["imgs/train/c0/img_3.jpg"], {"imgs", "train", "c0", "c1"})
    ''
    """
    delimiter = "\t" if lines and lines[0].count("\t") > lines[0].count(",") else ","
    rows = [[cell.strip().strip('"') for cell in line.split(delimiter)] for line in lines if line.strip()]
    if len(rows) < 3:
        return ""
    shapes = {_name_shape(p.rsplit("/", 1)[-1]) for p in media}
    for key in range(min(len(row) for row in rows[1:])):  # the key: the first column naming inputs
        body = [row for row in rows[1:] if _name_shape(row[key].rsplit("/", 1)[-1]) in shapes]
        if len(body) * 2 >= len(rows) - 1 and len(body) >= 2:
            break
    else:
        return ""
    width = min(len(row) for row in body)
    bits = [c for c in range(width) if c != key and all(row[c] in ("0", "1", "0.0", "1.0") for row in body)]
    if len(bits) >= 2:
        return f"{len(bits)} columns of 0/1"
    if any(all(row[c] in folder_labels for row in body) for c in range(width) if c != key):
        return ""  # a column restates every row's class folder: the others describe the inputs (State Farm's driver)
    for c in (c for c in range(width) if c != key):
        values = [row[c] for row in body]
        if (
            all(_LETTERS.search(v) and v.lower() not in _NOT_LABELS and not split_word(v) for v in values)
            and len(set(values)) < len(values)
            and not set(values) & folder_labels
        ):
            return f"column {rows[0][c] if len(rows[0]) > c else c + 1}"
    return ""


# Cells that flag or split a row rather than label it (fast.ai's `is_valid`).
_NOT_LABELS = frozenset({"true", "false", "yes", "no", "y", "n", "none", "nan", "null"})


def _name_shape(name: str) -> str:
    """A file name's stem with its digits folded (`beach_00001.jpg` -> `beach_#`): tables name
    files with or without their extension."""
    stem = name.strip().lower()
    stem = stem.rsplit(".", 1)[0] if "." in stem[1:] else stem
    return re.sub(r"\d+", "#", stem)


# Names `<class number>_<number>` (Food-11's `9_27.jpg`), or with one more part after the number (the
# Chinese traffic sign database's `012_0041_j.png`): the class may be the first number, or the name an id
# in parts; only the user can say, so the refusal names the option that reads it. A first number of six
# digits or more is a date or a serial (Raabin-WBC's `20190526_162951_0.jpg`: the capture's day and
# time, repeated over a day's files as classes would be), no class number: no such hint.
_NUMBERED_NAME = re.compile(r"^(\d{1,5})_\d+(?:_[A-Za-z0-9]+)?$")
_NUMBERED_HINT = "--label-from-name '^(\\d+)_' if the number before '_' in the file names is the class (e.g. 9_27.jpg)"


def _numbered_classes(media_files: Sequence[str]) -> bool:
    """Every name is `<number>_<number>` (or `<number>_<number>_<part>`), the first numbers of five
    digits at most, fewer than the files (repeated, as classes are), at least two of them.

    >>> _numbered_classes(["9_27.jpg", "9_28.jpg", "3_1.jpg", "3_2.jpg"])
    True
    >>> _numbered_classes(["tsrd-train/000_0001_j.png", "tsrd-train/000_0002_j.png", "TSRD-Test/012_1005.png", "x/012_0041_j.png"])
    True
    >>> _numbered_classes(["20190526_162951_0.jpg", "20190526_163012_1.jpg", "20190601_101500_0.jpg", "20190601_101730_2.jpg"])
    False
    >>> _numbered_classes(["1001_0001_a.png", "1002_0001_a.png", "1003_0002_b.png", "1004_0001_a.png"])  # ids: none repeats
    False
    """
    firsts = []
    for path in media_files:
        match = _NUMBERED_NAME.match(path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
        if match is None:
            return False
        firsts.append(match.group(1))
    return len(set(firsts)) >= 2 and len(firsts) >= 2 * len(set(firsts))


# Per-image files of landmark points: iBUG's `.pts` (300-W, Helen, LFPW, AFW: `version: 1`,
# `n_points: 68`, the points between braces), and landmark JSON (`.ljson`). They are auxiliary files
# (`layout.AUXILIARY_EXTENSIONS`); beside class folders they say what the dataset annotates.
POINT_EXTENSIONS = frozenset({"pts", "ljson"})


def point_files(media: Sequence[str], others: Sequence[str]) -> list[str]:
    """The point files (`POINT_EXTENSIONS`) named as an input is, in its folder.

    >>> point_files(["300W/01_Indoor/indoor_001.png"], ["300W/01_Indoor/indoor_001.pts", "300W/notes.pts"])
    ['300W/01_Indoor/indoor_001.pts']
    """
    inputs = {posixpath.splitext(p)[0] for p in media}
    return sorted(p for p in others if posixpath.splitext(p)[1][1:].lower() in POINT_EXTENSIONS
                  and posixpath.splitext(p)[0] in inputs)


# A row of a split list annotates its image where it holds at least a box's numbers beside the path;
# ids and class numbers are fewer (Stanford Online Products' `1 1 1 bicycle_final/1_0.JPG`).
_MIN_ANNOTATION_NUMBERS = 4


def annotation_rows(lines: Sequence[str]) -> bool:
    """A split list's rows hold annotations beside each path: rows of numbers (`number_rows`), at
    least a box's four in each.

    >>> annotation_rows(["1.5 2.5 3.5 4.5 8.0 9.0 0--Parade/0_Parade_1.jpg"]), annotation_rows(["1 1 1 bicycle_final/1_0.JPG"])
    (True, False)
    """
    rows = [line.split() for line in lines if line.strip()]
    return number_rows(lines) and all(sum(map(_is_number, cells)) >= _MIN_ANNOTATION_NUMBERS for cells in rows)


def annotated_points_message(files: Sequence[str], level: int) -> str:
    """The stop where `files` (point files, or lists of number rows naming the inputs) annotate
    inputs whose folders were read as classes at `level` (1: SRC's own folders)."""
    more = len(files) - _SHOWN
    shown = ", ".join(files[:_SHOWN]) + (f" and {more} more" if more > 0 else "")
    return (
        f"the inputs are annotated with points or boxes ({shown}: rows of numbers for each input, which shardify "
        "does not store), and the folders above them were read as their classes: such folders are often groups of "
        "the dataset (settings, events, sources), not classes: --label-level 0 for records without labels, or "
        f"--label-level {level} (counted from SRC) to keep the folders as the classes"
    )
