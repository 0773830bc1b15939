"""Hostile input, thirteenth round: the file system around the inputs.

Names holding a newline, a carriage return, a tab, bytes that are not UTF-8, 255-byte names, paths
past 1,000 characters; links that loop, links out of SRC, a link to SRC's own parent; a file that
grows, shrinks or turns into a folder between the listing and the write; SRC that is shardify's
own OUT, or holds it. Every file ends in one record or one reject (a report line that names it), or
the run stops in one line; never a traceback, a hang, or a record whose bytes are not its file's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.one_place import records, rejects
from helpers.shard_io import read_report
from helpers.sources import image_bytes, write_file


def _convert(src: Path, out: Path, *options: str):  # noqa: ANN202
    return run_shardify("convert", str(src), str(out), "-q", "--max-rejects", "100%", *options)


def _cats(root: Path) -> set[str]:
    for label in ("cat", "dog"):
        for i in range(3):
            write_file(root / label / f"{i}.jpg", image_bytes(seed=i + 3 * len(label)))
    return {f"{label}/{i}.jpg" for label in ("cat", "dog") for i in range(3)}


def _everywhere(out: Path) -> set[str]:
    """Every path in a record, the rejects report or the junk report (as it names it)."""
    written, rejected = set(records(out)), set(rejects(out))
    assert not written & rejected, written & rejected
    skipped = {line.get("path", "") for line in read_report(out, "skipped.jsonl")} if (out / "skipped.jsonl").exists() else set()
    return written | rejected | skipped


@pytest.mark.parametrize(
    "name",
    [b"new\nline.jpg", b"carriage\rreturn.jpg", b"tab\there.jpg", b"latin\xe9.jpg", b"x" * 251 + b".jpg",
     b" leading space.jpg", b"trailing space.jpg ", b"-dash.jpg", b"\xef\xbb\xbfbom.jpg", b"back\\slash.jpg"],
    ids=["newline", "carriage return", "tab", "Latin-1 byte", "255 bytes", "leading space", "trailing space", "dash",
         "BOM", "backslash"],
)
def test_an_image_of_an_odd_name_is_one_record_or_one_reject(tmp_path: Path, name: bytes) -> None:
    made = _cats(tmp_path / "src")
    path = os.path.join(os.fsencode(tmp_path / "src" / "cat"), name)
    with open(path, "wb") as f:
        f.write(image_bytes(seed=99))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]
    found = _everywhere(tmp_path / "out")
    assert made <= found and len(found - made) == 1, sorted(found - made)


def test_a_path_past_a_thousand_characters_is_one_record_or_one_reject(tmp_path: Path) -> None:
    made = _cats(tmp_path / "src")
    deep = tmp_path / "src" / "cat"
    for i in range(6):
        deep = deep / ("d" * 200 + str(i))
    write_file(deep / "far.jpg", image_bytes(seed=77))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr and result.returncode in (0, 2), result.stderr[-2000:]
    if result.returncode == 0:
        found = _everywhere(tmp_path / "out")
        assert made <= found and len(found - made) == 1, sorted(found - made)


@pytest.mark.parametrize("kind", ["loop to itself", "loop between two", "to SRC's parent", "out of SRC", "dangling"])
def test_a_link_that_loops_or_leaves_src_is_no_record_of_outside_bytes(tmp_path: Path, kind: str) -> None:
    made = _cats(tmp_path / "src")
    write_file(tmp_path / "outside" / "secret.jpg", image_bytes(seed=55))
    cat = tmp_path / "src" / "cat"
    if kind == "loop to itself":
        os.symlink("self.jpg", cat / "self.jpg")
    elif kind == "loop between two":
        os.symlink("b.jpg", cat / "a.jpg")
        os.symlink("a.jpg", cat / "b.jpg")
    elif kind == "to SRC's parent":
        os.symlink("../..", cat / "up")
    elif kind == "out of SRC":
        os.symlink(tmp_path / "outside" / "secret.jpg", cat / "secret.jpg")
    else:
        os.symlink(tmp_path / "gone.jpg", cat / "gone.jpg")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert set(written) == made, sorted(set(written) ^ made)


def test_a_folder_link_looping_back_into_src_lists_each_file_once(tmp_path: Path) -> None:
    made = _cats(tmp_path / "src")
    os.symlink("..", tmp_path / "src" / "dog" / "again")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr and result.returncode == 0, result.stderr[-2000:]
    assert set(records(tmp_path / "out")) == made


@pytest.mark.parametrize("change", ["grows", "shrinks to nothing", "becomes a folder", "is removed", "becomes a pipe"])
def test_a_file_changed_between_the_listing_and_the_write_is_never_a_record_of_other_bytes(tmp_path: Path, change: str) -> None:
    """The change is made once the plan has listed SRC, before the shards are written (a process of
    its own, stopped at plan.json)."""
    from helpers.mid_run import stopped_at_plan

    made = _cats(tmp_path / "src")
    victim = tmp_path / "src" / "cat" / "1.jpg"

    def mutate() -> None:
        if change == "grows":
            victim.write_bytes(image_bytes(seed=1, size=(64, 64)))
            return
        victim.unlink()
        if change == "shrinks to nothing":
            victim.write_bytes(b"")
        elif change == "becomes a folder":
            victim.mkdir()
        elif change == "becomes a pipe":
            os.mkfifo(victim)

    result = stopped_at_plan(tmp_path / "src", tmp_path / "out", mutate)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr[-2000:]
    written, rejected = records(tmp_path / "out"), rejects(tmp_path / "out")
    assert set(written) | set(rejected) == made and not set(written) & set(rejected)
    assert change == "grows" or "cat/1.jpg" in rejected, written.get("cat/1.jpg")


def test_src_that_is_our_own_output_is_refused_in_one_line(tmp_path: Path) -> None:
    _cats(tmp_path / "src")
    assert _convert(tmp_path / "src", tmp_path / "out").returncode == 0
    result = _convert(tmp_path / "out", tmp_path / "out2")
    assert "Traceback" not in result.stderr and result.returncode != 0
    assert "shardify output" in message(result.stderr)


def test_an_output_written_inside_src_is_not_read_as_inputs_on_a_second_run(tmp_path: Path) -> None:
    made = _cats(tmp_path / "src")
    assert _convert(tmp_path / "src", tmp_path / "src" / "converted").returncode == 0
    result = _convert(tmp_path / "src", tmp_path / "out2")
    assert "Traceback" not in result.stderr
    if result.returncode == 0:
        assert set(records(tmp_path / "out2")) == made
    else:
        assert "converted" in message(result.stderr)
