"""Kinds behind the unseen rounds' strict xfails mended in the ninth session, each tested on a
neighbour no round names (the rounds test the datasets themselves):

- a folder named like a split holding loose files named `<class>_<n>` (under a repeated container
  or not), beside one folder named like no split holding the class folders: the two top folders
  were taken for classes, or the stop named options that cannot read the names; now the named
  folder is its split, its files labelled by the classes their names give, the other the train
  split; loose files named by no class still stop before writing.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_ANIMALS = ("red_fox", "grey_wolf", "otter")


@pytest.mark.parametrize("holdout", ["holdout_test", "testing_images/testing_images"])
def test_a_split_of_loose_files_named_by_the_classes_beside_it(tmp_path: Path, holdout: str) -> None:
    truth = {}
    for c, animal in enumerate(_ANIMALS):
        for i in range(2):
            write_file(tmp_path / f"src/wildlife/{animal}/shot{i:03d}.png", image_bytes(fmt="PNG", seed=10 * c + i))
            truth[f"wildlife/{animal}/shot{i:03d}.png"] = ("train", frozenset({animal}))
        write_file(tmp_path / f"src/{holdout}/{animal}_{7 + c}.png", image_bytes(fmt="PNG", seed=90 + c))
        truth[f"{holdout}/{animal}_{7 + c}.png"] = ("test", frozenset({animal}))
    out = convert(tmp_path / "src", tmp_path / "out", max_rejects="0")
    assert written_records(out)["records"] == truth


def test_loose_files_named_by_no_class_beside_class_folders_stop(tmp_path: Path) -> None:
    for c, animal in enumerate(_ANIMALS):
        write_file(tmp_path / f"src/wildlife/{animal}/shot000.png", image_bytes(fmt="PNG", seed=c))
        write_file(tmp_path / f"src/holdout_test/holdout_test/{c:04d}.png", image_bytes(fmt="PNG", seed=90 + c))
    with pytest.raises(UsageError, match="holdout_test"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
