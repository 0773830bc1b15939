"""Kinds behind round fourteen's six wrong-with-exit-0 blind cases (issue 30), each on neighbours of
its kind the blind batch does not name, and an ambiguous twin the mend must leave alone
(tests/layouts/test_blind_round_fourteen.py judges the blind cases themselves):

- folders differing only by a number named like a partition (`fold1/`, `cv2/`, `batch_1/`,
  `set3/`) are never classes, nor a fold's list (`fold1.txt`) a concept: the run stops, naming
  `--label-from-name` where the names differ by words once their numbers go (Brazilian Coffee
  Scenes' `coffee.28.301.jpg`; UrbanSound8K's ten `fold<k>/` named after its metadata CSV's
  `<fsID>-<classID>-<occurrenceID>-<sliceID>` names there are no words, and no hint);
- Pascal VOC annotations beside each image inside class folders naming other objects than the
  folder (LogoDet-3K's `Food/lays/1.xml`) stopped here; since branch beside they are the objects
  (beam_jobs/discover/voc_beside.py); those naming their folder (Kaggle's ImageNet
  `train/<wnid>/<wnid>_<n>.xml`) are set aside as before;
- a box table per folder whose rows name the folder's images (UEC FOOD 100/256's `<id>/bb_info.txt`
  `img x1 y1 x2 y2`; a CSV of the same rows) stopped; since branch beside its boxes are objects of
  the folder's class (beam_jobs/discover/folder_tables.py); a per-folder list of names alone is no table;
- a folder whose images share stems with another folder's and are grey of few values, even saved
  in three channels (STARE's `im0001.ah.ppm`, HRF's `manual1/`), is never a class: the stop names
  every such folder; a class of colour drawings beside photos of the same names is left a class;
- split-named folders with an affix (CRACK500's `traincrop/`, the Medical Segmentation Decathlon's
  `imagesTr/`, `imagesTs/`) are never classes: the stop names `--label-level 0`; `trainers/` (shoes)
  beside `boots/` stays a class;
- a `.csv` whose rows split evenly only as `;`-separated cells quoted with `'` (10kGNAD) or
  another unread dialect stops; a comma table whose texts hold apostrophes and semicolons is read.

Layouts from memory of each download's page, its file names as the loaders read them.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import run_shardify
from helpers.refusals import refusal
from helpers.sources import image_bytes, write_file


def _plan(src: Path, tmp_path: Path) -> str:
    done = run_shardify("convert", "--dry-run", str(src), str(tmp_path / "plan"))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _grey(seed: int, channels: str = "RGB", fmt: str = "PNG") -> bytes:
    """A two-valued mask (0 and 255), saved in `channels`."""
    pixels = (np.random.default_rng(seed).random((16, 20)) > 0.5).astype(np.uint8) * 255
    buffer = io.BytesIO()
    Image.fromarray(pixels, "L").convert(channels).save(buffer, fmt)
    return buffer.getvalue()


# --- folds and numbered partitions -------------------------------------------------------------

@pytest.mark.parametrize("word", ["fold", "cv", "batch_", "set"])
def test_numbered_partitions_are_never_classes(word: str, tmp_path: Path) -> None:
    src = tmp_path / "src"
    for k in (1, 2, 3):
        for i in range(3):
            cls = ("forest", "river", "meadow")[(i + k) % 3]
            write_file(src / f"{word}{k}/{cls}_{k}{i:02d}.jpg", image_bytes(seed=10 * k + i))
        write_file(src / f"{word}{k}.txt", "".join(f"{('forest', 'river', 'meadow')[(i + k) % 3]}_{k}{i:02d}\n" for i in range(3)))
    said = refusal(src, tmp_path / "out")
    assert f"{word}1/" in said and "--label-from-name" in said and "concept" not in said


def test_ten_numbered_folds_of_unnamed_files_stop_without_a_name_hint(tmp_path: Path) -> None:
    src = tmp_path / "UrbanSound8K/audio"
    for k in range(1, 4):
        for i in range(3):
            write_file(src / f"fold{k}/{100263 + 7 * i + k}-{i}-0-{k}.png", image_bytes(seed=k * 5 + i, fmt="PNG"))
    said = refusal(tmp_path / "UrbanSound8K", tmp_path / "out")
    assert "fold1/" in said and "--label-from-name" not in said and "--labels FILE" in said


def test_numbered_class_folders_not_named_as_parts_stay_classes(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for k in (1, 2):
        for i in range(3):
            write_file(src / f"class{k}/img_{i}.jpg", image_bytes(seed=k * 3 + i))
    assert "class1=3, class2=3" in _plan(src, tmp_path)


# --- annotations beside the images in class folders --------------------------------------------

def _voc(name: str, objects: list[str]) -> str:
    boxes = "".join(f"<object><name>{o}</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>9</xmax><ymax>9</ymax></bndbox></object>"
                    for o in objects)
    return f"<annotation><filename>{name}</filename><size><width>24</width><height>16</height></size>{boxes}</annotation>\n"


@pytest.mark.parametrize("folders", [("Food/lays", "Food/oreo", "Sports/nike"), ("lays", "oreo", "nike")])
def test_annotations_naming_other_objects_than_their_class_folder_are_the_objects(folders: tuple[str, ...], tmp_path: Path) -> None:
    # (since branch beside: read as objects, the folders grouping the images; tests/layouts/test_beside_annotations.py)
    src = tmp_path / "src"
    for j, folder in enumerate(folders):
        brand = folder.rsplit("/", 1)[-1]
        for n in (1, 2):
            write_file(src / f"{folder}/{n}.jpg", image_bytes(seed=j * 2 + n))
            write_file(src / f"{folder}/{n}.xml", _voc(f"{n}.jpg", [f"{brand}-1", "wordmark"][:n]))
    plan = _plan(src, tmp_path)
    assert "Pascal VOC annotations beside the images" in plan and "objects: 9 (lays-1=2, nike-1=2, oreo-1=2, wordmark=3)" in plan


def test_annotations_naming_their_class_folder_are_set_aside_as_before(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for j, wnid in enumerate(("n01440764", "n01443537")):
        for n in (10026, 10027):
            write_file(src / f"train/{wnid}/{wnid}_{n}.JPEG", image_bytes(seed=j + n))
            write_file(src / f"train/{wnid}/{wnid}_{n}.xml", _voc(f"{wnid}_{n}", [wnid]))
    assert "n01440764=2, n01443537=2" in _plan(src, tmp_path)


# --- a box table per folder ---------------------------------------------------------------------

@pytest.mark.parametrize("table", ["bb_info.txt", "boxes.csv"])
def test_a_box_table_per_folder_naming_its_images_gives_the_objects(table: str, tmp_path: Path) -> None:
    # (since branch beside: its header names the corners; tests/layouts/test_beside_annotations_tables.py)
    src = tmp_path / "UECFOOD100"
    write_file(src / "category.txt", "id\tname\n1\trice\n2\tsushi\n")
    for ident in ("1", "2"):
        rows = ["img x1 y1 x2 y2" if table.endswith(".txt") else "img,x1,y1,x2,y2"]
        for stem in (int(ident) * 10, int(ident) * 10 + 1):
            write_file(src / f"{ident}/{stem}.jpg", image_bytes(seed=stem))
            rows.append(f"{stem} 1 2 9 12" if table.endswith(".txt") else f"{stem},1,2,9,12")
        write_file(src / f"{ident}/{table}", "\n".join(rows) + "\n")
    plan = _plan(src, tmp_path)
    assert f"1/{table}" in plan and "objects: 4 (1=2, 2=2)" in plan


def test_a_list_of_names_per_folder_is_no_box_table(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for ident in ("cat", "dog"):
        names = [f"{ident}{n}" for n in range(3)]
        for n, stem in enumerate(names):
            write_file(src / f"{ident}/{stem}.jpg", image_bytes(seed=n + len(ident)))
        write_file(src / f"{ident}/list.txt", "\n".join(f"{stem} 1" for stem in names) + "\n")
    assert "cat=3, dog=3" in _plan(src, tmp_path)


# --- masks of few grey values beside images of the same names -----------------------------------

@pytest.mark.parametrize("layout", ["stare", "hrf"])
def test_grey_masks_of_the_images_stems_are_never_a_class(layout: str, tmp_path: Path) -> None:
    src = tmp_path / "src"
    for n in range(1, 4):
        if layout == "stare":  # two observers' masks, grey in P6 .ppm files
            write_file(src / f"stare-images/im{n:04d}.ppm", image_bytes(seed=n, fmt="PPM"))
            write_file(src / f"labels-ah/im{n:04d}.ah.ppm", _grey(n, fmt="PPM"))
            write_file(src / f"labels-vk/im{n:04d}.vk.ppm", _grey(n + 9, fmt="PPM"))
        else:  # HRF: images/01_h.jpg, manual1/01_h.tif (here an RGB PNG of two greys), an observer's copy
            write_file(src / f"images/{n:02d}_h.png", image_bytes(seed=n, fmt="PNG"))
            write_file(src / f"manual1/{n:02d}_h.png", _grey(n))
            write_file(src / f"manual2/{n:02d}_h.png", _grey(n + 9))
    said = refusal(src, tmp_path / "out")
    first, second = ("labels-ah/", "labels-vk/") if layout == "stare" else ("manual1/", "manual2/")
    assert first in said and second in said and "mask_folders" in said


def test_colour_drawings_in_three_channels_beside_paintings_of_the_same_names_stay_a_class(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for n in range(1, 4):
        write_file(src / f"paintings/{n}.png", image_bytes(seed=n, fmt="PNG"))
        # a drawing of a few colours, saved as RGB (a palette PNG would read as a mask's indices)
        drawing = Image.open(io.BytesIO(image_bytes(seed=n + 20, fmt="PNG", mode="P"))).convert("RGB")
        buffer = io.BytesIO()
        drawing.save(buffer, "PNG")
        write_file(src / f"sketches/{n}.png", buffer.getvalue())
    assert "paintings=3, sketches=3" in _plan(src, tmp_path)


# --- split folders with an affix ----------------------------------------------------------------

@pytest.mark.parametrize("names", [("traincrop", "valcrop", "testcrop"), ("imagesTr", "imagesTs")])
def test_split_folders_with_an_affix_are_never_classes(names: tuple[str, ...], tmp_path: Path) -> None:
    src = tmp_path / "src"
    for j, folder in enumerate(names):
        pairs = []
        for i in range(2):
            write_file(src / f"{folder}/case_{j}{i}.jpg", image_bytes(seed=j * 2 + i))
            pairs.append(f"{folder}/case_{j}{i}.jpg")
        if folder.endswith("crop"):  # CRACK500's split lists, `train.txt` naming `traincrop/<stem>.jpg`
            write_file(src / f"{folder.removesuffix('crop')}.txt", "\n".join(pairs) + "\n")
    said = refusal(src, tmp_path / "out")
    assert f"{names[0]}/" in said and "--label-level 0" in said


def test_a_class_whose_name_begins_with_a_split_word_stays_a_class(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for j, shoe in enumerate(("trainers", "boots", "sandals")):
        for i in range(2):
            write_file(src / f"{shoe}/{shoe}_{i}.jpg", image_bytes(seed=j * 2 + i))
    assert "boots=2, sandals=2, trainers=2" in _plan(src, tmp_path)


# --- a table's dialect --------------------------------------------------------------------------

@pytest.mark.parametrize("separator", [";", "|"])
def test_rows_quoted_with_apostrophes_are_read_and_their_few_topic_words_stop(separator: str, tmp_path: Path) -> None:
    # (since textkinds the `'` quoting is read: tests/layouts/test_textkinds_quoted_tables.py; five rows
    # of three topics are too few to tell labels from names, and the stop names --label-column 1)
    src = tmp_path / "src"
    for split, rows in (("train", 5), ("test", 3)):
        lines = [f"{('Sport', 'Kultur', 'Etat')[i % 3]}{separator}'Ein Text, mit Komma{separator} und {split} {i}'"
                 for i in range(rows)]
        write_file(src / f"{split}.csv", "\n".join(lines) + "\n")
    said = refusal(src, tmp_path / "out")
    assert "--label-column 1" in said and "train.csv" in said


def test_a_comma_table_with_apostrophes_and_semicolons_in_its_texts_is_read(tmp_path: Path) -> None:
    src = tmp_path / "src"
    rows = ["label,text"] + [f"{('pos', 'neg')[i % 2]},\"it's fine; don't, {i}\"" for i in range(6)]
    write_file(src / "train.csv", "\n".join(rows) + "\n")
    assert "neg=3, pos=3" in _plan(src, tmp_path)
