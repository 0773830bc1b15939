"""Tables of boxes in centre format, read by their header (`shardify/plan/box_columns.py`): a file
column, a class column and a box's centre and size (`x_center,y_center,width,height`, `cx,cy,w,h`),
as YOLO writes its numbers (Ultralytics' docs: `class x_center y_center width height`, fractions of
the image) and as exports of them to one CSV lay them out. Each converts with no option, every box
where the truth puts it; the unit (pixels, or fractions where every number lies within [0, 1]) is
read from the numbers.

- the case: one row per image under `filename,x_center,y_center,width,height,class`, pixels: read
  as a label table, its boxes dropped with exit 0;
- neighbours: `image,label,cx,cy,w,h` in fractions, several boxes an image (YOLO's numbers in a
  table); `image_id,class,xc,yc,bbox_width,bbox_height` naming images by stem, pixels;
- twins that must stop naming the `box_format:` line that decides: fractions in some rows and
  pixels in others; a centre header over numbers that are no boxes inside their images as centres.

Images are 64 x 48 (tests/helpers/box_kinds16.py); the truth is each box's corners in pixels.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.cli_runs import run_shardify
from test_box_content_tables import assert_objects

W, H = box_kinds16.W, box_kinds16.H
# (class, centre x, centre y, width, height) in pixels, per image.
_BOXES = {
    "a": [("car", 20, 16, 16, 12), ("bus", 44, 30, 24, 20)],
    "b": [("car", 32, 24, 30, 20)],
    "c": [("person", 10, 12, 8, 16)],
}


def _corners(cx: float, cy: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _source(root: Path, header: str, row, boxes=_BOXES, ext: str = "jpg") -> dict:
    truth = {}
    lines = [header]
    for stem, objects in boxes.items():
        box_kinds16._image(root, f"images/{stem}.{ext}")
        truth[f"images/{stem}.{ext}"] = ("train", [(name, _corners(*box), 0) for name, *box in objects])
        lines += [row(stem, name, *box) for name, *box in objects]
    box_kinds16._text(root, "annotations.csv", "\n".join(lines) + "\n")
    return truth


_ONE_A_IMAGE = {stem: objects[:1] for stem, objects in _BOXES.items()}
_CASES = {
    "x_center pixels, one row an image": (
        "filename,x_center,y_center,width,height,class",
        lambda stem, name, cx, cy, w, h: f"{stem}.jpg,{cx},{cy},{w},{h},{name}", _ONE_A_IMAGE),
    "cx fractions": (
        "image,label,cx,cy,w,h",
        lambda stem, name, cx, cy, w, h: f"{stem}.jpg,{name},{cx / W:.6f},{cy / H:.6f},{w / W:.6f},{h / H:.6f}", _BOXES),
    "xc by stem, pixels": (
        "image_id,class,xc,yc,bbox_width,bbox_height",
        lambda stem, name, cx, cy, w, h: f"{stem},{name},{cx},{cy},{w},{h}", _BOXES),
}


@pytest.mark.parametrize("case", sorted(_CASES))
def test_centre_box_tables_convert_right(case: str, tmp_path: Path) -> None:
    header, row, boxes = _CASES[case]
    truth = _source(tmp_path / "src", header, row, boxes)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert_objects(tmp_path / "out", truth)


def test_fractions_beside_pixels_stop_naming_the_box_format(tmp_path: Path) -> None:
    def row(stem, name, cx, cy, w, h):  # image a in fractions, the others in pixels
        return (f"{stem}.jpg,{name},{cx / W:.4f},{cy / H:.4f},{w / W:.4f},{h / H:.4f}" if stem == "a"
                else f"{stem}.jpg,{name},{cx},{cy},{w},{h}")

    _source(tmp_path / "src", "filename,class,x_center,y_center,width,height", row)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    said = " ".join(result.stderr.split())
    assert "fractions of the image in some rows" in said and "annotations.csv" in said, said
    assert "Box table of columns image,class,cx,cy,w,h (normalised) after a header" in said, said
    assert "Box table of columns image,class,cx,cy,w,h (pixels) after a header" in said, said
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.tfrecord"))


def test_a_centre_header_over_numbers_that_are_no_centres_stops(tmp_path: Path) -> None:
    # DeepForest's corners under a centre header: as centres the boxes leave their images (4 - 20 / 2 < 0)
    box_kinds16.deepforest(tmp_path / "src", "image_path,x_center,y_center,width,height,label")
    result = run_shardify("convert", str(tmp_path / "src/deepforest_training"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    said = " ".join(result.stderr.split())
    assert "whose header ('image_path,x_center,y_center,width,height,label') names its box columns cx,cy,w,h" in said, said
    assert "box_format" in said, said


def test_fractions_with_one_number_below_zero_stop_not_read_as_pixels(tmp_path: Path) -> None:
    # a table of fractions where one centre lies a hair off the image (-0.0001): nothing past 1, so
    # not "mixed"; read as pixels, every box was under a pixel wide, written with exit 0
    def row(stem, name, cx, cy, w, h):
        return f"{stem}.jpg,{name},{cx / W:.4f},{-0.0001 if stem == 'c' else round(cy / H, 4)},{w / W:.4f},{h / H:.4f}"

    _source(tmp_path / "src", "image,label,cx,cy,w,h", row)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    said = " ".join(result.stderr.split())
    assert "annotations.csv" in said and "(normalised)" in said, said
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.tfrecord"))
