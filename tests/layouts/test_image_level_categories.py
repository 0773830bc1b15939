"""COCO Camera Traps: a COCO-shaped JSON whose annotations give whole images a category and no box.

iWildCam 2020 (tests/helpers/blind21.py): `iwildcam2020_train_annotations.json` (images with string ids,
annotations `{image_id, category_id, count}`, categories), `iwildcam2020_test_information.json` (the test
images, no annotation) and a detector's results (`*_megadetector_results.json`: boxes with `conf`, no
truth), beside flat train/ and test/. At e605e28 exit 1 (read as objects, every string id rejected), since
kinds21 a stop naming no option that read it (a useless stop). Now the annotations are the images'
classes (`converters/coco_entries.image_level`, `describe._whole_image_categories`): single-label where
each image has one category, multi-label where one has several; no object features; an image no
annotation names is its reject; the test information's images the test split, unlabelled; the detector's
boxes not read. A file with one box is COCO's objects, as before.

Neighbours not in the batch: Caltech Camera Traps' one JSON (read as the label file, layout COCO:
`SourceLayout.whole_images`) and Snapshot Serengeti's shape on LILA (ids that are paths, `S1/B04/B04_R1/S1_B04_R1_PICT0001`, images under location folders, several categories on an
image); hostile twins: a category id no category lists, an image id given twice, a numeric id beside a
string one of the same digits, an image with no annotation, and a box in one annotation.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from helpers import blind21, kinds21
from helpers.unseen4 import Put, Spec, aux, build, img
from helpers.unseen_judge import assert_right, judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError

_CATS = [{"id": 0, "name": "empty"}, {"id": 1, "name": "zebra"}, {"id": 4, "name": "gazelleThomsons"},
         {"id": 9, "name": "wildebeest"}]


def _serengeti(hostile: str = "") -> Iterator[Put]:
    """S1/<site>/<site>_R1/<id>.JPG beside SnapshotSerengeti_S1_train.json and _val.json (COCO Camera Traps, image
    ids that are paths; image 2 of each split has two categories: multi-label). `hostile`: "unknown" gives one image
    only a category id no category lists (its reject); "twice" gives two images one id (both rejects); "bare"
    leaves one image without annotation (its reject); "digits" gives an image the number 7 and another the string
    "7" (two images: both read); "box" puts a box on one annotation (COCO objects; since readers23b the string ids read: every id is one)."""
    n, first = 0, ""
    for split in ("train", "val"):
        images, notes = [], []
        for k in range(6):
            n += 1
            site = ["B04", "D09", "K11"][n % 3]
            ident = f"S1/{site}/{site}_R1/S1_{site}_R1_PICT{n:04d}"
            cats = [_CATS[n % 4]] + ([_CATS[(n + 1) % 4]] if k == 2 else [])
            odd = (hostile == "unknown" and n == 3) or (hostile == "twice" and n in (4, 5)) or (hostile == "bare" and n == 8)
            first = first or (ident if n == 4 else "")
            name = f"{ident}.JPG"
            if hostile == "twice" and n == 5:
                ident = first  # (its own file, the id of the image before)
            if hostile == "digits" and n in (9, 10):
                ident = 7 if n == 9 else "7"
            images.append({"id": ident, "file_name": name,
                           "location": site, "seq_id": f"SER_S1#{site}#{n}", "frame_num": 1})
            for j, cat in enumerate(cats if not (hostile == "bare" and n == 8) else []):
                note = {"id": f"{ident}_{j}", "image_id": ident, "category_id": 77 if hostile == "unknown" and n == 3 else cat["id"],
                        "seq_id": f"SER_S1#{site}#{n}", "count": 1}
                if hostile == "box" and n == 2:
                    note["bbox"] = [3, 2, 8, 6]
                notes.append(note)
            yield img(name, split, None if odd else {c["name"] for c in cats}, record=not odd)
        yield aux(f"SnapshotSerengeti_S1_{split}.json", json.dumps({"info": {"version": "2.1"}, "images": images,
                                                                   "annotations": notes, "categories": _CATS}))


def _caltech() -> Iterator[Put]:
    """cct_images/<uuid>.jpg beside the one caltech_images_20210113.json (COCO Camera Traps, no split named):
    each image one category, the file read as the label file (layout COCO), not as split files."""
    cats = [{"id": 0, "name": "empty"}, {"id": 1, "name": "opossum"}, {"id": 5, "name": "raccoon"}]
    images, notes = [], []
    for i in range(9):
        ident = f"5968{i:04d}-23d2-11e8-a6a3-ec086b02610b"
        images.append({"id": ident, "file_name": f"{ident}.jpg", "location": 33, "width": 20, "height": 16})
        notes.append({"id": f"a{i}", "image_id": ident, "category_id": cats[i % 3]["id"]})
        yield img(f"cct_images/{ident}.jpg", "train", cats[i % 3]["name"])
    yield aux("caltech_images_20210113.json", json.dumps({"info": {}, "images": images, "annotations": notes, "categories": cats}))


def _spec(hostile: str = "") -> Spec:
    return Spec("serengeti", "image", lambda: _serengeti(hostile), "built here (LILA's COCO Camera Traps shape)",
                "each image its categories; several: multi-label")


def test_iwildcam_is_right_with_no_option_single_label_and_no_objects(tmp_path):
    judge_first_command(blind21.DATASETS, "iwildcam", tmp_path, blind21.FOLLOW["iwildcam"])
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["label_mode"] == "single", manifest["label_mode"]
    assert not any("bbox" in str(key) for key in manifest["features"]), manifest["features"]  # the detector's boxes unread
    assert manifest["splits"]["test"]["num_unlabelled"] == 5


def test_caltech_camera_traps_one_json_is_its_images_classes(tmp_path):
    truth = build(Spec("cct", "image", _caltech, "built here (LILA's Caltech Camera Traps)", "each image its category"),
                  tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["label_mode"] == "single" and not any("bbox" in str(key) for key in manifest["features"]), manifest


@pytest.mark.parametrize("name", ["trap_categories", "trap_boxes"])
def test_kinds21_flat_images_beside_split_jsons_are_right(name, tmp_path):
    judge_first_command(kinds21.DATASETS, name, tmp_path, None)


def test_serengeti_ids_that_are_paths_and_several_categories_are_a_multi_label(tmp_path):
    truth = build(_spec(), tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    assert json.loads((tmp_path / "out" / "manifest.json").read_text())["label_mode"] == "multi"


@pytest.mark.parametrize(("hostile", "reasons"), [
    ("unknown", ['categories" does not list (77']),
    ("twice", ["is given to 2 images", "is given to 2 images"]),
    ("bare", ["no annotation gives it a category"]),
    ("digits", []),
])
def test_hostile_twins_reject_the_odd_image_with_its_reason_and_read_the_rest(hostile, reasons, tmp_path):
    truth = build(_spec(hostile), tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), max_rejects="30%"))
    assert_right(truth, out)
    rejects = (out / "rejected.jsonl").read_text() if (out / "rejected.jsonl").exists() else ""
    lines = [json.loads(line)["reason"] for line in rejects.splitlines()]
    # (a JSON row's reject and its image's, "none of the split files names it", may both be said)
    assert all(any(r in line for line in lines) for r in reasons) and bool(lines) == bool(reasons), lines


def test_one_box_makes_the_file_coco_objects_never_categories_without_their_box(tmp_path):
    truth = build(_spec("box"), tmp_path / "download")
    out = tmp_path / "out"
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    except ShardifyError as failed:  # (a stop or exit 1: the string ids COCO's objects cannot carry, said)
        assert "image id" in str(failed) or "rejected" in str(failed), str(failed)
        assert not (out / "manifest.json").exists()
        return
    manifest = json.loads((out / "manifest.json").read_text())
    assert any("bbox" in str(key) for key in manifest["features"]), manifest["features"]


def _detector_only() -> Iterator[Put]:
    """images/IMG_<n>.JPG beside md_results.json alone (MegaDetector's batch output: "file", "detections" with
    "conf", "detection_categories"): a model's guesses, no truth; the images unlabelled."""
    entries = []
    for i in range(8):
        name = f"images/IMG_{i:04d}.JPG"
        entries.append({"file": name, "max_detection_conf": 0.9 if i % 2 else 0.0,
                        "detections": [{"category": "1", "conf": 0.9, "bbox": [0.1, 0.1, 0.2, 0.2]}] if i % 2 else []})
        yield img(name, "train")  # (no split: train, as the rounds write it)
    yield aux("md_results.json", json.dumps({"images": entries, "detection_categories": {"1": "animal", "2": "person"},
                                             "info": {"detector": "md_v5a.0.0.pt", "format_version": "1.3"}}))


def test_a_detectors_results_alone_are_no_truth_the_stop_names_label_level_0(tmp_path):
    # (before classes22 read as a COCO label file: every row rejected, "no usable input", exit 1)
    spec = Spec("traps", "image", _detector_only, "built here", "unlabelled: the detector's boxes no truth")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(build(spec, tmp_path / "first").root), str(tmp_path / "first_out")))
    assert "md_results.json (a detector's results" in str(refused.value), str(refused.value)
    judge_first_command({"md": lambda dest: build(spec, dest)}, "md", tmp_path, {"label_level": 0})
