"""'validate' names the validation split (shardify/plan/folder_names.py's SPLIT_WORDS).

Blind round seventeen's MINC-2500: `labels/validate1.txt` beside `train1.txt` and `test1.txt` was not
read as a split list, its images left out. Neighbours of the kind: a `validate.txt` list beside
`train.txt`/`test.txt`, and `train/`, `validate/`, `test/` split folders of class folders. The twin:
class folders `validated/` and `unvalidated/` stay classes (a split word only as a whole word).
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers.cli_runs import message, run_shardify
from helpers.shipped import _image_bytes


def _image(path: Path, key: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 12, 10, "PNG"))


def _splits(root: Path, tmp_path: Path) -> dict:
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 0, message(result.stderr)
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    return {name: split["num_records"] for name, split in manifest["splits"].items()}


def test_a_validate_list_beside_train_and_test_lists_is_the_validation_split(tmp_path: Path) -> None:
    root = tmp_path / "src"
    parts = {"train": [], "validate": [], "test": []}
    for c in ("brick", "wood"):
        for i, part in enumerate(("train", "train", "validate", "test")):
            _image(root / f"images/{c}/{c}_{i}.png", f"{c}{i}")
            parts[part].append(f"images/{c}/{c}_{i}.png")
    for part, rows in parts.items():
        (root / f"{part}.txt").write_text("\n".join(rows) + "\n")
    assert _splits(root, tmp_path) == {"train": 4, "validation": 2, "test": 2}


def test_validate_split_folders(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for part, n in (("train", 2), ("validate", 1), ("test", 1)):
        for c in ("cat", "dog"):
            for i in range(n):
                _image(root / f"{part}/{c}/{i}.png", f"{part}{c}{i}")
    assert _splits(root, tmp_path) == {"train": 4, "validation": 2, "test": 2}


def test_validated_and_unvalidated_class_folders_stay_classes(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for c in ("validated", "unvalidated"):
        for i in range(3):
            _image(root / f"{c}/{i}.png", f"{c}{i}")
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--dry-run")
    said = message(result.stdout + result.stderr)
    assert "validation" not in said.replace("unvalidated", "").replace("validated", ""), said
