"""Kinds of fault a fifth unseen round found, each with an unnamed neighbour and a hostile twin (the
named datasets themselves are in test_unseen_round_five.py):

- a table with a header row, no column named as the label, and a column whose cells are labels by
  their content (few repeated words beside the text): it was written unlabelled with exit 0; it
  stops before writing naming the column and `--label-column`, which then converts it. Columns
  of ids, years, all-different words or a constant are no labels, and a table of them converts
  unlabelled as before;
- one-letter class folders: where they hold the images themselves they are the classes (notMNIST's
  `A/` ... `J/`), converted with no option (they stopped as an alphabetical index); where they hold
  folders (`a/apple/`) they are an index, and the run stops naming `--label-level`;
- `--labels FILE` naming a file of SRC by its name inside SRC (as the refusals name it), not a
  path from the working folder.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import SourceError, UsageError
from shardify.format import contract

_WORDS = ("amber", "brisk", "cedar", "dune", "ember", "fjord", "glade", "heron", "inlet", "jade", "kelp", "larch")


def _sentence(seed: int) -> str:
    return " ".join(_WORDS[(seed * 7 + k * 5) % len(_WORDS)] for k in range(7)) + f" number {seed}"


def _labels(out: Path) -> dict[str, tuple[str, ...]]:
    """{"<table>#<row>" or file name: label names} of every record written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            value = record.get(contract.TEXT_LABEL_TEXT, record.get(contract.LABEL_TEXT, []))
            names = tuple(sorted(n.decode() for n in (value if isinstance(value, list) else [value]) if n))
            rid = record.get(contract.TEXT_SOURCE, record.get(contract.IMAGE_FILENAME)).decode()
            found[rid] = names
    return found


def _topics(root: Path, third: list[str]) -> Path:
    """An unnamed neighbour of the author and sentiment tables: `qid,question,<third>` CSVs."""
    root.mkdir(parents=True)
    for split, n in (("train", 8), ("test", 4)):
        rows = ["qid,question,topic"] + [f"q{split}{i},{_sentence(i + len(split))},{third[i % len(third)]}" for i in range(n)]
        (root / f"{split}.csv").write_text("\n".join(rows) + "\n")
    return root


def test_a_column_of_repeated_words_beside_the_text_stops_naming_it_and_then_converts(tmp_path: Path) -> None:
    source = _topics(tmp_path / "src", ["science", "sport", "music"])
    with pytest.raises(UsageError, match=r"--label-column 'topic'") as refused:
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert "train.csv" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out2"), label_column="topic"))
    labels = _labels(tmp_path / "out2")
    assert len(labels) == 12 and labels["train.csv#2"] == ("science",) and labels["test.csv#3"] == ("sport",)  # line numbers


@pytest.mark.parametrize(
    "third",
    [[f"user{i}" for i in range(12)], [str(2000 + i) for i in range(12)], ["same"]],
    ids=["all-different-words", "years", "a-constant"],
)
def test_columns_of_ids_years_or_one_value_are_no_labels_and_the_table_converts_unlabelled(third, tmp_path: Path) -> None:
    """The hostile twins: a column that repeats nothing, numbers past a class index, one constant
    word: the table is unlabelled, as before."""
    source = _topics(tmp_path / "src", third)
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    labels = _labels(tmp_path / "out")
    assert len(labels) == 12 and set(labels.values()) == {()}


def _flat_images(root: Path) -> Path:
    rows = ["file,kind"]
    for i in range(6):
        name = f"{i:04x}.png"
        (root / "pics").mkdir(parents=True, exist_ok=True)
        (root / "pics" / name).write_bytes(_image_bytes(f"r5/{name}", 8, 8, "PNG"))
        rows.append(f"{name},{('round', 'square')[i % 2]}")
    (root / "meta.csv").write_text("\n".join(rows) + "\n")
    return root


def test_labels_named_inside_src_are_read_from_src(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = _flat_images(tmp_path / "src")
    monkeypatch.chdir(tmp_path)  # the working folder holds no meta.csv
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out"), labels_file="meta.csv"))
    labels = _labels(tmp_path / "out")
    assert len(labels) == 6 and all(v == (("round",) if int(k.split("/")[-1][:4], 16) % 2 == 0 else ("square",))
                                    for k, v in labels.items())


def test_a_labels_file_in_the_working_folder_wins_and_a_missing_one_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The twins: a file of that name in the working folder is the one meant (as before); a name in
    neither place is refused, naming it."""
    source = _flat_images(tmp_path / "src")
    work = tmp_path / "work"
    work.mkdir()
    (work / "meta.csv").write_text("file,kind\n" + "".join(f"{i:04x}.png,oval\n" for i in range(6)))
    monkeypatch.chdir(work)
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out"), labels_file="meta.csv"))
    assert set(_labels(tmp_path / "out").values()) == {("oval",)}
    with pytest.raises(SourceError, match="nothere.csv"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out2"), labels_file="nothere.csv"))
    assert os.getcwd() == str(work)


def _test_without_labels(root: Path) -> Path:
    """Kaggle's shape: train.csv `qid,question,topic`, test.csv `qid,question` (no label column)."""
    root.mkdir(parents=True)
    (root / "train.csv").write_text("qid,question,topic\n" + "".join(
        f"t{i},{_sentence(i)},{('science', 'sport')[i % 2]}\n" for i in range(6)))
    (root / "test.csv").write_text("qid,question\n" + "".join(f"s{i},{_sentence(i + 9)}\n" for i in range(3)))
    return root


def test_a_split_table_without_the_named_label_column_is_unlabelled(tmp_path: Path) -> None:
    source = _test_without_labels(tmp_path / "src")
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out"), label_column="topic"))
    labels = _labels(tmp_path / "out")
    assert {k: v for k, v in labels.items() if k.startswith("test")} == {f"test.csv#{i}": () for i in (2, 3, 4)}
    assert labels["train.csv#2"] == ("science",) and labels["train.csv#3"] == ("sport",)


def test_a_label_column_in_no_table_is_refused_before_writing(tmp_path: Path) -> None:
    """The twin: a misspelt name would read every table unlabelled; it stops, naming the columns."""
    source = _test_without_labels(tmp_path / "src")
    with pytest.raises(UsageError, match=r"--label-column 'topik' is no column of the tables .*train.csv: \['qid', 'question', 'topic'\]"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out"), label_column="topik"))
    assert not (tmp_path / "out" / "manifest.json").exists()


def _letters(root: Path, nested: bool) -> Path:
    for k, letter in enumerate("KLMNOPQ"):
        for n in range(2):
            folder = root / "glyphs" / letter / (f"{letter.lower()}word{k % 2}" if nested else "")
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"f{n}.png").write_bytes(_image_bytes(f"r5/{letter}{n}{nested}", 8, 8, "PNG"))
    return root


def test_letter_folders_holding_the_images_are_the_classes(tmp_path: Path) -> None:
    source = _letters(tmp_path / "src", nested=False)
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    labels = _labels(tmp_path / "out")
    assert len(labels) == 14 and all(v == (k.split("/")[-2],) for k, v in labels.items())


def test_letter_folders_over_class_folders_still_stop_as_an_index(tmp_path: Path) -> None:
    source = _letters(tmp_path / "src", nested=True)
    with pytest.raises(UsageError, match="one letter .*--label-level"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
