"""A single .json of records under a key, read as a table (issue 30). The shapes are the ones
datasets ship: `{"version": ..., "data": [{...}]}` per split file, `{"train": [...], "validation":
[...], "test": [...]}` in one file (a list per split, as CLINC150's `data_full.json` is laid out,
though its rows are `[text, intent]` pairs, which this does not read), and a bare `[{...}]` (what
`pandas.DataFrame.to_json(orient="records")` writes). Every record's text,
label and split is checked against the rows written here; hostile twins (a file cut short, a
record nested too deep, a record that is no object) are rejected with their reason, and a .json
that is neither records nor question-answering keeps today's refusal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _rows(prefix: str, labels: list[str]) -> list[dict]:
    return [{"id": f"{prefix}{i}", "text": f"{prefix} utterance number {i} about the weather", "intent": label}
            for i, label in enumerate(labels)]


def _written(out: Path) -> dict[str, tuple[str, str]]:
    """{text: (split, label)} of every record."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.TEXT].decode()] = (split, record[contract.TEXT_LABEL_TEXT].decode())
    return found


def _truth(rows_by_split: dict[str, list[dict]]) -> dict[str, tuple[str, str]]:
    return {row["text"]: (split, row["intent"]) for split, rows in rows_by_split.items() for row in rows}


def test_one_file_of_a_list_per_split_gives_the_splits_and_the_labels(tmp_path: Path) -> None:
    splits = {
        "train": _rows("tr", ["weather", "alarm", "weather", "timer", "alarm"]),
        "validation": _rows("va", ["timer", "weather"]),
        "test": _rows("te", ["alarm", "alarm", "timer"]),
    }
    src = tmp_path / "clinc"
    src.mkdir()
    (src / "data_full.json").write_text(json.dumps({"version": "1.0", **splits}))  # a scalar beside the lists
    out = convert(src, tmp_path / "out", label_column="intent", max_rejects="0")
    assert _written(out) == _truth(splits)
    counts = {name: info.num_records for name, info in load_manifest(str(out)).splits.items()}
    assert counts == {"train": 5, "validation": 2, "test": 3}  # counted apart from the truth


@pytest.mark.parametrize("shape", ["under data", "bare list"])
def test_a_file_per_split_of_records_under_a_key_or_bare(shape: str, tmp_path: Path) -> None:
    splits = {"train": _rows("tr", ["a", "b", "a", "b"]), "test": _rows("te", ["b", "a"])}
    src = tmp_path / "src"
    src.mkdir()
    for split, rows in splits.items():
        document = {"version": 2, "data": rows} if shape == "under data" else rows
        (src / f"{split}.json").write_text(json.dumps(document, indent=1))
    (src / "README.md").write_text("intents\n")
    out = convert(src, tmp_path / "out", label_column="intent", max_rejects="0")
    assert _written(out) == _truth(splits)


def test_hostile_documents_and_records_are_rejected_with_why(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    good = _rows("tr", ["a", "b", "a"])
    deep = {"text": "a record nested far too deep", "intent": "a", "extra": json.loads("[" * 50 + "]" * 50)}
    deep_text = json.dumps({"data": [*good, deep]})
    deep_text = deep_text.replace("[" * 50 + "]" * 50, "[" * 200_000 + "]" * 200_000)
    (src / "train.json").write_text(json.dumps({"data": [*good, "not an object", 7]}))
    (src / "validation.json").write_text(json.dumps({"data": _rows("va", ["a", "b"])})[:-30])  # cut short
    (src / "test.json").write_text(deep_text)
    out = convert(src, tmp_path / "out", label_column="intent")
    rejects = {(r["path"], r.get("row", 0)): r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert "not a JSON object (str)" in rejects[("train.json", 4)]
    assert "not a JSON object (int)" in rejects[("train.json", 5)]
    assert rejects[("validation.json", 0)].startswith("not JSON")
    assert rejects[("test.json", 0)] == "JSON nested too deeply"
    assert len(rejects) == 4
    assert _written(out) == _truth({"train": good})


def test_a_json_of_neither_shape_keeps_todays_refusal(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "stats.json").write_text(json.dumps({"images": [{"id": 1}], "annotations": [{"id": 2}]}))
    with pytest.raises(UsageError):
        convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()



def test_a_json_of_records_beside_class_folders_of_images_leaves_the_images_the_inputs(tmp_path: Path) -> None:
    """A list of objects beside images describes them (metadata), it is not a table of texts."""
    from PIL import Image

    src = tmp_path / "src"
    for c, cls in enumerate(("cat", "dog")):
        (src / cls).mkdir(parents=True)
        for i in range(2):
            Image.new("RGB", (8, 8), (40 * c, 10 * i, 5)).save(src / cls / f"{i}.png")
    rows = [{"file": f"{cls}/{i}.png", "text": f"a photo of a {cls} number {i}"} for cls in ("cat", "dog") for i in range(2)]
    (src / "metadata.json").write_text(json.dumps({"data": rows}))
    out = convert(src, tmp_path / "out")
    names = set()
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                assert contract.IMAGE_ENCODED in record
                names.add((record[contract.IMAGE_FILENAME].decode(), record[contract.LABEL_TEXT].decode()))
    assert names == {("cat/0.png", "cat"), ("cat/1.png", "cat"), ("dog/0.png", "dog"), ("dog/1.png", "dog")}
