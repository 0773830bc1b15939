"""The AAU annotation tool's semicolon box tables are read as boxes, by their header, wherever they lie.

`Filename;Annotation tag;Upper left corner X;Upper left corner Y;Lower right corner X;Lower right corner Y`
(Aalborg University's bounding-box tool: the LISA Traffic Sign Dataset's allAnnotations.csv, the Brackish
Dataset's annotations_AAU/<category>/<video>.csv). A box table recognised by its header was only looked
for with commas between the names (`box_formats.file_format`), so these stopped as an unread annotation
format (blind round twenty's brackish: a useless stop, --label-level 0 dropping the boxes). The format is
now a row of `box_format_rows.FORMATS` with its separator, and a ROWS header is split at it.

Case: per-video tables under folders named for the recording's category, whose boxes are of other
classes (a fish-big video holding crabs). Neighbour not in the batch: one table at the top, extra
columns after the box (LISA's `Occluded,On another road;Origin file;...`), keys with folders. Hostile
twin: the same names separated by commas, which is not the tool's file: not read as boxes, it stops as
before, writing nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shipped import _image_bytes
from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_HEADER = ("Filename", "Annotation tag", "Upper left corner X", "Upper left corner Y", "Lower right corner X",
           "Lower right corner Y")


def _frames(root: Path, boxes: dict[str, list[str]]) -> None:
    for path in boxes:
        write_file(root / path, _image_bytes(path, 20, 16, "PNG"))


def _objects(out: Path) -> dict[str, list[str]]:
    return {rid: sorted(names) for rid, names in written_records(out)["objects"].items()}


def test_per_video_tables_give_each_frame_its_boxes_not_its_folder(tmp_path: Path) -> None:
    root = tmp_path / "src"
    boxes = {"frames/fish-big/v1/v1-0001.png": ["big_fish", "crab"], "frames/fish-big/v1/v1-0002.png": ["big_fish"],
             "frames/fish-big/v1/v1-0003.png": [], "frames/crab/v2/v2-0001.png": ["crab"],
             "frames/crab/v2/v2-0002.png": ["crab", "crab"], "frames/crab/v2/v2-0003.png": ["small_fish"]}
    _frames(root, boxes)
    for video, category in (("v1", "fish-big"), ("v2", "crab")):
        rows = [";".join(_HEADER)] + [
            f"{path.removeprefix('frames/')};{tag};{1 + 4 * j};{2 + j};{5 + 4 * j};{9 + j}"
            for path, tags in boxes.items() if f"/{video}/" in path for j, tag in enumerate(tags)]
        write_file(root / f"annotations/annotations_AAU/{category}/{video}.csv", "\n".join(rows) + "\n")
    assert _objects(convert(root, tmp_path / "out")) == {path: sorted(tags) for path, tags in boxes.items()}


def test_neighbour_one_table_of_extra_columns_at_the_top(tmp_path: Path) -> None:
    root = tmp_path / "src"
    boxes = {f"day{d}/clip_{c}/sign_{d}{c}{i}.png": [("stop", "yield", "merge")[(d + c + i) % 3]]
             for d in (1, 2) for c in (1, 2) for i in (0, 1)}
    _frames(root, boxes)
    rows = [";".join((*_HEADER, "Occluded,On another road", "Origin file"))] + [
        f"{path};{tags[0]};{3 + i};{2};{12 + i};{11};0,0;clip.avi" for i, (path, tags) in enumerate(boxes.items())]
    write_file(root / "frameAnnotations.csv", "\n".join(rows) + "\n")
    assert _objects(convert(root, tmp_path / "out")) == boxes


def test_hostile_twin_the_names_between_commas_are_not_the_tools_file(tmp_path: Path) -> None:
    root = tmp_path / "src"
    boxes = {f"cam{c}/run_0{r}/f{r}{c}.png": ["car"] for c in (1, 2) for r in (1, 2)}
    _frames(root, boxes)
    rows = [",".join(_HEADER)] + [f"{path},car,1,2,5,9" for path in boxes]
    write_file(root / "boxes_by_comma.csv", "\n".join(rows) + "\n")
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
