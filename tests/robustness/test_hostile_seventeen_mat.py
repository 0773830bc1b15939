"""Hostile input, seventeenth round: MATLAB image arrays (`converters/mat_arrays.py`, SVHN's format 2).

A `.mat` whose variable headers lie about the array's shape (2**31 - 1 images, a negative side, a
side of 0, a count that is not the label vector's), a v7.3 file (HDF5) under a v5 header, a file cut
in half, a file of no byte, labels of NaN, 1e308 or -1, a row file of NaN pixels. Each ends in its
images written with their labels, or the file in the rejects report (or the run stopped) with a
reason naming it; never a traceback, never an allocation of the declared size, never a label that is
not the stored number.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import numpy as np
import pytest
import scipy.io

from helpers.fifteen import finished, refused, run

_N = 5


def _svhn_bytes(labels: np.ndarray | None = None, images: np.ndarray | None = None) -> bytes:
    rng = np.random.default_rng(3)
    x = images if images is not None else rng.integers(0, 256, (32, 32, 3, _N), dtype=np.uint8)
    y = labels if labels is not None else np.asarray([[1], [2], [3], [4], [5]], dtype=np.uint8)
    buffer = io.BytesIO()
    scipy.io.savemat(buffer, {"X": x, "y": y})
    return buffer.getvalue()


def _with_dims(data: bytes, dims: tuple[int, ...]) -> bytes:
    """The file with X's declared dimensions (32, 32, 3, N) replaced by `dims` (as many axes)."""
    old = struct.pack("<4i", 32, 32, 3, _N)
    assert data.count(old) == 1
    return data.replace(old, struct.pack("<4i", *dims))


def _judge(tmp_path: Path, data: bytes, labels: dict[int, str] | None = None) -> None:
    """digits_32x32.mat holding `data`: its images written with `labels` (row: label; a row not there is
    never written), or the file rejected or the run stopped, naming it."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "digits_32x32.mat").write_bytes(data)
    result = run(src, tmp_path / "out")
    if result.returncode:
        text = refused(result)
        if "rejected" not in text:  # a stop names the file; a run of rejects only says where they are
            assert "digits_32x32.mat" in text, text
        return
    written, rejected = finished(result, tmp_path / "out")
    labels = labels or {}
    assert written or rejected
    for key, reason in rejected.items():
        assert key.startswith("digits_32x32.mat"), (key, reason)
    for key, (_, got, _) in written.items():  # (a row whose label is not a stored whole number: never written)
        row = int(key.split("#")[1])
        assert row in labels and got == (labels[row],), (key, got)


def test_a_sound_file_converts(tmp_path: Path) -> None:  # the baseline the lying files are made from
    _judge(tmp_path, _svhn_bytes(), {i: str(i + 1) for i in range(_N)})


@pytest.mark.parametrize("dims", [(32, 32, 3, 2**31 - 1), (32, 32, 3, -1), (-32, 32, 3, _N), (32, 0, 3, _N),
                                  (46341, 46341, 3, _N), (32, 32, 3, _N + 1), (32, 32, 3, _N - 1)],
                         ids=["2**31 images", "negative count", "negative side", "side 0", "huge sides", "count one more",
                              "count one less"])
def test_a_header_that_lies_about_the_shape_is_refused(tmp_path: Path, dims: tuple[int, ...]) -> None:
    _judge(tmp_path, _with_dims(_svhn_bytes(), dims))


def test_a_v73_hdf5_file_under_a_v5_header(tmp_path: Path) -> None:
    header = b"MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 00:00:00 2024 HDF5 schema 1.00 ."
    data = header.ljust(116, b" ") + b"\x00" * 8 + struct.pack("<H", 0x0200) + b"IM"
    data = data.ljust(512, b"\x00") + b"\x89HDF\r\n\x1a\n" + b"\x00" * 2048
    _judge(tmp_path, data)


def test_a_v5_header_over_hdf5_bytes(tmp_path: Path) -> None:
    data = _svhn_bytes()[:128] + b"\x89HDF\r\n\x1a\n" + b"\xff" * 4096
    _judge(tmp_path, data)


@pytest.mark.parametrize("cut", [0, 64, 128, 200, -1000],
                         ids=["no byte", "half a header", "header only", "cut in a tag", "cut in the data"])
def test_a_cut_file_is_refused(tmp_path: Path, cut: int) -> None:
    _judge(tmp_path, _svhn_bytes()[:cut])


@pytest.mark.parametrize("labels", [[[np.nan], [2], [3], [4], [5]], [[1e308], [2], [3], [4], [5]], [[-1], [2], [3], [4], [5]],
                                    [[1.5], [2], [3], [4], [5]], [[2**62], [2], [3], [4], [5]]],
                         ids=["nan", "1e308", "minus one", "a fraction", "2**62"])
def test_hostile_labels_reject_or_are_written_as_stored(tmp_path: Path, labels: list) -> None:
    values = np.asarray(labels, dtype=np.float64 if isinstance(labels[0][0], float) else np.int64)
    exact = 2**63 if values.dtype.kind == "i" else 2**53  # (a float past 2**53 is no whole number it can name)
    stored = {i: str(int(v)) for i, v in enumerate(values.reshape(-1)) if np.isfinite(v) and v == int(v) and abs(v) < exact}
    _judge(tmp_path, _svhn_bytes(labels=values), stored)


def test_rows_of_nan_pixels_are_refused(tmp_path: Path) -> None:
    rows = np.full((6, 64), np.nan)
    buffer = io.BytesIO()
    scipy.io.savemat(buffer, {"fea": rows, "gnd": np.arange(6).reshape(-1, 1)})
    _judge(tmp_path, buffer.getvalue())


def test_rows_of_1e308_pixels_are_refused(tmp_path: Path) -> None:
    rows = np.full((6, 64), 1e308)
    buffer = io.BytesIO()
    scipy.io.savemat(buffer, {"fea": rows, "gnd": np.arange(6).reshape(-1, 1)})
    _judge(tmp_path, buffer.getvalue())


def _bomb(inflated: int) -> bytes:
    """A sound file but that X's data element, zlib-compressed, claims `inflated` bytes of zeros
    (X's header still declares 32 x 32 x 3 x 5): a few KB that inflate to `inflated`."""
    import zlib

    raw = _svhn_bytes()
    header, body, elements, i = raw[:128], raw[128:], [], 0
    while i < len(body):
        _, n = struct.unpack_from("<II", body, i)
        elements.append(body[i:i + 8 + n + (-n % 8)])
        i += 8 + n + (-n % 8)
    x = elements[0]
    data_tag = x.index(struct.pack("<II", 2, 32 * 32 * 3 * _N))
    inner = x[8:data_tag] + struct.pack("<II", 2, inflated) + bytes(inflated)
    packed = zlib.compress(struct.pack("<II", 14, len(inner)) + inner, 9)
    return header + struct.pack("<II", 15, len(packed)) + packed + elements[1]


def test_a_compressed_variable_that_inflates_past_its_shape_is_refused_unread() -> None:
    import tracemalloc

    from shardify.converters import mat_arrays
    from shardify.errors import InvalidInputError

    data = _bomb(48 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidInputError, match="expands|inflate"):
            mat_arrays.read_mat_images(io.BytesIO(data), 2 << 30)
        assert not mat_arrays.holds_images(io.BytesIO(data))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 24 << 20, f"{peak >> 20} MiB held for a {len(data) >> 10} KiB file"


def test_a_compressed_bomb_ends_naming_the_file(tmp_path: Path) -> None:
    _judge(tmp_path, _bomb(48 << 20))


def test_a_sound_compressed_file_converts(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    buffer = io.BytesIO()
    scipy.io.savemat(buffer, {"X": rng.integers(0, 256, (32, 32, 3, _N), dtype=np.uint8),
                              "y": np.asarray([[1], [2], [3], [4], [5]], dtype=np.uint8)}, do_compression=True)
    _judge(tmp_path, buffer.getvalue(), {i: str(i + 1) for i in range(_N)})
