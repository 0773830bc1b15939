"""Hostile input, fifteenth round: the command given paths that are no folder or file of data (a
named pipe, a socket, /dev/zero, /dev/null), label and list files of those kinds inside SRC or
named by an option, OUT inside SRC or equal to it, and `--append` over an OUT whose files were
replaced. Each run ends in one line naming the path (exit 2), or writes every input once; never a
traceback, and never a hang (pipes are released by `helpers.pipes.unblocked` after a few seconds,
and the test fails on the time taken).
"""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.pipes import HANG_SECONDS, unblocked
from helpers.sources import image_bytes, write_file


def _cats(root: Path) -> set[str]:
    for label in ("cat", "dog"):
        for i in range(3):
            write_file(root / label / f"{i}.jpg", image_bytes(seed=i + 3 * len(label)))
    return {f"{label}/{i}.jpg" for label in ("cat", "dog") for i in range(3)}


def _special(path: Path, kind: str) -> Path:
    """A named pipe, a socket, or a link to a device at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "socket":
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(path))
        listener.close()
    else:
        os.symlink(f"/dev/{kind}", path)
    return path


@pytest.mark.parametrize("kind", ["pipe", "socket", "zero", "null"])
def test_src_that_is_no_folder_or_file_of_data_stops_in_one_line(tmp_path: Path, kind: str) -> None:
    src = _special(tmp_path / "src.csv", kind)
    with unblocked(src) as elapsed:
        result = run(src, tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on SRC"
    refused(result, "src.csv")
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("kind", ["pipe", "socket", "null"])
def test_out_that_is_no_folder_stops_in_one_line(tmp_path: Path, kind: str) -> None:
    _cats(tmp_path / "src")
    out = _special(tmp_path / "out", kind)
    with unblocked(out) as elapsed:
        result = run(tmp_path / "src", out)
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on OUT"
    refused(result, "out")


@pytest.mark.parametrize("option", ["--labels", "--label-names", "--layout-file"])
@pytest.mark.parametrize("kind", ["pipe", "zero"])
def test_an_option_naming_a_pipe_or_dev_zero_stops_in_one_line_unread(tmp_path: Path, option: str, kind: str) -> None:
    _cats(tmp_path / "src")
    given = _special(tmp_path / "given.csv", kind)
    with unblocked(given) as elapsed:
        result = run(tmp_path / "src", tmp_path / "out", option, str(given))
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on {option}"
    refused(result, "given.csv")


@pytest.mark.parametrize("name", ["labels.csv", "train.txt", "classes.txt", "annotations.json", "metadata.jsonl"])
@pytest.mark.parametrize("kind", ["pipe", "socket"])
def test_a_label_or_list_file_in_src_that_is_a_pipe_is_no_hang(tmp_path: Path, name: str, kind: str) -> None:
    made = {f"images/{i}.jpg" for i in range(4)}
    for i in range(4):
        write_file(tmp_path / "src" / "images" / f"{i}.jpg", image_bytes(seed=i))
    special = _special(tmp_path / "src" / name, kind)
    with unblocked(special) as elapsed:
        result = run(tmp_path / "src", tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on {name}"
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert made <= set(written) | set(rejected), (written, rejected)


def test_out_inside_src_on_the_first_run_reads_no_output_as_input(tmp_path: Path) -> None:
    made = _cats(tmp_path / "src")
    result = run(tmp_path / "src", tmp_path / "src" / "dog" / "shards")
    if result.returncode:
        refused(result, "shards")
        return
    written, rejected = finished(result, tmp_path / "src" / "dog" / "shards")
    assert set(written) == made, sorted(set(written) ^ made)


def test_out_equal_to_src_stops_in_one_line(tmp_path: Path) -> None:
    _cats(tmp_path / "src")
    before = sorted(p.relative_to(tmp_path / "src") for p in (tmp_path / "src").rglob("*"))
    result = run(tmp_path / "src", tmp_path / "src", "--overwrite")
    refused(result)
    assert sorted(p.relative_to(tmp_path / "src") for p in (tmp_path / "src").rglob("*")) == before


def test_src_inside_out_given_with_overwrite_is_not_deleted(tmp_path: Path) -> None:
    made = _cats(tmp_path / "out" / "src")
    result = run(tmp_path / "out" / "src", tmp_path / "out", "--overwrite")
    assert all((tmp_path / "out" / "src" / p).exists() for p in made), "--overwrite removed SRC"
    if result.returncode:
        refused(result)


@pytest.mark.parametrize("change", ["a shard emptied", "a shard replaced by another run's", "a shard removed",
                                    "the manifest emptied", "the manifest a folder"])
def test_an_append_over_an_out_whose_files_were_replaced_stops_or_keeps_each_input_once(tmp_path: Path, change: str) -> None:
    made = _cats(tmp_path / "src")
    out = tmp_path / "out"
    finished(run(tmp_path / "src", out, "--shards", "2"), out)
    write_file(tmp_path / "src" / "cat" / "new.jpg", image_bytes(seed=50))
    shard = sorted(out.glob("*.tfrecord"))[0]
    if change == "a shard emptied":
        shard.write_bytes(b"")
    elif change == "a shard replaced by another run's":
        other = tmp_path / "other"
        _cats(tmp_path / "other_src")
        write_file(tmp_path / "other_src" / "cat" / "9.jpg", image_bytes(seed=40))
        finished(run(tmp_path / "other_src", other, "--shards", "2"), other)
        shutil.copy(sorted(other.glob("*.tfrecord"))[0], shard)
    elif change == "a shard removed":
        shard.unlink()
    elif change == "the manifest emptied":
        (out / "manifest.json").write_bytes(b"")
    else:
        (out / "manifest.json").unlink()
        (out / "manifest.json").mkdir()
    result = run(tmp_path / "src", out, "--append")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, out)
    assert set(written) == made | {"cat/new.jpg"}, sorted(set(written) ^ (made | {"cat/new.jpg"}))
