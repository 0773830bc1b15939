"""Round seventeen's kinds of useless stop (issue 30): each kind on its case, two documented neighbours
and an ambiguous twin that must still stop (tests/helpers/kinds17.py builds them).

The first command, `shardify convert SRC OUT`, is right, or stops (exit 2) naming the options of the
dataset's FOLLOW, with which it is then right; a twin stops, naming what it sees and no option that
cannot help.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.kinds17 import DATASETS, FOLLOW, SPECS
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does where it is not yet right (strict xfails: a mend shows as a pass).
PENDING = {
    "pokemon": "STOPS: 'the labels may be in pokemon.csv', offering --labels FILE, not --label-column",
    "butterfly75": "STOPS: 'the labels may be in Testing_set.csv, Training_set.csv', offering --labels FILE",
    "human_action": "EXIT 1: Training_set.csv's 'Image_1.jpg' names train/ and test/ files, rejected",
    "train_test_csv": "EXIT 1 or a stop naming --labels: the bare names name train/ and test/ files",
}


@pytest.mark.parametrize("name", recorded(SPECS, PENDING))
def test_the_first_command_is_right_or_a_stop_whose_options_convert_right(name: str, tmp_path: Path) -> None:
    judge_first_command(DATASETS, name, tmp_path, FOLLOW.get(name))


def _stop(name: str, tmp_path: Path) -> str:
    truth = DATASETS[name](tmp_path / "download")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"))
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert not (tmp_path / "out" / "manifest.json").exists()
    return message(result.stderr)


def test_xml_of_no_object_in_any_file_read_still_stops_naming_one(tmp_path: Path) -> None:
    """Negatives are read as records of no object only beside annotations that hold objects: where
    no file read holds one, the XML may be metadata, and nothing says it is detection."""
    said = _stop("voc_no_object_anywhere", tmp_path)
    assert "Annotations/img_0000.xml" in said and "<object>" in said
