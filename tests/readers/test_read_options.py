"""One `ReadOptions` carries every reading option to every reader; keywords are a shorthand that
overrides it, and a reader refuses what is not an option, or not one of its own, by name."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

import shardify
from shardify.errors import ReadOptionError
from shardify.read.options import reader_options


def _elements(ds: tf.data.Dataset) -> list[list[np.ndarray]]:
    """Every element of `ds`, flattened to its numpy leaves (ragged ones as lists)."""
    return [
        [leaf.to_list() if hasattr(leaf, "to_list") else leaf for leaf in tf.nest.flatten(element)]
        for element in ds.as_numpy_iterator()
    ]


def _assert_same_elements(first: tf.data.Dataset, second: tf.data.Dataset) -> None:
    a, b = _elements(first), _elements(second)
    assert len(a) == len(b) and a
    for left, right in zip(a, b):
        assert len(left) == len(right)
        for x, y in zip(left, right):
            np.testing.assert_array_equal(np.asarray(x, dtype=object), np.asarray(y, dtype=object))


# (a) options= reads what the keywords read -------------------------------------------------------


@pytest.mark.parametrize(
    "keywords",
    [
        {"seed": 3, "image_size": (16, 20), "batch_size": 8, "fit": "random_crop", "flip": True},
        {"shuffle": False, "image_size": (12, 12), "fit": "pad", "as_supervised": True, "dtype": "uint8"},
        {"seed": 1, "features": ["filename", "label"], "repeat": 2, "cycle_length": 2, "block_length": 3},
    ],
)
def test_load_with_options_reads_what_the_keywords_read(converted: Path, keywords: dict) -> None:
    by_keywords = shardify.load(str(converted), **keywords)
    by_options = shardify.load(str(converted), options=shardify.ReadOptions(**keywords))
    assert by_options.cardinality().numpy() == by_keywords.cardinality().numpy()
    _assert_same_elements(by_options, by_keywords)


def test_small_and_multi_label_records_read_alike_both_ways(reader_output: Callable[[str], Path]) -> None:
    texts, tagged = str(reader_output("text_folders")), str(reader_output("label_file"))
    keywords = {"seed": 2, "batch_size": 4, "as_supervised": True}
    _assert_same_elements(shardify.load(texts, options=shardify.ReadOptions(**keywords)), shardify.load(texts, **keywords))
    keywords = {"shuffle": False, "multi_hot": False, "features": ["label", "filename"]}
    _assert_same_elements(shardify.load(tagged, options=shardify.ReadOptions(**keywords)), shardify.load(tagged, **keywords))


def test_one_options_object_serves_load_and_both_pytorch_datasets(converted: Path) -> None:
    torch = pytest.importorskip("torch", reason="the PyTorch reader needs torch")
    import shardify.torch as st

    options = shardify.ReadOptions(
        shuffle=False, image_size=(8, 8), fit="center_crop", features=["filename", "image"], dtype="uint8"
    )
    streamed = [(r["filename"], r["image"]) for r in st.ShardDataset(str(converted), options=options)]
    indexed = st.IndexedDataset(str(converted), options=dataclasses.replace(options, shuffle=None))
    assert [name for name, _ in streamed] == [indexed[i]["filename"] for i in range(len(indexed))]
    keyword_form = st.ShardDataset(str(converted), shuffle=False, image_size=(8, 8), fit="center_crop",
                                   features=["filename", "image"], dtype=torch.uint8)
    for (name, image), record in zip(streamed, keyword_form):
        assert name == record["filename"] and image.dtype == torch.uint8 and torch.equal(image, record["image"])
    loaded = shardify.load(str(converted), options=options)  # interleaves shards: the same records, in its own order
    assert sorted(e["filename"].decode() for e in loaded.as_numpy_iterator()) == sorted(name for name, _ in streamed)
    assert loaded.element_spec["image"].dtype == tf.uint8


# (b) keywords override options -----------------------------------------------------------------


def test_keywords_override_the_options_fields_and_leave_the_options_as_they_were(converted: Path) -> None:
    options = shardify.ReadOptions(batch_size=8, image_size=(8, 8), seed=1)
    overridden = lambda: shardify.load(str(converted), options=options, batch_size=4, normalize=True)  # noqa: E731
    batch = next(iter(overridden()))
    assert batch["image"].shape == (4, 8, 8, 3)  # batch_size from the keyword, image_size from options
    assert float(tf.reduce_max(batch["image"])) <= 1.0
    assert options == shardify.ReadOptions(batch_size=8, image_size=(8, 8), seed=1)
    _assert_same_elements(overridden(), shardify.load(str(converted), batch_size=4, image_size=(8, 8), seed=1, normalize=True))


def test_the_alias_overrides_as_its_name_does() -> None:
    options = shardify.ReadOptions(cycle_length=8)
    assert reader_options("load", options, {"num_parallel_reads": 2}).cycle_length == 2
    assert shardify.ReadOptions(num_parallel_reads=3) == shardify.ReadOptions(cycle_length=3)


def test_a_tf_data_options_still_goes_to_options_and_combines_with_keywords(reader_output: Callable[[str], Path]) -> None:
    data_options = tf.data.Options()
    data_options.experimental_optimization.map_parallelization = False
    path = str(reader_output("text_folders"))
    ds = shardify.load(path, options=data_options, features=["text"], shuffle=False)
    assert ds.options().experimental_optimization.map_parallelization is False
    assert list(ds.map(lambda e: e["text"]).as_numpy_iterator()) == list(
        shardify.load(path, features=["text"], shuffle=False).map(lambda e: e["text"]).as_numpy_iterator()
    )
    same = shardify.load(path, options=shardify.ReadOptions(data_options=data_options))
    assert same.options().experimental_optimization.map_parallelization is False


def test_distribute_takes_options_too(reader_output: Callable[[str], Path]) -> None:
    path = str(reader_output("text_folders"))
    options = shardify.ReadOptions(features=["text"], seed=0)
    dist = shardify.distribute(tf.distribute.get_strategy(), path, global_batch_size=4, options=options, shuffle=False)
    texts = [text for batch in dist for text in batch["text"].numpy()]
    assert texts == [e["text"] for e in shardify.load(path, options=options, shuffle=False).as_numpy_iterator()]


# (c) unknown keywords --------------------------------------------------------------------------


@pytest.mark.parametrize(("typo", "closest"), [("batchsize", "batch_size"), ("image_sise", "image_size"), ("suffle", "shuffle")])
def test_an_unknown_keyword_names_the_closest_option(converted: Path, typo: str, closest: str) -> None:
    with pytest.raises(ReadOptionError, match=rf"no option {typo}=.*did you mean {closest}\?"):
        shardify.load(str(converted), **{typo: 4})
    strategy = tf.distribute.get_strategy()
    with pytest.raises(ReadOptionError, match=rf"did you mean {closest}\?"):
        shardify.distribute(strategy, str(converted), global_batch_size=4, **{typo: 4})


def test_an_unknown_keyword_with_nothing_close_lists_the_options(converted: Path) -> None:
    with pytest.raises(ReadOptionError, match="give one of shuffle, seed, .*num_parallel_reads"):
        shardify.load(str(converted), xyzzy=1)


def test_options_must_be_read_options(converted: Path) -> None:
    with pytest.raises(ReadOptionError, match=r"options=\{'batch_size': 4\} must be a shardify.ReadOptions"):
        shardify.load(str(converted), options={"batch_size": 4})


# (d) options that are not a reader's own ---------------------------------------------------------


@pytest.mark.parametrize(
    ("reader", "keywords", "instead"),
    [
        ("ShardDataset", {"batch_size": 8}, r"batch_size=8: batch with DataLoader\(batch_size=\.\.\.\)"),
        ("ShardDataset", {"drop_remainder": True}, r"DataLoader\(drop_last=True\)"),
        ("ShardDataset", {"cache": True}, "cache=True: "),
        ("ShardDataset", {"repeat": 2}, r"set_epoch\(epoch\)"),
        ("ShardDataset", {"cycle_length": 4}, r"DataLoader\(num_workers=\.\.\.\)"),
        ("ShardDataset", {"device": "/gpu:0"}, r"\.to\(device\)"),
        ("IndexedDataset", {"shuffle": True}, r"DataLoader\(shuffle=True\) or a sampler"),
        ("IndexedDataset", {"rank": 0, "world_size": 2}, r"DistributedSampler\(ds, num_replicas=world_size, rank=rank\)"),
    ],
)
def test_the_pytorch_datasets_refuse_tf_data_options_saying_what_to_use(
    converted: Path, reader: str, keywords: dict, instead: str
) -> None:
    pytest.importorskip("torch", reason="the PyTorch reader needs torch")
    import shardify.torch as st

    dataset = getattr(st, reader)
    with pytest.raises(ReadOptionError, match=rf"{reader} does not take .*{instead}"):
        dataset(str(converted), **keywords)
    with pytest.raises(ReadOptionError, match=rf"{reader} does not take .*{instead}"):
        dataset(str(converted), options=shardify.ReadOptions(**keywords))


def test_a_tf_data_options_object_is_refused_by_the_pytorch_readers(converted: Path) -> None:
    pytest.importorskip("torch", reason="the PyTorch reader needs torch")
    import shardify.torch as st

    with pytest.raises(ReadOptionError, match="data_options=.*applies to shardify.load"):
        st.ShardDataset(str(converted), options=shardify.ReadOptions(data_options=tf.data.Options()))


def test_load_and_distribute_refuse_the_pytorch_options(converted: Path) -> None:
    with pytest.raises(ReadOptionError, match="load does not take decoder='pillow'"):
        shardify.load(str(converted), decoder="pillow")
    with pytest.raises(ReadOptionError, match="load does not take rank=0: .*input_context="):
        shardify.load(str(converted), rank=0, world_size=2)
    strategy = tf.distribute.get_strategy()
    with pytest.raises(ReadOptionError, match="distribute does not take batch_size=4: give global_batch_size="):
        shardify.distribute(strategy, str(converted), global_batch_size=4, batch_size=4)


def test_a_dtype_must_be_the_readers_own_or_a_name(converted: Path) -> None:
    torch = pytest.importorskip("torch", reason="the PyTorch reader needs torch")
    import shardify.torch as st

    with pytest.raises(ReadOptionError, match=r"dtype=torch.bfloat16 is not a TensorFlow dtype"):
        shardify.load(str(converted), dtype=torch.bfloat16)
    with pytest.raises(ReadOptionError, match=r"dtype=tf.bfloat16 must be a torch.dtype"):
        st.ShardDataset(str(converted), dtype=tf.bfloat16)
    named = next(iter(shardify.load(str(converted), image_size=(8, 8), dtype="bfloat16", seed=0)))
    assert named["image"].dtype == tf.bfloat16
    record = next(iter(st.ShardDataset(str(converted), image_size=(8, 8), dtype="bfloat16", seed=0)))
    assert record["image"].dtype == torch.bfloat16


# (e) ReadOptions checks its values when made ------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"shuffle": "yes"}, r"shuffle='yes' must be True, False, or None"),
        ({"seed": "1"}, r"seed='1' must be a whole number"),
        ({"flip": 1}, r"flip=1 must be True or False"),
        ({"fit": "squash", "image_size": (8, 8)}, r"fit='squash' must be one of stretch, pad, center_crop, random_crop"),
        ({"image_size": (0, 8)}, r"image_size=\(0, 8\) must be \(height, width\)"),
        ({"image_size": 224}, r"image_size=224 must be \(height, width\)"),
        ({"fit": "pad"}, r"fit='pad' needs image_size=\(height, width\)"),
        ({"features": "label"}, r"features='label' must be a list of names, not one string"),
        ({"features": ["label", 3]}, r"features=\['label', 3\] must be a list of names"),
        ({"dtype": "float"}, r"dtype='float' must be a TensorFlow or PyTorch dtype .* bfloat16"),
        ({"dtype": 3}, r"dtype=3 must be"),
        ({"batch_size": 0}, r"batch_size=0 must be at least 1, or None for single records"),
        ({"deterministic": 1}, r"deterministic=1 must be True, False, or None"),
        ({"repeat": 0}, r"repeat=0 must be True \(forever\), False \(once\) or a number of epochs"),
        ({"repeat": -1}, r"repeat=-1 must be"),
        ({"cache": ""}, r"cache='' must be True \(in memory\), a path"),
        ({"cycle_length": 0}, r"cycle_length=0 must be at least 1"),
        ({"num_parallel_reads": 0}, r"cycle_length=0 must be at least 1"),
        ({"cycle_length": 2, "num_parallel_reads": 3}, r"cycle_length=2 and num_parallel_reads=3 are one option .*give one"),
        ({"block_length": 0}, r"block_length=0 must be at least 1"),
        ({"drop_remainder": "no"}, r"drop_remainder='no' must be True or False"),
        ({"input_context": (2, 1)}, r"input_context=\(2, 1\) must be a tf.distribute.InputContext"),
        ({"device": ""}, r"device='' must be a device name"),
        ({"data_options": {"deterministic": True}}, r"data_options=.* must be a tf.data.Options"),
        ({"decoder": "opencv"}, r"decoder='opencv' must be one of auto, pillow, torchvision"),
        ({"rank": 1}, r"rank=1 and world_size=None: give both"),
        ({"rank": 2, "world_size": 2}, r"rank=2 must lie in \[0, world_size=2\)"),
    ],
)
def test_read_options_refuses_a_value_that_cannot_work(values: dict, message: str) -> None:
    with pytest.raises(ReadOptionError, match=message) as caught:
        shardify.ReadOptions(**values)
    assert isinstance(caught.value, ValueError)  # as load's errors always were


def test_read_options_normalizes_what_it_takes_and_is_frozen(tmp_path: Path) -> None:
    options = shardify.ReadOptions(image_size=[24, 32], features=iter(["image", "label"]), cache=tmp_path / "cache")
    assert options.image_size == (24, 32) and options.features == ("image", "label")
    assert options.cache == str(tmp_path / "cache")
    assert shardify.ReadOptions(dtype=tf.bfloat16).dtype == tf.bfloat16  # the reader's own type, kept
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.seed = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        shardify.ReadOptions(True)  # type: ignore[misc]  # keyword-only
    with pytest.raises(ReadOptionError, match="must be one of"):
        dataclasses.replace(options, fit="squash")  # a changed copy is checked again


def test_read_options_imports_neither_tensorflow_nor_torch() -> None:
    code = (
        "import sys, shardify\n"
        "options = shardify.ReadOptions(image_size=(8, 8), batch_size=4, dtype='bfloat16')\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
        "assert 'ReadOptions' in shardify.__all__\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
