"""Pascal VOC annotations beside the images they annotate, in folders that group the images
(beam_jobs/discover/voc_beside.py): read as objects with the first command, whatever the folders.

The kind: LogoDet-3K (blind round fourteen: `<category>/<brand>/<n>.jpg` + `<n>.xml`), a one-level
brand-folder layout of logo loaders and Kaggle's fruit detection download (split folders). The twins
that must not: ImageNet-style XMLs naming their own synset folder (the folders are the classes),
and PKLot's non-VOC `<parking>` XML beside each image (a stop naming the XML and --label-level 0).
Miniatures in tests/helpers/beside_annotations.py.
"""

from __future__ import annotations

import pytest

from helpers import beside_annotations, blind14
from helpers.sources import sample_smaller_than_the_source
from helpers.unseen_judge import assert_first_command, assert_right, judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError


@pytest.mark.parametrize("name", ["brand_folders", "fruit_detection", "synset_folders"])
def test_voc_beside_images_converts_right_with_the_first_command(name, tmp_path):
    judge_first_command(beside_annotations.DATASETS, name, tmp_path, None)


def test_logodet3k_nested_category_and_brand_folders_convert_as_objects(tmp_path):
    judge_first_command(blind14.DATASETS, "logodet3k", tmp_path, None)


def test_non_voc_xml_beside_each_image_stops_naming_it_and_label_level_0_converts(tmp_path):
    truth = beside_annotations.DATASETS["pklot"](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert "<parking>" in str(stop.value) and ".xml" in str(stop.value)
    assert_first_command(truth, tmp_path / "again", {"label_level": 0}, lambda out: assert_right(truth, out))


def test_every_xml_of_the_tree_is_read_not_only_the_sampled_folders(tmp_path, monkeypatch):
    sample_smaller_than_the_source(monkeypatch, 20)
    truth = beside_annotations.many_brands(tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
