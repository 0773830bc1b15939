"""fix27b: a label file's column of split names read as the splits (beam_jobs/discover/label_file_splits.py).

A found or given `labels.csv` of `image,label,split` stopped before writing (review26), naming --exclude and a
layout file's `split codes` evidence; a keyed table of the same columns (`annotations.csv`) was read right. The
label file's column now gives each image's split, as the keyed table's does; a blank cell or a split the sample
did not show is that image's reject. Near misses and hostile twins: a headerless table (no column named as
splits), a `split` column of 30 different values (no splits), a BOM before the header, split lists beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_SPLITS = ("train", "val", "test")


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


def _images(src: Path, count: int, folder: str = "imgs") -> None:
    for i in range(count):
        image_file(src / folder / f"{i}.jpg", f"{folder}{i}")


def _label(i: int) -> str:
    return ("cat", "dog")[i % 2]


def test_a_given_label_file_keyed_by_path_reads_its_split_column(tmp_path: Path) -> None:
    """--labels names it (beside another table); its keys are paths; a blank cell and an unknown split are rejects."""
    src = tmp_path / "src"
    _images(src, 24)
    rows = ["path,label,subset"] + [f"imgs/{i}.jpg,{_label(i)},{_SPLITS[i % 3]}" for i in range(22)]
    rows += [f"imgs/22.jpg,{_label(22)},", f"imgs/23.jpg,{_label(23)},holdout"]
    text_file(src / "meta" / "labels.csv", "\n".join(rows) + "\n")
    text_file(src / "meta" / "other.csv", "name,score\nx,1\n")
    found = _convert(src, tmp_path / "out", labels_file="meta/labels.csv")
    assert found["records"]["imgs/4.jpg"] == ("validation", frozenset({"cat"}))
    assert found["records"]["imgs/5.jpg"] == ("test", frozenset({"dog"}))
    assert found["records"]["imgs/9.jpg"] == ("train", frozenset({"dog"}))
    assert "imgs/22.jpg" not in found["records"] and "imgs/23.jpg" not in found["records"]  # (rejects, never train)
    assert len(found["records"]) == 22


def test_a_headerless_label_file_reads_no_split_column(tmp_path: Path) -> None:
    """Near miss: no header names a column, so none is read as the splits; the labels are still right."""
    src = tmp_path / "src"
    _images(src, 12)
    text_file(src / "labels.csv", "".join(f"{i}.jpg,{_label(i)}\n" for i in range(12)))
    found = _convert(src, tmp_path / "out")
    assert {key: labels for key, (_, labels) in found["records"].items()} == {
        f"imgs/{i}.jpg": frozenset({_label(i)}) for i in range(12)}


def test_a_split_column_of_thirty_values_is_no_splits(tmp_path: Path) -> None:
    """Hostile twin: a column named `split` whose 30 cells differ (fold names) holds no splits: one split, labels right."""
    src = tmp_path / "src"
    _images(src, 30)
    text_file(src / "labels.csv", "image,label,split\n" + "".join(f"{i}.jpg,{_label(i)},run{i}\n" for i in range(30)))
    found = _convert(src, tmp_path / "out")
    assert {split for split, _ in found["records"].values()} == {"train"}
    assert found["records"]["imgs/7.jpg"] == ("train", frozenset({"dog"}))
    assert len(found["records"]) == 30


def test_a_label_file_with_a_bom_reads_its_split_column(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _images(src, 30)
    rows = "".join(f"{i}.jpg,{_label(i)},{('training', 'validation', 'test')[i % 3]}\n" for i in range(30))
    (src / "labels.csv").write_bytes(("\ufeffimage,label,partition\n" + rows).encode("utf-8"))
    found = _convert(src, tmp_path / "out")
    assert found["records"]["imgs/4.jpg"] == ("validation", frozenset({"cat"}))
    assert found["records"]["imgs/3.jpg"] == ("train", frozenset({"dog"}))
    assert found["records"]["imgs/2.jpg"] == ("test", frozenset({"cat"}))


@pytest.mark.parametrize("listed", ["test.txt", "test_list.txt"])
def test_a_split_column_beside_split_lists_stops_naming_both(tmp_path: Path, listed: str) -> None:
    """Two sources of splits: the column and a list of the test images. Which is meant is the user's to say."""
    src = tmp_path / "src"
    _images(src, 30)
    text_file(src / "labels.csv", "image,label,split\n" + "".join(
        f"{i}.jpg,{_label(i)},{_SPLITS[i % 3]}\n" for i in range(30)))
    text_file(src / listed, "".join(f"{i}.jpg\n" for i in range(2, 30, 3)))
    said = refusal(src, tmp_path / "out")
    assert "labels.csv" in said and listed in said and f"--exclude {listed}" in said


def test_a_split_column_beside_split_given_stops_as_before(tmp_path: Path) -> None:
    """--split asks for a random split; the column gives splits: the stop names --exclude and the layout file."""
    src = tmp_path / "src"
    _images(src, 30)
    text_file(src / "labels.csv", "image,label,split\n" + "".join(
        f"{i}.jpg,{_label(i)},{_SPLITS[i % 3]}\n" for i in range(30)))
    said = refusal(src, tmp_path / "out", split="train=0.8,test=0.2")
    assert "'split' names splits" in said and "--exclude labels.csv" in said and "kind: split codes" in said


def test_a_glob_of_label_tables_with_a_split_column_stops_as_before(tmp_path: Path) -> None:
    """--labels 'meta/*.csv': tables read as one are not keyed for their split column here; never lost silently."""
    src = tmp_path / "src"
    _images(src, 30)
    for part in range(2):
        text_file(src / "meta" / f"part{part}.csv", "image,label,split\n" + "".join(
            f"{i}.jpg,{_label(i)},{_SPLITS[i % 3]}\n" for i in range(part, 30, 2)))
    said = refusal(src, tmp_path / "out", labels_file="meta/*.csv")
    assert "'split' names splits" in said and "--exclude" in said
