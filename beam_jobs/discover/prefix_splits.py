"""Splits named by a prefix of every input's file name, all in one folder: GlaS's `train_1.bmp`,
`testA_1.bmp`, `testB_1.bmp` (each beside its `_anno` mask), written as one split with exit 0.

Where an image folder layout has no split folders and nothing else gives splits, and every sampled
input of a folder (masks and other companions apart) opens with a prefix, up to the first `_` or
`-`, that names a split (`split_word`: `train`, `testA` -> test, `val`), and the prefixes name two
splits or more, each prefix becomes a split pattern (`<folder>/<prefix>_*`), as a dataset card's
`data_files` would say it. An input without such a prefix beside them leaves it a guess: nothing is
changed (the other stops then decide), as where a prefix is a class's (`cat_001.jpg`). Where the
sample is not the whole source (`check_prefix_splits`), an unseen input without such a prefix would
match no pattern and be left out as no input with exit 0: the run stops, the guess kept for a layout file.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_prefix_splits", "prefix_split", "with_prefix_splits"]

_NOTE = "splits from the files' name prefixes, every input having one"
_PREFIX = re.compile(r"([A-Za-z][A-Za-z0-9]*?)([_-])")


def prefix_split(name: str) -> tuple[str, str] | None:
    """(the prefix with its separator, the split it names) of a file name, or None.

    >>> prefix_split("testA_12.bmp"), prefix_split("train_3.bmp"), prefix_split("val-0001.png"), prefix_split("cat_1.jpg")
    (('testA_', 'test'), ('train_', 'train'), ('val-', 'val'), None)
    """
    found = _PREFIX.match(name)
    if not found:
        return None
    split = split_word(found.group(1))
    return (found.group(1) + found.group(2), split) if split else None


def with_prefix_splits(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with split patterns from its inputs' name prefixes, where every input has one."""
    structure = detected.structure
    if (detected.name != layout.IMAGE_FOLDERS or structure is None or structure.split_level >= 0 or config.split
            or detected.split_patterns or any(e.split or e.kind in _SPLIT_KINDS for e in detected.evidence)):
        return detected
    inputs = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.is_auxiliary(p)]
    if not inputs:
        return detected
    patterns: dict[str, str] = {}
    for path in inputs:
        found = prefix_split(posixpath.basename(path))
        if found is None:
            return detected
        folder = posixpath.dirname(path)
        patterns[posixpath.join(folder, found[0] + "*") if folder else found[0] + "*"] = found[1]
    if len(set(patterns.values())) < 2:
        return detected
    pairs = tuple(sorted(patterns.items()))
    shown = ", ".join(f"{pattern} -> {split}" for pattern, split in pairs)
    note = f"{_NOTE}: {shown}"
    return dataclasses.replace(detected, split_patterns=pairs, notes=(*detected.notes, note))


def check_prefix_splits(sample: Sequence[str], detected: layout.SourceLayout, sample_limit: int) -> None:
    """Stop where splits were read from name prefixes in a sample of `sample_limit` files, not the
    whole source: the files not seen may have other names, which would match no pattern.

    Raises:
      UsageError: naming the patterns, and the options that decide.
    """
    note = next((n for n in detected.notes if n.startswith(_NOTE)), None)
    if note is None or len(sample) < sample_limit:
        return
    raise UsageError(
        f"{note}; but only {len(sample)} files were seen: a file of another name would match no pattern and be left "
        "out. Keep these splits by a layout file's split_patterns (each file matching none is then no input), give "
        "--split NAME for one split, or --exclude the files of other names"
    )


# Evidence that gives splits: a split list, split codes (CelebA's list_eval_partition.txt), a COCO file per split.
_SPLIT_KINDS = frozenset({evidence_lib.SPLIT_LIST, evidence_lib.SPLIT_CODES, evidence_lib.COCO_SPLIT})
