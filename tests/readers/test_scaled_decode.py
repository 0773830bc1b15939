"""`load(scaled_decode=True)`: JPEGs decoded at 1/2, 1/4 or 1/8 scale where `image_size` still
fits in what the scale leaves, other formats and small JPEGs decoded whole.

One real conversion of class folders holding JPEGs of several sizes and a PNG; each check compares
`load` with the option against `load` without it, or the scale decoded against libjpeg's own sizes
(a scaled side is the full side / scale, rounded up)."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.sources import convert
from shardify.errors import ReadOptionError
from shardify.format.manifest import load_manifest
from shardify.read.options import ReadOptions, reader_options

tf = pytest.importorskip("tensorflow")
import shardify
from shardify.read.tf_scaled import decode_scaled, decode_window_scaled

# (height, width) of the source images: two that scale at 64 x 64 (by 8 and by 4), one that does
# not (under twice 64 in height), and a PNG that never does.
_JPEGS = {"large": (720, 560), "medium": (300, 420), "narrow": (120, 400)}
_PNG = (512, 512)


def _photo(height: int, width: int, seed: int) -> Image.Image:
    """Smooth gradients with a little noise, as photos are: their DCT scaling changes little."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.stack([x / width * 200, y / height * 180, (x + y) / (height + width) * 220], -1) + 20
    return Image.fromarray(np.clip(base + rng.normal(0, 6, (height, width, 3)), 0, 255).astype(np.uint8))


def _jpeg(height: int, width: int, seed: int) -> bytes:
    buffer = io.BytesIO()
    _photo(height, width, seed).save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scaled")
    for seed, (name, (height, width)) in enumerate(_JPEGS.items()):
        folder = root / "src" / name
        folder.mkdir(parents=True)
        (folder / "photo.jpg").write_bytes(_jpeg(height, width, seed))
    (root / "src" / "drawing").mkdir()
    _photo(*_PNG, seed=9).save(root / "src" / "drawing" / "photo.png")
    return convert(root / "src", root / "out", shards=1, max_rejects="0")


def _by_label(out: Path, **options) -> dict[int, np.ndarray]:
    dataset = shardify.load(str(out), shuffle=False, as_supervised=True, **options)
    return {int(label): image.numpy() for image, label in dataset}


@pytest.mark.parametrize(
    ("name", "need", "scale"),
    [("large", (64, 64), 8), ("large", (224, 224), 2), ("medium", (64, 64), 4), ("narrow", (64, 64), 1), ("large", (100, 40), 4)],
)
def test_the_largest_scale_that_still_covers_the_size_is_decoded(name: str, need: tuple[int, int], scale: int) -> None:
    height, width = _JPEGS[name]
    decoded = decode_scaled(tf.constant(_jpeg(height, width, 0)), tf.constant(height), tf.constant(width), need)
    assert tuple(decoded.shape) == (-(-height // scale), -(-width // scale), 3)
    assert decoded.shape[0] >= need[0] and decoded.shape[1] >= need[1]


def test_a_window_decodes_at_the_scale_it_covers_and_shows_the_same_pixels() -> None:
    height, width = _JPEGS["large"]
    encoded = tf.constant(_jpeg(height, width, 0))
    window = tf.constant([100, 60, 400, 300])  # 400 x 300 holds 64 x 64 at 1/4, not at 1/8
    scaled = decode_window_scaled(encoded, window, tf.constant(height), tf.constant(width), (64, 64))
    assert tuple(scaled.shape) == (100, 75, 3)
    full = tf.io.decode_and_crop_jpeg(encoded, window, channels=3)
    fitted = [tf.image.resize(image, (64, 64), antialias=True).numpy() for image in (scaled, full)]
    assert np.abs(fitted[0] - fitted[1]).mean() < 3.0  # of 255: the same region, smoothed alike


def test_load_gives_the_same_shapes_and_nearly_the_same_pixels(converted: Path) -> None:
    for fit in ("stretch", "pad", "center_crop"):
        whole = _by_label(converted, image_size=(64, 64), fit=fit)
        scaled = _by_label(converted, image_size=(64, 64), fit=fit, scaled_decode=True)
        assert whole.keys() == scaled.keys() and len(whole) == 4
        for label, image in whole.items():
            assert scaled[label].shape == image.shape == (64, 64, 3)
            assert np.abs(scaled[label] - image).mean() < 6.0, (fit, label)


def test_pngs_and_jpegs_too_small_to_scale_decode_exactly_as_without(converted: Path) -> None:
    names = load_manifest(str(converted)).labels
    whole = _by_label(converted, image_size=(64, 64))
    scaled = _by_label(converted, image_size=(64, 64), scaled_decode=True)
    for name in ("drawing", "narrow"):
        label = names.index(name)
        np.testing.assert_array_equal(scaled[label], whole[label])
    assert not np.array_equal(scaled[names.index("large")], whole[names.index("large")])


def test_random_crops_repeat_with_the_seed(converted: Path) -> None:
    options = {"image_size": (48, 48), "fit": "random_crop", "flip": True, "seed": 5, "scaled_decode": True}
    first, again = _by_label(converted, **options), _by_label(converted, **options)
    for label, image in first.items():
        np.testing.assert_array_equal(image, again[label])
        assert image.shape == (48, 48, 3)


def test_the_option_needs_an_image_size_and_only_load_takes_it() -> None:
    with pytest.raises(ReadOptionError, match="scaled_decode=True needs image_size"):
        ReadOptions(scaled_decode=True)
    for reader in ("ShardDataset", "IndexedDataset", "dali.pipeline"):
        with pytest.raises(ReadOptionError, match="scaled_decode=True: decoding JPEGs at 1/2"):
            reader_options(reader, ReadOptions(image_size=(8, 8), scaled_decode=True), {})
    assert reader_options("load", None, {"image_size": (8, 8), "scaled_decode": True}).scaled_decode
