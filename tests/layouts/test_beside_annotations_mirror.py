"""A tree of per-image box files mirroring the image tree, and `<class>,<file>` split lists
(beam_jobs/discover/box_tables.py's mirror roots, the 'x y width height' row of
`box_formats.FORMATS`, shardify/plan/class_file_lists.py, shardify/plan/box_file_names.py).

FlickrLogos-32 (blind round fourteen: `classes/masks/<class>/<image>.jpg.bboxes.txt` for
`classes/jpg/<class>/<image>.jpg`, masks beside, a no-logo folder without objects, lists
`<class>,<file>`) converts right with the first command; the lists alone over plain class folders
give the splits, the folders the classes. The twin, the same box files without the header line
that says what their four numbers are, stops naming them. Miniatures in
tests/helpers/beside_annotations.py.
"""

from __future__ import annotations

import pytest

from helpers import beside_annotations, blind14
from helpers.sources import sample_smaller_than_the_source
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError


@pytest.mark.parametrize(("builders", "name"), [(blind14.DATASETS, "flickrlogos32"), (beside_annotations.DATASETS, "class_file_lists")])
def test_mirror_tree_boxes_and_class_file_lists_convert_right(builders, name, tmp_path):
    judge_first_command(builders, name, tmp_path, None)


def test_a_mirror_tree_of_headerless_four_number_files_stops_naming_them(tmp_path):
    truth = beside_annotations.DATASETS["headerless_mirror"](tmp_path / "download")
    with pytest.raises(UsageError, match=r"classes/masks/\w+/\d+\.jpg\.bboxes\.txt"):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_every_folder_of_the_mirror_tree_is_read_not_only_the_sampled_ones(tmp_path, monkeypatch):
    from helpers.unseen_judge import assert_right
    sample_smaller_than_the_source(monkeypatch, 40)  # (of 64 files: a few box files, not every folder's)
    truth = beside_annotations.many_mirrored(tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
