"""A split list naming folders with one bad line (shardify/plan/folder_lists.py's `folder_rule`).

hostile15: DAVIS 2017's `ImageSets/2017/train.txt` (davischallenge.org/davis2017/code.html: one
sequence a line over `JPEGImages/480p/<sequence>/00000.jpg`) with a line naming a file outside
the tree (`../../../etc/hosts.txt`) was read by file names whole: every sequence it listed went
unsplit and each good row was rejected as "names no file: 'bear'" (untrue). One bad row is now one
reject, saying it names no folder of inputs, and the list is still read by folders. The twin, a
list of files (`bear/00000.jpg`) with one folder line among them, is still read by files.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from helpers.shard_io import read_report, read_shard
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract

_SPLITS = {"train": ["bear", "bmx-bumps", "boat"], "val": ["bike-packing", "blackswan"]}


def _mask(seed: int) -> bytes:
    """A two-valued mask (a shape on black), different for each seed."""
    mask = Image.new("L", (24, 16), 0)
    ImageDraw.Draw(mask).rectangle((1 + seed % 7, 1 + seed % 5, 22, 13), fill=255)
    buffer = io.BytesIO()
    mask.save(buffer, "PNG")
    return buffer.getvalue()


def _davis(root: Path, rows: dict[str, list[str]]) -> dict[str, str]:
    """DAVIS 2017's frames (two per sequence), their masks and its lists with `rows`; {frame: split}."""
    truth = {}
    for split, seqs in _SPLITS.items():
        write_file(root / f"ImageSets/2017/{split}.txt", "\n".join(rows[split]) + "\n")
        for seq in seqs:
            for f in range(2):
                write_file(root / f"JPEGImages/480p/{seq}/{f:05d}.jpg", image_bytes(seed=len(truth)))
                write_file(root / f"Annotations/480p/{seq}/{f:05d}.png", _mask(len(truth)))
                truth[f"JPEGImages/480p/{seq}/{f:05d}.jpg"] = split
    return truth


def _written(out: Path) -> dict[str, str]:
    return {r[contract.IMAGE_FILENAME].decode(): shard.name.split("-")[0]
            for shard in sorted(out.glob("*.tfrecord")) for r in read_shard(shard)}


@pytest.mark.parametrize("bad", ["../../../etc/hosts.txt", "../../../etc", "bear-typo"])
def test_one_bad_line_of_a_folder_list_is_one_reject_and_the_list_still_reads_by_folders(bad: str, tmp_path: Path) -> None:
    truth = _davis(tmp_path / "DAVIS", {"train": [*_SPLITS["train"][:2], bad, _SPLITS["train"][2]], "val": _SPLITS["val"]})
    run_conversion(ConvertConfig(str(tmp_path / "DAVIS"), str(tmp_path / "out")))
    assert _written(tmp_path / "out") == truth
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert len(rejects) == 1 and "names no folder of inputs" in str(rejects[0]) and "train.txt" in str(rejects[0])


def test_the_twin_a_list_of_files_with_one_folder_line_is_read_by_files(tmp_path: Path) -> None:
    frames = [f"{seq}/{f:05d}.jpg" for seq in _SPLITS["train"] for f in range(2)]
    truth = _davis(tmp_path / "DAVIS", {"train": [*frames[:-1], "boat"], "val": [f"{s}/{f:05d}.jpg" for s in _SPLITS["val"] for f in range(2)]})
    run_conversion(ConvertConfig(str(tmp_path / "DAVIS"), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert written == {k: v for k, v in truth.items() if k != "JPEGImages/480p/boat/00001.jpg"}
    assert any("'boat'" in str(r) for r in read_report(tmp_path / "out", "rejected.jsonl"))
