"""Beam's glob syntax (`FileSystems.match`), matched in time linear in the path, whatever the pattern.

Why not `shardify.plan.globs`: that module reads globs as the Hugging Face Hub does (a `**` folder
spans zero folders or more), right for a dataset card's `data_files`. `--labels GLOB` on an object
store is matched by Beam, whose `FileSystem.translate_pattern` (apache_beam/io/filesystem.py) makes
the glob a regular expression over the whole path: `*` -> `[^/\\\\]*`, `**` -> `.*`, `?` -> `.`,
`[...]` a class (`[!a]` negated, a `]` right after `[` or `[!` belongs to it, an unclosed `[` is a
literal), every other character literal. So `data/**/*.csv` needs a folder below `data` (it does not
match `data/x.csv`), `**` inside a name spans folders, and `?` and a class may match `/`. A local
`--labels GLOB` is matched here with the same reading, so one glob names the same files on every
runner (tests/layouts/test_review_twenty.py checks it against Beam's own matcher).

Not by that regular expression: it backtracks (200 stars before `.csv` ran for more than ten minutes
against eight files, hostile round eighteen). Here the pattern's tokens are an automaton whose
states are stepped over the path once: at most len(pattern) x len(path) steps.
"""

from __future__ import annotations

import functools
import posixpath

from shardify.plan.globs import class_end, class_set

__all__ = ["beam_glob_match", "fixed_folder"]

_ONE_FOLDER_RUN = "*"  # `*`: any characters but `/` and `\`
_ANY_RUN = "**"  # `**`: any characters
_ANY_ONE = "?"  # `?`: any one character, `/` included
_GLOB_CHARACTERS = "*?["
_NOT_IN_ONE_FOLDER_RUN = frozenset("/\\")


@functools.lru_cache(maxsize=256)
def _tokens(pattern: str) -> tuple[object, ...]:
    """`pattern` as tokens, left to right as `translate_pattern` reads it."""
    out: list[object] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "*":
            run = pattern[i : i + 2] == "**"
            out.append(_ANY_RUN if run else _ONE_FOLDER_RUN)
            i += 2 if run else 1
            continue
        if char == "?":
            out.append(_ANY_ONE)
        elif char == "[" and class_end(pattern, i) > 0:
            end = class_end(pattern, i)
            out.append(class_set(pattern[i + 1 : end]))
            i = end
        else:
            out.append(char)
        i += 1
    return tuple(out)


def _takes(token: object, char: str) -> bool:
    if token == _ANY_ONE:
        return True
    if isinstance(token, tuple):
        negated, chars, ranges = token
        return (char in chars or any(low <= char <= high for low, high in ranges)) != negated
    return token == char


@functools.lru_cache(maxsize=256)
def _run_ends(tokens: tuple[object, ...]) -> tuple[int, ...]:
    """For each state, the first state at or after it that is no run (`len(tokens)` at the end)."""
    ends = [len(tokens)] * (len(tokens) + 1)
    for state in reversed(range(len(tokens))):
        ends[state] = ends[state + 1] if tokens[state] in (_ONE_FOLDER_RUN, _ANY_RUN) else state
    return tuple(ends)


def _closure(tokens: tuple[object, ...], states: set[int]) -> set[int]:
    """`states` and every state reached from them by a run taking no character.

    Each state of a run is added once, however many live states lie before it in that run: walking
    the run from every one of them cost len(pattern) squared a character (`?` x 2000 then `*` x 2000
    ran for hours against a 3,000-character name).
    """
    ends = _run_ends(tokens)
    out: set[int] = set()
    done = -1  # states up to here are in `out`
    for state in sorted(states):
        end = ends[state]
        if end > done:
            out.update(range(max(state, done + 1), end + 1))
            done = end
        out.add(state)
    return out


def beam_glob_match(pattern: str, path: str) -> bool:
    """`pattern` matches the whole of `path`, as Beam's `FileSystems.match` reads it.

    >>> [beam_glob_match("d/**/*.csv", p) for p in ("d/a.csv", "d/x/a.csv", "d/x/y/a.csv")]
    [False, True, True]
    >>> [beam_glob_match("d/*.csv", p) for p in ("d/.a.csv", "d/x/a.csv", "d/a.csvx")]
    [True, False, False]
    >>> [beam_glob_match("d/[!a]?.csv", "d/ba.csv"), beam_glob_match("d/[]]", "d/]"), beam_glob_match("d/[a", "d/[a")]
    [True, True, True]
    """
    tokens = _tokens(pattern)
    states = _closure(tokens, {0})
    for char in path:
        following: set[int] = set()
        for state in states:
            if state == len(tokens):
                continue
            token = tokens[state]
            if token == _ANY_RUN or (token == _ONE_FOLDER_RUN and char not in _NOT_IN_ONE_FOLDER_RUN):
                following.add(state)
            elif token not in (_ANY_RUN, _ONE_FOLDER_RUN) and _takes(token, char):
                following.add(state + 1)
        if not following:
            return False
        states = _closure(tokens, following)
    return len(tokens) in states


def fixed_folder(pattern: str) -> str | None:
    """The folder Beam lists for `pattern`: the folder part of what comes before its first `*`, `?`
    or `[` (`''` when that has no folder); None when `pattern` has no glob character.

    >>> fixed_folder("src/lab*/a.csv"), fixed_folder("*.csv"), fixed_folder("src/a.csv")
    ('src', '', None)
    """
    first = min((i for i in (pattern.find(c) for c in _GLOB_CHARACTERS) if i >= 0), default=-1)
    if first < 0:
        return None
    return posixpath.dirname(pattern[:first])  # (as Beam's LocalFileSystem._url_dirname)
