"""Rows of `shardify.plan.box_formats.FORMATS` for one kind: a table of many images' boxes, a box a
row keyed by its image (Open Images' *-annotations-bbox.csv, SKU-110K's, GTSDB's gt.txt, Global
Wheat's train.csv, the Udacity Autti labels), known by its name or its header.

Its own module because these rows share a reading (`ROWS`: a key field, a class field, the box
fields of a row) that no per-image file or document row has; `box_format_rows` places them where
they stood in its table, so the order in which rows are tried is unchanged.
"""

from __future__ import annotations

from shardify.plan.box_format import ROWS, XXYY_NORMALISED, XYWH_PIXELS, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="Open Images boxes",
        pairing=ROWS,
        files=r"annotations-bbox\.csv",
        class_field="LabelName",
        box_fields=("XMin", "XMax", "YMin", "YMax"),
        convention=XXYY_NORMALISED,
        key_field="ImageID",
        flags=(("IsGroupOf", "is_crowd"), ("IsTruncated", "truncated")),
        class_names=r"class-descriptions-boxable\.csv",
        source="Open Images download page; tfds object_detection/open_images.py",
    ),
    BoxFormat(
        name="SKU-110K boxes",
        pairing=ROWS,
        files=r"annotations_[a-z]+\.csv",  # annotations/annotations_train.csv, _val, _test: no header
        columns=("image_name", "x1", "y1", "x2", "y2", "class", "image_width", "image_height"),
        class_field="class",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        key_field="image_name",
        source="SKU110K_CVPR19 README; Ultralytics' SKU-110K.yaml (names = 'image', 'x1', 'y1', 'x2', 'y2', "
        "'class', 'image_width', 'image_height')",
    ),
    BoxFormat(
        name="GTSDB boxes",
        pairing=ROWS,
        files=r"gt\.txt",  # FullIJCNN2013/gt.txt: no header, `00000.ppm;774;411;815;446;11`
        columns=("file", "x1", "y1", "x2", "y2", "class_id"),
        class_field="class_id",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        key_field="file",
        separator=";",
        numbered_class=True,
        source="GTSDB ReadMe.txt (Format: image;leftCol;topRow;rightCol;bottomRow;ClassID)",
    ),
    BoxFormat(
        name="Global Wheat boxes",
        pairing=ROWS,
        files=r"\.csv",  # train.csv: recognised by its header's columns, not its name
        single_class="wheat_head",
        box_fields=("bbox",),  # one cell: "[x, y, w, h]"
        convention=XYWH_PIXELS,
        key_field="image_id",
        by_header=True,
        source="Kaggle Global Wheat Detection data page (train.csv: image_id,width,height,bbox,source)",
    ),
    BoxFormat(
        name="AAU annotation tool boxes",
        pairing=ROWS,
        files=r"\.csv",  # recognised by its header's columns: LISA's allAnnotations.csv, Brackish's <video>.csv
        class_field="Annotation tag",
        box_fields=("Upper left corner X", "Upper left corner Y", "Lower right corner X", "Lower right corner Y"),
        convention=XYXY_PIXELS,
        key_field="Filename",
        by_header=True,
        separator=";",
        source="Aalborg University's bounding-box annotation tool (LISA Traffic Sign Dataset readme; the Brackish "
        "Dataset's annotations_AAU: 'Filename;Annotation tag;Upper left corner X;Upper left corner Y;Lower right "
        "corner X;Lower right corner Y', semicolon-separated, pixels)",
    ),
    BoxFormat(
        name="Box table of one class",
        pairing=ROWS,
        files=r"\.csv",  # recognised by its header's columns alone: a key and the corners, nothing else
        single_class="object",  # the files name no class: every box one, its count what a record carries
        box_fields=("xmin", "ymin", "xmax", "ymax"),
        convention=XYXY_PIXELS,
        key_field="image",
        by_header=True,
        only_columns=("width", "height"),
        source="Kaggle car-object-detection (train_solution_bounding_boxes.csv: image,xmin,ymin,xmax,ymax, "
        "pixels, one car class); the shape of many one-class Kaggle detection tables",
    ),
    BoxFormat(
        name="Udacity Autti boxes",
        pairing=ROWS,
        files=r"labels\.csv",  # object-dataset/labels.csv: no header, space-separated, classes quoted
        columns=("frame", "xmin", "ymin", "xmax", "ymax", "occluded", "label", "attributes"),
        optional_columns=1,  # a traffic light's colour ("Red"): the class stays trafficLight
        separator=" ",
        class_field="label",
        box_fields=("xmin", "ymin", "xmax", "ymax"),
        convention=XYXY_PIXELS,
        key_field="frame",
        source="udacity/self-driving-car annotations/README.md (Dataset 2, Autti: frame, xmin, ymin, xmax, ymax, "
        "occluded, label, attributes only on traffic lights; the label file has no header)",
    ),
)
