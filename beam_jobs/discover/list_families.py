"""Families of split lists over the same inputs: tasks or folds, not one dataset's splits.

A download may ship several tasks' lists over one tree of inputs, each with its own splits:
WikiArt's `wikiart_csv/style_train.csv`, `style_val.csv`, `genre_train.csv`, `genre_val.csv`,
`artist_train.csv`, `artist_val.csv` (ArtGAN's README: three tasks, the genre and artist lists on
subsets); a multi-task benchmark's `<task>_train.txt` beside `<task>_test.txt`. Read together as
split lists, an input one task puts in train and another in val was rejected "in more than one
split", over the reject limit (exit 1) or, under it, lost. Lists whose names differ by more than
their split word are a family each (`folder_names.split_family`); where two families put the same input in different
splits they are readings of their own, and which one is the user's to say: the plan stops (exit 2)
naming the families, an input they disagree on, and the layout file's `evidence` that keeps one.
Families that agree (FGVC-Aircraft's `images_variant_train.txt` beside `images_family_train.txt`:
one split per image, labels per task) are no sign here.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover.unread_lists import list_keys
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, layout_file
from shardify.plan.folder_names import split_family

__all__ = ["check_list_families"]

def check_list_families(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where split lists of two families put one input in different splits (module docstring).

    Raises:
      UsageError: naming the families, one input they disagree on and the layout file's `evidence`.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split]
    families: dict[str, list[evidence_lib.Evidence]] = {}
    for found in lists:
        families.setdefault(split_family(found.path), []).append(found)
    if len(families) < 2:
        return
    placed: dict[str, dict[str, str]] = {}  # key -> family -> split
    for name, members in families.items():
        for found in members:
            for key in list_keys(config, found):
                placed.setdefault(key, {})[name] = found.split
    torn = sorted(key for key, by_family in placed.items() if len(by_family) > 1 and len(set(by_family.values())) > 1)
    if not torn:
        return
    shown = "; ".join(f"{', '.join(sorted(e.path for e in members))}" for _, members in sorted(families.items()))
    key = torn[0]
    where = ", ".join(f"{split} in {name}" for name, split in sorted(placed[key].items()))
    first = sorted(families.items())[0][1]
    named = {name: sum(name in by_family for by_family in placed.values()) for name in families}
    widest = max(sorted(named), key=lambda name: named[name])  # the family naming most inputs: ties by name
    entry = layout_file.split_list_entries(first)
    raise UsageError(
        f"split lists of {len(families)} families name the same inputs: {shown}; they put {len(torn)} inputs in different "
        f"splits ({key}: {where}): tasks or folds over one set of inputs, each a reading of its own, not one dataset's "
        f"splits: keep one family's lists in a layout file's `evidence` (e.g. {entry}: docs/layout-files.md), or leave "
        f"the other families' lists out: {_excludes([f for f in families.items() if f[0] != widest])} (keeping "
        f"{widest}'s, which name the most inputs; to keep another family, exclude the rest)"
    )


def _excludes(families) -> str:
    """`--exclude` options leaving out the lists of `families` ((name, members) pairs)."""
    paths = sorted(e.path for _, members in families for e in members)
    return " ".join(f"--exclude {p!r}" for p in paths)
