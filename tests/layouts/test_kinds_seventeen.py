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
PENDING: dict[str, str] = {}


@pytest.mark.parametrize("name", recorded(SPECS, PENDING))
def test_the_first_command_is_right_or_a_stop_whose_options_convert_right(name: str, tmp_path: Path) -> None:
    judge_first_command(DATASETS, name, tmp_path, FOLLOW.get(name))


def _stop(name: str, tmp_path: Path) -> str:
    return _stop_of(DATASETS[name](tmp_path / "download"), tmp_path)


def _stop_of(truth, tmp_path: Path) -> str:
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"))
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert not (tmp_path / "out" / "manifest.json").exists()
    return message(result.stderr)


def test_xml_of_no_object_in_any_file_read_still_stops_naming_one(tmp_path: Path) -> None:
    """Negatives are read as records of no object only beside annotations that hold objects: where
    no file read holds one, the XML may be metadata, and nothing says it is detection."""
    said = _stop("voc_no_object_anywhere", tmp_path)
    assert "Annotations/img_0000.xml" in said and "<object>" in said


@pytest.mark.parametrize(("name", "channels", "table"), [
    ("hpa", "blue, green, red, yellow", "train.csv"),
    ("hpa_single_cell", "blue, green, red, yellow", "train.csv"),
    ("rxrx1", "w1, w2, w3, w4, w5, w6", None),
])
def test_samples_of_several_channel_files_stop_saying_so_and_offer_only_what_can_help(
        name: str, channels: str, table: str | None, tmp_path: Path) -> None:
    """Each channel file a record of its own (RxRx1: exit 0, six unlabelled records a site), or
    `--labels train.csv` offered for a table of sample ids that names no file (HPA): a sample of
    several files is no record shardify writes, and the stop says what it sees."""
    said = _stop(name, tmp_path)
    assert f"channels {channels}" in said and "files a sample" in said and "--exclude '*_" in said
    assert "--labels FILE" not in said and "--label-from-name" not in said
    named = said.split(" the samples by these ids", 1)[0].rsplit(";", 1)[-1] if "by these ids" in said else ""
    assert (table in named) if table else named == ""


@pytest.mark.parametrize("name", ["pokemon", "pokemon_dual"])
def test_two_label_columns_of_a_row_stop_naming_both_never_one_chosen(name: str, tmp_path: Path) -> None:
    """`Name,Type1,Type2` (Type2 often empty, or full): which is the label is the user's choice; the
    stop names both with --label-column, and where the second holds the first's values, says so."""
    truth = DATASETS[name](tmp_path / "download")
    said = _stop_of(truth, tmp_path)
    assert "'Type1', 'Type2'" in said and "--label-column" in said
    assert ("a second label of the row" in said) == (name == "pokemon")


def test_one_table_of_bare_names_found_in_two_split_folders_stops_naming_a_shared_name(tmp_path: Path) -> None:
    """`labels.csv` of `Image_1.jpg` beside `train/` and `test/`, each numbered from 1, and no table
    named for a split: which folder's file a row labels is the user's to say (before: exit 1, every
    image rejected). The stop names a shared name's files and the --exclude that keeps one folder."""
    said = _stop("one_table_both_folders", tmp_path)
    assert "test/Image_1.jpg, train/Image_1.jpg" in said and "--exclude 'test/**'" in said


def test_a_folder_a_sample_of_band_files_stops_the_same(tmp_path: Path) -> None:
    """BigEarthNet-S2's `<patch>/<patch>_B02.tif` .. `_B12.tif`: one sample a folder, judged with its
    sibling folders; each band written as a record of its own otherwise."""
    import numpy as np
    from PIL import Image

    root = tmp_path / "BigEarthNet-S2"
    for k in range(3):
        patch = root / f"S2A_MSIL2A_20170613T101031_{k}_{k + 40}"
        patch.mkdir(parents=True)
        for band in ("B02", "B03", "B04", "B8A"):
            Image.fromarray(np.full((8, 8), k * 40, np.uint8)).save(patch / f"{patch.name}_{band}.tif")
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 2 and not (tmp_path / "out" / "manifest.json").exists()
    said = message(result.stderr)
    assert "(a folder a sample)" in said and "channels B02, B03, B04, B8A" in said and "--labels FILE" not in said
