"""Useless stops turned into good stops or right conversions, by kind (readers31b).

- class folders whose names join two crossing words (the Apparel images dataset's `black_dress`,
  `blue_dress`, `black_pants`: a colour and a garment each image, multi-label; blind32): the stop names
  `--label-separator '_'`, which now splits a class folder's name into its labels
  (beam_jobs/discover/class_folders.py, shardify/plan/crossed_names.py). A neighbour: the same kind
  under a wrapper folder and joined by `-`; hostile twins: names joined by both `_` and `-` (no one
  separator) name a labels file; a family crossing at one word converts as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind32
from helpers.made_files import image_file
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def _labels(out: Path) -> dict:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


def _folders(root: Path, names: list[str], each: int = 2) -> None:
    for f, name in enumerate(names):
        for i in range(each):
            image_file(root / name / f"{f:02d}{i}.jpg", f"r31b{name}{i}")


# ---- class folders naming two labels each ------------------------------------------------------------------

def test_the_apparel_case_stops_naming_the_separator_that_converts_it_right(tmp_path: Path) -> None:
    truth = blind32.DATASETS["apparel"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "--label-separator '_'" in message and "--label-level 1" in message
    follow = blind32.FOLLOW["apparel"]
    assert all(names_option(message, key) for key in follow)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbours_wrapped_hyphen_joined_folders_split_by_the_separator_the_stop_names(tmp_path: Path) -> None:
    # A copy of the same kind of download as a course notebook unpacks it (ksm463/Sesac
    # pythonDir/06_deeplearning/06_clothes.md: "./clothes_dataset/brown_shoes/29c9...jpg"), here joined by '-'
    names = [f"{c}-{g}" for c in ("brown", "green", "red") for g in ("shoes", "shorts", "dress")]
    _folders(tmp_path / "src" / "clothes_dataset", names)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-separator '-'" in message and "brown-dress/" in message
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_separator="-"))
    labels = _labels(tmp_path / "followed")
    assert labels["clothes_dataset/green-shorts/040.jpg"] == frozenset({"green", "shorts"})
    assert len(labels) == 18 and all(len(found) == 2 for found in labels.values())


def test_names_joined_by_both_characters_name_a_labels_file_not_one_separator(tmp_path: Path) -> None:
    names = ["black_dress", "black-pants", "blue_dress", "blue-pants", "red_dress", "red-pants"]
    _folders(tmp_path / "src", names)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--labels FILE" in message and "--label-separator '_'" not in message and "--label-separator '-'" not in message


def test_the_separator_none_keeps_each_name_one_class_and_so_still_stops(tmp_path: Path) -> None:
    _folders(tmp_path / "src", [f"{c}_{g}" for c in ("black", "blue") for g in ("dress", "pants")])
    assert "--label-separator '_'" in refusal(tmp_path / "src", tmp_path / "out", label_separator="none")


@pytest.mark.parametrize("separator", ["", "_"])
def test_a_family_crossing_at_one_word_is_one_class_a_folder_unless_the_user_splits_it(separator: str, tmp_path: Path) -> None:
    _folders(tmp_path / "leaves", ["apple_scab", "apple_healthy", "grape_rot", "grape_healthy"])
    run_conversion(ConvertConfig(str(tmp_path / "leaves"), str(tmp_path / "out"), label_separator=separator))
    want = frozenset({"grape", "rot"}) if separator else frozenset({"grape_rot"})
    assert _labels(tmp_path / "out")["grape_rot/020.jpg"] == want
