"""Review twenty-four: the rules of readers23a/b and blindfix23 (76b56bd..cba510f) tried on neighbours
their authors did not build, near-misses and hostile twins. Each test failed before its mend.

- Text quadrilaterals beside their images (SROIE's `x1,...,y4,TEXT`, beam_jobs/discover/box_beside.py's
  TXT_FORMATS) took any line of 9 to 64 comma numbers: CTW1500's 32-number curves and a face's five
  landmarks (`x1,y1,...,x5,y5`) beside each image were written as 'text' boxes from their first eight
  numbers, exit 0 (the landmarks' class folders lost to them). A line of numbers alone is no text region.
- LabelMe's documents (converters/labelme_shapes.py) were read beside their images only, and only where
  the folder's first document was under 16 MiB: an export's ann/ beside img/ (Supervisely's documented
  LabelMe layout; labelme --output) stopped naming --label-level 0 alone, and documents carrying a 13 MB
  photo in `imageData` were taken for WebDataset label members, every one rejected (exit 1). Detection
  now reads as much as the reader (64 MiB) and tells LabelMe's by its content in a mirror folder too.
- RCTW-17's `x1,...,y4,difficult,"text"` beside each image was read by SROIE's row: its difficult regions
  (unreadable text, `###` to the evaluation) written as plain ones. Its own row now flags them.
- shardify/plan/derived_names.py took ISIC 2017's `ISIC_0000000_superpixels.png` (a map of superpixel
  indices beside each photograph) for a crop: each written as a record of its photograph's diagnosis,
  exit 0. A derived picture keeps its original's format; a PNG beside each JPEG is none.
- beam_jobs/discover/numbered_names.py read an AUTHORS.txt (one person a line) beside a list of
  `<file> <digit>` rows as the digits' possible names and stopped, blocking a right conversion whose
  classes are the numbers. A download's documents by name (file_roles.AUXILIARY_NAMES) are no names list.
- beam_jobs/discover/sample_documents.py stopped img2dataset's "files" output (`<key>.jpg`, `<key>.txt` its
  caption, `<key>.json` its url, caption and sizes) saying to convert the objects to COCO: a useless stop.
  It names `--exclude '**/*.json'` now, with which each image is written with its caption.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from helpers.shard_io import images_by_name
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import RejectLimitError, UsageError
from shardify.format import contract


def _image(path: Path, key: str, width: int = 40, height: int = 30) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, width, height, "JPEG"))


_written = images_by_name  # (tests/helpers/shard_io.py)


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


# --- numbers alone beside the images are no text quadrilaterals -------------------------------------------------------


def test_ctw1500_curves_beside_the_images_are_no_text_quadrilaterals(tmp_path: Path) -> None:
    """CTW1500's text_label_curve lines (xmin, ymin, xmax, ymax, then 28 offsets: Yuliang-Liu/Curve-Text-Detector's
    data/README.md) put beside the images: no reader of shardify's reads them, so the run stops naming them."""
    src = tmp_path / "ctw1500"
    for i in range(1, 5):
        _image(src / "train" / f"{i:04d}.jpg", f"ctw{i}", 400, 300)
        line = ",".join(str(v) for v in [10, 20, 200, 120] + [(7 * j) % 50 for j in range(28)])
        (src / "train" / f"{i:04d}.txt").write_text(line + "\n" + line + "\n")
    # (named by their folder: `train/ hold rows of numbers named like the inputs`; the set-aside note "named like a
    # file of boxes" is said only of names a box format picks out since the lead's box_tables change)
    with pytest.raises(UsageError, match=r"train/ hold rows of numbers named like the inputs"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_landmarks_beside_images_in_class_folders_leave_the_classes(tmp_path: Path) -> None:
    """Five landmarks a face (ten numbers) beside each image of a class folder: the folders are the labels."""
    src = tmp_path / "faces"
    for label in ("smiling", "neutral"):
        for i in range(3):
            _image(src / label / f"{i:04d}.jpg", f"{label}{i}")
            (src / label / f"{i:04d}.txt").write_text("30.5,40.1,70.2,41.0,50.0,60.3,35.1,80.2,66.0,81.4\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert len(written) == 6
    for name, record in written.items():
        assert record[contract.LABEL_TEXT].decode() == name.split("/")[0]
        assert contract.OBJECT_XMIN not in record


def test_a_receipt_whose_first_lines_are_amounts_is_still_read(tmp_path: Path) -> None:
    """The near-miss the other way: a transcription may be a number (`9.00`); one line of text in the file
    is enough, and every line, numbers or not, is a region."""
    src = tmp_path / "receipts"
    for i in range(3):
        _image(src / f"X{i:05d}.jpg", f"r{i}", 400, 300)
        (src / f"X{i:05d}.txt").write_text("10,10,100,10,100,50,10,50,9.00\n20,60,90,60,90,80,20,80,TOTAL\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert len(written) == 3
    for record in written.values():
        assert [v.decode() for v in _listed(record[contract.OBJECT_TEXT])] == ["text", "text"]


def test_rctw17_difficult_regions_are_flagged(tmp_path: Path) -> None:
    """RCTW-17's train folder: image_N.txt beside image_N.jpg, a difficult flag then the quoted text (mindocr's
    RCTW17_Converter); a transcription holding a comma is one region."""
    src = tmp_path / "rctw"
    for i in range(3):
        _image(src / "train" / f"image_{i}.jpg", f"rctw{i}", 400, 300)
        (src / "train" / f"image_{i}.txt").write_text(
            '10,10,100,10,100,50,10,50,0,"金氏眼镜"\n20,60,90,60,90,80,20,80,1,"###"\n30,90,60,90,60,99,30,99,0,"a,b"\n', encoding="utf-8")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert len(written) == 3
    for record in written.values():
        assert _listed(record[contract.OBJECT_DIFFICULT]) == [0, 1, 0]
        assert [v.decode() for v in _listed(record[contract.OBJECT_TEXT])] == ["text"] * 3


# --- derived pictures keep their original's format ------------------------------------------------------------------


def test_superpixel_maps_beside_photographs_take_no_diagnosis(tmp_path: Path) -> None:
    """ISIC 2017's training folder (ISIC_<id>.jpg and ISIC_<id>_superpixels.png) with its diagnosis table
    named by --labels: the maps are no crops; no row names them (rejects, named), and the --exclude of
    them converts the photographs right."""
    src = tmp_path / "isic"
    rows = ["image_id,diagnosis"]
    for i in range(6):
        _image(src / "ISIC-2017_Training_Data" / f"ISIC_{i:07d}.jpg", f"isic{i}")
        (src / "ISIC-2017_Training_Data" / f"ISIC_{i:07d}_superpixels.png").write_bytes(_image_bytes(f"sp{i}", 40, 30, "PNG"))
        rows.append(f"ISIC_{i:07d},{('nevus', 'melanoma')[i % 2]}")
    table = src / "ISIC-2017_Training_Part3_GroundTruth.csv"
    table.write_text("\n".join(rows) + "\n")
    with pytest.raises(RejectLimitError, match="no usable row") as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(table)))
    assert not (tmp_path / "out" / "manifest.json").exists()
    # the limit's message names the option that leaves them out (run_outcome: reject_reasons.shared_ending)
    assert "or leave them out with --exclude '**/*_superpixels.png'" in str(stopped.value)
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert all(f"ISIC_{i:07d}_superpixels.png" in rejected for i in range(6))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out2"), labels_file=str(table), exclude=("**/*_superpixels.png",)))
    written = _written(tmp_path / "out2")
    assert {n: r[contract.LABEL_TEXT].decode() for n, r in written.items()} == {
        f"ISIC-2017_Training_Data/ISIC_{i:07d}.jpg": ("nevus", "melanoma")[i % 2] for i in range(6)}


# --- a download's documents are no names list ------------------------------------------------------------------------


def test_an_authors_file_beside_a_digits_list_names_no_class(tmp_path: Path) -> None:
    """Digits labelled by their own numbers (`images/00003.png 3`), an AUTHORS.txt of twelve people beside the
    list: the numbers are the classes, exit 0; a lexicon.txt of as many words beside it still stops (the rule's case)."""
    src = tmp_path / "digits"
    rows = []
    for i in range(20):
        (src / "images").mkdir(parents=True, exist_ok=True)
        (src / "images" / f"{i:05d}.png").write_bytes(_image_bytes(f"digit{i}", 16, 16, "PNG"))
        rows.append(f"images/{i:05d}.png {i % 10}")
    (src / "train.txt").write_text("\n".join(rows) + "\n")
    people = ["Alice Smith", "Bob Jones", "Carol White", "Dan Brown", "Eve Black", "Frank Green", "Grace Hall",
              "Heidi Klum", "Ivan Petrov", "Judy Moss", "Karl Marx", "Liam Neeson"]
    (src / "AUTHORS.txt").write_text("\n".join(people) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert {n: r[contract.LABEL_TEXT].decode() for n, r in written.items()} == {f"images/{i:05d}.png": str(i % 10) for i in range(20)}
    (src / "AUTHORS.txt").rename(src / "lexicon.txt")
    with pytest.raises(UsageError, match=r"--label-names lexicon\.txt"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out2")))


# --- an image, its caption and its metadata ---------------------------------------------------------------------------


def test_img2dataset_files_output_stop_names_the_exclude_that_reads_the_captions(tmp_path: Path) -> None:
    """img2dataset's output_format "files": 00000/<key>.jpg, <key>.txt, <key>.json, and 00000_stats.json."""
    src = tmp_path / "laion_part"
    for i in range(5):
        key = f"{i:09d}"
        _image(src / "00000" / f"{key}.jpg", f"laion{i}")
        (src / "00000" / f"{key}.txt").write_text(f"a red bicycle, photo {i}")
        (src / "00000" / f"{key}.json").write_text(json.dumps(
            {"url": f"https://example.org/{i}.jpg", "caption": f"a red bicycle, photo {i}", "key": key, "status": "success",
             "error_message": None, "width": 40, "height": 30, "original_width": 400, "original_height": 300, "sha256": "ab"}))
    (src / "00000_stats.json").write_text(json.dumps({"count": 5, "successes": 5}))
    with pytest.raises(UsageError, match=r"--exclude '\*\*/\*\.json'"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out2"), exclude=("**/*.json",)))
    written = _written(tmp_path / "out2")
    assert {n: r[contract.TEXT].decode() for n, r in written.items()} == {
        f"00000/{i:09d}.jpg": f"a red bicycle, photo {i}" for i in range(5)}


# --- LabelMe's documents in a folder of their own, or carrying a large image ---------------------------------------


def _labelme(shapes: list, image_path: str, data: str | None = None) -> str:
    return json.dumps({"version": "5.5.0", "flags": {"blurry": False}, "shapes": shapes, "imagePath": image_path,
                       "imageData": data, "imageHeight": 30, "imageWidth": 40})


def _shape(label: str, points: list, kind: str = "polygon", group: int | None = None) -> dict:
    return {"label": label, "points": points, "group_id": group, "description": "", "shape_type": kind, "flags": {"occluded": True}}


def test_labelme_documents_in_ann_beside_img_per_split(tmp_path: Path) -> None:
    """Supervisely's LabelMe import layout (ann/IMG_0748.json beside img/IMG_0748.jpeg), in split folders,
    imagePath written the Windows way: each image takes its own split's document, by stem."""
    src = tmp_path / "export"
    for split in ("train", "val"):
        for i in range(3):
            _image(src / split / "img" / f"IMG_{i}.jpeg", f"{split}{i}")
            (src / split / "ann").mkdir(parents=True, exist_ok=True)
            shapes = [_shape(f"{split}{i}", [[2, 3], [20, 3], [12, 25]], group=1), _shape("tag", [[30, 2], [38, 9]], "rectangle", group=1)]
            (src / split / "ann" / f"IMG_{i}.json").write_text(_labelme(shapes, f"..\\img\\IMG_{i}.jpeg"))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert sorted(written) == sorted(f"{s}/img/IMG_{i}.jpeg" for s in ("train", "val") for i in range(3))
    for name, record in written.items():
        split, _, file = name.split("/")
        assert record["split"] == split
        assert sorted(v.decode() for v in _listed(record[contract.OBJECT_TEXT])) == sorted([split + file[4], "tag"])
        assert _listed(record[contract.OBJECT_XMIN])[0] == pytest.approx(2 / 40)


def test_a_folder_of_other_json_mirroring_the_images_is_no_labelme(tmp_path: Path) -> None:
    """The near-miss: documents of another tool's shape (no labelled points) in annotations/ beside images/
    are not read as objects; the run stops as before, naming them."""
    src = tmp_path / "other"
    for i in range(3):
        _image(src / "images" / f"a{i}.jpg", f"o{i}")
        (src / "annotations").mkdir(parents=True, exist_ok=True)
        (src / "annotations" / f"a{i}.json").write_text(json.dumps({"shapes": [{"name": "dog", "x": 1, "y": 2}]}))
    with pytest.raises(UsageError, match=r"annotations/a0\.json"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))


def test_labelme_documents_carrying_a_large_photo_are_read(tmp_path: Path) -> None:
    """`imageData` of a 13 MB photo (an 18 MB document, over the 16 MiB detection read before): read as
    LabelMe's, the copy of the image never decoded."""
    src = tmp_path / "large"
    for i in range(2):
        _image(src / f"p{i}.jpg", f"l{i}")
        data = base64.b64encode(bytes([i]) * (13 << 20)).decode()
        (src / f"p{i}.json").write_text(_labelme([_shape("berry", [[4, 5], [30, 20]], "rectangle")], f"p{i}.jpg", data))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert sorted(written) == ["p0.jpg", "p1.jpg"]
    assert all(_listed(r[contract.OBJECT_TEXT]) == [b"berry"] for r in written.values())
