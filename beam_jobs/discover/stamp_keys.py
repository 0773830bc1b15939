"""Stamp keys: one 64-bit key per (relative path, size, modification time, inode), computed over
whole columns with NumPy, so that rows kept in OUT (the kept probes, see recall.py) are found by
their input's path and stamp without a Python object or a Python call per kept row.

    keys = stamp_keys(paths, path_ends, size, mtime_ns, inode)   # uint64 per row
    queries: the same function over the paths and stamps of a batch of inputs

The key mixes a polynomial hash of the path's UTF-8 bytes (mod 2^64) with the three numbers
(splitmix64's finaliser after each), so rows that share a stamp (hard links: one inode, one size,
one time) or a path (one file re-probed after a change) still get keys of their own. A key is only
where to look: whoever finds a row by it compares the path and the stamp exactly.

Building the keys this way replaced a BLAKE2b hash per row, computed in Python when a worker
loaded the kept probes: about 3 µs a kept row, paid by every process that read them, in a resume
or an append of a large output alike (24 ms for 8,000 rows; 2026-11-27).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

__all__ = ["stamp_keys", "keys_of"]

# The polynomial's multiplier (the 64-bit FNV prime: odd, so no byte is lost to the modulus).
_MULTIPLIER = np.uint64(0x100000001B3)
# splitmix64's finaliser (Steele, Lea and Flood 2014): every input bit moves about half the output bits.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1, _MIX_2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_SHIFTS = (np.uint64(30), np.uint64(27), np.uint64(31))

_powers = np.ones(1, np.uint64)  # _MULTIPLIER ** k mod 2^64 for k below its length, grown on demand


def _powers_below(length: int) -> np.ndarray:
    global _powers
    if len(_powers) < length:
        grown = np.empty(length, np.uint64)
        grown[0] = 1
        grown[1:] = np.cumprod(np.full(length - 1, _MULTIPLIER, np.uint64))  # wraps mod 2^64, as intended
        _powers = grown
    return _powers[:length]


def _mix(values: np.ndarray) -> np.ndarray:
    z = values + _GOLDEN
    z = (z ^ (z >> _SHIFTS[0])) * _MIX_1
    z = (z ^ (z >> _SHIFTS[1])) * _MIX_2
    return z ^ (z >> _SHIFTS[2])


def _path_hashes(paths: np.ndarray, path_ends: np.ndarray) -> np.ndarray:
    """sum((byte + 1) * M^position) mod 2^64 of each path cut from `paths` by `path_ends`
    (non-decreasing, the last the blob's length: as recall.py checks a kept file's)."""
    rows = len(path_ends)
    if not rows or not len(paths):
        return np.zeros(rows, np.uint64)
    starts = np.zeros(rows, np.int64)
    starts[1:] = path_ends[:-1]
    lengths = path_ends.astype(np.int64) - starts
    positions = np.arange(len(paths), dtype=np.int64) - np.repeat(starts, lengths)
    terms = (paths.astype(np.uint64) + np.uint64(1)) * _powers_below(int(lengths.max()))[positions]
    sums = np.add.reduceat(terms, np.minimum(starts, len(paths) - 1))
    sums[lengths == 0] = 0  # reduceat gives an empty segment the term at its start
    return sums


def stamp_keys(
    paths: np.ndarray, path_ends: np.ndarray, size: np.ndarray, mtime_ns: np.ndarray, inode: np.ndarray
) -> np.ndarray:
    """The key of each row (uint64), from its path (UTF-8 bytes in `paths`, cut by `path_ends`)
    and its stamp. Negative times (before 1970) count as their two's complement, on both sides.

    >>> one = stamp_keys(np.frombuffer(b"a/b.jpg", np.uint8), np.array([7]), np.array([10]), np.array([5]), np.array([7], np.uint64))
    >>> bool(one[0] == keys_of(["a/b.jpg"], [(10, 5, 7)])[0]), bool(one[0] == keys_of(["a/b.jpg"], [(10, 6, 7)])[0])
    (True, False)
    """
    key = _mix(_path_hashes(paths, path_ends) ^ size.astype(np.uint64))
    key = _mix(key ^ mtime_ns.astype(np.int64).view(np.uint64))
    return _mix(key ^ inode.astype(np.uint64))


def keys_of(relpaths: Sequence[str], stamps: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """`stamp_keys` of inputs given one by one: relative paths and their (size, mtime_ns, inode)."""
    encoded = [relpath.encode("utf-8", "surrogateescape") for relpath in relpaths]
    count = len(encoded)
    return stamp_keys(
        np.frombuffer(b"".join(encoded), np.uint8),
        np.fromiter(itertools.accumulate(map(len, encoded)), np.int64, count),
        np.fromiter((stamp[0] for stamp in stamps), np.int64, count),
        np.fromiter((stamp[1] for stamp in stamps), np.int64, count),
        np.fromiter((stamp[2] for stamp in stamps), np.uint64, count),
    )
