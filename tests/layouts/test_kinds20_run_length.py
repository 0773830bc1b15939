"""Segmentation masks as run-length rows (converters/run_length.py, beam_jobs/discover/run_length_tables.py).

The decode is checked on hand-made images whose pixels are known, against the Kaggle definition (start and
length pairs, pixels from 1, top to bottom then left to right). The stop: Severstal (blind 19: train.csv
`ImageId,ClassId,EncodedPixels`), its neighbour nobody named, Airbus ship detection
(`train_ship_segmentations_v2.csv`: `ImageId,EncodedPixels`, an empty cell for an image of no ship), and the
hostile twins: a table of boxes `x y w h` beside the images (no masks: no such stop) and a sample submission
of `1 1` cells (the format's example).
"""

from __future__ import annotations

import doctest
import io
from pathlib import Path

import pytest
from PIL import Image

from helpers.blind19 import DATASETS
from helpers.refusals import refusal
from helpers.shipped import _image_bytes
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.discover import run_length_tables
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import run_length
from shardify.errors import InvalidInputError


def _pixels(png: bytes) -> list[list[int]]:
    image = Image.open(io.BytesIO(png))
    assert image.mode == "L"
    width, height = image.size
    data = list(image.getdata())
    return [data[r * width:(r + 1) * width] for r in range(height)]


def test_a_hand_made_mask_decodes_column_major() -> None:
    # 3 rows x 4 columns; pixel n (from 1) at row (n-1) % 3, column (n-1) // 3. '2 3' covers pixels 2, 3, 4:
    # column 0 rows 1-2, column 1 row 0; '11 2' (class 2) covers pixels 11, 12: column 3 rows 1-2.
    png = run_length.class_mask_png([(1, "2 3"), (2, "11 2")], 3, 4)
    assert _pixels(png) == [[0, 1, 0, 0],
                            [1, 0, 0, 2],
                            [1, 0, 0, 2]]


def test_an_image_of_no_row_is_all_zero() -> None:
    assert _pixels(run_length.class_mask_png([], 2, 3)) == [[0, 0, 0], [0, 0, 0]]


@pytest.mark.parametrize("runs, why", [
    ("5 3 6 1", "starts before"),   # overlapping runs
    ("11 3", "ends past pixel 12"),  # past the last pixel of 3x4
    ("1 a", "no run-length mask"),
    ("1 3 5", "no run-length mask"),  # an odd count: a start without its length (masks21)
    ("-1 3", "no run-length mask"),  # a negative start
    ("2 0", "is empty"),  # a run of no pixel
    ("0 2", "starts before"),  # pixels are numbered from 1
])
def test_bad_runs_are_refused_saying_why(runs: str, why: str) -> None:
    with pytest.raises(InvalidInputError, match=why):
        run_length.decode_runs(runs, 3, 4)


def test_two_classes_on_one_pixel_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="both cover pixel"):
        run_length.class_mask_png([(1, "1 2"), (3, "2 2")], 3, 4)


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(run_length).failed == 0 and doctest.testmod(run_length_tables).failed == 0


def test_severstal_stops_naming_the_table_the_encoding_and_the_options(tmp_path: Path) -> None:
    truth = DATASETS["severstal"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert said.startswith("train.csv holds segmentation masks as run-length rows: column 'EncodedPixels'"), said
    assert "'ImageId' names (in train_images/), 'ClassId' the class" in said and "test_images/ have no row" in said, said
    assert "--label-level 0" in said and "class_mask_png" in said, said
    assert "--labels train.csv --key-column ImageId --label-column ClassId to write each image labelled by its rows'" in said


def test_severstal_converts_right_with_the_class_column(tmp_path: Path) -> None:
    truth = DATASETS["severstal"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file="train.csv", key_column="ImageId",
                                 label_column="ClassId"))
    assert_right(truth, tmp_path / "out")  # (an image of two rows labelled by both classes; the test images unlabelled)


def test_without_a_test_folder_the_label_file_reads_the_rows_alike(tmp_path: Path) -> None:
    # (no split folders: read as a label file, not a keyed table beside them; images of no row are unlabelled)
    import dataclasses
    import shutil

    truth = DATASETS["severstal"](tmp_path / "download")
    shutil.rmtree(truth.root / "test_images")
    (truth.root / "sample_submission.csv").unlink()
    truth = dataclasses.replace(truth, records={k: v for k, v in truth.records.items() if not k.startswith("test_images/")})
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file="train.csv", key_column="ImageId",
                                 label_column="ClassId", max_rejects="50%"))
    assert_right(truth, tmp_path / "out")


def test_a_table_of_one_row_an_image_still_refuses_two_labels(tmp_path: Path) -> None:
    # the twin with no run-length column: a key given twice with two labels is a conflict, never merged
    root = tmp_path / "twin"
    for i in range(12):
        _write(root, f"train_images/{i:04d}.jpg", _image_bytes(str(i), 20, 16))
    rows = [f"{i:04d}.jpg,{1 + i % 3}" for i in range(12)] + ["0001.jpg,3"]
    _write(root, "train.csv", "ImageId,ClassId\n" + "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="train.csv", key_column="ImageId",
                                 label_column="ClassId", max_rejects="50%"))
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "train_images/0001.jpg" in rejected and "give it different labels" in rejected, rejected


def _write(root: Path, rel: str, data: bytes | str) -> None:
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_bytes(data.encode() if isinstance(data, str) else data)


def test_airbus_ships_neighbour_stops_the_same_way(tmp_path: Path) -> None:
    # Airbus Ship Detection (Kaggle 2018): train_v2/<hex9>.jpg, train_ship_segmentations_v2.csv 'ImageId,EncodedPixels'
    # a row per ship (an image of two ships two rows), an empty cell for an image of none; test_v2/ beside
    root = tmp_path / "airbus"
    rows = ["ImageId,EncodedPixels"]
    for i in range(6):
        name = f"{i * 0x3f1a7 + 0xabc:09x}.jpg"
        _write(root, f"train_v2/{name}", _image_bytes(name, 20, 16))
        rows += [f"{name},"] if i % 3 == 0 else [f"{name},{30 + i} 4 {50 + i} 4 {70 + i} 3"] * (1 + i % 2)
    for i in range(2):
        _write(root, f"test_v2/t{i:08x}.jpg", _image_bytes(f"t{i}", 20, 16))
    _write(root, "train_ship_segmentations_v2.csv", "\n".join(rows) + "\n")
    said = refusal(root, tmp_path / "out")
    assert said.startswith("train_ship_segmentations_v2.csv holds segmentation masks as run-length rows"), said
    assert "each row one object's mask" in said and "test_v2/ have no row" in said, said


def test_a_table_of_boxes_is_no_run_length_table(tmp_path: Path) -> None:
    rows = [["image", "bbox"], ["a.jpg", "10 20 30 40"], ["b.jpg", "5 7 20 9"]]
    assert run_length_tables.run_length_columns(rows, ["img/a.jpg", "img/b.jpg"]) is None
    named = [["image", "EncodedPixels"], ["a.jpg", "10 20 30 40"], ["b.jpg", "5 7 20 9"]]
    assert run_length_tables.run_length_columns(named, ["img/a.jpg", "img/b.jpg"]) == ("EncodedPixels", "image", "")


def test_a_sample_submission_alone_is_no_mask_table(tmp_path: Path) -> None:
    root = tmp_path / "sub"
    for i in range(4):
        _write(root, f"test_images/{i:04d}.jpg", _image_bytes(str(i), 20, 16))
    _write(root, "sample_submission.csv", "ImageId,EncodedPixels,ClassId\n" + "".join(f"{i:04d}.jpg,1 1,0\n" for i in range(4)))
    said = refusal(root, tmp_path / "out")  # (the no-labels stop, as before)
    assert "run-length" not in said, said
