"""Per-image MATLAB (.mat) box files: rows of `box_formats.FORMATS` kept apart from `box_format_rows.py`
(one module a kind of rows), read by `converters/mat_boxes.py`.

The Oxford hand dataset (Mittal, Zisserman and Torr, BMVC 2011; www.robots.ox.ac.uk/~vgg/data/hands/) ships
`<split>_dataset/<split>_data/images/Buffy_1.jpg` beside `.../annotations/Buffy_1.mat`: the file's one
variable `boxes`, a 1 x N cell of structs, each with four corner points `a`, `b`, `c`, `d`, each `[y x]`
(the box may be turned). Readers seen by search read it as `loadmat(...)['boxes'][0]` and each corner's
two numbers; the files name no class (every box is a hand): "object", as the other rows of unnamed
boxes, so that no row guesses a class its files do not say (`--label-names` is not needed to convert).
"""

from __future__ import annotations

from shardify.plan.box_format import CORNER_POINTS_YX, PER_IMAGE_MAT, BoxFormat

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
        files=r"(?i)annotations?|labels?",  # <split>_data/annotations/<stem>.mat beside <split>_data/images/<stem>.jpg
        extension="mat",
        boxes_field="boxes",
        single_class="object",  # the files name no class
        box_fields=("a", "b", "c", "d"),
        convention=CORNER_POINTS_YX,
        source=_SOURCE,
    ),
)
