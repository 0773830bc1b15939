"""File names that may carry the labels once the folders do not: names that fall into a few groups of
several each when their last number is taken away (`obj1__0.png`, `Abyssinian_12.jpg`).

A refusal over a download's parts names `--label-from-name` only where this holds (`name_hint`),
and a lone folder's files grouped so (`grouped`) stop it being read as the one class
(`part_signs.py`). The example the hint gives is built from the names themselves (`name_regex`):
Fingers' `<uuid>_5L.png` had been offered `'^(.+)_\\d+'` (Abyssinian_12.jpg's), which labels each of
them by its uuid. Plain functions of names, no I/O.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Sequence

from shardify.plan.sign_findings import NAME_HINT, Split

__all__ = ["grouped", "name_hint", "name_regex", "names_hint", "names_may_label"]

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
    return [names_hint(names)] if names_may_label(names) or names_may_label(bare) else []


# Characters a name's label part is cut from the rest by, in the order tried.
_SEPARATORS = ("_", "-", ".", " ")


def name_regex(names: Sequence[str]) -> str:
    r"""A `--label-from-name` REGEX whose one group finds a label in each of `names` (as `re.search` over a
    file's name reads it): the part before or after a name's last separator that repeats over the names
    while the other part tells them apart (`Abyssinian_12.jpg`: the head; Fingers' `<uuid>_5L.png`: the
    tail), or "" where no part does.

    >>> name_regex(["9f0c-11_5L.png", "a3e1-07_0R.png", "c2d4-93_5L.png", "e7b0-44_0R.png"])
    '_([^_]+)\\.png$'
    >>> name_regex(["Abyssinian_12.jpg", "Abyssinian_3.jpg", "great_pyrenees_12.jpg", "great_pyrenees_7.jpg"])
    '^(.+)_\\d+\\.jpg$'
    >>> name_regex(["a.png", "b.png"])
    ''
    """
    bases = [name.rsplit("/", 1)[-1] for name in names]
    extensions = {base.rpartition(".")[2] for base in bases if "." in base}
    if len(bases) < 2 or len(extensions) != 1 or not all("." in base for base in bases):
        return ""
    end = re.escape("." + extensions.pop()) + "$"
    stems = [base.rpartition(".")[0] for base in bases]
    for sep in _SEPARATORS:
        if not all(sep in stem for stem in stems):
            continue
        heads, tails = zip(*(stem.rpartition(sep)[::2] for stem in stems))
        other = re.escape(sep)
        if _labels(tails) and len(set(heads)) > len(set(tails)):
            return f"{other}([^{other}]+){end}"
        if _labels(heads) and len(set(tails)) > len(set(heads)):
            rest = r"\d+" if all(tail.isdigit() for tail in tails) else f"[^{other}]+"
            return f"^(.+){other}{rest}{end}"
    return ""


def _labels(parts: Sequence[str]) -> bool:
    """Parts that could be labels: at least two, fewer than the names, each non-empty."""
    return all(parts) and 2 <= len(set(parts)) < len(parts)


def names_hint(names: Sequence[str]) -> str:
    r"""`--label-from-name` with an example built from `names` where `name_regex` finds one that labels
    them all (checked: each name's group non-empty), quoted as a shell reads it, else the general hint `NAME_HINT`.

    >>> print(names_hint(["9f0c_5L.png", "a3e1_0R.png", "c2d4_5L.png"]))
    --label-from-name REGEX for labels in the file names (e.g. '_([^_]+)\.png$' for 9f0c_5L.png: '5L')
    >>> names_hint(["a.png", "b.png"]) == NAME_HINT
    True
    """
    pattern = name_regex(names)
    base = names[0].rsplit("/", 1)[-1] if names else ""
    if not pattern or not all((found := re.search(pattern, n.rsplit("/", 1)[-1])) and found.group(1) for n in names):
        return NAME_HINT
    label = re.search(pattern, base).group(1)
    return f"--label-from-name REGEX for labels in the file names (e.g. {shlex.quote(pattern)} for {base}: {label!r})"
