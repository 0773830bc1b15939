"""One number written two ways among a plan's labels: `-1.0` beside `-1`, `1.0` beside `1` (a float's spelling).

Why a module of its own: each table's label column is read right on its own terms, and only the plan sees all
the labels together. A table written by pandas from a float column (a class number column with an empty cell
becomes float64) spells its classes `-1.0`, `0.0`, `1.0`; a sibling table of the same kind, written without an
empty cell, spells them `-1`, `0`, `1`. Read as they stand, the plan wrote six labels for three classes, each
class split in two that training treats as different, exit 0 (blind45: the Twitter and Reddit sentiment CSVs).
The sign is the labels alone, dataset-blind: two labels that are the same decimal number, spelled differently.
Which spelling is meant the files do not say, so the plan stops naming the spellings and the files that gave
labels: `--label-alias '1.0=1'` writes each number one way (mend49b), or the user writes the numbers one way in
the files, or leaves the files of one spelling out with an --exclude. Labels that are numbers spelled one way each (`0`, `1`, `2`), or
names, are no sign.

Plain functions of the plan's labels; no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shardify.inputs.whole_numbers import is_decimal

__all__ = ["number_spellings"]

# Groups of spellings named in the message.
_SHOWN = 3


def _value(label: str) -> float | None:
    """The number `label` writes, or None (not a decimal, or no finite number)."""
    text = label.strip()
    if not is_decimal(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None  # (1e999 is a decimal that float() reads as inf)


def number_spellings(labels: Iterable[str], sources: Iterable[str] = ()) -> str:
    """The refusal where two of `labels` are one number spelled two ways, or "". `sources`: the files the
    labels were read from, as plans show them.

    >>> number_spellings(["-1", "-1.0", "0", "0.0", "1", "1.0"], ["Twitter_Data.csv", "Reddit_Data.csv"])[:70]
    "labels '-1' and '-1.0', '0' and '0.0', '1' and '1.0' are each one numb"
    >>> number_spellings(["0", "1", "2"]), number_spellings(["2.5", "3.75"]), number_spellings(["cat", "dog"])
    ('', '', '')
    >>> number_spellings(["00000", "0", "00014", "14"])
    ''

    """
    by_value: dict[float, list[str]] = {}
    for label in sorted(set(labels)):
        value = _value(label)
        if value is not None:
            by_value.setdefault(value, []).append(label)
    # (a float's spelling among them, `1.0` or `1e0`: zero-padded class numbers, GTSRB's folder `00014` beside its
    # test table's ClassId `14`, are one class by `Evidence.label_digits`, no sign)
    twins = [spellings for _, spellings in sorted(by_value.items())
             if len(spellings) > 1 and any(mark in spelling for spelling in spellings for mark in ".eE")]
    if not twins:
        return ""
    shown = ", ".join(" and ".join(repr(s) for s in spellings) for spellings in twins[:_SHOWN])
    more = f" and {len(twins) - _SHOWN} more" if len(twins) > _SHOWN else ""
    files = sorted(set(sources))
    read = f" (labels read from {', '.join(files)})" if files else ""
    # (mend49b: `--label-alias` merges labels; each spelling as the plainest of its number's, `1.0` as `1`)
    merge = ",".join(
        f"{s}={plain}"
        for spellings in twins
        for plain in [min(spellings, key=lambda x: (any(m in x for m in ".eE"), len(x), x))]
        for s in spellings
        if s != plain
    )
    return (
        f"labels {shown}{more} are each one number spelled two ways{read}: written as they stand, each class would "
        f"be two that training tells apart; --label-alias '{merge}' writes each number one way, or write the numbers "
        "one way in the files (a table saved from a float column spells 1 as 1.0), or leave the files of one "
        "spelling out with an --exclude"
    )
