"""Hostile input, eighteenth round: tables of boxes in centre format (`x_center,y_center,width,height`,
`cx,cy,w,h`: `shardify/plan/box_columns.py`), one row of the first ones damaged.

A width of 0 or below, NaN, infinities, 1e308, 1e-320, a centre on the image's corner (the box half
outside), `-0.0`, a hexadecimal number, a class holding a line break. Before this round eight such
rows turned the whole table into a label table (every box of every image dropped, exit 0) and two
failed the plan with exit 1. Each image ends in one record whose boxes are finite and inside it
(a box dropped or clipped is named in repaired.jsonl), or one reject; or the run stops naming the
table. The other images keep their boxes.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

_EDGES = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)
_FRACTIONS = ["b.jpg,car,0.5,0.5,0.4,0.4", "c.jpg,bus,0.6,0.4,0.2,0.3"]
_PIXELS = ["b.jpg,car,32,24,30,20", "c.jpg,bus,10,12,8,16"]


def _list(value: object) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


def _objects(out: Path) -> dict[str, list[str]]:
    """{image: its objects' class names}, each box checked finite, inside [0, 1] and in order."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                for box in zip(*(_list(record.get(key)) for key in _EDGES)):
                    assert all(math.isfinite(v) and 0 <= v <= 1 for v in box) and box[0] < box[2] and box[1] < box[3], box
                found[record[contract.IMAGE_FILENAME].decode()] = [n.decode() for n in _list(record.get(contract.OBJECT_TEXT))]
    return found


def _repaired(out: Path) -> set[str]:
    path = out / naming.REPAIRS_FILENAME
    return {json.loads(line)["path"] for line in path.read_text().splitlines()} if path.exists() else set()


def _judge(tmp_path: Path, header: str, first: str, others: list[str]) -> None:
    src = tmp_path / "src"
    for stem in "abc":
        box_kinds16._image(src, f"images/{stem}.jpg")
    box_kinds16._text(src, "annotations.csv", "\n".join([header, first, *others]) + "\n")
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result, "annotations.csv")
        return
    written, rejected = finished(result, tmp_path / "out")
    objects = _objects(tmp_path / "out")
    assert objects["images/b.jpg"] == ["car"] and objects["images/c.jpg"] == ["bus"], (objects, rejected)
    assert "images/a.jpg" in written or "images/a.jpg" in rejected, (written, rejected)
    if "images/a.jpg" in written:  # its one box kept sound, or dropped saying so
        assert objects["images/a.jpg"] == ["car"] or "images/a.jpg" in _repaired(tmp_path / "out"), objects


_FRACTION_ROWS = {
    "width 0": "a.jpg,car,0.3,0.3,0,0.2",
    "negative width": "a.jpg,car,0.3,0.3,-0.2,0.2",
    "nan": "a.jpg,car,nan,0.3,0.2,0.2",
    "inf": "a.jpg,car,0.3,0.3,inf,0.2",
    "1e308": "a.jpg,car,0.3,0.3,1e308,0.2",
    "1e-320": "a.jpg,car,0.3,0.3,1e-320,0.2",
    "centre on the corner": "a.jpg,car,0.0,0.0,0.2,0.2",
    "minus zero": "a.jpg,car,-0.0,0.3,0.2,0.2",
    "exponents": "a.jpg,car,3e-1,3E-1,2e-1,2e-1",
}


@pytest.mark.parametrize("row", list(_FRACTION_ROWS.values()), ids=list(_FRACTION_ROWS))
def test_a_damaged_centre_row_in_fractions_costs_its_image_at_most(tmp_path: Path, row: str) -> None:
    _judge(tmp_path, "image,label,cx,cy,w,h", row, _FRACTIONS)


_PIXEL_ROWS = {"width 0": "a.jpg,car,20,16,0,12", "a width of 1e9": "a.jpg,car,20,16,1e9,12",
               "centre 2000 pixels out": "a.jpg,car,2000,16,16,12"}


@pytest.mark.parametrize("row", list(_PIXEL_ROWS.values()), ids=list(_PIXEL_ROWS))
def test_a_damaged_centre_row_in_pixels_costs_its_image_at_most(tmp_path: Path, row: str) -> None:
    _judge(tmp_path, "filename,class,x_center,y_center,width,height", row, _PIXELS)


@pytest.mark.xfail(strict=True, reason="left alone: a cell that is no number in a named box column, or a class whose "
                   "quoted line break cuts detection's head lines, makes the table a label table (boxes dropped, exit 0)")
@pytest.mark.parametrize("row", ["a.jpg,car,0x1,0.3,0.2,0.2", 'a.jpg,"c\nar",0.3,0.3,0.2,0.2'],
                         ids=["hex", "class of a line break"])
def test_a_centre_row_detection_cannot_split_still_keeps_the_other_boxes(tmp_path: Path, row: str) -> None:
    _judge(tmp_path, "image,label,cx,cy,w,h", row, _FRACTIONS)
