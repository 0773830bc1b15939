"""A label table's column of split names: the split of each input it names, which a label table's reading does not take.

KonIQ-10k's `koniq10k_distributions_sets.csv` keys its images by `image_name` and gives each its mean opinion
score (`MOS`, the target) and its split (`set`: training, validation, test). Read as the images' label table,
its `set` column was taken for the labels (three repeated words, as classes are), every image was written
as split train with exit 0; named by `--label-column MOS`, the splits were silently lost. A keyed table is read
for its labels alone (`keyed_tables.recognise_keyed_table`): where one of its columns other than the key
names splits in most of its rows, the run stops before writing, naming the table, the column and what it
holds. The words are `structure.split_word`'s (`training`, `val`, `dev`, `test` ...), so a column of other
words is never taken for one.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.errors import UsageError
from shardify.plan import label_words
from shardify.plan.structure import split_word

__all__ = ["check_split_cells", "split_cell_columns"]

# A column named as labels are (`label`, `class`, `category`) holds classes, whatever its words: vehicles,
# most of them trains, are no splits (review26).
_LABEL_NAMES = label_words.words(label_words.COLUMN)
# A column of splits repeats a few names; ids that begin with a split's word (Shopee's `posting_id`,
# `train_129225211`, one a row) are no splits.
_MOST_SPLITS = 6


def split_cell_columns(data: Sequence[Sequence[str]], skip: Sequence[int] = ()) -> list[int]:
    """The columns (none of `skip`) more than half of whose cells in `data` name a split.

    >>> split_cell_columns([["a.jpg", "70.1", "training"], ["b.jpg", "61.0", "test"], ["c.jpg", "55", "validation"]])
    [2]
    >>> split_cell_columns([["a.jpg", "cat"], ["b.jpg", "dog"], ["c.jpg", "test"]])
    []
    >>> split_cell_columns([[f"{i}.jpg", f"train_{129225211 + i}"] for i in range(8)])
    []
    """
    width = min((len(row) for row in data), default=0)
    return [c for c in range(width) if c not in skip
            and sum(bool(split_word(row[c].strip().lower())) for row in data) * 2 > len(data)
            and len({row[c].strip().lower() for row in data}) <= _MOST_SPLITS]


def check_split_cells(path: str, header: Sequence[str], data: Sequence[Sequence[str]], key: int, label: int | None,
                      label_given: bool, splits_given: bool = False) -> None:
    """Stop where a keyed table (`header`, its sampled `data`, its `key` column naming the inputs, its `label`
    column read as labels) has a column of split names other than the key: read as labels, the splits were
    labels; beside another label column, they were lost (not where split folders give the splits: `splits_given`).

    Raises:
      UsageError: naming the table, the column and the splits it holds.
    """
    named = [c for c, name in enumerate(header) if name.strip().lower() in _LABEL_NAMES]  # `label`: classes (a train among buses)
    found = split_cell_columns(data, skip=(key, *named))
    if not found:
        return
    column = found[0]
    if splits_given and label != column:
        return  # split folders give the splits the column repeats (Massachusetts Roads' metadata.csv): nothing is lost
    every = sorted({row[column].strip() for row in data if len(row) > column and row[column].strip()})
    shown = ", ".join(every[:4])
    # (the codes' meaning: a layout file's split codes without them are refused, "split codes need their meaning")
    codes = ", ".join(f"{value}: {(split_word(value.lower()) or value).lower()}" for value in every)
    others = [name for c, name in enumerate(header) if c not in (key, column)][:10]
    if label == column and not label_given:
        read = (f"it was read as the labels (the splits as classes); --label-column names the label column "
                f"(one of {', '.join(map(repr, others))}), but")
    else:
        read = "but"
    raise UsageError(
        f"{path} names the inputs in its column {header[key]!r}, and its column {header[column]!r} names splits "
        f"({shown}), not classes: {read} a label table's reading takes no split from it, and every input would be "
        f"written as one split. Decide: --exclude {path} (the table left out), or read its splits with a layout file "
        f"whose evidence holds {{path: {path}, kind: split codes, variable: {header[column]}, codes: {{{codes}}}}} (docs/layout-files.md)"
    )
