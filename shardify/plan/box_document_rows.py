"""Rows of `shardify.plan.box_formats.FORMATS` for one kind: a single document (JSON or YAML) listing
every image of a split with its boxes, each box's class and corners in named fields (TT100K's
annotations.json, AU-AIR's, Bosch's train.yaml, BDD100K's frame lists), known by its content.

Its own module because these rows share a reading (`JSON_DOCUMENT`: an entries field, a key field,
a boxes field) that no per-image or table row has; `box_format_rows` places them where they stood
in its table, so the order in which rows are tried is unchanged.
"""

from __future__ import annotations

from shardify.plan.box_format import JSON_DOCUMENT, XYWH_PIXELS, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="TT100K signs",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # data/annotations.json beside data/train/, data/test/ (2021: annotations_all.json): by its content
        entries_field="imgs",  # {"types": [...], "imgs": {"<id>": {"path": "train/<id>.jpg", "objects": [...]}}}
        key_field="path",
        boxes_field="objects",
        class_field="category",
        box_fields=("bbox.xmin", "bbox.ymin", "bbox.xmax", "bbox.ymax"),
        convention=XYXY_PIXELS,
        by_header=True,
        source="cg.cs.tsinghua.edu.cn/traffic-sign (TT100K data.zip: data/annotations.json; its code/python/anno_func.py "
        "reads imgs[id]['path'] and objects' category and bbox xmin, ymin, xmax, ymax)",
    ),
    BoxFormat(
        name="AU-AIR frames",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # auair2019/annotations.json beside auair2019/images/: by its content
        entries_field="annotations",  # {"info", "licenses", "categories": [8 names], "annotations": [{"image_name", ...}]}
        key_field="image_name",
        boxes_field="bbox",
        class_field="class",
        class_list_field="categories",  # class 0 is categories[0], "Human"
        box_fields=("left", "top", "width", "height"),
        convention=XYWH_PIXELS,
        by_header=True,
        source="bozcani.github.io/auairdataset; its API (github.com/bozcani/auairdataset, auairtools/auair.py) reads "
        "dataset['annotations'][i]['image_name'] and ['bbox'] [{top, left, height, width, class}], class an index into "
        "'categories' (its examples/auair_subset/annotations.json)",
    ),
    BoxFormat(
        name="Bosch small traffic lights",
        pairing=JSON_DOCUMENT,
        document="yaml",
        files=r"\.ya?ml",  # dataset_train_rgb/train.yaml, dataset_test_rgb/test.yaml: by its content
        key_field="path",  # [{"boxes": [{"label", "occluded", "x_max", "x_min", "y_max", "y_min"}], "path": "./rgb/..."}]
        boxes_field="boxes",
        class_field="label",
        box_fields=("x_min", "y_min", "x_max", "y_max"),
        convention=XYXY_PIXELS,
        by_header=True,
        source="hci.iwr.uni-heidelberg.de/content/bosch-small-traffic-lights-dataset (its README and the bosch-ros-pkg "
        "bstld loaders: a YAML list of {boxes: [{label, occluded, x_max, x_min, y_max, y_min}] in pixels, path}; "
        "test.yaml's paths on the authors' server, the file names those of rgb/test/)",
    ),
    BoxFormat(
        name="BDD100K frames",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # bdd100k_labels_images_train.json (2018), det_20/det_train.json (2020): by its content
        key_field="name",  # [{"name": "<stem>.jpg", "attributes": ..., "labels": [{"category", "box2d" | "poly2d"}]}]
        boxes_field="labels",
        class_field="category",
        box_fields=("box2d.x1", "box2d.y1", "box2d.x2", "box2d.y2"),
        convention=XYXY_PIXELS,
        skip=(("box2d.x1", "", "a polygon with no box (BDD100K's lanes and drivable areas: poly2d, not an object)"),),
        by_header=True,
        source="doc.bdd100k.com (labels format: a list of frames, name, labels [{category, box2d {x1, y1, x2, y2} "
        "or poly2d}]); github.com/bdd100k/bdd100k",
    ),
)
