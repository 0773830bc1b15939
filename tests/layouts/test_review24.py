"""Review twenty-four: the rules of readers23a/b and blindfix23 (76b56bd..cba510f) tried on neighbours
their authors did not build, near-misses and hostile twins. Each test failed before its mend.

- Text quadrilaterals beside their images (SROIE's `x1,...,y4,TEXT`, beam_jobs/discover/box_beside.py's
  TXT_FORMATS) took any line of 9 to 64 comma numbers: CTW1500's 32-number curves and a face's five
  landmarks (`x1,y1,...,x5,y5`) beside each image were written as 'text' boxes from their first eight
  numbers, exit 0 (the landmarks' class folders lost to them). A line of numbers alone is no text region.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _image(path: Path, key: str, width: int = 40, height: int = 30) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, width, height, "JPEG"))


def _written(out: Path) -> dict[str, dict]:
    """{file name: record, with its split under 'split'}."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                record["split"] = split
                found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


# --- numbers alone beside the images are no text quadrilaterals -------------------------------------------------------


def test_ctw1500_curves_beside_the_images_are_no_text_quadrilaterals(tmp_path: Path) -> None:
    """CTW1500's text_label_curve lines (xmin, ymin, xmax, ymax, then 28 offsets: Yuliang-Liu/Curve-Text-Detector's
    data/README.md) put beside the images: no reader of shardify's reads them, so the run stops naming them."""
    src = tmp_path / "ctw1500"
    for i in range(1, 5):
        _image(src / "train" / f"{i:04d}.jpg", f"ctw{i}", 400, 300)
        line = ",".join(str(v) for v in [10, 20, 200, 120] + [(7 * j) % 50 for j in range(28)])
        (src / "train" / f"{i:04d}.txt").write_text(line + "\n" + line + "\n")
    with pytest.raises(UsageError, match=r"train/0001\.txt"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_landmarks_beside_images_in_class_folders_leave_the_classes(tmp_path: Path) -> None:
    """Five landmarks a face (ten numbers) beside each image of a class folder: the folders are the labels."""
    src = tmp_path / "faces"
    for label in ("smiling", "neutral"):
        for i in range(3):
            _image(src / label / f"{i:04d}.jpg", f"{label}{i}")
            (src / label / f"{i:04d}.txt").write_text("30.5,40.1,70.2,41.0,50.0,60.3,35.1,80.2,66.0,81.4\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert len(written) == 6
    for name, record in written.items():
        assert record[contract.LABEL_TEXT].decode() == name.split("/")[0]
        assert contract.OBJECT_XMIN not in record


def test_a_receipt_whose_first_lines_are_amounts_is_still_read(tmp_path: Path) -> None:
    """The near-miss the other way: a transcription may be a number (`9.00`); one line of text in the file
    is enough, and every line, numbers or not, is a region."""
    src = tmp_path / "receipts"
    for i in range(3):
        _image(src / f"X{i:05d}.jpg", f"r{i}", 400, 300)
        (src / f"X{i:05d}.txt").write_text("10,10,100,10,100,50,10,50,9.00\n20,60,90,60,90,80,20,80,TOTAL\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert len(written) == 3
    for record in written.values():
        assert [v.decode() for v in _listed(record[contract.OBJECT_TEXT])] == ["text", "text"]
