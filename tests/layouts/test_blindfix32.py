"""The wrong exits 0 of blind round thirty-two (tests/helpers/blind32.py), mended by kind: the case, a neighbour
not in the batch, and hostile twins that must convert as before.

- a table pairing each image with its mask by file name (Flood Area Segmentation's metadata.csv `Image,Mask`) was
  read as a label table, each image labelled by its mask's name; a column whose every cell names an image file is no
  label column (shardify/plan/keyed_tables.py, `_image_names`), and the stop then names `--label-level 0` with the
  `--exclude` of the masks' folder (beam_jobs/discover/key_paths.py, `mask_excludes`).
- a table of a text and one column of single words, too few rows repeating them for labels (Language Detection's
  `Text,Language`), was written unlabelled; the lone column stops naming `--label-column` (converters/label_columns.py,
  `_lone_words`). A lone column whose cells all differ stays a feature.
- per-image JSON files that restate their folder's class and hold boxes (ArTaxOr's VoTT `<id>-asset.json`) were read
  as agreeing with the folders, their boxes dropped; they stop (shardify/plan/unread_annotations.py, `_BOX_KEY`).
  JSON files restating the class without boxes still agree.
- class folders whose names join two words that cross (the Apparel images dataset's `black_dress`, `blue_dress`,
  `black_pants`: a colour and a garment each, multi-label) were one class each; they stop naming a labels file and
  the level that keeps them (shardify/plan/crossed_names.py). A family of names crossing at one word only
  (`apple_healthy`, `grape_healthy`) converts as before.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from helpers.blind32 import DATASETS, FOLLOW
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def _labels(out: Path) -> dict:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


def _mask(path: Path, i: int) -> None:
    from PIL import Image

    mask = np.zeros((16, 20), dtype=np.uint8)
    mask[2 + i % 4:11, 3:12 + i % 5] = 255
    buf = io.BytesIO()
    Image.fromarray(mask, "L").save(buf, "PNG")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


@pytest.mark.parametrize("name", ["flood", "language_detection"])
def test_the_cases_stop_naming_what_converts_them_right(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert all(names_option(message, key) for key in FOLLOW[name])
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW[name]))
    assert_right(truth, tmp_path / "followed", truth.aliases)


# ---- a table pairing images and masks ---------------------------------------------------------------------

def _paired(root: Path, header: str, image_dir: str, mask_dir: str, n: int = 6) -> None:
    rows = [header]
    for i in range(n):
        _image(root / image_dir / f"tile_{i:03d}.jpg", f"pair{i}")
        _mask(root / mask_dir / f"tile_{i:03d}.png", i)
        rows.append(f"tile_{i:03d}.jpg,tile_{i:03d}.png")
    _text(root / "pairs.csv", "\n".join(rows) + "\n")


def test_a_neighbours_pairs_table_labels_nothing_and_its_stop_leaves_the_masks_out(tmp_path: Path) -> None:
    root = tmp_path / "roads"
    _paired(root, "sat_image,road_mask", "sat", "gt")
    message = refusal(root, tmp_path / "out")
    assert "--label-level 0 --exclude gt" in message and "tile_000.png=" not in message
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_level=0, exclude=("gt",)))
    labels = _labels(tmp_path / "followed")
    assert sorted(labels) == [f"sat/tile_{i:03d}.jpg" for i in range(6)] and set(labels.values()) == {None}


def test_a_table_of_images_and_class_words_still_labels_them(tmp_path: Path) -> None:
    root = tmp_path / "pets"
    for i in range(8):
        _image(root / "images" / f"p{i}.jpg", f"pet{i}")
    _text(root / "labels.csv", "image,label\n" + "".join(f"p{i}.jpg,{('cat', 'dog')[i % 2]}\n" for i in range(8)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    labels = _labels(tmp_path / "out")
    assert labels["images/p1.jpg"] == frozenset({"dog"}) and labels["images/p2.jpg"] == frozenset({"cat"})


# ---- a text and one column of words -----------------------------------------------------------------------

def test_a_neighbours_lone_column_of_words_stops_naming_it(tmp_path: Path) -> None:
    root = tmp_path / "quotes"
    authors = ["austen", "bronte", "dickens", "eliot", "hardy", "joyce", "kafka", "orwell", "austen", "woolf",
               "dickens", "tolstoy"]
    _text(root / "quotes.csv", "sentence,author\n" + "".join(
        f"\"It was a line number {i}, and a quiet one\",{a}\n" for i, a in enumerate(authors)))
    message = refusal(root, tmp_path / "out")
    assert "--label-column 'author'" in message


def test_a_lone_column_whose_cells_all_differ_stays_a_feature(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    words = ["amber", "basil", "cedar", "delta", "ember", "fjord", "grove", "heron", "inlet", "juniper", "kelp", "lotus"]
    _text(root / "notes.csv", "text,codename\n" + "".join(f"\"Some note {i}, written down\",{w}\n" for i, w in enumerate(words)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert set(_labels(tmp_path / "out").values()) == {None}


# ---- per-image JSON restating the folder's class beside boxes ---------------------------------------------

def _insects(root: Path, boxes: bool) -> None:
    for c, order in enumerate(("Araneae", "Diptera", "Odonata")):
        for i in range(3):
            name = f"{c}{i}ab{i}.jpg"
            _image(root / order / name, f"ins{c}{i}")
            doc: dict = {"image": name, "label": order, "photographer": f"someone {i}"}
            if boxes:
                doc["objects"] = [{"tag": order, "bbox": [1 + i, 2, 9, 8]}]
            _text(root / order / "meta" / f"{c * 10 + i:04d}.json", json.dumps(doc, indent=2))


def test_the_case_is_read_since_its_vott_json_has_a_reader(tmp_path: Path) -> None:
    # (it stopped here naming its JSONs until readers31b read VoTT's `-asset.json`: tests/layouts/test_readers31b.py)
    truth = DATASETS["artaxor"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_a_neighbours_per_image_json_with_boxes_stops(tmp_path: Path) -> None:
    _insects(tmp_path / "bugs", boxes=True)
    message = refusal(tmp_path / "bugs", tmp_path / "out")
    assert "meta/" in message and "with boxes" in message


def test_per_image_json_restating_the_class_without_boxes_still_agrees(tmp_path: Path) -> None:
    _insects(tmp_path / "bugs", boxes=False)
    run_conversion(ConvertConfig(str(tmp_path / "bugs"), str(tmp_path / "out")))
    labels = _labels(tmp_path / "out")
    assert labels["Diptera/11ab1.jpg"] == frozenset({"diptera"}) or labels["Diptera/11ab1.jpg"] == frozenset({"Diptera"})


# ---- class folders whose names join two crossing words ----------------------------------------------------

def _folders(root: Path, names: list[str]) -> None:
    for f, name in enumerate(names):
        for i in range(2):
            _image(root / name / f"{f}_{i}.jpg", f"cross{name}{i}")


def test_the_apparel_case_stops_naming_the_separator_and_the_level(tmp_path: Path) -> None:
    truth = DATASETS["apparel"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")  # (since readers31b the separator, not a labels file to write)
    assert "--label-separator '_'" in message and "--label-level 1" in message and "black_dress/" in message


def test_a_neighbours_crossing_hyphenated_folders_stop(tmp_path: Path) -> None:
    _folders(tmp_path / "fruit", ["fresh-apple", "fresh-banana", "fresh-orange", "rotten-apple", "rotten-banana", "rotten-orange"])
    message = refusal(tmp_path / "fruit", tmp_path / "out")
    assert "join two words" in message and "fresh-apple/" in message


def test_a_family_of_joined_names_crossing_at_one_word_converts_as_before(tmp_path: Path) -> None:
    _folders(tmp_path / "leaves", ["apple_scab", "apple_healthy", "grape_rot", "grape_healthy", "peach_spot", "peach_healthy"])
    run_conversion(ConvertConfig(str(tmp_path / "leaves"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out")["grape_rot/2_0.jpg"] == frozenset({"grape_rot"})
