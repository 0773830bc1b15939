"""What long runs need: resuming after a kill keeps the shards already written whole (and only when
nothing changed), and --shard-size picks the number of shards from the planned bytes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify, shardify_command
from shardify.format import naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output


def _kill_when(out: Path, command: list[str], ready) -> None:  # noqa: ANN001 - a predicate on OUT
    run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and ready(out)):
            assert run.poll() is None and time.monotonic() < deadline, "the run ended before the moment came"
            time.sleep(0.002)
    finally:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()


def _results(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if naming.is_shard_result(p.name))


def _files(out: Path) -> dict[str, bytes]:
    """The output's files, but for the kept probes: a cache of what each run read (docs/output.md),
    which a re-run adds to, not part of the output's bytes."""
    return {p.name: p.read_bytes() for p in out.iterdir() if not naming.is_probes_file(p.name)}


def test_a_killed_run_resumes_keeping_whole_shards_and_gives_the_uninterrupted_bytes(make_tree, tmp_path: Path) -> None:
    from helpers.sources import image_bytes

    # Images large enough (~0.5 MB of noise each, decoded to validate) that writing 12 shards takes
    # a second or more: the kill lands part-way.
    source = make_tree({f"{label}/{i}.png": image_bytes(fmt="PNG", size=(400, 400), seed=i) for label in "ab" for i in range(18)})
    args = ("--shards", "12", "--workers", "1")  # one worker: shards are written one after another
    clean = tmp_path / "clean"
    assert run_shardify("convert", str(source), str(clean), *args, "-q").returncode == 0
    out = tmp_path / "out"
    _kill_when(out, shardify_command("convert", str(source), str(out), *args, "-q"), lambda o: len(_results(o)) >= 3)
    kept_before = _results(out)
    assert naming.MANIFEST_FILENAME not in os.listdir(out) and kept_before
    result = run_shardify("convert", str(source), str(out), *args, "-q")
    assert result.returncode == 0, result.stderr
    kept = int(result.stdout.split("resumed: kept ")[1].split(" of ")[0])
    assert len(kept_before) <= kept < 12, result.stdout  # what was whole, and not every shard
    assert _files(out) == _files(clean)  # byte for byte, manifest included; no result file left


def test_a_changed_source_or_option_writes_every_shard_again(make_tree, tmp_path: Path) -> None:
    from helpers.sources import image_bytes

    source = make_tree({f"{label}/{i}.jpg": image_bytes(seed=i) for label in ("a", "b") for i in range(12)})
    out = tmp_path / "out"
    # In this process, as small sources run (test_a_killed_run_... resumes with a worker process).
    args = ("--shards", "6", "--max-rejects", "0")
    (source / "a" / "bad.jpg").write_bytes(b"not an image")  # too many rejects: no manifest, results kept
    assert run_shardify("convert", str(source), str(out), *args, "-q").returncode == 1
    assert len(_results(out)) == 6
    (source / "b" / "new.jpg").write_bytes(image_bytes(seed=99))  # the source changed
    result = run_shardify("convert", str(source), str(out), *args[:-2], "--max-rejects", "1", "-q")
    assert result.returncode == 0, result.stderr
    assert "resumed" not in result.stdout
    assert "the source or the options changed since an interrupted run: 6 shards it had written were written again" in result.stdout
    clean = tmp_path / "clean"
    assert run_shardify("convert", str(source), str(clean), *args[:-2], "--max-rejects", "1", "-q").returncode == 0
    assert _files(out) == _files(clean)


def test_a_damaged_or_crafted_result_file_means_the_shard_is_written_again(make_tree, tmp_path: Path) -> None:
    from helpers.sources import image_bytes

    source = make_tree({f"a/{i}.jpg": image_bytes(seed=i) for i in range(8)} | {"a/bad.jpg": b"x"})
    out = tmp_path / "out"
    args = ("--shards", "2", "--max-rejects", "0", "-q")
    assert run_shardify("convert", str(source), str(out), *args).returncode == 1
    first, second = (out / name for name in _results(out))
    first.write_text("{not json")
    document = json.loads(second.read_text())
    document["result"]["num_records"] = -5  # crafted: a count that cannot be
    second.write_text(json.dumps(document))
    result = run_shardify("convert", str(source), str(out), "--shards", "2", "--max-rejects", "1", "-q")
    assert result.returncode == 0 and "resumed" not in result.stdout, result.stdout + result.stderr
    assert load_manifest(str(out)).inputs["written"] == 8


def test_ctrl_c_after_the_manifest_says_the_output_is_complete(sample_images: Path, tmp_path: Path) -> None:
    """Beam stops its workers for a second or more after the manifest is written: Ctrl-C then
    must not say "no manifest written" (it did) nor ask for the run again."""
    from shardify.cli.convert_run import _interrupted

    out = tmp_path / "out"
    assert run_shardify("convert", str(sample_images), str(out), "-q").returncode == 0
    said = _interrupted(str(out))
    assert said.startswith("the output was complete before that") and "version 1" in said and "again" not in said.split(";")[0]
    assert _interrupted(str(out), previous=1).startswith("no manifest written; ")  # an append's: version 1 was there before


def test_shard_size_picks_the_number_of_shards_from_the_planned_bytes(sample_images: Path, tmp_path: Path) -> None:
    total = sum(p.stat().st_size for p in sample_images.rglob("*") if p.is_file())
    out = tmp_path / "out"
    result = run_shardify("convert", str(sample_images), str(out), "--shard-size", "100KB")
    assert result.returncode == 0, result.stderr
    assert "shards of about 100KB of input each (--shard-size)" in result.stderr
    shards = load_manifest(str(out)).splits["train"].shards
    assert len(shards) == -(-total // 100_000)  # ceil
    counts = [s.num_records for s in shards]
    assert max(counts) - min(counts) <= 1
    assert run_shardify("convert", str(sample_images), str(tmp_path / "o2"), "--shards", "4", "--shard-size", "1MB").returncode == 2
    assert "--shard-size" in run_shardify("convert", str(sample_images), str(tmp_path / "o3"), "--shard-size", "lots").stderr


def test_raising_max_rejects_after_a_refused_run_keeps_its_shards(make_tree, tmp_path: Path) -> None:
    """--max-rejects judges the run, not a shard's bytes: the shards of a run refused for too many
    rejects are the ones a run allowing them writes."""
    from helpers.sources import image_bytes

    source = make_tree({f"a/{i}.jpg": image_bytes(seed=i) for i in range(8)} | {"a/bad.jpg": b"x"})
    out, clean = tmp_path / "out", tmp_path / "clean"
    args = ("--shards", "2", "-q")  # in this process, as small sources run
    assert run_shardify("convert", str(source), str(out), *args, "--max-rejects", "0").returncode == 1
    result = run_shardify("convert", str(source), str(out), *args, "--max-rejects", "1")
    assert result.returncode == 0, result.stderr
    assert "resumed: kept 2 of 2" in result.stdout, result.stdout
    assert run_shardify("convert", str(source), str(clean), *args, "--max-rejects", "1").returncode == 0
    assert _files(out) == _files(clean)


def test_ctrl_c_says_what_is_kept_in_one_line_and_the_same_command_finishes(make_tree, tmp_path: Path) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it: Beam's runner threads
    fail one by one as its workers die; their tracebacks go to the worker log, not the terminal.

    The moment sought (shards written, no manifest yet) lasts well under a second: the run is
    frozen (SIGSTOP) when its first shard's result appears, and tried again in a new OUT where the
    manifest was written already (a loaded machine can wake this test too late; that case has its
    own test below)."""
    from helpers.sources import image_bytes

    source = make_tree({f"{label}/{i}.png": image_bytes(fmt="PNG", size=(400, 400), seed=i) for label in "ab" for i in range(18)})
    for attempt in range(3):
        out = tmp_path / f"out{attempt}"
        command = shardify_command("convert", str(source), str(out), "--shards", "12", "--workers", "2")
        # SIGINT at its default in the run, as a terminal's child has it: a test process that
        # ignores it (an earlier test in the same pytest worker left it so) would pass that on, and
        # the run would ignore Ctrl-C (every try finished with exit 0 in the fresh-clone CI run).
        run = subprocess.Popen(
            command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509 - one small call
        )
        try:
            deadline = time.monotonic() + 120
            while not (out.exists() and _results(out)):
                assert run.poll() is None and time.monotonic() < deadline, "the run ended before the moment came"
                time.sleep(0.002)
            os.killpg(run.pid, signal.SIGSTOP)
            missed = (out / naming.MANIFEST_FILENAME).exists()
            os.killpg(run.pid, signal.SIGINT)
            os.killpg(run.pid, signal.SIGCONT)
            _, stderr = run.communicate(timeout=120)
        finally:
            if run.poll() is None:
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
        # A run that still finished (exit 0, its manifest whole) took the signal too late to matter.
        finished = run.returncode == 0 and verify_output(load_manifest(str(out))) == 36
        if not (missed or finished):
            break
    else:
        pytest.fail("three runs wrote their manifest before Ctrl-C could stop them")
    assert run.returncode == 130
    assert "Traceback" not in stderr and "Logging error" not in stderr, stderr
    assert stderr.strip().splitlines()[-1].startswith("interrupted: no manifest written; "), stderr
    assert stderr.strip().endswith("run the same command again to finish")
    result = run_shardify(*command[1:], "-q")
    assert result.returncode == 0, result.stderr
    assert load_manifest(str(out)).inputs["written"] == 36
