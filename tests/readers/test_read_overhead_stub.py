"""benchmarks/read_overhead.py's `--stub-decode`: each stubbed JPEG decode gives zeros of the size
the JPEG's header gives (a crop: its window's), so that `load`'s check of every decoded image
against its record's image/height and image/width passes. The stub gave 224 x 224 zeros for every
image before, and `load --stub-decode` stopped at its first record (perf36, 2026-11-29)."""

from __future__ import annotations

import io

import numpy as np
import pytest
import tensorflow as tf
from PIL import Image

from benchmarks.read_overhead import _stub_decoders


def _jpeg(height: int, width: int) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(np.full((height, width, 3), 200, np.uint8), "RGB").save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


@pytest.fixture
def stubbed(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("decode_jpeg", "decode_image", "decode_and_crop_jpeg"):
        monkeypatch.setattr(tf.io, name, getattr(tf.io, name))  # put back after the test
    _stub_decoders()


def test_a_stubbed_decode_has_the_header_size_and_no_pixels(stubbed: None) -> None:
    data = tf.constant(_jpeg(37, 53))
    for image in (tf.io.decode_jpeg(data, channels=3), tf.io.decode_image(data, channels=3, expand_animations=False)):
        assert image.shape == (37, 53, 3)
        assert image.dtype == tf.uint8
        assert int(tf.reduce_max(image)) == 0


def test_a_stubbed_crop_has_the_window_size(stubbed: None) -> None:
    data = tf.constant(_jpeg(37, 53))
    window = tf.constant([3, 4, 10, 21])
    assert tf.io.decode_and_crop_jpeg(data, window, channels=3).shape == (10, 21, 3)
    assert tf.io.decode_and_crop_jpeg(data, crop_window=window, channels=3).shape == (10, 21, 3)


def test_the_stub_runs_inside_a_graph(stubbed: None) -> None:
    """As in a tf.data map: shapes unknown until the bytes come."""
    images = tf.data.Dataset.from_tensor_slices([_jpeg(20, 30), _jpeg(31, 17)]).map(
        lambda data: tf.shape(tf.io.decode_image(data))
    )
    assert [list(shape.numpy()) for shape in images] == [[20, 30, 3], [31, 17, 3]]
