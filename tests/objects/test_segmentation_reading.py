"""Every reader gives a semantic segmentation output's mask decoded to class indices, and both
`shardify.load` and `shardify.torch` move it with every crop, pad, resize and flip they apply to
the image.

The source is ADE20K's layout (`images/{training,validation}/` beside `annotations/`, one mask of
class indices per image), with random class maps. Most images are coordinate maps: stored pixel
(y, x) is (5y, 5x, 255), a PNG, so lossless. Resizing is bilinear with half-pixel centres, and the
bilinear resize of a ramp is the ramp at the sampled point: the returned image's pixel (i, j) says
which stored point it came from, and nearest neighbour takes the stored pixel whose centre is
nearest that point, floor(coordinate + 0.5). So mask[i, j] must be the stored mask's class there:
an oracle computed by the image decoders and resizers, not by the readers' window arithmetic.
Where the image is `pad`'s border (blue 0), the mask must hold the fill. A JPEG of coloured 8x8
blocks exercises tf.data's `decode_and_crop_jpeg`: where a returned pixel is plainly one block's
colour, the mask holds that block's class.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ReadOptionError

tf = pytest.importorskip("tensorflow")

import shardify  # noqa: E402 - load needs TensorFlow

# CI has no PyTorch (docs/testing.md): the tf.data and tfds checks run without it, the PyTorch
# reader's where it is installed.
try:
    import torch
except ImportError:
    HAVE_TORCH = False
else:
    HAVE_TORCH = True
needs_torch = pytest.mark.skipif(not HAVE_TORCH, reason="the PyTorch reader needs torch")

_STEP = 5  # coordinate images: stored pixel (y, x) is (5y, 5x, 255); sides up to 52 pixels
_TOP = "ADEChallengeData2016"
# name -> (height, width, how its mask is stored); .png images are coordinate maps
_TRAIN = {
    "ADE_train_00000001.png": (36, 52, "L"),
    "ADE_train_00000002.png": (50, 30, "L"),
    "ADE_train_00000003.png": (40, 40, "L"),
    "ADE_train_00000004.png": (24, 44, "1"),  # a 1-bit PNG: classes 0 and 1
    "ADE_train_00000005.jpg": (48, 64, "L"),  # 8x8 blocks of _BLOCK_COLOURS
}
_VALIDATION = {
    "ADE_val_00000001.png": (30, 40, "I;16"),  # 16-bit PNGs: classes up to 999
    "ADE_val_00000002.png": (44, 26, "I;16"),
}
_BLOCK = 8
# Each channel 0 or 255: a blend with another colour moves away from a colour in one direction only.
_BLOCK_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))
_NEAR_COLOUR = 24  # a returned pixel this close (every channel) is that block's colour
_FITS = ("stretch", "pad", "center_crop", "random_crop")
_SIZE = (20, 28)  # image_size: smaller than every image on one side, larger on others


def _class_map(name: str, height: int, width: int, mode: str) -> np.ndarray:
    rng = np.random.default_rng(sum(name.encode()))
    if name.endswith(".jpg"):
        blocks = rng.integers(0, len(_BLOCK_COLOURS), size=(height // _BLOCK, width // _BLOCK))
        return np.kron(blocks, np.ones((_BLOCK, _BLOCK), np.int64)).astype(np.uint8)
    high = {"1": 2, "L": 200, "I;16": 1000}[mode]  # never 255, the default fill
    return rng.integers(0, high, size=(height, width)).astype(np.uint16 if mode == "I;16" else np.uint8)


def _image(name: str, mask: np.ndarray) -> "Image.Image":  # noqa: F821 - Pillow, imported where used
    from PIL import Image

    height, width = mask.shape
    if name.endswith(".jpg"):
        colours = np.array(_BLOCK_COLOURS, np.uint8)[mask]
        return Image.fromarray(colours, "RGB")
    y, x = np.mgrid[0:height, 0:width]
    return Image.fromarray(np.stack([_STEP * y, _STEP * x, np.full_like(y, 255)], -1).astype(np.uint8), "RGB")


@pytest.fixture(scope="module")
def ade(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, np.ndarray]]:
    """(output, {filename: the stored class map}): the dataset converted once."""
    from PIL import Image

    root = tmp_path_factory.mktemp("ade")
    masks = {}
    for folder, images in (("training", _TRAIN), ("validation", _VALIDATION)):
        for name, (height, width, mode) in images.items():
            mask = _class_map(name, height, width, mode)
            image_path = root / _TOP / "images" / folder / name
            mask_path = root / _TOP / "annotations" / folder / f"{Path(name).stem}.png"
            image_path.parent.mkdir(parents=True, exist_ok=True)
            mask_path.parent.mkdir(parents=True, exist_ok=True)
            _image(name, mask).save(image_path, quality=95, subsampling=0)  # JPEG: no chroma blur
            # Pillow reads a bool array as mode "1" itself (naming the mode misreads it)
            (Image.fromarray(mask.astype(bool)) if mode == "1" else Image.fromarray(mask, mode)).save(mask_path)
            masks[f"{_TOP}/images/{folder}/{name}"] = mask
    out = tmp_path_factory.mktemp("ade_out")
    run_conversion(ConvertConfig(str(root), str(out), shards=1))
    return out, masks


# ---- reading ---------------------------------------------------------------------------------------


def _read_tf(out: Path, split: str, **options: object) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{filename: (image H x W x 3, mask)} of every record of `split`, read by shardify.load."""
    found = {}
    for example in shardify.load(str(out), split, shuffle=False, **options):
        image = example["image"].numpy().astype(np.float64)
        found[example["filename"].numpy().decode()] = (image, example["segmentation"].numpy())
    return found


def _read_torch(out: Path, split: str, **options: object) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{filename: (image H x W x 3, mask)} of every record of `split`, read by shardify.torch."""
    from shardify.torch import ShardDataset

    found = {}
    for example in ShardDataset(str(out), split, shuffle=False, **options):
        assert example["segmentation"].dtype == torch.int64
        image = example["image"].permute(1, 2, 0).numpy().astype(np.float64)
        found[example["filename"]] = (image, example["segmentation"].numpy())
    return found


_READERS = (_read_tf, _read_torch) if HAVE_TORCH else (_read_tf,)


def _whole_extent(stored: int, returned: int) -> tuple[float, float]:
    """The first and last stored coordinates a bilinear resize of the whole side samples."""
    scale = stored / returned
    return max(0.0, 0.5 * scale - 0.5), min(stored - 1.0, (returned - 0.5) * scale - 0.5)


def _check_coordinates(
    image: np.ndarray, mask: np.ndarray, stored: np.ndarray, *, fill: int, slack: float
) -> tuple[bool, bool, float]:
    """Asserts that mask[i, j] is the stored class of the pixel the coordinate image's (i, j) came
    from, and `fill` where the image is `pad`'s border; `slack` (pixels) is how far the image's
    coordinates may be off (rounding), so a pixel within it of a tie between two stored pixels may
    hold either's class. Returns (flipped, cropped, named): the image is mirrored, shows less than
    the whole stored image, and the fraction of its pixels that named one stored pixel."""
    content = image[..., 2] > 127
    border = image.max(axis=-1) < 1
    assert (content | border).all(), "every returned pixel is either the image's or pad's border"
    assert (mask[border] == fill).all(), f"pad's border holds {np.unique(mask[border])}, not {fill}"
    ys, xs = image[..., 0][content] / _STEP, image[..., 1][content] / _STEP
    height, width = stored.shape
    rows = [np.clip(np.floor(ys + 0.5 + d), 0, height - 1).astype(int) for d in (-slack, slack)]
    cols = [np.clip(np.floor(xs + 0.5 + d), 0, width - 1).astype(int) for d in (-slack, slack)]
    got = mask[content]
    hit = np.zeros(got.shape, bool)
    for row in rows:
        for col in cols:
            hit |= stored[row, col] == got
    assert hit.all(), f"{(~hit).sum()} of {hit.size} pixels hold another class than the stored pixel they came from"
    named = ((rows[0] == rows[1]) & (cols[0] == cols[1])).mean()
    middle = content.shape[0] // 2
    row_xs = image[middle, :, 1][content[middle]]
    flipped = bool(row_xs[0] > row_xs[-1])
    span = content.any(axis=1).sum(), content.any(axis=0).sum()
    whole_y, whole_x = _whole_extent(height, span[0]), _whole_extent(width, span[1])
    seen_y, seen_x = (ys.min(), ys.max()), (xs.min(), xs.max())
    cropped = max(abs(a - b) for a, b in zip(seen_y + seen_x, whole_y + whole_x)) > 0.6
    return flipped, cropped, named


def _check_blocks(image: np.ndarray, mask: np.ndarray, *, fill: int) -> None:
    """Where the JPEG of coloured blocks is plainly one block's colour, the mask holds its class."""
    border = image.max(axis=-1) < 1
    assert (mask[border] == fill).all()
    checked = 0
    for number, colour in enumerate(_BLOCK_COLOURS):
        plain = np.abs(image - np.array(colour)).max(axis=-1) < _NEAR_COLOUR
        assert (mask[plain] == number).all(), f"pixels of colour {colour} hold classes {np.unique(mask[plain])}"
        checked += plain.sum()
    assert checked > 0.5 * (~border).sum(), "most of the image is plainly one block's colour"


def _check_all(
    records: dict[str, tuple[np.ndarray, np.ndarray]], stored: dict[str, np.ndarray], *, fill: int, slack: float
) -> tuple[set[str], set[str]]:
    """Checks every record; returns the names of those flipped and those cropped."""
    flipped, cropped, named = set(), set(), []
    for name, (image, mask) in records.items():
        assert mask.shape == image.shape[:2]
        if name.endswith(".jpg"):
            _check_blocks(image, mask, fill=fill)
            continue
        was_flipped, was_cropped, one = _check_coordinates(image, mask, stored[name], fill=fill, slack=slack)
        named.append(one)
        if was_flipped:
            flipped.add(name)
        if was_cropped:
            cropped.add(name)
    # ties (an integer scale puts a whole side at one) and rounding allow two classes (or four); a
    # good part of the pixels allow one, so the check is not vacuous (0.4-0.6 in the PyTorch
    # reader's rounded pixels, 0.75-1 in tf.data's)
    assert np.mean(named) > 0.3, "a good part of the pixels name one stored pixel"
    return flipped, cropped


_TF_SLACK = 0.01  # tf.image.resize returns float32 pixels: the coordinates to rounding error
_TORCH_SLACK = 0.5 / _STEP + 0.01  # the PyTorch reader resizes uint8 pixels: each within 0.5 of its value


@pytest.mark.parametrize("fit", _FITS)
def test_load_moves_the_mask_with_every_fit_and_flip(ade: tuple[Path, dict], fit: str) -> None:
    out, stored = ade
    for flip in (False, True):
        flipped, cropped = set(), set()
        for split, dtype in (("train", tf.uint8), ("validation", tf.uint16)):
            assert shardify.load(str(out), split).element_spec["segmentation"].dtype == dtype
            records = _read_tf(out, split, image_size=_SIZE, fit=fit, flip=flip, seed=3)
            assert len(records) == {"train": 5, "validation": 2}[split]
            assert all(mask.shape == _SIZE for _, mask in records.values())
            names = _check_all(records, stored, fill=255, slack=_TF_SLACK)
            flipped |= names[0]
            cropped |= names[1]
        assert bool(flipped) == flip and (not flip or len(flipped) < 6), "flips are drawn per record"
        assert bool(cropped) == (fit == "random_crop") or fit == "center_crop"


@needs_torch
@pytest.mark.parametrize("fit", _FITS)
def test_the_pytorch_reader_moves_the_mask_with_every_fit_and_flip(ade: tuple[Path, dict], fit: str) -> None:
    out, stored = ade
    for flip in (False, True):
        flipped, cropped = set(), set()
        for split in ("train", "validation"):
            records = _read_torch(out, split, image_size=_SIZE, fit=fit, flip=flip, seed=3)
            assert all(mask.shape == _SIZE for _, mask in records.values())
            names = _check_all(records, stored, fill=255, slack=_TORCH_SLACK)
            flipped |= names[0]
            cropped |= names[1]
        assert bool(flipped) == flip and (not flip or len(flipped) < 6), "flips are drawn per record"
        assert bool(cropped) == (fit == "random_crop") or fit == "center_crop"


@needs_torch
@pytest.mark.parametrize("fit", ["stretch", "pad", "center_crop"])
def test_both_readers_place_every_class_alike_where_the_geometry_is_fixed(ade: tuple[Path, dict], fit: str) -> None:
    out, _ = ade
    for split in ("train", "validation"):
        by_tf = _read_tf(out, split, image_size=_SIZE, fit=fit)
        by_torch = _read_torch(out, split, image_size=_SIZE, fit=fit)
        assert by_tf.keys() == by_torch.keys()
        for name, (_, mask) in by_tf.items():
            np.testing.assert_array_equal(by_torch[name][1], mask, err_msg=name)


def test_without_a_fit_or_a_flip_the_mask_is_the_stored_class_map(ade: tuple[Path, dict]) -> None:
    out, stored = ade
    for split, dtype in (("train", np.uint8), ("validation", np.uint16)):
        for read in _READERS:
            records = read(out, split)
            assert len(records) == {"train": 5, "validation": 2}[split]
            for name, (image, mask) in records.items():
                np.testing.assert_array_equal(mask, stored[name], err_msg=f"{read.__name__}: {name}")
                assert mask.dtype == (dtype if read is _read_tf else np.int64)
    one_bit = f"{_TOP}/images/training/ADE_train_00000004.png"
    assert set(np.unique(stored[one_bit])) == {0, 1}, "a 1-bit PNG's classes are 0 and 1, not 0 and 255"
    # without the image, nothing moves it: masks keep their sizes (ragged when batched)
    batch = next(iter(shardify.load(str(out), "train", shuffle=False, features=["segmentation", "filename"], batch_size=5)))
    assert isinstance(batch["segmentation"], tf.RaggedTensor)
    for name, mask in zip(batch["filename"].numpy(), batch["segmentation"]):
        np.testing.assert_array_equal(mask.numpy(), stored[name.decode()])
    if HAVE_TORCH:
        from shardify.torch import ShardDataset

        options = {"features": ["segmentation", "filename"], "flip": True, "seed": 0}
        for example in ShardDataset(str(out), "validation", **options):
            assert set(example) == {"segmentation", "filename"}
            np.testing.assert_array_equal(example["segmentation"].numpy(), stored[example["filename"]])


def test_pad_fills_the_border_with_segmentation_fill(ade: tuple[Path, dict]) -> None:
    out, stored = ade
    options = {"image_size": _SIZE, "fit": "pad", "flip": True, "seed": 1}
    for split, fill in (("train", 0), ("validation", 300)):
        for read in _READERS:
            slack = _TF_SLACK if read is _read_tf else _TORCH_SLACK
            records = read(out, split, segmentation_fill=fill, **options)
            assert all((image.max(axis=-1) < 1).any() for image, _ in records.values()), "every image is padded"
            _check_all(records, stored, fill=fill, slack=slack)
    # the train split's masks are uint8: 300 does not fit them (the PyTorch reader's int64 takes it)
    with pytest.raises(ReadOptionError, match=r"segmentation_fill=300 .* uint8"):
        shardify.load(str(out), "train", segmentation_fill=300, **options)
    with pytest.raises(ReadOptionError, match="segmentation_fill=-1"):
        shardify.ReadOptions(segmentation_fill=-1)
    if HAVE_TORCH:
        records = _read_torch(out, "train", segmentation_fill=300, **options)
        assert all((mask == 300).any() for _, mask in records.values())


def test_masks_batch_with_their_images(ade: tuple[Path, dict]) -> None:
    out, stored = ade
    options = {"image_size": _SIZE, "fit": "random_crop", "flip": True, "seed": 5}
    batch = next(iter(shardify.load(str(out), "train", batch_size=4, **options)))
    assert batch["segmentation"].shape == (4, *_SIZE) and batch["segmentation"].dtype == tf.uint8
    assert batch["image"].shape == (4, *_SIZE, 3)
    pairs = {name.decode(): (image, mask) for name, image, mask in zip(
        batch["filename"].numpy(), batch["image"].numpy().astype(np.float64), batch["segmentation"].numpy()
    )}
    _check_all(pairs, stored, fill=255, slack=_TF_SLACK)


@needs_torch
def test_masks_batch_with_their_images_in_a_dataloader(ade: tuple[Path, dict]) -> None:
    from shardify.torch import ShardDataset, collate

    out, stored = ade
    options = {"image_size": _SIZE, "fit": "random_crop", "flip": True, "seed": 5}
    dataset = ShardDataset(str(out), "train", **options)
    loader = torch.utils.data.DataLoader(dataset, batch_size=4, collate_fn=collate)
    batch = next(iter(loader))
    assert batch["segmentation"].shape == (4, *_SIZE) and batch["segmentation"].dtype == torch.int64
    pairs = {name: (image.permute(1, 2, 0).numpy().astype(np.float64), mask.numpy()) for name, image, mask in zip(
        batch["filename"], batch["image"], batch["segmentation"]
    )}
    _check_all(pairs, stored, fill=255, slack=_TORCH_SLACK)


def test_tensorflow_datasets_gives_the_mask_as_an_image_of_class_indices(ade: tuple[Path, dict]) -> None:
    tfds = pytest.importorskip("tensorflow_datasets")
    out, stored = ade
    builder = tfds.builder_from_directory(str(out))
    feature = builder.info.features["image/segmentation/class/encoded"]
    assert isinstance(feature, tfds.features.Image)
    assert feature.shape == (None, None, 1) and feature.dtype == np.uint8
    seen = 0
    for example in builder.as_dataset(split="train"):
        mask = example["image/segmentation/class/encoded"].numpy()
        np.testing.assert_array_equal(mask[..., 0], stored[example["image/filename"].numpy().decode()])
        seen += 1
    assert seen == 5
    # tfds's dtype is fixed when the output is written: a 16-bit mask's class above 255 is refused
    with pytest.raises(tf.errors.InvalidArgumentError, match="above 255"):
        for _ in builder.as_dataset(split="validation"):
            pass


# ---- decoding ------------------------------------------------------------------------------------


def _png(values: np.ndarray, bits: int, colour_type: int = 0) -> bytes:
    """A PNG of `values` at `bits` per sample, greyscale (colour type 0) or RGB (2: values [h, w, 3]),
    written by hand: Pillow writes no 2- or 4-bit greyscale PNG."""
    height, width = values.shape[:2]
    rows = []
    for row in values.reshape(height, -1):
        if bits == 16:
            data = row.astype(">u2").tobytes()
        else:
            per_byte = 8 // bits
            padded = np.concatenate([row, np.zeros(-len(row) % per_byte, row.dtype)]).astype(int)
            data = bytes(
                sum(v << (8 - bits * (k + 1)) for k, v in enumerate(padded[i : i + per_byte]))
                for i in range(0, len(padded), per_byte)
            )
        rows.append(b"\0" + data)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, bits, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")


@pytest.mark.parametrize("bits", [1, 2, 4, 8, 16])
def test_a_mask_of_any_grey_bit_depth_decodes_to_its_classes(bits: int) -> None:
    from PIL import Image

    from shardify.read.tf_decode import decode_segmentation

    classes = np.random.default_rng(bits).integers(0, min(1 << bits, 1000), size=(5, 7))
    png = _png(classes, bits)
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (7, 5)  # a PNG Pillow reads
    dtype = tf.uint16 if bits == 16 else tf.uint8
    decoded = decode_segmentation(tf.constant(png), dtype)
    assert decoded.dtype == dtype
    np.testing.assert_array_equal(decoded.numpy(), classes)
    if HAVE_TORCH:
        from shardify.read.torch_objects import place_segmentation

        np.testing.assert_array_equal(place_segmentation(png, None, fill=255).numpy(), classes)
    if bits == 16:  # read as uint8 (a split whose first mask is 8-bit), a class above 255 is refused
        with pytest.raises(tf.errors.InvalidArgumentError, match="above 255"):
            decode_segmentation(tf.constant(png), tf.uint8, why_uint8="the test says so")


def test_a_colour_mask_is_refused_by_both_readers() -> None:
    from shardify.read.tf_decode import decode_segmentation

    colours = np.random.default_rng(0).integers(0, 256, size=(4, 4, 3))
    png = _png(colours, 8, colour_type=2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="colour PNG"):
        decode_segmentation(tf.constant(png), tf.uint8, where="out/")
    if HAVE_TORCH:
        from shardify.read.torch_objects import place_segmentation

        with pytest.raises(ValueError, match="not a greyscale PNG"):
            place_segmentation(png, None, fill=255)
