"""Hostile input, seventeenth round: split lists that label, `<file> <class number>` (Caffe's image lists,
read since round fifteen) and `<file> <word>` (word_lists, round sixteen), one row of which is hostile.

A class number of `-3`, `2.5`, 10^30, a word, a full-width digit, among the rows detection reads or
past them (the `<file> <word>` lists' hostile words are test_hostile_seventeen_cells.py's). Each
image ends in one record labelled by its row, or one reject naming its row; or the run
stops naming the lists. Never every image written unlabelled, never a class that is no row's number.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file


def _lists(root: Path, n: int, bad_at: int, bad: str, numbers: bool = True) -> tuple[list[str], list[str]]:
    names = [f"images/{k:03d}.jpg" for k in range(n)]
    data = image_bytes(seed=1)
    for name in names:
        write_file(root / name, data)
    labels = [str(k % 3) if numbers else ("cat", "dog")[k % 2] for k in range(n)]
    labels[bad_at] = bad
    cut = n - 3
    write_file(root / "train.txt", "".join(f"{a} {b}\n" for a, b in zip(names[:cut], labels)))
    write_file(root / "val.txt", "".join(f"{a} {b}\n" for a, b in zip(names[cut:], labels[cut:])))
    return names, labels


def _judge(tmp_path: Path, names: list[str], labels: list[str], bad_at: int) -> None:
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.txt")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(names) == set(written) | set(rejected), sorted(set(names) ^ (set(written) | set(rejected)))
    assert set(rejected) <= {names[bad_at]}, rejected
    for k, name in enumerate(names):
        if k != bad_at:
            assert written[name][1] == (labels[k],), (name, written[name])
    assert names[bad_at] not in written, ("written as a class of its own", written[names[bad_at]])
    if names[bad_at] in rejected:
        assert f"row {bad_at + 1} of train.txt" in rejected[names[bad_at]], rejected


_NUMBERS = {"minus three": "-3", "a fraction": "2.5", "thirty digits": "1" + "0" * 30, "a word": "cat", "full width": "\uff12"}


@pytest.mark.parametrize("bad", list(_NUMBERS.values()), ids=list(_NUMBERS))
def test_a_hostile_class_number_among_the_first_rows(tmp_path: Path, bad: str) -> None:
    names, labels = _lists(tmp_path / "src", 16, 4, bad)
    _judge(tmp_path, names, labels, 4)


@pytest.mark.parametrize("bad", ["-3", "cat"], ids=["minus three", "a word"])
def test_a_hostile_class_number_past_the_rows_detection_reads(tmp_path: Path, bad: str) -> None:
    names, labels = _lists(tmp_path / "src", 100, 95, bad)  # (past the rows detection reads)
    _judge(tmp_path, names, labels, 95)


def test_many_hostile_numbers_are_no_class_list(tmp_path: Path) -> None:
    names, labels = _lists(tmp_path / "src", 16, 4, "-3")
    for k in (1, 2, 6):
        labels[k] = "-1"
    write_file(tmp_path / "src" / "train.txt", "".join(f"{a} {b}\n" for a, b in zip(names[:13], labels)))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    assert not any(label.startswith("-") for got in written.values() for label in got[1]), written
