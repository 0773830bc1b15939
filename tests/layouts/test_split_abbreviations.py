"""Split lists named `trn.txt` and `tst.txt` (AeroScapes' ImageSets/trn.txt beside val.txt) read as train's and
test's, and a `Visualizations/` folder of the masks rendered in colour beside the masks no inputs
(shardify/plan/folder_names.py: SPLIT_WORDS, MASK_FOLDER_WORDS). Blind round twenty-four's aeroscapes stopped
naming SegmentationClass/ for --exclude and rejected every image its val list left out; now right. A neighbour
not in any batch (a VOC-like tree of trn/tst lists) converts right.
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind24 import DATASETS
from helpers.shard_io import images_by_name
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract


def test_aeroscapes_converts_right_on_the_first_command(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "aeroscapes", tmp_path, None)


def _mask_png(value: int) -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (20, 16), value).save(buffer, "PNG")
    return buffer.getvalue()


def test_trn_and_tst_lists_split_a_segmentation_tree(tmp_path: Path) -> None:
    root = tmp_path / "seg"
    for folder in ("JPEGImages", "SegmentationClass", "Visualization", "ImageSets"):
        (root / folder).mkdir(parents=True)
    names = [f"{i:06d}" for i in range(10)]
    for i, name in enumerate(names):
        (root / "JPEGImages" / f"{name}.jpg").write_bytes(_image_bytes(f"sg{i}", 20, 16, "JPEG"))
        (root / "SegmentationClass" / f"{name}.png").write_bytes(_mask_png(i % 3))
        (root / "Visualization" / f"{name}.png").write_bytes(_image_bytes(f"vz{i}", 20, 16, "PNG"))
    (root / "ImageSets" / "trn.txt").write_text("\n".join(names[:7]) + "\n")
    (root / "ImageSets" / "tst.txt").write_text("\n".join(names[7:]) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    records = images_by_name(tmp_path / "out")
    assert {name: r["split"] for name, r in records.items()} == {
        f"JPEGImages/{n}.jpg": ("train" if i < 7 else "test") for i, n in enumerate(names)}
    assert all(contract.SEGMENTATION in r for r in records.values())
