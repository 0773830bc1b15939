"""Splits named by a prefix of every input's file name, all in one folder: GlaS's `train_1.bmp`,
`testA_1.bmp`, `testB_1.bmp` (each beside its `_anno` mask), written as one split with exit 0.

Where an image folder layout has no split folders and nothing else gives splits, and every sampled
input of a folder (masks and other companions apart) opens with a prefix, up to the first `_` or
`-`, that names a split (`split_word`: `train`, `testA` -> test, `val`), and the prefixes name two
splits or more, each prefix becomes a split pattern (`<folder>/<prefix>_*`), as a dataset card's
`data_files` would say it. An input without such a prefix beside them leaves it a guess: nothing is
changed (the other stops then decide), as where a prefix is a class's (`cat_001.jpg`).

The prefixes are read from every listed name, not from the sample alone: detection samples the first
DETECT_SAMPLE_FILES files in name order, and a large folder of `test_*` files sorts them all before
`train_*` (seen: 2,100 `test_` PNGs before 5 `train_`, all written as train with exit 0 under
`--label-level 0`). Where the sample is not the whole source and all its inputs have a split prefix,
the source's names are listed once more (names only, nothing opened: `_listed_inputs`) and the
reading is made from all of them. Where that listing does not hold the sampled names (an archive
read as a folder), the run stops as before (`check_prefix_splits`), the guess kept for a layout file.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.listing import list_tree
from shardify.beam_jobs.discover.candidates import Listed
from shardify.config import ConvertConfig
from shardify.errors import SourceError, UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_prefix_splits", "prefix_split", "with_prefix_splits"]

_NOTE = "splits from the files' name prefixes, every input having one"
_DOUBT = "split prefixes on some files' names only"
_WHOLE_END = "listed inputs read)"
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


def with_prefix_splits(
    config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout, sample_limit: int | None = None
) -> layout.SourceLayout:
    """`detected` with split patterns from its inputs' name prefixes, where every input has one.

    `sample_limit`: the detection sample's size limit; a sample that reaches it is not the whole
    source, and the prefixes are then read from every listed name (see the module's docstring).
    """
    structure = detected.structure
    if (detected.name != layout.IMAGE_FOLDERS or structure is None or structure.split_level >= 0 or config.split
            or detected.split_patterns or any(e.split or e.kind in _SPLIT_KINDS for e in detected.evidence)):
        return detected
    inputs = _inputs(sample, detected)
    if not inputs or _patterns(inputs) is None:
        return detected
    whole = ""
    if sample_limit is not None and len(sample) >= sample_limit:
        listed = _listed_inputs(config, detected)
        if listed is not None and set(inputs) <= set(listed):
            inputs, whole = listed, f" (all {len(listed):,} {_WHOLE_END}"
    patterns = _patterns(inputs)
    if patterns is None:  # a listed name outside the sample without a split prefix
        return _unprefixed(inputs, detected)
    if len(set(patterns.values())) < 2:
        return detected
    pairs = tuple(sorted(patterns.items()))
    shown = ", ".join(f"{pattern} -> {split}" for pattern, split in pairs)
    note = f"{_NOTE}: {shown}{whole}"
    return dataclasses.replace(detected, split_patterns=pairs, notes=(*detected.notes, note))


def _inputs(paths: Sequence[str], detected: layout.SourceLayout) -> list[str]:
    return [p for p in paths if layout.is_media_file(p, detected.media) and not detected.is_auxiliary(p)]


def _patterns(inputs: Sequence[str]) -> dict[str, str] | None:
    """{`<folder>/<prefix>*`: split} of every input, or None where one has no split prefix."""
    patterns: dict[str, str] = {}
    for path in inputs:
        found = prefix_split(posixpath.basename(path))
        if found is None:
            return None
        folder = posixpath.dirname(path)
        patterns[posixpath.join(folder, found[0] + "*") if folder else found[0] + "*"] = found[1]
    return patterns


def _listed_inputs(config: ConvertConfig, detected: layout.SourceLayout) -> list[str] | None:
    """Every input of SRC by its listing (names only), or None where it cannot be listed."""
    try:
        listing = list_tree(config.source, follow_outside_links=config.follow_outside_links, exclude=[config.output],
                            leave_out=config.excludes or None)
        names = [item.relpath for item in listing if isinstance(item, Listed) and not layout.is_junk(item.relpath)]
    except (OSError, SourceError):
        return None
    return _inputs(names, detected)


def _unprefixed(inputs: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` as it was where the listed inputs' prefixes name one split at most beside the names
    without one (as for a sample: the other stops decide); where they name two or more, `detected`
    with a doubt that `check_prefix_splits` stops on: some files have a split's prefix and some none,
    and which split those are cannot be told."""
    odd = [p for p in inputs if prefix_split(posixpath.basename(p)) is None]
    splits = {found[1] for p in inputs if (found := prefix_split(posixpath.basename(p)))}
    if len(splits) < 2:
        return detected
    prefixed = next(p for p in inputs if prefix_split(posixpath.basename(p)) is not None)
    doubt = (
        f"{_DOUBT}: {len(inputs) - len(odd):,} listed inputs open with a split's name ({prefixed}; splits "
        f"{', '.join(sorted(splits))}), but {len(odd):,} do not ({', '.join(odd[:3])}{', ...' if len(odd) > 3 else ''}): "
        "which split those are cannot be told"
    )
    return dataclasses.replace(detected, notes=(*detected.notes, doubt))


def check_prefix_splits(sample: Sequence[str], detected: layout.SourceLayout, sample_limit: int) -> None:
    """Stop where splits were read from name prefixes in a sample of `sample_limit` files, not the
    whole source, and the whole listing could not be read for them (an archive read as a folder):
    the files not seen may have other names, which would match no pattern; or where the listing
    shows split prefixes on some names and none on others (`_unprefixed`).

    Raises:
      UsageError: naming the patterns, and the options that decide.
    """
    doubt = next((n for n in detected.notes if n.startswith(_DOUBT)), None)
    if doubt is not None:
        raise UsageError(
            f"{doubt}. Give the splits by a layout file's split_patterns (each file matching none is then no input), "
            "--split NAME for one split, or --exclude the files of other names"
        )
    note = next((n for n in detected.notes if n.startswith(_NOTE)), None)
    if note is None or len(sample) < sample_limit or note.endswith(_WHOLE_END):
        return
    raise UsageError(
        f"{note}; but only {len(sample)} files were seen: a file of another name would match no pattern and be left "
        "out. Keep these splits by a layout file's split_patterns (each file matching none is then no input), give "
        "--split NAME for one split, or --exclude the files of other names"
    )


# Evidence that gives splits: a split list, split codes (CelebA's list_eval_partition.txt), a COCO file per split.
_SPLIT_KINDS = frozenset({evidence_lib.SPLIT_LIST, evidence_lib.SPLIT_CODES, evidence_lib.COCO_SPLIT})
