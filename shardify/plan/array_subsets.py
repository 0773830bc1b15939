"""Array files of several subsets in one download: which split each names, and the refusal when
two would fill one split.

EMNIST ships six subsets side by side (`emnist-balanced-train-images-idx3-ubyte.gz`,
`emnist-digits-train-images-idx3-ubyte.gz`, ...), each its own train/test pair with its own label
numbering (balanced's 2 is `A`, digits' 2 is `2`): read together, both fill one `train` and their
numbers one class set, and the records are wrong with exit 0. So when image files of one kind name
the same split and differ in another part of their name (or folder), the conversion stops before
writing, names the subsets and how to read one: SRC at a folder holding one subset's files, or a
layout file whose `split_patterns` name the files to read (docs/layout-files.md).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.errors import UsageError
from shardify.plan.structure import split_word

__all__ = ["check_one_subset_per_split", "idx_subsets"]

_IDX_IMAGES = re.compile(r"^(?P<prefix>.+)-images[-.]idx3-ubyte(\.gz)?$")
# MNIST names its test files `t10k-...`.
_SPLIT_PREFIXES = {"t10k": "test"}


def _idx_split(prefix: str) -> str:
    return _SPLIT_PREFIXES.get(prefix.lower()) or split_word(prefix) or prefix


def idx_subsets(sample: Sequence[str]) -> dict[str, list[str]]:
    """{split: [image files]} for the splits that idx image files of different subsets name: the
    files' paths differ in more than the split's word (`emnist-balanced-train`,
    `emnist-digits-train`; `mnist/train`, `fashion/train`)."""
    by_split: dict[str, list[str]] = {}
    for path in sorted(sample):
        found = _IDX_IMAGES.match(posixpath.basename(path))
        if found:
            by_split.setdefault(_idx_split(found.group("prefix")), []).append(path)
    return {split: paths for split, paths in by_split.items() if len(paths) > 1}


def _subset_name(path: str, split: str) -> str:
    """The part of an image file's name that is not its split's or the format's
    (`gzip/emnist-balanced-train-images-idx3-ubyte.gz` -> `gzip/emnist-balanced`)."""
    prefix = _IDX_IMAGES.match(posixpath.basename(path)).group("prefix")
    words = [w for w in re.split(r"[-_.]", prefix) if w and _idx_split(w) != split]
    return posixpath.join(posixpath.dirname(path), "-".join(words)).rstrip("/")


def check_one_subset_per_split(sample: Sequence[str]) -> None:
    """Stop when array files of several subsets would fill one split.

    Raises:
      UsageError: naming the subsets, their files, and how to read one.
    """
    shared = idx_subsets(sample)
    if not shared:
        return
    split, paths = next(iter(shared.items()))
    subsets = sorted({_subset_name(p, split) for p in paths})
    shown = ", ".join(paths[:4]) + (f" and {len(paths) - 4} more" if len(paths) > 4 else "")
    raise UsageError(
        f"the array files hold {len(subsets)} subsets ({', '.join(subsets)}), each with its own {split!r} split "
        f"({shown}) and its own label numbers: read together they would be one split and one class set. "
        "Convert one subset at a time: point SRC at a folder holding only its files, or pass --layout-file FILE "
        f"with a layout file (`layout: arrays`) whose split_patterns name that subset's image files, e.g. "
        f"{{'{_pattern(paths[0])}': {split}}} (see docs/layout-files.md)"
    )


def _pattern(path: str) -> str:
    """A glob for one image file and its compressed or uncompressed twin."""
    return path[: path.index("-images") + len("-images")] + "*"
