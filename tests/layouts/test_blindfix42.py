"""Blind round forty-two's wrong exit 0 and useless stops mended by kind (tests/helpers/blind42.py).

Two kinds, each with its case, a neighbour not in the batch and hostile twins:

- a table of attributes whose one column of words holds proper names (the Titanic's train.csv: `Name`,
  "Braund, Mr. Owen Harris", among the class, age, fare, ticket and cabin columns; test.csv the same less
  `Survived`): the name was taken for each record's text and every passenger written as a text record, exit 0.
  Now a lone text column whose cells are short runs of capitalised words (names, titles), beside four or more
  columns most of which hold numbers, codes or single words, is no text by itself (converters/name_columns.py):
  the tables stop as tables of no text do, naming `--text-column none --keep-columns '*'`, the label column the
  test split's table withholds wherever it sits (`withheld_labels.withheld_column`: `Survived` second), and
  `--text-column NAME` if the names are the texts.
- the class column of a table of attributes guessed from its cells (`attribute_rows.attributes_remedy`): the
  last column was offered whenever it held at most 20 values in the rows read, and in a headerless UCI table of
  measurements (wdbc.data: an id, the diagnosis M/B, then 30 measures) the last measure's fractions were named
  as the class. A column of fractions is a measurement, no class: where the last column holds one, the first
  column of a few repeated values that are not all numbers is named (the diagnosis, '2'), else none.
- numbered folders that pair images with their masks (TNBC's `Slide_01/01_1.png` beside `GT_01/01_1.png`):
  read as numbered objects of two categories, the stop named `--label-level 2`, which wrote the 8 folders as
  classes and the masks as records. Now, where exactly two words carry the same numbers, one word names masks
  (`GT`, `Mask`) and each pair of folders holds the same file names, the finding says so and names
  `--label-level 0 --exclude '<prefix>/GT_*'` (shardify/plan/object_signs.py `_paired_masks`).

And one stop made true without converting it (sartorius stays a useless stop: no option writes its images
labelled by `cell_type`): a table of run-length masks whose ids name the images by stem (`0a1b2c3d4e5f`, no
`.png`) was said to name images "in SRC" while "the images of test/, train/ have no row", and its `width`
(the images' size, small numbers in a miniature) was offered as the class of each mask with `--labels ...
--label-column width`. Now the images' folders are found by stem too, and a column named as a size, or of one
value over four images or more, is no class column (beam_jobs/discover/run_length_tables.py).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers import blind42
from helpers.blind23 import _pic
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.discover import withheld_labels
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import attribute_rows, name_columns
from shardify.plan import object_signs

_ATTRIBUTES = {"text_column": "none", "keep_columns": ("*",)}

_PLAYERS = [
    "Jayson Tatum",
    "Jaylen Brown",
    "Marcus Smart",
    "Al Horford",
    "Robert Williams III",
    "Derrick White",
    "Malcolm Brogdon",
    "Grant Williams",
    "Sam Hauser",
    "Luke Kornet",
]


def test_the_case_titanic_converts_right_with_the_first_command(tmp_path: Path) -> None:
    """The case: no text record is written (its names are no text). Since attrtables33 `Survived` (a class name,
    the column test.csv lacks) decides the reading: the first command writes the truth's table records; before,
    the stop named the attribute options with `Survived` and the name as a possible text."""
    truth = blind42.DATASETS["titanic"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_the_titanic_renamed_class_stops_naming_the_withheld_class_and_the_name_column(tmp_path: Path) -> None:
    """The twin whose class column is named as no class is (`Outcome2`): the stop names the attribute options with
    it (the column test.csv lacks, second in train.csv) and the name as a possible text; followed, right."""
    truth = blind42.DATASETS["titanic"](tmp_path / "download")
    for table in truth.root.rglob("*.csv"):
        table.write_text(table.read_text().replace("Survived", "Outcome2"))
    said = refusal(truth.root, tmp_path / "out")
    assert "--text-column none --keep-columns '*' --label-column 'Outcome2'" in said, said
    assert "--text-column 'Name'" in said and "proper names" in said, said


def _players(root: Path, review: bool = False) -> None:
    """A basketball players table (as Kaggle's NBA player-stats CSVs ship them: a name, a team code, a position,
    numbers) ending in a 0/1 `All_Star`; with `review`, the name column replaced by a scout's sentence."""
    lines = ["Player,Team,Pos,Age,Height,Weight,Salary,PTS,All_Star"]
    for i, name in enumerate(_PLAYERS):
        first = (
            f"a quick {('guard', 'wing', 'big')[i % 3]} who shoots well and defends the {('paint', 'perimeter')[i % 2]}"
            if review
            else name
        )
        lines.append(
            f'"{first}",BOS,{("PG", "SF", "C")[i % 3]},{21 + i},6-{i % 12},{190 + i * 7},'
            f"{1500000 + i * 250000},{8.5 + i * 1.7:.1f},{int(i % 3 == 0)}"
        )
    write_file(root / "nba_players.csv", "\n".join(lines) + "\n")


def test_a_neighbour_players_table_of_names_and_numbers_stops_and_its_options_convert(tmp_path: Path) -> None:
    """Not in the batch: one table of players (a name, codes, numbers, a 0/1 class last): the stop names the
    attribute options with the last column; followed, every row a record of its columns labelled 0/1, no text."""
    _players(tmp_path / "src")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--text-column none --keep-columns '*' --label-column 'All_Star'" in said and "'Player'" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="All_Star", **_ATTRIBUTES))
    written = records(tmp_path / "followed")
    assert len(written) == len(_PLAYERS) and {t for _, _, t in written.values()} == {""}, written
    assert sorted(labels for _, labels, _ in written.values()) == [("0",)] * 6 + [("1",)] * 4, written


def test_twin_sentences_among_the_same_attributes_are_still_texts(tmp_path: Path) -> None:
    """Hostile twin: the same table with a scout's sentence where the name was is a table of texts, as before
    (converted with exit 0, each record the sentence)."""
    _players(tmp_path / "src", review=True)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="All_Star"))
    written = records(tmp_path / "out")
    assert len(written) == len(_PLAYERS) and all(t.startswith("a quick ") for _, _, t in written.values()), written


def test_twin_names_beside_their_label_alone_are_still_texts(tmp_path: Path) -> None:
    """Hostile twin: a names-to-gender table (`name,gender`: the names ARE the texts to classify) has no
    columns of attributes: converted as texts, as before."""
    rows = [f"{name},{('male', 'female')[i % 2]}" for i, name in enumerate(_PLAYERS)]
    write_file(tmp_path / "src" / "names.csv", "name,gender\n" + "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="gender"))
    written = records(tmp_path / "out")
    assert sorted(t for _, _, t in written.values()) == sorted(_PLAYERS), written


def test_the_case_wdbc_names_the_diagnosis_and_converts_right(tmp_path: Path) -> None:
    """The case: wdbc.names documents column 2 as the diagnosis, so the first command reads it (attrtables33);
    without the .names the stop names --label-column '2' (the M/B column), not the last measure; followed, right."""
    truth = blind42.DATASETS["wdbc"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert_right(truth, tmp_path / "first")
    for names in truth.root.rglob("*.names"):
        names.unlink()
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-column '2' (the class column; its cells B, M" in said and "'32'" not in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_column="2", layout="tables", **_ATTRIBUTES))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_prognostic_table_outcome_second_time_third(tmp_path: Path) -> None:
    """Not in the batch: UCI's Wisconsin Prognostic Breast Cancer shape (wpbc.data: an id, the outcome N or R,
    the months to recurrence, then measures; simplified: 8 measures, the lymph-node column left out): the stop
    names '2'; followed, each row labelled N or R."""
    rows = [
        f"{119513 + i * 977},{'NR'[i % 3 == 0]},{31 + i * 7},{12.3 + i * 0.61:.2f},{0.0712 + i * 0.0031:.4f},"
        + ",".join(f"{0.1 * (k + 1) + i * 0.013:.4f}" for k in range(6))
        for i in range(10)
    ]
    write_file(tmp_path / "src" / "wpbc.data", "\n".join(rows) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column '2' (the class column; its cells N, R" in said, said
    run_conversion(
        ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="2", layout="tables", **_ATTRIBUTES)
    )
    written = records(tmp_path / "followed")
    assert sorted(labels for _, labels, _ in written.values()) == [("N",)] * 6 + [("R",)] * 4, written


@pytest.mark.parametrize("twin", ["class last", "nothing to name"])
def test_twin_the_last_column_or_nothing(tmp_path: Path, twin: str) -> None:
    """Hostile twins: a zoo-like table (a name first, all different; 0/1 flags; a class number last) still names
    its last column; a table of sample names (all different) and fractions alone names no column (`--label-column C`)."""
    if twin == "class last":
        rows = [f"animal{i},{i % 2},{(i + 1) % 2},{i % 4},{1 + i % 7}" for i in range(10)]
    else:
        rows = [f"sample{i},{0.1 + i * 0.017:.4f},{2.5 + i * 0.31:.3f},{1.25 + i * 0.5:.2f}" for i in range(10)]
    write_file(tmp_path / "src" / "table.data", "\n".join(rows) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert ("--label-column '5'" in said) if twin == "class last" else ("--label-column C (" in said), said


def test_the_modules_examples() -> None:
    for module in (name_columns, attribute_rows, withheld_labels, object_signs):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__


def test_the_case_tnbc_names_the_masks_folders_and_converts_right(tmp_path: Path) -> None:
    """The case: the stop names --label-level 0 and the --exclude of the GT_<nn> folders; followed, right."""
    truth = blind42.DATASETS["tnbc"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-level 0 --exclude 'TNBC_NucleiSegmentation/GT_*'" in said and "--label-level 2" not in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **blind42.FOLLOW["tnbc"]))
    assert_right(truth, tmp_path / "followed")


def _pairs(root: Path, image: str, mask: str, same_names: bool = True) -> None:
    """Numbered patients' folders of images beside numbered folders of their masks, as medical releases ship
    them (`Image_1/1_a.png` beside `Mask_1/1_a.png`); `same_names` False: the masks named otherwise."""
    for n in (1, 2, 3):
        for k in ("a", "b"):
            write_file(root / "release" / f"{image}_{n}" / f"{n}_{k}.png", _pic(f"i{n}{k}"))
            name = f"{n}_{k}.png" if same_names else f"{n}_{k}_seg.png"
            write_file(root / "release" / f"{mask}_{n}" / name, _pic(f"m{n}{k}", values=[0, 255]))


def test_a_neighbour_image_and_mask_folders_by_patient(tmp_path: Path) -> None:
    """Not in the batch: `Image_<n>/` beside `Mask_<n>/`: the stop names the same remedy; followed, the six
    images written unlabelled, no mask a record."""
    _pairs(tmp_path / "src", "Image", "Mask")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-level 0 --exclude 'release/Mask_*'" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=0, exclude=("release/Mask_*",)))
    written = records(tmp_path / "followed")
    assert sorted(written) == sorted(f"release/Image_{n}/{n}_{k}.png" for n in (1, 2, 3) for k in "ab"), written
    assert {labels for _, labels, _ in written.values()} == {()}, written


@pytest.mark.parametrize("twin", ["no mask word", "other names"])
def test_twin_pairs_not_shown_to_be_masks_keep_the_numbered_objects_stop(tmp_path: Path, twin: str) -> None:
    """Hostile twins: `left_<n>/` beside `right_<n>/` (stereo pairs, no word naming masks), and `Image_<n>/`
    beside `Mask_<n>/` whose files are named otherwise: no pairing is claimed (the stop as before)."""
    _pairs(tmp_path / "src", *(("left", "right", True) if twin == "no mask word" else ("Image", "Mask", False)))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "pair up" not in said and "parallel folders" not in said and "_*'" not in said, said


def test_the_case_sartorius_stop_names_train_and_no_size_as_class(tmp_path: Path) -> None:
    """The case: the stop says the ids name train/'s images, test/'s have no row, and offers no size column as the
    class (since readers35b it offers the cell line, `cell_type`, the same on every row of an image)."""
    truth = blind42.DATASETS["sartorius"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "its column 'id' names (in train/)" in said and "the images of test/ have no row" in said, said
    assert "'width'" not in said and "--label-column width" not in said, said
    assert "--label-column cell_type" in said, said


def test_a_neighbour_kidney_tiles_ids_by_stem_with_their_sizes(tmp_path: Path) -> None:
    """Not in the batch: HuBMAP's kidney tiles shape (train.csv `id,organ,img_height,img_width,rle`, each id a
    tile's stem; simplified: PNG tiles, 5 columns of its 10): train/ named, no size column offered as a class."""
    rows = ["id,organ,img_height,img_width,rle"]
    for i in range(5):
        write_file(tmp_path / "src" / "train_images" / f"{1000 + i}.png", _pic(f"hb{i}"))
        rows.append(f"{1000 + i},kidney,16,20,{1 + i} 3 {21 + i} 3 {41 + i} 3")
    write_file(tmp_path / "src" / "test_images" / "2000.png", _pic("hbt"))
    write_file(tmp_path / "src" / "train.csv", "\n".join(rows) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "(in train_images/)" in said and "the images of test_images/ have no row" in said, said
    assert "img_height" not in said and "--label-column" not in said, said


def test_twin_a_class_number_column_is_still_offered(tmp_path: Path) -> None:
    """Hostile twin: Severstal's shape (`ImageId,ClassId,EncodedPixels`, classes 1-4 varying over the images)
    still offers `--label-column ClassId`, the images named by file name."""
    rows = ["ImageId,ClassId,EncodedPixels"]
    for i in range(5):
        write_file(tmp_path / "src" / "train_images" / f"{i:04x}a.jpg", _pic(f"sv{i}", "JPEG"))
        rows.append(f"{i:04x}a.jpg,{1 + i % 4},{1 + i} 3 {21 + i} 3 {41 + i} 3")
    write_file(tmp_path / "src" / "train.csv", "\n".join(rows) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column ClassId" in said and "(in train_images/)" in said, said
