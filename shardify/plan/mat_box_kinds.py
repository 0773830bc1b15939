"""The words of MATLAB box files (`BoxFormat` pairings and conventions) and what a row of them must say:
kept apart from `box_format.py`, which imports them, so that the MATLAB kinds are one module's.

  PER_IMAGE_MAT  one .mat per image, in a folder mirroring the images' folder, by stem: its boxes one
                 variable (`boxes_field`), each a struct of the corner fields `box_fields` (the Oxford
                 hand dataset's `annotations/Buffy_1.mat` beside `images/Buffy_1.jpg`), read by
                 converters/mat_boxes.py;
  FOLDER_MAT     one .mat per folder of frames, beside them: a struct array (`boxes_field`) of an
                 element per frame (the folder's images in name order), each field a class whose value
                 is that frame's polygon or empty (EgoHands' `<video>/polygons.mat`: myleft, myright,
                 yourleft, yourright), read by converters/mat_frame_polygons.py, found by content.

Coordinates in MATLAB count pixels from 1, pixel i's centre at i.
"""

from __future__ import annotations

__all__ = ["CORNER_POINTS_YX", "FIELD_CLASSES", "FOLDER_MAT", "PER_IMAGE_MAT", "POLYGONS_XY", "mat_row_fault"]

PER_IMAGE_MAT = "per image mat"
FOLDER_MAT = "mat per folder of frames"
# `class_field` of a FOLDER_MAT row: the struct's field holding a polygon is that object's class.
FIELD_CLASSES = "(its struct field)"
# Four corner points of a box that may be turned, each [y x] (MATLAB's row, column), read as their envelope.
CORNER_POINTS_YX = "four corner points, each [y x] in MATLAB's pixels from 1, read as the corners' envelope"
# A polygon as an N x 2 array of [x y] points, read as its envelope (EgoHands').
POLYGONS_XY = "a polygon of [x y] points in MATLAB's pixels from 1, read as its envelope"


def mat_row_fault(pairing: str, convention: str, boxes_field: str, extension: str, box_fields: tuple, class_field: str) -> str:
    """Why a format row of these fields is no MATLAB row it could be, or "".

    >>> mat_row_fault(PER_IMAGE_MAT, CORNER_POINTS_YX, "boxes", "mat", ("a", "b", "c", "d"), "")
    ''
    >>> mat_row_fault(FOLDER_MAT, POLYGONS_XY, "polygons", "mat", (), "class")  # its classes are its fields
    'a .mat per folder of frames names its struct of polygons, each field a class, and only it'
    """
    if (pairing == PER_IMAGE_MAT) != (convention == CORNER_POINTS_YX) or (
        pairing == PER_IMAGE_MAT and not (boxes_field and extension == "mat" and len(box_fields) == 4)
    ):
        return "a per-image .mat names its variable of boxes, each four corner points, and only it"
    if (pairing == FOLDER_MAT) != (convention == POLYGONS_XY) or (
        pairing == FOLDER_MAT and not (boxes_field and extension == "mat" and class_field == FIELD_CLASSES and not box_fields)
    ):
        return "a .mat per folder of frames names its struct of polygons, each field a class, and only it"
    return ""
