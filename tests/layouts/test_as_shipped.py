"""Public datasets as their downloads unpack, converted with no option but `--max-rejects 100%`.

The miniatures come from tests/helpers/shipped.py, built from each dataset's own published layout
and annotation files (never from shardify's reading of them), with the truth of every record's
split and labels. Each conversion must give exactly those records, splits and labels, or stop
before writing (exit 2) naming the option that decides: never a wrong label with exit 0.

How a record of ours meets the truth's record id:
  - a member of an archive: shardify reads `x.zip` as the folder `x/`;
  - a table's row: `file.csv#<row>` counts lines as a spreadsheet does, the truth counts records
    from 0: matched in order within each file;
  - an array's element: `file#<index>` (`file#x_train:<index>` in an .npz) against `file:<index>`.
Split names are compared by meaning (`val`, `valid`, `validation`, `dev`; `test2017`, `test`) and
label names without regard to case (tfds lower-cases some: `Cat`, `n02085620-Chihuahua`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import DATASETS, Truth
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan.structure import split_word

# Where shardify's rule differs from the miniature's own choice, by the rule: IMDB's
# unlabelled reviews (train/unsup/) are a split of their own, never train's.
_OWN_SPLIT_FOR_UNLABELLED = {"imdb": "unsup"}
# Datasets this shardify cannot yet read whole: each must stop before writing (exit 2).
REFUSED = {
    "imagenet": "its validation labels are in the devkit archive (ILSVRC2012_devkit_t12.tar.gz), not read yet",
}
_SAME_SPLIT = {"val": "validation", "valid": "validation", "dev": "validation", "testing": "test", "training": "train"}


def _canonical_split(name: str) -> str:
    word = split_word(name) or name
    return _SAME_SPLIT.get(word, word)


def _expected(name: str, truth: Truth) -> dict[str, tuple[str, frozenset[str] | None]]:
    expected = {}
    for record_id, (split, labels) in truth.records.items():
        record_id = re.sub(r"\.(zip|tar\.gz|tgz|tar)/", "/", record_id)
        if labels is None and name in _OWN_SPLIT_FOR_UNLABELLED and "/unsup/" in record_id:
            split = _OWN_SPLIT_FOR_UNLABELLED[name]
        labels = None if labels is None else frozenset(label.casefold() for label in labels)
        expected[record_id] = (_canonical_split(split), labels)
    return expected


def _label_names(record: dict, unlabelled_split: bool) -> frozenset[str] | None:
    value = record.get(contract.LABEL_TEXT, record.get(contract.TEXT_LABEL_TEXT))
    index = record.get(contract.LABEL, record.get(contract.TEXT_LABEL))
    if value is None or unlabelled_split or index == contract.UNLABELLED:
        return None
    names = value if isinstance(value, list) else [value]
    return frozenset(n.decode().casefold() for n in names)


def _written(out: Path) -> dict[str, tuple[str, frozenset[str] | None]]:
    """Every record of the output as (truth-style id, (split, labels)), read from the shards."""
    manifest = load_manifest(str(out))
    found, rows = {}, defaultdict(list)
    for split, info in manifest.splits.items():
        unlabelled_split = info.num_unlabelled == info.num_records and manifest.label_mode == "multi"
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                record_id = (record.get(contract.IMAGE_FILENAME) or record.get(contract.TEXT_SOURCE)).decode()
                value = (_canonical_split(split), _label_names(record, unlabelled_split))
                table, _, row = record_id.rpartition("#")
                if table and re.fullmatch(r"\d+", row) and not re.search(r"\.(jpe?g|png|txt)$", table):
                    rows[table].append((int(row), value))
                else:
                    found[re.sub(r"#(?:(x_\w+):)?(\d+)$", lambda m: f":{m[1] + ':' if m[1] else ''}{m[2]}", record_id)] = value
    for table, numbered in rows.items():  # table rows and array elements, matched in order
        for index, (_, value) in enumerate(sorted(numbered)):
            found[f"{table}:{index}"] = value
    return found


@pytest.mark.parametrize("name", sorted(DATASETS))
def test_a_public_download_converts_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    out = tmp_path / "out"
    config = ConvertConfig(str(truth.root), str(out), max_rejects="100%")
    if name in REFUSED:
        with pytest.raises(UsageError) as refused:
            run_conversion(config)
        assert "--" in str(refused.value), "a refusal names the option that decides"
        assert not (out / "manifest.json").exists()
        return
    run_conversion(config)
    expected, written = _expected(name, truth), _written(out)
    assert sorted(set(expected) - set(written)) == [], "inputs the truth has that no record holds"
    assert sorted(set(written) - set(expected)) == [], "records of inputs the truth does not have"
    wrong = {rid: (written[rid], want) for rid, want in expected.items() if written[rid] != want}
    assert wrong == {}, "(split, labels) written against the truth's"
