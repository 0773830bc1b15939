"""Exact duplicates: records with byte-identical content are reported, across splits (leakage) and
within one, without a second read of the data."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from typer.testing import CliRunner

from helpers.sources import image_bytes
from shardify.cli.main import app
from shardify.format import naming
from shardify.format.manifest import load_manifest


def test_duplicates_across_and_within_splits_are_reported(tmp_path: Path) -> None:
    same, twice = image_bytes(seed=1), image_bytes(seed=2)
    files = {
        "train/cat/a.jpg": same,
        "test/cat/a_copy.jpg": same,  # leakage: the test image is a training image
        "train/dog/b.jpg": twice,
        "train/dog/b_again.jpg": twice,
        "train/dog/c.jpg": image_bytes(seed=3),
        "test/dog/d.jpg": image_bytes(seed=4),
    }
    source = tmp_path / "src"
    for relpath, data in files.items():
        (source / relpath).parent.mkdir(parents=True, exist_ok=True)
        (source / relpath).write_bytes(data)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["convert", str(source), str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert "duplicates: 4 records share their content in 2 groups, 1 of them across splits" in result.output
    groups = [json.loads(line) for line in (out / naming.DUPLICATES_FILENAME).read_text().splitlines()]
    assert groups == [
        {"sha256": hashlib.sha256(same).hexdigest(), "records": [{"split": "test", "id": "test/cat/a_copy.jpg"}, {"split": "train", "id": "train/cat/a.jpg"}]},
        {"sha256": hashlib.sha256(twice).hexdigest(), "records": [{"split": "train", "id": "train/dog/b.jpg"}, {"split": "train", "id": "train/dog/b_again.jpg"}]},
    ]
    manifest = load_manifest(str(out))
    assert manifest.duplicates == {"groups": 2, "records": 4, "across_splits": 1, "path": naming.DUPLICATES_FILENAME}
    assert manifest.inputs["written"] == len(files)  # reported, not dropped
    assert CliRunner().invoke(app, ["verify", str(out), "-q"]).exit_code == 0
    shown = CliRunner().invoke(app, ["inspect", str(out)])  # the report reaches what users look at
    assert shown.exit_code == 0 and "test/cat/a_copy.jpg" in shown.output and "train/cat/a.jpg" in shown.output


def test_a_dataset_without_duplicates_says_so_and_writes_no_report(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "t").mkdir(parents=True)
    (source / "t" / "rows.csv").write_text("text,label\nsame words,a\nother words,b\n")
    (source / "t" / "more.csv").write_text("text,label\nsame words,b\n")
    out = tmp_path / "out"
    assert CliRunner().invoke(app, ["convert", str(source / "t"), str(out), "-q"]).exit_code == 0
    manifest = load_manifest(str(out))
    assert manifest.duplicates == {"groups": 1, "records": 2, "across_splits": 0, "path": naming.DUPLICATES_FILENAME}
    (source / "t" / "more.csv").unlink()
    assert CliRunner().invoke(app, ["convert", str(source / "t"), str(out), "-q"]).exit_code == 0
    assert load_manifest(str(out)).duplicates == {"groups": 0, "records": 0, "across_splits": 0}
    assert not (out / naming.DUPLICATES_FILENAME).exists()  # the earlier run's report is gone


def test_a_report_line_is_what_json_dumps_writes() -> None:
    # The report's lines are formatted without json.dumps; the bytes must stay its own (ids and
    # splits may hold quotes, backslashes, control and non-ASCII characters).
    from shardify.beam_jobs.write_manifest import _duplicate_line
    from shardify.plan.entries import DuplicateGroup

    odd = DuplicateGroup("ab" * 32, (("train", 'a "b"\\c'), ("té\tst", "\u2028\x00é😀")))
    for group in (odd, DuplicateGroup("cd" * 32, (("train", "x"),))):
        assert _duplicate_line(group) == json.dumps(group.to_json()) + "\n"
