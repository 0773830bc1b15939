"""Files whose extension names their split: UCI's tables of a split each.

The UCI repository ships some datasets as one table per split told apart by the extension alone:
Optical Recognition of Handwritten Digits' `optdigits.tra` (training) and `optdigits.tes` (testing),
Pen-Based Recognition's `pendigits.tra`/`.tes`, Statlog's `sat.trn`/`sat.tst`. Their stems are the
same, so no split word of a name says it (`split_named_tables`), and read as tables every row fell in
`train`. The extensions are kept here as data; detection (`beam_jobs/discover/detect.py`) gives each
such table the split of its extension, as `split_patterns` a layout file shows and can mend.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan.path_parts import extension

__all__ = ["SPLIT_EXTENSIONS", "extension_splits", "note"]

# extension -> split: each documented by a UCI dataset's description (`.names`) naming its files.
SPLIT_EXTENSIONS: dict[str, str] = {"tra": "train", "tes": "test", "trn": "train", "tst": "test"}


def extension_splits(tables: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(path, split) for each of `tables` where every one of them is of a split extension and two
    splits are among them; else () (one `.tra` alone says nothing a split needs).

    >>> extension_splits(["optdigits.tra", "optdigits.tes"])
    (('optdigits.tes', 'test'), ('optdigits.tra', 'train'))
    >>> extension_splits(["optdigits.tra", "notes.csv"]), extension_splits(["a.tra", "b.trn"])
    ((), ())
    """
    if not tables or any(extension(p) not in SPLIT_EXTENSIONS or set("*?[]{}") & set(p) for p in tables):
        return ()  # (each path is its own split pattern: no glob character may be in it)
    pairs = tuple(sorted((p, SPLIT_EXTENSIONS[extension(p)]) for p in tables))
    return pairs if len({split for _, split in pairs}) > 1 else ()


def note(pairs: Sequence[tuple[str, str]]) -> str:
    """The plan's line for the splits `extension_splits` gave."""
    return "tables of a split each by their extension (UCI's .tra/.tes): " + ", ".join(f"{p} ({s})" for p, s in pairs)
