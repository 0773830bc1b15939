"""Split lists that label: one file per split whose lines name an input and give its label, the
label the rest of the line (spaces and all), and one such set of lists per level of a label
hierarchy.

FGVC-Aircraft ships `data/images_<level>_<split>.txt` for the levels variant, family and
manufacturer and the splits train, val, trainval and test, each line `<image id> <name>`
(`1025794 707-320`, `0034309 Cessna 172`, `F-16A/B`). The name of such a list holds a split word
and other words (the level); its lines' first field names the inputs and the rest is a label, not
numbers (a list of numbers, Oxford-IIIT Pet's `Abyssinian_100 1 1 1`, is `recognise`'s).

Which lists are read:
  - of lists that differ only in their split word, one set per level (`images_variant_{split}`);
  - of several levels, the finest: the one whose label decides every other level's label on the
    lines read (a variant names one family and one manufacturer, not the reverse), as
    torchvision's FGVCAircraft reads `annotation_level="variant"` by default. Where the lines read
    cannot tell (as many names at each level), the level's word decides, finest first in
    LEVEL_WORDS; a level none of them names leaves the choice to a layout file (a stop);
  - of a level's lists, those `evidence.finest_lists` keeps: `trainval` is dropped beside
    `train` and `val`, so no input is written twice.
Two lists of one level that name one input in two splits (no `trainval`-like name explains it)
stop before writing, naming both.

Nothing here reads a file: detection (beam_jobs/discover/label_lists.py) hands in first lines.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan.evidence import EXAMPLE_WORDS, SPLIT_LIST, Evidence, finest_lists, key_rule, name_words
from shardify.plan.structure import split_word

__all__ = ["LEVEL_WORDS", "recognise_label_list", "label_list_levels", "choose_level"]

# Words naming a level of a label hierarchy, finest first: the tie-break where the lines read
# cannot tell the finer level (FGVC-Aircraft's variant, family, manufacturer; species and genus).
LEVEL_WORDS = ("variant", "model", "breed", "species", "fine", "family", "genus", "make", "manufacturer", "brand", "coarse", "super")


# Of a list's lines read, at least this share are `<key> <label>`. Every line had to be: one line
# holding a key alone left the whole list unread and every input of its split set aside as in no
# split (exit 0); such a line is now its row's reject (the evidence reader's).
_MIN_LABELLED_SHARE = 0.8


def _number(field: str) -> bool:
    return field.lstrip("-").replace(".", "", 1).isdigit()


def recognise_label_list(path: str, lines: Sequence[str], names_inputs: Callable[[Sequence[str]], bool]) -> tuple[str, Evidence] | None:
    """(its level, the list as a labelling split list) or None: the name holds one split word and
    another word (the level), most lines are `<key> <label ...>`, the keys name inputs, and the
    labels are not all numbers.

    >>> level, found = recognise_label_list("data/images_variant_val.txt", ["0034309 Cessna 172"], lambda keys: True)
    >>> level, found.split, found.label_column, found.label_rest
    ('data/images_variant_{}', 'val', 1, True)
    """
    stem, ext = posixpath.splitext(posixpath.basename(path))
    words = name_words(stem)
    splits = [w for w in words if split_word(w)]
    if ext.lower() not in (".txt", ".lst", "") or len(splits) != 1 or len(words) < 2 or EXAMPLE_WORDS & set(words):
        return None
    found = [line.split() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    rows = [row for row in found if len(row) >= 2]
    if not rows or len(rows) < _MIN_LABELLED_SHARE * len(found) or all(_number(f) for row in rows for f in row[1:]):
        return None
    keys = [row[0] for row in rows]
    if not names_inputs(keys):
        return None
    split = split_word(splits[0]) or ""
    lower = stem.lower()
    at = lower.rfind(splits[0])
    level = posixpath.join(posixpath.dirname(path), stem[:at] + "{}" + stem[at + len(splits[0]) :])
    note = f"{path}: split list of {split}, labels the rest of each line"
    return level, Evidence(path, SPLIT_LIST, key_rule(keys), split=split, column=0, label_column=1, label_rest=True, note=note)


def label_list_levels(
    heads: Mapping[str, Sequence[str]], names_inputs: Callable[[Sequence[str]], bool]
) -> dict[str, list[Evidence]]:
    """level -> its lists, among `heads` ({text file: its first lines}). A level's lists are judged
    together: one list's first lines may all name inputs the sample passed over (a val list of
    FGVC-Aircraft's 3,333 lines beside a sample of 2,000 of its 10,000 images), their union does not.
    """
    shaped: dict[str, list[Evidence]] = {}
    for path, lines in sorted(heads.items()):
        found = recognise_label_list(path, lines, lambda keys: True)
        if found is not None:
            shaped.setdefault(found[0], []).append(found[1])
    return {
        level: lists for level, lists in shaped.items()
        if names_inputs([k for e in lists for k in _labels(heads[e.path])])
    }


def _labels(lines: Sequence[str]) -> dict[str, str]:
    return {row[0]: " ".join(row[1:]) for row in (line.split() for line in lines) if len(row) >= 2}


def _decides(finer: Mapping[str, str], coarser: Mapping[str, str]) -> bool:
    """Each label of `finer` goes with one label of `coarser` on the keys both name."""
    seen: dict[str, str] = {}
    return all(seen.setdefault(finer[key], coarser[key]) == coarser[key] for key in finer.keys() & coarser.keys())


def _word_rank(level: str) -> int:
    words = name_words(posixpath.basename(level).replace("{}", " "))
    ranks = [LEVEL_WORDS.index(w) for w in words if w in LEVEL_WORDS]
    return min(ranks) if ranks else len(LEVEL_WORDS)


def choose_level(
    levels: Mapping[str, Sequence[Evidence]], heads: Mapping[str, Sequence[str]]
) -> tuple[list[Evidence], list[str]]:
    """The lists to read (see the module's docstring) and notes on the others.

    Args:
      levels: level -> its lists (as `recognise_label_list` groups them).
      heads: each list's first lines.

    Raises:
      UsageError: the level cannot be told; or one input is in two splits' lists.
    """
    labels = {level: {k: v for e in found for k, v in _labels(heads[e.path]).items()} for level, found in levels.items()}
    finest = [a for a in sorted(levels) if all(_decides(labels[a], labels[b]) for b in levels if b != a)]
    if len(finest) > 1:
        ranked = sorted(finest, key=_word_rank)
        if _word_rank(ranked[0]) == len(LEVEL_WORDS) or _word_rank(ranked[0]) == _word_rank(ranked[1]):
            finest = []
        else:
            finest = ranked[:1]
    if not finest:
        shown = ", ".join(level.format("<split>") for level in sorted(levels))
        raise UsageError(
            f"label lists of several levels ({shown}) and nothing tells which is the finest: say which to read in a layout "
            "file (--dry-run --layout-file FILE writes one; keep one level's lists under evidence, docs/layout-files.md)"
        )
    (level,) = finest
    chosen, skipped = finest_lists(list(levels[level]))
    _check_disjoint(chosen, heads)
    notes = [f"labels from {level.format('<split>')}, the finest of its levels"] if len(levels) > 1 else []
    others = sorted(lv.format("<split>") for lv in levels if lv != level)
    if others:
        notes.append(f"not used: {', '.join(others)} (coarser levels)")
    if skipped:
        notes.append(f"not used: {', '.join(skipped)} (the union of other lists)")
    return chosen, notes


def _check_disjoint(chosen: Sequence[Evidence], heads: Mapping[str, Sequence[str]]) -> None:
    """Stop where two lists of different splits name one input on the lines read."""
    owner: dict[str, Evidence] = {}
    for found in chosen:
        for key in _labels(heads[found.path]):
            other = owner.setdefault(key, found)
            if other.split != found.split:
                raise UsageError(
                    f"{other.path} and {found.path} both name {key!r}: one input in two splits, and neither list's name "
                    "says it is the union of others (trainval): keep one of them in SRC, or say which lists to read in a "
                    "layout file (docs/layout-files.md)"
                )
