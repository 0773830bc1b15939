"""Kept columns (`--keep-columns`) as typed features: each column's dtype is the narrowest that
holds every value of it over all rows (int64 < float32 < string), merged across tables, and each
cell written as that dtype's value.
"""

from __future__ import annotations

import json
import math
import re

from shardify.format.example_proto import BYTES, FLOAT, INT64
from shardify.inputs.whole_numbers import whole_number

__all__ = ["value_dtype", "merge_dtypes", "convert_value"]


_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INT64_RANGE = range(-(1 << 63), 1 << 63)
_FLOAT32_MAX = 3.4028234663852886e38  # larger floats would be stored as infinity


def _int64(text: str) -> int | None:
    """`text` (`_INTEGER`'s spelling) as an int64, or None: out of range, or past int()'s 4,300
    digits (a ValueError naming no file), which whole_number does not read."""
    sign = -1 if text[:1] == "-" else 1
    number = whole_number(text.lstrip("+-"), 19)
    return None if number is None or sign * number not in _INT64_RANGE else sign * number


def _is_float32(value: float) -> bool:
    return math.isfinite(value) and abs(value) <= _FLOAT32_MAX


def value_dtype(value: object) -> str:
    """The narrowest feature dtype that holds `value` (a CSV string or a JSON value). Text is a
    number only when it is written the plain ASCII way: Python's int() also reads "1_000" and
    "٣", which a table means as text."""
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        return BYTES
    if isinstance(value, int):
        return INT64 if value in _INT64_RANGE else BYTES
    if isinstance(value, float):
        return FLOAT if _is_float32(value) else BYTES
    text = str(value).strip()
    if _INTEGER.fullmatch(text):
        return BYTES if _int64(text) is None else INT64
    if _DECIMAL.fullmatch(text):
        return FLOAT if _is_float32(float(text)) else BYTES
    return BYTES


def merge_dtypes(a: str, b: str) -> str:
    """The dtype that holds values of both: int64 < float32 < string."""
    order = (INT64, FLOAT, BYTES)
    return order[max(order.index(a), order.index(b))]


def convert_value(value: object, dtype: str) -> bytes | int | float:
    """A cell as the feature value of `dtype` (which `value_dtype` allowed for it)."""
    if dtype == INT64:
        return value if isinstance(value, int) else _int64(str(value).strip())  # type: ignore[return-value]
    if dtype == FLOAT:
        return float(value) if isinstance(value, (int, float)) else float(str(value).strip())
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, bytes):  # a Parquet binary column
        return value
    # default=str: a Parquet cell can be a date, a decimal or a timestamp
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str).encode("utf-8")

