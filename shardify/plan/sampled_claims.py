"""What detection read in a column's sampled cells, confirmed over every record before anything is written.

Why a module of its own: detection reads each table's first rows (`tables.SAMPLE_ROWS`), and some rules decide
from them what the user would otherwise be asked: the class of a table of measurements (`measurement_classes`,
from `text_columns` and `documented_classes`), a table's label column by its content (`decided_labels`). A
sample is not the file: a `target` of 0/1 in its first 200 rows and 300 values further down was written as 302
classes, exit 0 (review34's finding); a `class` of one value in every row was written as one label, which
classifies nothing. Issue 30's line: nothing wrong with exit 0.

One mechanism for every such rule. A rule that decides from sampled cells says what it read there (a
`SampledClaim`: its kind, the column, the files); the decision carries it into the layout
(`SourceLayout.sampled_claims`): `files_decide.DecidedByFiles` for the rules whose stop the files decide,
`table_agreement` for the label column short headerless tables follow, and the scan's plan line for a headerless
table's label column found by its cells (`BY_CELLS`, read back by `claims_in_notes`: the scan runs in the
pipeline's workers). The plan, which counts every record's label before any shard is
written, confirms it (`unconfirmed`, from `checks.wrong_guess`) or refuses the plan (exit 2, nothing written),
naming the files, what the whole column holds and the options that decide. What each kind must hold over every
record is data, `_KINDS`: a new rule adds a row, not a check of its own.

Plain functions of counts, no I/O.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from shardify.converters.label_content import MAX_LABEL_NUMBER as _MAX_LABEL_NUMBER  # a larger number: a count, an id
from shardify.plan.measurement_classes import FEW_CLASSES as _FEW_CLASSES  # more values: no classes

__all__ = ["BY_CELLS", "CLASSES", "LABELS", "NUMBERS", "WHOLE", "SampledClaim", "breaks", "claims_in_notes", "unconfirmed"]

CLASSES = "classes"  # the class of a table of measurements: few values, repeated, words or whole numbers
LABELS = "labels"  # a label column read by its content (`label_content.label_kind`): repeated words or numbers
NUMBERS = "numbers"  # a label column named so whose sampled cells are whole numbers: class numbers, no fraction

# Said in a table's plan line after a label column the scan found by its sampled cells, no name (`columns.TableColumns`),
# and read back from it here: the scan runs in the pipeline's workers, its lines are what reaches the plan.
BY_CELLS = "found by its cells in the first rows"
# Said so after a label column found by its name whose sampled cells are whole numbers (a score column of fractions
# stops: `label_scores`), read back alike: a fraction further down (0.5 among 0/1) would be a class of its own.
WHOLE = "whole numbers in the first rows"
_SAMPLED_ROWS = 50  # as `tables.SAMPLE_ROWS` (a test holds them equal): the rows detection reads of a table
_SHOWN = 5  # values named in a refusal
_MISSING = frozenset({"", "?", "NA", "N/A", "NaN", "nan", "NULL", "null", "None"})  # as attribute_rows.MISSING_CELLS
_WHOLE = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


@dataclass(frozen=True)
class SampledClaim:
    """A decision taken from a column's sampled cells, which every record's label must bear out.

    Attributes:
      kind: what the sample showed, one of `_KINDS` (CLASSES, LABELS).
      column: the column decided (its name, or its number from 1 in a headerless table).
      files: the tables whose sampled cells decided it.
    """

    kind: str
    column: str
    files: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"claim kind {self.kind!r} is not one of {', '.join(_KINDS)}")
        if not self.column or not self.files:
            raise ValueError("a sampled claim names its column and the files that showed it")


def _shown(values: Sequence[str]) -> str:
    head = ", ".join(repr(v) for v in values[:_SHOWN])
    return head + (f" and {len(values) - _SHOWN} more" if len(values) > _SHOWN else "")


def _common(counts: Mapping[str, int]) -> str:
    """What breaks a measurement table's class column, or "": one value in every row, a value for each row, a cell
    that is no value, a fraction."""
    values = sorted(counts)
    total = sum(counts.values())
    if len(values) == 1:
        return f"holds one value, {values[0]!r}, in all {total} rows: one class classifies nothing"
    if total >= 3 and len(values) == total:
        return f"holds a value of its own in each of its {total} rows ({_shown(values)}): an id, no class"
    missing = [v for v in values if v.strip() in _MISSING]
    if missing:
        return f"holds cells that are no value ({_shown(missing)}): missing classes"
    return _fractions(counts)


def _classes(counts: Mapping[str, int]) -> str:
    if len(counts) > _FEW_CLASSES:
        return (
            f"holds {len(counts)} values over {sum(counts.values())} rows ({_shown(sorted(counts))}): more than "
            f"{_FEW_CLASSES}, a measurement, no class"
        )
    return _common(counts)


def _fractions(counts: Mapping[str, int]) -> str:
    """Numbers that are not whole (`0.5`; `2.0` is a whole number spelled as a float: `number_spellings`' stop)."""
    fractions = [v for v in counts if _NUMBER.fullmatch(v.strip()) and math.isfinite(x := float(v)) and x != int(x)]
    return f"holds numbers with a fraction ({_shown(sorted(fractions))}): a measurement or a score, no class" if fractions else ""


def _labels(counts: Mapping[str, int]) -> str:
    """A label column by its content, as `label_content.label_kind` read the sample: values repeated (checked
    only past the sample's rows: a table no longer than the sample was read whole, and a headerless table's first
    column of class numbers is taken unrepeated, AG News' 4 rows of 4 classes), no count or id, no fraction."""
    total = sum(counts.values())
    if total > _SAMPLED_ROWS and len(counts) * 2 > total:
        return (
            f"holds {len(counts)} values over {total} rows ({_shown(sorted(counts))}): more than one in two, "
            "an id or a text, no label"
        )
    large = [v for v in counts if _WHOLE.fullmatch(v.strip()) and abs(int(v)) > _MAX_LABEL_NUMBER]
    if large:
        return f"holds whole numbers over {_MAX_LABEL_NUMBER} ({_shown(sorted(large))}): counts or ids, no classes"
    return _fractions(counts)


# kind -> (what the column was read as, what the sample showed, the test every record's labels must pass: why not, or "", the options that decide
# where they do not; {c} the column as an option writes it)
_KINDS: dict[str, tuple[str, str, Callable[[Mapping[str, int]], str], str]] = {
    CLASSES: (
        "the class",
        f"at most {_FEW_CLASSES} values, repeated",
        _classes,
        ("--text-column none --keep-columns '*' --label-column {c} keeps it the class as written; --label-column names another"),
    ),
    LABELS: (
        "the label",
        "repeated words or class numbers",
        _labels,
        (
            "--label-column {c} keeps it the label as written, --keep-columns {c} a feature of unlabelled records; "
            "--label-column names another"
        ),
    ),
    NUMBERS: (
        "the class numbers",
        "whole numbers",
        _fractions,
        (
            "--label-column {c} keeps each value a label as written, --keep-columns {c} a feature of unlabelled "
            "records; --label-column names another"
        ),
    ),
}


def breaks(kind: str, counts: Mapping[str, int]) -> str:
    """Why every record's labels (label -> records) break what a claim of `kind` read in the sample, or "".

    >>> breaks(CLASSES, {"0": 100, "1": 100}), breaks(CLASSES, {"Iris-setosa": 50, "Iris-virginica": 50})
    ('', '')
    >>> breaks(CLASSES, {"0": 100, "1": 100, **{str(i): 1 for i in range(200, 500)}})[:25]
    'holds 302 values over 500'
    >>> breaks(CLASSES, {"1": 60})
    "holds one value, '1', in all 60 rows: one class classifies nothing"
    >>> breaks(CLASSES, {"0": 9, "1": 9, "2.5": 1})[:31], breaks(LABELS, {"ham": 40, "spam": 9})
    ('holds numbers with a fraction (', '')
    >>> breaks(NUMBERS, {"0": 9, "1.0": 9, "1e400": 1}), breaks(NUMBERS, {"0": 9, "1": 9, "0.5": 1})[:36]
    ('', "holds numbers with a fraction ('0.5'")
    >>> breaks(LABELS, {"EAP": 40, **{f"author {i}": 1 for i in range(60)}})[:26], breaks(LABELS, {"1": 1, "2": 1})
    ('holds 61 values over 100 r', '')
    """
    return _KINDS[kind][2](counts)


_CLAIMED_LINE = re.compile(r"label = (?:column (\d+)|'(.*?)') \((" + re.escape(BY_CELLS) + "|" + re.escape(WHOLE) + r")\)")


def claims_in_notes(table_notes: Iterable[tuple[str, str]]) -> tuple[SampledClaim, ...]:
    """The claims of the tables whose plan line (table, how it was read) says its label column was found by its
    sampled cells (`BY_CELLS`: a LABELS claim) or named so with whole numbers there (`WHOLE`: a NUMBERS claim), one
    claim per column, naming its tables.

    >>> claims_in_notes([("train.csv", f"no header row; text = column 2, label = column 1 ({BY_CELLS})"),
    ...                  ("test.csv", f"no header row; text = column 2, label = column 1 ({BY_CELLS})"),
    ...                  ("b.csv", f"text = 'text', label = 'label' ({WHOLE})"), ("c.csv", "label = 'y'")])
    (SampledClaim(kind='labels', column='1', files=('test.csv', 'train.csv')), SampledClaim(kind='numbers', column='label', files=('b.csv',)))
    """
    by_column: dict[tuple[str, str], list[str]] = {}
    for table, reading in sorted(table_notes):
        found = _CLAIMED_LINE.search(reading)
        if found:
            kind = LABELS if found.group(3) == BY_CELLS else NUMBERS
            by_column.setdefault((kind, found.group(1) or found.group(2)), []).append(table)
    return tuple(SampledClaim(kind, column, tuple(tables)) for (kind, column), tables in sorted(by_column.items()))


def unconfirmed(claims: Sequence[SampledClaim], counts: Mapping[str, int]) -> str:
    """The plan's refusal where every record's labels (label -> records, all splits) break a claim taken from
    sampled rows, naming its files, what the whole column holds and the options that decide; else "".

    >>> claim = SampledClaim(CLASSES, "target", ("heart.csv",))
    >>> print(unconfirmed([claim], {"1": 60}))  # doctest: +NORMALIZE_WHITESPACE
    heart.csv: 'target' was read as the class from its first rows (at most 20 values, repeated), but over every row
    it holds one value, '1', in all 60 rows: one class classifies nothing; nothing was written.
    --text-column none --keep-columns '*' --label-column target keeps it the class as written;
    --label-column names another
    >>> unconfirmed([claim], {"0": 30, "1": 30})
    ''
    """
    counts = {label: n for label, n in counts.items() if n}  # (a vocabulary's names no record holds: not the column's)
    for claim in claims:
        read_as, showed, _, remedy = _KINDS[claim.kind]
        why = breaks(claim.kind, counts)
        if why:
            column = claim.column if re.fullmatch(r"[\w.-]+", claim.column) else repr(claim.column)
            shown = f"column {claim.column}" if claim.column.isdigit() else repr(claim.column)
            return (
                f"{', '.join(claim.files)}: {shown} was read as {read_as} from its first rows ({showed}), but "
                f"over every row it {why}; nothing was written. {remedy.format(c=column)}"
            )
    return ""
