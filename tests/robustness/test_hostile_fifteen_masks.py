"""Hostile input, fifteenth round: masks beside images.

A mask of another size than its image, 16-bit and palette masks, a mask that is a JPEG, a mask that
is a link out of SRC, an empty mask folder, a mask of no bytes. Every image ends in one record (its
own mask's pixels, or none) or one reject saying why; no mask's bytes come from outside SRC.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.format import contract

_STEMS = ["0001", "0002", "0003", "0004"]


def _mask(seed: int, size: tuple[int, int] = (24, 16), mode: str = "L", fmt: str = "PNG") -> bytes:
    values = (np.arange(size[0] * size[1]).reshape(size[1], size[0]) + seed) % 2
    if mode == "I;16":
        image = Image.fromarray((values * 40000).astype(np.uint16))
    elif mode == "P":
        image = Image.fromarray(values.astype(np.uint8), "P")
        image.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    else:
        image = Image.fromarray((values * 255).astype(np.uint8), "L")
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def _source(root: Path) -> None:
    for n, stem in enumerate(_STEMS):
        write_file(root / "images" / f"{stem}.jpg", image_bytes(seed=n))
        write_file(root / "ground_truth_mask" / f"{stem}.png", _mask(n))


def _masks(out: Path) -> dict[str, bytes | None]:
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found[record[contract.IMAGE_FILENAME].decode()] = record.get(contract.SEGMENTATION)
    return found


def _each_image_once(tmp_path: Path) -> tuple[dict, dict]:
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return {}, {}
    written, rejected = finished(result, tmp_path / "out")
    images = {f"images/{s}.jpg" for s in _STEMS}
    assert images <= set(written) | set(rejected), (sorted(written), rejected)
    return written, rejected


@pytest.mark.parametrize("size", [(48, 32), (16, 24), (1, 1)], ids=["twice as large", "turned", "one pixel"])
def test_a_mask_of_another_size_than_its_image_is_that_images_reject(tmp_path: Path, size: tuple[int, int]) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0002.png", _mask(9, size))
    written, rejected = _each_image_once(tmp_path)
    if written:
        assert "images/0002.jpg" in rejected, (_masks(tmp_path / "out").get("images/0002.jpg") is not None, rejected)


@pytest.mark.parametrize("mode", ["I;16", "P"], ids=["16-bit", "palette"])
def test_a_sixteen_bit_or_palette_mask_is_stored_or_rejected_saying_why(tmp_path: Path, mode: str) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0003.png", _mask(3, mode=mode))
    written, rejected = _each_image_once(tmp_path)
    if "images/0003.jpg" in written:
        stored = Image.open(io.BytesIO(_masks(tmp_path / "out")["images/0003.jpg"]))
        assert stored.size == (24, 16)
        values = np.asarray(stored)
        assert len(np.unique(values)) == 2, np.unique(values)


def test_a_mask_that_is_a_jpeg_is_stored_or_rejected_saying_why(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    os.remove(tmp_path / "src" / "ground_truth_mask" / "0001.png")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0001.jpg", _mask(1, fmt="JPEG"))
    written, rejected = _each_image_once(tmp_path)
    assert "ground_truth_mask/0001.jpg" not in written


def test_a_mask_in_png_name_holding_jpeg_bytes_is_no_record_of_other_pixels(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0001.png", _mask(1, fmt="JPEG"))
    written, rejected = _each_image_once(tmp_path)


def test_a_mask_linked_from_outside_src_is_not_read(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    secret = write_file(tmp_path / "outside" / "secret.png", _mask(7))
    os.remove(tmp_path / "src" / "ground_truth_mask" / "0004.png")
    os.symlink(secret, tmp_path / "src" / "ground_truth_mask" / "0004.png")
    written, rejected = _each_image_once(tmp_path)
    if written:
        assert _masks(tmp_path / "out").get("images/0004.jpg") != secret.read_bytes()


def test_an_empty_mask_folder_beside_the_images_is_no_traceback(tmp_path: Path) -> None:
    for n, stem in enumerate(_STEMS):
        write_file(tmp_path / "src" / "images" / f"{stem}.jpg", image_bytes(seed=n))
    (tmp_path / "src" / "ground_truth_mask").mkdir()
    _each_image_once(tmp_path)


@pytest.mark.parametrize("data", [b"", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"], ids=["no bytes", "cut short"])
def test_a_mask_of_no_or_cut_bytes_is_its_images_reject(tmp_path: Path, data: bytes) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0002.png", data)
    written, rejected = _each_image_once(tmp_path)
    if written:
        assert "images/0002.jpg" in rejected or _masks(tmp_path / "out").get("images/0002.jpg") in (None, b""), rejected


def test_an_image_whose_mask_is_missing_is_never_silently_unmasked(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    os.remove(tmp_path / "src" / "ground_truth_mask" / "0003.png")
    written, rejected = _each_image_once(tmp_path)
    if written:
        masks = _masks(tmp_path / "out")
        assert "images/0003.jpg" in rejected or masks.get("images/0003.jpg") is None, rejected
        assert all(masks.get(f"images/{s}.jpg") for s in _STEMS if s != "0003" and f"images/{s}.jpg" in written)


def test_a_mask_of_no_image_is_said_somewhere(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    write_file(tmp_path / "src" / "ground_truth_mask" / "0099.png", _mask(99))
    written, rejected = _each_image_once(tmp_path)
    if written:
        from helpers.shard_io import read_report

        skipped = read_report(tmp_path / "out", "skipped.jsonl") if (tmp_path / "out" / "skipped.jsonl").exists() else []
        said = {k.split("#")[0] for k in rejected} | {line.get("path", "") for line in skipped}
        manifest = (tmp_path / "out" / "manifest.json").read_text()
        assert "ground_truth_mask/0099.png" in said or "0099" in manifest, (rejected, skipped)


def test_masks_named_in_upper_case_pair_as_in_lower(tmp_path: Path) -> None:
    _source(tmp_path / "src")
    for stem in _STEMS:
        mask = tmp_path / "src" / "ground_truth_mask" / f"{stem}.png"
        mask.rename(mask.with_suffix(".PNG"))
    written, rejected = _each_image_once(tmp_path)
    if written:
        assert all(_masks(tmp_path / "out").get(f"images/{s}.jpg") for s in _STEMS), rejected


def test_a_mask_linked_to_another_file_of_src_is_not_called_outside_it(tmp_path: Path) -> None:
    """Mask folders were listed with the folder as the root links must stay in: a mask linking to
    `../images/0001.jpg` was 'symlink leads outside the source folder (allow with
    --follow-outside-links)', which it does not, and that option would also let truly outside links in."""
    _source(tmp_path / "src")
    for stem in _STEMS[:2]:
        mask = tmp_path / "src" / "ground_truth_mask" / f"{stem}.png"
        mask.unlink()
        os.symlink(f"../images/{stem}.jpg", mask)
    written, rejected = _each_image_once(tmp_path)
    assert not any("outside" in reason for reason in rejected.values()), rejected
    if written:
        assert all(_masks(tmp_path / "out").get(f"images/{s}.jpg") for s in _STEMS[2:]), rejected
