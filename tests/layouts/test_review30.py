"""review30: the last session's later rules (percent boxes, joined tags, crossed names, per-image JSON with
boxes) tried on neighbours the authors did not build, near misses and hostile twins.

- A `.json` beside each image read as a WebDataset sample's label member dropped the boxes it held with exit 0:
  `{"label", "bbox"}` exports (the label read, the boxes lost) and Open Images' WebDataset shards (a list of
  `XMin` .. `YMax` rows an image: written unlabelled, in a folder or a tar). They stop, naming the box key
  (beam_jobs/discover/sample_documents.py, shardify/plan/box_keys.py); the unread-annotation stop over JSON
  restating its folder's class takes the plural keys too (`bboxes`, `boxes`).
- A label column where one cell in five joins tags the column holds alone (`Drama, Romance` beside `Drama` and
  `Romance`) was read whole, each combination a class, exit 0; it stops as a column of joined tags does
  (converters/joined_tags.py, `_combinations`). One such cell alone is still a name with a comma.
- Crossed two-word class folders: the Apparel dataset's Turkish copies (`kırmızı_elbise`) and a grid beside one
  `misc/` folder were one class each with exit 0; they stop. Two-word names crossing by chance (Food-101's
  `chocolate_cake`, `carrot_cake`, `beef_tartare`, `tuna_tartare`) had stopped; they convert (plan/crossed_names.py).
- Percent boxes: one `nan` box, a number written as text (`"12.5"`, which the converter reads) or a box ending at
  100.00000000000001 (a float's rounding at the image's edge) among the first documents, or thumbnails sharing the
  photos' stems (only one image a stem was asked its size), read every percent box of the folder as pixels with
  exit 0; they stop as the plain case does (beam_jobs/discover/percent_boxes.py).
- Numbers beside texts: sentiments of `-1`, `0`, `1` (or decimal scores) beside sentences were read a class per file,
  exit 0; signed and decimal numbers alone stop as whole ones do (beam_jobs/discover/line_files.py).
- A lone column of words beside the text with two blank cells (rows without a label) was written unlabelled, exit 0
  (converters/label_columns.py, `_lone_words`).
- A table pairing each image with its mask where one mask cell is `nan` (or a bare stem) labelled each image by its
  mask's name, exit 0 (shardify/plan/keyed_tables.py, `_image_names`; beam_jobs/discover/key_paths.py, `_masks_of`).
"""

from __future__ import annotations

import csv
import doctest
import io
import json
import tarfile
from pathlib import Path

import numpy as np
import pytest

from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.discover import percent_boxes, sample_documents
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import joined_tags
from shardify.plan import box_keys, crossed_names


@pytest.mark.parametrize("module", [box_keys, crossed_names, joined_tags, percent_boxes, sample_documents])
def test_the_docstring_examples_hold(module) -> None:
    assert doctest.testmod(module).failed == 0


def _labels(out: Path) -> dict:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


# ------------------------------------------------------------------------------------------------
# A sample's .json holding boxes
# ------------------------------------------------------------------------------------------------

def _label_and_boxes(root: Path, key: str, folders: bool) -> Path:
    for cls in ("cat", "dog", "bird"):
        for i in range(4):
            folder = root / cls if folders else root / "images"
            image_file(folder / f"{cls}{i}.jpg", f"{cls}{i}", 64, 48)
            text_file(folder / f"{cls}{i}.json", json.dumps({"label": cls, key: [[2, 3, 18, 27]]}))
    return root


@pytest.mark.parametrize(("key", "folders"), [("bbox", False), ("bboxes", True), ("boxes", True)])
def test_a_label_member_holding_boxes_stops_naming_its_key(tmp_path: Path, key: str, folders: bool) -> None:
    """`{"label": "cat", "bbox": [...]}` beside each image: read as a WebDataset label, its boxes were dropped, exit 0."""
    said = refusal(_label_and_boxes(tmp_path / "src", key, folders), tmp_path / "out")
    assert f"holds boxes (its key {key!r})" in said and ".json" in said and "--layout webdataset" in said


def test_the_stop_s_own_option_keeps_the_labels_knowingly(tmp_path: Path) -> None:
    root = _label_and_boxes(tmp_path / "src", "bbox", False)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), layout="webdataset"))
    assert _labels(tmp_path / "out")["images/dog2.jpg"] == frozenset({"dog"})


def _open_images_rows(root: Path) -> list[Path]:
    """Open Images' WebDataset shards (storage.googleapis.com/nvdata-openimages, read in pytorch/data's docs): `<id>.jpg`
    beside `<id>.json`, the json a list of the image's box rows (ImageID, LabelName, XMin .. YMax)."""
    made = []
    for i in range(8):
        key = f"{0xe39871fd9fd74f55 + i * 977:016x}"
        image_file(root / f"{key}.jpg", key, 64, 48)
        rows = [{"ImageID": key, "Source": "xclick", "LabelName": "/m/01g317", "Confidence": "1",
                 "XMin": "0.1", "XMax": "0.5", "YMin": "0.2", "YMax": "0.6"}]
        text_file(root / f"{key}.json", json.dumps(rows))
        made += [root / f"{key}.jpg", root / f"{key}.json"]
    return made


def test_open_images_box_rows_stop_in_a_folder_and_in_a_tar(tmp_path: Path) -> None:
    """Written unlabelled, every box dropped, with exit 0: in a folder and in a tar alike."""
    made = _open_images_rows(tmp_path / "files")
    assert "holds boxes (its key 'XMin')" in refusal(tmp_path / "files", tmp_path / "out")
    (tmp_path / "tarred").mkdir()
    with tarfile.open(tmp_path / "tarred" / "openimages-train-000000.tar", "w") as tar:
        for path in made:
            tar.add(path, arcname=path.name)
    assert "holds boxes (its key 'XMin')" in refusal(tmp_path / "tarred", tmp_path / "out2")


def test_hostile_twin_a_label_member_with_an_empty_box_list_converts(tmp_path: Path) -> None:
    """`"bboxes": []` holds no box: the label member reads as before."""
    root = tmp_path / "src"
    for cls in ("cat", "dog"):
        for i in range(4):
            image_file(root / cls / f"{cls}{i}.jpg", f"{cls}{i}", 64, 48)
            text_file(root / cls / f"{cls}{i}.json", json.dumps({"label": cls, "bboxes": [], "box_count": 0}))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert _labels(tmp_path / "out")["dog/dog1.jpg"] == frozenset({"dog"})


def test_json_restating_its_folder_with_plural_box_keys_is_no_agreement() -> None:
    from shardify.plan.unread_annotations import names_inputs

    inputs = [f"Diptera/{n}.jpg" for n in ("a1", "b2", "c3", "d4")]
    lines = ['{"asset": {"name": "a1.jpg"}, "regions": [{"tags": ["Diptera"], "boxes": [[1, 2, 5, 6]]}]}']
    found = names_inputs("Diptera/annotations/a1-asset.json", lines, inputs, lambda p: p.split("/")[0], least=1)
    assert found is not None and "with boxes" in found.sign


# ------------------------------------------------------------------------------------------------
# Joined tags: a minority of combinations
# ------------------------------------------------------------------------------------------------

_GENRES = ["Drama", "Comedy", "Drama, Romance", "Action", "Comedy", "Horror", "Drama", "Action, Thriller", "Comedy, Romance",
           "Horror", "Drama", "Action", "Comedy", "Thriller", "Drama, Comedy", "Romance", "Action", "Drama", "Horror, Thriller",
           "Comedy", "Drama", "Action", "Comedy", "Thriller", "Drama", "Romance", "Action", "Drama", "Horror", "Comedy"]
_WORDS = ["the", "a", "quiet", "storm", "over", "river", "town", "people", "find", "hidden", "secret", "while", "love",
          "grows", "slowly", "amid", "danger", "night"]


def _movies(root: Path, label: str, separator: str) -> Path:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["title", "overview", label])
    for i, genre in enumerate(_GENRES):
        overview = " ".join(_WORDS[(i * 7 + k) % len(_WORDS)] for k in range(14)) + f" number {i}."
        writer.writerow([f"Film {i}", overview, genre.replace(", ", separator)])
    text_file(root / "movies.csv", buffer.getvalue())
    return root


@pytest.mark.parametrize(("label", "separator"), [("label", ", "), ("genre", "|")])
def test_a_few_combinations_of_the_column_s_own_tags_stop(tmp_path: Path, label: str, separator: str) -> None:
    """One film in five `Drama, Romance`: read whole, a class of its own beside `Drama` and `Romance`, exit 0."""
    said = refusal(_movies(tmp_path / "src", label, separator), tmp_path / "out")
    assert f"--label-column {label!r} --label-separator {separator.strip()!r}" in said


def test_the_offered_separator_converts_each_tag(tmp_path: Path) -> None:
    root = _movies(tmp_path / "src", "genre", "|")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="genre", label_separator="|"))
    labels = _labels(tmp_path / "out")
    assert labels["movies.csv:2"] == frozenset({"drama", "romance"}) and labels["movies.csv:0"] == frozenset({"drama"})


def test_near_misses_of_combinations() -> None:
    assert joined_tags.joined_separator(["cat", "dog", "cat, dog", "bird", "dog"]) == ""  # one joined cell: a name
    assert joined_tags.joined_separator(["Paris, France", "Lyon", "Paris", "Nice, France", "Lyon"] * 2) == ""  # 'France' never alone
    assert joined_tags.joined_separator(["3", "4", "3, 4", "3, 4", "4"]) == ""  # numbers: another reader's


# ------------------------------------------------------------------------------------------------
# Crossed two-word class folders
# ------------------------------------------------------------------------------------------------

def _folders(root: Path, names: list[str]) -> Path:
    for name in names:
        for i in range(3):
            image_file(root / name / f"{i}.jpg", f"{name}{i}")
    return root


def test_a_turkish_copy_of_the_apparel_grid_stops(tmp_path: Path) -> None:
    names = [f"{c}_{g}" for c in ("kırmızı", "beyaz", "siyah") for g in ("elbise", "şort")]
    said = refusal(_folders(tmp_path / "src", names), tmp_path / "out")
    assert "join two words" in said and "--label-level 1" in said


def test_a_grid_beside_one_other_folder_stops(tmp_path: Path) -> None:
    names = [f"{c}_{g}" for c in ("black", "blue", "red") for g in ("dress", "pants", "shoes")] + ["misc"]
    said = refusal(_folders(tmp_path / "src", names), tmp_path / "out")
    assert "join two words" in said and "black_dress/" in said


def test_two_word_dishes_crossing_by_chance_convert(tmp_path: Path) -> None:
    """Food-101's two-word classes (tensorflow/datasets' food101 names): a few cross, the grid mostly empty."""
    names = ["beef_carpaccio", "beef_tartare", "tuna_tartare", "chocolate_cake", "chocolate_mousse", "carrot_cake",
             "chicken_curry", "chicken_wings", "french_fries", "french_toast", "beet_salad", "greek_salad"]
    run_conversion(ConvertConfig(str(_folders(tmp_path / "src", names)), str(tmp_path / "out")))
    assert _labels(tmp_path / "out")["beef_tartare/1.jpg"] == frozenset({"beef_tartare"})


# ------------------------------------------------------------------------------------------------
# Percent boxes: hostile twins among the first documents
# ------------------------------------------------------------------------------------------------

def _percent_folder(root: Path, odd: dict, thumbs: bool = False) -> Path:
    from PIL import Image

    for i in range(6):
        (root / "images").mkdir(parents=True, exist_ok=True)
        pixels = np.random.default_rng(i).integers(0, 256, (480, 640, 3), dtype=np.uint8)
        Image.fromarray(pixels).save(root / "images" / f"img{i}.jpg")
        if thumbs:
            image_file(root / "thumbs" / f"img{i}.jpg", f"t{i}", 64, 48)
        box = {"label": ("cat", "person")[i % 2], "x": 10.5 + i, "y": 20.25, "width": 30.5, "height": 40.0}
        text_file(root / "labels" / f"img{i}.json", json.dumps({"boxes": [{**box, **odd} if i == 2 else box]}))
    return root


@pytest.mark.parametrize("odd", [
    {"x": 64.16275430359939, "width": 35.83724569640063},  # ends at 100.00000000000001: the image's right edge
    {"x": "12.5"},  # a number written as text, which the converter reads
    {"x": float("nan")},  # a box the converter rejects: no sign either way
], ids=["rounding", "text", "nan"])
def test_one_odd_box_among_the_first_documents_still_stops(tmp_path: Path, odd: dict) -> None:
    said = refusal(_percent_folder(tmp_path / "src", odd), tmp_path / "out")
    assert "whose every number lies within 0..100" in said and "(percent)' reads percent" in said


def test_thumbnails_sharing_the_stems_hide_no_large_image(tmp_path: Path) -> None:
    """`thumbs/img0.jpg` (64x48) sorted after `images/img0.jpg` (640x480): only the thumbnail's size was asked, and
    the percent boxes were read as pixels on the photos, exit 0."""
    said = refusal(_percent_folder(tmp_path / "src", {}, thumbs=True), tmp_path / "out")
    assert "640x480 pixels (images/img0.jpg)" in said


def test_hostile_twin_a_box_past_100_by_a_pixel_still_reads_pixels(tmp_path: Path) -> None:
    root = _percent_folder(tmp_path / "src", {"x": 70.0, "width": 31.0})  # ends at 101: no rounding
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert len(written_records(tmp_path / "out")["records"]) == 6


# ------------------------------------------------------------------------------------------------
# Numbers beside texts: signed and decimal numbers
# ------------------------------------------------------------------------------------------------

_TWEET_WORDS = ["what", "a", "day", "today", "i", "cannot", "believe", "this", "happened", "so", "angry", "and", "sad",
                "but", "also", "hopeful", "for", "tomorrow"]


def _sentiment_folders(root: Path, values: list[str]) -> Path:
    for split, n in (("train", 24), ("dev", 8), ("test", 10)):
        texts = [" ".join(_TWEET_WORDS[(i * 3 + k + len(split)) % len(_TWEET_WORDS)] for k in range(9)) + f" {split}{i}"
                 for i in range(n)]
        text_file(root / split / "sents.txt", "\n".join(texts) + "\n")
        text_file(root / split / "sentiments.txt", "\n".join(values[(i * 7) % 3] for i in range(n)) + "\n")
    return root


@pytest.mark.parametrize("values", [["-1", "0", "1"], ["0.5", "1.0", "-0.25"]], ids=["signed", "decimal"])
def test_signed_or_decimal_numbers_beside_texts_stop(tmp_path: Path, values: list[str]) -> None:
    """sentiments.txt of -1/0/1 beside sents.txt in train/, dev/, test/: written as texts of the class 'sentiments'
    beside texts of the class 'sents', exit 0. It stops as whole numbers do, and its layout file converts right."""
    root = _sentiment_folders(tmp_path / "src", values)
    said = refusal(root, tmp_path / "out")
    assert "hold numbers alone" in said and "train/sentiments.txt" in said and "split_folders: [dev, test, train]" in said


def test_the_signed_stop_s_layout_file_reads_each_line_s_label(tmp_path: Path) -> None:
    from shardify.plan import layout_file

    root = _sentiment_folders(tmp_path / "src", ["-1", "0", "1"])
    pairs = ", ".join(f"{{path: {s}/sents.txt, labels: {s}/sentiments.txt}}" for s in ("dev", "test", "train"))
    spec = layout_file.loads(f"shardify_layout: 1\nlayout: tables\nmedia: text\nline_files: [{pairs}]\n"
                             "split_folders: [dev, test, train]\n", where="layout.yaml")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), layout_given=spec.layout))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 42
    assert records["train/sents.txt:1"] == ("train", frozenset({"0"})) and records["dev/sents.txt:0"] == ("validation", frozenset({"-1"}))


# ------------------------------------------------------------------------------------------------
# A lone column of words beside the text, some cells blank
# ------------------------------------------------------------------------------------------------

_SENTENCES = [
    "Nature in the broadest sense is the natural world", "le monde est grand et beau aujourd hui", "el mundo es grande y hermoso",
    "die Welt ist gross und schoen heute", "il mondo e grande e bello", "de wereld is groot en mooi", "varlden ar stor och vacker",
    "dunya buyuk ve guzel", "verden er stor og smuk", "mir bolshoi i krasivyi", "it was a bright cold day in April",
    "nous allons a la plage demain matin", "o kosmos einai megalos", "duniya badi aur sundar hai", "al alam kabir wa jamil",
    "ulagam periyathu", "jagattu dodddu", "lokam valuthanu", "o mundo e grande e bonito", "vamos a la playa manana"]
_LANGUAGES = ["English", "French", "Spanish", "German", "Italian", "Dutch", "Swedish", "Turkish", "Danish", "Russian", "English",
              "French", "Greek", "Hindi", "Arabic", "Tamil", "Kannada", "Malayalam", "Portugeese", "Spanish"]


def test_blank_cells_hide_no_lone_word_column(tmp_path: Path) -> None:
    """Language Detection's `Text,Language` with two languages blank: written unlabelled with exit 0 (blank cells
    counted as words that are none); it stops naming --label-column as without them."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["Text", "Language"])
    for i, (sentence, language) in enumerate(zip(_SENTENCES, _LANGUAGES)):
        writer.writerow([sentence, "" if i in (3, 9) else language])
    text_file(tmp_path / "src" / "Language Detection.csv", buffer.getvalue())
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column 'Language'" in said


# ------------------------------------------------------------------------------------------------
# A table pairing each image with its mask, one mask cell naming no file
# ------------------------------------------------------------------------------------------------

def _flood(root: Path, odd: str) -> Path:
    from PIL import Image

    rows = ["Image,Mask"]
    for i, n in enumerate((0, 1, 2, 10, 1001, 3046, 5, 6)):
        image_file(root / "Image" / f"{n}.jpg", f"fl{n}")
        mask = np.zeros((16, 20), np.uint8)
        mask[2 + i % 4:11, 3:12] = 255
        (root / "Mask").mkdir(parents=True, exist_ok=True)
        Image.fromarray(mask, "L").save(root / "Mask" / f"{n}.png")
        rows.append(f"{n}.jpg,{odd if i == 3 else f'{n}.png'}")
    text_file(root / "metadata.csv", "\n".join(rows) + "\n")
    return root


@pytest.mark.parametrize("odd", ["nan", "10"])
def test_a_mask_column_with_a_cell_naming_no_file_is_no_label_column(tmp_path: Path, odd: str) -> None:
    """Flood Area Segmentation's `Image,Mask` with one mask cell `nan` (or a bare stem): the column was the label
    again, each image labelled by its mask's name, exit 0. It stops as the plain table does, naming the masks'
    --exclude, and following it writes the images unlabelled, the masks no records."""
    root = _flood(tmp_path / "src", odd)
    said = refusal(root, tmp_path / "out")
    assert "--label-level 0" in said and "--exclude" in said and "Mask" in said
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_level=0, exclude=("Mask",)))
    records = written_records(tmp_path / "followed")["records"]
    assert sorted(records) == sorted(f"Image/{n}.jpg" for n in (0, 1, 2, 10, 1001, 3046, 5, 6))
    assert all(labels is None for _, labels in records.values())
