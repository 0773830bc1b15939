"""Blind round thirty-eight's wrong exit 0 mended by kind (tests/helpers/blind38.py).

One class spelled two ways across the splits (Chest CT-Scan images: `train/` and `valid/` name each class with its
staging, `adenocarcinoma_left.lower.lobe_T2_N0_M0_Ib/`, `test/` bare, `adenocarcinoma/`): the folder names were
written as they stand, eight labels for four classes, exit 0. Now a class folder of one split that is another
split's class name lengthened at a separator (`_`, `.`, `-`, a space; before or after) stops before writing, naming
both folders and `--labels FILE` (shardify/plan/spelling_signs.py, a row of plan/guards.SIGNS). With the case, a
neighbour not in the batch (a crop prefixed in one split only, `Tomato___Early_blight/` beside `Early_blight/`) and
hostile twins that must still convert: a class and its lengthened name both in every split, a class missing from
one split, and names that merely share a first word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind38
from helpers.made_files import image_file
from helpers.one_place import records
from helpers.refusals import refusal
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.plan.guards import find_sign
from shardify.plan.structure import Structure


def _tree(root: Path, folders: dict[str, list[str]], each: int = 3) -> Path:
    """Images `each` a class folder: {split: [class, ...]}."""
    for split, classes in folders.items():
        for c, cls in enumerate(classes):
            for i in range(each):
                image_file(root / split / cls / f"{c}_{i}.jpg", f"{split}{cls}{i}")
    return root


def test_the_case_chest_ct_stops_naming_both_spellings(tmp_path: Path) -> None:
    root = blind38.DATASETS["chest_ct"](tmp_path / "download").root
    said = refusal(root, tmp_path / "out")
    assert "spelled two ways" in said and "--labels FILE" in said, said
    assert "Data/test/adenocarcinoma/" in said and "Data/train/adenocarcinoma_left.lower.lobe_T2_N0_M0_Ib/" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_neighbour_a_crop_prefixed_in_one_split_only_stops(tmp_path: Path) -> None:
    """Not in the batch: a plant disease set whose train/ prefixes the crop (`Tomato___Early_blight/`) and test/ not."""
    root = _tree(tmp_path / "src", {"train": ["Tomato___Early_blight", "Tomato___Late_blight", "Tomato___healthy"],
                                    "test": ["Early_blight", "Late_blight", "healthy"]})
    said = refusal(root, tmp_path / "out")
    assert "spelled two ways" in said and "test/Early_blight/" in said and "train/Tomato___Early_blight/" in said, said


@pytest.mark.parametrize("folders", [
    {"train": ["cat", "cat_siamese", "dog"], "test": ["cat", "cat_siamese", "dog"]},  # a finer class in every split
    {"train": ["cat", "cat_siamese", "dog"], "test": ["cat", "dog"]},  # a class missing from one split
    {"train": ["red_fox", "grey_wolf", "brown_bear"], "test": ["red_fox", "grey_wolf", "brown_bear"]},
], ids=["finer-class-everywhere", "class-missing-from-test", "shared-first-words"])
def test_twins_that_are_no_respelling_find_no_sign(folders: dict[str, list[str]]) -> None:
    """Hostile twins, on the paths alone (no conversion): the sign must not fire."""
    paths = [f"{split}/{cls}/{i}.jpg" for split, classes in folders.items() for cls in classes for i in range(3)]
    structure = Structure(label_levels=tuple((split, 1) for split in folders), split_level=0)
    found = find_sign(paths, structure)
    assert found is None or found.sign != "respelled classes", found


def test_twin_a_finer_class_in_every_split_converts_with_its_own_labels(tmp_path: Path) -> None:
    """Hostile twin, converted: `cat/` and `cat_siamese/` in both splits are two classes, written as named."""
    root = _tree(tmp_path / "src", {"train": ["cat", "cat_siamese", "dog"], "test": ["cat", "cat_siamese", "dog"]}, each=2)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 12, written
    assert {labels for _, labels, _ in written.values()} == {("cat",), ("cat_siamese",), ("dog",)}


def test_the_users_labels_table_decides(tmp_path: Path) -> None:
    """The option the stop names converts the case right: a table giving each path one spelling."""
    truth = blind38.DATASETS["chest_ct"](tmp_path / "download")
    table = tmp_path / "labels.csv"
    table.write_text("path,label\n" + "".join(f"{path},{next(iter(labels))}\n" for path, (_, labels) in truth.records.items()))
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file=str(table)))
    written = records(tmp_path / "out")
    assert {labels for _, labels, _ in written.values()} == {("adenocarcinoma",), ("large.cell.carcinoma",), ("normal",),
                                                          ("squamous.cell.carcinoma",)}, written
