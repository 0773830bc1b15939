"""Useless stops of blind batches read by kind (readers31a).

- split lists of `<file> <score>` lines, a number with a fraction beside each image (SCUT-FBP5500's 60/40
  `train.txt`, `test.txt` of `CF437.jpg 2.883333`, beside five numbered cross-validation folds): were a stop
  naming files "shardify does not read" and no option that converts; now a stop saying they hold scores, no
  classes, naming `--label-column 2` (each score its label, as written, as KonIQ's MOS) and `--label-level 0`
  (shardify/plan/score_lists.py); the unnumbered partition is read before the numbered folds
  (evidence.finest_lists). Its neighbour, looked up, in no batch: AADB's `imgList<Split>Regression_<rating>.txt`
  lists, a rating per list, beside a single image folder (it had been written with exit 0, every image
  labelled by that folder's name): the stop names the lists of one split and the `--exclude` of the other kinds.
  Hostile twins: whole numbers stay class numbers, `3.0` alone is no score, two class folders keep their labels,
  a `--label-column` naming the file's field writes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind31
from helpers.blind26 import DATASETS, FOLLOW
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, judge_first_command, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import coco_urls
from shardify.errors import UsageError
from shardify.plan import format_copies, score_lists, split_cells, vote_columns


def test_the_docstring_examples_hold() -> None:
    import doctest

    for module in (format_copies, score_lists, vote_columns):
        assert doctest.testmod(module).failed == 0


def test_scut_fbp5500_stops_naming_the_score_options_and_follows_right(tmp_path: Path) -> None:
    truth = DATASETS["scut_fbp5500"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "a score beside each file" in message and "--label-column 2" in message and "--label-level 0" in message
    judge_first_command(DATASETS, "scut_fbp5500", tmp_path / "judged", FOLLOW["scut_fbp5500"])


def test_scut_fbp5500_unlabelled_keeps_the_60_40_partition(tmp_path: Path) -> None:
    truth = DATASETS["scut_fbp5500"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), label_level=0))
    records = written_records(tmp_path / "out")["records"]
    assert {rid: split for rid, (split, _) in records.items()} == {rid: split for rid, (split, _) in truth.records.items()}
    assert all(labels is None for _, labels in records.values())


# AADB (Kong et al. 2016), CHECKED 2026-11-29 against readers in the code corpus (find_string
# 'imgListTrainRegression_score'): "AADB/data/imgListFiles_label/imgListTrainRegression_score.txt" read line by line,
# fs = line.strip().split(' '), image 'AADB/data/datasetImages_originalSize/{fs[0]}', score float(fs[1]); splits
# {"train": "imgListTrainRegression_score.txt", "test": "imgListTestNewRegression_score.txt", "val":
# "imgListValidationRegression_score.txt"}; attributes "balancing_elements", "color_harmony", ... a list each.
_AADB_NAMES = [f"farm1_{100 + i}_{19470426814 + 7 * i}_f8d5e4d9a4_b.jpg" for i in range(10)]
_AADB_SPLITS = {"Train": _AADB_NAMES[:6], "Validation": _AADB_NAMES[6:8], "TestNew": _AADB_NAMES[8:]}


def _aadb(root: Path) -> dict[str, tuple[str, str]]:
    """An AADB-like tree; {record id: (split, score)}."""
    data = root / "AADB" / "data"
    truth = {}
    for n, name in enumerate(_AADB_NAMES):
        _image(data / "datasetImages_originalSize" / name, f"aadb{n}")
    for split, names in _AADB_SPLITS.items():
        for rating in ("score", "balancing_elements", "color_harmony"):
            values = [f"{(n * 37 % 100) / 100:.2f}" if rating == "score" else ("-0.2", "0.4", "0")[n % 3]
                      for n in range(len(names))]
            lines = "".join(f"{name} {value}\n" for name, value in zip(names, values))
            _text(data / "imgListFiles_label" / f"imgList{split}Regression_{rating}.txt", lines)
            if rating == "score":
                word = {"Train": "train", "Validation": "validation", "TestNew": "test"}[split]
                folder = "AADB/data/datasetImages_originalSize"
                truth.update({f"{folder}/{name}": (word, value) for name, value in zip(names, values)})
    return truth


def test_aadb_rating_lists_stop_naming_the_lists_of_one_split_and_their_exclude(tmp_path: Path) -> None:
    _aadb(tmp_path / "src")
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "a score beside each file" in message and "lists of one split" in message
    assert "imgListTestNewRegression_color_harmony.txt" in message and "--exclude" in message
    # naming the score's field alone still leaves three ratings an image: the stop stands
    message = refusal(tmp_path / "src", tmp_path / "out", label_column="2")
    assert "lists of one split" in message and "--exclude '**/*_harmony.txt'" in message


def test_aadb_score_lists_alone_convert_each_image_to_its_score(tmp_path: Path) -> None:
    truth = _aadb(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="2",
                                 exclude=("**/*_harmony.txt", "**/*_elements.txt")))
    records = written_records(tmp_path / "out")["records"]
    assert records == {rid: (split, frozenset({score})) for rid, (split, score) in truth.items()}


def _lists(root: Path, values: list[str], folders: tuple[str, ...] = ("Images",)) -> None:
    for n, value in enumerate(values):
        _image(root / folders[n % len(folders)] / f"AF{n + 1}.jpg", f"twin{n}{folders}")
    for split, part in (("train", range(6)), ("test", range(6, len(values)))):
        _text(root / "lists" / f"{split}.txt", "".join(f"AF{n + 1}.jpg {values[n]}\n" for n in part))


_WHOLE = ["3", "1", "2", "3", "1", "2", "1", "2"]


@pytest.mark.parametrize("values", [_WHOLE, [f"{n}.0" for n in _WHOLE]])
def test_whole_numbers_are_no_scores(tmp_path: Path, values: list[str]) -> None:
    _lists(tmp_path / "src", values)
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError as stop:
        assert "a score beside each file" not in str(stop)


def test_two_class_folders_keep_their_labels_beside_score_lists(tmp_path: Path) -> None:
    _lists(tmp_path / "src", ["2.883333", "3.1", "1.25", "4.5", "2.75", "3.9", "1.5", "2.2"], folders=("cats", "dogs"))
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError as stop:
        assert "a score beside each file" not in str(stop)
        return
    labels = {labels for _, labels in written_records(tmp_path / "out")["records"].values()}
    assert labels == {frozenset({"cats"}), frozenset({"dogs"})}



def test_score_lists_beside_a_label_table_stay_split_lists(tmp_path: Path) -> None:
    _lists(tmp_path / "src", ["2.883333", "3.1", "1.25", "4.5", "2.75", "3.9", "1.5", "2.2"])
    rows = "".join(f"Images/AF{n + 1}.jpg,{('cat', 'dog')[n % 2]}\n" for n in range(8))
    _text(tmp_path / "src" / "labels.csv", "file,label\n" + rows)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert {labels for _, labels in records.values()} == {frozenset({"cat"}), frozenset({"dog"})}
    assert sorted(split for split, _ in records.values()) == ["test", "test"] + ["train"] * 6

def test_the_file_field_named_as_the_label_writes_nothing(tmp_path: Path) -> None:
    _lists(tmp_path / "src", ["2.883333", "3.1", "1.25", "4.5", "2.75", "3.9", "1.5", "2.2"])
    assert "--label-column 2 writes each input's score" in refusal(tmp_path / "src", tmp_path / "out", label_column="1")



# FER+: fer2013new.csv 'Usage,Image name,<ten emotions>', ten annotators' votes a row (microsoft/FERPlus
# src/generate_training_data.py and its readers: np.argmax over the counts, majority only above half the votes).
_FER_HEADER = ["Usage", "Image name", "neutral", "happiness", "surprise", "sadness", "anger", "disgust", "fear",
               "contempt", "unknown", "NF"]


def test_ferplus_stops_naming_its_votes_and_offers_no_count_as_a_label_column(tmp_path: Path) -> None:
    truth = DATASETS["ferplus"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "are vote counts, one per class" in message and "'contempt'" in message
    assert "--label-column" not in message  # each offered column was a count of one emotion's votes


def _stop_over(rows: list[list[str]], header: list[str] = _FER_HEADER) -> str:
    with pytest.raises(UsageError) as stop:
        split_cells.check_split_cells("t.csv", header, rows, key=1, label=0, label_given=False)
    return str(stop.value)


def test_vote_columns_are_told_from_one_hot_classes_and_object_counts() -> None:
    usage = ["Training"] * 5 + ["PublicTest", "PrivateTest", "Training"]
    panel = ("6", "2", "0", "0", "0", "0", "0", "2", "0", "0")  # ten votes a face, rotated row to row
    votes = [[u, f"f{i}.png", *panel[i:], *panel[:i]] for i, u in enumerate(usage)]
    assert "vote counts" in _stop_over(votes) and "--label-column" not in _stop_over(votes)
    one_hot = [[u, f"f{i}.png", *["1" if c == i % 3 else "0" for c in range(10)]] for i, u in enumerate(usage)]
    assert "vote counts" not in _stop_over(one_hot) and "--label-column NAME" in _stop_over(one_hot)
    counted = [[u, f"f{i}.png", *[str((i + c) % 3) for c in range(10)]] for i, u in enumerate(usage)]
    counted[0][2] = "7"  # object counts: their sums differ row to row
    assert "vote counts" not in _stop_over(counted) and "'neutral'" in _stop_over(counted)
    # a column of classes beside the votes is still offered, the votes are not
    header = [*_FER_HEADER, "emotion"]
    mixed = [[*row, "happy"] for row in votes]
    assert "one of 'emotion'" in _stop_over(mixed, header)


# HIT-UAV (blind31): every frame in normal_json/<split>/ (COCO files in normal_json/annotations/, images named under
# "filename") and again in normal_xml/JPEGImages/ (VOC XMLs); the real archive adds rotate_json/ and rotate_xml/.
def test_hit_uav_stops_naming_the_copy_and_follows_right(tmp_path: Path) -> None:
    message = refusal(blind31.DATASETS["hit_uav"](tmp_path / "made").root, tmp_path / "made-out")
    assert "are copies, by name, of those of HIT-UAV/normal_json/" in message
    assert "--exclude HIT-UAV/normal_xml reads HIT-UAV/normal_json/ alone" in message
    judge_first_command(blind31.DATASETS, "hit_uav", tmp_path / "judged", blind31.FOLLOW["hit_uav"])


def test_hit_uav_four_copies_are_each_named(tmp_path: Path) -> None:
    truth = blind31.DATASETS["hit_uav"](tmp_path / "download")
    top = truth.root / "HIT-UAV"
    for copy, source in (("rotate_xml", "normal_xml"), ("rotate_json", "normal_json")):
        for path in [p for p in (top / source).rglob("*") if p.is_file()]:
            target = top / copy / path.relative_to(top / source)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    message = refusal(truth.root, tmp_path / "out")
    follow = ("HIT-UAV/normal_xml", "HIT-UAV/rotate_json", "HIT-UAV/rotate_xml")
    assert " ".join(f"--exclude {c}" for c in follow) + " reads HIT-UAV/normal_json/ alone" in message
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), exclude=follow))
    assert_right(truth, tmp_path / "followed")


def _coco_voc_export(root: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """A detection export shipped in both formats under other names (a `file_name` key this time), the COCO copy
    split by folder, the VOC copy in one JPEGImages/ folder; {record id: (split, classes)} of the COCO copy."""
    classes, truth = ["boat", "buoy"], {}
    for split in ("train", "valid"):
        images, anns = [], []
        for i in range(3):
            name = f"{split}_{i:03d}.jpg"
            objs = [(classes[(i + k) % 2], [2 + 5 * k, 3, 4, 5]) for k in range(1 + i % 2)]
            _image(root / "export" / "coco" / split / name, f"ex{split}{i}")
            (root / "export" / "voc" / "JPEGImages").mkdir(parents=True, exist_ok=True)
            (root / "export" / "voc" / "JPEGImages" / name).write_bytes((root / "export" / "coco" / split / name).read_bytes())
            _text(root / "export" / "voc" / "Annotations" / f"{name[:-4]}.xml", blind31._voc(name, objs))
            images.append({"id": len(truth) + 1, "file_name": name, "width": 20, "height": 16})
            anns += [{"id": 100 * len(truth) + k, "image_id": len(truth) + 1, "category_id": classes.index(c) + 1,
                      "bbox": box, "area": 20, "iscrowd": 0} for k, (c, box) in enumerate(objs)]
            truth[f"export/coco/{split}/{name}"] = ("validation" if split == "valid" else split, frozenset(c for c, _ in objs))
        doc = {"images": images, "annotations": anns, "categories": [{"id": k + 1, "name": c} for k, c in enumerate(classes)]}
        _text(root / "export" / "coco" / "annotations" / f"instances_{split}.json", json.dumps(doc))
    return truth


def test_a_coco_and_voc_export_of_other_names_stops_naming_the_voc_copy(tmp_path: Path) -> None:
    truth = _coco_voc_export(tmp_path / "src")
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--exclude export/voc reads export/coco/ alone" in message
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), exclude=("export/voc",)))
    records = written_records(tmp_path / "followed")["records"]
    assert records == truth


def test_a_voc_tree_of_other_images_is_no_copy(tmp_path: Path) -> None:
    _coco_voc_export(tmp_path / "src")
    for path in (tmp_path / "src" / "export" / "voc" / "JPEGImages").iterdir():
        path.rename(path.with_name("other_" + path.name))
    message = refusal(tmp_path / "src", tmp_path / "out")  # (the VOC objects beside two folders still stop)
    assert "are copies" not in message and "--label-level 0" in message


def test_file_name_comes_before_filename() -> None:
    assert coco_urls.image_path({"file_name": "a.jpg", "filename": "b.jpg"}) == ("a.jpg", "")
    assert coco_urls.image_path({"filename": "b.jpg"}) == ("b.jpg", "")
    assert coco_urls.image_path({"filename": " "})[0] == ""
