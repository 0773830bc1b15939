"""Split lists of `<file> <class number>` under names of their own (issue 30: book30).

The book-cover dataset ships `bookcover30-labels-train.txt` and `-test.txt` (`0078659427.jpg 15`,
its Task1 README). Known by content as split lists, their class numbers were dropped and the run
stopped naming files it does not read. Now the lists of one folder are read with class numbers where
their names say labels, or their numbers repeat (decided for the folder's lists together,
`shardify.plan.numbered_lists`). Neighbours of the kind, from their loaders: DomainNet's
`<domain>_train.txt`, `<domain>_test.txt` (`clipart/aircraft_carrier/clipart_001_000018.jpg 0`;
the test lists here hold one image a class, each number once: decided per list they were read
unlabelled), WebVision's `info/train_filelist_google.txt` and `info/val_filelist.txt`
(`val000001.jpg 3`, the images in `val_images_256/`, DivideMix's loader). The twin: unique numbers
under names that say nothing of labels (ids as well as classes) still stop, naming the lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError



def _records(tmp_path: Path, name: str, build) -> dict:
    root = tmp_path / name
    build(root)
    return written_records(convert(root, tmp_path / f"{name}-out"))["records"]


def _book_covers(root: Path) -> None:
    for split, entries in (("train", [("a1", 15), ("a2", 1), ("a3", 15), ("a4", 7)]), ("test", [("b1", 15), ("b2", 1), ("b3", 7)])):
        for stem, _ in entries:
            write_file(root / "224x224" / f"{stem}.jpg", image_bytes())
        write_file(root / f"bookcover30-labels-{split}.txt", "".join(f"{stem}.jpg {n}\n" for stem, n in entries))


def _domainnet(root: Path) -> None:
    classes = ("aircraft_carrier", "airplane", "alarm_clock")
    for domain in ("clipart", "real"):
        lists = {"train": [], "test": []}
        for c, name in enumerate(classes):
            for i in range(3):
                path = f"{domain}/{name}/{domain}_{c + 1:03d}_{i:06d}.jpg"
                write_file(root / path, image_bytes())
                lists["test" if i == 2 else "train"].append(f"{path} {c}\n")
        for split, lines in lists.items():
            write_file(root / f"{domain}_{split}.txt", "".join(lines))


def _webvision(root: Path) -> None:
    train = []
    for query, c in (("q0001", 0), ("q0002", 0), ("q0003", 1), ("q0004", 2)):
        for i in range(2):
            path = f"google/{query}/{i:06d}.jpg"
            write_file(root / path, image_bytes())
            train.append(f"{path} {c}\n")
    write_file(root / "info/train_filelist_google.txt", "".join(train))
    val = [(f"val{i + 1:06d}.jpg", c) for i, c in enumerate((0, 1, 2, 1))]
    for name, _ in val:
        write_file(root / "val_images_256" / name, image_bytes())
    write_file(root / "info/val_filelist.txt", "".join(f"{name} {c}\n" for name, c in val))


def test_book_cover_label_lists_label_each_split(tmp_path: Path) -> None:
    records = _records(tmp_path, "book", _book_covers)
    assert records == {
        "224x224/a1.jpg": ("train", frozenset({"15"})), "224x224/a2.jpg": ("train", frozenset({"1"})),
        "224x224/a3.jpg": ("train", frozenset({"15"})), "224x224/a4.jpg": ("train", frozenset({"7"})),
        "224x224/b1.jpg": ("test", frozenset({"15"})), "224x224/b2.jpg": ("test", frozenset({"1"})),
        "224x224/b3.jpg": ("test", frozenset({"7"})),
    }


def test_domain_lists_label_the_test_split_too(tmp_path: Path) -> None:
    records = _records(tmp_path, "domainnet", _domainnet)
    assert len(records) == 18
    for path, (split, labels) in records.items():
        assert split == ("test" if path.endswith("_000002.jpg") else "train"), path
        assert labels == frozenset({str(int(path.rsplit("/", 1)[-1].split("_")[-2]) - 1)}), (path, labels)


def test_file_lists_in_an_info_folder_label_train_and_val(tmp_path: Path) -> None:
    records = _records(tmp_path, "webvision", _webvision)
    assert records["google/q0003/000001.jpg"] == ("train", frozenset({"1"}))
    assert records["google/q0002/000000.jpg"] == ("train", frozenset({"0"}))
    assert records["val_images_256/val000003.jpg"] == ("validation", frozenset({"2"}))
    assert len(records) == 12 and all(labels for _, labels in records.values())


def test_unique_numbers_under_names_saying_nothing_still_stop(tmp_path: Path) -> None:
    root = tmp_path / "twin"
    for split, numbers in (("train", (100, 101, 102)), ("test", (103, 104))):
        for n in numbers:
            write_file(root / "imgs" / f"{n - 100:04d}.jpg", image_bytes())
        write_file(root / f"covers_{split}.txt", "".join(f"imgs/{n - 100:04d}.jpg {n}\n" for n in numbers))
    with pytest.raises(UsageError, match=r"covers_test\.txt, covers_train\.txt"):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_numbers_restating_class_folders_leave_the_folder_names(tmp_path: Path) -> None:
    # the garbage classification set's one-indexed-files-notrash_<split>.txt (`cardboard1.jpg 3`) over cardboard/
    def build(root: Path) -> None:
        lists = {"train": [], "val": []}
        for c, name in enumerate(("glass", "paper", "cardboard")):
            for n in range(1, 4):
                write_file(root / "garbage" / name / f"{name}{n}.jpg", image_bytes())
                lists["val" if n == 3 else "train"].append(f"{name}{n}.jpg {c + 1}\n")
        for split, lines in lists.items():
            write_file(root / f"one-indexed-files-notrash_{split}.txt", "".join(lines))

    records = _records(tmp_path, "garbage", build)
    assert records["garbage/paper/paper2.jpg"] == ("train", frozenset({"paper"}))
    assert records["garbage/cardboard/cardboard3.jpg"] == ("validation", frozenset({"cardboard"}))
    assert len(records) == 9


# Split lists known by their name (`train.txt`, `val.txt`) of `<file> <word>` rows (shardify.plan.word_lists):
# the word was dropped and the run stopped offering --labels train.txt, which stopped on val.txt.


def _word_lists(root: Path, sep: str, folders: bool) -> None:
    for split, count in (("train", 4), ("val", 2)):
        lines = []
        for i in range(count):
            path = f"{split}/{i}.jpg" if folders else f"images/{split}_{i}.png"
            write_file(root / path, image_bytes())
            lines.append(f"{path}{sep}{('cat', 'dog', 'bird')[i % 3]}\n")
        write_file(root / f"{split}.txt", "".join(lines))


@pytest.mark.parametrize(("sep", "folders"), [("\t", True), (" ", False)])
def test_split_lists_of_class_words_label_their_rows(tmp_path: Path, sep: str, folders: bool) -> None:
    records = _records(tmp_path, "words", lambda root: _word_lists(root, sep, folders))
    assert len(records) == 6 and all(labels for _, labels in records.values()), records
    first = "train/0.jpg" if folders else "images/train_0.png"
    second = "val/1.jpg" if folders else "images/val_1.png"
    assert records[first] == ("train", frozenset({"cat"})) and records[second] == ("validation", frozenset({"dog"}))


def test_words_beside_inputs_in_class_folders_leave_the_folders_the_labels(tmp_path: Path) -> None:
    def build(root: Path) -> None:
        for split, rows in (("train", [("cat", 0, "indoor"), ("dog", 1, "outdoor"), ("cat", 2, "outdoor")]),
                            ("val", [("dog", 3, "indoor"), ("cat", 4, "indoor")])):
            for cls, i, _ in rows:
                write_file(root / "pets" / cls / f"{i}.jpg", image_bytes())
            write_file(root / f"{split}.txt", "".join(f"pets/{cls}/{i}.jpg {scene}\n" for cls, i, scene in rows))

    records = _records(tmp_path, "folders", build)
    assert records["pets/dog/1.jpg"] == ("train", frozenset({"dog"}))
    assert records["pets/cat/4.jpg"] == ("validation", frozenset({"cat"}))


def test_words_all_different_over_many_rows_are_no_classes(tmp_path: Path) -> None:
    root = tmp_path / "ids"
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
    for split, part in (("train", words[:7]), ("val", words[7:])):
        for w in part:
            write_file(root / "images" / f"{w}.jpg", image_bytes())
        write_file(root / f"{split}.txt", "".join(f"images/{w}.jpg {w.upper()}x\n" for w in part))
    with pytest.raises(UsageError, match=r"train\.txt"):
        convert(root, tmp_path / "out")
