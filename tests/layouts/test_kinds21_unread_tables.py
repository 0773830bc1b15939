"""Blind round twenty-one's three wrong exit 0, mended by kind (tests/helpers/blind21.py, tests/helpers/kinds21.py).

Each was written with exit 0 and every label wrong at e605e28: Hotel-ID 2021 (the chain folders read as the
classes beside train.csv's finer hotel_id), the Great Barrier Reef (video folders read as the classes beside
train.csv's column of box literals), RANZCR CLiP (PatientID, the one column of words, read as the label beside
eleven 0/1 line classes); and, under the option its stop needed, LLM - Detect AI Generated Text (prompt_id
and generated, both 0/1, written as a multi-label). Now each stops before writing naming the file and the column
(`shardify/plan/unread_table_signs.py`, `keyed_tables._FLAG_COLUMNS`), and `--labels FILE --label-column C`
reads a table the user names over class folders (`beam_jobs/discover/label_tables.with_label_table`); a 0/1
column named as an id is no class (`converters/one_hot._named_as_id`), and a side table whose texts stop the
run is offered to --exclude (`beam_jobs/discover/text_columns`). iWildCam 2020's exit 1 (COCO Camera Traps JSONs,
each annotation an image's category and no box, read as objects: every image rejected) is a stop before writing
(`describe._refuse_image_categories`).
Neighbours not in the batch stop as their case does; hostile twins, alike but for the sign, convert right.
"""

from __future__ import annotations

import doctest

import pytest

from helpers import blind21, kinds21
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.discover import coco_like
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import unread_table_signs

# (builders, name, what the stop must say)
STOPS = [
    # (reef: right since readers22, tests/layouts/test_literal_box_columns.py; the cameras' frames named `1` for
    # `0001.png` fit no key the rows show, and still stop)
    (kinds21.DATASETS, "camera_boxes", ("frames.csv", "'objects' lists boxes or polygons", "--layout-file")),
    (kinds21.DATASETS, "camera_polygons", ("frames.csv", "'shape' lists boxes or polygons", "--layout-file")),
    (blind21.DATASETS, "ranzcr", ("train.csv", "'PatientID'", "11 columns of 0/1", "--keep-columns PatientID")),
    (kinds21.DATASETS, "finding_flags", ("train.csv", "'hospital'", "4 columns of 0/1", "--keep-columns hospital")),
]


@pytest.mark.parametrize(("builders", "name", "said"), STOPS, ids=[s[1] for s in STOPS])
def test_boxes_in_a_column_and_0_1_columns_beside_one_of_words_stop_before_writing(builders, name, said, tmp_path):
    truth = builders[name](tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert all(s in str(refused.value) for s in said), str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


# A column finer than the folders: the stop names it, and --labels FILE --label-column C converts right.
FINER = [(blind21.DATASETS, "hotel_id", blind21.FOLLOW["hotel_id"]),
         (kinds21.DATASETS, "oak_species", kinds21.FOLLOW["oak_species"])]


@pytest.mark.parametrize(("builders", "name", "follow"), FINER, ids=[f[1] for f in FINER])
def test_a_table_column_finer_than_the_folders_stops_naming_it_and_following_is_right(builders, name, follow, tmp_path):
    judge_first_command(builders, name, tmp_path, follow)


def test_the_stop_about_coarse_folders_offers_no_column_of_those_folders(tmp_path):
    # (late21b: Hotel-ID's stop also offered `--label-column 'chain'`, the column of the chain folders it finds too
    # coarse, as the table's label column; now each clause names hotel_id)
    truth = blind21.DATASETS["hotel_id"](tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    said = str(refused.value)
    assert "--label-column 'hotel_id'" in said and "--label-column hotel_id" in said, said
    assert "chain" not in said, said


def test_a_0_1_column_named_as_an_id_is_no_class_of_a_multi_label(tmp_path):
    # (LLM - Detect's prompt_id beside generated, written as a multi-label of both: the batch's case, in
    # test_blind_round_twenty_one, converts right with the --exclude its stop names; here a neighbour)
    judge_first_command(kinds21.DATASETS, "essay_topics", tmp_path, kinds21.FOLLOW["essay_topics"])


# Twins: a column spanning the folders, a list column of positions, one 0/1 flag beside the class, two 0/1 classes.
TWINS = ["oak_photographer", "camera_positions", "species_flag", "essay_classes", "trap_boxes"]


@pytest.mark.parametrize("name", TWINS)
def test_hostile_twins_without_the_sign_convert_right(name, tmp_path):
    judge_first_command(kinds21.DATASETS, name, tmp_path, None)


def test_the_signs_doctests():
    assert doctest.testmod(unread_table_signs).failed == 0 and doctest.testmod(coco_like).failed == 0
