"""A JSON lines label file whose fields are nested (`{"image": {"file": "a.jpg"}, "label": {"name":
"cat"}}`, as annotation tools export them): `--label-column label.name` names the nested field, the
key is the object's file field; without the option, every row is refused with the fields to choose
from, never read as no label."""

from __future__ import annotations

import json
from pathlib import Path

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, read_shard
from shardify.format import contract

_ROWS = [("a.jpg", "cat"), ("b.jpg", "dog"), ("c.jpg", "cat"), ("d.jpg", "bird")]


def _source(root: Path) -> Path:
    from PIL import Image

    root.mkdir()
    lines = []
    for k, (name, label) in enumerate(_ROWS):
        Image.new("RGB", (20, 16), (60 * k, 10, 200)).save(root / name)
        lines.append(json.dumps({"image": {"id": f"img{k}", "file": name, "size": [20, 16]}, "label": {"name": label, "id": k}}))
    (root / "annotations.jsonl").write_text("\n".join(lines) + "\n")
    return root / "annotations.jsonl"


def test_a_dotted_label_column_names_a_nested_field(tmp_path: Path) -> None:
    labels_file = _source(tmp_path / "src")
    result = run_shardify(
        "convert", str(tmp_path / "src"), str(tmp_path / "out"), "--labels", str(labels_file), "--label-column", "label.name"
    )
    assert result.returncode == 0, result.stderr
    written = {
        r[contract.IMAGE_FILENAME].decode(): r[contract.LABEL_TEXT].decode()
        for shard in (tmp_path / "out").glob("*.tfrecord")
        for r in read_shard(shard)
    }
    assert written == dict(_ROWS)


def test_a_nested_label_without_the_option_is_refused_with_its_fields(tmp_path: Path) -> None:
    labels_file = _source(tmp_path / "src")
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--labels", str(labels_file))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    reasons = [r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl") if r.get("row")]
    assert len(reasons) == len(_ROWS) and all("--label-column (label.name, label.id)" in r for r in reasons)
    assert not (tmp_path / "out" / "manifest.json").exists()
