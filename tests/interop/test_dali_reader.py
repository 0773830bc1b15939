"""`shardify.dali` (issue 32): a DALI pipeline built from the manifest and ReadOptions. The real
DALI, in CPU pipelines (`device_id=None`); the GPU variant (`device_id=0`, nvJPEG) runs where CUDA
is. Records are counted against the source files, and labels compared, by file name, with what
`shardify.load` gives."""

from __future__ import annotations

import importlib.util
import json
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from helpers.coco_truth import CocoOutput
from helpers.source_truth import inputs
from helpers.sources import REPO, SAMPLE_IMAGES, convert
from shardify.errors import ManifestError, ReadOptionError

pytest.importorskip(
    "nvidia.dali",
    reason="needs NVIDIA DALI (pip install -e '.[test]' installs nvidia-dali-cuda120 on Linux x86_64 and aarch64 only)",
)

import shardify.dali  # noqa: E402
from nvidia.dali import backend  # noqa: E402
from nvidia.dali.tensors import TensorListGPU  # noqa: E402
from shardify.read.dali_spec import make_spec  # noqa: E402
from shardify.read.options import DALI_TF  # noqa: E402

_BATCH = 5  # divides no rank's record count here: every epoch ends with a padded batch
_SIZE = (20, 12)  # (height, width): an aspect none of the sample images has
_NAMED = ["image", "label", "filename"]


@pytest.fixture(scope="module")
def source_and_output(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(source, output): the sample image folders without their GIFs (DALI decodes no GIF), in 4
    shards, so that two ranks' records cross shard boundaries."""
    source = tmp_path_factory.mktemp("dali_src")
    shutil.copytree(SAMPLE_IMAGES, source, dirs_exist_ok=True)
    for gif in source.rglob("*.gif"):
        gif.unlink()
    return source, convert(source, tmp_path_factory.mktemp("dali_out"), shards=4)


def _samples(pipe, names: list[str], count: int) -> Iterator[dict[str, np.ndarray]]:
    """The next `count` samples the (built) pipeline gives, as {output name: array}; the rest of
    the last batch is DALI's padding."""
    given = 0
    while given < count:
        outputs = [output.as_cpu() if isinstance(output, TensorListGPU) else output for output in pipe.run()]
        for index in range(len(outputs[0])):
            if given < count:
                yield {name: np.array(output.at(index)) for name, output in zip(names, outputs)}
                given += 1


def _name(sample: dict[str, np.ndarray]) -> str:
    return sample["filename"].tobytes().decode("utf-8")


def _epochs(
    made: tuple[Path, Path], epochs: int, *, rank: int = 0, world_size: int = 1, names: list[str] = _NAMED, **options
) -> list[list[dict]]:
    """Each epoch's samples of rank `rank`'s pipeline over `made` (source, output), read with
    `features=names`; an epoch's length is the rank's share of the source's files."""
    source, out = made
    pipe = shardify.dali.pipeline(str(out), "train", batch_size=_BATCH, num_threads=1, features=names,
                                  rank=rank, world_size=world_size, **options)  # fmt: skip
    pipe.build()
    total = len(inputs(source))
    assert pipe.reader_meta(shardify.dali.READER_NAME)["epoch_size"] == total
    count = shardify.dali.rank_records(total, rank, world_size)
    return [list(_samples(pipe, names, count)) for _ in range(epochs)]


def _load_labels(out: Path) -> dict[str, int]:
    """{file name: label index} as shardify.load reads them."""
    import shardify

    dataset = shardify.load(str(out), "train", features=["filename", "label"], shuffle=False)
    return {record["filename"].numpy().decode(): int(record["label"]) for record in dataset}


def test_every_record_once_per_epoch_with_loads_labels(source_and_output: tuple[Path, Path]) -> None:
    source, out = source_and_output
    labels = _load_labels(out)
    epochs = _epochs(source_and_output, 2, image_size=_SIZE, fit="random_crop", flip=True, seed=3)
    for epoch in epochs:
        assert sorted(_name(s) for s in epoch) == inputs(source)  # every record, once
        assert {_name(s): int(s["label"]) for s in epoch} == labels
        assert all(s["label"].shape == () and s["label"].dtype == np.int64 for s in epoch)
    assert [_name(s) for s in epochs[0]] != [_name(s) for s in epochs[1]]  # a new order each epoch


def test_two_ranks_read_each_record_once_per_epoch(source_and_output: tuple[Path, Path]) -> None:
    """Rank 0 and 1 of 2 (the second under DALI's names, shard_id and num_shards), shuffled with
    one seed: each epoch, their records are the split's, none twice; the ranks differ by one."""
    source, out = source_and_output
    names = ["image", "filename"]
    first = _epochs(source_and_output, 2, rank=0, world_size=2, names=names, seed=5)
    pipe = shardify.dali.pipeline(str(out), batch_size=_BATCH, num_threads=1, features=names, shard_id=1, num_shards=2, seed=5)
    pipe.build()
    count = shardify.dali.rank_records(len(inputs(source)), 1, 2)
    second = [list(_samples(pipe, names, count)) for _ in range(2)]
    for mine, theirs in zip(first, second):
        assert sorted(_name(s) for s in mine + theirs) == inputs(source)
        assert abs(len(mine) - len(theirs)) <= 1


def test_ranks_that_shuffle_need_one_seed(source_and_output: tuple[Path, Path]) -> None:
    with pytest.raises(ReadOptionError, match="needs seed="):
        shardify.dali.pipeline(str(source_and_output[1]), batch_size=_BATCH, rank=0, world_size=2)


@pytest.mark.parametrize("fit", ["stretch", "center_crop", "pad", "random_crop"])
@pytest.mark.parametrize("layout", ["HWC", "CHW"])
def test_fitted_images_have_the_shape_and_dtype_asked(source_and_output: tuple[Path, Path], fit: str, layout: str) -> None:
    names = [*_NAMED, "height", "width"]
    (epoch,) = _epochs(source_and_output, 1, names=names, image_size=_SIZE, fit=fit, layout=layout, seed=0)
    shape = (*_SIZE, 3) if layout == "HWC" else (3, *_SIZE)
    for sample in epoch:
        image = sample["image"]
        assert image.shape == shape and image.dtype == np.float32, _name(sample)
        assert 0 <= image.min() and image.max() <= 255 and image.max() > 1
        if fit == "pad":  # kept its aspect: zero bands on both sides where the aspects differ
            pixels = (image if layout == "HWC" else image.transpose(1, 2, 0)).any(axis=2)
            aspect = int(sample["height"]) / int(sample["width"]) / (_SIZE[0] / _SIZE[1])
            if aspect > 1.2:
                assert not pixels[:, 0].any() and not pixels[:, -1].any() and pixels[:, _SIZE[1] // 2].any(), _name(sample)
            if aspect < 1 / 1.2:
                assert not pixels[0].any() and not pixels[-1].any() and pixels[_SIZE[0] // 2].any(), _name(sample)


@pytest.mark.parametrize("fit", ["stretch", "center_crop", "pad"])
def test_fitted_pixels_are_shardify_loads(source_and_output: tuple[Path, Path], fit: str) -> None:
    """The same geometry as load's (windows, pad placement, bilinear without antialiasing): PNG,
    BMP and WebP pixels equal (to float rounding); JPEGs within DALI's and TensorFlow's decoders' difference."""
    import shardify

    dataset = shardify.load(str(source_and_output[1]), "train", features=["image", "filename"], image_size=_SIZE, fit=fit,
                            shuffle=False)  # fmt: skip
    expected = {record["filename"].numpy().decode(): record["image"].numpy() for record in dataset}
    (epoch,) = _epochs(source_and_output, 1, names=["image", "filename"], image_size=_SIZE, fit=fit, shuffle=False)
    jpeg_differences = []
    for sample in epoch:
        difference = np.abs(sample["image"] - expected[_name(sample)])
        if _name(sample).endswith(".jpg"):
            jpeg_differences.append(difference.mean())
        else:
            assert difference.max() <= 0.01, _name(sample)  # float32 rounding of the interpolation
    assert jpeg_differences and np.mean(jpeg_differences) < 2


@pytest.mark.parametrize(("options", "dtype", "top"), [
    ({"normalize": True}, np.float32, 1.0),
    ({"dtype": "uint8"}, np.uint8, 255),
    ({"normalize": True, "dtype": "float16"}, np.float16, 1.0),
    ({"dtype": "int32"}, np.int32, 255),
])  # fmt: skip
def test_normalize_and_dtype(source_and_output: tuple[Path, Path], options: dict, dtype: type, top: float) -> None:
    (epoch,) = _epochs(source_and_output, 1, image_size=_SIZE, **options)
    for sample in epoch:
        assert sample["image"].dtype == dtype and sample["image"].max() <= top


def test_unfitted_images_keep_their_recorded_size(source_and_output: tuple[Path, Path]) -> None:
    (epoch,) = _epochs(source_and_output, 1, names=["image", "height", "width", "filename"], shuffle=False)
    for sample in epoch:
        assert sample["image"].shape == (int(sample["height"]), int(sample["width"]), 3), _name(sample)
        assert sample["image"].dtype == np.uint8


def test_a_seed_repeats_order_crops_and_flips(source_and_output: tuple[Path, Path]) -> None:
    out = source_and_output[1]
    options = {"image_size": _SIZE, "fit": "random_crop", "flip": True}
    runs = [_epochs(source_and_output, 2, seed=seed, **options) for seed in (11, 11, 12)]
    for first, again in zip(runs[0], runs[1]):
        assert [_name(s) for s in first] == [_name(s) for s in again]
        for a, b in zip(first, again):
            np.testing.assert_array_equal(a["image"], b["image"])
    by_name = [{_name(s): s["image"] for s in run[0]} for run in (runs[0], runs[2])]
    assert any(not np.array_equal(by_name[0][name], by_name[1][name]) for name in by_name[0])  # another seed, other crops


def test_a_version_reads_its_own_shards(tmp_path: Path) -> None:
    """version=1 reads exactly the records the conversion wrote, after an append added more."""
    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig

    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle", ignore=shutil.ignore_patterns("more", "*.gif"))
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square", ignore=shutil.ignore_patterns("more", "*.gif"))
    convert(source, out, shards=2)
    first = inputs(source)
    shutil.copytree(SAMPLE_IMAGES / "square" / "more", source / "square" / "more", ignore=shutil.ignore_patterns("*.gif"))
    run_conversion(ConvertConfig(str(source), str(out), max_rejects="100%"), append=True)
    names = ["image", "filename"]
    for version, expected in ((1, first), (None, inputs(source))):
        pipe = shardify.dali.pipeline(str(out), batch_size=_BATCH, num_threads=1, features=names, version=version, shuffle=False)
        pipe.build()
        assert sorted(_name(s) for s in _samples(pipe, names, len(expected))) == expected
        assert pipe.reader_meta(shardify.dali.READER_NAME)["epoch_size"] == len(expected)


@pytest.mark.parametrize(("options", "message"), [
    ({"cache": True}, "does not take cache=True: DALI reads the shards every epoch"),
    ({"cycle_length": 4}, "does not take cycle_length=4"),
    ({"device": "/gpu:0"}, "give device_id="),
    ({"decoder": "pillow"}, "decoder= is for shardify.torch"),
    ({"drop_remainder": True}, "torch_iterator\\(drop_remainder=True\\)"),
    ({"repeat": 2}, "tf_dataset\\(repeat=...\\) counts them"),
    ({"deterministic": True}, "follow its seed alone"),
    ({"batch_size": None}, "needs batch_size="),
    ({"layout": "NHWC"}, "layout='NHWC' must be one of HWC, CHW"),
    ({"dtype": "bfloat16"}, "DALI has no bfloat16"),
    ({"dtype": np.dtype("bool")}, "gives one of uint8, int8, int16, int32, int64, float16, float32, float64"),
    ({"features": ["label"]}, "must include 'image'"),
    ({"features": ["image", "nonesuch"]}, "not in"),
    ({"device_id": -1}, "device_id=-1 must be a whole number from 0"),
    ({"rank": 1, "shard_id": 1, "world_size": 2, "seed": 0}, "one option under two names"),
    ({"batch_sise": 8}, "did you mean batch_size"),
])  # fmt: skip
def test_options_dali_cannot_honour_are_refused(source_and_output: tuple[Path, Path], options: dict, message: str) -> None:
    options = {"batch_size": _BATCH, **options}
    with pytest.raises(ReadOptionError, match=message):
        shardify.dali.pipeline(str(source_and_output[1]), "train", **options)


def test_texts_multi_label_and_objects_are_refused(reader_output, coco_objects: CocoOutput) -> None:
    with pytest.raises(ReadOptionError, match="hold no images.*shardify.load or shardify.torch"):
        shardify.dali.pipeline(str(reader_output("text_folders")), batch_size=_BATCH)
    with pytest.raises(ReadOptionError, match="multi-label.*features=\\['image'\\]"):
        shardify.dali.pipeline(str(reader_output("label_file")), batch_size=_BATCH)
    shardify.dali.pipeline(str(reader_output("label_file")), batch_size=_BATCH, features=["image"])  # images alone: read
    with pytest.raises(ReadOptionError, match="holds objects"):
        shardify.dali.pipeline(str(coco_objects.out), batch_size=_BATCH)
    with pytest.raises(ManifestError, match="'nonesuch'"):
        shardify.dali.pipeline(str(coco_objects.out), "nonesuch", batch_size=_BATCH, features=["image"])


def test_unlabelled_images_come_alone(reader_source, reader_output) -> None:
    """An image/caption output has no label: the pipeline's one output is the image."""
    source, out = reader_source("image_captions"), reader_output("image_captions")
    pipe = shardify.dali.pipeline(str(out), batch_size=_BATCH, image_size=_SIZE, shuffle=False, num_threads=1)
    pipe.build()
    outputs = pipe.run()
    assert len(outputs) == 1 and np.array(outputs[0].at(0)).shape == (*_SIZE, 3)
    names = ["image", "filename"]
    pipe = shardify.dali.pipeline(str(out), batch_size=_BATCH, features=names, shuffle=False, num_threads=1)
    pipe.build()
    assert sorted(_name(s) for s in _samples(pipe, names, len(inputs(source)))) == inputs(source)


def test_importing_shardify_dali_imports_no_dali() -> None:
    code = "import sys, shardify, shardify.dali; sys.exit('nvidia.dali' in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120, cwd=REPO)


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="DALI's PyTorch iterator needs torch (see docs/testing.md)")
@pytest.mark.parametrize("drop_remainder", [False, True])
def test_torch_iterator_gives_each_epoch_once(source_and_output: tuple[Path, Path], drop_remainder: bool) -> None:
    """Two epochs (reset() between): NCHW float32 images, int64 labels, the epoch's labels those
    shardify.load gives (its last batch smaller, or dropped)."""
    import torch

    out = source_and_output[1]
    expected = sorted(_load_labels(out).values())
    iterator = shardify.dali.torch_iterator(str(out), batch_size=_BATCH, image_size=_SIZE, fit="random_crop", flip=True,
                                            seed=0, num_threads=1, drop_remainder=drop_remainder)  # fmt: skip
    for _ in range(2):
        labels = []
        for batch in iterator:
            (outputs,) = batch
            images = outputs["image"]
            assert images.shape[1:] == (3, *_SIZE) and images.dtype == torch.float32
            assert outputs["label"].dtype == torch.int64 and outputs["label"].shape == images.shape[:1]
            labels += outputs["label"].tolist()
        if drop_remainder:
            assert len(labels) == len(expected) // _BATCH * _BATCH and set(labels) <= set(expected)
        else:
            assert sorted(labels) == expected
        iterator.reset()


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="DALI's PyTorch iterator needs torch (see docs/testing.md)")
def test_the_benchmarks_call_gives_nchw_batches(source_and_output: tuple[Path, Path]) -> None:
    """benchmarks/gpu_train.py's "dali" source, as it calls it (on the CPU here)."""
    iterator = shardify.dali.dali_torch_iterator(str(source_and_output[1]), split="train", batch_size=_BATCH,
                                                 image_size=(16, 16), fit="random_crop", flip=True, seed=0,
                                                 num_threads=1, device_id=None)  # fmt: skip
    batch = next(iter(iterator))
    assert tuple(batch[0]["image"].shape) == (_BATCH, 3, 16, 16) and tuple(batch[0]["label"].view(-1).shape) == (_BATCH,)
    with pytest.raises(ReadOptionError, match="needs image_size"):
        shardify.dali.torch_iterator(str(source_and_output[1]), batch_size=_BATCH)


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="DALI's PyTorch iterator needs torch (see docs/testing.md)")
def test_torch_iterator_takes_its_place_from_a_real_gloo_group(source_and_output: tuple[Path, Path]) -> None:
    """Two processes in a torch.distributed group: each iterator reads the records a pipeline given
    that rank explicitly reads (same seed, same order), and together every label of the split."""
    out = source_and_output[1]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    script = Path(__file__).parent.parent / "helpers" / "dali_ranks.py"
    ranks = [
        subprocess.Popen([sys.executable, str(script), str(out), str(rank), "2", str(port)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        for rank in range(2)
    ]
    results = []
    try:
        for process in ranks:
            stdout, stderr = process.communicate(timeout=300)
            assert process.returncode == 0, stderr[-3000:]
            results.append(json.loads(stdout.strip().splitlines()[-1]))
    finally:
        for process in ranks:
            if process.poll() is None:
                process.kill()
    names = ["image", "label"]
    for rank, result in enumerate(results):
        pipe = shardify.dali.pipeline(str(out), batch_size=_BATCH, image_size=(8, 8), seed=3, num_threads=1,
                                      rank=rank, world_size=2)  # fmt: skip
        pipe.build()
        count = shardify.dali.rank_records(len(inputs(source_and_output[0])), rank, 2)
        assert result["labels"] == [int(s["label"]) for s in _samples(pipe, names, count)]
    assert sorted(results[0]["labels"] + results[1]["labels"]) == sorted(_load_labels(out).values())


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None, reason="PyTorch is installed here")
def test_torch_iterator_without_torch_names_the_package(source_and_output: tuple[Path, Path]) -> None:
    with pytest.raises(ImportError, match="needs PyTorch: pip install torch"):
        shardify.dali.torch_iterator(str(source_and_output[1]), batch_size=_BATCH, image_size=_SIZE)


@pytest.mark.skipif(importlib.util.find_spec("nvidia.dali_tf_plugin") is not None, reason="DALI's TF plugin is installed here")
def test_tf_dataset_without_the_plugin_names_the_package(source_and_output: tuple[Path, Path]) -> None:
    with pytest.raises(ImportError, match="pip install nvidia-dali-tf-plugin-cuda120"):
        shardify.dali.tf_dataset(str(source_and_output[1]), batch_size=_BATCH, image_size=_SIZE)


@pytest.mark.parametrize(("repeat", "drop_remainder"), [(False, False), (2, False), (2, True)])
def test_epoch_batches_cut_the_pipelines_stream_into_epochs(
    source_and_output: tuple[Path, Path], repeat: int | bool, drop_remainder: bool
) -> None:
    """tf_dataset's epochs, on the pipeline's real batches (DALIDataset, which needs DALI's TF
    plugin, stands aside: a generator hands on the same endless stream)."""
    import tensorflow as tf

    source, out = source_and_output
    options = {"batch_size": _BATCH, "image_size": _SIZE, "features": _NAMED, "seed": 1, "repeat": repeat,
               "drop_remainder": drop_remainder}  # fmt: skip
    spec = make_spec(DALI_TF, str(out), "train", None, options, device_id=None, num_threads=1, prefetch_queue_depth=2,
                     layout="HWC")  # fmt: skip
    pipe = shardify.dali.pipeline(str(out), num_threads=1,
                                  **{k: v for k, v in options.items() if k not in ("repeat", "drop_remainder")})  # fmt: skip
    pipe.build()

    def stream():
        while True:
            images, labels, names = pipe.run()
            yield images.as_array(), labels.as_array(), [np.array(names.at(i)).tobytes() for i in range(len(names))]

    signature = (
        tf.TensorSpec((_BATCH, *_SIZE, 3), tf.float32), tf.TensorSpec((_BATCH,), tf.int64), tf.TensorSpec((_BATCH,), tf.string)
    )
    batches = list(shardify.dali.epoch_batches(tf.data.Dataset.from_generator(stream, output_signature=signature), spec))
    per_epoch = len(inputs(source)) // _BATCH if drop_remainder else -(-len(inputs(source)) // _BATCH)
    epochs = 1 if repeat is False else repeat
    assert len(batches) == per_epoch * epochs
    for epoch in range(epochs):
        names = [n.decode() for b in batches[epoch * per_epoch : (epoch + 1) * per_epoch] for n in b[2].numpy()]
        if drop_remainder:
            assert len(names) == len(set(names)) == per_epoch * _BATCH
        else:
            assert sorted(names) == inputs(source)


@pytest.mark.skipif(backend.GetCUDADeviceCount() == 0, reason="no CUDA GPU here: device_id=0 decodes with nvJPEG on one")
def test_the_gpu_pipeline_decodes_and_fits_on_the_device(source_and_output: tuple[Path, Path]) -> None:
    source, out = source_and_output
    (epoch,) = _epochs(source_and_output, 1, image_size=_SIZE, fit="random_crop", flip=True, seed=0, device_id=0, layout="CHW")
    assert sorted(_name(s) for s in epoch) == inputs(source)
    assert all(s["image"].shape == (3, *_SIZE) and s["image"].dtype == np.float32 for s in epoch)
    assert {_name(s): int(s["label"]) for s in epoch} == _load_labels(out)
