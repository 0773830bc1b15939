"""Kinds that wrote wrong labels or splits with exit 0, or failed on the step a refusal names
(the eighth mends), each tested on the dataset's own layout and a neighbour that must stay right:

- all images in one folder, a label table keyed by id (`train.csv`: id, species, features) and a
  table keyed by the same column without the label column (`test.csv`): the test images were
  written into the train split unlabelled; now test.csv's rows are the test split, unlabelled,
  and the sample submission (one column per class) labels nothing (Kaggle's leaf classification);
  the neighbour keeps its split folders (Kaggle's dog breed identification: train/, test/,
  labels.csv, sample_submission.csv);
- `--labels FILE --label-column COL` over a CSV whose label cells are list literals
  (`['Comedy', 'Drama']`, Kaggle's movie posters): its header row was read as a split list's row
  (`names no file: 'Id'`) and each list was one class; now each cell is its record's labels, as
  a keyed table's are;
- a sibling folder of masks whose files add their own words to the images' stems (DRIVE's
  `training/1st_manual/21_manual1.gif` beside `training/images/21_training.tif`): with
  `--label-level 0` its masks were records (exit 0); now it stops naming the folder and the layout
  file's `structure.mask_folders`, with which the images convert; sibling folders of photos
  (a stereo pair's `left/`, `right/`) stay inputs.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.one_place import Reject, one_place_each
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import UsageError
from shardify.plan import layout_file
from shardify.plan.evidence import LABEL_LINES, Evidence
from shardify.plan.unlabelled_tables import split_tables

_SPECIES = ("Acer_Opalus", "Pterocarya_Stenoptera", "Quercus_Hartwissiana")


def _leaves(root: Path, first: int) -> dict[str, object]:
    """Kaggle's leaf-classification download: images/<id>.jpg (grey leaves, ids `first`..), train.csv
    (id,species,margin1,shape1,texture1), test.csv (id,margin1,shape1,texture1) and
    sample_submission.csv (id and one column of 1/3 per species); with ids from 1, one stray image
    no table names (ids of four digits or more make the tables split lists by their names too: an
    input neither names is then in no split, set aside, as such lists say)."""
    train, test, expected = ["id,species,margin1,shape1,texture1"], ["id,margin1,shape1,texture1"], {}
    for i in range(first, first + 12):
        write_file(root / f"images/{i}.jpg", image_bytes(mode="L", seed=i))
        features = f"0.00{i},0.0007{i},0.04{i}"
        if i % 4 == 0:
            test.append(f"{i},{features}")
            expected[f"images/{i}.jpg"] = ("test", ())
        else:
            species = _SPECIES[i % 3]
            train.append(f"{i},{species},{features}")
            expected[f"images/{i}.jpg"] = ("train", (species,))
    if first == 1:
        write_file(root / "images/99.jpg", image_bytes(mode="L", seed=99))
        expected["images/99.jpg"] = Reject("test.csv")
    write_file(root / "train.csv", "\n".join(train) + "\n")
    write_file(root / "test.csv", "\n".join(test) + "\n")
    submission = ["id," + ",".join(_SPECIES)] + [f"{row.split(',')[0]},0.333,0.333,0.333" for row in test[1:]]
    write_file(root / "sample_submission.csv", "\n".join(submission) + "\n")
    return expected


@pytest.mark.parametrize("first", [1, 1001])
def test_a_table_keyed_as_the_labels_without_their_column_is_the_test_split(tmp_path: Path, first: int) -> None:
    expected = _leaves(tmp_path / "leaf-classification", first)
    written = one_place_each(expected, convert(tmp_path / "leaf-classification", tmp_path / "out"))
    assert {split for split, _, _ in written.values()} == {"train", "test"}
    assert not any(labels for split, labels, _ in written.values() if split == "test")  # no 1/3 read as a class


def test_split_folders_beside_a_label_table_and_a_sample_submission_stay_the_splits(tmp_path: Path) -> None:
    root, expected = tmp_path / "dog-breed-identification", {}
    breeds = ("boston_bull", "dingo", "pekinese")
    rows = ["id,breed"]
    for i in range(9):
        name = f"{i:04x}a7c3f1e9b2d4"
        write_file(root / f"train/{name}.jpg", image_bytes(seed=i))
        rows.append(f"{name},{breeds[i % 3]}")
        expected[f"train/{name}.jpg"] = ("train", (breeds[i % 3],))
    tests = [f"{i:04x}ff00aa11bb22" for i in range(3)]
    for i, name in enumerate(tests):
        write_file(root / f"test/{name}.jpg", image_bytes(seed=50 + i))
        expected[f"test/{name}.jpg"] = ("test", ())
    write_file(root / "labels.csv", "\n".join(rows) + "\n")
    write_file(root / "sample_submission.csv", "id," + ",".join(breeds) + "\n" + "".join(f"{n},0.33,0.33,0.33\n" for n in tests))
    one_place_each(expected, convert(root, tmp_path / "out"))


def test_tables_that_are_no_test_split() -> None:
    """Judged on first lines alone: a table sharing the label table's keys (its rows' other
    columns), one holding the label column, a sample submission and one keyed otherwise give no
    split; with none of them left the label table keeps no split of its own."""
    label = Evidence("train.csv", LABEL_LINES, column=0, header=True, label_column=1)
    heads = {
        "train.csv": ["id,species,margin1", "1,Acer,0.1", "2,Quercus,0.2"],
        "extra.csv": ["id,texture1", "1,0.3", "2,0.4"],
        "more.csv": ["id,species", "5,Acer", "6,Acer"],
        "sample_submission.csv": ["id,Acer,Quercus", "7,0.5,0.5"],
        "other.csv": ["image,margin1", "7,0.1"],
    }
    assert split_tables(label, heads, lambda keys: True) == ("", [])
    heads["holdout.csv"] = ["id,margin1", "7,0.1", "8,0.2"]
    assert split_tables(label, heads, lambda keys: True)[0] == "train"
    assert [e.path for e in split_tables(label, heads, lambda keys: True)[1]] == ["holdout.csv"]
    assert split_tables(label, heads, lambda keys: False) == ("", [])  # its keys name no input


def test_a_label_file_of_list_literals_gives_each_record_its_labels(tmp_path: Path) -> None:
    root = tmp_path / "movie-classifier"
    movies = {"tt0086425": ["Comedy", "Drama"], "tt0085549": ["Drama", "Romance", "Music"], "tt0086465": ["Comedy"],
              "tt0086567": ["Sci-Fi", "Thriller"], "tt0086979": ["Drama"], "tt0087089": []}
    genres = sorted({g for names in movies.values() for g in names})
    rows = ["Id,Genre," + ",".join(genres)]
    expected: dict[str, object] = {}
    for i, (movie, names) in enumerate(movies.items()):
        write_file(root / f"Multi_Label_dataset/Images/{movie}.jpg", image_bytes(seed=i))
        cell = "[" + ", ".join(f"'{g}'" for g in names) + "]"
        rows.append(f'{movie},"{cell}",' + ",".join(str(int(g in names)) for g in genres))
        expected[f"Multi_Label_dataset/Images/{movie}.jpg"] = ("train", tuple(sorted(names)))
    write_file(root / "Multi_Label_dataset/Images/tt0099999.jpg", image_bytes(seed=99))
    rows.append("tt0099999,Comedy," + ",".join("0" for _ in genres))  # no list where the others are: its reject
    expected["Multi_Label_dataset/Images/tt0099999.jpg#8"] = Reject("no list of labels")
    write_file(root / "Multi_Label_dataset/train.csv", "\n".join(rows) + "\n")
    out = convert(root, tmp_path / "out", labels_file="Multi_Label_dataset/train.csv", label_column="Genre")
    one_place_each(expected, out)  # and no reject of the header row ('names no file: Id')


def _two_valued_gif(seed: int) -> bytes:
    pixels = (np.random.default_rng(seed).integers(0, 2, (16, 20)) * 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels, "L").save(buffer, "GIF")
    return buffer.getvalue()


def test_a_sibling_folder_of_masks_adding_words_to_the_stems_stops_naming_it(tmp_path: Path) -> None:
    root = tmp_path / "DRIVE"
    expected = {}
    for split, numbers, word in (("training", (21, 22, 23), "training"), ("test", (1, 2), "test")):
        for n in numbers:
            write_file(root / f"{split}/images/{n:02d}_{word}.tif", image_bytes(fmt="TIFF", seed=n))
            write_file(root / f"{split}/mask/{n:02d}_{word}_mask.gif", _two_valued_gif(100 + n))
            if split == "training":
                write_file(root / f"{split}/1st_manual/{n:02d}_manual1.gif", _two_valued_gif(n))
            expected[f"{split}/images/{n:02d}_{word}.tif"] = ("train" if split == "training" else "test", ())
    with pytest.raises(UsageError, match=r"training/1st_manual/ .*structure\.mask_folders"):
        convert(root, tmp_path / "first", label_level=0)
    spec = layout_file.loads(
        "shardify_layout: 1\nlayout: image_folders\nmedia: image\nsplit_folders: [test, training]\nstructure:\n"
        "  split_level: 0\n  split_names: {training: train}\n  label_levels: {test: -1, training: -1}\n"
        "  mask_folders: [test/mask/, training/mask/, training/1st_manual/]\n", where="layout.yaml")
    one_place_each(expected, convert(root, tmp_path / "out", layout_given=spec.layout))


def test_sibling_folders_of_photos_naming_the_same_scenes_stay_inputs(tmp_path: Path) -> None:
    root, expected = tmp_path / "stereo", {}
    for n in range(4):
        for side in ("left", "right"):
            write_file(root / f"{side}/{n:03d}_{side}.png", image_bytes(fmt="PNG", seed=n * 2 + (side == "left")))
            expected[f"{side}/{n:03d}_{side}.png"] = ("train", ())
    one_place_each(expected, convert(root, tmp_path / "out", label_level=0))
