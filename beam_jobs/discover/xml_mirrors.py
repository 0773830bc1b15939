"""A tree of Pascal VOC annotation folders mirroring the image folders, read as one tree.

ImageNet's `Annotations/<wnid>/<wnid>_<n>.xml` beside `Images/<wnid>/<wnid>_<n>.JPEG`, ImageNet
VID's `Annotations/VID/train/<sequence>/000000.xml` beside `Data/VID/train/<sequence>/000000.JPEG`:
one annotation folder per image folder, named as it. Detection found one Evidence per annotation
folder it sampled (`describe._annotation_folders`), so on a tree larger than the sample the images
of the folders it passed over were written without their boxes, exit 0 (mirrors15: 24 of 32 images
with `DETECT_SAMPLE_FILES` lowered to 40, `--label-level 0`); and each folder keyed its XMLs by
stem alone, so VID's `000000.xml` named the frame of every sequence and each was rejected.

Here the sampled folders of one parent that repeat image folders' names become one Evidence at
that parent, keyed by `<folder>/<stem>`: every XML of the tree is read at conversion (as
`voc_beside` does for XML beside the images), whether its folder was sampled or not, and a stem
repeated across folders stays apart. Folders that mirror no image folder (VOC's `Annotations/`
beside `JPEGImages/`) are left as they are.

Plain functions over paths and Evidence; nothing is opened.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections import defaultdict
from collections.abc import Sequence

from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["one_tree"]


def one_tree(found: Sequence[Evidence], sample: Sequence[str], set_aside: Sequence[str] = ()) -> list[Evidence]:
    """`found` with the XML_OBJECTS Evidence of annotation folders that mirror image folders by name
    (their parent no folder of images) replaced, per parent, by one Evidence at the parent keyed by
    the image's folder and stem; `set_aside`: annotation folders not read (beside class folders).

    >>> e = [Evidence(f"A/{w}", evidence_lib.XML_OBJECTS, KeyRule(1, False)) for w in ("n1", "n2")]
    >>> [(x.path, x.key.parts) for x in one_tree(e, ["I/n1/a.jpg", "I/n2/b.jpg", "I/n3/c.jpg", "A/n1/a.xml"])]
    [('A', 2)]
    >>> [x.path for x in one_tree(e[:1], ["JPEGImages/a.jpg"])]  # no image folder named as it
    ['A/n1']
    """
    image_folders = {posixpath.dirname(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    names = {posixpath.basename(f) for f in image_folders if f}
    by_parent: dict[str, list[Evidence]] = defaultdict(list)
    for e in found:
        parent = posixpath.dirname(e.path)
        if (e.kind == evidence_lib.XML_OBJECTS and not e.image_folder and parent
                and not any(f == parent or f.startswith(parent + "/") for f in image_folders)):
            by_parent[parent].append(e)
    by_parent = {
        parent: group for parent, group in by_parent.items()
        # one folder named as an image folder, and none set aside under the parent (ImageNet's
        # Annotations/CLS-LOC/val/ beside the train/<wnid>/ set aside: read alone, as before)
        if any(posixpath.basename(e.path) in names for e in group)
        and not any(f.startswith(parent + "/") for f in set_aside)
    }
    if not by_parent:
        return list(found)
    merged = {id(e) for group in by_parent.values() for e in group}
    kept = [e for e in found if id(e) not in merged]
    for parent, group in sorted(by_parent.items()):
        shown = ", ".join(e.path + "/" for e in group[:3]) + (f" and {len(group) - 3} more" if len(group) > 3 else "")
        note = (f"{parent}/: Pascal VOC annotations, one per image, in folders named as the images' folders ({shown}): "
                "every folder of it read, each XML naming the image of its folder and stem; its objects' names are its labels")
        kept.append(dataclasses.replace(group[0], path=parent, key=KeyRule(2, False), note=note))
    return kept
