"""Folders of id maps mirroring a container of images (CIHP's `Training/Images/` beside
`Category_ids/`, `Human_ids/`, `Instance_ids/`: blind16's cihp): the stop names the layout file's
`structure.mask_folders` and now the options that convert the images alone, unlabelled, the maps set
aside (`--label-level 0` and an `--exclude` per map folder), which convert it right. Neighbours of
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
from helpers.unseen_judge import assert_right, written_records


def _image(path: Path, shade: int, mask: bool = False) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    if mask:
        image = Image.new("L", (20, 16), 0)
        image.paste(shade % 4 + 1, (2, 2, 10, 9))
        image.save(path)
    else:
        Image.new("RGB", (20, 16), (shade % 256, 120, 40)).save(path)


def test_cihp_stop_names_what_converts_it(tmp_path: Path) -> None:
    truth = DATASETS["cihp"](tmp_path / "download")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    for glob in FOLLOW["cihp"]["exclude"]:
        assert f"--exclude '{glob}'" in result.stderr
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
