"""A label column found by its name but empty in most rows, and the label columns a text stop names.

Why a module of its own: CFPB's complaints.csv (18 columns) holds `Tags` ("Older American" on a
few rows, empty on the rest): named like a label, it was taken as the class, and every row without a
tag became a reject, while its `Product` (the class the dataset is used for) went unread. A column
empty in most sampled rows is a tag some rows carry, no class: `unless_sparse` drops it, so that the
table's label is the user's to name. Where the text is a guess too (`SeveralTextColumns`), one stop
then names both: `with_label_candidates` adds the columns that could be the label (ranked as the
other stops rank them; which is the class only the user can say), so that following the stop
converts the table right (rather than a second stop after the first).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence

from shardify.converters import column_content, header_rows, label_phrases, no_label_values
from shardify.converters.column_names import KEY_COLUMN_NAMES, LABEL_COLUMN_NAMES, shown_column
from shardify.converters.column_texts import SeveralTextColumns
from shardify.converters.label_columns import label_kind
from shardify.plan import label_words
from shardify.plan.label_candidates import ranked_labels

__all__ = ["unless_sparse", "class_paths", "label_candidates", "named_as_label", "ranked_in_lines", "with_label_candidates"]

# A label column found by its name is dropped when more than this share of its sampled cells is
# empty, over at least _MIN_ROWS sampled rows.
_MAX_EMPTY_SHARE = 0.5
_MIN_ROWS = 4
# Names that keep their column the label however sparse.
_KEPT = frozenset({"label", "labels"})
# The kind `column_content.column_kind` gives a column of a few repeated values, long phrases too
# (CFPB's `Credit reporting, credit repair services, or other personal consumer reports`).
_REPEATED = "a few repeated values (codes)"


def unless_sparse(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> str:
    """`label`, unless its sampled cells are empty in more than half the rows but not all: then "".
    A column empty in every row is an unlabelled split's (a test table's blank `label`), and a
    column named `label` or `labels` stays the label however sparse (rows left unlabelled).

    >>> rows = [("a", "")] * 5 + [("b", "Older American")]
    >>> unless_sparse(["text", "Tags"], "Tags", rows), unless_sparse(["text", "Tags"], "Tags", [("a", "x"), ("b", "y")] * 3)
    ('', 'Tags')
    >>> unless_sparse(["text", "Tags"], "Tags", [("a", "")] * 6), unless_sparse(["text", "label"], "label", rows)
    ('Tags', 'label')
    """
    i = columns.index(label) if label in columns else -1
    cells = [str(row[i] or "").strip() for row in sample if 0 <= i < len(row)]
    if i < 0 or len(cells) < _MIN_ROWS or label.strip().lower() in _KEPT or not any(cells):
        return label
    return "" if sum(not cell for cell in cells) > _MAX_EMPTY_SHARE * len(cells) else label


def label_candidates(columns: Sequence[str], taken: Sequence[str], sample: Sequence[Sequence[object]]) -> list[str]:
    """The columns whose sampled cells repeat a few values, as classes do, in the table's order
    (the class is most often named early: CFPB's `Product` before `Sub-product`, `Issue`), keys,
    empty and one-valued columns left out.

    >>> label_candidates(["id", "Product", "text", "State"], ["text"],
    ...                  [(str(i), ("Mortgage", "Debt collection")[i % 2], f"t {i}", ("CA", "TX", "NY")[i % 3]) for i in range(8)])
    ['Product', 'State']
    """
    keys = {name.lower() for name in KEY_COLUMN_NAMES}
    found = []
    for i, name in enumerate(columns):
        if not name or name in taken or name.lower() in keys:
            continue
        cells = [str(row[i] or "").strip() for row in sample if len(row) == len(columns)]
        values = {cell for cell in cells if cell}
        if len(values) < 2 or len(values) * 2 > len(cells) or not all(cells):
            continue
        if (label_kind(cells) or label_phrases.repeated_phrases(cells) or column_content.column_kind(cells) == _REPEATED
                or class_paths(cells)):
            found.append(name)
    return found


# Names a metadata table gives its label column besides the usual ones (`label_words.METADATA`).
_METADATA_LABELS = frozenset(label_words.words(label_words.METADATA))
# A class written as its path in a hierarchy (the COVID-19 image collection's `finding`,
# `Pneumonia/Viral/COVID-19` beside `No Finding`): parts of a short phrase each, the last no file's
# name. Its digits (`COVID-19`) and slashes had kept the column from the candidates a stop offers,
# which named every other repeated column instead.
_PATH_PARTS = 4
_FILE_NAME = re.compile(r"\.[A-Za-z0-9]{1,5}$")


def class_paths(cells: Sequence[str]) -> bool:
    """Some cell is a path of classes joined by `/` and every cell a path (or a phrase) of short parts.

    >>> class_paths(["Pneumonia/Viral/COVID-19", "No Finding", "Pneumonia/Bacterial/Streptococcus"])
    True
    >>> class_paths(["masks/1.png", "masks/2.png"]), class_paths(["No Finding", "Normal"]), class_paths(["http://a.org/x", "b/c"])
    (False, False, False)
    """
    if not any("/" in cell for cell in cells):
        return False
    for cell in cells:
        parts = cell.split("/")
        if "://" in cell or len(parts) > _PATH_PARTS or _FILE_NAME.search(parts[-1]):
            return False
        if not all(0 < len(part.strip()) <= label_phrases.MAX_CHARS and len(part.split()) <= label_phrases.MAX_WORDS for part in parts):
            return False
    return True


def with_label_candidates(stop: SeveralTextColumns, columns: Sequence[str], sample: Sequence[Sequence[object]]) -> SeveralTextColumns:
    """The text stop (which names the likeliest body already), naming the label's candidates too
    where no label column is decided: ranked as every stop ranks them (`label_candidates.ranked_labels`:
    named as a class first, features' names last), so that one message never offers two orders."""
    found = label_candidates(columns, stop.texts, sample)
    if not found or "--label-column" in str(stop):
        return stop
    found = ranked_labels(found)
    shown = ", ".join(shown_column(name) for name in found[:6]) + (", ..." if len(found) > 6 else "")
    at = columns.index(found[0])  # the likeliest label: does it write "no label" as a word? (`no_label_values`)
    unlabelled = no_label_values.hint(found[0], [row[at] for row in sample if len(row) == len(columns)])
    return SeveralTextColumns(
        f"{stop}; no column is the label either: name it with --label-column, one of the columns whose cells "
        f"repeat a few values, as classes do (those named as a class first, else in the table's order): {shown}{unlabelled}",
        stop.texts, stop.likely,
    )


def ranked_in_lines(lines: Sequence[str]) -> list[str]:
    """A CSV label file's candidate label columns (`label_candidates`) from its first lines, those
    whose name holds a label word first (Memotion's labels.csv: `overall_sentiment` before
    `humour`, `sarcasm`, `offensive`, `motivational`); [] where the first line is no header.

    >>> ranked_in_lines([",image,humour,overall_sentiment"] + [f"{i},{i}.jpg,{('funny', 'not_funny')[i % 2]},"
    ...                  f"{('positive', 'neutral', 'negative')[i % 3]}" for i in range(8)])
    ['overall_sentiment', 'humour']
    """
    rows = list(csv.reader(lines))
    if len(rows) < 2 or not header_rows.looks_like_header(rows[0]):
        return []
    columns = header_rows.header_names(rows[0])
    found = label_candidates(columns, (), rows[1:])
    # (a metadata table's diagnosis, `dx`, `finding`, is named as its label too: keyed_tables' LABEL_HEADER_NAMES)
    return sorted(found, key=lambda name: not (named_as_label(name) or name.strip().lower() in _METADATA_LABELS))


def named_as_label(name: str) -> bool:
    """A word of the column's name is a label column's name (`overall_sentiment`, `Product category`).

    >>> named_as_label("overall_sentiment"), named_as_label("humour")
    (True, False)
    """
    return bool(set(re.split(r"[^a-z0-9]+", name.lower())) & set(LABEL_COLUMN_NAMES))
