"""Hostile input, sixteenth round: Netpbm masks (PGM, PPM, PBM: STARE's, and many medical sets')
whose headers lie, and mask folders whose names' tails (`mask_tails`) disagree.

A maxval of 0, of 65535 over 8-bit samples, above 65535; a width and height the bytes do not
hold; an ASCII PGM with a sample above its maxval; a mask of classes 0, 1, 2 under maxval 2 (Pillow
scales samples to 0-255: the classes would be 0, 128, 255); observers' mirror folders of PPM masks
one of which lies. Every image ends in one record (its own mask's classes, or none said) or one
reject saying why; never a traceback, never a mask whose values are not the file's classes.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.format import contract

_W, _H = 24, 16
_STEMS = ["0001", "0002", "0003", "0004"]


def _classes(seed: int, top: int = 1) -> np.ndarray:
    return ((np.arange(_W * _H).reshape(_H, _W) // 5 + seed) % (top + 1)).astype(np.uint8)


def _pgm(values: np.ndarray, maxval: int = 255, header: str | None = None) -> bytes:
    head = header if header is not None else f"P5\n{values.shape[1]} {values.shape[0]}\n{maxval}\n"
    return head.encode() + values.tobytes()


def _source(root: Path, ext: str = "pgm") -> None:
    for n, stem in enumerate(_STEMS):
        write_file(root / "images" / f"{stem}.jpg", image_bytes(seed=n))
        write_file(root / "ground_truth_mask" / f"{stem}.{ext}", _pgm(_classes(n) * 255))


def _masks(out: Path) -> dict[str, np.ndarray | None]:
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            data = record.get(contract.SEGMENTATION)
            found[record[contract.IMAGE_FILENAME].decode()] = np.asarray(Image.open(io.BytesIO(data))) if data else None
    return found


def _each_image_once(tmp_path: Path, hostile: str = "ground_truth_mask/0002.pgm") -> tuple[dict, dict]:
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, hostile)
        return {}, {}
    written, rejected = finished(result, tmp_path / "out")
    images = {f"images/{s}.jpg" for s in _STEMS}
    assert images <= set(written) | set(rejected), (sorted(written), rejected)
    masks = _masks(tmp_path / "out")
    for n, stem in enumerate(_STEMS):  # every other image keeps its own mask
        image = f"images/{stem}.jpg"
        if image in written and stem != "0002":
            assert masks[image] is not None and np.array_equal(masks[image] > 0, _classes(n) > 0), image
    return written, rejected


def test_the_pgm_masks_as_shipped_are_stored(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    written, _ = _each_image_once(tmp_path)
    assert written and _masks(tmp_path / "out")["images/0002.jpg"] is not None


@pytest.mark.parametrize("data", [
    _pgm(np.zeros((_H, _W), np.uint8), maxval=0),
    _pgm(np.zeros((_H, _W), np.uint8), maxval=65535),
    _pgm(np.zeros((_H, _W), np.uint8), maxval=70000),
    _pgm(np.zeros((4, _W), np.uint8), header=f"P5\n{_W} {_H}\n255\n"),
    _pgm(np.zeros((_H, _W), np.uint8), header=f"P5\n{_W} -{_H}\n255\n"),
    _pgm(np.zeros((_H, _W), np.uint8), header=f"P6\n{_W} {_H}\n255\n"),
    b"P2\n%d %d\n1\n" % (_W, _H) + b" ".join(b"7" for _ in range(_W * _H)),
    b"P5\n",
], ids=["maxval 0", "maxval 65535 over bytes", "maxval 70000", "taller than its bytes", "negative height",
        "P6 of one channel's bytes", "ASCII sample over maxval", "header alone"])
def test_a_netpbm_mask_whose_header_lies_is_its_images_reject(tmp_path: Path, data: bytes) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0002.pgm", data)
    written, rejected = _each_image_once(tmp_path)
    if written:
        assert "images/0002.jpg" in rejected, (_masks(tmp_path / "out").get("images/0002.jpg"), rejected)
        assert "0002.pgm" in rejected["images/0002.jpg"], rejected


@pytest.mark.parametrize("maxval,top", [(1, 1), (2, 2), (5, 3)], ids=["maxval 1", "maxval 2", "maxval 5"])
def test_a_pgm_mask_of_a_small_maxval_keeps_its_classes(tmp_path: Path, maxval: int, top: int) -> None:
    """Pillow scales a PGM's samples by 255/maxval: a mask of classes 0, 1, 2 under maxval 2 read as
    0, 128, 255. The record's mask holds classes: the file's own values, or a reject saying why."""
    _source(tmp_path / "src")
    for n, stem in enumerate(_STEMS):
        write_file(tmp_path / "src" / "ground_truth_mask" / f"{stem}.pgm", _pgm(_classes(n, top), maxval=maxval))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    masks = _masks(tmp_path / "out")
    for n, stem in enumerate(_STEMS):
        got = masks.get(f"images/{stem}.jpg")
        assert got is None or np.array_equal(got, _classes(n, top)), (stem, np.unique(got) if got is not None else None, rejected)


def test_a_pbm_mask_is_stored_two_valued(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    buffer = io.BytesIO()
    Image.fromarray(_classes(1) * 255).convert("1").save(buffer, "PPM")
    assert buffer.getvalue().startswith(b"P4")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0002.pgm", buffer.getvalue())
    written, rejected = _each_image_once(tmp_path)
    got = _masks(tmp_path / "out").get("images/0002.jpg") if written else None
    assert got is None or np.array_equal(got > 0, _classes(1) > 0), np.unique(got)


def _stare(root: Path, lying: bytes | None = None) -> None:
    for n in range(1, 5):
        stem = f"im{n:04d}"
        rgb = Image.open(io.BytesIO(image_bytes(seed=n))).convert("RGB")
        buffer = io.BytesIO()
        rgb.save(buffer, "PPM")
        write_file(root / "stare-images" / f"{stem}.ppm", buffer.getvalue())
        for observer in ("ah", "vk"):
            grey = np.stack([_classes(n + (observer == "vk")) * 255] * 3, axis=-1)
            data = b"P6\n%d %d\n255\n" % (_W, _H) + grey.tobytes()
            if lying is not None and n == 2 and observer == "ah":
                data = lying
            write_file(root / f"labels-{observer}" / f"{stem}.{observer}.ppm", data)


@pytest.mark.parametrize("lying", [b"P6\n24 16\n0\n" + bytes(3 * _W * _H), b"P6\n24 16\n255\n" + bytes(_W * _H),
                                   b"P6\n240 160\n255\n" + bytes(3 * _W * _H)],
                         ids=["maxval 0", "bytes of one channel", "ten times the size"])
def test_an_observers_ppm_mask_that_lies_is_its_images_reject(tmp_path: Path, lying: bytes) -> None:
    _stare(tmp_path / "src", lying)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    images = {f"stare-images/im{n:04d}.ppm" for n in range(1, 5)}
    assert images <= set(written) | set(rejected), (sorted(written), rejected)
    masks = _masks(tmp_path / "out")
    assert "stare-images/im0002.ppm" in rejected or masks.get("stare-images/im0002.ppm") is None or (
        np.array_equal(masks["stare-images/im0002.ppm"] > 0, _classes(3) > 0)), rejected


def test_masks_whose_tails_disagree_leave_no_image_with_anothers_mask(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for n, stem in enumerate(_STEMS):
        write_file(root / "images" / f"{stem}.jpg", image_bytes(seed=n))
        tail = "_seg0" if stem != "0003" else "_seg1"
        write_file(root / "segmentations" / f"{stem}{tail}.png", _png(_classes(n) * 255))
    result = run(root, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    masks = _masks(tmp_path / "out")
    for n, stem in enumerate(_STEMS):
        got = masks.get(f"images/{stem}.jpg")
        assert got is None or np.array_equal(got > 0, _classes(n) > 0), stem
    assert "segmentations/0003_seg1.png" not in written


def _png(values: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(values).save(buffer, "PNG")
    return buffer.getvalue()
