"""NVIDIA DALI reads every layout's fresh conversion with `fn.readers.tfrecord` and shardify's own
index files (no `tfrecord2idx`): every record exactly once per epoch, labels as the source gives
them, images decoded by `fn.decoders.image`. The real DALI, in CPU-only pipelines
(`device_id=None`); the GPU variant (`device="mixed"`) runs where a GPU is."""

from __future__ import annotations

import hashlib
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from helpers.coco_truth import CocoOutput
from helpers.source_truth import expected_labels, inputs
from helpers.sources import READER_LAYOUTS, SAMPLE_IMAGES, convert, image_bytes
from shardify.format import contract
from shardify.format.manifest import load_manifest

pytest.importorskip(
    "nvidia.dali",
    reason="needs NVIDIA DALI (pip install -e '.[test]' installs nvidia-dali-cuda120 on Linux x86_64 and aarch64 only)",
)

import nvidia.dali.tfrecord as tfrec  # noqa: E402
from nvidia.dali import backend, fn, pipeline_def, types  # noqa: E402
from nvidia.dali.tensors import TensorListGPU  # noqa: E402

_BATCH = 5  # divides no record count here: every epoch ends with a padded batch
_STRING = tfrec.FixedLenFeature((), tfrec.string, "")


def _reader(out: Path, split: str, features: dict, **options) -> dict:
    """The README's reader: shard and index paths from the manifest, nothing else of ours."""
    shards = load_manifest(str(out)).split(split).shards
    return fn.readers.tfrecord(
        path=[str(out / shard.path) for shard in shards],
        index_path=[str(out / shard.index) for shard in shards],
        features=features,
        name="reader",
        **options,
    )


def _id_key(out: Path) -> str:
    features = load_manifest(str(out)).features
    return contract.IMAGE_FILENAME if contract.IMAGE_FILENAME in features else contract.TEXT_SOURCE


def _label_key(out: Path) -> str | None:
    features = load_manifest(str(out)).features
    return next((key for key in contract.LABEL_INDEX_KEYS if key in features), None)


def _features(out: Path, *keys: str) -> dict:
    """DALI's description of `keys`: strings, the label's index (one, or any number)."""
    manifest = load_manifest(str(out))
    features = {}
    for key in keys:
        spec = manifest.features[key]
        if spec["dtype"] == "string":
            features[key] = _STRING
        elif spec["shape"] == [None]:
            features[key] = tfrec.VarLenFeature(tfrec.int64, -1)
        else:
            features[key] = tfrec.FixedLenFeature([1], tfrec.int64, -1)
    return features


def _samples(pipe, names: tuple[str, ...], count: int) -> Iterator[dict[str, np.ndarray]]:
    """The first `count` samples the pipeline gives, as {output name: array}."""
    given = 0
    while given < count:
        outputs = [output.as_cpu() if isinstance(output, TensorListGPU) else output for output in pipe.run()]
        for index in range(len(outputs[0])):
            if given < count:
                yield {name: np.array(output.at(index)) for name, output in zip(names, outputs)}
                given += 1


def _text(array: np.ndarray) -> str:
    return array.tobytes().decode("utf-8")


@pytest.fixture(params=READER_LAYOUTS)
def layout(request: pytest.FixtureRequest) -> str:
    return request.param


def test_every_record_once_per_epoch_with_its_label(
    reader_source: Callable[[str], Path], reader_output: Callable[[str], Path], layout: str
) -> None:
    source, out = reader_source(layout), reader_output(layout)
    id_key, label_key = _id_key(out), _label_key(out)
    keys = (id_key,) + ((label_key,) if label_key else ())
    manifest = load_manifest(str(out))
    labels = manifest.labels
    seen: Counter[str] = Counter()
    for split in manifest.splits:

        @pipeline_def(batch_size=_BATCH, num_threads=2, device_id=None, seed=7)
        def pipe():
            records = _reader(out, split, _features(out, *keys), random_shuffle=True, pad_last_batch=True)
            return tuple(records[key] for key in keys)

        reader = pipe()
        reader.build()
        size = reader.epoch_size("reader")
        for epoch in range(2):
            ids: list[str] = []
            for sample in _samples(reader, keys, size):
                ids.append(_text(sample[id_key]))
                if label_key:
                    names = {labels[i] for i in sample[label_key].reshape(-1).tolist()}
                    assert names == expected_labels(layout, ids[-1]), ids[-1]
            assert len(ids) == len(set(ids)), f"epoch {epoch} of {split} repeats records"
            seen.update(ids)  # the rest of the epoch's last batch is padding (repeats), not records
    assert sorted(seen) == inputs(source)  # every record of every split...
    assert set(seen.values()) == {2}  # ...once in each of the two epochs


def test_readers_sharded_by_dali_share_the_records_once(converted: Path) -> None:
    """`shard_id`/`num_shards` (one reader per GPU) split the records without overlap."""
    ids = []
    for shard_id in range(2):

        @pipeline_def(batch_size=_BATCH, num_threads=2, device_id=None)
        def pipe():
            records = _reader(converted, "train", _features(converted, contract.IMAGE_FILENAME),
                              shard_id=shard_id, num_shards=2, pad_last_batch=True)  # fmt: skip
            return records[contract.IMAGE_FILENAME]

        reader = pipe()
        reader.build()
        size = reader.epoch_size("reader")  # of the whole reader; DALI gives shard k records [size*k/n, size*(k+1)/n)
        ids += [_text(s["id"]) for s in _samples(reader, ("id",), size * (shard_id + 1) // 2 - size * shard_id // 2)]
    assert sorted(ids) == inputs(SAMPLE_IMAGES)


@pytest.fixture(scope="module")
def without_gifs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(source, output): the sample image folders without their GIFs, which DALI cannot decode."""
    source = tmp_path_factory.mktemp("no_gif_src")
    shutil.copytree(SAMPLE_IMAGES, source, dirs_exist_ok=True)
    for gif in source.rglob("*.gif"):
        gif.unlink()
    return source, convert(source, tmp_path_factory.mktemp("no_gif"), shards=3)


def _decoded(out: Path, device: str, device_id: int | None) -> list[dict[str, np.ndarray]]:
    """Every record of `train` with its image decoded by `fn.decoders.image` on `device`."""
    keys = (contract.IMAGE_ENCODED, contract.IMAGE_FILENAME, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH)
    features = {
        contract.IMAGE_ENCODED: _STRING,
        contract.IMAGE_FILENAME: _STRING,
        contract.IMAGE_HEIGHT: tfrec.FixedLenFeature([1], tfrec.int64, -1),
        contract.IMAGE_WIDTH: tfrec.FixedLenFeature([1], tfrec.int64, -1),
    }
    if _label_key(out):
        keys += (_label_key(out),)
        features.update(_features(out, _label_key(out)))

    @pipeline_def(batch_size=_BATCH, num_threads=2, device_id=device_id)
    def pipe():
        records = _reader(out, "train", features, pad_last_batch=True)
        image = fn.decoders.image(records[contract.IMAGE_ENCODED], device=device, output_type=types.RGB)
        return (image, *(records[key] for key in keys[1:]))

    reader = pipe()
    reader.build()
    names = ("image", *keys[1:])
    return list(_samples(reader, names, reader.epoch_size("reader")))


def _check_decoded(samples: list[dict[str, np.ndarray]], source: Path, layout: str, labels: tuple[str, ...]) -> None:
    assert sorted(_text(s[contract.IMAGE_FILENAME]) for s in samples) == inputs(source)
    for sample in samples:
        relpath = _text(sample[contract.IMAGE_FILENAME])
        height, width = int(sample[contract.IMAGE_HEIGHT][0]), int(sample[contract.IMAGE_WIDTH][0])
        assert sample["image"].shape == (height, width, 3) and sample["image"].dtype == np.uint8, relpath
        for key in contract.LABEL_INDEX_KEYS:
            if key in sample:
                assert {labels[i] for i in sample[key].reshape(-1).tolist()} == expected_labels(layout, relpath)


@pytest.mark.parametrize("layout", ["image_folders", "label_file", "image_captions"])
def test_images_decode_on_the_cpu(
    reader_source: Callable[[str], Path], reader_output: Callable[[str], Path], without_gifs: tuple[Path, Path], layout: str
) -> None:
    source, out = without_gifs if layout == "image_folders" else (reader_source(layout), reader_output(layout))
    samples = _decoded(out, "cpu", None)
    assert {_text(s[contract.IMAGE_FILENAME]).rsplit(".", 1)[1] for s in samples} >= (
        {"jpg", "png", "bmp", "webp"} if layout != "label_file" else {"png"}
    )
    _check_decoded(samples, source, layout, load_manifest(str(out)).labels)


def test_a_gif_record_is_read_whole_but_dali_cannot_decode_it(tmp_path: Path) -> None:
    """The limit the README states: DALI's decoders take no GIF. The record's bytes are intact."""
    gif = image_bytes(fmt="GIF")
    (tmp_path / "src" / "a").mkdir(parents=True)
    (tmp_path / "src" / "a" / "x.gif").write_bytes(gif)
    out = convert(tmp_path / "src", tmp_path / "out")

    @pipeline_def(batch_size=1, num_threads=1, device_id=None)
    def read():
        return _reader(out, "train", {contract.IMAGE_ENCODED: _STRING})[contract.IMAGE_ENCODED]

    reader = read()
    reader.build()
    (encoded,) = reader.run()
    assert hashlib.sha256(np.array(encoded.at(0)).tobytes()).digest() == hashlib.sha256(gif).digest()

    @pipeline_def(batch_size=1, num_threads=1, device_id=None)
    def decode():
        encoded = _reader(out, "train", {contract.IMAGE_ENCODED: _STRING})[contract.IMAGE_ENCODED]
        return fn.decoders.image(encoded, device="cpu")

    decoder = decode()
    decoder.build()
    with pytest.raises(RuntimeError, match="nvImageCodec"):
        decoder.run()


@pytest.mark.skipif(backend.GetCUDADeviceCount() == 0, reason="no CUDA GPU here: the mixed (GPU) decoder needs one")
def test_images_decode_on_the_gpu(without_gifs: tuple[Path, Path]) -> None:
    source, out = without_gifs
    _check_decoded(_decoded(out, "mixed", 0), source, "image_folders", load_manifest(str(out)).labels)


def test_detection_boxes_and_labels_read_with_var_len_features(coco_objects: CocoOutput) -> None:
    """A detection output's objects, read as docs/reading.md shows: each coordinate a
    `VarLenFeature`, stacked into [n, 4] boxes in the (xmin, ymin, xmax, ymax) "ltrb" layout DALI's
    box operators take; labels, crowds and areas per object, as COCO's annotation JSON gives them."""
    out, truth = coco_objects.out, coco_objects.images
    floats, ints = tfrec.VarLenFeature(tfrec.float32, 0.0), tfrec.VarLenFeature(tfrec.int64, -1)
    features = {
        contract.IMAGE_FILENAME: _STRING,
        **{key: floats for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)},
        contract.OBJECT_AREA: floats,
        contract.OBJECT_LABEL: ints,
        contract.OBJECT_IS_CROWD: ints,
    }
    names = ("filename", "boxes", "labels", "is_crowd", "area")
    checked = 0
    for split in ("train", "val"):

        @pipeline_def(batch_size=_BATCH, num_threads=2, device_id=None)
        def pipe():
            r = _reader(out, split, features, pad_last_batch=True)
            corners = [r[key] for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
            boxes = fn.stack(*corners, axis=1)  # [n, 4] ltrb, normalised
            flags = (r[contract.OBJECT_LABEL], r[contract.OBJECT_IS_CROWD], r[contract.OBJECT_AREA])
            return (r[contract.IMAGE_FILENAME], boxes, *flags)

        reader = pipe()
        reader.build()
        for sample in _samples(reader, names, reader.epoch_size("reader")):
            want = truth[_text(sample["filename"])]
            count = len(want.category_ids)
            assert sample["boxes"].shape == (count, 4) and sample["boxes"].dtype == np.float32
            np.testing.assert_allclose(sample["boxes"], want.boxes[:, [1, 0, 3, 2]].reshape(count, 4), atol=1e-6)
            assert sample["labels"].tolist() == want.category_ids
            assert sample["is_crowd"].tolist() == want.iscrowd
            np.testing.assert_allclose(sample["area"], want.area)
            checked += count
    assert checked == 16
