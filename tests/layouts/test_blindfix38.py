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

import gzip
from pathlib import Path

import pytest

from helpers import blind38
from helpers.made_files import image_file
from helpers.one_place import records
from helpers.refusals import refusal
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
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


# ------------------------------------------------------------------------------------------------
# Files no mask is named as, beside inputs a mask folder mirrors (a useless stop mended)
# ------------------------------------------------------------------------------------------------

def _masked_slices(root: Path, masked: int) -> Path:
    """slices/ of 4 16-bit TIFFs, slice_masks/ naming the first `masked` of them, measurements.csv naming them all, and
    volumes/ of gzip'd NIfTI volumes (no mask named as them)."""
    from helpers.blind38 import _grey
    from helpers.sources import write_file

    for i in range(4):
        write_file(root / "slices" / f"p{i:02d}_z{40 + i}.tif", _grey(f"s{i}", "TIFF", bits=16))
        if i < masked:
            write_file(root / "slice_masks" / f"p{i:02d}_z{40 + i}.tif", _grey(f"m{i}", "TIFF"))
    write_file(root / "measurements.csv", "img_id,area_mm2,mean_hu\n" + "".join(
        f"p{i:02d}_z{40 + i}.tif,{100 + i},{-800 + 7 * i}\n" for i in range(4)))
    for v in range(2):
        write_file(root / "volumes" / f"p{v:02d}.nii.gz", gzip.compress(bytes(range(64)) * 4, mtime=0))
    return root


def test_the_case_finding_lungs_names_the_volumes_to_leave_out(tmp_path: Path) -> None:
    """The case: 3d_images/'s NIfTI volumes beside 2d_images/ (masked by 2d_masks/); --label-level 0 alone rejected them."""
    root = blind38.DATASETS["finding_lungs"](tmp_path / "download").root
    said = refusal(root, tmp_path / "out")
    assert "--label-level 0 --exclude 3d_images" in said, said


def _renamed_lungs(root: Path) -> Path:
    """The case's kind under other names: ct_2d/ mirrored by ct_2d_masks/, ct_3d/ of volumes, measurements.csv."""
    from helpers.blind38 import _grey
    from helpers.sources import write_file

    names = [f"ID_{n:04d}_Z_{z:04d}.tif" for n, z in ((4, 12), (5, 99), (7, 63), (9, 8))]
    for i, name in enumerate(names):
        write_file(root / "ct_2d" / name, _grey(f"n{i}", "TIFF", bits=16))
        write_file(root / "ct_2d_masks" / name, _grey(f"nm{i}", "TIFF"))
    write_file(root / "measurements.csv", "img_id,lung_area_mm2,lung_mean_hu\n" + "".join(
        f"{name},{100 + i},{-800 + 7 * i}\n" for i, name in enumerate(names)))
    for v in (4, 5):
        write_file(root / "ct_3d" / f"vol_{v:04d}.nii.gz", gzip.compress(bytes(range(64)) * 4, mtime=0))
    return root


def _stopped(src: Path, out: Path) -> str:
    """The message of the ShardifyError (a stop, or the reject limit) converting `src` raises; no manifest written."""
    with pytest.raises(ShardifyError) as failed:
        run_conversion(ConvertConfig(str(src), str(out)))
    assert not (out / "manifest.json").exists()
    return str(failed.value)


def test_a_neighbour_the_same_kind_under_other_names_is_named(tmp_path: Path) -> None:
    """Not in the batch: other folder, table and column names, the volumes in ct_3d/. No stop reads this table, so the
    run reaches the reject limit (exit 1), which now names the folder its rejects share."""
    said = _stopped(_renamed_lungs(tmp_path / "src"), tmp_path / "out")
    assert "2 x no mask in ct_2d_masks/" in said and "leave them out with --exclude ct_3d" in said, said


def test_a_neighbour_volumes_beside_masked_slices_are_named(tmp_path: Path) -> None:
    """Not in the batch: slices/ mirrored by slice_masks/, a table naming them, volumes/ of NIfTI."""
    said = _stopped(_masked_slices(tmp_path / "src", masked=4), tmp_path / "out")
    assert "leave them out with --exclude volumes" in said, said


def test_twin_slices_only_partly_masked_name_no_folder_to_leave_out(tmp_path: Path) -> None:
    """Hostile twin: no folder of inputs has a mask for every file, and the rejects lie in two folders (two unmasked
    slices, the volumes): no folder is offered for leaving out (the slices are records)."""
    said = _stopped(_masked_slices(tmp_path / "src", masked=2), tmp_path / "out")
    assert "--exclude" not in said, said
