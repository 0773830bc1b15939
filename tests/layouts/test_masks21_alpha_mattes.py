"""A tree of RGBA alpha mattes mirroring the photos by name (AISegment's `matting/` beside
`clip_img/`): the run stops naming both trees and the options, and the option it names converts
right. Before (main at e605e28): the first command stopped on the date folders naming
`--label-level 0`, which wrote every matte as a record beside its photo (twice the records, exit 0).

Neighbour: a flat `photos/` beside `alpha/`. Hostile twin: PNGs whose alpha is all opaque are no
mattes, and do not raise this stop.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _pair(photo: Path, matte: Path, seed: int, opaque: bool = False) -> None:
    rgb = (np.random.default_rng(seed).random((16, 20, 3)) * 255).astype(np.uint8)
    alpha = np.full((16, 20), 255, np.uint8)
    if not opaque:
        alpha[:4] = 0
        alpha[4] = 128
    for path in (photo, matte):
        path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(rgb, "RGB").save(photo)
    Image.fromarray(np.dstack([rgb, alpha]), "RGBA").save(matte)


def _aisegment(root: Path, opaque: bool = False) -> Path:
    for date in ("1803151818", "1803241125"):
        for clip in (0, 1):
            for n in range(3):
                stem = f"{date}-{clip * 100 + n:08d}"
                _pair(root / "clip_img" / date / f"clip_{clip:08d}" / f"{stem}.jpg",
                      root / "matting" / date / f"matting_{clip:08d}" / f"{stem}.png", n + clip, opaque)
    return root


def test_aisegment_stops_naming_both_trees_and_the_options(tmp_path: Path) -> None:
    root = _aisegment(tmp_path / "src")
    for options in ({}, {"label_level": 0}):  # the option the old stop named wrote the mattes as records
        with pytest.raises(UsageError) as stop:
            run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), **options))
        said = str(stop.value)
        assert "matting/ mirrors clip_img/" in said and "alpha" in said and "--exclude 'matting/**'" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_the_option_it_names_writes_each_photo_once(tmp_path: Path) -> None:
    root = _aisegment(tmp_path / "src")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), label_level=0, exclude=("matting/**",)))
    names = [record[contract.IMAGE_FILENAME].decode() for split in load_manifest(str(out)).splits.values()
             for shard in split.shards for record in read_shard(out / shard.path)]
    assert len(names) == 12 and all(name.startswith("clip_img/") for name in names)


def test_a_flat_neighbour_of_photos_and_alpha_stops_alike(tmp_path: Path) -> None:
    for n in range(5):
        _pair(tmp_path / "src" / "photos" / f"p{n:03d}.jpeg", tmp_path / "src" / "alpha" / f"p{n:03d}.png", n)
    with pytest.raises(UsageError, match=r"alpha/ mirrors photos/.*--exclude 'alpha/\*\*'"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))


def test_hostile_pngs_of_an_all_opaque_alpha_are_no_mattes(tmp_path: Path) -> None:
    root = _aisegment(tmp_path / "src", opaque=True)
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_level=0))
    except UsageError as stop:
        assert "alpha mattes" not in str(stop), str(stop)
