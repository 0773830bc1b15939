"""Masks for some splits only (LoveDA: `Train/` and `Val/` with `masks_png/`, `Test/` images alone;
CIHP and LIP: test images without masks): the splits that have masks are written with them, the
bare split's images without one, counted as `num_unmasked` in the manifest, and every reader reads
that split's images alone.

Before (main at e605e28): the masks were coverage-checked over every split's images, fell under
90%, and were left out of every split as auxiliary files: the segmentation labels lost with exit 0.
A missing mask inside a split that has masks stays a reject with its reason; a split whose masks
are there but pair with nothing is no bare split.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import read_report, read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.interop.tfds_metadata import why_not_tfds

_SIZE = (20, 16)  # width, height


def _image(path: Path, seed: int, size: tuple[int, int] = _SIZE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pixels = (np.random.default_rng(seed).random((size[1], size[0], 3)) * 255).astype(np.uint8)
    Image.fromarray(pixels, "RGB").save(path)


def _mask(path: Path, size: tuple[int, int] = _SIZE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray((np.arange(size[0] * size[1]).reshape(size[1], size[0]) % 5).astype(np.uint8), "L").save(path)


def _split_folders(root: Path, masked: dict[str, bool], n: int = 4) -> Path:
    """`<split>/images/<id>.png`, with `<split>/masks/<id>.png` where `masked[split]`."""
    for split, has in masked.items():
        for i in range(n):
            _image(root / split / "images" / f"{split}{i}.png", hash((split, i)) % 1000)
            if has:
                _mask(root / split / "masks" / f"{split}{i}.png")
    return root


def _convert(root: Path, out: Path, **options) -> Path:
    run_conversion(ConvertConfig(str(root), str(out), shards=1, **options))
    return out


def _records(out: Path) -> dict[str, dict[str, bool]]:
    """split -> record id -> whether it holds a mask."""
    found: dict[str, dict[str, bool]] = {}
    for name, split in load_manifest(str(out)).splits.items():
        for shard in split.shards:
            for record in read_shard(out / shard.path):
                found.setdefault(name, {})[record[contract.IMAGE_FILENAME].decode()] = contract.SEGMENTATION in record
    return found


@pytest.fixture(scope="module")
def bare_test(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _split_folders(tmp_path_factory.mktemp("src"), {"train": True, "val": True, "test": False})
    return _convert(root, tmp_path_factory.mktemp("out") / "out")


def test_the_masked_splits_keep_their_masks_and_the_bare_split_is_written_without(bare_test: Path) -> None:
    records = _records(bare_test)
    assert set(records) == {"train", "val", "test"}
    assert all(records["train"].values()) and all(records["val"].values()) and len(records["train"]) == 4
    assert records["test"] and not any(records["test"].values())
    manifest = load_manifest(str(bare_test))
    assert contract.SEGMENTATION in manifest.features
    assert {name: split.num_unmasked for name, split in manifest.splits.items()} == {"train": 0, "val": 0, "test": 4}


def test_load_reads_the_bare_split_as_images_alone(bare_test: Path) -> None:
    pytest.importorskip("tensorflow")
    import shardify

    train = next(iter(shardify.load(str(bare_test), split="train")))
    test = next(iter(shardify.load(str(bare_test), split="test")))
    assert "segmentation" in train and train["segmentation"].shape == (_SIZE[1], _SIZE[0])
    assert "segmentation" not in test and "image" in test
    with pytest.raises(ReadOptionError, match="split 'test' .* holds no segmentation masks"):
        shardify.load(str(bare_test), split="test", features=["image", "segmentation"])


def test_the_pytorch_reader_reads_the_bare_split_as_images_alone(bare_test: Path) -> None:
    pytest.importorskip("torch")
    import shardify.torch

    test = next(iter(shardify.torch.ShardDataset(str(bare_test), split="test")))
    train = next(iter(shardify.torch.ShardDataset(str(bare_test), split="train")))
    assert "segmentation" not in test and "segmentation" in train


def test_dali_reads_the_bare_split_and_still_refuses_the_masks_of_the_others(bare_test: Path) -> None:
    from shardify.read.dali_spec import make_spec  # no DALI import: the plan is decided before any pipeline
    from shardify.read.options import DALI_PIPELINE

    def spec(split: str):
        return make_spec(DALI_PIPELINE, str(bare_test), split, None, {"batch_size": 2}, device_id=None, num_threads=1,
                         prefetch_queue_depth=2, layout="HWC")

    with pytest.raises(ReadOptionError, match="segmentation masks, which shardify.dali does not read"):
        spec("train")
    assert [name for name, _, _ in spec("test").outputs] == ["image"]


def test_tfds_files_are_refused_naming_the_bare_split(bare_test: Path) -> None:
    why = why_not_tfds(load_manifest(str(bare_test)))
    assert "split test holds none" in why and "shardify.load" in why


def test_loveda_with_its_domains_keeps_the_masks_of_train_and_val(tmp_path: Path) -> None:
    for folder, has in (("Train", True), ("Val", True), ("Test", False)):
        for domain in ("Urban", "Rural"):
            for i in range(2):
                name = f"{1366 + i + len(folder) * 10 + len(domain)}.png"
                _image(tmp_path / "src" / folder / domain / "images_png" / name, hash((folder, domain, i)) % 1000)
                if has:
                    _mask(tmp_path / "src" / folder / domain / "masks_png" / name)
    records = _records(_convert(tmp_path / "src", tmp_path / "out", label_level=0))
    assert {split: (len(ids), sum(ids.values())) for split, ids in records.items()} == {
        "Train": (4, 4), "Val": (4, 4), "Test": (4, 0)}


def test_a_neighbour_of_images_and_annotations_trees_converts_alike(tmp_path: Path) -> None:
    # ADE20K's shape (images/<split>/, annotations/<split>/) with no annotations/test/
    for split in ("training", "validation", "test"):
        for i in range(4):
            _image(tmp_path / "src" / "images" / split / f"{split}_{i}.jpg", i + len(split))
            if split != "test":
                _mask(tmp_path / "src" / "annotations" / split / f"{split}_{i}.png")
    records = _records(_convert(tmp_path / "src", tmp_path / "out"))
    assert {split: (len(ids), sum(ids.values())) for split, ids in records.items()} == {
        "train": (4, 4), "validation": (4, 4), "test": (4, 0)}  # (training/ written as train)


def test_a_missing_mask_in_a_masked_split_is_still_a_reject_with_its_reason(tmp_path: Path) -> None:
    root = _split_folders(tmp_path / "src", {"train": True, "test": False}, n=12)
    (root / "train" / "masks" / "train3.png").unlink()
    out = _convert(root, tmp_path / "out")
    records = _records(out)
    assert "train/images/train3.png" not in records["train"] and all(records["train"].values())
    (reject,) = read_report(out, "rejected.jsonl")
    assert reject["path"] == "train/images/train3.png" and "no mask" in reject["reason"]


def test_hostile_a_split_whose_masks_pair_with_nothing_is_no_bare_split(tmp_path: Path) -> None:
    root = _split_folders(tmp_path / "src", {"train": True, "test": False})
    for i in range(4):  # test/masks/ is there, named after no image of test/images/
        _mask(root / "test" / "masks" / f"other{i}.png")
    out = _convert(root, tmp_path / "out", label_level=0)
    manifest = load_manifest(str(out))
    assert not any(split.num_unmasked for split in manifest.splits.values())
    assert contract.SEGMENTATION not in manifest.features  # coverage 50%: as before, the plan names the masks


def test_hostile_a_mask_of_another_size_in_a_masked_split_is_rejected(tmp_path: Path) -> None:
    root = _split_folders(tmp_path / "src", {"train": True, "test": False}, n=12)
    _mask(root / "train" / "masks" / "train5.png", size=(8, 8))
    out = _convert(root, tmp_path / "out", max_rejects="50%")
    (reject,) = read_report(out, "rejected.jsonl")
    assert reject["path"] == "train/images/train5.png"
    assert load_manifest(str(out)).splits["test"].num_unmasked == 12


def test_verify_arithmetic_refuses_num_unmasked_past_the_records_or_without_masks(bare_test: Path) -> None:
    import dataclasses

    from shardify.format.manifest import check_arithmetic

    manifest = load_manifest(str(bare_test))
    assert check_arithmetic(manifest) == []
    test = dataclasses.replace(manifest.splits["test"], num_unmasked=5)
    assert any("num_unmasked is 5" in p for p in check_arithmetic(dataclasses.replace(manifest, splits={"test": test})))
    features = {k: v for k, v in manifest.features.items() if k != contract.SEGMENTATION}
    assert any("no segmentation masks" in p for p in check_arithmetic(dataclasses.replace(manifest, features=features)))
