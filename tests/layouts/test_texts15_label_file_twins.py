"""`--labels FILE` for one split while another split's labels file lies beside it (issue 30: book30).

The book-cover dataset's stop offered `--labels FILE`; `--labels bookcover30-labels-train.txt`
(`<file> <class>` lines; bookcover30-labels-test.txt beside it) wrote the test covers unlabelled with
exit 0. Now such a twin stops the run, naming both. Neighbours: iFood 2019's train_labels.csv and
val_labels.csv (`img_name,label`, from its loader's README) stop alike; a Kaggle train.csv of
`id,breed` beside a test.csv of ids only (dog breed identification's sample submission shape) is no
twin, and --labels train.csv still converts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError


def _images(root: Path, folder: str, names: list[str]) -> None:
    for name in names:
        write_file(root / folder / name, image_bytes())


def test_book_covers_labels_for_one_split_stop_naming_the_other(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _images(root, "224x224", ["a1.jpg", "a2.jpg", "b1.jpg"])
    write_file(root / "bookcover30-labels-train.txt", "a1.jpg 3\na2.jpg 7\n")
    write_file(root / "bookcover30-labels-test.txt", "b1.jpg 3\n")
    with pytest.raises(UsageError, match=r"bookcover30-labels-train\.txt.*bookcover30-labels-test\.txt"):
        convert(root, tmp_path / "out", labels_file=str(root / "bookcover30-labels-train.txt"))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.tfrecord*"))


def test_ifood_train_and_val_label_tables_stop_alike(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _images(root, "train_set", ["train_101733.jpg", "train_101734.jpg"])
    _images(root, "val_set", ["val_000001.jpg"])
    write_file(root / "train_labels.csv", "img_name,label\ntrain_101733.jpg,211\ntrain_101734.jpg,45\n")
    write_file(root / "val_labels.csv", "img_name,label\nval_000001.jpg,211\n")
    with pytest.raises(UsageError, match=r"val_labels\.csv"):
        convert(root, tmp_path / "out", labels_file=str(root / "train_labels.csv"))


def test_a_test_table_of_ids_only_is_no_twin(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _images(root, "train", ["0a1.jpg", "0a2.jpg", "0a3.jpg", "0a4.jpg"])
    _images(root, "test", ["1b1.jpg"])
    write_file(root / "train.csv", "id,breed\n0a1,beagle\n0a2,pug\n0a3,beagle\n0a4,pug\n")
    write_file(root / "test.csv", "id\n1b1\n")
    records = written_records(convert(root, tmp_path / "out", labels_file=str(root / "train.csv")))["records"]
    labelled = {rid: labels for rid, (_, labels) in records.items() if labels}
    assert len(labelled) == 4, records
