"""Hostile input, seventeenth round: the box readers round sixteen added.

Per-image text-detection files (MSRA-TD500's rotated `.gt` rows, ICDAR 2013's corner rows) holding
NaN, infinities, 1e308, angles of 1e9, negative sizes, lines of megabytes; IDL box files
(AnnotationLib's `.idl`) of unbalanced parentheses, boxes of three numbers, paths out of SRC, a
line of 10 MB, a line of 20,000 boxes; box tables read by content (keras-retinanet's CSV) whose
image column leads out of SRC (`../`, an absolute path, a link) or whose numbers are not finite.
Every image ends in one record whose boxes are finite and inside it, or one reject naming the file;
or the run stops in one line naming a file or option. Never a traceback, a hang, or a box of NaN.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from shardify.format import contract
from shardify.format.manifest import load_manifest

_EDGES = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)


def _list(value: object) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


def _boxes(out: Path) -> dict[str, list[tuple[float, ...]]]:
    """{image path: its boxes (normalised edges)}, each checked finite, in [0, 1] and in order."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                boxes = list(zip(*(_list(record.get(key)) for key in _EDGES)))
                names = [n.decode() for n in _list(record.get(contract.OBJECT_TEXT))]
                assert not any("\n" in n or "\r" in n or not n.strip() for n in names), names
                for box in boxes:
                    assert all(math.isfinite(v) and 0 <= v <= 1 for v in box), box
                    assert box[0] <= box[2] and box[1] <= box[3], box
                found[record[contract.IMAGE_FILENAME].decode()] = boxes
    return found


def _judge(src: Path, out: Path, bad: str, *options: str) -> None:
    """A run over SRC where the image `bad` has a hostile annotation: it stops naming a file, or
    finishes with `bad` rejected (its reason naming its annotation) or written with sound boxes, and
    every other image written."""
    result = run(src, out, *options)
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, out)
    boxes = _boxes(out)
    assert bad in written or bad in rejected, (bad, sorted(written), rejected)
    images = {str(p.relative_to(src)) for p in src.rglob("*") if p.suffix.lower() in (".jpg", ".png")}
    rows = {key for key in rejected if "#" in key}  # an annotation's line that names no image
    assert images == (set(written) | set(rejected)) - rows, (images ^ (set(written) | set(rejected)))
    assert set(rejected) - rows <= {bad}, rejected
    # a line of the hostile image's that was refused leaves it no record without its boxes
    assert not rows or bad in rejected, (bad, "written without the boxes of", {k: rejected[k] for k in rows})
    assert set(boxes) == set(written)


# ------------------------------------------------------------------------------------------------
# MSRA-TD500 .gt rows: 'index difficult x y w h angle'
# ------------------------------------------------------------------------------------------------

_GT_LINES = {
    "nan x": "1 0 nan 5 20 8 0.1",
    "inf width": "1 0 5 5 inf 8 0.1",
    "minus inf height": "1 0 5 5 20 -inf 0.1",
    "1e308 sums to inf": "1 0 1e308 5 1e308 8 0.1",
    "1e400": "1 0 5 5 1e400 8 0.1",
    "angle 1e9": "1 0 5 5 20 8 1e9",
    "angle nan": "1 0 5 5 20 8 nan",
    "angle inf": "1 0 5 5 20 8 inf",
    "negative width": "1 0 5 5 -20 8 0.1",
    "zero size": "1 0 5 5 0 0 0.1",
    "six numbers": "1 0 5 5 20 8",
    "difficult 7": "1 7 5 5 20 8 0.1",
    "difficult nan": "1 nan 5 5 20 8 0.1",
    "hex number": "1 0 0x10 5 20 8 0.1",
    "far outside": "1 0 -1e6 -1e6 10 10 0.0",
}


@pytest.mark.parametrize("line", list(_GT_LINES.values()), ids=list(_GT_LINES))
def test_a_hostile_rotated_row_rejects_its_image_or_stops(tmp_path: Path, line: str) -> None:
    box_kinds16.msra_td500(tmp_path / "src")
    src = tmp_path / "src" / "MSRA-TD500"
    gt = src / "train/IMG_0180.gt"  # (not the first file, which detection reads)
    gt.write_text(gt.read_text() + line + "\n")
    _judge(src, tmp_path / "out", "train/IMG_0180.JPG")


@pytest.mark.parametrize("line", ["1 0 nan 5 20 8 0.1", "0 0 1e308 1e308 1e308 1e308 1e9", "0 0 5 5 20 8 " + "9" * 5000],
                         ids=["nan", "huge", "5000 digits"])
def test_a_hostile_row_in_the_file_detection_reads_first(tmp_path: Path, line: str) -> None:
    box_kinds16.msra_td500(tmp_path / "src")
    src = tmp_path / "src" / "MSRA-TD500"
    gt = src / "test/IMG_0059.gt"
    gt.write_text(line + "\n" + gt.read_text())
    _judge(src, tmp_path / "out", "test/IMG_0059.JPG")


def test_a_gt_line_of_megabytes_rejects_its_image(tmp_path: Path) -> None:
    box_kinds16.msra_td500(tmp_path / "src")
    src = tmp_path / "src" / "MSRA-TD500"
    gt = src / "train/IMG_0180.gt"
    gt.write_text(gt.read_text() + "1 0 " + "5 " * 1_000_000 + "\n")
    _judge(src, tmp_path / "out", "train/IMG_0180.JPG")


# ------------------------------------------------------------------------------------------------
# ICDAR 2013 rows: 'xmin ymin xmax ymax "word"'
# ------------------------------------------------------------------------------------------------

_ICDAR_LINES = {
    "nan corners": 'nan 4 20 12 "word"',
    "inf corner": '3 4 inf 12 "word"',
    "reversed corners": '20 12 3 4 "word"',
    "unclosed quote": '3 4 20 12 "word',
    "1e308 corners": '1e308 4 1e309 12 "word"',
    "three numbers": '3 4 20 "word"',
}


@pytest.mark.parametrize("line", list(_ICDAR_LINES.values()), ids=list(_ICDAR_LINES))
def test_a_hostile_icdar_row_rejects_its_image_or_stops(tmp_path: Path, line: str) -> None:
    box_kinds16.icdar2013(tmp_path / "src")
    src = tmp_path / "src" / "icdar2013"
    gt = src / "Challenge2_Training_Task1_GT/gt_102.txt"
    gt.write_bytes(gt.read_bytes() + line.encode() + b"\r\n")
    _judge(src, tmp_path / "out", "Challenge2_Training_Task12_Images/102.jpg")


# ------------------------------------------------------------------------------------------------
# IDL files
# ------------------------------------------------------------------------------------------------


def _png(path: Path, shade: int) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (shade % 256, 90, 30)).save(path)


def _idl_source(root: Path, last: str) -> Path:
    """Four frames and an annotation.idl whose last line (frame 3's) is `last`."""
    for k in range(4):
        _png(root / f"frame_{k:03d}.png", 40 * k)
    lines = [f'"frame_{k:03d}.png": ({2 + k}, {3 + k}, {12 + k}, {20 + k})' for k in range(3)] + [last]
    (root / "annotation.idl").write_text(";\n".join(lines) + ".\n")
    return root


_IDL_LINES = {
    "unbalanced parenthesis": '"frame_003.png": (1, 2, 3, 4',
    "closing only": '"frame_003.png": 1, 2, 3, 4)',
    "three numbers": '"frame_003.png": (1, 2, 3)',
    "five numbers": '"frame_003.png": (1, 2, 3, 4, 5)',
    "nan": '"frame_003.png": (nan, 2, 3, 4)',
    "1e308": '"frame_003.png": (1e308, 2, 1e309, 4)',
    "reversed corners": '"frame_003.png": (30, 20, 3, 4)',
    "far outside": '"frame_003.png": (-1e6, -1e6, -1e5, -1e5)',
    "nested parentheses": '"frame_003.png": ((1, 2, 3, 4))',
    "quote inside": '"frame_003.png"": (1, 2, 3, 4)',
    "a thousand unclosed": '"frame_003.png": ' + "(" * 1000,
}


@pytest.mark.parametrize("line", list(_IDL_LINES.values()), ids=list(_IDL_LINES))
def test_a_hostile_idl_line_rejects_its_image_or_stops(tmp_path: Path, line: str) -> None:
    src = _idl_source(tmp_path / "TUD", line)
    _judge(src, tmp_path / "out", "frame_003.png")


@pytest.mark.parametrize("path", ["../outside.png", "/etc/passwd", "sub/../../outside.png"],
                         ids=["dotdot", "absolute", "inner dotdot"])
def test_an_idl_line_naming_a_path_out_of_src_reads_nothing_there(tmp_path: Path, path: str) -> None:
    _png(tmp_path / "outside.png", 9)
    src = _idl_source(tmp_path / "TUD", f'"frame_003.png": (1, 2, 3, 4);\n"{path}": (1, 2, 3, 4)')
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(written) == {f"frame_{k:03d}.png" for k in range(4)}, (written, rejected)
    assert not any("outside" in key or "passwd" in key for key in written)


def test_an_idl_line_of_ten_megabytes_ends(tmp_path: Path) -> None:
    src = _idl_source(tmp_path / "TUD", '"frame_003.png": ' + "(1, 2, 3, 4), " * 700_000 + "(1, 2, 3, 4)")
    _judge(src, tmp_path / "out", "frame_003.png")


def test_an_idl_line_of_five_thousand_good_boxes_ends(tmp_path: Path) -> None:
    src = _idl_source(tmp_path / "TUD", '"frame_003.png": ' + ", ".join("(1, 2, 3, 4)" for _ in range(5_000)))
    _judge(src, tmp_path / "out", "frame_003.png")


# ------------------------------------------------------------------------------------------------
# Box tables read by content (keras-retinanet's 'path,x1,y1,x2,y2,class')
# ------------------------------------------------------------------------------------------------


def _retinanet_with(tmp_path: Path, row: str) -> Path:
    box_kinds16.retinanet(tmp_path / "src")
    src = tmp_path / "src" / "retinanet_data"
    table = src / "annotations.csv"
    table.write_text(table.read_text() + row + "\n")
    return src


@pytest.mark.parametrize("where", ["../../outside.jpg", "ABSOLUTE", "images/link.jpg"], ids=["dotdot", "absolute", "link out"])
def test_a_box_table_row_naming_an_image_out_of_src_reads_nothing_there(tmp_path: Path, where: str) -> None:
    outside = tmp_path / "outside.jpg"
    outside.write_bytes(box_kinds16._image_bytes("outside.jpg", box_kinds16.W, box_kinds16.H, "JPEG"))
    path = str(outside) if where == "ABSOLUTE" else where
    src = _retinanet_with(tmp_path, f"{path},1,2,10,12,cat")
    if where == "images/link.jpg":
        os.symlink(outside, src / "images" / "link.jpg")
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not any("outside" in key for key in written), written
    assert "images/link.jpg" not in written, written
    _boxes(tmp_path / "out")


_TABLE_ROWS = {
    "nan": "images/img_001.jpg,nan,2,10,12,cat",
    "inf": "images/img_001.jpg,1,2,inf,12,cat",
    "1e308": "images/img_001.jpg,1,2,1e308,12,cat",
    "reversed": "images/img_001.jpg,30,20,3,4,cat",
    "class of a line break": 'images/img_001.jpg,1,2,10,12,"ca\nt"',
}


@pytest.mark.parametrize("row", list(_TABLE_ROWS.values()), ids=list(_TABLE_ROWS))
def test_a_hostile_box_table_row_rejects_its_image_or_stops(tmp_path: Path, row: str) -> None:
    src = _retinanet_with(tmp_path, row)
    _judge(src, tmp_path / "out", "images/img_001.jpg")
