"""`--store-pixels`: tiny images stored as their uint8 pixels (image/format raw), read unchanged.

Real Beam conversions of miniatures written as the datasets' own pages and TensorFlow Datasets'
builders describe them (CIFAR-10's Python pickles: dicts of `b'data'` [N, 3072], 1024 red, 1024
green, 1024 blue, and `b'labels'`; Keras' `mnist.npz`: `x_train` uint8 [N, 28, 28] beside
`y_train`), and of tiny image files of every 8-bit kind in class folders. The pixels each reader
returns are compared with the source's exactly: the arrays chosen here, or Pillow's decode of the
files. A record whose bytes are not its height x width x channels (shards are untrusted) fails the
read saying so, never a wrong tensor.
"""

from __future__ import annotations

import hashlib
import io
import json
import pickle
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from helpers.shard_io import read_shard
from helpers.sources import convert
from shardify.cli.main import app
from shardify.config import ConvertConfig
from shardify.converters.raw_pixels import ALWAYS, AUTO, AUTO_MAX_PIXELS, NEVER, StorePixels, parse_store_pixels
from shardify.errors import CorruptShardError, ReadOptionError
from shardify.format import contract, example_proto
from shardify.format.manifest import load_manifest
from shardify.format.tfrecord import TFRecordWriter, iter_records
from shardify.inspect.verify import verify_output

tf = pytest.importorskip("tensorflow")
import shardify  # noqa: E402 - after TensorFlow's skip

_CIFAR_NAMES = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


def _cifar(root: Path) -> dict[str, np.ndarray]:
    """cifar-10-batches-py/ with data_batch_1 (12 images) and test_batch (6): {record id: [32, 32, 3]}."""
    folder = root / "cifar-10-batches-py"
    folder.mkdir(parents=True)
    truth = {}
    rng = np.random.default_rng(7)
    for name, count in (("data_batch_1", 12), ("test_batch", 6)):
        images = rng.integers(0, 256, (count, 32, 32, 3), dtype=np.uint8)  # noise: a swapped channel cannot match
        batch = {
            b"batch_label": name.encode(),
            b"labels": [int(label) for label in rng.integers(0, 10, count)],
            b"data": np.ascontiguousarray(images.transpose(0, 3, 1, 2)).reshape(count, 3072),
            b"filenames": [f"img_{i}.png".encode() for i in range(count)],
        }
        (folder / name).write_bytes(pickle.dumps(batch))
        truth.update({f"cifar-10-batches-py/{name}#{i}": images[i] for i in range(count)})
    meta = {b"label_names": [n.encode() for n in _CIFAR_NAMES], b"num_cases_per_batch": 12, b"num_vis": 3072}
    (folder / "batches.meta").write_bytes(pickle.dumps(meta))
    return truth


def _mnist_npz(root: Path) -> dict[str, np.ndarray]:
    """mnist.npz as Keras ships it: {record id: [28, 28]}."""
    root.mkdir(parents=True)
    rng = np.random.default_rng(3)
    arrays = {
        "x_train": rng.integers(0, 256, (8, 28, 28), dtype=np.uint8),
        "y_train": rng.integers(0, 10, 8).astype(np.uint8),
        "x_test": rng.integers(0, 256, (4, 28, 28), dtype=np.uint8),
        "y_test": rng.integers(0, 10, 4).astype(np.uint8),
    }
    np.savez(root / "mnist.npz", **arrays)
    return {f"mnist.npz#{part}:{i}": image for part in ("x_train", "x_test") for i, image in enumerate(arrays[part])}


def _image(mode: str, size: tuple[int, int], fmt: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    image = Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8), "RGB")
    if mode == "RGBA":
        image.putalpha(Image.fromarray(rng.integers(0, 256, (size[1], size[0]), dtype=np.uint8), "L"))
    elif mode == "P":
        image = image.quantize(16)
    elif mode != "RGB":
        image = image.convert(mode)
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def _files(root: Path) -> dict[str, bytes]:
    """Class folders of tiny images of every 8-bit kind, and one of 80x80 (over auto's limit)."""
    kinds = {
        "a/rgb.png": ("RGB", (20, 12), "PNG"),
        "a/rgba.png": ("RGBA", (16, 16), "PNG"),
        "a/grey.png": ("L", (9, 30), "PNG"),
        "b/palette.png": ("P", (24, 24), "PNG"),
        "b/bits.png": ("1", (17, 5), "PNG"),
        "b/photo.jpg": ("RGB", (32, 24), "JPEG"),
        "b/large.png": ("RGB", (80, 80), "PNG"),
    }
    files = {}
    for seed, (relpath, (mode, size, fmt)) in enumerate(sorted(kinds.items())):
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        files[relpath] = _image(mode, size, fmt, seed)
        (root / relpath).write_bytes(files[relpath])
    return files


@pytest.fixture(scope="module")
def cifar(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, np.ndarray]]:
    """The CIFAR miniature converted twice with --store-pixels auto."""
    source = tmp_path_factory.mktemp("cifar_src")
    truth = _cifar(source)
    first = convert(source, tmp_path_factory.mktemp("cifar_a"), shards=2, store_pixels=AUTO)
    second = convert(source, tmp_path_factory.mktemp("cifar_b"), shards=2, store_pixels=AUTO)
    return first, second, truth


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    source = tmp_path_factory.mktemp("files_src")
    found = _files(source)
    return convert(source, tmp_path_factory.mktemp("files_out"), shards=2, store_pixels=AUTO), found


def _records(output: Path) -> list[dict[str, object]]:
    return [record for shard in sorted(output.glob("*.tfrecord")) for record in read_shard(shard)]


def _as_rgb(pixels: np.ndarray) -> np.ndarray:
    """[H, W] or [H, W, C] -> [H, W, 3] as tf.io.decode_image(channels=3) gives: grey repeated, alpha dropped."""
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    return np.repeat(pixels[:, :, :1], 3, axis=2) if pixels.shape[2] in (1, 2) else pixels[:, :, :3]


def test_the_option_is_parsed_once_into_a_typed_value() -> None:
    assert parse_store_pixels(" Auto ") == StorePixels(AUTO)
    assert str(StorePixels(ALWAYS)) == "always" and not StorePixels(NEVER)
    assert StorePixels(AUTO).wants(64, 64) and not StorePixels(AUTO).wants(65, 64)
    assert StorePixels(AUTO).wants(AUTO_MAX_PIXELS, 1) and StorePixels(ALWAYS).wants(4000, 3000)
    assert not StorePixels(NEVER).wants(1, 1)
    with pytest.raises(ValueError, match="--store-pixels 'sometimes'"):
        parse_store_pixels("sometimes")
    config = ConvertConfig("src", "out", store_pixels="always")
    assert config.store_pixels == StorePixels(ALWAYS) and config.manifest_options()["store_pixels"] == "always"
    result = CliRunner().invoke(app, ["convert", "src", "out", "--store-pixels", "sometimes"])
    assert result.exit_code == 2


def test_arrays_are_stored_as_their_pixels_with_no_png_between(cifar: tuple[Path, Path, dict]) -> None:
    output, _, truth = cifar
    records = _records(output)
    assert len(records) == len(truth) == 18
    for record in records:
        pixels = truth[record[contract.IMAGE_FILENAME].decode()]
        assert record[contract.IMAGE_FORMAT] == b"raw"
        assert record[contract.IMAGE_ENCODED] == pixels.tobytes()  # HWC, uncompressed
        assert (record[contract.IMAGE_HEIGHT], record[contract.IMAGE_WIDTH], record[contract.IMAGE_CHANNELS]) == (32, 32, 3)
        sha256 = hashlib.sha256(pixels.tobytes()).hexdigest().encode()
        assert record[contract.IMAGE_SHA256] == record[contract.IMAGE_ORIGINAL_SHA256] == sha256
    manifest = load_manifest(str(output))
    assert manifest.stores_pixels and manifest.data["options"]["store_pixels"] == "auto"
    assert verify_output(manifest) == 18


def test_the_same_input_and_options_give_byte_identical_shards(cifar: tuple[Path, Path, dict]) -> None:
    first, second, _ = cifar
    names = sorted(p.name for p in first.glob("*.tfrecord"))
    assert names and names == sorted(p.name for p in second.glob("*.tfrecord"))
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_tf_data_reads_the_pixels_as_stored_and_fits_them_as_decoded_images(cifar: tuple[Path, Path, dict]) -> None:
    output, _, truth = cifar
    seen = 0
    for split in ("train", "test"):
        for example in shardify.load(str(output), split, shuffle=False):
            image = example["image"].numpy()
            assert image.dtype == np.uint8
            np.testing.assert_array_equal(image, truth[example["filename"].numpy().decode()])
            seen += 1
    assert seen == 18
    batches = shardify.load(str(output), "train", batch_size=4, image_size=(24, 24), fit="random_crop", flip=True, seed=1)
    assert next(iter(batches))["image"].shape == (4, 24, 24, 3)  # per record: crops and flips draw per record
    # a batch at a time (stretch and pad): the values a per-image resize gives, labels beside them
    for fit, place in (("stretch", tf.image.resize), ("pad", lambda image, size: tf.image.resize_with_pad(image, *size))):
        seen = 0
        for batch in shardify.load(str(output), "train", batch_size=5, image_size=(24, 20), fit=fit, shuffle=False):
            assert batch["image"].shape[1:] == (24, 20, 3) and batch["label"].shape == batch["image"].shape[:1]
            for image, name in zip(batch["image"].numpy(), batch["filename"].numpy()):
                np.testing.assert_array_equal(image, place(truth[name.decode()], (24, 20)).numpy(), err_msg=name)
                seen += 1
        assert seen == 12
    images, labels = next(iter(shardify.load(str(output), "train", batch_size=5, image_size=(16, 16), as_supervised=True, dtype="uint8")))
    assert images.shape == (5, 16, 16, 3) and images.dtype == tf.uint8 and labels.shape == (5,)


def test_torch_reads_the_pixels_as_stored(cifar: tuple[Path, Path, dict]) -> None:
    torch = pytest.importorskip("torch")
    import shardify.torch as st

    output, _, truth = cifar
    for decoder in ("pillow", "none"):
        dataset = st.IndexedDataset(str(output), "train", decoder=decoder)
        for index in range(len(dataset)):
            example = dataset[index]
            expected = torch.from_numpy(truth[example["filename"]]).permute(2, 0, 1)
            assert example["image"].dtype == torch.uint8
            assert torch.equal(example["image"], expected), (decoder, index)
    fitted = st.IndexedDataset(str(output), "train", image_size=(16, 16), normalize=True)
    assert fitted[0]["image"].shape == (3, 16, 16)


def test_grey_arrays_keep_one_channel_and_read_as_decoded_grey(tmp_path: Path) -> None:
    truth = _mnist_npz(tmp_path / "src")
    output = convert(tmp_path / "src", tmp_path / "out", shards=1, store_pixels=ALWAYS)
    for record in _records(output):
        pixels = truth[record[contract.IMAGE_FILENAME].decode()]
        assert record[contract.IMAGE_CHANNELS] == 1 and record[contract.IMAGE_ENCODED] == pixels.tobytes()
    for split in ("train", "test"):
        for example in shardify.load(str(output), split, shuffle=False):
            np.testing.assert_array_equal(example["image"].numpy(), _as_rgb(truth[example["filename"].numpy().decode()]))
    torch = pytest.importorskip("torch")
    import shardify.torch as st

    dataset = st.IndexedDataset(str(output), "test")
    for index in range(len(dataset)):
        example = dataset[index]
        expected = torch.from_numpy(_as_rgb(truth[example["filename"]])).permute(2, 0, 1)
        assert torch.equal(example["image"], expected)


def test_image_files_under_auto_store_small_ones_as_pixels_and_keep_large_ones_encoded(files: tuple[Path, dict]) -> None:
    output, sources = files
    records = {r[contract.IMAGE_FILENAME].decode(): r for r in _records(output)}
    assert set(records) == set(sources)
    for name, record in records.items():
        with Image.open(io.BytesIO(sources[name])) as image:
            width, height = image.size
        assert record[contract.IMAGE_ORIGINAL_SHA256] == hashlib.sha256(sources[name]).hexdigest().encode(), name
        if name == "b/large.png":  # 6,400 pixels: over auto's 4,096
            assert record[contract.IMAGE_FORMAT] == b"png" and record[contract.IMAGE_ENCODED] == sources[name]
            continue
        assert record[contract.IMAGE_FORMAT] == b"raw", name
        assert (record[contract.IMAGE_HEIGHT], record[contract.IMAGE_WIDTH]) == (height, width), name
    # both kinds in one output, read alike: a PNG's pixels as TensorFlow decodes the file; a JPEG's
    # as libjpeg's accurate decode (Pillow's), which TensorFlow's default fast one is a few levels from
    for example in shardify.load(str(output), shuffle=False):
        name = example["filename"].numpy().decode()
        if name.endswith(".jpg"):
            with Image.open(io.BytesIO(sources[name])) as image:
                expected = np.asarray(image.convert("RGB"))
            fast = tf.io.decode_jpeg(sources[name], channels=3).numpy().astype(int)
            assert np.abs(fast - expected).max() <= 8, name
        else:
            expected = tf.io.decode_image(sources[name], channels=3, expand_animations=False).numpy()
        np.testing.assert_array_equal(example["image"].numpy(), expected, err_msg=name)
    # a batch mixing pixels and PNGs of several sizes is read image by image, to the same values
    batch = next(iter(shardify.load(str(output), batch_size=7, image_size=(8, 8), shuffle=False)))
    assert batch["image"].shape == (7, 8, 8, 3)
    singly = {e["filename"].numpy(): e["image"].numpy() for e in shardify.load(str(output), shuffle=False)}
    for image, name in zip(batch["image"].numpy(), batch["filename"].numpy()):
        np.testing.assert_array_equal(image, tf.image.resize(singly[name], (8, 8)).numpy(), err_msg=name)


def test_readers_of_encoded_images_alone_refuse_the_output_saying_why(cifar: tuple[Path, Path, dict], tmp_path: Path) -> None:
    output = cifar[0]
    assert not (output / "dataset_info.json").exists()  # tfds's Image cannot describe pixels: no tfds files
    result = CliRunner().invoke(app, ["export-metadata", str(output)])
    assert result.exit_code == 1 and "--store-pixels" in result.output and "TensorFlow Datasets" in result.output
    from shardify.read.dali_spec import make_spec  # no DALI import: the refusal comes before any pipeline
    from shardify.read.options import DALI_PIPELINE

    with pytest.raises(ReadOptionError, match="--store-pixels auto.*shardify.dali does not read"):
        make_spec(DALI_PIPELINE, str(output), "train", None, {"batch_size": 4}, device_id=None, num_threads=1, prefetch_queue_depth=2, layout="HWC")


def _damage(output: Path, tmp_path: Path) -> tuple[Path, str]:
    """A copy of `output` whose first shard's first record says height 31 over 32 rows of pixels;
    the manifest's checksums follow the change, so that only the record itself is wrong."""
    damaged = tmp_path / "damaged"
    shutil.copytree(output, damaged)
    shard = sorted(damaged.glob("train-*.tfrecord"))[0]
    with open(shard, "rb") as f:
        records = list(iter_records(f, str(shard)))
    decoded = example_proto.decode_example(records[0])
    decoded[contract.IMAGE_HEIGHT] = (example_proto.INT64, [31])
    records[0] = example_proto.encode_example(decoded)
    with open(shard, "wb") as f:
        writer = TFRecordWriter(f)
        for record in records:
            writer.write(record)
    for name in ("manifest.json", "manifest-v00001.json"):
        text = (damaged / name).read_text()
        document = json.loads(text)
        for entry in document["splits"]["train"]["shards"]:
            if entry["path"] == shard.name:
                entry["sha256"], entry["num_bytes"] = writer.sha256, writer.num_bytes
        (damaged / name).write_text(json.dumps(document, indent=2) + "\n")
    return damaged, shard.name


def test_a_record_whose_bytes_are_not_its_shape_fails_the_read_naming_the_problem(cifar: tuple[Path, Path, dict], tmp_path: Path) -> None:
    damaged, shard = _damage(cifar[0], tmp_path)
    with pytest.raises(CorruptShardError, match=f"{shard}.*record 0.*3,072 bytes of raw pixels.*31 x 32 x 3.*2,976"):
        verify_output(load_manifest(str(damaged)))
    for batched in ({}, {"batch_size": 4, "image_size": (8, 8)}):  # record by record, and a batch at a time
        with pytest.raises(tf.errors.InvalidArgumentError, match="raw pixels.*not its height x width x channels"):
            for _ in shardify.load(str(damaged), "train", shuffle=False, **batched):
                pass
    pytest.importorskip("torch")
    import shardify.torch as st

    dataset = st.IndexedDataset(str(damaged), "train")
    with pytest.raises(CorruptShardError, match=f"{shard}.*3,072 bytes of raw pixels"):
        for index in range(len(dataset)):
            dataset[index]


def test_inspect_draws_thumbnails_of_pixels(cifar: tuple[Path, Path, dict], tmp_path: Path) -> None:
    page = tmp_path / "inspect.html"
    result = CliRunner().invoke(app, ["inspect", str(cifar[0]), "--html", str(page), "--quiet"])
    assert result.exit_code == 0, result.output
    assert page.read_text().count("data:image/jpeg;base64,") == 18
    assert "does not decode" not in page.read_text()


def test_bench_times_the_pixels_read_where_it_times_decoding(cifar: tuple[Path, Path, dict]) -> None:
    result = CliRunner().invoke(app, ["bench", str(cifar[0]), "--records", "24", "--batch-size", "4", "--image-size", "16", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [stage["name"] for stage in report["stages"]] == ["read", "parse", "decode", "fit", "batch"]
    assert all(stage["records_per_s"] > 0 for stage in report["stages"])


def test_an_append_must_store_pixels_as_the_output_does(files: tuple[Path, dict], tmp_path: Path) -> None:
    from shardify.beam_jobs.launch import run_conversion
    from shardify.errors import UsageError

    output = tmp_path / "out"
    shutil.copytree(files[0], output)
    config = ConvertConfig(str(tmp_path / "src"), str(output), store_pixels=NEVER)
    (tmp_path / "src" / "a").mkdir(parents=True)
    (tmp_path / "src" / "a" / "new.png").write_bytes(_image("RGB", (8, 8), "PNG", 99))
    with pytest.raises(UsageError, match="--append must store images as .* does: --store-pixels auto"):
        run_conversion(config, append=True)
