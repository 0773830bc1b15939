"""YOLO `.txt` box files beside their images, in the images' own folder (Darknet's layout), with
and without a names file: read as objects where the classes are named, a stop naming
`--label-names FILE` where nothing names them, and twins that are not YOLO left alone.

Layouts as documented: WGISD (github.com/thsant/wgisd: data/<VARIETY>_<n>.jpg + .txt, one class 0,
train.txt/test.txt of stems, no names file); Roboflow's 'YOLO Darknet' export (train/ and valid/ of
*.jpg + *.txt + _darknet.labels, as scripts copying `train/_darknet.labels` to `obj.names` read it);
CVAT's 'YOLO 1.1' (obj.names, obj.data, train.txt, obj_train_data/*.jpg + *.txt).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shipped import _image_bytes
from helpers.sources import write_file
from helpers.unseen_judge import written_records


def _yolo_lines(n: int, classes: int = 1) -> str:
    return "".join(f"{b % classes} {0.2 + 0.2 * b:.4f} {0.3 + 0.1 * b:.4f} 0.1200 0.2000\n" for b in range(n))


def _wgisd(root: Path, names: str | None = None) -> dict[str, int]:
    """WGISD's shape: data/<variety>_<n>.jpg + .txt, train.txt/test.txt of stems; {image: boxes}."""
    boxes, lists = {}, {"train": [], "test": []}
    for i, stem in enumerate(("CDY_2015", "CDY_2016", "CFR_1638", "SVB_1944", "SYH_2107")):
        write_file(root / f"data/{stem}.jpg", _image_bytes(stem))
        write_file(root / f"data/{stem}.txt", _yolo_lines(1 + i % 3))
        boxes[f"data/{stem}.jpg"] = 1 + i % 3
        lists["test" if i == 3 else "train"].append(stem)
    for part, stems in lists.items():
        write_file(root / f"{part}.txt", "\n".join(stems) + "\n")
    if names is not None:
        write_file(root / "data/obj.names", names)
    return boxes


def _convert(root: Path, out: Path, *options: str):
    return run_shardify("convert", str(root), str(out), *options)


def test_yolo_beside_with_no_names_stops_naming_label_names(tmp_path: Path) -> None:
    _wgisd(tmp_path / "src")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 2, result.stdout + result.stderr
    said = result.stdout + result.stderr
    assert "data/" in said and "--label-names FILE" in said and "beside their images" in said
    assert "move" not in said  # no longer 'move the files into images/ and labels/'
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_yolo_beside_with_label_names_reads_every_box_and_the_split_lists(tmp_path: Path) -> None:
    boxes = _wgisd(tmp_path / "src")
    write_file(tmp_path / "names.txt", "grape_cluster\n")
    result = _convert(tmp_path / "src", tmp_path / "out", "--label-names", str(tmp_path / "names.txt"))
    assert result.returncode == 0, result.stdout + result.stderr
    got = written_records(tmp_path / "out", {})
    assert {k: len(v) for k, v in got["objects"].items()} == boxes
    assert set(got["records"]) == set(boxes)  # the .txt files are no captions, the lists no records
    assert {k: v[0] for k, v in got["records"].items()} == {k: "test" if "SVB" in k else "train" for k in boxes}
    # the variety prefix (CDY, CFR) is no label: the boxes' class is
    assert {label for _, labels in got["records"].values() for label in labels} == {"grape_cluster"}


def test_yolo_beside_with_repeated_name_prefixes_says_only_that_the_boxes_label(tmp_path: Path) -> None:
    # prefixes that repeat (CDY x3, CFR x3) are a name pattern detection guesses, then drops for the
    # boxes' classes: the plan said both "labels from file names" and "not read as labels"
    src = tmp_path / "src"
    for i, stem in enumerate(("CDY_2015", "CDY_2016", "CDY_2017", "CFR_1638", "CFR_1639", "CFR_1640")):
        write_file(src / f"data/{stem}.jpg", _image_bytes(stem))
        write_file(src / f"data/{stem}.txt", _yolo_lines(1 + i % 3))
    write_file(src / "data/obj.names", "grape_cluster\n")
    result = _convert(src, tmp_path / "out", "--dry-run")
    assert result.returncode == 0, result.stdout + result.stderr
    said = result.stdout + result.stderr
    assert "file-name prefixes not read as labels" in said and "labels from file names" not in said
    assert "labels: grape_cluster=6" in said  # each image labelled by its boxes' class, none by its prefix


def test_roboflow_darknet_export_converts_with_no_option(tmp_path: Path) -> None:
    src, boxes = tmp_path / "src", {}
    for part in ("train", "valid"):
        for i in range(3):
            stem = f"img{i}_jpg.rf.{part}{i:04d}"
            write_file(src / f"{part}/{stem}.jpg", _image_bytes(stem))
            write_file(src / f"{part}/{stem}.txt", _yolo_lines(1 + i, classes=2))
            boxes[f"{part}/{stem}.jpg"] = 1 + i
        write_file(src / f"{part}/_darknet.labels", "helmet\nhead\n")
    write_file(src / "README.roboflow.txt", "Exported via roboflow.com\n")
    result = _convert(src, tmp_path / "out")
    assert result.returncode == 0, result.stdout + result.stderr
    got = written_records(tmp_path / "out", {})
    assert {k: len(v) for k, v in got["objects"].items()} == boxes
    assert got["objects"]["train/img2_jpg.rf.train0002.jpg"] == ["helmet", "head", "helmet"]
    assert {k: v[0] for k, v in got["records"].items()} == {k: k.split("/")[0].replace("valid", "validation") for k in boxes}


def test_cvat_yolo_export_reads_obj_names(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for i in range(4):
        write_file(src / f"obj_train_data/frame_{i:06d}.jpg", _image_bytes(f"f{i}"))
        write_file(src / f"obj_train_data/frame_{i:06d}.txt", _yolo_lines(1 + i % 2, classes=3))
    write_file(src / "obj.names", "car\nperson\nbicycle\n")
    write_file(src / "obj.data", "classes = 3\ntrain = data/train.txt\nnames = data/obj.names\nbackup = backup/\n")
    write_file(src / "train.txt", "".join(f"data/obj_train_data/frame_{i:06d}.jpg\n" for i in range(4)))
    result = _convert(src, tmp_path / "out")
    assert result.returncode == 0, result.stdout + result.stderr
    got = written_records(tmp_path / "out", {})
    assert got["objects"]["obj_train_data/frame_000001.jpg"] == ["car", "person"]


@pytest.mark.parametrize("twin", ["captions", "pixel_boxes"])
def test_twins_that_are_not_yolo_are_not_read_as_yolo(tmp_path: Path, twin: str) -> None:
    src = tmp_path / "src"
    for i in range(4):
        write_file(src / f"data/pic_{i}.jpg", _image_bytes(f"p{i}"))
        text = f"A grape cluster hangs on the vine number {i}.\n" if twin == "captions" else f"0 {40 + i} {50 + i} {12 + i} 30\n"
        write_file(src / f"data/pic_{i}.txt", text)
    result = _convert(src, tmp_path / "out")
    said = result.stdout + result.stderr
    assert "YOLO labels (class cx cy w h)" not in said
    if twin == "pixel_boxes":  # rows of numbers that are not YOLO (pixels): still a stop, never objects or captions
        assert result.returncode == 2, said
        assert not (tmp_path / "out" / "manifest.json").exists()
    else:  # prose beside the images: still captions
        assert result.returncode == 0, said
        assert "image_captions" in said


def test_yolo_beside_at_the_top_reads_no_list_or_names_file_as_boxes(tmp_path: Path) -> None:
    src = tmp_path / "src"  # Darknet's images at SRC's top, with classes.txt and a train.txt of every image
    for i in range(4):
        write_file(src / f"img_{i}.jpg", _image_bytes(f"k{i}"))
        write_file(src / f"img_{i}.txt", f"{i % 2} 0.5 0.5 0.2 0.2\n")
    write_file(src / "classes.txt", "cat\ndog\n")
    write_file(src / "train.txt", "".join(f"img_{i}.jpg\n" for i in range(4)))
    result = _convert(src, tmp_path / "out")
    assert result.returncode == 0, result.stdout + result.stderr
    rejected = tmp_path / "out" / "rejected.jsonl"
    assert not rejected.exists() or not rejected.read_text().strip()
    got = written_records(tmp_path / "out", {})
    assert got["objects"] == {f"img_{i}.jpg": [("cat", "dog")[i % 2]] for i in range(4)}
