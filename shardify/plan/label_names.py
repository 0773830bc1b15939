"""Label names as users will read them: one spelling per name that prints alike.

Labels come from folder names, table cells, label files and `--label-names`, and the same word
arrives in different code points: macOS writes folder names decomposed (NFD: "e" + U+0301), most
tools compose them (NFC: U+00E9); a spreadsheet export may leave a byte-order mark inside a cell.
Every label is normalised here, in one place, so that two labels never print the same: NFC, a BOM
and surrounding white space removed. Names that would still print like another (holding control
or invisible formatting characters, such as a zero-width space) are refused with the reason.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable

from shardify.errors import InvalidInputError
from shardify.plan.known_names import known_order

__all__ = ["MAX_LABEL_CHARS", "normalise_label", "label_order", "numbering_base"]

_BOM = "\ufeff"
# Invisible "format" characters that do change what is printed: joiners inside emoji and scripts
# that need them (between two such characters only: `_joins`).
_VISIBLE_FORMAT_CHARACTERS = frozenset({"\u200c", "\u200d"})
# The longest name a label may have, wherever it comes from: a class name is a few words. A VOC
# object's <name> of 20,000 characters was written as a class with exit 0 (table cells were capped
# so in `converters/label_cells.py`; XML, JSON and list files were not).
MAX_LABEL_CHARS = 1000


def normalise_label(name: str) -> str:
    """`name` in NFC, with byte-order marks and surrounding white space removed.

    >>> normalise_label("\\ufeffcafe\\u0301 ") == "caf\\u00e9"
    True

    Raises:
      InvalidInputError: the name holds a control character or an invisible formatting character
        (it would print the same as another name), or is longer than MAX_LABEL_CHARS.
    """
    text = unicodedata.normalize("NFC", name.replace(_BOM, "")).strip()
    if len(text) > MAX_LABEL_CHARS:
        raise InvalidInputError(f"label {text[:40]!r}... of {len(text):,} characters: no class name (a text, or a damaged "
                                "file, where a label belongs)")
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if category == "Cc" or (category == "Cf" and (char not in _VISIBLE_FORMAT_CHARACTERS or not _joins(text, i))):
            raise InvalidInputError(
                f"label {text!r} holds the control or invisible character U+{ord(char):04X}: "
                "it would print like another label"
            )
    return text


def _joins(text: str, i: int) -> bool:
    """The joiner at `text[i]` stands between two characters it can join: neither an edge, a space,
    ASCII (Latin letters print alike joined or not: 'ca\u200dt' is 'cat') nor another joiner. A joiner
    at a label's edge joins nothing: '\u200dcat' printed as 'cat' beside it, a class twice.

    >>> [_joins(t, t.index(j)) for t, j in (("\u0645\u200c\u06cc", "\u200c"), ("\U0001F468\u200d\U0001F469", "\u200d"),
    ...                                     ("\u200dcat", "\u200d"), ("cat\u200c", "\u200c"), ("ca\u200dt", "\u200d"))]
    [True, True, False, False, False]
    """
    if i == 0 or i == len(text) - 1:
        return False
    return all(not c.isascii() and not c.isspace() and c not in _VISIBLE_FORMAT_CHARACTERS for c in (text[i - 1], text[i + 1]))


def label_order(labels: Iterable[str]) -> list[str]:
    """Labels in index order where no vocabulary gives one: in the documented order of a known set
    (`known_names.KNOWN_LABEL_ORDERS`), else by name, or by value where every label is a number (class folders `0` .. `999`: folder `10` is index 10, not 2 as sorted text would
    put it; numbers 0 .. N-1 are then their own index).

    >>> label_order(["10", "2", "0", "1"])
    ['0', '1', '2', '10']
    >>> label_order(["dog", "cat", "10"])
    ['10', 'cat', 'dog']
    """
    found = sorted(set(labels))
    documented = known_order(found)
    if documented:  # a set whose dataset numbers it otherwise (MNLI: entailment, neutral, contradiction)
        return list(documented)
    if found and all(label.isascii() and label.isdigit() for label in found):
        return sorted(found, key=lambda label: (int(label), label))
    return found


def numbering_base(numbers: Collection[int], num_names: int, known: int | None = None) -> int | None:
    """The number of the first name, for labels written as numbers mapped through `num_names`
    names: `known` where the dataset's documentation says it (`known_names.py`); 0 where a 0
    occurs; 1 where the last name's number (`num_names`) occurs; else None: a part of a dataset
    (one split, a subset) numbered 1 .. k < N could count from 0 or from 1, and guessing would
    shift every label.

    >>> numbering_base({0, 3}, 4), numbering_base({1, 4}, 4), numbering_base({1, 2}, 4), numbering_base({1, 2}, 4, 1)
    (0, 1, None, 1)
    """
    if known is not None:
        return known
    if 0 in numbers:
        return 0
    if num_names in numbers:
        return 1
    return None
