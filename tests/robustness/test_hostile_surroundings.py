"""Hostile surroundings: OUT and SRC that overlap, two runs into one folder, a lock left by a killed
run, and option values that are wrong or misspelled. Each ends written, or refused with one line and
exit code 1 or 2, before any work where the options are at fault."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from helpers.cli_runs import message, one_line_error, run_shardify, shardify_command
from helpers.shard_io import read_shard
from helpers.sources import image_bytes
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

NUM_IMAGES = 8


@pytest.fixture
def source(tmp_path: Path) -> Path:
    root = tmp_path / "src"
    for i in range(NUM_IMAGES):
        path = root / ("cat" if i % 2 else "dog") / f"{i}.jpg"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image_bytes(seed=i))
    return root


def _filenames(out: Path) -> list[str]:
    manifest = load_manifest(str(out))
    return sorted(
        record[contract.IMAGE_FILENAME].decode()
        for split in manifest.splits.values()
        for shard in split.shards
        for record in read_shard(out / shard.path)
    )


def _inputs(source: Path) -> list[str]:
    return sorted(p.relative_to(source).as_posix() for p in source.rglob("*.jpg"))


def test_out_inside_src_is_left_out_of_the_input_run_after_run(source: Path) -> None:
    out = source / "converted"
    inputs = _inputs(source)
    for _ in range(2):  # the second run finds the first one's shards inside SRC
        result = run_shardify("convert", str(source), str(out), "--shards", "2", "-q")
        assert result.returncode == 0, result.stderr
        assert _filenames(out) == inputs
        assert load_manifest(str(out)).inputs == {"seen": NUM_IMAGES, "written": NUM_IMAGES, "rejected": 0, "skipped": 0}
        assert load_manifest(str(out)).labels == ("cat", "dog")  # "converted" is no class folder


@pytest.mark.parametrize("refused", [False, True], ids=["written", "refused"])
def test_an_earlier_output_inside_src_is_one_reject_never_read(source: Path, tmp_path: Path, refused: bool) -> None:
    """An earlier run's OUT left inside SRC, converted into another OUT: its files (plan.json and
    probes-<hex>.npz, which a refused run also leaves, shards, manifests) were read as inputs: a
    NumPy probes file made the whole source an array dataset ("holds no input files", exit 1)."""
    inputs = _inputs(source)
    earlier = source / "earlier"
    if refused:  # a run refused before writing still leaves its plan and the probes it made
        (source / "images" / "x").mkdir(parents=True)  # a container beside the classes: it stops
        (source / "images" / "x" / "a.jpg").write_bytes(image_bytes(seed=99))
        first = run_shardify("convert", str(source), str(earlier), "-q")
        assert first.returncode == 2, first.stderr
        (source / "images" / "x" / "a.jpg").unlink()
        (source / "images" / "x").rmdir()
        (source / "images").rmdir()
    else:
        assert run_shardify("convert", str(source), str(earlier), "-q").returncode == 0
    assert any(naming.is_probes_file(p.name) for p in earlier.iterdir())
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "1", "-q")
    assert result.returncode == 0, result.stderr
    assert _filenames(out) == inputs
    assert load_manifest(str(out)).labels == ("cat", "dog")
    rejects = (out / naming.REJECTS_FILENAME).read_text().splitlines()
    assert len(rejects) == 1 and '"earlier"' in rejects[0] and "earlier shardify output" in rejects[0]


def test_overlapping_src_and_out_are_refused_before_any_work(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "labels.csv").write_text("path,label\ncat/1.jpg,cat\n")
    cases = [
        ([str(source), str(source)], f"OUT {source} is SRC"),
        ([str(source / "cat"), str(source)], f"SRC {source / 'cat'} lies inside OUT {source}"),
        ([str(source), str(out), "--labels", str(out / "labels.csv")], "lies inside OUT"),
    ]
    for args, says in cases:
        result = run_shardify("convert", *args, "-q")
        assert result.returncode == 2, (args, result.stderr)
        assert says in one_line_error(result)
    assert sorted(p.relative_to(source).as_posix() for p in source.rglob("*")) == sorted(["cat", "dog", *_inputs(source)])
    assert [p.name for p in out.iterdir()] == ["labels.csv"]


def test_converting_an_output_folder_is_refused(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_shardify("convert", str(source), str(out), "-q").returncode == 0
    result = run_shardify("convert", str(out), str(tmp_path / "again"), "-q")
    assert result.returncode == 2
    assert f"{out} is a shardify output" in one_line_error(result)
    assert not (tmp_path / "again").exists()


def _wait_for(path: Path, run: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert run.poll() is None and time.monotonic() < deadline, "the run ended before the moment came"
        time.sleep(0.002)


def test_a_second_run_into_the_same_folder_refuses_at_once_naming_the_first(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = shardify_command("convert", str(source), str(out), "--shards", "2", "-q")
    first = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(out / naming.LOCK_FILENAME, first)
        os.killpg(first.pid, signal.SIGSTOP)  # holds the lock for as long as the second run takes
        second = run_shardify("convert", str(source), str(out), "--shards", "4", "-q")
        os.killpg(first.pid, signal.SIGCONT)
        first_out, first_err = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
    assert second.returncode == 1
    assert f"another conversion is writing into {out} (process {first.pid} on " in one_line_error(second)
    assert first.returncode == 0, first_err
    assert _filenames(out) == _inputs(source)
    assert len(load_manifest(str(out)).splits["train"].shards) == 2  # the first run's result, whole
    assert not (out / naming.LOCK_FILENAME).exists()


def test_runs_started_together_never_both_claim_the_folder(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    runs = [
        subprocess.Popen(
            shardify_command("convert", str(source), str(out), "--shards", str(shards), "-q"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for shards in (2, 3)
    ]
    results = [(run, *run.communicate(timeout=180)) for run in runs]
    codes = sorted(run.returncode for run, _, _ in results)
    assert codes in ([0, 0], [0, 1]), [err for _, _, err in results]
    for run, _, err in results:
        if run.returncode:
            assert "another conversion is writing into" in err and "Traceback" not in err, err
    finished = {int(stdout.split(" shards")[0].rsplit(" ", 1)[-1]) for run, stdout, _ in results if run.returncode == 0}
    manifest = load_manifest(str(out))
    assert len(manifest.splits["train"].shards) in finished  # one run's whole result, never a mix
    assert _filenames(out) == _inputs(source)
    assert sorted(p.name for p in out.glob("*.tfrecord")) == sorted(s.path for s in manifest.splits["train"].shards)
    assert run_shardify("verify", str(out), "-q").returncode == 0


def test_a_lock_left_by_a_killed_run_is_taken_over(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    killed = subprocess.Popen(
        shardify_command("convert", str(source), str(out), "-q"),
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_for(out / naming.PLAN_FILENAME, killed)
    os.killpg(killed.pid, signal.SIGKILL)
    killed.wait()
    assert str(killed.pid) in (out / naming.LOCK_FILENAME).read_text()  # left behind
    result = run_shardify("convert", str(source), str(out))
    assert result.returncode == 0, result.stderr
    assert f"taking over the lock on {out} left by process {killed.pid} on " in result.stderr
    assert _filenames(out) == _inputs(source) and not (out / naming.LOCK_FILENAME).exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--shard", "4"], "No such option: --shard"),
        (["--direct_num_workers=1"], "No such option: --direct_num_workers"),
        (["extra"], "unexpected extra argument"),
        (["--", "--direct_num_worker=1"], "unknown Beam option --direct_num_worker (did you mean --direct_num_workers?)"),
        (["--", "direct_num_workers=1"], "'direct_num_workers=1' after -- is not a Beam option"),
        (["--split", "train=0.5,my-test=0.5"], "split name 'my-test' must be letters, digits or '_'"),
        (["--shards", "train=2,val idation=1"], "split name 'val idation'"),
        (["--runner", "NoSuchRunner"], "runner 'NoSuchRunner' is not available"),
        (["--job-endpoint", "localhost:1"], "--job-endpoint goes with --runner portable"),
        (["--layout", "tables", "--labels", "{labels}"], "--labels goes with the label_file or coco layout"),
        (["--labels", "{missing}"], "does not exist"),
        (["--labels", "{fifo}"], "is not a regular file"),
        (["--label-names", "{fifo}"], "not a regular file"),
        (["--label-names", "{invisible}"], "invisible character U+200B"),
    ],
)
def test_bad_options_exit_2_before_any_work(args: list[str], says: str, source: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    (tmp_path / "labels.csv").write_text("path,label\ncat/1.jpg,cat\n")
    (tmp_path / "names.txt").write_text("cat\ndog\u200b\n")
    paths = {"fifo": fifo, "labels": tmp_path / "labels.csv", "missing": tmp_path / "nope.csv", "invisible": tmp_path / "names.txt"}
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), *(a.format(**paths) for a in args), timeout=60)
    assert result.returncode == 2, result.stderr
    assert says in message(result.stderr), result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()
