"""A table of run-length masks beside the images (Kaggle's `EncodedPixels`): said before writing.

Severstal's `train.csv` (`ImageId,ClassId,EncodedPixels`, a row per image and defect class present)
and Airbus ship detection's `train_ship_segmentations_v2.csv` (`ImageId,EncodedPixels`, a row per
ship, an empty cell for an image of none) hold each image's masks as text (`converters/run_length.py`
decodes one). The first command stopped saying only that "the labels may be in train.csv, which
shardify does not read", and offered `--labels FILE`, whose join rejects an image of two rows. The
masks are not read into records yet: a segmentation record holds one mask PNG per image and no
class label (docs/converting.md), while these tables give some images no row (no defect: an empty
mask) and the test folder's images no mask at all; whether a record without a row is an empty mask
or an unannotated image is the user's to say. So the stop names the table, its columns and the
encoding, and the options that convert something right: the images labelled by their rows'
classes where a class column is there (`--labels train.csv --key-column ImageId --label-column
ClassId`; `with_class_rows` then reads a row per image and class, several rows one image's labels),
the images alone, or the masks decoded into PNGs beside them, read as a mask folder. Where no column
numbers the masks' classes but a column of words is the same on every row of an image (Sartorius's
`cell_type`, the cell line of each image, a row per cell: `image_class_column`), that column is each
image's class, and the stop names `--labels train.csv --key-column id --label-column cell_type` (a key
of stems names the images: `key_paths`).

Plain functions over the tables' first lines; `check_run_length_tables` raises the stop.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.discover.key_paths import table_rows
from shardify.config import ConvertConfig
from shardify.converters.run_length import is_run_length
from shardify.errors import UsageError
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, unread_table_signs
from shardify.plan.evidence import example_file

__all__ = ["check_run_length_tables", "image_class_column", "run_length_columns", "with_class_rows"]

# Share of a column's sampled non-empty cells that must be run-length masks; tables looked into.
_MOST = 0.8
_TABLES_OPENED = 8
_MASK_NAME = re.compile(r"(?i)encoded|rle|run|pixels|mask|segment")
# Columns that give an image's size, never a class, though their cells are small whole numbers where the images
# are small (Sartorius's `width`, `height` beside `annotation` and `cell_type`, blind round forty-two). Data.
_DIMENSION_NAMES = frozenset({"width", "height", "w", "h", "image_width", "image_height", "img_width", "img_height",
                              "channels", "depth", "size", "orig_width", "orig_height"})
# A column of one value over at least this many images named is no class column (a size, a constant).
_IMAGES_FOR_CONSTANT = 4
# A column named as a kind of thing (`cell_type`, `category`, `species`) is offered first as an image's class. Data.
_CLASS_NAME = re.compile(r"(?i)class|label|type|categor|kind|species|line|group")
# Cells that are dates, times or durations (`2020-09-10`, `11h30m`, `0 days 11:30:00`): a sample's, not a class.
_WHEN = re.compile(r"(?i)\d{4}-\d\d-\d\d.*|\d+h\d+m|\d+ days? .*|\d+:\d\d(:\d\d)?")


def run_length_columns(rows: Sequence[Sequence[str]], images: Sequence[str]) -> tuple[str, str, str] | None:
    """(the run-length column, the column naming the images, a column of small class numbers or "")
    of a table's first rows (the header first), or None where it has no such pair.

    >>> rows = [["ImageId", "ClassId", "EncodedPixels"], ["a.jpg", "1", "1 3 10 5"], ["b.jpg", "3", "7 2"]]
    >>> run_length_columns(rows, ["train_images/a.jpg", "train_images/b.jpg"])
    ('EncodedPixels', 'ImageId', 'ClassId')
    >>> run_length_columns([["id", "annotation", "width", "height"], ["0a1b", "1 3 21 3 41 3", "20", "16"]], ["train/0a1b.png"])
    ('annotation', 'id', '')
    """
    if len(rows) < 2:
        return None
    header, data = list(rows[0]), rows[1:]
    names = {posixpath.basename(p) for p in images} | {layout.stem(p) for p in images} | set(images)

    def cells(at: int) -> list[str]:
        return [row[at].strip() for row in data if at < len(row) and row[at].strip()]

    # (a box's 'x y w h' can have the shape of two runs: the column's name says masks, or a cell holds 3 runs or more)
    runs = next((c for at, c in enumerate(header) if len(found := cells(at)) >= 1
                 and sum(is_run_length(v) for v in found) >= _MOST * len(found)
                 and (_MASK_NAME.search(c) or any(len(v.split()) >= 6 for v in found))), None)
    keys = next((c for at, c in enumerate(header) if (found := cells(at)) and sum(v in names for v in found) * 2 >= len(found)), None)
    if runs is None or keys is None:
        return None
    # (a class is a mask's pixel value, 1-255; whole_number reads no cell past int()'s 4,300 digits)
    # (nor a column of one value over several images: no class tells them apart, as a size or a constant does;
    # nor one whose values mostly differ, unless named as a class: HuBMAP's `age` beside its `rle`, a measure)
    images_named = len(set(cells(header.index(keys))))
    classes = next((c for at, c in enumerate(header) if c not in (runs, keys) and c.strip().lower() not in _DIMENSION_NAMES
                    and (found := cells(at)) and all(0 < (whole_number(v) or 0) < 256 for v in found)
                    and not (images_named >= _IMAGES_FOR_CONSTANT and len(set(found)) == 1)
                    and (len(set(found)) * 2 <= len(found) or "class" in c.lower())), "")
    return runs, keys, classes


def image_class_column(rows: Sequence[Sequence[str]], runs: str, keys: str) -> str:
    """The column of a run-length table (its first rows, the header first) that gives each image its
    class: words (a letter in each cell; no date, time or duration, no size, no run-length), the same
    on every row of an image, of two values or more where the rows read span enough images to tell,
    and never one value per image over many (a sample's id); "" where none is. A column named as a
    kind of thing (`cell_type`) comes first.

    >>> rows = [["id", "annotation", "width", "cell_type", "plate_time", "sample_id"],
    ...         ["0a", "1 3", "20", "astro", "11h30m", "astro_0a"], ["0a", "9 2", "20", "astro", "11h30m", "astro_0a"],
    ...         ["1b", "4 4", "20", "cort", "09h00m", "cort_1b"]]
    >>> image_class_column(rows, "annotation", "id")
    'cell_type'
    >>> image_class_column([["id", "rle", "mask_id"], ["0a", "1 3", "m1"], ["0a", "5 3", "m2"]], "rle", "id")
    ''
    """
    if len(rows) < 2:
        return ""
    header, data = list(rows[0]), [row for row in rows[1:] if len(row) == len(rows[0])]
    at_key = header.index(keys)
    images = {row[at_key].strip() for row in data}
    chosen = []
    for at, name in enumerate(header):
        if name in (runs, keys) or name.strip().lower() in _DIMENSION_NAMES or unread_table_signs.is_measure(name):
            continue
        cells = [row[at].strip() for row in data]
        if not cells or not all(any(ch.isalpha() for ch in c) and not _WHEN.fullmatch(c) and not is_run_length(c)
                                for c in cells):
            continue
        per_image: dict[str, set[str]] = {}
        for row, cell in zip(data, cells):
            per_image.setdefault(row[at_key].strip(), set()).add(cell)
        values = set(cells)
        if any(len(v) > 1 for v in per_image.values()):
            continue  # (differs within an image: an object's attribute, no image's class)
        if len(images) >= _IMAGES_FOR_CONSTANT and len(values) in (1, len(images)):
            continue  # (one value over many images, or one per image: a constant or an id)
        chosen.append(name)
    return next((c for c in chosen if _CLASS_NAME.search(c)), chosen[0] if chosen else "")


def check_run_length_tables(config: ConvertConfig, sample: Sequence[str], media: Sequence[str]) -> None:
    """Stop where a table in `sample` holds run-length masks of the `media` it names.

    Raises:
      UsageError: naming the table, its columns, the encoding and the options.
    """
    if config.labels_file or config.layout or config.label_level is not None or config.layout_given is not None:
        return
    # (a sample submission's '1 1' cells are the format's example, no masks: `example_file`)
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not example_file(p)][:_TABLES_OPENED]
    for path in tables:
        rows = table_rows(head_reads.head_lines(config, path), path)
        found = run_length_columns(rows, media)
        if found is None:
            continue
        runs, keys, classes = found
        worded = "" if classes else image_class_column(rows, runs, keys)
        named = {posixpath.basename(row[list(rows[0]).index(keys)]) for row in rows[1:] if len(row) == len(rows[0])}
        # (an id names its image by file name or by stem, Sartorius's hex ids without `.png`: the images' folders either way)
        folders = sorted({posixpath.dirname(p) or "." for p in media if posixpath.basename(p) in named or layout.stem(p) in named})
        others = sorted({posixpath.dirname(p) or "." for p in media} - set(folders))
        what = f", {classes!r} the class of each row's mask" if classes else ", each row one object's mask"
        rest = f"; the images of {', '.join(o + '/' for o in others[:3])} have no row" if others else ""
        classified = (f"--labels {path} --key-column {keys} --label-column {classes} to write each image labelled by its "
                      "rows' classes (several an image: multi-label; an image of no row unlabelled; the masks not "
                      "stored), or ") if classes else ""
        if worded:
            what = f", each row one object's mask, and {worded!r} the same on every row of an image: the image's class"
            classified = (f"--labels {path} --key-column {keys} --label-column {worded} to write each image labelled by "
                          f"its rows' one {worded!r} (the masks not stored; "
                          f"{'the images of ' + ', '.join(o + '/' for o in others[:3]) + ' unlabelled; ' if others else ''}"
                          "rows of one image that disagree reject it), or ")
        raise UsageError(
            f"{path} holds segmentation masks as run-length rows: column {runs!r} (Kaggle's encoding: start and length "
            f"pairs, pixels numbered from 1 top to bottom, then left to right) of the images its column {keys!r} names "
            f"(in {', '.join(f + '/' for f in folders[:3]) or 'SRC'}){what}{rest}. Run-length masks are not read into "
            "records yet (a segmentation record holds one PNG mask of class indices per image, and no class label): "
            "decode them into PNGs beside the images (shardify.converters.run_length.class_mask_png; an image of no "
            "row an all-zero mask) and convert those as a mask folder (docs/converting.md, segmentation datasets), or "
            f"{classified}--label-level 0 to write the images alone, unlabelled, their masks left in {path}"
        )


def with_class_rows(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` whose table of labels is one of run-length rows read by its class column (`--labels
    train.csv --key-column ImageId --label-column ClassId`): a row per image and class, an image's labels
    the union of its rows' (`merge_rows`, on the label file's layout or on the keyed table's evidence)."""
    images = [p for p in sample if layout.is_media_file(p, "image")]

    def classes_of(path: str) -> tuple[list[str], tuple[str, str, str]] | None:
        if layout.extension(path) not in ("csv", "tsv"):
            return None
        rows = table_rows(head_reads.head_lines(config, path), path)
        found = run_length_columns(rows, images)
        return (list(rows[0]), found) if found and found[2] else None

    def note(path: str, found: tuple[str, str, str]) -> str:
        return (f"{path}: a row per image and class (run-length masks in {found[0]!r}, not stored): an image's labels are "
                f"its rows' {found[2]!r} values")

    if (detected.name == layout.LABEL_FILE and config.label_column and (read := classes_of(detected.labels_file))
            and read[1][2] == config.label_column):
        return dataclasses.replace(detected, merge_rows=True, notes=(*detected.notes, note(detected.labels_file, read[1])))
    evidence, notes = [], []
    for e in detected.evidence:
        read = classes_of(e.path) if e.kind == evidence_lib.LABEL_LINES and e.header and e.label_column is not None else None
        if read and read[1][2] in read[0] and read[0].index(read[1][2]) == e.label_column:
            e = dataclasses.replace(e, merge_rows=True)
            notes.append(note(e.path, read[1]))
        evidence.append(e)
    return dataclasses.replace(detected, evidence=tuple(evidence), notes=(*detected.notes, *notes)) if notes else detected
