"""A keyed label table whose labels are a 0/1 column per class, beside split folders.

RANZCR CLiP's `train.csv` (`StudyInstanceUID,<11 line classes, 0/1>,PatientID`, the images
`train/<uid>.jpg` beside an unlabelled `test/`): each row names an image, its labels are the class
columns holding 1 (several: multi-label). A keyed table (`keyed_tables`) read only a column of
words as the label; with one there (`PatientID`), every image had been labelled by its patient,
exit 0; since, a stop. What decides is the user's: `--keep-columns PatientID` says the column is no
label (as it leaves a flag out of a label file's one-hot classes, `converters/label_files.py`), and
the table named with `--labels` is then read here, its 0/1 columns the classes.

Where the user named the table (`--labels`) most cells suffice. Found by detection (no option), the
table is read so only where nothing leaves a doubt, as an image table's one-hot columns are read
beside one folder of images (`converters/one_hot.label_columns`, Plant Pathology): every judged cell
0 or 1, every row with a 1, and no column named as a record's attribute (`smoker`, `is_valid`:
`label_candidates.label_evidence` 0), which would make the columns flags rather than classes.

The class columns are every column but the key and the kept ones, each holding 0 or 1 in most rows
judged (`_MOST`): a cell of another value (a `2`, a blank) is its row's reject when the table is read
(`converters/multi_hot_rows.py`), never a reason to drop its column from the classes unsaid. A row
of no 1s is rejected as a row without a label; a row leaving every class cell empty is judged by no
rule here and read as an image with no label (`converters/multi_hot_rows.py`). Nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan import label_candidates

__all__ = ["class_columns"]

_BITS = frozenset({"0", "1", "0.0", "1.0"})
_ONES = frozenset({"1", "1.0"})
# Share of a class column's judged cells that must be 0 or 1 (as `keyed_tables` judges a table's rows).
_MOST = 0.8
# Class columns at least: one 0/1 column beside a key is a flag, not a table of classes.
_MIN_CLASSES = 2


def class_columns(
    header: Sequence[str], data: Sequence[Sequence[str]], key: int, kept: Sequence[str] = (), *, strict: bool = False
) -> tuple[str, ...]:
    """The class columns of a keyed table read as multi-hot labels, or () where some column but the
    key and the `kept` ones is not mostly 0/1 (a word, a measurement: no table of classes). `strict`
    (the table found, not named): every cell 0 or 1, every row a 1, no column named as an attribute.

    >>> header = ["uid", "ETT", "NGT", "CVC", "PatientID"]
    >>> data = [["1.2.3", "1", "0", "1", "p1"], ["1.2.4", "0", "1", "0", "p1"], ["1.2.5", "0", "0", "1", "p2"]]
    >>> class_columns(header, data, 0, ("PatientID",))
    ('ETT', 'NGT', 'CVC')
    >>> class_columns(header, data, 0)
    ()

    A cell of another value in one row of many keeps its column a class (its row the reject):

    >>> rows = [[f"k{i}", "1", "2" if i == 3 else "0"] for i in range(6)]
    >>> class_columns(["id", "a", "b"], rows, 0)
    ('a', 'b')
    >>> class_columns(["id", "a", "b"], rows, 0, strict=True), class_columns(["id", "smoker", "nevus"], data, 0, strict=True)
    ((), ())
    """
    if not data or any(name.isdigit() for name in header):
        return ()  # a headerless table's columns are numbers: no class names
    candidates = [c for c in range(len(header)) if c != key and header[c] not in kept]
    # a row leaving every class cell empty lists an image not labelled yet (DFUC 2021's `100023.jpg,,,,`): no evidence
    data = [row for row in data if not all(c < len(row) and not row[c].strip() for c in candidates)] or data
    classes = []
    for c, name in enumerate(header):
        if c == key or name in kept:
            continue
        cells = [row[c].strip() for row in data if c < len(row)]
        if not cells or sum(cell in _BITS for cell in cells) < (len(cells) if strict else _MOST * len(cells)):
            return ()
        if strict and (label_candidates.label_evidence(name) == 0 or label_candidates.partition_name(name)):
            return ()  # (a flag: `smoker` beside `melanoma` is no class; nor `is_train`, `fold_1`: a partition)
        classes.append(name)
    if strict and not all(any(row[header.index(name)].strip() in _ONES for name in classes) for row in data):
        return ()  # a row of no class: a table of flags, or of labels with negatives, is for the user to say
    return tuple(classes) if len(classes) >= _MIN_CLASSES else ()
