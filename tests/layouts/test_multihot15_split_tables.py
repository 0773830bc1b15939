"""A multi-hot (or one-hot) label table per split, in another folder than the split folders of the images.

The kind (`shardify.plan.split_multi_hot`): RFMiD's `2. Groundtruths/a. RFMiD_Training_Labels.csv`
(`ID,Disease_Risk,DR,ARMD,...`, ids `1`, `2`, ... repeated in every split) beside `1. Original
Images/a. Training Set/<ID>.png`, stopped before ("no class folders ..."; `--labels` then found "no
label column"). Each table now labels only its own split folder's files; a column that is the OR of
the others (`Disease_Risk`) is a summary, no class. Neighbours of the kind, from their documented
layouts: ISIC 2018 Task 3 (a ground-truth folder per split, one-hot `1.0`/`0.0`), a table per split
with a class for "normal" (MuReD's columns) and no summary. Twins that must stop: a table whose ids
name no file of its split's folder (or another split's files), two columns that could each be the
summary. Not of the kind and never wrong with exit 0: CheXpert's tables (0/1/-1/blank beside
metadata columns), ODIR-5K's one table of per-patient N,D,G,... columns over per-eye images.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.blind14 import DATASETS, _RFMID
from helpers.unseen4 import Put, Spec, aux, build, img
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_ISIC = ["MEL", "NV", "BCC", "AKIEC", "BKL", "DF", "VASC"]


def _isic2018() -> Iterator[Put]:
    # challenge.isic-archive.com/data/#2018 (Task 3): ISIC2018_Task3_<Split>_Input/ISIC_<7 digits>.jpg
    # (with ATTRIBUTION.txt, LICENSE.txt) and ISIC2018_Task3_<Split>_GroundTruth/ISIC2018_Task3_<Split>_GroundTruth.csv
    # of `image,MEL,NV,BCC,AKIEC,BKL,DF,VASC`, one 1.0 a row; ids unique across splits
    for split, name, start, n in (("train", "Training", 24306, 7), ("validation", "Validation", 34321, 3),
                                  ("test", "Test", 34524, 3)):
        lines = ["image," + ",".join(_ISIC)]
        for i in range(n):
            stem, cls = f"ISIC_{start + i:07d}", _ISIC[(i * 3 + start) % 7]
            yield img(f"ISIC2018_Task3_{name}_Input/{stem}.jpg", split, cls)
            lines.append(stem + "," + ",".join("1.0" if c == cls else "0.0" for c in _ISIC))
        yield aux(f"ISIC2018_Task3_{name}_Input/LICENSE.txt", "CC-BY-NC 4.0\n")
        yield aux(f"ISIC2018_Task3_{name}_GroundTruth/ISIC2018_Task3_{name}_GroundTruth.csv", "\n".join(lines) + "\n")


_MURED = ["DR", "NORMAL", "MH", "ODC", "TSLN", "ARMD", "DN", "MYA"]


def _normal_class() -> Iterator[Put]:
    # MuReD's columns (github.com/manuelrodr/MuReD: `ID,DR,NORMAL,MH,ODC,...`, NORMAL a class of its own,
    # every row one 1 or more), laid out as RFMiD is: a folder per split, a table per split beside them
    for split, folder, n in (("train", "Training_Set", 5), ("validation", "Validation_Set", 3), ("test", "Test_Set", 3)):
        lines = ["ID," + ",".join(_MURED)]
        for i in range(1, n + 1):
            classes = {"NORMAL"} if i % 3 == 0 else {_MURED[(i * 2) % 8], _MURED[(i * 5) % 8]} - {"NORMAL"} or {"DR"}
            yield img(f"Images/{folder}/{i}.png", split, classes, kind="png")
            lines.append(str(i) + "," + ",".join("1" if c in classes else "0" for c in _MURED))
        yield aux(f"Groundtruths/{folder}_Labels.csv", "\n".join(lines) + "\n")


def _rfmid_like(ids: dict[str, list[int]], only_dr: bool = False) -> Iterator[Put]:
    """RFMiD's layout with the ids of each split's table given (`ids`), and its images 1..n."""
    sets = (("a. Training Set", "a. RFMiD_Training_Labels.csv", "train", 6),
            ("b. Validation Set", "b. RFMiD_Validation_Labels.csv", "validation", 3),
            ("c. Testing Set", "c. RFMiD_Testing_Labels.csv", "test", 3))
    for folder, table, split, n in sets:
        for i in range(1, n + 1):
            yield img(f"1. Original Images/{folder}/{i}.png", split, None, kind="png")
        lines = ["ID,Disease_Risk," + ",".join(_RFMID)]
        for i in ids.get(split, range(1, n + 1)):
            sick = i % 2 == 1
            cells = ["1" if sick and d == ("DR" if only_dr else _RFMID[i % 45]) else "0" for d in _RFMID]
            lines.append(",".join([str(i), str(int(sick))] + cells))
        yield aux(f"2. Groundtruths/{table}", "\n".join(lines) + "\n")


def _converted(spec: Spec, tmp_path: Path):
    truth = build(spec, tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    return truth


def test_rfmid_each_table_labels_its_own_split_folder_and_the_summary_is_no_class(tmp_path: Path) -> None:
    truth = DATASETS["rfmid"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")  # (Disease_Risk among a record's labels would fail it)


@pytest.mark.parametrize("puts", [_isic2018, _normal_class], ids=["isic2018", "normal_class"])
def test_neighbours_of_the_kind_convert_right(puts, tmp_path: Path) -> None:
    truth = _converted(Spec("src", "image", puts, "", ""), tmp_path)
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize(("ids", "shown"), [
    ({"validation": [7, 8, 9]}, "names no file of it"),
    ({"validation": [4, 5, 6]}, "a. Training Set"),  # the training folder's files, not validation's
], ids=["ids_of_no_file", "ids_of_another_split"])
def test_a_table_whose_ids_name_no_file_of_its_split_folder_stops(ids, shown, tmp_path: Path) -> None:
    root = build(Spec("rf", "image", lambda: _rfmid_like(ids), "", ""), tmp_path / "download").root
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    message = str(refused.value)
    assert "b. RFMiD_Validation_Labels.csv" in message and shown in message and "--labels" in message
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_two_columns_that_could_each_be_the_summary_stop(tmp_path: Path) -> None:
    # only DR ever 1: DR and Disease_Risk each the OR of the other columns
    root = build(Spec("rf", "image", lambda: _rfmid_like({}, only_dr=True), "", ""), tmp_path / "download").root
    with pytest.raises(UsageError, match="'Disease_Risk', 'DR'"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))


_CHEXPERT = ["No Finding", "Enlarged Cardiomediastinum", "Cardiomegaly", "Lung Opacity", "Edema"]


def _chexpert() -> Iterator[Put]:
    # stanfordmlgroup.github.io/competitions/chexpert: CheXpert-v1.0-small/{train,valid}.csv of
    # `Path,Sex,Age,Frontal/Lateral,AP/PA,<14 observations>` (1.0, 0.0, -1.0 uncertain, blank unmentioned),
    # Path `CheXpert-v1.0-small/train/patient00001/study1/view1_frontal.jpg`
    values = ["1.0", "", "0.0", "-1.0", ""]
    for split, folder, n in (("train", "train", 4), ("validation", "valid", 2)):
        lines = ["Path,Sex,Age,Frontal/Lateral,AP/PA," + ",".join(_CHEXPERT)]
        for i in range(1, n + 1):
            path = f"{folder}/patient{i + (0 if folder == 'train' else 64540):05d}/study1/view1_frontal.jpg"
            yield img(path, split, None)
            cells = [values[(i + j) % 5] for j in range(len(_CHEXPERT))]
            lines.append(f"CheXpert-v1.0-small/{path},Female,{60 + i},Frontal,AP," + ",".join(cells))
        yield aux(f"{folder}.csv", "\n".join(lines) + "\n")


def _odir() -> Iterator[Put]:
    # kaggle andrewmvd/ocular-disease-recognition-odir5k (data.xlsx as CSV): `ID,Patient Age,Patient Sex,
    # Left-Fundus,Right-Fundus,Left-Diagnostic Keywords,Right-Diagnostic Keywords,N,D,G,C,A,H,M,O`, a row per
    # patient (its labels the union of both eyes'), images `Training Images/<ID>_left.jpg`, `<ID>_right.jpg`
    lines = ["ID,Patient Age,Patient Sex,Left-Fundus,Right-Fundus,Left-Diagnostic Keywords,Right-Diagnostic Keywords,"
             "N,D,G,C,A,H,M,O"]
    for i in range(6):
        for eye in ("left", "right"):
            yield img(f"ODIR-5K/Training Images/{i}_{eye}.jpg", "train", None)
        bits = ["1" if j == i % 8 else "0" for j in range(8)]
        lines.append(f"{i},{50 + i},Female,{i}_left.jpg,{i}_right.jpg,normal fundus,cataract," + ",".join(bits))
    for i in range(937, 939):
        for eye in ("left", "right"):
            yield img(f"ODIR-5K/Testing Images/{i}_{eye}.jpg", "test", None)
    yield aux("ODIR-5K/data.csv", "\n".join(lines) + "\n")


@pytest.mark.parametrize("puts", [_chexpert, _odir], ids=["chexpert", "odir5k"])
def test_tables_not_of_the_kind_are_never_read_so_and_stop(puts, tmp_path: Path) -> None:
    root = build(Spec("src", "image", puts, "", ""), tmp_path / "download").root
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_part_sampled_is_read_where_its_own_folder_is_the_most_named() -> None:
    """Detection sees part of a large source: a table's first ids may name unsampled files."""
    from shardify.plan.split_multi_hot import find_split_tables

    head = "ID,Disease_Risk,DR,ARMD,MH"
    heads = {"gt/a. Training_Labels.csv": [head, "1,1,1,0,0", "2,0,0,0,0", "3,1,0,1,1", "4,0,0,0,0"],
             "gt/b. Validation_Labels.csv": [head, "1,1,0,0,1", "2,0,0,0,0", "3,1,1,0,0"]}
    inputs = ["img/a. Training Set/2.png", "img/a. Training Set/9.png", "img/b. Validation Set/3.png"]
    found = find_split_tables(heads, inputs, whole=False)
    assert [(t.folder, t.summary, t.classes) for t in found] == [
        ("img/a. Training Set", "Disease_Risk", ("DR", "ARMD", "MH")),
        ("img/b. Validation Set", "Disease_Risk", ("DR", "ARMD", "MH"))]
    with pytest.raises(UsageError, match="Training_Labels.csv"):  # the whole source: id 1 names no file
        find_split_tables(heads, inputs, whole=True)
