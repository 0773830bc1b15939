"""File names that may carry the labels once the folders do not: names that fall into a few groups of
several each when their last number is taken away (`obj1__0.png`, `Abyssinian_12.jpg`).

A refusal over a download's parts names `--label-from-name` only where this holds (`name_hint`),
and a lone folder's files grouped so (`grouped`) stop it being read as the one class
(`part_signs.py`). Plain functions of names, no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from shardify.plan.sign_findings import NAME_HINT, Split

__all__ = ["names_may_label", "grouped", "name_hint"]

# A stem with letters may carry a label (`Abyssinian_12`); `00001` cannot.
_LETTERS = re.compile(r"[A-Za-z]")


def names_may_label(names: Sequence[str]) -> bool:
    """The file names could carry a label: with their last number taken away, they fall into a few
    groups of several names each, and the groups hold letters (`obj1__0.png`, `obj1__5.png`,
    `obj2__0.png`; `Abyssinian_12.jpg`). A constant prefix (`ISIC_0024306.jpg`) or names unique
    to each file cannot be a label.

    >>> names_may_label(["obj1__0.png", "obj1__5.png", "obj2__0.png", "obj2__5.png"])
    True
    >>> names_may_label(["ISIC_0024306.jpg", "ISIC_0024313.jpg"])
    False
    """
    groups = _name_groups(names)
    return 2 <= len(groups) < len(names) and all(_LETTERS.search(group) for group in groups)


def _name_groups(names: Sequence[str]) -> Counter:
    """How many names fall in each group: a name's stem with its last number taken away."""
    return Counter(re.sub(r"\d+(?!.*\d)", "#", name.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for name in names)


def grouped(names: Sequence[str]) -> bool:
    """`names_may_label`, and at least two of the groups hold several names each (PlantaeK's
    `apple_d1`, `apple_d2`, `apple_h1`, `apple_h2`): one group beside a stray name (`circle_000` ...
    and `copy_of_000`) labels nothing.

    >>> grouped([f"circle_{i:03d}.jpg" for i in range(12)] + ["copy_of_000.jpg"])
    False
    >>> grouped([f"{p}_{h}{n}.JPG" for p in ("apple", "fig") for h in "dh" for n in (1, 2)])
    True
    """
    return names_may_label(names) and sum(count > 1 for count in _name_groups(names).values()) >= 2


def name_hint(splits: Sequence[Split]) -> list[str]:
    """`--label-from-name` where the inputs' names may carry the label (see `names_may_label`), or
    would with every number taken away (Brazilian Coffee Scenes' `coffee.28.301.jpg`,
    `noncoffee.39.338.jpg`: a word and two coordinates)."""
    names = [name for split in splits for name in split.names]
    bare = [re.sub(r"\d+", "", stem) + "0." + ext for stem, _, ext in (name.rpartition(".") for name in names)]
    return [NAME_HINT] if names_may_label(names) or names_may_label(bare) else []
