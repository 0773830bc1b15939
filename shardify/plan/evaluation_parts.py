"""Folders of a retrieval benchmark's evaluation parts: splits of their own name beside split folders.

Person and vehicle re-identification downloads ship the images to search with and the images to
search in as folders beside the training folder, named for their part of the evaluation rather than
by a split word: Market-1501's and DukeMTMC-reID's `query/` (and Market-1501's hand-drawn
`gt_bbox/`) beside `bounding_box_train/` and `bounding_box_test/`, VeRi-776's `image_query/`
beside `image_train/` and `image_test/`. The loaders users compare against (torchreid's
`Market1501`: train `bounding_box_train`, query `query`, gallery `bounding_box_test`) read each as
a set of its own (`image_query/` is the split `query`). Taken for class folders beside split folders, the source stopped naming no
option that helped; read as split folders, `query/` is the split `query`, each image labelled as the
other splits' are (by its name's person id, `--label-from-name`, which the stop then names).

Only beside folders that do name splits: alone, `query/` or `gallery/` may be a class.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["EVALUATION_PART_WORDS", "EVALUATION_PART_NAMES", "evaluation_part"]

# Words of a folder name that make it an evaluation part (`query`, `image_query`, `gallery`).
EVALUATION_PART_WORDS = frozenset({"query", "gallery"})
# Whole folder names that are one (Market-1501's `gt_bbox/`: the query persons' hand-drawn boxes).
EVALUATION_PART_NAMES = frozenset({"gt_bbox"})


def evaluation_part(name: str, siblings: Sequence[str], names_split) -> str | None:
    """The split an evaluation part folder is (its part word: `image_query` -> query; or its whole
    name: `gt_bbox`) where a sibling folder names a split (`names_split`, the split word reader of
    `structure`); else None.

    >>> evaluation_part("image_query", ["image_query", "image_train"], lambda n: "train" if "train" in n else None)
    'query'
    >>> evaluation_part("query", ["query", "answers"], lambda n: None) is None
    True
    """
    low = name.lower()
    words = [w for w in re.split(r"[^a-z]+", low) if w in EVALUATION_PART_WORDS]
    part = low if low in EVALUATION_PART_NAMES else words[0] if len(set(words)) == 1 else None
    if part is None or not any(names_split(other) for other in siblings if other != name):
        return None
    return part
