"""Public datasets no detection rule names, and layouts nobody named: right, or a useful refusal.

The miniatures (tests/helpers/unseen.py) copy real downloads' layouts. Each conversion with no
option must write exactly the truth's records, splits and labels, or stop before writing (exit 2)
naming the folders that show the problem and only options that can help; where the refusal
offers an option, converting with it must then be right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import convert
from helpers.unseen import DATASETS, Truth
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _written(out: Path) -> dict[str, tuple[str, frozenset[str] | None, int]]:
    """Every record as {image/filename: (split, label names or None, label index)}."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                index = record.get(contract.LABEL, contract.UNLABELLED)
                labels = None if index == contract.UNLABELLED else frozenset({record[contract.LABEL_TEXT].decode()})
                found[record[contract.IMAGE_FILENAME].decode()] = (split, labels, index)
    return found


def _expected(truth: Truth) -> dict[str, tuple[str, frozenset[str] | None]]:
    """The truth's records under the names shardify gives them (`x.zip/` reads as the folder `x/`)."""
    return {re.sub(r"\.zip/", "/", rid): value for rid, value in truth.records.items()}


def _assert_converts_to_truth(truth: Truth, out: Path, **options) -> dict:
    convert(truth.root, out, **options)
    written = _written(out)
    assert {rid: (split, labels) for rid, (split, labels, _) in written.items()} == _expected(truth)
    return written


@pytest.mark.parametrize("name", ["split_pair_test_set", "split_pair_validation"])
def test_archives_named_as_a_split_pair_are_splits_not_classes(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    written = _assert_converts_to_truth(truth, tmp_path / "out")
    assert {labels for _, labels, _ in written.values()} == {frozenset({c}) for c in ("apple", "banana", "cherry")}
