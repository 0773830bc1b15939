"""Neighbours and hostile twins of blind round twenty-one's three kinds of wrong exit 0 (tests/helpers/blind21.py).

Not datasets of the batch, built to the kind each mend reads (tests/layouts/test_kinds21_unread_tables.py):

- a table naming the images, restating their folders, with a column finer than the folders
  (`unread_table_signs.finer_column`; the batch's case Hotel-ID 2021): `oak_species` (photos/<genus>/, a
  metadata.csv whose species column splits each genus), and its twin `oak_photographer`, whose extra column
  spans the folders (no finer column: the folders stay the labels);
- a table column of box or polygon literals (`unread_table_signs.box_literal_column`; the batch's case the
  Great Barrier Reef): `camera_boxes` (frames/<camera>/, rows naming frames by number, `objects` a JSON list
  of xmin/ymin/xmax/ymax dicts), `camera_polygons` (a `shape` column of point lists), and the twin
  `camera_positions`, whose list column is a [lat, lon] pair (no box: the folders stay the labels);
- several 0/1 columns beside the one column of words (`keyed_tables._FLAG_COLUMNS`; the batch's case RANZCR
  CLiP): `finding_flags` (image, four 0/1 findings, then a hospital), and the twin `species_flag` (image,
  species, one 0/1 flag: the species the label);
- a 0/1 column named as an id beside a 0/1 class in a text table (`one_hot._named_as_id`; the batch's case LLM -
  Detect AI Generated Text's prompt_id): `essay_topics` (topic_id 0/1 and plagiarised: the one label), and the
  twin `essay_classes` (two 0/1 classes: multi-label);
- COCO-shaped split files whose annotations give whole images a category and no box, beside flat image folders
  (`describe._refuse_image_categories`; the batch's case iWildCam 2020): `trap_categories`, and the twin
  `trap_boxes` (the same with boxes: COCO instances, read).

The truth is each layout's meaning as built here, as in tests/helpers/unseen4.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img

__all__ = ["DATASETS", "FOLLOW"]

_OAKS = {"Quercus": ["quercus_robur", "quercus_ilex"], "Acer": ["acer_campestre", "acer_rubrum"], "Fagus": ["fagus_sylvatica"]}


def _oaks(extra: str) -> Iterator[Put]:
    """photos/<genus>/<n>.jpg and metadata.csv 'filename,genus,<extra>,date': `extra` 'species' splits the genera,
    'photographer' spans them."""
    lines = [f"filename,genus,{extra},date"]
    n = 100
    for g, (genus, species) in enumerate(_OAKS.items()):
        for s, name in enumerate(species):
            for j in range(2):
                n += 3
                cell = name if extra == "species" else ["ann", "bob"][(n // 3) % 2]
                lines.append(_csv(f"{n}.jpg", genus, cell, f"2021-0{1 + j}-1{s}"))
                yield img(f"photos/{genus}/{n}.jpg", "train", name if extra == "species" else genus)
    yield aux("metadata.csv", "\n".join(lines) + "\n")


def _cameras(kind: str) -> Iterator[Put]:
    """frames/<camera>/<n>.png and frames.csv 'frame,camera,<column>': boxes, polygons, or a position."""
    column = {"boxes": "objects", "polygons": "shape", "positions": "position"}[kind]
    lines = [f"frame,camera,{column}"]
    for camera in ("cam_east", "cam_west"):
        for n in range(1, 5):
            count = n % 3
            if kind == "boxes":
                cell = json.dumps([{"xmin": 1 + 5 * j, "ymin": 2, "xmax": 5 + 5 * j, "ymax": 9} for j in range(count)])
            elif kind == "polygons":
                cell = json.dumps([[[1 + 5 * j, 2], [5 + 5 * j, 2], [5 + 5 * j, 9], [1 + 5 * j, 9]] for j in range(count)])
            else:
                cell = json.dumps([52.1 + n / 10, 4.3 + n / 10])
            lines.append(_csv(str(n), camera, cell))
            if kind == "positions":
                yield img(f"frames/{camera}/{n:04d}.png", "train", camera, kind="png")
            else:
                yield img(f"frames/{camera}/{n:04d}.png", "train", objects=[None] * count, kind="png")
    yield aux("frames.csv", "\n".join(lines) + "\n")


_FINDINGS = ["Mass", "Effusion", "Nodule", "Atelectasis"]


def _flags(twin: bool) -> Iterator[Put]:
    """images/<id>.png and train.csv: 'image,<four 0/1 findings>,hospital', or the twin 'image,species,occluded'."""
    lines = ["image,species,occluded"] if twin else ["image," + ",".join(_FINDINGS) + ",hospital"]
    for i in range(10):
        name = f"x{7000 + i * 13}.png"
        if twin:
            species = ["heron", "egret", "stork"][i % 3]
            lines.append(_csv(name, species, str(i % 2)))
            yield img(f"images/{name}", "train", species, kind="png")
        else:
            on = {_FINDINGS[i % 4], _FINDINGS[(i * 3 + 1) % 4]}
            lines.append(_csv(name, *("1" if f in on else "0" for f in _FINDINGS), ["St Mary", "Royal Free"][i % 2]))
            yield img(f"images/{name}", "train", on, kind="png")
    yield aux("train.csv", "\n".join(lines) + "\n")


def _essays(twin: bool) -> Iterator[Put]:
    """A text table 'essay_id,topic_id,text,plagiarised' (topic_id 0/1 names one of two topics: an id, no class), or the
    twin 'essay_id,text,plagiarised,off_topic' (two 0/1 classes: multi-label)."""
    from helpers.shipped import _words
    from helpers.unseen4 import row

    lines = ["essay_id,text,plagiarised,off_topic"] if twin else ["essay_id,topic_id,text,plagiarised"]
    for i in range(12):
        text = f"{_words(f'es{i}', 14).capitalize()}."
        copied, off = str(int(i % 4 == 1)), str(int(i % 3 == 2))
        if twin:
            lines.append(_csv(f"e{900 + i}", text, copied, off))
            yield row(f"essays.csv:{i}", "train", {n for n, v in (("plagiarised", copied), ("off_topic", off)) if v == "1"}, text)
        else:
            lines.append(_csv(f"e{900 + i}", str(i % 2), text, copied))
            yield row(f"essays.csv:{i}", "train", copied, text)
    yield aux("essays.csv", "\n".join(lines) + "\n")


def _trap_json(boxes: bool) -> Iterator[Put]:
    """images/<n>.jpg (flat) beside train.json and val.json, COCO-shaped: each annotation an image's category (COCO
    Camera Traps, string ids), or the twin's boxes (COCO instances, numeric ids)."""
    cats = [{"id": 1, "name": "deer"}, {"id": 2, "name": "fox"}]
    for split, numbers in (("train", range(1, 7)), ("val", range(7, 10))):
        images, notes = [], []
        for n in numbers:
            ident = n if boxes else f"S1/C0{n % 3}/img_{n:04d}"
            name = ["deer", "fox"][n % 2]
            images.append({"id": ident, "file_name": f"{n:04d}.jpg", "width": 20, "height": 16})
            note = {"id": f"a{n}" if not boxes else n, "image_id": ident, "category_id": 1 + n % 2}
            if boxes:
                note.update(bbox=[1, 2, 6, 5], area=30, iscrowd=0)
            notes.append(note)
            yield img(f"images/{n:04d}.jpg", split, name, objects=[name] if boxes else None)
        yield aux(f"{split}.json", json.dumps({"images": images, "annotations": notes, "categories": cats}))


SPECS: dict[str, Spec] = {
    "oak_species": Spec("oaks", "image", lambda: _oaks("species"), "built here", "each photo its species (finer than genus)."),
    "oak_photographer": Spec("oaks", "image", lambda: _oaks("photographer"), "built here", "each photo its genus folder."),
    "camera_boxes": Spec("cameras", "image", lambda: _cameras("boxes"), "built here", "detection: unnamed boxes."),
    "camera_polygons": Spec("cameras", "image", lambda: _cameras("polygons"), "built here", "detection: unnamed polygons."),
    "camera_positions": Spec("cameras", "image", lambda: _cameras("positions"), "built here", "each frame its camera folder."),
    "finding_flags": Spec("xrays", "image", lambda: _flags(False), "built here", "multi-label: the 0/1 findings."),
    "species_flag": Spec("birds", "image", lambda: _flags(True), "built here", "the species the label."),
    "essay_topics": Spec("essays", "text", lambda: _essays(False), "built here", "plagiarised (0/1) the label; topic_id an id."),
    "trap_categories": Spec("traps", "image", lambda: _trap_json(False), "built here", "each image its category."),
    "trap_boxes": Spec("traps", "image", lambda: _trap_json(True), "built here", "detection: each box its category."),
    "essay_classes": Spec("essays", "text", lambda: _essays(True), "built here", "multi-label: plagiarised, off_topic."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# The options a stop names with which the conversion is right; None where the first command must be right or
# where no option reads the layout (a stop that says so is what is asked).
FOLLOW: dict[str, dict[str, object] | None] = {
    "oak_species": {"labels_file": "metadata.csv", "label_column": "species"},
    "oak_photographer": None,
    "camera_boxes": None,
    "camera_polygons": None,
    "camera_positions": None,
    "finding_flags": None,
    "species_flag": None,
    "essay_topics": {"label_column": "plagiarised"},
    "essay_classes": None,
    "trap_categories": None,
    "trap_boxes": None,
}
