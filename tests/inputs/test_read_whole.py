"""The writer's whole-file read (`files.read_local_input`, `InputOpener.read_whole`): the same bytes,
time and refusals as opening the input as a file object and reading it (`open_local_input`,
`read_exactly`), with fewer system calls."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shardify.beam_jobs.open_inputs import InputOpener
from shardify.errors import InvalidInputError
from shardify.inputs.files import open_local_input, read_exactly, read_local_input


def _as_before(path: Path, size: int, root: Path) -> tuple[bytes, int]:
    with open_local_input(str(path), real_root=os.path.realpath(root)) as f:
        return read_exactly(f, size), os.fstat(f.fileno()).st_mtime_ns


@pytest.mark.parametrize("content", [b"", b"a", b"tiny text\n", bytes(range(256)) * 300])
def test_bytes_and_time_are_those_of_the_file_object_path(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "in.bin"
    path.write_bytes(content)
    os.utime(path, ns=(1_600_000_000_123_456_789, 1_600_000_000_123_456_789))
    got = read_local_input(str(path), len(content), real_root=os.path.realpath(tmp_path))
    assert got == _as_before(path, len(content), tmp_path) == (content, 1_600_000_000_123_456_789)


@pytest.mark.parametrize("listed", [9, 11, 0])
def test_a_file_that_changed_size_is_refused_as_before(tmp_path: Path, listed: int) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(b"0123456789")
    with pytest.raises(InvalidInputError) as new:
        read_local_input(str(path), listed, real_root=str(tmp_path))
    with pytest.raises(InvalidInputError) as old:
        _as_before(path, listed, tmp_path)
    assert str(new.value) == str(old.value)
    assert "changed since it was listed" in str(new.value)


def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    with pytest.raises(InvalidInputError, match="not a regular file .a named pipe"):
        read_local_input(str(pipe), 10, real_root=str(tmp_path))


def test_a_link_leading_outside_the_source_is_refused(tmp_path: Path) -> None:
    outside, source = tmp_path / "secret.txt", tmp_path / "src"
    outside.write_bytes(b"secret")
    source.mkdir()
    (source / "a.txt").symlink_to(outside)
    with pytest.raises(InvalidInputError, match="leads outside"):
        read_local_input(str(source / "a.txt"), 6, real_root=os.path.realpath(source))
    assert read_local_input(str(source / "a.txt"), 6, real_root=None)[0] == b"secret"  # --follow-outside-links


def test_the_opener_reads_local_files_and_archive_members_alike(tmp_path: Path) -> None:
    (tmp_path / "cats").mkdir()
    (tmp_path / "cats" / "a.txt").write_bytes(b"meow")
    opener = InputOpener(str(tmp_path))
    data, mtime_ns = opener.read_whole("cats/a.txt", 4)
    assert (data, mtime_ns) == (b"meow", os.stat(tmp_path / "cats" / "a.txt").st_mtime_ns)
    with pytest.raises(InvalidInputError, match="changed since it was listed"):
        opener.read_whole("cats/a.txt", 3)
    with pytest.raises(FileNotFoundError):
        opener.read_whole("cats/gone.txt", 3)
