"""Manifests are input too: `verify` and `load` refuse crafted ones with one line naming the field,
never open anything outside the output folder through them, and `verify` checks the manifest's
own arithmetic and the folder around it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.cli_runs import TIMEOUT_SECONDS, one_line_error, run_shardify
from shardify.cli.main import app
from shardify.errors import ManifestError
from shardify.format import naming

runner = CliRunner()
Edit = Callable[[dict], None]


@pytest.fixture
def output(converted: Path, tmp_path: Path) -> Path:
    """A copy of the sample conversion, with a shard's copy outside it: what a crafted path aims at."""
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    shutil.copy(out / "train-00000-of-00004.tfrecord", tmp_path / "secret.tfrecord")
    return out


def _edit(out: Path, edit: Edit) -> None:
    path = out / naming.MANIFEST_FILENAME
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))


def _shard(data: dict, index: int = 0) -> dict:
    return data["splits"]["train"]["shards"][index]


def _set(path: str, value: object) -> Edit:
    """An edit setting a field given as dotted keys, e.g. 'inputs.seen'."""

    def edit(data: dict) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[key]
        data[last] = value

    return edit


CRAFTED: dict[str, tuple[Edit, str]] = {
    "parent path": (lambda d: _shard(d).update(path="../secret.tfrecord"), "shards[0].path must be a plain file name"),
    "absolute path": (lambda d: _shard(d).update(path="/etc/passwd"), "shards[0].path must be a plain file name"),
    "sub folder": (lambda d: _shard(d).update(path="x/../train-00000-of-00004.tfrecord"), "must be a plain file name"),
    "listed twice": (lambda d: _shard(d, 1).update(path=_shard(d)["path"]), "shards[1].path must be listed once"),
    "count as text": (lambda d: _shard(d).update(num_records="18"), "shards[0].num_records must be a whole number >= 0"),
    "count as bool": (lambda d: _shard(d).update(num_records=True), "must be a whole number >= 0"),
    "negative bytes": (lambda d: _shard(d).update(num_bytes=-1), "num_bytes must be a whole number >= 0"),
    "bad sha256": (lambda d: _shard(d).update(sha256="../.."), "sha256 must be 64 lower-case hex digits"),
    "labels as text": (_set("labels", "circle"), "labels must be a list"),
    "repeated labels": (_set("labels", ["a", "a", "b"]), "labels must be a list of distinct strings"),
    "unknown dtype": (_set("features.image/encoded.dtype", "bytes"), "features['image/encoded'].dtype must be one of"),
    "splits as list": (_set("splits", []), "splits must be an object"),
    "bad split name": (lambda d: d["splits"].update({"../x": d["splits"]["train"]}), "keyed by split names"),
    "shards missing": (lambda d: d["splits"]["train"].pop("shards"), "splits['train'].shards is missing"),
    "inputs missing": (lambda d: d.pop("inputs"), "inputs is missing"),
    "report path": (_set("rejected.path", "/etc/passwd"), "rejected.path must be a plain file name"),
    "label mode": (_set("label_mode", 3), "label_mode must be a string"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_crafted_manifests_are_refused_naming_the_field(case: str, output: Path) -> None:
    edit, says = CRAFTED[case]
    _edit(output, edit)
    result = runner.invoke(app, ["verify", str(output), "-q"])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], result.output
    assert str(output / naming.MANIFEST_FILENAME) in lines[0]


def test_the_reader_refuses_a_crafted_manifest_too(output: Path) -> None:
    import shardify

    _edit(output, lambda data: _shard(data).update(path="../secret.tfrecord"))
    with pytest.raises(ManifestError, match=r"shards\[0\]\.path must be a plain file name"):
        shardify.load(str(output))


def test_nothing_outside_the_output_folder_is_opened(output: Path, tmp_path: Path) -> None:
    """Python's audit hook sees every file `verify` opens; strace every file the TensorFlow
    reader's process opens (TensorFlow opens files in C++, out of the hook's sight)."""
    secret = tmp_path / "secret.tfrecord"
    _edit(output, lambda data: _shard(data).update(path="../secret.tfrecord"))
    opened = tmp_path / "opened.txt"
    script = (
        "import sys\n"
        f"log = open({str(opened)!r}, 'w')\n"
        "sys.addaudithook(lambda event, args: event == 'open' and print(args[0], file=log, flush=True))\n"
        "from shardify.cli.main import app\n"
        f"app(['verify', {str(output)!r}, '-q'])\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert result.returncode == 1 and "must be a plain file name" in result.stderr
    paths = [Path(str(line)) for line in opened.read_text().splitlines()]
    assert any(p == output / naming.MANIFEST_FILENAME for p in paths)  # the hook did see the opens
    assert not [p for p in paths if p.name == secret.name], paths

    if not shutil.which("strace"):
        pytest.skip("strace is not installed: the TensorFlow reader's opens are not traced")
    trace = tmp_path / "trace.txt"
    load = f"import shardify\ntry:\n    shardify.load({str(output)!r})\nexcept shardify.ShardifyError as e:\n    print(e)\n"
    result = subprocess.run(
        # --seccomp-bpf stops the process only at the traced calls: importing TensorFlow makes tens
        # of thousands of others.
        ["strace", "-f", "--seccomp-bpf", "-e", "trace=open,openat,openat2", "-o", str(trace), sys.executable, "-c", load],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
    )
    assert "must be a plain file name" in result.stdout, result.stderr[-2000:]
    traced = trace.read_text()
    assert str(output / naming.MANIFEST_FILENAME) in traced  # the trace did see the opens
    assert secret.name not in traced


def test_a_manifest_that_is_a_pipe_or_deeply_nested_fails_in_one_line(output: Path) -> None:
    manifest = output / naming.MANIFEST_FILENAME
    manifest.write_text("[" * 200_000)
    assert "is not valid JSON" in one_line_error(run_shardify("verify", str(output), "-q"))
    manifest.unlink()
    os.mkfifo(manifest)
    result = run_shardify("verify", str(output), "-q", timeout=30)  # a blocking open would hang here
    assert result.returncode == 1 and "not a regular file (a named pipe)" in one_line_error(result)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (_set("inputs.seen", 73), "inputs.seen is 73, but written + rejected + skipped + auxiliary = 72"),
        (_set("inputs.written", 71), "inputs.written is 71, but the splits hold 72 records"),
        (_set("splits.train.num_records", 70), "splits['train'].num_records is 70, but its shards add up to 72"),
        (_set("splits.train.label_counts.circle", 25), "splits['train'].label_counts add up to 73"),
    ],
)
def test_verify_checks_the_manifests_arithmetic(edit: Edit, says: str, output: Path) -> None:
    _edit(output, edit)
    result = runner.invoke(app, ["verify", str(output), "-q"])
    assert result.exit_code == 1 and says in result.output, result.output


def test_verify_names_shard_files_the_manifest_does_not_list(output: Path) -> None:
    shutil.copy(output / "train-00001-of-00004.tfrecord", output / "train-00000-of-00002.tfrecord")
    result = runner.invoke(app, ["verify", str(output), "-q"])
    assert result.exit_code == 1
    assert "holds 1 shard files the manifest does not list (train-00000-of-00002.tfrecord)" in result.output
    (output / "train-00000-of-00002.tfrecord").unlink()
    assert runner.invoke(app, ["verify", str(output), "-q"]).exit_code == 0


def test_a_crafted_record_length_fails_verify_without_reading_it(output: Path) -> None:
    """A record header may give any length with a valid CRC: verify must not try to read 2**62 bytes."""
    from shardify.format.tfrecord import masked_crc32c

    shard = output / "train-00002-of-00004.tfrecord"
    length = (1 << 62).to_bytes(8, "little")
    shard.write_bytes(length + masked_crc32c(length).to_bytes(4, "little") + shard.read_bytes()[12:])
    result = run_shardify("verify", str(output), "-q", timeout=60)
    assert result.returncode == 1
    assert "a record header gives 4,611,686,018,427,387,904 bytes, more than the" in one_line_error(result)


def test_a_manifest_of_bytes_no_utf8_text_holds_is_named_as_such(output: Path) -> None:
    """A manifest damaged into bytes that are not UTF-8 (0xff opens no UTF-8 character) is refused
    in one line naming the byte and its offset (it said only "invalid start byte")."""
    manifest = output / naming.MANIFEST_FILENAME
    manifest.write_bytes(b'{"format": "shardify", \xff}')
    line = one_line_error(run_shardify("verify", str(output), "-q"))
    assert "not UTF-8 text (byte 0xff at offset 23)" in line and str(manifest) in line
