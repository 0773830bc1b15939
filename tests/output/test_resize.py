"""`--resize`: images stored at the size the model trains on, the record still naming its source.

Real Beam conversions of sample_data/ (JPEG, PNG, GIF, BMP, WebP of 84-150 px) and of small COCO
and ADE20K-shaped sources, read back with shardify.load (TensorFlow's decoders), TensorFlow's own
parser and NVIDIA DALI's CPU decoder; expectations come from the source files and from Pillow.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from helpers.sources import SAMPLE_IMAGES, convert, encoded, source_files
from shardify.cli.main import app
from shardify.converters.resize import LONGER, SHORTER, Resize, parse_resize, target_size
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.inspect.text_view import resize_line

tf = pytest.importorskip("tensorflow")
import shardify  # noqa: E402 - after TensorFlow's skip

_SIDE = 100  # sample_data's shorter sides are 84-150 px: some images shrink, some stay as found


@pytest.fixture(scope="module")
def resized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sample images converted twice with the same options."""
    options = {"shards": 2, "resize": Resize(SHORTER, _SIDE, jpeg_quality=85)}
    first = convert(SAMPLE_IMAGES, tmp_path_factory.mktemp("resized_a"), **options)
    second = convert(SAMPLE_IMAGES, tmp_path_factory.mktemp("resized_b"), **options)
    return first, second


def _sources() -> dict[str, bytes]:
    return {path: data for path, data in source_files(SAMPLE_IMAGES).items() if not Path(path).name.startswith(".")}


def test_the_option_reads_a_side_and_a_size_and_never_upscales() -> None:
    assert parse_resize("shorter:256") == Resize(SHORTER, 256)
    assert parse_resize("256") == Resize(SHORTER, 256)
    assert parse_resize("longer:512", jpeg_quality=80) == Resize(LONGER, 512, 80)
    for bad in ("sideways:10", "shorter:0", "shorter:", "big"):
        with pytest.raises(ValueError, match="--resize"):
            parse_resize(bad)
    assert target_size(500, 375, Resize(SHORTER, 256)) == (341, 256)
    assert target_size(375, 500, Resize(SHORTER, 256)) == (256, 341)
    assert target_size(640, 480, Resize(LONGER, 320)) == (320, 240)
    assert target_size(256, 1000, Resize(SHORTER, 256)) is None  # not larger: stored as found
    assert target_size(5000, 3, Resize(LONGER, 100)) == (100, 1)  # never a side of 0


def test_the_same_input_and_options_give_byte_identical_shards(resized: tuple[Path, Path]) -> None:
    first, second = resized
    shards = sorted(p.name for p in first.glob("*.tfrecord"))
    assert shards and shards == sorted(p.name for p in second.glob("*.tfrecord"))
    for name in shards:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_each_record_holds_the_stored_image_and_describes_the_original(resized: tuple[Path, Path]) -> None:
    sources = _sources()
    shrunk = kept = 0
    for example in shardify.load(str(resized[0]), shuffle=False):
        name = example["filename"].numpy().decode()
        source = sources[name]
        with Image.open(io.BytesIO(source)) as original:
            width, height = original.size
            reference = original.convert("RGB")
        image = example["image"].numpy()
        stored = (int(example["height"]), int(example["width"]))
        assert image.shape[:2] == stored, name
        assert (int(example["original_height"]), int(example["original_width"])) == (height, width), name
        assert example["original_sha256"].numpy().decode() == hashlib.sha256(source).hexdigest(), name
        if min(width, height) <= _SIDE:
            kept += 1
            assert stored == (height, width), name
            continue
        shrunk += 1
        assert min(stored) == _SIDE and stored == target_size(width, height, Resize(SHORTER, _SIDE))[::-1], name
        want = np.asarray(reference.resize(stored[::-1], Image.Resampling.LANCZOS), np.float64)
        got = image[..., :3].astype(np.float64) if image.shape[-1] >= 3 else np.repeat(image, 3, -1).astype(np.float64)
        assert np.abs(got - want).mean() < 6, name  # the same picture (a JPEG re-encode differs a little)
        assert example["format"].numpy().decode() == ("jpeg" if name.endswith(".jpg") else "png"), name
    assert shrunk and kept


def test_images_not_larger_are_stored_as_their_own_bytes(resized: tuple[Path, Path]) -> None:
    sources = _sources()
    spec = {contract.IMAGE_FILENAME: tf.io.FixedLenFeature([], tf.string), contract.IMAGE_ENCODED: tf.io.FixedLenFeature([], tf.string)}
    seen = 0
    for shard in sorted(resized[0].glob("*.tfrecord")):
        for serialized in tf.data.TFRecordDataset(str(shard)):
            parsed = tf.io.parse_single_example(serialized, spec)
            name = parsed[contract.IMAGE_FILENAME].numpy().decode()
            with Image.open(io.BytesIO(sources[name])) as original:
                if min(original.size) <= _SIDE and original.format in ("JPEG", "PNG", "BMP", "WEBP"):
                    assert parsed[contract.IMAGE_ENCODED].numpy() == sources[name], name
                    seen += 1
    assert seen


def test_the_manifest_records_the_options_and_what_they_saved(resized: tuple[Path, Path]) -> None:
    manifest = load_manifest(str(resized[0]))
    assert manifest.data["options"]["resize"] == {"side": "shorter", "max_side": _SIDE, "jpeg_quality": 85}
    for key in (contract.IMAGE_ORIGINAL_HEIGHT, contract.IMAGE_ORIGINAL_WIDTH, contract.IMAGE_ORIGINAL_SHA256):
        assert key in manifest.features
    block = manifest.data["resize"]
    assert block["request"] == f"shorter:{_SIDE}" and block["jpeg_quality"] == 85 and block["encoder"].startswith("Pillow ")
    train = block["splits"]["train"]
    larger = sum(1 for data in _sources().values() if min(Image.open(io.BytesIO(data)).size) > _SIDE)
    assert train["num_resized"] == larger
    assert train["input_bytes"] == sum(len(data) for data in _sources().values())
    assert train["num_bytes"] == manifest.splits["train"].num_bytes < train["input_bytes"]
    assert f"{larger:,} images shrunk" in resize_line(manifest)
    result = CliRunner().invoke(app, ["inspect", str(resized[0])])
    assert result.exit_code == 0 and f"resized: shorter:{_SIDE}" in result.output


def test_tensorflow_datasets_reads_the_stored_images_and_the_original_keys(resized: tuple[Path, Path]) -> None:
    tfds = pytest.importorskip("tensorflow_datasets")
    sources = _sources()
    builder = tfds.builder_from_directory(str(resized[0]))
    seen = 0
    for example in tfds.as_numpy(builder.as_dataset(split="train")):
        name = example[contract.IMAGE_FILENAME].decode()
        assert example[contract.IMAGE_ENCODED].shape[:2] == (example[contract.IMAGE_HEIGHT], example[contract.IMAGE_WIDTH]), name
        assert min(example[contract.IMAGE_HEIGHT], example[contract.IMAGE_WIDTH]) <= _SIDE
        assert example[contract.IMAGE_ORIGINAL_SHA256].decode() == hashlib.sha256(sources[name]).hexdigest(), name
        with Image.open(io.BytesIO(sources[name])) as original:
            assert (example[contract.IMAGE_ORIGINAL_WIDTH], example[contract.IMAGE_ORIGINAL_HEIGHT]) == original.size, name
        seen += 1
    assert seen == len(sources)


def test_dali_decodes_the_stored_images_at_their_recorded_size(tmp_path: Path) -> None:
    """Every sample image is larger than 64 px: all are shrunk, the GIFs (which DALI cannot decode)
    to PNGs."""
    pytest.importorskip("nvidia.dali", reason="needs NVIDIA DALI (Linux)")
    import nvidia.dali.tfrecord as tfrec
    from nvidia.dali import fn, pipeline_def, types

    out = convert(SAMPLE_IMAGES, tmp_path / "out", shards=2, resize="shorter:64")
    shards = load_manifest(str(out)).split("train").shards
    features = {
        contract.IMAGE_ENCODED: tfrec.FixedLenFeature((), tfrec.string, ""),
        contract.IMAGE_HEIGHT: tfrec.FixedLenFeature([1], tfrec.int64, -1),
        contract.IMAGE_WIDTH: tfrec.FixedLenFeature([1], tfrec.int64, -1),
    }

    @pipeline_def(batch_size=8, num_threads=1, device_id=None)
    def read():
        found = fn.readers.tfrecord(
            path=[str(out / s.path) for s in shards], index_path=[str(out / s.index) for s in shards],
            features=features, name="reader", pad_last_batch=True,
        )
        image = fn.decoders.image(found[contract.IMAGE_ENCODED], device="cpu", output_type=types.RGB)
        return image, found[contract.IMAGE_HEIGHT], found[contract.IMAGE_WIDTH]

    pipe = read()
    pipe.build()
    total = sum(s.num_records for s in shards)
    checked = 0
    while checked < total:
        images, heights, widths = pipe.run()
        for i in range(len(images)):
            assert images.at(i).shape[:2] == (heights.at(i)[0], widths.at(i)[0])
            assert min(images.at(i).shape[:2]) == 64
        checked += len(images)


def _coco(root: Path, width: int, height: int) -> tuple[Path, list[float]]:
    """A one-image COCO source with one polygon object."""
    y, x = np.mgrid[0:height, 0:width]
    pixels = np.stack([x * 255 // width, y * 255 // height, np.full_like(x, 90)], -1).astype(np.uint8)
    (root / "images").mkdir(parents=True)
    Image.fromarray(pixels, "RGB").save(root / "images" / "a.jpg", quality=95)
    polygon = [20.0, 10.0, 150.0, 20.0, 170.0, 90.0, 40.0, 70.0]
    document = {
        "images": [{"id": 1, "file_name": "a.jpg", "width": width, "height": height}],
        "annotations": [
            {"id": 7, "image_id": 1, "category_id": 1, "iscrowd": 0, "bbox": [20.0, 10.0, 150.0, 80.0], "area": 6400.0,
             "segmentation": [polygon]}
        ],
        "categories": [{"id": 1, "name": "thing"}],
    }
    (root / "annotations.json").write_text(json.dumps(document))
    return root, polygon


def _object_record(out: Path) -> dict[str, np.ndarray]:
    keys = [contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX, contract.OBJECT_AREA]
    spec = {key: tf.io.VarLenFeature(tf.float32) for key in keys}
    spec[contract.OBJECT_MASK] = tf.io.VarLenFeature(tf.string)
    spec[contract.IMAGE_ENCODED] = tf.io.FixedLenFeature([], tf.string)
    (shard,) = out.glob("*.tfrecord")
    parsed = tf.io.parse_single_example(next(iter(tf.data.TFRecordDataset(str(shard)))), spec)
    record = {k: (tf.sparse.to_dense(v) if isinstance(v, tf.SparseTensor) else v).numpy() for k, v in parsed.items()}
    record["image_shape"] = tuple(tf.io.decode_image(record[contract.IMAGE_ENCODED]).shape[:2])
    record["mask"] = tf.io.decode_png(record[contract.OBJECT_MASK][0]).numpy()[..., 0]
    return record


def test_boxes_stay_normalised_and_masks_shrink_with_their_image(tmp_path: Path) -> None:
    coco_mask = pytest.importorskip("pycocotools.mask")
    width, height = 200, 100
    source, polygon = _coco(tmp_path / "src", width, height)
    whole = _object_record(convert(source, tmp_path / "whole", shards=1, masks=True))
    small = _object_record(convert(source, tmp_path / "small", shards=1, masks=True, resize="shorter:50"))
    assert whole["image_shape"] == (100, 200) and small["image_shape"] == (50, 100)
    for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX):
        np.testing.assert_array_equal(small[key], whole[key])
    np.testing.assert_allclose(small[contract.OBJECT_AREA], whole[contract.OBJECT_AREA] / 4)  # in stored pixels
    full = coco_mask.decode(coco_mask.merge(coco_mask.frPyObjects([polygon], height, width)))
    want = np.asarray(Image.fromarray(full).resize((100, 50), Image.Resampling.NEAREST))
    np.testing.assert_array_equal(small["mask"], want)


def test_a_segmentation_mask_keeps_its_classes_at_the_stored_size(tmp_path: Path) -> None:
    top = tmp_path / "src" / "ADEChallengeData2016"
    rng = np.random.default_rng(3)
    classes = np.kron(rng.integers(0, 150, (6, 9)), np.ones((10, 10), np.int64)).astype(np.uint8)  # 60 x 90
    for folder in ("images/training", "annotations/training"):
        (top / folder).mkdir(parents=True)
    Image.fromarray(rng.integers(0, 255, (60, 90, 3), dtype=np.uint8)).save(top / "images/training/ADE_train_00000001.jpg")
    Image.fromarray(classes, "L").save(top / "annotations/training/ADE_train_00000001.png")
    out = convert(tmp_path / "src", tmp_path / "out", shards=1, resize="shorter:30")
    (example,) = list(shardify.load(str(out), "train", shuffle=False))
    assert example["image"].shape[:2] == (30, 45)
    want = np.asarray(Image.fromarray(classes).resize((45, 30), Image.Resampling.NEAREST))
    np.testing.assert_array_equal(example["segmentation"].numpy().reshape(30, 45), want)


def test_array_images_larger_than_asked_are_shrunk_too(tmp_path: Path) -> None:
    """CIFAR-10's 32x32 arrays: their PNGs shrink like files, the original keys name the
    unshrunk PNG."""
    from helpers.shipped import build_cifar10

    truth = build_cifar10(tmp_path / "download")
    out = convert(truth.root, tmp_path / "out", shards=1, resize="shorter:16")
    examples = [e for split in load_manifest(str(out)).splits for e in shardify.load(str(out), split, shuffle=False)]
    assert len(examples) == len(truth.records)
    for example in examples:
        assert example["image"].shape == (16, 16, 3) and (int(example["height"]), int(example["width"])) == (16, 16)
        assert (int(example["original_height"]), int(example["original_width"])) == (32, 32)
        assert example["format"].numpy() == b"png"
    assert load_manifest(str(out)).data["resize"]["splits"]["train"]["num_resized"] == load_manifest(str(out)).splits["train"].num_records


def test_an_append_must_store_images_as_the_output_does(tmp_path: Path) -> None:
    import shutil

    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig
    from shardify.errors import UsageError

    source = tmp_path / "src"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    out = convert(source, tmp_path / "out", resize="shorter:64")
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    for resize in (None, "shorter:32", Resize(SHORTER, 64, jpeg_quality=80)):
        with pytest.raises(UsageError, match="--append must store images as"):
            run_conversion(ConvertConfig(str(source), str(out), resize=resize), append=True)
    run_conversion(ConvertConfig(str(source), str(out), resize="shorter:64"), append=True)
    manifest = load_manifest(str(out))
    assert manifest.version == 2
    totals = manifest.data["resize"]["splits"]["train"]
    assert totals["num_resized"] == manifest.splits["train"].num_records == len(list(source.rglob("*.*")))  # every one > 64 px
    assert totals["num_bytes"] == manifest.splits["train"].num_bytes


def test_the_command_refuses_a_quality_without_a_size_and_a_malformed_size(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["convert", str(SAMPLE_IMAGES), str(tmp_path / "a"), "--jpeg-quality", "80"])
    assert result.exit_code == 2 and "--jpeg-quality goes with --resize" in result.output
    result = runner.invoke(app, ["convert", str(SAMPLE_IMAGES), str(tmp_path / "b"), "--resize", "wide:80"])
    assert result.exit_code == 2 and "wide:80" in result.output
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


# ---- one image at a time: what each kind of source becomes (Pillow and TensorFlow, no Beam) ----


def _store(data: bytes, resize: str, **options: object):
    from shardify.converters import images

    probed = images.probe_bytes(data)
    return images.store_image(data, probed=probed, filename="x", resize=parse_resize(resize), **options)


def _noise(mode: str, size: tuple[int, int]) -> Image.Image:
    rng = np.random.default_rng(5)
    return Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8), "RGB").convert(mode)


@pytest.mark.parametrize(
    ("mode", "fmt", "stored_format", "channels"),
    [
        ("RGB", "JPEG", "jpeg", 3),
        ("L", "JPEG", "jpeg", 1),
        ("CMYK", "JPEG", "jpeg", 3),  # as TensorFlow decodes a CMYK JPEG: RGB
        ("P", "PNG", "png", 3),  # a palette's indices cannot be filtered: RGB first
        ("RGBA", "PNG", "png", 4),
        ("RGB", "BMP", "png", 3),
        ("RGB", "GIF", "png", 3),
    ],
)
def test_each_format_is_stored_shrunk_as_tensorflow_then_decodes_it(mode: str, fmt: str, stored_format: str, channels: int) -> None:
    stored = _store(encoded(_noise(mode, (90, 60)), fmt), "shorter:30")
    assert (stored.info.image_format, stored.info.height, stored.info.width, stored.info.channels) == (stored_format, 30, 45, channels)
    assert stored.scaled_from == (60, 90) and stored.original.height == 60 and stored.reencoded
    decoded = tf.io.decode_image(stored.data, channels=0, expand_animations=False)
    assert tuple(decoded.shape) == (30, 45, channels)


def test_sixteen_bit_grayscale_stays_sixteen_bit() -> None:
    values = (np.arange(80 * 40, dtype=np.uint16).reshape(40, 80) * 20)
    stored = _store(encoded(Image.fromarray(values.astype("<u2")), "PNG"), "longer:40")
    decoded = tf.io.decode_png(stored.data, dtype=tf.uint16).numpy()[..., 0]
    assert decoded.shape == (20, 40) and decoded.max() > 255  # not cut to 8 bits


def test_the_exif_orientation_is_kept_or_applied_with_the_shrink() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # turn a quarter clockwise to view
    data = encoded(_noise("RGB", (120, 60)), "JPEG", exif=exif.tobytes())
    kept = _store(data, "shorter:30")
    assert (kept.info.height, kept.info.width, kept.orientation, kept.scaled_from) == (30, 60, 6, (60, 120))
    applied = _store(data, "shorter:30", apply_orientation=True)
    assert (applied.info.height, applied.info.width, applied.orientation, applied.scaled_from) == (60, 30, 1, (120, 60))


def test_the_same_image_gives_the_same_bytes_and_a_quality_changes_them() -> None:
    data = encoded(_noise("RGB", (300, 200)), "JPEG", quality=95)
    assert _store(data, "shorter:100").data == _store(data, "shorter:100").data
    assert len(_store(data, "shorter:100").data) > len(_at_quality(data, 50))


def _at_quality(data: bytes, quality: int) -> bytes:
    from shardify.converters import images

    return images.store_image(data, probed=images.probe_bytes(data), filename="x", resize=Resize(SHORTER, 100, quality)).data
