"""A label table beside a table of the held-out split's ids, all images in one folder: neighbours of
Kaggle's plant pathology (`train.csv` of `image_id` and one-hot columns, `test.csv` of `image_id`
alone, `sample_submission.csv`) that no round names (the round's own shape is in
test_xfail_kinds_eight.py):

- one-hot columns in .tsv tables, with no option and with `--labels`: the test table's images are
  the test split, unlabelled; an image neither table names is a reject saying so;
- multi-hot rows (several 1s): a record of several labels;
- one label column and `--labels` (the test table found by its key column, not by its name: short
  numeric ids), as the same download is read with no option (test_eighth_mends.py);
- a test table naming an id no file has: that row is a reject, the rest converts;
- a test table naming labelled ids too: named as a split, those ids are in two splits (rejects);
  named as none, it is no split (the images train.csv does not name are rejects), never an
  unlabelled split holding labelled images, and never written so with exit 0.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.one_place import Reject, one_place_each
from helpers.sources import convert, image_bytes, write_file

_CLASSES = ("healthy", "rust", "scab")


def _download(
    root: Path, *, ext: str = "csv", multi: bool = False, test_ids: tuple[str, ...] = (), stray: bool = False,
    test_table: str = "test",
) -> dict[str, object]:
    """images/Train_<i>.jpg labelled by train.<ext> (one-hot; with `multi`, every third row sets
    two columns), images/Test_<i>.jpg named by <test_table>.<ext> (and `test_ids` besides), a
    sample submission of probabilities, and with `stray` an image no table names; returns the
    truth."""
    sep = "\t" if ext == "tsv" else ","
    train, truth = [sep.join(("image_id", *_CLASSES))], {}
    for i in range(9):
        write_file(root / f"images/Train_{i}.jpg", image_bytes(seed=i))
        on = {i % 3, (i + 1) % 3} if multi and i % 3 == 0 else {i % 3}
        train.append(sep.join((f"Train_{i}", *("1" if c in on else "0" for c in range(3)))))
        truth[f"images/Train_{i}.jpg"] = ("train", tuple(sorted(_CLASSES[c] for c in on)))
    test = ["image_id"]
    for i in range(4):
        write_file(root / f"images/Test_{i}.jpg", image_bytes(seed=100 + i))
        test.append(f"Test_{i}")
        truth[f"images/Test_{i}.jpg"] = ("test", ())
    for key in test_ids:
        test.append(key)
    if stray:
        write_file(root / "images/Extra_0.jpg", image_bytes(seed=99))
        truth["images/Extra_0.jpg"] = Reject("no usable row in train")
    write_file(root / f"train.{ext}", "\n".join(train) + "\n")
    write_file(root / f"{test_table}.{ext}", "\n".join(test) + "\n")
    submission = "".join(f"Test_{i},0.25,0.25,0.5\n" for i in range(4))
    write_file(root / "sample_submission.csv", "image_id,healthy,rust,scab\n" + submission)
    return truth


@pytest.mark.parametrize("given", [False, True])
def test_one_hot_tsv_tables_give_the_test_split_and_reject_an_image_neither_names(tmp_path: Path, given: bool) -> None:
    truth = _download(tmp_path / "src", ext="tsv", stray=True)
    labels = {"labels_file": str(tmp_path / "src" / "train.tsv")} if given else {}
    one_place_each(truth, convert(tmp_path / "src", tmp_path / "out", **labels))


def test_multi_hot_rows_are_records_of_several_labels(tmp_path: Path) -> None:
    truth = _download(tmp_path / "src", multi=True)
    written = one_place_each(truth, convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert written["images/Train_0.jpg"][1] == ("healthy", "rust")


def test_one_label_column_and_labels_find_the_test_table_by_its_key_column(tmp_path: Path) -> None:
    root, truth = tmp_path / "src", {}
    train, test = ["id,label,margin1"], ["id,margin1"]
    for i in range(1, 13):
        write_file(root / f"images/{i}.jpg", image_bytes(mode="L", seed=i))
        if i % 4 == 0:
            test.append(f"{i},0.0{i}")
            truth[f"images/{i}.jpg"] = ("test", ())
        else:
            train.append(f"{i},{('acer', 'quercus')[i % 2]},0.0{i}")
            truth[f"images/{i}.jpg"] = ("train", (("acer", "quercus")[i % 2],))
    write_file(root / "images/99.jpg", image_bytes(mode="L", seed=99))
    truth["images/99.jpg"] = Reject("nor does a split list")
    write_file(root / "train.csv", "\n".join(train) + "\n")
    write_file(root / "test.csv", "\n".join(test) + "\n")
    write_file(root / "sample_submission.csv", "id,acer,quercus\n" + "".join(f"{r.split(',')[0]},0.5,0.5\n" for r in test[1:]))
    one_place_each(truth, convert(root, tmp_path / "out", labels_file=str(root / "train.csv")))


def test_a_test_row_naming_no_file_is_its_reject(tmp_path: Path) -> None:
    truth = _download(tmp_path / "src", test_ids=("Test_9",))
    truth["test.csv#6"] = Reject("names no file: 'Test_9'")
    one_place_each(truth, convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src" / "train.csv")))


def test_a_test_table_naming_labelled_ids_places_none_of_them_unlabelled(tmp_path: Path) -> None:
    """Named as a split (`test.csv`), it is that split's list: the ids it shares with train.csv
    are in two splits, each a reject; its own images are the test split."""
    truth = _download(tmp_path / "src", test_ids=("Train_0", "Train_1"))
    truth.update({"images/Train_0.jpg": Reject("in more than one split"), "images/Train_1.jpg": Reject("in more than one split")})
    one_place_each(truth, convert(tmp_path / "src", tmp_path / "out"))


def test_a_table_named_as_no_split_naming_labelled_ids_is_no_split(tmp_path: Path) -> None:
    """Named as no split (`ids.csv`), it is read as a held-out split only where it names no input
    train.csv labels: here it is no split, and the images train.csv does not name are rejects."""
    truth = _download(tmp_path / "src", test_ids=("Train_0",), test_table="ids")
    truth.update({f"images/Test_{i}.jpg": Reject("no usable row in train.csv names it") for i in range(4)})
    one_place_each(truth, convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src" / "train.csv")))


def test_an_image_the_labels_miss_in_a_labelled_split_is_a_reject(tmp_path: Path) -> None:
    """Split lists beside a label file that labels both splits (NIH ChestX-ray14's shape: labels.csv,
    train_list.txt, test_list.txt): an image a list names and the label file does not is a reject,
    never written unlabelled among labelled records; one no list names is a reject too."""
    root, truth = tmp_path / "src", {}
    rows, lists = ["image,label"], {"train": [], "test": []}
    for i in range(10):
        split = "test" if i % 3 == 0 else "train"
        write_file(root / f"scans/s{i:05d}_000.png", image_bytes(fmt="PNG", seed=i))
        lists[split].append(f"s{i:05d}_000.png")
        if i != 9:
            rows.append(f"s{i:05d}_000.png,{('effusion', 'mass')[i % 2]}")
        truth[f"scans/s{i:05d}_000.png"] = (split, (("effusion", "mass")[i % 2],)) if i != 9 else Reject("holds inputs it labels")
    write_file(root / "scans/s00099_000.png", image_bytes(fmt="PNG", seed=99))
    truth["scans/s00099_000.png"] = Reject("nor does a split list")
    write_file(root / "labels.csv", "\n".join(rows) + "\n")
    for split, names in lists.items():
        write_file(root / f"{split}_list.txt", "\n".join(names) + "\n")
    one_place_each(truth, convert(root, tmp_path / "out", labels_file=str(root / "labels.csv")))
