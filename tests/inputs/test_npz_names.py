"""An .npz archive read by its arrays' names: NumPy's own `np.savez(f, x=..., y=...)` (and
`images`/`labels`) is one unsplit pair, read into the default split; an archive whose arrays no
convention names is rejected naming its arrays and the conventions (it was rejected as "holds no
images: its arrays are empty (0 elements)", which was untrue)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract


def _written(out: Path) -> list[tuple[str, str]]:
    found = []
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found.append((shard.name.split("-")[0], record[contract.LABEL_TEXT].decode()))
    return found


@pytest.mark.parametrize("images, labels", [("x", "y"), ("X", "y"), ("images", "labels")])
def test_an_unsplit_pair_of_images_and_labels_is_read_into_the_default_split(images: str, labels: str, tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    truth = [2, 0, 1, 1, 2]
    rng = np.random.default_rng(5)
    np.savez(root / "digits.npz", **{images: rng.integers(0, 256, (5, 12, 12), dtype=np.uint8), labels: np.asarray(truth)})
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert sorted(_written(tmp_path / "out")) == sorted(("train", str(v)) for v in truth)


def test_arrays_no_convention_names_are_rejected_naming_them(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    np.savez(root / "d.npz", pixels=np.zeros((3, 4, 4), np.uint8), targets=np.zeros(3))
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    reasons = [json.loads(line)["reason"] for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert len(reasons) == 1 and "'pixels', 'targets'" in reasons[0] and "x_<split>" in reasons[0], reasons
    assert "empty" not in reasons[0]
