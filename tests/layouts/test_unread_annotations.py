"""Annotation files no reader took, beside inputs labelled by a guess (beam_jobs/discover/
unread_annotation_checks.py, shardify/plan/unread_annotations.py): stop before writing, naming them.

The kind: blind round seventeen's Bosch Small Traffic Lights (a YAML list per split naming each image),
Leafsnap (a table of species naming every photograph), Webis Clickbait 17 (JSON lines naming a folder of
pictures) and the newcomer trial's Jester and PadChest (`id;label` tables naming each clip folder; a table
of findings naming images in numbered part folders), each written with exit 0 before. Neighbours from
documented layouts (tests/helpers/unread_annotation_kinds.py): Charades' frames (Jester's and Something-Something
v1's `id;label` lists are read since, `shardify.plan.folder_label_lists`)
(LISA Traffic Signs stopped too; its AAU box table is read since blind round twenty, and Bosch's YAML boxes since kinds20); twins that must not stop (a one-to-one synset map, a table restating the class
folders) and one that must (names carrying a breed, XMLs naming species). The reader: NEU-DET's per-image
VOC XMLs in ANNOTATIONS/ beside IMAGES/, objects named as the images' names say, converted right.
"""

from __future__ import annotations

import pytest

from helpers import blind13, blind14, blind17, newcomer_seventeen, unread_annotation_kinds
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

STOPS = [
    (blind17.DATASETS, "leafsnap", "leafsnap-dataset-images.txt"),
    (blind17.DATASETS, "webis_clickbait17", "instances.jsonl"),
    (unread_annotation_kinds.DATASETS, "charades_frames", "Charades_v1_train.csv"),
    (unread_annotation_kinds.DATASETS, "pets_xml_twin", "annotations/xmls/"),
]


@pytest.mark.parametrize(("builders", "name", "named"), STOPS, ids=[s[1] for s in STOPS])
def test_unread_annotations_naming_the_inputs_stop_before_writing(builders, name, named, tmp_path):
    truth = builders[name](tmp_path / "download")
    with pytest.raises(UsageError, match="files that no reader took name the inputs") as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert named in str(refused.value)
    assert "--layout-file" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_table_naming_images_in_numbered_parts_stops_naming_labels_which_converts_it(tmp_path):
    judge_first_command(newcomer_seventeen.DATASETS, "padchest", tmp_path, newcomer_seventeen.FOLLOW["padchest"])


AGREE = [(unread_annotation_kinds.DATASETS, "synset_map"), (unread_annotation_kinds.DATASETS, "restated_table"),
         (blind13.DATASETS, "tu_berlin"),  # (TU-Berlin's filelist.txt: `alarm clock/3.png`, a name with a space)
         (blind14.DATASETS, "birdsnap")]  # (images.txt names each image under its species folder, species by number)
# `id;label` split lists naming the clip folders: read since lead25 (shardify/plan/folder_label_lists.py), no stop
READ = [(newcomer_seventeen.DATASETS, "jester"), (unread_annotation_kinds.DATASETS, "something_v1")]


@pytest.mark.parametrize(("builders", "name"), AGREE, ids=[a[1] for a in AGREE])
def test_files_that_agree_with_the_class_folders_do_not_stop(builders, name, tmp_path):
    judge_first_command(builders, name, tmp_path, None)


@pytest.mark.parametrize(("builders", "name"), READ, ids=[a[1] for a in READ])
def test_split_lists_labelling_the_clip_folders_are_read(builders, name, tmp_path):
    judge_first_command(builders, name, tmp_path, None)


def test_per_image_voc_xmls_whose_objects_the_names_agree_with_are_read(tmp_path):
    judge_first_command(blind17.DATASETS, "neu_det", tmp_path, None)


def test_the_aau_tools_box_table_is_read_as_boxes(tmp_path):
    # (it stopped here as an unread annotation; its header is a row of box_format_rows.FORMATS now)
    judge_first_command(unread_annotation_kinds.DATASETS, "lisa_signs", tmp_path, None)


def test_bosch_yaml_boxes_are_read_as_objects(tmp_path):
    # (it stopped here as an unread annotation naming train.yaml; a YAML box document is a row of box_format_rows now)
    judge_first_command(blind17.DATASETS, "bosch_lights", tmp_path, None)


def test_the_user_choosing_the_labels_is_no_guess(tmp_path):
    truth = unread_annotation_kinds.DATASETS["lisa_signs"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), label_level=1))
    assert (tmp_path / "out" / "manifest.json").exists()
