"""A table whose rows name their files by several columns at once.

Most label tables name a file in one column (`image_id`). Some build the name from several:
Chinese MNIST's `chinese_mnist.csv` is `suite_id,sample_id,code,value,character`, its images
`data/input_<suite_id>_<sample_id>_<code>.jpg`; no one column names an image, and the table was
no label table (the run stopped naming nothing that helps). The sign is in the files' names:
their stems are words joined by one character (`_` or `-`), some the same in every stem
(`input`), the others varying; an order of as many columns whose values, put in the varying
places, give the stems of (nearly) every row read is the key. One such order is read as a key
template (`input_{0}_{1}_{2}`, column numbers from 0: `Evidence.key_template`); two that fit
equally are no reading (a guess that could be wrong).

Plain functions of the header, the rows read and the inputs' stems; no I/O.
"""

from __future__ import annotations

import itertools
import re
import string
from collections import Counter
from collections.abc import Sequence

__all__ = ["composite_key", "check_template", "key_of"]

# Joiners of the words of a stem built from columns.
_JOINERS = ("_", "-")
# Columns a key is built from, at most, and columns of the table tried (their orders are counted
# in the thousands at most).
_MOST_KEY_COLUMNS = 3
_MOST_COLUMNS_TRIED = 12
# Share of the rows read whose key must name an input.
_MOST = 0.8


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def composite_key(
    header: Sequence[str], data: Sequence[Sequence[str]], stems: Sequence[str], labels: Sequence[str] = ()
) -> str | None:
    """The key template of the rows (`input_{0}_{1}_{2}`), or None where no single order of
    columns builds the inputs' stems. Orders that all fit and give each key the same label
    (`labels`, a row's each: two columns of the same few values, swapped) are one reading: the
    first in the header's order is taken.

    >>> header = ["suite_id", "sample_id", "code", "value"]
    >>> data = [["1", "1", "10", "9"], ["1", "2", "10", "9"], ["2", "1", "3", "2"]]
    >>> composite_key(header, data, ["input_1_1_10", "input_1_2_10", "input_2_1_3"])
    'input_{0}_{1}_{2}'
    """
    known = set(stems)
    if len(data) < 2 or not known:
        return None
    found: dict[str, dict[str, str]] = {}  # template -> {key: label}
    for joiner in _JOINERS:
        words = [stem.split(joiner) for stem in known]
        width, _ = Counter(len(w) for w in words).most_common(1)[0]
        shaped = [w for w in words if len(w) == width]
        varying = [i for i in range(width) if len({w[i] for w in shaped}) > 1]
        if not 2 <= len(varying) <= _MOST_KEY_COLUMNS or width < 2:
            continue
        fixed = {i: _escaped(shaped[0][i]) for i in range(width) if i not in varying}
        columns = range(min(len(header), _MOST_COLUMNS_TRIED))
        for order in itertools.permutations(columns, len(varying)):
            places = dict(zip(varying, order))
            template = joiner.join(f"{{{places[i]}}}" if i in places else fixed[i] for i in range(width))
            keys = [key_of(template, row) for row in data]
            if len(set(keys)) == len(keys) and sum(key in known for key in keys) >= _MOST * len(keys):
                found[template] = dict(zip(keys, labels)) if labels else {}
    readings = {tuple(sorted(given.items())) for given in found.values()}
    if not found or len(readings) > 1 or (len(found) > 1 and not labels):
        return None
    return min(found, key=lambda template: [int(n) for n in re.findall(r"\{(\d+)\}", template)])


def key_of(template: str, cells: Sequence[str]) -> str:
    """A row's key by its template; "" where the template names a column the row lacks."""
    try:
        return template.format(*(cell.strip() for cell in cells))
    except (IndexError, ValueError):
        return ""


def check_template(template: str) -> None:
    """A key template holds only column numbers (`{0}`) in braces and literal text.

    Raises:
      ValueError: a field that is no column number (`{0.__class__}`, `{x}`) or an unpaired brace.
    """
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as error:
        raise ValueError(f"key template {template!r}: {error}") from None
    fields = [(field, spec, conv) for _, field, spec, conv in parsed if field is not None]
    if not fields or not all(field.isascii() and field.isdigit() and not spec and not conv for field, spec, conv in fields):
        raise ValueError(f"key template {template!r}: fields must be column numbers from 0 in braces ({{0}}), nothing else")
