"""Two kinds of wrong labels written with exit 0 that the reviews of session twenty-two left.

(1) Folders sharing one split word as a prefix read as that split's classes: `test_tube/`,
`test_strip/` were written as split test with the classes `strip`, `tube`; `train_station/`,
`train_track/`, `train_car/` lost `train_`. Only where the rest after the split word is a known
class word (`test_positive/`, `test_negative/`; `training_real/`, `training_fake/`) is the folder
that split's class; otherwise the run stops naming the folders and the options that decide.

(2) 0/1 columns that are a record's attribute named like classes (`flipped`, `cropped`, `original`
beside `cat`, `dog`; a health flag `diabetic` beside `melanoma`, `nevus`) were written as classes:
in a table whose other 0/1 columns set exactly one class a row, a column that is 1 only beside
another 1 is an attribute, and the run stops naming `--keep-columns` with it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.refusals import stopped
from helpers.sources import image_bytes, write_file


def _images(src: Path, folders: tuple[str, ...], count: int = 3) -> None:
    for n, folder in enumerate(folders):
        for i in range(count):
            write_file(src / f"{folder}/im{i}.jpg", image_bytes(size=(12, 10), seed=n * 100 + i))


def _manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


@pytest.mark.parametrize("folders", [
    ("test_tube", "test_strip"),
    ("train_station", "train_track", "train_car"),
    ("val_dogs", "val_cats"),
], ids=["test_tube", "train_station", "val_pets"])
def test_folders_of_one_split_word_and_no_class_word_stop_naming_them(folders: tuple[str, ...], tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    _images(src, folders)
    stderr = stopped(run_shardify("convert", str(src), str(out)), out)
    for folder in folders:
        assert f"{folder}/" in stderr, stderr
    assert "--layout-file" in stderr and "split_names" in stderr and "class_names" in stderr, stderr


def test_the_stop_s_layout_file_keeps_the_names_whole_as_classes(tmp_path: Path) -> None:
    """The option the stop names decides: the layout file its dry run writes, each class named whole."""
    src, out, layout_file = tmp_path / "src", tmp_path / "out", tmp_path / "layout.yaml"
    _images(src, ("train_station", "train_track", "train_car"))
    dry = run_shardify("convert", str(src), str(out), "--dry-run", "--layout-file", str(layout_file))
    assert dry.returncode != 0 and "class_names" in dry.stderr, dry.stderr
    text = layout_file.read_text()
    for rest in ("station", "track", "car"):
        text = text.replace(f"train_{rest}: {rest}", f"train_{rest}: train_{rest}")
    layout_file.write_text(text)
    done = run_shardify("convert", str(src), str(out), "--layout-file", str(layout_file))
    assert done.returncode == 0, done.stderr
    counts = {split: sorted(info["label_counts"]) for split, info in _manifest(out)["splits"].items()}
    assert counts == {"train": ["train_car", "train_station", "train_track"]}, counts


@pytest.mark.parametrize("folders, split, classes", [
    (("val_good", "val_bad"), "val", ["bad", "good"]),
    (("train_normal", "train_abnormal"), "train", ["abnormal", "normal"]),
    (("fake_test", "real_test"), "test", ["fake", "real"]),
], ids=["good_bad", "normal_abnormal", "fake_real_last"])
def test_folders_of_one_split_word_and_a_class_word_are_that_split_s_classes(
    folders: tuple[str, ...], split: str, classes: list[str], tmp_path: Path
) -> None:
    """The neighbours of review21's `test_positive/`, `test_negative/` (kept in
    test_review_twenty_one.py): a known pair of class words after (or before) the split word."""
    src, out = tmp_path / "src", tmp_path / "out"
    _images(src, folders)
    done = run_shardify("convert", str(src), str(out))
    assert done.returncode == 0, done.stderr
    counts = {name: sorted(info["label_counts"]) for name, info in _manifest(out)["splits"].items()}
    assert counts == {split: classes}, counts


def _table(src: Path, attributes: tuple[str, ...], classes: tuple[str, ...], rows: int = 30) -> None:
    """`labels.csv` of `image,<attributes>,<classes>`: one class a row, each attribute 1 in some rows
    (always beside the row's class)."""
    rnd = random.Random(5)
    lines = ["image," + ",".join((*attributes, *classes))]
    for i in range(rows):
        write_file(src / f"images/im{i}.jpg", image_bytes(size=(12, 10), seed=i))
        bits = [rnd.randint(0, 1) for _ in attributes] + [int(c == i % len(classes)) for c in range(len(classes))]
        lines.append(f"im{i}.jpg," + ",".join(map(str, bits)))
    write_file(src / "labels.csv", "\n".join(lines) + "\n")


@pytest.mark.parametrize("attributes, classes", [
    (("flipped", "cropped", "original"), ("cat", "dog")),
    (("diabetic",), ("melanoma", "nevus")),
    (("hypertension", "diabetic"), ("MEL", "NV", "BCC")),
], ids=["augmentations", "diabetic", "two_health_flags"])
def test_a_0_1_column_set_only_beside_a_class_stops_naming_keep_columns(
    attributes: tuple[str, ...], classes: tuple[str, ...], tmp_path: Path
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    _table(src, attributes, classes)
    stderr = stopped(run_shardify("convert", str(src), str(out)), out)
    assert f"--keep-columns {','.join(attributes)}" in stderr and "labels.csv" in stderr, stderr
    done = run_shardify("convert", str(src), str(out), "--keep-columns", ",".join(attributes))
    assert done.returncode == 0, done.stderr
    assert sorted(_manifest(out)["splits"]["train"]["label_counts"]) == sorted(classes)


def test_a_multi_label_table_whose_columns_each_stand_alone_somewhere_converts(tmp_path: Path) -> None:
    """The twin: CheXpert-like findings, several 1s in a row, but every column the only 1 of some
    row: a multi-label table, no attribute."""
    src, out = tmp_path / "src", tmp_path / "out"
    names = ("edema", "effusion", "opacity")
    lines = ["image," + ",".join(names)]
    for i in range(30):
        write_file(src / f"images/im{i}.jpg", image_bytes(size=(12, 10), seed=i))
        bits = [1, 1, 0] if i % 4 == 3 else [int(c == i % 3) for c in range(3)]
        lines.append(f"im{i}.jpg," + ",".join(map(str, bits)))
    write_file(src / "labels.csv", "\n".join(lines) + "\n")
    done = run_shardify("convert", str(src), str(out))
    assert done.returncode == 0, done.stderr
    assert sorted(_manifest(out)["splits"]["train"]["label_counts"]) == list(names)
