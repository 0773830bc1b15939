"""A split list's stem that names an image and a non-image companion of the same stem (WGISD's
`data/CDY_2015.jpg` beside `CDY_2015.npz`, its masks) names the image: the companion is its
annotation, set aside, never a reject of both (blind16's wgisd: exit 1 over --max-rejects). And labels
guessed from the files' names (`CDY_2015` -> `CDY`) over per-image rows of numbers nothing read (its YOLO
`.txt` boxes) stop before writing: the names' prefix is no class of what the rows mark (with
`--exclude '*.npz'` it wrote the grape variety as the label, exit 0).

Neighbours of the kind, built from their documented layouts (FROM MEMORY): class folders of images
with a `.npz` of features per image and split lists of `class/stem` (a Caltech-style list); images
with MATLAB `.mat` annotations of the same stem for some, in one folder, split lists of stems. The twin: a stem
naming two images (`.jpg` and `.png`) is still each one's reject, naming both.
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind16 import DATASETS
from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records


def _png(path: Path, shade: int, fmt: str = "PNG") -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (24, 16), (shade % 256, 80, 40)).save(path, fmt)


def _lists(root: Path, splits: dict[str, str]) -> None:
    for split in sorted(set(splits.values())):
        (root / f"{split}.txt").write_text("".join(f"{stem}\n" for stem, s in splits.items() if s == split))


def test_wgisd_stops_naming_the_unread_boxes_and_the_options(tmp_path: Path) -> None:
    truth = DATASETS["wgisd"](tmp_path / "download")
    for options in ((), ("--exclude", "*.npz")):
        result = run_shardify("convert", str(truth.root), str(tmp_path / "out"), *options)
        assert result.returncode == 2, result.stdout + result.stderr
        assert "data/" in result.stderr and "--label-level 0" in result.stderr
        assert not (tmp_path / "out" / "manifest.json").exists()


def test_class_folders_with_npz_masks_for_some_images(tmp_path: Path) -> None:
    root = tmp_path / "birds"
    splits = {}
    for c, name in enumerate(("albatross", "heron", "puffin")):
        for k in range(3):
            stem = f"{name}/{name}_{k:04d}"
            _png(root / f"{stem}.png", 40 * c + k)
            if k == 1:  # masks for some images only, as WGISD's
                (root / f"{stem}.npz").write_bytes(b"PK\x03\x04" + bytes(range(32)))
            splits[stem] = "test" if k == 2 else "train"
    _lists(root, splits)
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    got = written_records(tmp_path / "out")["records"]
    assert got == {f"{stem}.png": (split, frozenset({stem.split('/')[0]})) for stem, split in splits.items()}


def test_one_folder_of_images_with_mat_annotations_for_some_unlabelled(tmp_path: Path) -> None:
    root = tmp_path / "poses"
    splits = {}
    for k in range(6):
        stem = f"im{k:04d}"
        _png(root / "images" / f"{stem}.png", 30 * k)
        if k % 2:
            (root / "images" / f"{stem}.mat").write_bytes(b"MATLAB 5.0 MAT-file" + bytes(108))
        splits[stem] = "validation" if k % 3 == 0 else "train"
    _lists(root, {s: ("val" if v == "validation" else v) for s, v in splits.items()})
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    got = written_records(tmp_path / "out")["records"]
    assert got == {f"images/{stem}.png": (split, None) for stem, split in splits.items()}


def test_a_stem_naming_two_images_is_still_each_ones_reject(tmp_path: Path) -> None:
    root = tmp_path / "twice"
    splits = {f"{k:04d}": "train" if k < 8 else "test" for k in range(10)}
    for k, stem in enumerate(splits):
        _png(root / "images" / f"{stem}.png", 20 * k)
    _png(root / "images" / "0003.jpg", 7, "JPEG")
    _lists(root, splits)
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--max-rejects", "50%", "--label-level", "0")
    assert result.returncode == 0, result.stderr
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "images/0003.png" in rejected and "images/0003.jpg" in rejected
    assert "images/0003.png" not in written_records(tmp_path / "out")["records"]
