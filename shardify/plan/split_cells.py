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

import re
from collections.abc import Sequence

from shardify.errors import UndecidedSplitCodes, UsageError
from shardify.plan import label_words
from shardify.plan.evidence import SPLIT_CODES, Evidence
from shardify.plan.structure import split_word
from shardify.plan.vote_columns import vote_count_columns

__all__ = [
    "PLACEHOLDER_SPLIT", "UNDECIDED_SPLIT", "check_coded_split_column", "check_split_cells", "coded_split_column", "split_cell_columns", "split_codes",
    "undecided_split_codes",
]

# The split a layout file's `split codes` evidence gives a code whose meaning detection could not read (`A`, `B`):
# written by `--dry-run --layout-file` for the user to replace, refused by the layout file's reader while it stays.
UNDECIDED_SPLIT = "?"
# The word the stop's evidence puts for each code's split, for the user to replace (`check_coded_split_column`): a
# layout file that keeps it had written a split named "SPLIT", exit 0 (mend49a); refused as UNDECIDED_SPLIT is.
PLACEHOLDER_SPLIT = "SPLIT"

# A column named as labels are (`label`, `class`, `category`) holds classes, whatever its words: vehicles,
# most of them trains, are no splits (review26).
_LABEL_NAMES = label_words.words(label_words.COLUMN)
# A column of splits repeats a few names; ids that begin with a split's word (Shopee's `posting_id`,
# `train_129225211`, one a row) are no splits.
_MOST_SPLITS = 6
# Names that say a column gives each row's split whatever its codes (`split` of A/B/C or 0/1/2), and flags named
# by a split (`is_train`, `is_test`) of these values. Such a column of codes no split word reads had been passed
# over: every input written as train with exit 0, the splits lost (review28). Not `usage`: Fashion Product
# Images' `usage` column holds Casual, Ethnic, Sports (attributes); and codes are short (`_CODE`), never words.
_SPLIT_COLUMN_NAMES = frozenset({"split", "splits", "set", "subset", "partition", "data_split", "dataset_split",
                                 "split_name", "set_name"})
_FLAG_VALUES = frozenset({"0", "1", "true", "false", "yes", "no", "y", "n", "t", "f"})
_CODE = re.compile(r"[a-z0-9]{1,2}")


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


def coded_split_column(header: Sequence[str], data: Sequence[Sequence[str]], skip: Sequence[int] = ()) -> int | None:
    """The column (none of `skip`) named as a split column is (`split`, `partition`; a flag `is_train` of 0/1) whose
    cells repeat two to `_MOST_SPLITS` codes, none a split's word; None where there is none. Its codes' meaning is
    the user's to give: none is guessed.

    >>> coded_split_column(["image", "label", "split"], [["a.jpg", "cat", "A"], ["b.jpg", "dog", "B"], ["c.jpg", "cat", "A"]])
    2
    >>> coded_split_column(["image", "label", "is_train"], [["a.jpg", "cat", "1"], ["b.jpg", "dog", "0"], ["c.jpg", "cat", "1"]])
    2
    >>> coded_split_column(["image", "label", "set"], [["a.jpg", "cat", "s1"], ["b.jpg", "dog", "s2"], ["c.jpg", "cat", "s3"]])
    >>> coded_split_column(["image", "label", "test"], [["a.jpg", "cat", "4.5"], ["b.jpg", "dog", "3"], ["c.jpg", "cat", "4.5"]])
    >>> coded_split_column(["id", "label", "set"], [["1", "cat", "Casual"], ["2", "dog", "Sports"], ["3", "cat", "Casual"]])
    """
    for c, name in enumerate(header):
        cells = [row[c].strip().lower() for row in data if len(row) > c and row[c].strip()]
        values = set(cells)
        if c in skip or len(cells) * 2 <= len(data) or not 2 <= len(values) <= _MOST_SPLITS or len(values) >= len(cells):
            continue  # (a few codes, repeated, in most rows)
        if any(split_word(value) for value in values) or not all(_CODE.fullmatch(v) or v in _FLAG_VALUES for v in values):
            continue  # (split words: `split_cell_columns`' where most cells are, else no splits)
        lowered = name.strip().lower()
        if lowered in _SPLIT_COLUMN_NAMES or (split_word(lowered) and lowered not in _LABEL_NAMES and values <= _FLAG_VALUES):
            return c
    return None


def _is_flag(data: Sequence[Sequence[str]], column: int) -> bool:
    return {row[column].strip().lower() for row in data if len(row) > column and row[column].strip()} <= _FLAG_VALUES


def _more_flags(header: Sequence[str], data: Sequence[Sequence[str]], skip: list[int]) -> list[int]:
    """The other 0/1 flag columns named by a split beside a first (Bee vs Wasp's `is_validation` beside
    `is_final_validation`: the splits are the two read together, train where neither is set)."""
    found: list[int] = []
    while (column := coded_split_column(header, data, skip=[*skip, *found])) is not None and _is_flag(data, column):
        found.append(column)
    return found


def check_coded_split_column(path: str, header: Sequence[str], data: Sequence[Sequence[str]], key: int,
                              label: int | None) -> None:
    """Stop where a keyed table's column named as its splits holds codes no split word reads (`coded_split_column`).

    Raises:
      UndecidedSplitCodes: naming the table, the column, its codes, and the layout file's `split codes` evidence that
        reads it.
    """
    named = [c for c, name in enumerate(header) if name.strip().lower() in _LABEL_NAMES]
    skip = [key, *named, *(() if label is None else (label,))]
    column = coded_split_column(header, data, skip=skip)
    if column is None:
        return
    columns = [column, *_more_flags(header, data, [*skip, column])] if _is_flag(data, column) else [column]
    every = sorted({"+".join(row[c].strip() for c in columns) for row in data if len(row) > max(columns) and row[column].strip()})
    codes = ", ".join(f"{value}: {PLACEHOLDER_SPLIT}" for value in every)
    variable = "+".join(header[c] for c in columns)
    said = (f"its column {header[column]!r} gives each its split by codes ({', '.join(every)})" if len(columns) == 1 else
            f"its flag columns {', '.join(repr(header[c]) for c in columns)}, each named by a split, give each its split "
            f"together, by their cells joined ({', '.join(every)}),")
    raise UndecidedSplitCodes(
        f"{path} names the inputs in its column {header[key]!r}, and {said} "
        f"no split word reads: read without it, every input would be written as one split. "
        f"Decide: a layout file whose evidence holds {{path: {path}, kind: split codes, variable: {variable}, "
        f"codes: {{{codes}}}, column: {key}, header: true}}, each SPLIT train, validation or test, beside the evidence "
        f"that reads its labels (--layout-file FILE, docs/layout-files.md); or --exclude {path} (the table left out)",
        path,
    )


def check_split_cells(path: str, header: Sequence[str], data: Sequence[Sequence[str]], key: int, label: int | None,
                      label_given: bool, splits_given: bool = False, splits_read: bool = True, codes_asked: bool = True) -> None:
    """Stop where a keyed table (`header`, its sampled `data`, its `key` column naming the inputs, its `label`
    column read as labels) has a column of split names other than the key that detection took for the labels
    (the splits as classes), or beside which no column is read as the labels (a score no name calls one). Beside
    another label column it is read as the splits (`split_codes`); where split folders give the splits
    (`splits_given`), the column repeats them. A column of codes (`check_coded_split_column`) is asked about
    here unless `codes_asked` is False: the caller asks later, with a guess to write (`label_file_splits`). A caller whose reading takes no split from the table (a label
    file's, `splits_read` False) stops beside a label column too: every input would be written as one split.

    Raises:
      UsageError: naming the table, the column, the splits it holds and `--label-column` with the other columns.
    """
    named = [c for c, name in enumerate(header) if name.strip().lower() in _LABEL_NAMES]  # `label`: classes (a train among buses)
    found = split_cell_columns(data, skip=(key, *named))
    if not found:
        if not splits_given and codes_asked:
            check_coded_split_column(path, header, data, key, label)  # `split` of A/B/C: its codes' meaning asked
        return
    column = found[0]
    if splits_given and label != column:
        return  # split folders give the splits the column repeats (Massachusetts Roads' metadata.csv): nothing is lost
    if (label_given or label not in (None, column)) and splits_read:
        return  # beside a label column (named, or found by its name) the column gives the splits: `split_codes`
    every = sorted({row[column].strip() for row in data if len(row) > column and row[column].strip()})
    shown = ", ".join(every[:4])
    # (the codes' meaning: a layout file's split codes without them are refused, "split codes need their meaning")
    codes = ", ".join(f"{value}: {(split_word(value.lower()) or value).lower()}" for value in every)
    votes = vote_count_columns(data, skip=(key, column))  # FER+'s ten emotions: counts, never a class column each
    others = [name for c, name in enumerate(header) if c not in (key, column, *votes)][:10]
    if label == column:
        read = "it was read as the labels (the splits as classes)"
    elif splits_read:
        read = "no other column is named as labels are"
    else:
        read = "a label file's reading takes no split from it, and every input would be written as one split"
    label_choice = (f"--label-column NAME names the label column (one of {', '.join(map(repr, others))}; a score is kept "
                    f"as written), and {header[column]!r} then gives each input's split; or " if splits_read and others else "")
    if votes:
        shown_votes = ", ".join(repr(header[c]) for c in votes[:10] if c < len(header))
        read += (f"; its columns {shown_votes} are vote counts, one per class (every row's the same panel's total): "
                 f"no class column each, and which counts make a class is the dataset's rule (a majority, a "
                 f"distribution), for the user to say")
        label_choice += (f"--labels {path} --label-from-votes majority (each row's class the column holding more than half "
                         f"of its votes, a row of none its reject: docs/converting.md); or ")
    raise UsageError(
        f"{path} names the inputs in its column {header[key]!r}, and its column {header[column]!r} names splits "
        f"({shown}), not classes: {read}. Decide: {label_choice}--exclude {path} (the table left out); or a layout "
        f"file whose evidence holds {{path: {path}, kind: split codes, variable: {header[column]}, codes: {{{codes}}}}} "
        f"(docs/layout-files.md)"
    )


def split_codes(table: Evidence, rows: Sequence[Sequence[str]]) -> Evidence | None:
    """SPLIT_CODES evidence over the keyed label table `table` (LABEL_LINES under a header, its key
    `table.column`), read from `rows` (its header first): its column of split names other than the key and
    the label, each row's split its cell's; None where it has none. A row whose cell names a split the sampled
    rows did not show is that row's reject (`converters/split_sources.split_rows`), never another split.

    >>> from shardify.plan.evidence import LABEL_LINES, KeyRule
    >>> table = Evidence("k.csv", LABEL_LINES, KeyRule(1, True), column=0, header=True, label_column=1)
    >>> found = split_codes(table, [["image", "MOS", "set"], ["a.jpg", "3.1", "training"], ["b.jpg", "2.5", "test"]])
    >>> found.variable, found.column, found.codes
    ('set', 0, (('test', 'test'), ('training', 'train')))
    >>> split_codes(table, [["image", "MOS"], ["a.jpg", "3.1"]]) is None
    True
    """
    if not table.header or table.label_column is None or table.key_template or len(rows) < 2:
        return None
    header, data = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    found = split_cell_columns(data, skip=(table.column, table.label_column, *table.label_also))
    if not found:
        return None
    column = found[0]
    values = sorted({row[column].strip() for row in data if row[column].strip()})
    codes = tuple((value, split_word(value.lower())) for value in values if split_word(value.lower()))
    counts = ", ".join(value for value, _ in codes)
    return Evidence(
        table.path, SPLIT_CODES, table.key, codes=codes, variable=header[column], column=table.column,
        note=f"{table.path}: each input's split, by its column {header[column]!r} ({counts}), beside its labels",
    )


def undecided_split_codes(table: Evidence, rows: Sequence[Sequence[str]]) -> Evidence | None:
    """SPLIT_CODES evidence over the keyed label table `table` (as `split_codes`) whose column named as splits
    holds codes no split word reads (`coded_split_column`), each code's split UNDECIDED_SPLIT: the guess a
    layout file holds for the user to decide; None where there is no such column.

    >>> from shardify.plan.evidence import LABEL_LINES, KeyRule
    >>> table = Evidence("k.csv", LABEL_LINES, KeyRule(1, True), column=0, header=True, label_column=1)
    >>> found = undecided_split_codes(table, [["image", "label", "split"], ["a.jpg", "cat", "A"], ["b.jpg", "dog", "B"], ["c.jpg", "cat", "A"]])
    >>> found.variable, found.codes
    ('split', (('A', '?'), ('B', '?')))
    >>> undecided_split_codes(table, [["image", "label", "set"], ["a.jpg", "cat", "train"], ["b.jpg", "dog", "test"]]) is None
    True
    """
    if not table.header or table.label_column is None or len(rows) < 2:
        return None
    header, data = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    named = [c for c, name in enumerate(header) if name.strip().lower() in _LABEL_NAMES]
    column = coded_split_column(header, data, skip=(table.column, table.label_column, *named))
    if column is None:
        return None
    values = sorted({row[column].strip() for row in data if row[column].strip()})
    return Evidence(
        table.path, SPLIT_CODES, table.key, codes=tuple((value, UNDECIDED_SPLIT) for value in values), variable=header[column],
        column=table.column, note=f"{table.path}: each input's split, by its column {header[column]!r} of codes undecided",
    )
