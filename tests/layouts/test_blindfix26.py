"""The wrong exit 0 of blind round twenty-six (tests/helpers/blind26.py), mended by kind: each case,
a neighbour not in the batch, and a hostile twin that must convert as before.

- a keyed label table that links its inputs, through a column, to the rows of another table beside it
  stops (IU X-Ray's indiana_projections.csv, `uid` into indiana_reports.csv: its `projection` had been
  written as every image's label; shardify/plan/linked_tables.py);
- a class folder whose files carry the names of some of another class folder's images, each a
  colour-coded mask, stops as a folder of masks (ISPRS Vaihingen's gts_for_participants/, the ground
  truth of half of top/'s tiles: both, and dsm/, had been written as classes;
  shardify/plan/mirror_trees.py: masks for part of the images, and masks of a few colours).

And two useless stops mended, each now a good stop whose own offer converts right:
- `_fg` and `_centers` images beside an image and its `_label` mask are masks too, not records
  (CVPPP's plant001_fg.png, plant001_centers.png: --label-level 0 had written them as records;
  shardify/plan/folder_names.MASK_FOLDER_WORDS);
- split lists named by an abbreviated split word alone beside a list named by a whole one are split
  lists (Vireo Food-172's TR.txt, TE.txt beside VAL.txt: only VAL.txt was read, and --label-level 3
  rejected every image the others list; shardify/plan/folder_names.abbreviated_list_split).
"""

from __future__ import annotations

import doctest
import io
from pathlib import Path

import pytest

from helpers.blind26 import DATASETS, FOLLOW
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import judge_first_command, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.plan import folder_names, linked_tables, mirror_trees


def _colour_mask(path: Path, key: int, colours=((255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 255))) -> None:
    """A colour-coded mask (RGB, a class a colour) of 20x16 pixels."""
    from PIL import Image

    im = Image.new("RGB", (20, 16), colours[0])
    for i, colour in enumerate(colours[1:], 1):
        im.paste(colour, (i * 4 + key % 3, 2, i * 4 + key % 3 + 3, 12))
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    path.write_bytes(buf.getvalue())


def _records(out: Path) -> dict:
    return written_records(out)["records"]


# ------------------------------------------------------------------------------------------------
# A label table linking its inputs to another table's rows
# ------------------------------------------------------------------------------------------------

def test_iu_xray_stops_naming_both_tables_and_the_shared_column(tmp_path: Path) -> None:
    truth = DATASETS["iu_xray"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "indiana_projections.csv" in said and "indiana_reports.csv" in said and "'uid'" in said
    assert "'projection'" in said and "--label-column projection" in said


def _products(root: Path, *, keyed: bool = True) -> Path:
    """A neighbour not in the batch: product photos named by photos.csv (`image,product_id,angle`, a row a
    photo) beside products.csv (`product_id,category,title`, a row a product: the labels); with `keyed`
    False the second table repeats its ids (a row a review, not a product)."""
    rows = ["image,product_id,angle"]
    for i in range(8):
        _image(root / f"photos/p{i}.jpg", f"pr{i}")
        rows.append(f"p{i}.jpg,{100 + i // 2},{('front', 'side')[i % 2]}")
    _text(root / "photos.csv", "\n".join(rows) + "\n")
    if keyed:
        others = ["product_id,category,title"] + [f"{100 + k},{('shoe', 'bag')[k % 2]},item {k}" for k in range(5)]
    else:
        others = ["product_id,stars,review"] + [f"{100 + k // 2},{k % 5 + 1},fine {k}" for k in range(8)]
    _text(root / "products.csv", "\n".join(others) + "\n")
    return root


def test_a_link_table_beside_the_items_table_stops(tmp_path: Path) -> None:
    said = refusal(_products(tmp_path / "src"), tmp_path / "out")
    assert "photos.csv" in said and "products.csv" in said and "'product_id'" in said and "--label-column angle" in said


def test_the_label_column_named_keeps_the_link_tables_reading(tmp_path: Path) -> None:
    src = _products(tmp_path / "src")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="angle"))
    records = _records(tmp_path / "out")
    assert records["photos/p0.jpg"][1] == frozenset({"front"}) and records["photos/p1.jpg"][1] == frozenset({"side"})


def test_hostile_twin_a_second_table_that_repeats_the_ids_is_no_link(tmp_path: Path) -> None:
    """products.csv with each product_id twice (reviews, not products): no table keyed by the column, no stop."""
    src = _products(tmp_path / "src", keyed=False)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 8 and records["photos/p3.jpg"][1] == frozenset({"side"})


def test_hostile_twin_a_column_naming_classes_links_to_a_class_table(tmp_path: Path) -> None:
    """glyphs.csv 'path,glyph_id,glyph' (glyph one value per glyph_id, several rows each) beside glyphs_all.csv, a row a
    glyph (HASYv2's shape): the link column names classes, the other table describes them; labels read, no stop."""
    src = tmp_path / "src"
    rows = ["path,glyph_id,glyph"]
    for i in range(8):
        _image(src / f"glyphs/g{i}.png", f"gl{i}", fmt="PNG")
        rows.append(f"glyphs/g{i}.png,{31 + i % 3},{('alpha', 'beta', 'gamma')[i % 3]}")
    _text(src / "glyphs.csv", "\n".join(rows) + "\n")
    _text(src / "glyphs_all.csv", "glyph_id,latex,samples\n31,\\alpha,3\n32,\\beta,3\n33,\\gamma,2\n34,\\delta,0\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 8 and records["glyphs/g4.png"][1] == frozenset({"beta"})


# ------------------------------------------------------------------------------------------------
# Masks of a few colours for part of another folder's images
# ------------------------------------------------------------------------------------------------

def test_vaihingen_stops_naming_the_ground_truth_folder(tmp_path: Path) -> None:
    truth = DATASETS["vaihingen"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "ISPRS_semantic_labeling_Vaihingen/gts_for_participants/ repeats the file names of" in said
    assert "ISPRS_semantic_labeling_Vaihingen/top/" in said and "structure.mask_folders" in said


def _scenes(root: Path, *, masks: bool = True) -> Path:
    """A neighbour not in the batch: street scenes `frames/<city>_<n>.jpg` beside `annotated/` holding colour
    masks of the same names for 3 of the 6 frames, and `depth/` grey maps for every frame (named otherwise);
    with `masks` False, `annotated/` holds photos (a class whose names repeat another's) and no depth/ is there."""
    for i, city in enumerate(("aachen_000", "bonn_001", "koeln_002", "mainz_003", "trier_004", "ulm_005")):
        _image(root / f"frames/{city}.jpg", f"fr{i}")
        if masks:
            _image(root / f"depth/{city}_depth.jpg", f"dp{i}")
        if i < 3:
            if masks:
                _colour_mask(root / f"annotated/{city}.png", i)
            else:
                _image(root / f"annotated/{city}.png", f"an{i}", fmt="PNG")
    return root


def test_colour_masks_for_half_the_images_stop_as_masks(tmp_path: Path) -> None:
    said = refusal(_scenes(tmp_path / "src"), tmp_path / "out")
    assert "annotated/ repeats the file names of frames/" in said and "structure.mask_folders" in said


def test_hostile_twin_photos_under_the_same_names_stay_a_class(tmp_path: Path) -> None:
    """annotated/ holds photos: a class like the others, written so, whatever its names."""
    src = _scenes(tmp_path / "src", masks=False)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 9 and records["annotated/bonn_001.png"][1] == frozenset({"annotated"})


def test_hostile_twin_numbered_drawings_are_no_partial_mirror(tmp_path: Path) -> None:
    """Flat-colour drawings `drawings/1.png`, `2.png` beside photos `dogs/1.jpg` .. `5.jpg`: numbers repeat across
    real classes, so a class of few-colour images numbered within another's numbers stays a class."""
    src = tmp_path / "src"
    for i in range(1, 6):
        _image(src / f"dogs/{i}.jpg", f"ph{i}")
        if i <= 2:
            _colour_mask(src / f"drawings/{i}.png", i)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert records["drawings/1.png"][1] == frozenset({"drawings"}) and records["dogs/5.jpg"][1] == frozenset({"dogs"})


def test_few_valued_tells_colour_masks_from_photos(tmp_path: Path) -> None:
    _colour_mask(tmp_path / "m.png", 1)
    _image(tmp_path / "p.png", "photo", fmt="PNG")
    assert mirror_trees.few_valued((tmp_path / "m.png").read_bytes(), colours=True) is True
    assert mirror_trees.few_valued((tmp_path / "p.png").read_bytes(), colours=True) is False
    # (outside a partial mirror a picture of a few colours is a drawing: test_wrongs_fourteen's sketches/ stay a class)
    assert mirror_trees.few_valued((tmp_path / "m.png").read_bytes()) is False


# ------------------------------------------------------------------------------------------------
# Foreground and centre images beside an image and its label mask
# ------------------------------------------------------------------------------------------------

def test_cvppp_stops_and_its_label_level_0_writes_the_rgb_images_alone(tmp_path: Path) -> None:
    assert FOLLOW["cvppp"] == {"label_level": 0}
    judge_first_command(DATASETS, "cvppp", tmp_path, FOLLOW["cvppp"])


def test_foreground_masks_beside_their_images_are_no_records(tmp_path: Path) -> None:
    """A neighbour not in the batch: a matting set's `shots/<id>.jpg` beside `shots/<id>_fg.png` (a foreground mask)."""
    src = tmp_path / "src"
    for i in range(4):
        _image(src / f"shots/portrait_{i:03d}.jpg", f"sh{i}")
        _colour_mask(src / f"shots/portrait_{i:03d}_fg.png", i, colours=((0, 0, 0), (255, 255, 255)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_level=0))
    assert sorted(_records(tmp_path / "out")) == [f"shots/portrait_{i:03d}.jpg" for i in range(4)]


def test_hostile_twin_fg_named_files_without_an_image_of_their_stem_are_inputs(tmp_path: Path) -> None:
    """`logo_fg.png` with no `logo.png` beside it names no image: an input of its class, as before."""
    src = tmp_path / "src"
    for cls in ("icons", "badges"):
        for i in range(3):
            _image(src / f"{cls}/{cls}{i}_fg.png", f"{cls}{i}", fmt="PNG")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 6 and records["badges/badges1_fg.png"][1] == frozenset({"badges"})


# ------------------------------------------------------------------------------------------------
# Split lists named by abbreviated split words beside one named by a whole word
# ------------------------------------------------------------------------------------------------

def test_vireo172_stops_and_its_label_level_3_reads_tr_val_te(tmp_path: Path) -> None:
    assert FOLLOW["vireo172"] == {"label_level": 3}
    judge_first_command(DATASETS, "vireo172", tmp_path, FOLLOW["vireo172"])


def test_tr_list_beside_a_test_list_gives_the_train_split(tmp_path: Path) -> None:
    """A neighbour not in the batch: class folders beside `splits/tr.txt` and `splits/test.txt` (paths, one a line)."""
    src = tmp_path / "src"
    lists = {"tr": [], "test": []}
    for cls in ("oak", "elm"):
        for i in range(4):
            _image(src / f"leaves/{cls}/{cls}_{i}.jpg", f"{cls}{i}")
            lists["tr" if i < 3 else "test"].append(f"{cls}/{cls}_{i}.jpg")
    for name, rows in lists.items():
        _text(src / f"splits/{name}.txt", "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert records["leaves/oak/oak_0.jpg"] == ("train", frozenset({"oak"}))
    assert records["leaves/elm/elm_3.jpg"] == ("test", frozenset({"elm"}))


def test_hostile_twin_tr_and_te_alone_name_no_split() -> None:
    """`tr.txt` beside `te.txt` and nothing named by a whole split word: Turkish and Telugu as likely; no split read."""
    assert folder_names.abbreviated_list_split("tr", ["te", "classes"]) is None
    assert folder_names.abbreviated_list_split("te", ["tr"]) is None


@pytest.mark.parametrize("module", [linked_tables, mirror_trees, folder_names])
def test_doctests(module) -> None:
    assert doctest.testmod(module).failed == 0
