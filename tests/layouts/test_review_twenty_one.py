"""Review of session twenty's detection rules (stops20, blind20, kinds20) and the defects review20b
left: each test here failed before its mend.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.refusals import stopped
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.format import contract


def _images(src: Path, folders: tuple[str, ...], count: int = 4) -> None:
    for n, folder in enumerate(folders):
        for i in range(count):
            write_file(src / f"{folder}/im{i}.jpg", image_bytes(size=(12, 10), seed=n * 100 + i))


def _records(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each record's file name -> (its split, its labels)."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            labels = record.get(contract.LABEL_TEXT)
            labels = (labels,) if isinstance(labels, bytes) else tuple(labels or ())
            found[record[contract.IMAGE_FILENAME].decode()] = (shard.name.split("-")[0], tuple(x.decode() for x in labels))
    return found


@pytest.mark.parametrize("test_folders", [("test",), ("test/fake", "test/real")], ids=["loose_test", "test_classes"])
def test_class_folders_of_one_split_word_beside_a_split_folder_stop_naming_them(test_folders: tuple[str, ...],
                                                                                  tmp_path: Path) -> None:
    """`training_fake/`, `training_real/` beside `test/`: with loose files in `test/` the run stopped
    naming no folder ("holds files but no class folders"); with `test/fake/`, `test/real/` all three
    were read as split folders, the training images written unlabelled with exit 0. Both stop,
    naming the folders and the layout file's mappings that decide."""
    src, out = tmp_path / "src", tmp_path / "out"
    _images(src, ("training_fake", "training_real", *test_folders))
    stderr = stopped(run_shardify("convert", str(src), str(out)), out)
    assert "training_fake/" in stderr and "training_real/" in stderr and "test/" in stderr, stderr
    assert "class_names" in stderr, stderr


def test_cycle_gan_folders_beside_a_loose_val_folder_stop_naming_it(tmp_path: Path) -> None:
    """CycleGAN's `trainA/` .. `testB/` beside a `val/` of loose files: the run stopped naming no
    folder ("holds files but no class folders"); it names `val/` and the run-together folders."""
    src, out = tmp_path / "src", tmp_path / "out"
    _images(src, ("trainA", "trainB", "testA", "testB", "val"))
    stderr = stopped(run_shardify("convert", str(src), str(out)), out)
    assert "split folders val/" in stderr and "trainA/" in stderr and "class_names" in stderr, stderr


@pytest.mark.parametrize("folders, split", [
    (("test_positive", "test_negative"), "test"),
    (("train_positive", "train_negative"), "train"),
    (("data/Validation_Benign", "data/Validation_Malignant", "data/Validation_Normal"), "validation"),
], ids=["test", "train", "validation_wrapped"])
def test_folders_of_one_split_word_are_that_split_and_its_classes(folders: tuple[str, ...], split: str, tmp_path: Path) -> None:
    """`test_positive/`, `test_negative/` were written as split train with the classes
    `test_positive`, `test_negative` (exit 0): the test images in the train split. The split is the
    one the word names, each class the folder's name without it (as two split words give them)."""
    src, out = tmp_path / "src", tmp_path / "out"
    _images(src, folders)
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    want = {}
    for folder in folders:
        name = folder.rsplit("/", 1)[-1]
        for i in range(4):
            want[f"{folder}/im{i}.jpg"] = (split, (name.split("_", 1)[1],))
    assert _records(out) == want


_SENTENCE = "unclear, the photo shows both a cat and a dog"


def _pets_table(src: Path, header: str, rows: int = 30) -> None:
    rnd = random.Random(7)
    lines = [header] if header else []
    for i in range(rows):
        write_file(src / f"images/img_{i:03d}.jpg", image_bytes(size=(12, 10), seed=i))
        lines.append(f'img_{i:03d}.jpg,"{_SENTENCE if i == 7 else rnd.choice(("cat", "dog"))}"')
    write_file(src / "labels.csv", "\n".join(lines) + "\n")


@pytest.mark.parametrize("header", ["filename,label", ""], ids=["header", "headerless"])
def test_a_label_cell_written_as_a_sentence_is_its_rows_reject_not_a_class(header: str, tmp_path: Path) -> None:
    """A column of `cat`/`dog` with one cell `unclear, the photo shows both ...` (a label column
    tolerates one such cell since stops20): that cell was written as a class of one record, exit 0.
    Its row is rejected naming the cell; the other images keep their labels."""
    src, out = tmp_path / "src", tmp_path / "out"
    _pets_table(src, header)
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    found = _records(out)
    assert "images/img_007.jpg" not in found and len(found) == 29, sorted(found)
    assert {labels for _, labels in found.values()} == {("cat",), ("dog",)}
    rejects = (out / "rejected.jsonl").read_text()
    assert "img_007.jpg" in rejects and "is a sentence" in rejects, rejects


def test_a_label_column_named_by_the_user_keeps_its_sentence(tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    _pets_table(src, "filename,label")
    result = run_shardify("convert", str(src), str(out), "--label-column", "label")
    assert result.returncode == 0, result.stderr
    assert _records(out)["images/img_007.jpg"][1] == (_SENTENCE,)


@pytest.mark.parametrize("header", ["label\ttext", ""], ids=["header", "headerless"])
def test_a_sentence_in_a_text_tables_label_column_is_its_rows_reject(header: str, tmp_path: Path) -> None:
    """The same cell in a label<TAB>text table (the shape stops20's tolerance was made for)."""
    src, out = tmp_path / "src", tmp_path / "out"
    rnd = random.Random(3)
    lines = [header] if header else []
    for i in range(40):
        lines.append(f"{_SENTENCE if i == 9 else rnd.choice(('joy', 'anger', 'fear'))}\tthis is text number {i} of a few words")
    write_file(src / "train.tsv", "\n".join(lines) + "\n")
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    counts = (out / "manifest.json").read_text()
    assert _SENTENCE not in counts and "1 rejected" in result.stdout, result.stdout
    assert "is a sentence" in (out / "rejected.jsonl").read_text()


def _comments(src: Path, flag: str) -> None:
    rnd = random.Random(5)
    lines = [f"id,comment,toxic,insult,obscene,{flag}"]
    for i in range(40):
        bits = ",".join(str(rnd.randint(0, 1)) for _ in range(4))
        lines.append(f'{i},"comment number {i}, with a few words of its own {rnd.random():.6f}",{bits}')
    write_file(src / "data.csv", "\n".join(lines) + "\n")


@pytest.mark.parametrize("flag", ["verified", "is_smoker"])
def test_a_flag_named_as_a_feature_is_no_class_of_a_multi_hot_table(flag: str, tmp_path: Path) -> None:
    """`toxic`, `insult`, `obscene` and a one-word flag `verified`, all 0/1: the flag was read as one
    more class of the multi-hot set, exit 0. A 0/1 column named as a record's feature keeps the
    table from being read as one multi-hot set: the run stops naming the flag and the option that
    reads the others as the classes."""
    src, out = tmp_path / "src", tmp_path / "out"
    _comments(src, flag)
    stderr = stopped(run_shardify("convert", str(src), str(out)), out)
    assert f"--keep-columns {flag} keeps the flag" in stderr, stderr
    result = run_shardify("convert", str(src), str(out), "--keep-columns", flag)
    assert result.returncode == 0, result.stderr
    counts = json.loads((out / "manifest.json").read_text())["splits"]["train"]["label_counts"]
    assert sorted(counts) == ["insult", "obscene", "toxic"], counts


def test_a_two_column_semicolon_label_table_is_read_by_its_columns(tmp_path: Path) -> None:
    """`filename;label` under `.csv` (a spreadsheet saved where the list separator is `;`), the
    neighbour of the two-column tab rule (separators._two_tab_columns) and of the `;` tables of
    three columns or more: read with commas each row was one cell, the run stopped offering
    `--label-separator ';'`, and that option failed planning (exit 1)."""
    src, out = tmp_path / "src", tmp_path / "out"
    rnd = random.Random(11)
    lines, want = ["filename;label"], {}
    for i in range(30):
        write_file(src / f"images/img_{i:03d}.jpg", image_bytes(size=(12, 10), seed=i))
        want[f"images/img_{i:03d}.jpg"] = ("train", (rnd.choice(("cat", "dog")),))
        lines.append(f"img_{i:03d}.jpg;{want[f'images/img_{i:03d}.jpg'][1][0]}")
    write_file(src / "labels.csv", "\n".join(lines) + "\n")
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    assert _records(out) == want


def test_a_semicolon_text_table_of_two_columns_is_read_and_prose_is_not(tmp_path: Path) -> None:
    from shardify.converters.separators import csv_separator

    table = "text;label\n" + "".join(f"a film, {i} hours long;{('neg', 'pos')[i % 2]}\n" for i in range(6))
    assert csv_separator(table, True) == ";"
    prose = "".join(f"it rained {i}; we stayed in, reading\n" for i in range(6))
    assert csv_separator(prose, True) == ","
