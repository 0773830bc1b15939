"""IDL box files (AnnotationLib's `.idl`: a line an image, `"path": (x1, y1, x2, y2), ...;`), by kind.

Brainwash's is blind16's case (tests/layouts/test_blind_round_sixteen.py); here its neighbours of the
same format, built from their documented layouts (FROM MEMORY of their pages and loaders: the line
shape as Brainwash's README and TUD-MotionPairs' `train-pos.idl` readers seen by search show it):
TUD-Brussels (one `annotation.idl` beside its frames, no split), the ETH sequences (`refined.idl` one
folder above the frames, boxes with `:score/id` suffixes, a frame of no pedestrian its path alone),
TUD-MotionPairs (`train-pos.idl`, `test-pos.idl`: the split from each file's name). The format names
no class: records unlabelled, their boxes counted. The twins: a hostile box (its image rejected
naming the line), a file of another shape naming date-folder images one by one with numbers (stops
before writing), and a split list of paths alone under class folders (Food-101's: no sign, classes kept).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records


def _png(path: Path, shade: int) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (40, 30), (shade % 256, 90, 30)).save(path)


def _box(k: int) -> str:
    return f"({2 + k}, {3 + k}, {12 + k}, {20 + k})"


def _convert(root: Path, out: Path, *options: str):
    result = run_shardify("convert", str(root), str(out), *options)
    return result, (written_records(out) if result.returncode == 0 else None)


def test_tud_brussels_one_file_beside_its_frames_no_split(tmp_path: Path) -> None:
    root = tmp_path / "TUD-Brussels"
    counts = {"DaSide0811-seq6-000.png": 2, "DaSide0811-seq6-001.png": 1, "DaSide0811-seq7-000.png": 3}
    for k, name in enumerate(counts):
        _png(root / name, 40 * k)
    lines = [f'"{name}": ' + ", ".join(_box(b) for b in range(n)) for name, n in counts.items()]
    (root / "annotation.idl").write_text(";\n".join(lines) + ".\n")
    result, got = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert got["records"] == {name: ("train", None) for name in counts}
    assert {rid: len(names) for rid, names in got["objects"].items()} == counts


def test_eth_scores_and_ids_after_boxes_and_a_frame_of_no_box(tmp_path: Path) -> None:
    root = tmp_path / "ETH"
    counts = {"image_00000100_0.png": 2, "image_00000101_0.png": 0, "image_00000102_0.png": 1}
    for k, name in enumerate(counts):
        _png(root / "seq03-img-left" / name, 30 * k)
    lines = [f'"seq03-img-left/{name}"' + (": " + ", ".join(f"{_box(b)}:0.{9 - b}/{b + 1}" for b in range(n)) if n else "")
             for name, n in counts.items()]
    (root / "refined.idl").write_text(";\n".join(lines) + ".\n")
    result, got = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert got["records"] == {f"seq03-img-left/{name}": ("train", None) for name in counts}
    assert {rid: len(names) for rid, names in got["objects"].items()} == {f"seq03-img-left/{n}": c for n, c in counts.items()}


@pytest.fixture(scope="module")
def motion_pairs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("idl") / "TUD-MotionPairs"
    splits = {f"img-{k:04d}.png": ("train" if k < 4 else "test") for k in range(6)}
    files: dict[str, list[str]] = {"train": [], "test": []}
    for k, (name, split) in enumerate(splits.items()):
        _png(root / "positive" / name, 20 * k)
        files[split].append(f'"{name}": {_box(k)}, {_box(k + 1)}')
    for split, lines in files.items():
        (root / "positive" / f"{split}-pos.idl").write_text(";\n".join(lines) + ".\n")
    return root, splits


def test_motion_pairs_split_from_each_files_name(motion_pairs, tmp_path: Path) -> None:
    root, splits = motion_pairs
    result, got = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert got["records"] == {f"positive/{name}": (split, None) for name, split in splits.items()}
    assert all(len(names) == 2 for names in got["objects"].values())


def test_a_box_that_is_no_box_rejects_its_image_naming_the_line(motion_pairs, tmp_path: Path) -> None:
    root, _ = motion_pairs
    idl = root / "positive" / "train-pos.idl"
    kept = idl.read_text()
    try:
        idl.write_text(kept.replace(_box(1), "(3, 4, nan, 21)", 1))
        result, _ = _convert(root, tmp_path / "out", "--max-rejects", "50%")
    finally:
        idl.write_text(kept)
    assert result.returncode == 0, result.stderr
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "positive/img-0000.png" in rejected and "line 1" in rejected  # (its second box, the first written so)


def test_date_folders_a_file_of_another_shape_annotates_stop_before_writing(tmp_path: Path) -> None:
    root = tmp_path / "cafe"
    lines = []
    for day in ("cafe_10_27_2014_images", "cafe_11_13_2014_images"):
        for k in range(3):
            _png(root / day / f"{k:08d}_640x480.png", 10 * k)
            lines.append(f'"{day}/{k:08d}_640x480.png" {2 + k} {3 + k} {12 + k} {20 + k}')
    (root / "annotations_train.idl").write_text("\n".join(lines) + "\n")
    result, _ = _convert(root, tmp_path / "out")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "annotations_train.idl" in result.stderr and "--label-level 0" in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_split_list_of_paths_alone_under_class_folders_keeps_the_classes(tmp_path: Path) -> None:
    root = tmp_path / "food"
    names = []
    for c, food in enumerate(("apple_pie", "baby_back_ribs", "baklava")):
        for k in range(3):
            _png(root / "images" / food / f"{100 + k}.png", 30 * c + k)
            names.append(f"{food}/{100 + k}")
    (root / "meta").mkdir()
    (root / "meta" / "train.txt").write_text("\n".join(names) + "\n")
    result, got = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert {labels for _, labels in got["records"].values()} == {frozenset({f}) for f in ("apple_pie", "baby_back_ribs", "baklava")}


def test_hostile_lines_are_named_never_read_in_part() -> None:
    import time

    from converters import idl_boxes
    from shardify.plan import box_formats

    fmt = box_formats.format_named("IDL boxes")
    long_line = '"a/b.png": ' + ", ".join("(" + "1" * 400 + ", 2, 3, 4)" for _ in range(200)) + ";;x"
    started = time.monotonic()
    rows = list(idl_boxes.idl_rows(iter([(1, long_line), (2, '"a/b.png": (1, 2, 3, 4);'), (3, '"../../etc/passwd": (1, 2, 3, 4);'),
                                         (4, '"c.png": (1, 2, nan, 4);'), (5, "no quotes (1, 2, 3, 4);")]), fmt))
    assert time.monotonic() - started < 1.0  # one way to read each number: no backtracking blow-up
    assert [(getattr(r, "key", ""), bool(getattr(r, "error", "")) or type(r).__name__ == "RowError") for r in rows] == [
        ("a/b.png", True), ("a/b.png", True), ("", True), ("c.png", True), ("", True)]
    assert "lines 1 and 2" in rows[1].error
