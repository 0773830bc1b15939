"""Class folders whose names join two words that cross: `black_dress`, `black_pants`, `blue_dress`, `blue_pants`.

The Apparel images dataset (Kaggle, trolukovich) ships a folder per colour and garment, its task
multi-label (a colour and a garment each image); read as class folders, every image was labelled by
the joined name (`black_dress`), one class, with exit 0 (blind32). Where the class folders of a split
are two words joined by one `_` or `-` (in any script: the dataset's Turkish copies name `kırmızı_elbise`;
a few folders of other names beside them, `misc/`, do not hide the grid), at least two first words each
meet two second words or more and at least two second words each meet two first words or more, and
the folders fill half the grid of those words at least (a grid, not a family of names: `apple_scab`,
`apple_healthy`, `grape_rot`, `grape_healthy` cross at one word only; Food-101's `chocolate_cake`,
`carrot_cake`, `beef_tartare`, `tuna_tartare` cross by chance, a few cells of their grid; PlantVillage's
`Tomato___healthy` joins by three), the folders may hold two labels each: the run stops naming the option
that reads the two labels and the `--label-level` that keeps each folder one class.
The labels option is `--label-separator` with the joining character (which splits each class folder's
name into its labels, see `beam_jobs/discover/class_folders.py`); names joined by both `_` and `-` name
a labels file instead, as one separator cannot split them all.

Plain functions of paths; no I/O.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from shardify.plan.sign_findings import LABELS_FILE_HINT, Finding, Split, level_hint, shown_folder
from shardify.plan.structure import Structure

__all__ = ["crossed_words"]

# A folder named by two words joined once: `black_dress`, `red-shoes`.
# Letters of any script: the Apparel dataset's Turkish copies name `kırmızı_elbise`, `beyaz_şort`.
_TWO_WORDS = re.compile(r"^([^\W\d_]+)([_-])([^\W\d_]+)$")
_MIN_EACH = 2  # first words, second words, and the partners each meets
# Folders whose names are no two words (`misc/`, `other/`), at most this share of the split's: a grid beside them.
_MOST_OTHERS_SHARE = 0.25
# Share of the crossing words' grid (each first with each second) that folders fill, at least.
_MIN_FILLED = 0.5


def crossed_words(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """The sign (module docstring), or None.

    >>> grid = [f"{c}_{g}" for c in ("black", "blue", "red") for g in ("dress", "pants")]
    >>> s = Split("", 0, tuple((name,) for name in grid), tuple("a.jpg" for _ in grid))
    >>> found = crossed_words([s], Structure(label_levels=(("", 0),)))
    >>> found.folders[:2], found.options[0]
    (('black_dress/', 'black_pants/'), "--label-separator '_' to read each folder's two words as its two labels (multi-label)")
    >>> family = ["apple_scab", "apple_healthy", "grape_rot", "grape_healthy"]
    >>> crossed_words([Split("", 0, tuple((n,) for n in family), ())], Structure()) is None
    True
    """
    if structure.single_class:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        crossing = _crossing(classes)
        if crossing is not None:
            crossing_firsts, crossing_seconds, joiners = crossing
            prefix = list(split.inputs[0][: split.level])
            return Finding(
                "the class folders' names join two words, and the words cross (each first word with several "
                f"second words and each second with several first: {', '.join(sorted(crossing_firsts)[:3])} by "
                f"{', '.join(sorted(crossing_seconds)[:3])}): two labels a folder (multi-label), or one class each?",
                tuple(shown_folder([*prefix, name]) for name in classes),
                (_two_labels_hint(joiners), f"{level_hint(split.level + 1)} to keep each folder one class"),
            )
    return None


def _crossing(classes: Sequence[str]) -> tuple[list[str], list[str], set[str]] | None:
    """(the first words, the second words, the characters joining them) that cross in `classes`, or None where they form no grid: fewer
    than `_MOST_OTHERS_SHARE` of the names are one word or three (`misc/` beside the colour_garment grid
    still stops), at least two of each kind meet two of the other, and the names fill at least
    `_MIN_FILLED` of the grid of those words (Food-101's `chocolate_cake`, `carrot_cake`, `beef_tartare`,
    `tuna_tartare` cross by chance, filling two cells of the twelve of their words' grid).

    >>> _crossing(["kırmızı_elbise", "kırmızı_şort", "beyaz_elbise", "beyaz_şort", "misc"])
    (['beyaz', 'kırmızı'], ['elbise', 'şort'], {'_'})
    >>> food = ["beef_carpaccio", "beef_tartare", "tuna_tartare", "chocolate_cake", "chocolate_mousse", "carrot_cake",
    ...         "chicken_curry", "chicken_wings", "french_fries", "french_toast", "beet_salad", "greek_salad"]
    >>> _crossing(food) is None
    True
    """
    firsts: dict[str, set[str]] = defaultdict(set)
    seconds: dict[str, set[str]] = defaultdict(set)
    joiners: set[str] = set()
    others = 0
    for name in classes:
        matched = _TWO_WORDS.match(name)
        if matched is None:
            others += 1
            continue
        first, second = matched.group(1).casefold(), matched.group(3).casefold()
        joiners.add(matched.group(2))
        firsts[first].add(second)
        seconds[second].add(first)
    if others > _MOST_OTHERS_SHARE * len(classes):
        return None
    crossing_firsts = sorted(w for w, met in firsts.items() if len(met) >= _MIN_EACH)
    crossing_seconds = sorted(w for w, met in seconds.items() if len(met) >= _MIN_EACH)
    if len(crossing_firsts) < _MIN_EACH or len(crossing_seconds) < _MIN_EACH:
        return None
    filled = sum(len(firsts[w] & set(crossing_seconds)) for w in crossing_firsts)
    if filled < _MIN_FILLED * len(crossing_firsts) * len(crossing_seconds):
        return None
    return crossing_firsts, crossing_seconds, joiners


def _two_labels_hint(joiners: set[str]) -> str:
    """The option that reads each folder's two words as its labels: `--label-separator` with the one
    character joining them all, else a labels file (no one separator splits `a_b` and `c-d`)."""
    if len(joiners) == 1:
        return f"--label-separator '{next(iter(joiners))}' to read each folder's two words as its two labels (multi-label)"
    return f"{LABELS_FILE_HINT}, each path's two words as its labels with --label-separator ' '"
