"""Per-image box files of one class, numbered and named nowhere (issue 30's blind round twelve:
CARPK's `data/Annotations/<image>.txt`, `x1 y1 x2 y2 1` a car a line; the devkit's README and the
LPN paper say class 1 is car, no file in the download does).

Read as boxes of class "1" the records would carry a number for a name; read as nothing, every
image was written without its objects. The first command now stops naming the folder, a line and
`--label-names` (one line, the class's name); with it every box is that class. Neighbour: PUCPR+,
shipped in the same devkit's shape. Twins: lines whose last field varies (a class first, WiderPerson's
shape without its count line) are not this format and stop as rows of numbers not read; a file
holding another class number rejects its image, naming the class, never writing it under the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError


def _devkit(root: Path, images: dict[str, dict[str, int]], last: str = "1") -> dict[str, tuple[str, int]]:
    """CARPK's and PUCPR+'s devkit: `data/Images/<name>.png`, `data/Annotations/<name>.txt`,
    `data/ImageSets/<split>.txt`. {image path: (split, its number of boxes)}."""
    truth = {}
    for split, named in images.items():
        for n, (name, count) in enumerate(named.items()):
            write_file(root / f"data/Images/{name}.png", image_bytes(fmt="PNG", seed=n + len(truth)))
            write_file(root / f"data/Annotations/{name}.txt",
                       "".join(f"{1 + 3 * k} {2 + k} {6 + 3 * k} {9 + k} {last}\n" for k in range(count)))
            truth[f"data/Images/{name}.png"] = (split, count)
        write_file(root / f"data/ImageSets/{split}.txt", "\n".join(named) + "\n")
    return truth


_PUCPR = {"train": {"image_00001": 3, "image_00002": 2, "image_00005": 4}, "test": {"image_00003": 2, "image_00004": 1}}


def test_boxes_of_one_numbered_class_stop_naming_label_names_which_converts(tmp_path: Path) -> None:
    root = tmp_path / "PUCPR+_devkit"
    truth = _devkit(root, _PUCPR)
    with pytest.raises(UsageError, match=r"data/Annotations/ .*numbered 1.*--label-names"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(root), str(tmp_path / "named"), label_names=("car",)))
    got = written_records(tmp_path / "named")
    assert {rid: split for rid, (split, _) in got["records"].items()} == {rid: split for rid, (split, _) in truth.items()}
    assert {rid: sorted(objects) for rid, objects in got["objects"].items()} == {
        rid: ["car"] * count for rid, (_, count) in truth.items()}


def test_a_last_field_that_varies_is_no_class_and_is_not_read_as_one(tmp_path: Path) -> None:
    """The twin: `class x1 y1 x2 y2` lines without WiderPerson's count line; the last field a corner."""
    root = tmp_path / "persons"
    for n in range(3):
        write_file(root / f"Images/{n:06d}.jpg", image_bytes(seed=n))
        write_file(root / f"Annotations/{n:06d}.txt", f"1 46 138 72 {202 + n}\n4 120 90 131 {118 + n}\n")
    with pytest.raises(UsageError, match="Annotations/ hold rows of numbers"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_names=("car",)))


def test_another_class_number_rejects_its_image_never_names_it(tmp_path: Path) -> None:
    root = tmp_path / "CARPK_devkit"
    _devkit(root, {"train": {"a_00001": 2, "a_00002": 3}})
    write_file(root / "data/Annotations/a_00002.txt", "1 2 6 9 1\n4 3 9 10 2\n")
    with pytest.raises(ShardifyError, match="its class 2 is not the one class 1"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_names=("car",), max_rejects="0"))
