"""A label table of path columns saved with `;` (as spreadsheets save `.csv` in locales whose
decimal mark is a comma): detection's look at a table's head (`key_paths.table_rows`,
`label_file_found.given_key_column`) split a `.csv` on a tab or a comma alone, so `filename;mask`
was one column: `--key-column` was "no column" or read as a join onto tables of texts, and the
path columns' stop was never reached. The head is split as the reader splits it
(`separators.head_rows`); the comma twin must read the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen4 import Spec, aux, build, img
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.discover.key_paths import keys_name_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_TARGETS = ("glaucoma", "cataract", "myopia")


def _fundus(sep: str):
    # ODIR-5K's full_df.csv shape (two file-name columns, a patient's diagnosis), saved with `sep`
    for i in range(8):
        yield img(f"preprocessed_images/{i}_left.jpg", "train", _TARGETS[i % 3])
        yield img(f"preprocessed_images/{i}_right.jpg", "train", _TARGETS[i % 3])
    rows = [sep.join([str(i), str(50 + i), f"{i}_left.jpg", f"{i}_right.jpg", _TARGETS[i % 3]]) for i in range(8)]
    yield aux("full_df.csv", "\n".join([sep.join(["ID", "Patient Age", "Left-Fundus", "Right-Fundus", "target"]), *rows]) + "\n")


@pytest.mark.parametrize("sep", [";", ","], ids=["semicolon", "comma"])
def test_a_table_of_two_file_name_columns_converts_right_whatever_its_separator(sep: str, tmp_path: Path) -> None:
    truth = build(Spec("odir", "image", lambda: _fundus(sep), "kaggle ODIR-5K", "both eyes a record"), tmp_path / "download")
    options = {"labels_file": "full_df.csv", "key_column": "Left-Fundus,Right-Fundus", "label_column": "target"}
    assert keys_name_files(ConvertConfig(str(truth.root), str(tmp_path / "o"), **options))
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **options))
    assert_right(truth, tmp_path / "out")


def _leaves():
    # a leaf photograph and its mask PNG a row, `;`-separated (Leafsnap's shape)
    for i in range(9):
        yield img(f"images/leaf{i}.jpg", "train", ("oak", "maple", "birch")[i % 3])
        yield img(f"masks/leaf{i}.png", kind="png", record=False)
    rows = [f"images/leaf{i}.jpg;masks/leaf{i}.png;{('oak', 'maple', 'birch')[i % 3]}" for i in range(9)]
    yield aux("leaves.csv", "\n".join(["image;mask;species", *rows]) + "\n")


def test_a_semicolon_table_naming_a_photograph_and_its_mask_stops_naming_the_options_that_convert_it(tmp_path: Path) -> None:
    truth = build(Spec("leaves", "image", _leaves, "Leafsnap-like, saved with ;", "photograph and mask a row"),
                  tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert "--labels leaves.csv --key-column 'image' --label-column 'species' --exclude masks" in str(stop.value), stop.value
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file="leaves.csv", key_column="image",
                                 label_column="species", exclude=("masks",)))
    assert_right(truth, tmp_path / "out")
