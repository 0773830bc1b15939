"""Class folders whose names join two words that cross: `black_dress`, `black_pants`, `blue_dress`, `blue_pants`.

The Apparel images dataset (Kaggle, trolukovich) ships a folder per colour and garment, its task
multi-label (a colour and a garment each image); read as class folders, every image was labelled by
the joined name (`black_dress`), one class, with exit 0 (blind32). Where every class folder of a split
is two words joined by one `_` or `-`, and at least two first words each meet two second words or
more and at least two second words each meet two first words or more (a grid, not a family of names:
`apple_scab`, `apple_healthy`, `grape_rot`, `grape_healthy` cross at one word only; PlantVillage's
`Tomato___healthy` joins by three), the folders may hold two labels each: the run stops naming
`--label-separator` with the joining character (which splits each class folder's name into its labels,
see `beam_jobs/discover/class_folders.py`) and the `--label-level` that keeps each folder one class.
Names joined by both `_` and `-` name a labels file instead (a table of path and the two words), as one
separator cannot split them all.

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
_TWO_WORDS = re.compile(r"^([A-Za-z]+)([_-])([A-Za-z]+)$")
_MIN_EACH = 2  # first words, second words, and the partners each meets


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
        firsts: dict[str, set[str]] = defaultdict(set)
        seconds: dict[str, set[str]] = defaultdict(set)
        joiners: set[str] = set()
        for name in classes:
            matched = _TWO_WORDS.match(name)
            if matched is None:
                break
            first, second = matched.group(1).casefold(), matched.group(3).casefold()
            joiners.add(matched.group(2))
            firsts[first].add(second)
            seconds[second].add(first)
        else:
            crossing_firsts = [w for w, met in firsts.items() if len(met) >= _MIN_EACH]
            crossing_seconds = [w for w, met in seconds.items() if len(met) >= _MIN_EACH]
            if len(crossing_firsts) < _MIN_EACH or len(crossing_seconds) < _MIN_EACH:
                continue
            prefix = list(split.inputs[0][: split.level])
            return Finding(
                "the class folders' names each join two words, and the words cross (each first word with several "
                f"second words and each second with several first: {', '.join(sorted(crossing_firsts)[:3])} by "
                f"{', '.join(sorted(crossing_seconds)[:3])}): two labels a folder (multi-label), or one class each?",
                tuple(shown_folder([*prefix, name]) for name in classes),
                (_two_labels_hint(joiners), f"{level_hint(split.level + 1)} to keep each folder one class"),
            )
    return None


def _two_labels_hint(joiners: set[str]) -> str:
    """The option that reads each folder's two words as its labels: `--label-separator` with the one
    character joining them all, else a labels file (no one separator splits `a_b` and `c-d`)."""
    if len(joiners) == 1:
        return f"--label-separator '{next(iter(joiners))}' to read each folder's two words as its two labels (multi-label)"
    return f"{LABELS_FILE_HINT}, each path's two words as its labels with --label-separator ' '"
