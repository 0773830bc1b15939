"""Folders of id maps mirroring a container of images (CIHP's `Training/Images/` beside
`Category_ids/`, `Human_ids/`, `Instance_ids/`: blind16's cihp): since masks21 CIHP converts right at the
first command (Category_ids/ its masks, Testing/ written without; before, the stop named the layout file's
`structure.mask_folders` and the options that convert the images alone, unlabelled, the maps set
aside (`--label-level 0` and an `--exclude` per map folder), which convert it right). Neighbours of
the kind (FROM MEMORY, of the shape of LIP's and MHP's parsing downloads): three map folders beside
`images/` under split folders, named by what they hold (`labels/`, `parts/`, `persons/`) or by level
(`semantic/`, `parts/`, `instances/`); the stop's own options, followed, convert the images right. One map folder alone is a mask folder already (no stop). The twin: a class folder mirrored by its
masks (`cat/` by `cat_masks/`) keeps its class: no `--label-level 0` is offered.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.blind16 import DATASETS, FOLLOW
from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.unseen_judge import assert_right, written_records
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _image(path: Path, shade: int, mask: bool = False) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    if mask:
        image = Image.new("L", (20, 16), 0)
        image.paste(shade % 4 + 1, (2, 2, 10, 9))
        image.save(path)
    else:
        Image.new("RGB", (20, 16), (shade % 256, 120, 40)).save(path)


def test_cihp_converts_right_with_its_part_maps_as_the_masks(tmp_path: Path) -> None:
    # masks21: the 90% is counted over the splits that have masks, Testing/ (images alone) written without
    # one; before, Testing/ pulled the coverage to 75% and the run stopped naming the map folders. Category_ids/
    # (the part of each pixel: CIHP's semantic labels) is the records' mask, first by name; Human_ids/ and
    # Instance_ids/ (the person, the instance of each pixel) second readings the plan names
    truth = DATASETS["cihp"](tmp_path / "download")
    out = tmp_path / "first"
    result = run_shardify("convert", str(truth.root), str(out))
    assert result.returncode == 0, result.stderr
    assert_right(truth, out)
    records = [record for shard in sorted(out.glob("*.tfrecord")) for record in read_shard(shard)]
    masked = {record[contract.IMAGE_FILENAME].decode().split("/")[0] for record in records if contract.SEGMENTATION in record}
    assert masked == {"Training", "Validation"}
    assert load_manifest(str(out)).splits["test"].num_unmasked == 2


def test_cihp_the_map_folders_excluded_convert_the_images_alone(tmp_path: Path) -> None:
    truth = DATASETS["cihp"](tmp_path / "download")
    options = [arg for glob in FOLLOW["cihp"]["exclude"] for arg in ("--exclude", glob)]
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "--label-level", "0", *options)
    assert result.returncode == 0, result.stderr
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize("maps", [("labels", "parts", "persons"), ("semantic", "parts", "instances")])
def test_id_maps_beside_images_name_the_images_alone(maps: tuple[str, ...], tmp_path: Path) -> None:
    for split in ("train", "val"):
        for k in range(6):
            _image(tmp_path / "src" / split / "images" / f"{split}{k:05d}.jpg", 20 * k)
            for folder in maps:
                _image(tmp_path / "src" / split / folder / f"{split}{k:05d}.png", k, mask=True)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    said = result.stderr
    named = re.findall(r"--exclude '([^']+)'", said)
    assert "--label-level 0" in said and named and all(glob.removeprefix("*/") in maps for glob in named), said
    options = [arg for glob in named for arg in ("--exclude", glob)]  # the stop's own options, followed
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0", *options)
    assert result.returncode == 0, result.stderr
    assert written_records(tmp_path / "out")["records"] == {
        f"{split}/images/{split}{k:05d}.jpg": ({"val": "validation"}.get(split, split), None) for split in ("train", "val") for k in range(6)}


def test_a_class_folder_mirrored_by_its_masks_is_offered_no_label_level_0(tmp_path: Path) -> None:
    for k in range(6):
        for c, name in enumerate(("cat", "dog")):
            _image(tmp_path / "src" / name / f"{name}_{k:05d}.jpg", 20 * k + c)
        _image(tmp_path / "src" / "cat_masks" / f"cat_{k:05d}.png", k, mask=True)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "images alone" not in result.stderr
