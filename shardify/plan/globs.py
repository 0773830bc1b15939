"""Path globs from files we read (a dataset card's `data_files`, a layout file's split patterns),
matched in time linear in the path for each pattern token, whatever the pattern.

A glob translated to a regular expression (`*` -> `[^/]*`) backtracks: `*a*a*a*a*a*a*a*a*b` took
1.9 s against one 40-character name, and every extra `*` multiplies it, so a hostile card could
stall a conversion on each file it lists. Here a pattern is matched folder by folder: a `**`
folder spans any number of folders (a small table over pattern and path folders), and within one
folder name `*` and `?` are matched by the classic wildcard walk that goes back only to the last
`*` (at most len(pattern) x len(name) steps).

Syntax, as the Hugging Face Hub reads `data_files` patterns: `*` any characters within a folder
name, `?` one, `[abc]` / `[a-z]` / `[!a]` a class, `**` as a whole folder any folders (also none:
`data/**/x.csv` matches `data/x.csv`); `**` inside a name acts as `*`; a trailing `**` (`data/**`)
matches everything below (one folder or more: not `data` itself).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

__all__ = ["MAX_PATTERN_CHARS", "Glob", "class_end", "class_set", "compile_glob", "glob_match"]

# Patterns are short; a longer one is refused by the caller's check rather than matched.
MAX_PATTERN_CHARS = 1024

_STAR, _ONE = "*", "?"


def _tokens(segment: str) -> tuple[object, ...]:
    """A folder name's pattern as tokens: a literal character, _STAR, _ONE, or a class
    (negated, frozenset of chars, tuple of (low, high) ranges)."""
    out: list[object] = []
    i = 0
    while i < len(segment):
        char = segment[i]
        if char == "*":
            while i < len(segment) and segment[i] == "*":
                i += 1  # `**` inside a name is `*`
            out.append(_STAR)
            continue
        if char == "?":
            out.append(_ONE)
        elif char == "[" and class_end(segment, i) > 0:
            end = class_end(segment, i)
            out.append(class_set(segment[i + 1 : end]))
            i = end
        else:
            out.append(char)
        i += 1
    return tuple(out)


def class_end(segment: str, start: int) -> int:
    """The index of the `]` closing the class opened at `start`, or -1 (then `[` is a literal).
    A `]` right after `[` or `[!` belongs to the class."""
    j = start + 1
    if segment[j : j + 1] == "!":
        j += 1
    if segment[j : j + 1] == "]":
        j += 1
    return segment.find("]", j)


def class_set(body: str) -> tuple[bool, frozenset[str], tuple[tuple[str, str], ...]]:
    """(negated, characters, ranges) of a class's body, read as a regular expression reads `[...]`:
    `a-z` a range, a `-` first or last a literal. (Shared with `beam_globs`, whose classes read alike.)"""
    negated = body.startswith("!")
    body = body[1:] if negated else body
    chars: set[str] = set()
    ranges: list[tuple[str, str]] = []
    j = 0
    while j < len(body):
        if j + 2 < len(body) and body[j + 1] == "-":
            ranges.append((body[j], body[j + 2]))
            j += 3
        else:
            chars.add(body[j])
            j += 1
    return negated, frozenset(chars), tuple(ranges)


def _one(token: object, char: str) -> bool:
    if token == _ONE:
        return True
    if isinstance(token, tuple):
        negated, chars, ranges = token
        inside = char in chars or any(low <= char <= high for low, high in ranges)
        return inside != negated
    return token == char


def _name_match(tokens: tuple[object, ...], name: str) -> bool:
    """Wildcard match of one folder name: on a mismatch, go back to the last `*` and let it take
    one more character (never further back: an earlier `*` can do nothing a later one cannot)."""
    t = n = 0
    star_t, star_n = -1, 0
    while n < len(name):
        if t < len(tokens) and tokens[t] != _STAR and _one(tokens[t], name[n]):
            t += 1
            n += 1
        elif t < len(tokens) and tokens[t] == _STAR:
            star_t, star_n = t, n
            t += 1
        elif star_t >= 0:
            star_n += 1
            t, n = star_t + 1, star_n
        else:
            return False
    while t < len(tokens) and tokens[t] == _STAR:
        t += 1
    return t == len(tokens)


class Glob:
    """A compiled pattern: its folder names as tokens, None for a `**` folder."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._segments: tuple[tuple[object, ...] | None, ...] = tuple(
            None if segment == "**" else _tokens(segment) for segment in pattern.split("/")
        )

    def match(self, relpath: str) -> bool:
        """True when the whole of `relpath` (folders separated by '/') matches."""
        return _segments_match(self._segments, tuple(relpath.split("/")))

    def __repr__(self) -> str:
        return f"Glob({self.pattern!r})"


def _segments_match(segments: Sequence[tuple[object, ...] | None], parts: Sequence[str]) -> bool:
    # reachable[j]: the pattern folders so far can match exactly the first j path folders.
    reachable = [True] + [False] * len(parts)
    for index, segment in enumerate(segments):
        if segment is None:  # `**`: any number of folders, none included (at the end, at least one)
            last = index == len(segments) - 1
            before = reachable
            reachable = [False] * (len(parts) + 1) if last else list(before)
            for j in range(1, len(parts) + 1):
                reachable[j] = reachable[j] or reachable[j - 1] or before[j - 1]
            continue
        reachable = [False] + [reachable[j - 1] and _name_match(segment, parts[j - 1]) for j in range(1, len(parts) + 1)]
        if not any(reachable):
            return False
    return reachable[len(parts)]


@functools.lru_cache(maxsize=256)
def compile_glob(pattern: str) -> Glob:
    return Glob(pattern)


def glob_match(pattern: str, relpath: str) -> bool:
    """`pattern` matches `relpath`.

    >>> [glob_match("data/*.csv", p) for p in ("data/a.csv", "data/x/a.csv", "a.csv")]
    [True, False, False]
    >>> [glob_match("data/**/*.parquet", p) for p in ("data/a.parquet", "data/x/y/a.parquet", "b/a.parquet")]
    [True, True, False]
    >>> [glob_match("train-0000[0-4]-of-*.arrow", "train-00003-of-00005.arrow"), glob_match("img/[!a]?.jpg", "img/ab.jpg")]
    [True, False]
    """
    return compile_glob(pattern).match(relpath)
