"""Two class trees side by side, one naming a held-out split in a token of a longer name: Kather
2018's `NCT-CRC-HE-100K/` (the training set) beside `CRC-VAL-HE-7K/` (validation), each holding the
same nine tissue folders (blind16's nct_crc_he). The token names that set's split, and the one other
set, named by none, is the training set; with a third set unnamed (the download's
`NCT-CRC-HE-100K-NONORM/` too) which is training cannot be told, and two sets naming no split
(Office-31's `amazon/`, `webcam/` domains) are no splits at all: both stop before writing.

Neighbours, named as their downloads (FROM MEMORY): an underscored test token
(`crc_tiles_100k/`, `crc_test_tiles_7k/`), and a `dev` token (`speech_imgs/`, `speech_dev_imgs/`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.unseen_judge import canonical_label, written_records

_CLASSES = ("ADI", "BACK", "LYM")


def _build(root: Path, sets: dict[str, int]) -> dict[str, str]:
    """Each set folder holding the same class folders, two images each; {path: class}."""
    from PIL import Image

    truth = {}
    for s, folder in enumerate(sets):
        for c, name in enumerate(_CLASSES):
            for k in range(2):
                path = root / folder / name / f"{name}-{s}{k}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                Image.new("RGB", (16, 12), (40 * s + 7 * c, 10 * k, 90)).save(path)
                truth[f"{folder}/{name}/{name}-{s}{k}.png"] = name
    return truth


@pytest.mark.parametrize("sets", [
    {"NCT-CRC-HE-100K": "train", "CRC-VAL-HE-7K": "validation"},
    {"crc_tiles_100k": "train", "crc_test_tiles_7k": "test"},
    {"speech_imgs": "train", "speech_dev_imgs": "validation"},
])
def test_a_split_token_in_one_set_and_the_other_is_train(sets: dict[str, str], tmp_path: Path) -> None:
    truth = _build(tmp_path / "src", sets)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    got = written_records(tmp_path / "out")["records"]
    assert got == {path: (sets[path.split("/")[0]], frozenset({canonical_label({}, label)})) for path, label in truth.items()}


@pytest.mark.parametrize("sets", [
    {"NCT-CRC-HE-100K": "", "NCT-CRC-HE-100K-NONORM": "", "CRC-VAL-HE-7K": ""},
    {"amazon": "", "webcam": ""},
])
def test_no_single_training_set_stops_before_writing(sets: dict[str, str], tmp_path: Path) -> None:
    _build(tmp_path / "src", sets)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "--label-level" in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()
