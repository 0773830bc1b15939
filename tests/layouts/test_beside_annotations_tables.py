"""A box table in each class folder naming that folder's images (beam_jobs/discover/folder_tables.py,
`box_formats.FOLDER_TABLES`): every box an object of the folder's class, with the first command.

The kind: UEC FOOD 256 (blind round fourteen: `<id>/bb_info.txt`, an image in two folders two
records) and UEC FOOD 100 (the same layout, its own ids). The twin: the same tables without their
header, four numbers a row that may be corners or a corner and a size: the stop on annotated
folders stands. Miniatures in tests/helpers/beside_annotations.py.
"""

from __future__ import annotations

import pytest

from helpers import beside_annotations, blind14
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError


@pytest.mark.parametrize(("builders", "name"), [(blind14.DATASETS, "uec_food256"), (beside_annotations.DATASETS, "uec_food100")])
def test_a_box_table_per_class_folder_converts_as_objects_of_the_folder(builders, name, tmp_path):
    judge_first_command(builders, name, tmp_path, None)


def test_headerless_tables_of_four_numbers_still_stop(tmp_path):
    truth = beside_annotations.DATASETS["headerless_tables"](tmp_path / "download")
    with pytest.raises(UsageError, match="bb_info.txt"):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
