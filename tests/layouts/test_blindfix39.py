"""Blind round thirty-nine's useless stops mended by kind (tests/helpers/blind39.py; no wrong exit 0 nor exit 1 to mend).

Two kinds, each with its case, a neighbour not in the batch and hostile twins:

- tables of measurements split into a labelled train.csv and a test.csv that withholds the class and adds an id
  (Mobile Price Classification: `price_range` last in train.csv; test.csv `id` first, no `price_range`): the stop
  on tables of no text was worded from the first table read, test.csv, and offered its last column, `wifi`, as
  the class; and the options naming the real class rejected every test row (no label column) and then, with
  test.csv's `id` typed int64, every train row (exit 1). Now the stop is worded from the table whose last column
  no other table has (beam_jobs/discover/withheld_labels.py) and says the others are read unlabelled; a table of
  attributes without the named label column is unlabelled (converters/columns.py, as a table of texts is); and a
  kept column one table lacks is a missing cell in its rows (beam_jobs/discover/tables.py `_absent_missing`:
  a number column float, NaN there).
- a folder of masks beside the images' folder and a folder of composites, all three holding the same file names
  (TikTok Dancing's `images/`, `masks/`, `collages/`, each collage a frame beside its mask): read as three
  classes, the stop named `--exclude` of masks/ alone, after which collages/ was still a class. Now, where the
  folders beside the masks hold exactly the masks' names and one of them holds images of the masks' size, the
  others are composites: the stop names `--label-level 0` and the `--exclude` of the masks and of each
  composite folder (beam_jobs/discover/mask_named_classes.py `_same_named_composites`).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from helpers import blind39
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.shard_io import records_by_split
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_ATTRIBUTES = {"text_column": "none", "keep_columns": ("*",)}


def _rows(count: int, columns: int, key: int = 0) -> list[str]:
    return [",".join(str((r * 7 + c * 3 + key) % 23 + c) for c in range(columns)) for r in range(count)]


def _one(value):
    return value[0] if isinstance(value, list) else value


def test_the_case_names_the_withheld_class_and_its_options_convert_right(tmp_path: Path) -> None:
    """The case: mobile_price's stop names price_range (not wifi), says test.csv is read unlabelled, and
    following it writes the truth's records (test rows unlabelled, of split test)."""
    truth = blind39.DATASETS["mobile_price"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-column 'price_range'" in said and "'wifi'" not in said.split("--label-column")[1][:8], said
    assert "test.csv has no 'price_range': read unlabelled" in said, said
    from helpers.unseen_judge import assert_right

    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_column="price_range", **_ATTRIBUTES))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_heart_tables_with_an_id_first_in_test(tmp_path: Path) -> None:
    """Not in the batch: a heart-disease-like train.csv ending in `target` beside test.csv with `Id` first and
    no `target`: converted by the first command (the stop named target until attrtables33), the train rows labelled, the test rows unlabelled, and `Id`
    NaN in every train row (a missing cell, not a reject)."""
    names = "age,sex,cp,trestbps,chol,fbs,thalach"
    write_file(tmp_path / "src" / "train.csv", f"{names},target\n" + "".join(
        f"{row},{i % 2}\n" for i, row in enumerate(_rows(10, 7))))
    write_file(tmp_path / "src" / "test.csv", f"Id,{names}\n" + "".join(
        f"{100 + i},{row}\n" for i, row in enumerate(_rows(4, 7, key=5))))
    # (stopped naming target until attrtables33: `target` is named as a class and holds 0/1, so the first command
    # reads the tables as the stop's options did)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed")))
    written = records(tmp_path / "followed")
    assert sorted(labels for key, (_, labels, _) in written.items() if key.startswith("test.csv")) == [()] * 4, written
    assert {labels for key, (_, labels, _) in written.items() if key.startswith("train.csv")} == {("0",), ("1",)}, written
    by_split = records_by_split(tmp_path / "followed")
    assert all(math.isnan(_one(r["column/Id"])) for r in by_split["train"]), by_split["train"][0]
    assert sorted(_one(r["column/Id"]) for r in by_split["test"]) == [100.0, 101.0, 102.0, 103.0]


def test_twin_two_tables_each_ending_in_a_column_the_other_lacks_guess_nothing(tmp_path: Path) -> None:
    """Hostile twin: a.csv ends in `grade`, b.csv in `score`, neither in the other: no table is the labelled
    one, the stop says nothing is read unlabelled (the class is the user's to name)."""
    write_file(tmp_path / "src" / "a.csv", "x,y,grade\n" + "".join(f"{r},{i % 3}\n" for i, r in enumerate(_rows(8, 2))))
    write_file(tmp_path / "src" / "b.csv", "x,y,score\n" + "".join(f"{r},{i % 4}\n" for i, r in enumerate(_rows(8, 2, 1))))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "No table here holds text" in said and "read unlabelled" not in said, said


def test_the_modules_examples() -> None:
    import doctest

    from shardify.beam_jobs.discover import tables, withheld_labels

    assert doctest.testmod(withheld_labels).failed == 0 and doctest.testmod(tables).failed == 0


def test_twin_a_label_column_in_no_table_is_refused(tmp_path: Path) -> None:
    """Hostile twin: --label-column naming a column no table has is refused before writing, never every
    table read unlabelled."""
    truth = blind39.DATASETS["mobile_price"](tmp_path / "download")
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), label_column="price", **_ATTRIBUTES))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ------------------------------------------------------------------------------------------------
# Images, masks and composites of one set of names
# ------------------------------------------------------------------------------------------------

def _mask(path: Path, size=(20, 16)) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("L", size, 0)
    image.paste(255, (3, 2, 12, 14))
    image.save(path)


def test_the_case_collages_beside_images_and_masks(tmp_path: Path) -> None:
    """The case: tiktok's stop names --label-level 0 and the --exclude of masks/ and collages/, which convert right."""
    truth = blind39.DATASETS["tiktok"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    base = "segmentation_full_body_tik_tok_2615_img/segmentation_full_body_tik_tok_2615_img"
    assert f"--label-level 0 --exclude '{base}/masks' --exclude '{base}/collages'" in said, said
    from helpers.unseen_judge import assert_right

    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_level=0,
                                 exclude=(f"{base}/masks", f"{base}/collages")))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_originals_ground_truth_and_overlays(tmp_path: Path) -> None:
    """Not in the batch: Original/, GroundTruth/ and Overlay/ (each overlay twice as tall) of the same names."""
    from helpers.made_files import image_file

    for n in ("a01", "a02", "b07", "c11"):
        image_file(tmp_path / "src" / "Original" / f"{n}.png", f"o{n}", fmt="PNG")
        _mask(tmp_path / "src" / "GroundTruth" / f"{n}.png")
        image_file(tmp_path / "src" / "Overlay" / f"{n}.png", f"v{n}", height=32, fmt="PNG")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-level 0 --exclude 'GroundTruth' --exclude 'Overlay'" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=0,
                                 exclude=("GroundTruth", "Overlay")))
    assert sorted(records(tmp_path / "followed")) == [f"Original/{n}.png" for n in ("a01", "a02", "b07", "c11")]


@pytest.mark.parametrize("twin", ["other names", "same size"])
def test_twin_no_composites_guessed(tmp_path: Path, twin: str) -> None:
    """Hostile twins: class folders of other names beside masks/ (cats/, dogs/: classes), and two folders of
    the masks' names and size (no photo folder told apart): the stop names no composite."""
    from helpers.made_files import image_file

    for i in range(3):
        _mask(tmp_path / "src" / "masks" / f"{i:03d}.png")
        for cls in ("cats", "dogs"):
            name = f"{i:03d}.png" if twin == "same size" else f"{cls}_{i}.png"
            image_file(tmp_path / "src" / cls / name, f"{cls}{i}", fmt="PNG")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "masks" in said and "composites" not in said, said
