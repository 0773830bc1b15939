"""Label tables whose keys name files as `<key>-<n>` or `<key>_<n>`, several files a row
(PetFinder's `<PetID>-1.jpg`, `<PetID>-2.jpg`: `layout.STEM_NUMBER`), built for the kind, not the
dataset: the `_` separator, a TSV whose header names another column as the usual key (the key
column is the one whose cells name the files), a key with several files beside one with none, and
the guard where a key is another key and a number. Before, each key "named no file" and every
image was a reject (exit 1). Records are read back from the shards, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_report, read_shard
from helpers.sources import image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import layout, layout_guess


def _written(out: Path) -> dict[str, tuple[str, str]]:
    """{image path: (split, label)} read back from every shard."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.LABEL_TEXT].decode())
    return found


def _source(root: Path, table: str, text: str, files: list[str]) -> Path:
    for seed, name in enumerate(files):
        (root / "photos").mkdir(parents=True, exist_ok=True)
        (root / "photos" / name).write_bytes(image_bytes(fmt="PNG", seed=seed))
    (root / table).write_text(text)
    return root / table


def test_underscore_numbers_name_a_rows_files(tmp_path: Path) -> None:
    table = _source(tmp_path / "src", "labels.csv", "id,label\nk7,cat\nq2,dog\n", ["k7_1.png", "k7_2.png", "q2_1.png"])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), labels_file=str(table)))
    written = _written(tmp_path / "out")
    assert {path: label for path, (_, label) in written.items()} == {
        "photos/k7_1.png": "cat", "photos/k7_2.png": "cat", "photos/q2_1.png": "dog"}


def test_a_tsv_keyed_by_the_column_whose_cells_name_the_files(tmp_path: Path) -> None:
    """`name` is a usual key name, but its cells (the animals' names) name no file; `ref`'s do."""
    text = "name\tref\tspeed\nRex the dog\tx1\tfast\nMiko\tx2\tslow\nNo Name Yet\tx3\tfast\n"
    files = ["x1-1.png", "x1-2.png", "x2-1.png", "x3-1.png"]
    table = _source(tmp_path / "src", "meta.tsv", text, files)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), labels_file=str(table), label_column="speed"))
    written = _written(tmp_path / "out")
    assert {path: label for path, (_, label) in written.items()} == {
        "photos/x1-1.png": "fast", "photos/x1-2.png": "fast", "photos/x2-1.png": "slow", "photos/x3-1.png": "fast"}


def test_a_key_of_three_files_and_a_key_of_none(tmp_path: Path) -> None:
    """Each of a's files is its own record; b's row names no file: a reject naming it, not silence."""
    files = ["a-1.png", "a-2.png", "a-3.png", "c-1.png"]
    table = _source(tmp_path / "src", "labels.csv", "id,label\na,cat\nb,dog\nc,dog\n", files)
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(out), labels_file=str(table), max_rejects="1"))
    assert {path: label for path, (_, label) in _written(out).items()} == {
        "photos/a-1.png": "cat", "photos/a-2.png": "cat", "photos/a-3.png": "cat", "photos/c-1.png": "dog"}
    assert [r["reason"] for r in read_report(out, "rejected.jsonl")] == ["names no file: 'b'"]


def test_a_key_that_is_another_key_and_a_number_keeps_keys_exact(tmp_path: Path) -> None:
    """Keys `a` and `a-1`: a-1.png would be both a's photo and a-1's own file. The numbered reading
    is not chosen: the keys are exact stems, a-1.png is a-1's, and a-2.png no row's (a reject), so
    the run stops over its rejects rather than write a-1.png with a's label."""
    sample = ["photos/a-1.png", "photos/a-2.png", "photos/b-1.png"]
    assert layout_guess.choose_label_key(["a", "b"], sample)[0] == layout.STEM_NUMBER
    assert layout_guess.choose_label_key(["a", "a-1", "b"], sample)[0] == layout.STEM
    table = _source(tmp_path / "src", "labels.csv", "id,label\na,cat\na-1,dog\nb,cat\n", [p.split("/")[1] for p in sample])
    out = tmp_path / "out"
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(out), labels_file=str(table)))
    reasons = {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}
    assert "photos/a-2.png" in reasons and "photos/a-1.png" not in reasons
