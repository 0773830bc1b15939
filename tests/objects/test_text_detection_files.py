"""Per-image text-detection files as objects (rows of `shardify/plan/box_format_rows.py`):
MSRA-TD500's `.gt` beside each image (rotated rectangles, `beam_jobs/discover/box_beside.py`),
HUST-TR400's (the same lines, one flat folder), ICDAR 2013's `gt_<stem>.txt` in a folder mirroring
the images' (corners and a quoted word, spaces in training, commas in test). Each converts with no
option: every line one `text` object, its box the axis-aligned envelope of the turned rectangle,
clipped to the image (named in repaired.jsonl), `difficult` carried; a line of another shape rejects
its image naming the file and the line; `.gt` files of no known shape stop the run naming one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report
from test_box_content_tables import assert_objects

_NAMES = ("msra_td500", "hust_tr400", "icdar2013")


@pytest.fixture(scope="module")
def converted(tmp_path_factory) -> dict[str, tuple[object, Path, dict]]:
    done = {}
    for name in _NAMES:
        base = tmp_path_factory.mktemp(name)
        truth = box_kinds16.BUILDERS[name](base / "src")
        src = next((base / "src").iterdir())
        done[name] = (run_shardify("convert", str(src), str(base / "out")), base / "out", truth)
    return done


@pytest.mark.parametrize("name", _NAMES)
def test_text_detection_files_convert_right(converted, name: str) -> None:
    result, out, truth = converted[name]
    assert result.returncode == 0, result.stdout + result.stderr
    assert_objects(out, truth)


def test_the_plan_says_where_the_objects_come_from_and_which_class(converted) -> None:
    said = converted["msra_td500"][0].stdout + converted["msra_td500"][0].stderr
    assert "SRC/: objects, one .gt file beside each image, named as it (in test/, train/): Rotated text lines" in said
    assert "every box a 'text'" in said
    assert "Challenge2_Training_Task1_GT/: objects, one file per image of Challenge2_Training_Task12_Images/" in converted["icdar2013"][0].stdout + converted["icdar2013"][0].stderr


def test_clipping_is_counted(converted) -> None:
    repaired = read_report(converted["msra_td500"][1], "repaired.jsonl")
    assert {r["path"] for r in repaired if "clipped" in r["repair"]} == {"test/IMG_0507.JPG", "train/IMG_0093.JPG", "train/IMG_0180.JPG"}


def test_a_line_of_another_shape_rejects_its_image_naming_the_line(tmp_path: Path) -> None:
    box_kinds16.msra_td500(tmp_path / "src")
    bad = tmp_path / "src/MSRA-TD500/train/IMG_0180.gt"  # (not the first file, which detection reads)
    bad.write_text(bad.read_text() + "2 0 5 5 9\n")
    result = run_shardify("convert", str(tmp_path / "src/MSRA-TD500"), str(tmp_path / "out"), "--max-rejects", "50%")
    assert result.returncode == 0, result.stdout + result.stderr
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejected] == ["train/IMG_0180.JPG"]
    assert "train/IMG_0180.gt" in rejected[0]["reason"] and "line 2" in rejected[0]["reason"]


def test_gt_files_of_no_known_shape_stop(tmp_path: Path) -> None:
    box_kinds16.gt_of_another_shape(tmp_path / "src")
    result = run_shardify("convert", str(tmp_path / "src/TD-like"), str(tmp_path / "out"))
    assert result.returncode == 2
    said = " ".join((result.stdout + result.stderr).split())
    assert "a .gt file lies beside each image, named as it: test/IMG_0000.gt ('1 10 8 30 8')" in said
    assert "--label-level 0" in said


def test_an_angle_in_degrees_rejects_its_image_naming_the_line(tmp_path: Path) -> None:
    # a .gt written in degrees: 30 read as radians would turn the box four and a half times, its envelope wrong
    box_kinds16.msra_td500(tmp_path / "src")
    bad = tmp_path / "src/MSRA-TD500/train/IMG_0180.gt"
    bad.write_text(bad.read_text() + "1 0 5 5 20 8 30\n")
    result = run_shardify("convert", str(tmp_path / "src/MSRA-TD500"), str(tmp_path / "out"), "--max-rejects", "50%")
    assert result.returncode == 0, result.stdout + result.stderr
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejected] == ["train/IMG_0180.JPG"]
    assert "train/IMG_0180.gt" in rejected[0]["reason"] and "line 2" in rejected[0]["reason"] and "radians" in rejected[0]["reason"]
