"""Whole numbers written in a file's cell, read without Python's int() limit getting in the way.

`int()` refuses a string of more than 4,300 digits with a ValueError that advises raising
`sys.set_int_max_str_digits`: from a crafted or broken cell (a label, a class id, a split or
column number) that surfaced as exit 1 naming no file. It also reads what no table means as a
number ('²' passes `str.isdigit()` and fails int(); '1_000' and '٣' pass int()). Every cell
that is read as a whole number goes through `whole_number`, so a too-long one is simply not a
number and the caller's own reason (a reject, a stop naming the file) follows. Decimals too:
`is_decimal` is the one reading of "this cell is a number" for the rules that count numeric
cells (box rows, scores, feature columns), spelled five times before with small differences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["MAX_DIGITS", "is_decimal", "numbers_per_line", "scores", "whole_at_most", "whole_number"]

# A decimal as a table writes one: sign, digits with an optional point (or a point and digits),
# an optional exponent; ASCII digits only (`\d` alone also takes '\u0663', which float() reads too).
_DECIMAL = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", re.ASCII)

# No count, index or id a dataset holds needs more (10^18 is past any row count or int64 id
# worth reading as a number); far below int()'s 4,300.
MAX_DIGITS = 18


def whole_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number `text` writes in plain ASCII digits (leading zeros allowed, no sign, no
    space), or None: not such a number, or more than `max_digits` significant digits.

    >>> [whole_number(t) for t in ("3", "007", "0", " 3", "-1", "²", "1_000", "9" * 19, "9" * 5000, "0" * 5000 + "4")]
    [3, 7, 0, None, None, None, None, None, None, 4]
    """
    digits = text.lstrip("0")  # (int() counts leading zeros against its limit too)
    if not (text.isascii() and text.isdigit()) or len(digits) > max_digits:
        return None
    return int(digits or "0")


def is_decimal(text: str) -> bool:
    """The whole of `text` is a decimal number (no spaces, no nan or inf: cells that say those
    are no measurement a rule should count as one).

    >>> [is_decimal(t) for t in ("3", "-0.5", ".5", "+1e-3", "1.", " 3", "nan", "\u0663", "1,5", "")]
    [True, True, True, True, True, False, False, False, False, False]
    """
    return _DECIMAL.fullmatch(text) is not None


def scores(cells: Sequence[str]) -> bool:
    """Most `cells` are decimal numbers, some not whole (`2.883`, a MOS column): scores kept as written, where a
    cell that is none (`nan`, `?`) is its row's reject, never a class beside the scores (`Evidence.label_scores`,
    a `--labels` table's label column).

    >>> scores(["2.5", "3.75", "nan"]), scores(["2", "3"]), scores(["cat", "nan", "2.5"]), scores([])
    (True, False, False, False)
    """
    numbers = [cell for cell in cells if is_decimal(cell)]
    return len(numbers) * 2 > len(cells) and any(not cell.lstrip("+-").isdigit() for cell in numbers)


def whole_at_most(text: object, limit: int) -> bool:
    """A cell (spaces around it allowed) holding a whole number from 0 to `limit`.

    >>> [whole_at_most(t, 255) for t in ("255", " 12 ", "256", "9" * 5000, 3, None)]
    [True, True, False, False, False, False]
    """
    found = whole_number(text.strip()) if isinstance(text, str) else None
    return found is not None and found <= limit


def numbers_per_line(lines: list[str]) -> list[int] | None:
    """How many whole numbers each non-blank line holds, where every one holds whole numbers alone
    (DailyDialog's `dialogues_emotion.txt`, a number an utterance; `3`, `0 0 4 1`); None where a
    line holds anything else, or no line is non-blank: labels or annotations of other lines, no texts.

    >>> numbers_per_line(["3", "0 4 1", ""]), numbers_per_line(["3", "a cat"]), numbers_per_line([""])
    ([1, 3], None, None)
    """
    counts = []
    for line in lines:
        words = line.split()
        if not words:
            continue
        if not all(whole_number(word) is not None for word in words):
            return None
        counts.append(len(words))
    return counts or None
