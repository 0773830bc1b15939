"""Per-image MATLAB (.mat) box files: rows of `box_formats.FORMATS` kept apart from `box_format_rows.py`
(one module a kind of rows), read by `converters/mat_boxes.py`.

The Oxford hand dataset (Mittal, Zisserman and Torr, BMVC 2011; www.robots.ox.ac.uk/~vgg/data/hands/) ships
`<split>_dataset/<split>_data/images/Buffy_1.jpg` beside `.../annotations/Buffy_1.mat`: the file's one
variable `boxes`, a 1 x N cell of structs, each with four corner points `a`, `b`, `c`, `d`, each `[y x]`
(the box may be turned). Readers seen by search read it as `loadmat(...)['boxes'][0]` and each corner's
two numbers; the files name no class (every box is a hand): "object", as the other rows of unnamed
boxes, so that no row guesses a class its files do not say (`--label-names` is not needed to convert).

EgoHands (Bambach et al., ICCV 2015; vision.soic.indiana.edu/projects/egohands) ships `_LABELLED_SAMPLES/
<video>/frame_<n>.jpg` beside one `polygons.mat` per video: `polygons`, a 1 x 100 struct array, an element per
frame in the order of the frames' names, its fields `myleft`, `myright`, `yourleft`, `yourright` each that hand's
polygon (an N x 2 array of [x y] points) or empty where the hand is not seen. Readers seen by search: "sort
image_path_array to ensure its in the low to high order expected in polygon.mat", `loadmat(...)['polygons'][0]`,
`polygons[label] for label in ['myleft', 'myright', 'yourleft', 'yourright']`, `hand_poly.shape[1] > 0`. The
struct's fields are the classes, whatever they are named (`FIELD_CLASSES`).
"""

from __future__ import annotations

from shardify.plan.box_format import CORNER_POINTS_YX, FIELD_CLASSES, FOLDER_MAT, PER_IMAGE_MAT, POLYGONS_XY, BoxFormat

__all__ = ["FORMATS"]

_SOURCE = (
    "Oxford hand dataset (www.robots.ox.ac.uk/~vgg/data/hands/: hand_dataset/{training,validation,test}_dataset/"
    "<split>_data/{images,annotations}/); readers seen by search: \"matfile = sio.loadmat('.../annotations/"
    "Buffy_1.mat'); for box in matfile['boxes'][0]\", each box's a, b, c, d a [y x] corner"
)

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="MATLAB corner-point boxes",
        pairing=PER_IMAGE_MAT,
        files=r"(?i)(annotations?|labels?)",  # <split>_data/annotations/<stem>.mat beside <split>_data/images/<stem>.jpg
        extension="mat",
        boxes_field="boxes",
        single_class="object",  # the files name no class
        box_fields=("a", "b", "c", "d"),
        convention=CORNER_POINTS_YX,
        source=_SOURCE,
    ),
    BoxFormat(
        name="MATLAB polygons per folder of frames",
        pairing=FOLDER_MAT,
        files=r"[^/]+\.mat",  # told by its content: a struct array of polygons, an element per frame of its folder
        extension="mat",
        boxes_field="polygons",
        class_field=FIELD_CLASSES,  # each field of the struct a class (EgoHands' four hands)
        box_fields=(),
        convention=POLYGONS_XY,
        source="EgoHands (vision.soic.indiana.edu/projects/egohands: _LABELLED_SAMPLES/<video>/polygons.mat beside "
        "frame_<n>.jpg; readers seen by search sort the frames by name and read loadmat(...)['polygons'][0], a "
        "hand's polygon empty where it is not seen)",
    ),
)
