"""Review of this morning's merges (stops20, perf34g, review20): each test here failed before its mend."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shipped import _image_bytes
from helpers.sources import write_file
from shardify.plan import beam_globs, split_worded_classes


@pytest.mark.parametrize("names", [
    ("train_v1", "test_v1", "train_v2", "test_v2"),
    ("train_ver1", "val_ver1", "train_ver2", "val_ver2"),
    ("train_v1.1", "test_v1.1", "train_v2.0", "test_v2.0"),
])
def test_versions_beside_split_words_are_no_classes(names: tuple[str, ...]) -> None:
    assert split_worded_classes.split_classes(names) is None


@pytest.mark.parametrize("names", [("train_v1", "train_v2"), ("training_2019", "training_2020"), ("test_rev2", "test_rev3")])
def test_versions_of_one_split_are_no_classes(names: tuple[str, ...]) -> None:
    assert split_worded_classes.one_split_classes(names) is None


def test_classes_beside_split_words_still_read() -> None:
    assert split_worded_classes.split_classes(["train_cats", "test_cats", "train_dogs", "test_dogs"])["test_dogs"] == ("test", "dogs")
    assert split_worded_classes.one_split_classes(["training_fake", "training_real"]) == "train"


def test_two_releases_of_a_split_and_class_download_are_no_classes(tmp_path: Path) -> None:
    """`train_v1/`, `test_v1/`, `train_v2/`, `test_v2/`: two releases of one download, read as the
    classes `v1` and `v2` of splits train and test, exit 0. The run stops before writing."""
    src, out = tmp_path / "src", tmp_path / "out"
    for folder in ("train_v1", "test_v1", "train_v2", "test_v2"):
        for i in range(6):
            write_file(src / f"{folder}/im{i}.jpg", _image_bytes(f"{folder}{i}"))
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode != 0, result.stdout
    assert not (out / "manifest.json").exists()
    assert "--label-level" in result.stderr, result.stderr


def test_a_class_spelled_in_two_cases_across_split_words_is_two_classes() -> None:
    """`train_Cats/` beside `test_cats/`: the classes were matched ignoring case (so each lay under
    two split words, no doubt) but written as each folder spells them: train held `Cats`, test
    `cats`, four classes where two were meant, exit 0. Each spelling is its own class, so each lies
    under one split word and the run stops (as `train/Cats/` beside `test/cats/` does)."""
    read = split_worded_classes.split_classes(["train_Cats", "test_cats", "train_Dogs", "test_dogs"])
    assert read is not None
    assert split_worded_classes.uneven_classes(read) == ["test_cats", "test_dogs", "train_Cats", "train_Dogs"]


def test_a_class_spelled_in_two_cases_across_split_words_stops(tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    for folder in ("train_Cats", "test_cats", "train_Dogs", "test_dogs"):
        for i in range(6):
            write_file(src / f"{folder}/im{i}.jpg", _image_bytes(f"{folder}{i}"))
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode != 0, result.stdout
    assert not (out / "manifest.json").exists()
    assert "train_Cats/" in result.stderr and "class_names" in result.stderr, result.stderr


def test_a_long_run_of_stars_after_many_single_characters_is_matched_in_one_pass() -> None:
    """`?` x 2000 then `*` x 2000: each of the 2000 live states walked the whole run of stars at
    every character (`_closure`), 2000 x 2000 steps a character, hours for one 3000-character name
    (the module promises len(pattern) x len(path)). pytest-timeout ends the old reading."""
    pattern = "?" * 2000 + "*" * 2000 + "b"
    assert not beam_globs.beam_glob_match(pattern, "a" * 3000)
    assert beam_globs.beam_glob_match(pattern, "a" * 2999 + "b")
    assert beam_globs.beam_glob_match("a*/*b", "ax/yb") and not beam_globs.beam_glob_match("a*/*b", "ax/y/b")
    assert beam_globs.beam_glob_match("a*/" + "*" * 50 + "b", "ax/y/b")  # (`**` among them: any run, `/` too)
