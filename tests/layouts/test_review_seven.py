"""What a review of this round's new detection rules found writing wrong labels with exit 0 (or
failing a run on one file), each a layout the rule was not built for; the truth is each test's own.

- `.npy` files numbered (`clips/0001.npy`: a clip each) or of an action and a take (`walk_01.npy`)
  were a class per file; they name no class, and the run stops naming the files;
- a parallel corpus (`corpus.tok.clean.de.bpe` beside `...en.bpe`) was two classes `de` and `en`;
- an 8-column `annotations_train.csv` of `image,class id,x,y,w,h,W,H` was read as SKU-110K's
  headerless rows (its box heights became the classes); a class cell that is a number, or corners
  out of order, is no SKU-110K row;
- a mirror folder of masks missing one mask (9 outlines for 10 scans) was a class again;
- a crafted per-class `.npy` (a dtype of no size, a negative shape) failed the whole run; now it is
  that file's reject.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from helpers.one_place import Reject, one_place_each
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import ShardifyError, UsageError


def _npy(path: Path, array: np.ndarray) -> None:
    buffer = io.BytesIO()
    np.save(buffer, array)
    write_file(path, buffer.getvalue())


@pytest.mark.parametrize("names", [["clips/0001.npy", "clips/0002.npy", "clips/0003.npy"],
                                   ["walk_01.npy", "walk_02.npy", "run_01.npy", "run_02.npy"]])
def test_numbered_npy_files_are_no_classes(tmp_path: Path, names: list[str]) -> None:
    rng = np.random.default_rng(0)
    for name in names:
        _npy(tmp_path / "src" / name, rng.integers(0, 255, (5, 8, 8), dtype=np.uint8))
    with pytest.raises(ShardifyError, match=r"\.npy"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_the_two_sides_of_a_parallel_corpus_are_no_classes(tmp_path: Path) -> None:
    for lang in ("de", "en"):
        write_file(tmp_path / f"src/corpus.tok.clean.{lang}.bpe", "".join(f"sentence {i} in {lang} here\n" for i in range(30)))
    with pytest.raises(ShardifyError):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_an_eight_column_table_of_numbered_classes_is_no_sku110k_boxes(tmp_path: Path) -> None:
    rows = []
    for i in range(6):
        write_file(tmp_path / f"src/images/img_{i}.jpg", image_bytes(seed=i))
        rows.append(f"img_{i}.jpg,{i % 2},3,4,10,{30 if i % 2 else 10},64,64")
    write_file(tmp_path / "src/annotations/annotations_train.csv", "\n".join(rows) + "\n")
    with pytest.raises(ShardifyError, match="annotations_train.csv"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_mirror_mask_folder_missing_a_mask_still_stops(tmp_path: Path) -> None:
    from PIL import Image

    for n in range(10):
        write_file(tmp_path / f"src/scans/CT_{n:03d}.png", image_bytes(fmt="PNG", seed=n))
        if n < 9:
            mask = Image.new("L", (16, 16), 0)
            mask.paste(255, (2, 2, 9 + n % 5, 9))
            buffer = io.BytesIO()
            mask.save(buffer, "PNG")
            write_file(tmp_path / f"src/outlines/CT_{n:03d}.png", buffer.getvalue())
    with pytest.raises(UsageError, match="outlines"):
        convert(tmp_path / "src", tmp_path / "out")


def _crafted_npy(path: Path, header: dict) -> None:
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, header)
    buffer.write(b"\0" * 16)
    write_file(path, buffer.getvalue())


def test_a_crafted_npy_file_is_its_own_reject(tmp_path: Path) -> None:
    _npy(tmp_path / "src/bitmaps/sun.npy", np.random.default_rng(1).integers(0, 255, (3, 784), dtype=np.uint8))
    _crafted_npy(tmp_path / "src/bitmaps/void.npy", {"descr": "|V0", "fortran_order": False, "shape": (3, 784)})
    _crafted_npy(tmp_path / "src/bitmaps/minus.npy", {"descr": "|u1", "fortran_order": False, "shape": (-4, 784)})
    out = convert(tmp_path / "src", tmp_path / "out")
    expected: dict[str, object] = {f"bitmaps/sun.npy#{i}": ("train", ("sun",)) for i in range(3)}
    expected.update({"bitmaps/void.npy": Reject("|V0"), "bitmaps/minus.npy": Reject("shape")})
    one_place_each(expected, out)
