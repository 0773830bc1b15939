"""Hostile input, tenth round: the hostile twins no earlier round held. Our own `plan.json`
replaced while the run reads it back (nested past the parser, not JSON, not UTF-8, of the wrong
types, 200 MB long, a pipe), by each of its three readers (the launcher's check of the finished run, the
summary's byte count, the progress watcher); an inputs file whose line repeats a key or whose
lines name one input twice, so that an append would skip one input and write another twice; SRC
changed between a conversion and its append (a file of the same name and size but other bytes, a
file turned into a folder or a link leading outside); options at their edges (--shards 10^9 or
past the inputs, --shard-size of one byte, --seed 2^70, --max-rejects past 100% or of no number,
--label-level 10^6, split fractions over 1 or of NaN); SRC and OUT paths that open with a dash,
hold a line break or are longer than a name may be.

Each test builds tiny real sources and runs the real command in this process (run_shardify),
or the reader alone where the hostile file appears only while a run lasts. Every input ends in
exactly one record or one reject, or the run stops with one clear line: never a traceback, a
hang, or a wrong output with exit 0.
"""

from __future__ import annotations

import json
import os
import shutil
import tracemalloc
from pathlib import Path

import pytest

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.one_place import records, rejects
from helpers.shard_io import forge_first_record
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import CorruptShardError
from shardify.format import contract, example_proto, naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output

_DEEP = "[" * 100_000 + "]" * 100_000
_200_MB = 200 << 20


def _texts(root: Path, labels: tuple[str, ...] = ("neg", "pos"), count: int = 3) -> Path:
    for label in labels:
        (root / label).mkdir(parents=True, exist_ok=True)
        for i in range(count):
            (root / label / f"{i}.txt").write_text(f"{label} review number {i}\n")
    return root


def _inputs(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def _accounted(out: Path, inputs: set[str]) -> dict:
    """Records by path, after checking every input of `inputs` is in exactly one record or reject."""
    written, rejected = records(out), rejects(out)
    assert not set(written) & set(rejected), set(written) & set(rejected)
    assert set(written) | set(rejected) == inputs, (sorted(inputs - set(written) - set(rejected)),)
    return written


# --- plan.json: written by the run, read back by it; replaced in between, it is untrusted input ---


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as f:
        f.truncate(size)


_PLANS = {
    "nested past the parser": lambda p: p.write_text(_DEEP),
    "not JSON": lambda p: p.write_text("this is not the plan"),
    "not UTF-8": lambda p: p.write_bytes(b'{"layout": "\xff\xfe"}'),
    "a list": lambda p: p.write_text("[1, 2, 3]"),
    "counts of strings": lambda p: p.write_text(json.dumps({**json.loads(p.read_text()), "num_rejected": "many"})),
    "200 MB of nothing": lambda p: _sparse(p, _200_MB),
    "a pipe": lambda p: (p.unlink(), os.mkfifo(p)),  # opened blocking, the run would wait for a writer forever
}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small conversion's OUT, whose plan.json the tests below replace in a copy."""
    root = tmp_path_factory.mktemp("plan")
    return convert(_texts(root / "src"), root / "out")


@pytest.mark.parametrize("forge", list(_PLANS.values()), ids=list(_PLANS))
def test_a_plan_replaced_during_the_run_stops_it_in_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forge  # noqa: ANN001
) -> None:
    from shardify.beam_jobs import launch

    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    ran = launch._run

    def run_then_forge(pipeline):  # noqa: ANN001, ANN202 - the pipeline wrote plan.json; now it is replaced
        result = ran(pipeline)
        forge(out / naming.PLAN_FILENAME)
        return result

    monkeypatch.setattr(launch, "_run", run_then_forge)
    result = run_shardify("convert", str(source), str(out), "-q")  # the memory it takes: the test below
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    assert naming.PLAN_FILENAME in one_line_error(result)


@pytest.mark.parametrize("forge", list(_PLANS.values()), ids=list(_PLANS))
def test_an_append_whose_plan_is_replaced_stops_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forge  # noqa: ANN001
) -> None:
    from shardify.beam_jobs import launch

    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    _texts(source, labels=("mixed",))
    ran = launch._run

    def run_then_forge(pipeline):  # noqa: ANN001, ANN202
        result = ran(pipeline)
        forge(out / naming.PLAN_FILENAME)
        return result

    monkeypatch.setattr(launch, "_run", run_then_forge)
    result = run_shardify("convert", str(source), str(out), "--append", "-q")
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    assert naming.PLAN_FILENAME in one_line_error(result)


@pytest.mark.parametrize("forge", list(_PLANS.values()), ids=list(_PLANS))
def test_the_summary_and_the_progress_watcher_read_a_hostile_plan_as_none(
    tmp_path: Path, finished: Path, forge  # noqa: ANN001
) -> None:
    from shardify.cli.convert_run import _bytes_read
    from shardify.cli.local_run import PlanWatcher

    out = tmp_path / "out"
    out.mkdir()
    (out / naming.PLAN_FILENAME).write_bytes((finished / naming.PLAN_FILENAME).read_bytes())
    assert _bytes_read(str(out)) is not None  # the plan as written is read
    forge(out / naming.PLAN_FILENAME)
    watcher = PlanWatcher(str(out), open(os.devnull, "w"), show_plan=True, show_progress=False)
    watcher._old_plan = None  # as if this run wrote it
    tracemalloc.start()
    try:
        assert _bytes_read(str(out)) is None
        assert watcher._read_plan() is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 << 20, f"{peak >> 20} MiB held reading a plan.json of 200 MB"


# --- inputs files: a line repeating a key, one input named twice: an append must skip nothing ----


def _inputs_lines(out: Path) -> list[str]:
    return (out / naming.inputs_filename(1)).read_text().splitlines()


def _append(source: Path, out: Path, *options: str) -> object:
    return run_shardify("convert", str(source), str(out), "--append", "-q", *options)


def test_an_inputs_line_repeating_its_path_is_refused_never_read_as_its_last_value(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    lines = _inputs_lines(out)
    # The first line names neg/0.txt, then again, as its last key, neg/1.txt (which the next line holds).
    first, second = json.loads(lines[0]), json.loads(lines[1])
    lines[0] = lines[0][:-1] + f', "path": {json.dumps(second["path"])}}}'
    assert first["path"] != second["path"]
    (out / naming.inputs_filename(1)).write_text("\n".join(lines) + "\n")
    _texts(source, labels=("mixed",))
    result = _append(source, out)
    assert result.returncode == 1, result.stderr
    assert "line 1 names 'path' twice" in one_line_error(result)
    assert load_manifest(str(out)).version == 1


def test_an_inputs_file_naming_one_input_twice_is_refused_never_appending_the_other_again(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    lines = _inputs_lines(out)
    lines[0] = lines[1]  # the count still matches the shards; neg/0.txt is no longer named
    (out / naming.inputs_filename(1)).write_text("\n".join(lines) + "\n")
    _texts(source, labels=("mixed",))
    result = _append(source, out)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "twice" in one_line_error(result)
    assert load_manifest(str(out)).version == 1


# --- SRC changed between a conversion and its append ---------------------------------------------


def test_a_file_replaced_by_one_of_the_same_name_and_size_is_a_reject_not_held(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    changed = source / "neg" / "0.txt"
    text = changed.read_text()
    changed.write_text(text.replace("neg", "NEG"))  # same size, other bytes, a newer mtime
    _texts(source, labels=("mixed",))
    result = _append(source, out, "--max-rejects", "100%")
    assert result.returncode == 0, result.stderr
    assert "changed since version 1" in rejects(out)["neg/0.txt"]
    assert load_manifest(str(out)).version == 2


def test_a_held_file_turned_into_a_folder_or_a_link_outside_ends_each_input_in_one_place(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    secret = tmp_path / "secret.txt"
    secret.write_text("outside SRC\n")
    (source / "neg" / "0.txt").unlink()
    (source / "neg" / "0.txt").mkdir()
    (source / "neg" / "0.txt" / "inner.txt").write_text("neg review inside a folder\n")
    (source / "pos" / "0.txt").unlink()
    (source / "pos" / "0.txt").symlink_to(secret)
    result = _append(source, out, "--max-rejects", "100%")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    written, rejected = records(out), rejects(out)
    assert b"outside SRC" not in b"".join(p.read_bytes() for p in out.glob("*.tfrecord"))
    assert "pos/0.txt" in rejected and "neg/0.txt/inner.txt" in set(written) | set(rejected)


# --- options at their edges ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "option, value",
    [
        ("--max-rejects", "101%"),
        ("--max-rejects", "-1"),
        ("--max-rejects", "nan"),
        ("--max-rejects", "inf"),
        ("--max-rejects", "1e3"),
        ("--split", "train=0.8,test=0.5"),
        ("--split", "train=nan,test=0.5"),
        ("--split", "train=inf"),
        ("--split", "train=-0.5,test=1.5"),
        ("--shards", "0"),
        ("--shards", "train=-1"),
        ("--shard-size", "0B"),
        ("--shard-size", "nanMB"),
        ("--label-level", "-1"),
    ],
)
def test_options_past_their_edges_exit_2_in_one_line_before_any_work(tmp_path: Path, option: str, value: str) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), option, value)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr and option in message(result.stderr), result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "option, value", [("--shards", "1000000000"), ("--shards", "50"), ("--shard-size", "1B"), ("--seed", str(2**70))]
)
def test_options_at_their_edges_keep_every_input_in_bounded_time(tmp_path: Path, option: str, value: str) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), option, value, "-q")
    assert result.returncode in (0, 2), result.stderr
    if result.returncode == 2:  # refused: in one line naming the option
        assert "Traceback" not in result.stderr and option in message(result.stderr), result.stderr
        return
    _accounted(out, _inputs(source))
    assert len(list(out.glob("*.tfrecord"))) <= 6  # never an empty shard per shard asked for


def test_a_label_level_of_a_million_is_one_line_naming_it(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "--label-level", "1000000")
    assert result.returncode in (1, 2), (result.returncode, result.stdout)
    assert "--label-level" in message(result.stderr) and "Traceback" not in result.stderr, result.stderr


# --- paths: a leading dash, a line break, a name longer than any file system allows -----------------


def test_src_and_out_named_with_a_leading_dash_or_a_line_break_convert_every_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    source = _texts(tmp_path / "-src\nwith a break")
    # `--` hands what follows to Beam (docs/runners.md): a name opening with a dash is written ./-name.
    result = run_shardify("convert", "-src\nwith a break", "-out\nx", "-q")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    result = run_shardify("convert", "./-src\nwith a break", "./-out\nx", "-q")
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "-out\nx", _inputs(source))


def test_an_out_whose_name_is_too_long_is_one_line(tmp_path: Path) -> None:
    source = _texts(tmp_path / "src")
    for out in (tmp_path / ("o" * 300), Path("/" + "/".join(["d" * 250] * 20))):
        result = run_shardify("convert", str(source), str(out), "-q")
        assert result.returncode in (1, 2), result.stdout
        assert "too long" in one_line_error(result).lower()


def test_an_input_past_path_max_is_its_reject_and_the_rest_convert(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = _texts(tmp_path / "src")
    # Made one level at a time from inside (an absolute path past PATH_MAX cannot be opened at all).
    fd = os.open(source / "neg", os.O_RDONLY)
    try:
        for _ in range(20):
            os.mkdir("d" * 240, dir_fd=fd)
            inner = os.open("d" * 240, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("deep.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as f:
            f.write("a review too deep to open by its path\n")
    finally:
        os.close(fd)
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "-q", "--max-rejects", "1")
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    written, rejected = records(out), rejects(out)
    assert len(written) == 6 and len(rejected) == 1, (sorted(written), rejected)
    (deep,) = rejected  # the folder no path can name, so the file inside it, is the reject
    assert ("neg/" + "/".join(["d" * 240] * 20) + "/deep.txt").startswith(deep + "/"), deep
    assert "too long" in rejected[deep]


# --- records whose checksums match but whose values lie -------------------------------------------


@pytest.fixture(scope="module")
def detection(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A YOLO export of two images, converted: records with a height, a width and boxes."""
    root = tmp_path_factory.mktemp("yolo")
    export = root / "src" / "coco8"
    for seed, split in enumerate(("train", "val")):
        write_file(export / "images" / split / f"{split}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(export / "labels" / split / f"{split}.txt", "1 0.5 0.5 0.2 0.2\n0 0.25 0.25 0.1 0.1\n")
    write_file(export / "data.yaml", "path: ../datasets/coco8\ntrain: images/train\nval: images/val\nnames: [person, car]\n")
    return convert(root / "src", root / "out")


def _set(key: str, kind: str, values: list) -> object:
    return lambda features: features.__setitem__(key, (kind, values))


@pytest.mark.parametrize(
    "change, expected",
    [
        (_set(contract.IMAGE_HEIGHT, example_proto.INT64, [-5]), "image/height is -5"),
        (_set(contract.IMAGE_WIDTH, example_proto.INT64, [0]), "image/width is 0"),
        (_set(contract.OBJECT_XMIN, example_proto.FLOAT, [float("nan"), 0.2]), "image/object/bbox/xmin"),
        (_set(contract.OBJECT_YMAX, example_proto.FLOAT, [5.0, 0.3]), "image/object/bbox/ymax"),
        (_set(contract.OBJECT_XMAX, example_proto.FLOAT, [0.0, 0.3]), "image/object/bbox/xmax"),
        (_set(contract.OBJECT_XMIN, example_proto.FLOAT, [0.4]), "image/object/bbox/xmin"),
    ],
    ids=["height -5", "width 0", "a NaN xmin", "ymax 5", "xmax below xmin", "one xmin for two boxes"],
)
def test_a_record_whose_checksums_match_but_whose_values_lie_fails_verify_naming_it(
    detection: Path, tmp_path: Path, change, expected: str  # noqa: ANN001
) -> None:
    out = tmp_path / "out"
    shutil.copytree(detection, out)
    assert verify_output(load_manifest(str(out))) == 2
    shard = forge_first_record(out, "train", change)
    with pytest.raises(CorruptShardError) as error:
        verify_output(load_manifest(str(out)))
    assert str(error.value).startswith(f"{shard}, record 0: ") and expected in str(error.value), str(error.value)
    result = run_shardify("verify", str(out))
    assert result.returncode == 1 and expected in one_line_error(result)
