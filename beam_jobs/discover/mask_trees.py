"""A tree of masks mirroring the images' class folders, named as masks: never records, whatever the label level.

MVTec AD (Bergmann et al. 2019) ships each object as `bottle/train/good/000.png`, `bottle/test/<defect>/000.png`
and the defects' masks in `bottle/ground_truth/<defect>/000_mask.png`: a folder named for masks (`ground_truth`,
`masks`, `gt`: `mask_names.ends_in_mask_word`) beside the images' folders, holding the same class folders, each
mask named as an image of the same class folder with one affix more (`_mask`). Read as a folder layout, the
masks were a split `ground_truth` of records labelled by their defect; the sign over the class folders named
`--label-level 3` alone, and following it wrote them so (blind50). The sign is in the paths alone, dataset-blind:
a mask-named folder whose files pair, class folder by class folder, with a sibling folder's images under one
affix. Then the run stops before writing, whatever `--label-level` says, naming the pairs and the `--exclude`
that leaves the tree out, with what the images left would need too (the caller's `then`): following the stop's
options never writes a mask as a record. A tree left out by `--exclude` is no longer among the inputs.

Paths only; nothing is opened (the names pair the masks: a mask folder of photos would not carry them so).
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import Excludes
from shardify.plan import layout
from shardify.plan.mask_names import ends_in_mask_word

__all__ = ["check_mask_trees", "mask_trees"]

# Pairs needed (one may be a stray copy), the share of a tree's masks one affix must pair, the longest affix.
_MIN_PAIRS = 2
_MOST = 0.9
_MAX_AFFIX = 24
# Pairs a message shows.
_SHOWN = 2


def _affix(mask: str, image: str) -> tuple[str, str] | None:
    """(head, tail) `mask`'s stem adds to `image`'s, or None: none, or no letter in it (`0001` is no `001`'s mask)."""
    if len(mask) <= len(image) or len(mask) - len(image) > _MAX_AFFIX or image not in mask:
        return None
    at = mask.find(image)
    head, tail = mask[:at], mask[at + len(image) :]
    return (head, tail) if any(c.isalpha() for c in head + tail) and (not head or not tail) else None


def mask_trees(media: Sequence[str]) -> list[tuple[str, str, tuple[str, str], list[tuple[str, str]]]]:
    """(the mask tree's folder, the sibling folder of images it mirrors, the affix, [(mask, image)] paired) for
    each mask-named folder whose files lie in class folders beneath it and pair with a sibling's images.

    >>> found = mask_trees(["b/train/good/000.png", "b/test/crack/000.png", "b/test/crack/001.png",
    ...                     "b/ground_truth/crack/000_mask.png", "b/ground_truth/crack/001_mask.png"])
    >>> [(tree, images, affix, len(pairs)) for tree, images, affix, pairs in found]
    [('b/ground_truth', 'b/test', ('', '_mask'), 2)]
    >>> mask_trees(["masks/cat/1.png", "masks/cat/2.png", "images/cat/1.png", "images/cat/2.png"])
    []
    """
    trees: dict[str, list[tuple[str, str]]] = defaultdict(list)  # tree -> [(class folders beneath, stem)]
    images: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)  # (parent, class folders) -> stem: path
    for path in media:
        parts = path.split("/")
        at = next((i for i in range(len(parts) - 2) if ends_in_mask_word(parts[i])), None)  # (a class folder below it)
        if at is not None:
            trees["/".join(parts[: at + 1])].append(("/".join(parts[at + 1 : -1]), path))
            continue
        for i in range(len(parts) - 2):  # each folder's sibling may be a tree: its images by the class folders beneath
            images[("/".join(parts[: i + 1]), "/".join(parts[i + 1 : -1]))][layout.stem(path)] = path
    found = []
    for tree, masks in sorted(trees.items()):
        parent = posixpath.dirname(tree)
        votes: Counter = Counter()
        pairs: dict[tuple[str, tuple[str, str]], list[tuple[str, str]]] = defaultdict(list)
        for classes, mask in masks:
            beside = [
                (folder, stems)
                for (folder, below), stems in images.items()
                if below == classes and posixpath.dirname(folder) == parent and folder != tree
            ]
            for folder, stems in beside:
                for stem, image in stems.items():
                    if (affix := _affix(layout.stem(mask), stem)) is not None:
                        pairs[(folder, affix)].append((mask, image))
        for key, paired in pairs.items():
            votes[key] = len({mask for mask, _ in paired})
        if votes:
            (folder, affix), count = votes.most_common(1)[0]
            if count >= _MIN_PAIRS and count >= _MOST * len(masks):
                found.append((tree, folder, affix, sorted(pairs[(folder, affix)])))
    return found


def check_mask_trees(config: ConvertConfig, media: Sequence[str], then: Callable[[list[str]], str] | None = None) -> None:
    """Stop where a mask tree mirrors the images' class folders (`mask_trees`) and is not left out.

    Raises:
      UsageError: naming the tree, a pair or two, and the `--exclude` that leaves it out, then what the
        images left need (`then`, as `stem_masks` says it).
    """
    excluded = Excludes(config.exclude)
    kept = [p for p in media if not excluded(p)]
    found = mask_trees(kept)
    if not found:
        return
    globs = [f"{tree}/**" for tree, _, _, _ in found]
    left = Excludes((*config.exclude, *globs))
    said = then([p for p in kept if not left(p)]) if then is not None else ""
    _tree, folder, (head, tail), pairs = found[0]
    shown = ", ".join(f"{mask} for {image}" for mask, image in pairs[:_SHOWN])
    affix = " and ".join(repr(a) for a in (head, tail) if a)
    raise UsageError(
        f"{', '.join(f'{t}/' for t, _, _, _ in found)} holds masks of the images in {folder}/: the same class folders, "
        f"each mask named as its image with {affix} more ({shown}; {len(pairs)} paired): not records of their own. "
        f"{' '.join(f'--exclude {g!r}' for g in globs)} leaves them out" + (f"; then, without them: {said}" if said else "")
    )
