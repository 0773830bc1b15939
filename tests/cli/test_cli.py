"""The `shardify` command: exit codes, messages, and a write path free of TensorFlow."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.cli_runs import packages_imported_by, run_shardify
from helpers.sources import SAMPLE_DATA
from shardify.cli.main import app
from shardify.format.manifest import load_manifest

runner = CliRunner()


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "convert" in result.output and "verify" in result.output


@pytest.mark.parametrize("module", ["shardify", "shardify.cli.main"])
def test_python_dash_m_runs_the_command_line(module: str) -> None:
    """`python -m shardify` (where the script's folder is not on PATH) is the same command line:
    `python -m shardify.cli.main` once printed nothing and exited 0."""
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "convert" in done.stdout and "verify" in done.stdout


def test_convert_then_verify(sample_images: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(sample_images), str(out), "--shards", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "wrote 72 records in 3 shards" in result.output
    assert load_manifest(str(out)).split("train").num_records == 72
    result = runner.invoke(app, ["verify", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "ok: 72 records in 3 shards" in result.output


def test_verify_names_the_corrupt_shard(sample_images: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert runner.invoke(app, ["convert", str(sample_images), str(out), "--shards", "2", "-q"]).exit_code == 0
    shard = out / "train-00001-of-00002.tfrecord"
    data = bytearray(shard.read_bytes())
    data[len(data) // 2] ^= 0xFF
    shard.write_bytes(bytes(data))
    result = runner.invoke(app, ["verify", str(out), "-q"])
    assert result.exit_code == 1
    assert "train-00001-of-00002.tfrecord" in result.output and "record" in result.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert runner.invoke(app, ["convert", str(tmp_path / "missing"), str(tmp_path / "o")]).exit_code == 2
    assert runner.invoke(app, ["convert", str(tmp_path), str(tmp_path / "o"), "--shards", "0"]).exit_code == 2


@pytest.mark.parametrize("shards", ["1", "4"])
def test_shards_with_shard_size_is_refused_whatever_the_count(sample_images: Path, tmp_path: Path, shards: str) -> None:
    """`--shards 1` is the default's value: it must still count as given."""
    result = runner.invoke(app, ["convert", str(sample_images), str(tmp_path / "o"), "--shards", shards, "--shard-size", "1MB"])
    assert result.exit_code == 2 and "not both" in result.output
    assert not (tmp_path / "o").exists()


def test_failures_exit_1_with_a_message(make_tree, sample_images: Path, tmp_path: Path) -> None:
    nothing_usable = make_tree({"a/x.jpg": b"not an image"})
    result = runner.invoke(app, ["convert", str(nothing_usable), str(tmp_path / "o1"), "-q"])
    assert result.exit_code == 1 and "no records written" in result.output
    (tmp_path / "o2").mkdir()
    (tmp_path / "o2" / "keep.txt").write_text("x")
    result = runner.invoke(app, ["convert", str(sample_images), str(tmp_path / "o2"), "-q"])
    assert result.exit_code == 1 and "--overwrite" in result.output
    result = runner.invoke(app, ["verify", str(tmp_path / "o2")])
    assert result.exit_code == 1 and "no manifest" in result.output


def test_convert_never_imports_tensorflow(sample_images: Path, tmp_path: Path) -> None:
    result, imported = packages_imported_by(["convert", str(sample_images), str(tmp_path / "o"), "--shards", "2", "-q"], ["tensorflow"])
    assert result.returncode == 0, result.stderr
    assert imported == []
    assert load_manifest(str(tmp_path / "o")).split("train").num_records == 72


def test_worker_processes_never_import_tensorflow(sample_images: Path, tmp_path: Path) -> None:
    """Two worker processes (not the small run in one process): a `tensorflow` that cannot be
    imported is first on every process's path, so an import anywhere fails the run."""
    shadow = tmp_path / "shadow" / "tensorflow"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('the write path imported tensorflow')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow.parent), os.environ.get("PYTHONPATH", "")])}
    result = run_shardify("convert", str(sample_images), str(tmp_path / "o"), "--shards", "4", "--workers", "2", "-q", env=env)
    assert result.returncode == 0, result.stderr
    assert load_manifest(str(tmp_path / "o")).split("train").num_records == 72
    check = subprocess.run([sys.executable, "-c", "import tensorflow"], env=env, capture_output=True, text=True, timeout=60)
    assert "the write path imported tensorflow" in check.stderr  # the shadow is what an import would find


def test_beam_options_after_double_dash_pass_through(sample_images: Path, tmp_path: Path) -> None:
    args = ["convert", str(sample_images), str(tmp_path / "o"), "-q", "--", "--direct_running_mode=in_memory", "--direct_num_workers=1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert load_manifest(str(tmp_path / "o")).split("train").num_records == 72
    # The options really reach Beam: its own parser refuses a bad value.
    result = runner.invoke(app, [*args[:4], "--", "--direct_running_mode=bogus"])
    assert result.exit_code == 2 and "direct_running_mode" in result.output


def test_dry_run_prints_the_plan_and_writes_nothing(tmp_path: Path) -> None:
    texts = SAMPLE_DATA / "texts"
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(texts), str(out), "--shards", "train=3,test=1", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "layout: text_folders; 42 records, 3 labels, 2 splits" in result.output
    assert "train: 30 records" in result.output and "3 shards of ~10 records" in result.output
    assert not out.exists()


def test_label_file_sample_converts_and_verifies(tmp_path: Path) -> None:
    tagged = SAMPLE_DATA / "tagged"
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(tagged), str(out), "-q"])
    assert result.exit_code == 0, result.output
    manifest = load_manifest(str(out))
    assert manifest.data["layout"] == "label_file" and manifest.label_mode == "multi"
    assert runner.invoke(app, ["verify", str(out), "-q"]).exit_code == 0


def test_malformed_layout_options_are_usage_errors(sample_images: Path, tmp_path: Path) -> None:
    for args in (["--shards", "train=0"], ["--split", "train=0.9,test=0.2"], ["--layout", "spreadsheet"]):
        result = runner.invoke(app, ["convert", str(sample_images), str(tmp_path / "out"), *args])
        assert result.exit_code == 2, (args, result.output)
    assert not (tmp_path / "out").exists()


def test_too_many_rejects_fail_and_keep_the_report(make_tree, tmp_path: Path) -> None:
    from helpers.sources import image_bytes

    files = {f"a/{i}.jpg": image_bytes(seed=i) for i in range(8)}
    source = make_tree({**files, "a/bad1.jpg": b"not an image", "a/bad2.jpg": b""})  # 2 of 10 bad
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(source), str(out), "-q"])  # default limit: 10%
    assert result.exit_code == 1
    assert "2 of 10 inputs were rejected, more than --max-rejects 10%" in result.output
    assert not (out / "manifest.json").exists() and len((out / "rejected.jsonl").read_text().splitlines()) == 2
    for limit in ("2", "20%"):
        result = runner.invoke(app, ["convert", str(source), str(out), "-q", "--max-rejects", limit])
        assert result.exit_code == 0, (limit, result.output)
    assert runner.invoke(app, ["convert", str(source), str(out), "--max-rejects", "lots"]).exit_code == 2


def test_runs_leave_nothing_in_the_temporary_folder(
    sample_images: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every Beam Pipeline makes a temporary folder that Beam removes only when it runs: pipelines
    replaced by the small-source one, or refused before running, left theirs behind. The runs are
    in this process (the temporary folder, not the process, is tested): its TMPDIR and `tempfile`'s
    cached folder point at `temp`, and the worker processes `--workers 2` starts inherit TMPDIR."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    runs = [
        (["--shards", "2"], 0),
        (["--workers", "2"], 0),
        (["--dry-run"], 0),
        (["--shards", "nosuchsplit=2"], 2),
        (["--", "--direct_num_worker=2"], 2),
    ]
    for index, (args, code) in enumerate(runs):
        result = run_shardify("convert", str(sample_images), str(tmp_path / f"o{index}"), "-q", *args)
        assert result.returncode == code, (args, result.stderr)
    assert sorted(p.name for p in temp.iterdir() if not p.name.startswith(".shardify-workers-")) == []


def test_a_dry_run_of_a_source_with_no_usable_input_fails_as_the_run_would(tmp_path: Path) -> None:
    """A header-only table: the plan shows why, and the dry run exits 1 as the conversion would
    (it said "dry run" and exited 0 before, then the run failed)."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "train.csv").write_text("text,label\n")
    dry = run_shardify("convert", str(source), str(tmp_path / "out"), "--dry-run")
    run = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert dry.returncode == run.returncode == 1, (dry.stderr, run.stderr)
    assert "would write no records" in dry.stderr and "the table holds a header only" in dry.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()
