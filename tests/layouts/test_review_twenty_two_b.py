"""Review of classes22 and hostile22 (merged at 31c2dfc): neighbours of what they taught detection.

classes22 reads a found table of a key and 0/1 columns as multi-label classes with no option
(`shardify/plan/keyed_multi_hot.py`, RANZCR CLiP beside train/ and an unlabelled test/), as one
folder's one-hot table already was (`converters/one_hot.label_columns`, Plant Pathology). A table of
the same shape whose 0/1 columns name splits (`is_train`, `is_val`) or cross-validation folds
(`fold_1` .. `fold_3`: a row's 1 the fold it is held out in) gives each image its partition, no class:
read as classes, every image had been labelled by its split or fold, exit 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError


def _image(path: Path, shade: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (8, 8), (shade, 255 - shade, (shade * 7) % 256)).save(path)


def _partition_table(root: Path, columns: tuple[str, ...], *, split_folders: bool) -> None:
    """10 images (train/ beside an unlabelled test/, or one images/ folder) and a table keyed by
    their names whose 0/1 columns are `columns`, each row a single 1 (the image's partition)."""
    folder = "train" if split_folders else "images"
    rows = []
    for i in range(10):
        name = f"1.2.826.{5003 + 7 * i}"
        _image(root / folder / f"{name}.jpg", 20 * i)
        rows.append(",".join([name, *("1" if i % len(columns) == c else "0" for c in range(len(columns)))]))
    if split_folders:
        for i in range(3):
            _image(root / "test" / f"1.2.826.{9001 + i}.jpg", 200 - 30 * i)
    (root / ("train.csv" if split_folders else "meta.csv")).write_text("\n".join(["StudyInstanceUID,"
                                                                                    + ",".join(columns), *rows]) + "\n")


@pytest.mark.parametrize("split_folders", [True, False], ids=["train_test_folders", "one_folder"])
@pytest.mark.parametrize("columns", [("is_train", "is_val"), ("fold_1", "fold_2", "fold_3")], ids=["splits", "folds"])
def test_0_1_columns_naming_splits_or_folds_are_never_written_as_classes(columns, split_folders, tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    _partition_table(src, columns, split_folders=split_folders)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(out)))
    said = str(stop.value)
    assert ("train.csv" if split_folders else "meta.csv") in said and "--label-level 0" in said, said
    assert not (out / "manifest.json").exists()


def test_following_the_stop_writes_the_images_unlabelled(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    _partition_table(src, ("fold_1", "fold_2", "fold_3"), split_folders=False)
    run_conversion(ConvertConfig(str(src), str(out), label_level=0))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["labels"] == [] and manifest["splits"]["train"]["num_records"] == 10, manifest["splits"]


def test_a_found_row_list_saved_with_a_byte_order_mark_is_read(tmp_path):
    """hostile22 made a found row list (Derm7pt's `*_indexes.csv`) holding a line of no row number stop;
    its neighbour, a list saved by Excel with a byte order mark before its first number ('\\ufeff0'),
    was still set aside unsaid: its rows were then rejects ('no split'), exit 0 under --max-rejects 100%."""
    from helpers.blind17 import DATASETS
    from helpers.fifteen import run
    from helpers.unseen_judge import assert_right

    truth = DATASETS["derm7pt"](tmp_path / "download")
    listed = truth.root / "release_v0/meta/valid_indexes.csv"
    listed.write_bytes(b"\xef\xbb\xbf" + listed.read_bytes())
    result = run(truth.root, tmp_path / "out", "--labels", "release_v0/meta/meta.csv", "--key-column", "clinic,derm",
                 "--label-column", "diagnosis")
    assert result.returncode == 0, result.stderr[-2000:]
    assert_right(truth, tmp_path / "out")
