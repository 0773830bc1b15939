"""Label files whose labels are one-hot columns: a column per class, 1 where the row has it.

ISIC 2018's `ISIC2018_Task3_Training_GroundTruth.csv` (`image,MEL,NV,BCC,AKIEC,BKL,DF,VASC`, each
row one 1.0 among 0.0s) and Kaggle's Plant Pathology (`image_id,healthy,multiple_diseases,rust,
scab`) ship their labels so. With no column named as labels are named, such a table gave every
image no label at all (exit 0). Read here: a row's labels are the names of its columns holding 1;
several 1s make the record multi-label, as a list cell does.

The columns are judged on the table's first rows (what `table_scans.read_table` samples): at least two
columns besides the key, every sampled cell of them 0 or 1 (`0`, `1`, `0.0`, `1.0`), and all but a
few sampled rows (`_MAX_NONE_SET_SHARE`) with at least one 1. Every row is held to it: another value
rejects its row, naming the column; a row of no 1s is rejected as a row without a label. A row
leaving every class cell empty names an image with no label yet (DFUC 2021's unlabelled images):
judged by nothing here, written unlabelled (`blank_row`).

Text tables carry the same shape as multi-hot labels (Jigsaw's toxic comments: `id,comment_text,
toxic,...,identity_hate`), read here too (`text_table_classes`): there a row of no 1s is a clean
comment, labelled with the empty set, not a row without a label. A crowd-sourcing export's table
(the Unhealthy Comment Corpus: `_unit_id,_trusted_judgments,comment,antagonize,antagonize:confidence,
...`) carries beside each 0/1 column the annotators' agreement on it (`<class>:confidence`,
`<class>_confidence`) and the platform's bookkeeping (`_trusted_judgments`): neither is a class nor
a feature that makes the 0/1 columns flags; a confidence column is never a class, even where its
sampled cells are all 1 (the annotators agreed).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from shardify.plan import label_candidates
from shardify.plan.label_names import normalise_label

__all__ = ["attribute_columns", "blank_row", "flag_columns", "label_columns", "labels_of", "multi_hot_labels", "multi_hot_remedy",
           "text_table_classes"]

_ZERO, _ONE = frozenset({"0", "0.0", "0.00"}), frozenset({"1", "1.0", "1.00"})
_MIN_COLUMNS = 2
# Sampled rows with their class cells given, at least: blank rows (unlabelled images) show nothing.
_MIN_JUDGED_ROWS = 1
# Share of the judged rows that may set no class (each its row's reject, as a later row's would be).
_MAX_NONE_SET_SHARE = 0.1


def _bit(value: object) -> int | None:
    """0 or 1 for a one-hot cell (a CSV's `1.0`, a JSON 1), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value) if value in (0, 1) else None
    text = str(value).strip()
    return 0 if text in _ZERO else 1 if text in _ONE else None


def label_columns(
    columns: Sequence[str], sample: Sequence[Sequence[object]], key: str = "", kept: Collection[str] = ()
) -> tuple[str, ...]:
    """The one-hot class columns of a table with a header (all but the key: `key`, else the
    first, and the columns `kept` names: `--keep-columns`, a flag left out of the classes), or ()
    where the sampled rows do not show them so.

    >>> label_columns(("image", "MEL", "NV"), [("ISIC_1", "1.0", "0.0"), ("ISIC_2", "0.0", "1.0")])
    ('MEL', 'NV')
    >>> label_columns(("image", "age", "sex"), [("ISIC_1", "45.0", "male")])
    ()
    """
    at = list(columns).index(key) if key in columns else 0
    skip = {at, *(i for i, c in enumerate(columns) if c in kept)}
    classes = tuple(c for i, c in enumerate(columns) if i not in skip)
    if len(classes) < _MIN_COLUMNS or not sample or any(c.isdigit() for c in columns):
        return ()  # a headerless table's columns are numbers: no class names
    judged = none_set = odd = 0
    for row in sample:
        cells = [cell for i, cell in enumerate(row[: len(columns)]) if i not in skip]
        if len(cells) == len(classes) and _blank(cells):
            continue  # an unlabelled row (DFUC 2021's images for semi-supervised use): no evidence either way
        bits = [_bit(cell) for cell in cells]
        if len(bits) != len(classes) or None in bits:
            odd += 1  # (a row of NaN or half blank among many: its row's reject, `labels_of`, as a later row's would be)
            continue
        judged += 1
        none_set += not any(bits)
    # a row of no 1 among many is its row's reject (`labels_of`); more make the columns flags, not classes
    return classes if judged >= _MIN_JUDGED_ROWS and none_set + odd <= _MAX_NONE_SET_SHARE * (judged + odd) else ()


def _blank(cells: Sequence[object]) -> bool:
    """Every cell empty (a CSV's `,,,`; a JSON null)."""
    return all(cell is None or str(cell).strip() == "" for cell in cells)


def blank_row(cells: Mapping[str, object], classes: Sequence[str]) -> bool:
    """The row leaves every class column empty: an image listed with no label yet (DFUC 2021's
    `100023.jpg,,,,`, its unlabelled images for semi-supervised use), a record with no label rather
    than a reject; a row with some cells given and others empty stays its row's reject (`labels_of`).

    >>> blank_row({"image": "a.jpg", "none": "", "both": ""}, ("none", "both"))
    True
    >>> blank_row({"none": "", "both": "0"}, ("none", "both"))
    False
    """
    return _blank([cells.get(name) for name in classes])


def flag_columns(
    classes: Sequence[str], columns: Sequence[str] = (), sample: Sequence[Sequence[object]] = ()
) -> tuple[str, ...]:
    """The one-hot columns named as a record's (a patient's) 0/1 attribute, no class
    (`label_candidates.FEATURE_WORDS`: `smoker`, `is_smoker`, `verified`): beside `melanoma`, `nevus`
    a `smoker` column had been written as one more class, exit 0. None where the sampled rows
    (`sample`, cells in the order of `columns`) set exactly one of `classes` each: a flag is 1
    beside a class, and a column never so is a class of an exclusive one-hot table (an ad
    classifier's `sponsored`, `organic` had stopped as a flag and a class).

    >>> flag_columns(("smoker", "melanoma", "nevus")), flag_columns(("MEL", "NV", "healthy"))
    (('smoker',), ())
    >>> cols = ("image", "sponsored", "organic")
    >>> flag_columns(cols[1:], cols, [("a", "1", "0"), ("b", "0", "1")]), flag_columns(cols[1:], cols, [("a", "1", "1"), ("b", "0", "1")])
    ((), ('sponsored',))
    """
    named = tuple(name for name in classes if label_candidates.label_evidence(name) == 0)
    at = [list(columns).index(name) for name in classes if name in columns]
    if named and sample and len(at) == len(classes) and all(
            sum(_bit(row[i]) == 1 for i in at if i < len(row)) == 1 for row in sample):
        return ()
    return named


# Sampled rows below which no 0/1 column is judged a record's attribute (attribute_columns).
MIN_ATTRIBUTE_ROWS = 12


def attribute_columns(classes: Sequence[str], columns: Sequence[str], sample: Sequence[Sequence[object]]) -> tuple[str, ...]:
    """The 0/1 columns of `classes` that the sampled rows set to 1 only beside another 1, and so
    beside two classes or more, where the other columns set exactly one class in every row, at
    least two of them: a record's attributes across its classes (`flipped`, `cropped` beside `cat`,
    `dog`; a health flag `diabetic` beside `melanoma`, `nevus`), whatever their names; written as
    classes they had been wrong labels, exit 0. () where a column so set is none, or the others are
    no one-per-row classes: a multi-label table (CheXpert's findings) sets several of its classes in
    a row, and a label 1 only beside one other (`severe_toxic` beside `toxic`, `healthy` beside
    `rust` in a multi-hot test table) nests in it as a multi-label's label may.

    Fewer than MIN_ATTRIBUTE_ROWS sampled rows show nothing: a 3-class multi-label table of four
    rows (`water+forest`, `road`, `forest+road`, `water`) fits the pattern by chance.

    >>> cols = ("image", "flipped", "cat", "dog")
    >>> attribute_columns(cols[1:], cols, [("a", "1", "1", "0"), ("b", "0", "0", "1"), ("c", "1", "0", "1"), ("d", "0", "1", "0")] * 3)
    ('flipped',)
    >>> attribute_columns(cols[1:], cols, [("a", "1", "1", "0"), ("b", "0", "0", "1"), ("c", "1", "0", "1"), ("d", "0", "1", "0")])
    ()
    >>> attribute_columns(cols[1:], cols, [("a", "1", "1", "0"), ("b", "0", "0", "1"), ("c", "0", "1", "0")] * 4)
    ()
    >>> attribute_columns(cols[1:], cols, [("a", "1", "0", "0"), ("b", "0", "1", "0"), ("c", "0", "0", "1"), ("d", "0", "1", "1")] * 3)
    ()
    """
    at = {name: list(columns).index(name) for name in classes if name in columns}
    if len(at) != len(classes) or len(sample) < MIN_ATTRIBUTE_ROWS:
        return ()
    rows = [{name: _bit(row[i]) if i < len(row) else None for name, i in at.items()} for row in sample]
    if any(None in bits.values() for bits in rows):
        return ()
    ones = [{name for name, bit in bits.items() if bit == 1} for bits in rows]
    alone = {name for names in ones if len(names) == 1 for name in names}
    beside = tuple(
        name for name in classes
        if name not in alone and len({other for names in ones if name in names for other in names & alone}) >= _MIN_COLUMNS
    )
    rest = [name for name in classes if name not in beside]
    if not beside or len(rest) < _MIN_COLUMNS or any(len(names & set(rest)) != 1 for names in ones):
        return ()
    return beside


def labels_of(cells: Mapping[str, object], classes: Sequence[str]) -> tuple[str, ...] | str:
    """The names of the columns a row sets to 1, or the reason the row is unusable."""
    found = []
    for name in classes:
        bit = _bit(cells.get(name, ""))
        if bit is None:
            return f"one-hot column {name!r} holds {str(cells.get(name, ''))[:40]!r}, not 0 or 1"
        if bit:
            found.append(name)
    return tuple(found) if found else "no one-hot column is 1: a row without a label"


# A multi-hot table: at least this many 0/1 columns, named by a header.
_MIN_CLASS_COLUMNS = 2
_BITS = frozenset({"0", "1"})


# Columns a crowd-sourcing platform's export adds to every table (Figure Eight, formerly CrowdFlower:
# the Unhealthy Comment Corpus' `_unit_id`, `_trusted_judgments`): bookkeeping, no feature of a record.
_CROWD_EXPORT_COLUMNS = frozenset({"_unit_id", "_golden", "_unit_state", "_trusted_judgments", "_last_judgment_at", "_canary"})
# How an export names a class column's agreement: `<class>:confidence`, `<class>_confidence`.
_CONFIDENCE_SUFFIXES = (":confidence", "_confidence", ":conf", "_conf")


def _confidence_of(name: str, columns: Sequence[str]) -> bool:
    """`name` is the confidence column of another of `columns` (`antagonize:confidence` of `antagonize`).

    >>> _confidence_of("antagonize:confidence", ["antagonize"]), _confidence_of("confidence", ["antagonize"])
    (True, False)
    """
    return any(name.lower().endswith(suffix) and name[: -len(suffix)] in columns for suffix in _CONFIDENCE_SUFFIXES)


def text_table_classes(
    columns: Sequence[str], used: Sequence[str], sample: Sequence[Sequence[object]], key_names: Sequence[str]
) -> tuple[str, ...]:
    """The class columns of a table with a header whose labels are a 0/1 column per class (Jigsaw
    toxic comments' `toxic,severe_toxic,...,identity_hate`): every column besides the text(s), one
    key column (an id), a crowd export's bookkeeping and a class column's confidence holds 0 or 1 in most sampled rows of the header's width (_MIN_BIT_SHARE),
    two such columns or more; else ().

    >>> text_table_classes(("id", "text", "a", "b"), ("text",), [("x1", "t", "0", "1"), ("x2", "u", "0", "0")], ("id",))
    ('a', 'b')
    >>> text_table_classes(("id", "text", "a", "year"), ("text",), [("x1", "t", "0", "1999"), ("x2", "u", "1", "2001")], ("id",))
    ()
    >>> text_table_classes(("_unit_id", "_trusted_judgments", "text", "a", "a:confidence", "b", "b:confidence"), ("text",),
    ...                    [("7", "3", "t", "1", "1", "0", "0.6"), ("8", "4", "u", "0", "1", "1", "1")], ("id",))
    ('a', 'b')
    """
    others = [(i, name) for i, name in enumerate(columns) if name not in used and name.lower() not in _CROWD_EXPORT_COLUMNS
              and not _confidence_of(name, columns)]
    whole = [row for row in sample if len(row) == len(columns)]  # a ragged row is its own reject
    # a 0/1 column named as an id (`prompt_id`: which of two prompts an essay answers) is a key, not a class: read
    # as one, LLM - Detect AI Generated Text's `prompt_id,text,generated` became a multi-label of both with exit 0
    bits = [name for i, name in others if whole and _mostly_bits([str(row[i]).strip() for row in whole])
            and not _named_as_id(name, key_names)]
    rest = [name for _, name in others if name not in bits]
    keys = [name for name in rest if name.lower() in key_names or name.lower().endswith("_id")]
    if len(bits) < _MIN_CLASS_COLUMNS or len(rest) > 1 or rest != keys:
        return ()
    # 0/1 columns named as a record's features (`has_company_logo`, `num_...`) are no classes: with
    # them the table is one class column among flags, which the label column's stop asks for
    if any(label_candidates.label_evidence(name) == 0 for name in bits):
        return ()
    return tuple(bits)


def multi_hot_remedy(
    columns: Sequence[str], texts: Sequence[str], pair: str, sample: Sequence[Sequence[object]], key_names: Sequence[str]
) -> str:
    """The options that read a text table's 0/1 columns as one multi-hot set of classes where other
    columns beside them kept `text_table_classes` from doing so, as a clause for the label stop; ""
    where there is no such set. PubMed's MeSH table (`Title,abstractText,meshMajor,pmid,meshid,meshroot,
    A,B,...,Z`: the tree roots' 0/1 columns the labels, `meshMajor`/`meshroot` the same spelled out)
    stopped naming one letter as `--label-column`, which loses the other labels; which of the columns
    are the labels stays a guess (`meshroot` may be wanted instead), so it is offered, not taken.
    Only columns whose every sampled cell is 0 or 1 count, and none named as a feature or an id.

    >>> multi_hot_remedy(("t", "pmid", "tags", "A", "B"), ("t",), "", [("x", "9", "a b", "0", "1"), ("y", "8", "c", "1", "1")], ("id",))
    "; or, where the 0/1 columns 'A', 'B' are one multi-hot set of classes (a record's labels the columns holding 1), keep the others as features: --keep-columns 'pmid,tags'"
    >>> multi_hot_remedy(("t", "tags", "A", "B"), ("t",), "", [("x", "a", "0", "2"), ("y", "c", "1", "1")], ("id",))
    ''
    """
    whole = [row for row in sample if len(row) == len(columns)]
    taken = (*texts, pair) if pair else tuple(texts)
    bits = [name for i, name in enumerate(columns) if whole and name not in taken
            and all(str(row[i]).strip() in _BITS for row in whole)
            and not _named_as_id(name, key_names) and label_candidates.label_evidence(name) != 0]
    others = [name for name in columns if name not in (*taken, *bits) and name.lower() not in _CROWD_EXPORT_COLUMNS
              and not _confidence_of(name, columns)]
    if len(bits) < _MIN_CLASS_COLUMNS or not others:
        return ""
    shown = ", ".join(repr(b) for b in bits[:6]) + (f" ... ({len(bits)})" if len(bits) > 6 else "")
    lead = f"; or, where the 0/1 columns {shown} are one multi-hot set of classes (a record's labels the columns holding 1)"
    if not pair:
        return f"{lead}, keep the others as features: --keep-columns {','.join(others)!r}"
    # two texts found: the one the user keeps as the text, the other kept as a feature with the rest
    return (f"{lead}, name the text and keep the others as features: --text-column {pair!r} --keep-columns "
            f"{','.join((*texts, *others))!r} (or --text-column {texts[0]!r} --keep-columns {','.join((pair, *others))!r})")


def _named_as_id(name: str, key_names: Sequence[str]) -> bool:
    """A column named as a row's or a group's id (`id`, `prompt_id`, `user id`).

    >>> [_named_as_id(n, ("id",)) for n in ("id", "prompt_id", "User ID", "toxic", "idiot")]
    [True, True, True, False, False]
    """
    low = name.strip().lower()
    return low in key_names or low.endswith(("_id", " id"))


# Of a class column's sampled cells, at least this share is 0 or 1. Every cell had to be: one `2`,
# `nan` or an empty cell among a table's first rows, or its header repeated where two exports were
# pasted together, left every row unlabelled (label mode none, exit 0). The cells that are not
# 0 or 1 reject their rows (`multi_hot_labels`), so a column that is no class column shows loudly.
_MIN_BIT_SHARE = 0.8


def _mostly_bits(cells: Sequence[str]) -> bool:
    return sum(cell in _BITS for cell in cells) >= _MIN_BIT_SHARE * len(cells)


def multi_hot_labels(cells: Mapping[str, object], classes: Sequence[str]) -> tuple[str, ...] | str:
    """The classes a multi-hot row sets to 1 (none: the empty label set, a labelled row with no
    class), or why the row is unusable (a cell neither 0 nor 1, such as a challenge's -1 for
    'not scored')."""
    found = []
    for name in classes:
        cell = str(cells.get(name, "")).strip()
        if cell not in _BITS:
            return f"multi-hot column {name!r} holds {cell[:40]!r}, not 0 or 1"
        if cell == "1":
            found.append(normalise_label(name))
    return tuple(found)
