"""A label table naming its inputs in one of several path columns, or in two (beam_jobs/discover/key_paths.py):
the stop names `--key-column` and `--label-column`, and with them the conversion is right.

The cases: Leafsnap (blind 17: `image_path` the photograph, `segmented_path` its mask PNG, in a tab-separated
.txt) and Derm7pt (blind 17: `clinic` and `derm`, two photographs of a case, paths under release_v0/images/,
split by `*_indexes.csv` of the table's row numbers: row_index_splits.py). The neighbour nobody named: an
ODIR-5K-like `full_df.csv` (`Left-Fundus`, `Right-Fundus` file names, a flat image folder, no split). The
hostile twins: an index file listing a row another lists too (a stop), a row no index file lists (its files
rejected, named), keys that are tails of paths under two folders (no folder guessed), a --key-column that
is no column (a stop naming the columns).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.refusals import refusal
from helpers.unseen4 import Spec, aux, build, img
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.discover.key_paths import keys_name_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.plan.layout_guess import keys_under


@pytest.fixture(scope="module")
def leafsnap(tmp_path_factory):
    return DATASETS["leafsnap"](tmp_path_factory.mktemp("leafsnap") / "download")


@pytest.fixture(scope="module")
def derm7pt(tmp_path_factory):
    return DATASETS["derm7pt"](tmp_path_factory.mktemp("derm7pt") / "download")


def test_leafsnap_stop_names_the_image_column_and_the_masks(leafsnap, tmp_path: Path) -> None:
    said = refusal(leafsnap.root, tmp_path / "out")
    assert "--labels leafsnap-dataset-images.txt --key-column 'image_path' --label-column 'species'" in said, said
    assert "--exclude dataset/segmented ('segmented_path' names a PNG of each 'image_path' file's stem" in said, said


def test_leafsnap_converts_right_with_the_options_named(leafsnap, tmp_path: Path) -> None:
    run_conversion(ConvertConfig(str(leafsnap.root), str(tmp_path / "out"), labels_file="leafsnap-dataset-images.txt",
                                 key_column="image_path", label_column="species", exclude=("dataset/segmented",)))
    assert_right(leafsnap, tmp_path / "out")


def test_derm7pt_stop_names_both_columns(derm7pt, tmp_path: Path) -> None:
    said = refusal(derm7pt.root, tmp_path / "out")
    assert "--labels release_v0/meta/meta.csv --key-column 'clinic,derm' --label-column 'diagnosis'" in said, said


def test_derm7pt_converts_right_split_by_the_index_files(derm7pt, tmp_path: Path) -> None:
    run_conversion(ConvertConfig(str(derm7pt.root), str(tmp_path / "out"), labels_file="release_v0/meta/meta.csv",
                                 key_column="clinic,derm", label_column="diagnosis"))
    assert_right(derm7pt, tmp_path / "out")  # (each photograph its case's diagnosis, in its case's split)


def _odir():
    # ODIR-5K as the Kaggle copy ships it (full_df.csv 'ID,Patient Age,Left-Fundus,Right-Fundus,target', the
    # file names '<ID>_left.jpg', 'preprocessed_images/' flat); simplified: one diagnosis a patient, words
    for i in range(8):
        target = ("glaucoma", "cataract", "myopia")[i % 3]
        yield img(f"preprocessed_images/{i}_left.jpg", "train", target)
        yield img(f"preprocessed_images/{i}_right.jpg", "train", target)
    rows = [f"{i},{50 + i},{i}_left.jpg,{i}_right.jpg,{('glaucoma', 'cataract', 'myopia')[i % 3]}" for i in range(8)]
    yield aux("full_df.csv", "\n".join(["ID,Patient Age,Left-Fundus,Right-Fundus,target", *rows]) + "\n")


def test_a_neighbour_of_two_file_name_columns_converts_right(tmp_path: Path) -> None:
    truth = build(Spec("odir", "image", _odir, "kaggle ODIR-5K", "both eyes a record"), tmp_path / "download")
    options = {"labels_file": "full_df.csv", "key_column": "Left-Fundus,Right-Fundus", "label_column": "target"}
    assert keys_name_files(ConvertConfig(str(truth.root), str(tmp_path / "o"), **options))
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **options))
    assert_right(truth, tmp_path / "out")


def test_a_row_two_index_files_list_stops(derm7pt, tmp_path: Path) -> None:
    meta = derm7pt.root / "release_v0/meta"
    before = (meta / "test_indexes.csv").read_text()
    first_train = (meta / "train_indexes.csv").read_text().split()[1]
    try:
        (meta / "test_indexes.csv").write_text(before + f"{first_train}\n")
        said = refusal(derm7pt.root, tmp_path / "out", labels_file="release_v0/meta/meta.csv", key_column="clinic,derm",
                     label_column="diagnosis")
    finally:
        (meta / "test_indexes.csv").write_text(before)
    assert f"row {first_train} of release_v0/meta/meta.csv is listed by release_v0/meta/test_indexes.csv" in said or (
        f"row {first_train} of release_v0/meta/meta.csv is listed by release_v0/meta/train_indexes.csv") in said, said


def test_a_row_no_index_file_lists_is_rejected_named(derm7pt, tmp_path: Path) -> None:
    meta = derm7pt.root / "release_v0/meta"
    before = (meta / "valid_indexes.csv").read_text()
    try:
        (meta / "valid_indexes.csv").write_text("indexes\n")  # (the validation cases listed nowhere)
        with pytest.raises(Exception, match="is in none of the split lists"):
            run_conversion(ConvertConfig(str(derm7pt.root), str(tmp_path / "out"), labels_file="release_v0/meta/meta.csv",
                                         key_column="clinic,derm", label_column="diagnosis"))
    finally:
        (meta / "valid_indexes.csv").write_text(before)


def test_the_examples_in_the_docstrings_hold() -> None:
    from shardify.beam_jobs.discover import key_paths, path_columns
    from shardify.plan import label_keys, layout_guess

    assert all(doctest.testmod(module).failed == 0 for module in (key_paths, path_columns, layout_guess, label_keys))


def test_keys_under_two_folders_name_no_folder() -> None:
    sample = ["a/NEL/x.jpg", "b/NEL/x.jpg", "a/Aal/y.jpg"]
    assert keys_under(["NEL/x.jpg", "Aal/y.jpg"], sample) == ("", 0)
    assert keys_under(["NEL/x.jpg", "Aal/y.jpg"], ["a/NEL/x.jpg", "a/Aal/y.jpg"]) == ("a", 2)


def test_a_key_column_that_is_no_column_stops_naming_the_columns(leafsnap, tmp_path: Path) -> None:
    said = refusal(leafsnap.root, tmp_path / "out", labels_file="leafsnap-dataset-images.txt",
                 key_column="image_path,mask_path", label_column="species")
    assert "is no column of" in said and "mask_path" in said and "segmented_path" in said, said
