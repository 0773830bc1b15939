"""The words a box format's fields take (`box_format.BoxFormat`): pairings, box conventions, the number rule.

A pairing says how a dataset's files pair their boxes with its images (a file per image, blocks of
lines, rows of a table, a JSON document ...); a convention says what a box's numbers mean (two
corners or a corner and a size, in pixels, fractions or percent; a quadrilateral, an ellipse or a
rotated rectangle read as its envelope); `is_number` is the one rule for what a field spelled as a
number is. They are a vocabulary of their own, apart from the record that uses them, because the
readers, the rows and the recognisers all name them; `box_format` (and through it `box_formats`)
re-exports them, so they are imported from there as before.
"""

from __future__ import annotations

import re

from shardify.plan.mat_box_kinds import CORNER_POINTS_YX, POLYGONS_XY

__all__ = [
    "BLOCKS",
    "CONVENTIONS",
    "CXCYWH_NORMALISED",
    "CXCYWH_PIXELS",
    "ELLIPSE_PIXELS",
    "FOLDER_CLASS",
    "FOLDER_TABLES",
    "FRAMES_XML",
    "FRAME_ROWS",
    "IDL_LINES",
    "JSON_DOCUMENT",
    "JSON_LINES",
    "LISTS_EVERY_IMAGE",
    "LITERAL_PIXELS",
    "NAMED_LINES",
    "PER_IMAGE",
    "PER_IMAGE_JSON",
    "POINTS_PIXELS",
    "QUAD_PIXELS",
    "ROTATED_PIXELS",
    "ROWS",
    "UNNAMED_CLASS",
    "WORDS_BEFORE_BOX",
    "XXYY_NORMALISED",
    "XYWH_PERCENT",
    "XYWH_PIXELS",
    "XYXY_NORMALISED",
    "XYXY_PERCENT",
    "XYXY_PIXELS",
    "is_number",
]

PER_IMAGE, BLOCKS, ROWS, JSON_LINES = "per image", "blocks", "rows", "json lines"
JSON_DOCUMENT = "json document"
FRAMES_XML = "frames xml"
# One text table per sequence of frames, a row per box, the frame's NUMBER (not its file's name) in
# one field and a track id beside it (UAVDT's GT/M0101_gt_whole.txt for UAV-benchmark-M/M0101/img000001.jpg;
# VisDrone-VID's, KITTI tracking's, MOTChallenge's): which table is which sequence's is said by
# `sequence_path`; read by beam_jobs/discover/frame_row_tables.py and converters/frame_row_tables.py.
FRAME_ROWS = "frame rows"
# One file listing many images, a line an image: its quoted path, then its boxes as parenthesised
# corners (the IDL files of Brainwash, the TUD and ETH pedestrian sets): read by converters/idl_boxes.py.
IDL_LINES = "idl lines"
# One file listing many images, a line an image: its file's name, a colon, then its objects each ended
# by a semicolon, of fields at the row's separator, or one word (a class with no box): the Swedish
# Traffic Signs Dataset's Set1/annotations.txt. Read by converters/named_box_lines.py.
NAMED_LINES = "named lines"
PER_IMAGE_JSON = "per image json"
# One table per folder of images, its header naming a key column and the box's four, a box a row
# keyed by an image's stem in the table's own folder, every box of that folder's class (UEC FOOD's
# `<id>/bb_info.txt`): read by beam_jobs/discover/folder_tables.py and converters/folder_tables.py.
FOLDER_TABLES = "table per folder"
# `single_class` of a format whose files name no class because the folder holding the image (or
# the table) is the class: FlickrLogos-32's `classes/masks/<class>/<image>.bboxes.txt`, UEC FOOD's
# `<id>/bb_info.txt`. The readers put the folder's name in its place.
FOLDER_CLASS = "(its folder)"
# `single_class` of a format whose files hold boxes of one class and name it nowhere, neither by a
# word nor by a number (Guns Object Detection's `Labels/<n>.txt`: a count line, then `x1 y1 x2 y2`
# lines): the run stops until `--label-names` names the class (`beam_jobs/discover/box_tables.py`), and
# an object read without that name is its image's reject, never written under this placeholder.
UNNAMED_CLASS = "(named by --label-names)"
# Pairings whose files list every image they annotate, those without objects included (WIDER FACE's
# and FDDB's blocks, a `0` count for a face-less photo; TT100K's and BDD100K's documents, an entry of
# no objects; CrowdHuman's .odgt lines): an image in none of them is outside the annotated set (FDDB's
# 28,204 originalPics hold 2,845 annotated), a reject, never a record without objects. The others
# document an image without a row or file as one without objects: ROWS (Global Wheat's, Open
# Images' box tables have no row for an image of no box), FRAMES_XML (UA-DETRAC leaves frames of no
# target out), FRAME_ROWS (a frame no row names is one without objects: UAVDT's, VisDrone-VID's, MOT's
# tables have rows only for the boxes there are), the per-image files (YOLO's `.txt`; NWPU VHR-10's negative images have none).
LISTS_EVERY_IMAGE = frozenset({"blocks", "json document", "json lines", "idl lines", "named lines"})
# Box conventions: the four numbers as the format writes them.
XYXY_PIXELS = "x1 y1 x2 y2 pixels"
XYWH_PIXELS = "x y w h pixels"
XXYY_NORMALISED = "xmin xmax ymin ymax normalised"
# An oriented quadrilateral's four corners: read as its axis-aligned envelope (the contract's
# boxes are axis-aligned; the corners are not carried).
QUAD_PIXELS = "x1 y1 x2 y2 x3 y3 x4 y4 pixels, read as the corners' envelope"
# An ellipse (FDDB's faces): its two radii, the major axis's angle from the horizontal in radians,
# its centre; read as its axis-aligned envelope.
ELLIPSE_PIXELS = "major radius, minor radius, angle, centre x, centre y pixels, read as the ellipse's envelope"
# A class written as all the words before the box (negative box fields: the last four).
WORDS_BEFORE_BOX = ":-4"
# A rotated rectangle (MSRA-TD500's text lines): its left, top, width and height before the turn, and
# the angle in radians it is turned by about its centre; read as its axis-aligned envelope.
ROTATED_PIXELS = "x y w h of the unturned rectangle, angle in radians about its centre, pixels, read as its envelope"
# Corners as fractions of the image's width and height (AutoML's and TFRecorder's box tables).
XYXY_NORMALISED = "x1 y1 x2 y2 normalised"
# A box's centre and its size, in pixels or as fractions of the image's sides (YOLO's numbers, and
# the box tables Kaggle and Roboflow exports write under `x_center,y_center,width,height`).
CXCYWH_PIXELS = "cx cy w h pixels"
CXCYWH_NORMALISED = "cx cy w h normalised"
# A ROWS table's one cell of boxes or polygons written as a literal (`[{'x': 5, 'y': 2, 'width': 4,
# 'height': 5}, ...]`, `[(x, y), ...]`, WKT), any number of objects a row, each read as its envelope
# in pixels (`shardify/plan/literal_boxes.py`; tables found by `shardify/plan/literal_tables.py`).
LITERAL_PIXELS = "a literal of boxes or polygons, pixels, each read as its envelope"
# A JSON list of [x, y] points a shape is drawn by (LabelMe's `points`: a polygon's corners, a
# rectangle's two corners, a circle's centre and an edge point), each shape read as its envelope in
# pixels by its `shape_type` (`converters/labelme_shapes.py`).
POINTS_PIXELS = "a shape's [x, y] points, pixels, read as its envelope by its shape type"
# Boxes in percent of the image's width and height, 0 to 100 (Label Studio's `x`, `y`, `width`, `height`):
# rows read only where a layout file names them (`json_box_rows`), never guessed from numbers alone.
XYWH_PERCENT = "x y w h percent"
XYXY_PERCENT = "x1 y1 x2 y2 percent"
CONVENTIONS = (POINTS_PIXELS, LITERAL_PIXELS, XYXY_PIXELS, XYWH_PIXELS, XXYY_NORMALISED, QUAD_PIXELS, ELLIPSE_PIXELS, ROTATED_PIXELS, XYXY_NORMALISED,
                CXCYWH_PIXELS, CXCYWH_NORMALISED, XYWH_PERCENT, XYXY_PERCENT, CORNER_POINTS_YX, POLYGONS_XY)
# ASCII digits only: `\d` and Python's int() and float() also read other scripts' digits ('\u0660').
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|[-+]?(nan|inf|infinity)", re.IGNORECASE | re.ASCII)


def is_number(text: str) -> bool:
    """A field spelled as a number (nan and inf included: they are refused when read, by name,
    not taken for a class)."""
    return bool(_NUMBER.fullmatch(text.strip()))
