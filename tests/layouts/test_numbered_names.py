"""Class numbers beside a list of names no rule reads stop, naming it and --label-names (numbered_names).

Blind round twenty-two's MJSynth (tests/helpers/blind22.py: annotation_<split>.txt's `./a/b/<n>_<Word>_<i>.jpg
<i>` beside lexicon.txt) was written with exit 0, each image labelled by its lexicon index. Here: that
case, a neighbour not in the batch (a Caffe image list's `lists/train.txt`, `lists/val.txt` of `<file>
<number>` beside `lists/wordnames.txt`), and hostile twins that must convert as before: a README-like
text of fewer lines than the numbers, a list of paths one a line, and a known `classes.txt`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind22 import DATASETS
from helpers.shipped import _image_bytes, _write
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover.numbered_names import names_for_numbers
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_NAMES = ["heron", "otter", "stoat", "wren"]


def _caffe_lists(root: Path, beside: dict[str, str]) -> Path:
    """images/<n>.jpg listed by lists/train.txt and lists/val.txt as `images/<n>.jpg <class number>`."""
    rows: dict[str, list[str]] = {"train": [], "val": []}
    for i in range(10):
        name = f"images/{i:04d}.jpg"
        _write(root / name, _image_bytes(f"cf{i}", 12, 10))
        rows["val" if i % 4 == 3 else "train"].append(f"{name} {(i * 3) % 4}")
    for split, lines in rows.items():
        _write(root / f"lists/{split}.txt", "\n".join(lines) + "\n")
    for path, text in beside.items():
        _write(root / path, text)
    return root


def _labels(out: Path) -> set[str]:
    return {label for _, labels in written_records(out)["records"].values() for label in labels or ()}


def test_mjsynth_stops_naming_its_lexicon_and_the_option(tmp_path: Path) -> None:
    truth = DATASETS["mjsynth"](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert "mnt/ramdisk/max/90kDICT32px/lexicon.txt" in str(stop.value) and "--label-names" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    names = tuple((truth.root / "mnt/ramdisk/max/90kDICT32px/lexicon.txt").read_text().split())
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_names=names))
    assert_right(truth, tmp_path / "followed")


def test_a_caffe_list_beside_a_names_file_stops_then_converts_with_it(tmp_path: Path) -> None:
    root = _caffe_lists(tmp_path / "src", {"lists/wordnames.txt": "\n".join(_NAMES) + "\n"})
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "lists/wordnames.txt" in str(stop.value) and "--label-names lists/wordnames.txt" in str(stop.value)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_names=tuple(_NAMES)))
    assert _labels(tmp_path / "followed") == set(_NAMES)


@pytest.mark.parametrize("beside, labels", [
    ({"lists/readme.txt": "Lists of the images.\nOne a line.\n"}, {"0", "1", "2", "3"}),  # fewer lines than numbers
    ({"lists/all.txt": "\n".join(f"images/{i:04d}.jpg" for i in range(10)) + "\n"}, {"0", "1", "2", "3"}),  # paths
    ({"classes.txt": "\n".join(_NAMES) + "\n"}, set(_NAMES)),  # a vocabulary detection knows: read, no stop
], ids=["readme", "paths", "known-classes"])
def test_hostile_twins_convert_as_before(tmp_path: Path, beside: dict[str, str], labels: set[str]) -> None:
    root = _caffe_lists(tmp_path / "src", beside)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == labels


def test_names_for_numbers_wants_enough_distinct_names_that_are_no_files() -> None:
    assert names_for_numbers(["a", "b", "c"], 2) == ("a", "b", "c")
    assert names_for_numbers(["a", "b"], 2) is None
    assert names_for_numbers(["a", "a", "b"], 1) is None
    assert names_for_numbers(["x/1.jpg 0", "x/2.jpg 1"], 1) is None
    assert names_for_numbers(["1041", "1042", "1043"], 2) is None  # ids one a line (read as a split list of its own)
    assert names_for_numbers(["a", "b"], 99, limit=2) == ("a", "b")  # a list longer than what was read
