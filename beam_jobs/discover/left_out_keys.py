"""The files `--exclude` left out, as the keys rows name them by: so that a row naming one says so.

Why a module of its own: a label table's or split list's row naming a file the patterns left out
was rejected 'left out by --exclude' only where the row gave the file's path; one naming it by its
name or stem (`img3.jpg`, `img3`, an annotation's `000002`: how most lists name files) matched no
listed file and was rejected 'names no file', as a misspelt row is. The joins cannot tell the two
apart from the key alone, since a stem is no path; the left-out files, keyed by the same rule as
the files the join sees, can. They are found by the names-only walk the plan counts them with.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from shardify.beam_jobs.discover.listing import left_out_files
from shardify.config import ConvertConfig

__all__ = ["left_out_paths", "keys_of"]


def left_out_paths(config: ConvertConfig) -> tuple[str, ...]:
    """The files of SRC (a local folder) `--exclude` leaves out, relative to SRC; () without patterns."""
    if not config.exclude:
        return ()
    return _walk(config.source, config.excludes, config.output)


@functools.lru_cache(maxsize=4)
def _walk(source: str, excludes: Callable[[str], bool], output: str) -> tuple[str, ...]:
    return tuple(left_out_files(source, excludes, [output]))


def keys_of(paths: Iterable[str], key: Callable[[str], str]) -> frozenset[str]:
    """The keys a row would give to name each of `paths` (`key`: the join's own rule)."""
    return frozenset(key(path) for path in paths)
