"""What COCO's annotation files say of each image, computed from the JSON alone (boxes from `bbox`,
masks from `segmentation` by pycocotools, the COCO API): the expectations the detection readers'
tests compare records with."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class CocoImage:
    """One image as `annotations/instances_<split>.json` gives it.

    Attributes:
      image_id: its `id`; height, width: its size.
      boxes: [n, 4] float64 [ymin, xmin, ymax, xmax], normalised by the size (from `bbox`).
      category_ids, names, iscrowd, area: per annotation, in the file's order.
      masks: uint8 [n, height, width], each annotation's `segmentation` decoded by pycocotools.
    """

    image_id: int
    height: int
    width: int
    boxes: np.ndarray
    category_ids: list[int]
    names: list[str]
    iscrowd: list[int]
    area: list[float]
    masks: np.ndarray


@dataclass(frozen=True)
class CocoOutput:
    """out: the converted folder; images: `{record filename (train2017/000000000009.jpg): CocoImage}`
    for every image train2017 and val2017 list (with or without annotations)."""

    out: Path
    images: dict[str, CocoImage]


def coco_images(root: Path) -> dict[str, CocoImage]:
    """`{record filename (train2017/000000000009.jpg): CocoImage}` of every image of a COCO 2017
    layout's train2017 and val2017 annotation files."""
    from pycocotools import mask as coco_mask

    found = {}
    for split in ("train2017", "val2017"):
        document = json.loads((root / f"annotations/instances_{split}.json").read_text())
        names = {c["id"]: c["name"] for c in document["categories"]}
        for image in document["images"]:
            h, w = image["height"], image["width"]
            anns = [a for a in document["annotations"] if a["image_id"] == image["id"]]
            masks = []
            for a in anns:
                segmentation = a["segmentation"]
                if isinstance(segmentation, list):  # polygons
                    rle = coco_mask.merge(coco_mask.frPyObjects(segmentation, h, w))
                else:  # RLE: uncompressed (counts a list) for crowds here
                    rle = coco_mask.frPyObjects(segmentation, h, w)
                masks.append(coco_mask.decode(rle))
            boxes = [[y / h, x / w, (y + bh) / h, (x + bw) / w] for x, y, bw, bh in (a["bbox"] for a in anns)]
            found[f"{split}/{image['file_name']}"] = CocoImage(
                image_id=image["id"],
                height=h,
                width=w,
                boxes=np.array(boxes, np.float64).reshape(-1, 4),
                category_ids=[a["category_id"] for a in anns],
                names=[names[a["category_id"]] for a in anns],
                iscrowd=[a["iscrowd"] for a in anns],
                area=[float(a["area"]) for a in anns],
                masks=np.array(masks, np.uint8).reshape(len(anns), h, w),
            )
    return found
