"""Useless stops on image datasets of blind rounds 23 and 24 turned into right conversions, by kind (branch readers25b).

1. Label files in a root mirroring the images' tree, one word or number each, the file's stem the image's
   stem plus an ending (CK+'s `Emotion/S005/001/S005_001_00000011_emotion.txt` for
   `cohn-kanade-images/S005/001/S005_001_00000011.png`; `labels/<tree>/<stem>.txt`):
   beam_jobs/discover/mirror_label_files.py, a LABEL_FILES Evidence keyed through the images' root; the folders
   the files repeat are no classes. Before: the subject folders stopped as classes over parts, naming no option.
   Hostile twins: a file of two numbers rejects its image naming the file; a file naming no image is no record.
2. COCO keypoint files named by split among other words, under one wrapping folder (AP-10K's
   `ap-10k/annotations/ap10k-train-split1.json`): found (coco_split_files.coco_places), boxes and species
   right on the first command, the plan saying the keypoints are not stored and naming --keypoints, which
   stores them (x, y normalised, visibility). Hostile twins: visibility 3, NaN, a labelled keypoint outside
   the image each reject their image with why.
3. A one-hot table whose rows of empty cells list unlabelled images (DFUC 2021's `train.csv`): those rows are
   records with no label, not evidence against the table (converters/one_hot.py, multi_hot_rows.py,
   plan/keyed_multi_hot.py). Neighbour: ISIC 2018 task 3's ground truth of 1.0/0.0 with a blank row. Hostile
   twins: a row half blank is its row's reject naming the column (never a label); a row of no 1 stops the
   table found, and named with --labels is its image's reject.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind23, blind24
from helpers.shard_io import images_by_name, read_report
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import UsageError
from shardify.format import contract


def _labels(record: dict) -> tuple[str, ...]:
    text = record.get(contract.LABEL_TEXT, ())
    values = text if isinstance(text, list) else [text]
    return tuple(v.decode() for v in values if v)


def _notes(out: Path) -> str:
    """The plan's notes, as the manifest keeps them."""
    def find(value: object) -> list[str]:
        if isinstance(value, dict):
            return value["notes"] if isinstance(value.get("notes"), list) else [n for v in value.values() for n in find(v)]
        return []

    return " | ".join(find(json.loads((out / "manifest.json").read_text())))


def _rejected(out: Path) -> str:
    return json.dumps(read_report(out, "rejected.jsonl"))


# ------------------------------------------------------------------------------------------------
# 1. Label files mirroring the images' tree
# ------------------------------------------------------------------------------------------------

def test_ck_plus_is_right_on_the_first_command(tmp_path: Path) -> None:
    judge_first_command(blind23.DATASETS, "ck_plus", tmp_path / "ck", blind23.FOLLOW["ck_plus"])


def _mirrored(src: Path, odd: str = "", stray: bool = False) -> Path:
    """images/<site>/<cam>/<n>.jpg, labels/<site>/<cam>/<n>.txt of one word for most (a neighbour of CK+
    in no batch: no ending, words not numbers, a wrapper folder)."""
    words = ["cat", "dog", "fox"]
    for s in range(3):
        for c in range(2):
            for n in range(3):
                rel = f"site{s}/cam{c}/{n:04d}"
                (src / "data/images" / rel).parent.mkdir(parents=True, exist_ok=True)
                (src / "data/images" / f"{rel}.jpg").write_bytes(_image_bytes(f"m{rel}", 20, 16))
                if n != 2:
                    (src / "data/labels" / rel).parent.mkdir(parents=True, exist_ok=True)
                    (src / "data/labels" / f"{rel}.txt").write_text(words[(s + c + n) % 3] + "\n")
    if odd:
        (src / "data/labels/site1/cam1/0001.txt").write_text(odd)
    if stray:
        (src / "data/labels/site2/cam0/0009.txt").write_text("dog\n")
    return src


def test_a_labels_root_mirroring_the_images_labels_each_image_by_its_own_file(tmp_path: Path) -> None:
    src = _mirrored(tmp_path / "src")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    records = images_by_name(out)  # (keyed by the records' paths from SRC)
    words = ["cat", "dog", "fox"]
    expected = {f"data/images/site{s}/cam{c}/{n:04d}.jpg": ((words[(s + c + n) % 3],) if n != 2 else ())
                for s in range(3) for c in range(2) for n in range(3)}
    assert {path: _labels(record) for path, record in records.items()} == expected
    assert {record["split"] for record in records.values()} == {"train"}
    assert "data/labels" in _notes(out)


def test_a_mirrored_file_of_two_numbers_rejects_its_image_naming_it(tmp_path: Path) -> None:
    src = _mirrored(tmp_path / "src", odd="3.0 4.0\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), max_rejects=parse_max_rejects("50%")))
    rejected = _rejected(out)
    assert "site1/cam1/0001" in rejected and "words" in rejected
    assert "data/images/site1/cam1/0001.jpg" not in images_by_name(out)


def test_a_mirrored_file_naming_no_image_writes_no_record(tmp_path: Path) -> None:
    src = _mirrored(tmp_path / "src", stray=True)
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), max_rejects=parse_max_rejects("50%")))
    assert len(images_by_name(out)) == 18
    assert "0009" in _rejected(out)  # said, never silently passed over


# ------------------------------------------------------------------------------------------------
# 2. COCO keypoints
# ------------------------------------------------------------------------------------------------

def test_ap10k_is_right_on_the_first_command_and_says_its_keypoints_are_not_stored(tmp_path: Path) -> None:
    judge_first_command(blind24.DATASETS, "ap10k", tmp_path / "ap", blind24.FOLLOW["ap10k"])
    notes = _notes(tmp_path / "ap" / "out")
    assert "keypoints" in notes and "--keypoints" in notes


def _person_keypoints(src: Path, visibility: int = 2, x: float = 5.0, bad_image: int = -1) -> Path:
    """coco/annotations/person_keypoints_{train,val}2017.json (COCO's documented keypoint format: 17
    [x, y, v] triples, num_keypoints) beside coco/{train,val}2017/, under one wrapping folder."""
    names = ["nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder", "left_elbow",
             "right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle",
             "right_ankle"]
    cats = [{"id": 1, "name": "person", "supercategory": "person", "keypoints": names, "skeleton": [[16, 14], [14, 12]]}]
    for split, count in (("train", 4), ("val", 2)):
        images, anns = [], []
        for i in range(count):
            iid = 100 + i + (50 if split == "val" else 0)
            name = f"{iid:012d}.jpg"
            (src / f"coco/{split}2017").mkdir(parents=True, exist_ok=True)
            (src / f"coco/{split}2017/{name}").write_bytes(_image_bytes(f"pk{split}{i}", 20, 16))
            images.append({"id": iid, "file_name": name, "width": 20, "height": 16})
            kps = []
            for p in range(17):
                odd = split == "train" and i == bad_image and p == 3
                kps += [x if odd else float(1 + p % 18), float(1 + p % 14), visibility if odd else (2 if p % 3 else 0)]
            anns.append({"id": iid, "image_id": iid, "category_id": 1, "bbox": [1.0, 1.0, 10.0, 12.0], "area": 120.0,
                         "iscrowd": 0, "num_keypoints": sum(1 for v in kps[2::3] if v), "keypoints": kps})
        (src / "coco/annotations").mkdir(parents=True, exist_ok=True)
        (src / f"coco/annotations/person_keypoints_{split}2017.json").write_text(
            json.dumps({"images": images, "annotations": anns, "categories": cats}))
    return src


def test_coco_person_keypoints_under_a_wrapper_are_stored_with_keypoints(tmp_path: Path) -> None:
    src = _person_keypoints(tmp_path / "src")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), keypoints=True))
    records = images_by_name(out)
    assert {r["split"] for r in records.values()} == {"train", "val"}
    record = records["coco/train2017/000000000100.jpg"]
    xs, ys, vs = record[contract.KEYPOINT_X], record[contract.KEYPOINT_Y], record[contract.KEYPOINT_VISIBILITY]
    assert len(xs) == len(ys) == len(vs) == 17
    assert xs[1] == pytest.approx(2.0 / 20) and ys[1] == pytest.approx(2.0 / 16) and list(vs[:3]) == [0, 2, 2]


def test_ap10k_with_keypoints_stores_each_animals_17_points(tmp_path: Path) -> None:
    truth = blind24.DATASETS["ap10k"](tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), keypoints=True))
    records = images_by_name(out)
    assert len(records) == 12
    first = records["ap-10k/data/000000000010.jpg"]  # two antelopes: 2 x 17 points
    assert len(first[contract.KEYPOINT_X]) == 34 and first[contract.KEYPOINT_X][0] == pytest.approx(2.0 / 20)
    assert "not stored" not in _notes(out)


def test_several_partitions_of_split_files_stop_naming_the_exclude_that_reads_one(tmp_path: Path) -> None:
    """AP-10K ships split1, split2 and split3, each a train/val/test partition of the same images: read
    together no split was found; the stop names --exclude of the other sets, with which it is right."""
    import shutil

    from helpers.unseen_judge import assert_right

    truth = blind24.DATASETS["ap10k"](tmp_path / "download")
    annotations = truth.root / "ap-10k" / "annotations"
    for split in ("train", "val", "test"):
        shutil.copy(annotations / f"ap10k-{split}-split1.json", annotations / f"ap10k-{split}-split2.json")
    with pytest.raises(UsageError, match=r"--exclude 'ap-10k/annotations/ap10k-\*-split2.json'"):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert not (tmp_path / "first" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), exclude=("ap-10k/annotations/ap10k-*-split2.json",)))
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize(("visibility", "x", "why"), [(3, 5.0, "visibility is 3"), (2, float("nan"), "not a number"),
                                                      (2, 25.0, "outside the 20 x 16 image")])
def test_a_hostile_keypoint_rejects_its_image_saying_why(tmp_path: Path, visibility: int, x: float, why: str) -> None:
    src = _person_keypoints(tmp_path / "src", visibility=visibility, x=x, bad_image=1)
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), keypoints=True, max_rejects=parse_max_rejects("50%")))
    assert why in _rejected(out)
    written = images_by_name(out)
    assert "coco/train2017/000000000101.jpg" not in written and "coco/train2017/000000000100.jpg" in written


# ------------------------------------------------------------------------------------------------
# 3. One-hot tables with unlabelled rows
# ------------------------------------------------------------------------------------------------

def test_dfuc2021_is_right_on_the_first_command(tmp_path: Path) -> None:
    judge_first_command(blind24.DATASETS, "dfuc2021", tmp_path / "dfu", blind24.FOLLOW["dfuc2021"])


_ISIC = ["MEL", "NV", "BCC", "AKIEC", "BKL", "DF", "VASC"]


def _isic(src: Path, odd: str = "") -> Path:
    """ISIC 2018 task 3: ISIC2018_Task3_Training_Input/ISIC_<7 digits>.jpg beside
    ISIC2018_Task3_Training_GroundTruth/ISIC2018_Task3_Training_GroundTruth.csv (`image,MEL,...,VASC`,
    1.0 and 0.0), two rows of empty cells (images listed, unlabelled), and `odd` as one more row."""
    rows = ["image," + ",".join(_ISIC)]
    for i in range(14):
        name = f"ISIC_{24306 + i:07d}"
        (src / "ISIC2018_Task3_Training_Input").mkdir(parents=True, exist_ok=True)
        (src / f"ISIC2018_Task3_Training_Input/{name}.jpg").write_bytes(_image_bytes(f"isic{i}", 20, 16))
        if i in (5, 11):
            rows.append(name + "," * len(_ISIC))
        else:
            rows.append(name + "," + ",".join("1.0" if k == i % 7 else "0.0" for k in range(7)))
    if odd:
        (src / "ISIC2018_Task3_Training_Input/ISIC_0099999.jpg").write_bytes(_image_bytes("isicodd", 20, 16))
        rows.append("ISIC_0099999," + odd)
    (src / "ISIC2018_Task3_Training_GroundTruth").mkdir(parents=True, exist_ok=True)
    (src / "ISIC2018_Task3_Training_GroundTruth/ISIC2018_Task3_Training_GroundTruth.csv").write_text("\n".join(rows) + "\n")
    return src


def test_isic_one_hot_rows_label_and_blank_rows_leave_unlabelled(tmp_path: Path) -> None:
    src = _isic(tmp_path / "src")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    records = images_by_name(out)
    assert len(records) == 14
    for i in range(14):
        got = _labels(records[f"ISIC2018_Task3_Training_Input/ISIC_{24306 + i:07d}.jpg"])
        assert got == (() if i in (5, 11) else (_ISIC[i % 7],)), (i, got)


def test_a_half_blank_row_is_its_rows_reject_and_never_a_label(tmp_path: Path) -> None:
    """As a cell neither 0 nor 1 is (test_one_hot_beside_words): the row is rejected naming the column,
    its image written without a label, counted unlabelled (never a label guessed from the cells given)."""
    src = _isic(tmp_path / "src", odd="1.0,,0.0,0.0,0.0,0.0,0.0")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), max_rejects=parse_max_rejects("50%")))
    assert _labels(images_by_name(out)["ISIC2018_Task3_Training_Input/ISIC_0099999.jpg"]) == ()
    assert "'NV' holds ''" in _rejected(out)
    assert json.loads((out / "manifest.json").read_text())["splits"]["train"]["num_unlabelled"] == 3


def test_an_all_zero_row_stops_the_found_table_and_is_its_images_reject_when_named(tmp_path: Path) -> None:
    """Found by detection, a table of a row with no 1 is no table of classes for sure (a table of flags,
    or of labels with negatives): a stop naming --labels; named, that row is its image's reject."""
    src = _isic(tmp_path / "src", odd="0.0,0.0,0.0,0.0,0.0,0.0,0.0")
    with pytest.raises(UsageError, match="--labels"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "first")))
    assert not (tmp_path / "first" / "manifest.json").exists()
    out = tmp_path / "out"
    table = "ISIC2018_Task3_Training_GroundTruth/ISIC2018_Task3_Training_GroundTruth.csv"
    run_conversion(ConvertConfig(str(src), str(out), labels_file=table, max_rejects=parse_max_rejects("50%")))
    assert "ISIC2018_Task3_Training_Input/ISIC_0099999.jpg" not in images_by_name(out)
    assert "without a label" in _rejected(out)
    assert sum(not _labels(r) for r in images_by_name(out).values()) == 2  # the blank rows: unlabelled, as detection reads them


# ------------------------------------------------------------------------------------------------
# 4. A stop's --labels over the training folders, another table read as labels beside it
# ------------------------------------------------------------------------------------------------

def test_boneage_follows_its_stop_right(tmp_path: Path) -> None:
    """The stop names --labels boneage-training-dataset.csv --label-column 'boneage'; following it, the
    test table detection had read as labels ('Case ID,Sex') is left aside, the test images unlabelled."""
    judge_first_command(blind24.DATASETS, "boneage", tmp_path / "bone", blind24.FOLLOW["boneage"])
