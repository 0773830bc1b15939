"""Hostile tables and list files: one bad row is that row's reject, never its neighbours'; a cell
too large for a record is rejected before it is read whole."""

from __future__ import annotations

from pathlib import Path

from helpers.shard_io import read_report, records_by_split
from helpers.shipped import build_food101
from helpers.sources import convert
from shardify.format import contract, naming


def test_one_hostile_line_of_a_split_list_rejects_that_line_only(tmp_path: Path) -> None:
    """Food-101's meta/train.txt names images relative to images/ (`apple_pie/1005649`); a line of
    many `../` made every good line name no file."""
    root = build_food101(tmp_path / "download").root
    good = (root / "meta" / "train.txt").read_text().split()
    lines = good[:3] + ["../../../../../../../../../../etc/passwd"] + good[3:]
    (root / "meta" / "train.txt").write_text("\n".join(lines) + "\n")
    output = convert(root, tmp_path / "out")
    train = {r[contract.IMAGE_FILENAME].decode() for r in records_by_split(output)["train"]}
    assert train == {f"images/{line}.jpg" for line in good}
    rejects = [r for r in read_report(output, naming.REJECTS_FILENAME) if r["path"] == "meta/train.txt"]
    assert [(r["row"], "names no file" in r["reason"]) for r in rejects] == [(4, True)]


def test_a_jsonl_row_repeating_a_key_is_rejected_not_read_as_its_last_value(tmp_path: Path) -> None:
    """The JSONL twin of a header `text,label,text`: json.loads would keep the last `text` silently."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "train.jsonl").write_text(
        '{"text": "a fine film", "label": "pos"}\n'
        '{"text": "what is meant", "label": "neg", "text": "cannot be told"}\n'
        '{"text": "dull", "label": "neg", "meta": {"k": 1, "k": 2}}\n'
        '{"text": "long and slow", "label": "neg"}\n'
    )
    output = convert(source, tmp_path / "out")
    assert sorted(r[contract.TEXT].decode() for r in records_by_split(output)["train"]) == ["a fine film", "long and slow"]
    rejects = {r["row"]: r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    assert set(rejects) == {2, 3} and "repeats the key 'text'" in rejects[2] and "repeats the key 'k'" in rejects[3]


def test_a_parquet_table_repeating_a_column_name_is_rejected_whole(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    source = tmp_path / "src"
    source.mkdir()
    table = pa.Table.from_arrays([pa.array(["a fine film"]), pa.array(["pos"]), pa.array(["another text"])], names=["text", "label", "text"])
    pq.write_table(table, source / "a.parquet")
    pq.write_table(pa.table({"text": ["dull and long"], "label": ["neg"]}), source / "b.parquet")
    output = convert(source, tmp_path / "out")
    assert [r[contract.TEXT] for r in records_by_split(output)["train"]] == [b"dull and long"]
    rejects = {r["path"]: r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    assert "repeats the column 'text'" in rejects["a.parquet"]
