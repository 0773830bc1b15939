"""shardify.torch reads every layout in PyTorch, without TensorFlow: exactly once per epoch across
DataLoader workers and distributed ranks, seeded, resumable, and fitting images as shardify.load
does. Records are counted against the files converted, never against the manifest."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

from torch.utils.data import DataLoader  # noqa: E402

import shardify.torch as st  # noqa: E402
from helpers.sources import REPO, convert, image_bytes  # noqa: E402
from shardify.errors import CorruptShardError, ManifestError, ReadOptionError  # noqa: E402

SAMPLES = REPO / "sample_data"
# Up to 6 workers on a 2-core machine: slow, PyTorch warns, and here it is the point.
pytestmark = [
    pytest.mark.filterwarnings("ignore:This DataLoader will create"),
    pytest.mark.filterwarnings("ignore:.set_vital. is deprecated"),  # torchdata 0.11 on a newer torch
]


def _files(root: Path, under: str = "", suffixes: tuple[str, ...] = ()) -> Counter:
    """Relative paths of the source files under root/under: what the records must name, once each."""
    base = root / under if under else root
    return Counter(
        p.relative_to(root).as_posix()
        for p in base.rglob("*")
        if p.is_file() and not p.name.startswith(".") and (not suffixes or p.suffix in suffixes)
    )


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/texts: 30 train records in 4 shards (and 12 test records in 1)."""
    return convert(SAMPLES / "texts", tmp_path_factory.mktemp("texts"), shards="train=4,test=1")


@pytest.fixture(scope="module")
def tagged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/tagged: 12 images with multi-label tags and captions (label_file), 3 shards."""
    return convert(SAMPLES / "tagged", tmp_path_factory.mktemp("tagged"), shards=3)


def _loader(ds: torch.utils.data.Dataset, workers: int = 2, batch_size: int = 8) -> DataLoader:
    return DataLoader(ds, batch_size=batch_size, num_workers=workers, collate_fn=st.collate)


def _field(ds: torch.utils.data.Dataset, name: str, workers: int = 0) -> list:
    return [value for batch in _loader(ds, workers) for value in batch[name]]


# Every layout, read with the documented lines ----------------------------------------------------


def test_importing_the_torch_reader_imports_no_tensorflow(converted: Path) -> None:
    code = (
        "import sys, shardify, shardify.torch\n"
        f"ds = shardify.torch.ShardDataset({str(converted)!r}, image_size=(8, 8))\n"
        "next(iter(ds))\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
        "assert shardify.torch is sys.modules['shardify.torch']\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


def test_image_folders_through_a_dataloader_with_two_workers(converted: Path, sample_images: Path) -> None:
    ds = st.ShardDataset(str(converted), image_size=(32, 40), seed=0)
    loader = DataLoader(ds, batch_size=8, num_workers=2, collate_fn=st.collate)
    batches = list(loader)
    assert len(ds) == 72
    names = Counter(name for batch in batches for name in batch["filename"])
    assert names == _files(sample_images)
    batch = batches[0]
    assert batch["image"].shape == (8, 3, 32, 40) and batch["image"].dtype == torch.float32
    assert float(batch["image"].min()) >= 0 and float(batch["image"].max()) <= 255
    names_of = ("circle", "square", "triangle")
    for label, text, name in zip(batch["label"].tolist(), batch["label_text"], batch["filename"]):
        assert names_of[label] == text == name.split("/")[0]
    assert batch["label"].dtype == torch.int64 and isinstance(batch["format"][0], str)


def test_supervised_pairs_and_the_default_collate(converted: Path) -> None:
    ds = st.ShardDataset(str(converted), image_size=(16, 16), as_supervised=True, normalize=True, seed=1)
    images, labels = next(iter(DataLoader(ds, batch_size=6)))  # single-label: default_collate suffices
    assert images.shape == (6, 3, 16, 16) and labels.shape == (6,) and labels.dtype == torch.int64
    assert float(images.max()) <= 1.0


def test_text_folders_give_str_texts_and_int_labels(texts: Path) -> None:
    ds = st.ShardDataset(str(texts), seed=0)
    records = list(ds)
    assert Counter(r["source"] for r in records) == _files(SAMPLES / "texts", "train")
    for record in records:
        assert isinstance(record["text"], str) and record["text"]
        assert record["label_text"] == record["source"].split("/")[1]
    texts_, labels = next(iter(DataLoader(st.ShardDataset(str(texts), as_supervised=True), batch_size=5)))
    assert len(texts_) == 5 and isinstance(texts_[0], str) and labels.dtype == torch.int64
    assert len(st.ShardDataset(str(texts), split="test")) == 12


def test_label_file_multi_label_with_captions(tagged: Path) -> None:
    rows = [json.loads(line) for line in (SAMPLES / "tagged" / "labels.jsonl").read_text().splitlines() if line]
    expected = {row["path"]: (sorted(row["tags"]), row["caption"]) for row in rows}
    names = ("circle", "square", "triangle")
    ds = st.ShardDataset(str(tagged), image_size=(24, 24), seed=0)
    batches = list(_loader(ds, workers=2, batch_size=5))
    seen = {}
    for batch in batches:
        assert batch["label"].dtype == torch.float32 and batch["label"].shape[1:] == (3,)
        for name, hot, tags, caption in zip(batch["filename"], batch["label"], batch["label_text"], batch["text"]):
            assert [names[i] for i, v in enumerate(hot.tolist()) if v] == sorted(tags)
            seen[name] = (sorted(tags), caption)
    assert seen == expected
    indices = st.ShardDataset(str(tagged), multi_hot=False, features=["label"], shuffle=False)
    lists = [r["label"] for r in indices]
    assert all(t.dtype == torch.int64 and t.dim() == 1 for t in lists)
    assert sorted(len(t) for t in lists) == sorted(len(tags) for tags, _ in expected.values())


def test_tables_keep_typed_columns(make_tree, tmp_path: Path) -> None:
    rows = ["text,tags,score,votes,note"]
    rows += [f"review {i},{'good;long' if i % 3 == 0 else 'bad'},{i / 2},{i},n{i}" for i in range(12)]
    source = make_tree({"reviews.csv": ("\n".join(rows) + "\n").encode()})
    output = convert(source, tmp_path / "out", shards=3, label_separator=";", keep_columns=("*",))
    by_text = {r["text"]: r for r in st.ShardDataset(str(output), seed=0)}
    assert set(by_text) == {f"review {i}" for i in range(12)}
    assert by_text["review 4"]["score"].dtype == torch.float32 and float(by_text["review 4"]["score"]) == 2.0
    assert by_text["review 4"]["votes"].dtype == torch.int64 and int(by_text["review 4"]["votes"]) == 4
    assert by_text["review 4"]["note"] == "n4"
    assert by_text["review 3"]["label"].tolist() == [0.0, 1.0, 1.0]  # bad, good, long
    texts_, labels = next(iter(_loader(st.ShardDataset(str(output), as_supervised=True), workers=0, batch_size=4)))
    assert len(texts_) == 4 and labels.shape == (4, 3)


def test_image_captions_are_unlabelled(make_tree, tmp_path: Path) -> None:
    source = make_tree({"img/0001.jpg": image_bytes(seed=1), "img/0002.png": image_bytes(fmt="PNG", seed=2),
                        "txt/0001.txt": b"a red square", "txt/0002.txt": b"two circles"})
    output = convert(source, tmp_path / "out")
    records = {r["filename"]: r for r in st.ShardDataset(str(output), image_size=(8, 8))}
    assert {name: r["text"] for name, r in records.items()} == {"img/0001.jpg": "a red square", "img/0002.png": "two circles"}
    assert all("label" not in r for r in records.values())
    with pytest.raises(ReadOptionError, match="unlabelled"):
        st.ShardDataset(str(output), as_supervised=True)


# Exactly once across readers ----------------------------------------------------------------------


@pytest.mark.parametrize(("world_size", "workers"), [(1, 0), (1, 3), (2, 2), (3, 1), (2, 3), (6, 0), (1, 6), (4, 2)])
def test_every_record_once_per_epoch_across_ranks_and_workers(texts: Path, world_size: int, workers: int) -> None:
    """4 shards: by shard while readers are at most 4, by record beyond (6 ranks; 2 x 3, 1 x 6 and
    4 x 2 readers), as shardify.load's input pipelines."""
    seen: Counter = Counter()
    for rank in range(world_size):
        ds = st.ShardDataset(str(texts), features=["source"], seed=5, rank=rank, world_size=world_size)
        sources = _field(ds, "source", workers)
        assert len(sources) == len(ds), (rank, world_size, workers)
        seen.update(sources)
    assert seen == _files(SAMPLES / "texts", "train")


def test_ranks_of_a_real_gloo_process_group(texts: Path) -> None:
    """Two processes in a torch.distributed group, each with a DataLoader of 2 workers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    script = Path(__file__).parent.parent / "helpers" / "torch_ranks.py"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent / "helpers")}
    ranks = [
        subprocess.Popen([sys.executable, str(script), str(texts), str(rank), "2", str(port)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for rank in range(2)
    ]
    results = []
    try:
        for process in ranks:
            out, err = process.communicate(timeout=180)
            assert process.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for process in ranks:
            if process.poll() is None:
                process.kill()
    assert [r["len"] for r in results] == [len(r["sources"]) for r in results]
    assert results[0]["gathered"] == results[1]["gathered"] == [r["sources"] for r in results]
    assert Counter(results[0]["sources"] + results[1]["sources"]) == _files(SAMPLES / "texts", "train")


def test_rank_and_world_size_are_checked(texts: Path) -> None:
    with pytest.raises(ReadOptionError, match="give both"):
        st.ShardDataset(str(texts), rank=1)
    with pytest.raises(ReadOptionError, match="must lie in"):
        st.ShardDataset(str(texts), rank=2, world_size=2)


# Order, epochs and resuming -----------------------------------------------------------------------


def test_seeded_order_repeats_and_each_epoch_has_its_own(converted: Path) -> None:
    def order(seed: int | None, epoch: int = 0, workers: int = 0) -> list[str]:
        ds = st.ShardDataset(str(converted), features=["filename"], seed=seed)
        ds.set_epoch(epoch)
        return _field(ds, "filename", workers)

    assert order(5) == order(5)
    assert order(5) != order(6)
    assert order(5, epoch=1) != order(5, epoch=0) and sorted(order(5, epoch=1)) == sorted(order(5))
    assert order(5, workers=2) == order(5, workers=2)
    torch.manual_seed(11)
    first = order(None)
    torch.manual_seed(11)
    assert order(None) == first  # no seed: drawn from torch's generator
    unshuffled = [r["filename"] for r in st.ShardDataset(str(converted), shuffle=False, features=["filename"])]
    assert unshuffled == [st.IndexedDataset(str(converted), features=["filename"])[i]["filename"] for i in range(72)]


def test_set_epoch_reaches_persistent_workers(texts: Path) -> None:
    ds = st.ShardDataset(str(texts), features=["source"], seed=2)
    loader = DataLoader(ds, batch_size=8, num_workers=2, persistent_workers=True, collate_fn=st.collate)
    epochs = []
    for epoch in range(2):
        ds.set_epoch(epoch)
        epochs.append([s for batch in loader for s in batch["source"]])
    assert epochs[0] != epochs[1] and Counter(epochs[0]) == Counter(epochs[1]) == _files(SAMPLES / "texts", "train")
    fresh = st.ShardDataset(str(texts), features=["source"], seed=2)
    fresh.set_epoch(1)
    assert _field(fresh, "source", workers=2) == epochs[1]


@pytest.mark.parametrize("seed", [7, None])
def test_state_dict_resumes_mid_epoch_without_repeats_or_gaps(converted: Path, sample_images: Path, seed: int | None) -> None:
    ds = st.ShardDataset(str(converted), features=["filename"], seed=seed, image_size=(8, 8), fit="random_crop")
    ds.set_epoch(3)
    iterator = iter(ds)
    before = [next(iterator)["filename"] for _ in range(30)]
    state = json.loads(json.dumps(ds.state_dict()))  # a checkpoint holds plain values
    rest = [r["filename"] for r in iterator]
    assert state["position"] == 30 and state["epoch"] == 3

    resumed = st.ShardDataset(str(converted), features=["filename"], seed=seed, image_size=(8, 8), fit="random_crop")
    resumed.load_state_dict(state)
    resumed.set_epoch(3)  # a training loop sets the epoch it is in: the resume stands
    assert [r["filename"] for r in resumed] == rest
    assert Counter(before + rest) == _files(sample_images)
    assert resumed.state_dict()["position"] == 72  # read through: a resume from here reads nothing more
    assert len([r for r in resumed]) == 72  # a new iteration, with no state loaded, starts afresh


def test_stateful_dataloader_resumes_every_worker(converted: Path, sample_images: Path) -> None:
    stateful = pytest.importorskip("torchdata.stateful_dataloader", reason="resuming across workers uses torchdata")

    def loader() -> object:
        ds = st.ShardDataset(str(converted), features=["filename"], seed=4)
        return stateful.StatefulDataLoader(ds, batch_size=4, num_workers=2, collate_fn=st.collate)

    first = loader()
    iterator = iter(first)
    before = [name for _ in range(7) for name in next(iterator)["filename"]]
    state = first.state_dict()
    rest = [name for batch in iterator for name in batch["filename"]]
    second = loader()
    second.load_state_dict(state)
    assert [name for batch in second for name in batch["filename"]] == rest
    assert Counter(before + rest) == _files(sample_images)


def test_stateful_dataloader_resumes_after_one_worker_has_finished(tagged: Path) -> None:
    """3 shards of 4 records over 2 workers: worker 0 reads 8, worker 1 reads 4 and is done
    before the state is taken; resumed, it must give nothing again."""
    stateful = pytest.importorskip("torchdata.stateful_dataloader", reason="resuming across workers uses torchdata")

    def loader() -> object:
        ds = st.ShardDataset(str(tagged), features=["filename"], seed=2)
        return stateful.StatefulDataLoader(ds, batch_size=2, num_workers=2, collate_fn=st.collate)

    first = loader()
    iterator = iter(first)
    before = [name for _ in range(5) for name in next(iterator)["filename"]]
    state = first.state_dict()
    rest = [name for batch in iterator for name in batch["filename"]]
    second = loader()
    second.load_state_dict(state)
    assert [name for batch in second for name in batch["filename"]] == rest and len(rest) == 2
    assert Counter(before + rest) == _files(SAMPLES / "tagged", "img")


def test_a_state_from_another_reader_is_refused(texts: Path) -> None:
    ds = st.ShardDataset(str(texts), features=["source"], seed=1, rank=0, world_size=2)
    iterator = iter(ds)
    next(iterator)
    state = ds.state_dict()
    other = st.ShardDataset(str(texts), features=["source"], seed=1, rank=1, world_size=2)
    other.load_state_dict(state)
    with pytest.raises(ReadOptionError, match="taken by reader"):
        next(iter(other))
    with pytest.raises(ReadOptionError, match="not a ShardDataset state"):
        other.load_state_dict({"position": 3})


# Images: the fits of shardify.load ------------------------------------------------------------------


@pytest.mark.parametrize("fit", ["stretch", "pad", "center_crop"])
def test_fits_give_shardify_loads_pixels(converted: Path, fit: str) -> None:
    """Every format. Lossless ones (PNG, GIF, BMP) and WebP to within 1 (uint8 resizing rounds).
    JPEGs to within the IDCT: TensorFlow's decode_jpeg uses libjpeg's fast integer IDCT, Pillow
    the accurate one (with dct_method="INTEGER_ACCURATE" the two decode identically, checked by
    hand), so a pixel may differ by a few levels, 1-2 on average. The geometry is the same code for
    every format, so the lossless ones check it to the level."""
    import shardify

    ours = {
        r["filename"]: r["image"].permute(1, 2, 0).numpy()
        for r in st.ShardDataset(str(converted), image_size=(24, 40), fit=fit, decoder="pillow", shuffle=False)
    }
    theirs = {
        e["filename"].numpy().decode(): e["image"].numpy()
        for e in shardify.load(str(converted), image_size=(24, 40), fit=fit, shuffle=False)
    }
    assert set(ours) == set(theirs) and len(ours) == 72
    for name in ours:
        difference = np.abs(ours[name] - theirs[name])
        if name.endswith(".jpg"):
            assert difference.mean() < 2.5 and difference.max() <= 8, (fit, name, difference.mean(), difference.max())
        else:
            assert difference.max() <= 1.0 + 1e-3, (fit, name, difference.max())


def test_unresized_images_and_dtype(converted: Path) -> None:
    record = next(iter(st.ShardDataset(str(converted), seed=0)))
    assert record["image"].dtype == torch.uint8
    assert tuple(record["image"].shape) == (3, int(record["height"]), int(record["width"]))
    small = next(iter(st.ShardDataset(str(converted), image_size=(8, 8), dtype=torch.uint8, seed=0)))
    assert small["image"].dtype == torch.uint8 and small["image"].shape == (3, 8, 8)
    with pytest.raises(ReadOptionError, match="needs image_size"):
        st.ShardDataset(str(converted), fit="pad")
    with pytest.raises(ReadOptionError, match="must be one of"):
        st.ShardDataset(str(converted), image_size=(8, 8), fit="squash")
    with pytest.raises(ReadOptionError, match="not in"):
        st.ShardDataset(str(converted), features=["pixels"])
    with pytest.raises(ValueError):  # ReadOptionError is a ValueError, as load's errors were
        st.ShardDataset(str(converted), decoder="opencv")


def test_random_crops_and_flips_follow_the_seed_epoch_and_record(converted: Path) -> None:
    def images(seed: int, epoch: int = 0, workers: int = 0) -> dict[str, np.ndarray]:
        ds = st.ShardDataset(str(converted), image_size=(16, 16), fit="random_crop", flip=True, seed=seed)
        ds.set_epoch(epoch)
        return {name: image.numpy() for batch in _loader(ds, workers) for name, image in zip(batch["filename"], batch["image"])}

    first = images(3)
    second = images(3, workers=2)  # same crops whatever reads the record
    assert all(np.array_equal(first[name], second[name]) for name in first)
    assert sum(not np.array_equal(first[name], image) for name, image in images(4).items()) > 0.9 * 72
    assert sum(not np.array_equal(first[name], image) for name, image in images(3, epoch=1).items()) > 0.9 * 72
    indexed = st.IndexedDataset(str(converted), image_size=(16, 16), fit="random_crop", flip=True, seed=3)
    assert all(np.array_equal(first[indexed[i]["filename"]], indexed[i]["image"].numpy()) for i in range(0, 72, 7))


# Map-style access through the index files -----------------------------------------------------------


def test_indexed_dataset_reads_any_record_and_works_with_samplers(converted: Path, sample_images: Path) -> None:
    ds = st.IndexedDataset(str(converted), image_size=(16, 16))
    assert len(ds) == 72
    assert Counter(ds[i]["filename"] for i in range(72)) == _files(sample_images)
    assert ds[-1]["filename"] == ds[71]["filename"]
    with pytest.raises(IndexError):
        ds[72]
    loader = DataLoader(ds, batch_size=8, shuffle=True, num_workers=2, collate_fn=st.collate)
    assert Counter(name for batch in loader for name in batch["filename"]) == _files(sample_images)


def test_outputs_without_index_files_are_indexed_by_scanning(converted: Path, tmp_path: Path) -> None:
    output = tmp_path / "old"
    shutil.copytree(converted, output)
    manifest = json.loads((output / "manifest.json").read_text())
    for shard in manifest["splits"]["train"]["shards"]:
        (output / shard.pop("index")).unlink()
    (output / "manifest.json").write_text(json.dumps(manifest))
    with_index = st.IndexedDataset(str(converted), features=["filename"])
    without = st.IndexedDataset(str(output), features=["filename"])
    assert [without[i]["filename"] for i in range(72)] == [with_index[i]["filename"] for i in range(72)]


def test_an_index_that_does_not_match_its_shard_is_named(converted: Path, tmp_path: Path) -> None:
    output = tmp_path / "copy"
    shutil.copytree(converted, output)
    index = output / "train-00001-of-00004.idx"
    lines = index.read_text().splitlines()
    index.write_text("\n".join([lines[0], *lines[2:]]) + "\n")  # a record left out
    ds = st.IndexedDataset(str(output))
    with pytest.raises(CorruptShardError, match=r"train-00001-of-00004\.idx: gives 17 records"):
        ds[18]  # the first record of shard 1 (18 records a shard)


# Damage ----------------------------------------------------------------------------------------------


def _flip_a_byte_of(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("workers", [0, 2])
def test_a_damaged_shard_fails_the_reader_with_its_file_name(converted: Path, tmp_path: Path, workers: int) -> None:
    output = tmp_path / "copy"
    shutil.copytree(converted, output)
    _flip_a_byte_of(output / "train-00001-of-00004.tfrecord")
    with pytest.raises(CorruptShardError, match=r"train-00001-of-00004\.tfrecord, record \d+: "):
        for _ in _loader(st.ShardDataset(str(output), image_size=(8, 8)), workers):
            pass
    damaged = st.IndexedDataset(str(output), image_size=(8, 8))
    with pytest.raises(CorruptShardError, match=r"train-00001-of-00004\.tfrecord, record \d+: "):
        for i in range(len(damaged)):
            damaged[i]


def test_a_truncated_shard_is_an_error_never_fewer_records(converted: Path, tmp_path: Path) -> None:
    output = tmp_path / "copy"
    shutil.copytree(converted, output)
    shard = output / "train-00002-of-00004.tfrecord"
    lines = (output / "train-00002-of-00004.idx").read_text().splitlines()
    offset = int(lines[-1].split()[0])
    with open(shard, "r+b") as f:  # cut exactly at a record boundary: the framing alone looks whole
        f.truncate(offset)
    # named when the output is opened (the shard is shorter than the manifest says), before a record is read
    with pytest.raises(ManifestError, match=r"train-00002-of-00004\.tfrecord: is \d+ bytes, the manifest says \d+ \(cut short"):
        list(st.ShardDataset(str(output), features=["filename"], seed=0))


def test_missing_output_and_split_are_named(converted: Path, tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match="not a finished shardify output"):
        st.ShardDataset(str(tmp_path))
    with pytest.raises(ManifestError, match=r"'test'.*\['train'\]"):
        st.IndexedDataset(str(converted), split="test")


def test_a_crafted_manifest_is_refused_by_both_datasets(converted: Path, tmp_path: Path) -> None:
    output = tmp_path / "copy"
    shutil.copytree(converted, output)
    manifest = json.loads((output / "manifest.json").read_text())
    manifest["splits"]["train"]["shards"][0]["path"] = "../outside.tfrecord"
    (output / "manifest.json").write_text(json.dumps(manifest))
    for dataset in (st.ShardDataset, st.IndexedDataset):
        with pytest.raises(ManifestError, match=r"shards\[0\]\.path must be a plain file name"):
            dataset(str(output))


def test_decoder_none_gives_the_stored_bytes_for_a_decoder_outside_the_reader(
    converted: Path, sample_images: Path
) -> None:
    """decoder="none" (GPU decoding in the training process): each record's image is its stored
    file's bytes, unchanged, once per epoch across workers, beside its label; options that need
    pixels are refused, naming them."""
    for dataset in (
        st.ShardDataset(str(converted), decoder="none", seed=0),
        st.IndexedDataset(str(converted), decoder="none"),
    ):
        seen = Counter()
        for batch in _loader(dataset, workers=2 if isinstance(dataset, st.ShardDataset) else 0):
            for name, data, label in zip(batch["filename"], batch["image"], batch["label_text"]):
                assert data.dtype == torch.uint8 and data.dim() == 1
                assert bytes(data.numpy()) == (sample_images / name).read_bytes()
                assert label == Path(name).parts[0]  # the class folder (sample_data nests some images deeper)
                seen[name] += 1
        assert seen == _files(sample_images, suffixes=(".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp"))
    for pixels in ({"image_size": (8, 8)}, {"flip": True}, {"normalize": True}, {"dtype": torch.float32}):
        with pytest.raises(ReadOptionError, match="decoder='none' returns the stored image bytes"):
            st.ShardDataset(str(converted), decoder="none", **pixels)
