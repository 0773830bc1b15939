"""Splits named by a prefix of every input's file name, in one folder (GlaS's `train_1.bmp`,
`testA_1.bmp`, `testB_1.bmp`, each beside its `<stem>_anno.bmp` mask, Grade.csv beside: blind16's
glas, written as one split). Every input having a split prefix, and two splits or more named, each
prefix is a split pattern; one input without, or one split alone, changes nothing. Neighbours of the
kind (FROM MEMORY, flattened exports of this shape): `train-0001.png` / `val-0001.png` with
hyphens, and `Training_*.png` / `Test_*.png` with masks in their own folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind16 import DATASETS
from helpers.cli_runs import run_shardify
from helpers.sources import sample_smaller_than_the_source
from helpers.unseen_judge import assert_right, written_records


def _png(path: Path, shade: int) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (16, 12), (shade % 256, 60, 90)).save(path)


def test_glas_with_the_option_its_stop_names(tmp_path: Path) -> None:
    truth = DATASETS["glas"](tmp_path / "download")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"))
    assert result.returncode == 2 and "--label-level 0" in result.stderr, result.stderr
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize("names", [
    {"train-0001.png": "train", "train-0002.png": "train", "val-0001.png": "validation", "val-0002.png": "validation"},
    {"Training_01.png": "train", "Training_02.png": "train", "Training_03.png": "train", "Test_01.png": "test"},
])
def test_every_input_a_split_prefix(names: dict[str, str], tmp_path: Path) -> None:
    for k, name in enumerate(names):
        _png(tmp_path / "src" / "images" / name, 30 * k)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert written_records(tmp_path / "out")["records"] == {f"images/{n}": (s, None) for n, s in names.items()}


def test_one_input_without_a_split_prefix_changes_nothing(tmp_path: Path) -> None:
    names = ["train_1.png", "train_2.png", "test_1.png", "extra_1.png"]
    for k, name in enumerate(names):
        _png(tmp_path / "src" / "images" / name, 30 * k)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert {s for s, _ in written_records(tmp_path / "out")["records"].values()} == {"train"}


# Sources larger than detection's sample, whose sorted first files show one prefix only (the sample
# made 6 files here): `test_` before `train_`, `Test_` before `Training_`, `train-` before `val-`. Read
# from the sample, every file was written as train with exit 0; read from every listed name, each
# file gets its prefix's split.
@pytest.mark.parametrize("prefixes", [
    {"test_": "test", "train_": "train"},
    {"Test_": "test", "Training_": "train"},
    {"train-": "train", "val-": "validation"},
])
def test_prefixes_read_from_every_listed_name(prefixes: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sample_smaller_than_the_source(monkeypatch, 6)
    first, second = prefixes
    names = {f"{first}{k:02d}.png": prefixes[first] for k in range(8)} | {f"{second}{k:02d}.png": prefixes[second] for k in range(2)}
    for k, name in enumerate(names):
        _png(tmp_path / "src" / "images" / name, 30 * k)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert written_records(tmp_path / "out")["records"] == {f"images/{n}": (s, None) for n, s in names.items()}


def test_a_listed_name_without_a_split_prefix_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Detection sees 6 of 9 files: the unseen `zzz_1.png` has no split prefix where the others name
    two splits; it had been left out as no input with exit 0. The listing shows it: the run stops
    naming it and the options that decide."""
    sample_smaller_than_the_source(monkeypatch, 6)
    names = [f"{p}_{k}.png" for p in ("test", "train") for k in range(1, 5)] + ["zzz_1.png"]
    for k, name in enumerate(names):
        _png(tmp_path / "src" / name, 30 * k)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 2, result.stderr
    assert "zzz_1.png" in result.stderr and "test, train" in result.stderr, result.stderr
    assert "--split NAME" in result.stderr and "--layout-file" in result.stderr, result.stderr
