"""Hostile input, seventeenth round: files round sixteen learnt to read by their content or their twin.

A table in two formats (format_twins) whose second twin is a named pipe, a link to nothing, a link
out of SRC, a folder; tables under unknown extensions read by their content (sniffed_tables) that
are binary with tabs, a line of megabytes, NUL bytes; `--exclude` patterns that match everything,
SRC itself, or OUT inside SRC; a label list whose first 64 KiB end in CR alone and the rest in CR LF.
Each input ends in one record or one reject, or the run stops naming a file or option; nothing
hangs on a pipe, nothing outside SRC is read, nothing is written with exit 0 that its row did not say.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file

_W = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho".split()


def _text(seed: int, n: int = 8) -> str:
    return " ".join(_W[(seed * 7 + k * 3) % len(_W)] for k in range(n))


def _table(root: Path, name: str = "train.csv", n: int = 8) -> dict[str, tuple[str, ...]]:
    write_file(root / name, "text,label\n" + "".join(f"{_text(i)},{('neg', 'pos')[i % 2]}\n" for i in range(n)))
    return {f"{name}#{i + 2}": (("neg", "pos")[i % 2],) for i in range(n)}


def _rows_right(result, out: Path, expected: dict[str, tuple[str, ...]]) -> None:
    """A finished run wrote each row of `expected` with its label (or rejected it), and nothing else."""
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, out)
    assert set(written) <= set(expected), sorted(set(written) - set(expected))
    assert set(expected) <= set(written) | set(rejected), sorted(set(expected) - set(written) - set(rejected))
    for key, got in written.items():
        assert got[1] == expected[key], (key, got)


# ------------------------------------------------------------------------------------------------
# format twins that are not files
# ------------------------------------------------------------------------------------------------


@pytest.mark.timeout(90)  # (a pipe read would block: a hang fails here, not the suite)
@pytest.mark.parametrize("kind", ["pipe", "dangling link", "link out", "folder"])
def test_a_format_twin_that_is_no_file_never_hangs_or_reads_outside(tmp_path: Path, kind: str) -> None:
    src = tmp_path / "src"
    expected = _table(src)
    twin = src / "train.jsonl"
    outside = tmp_path / "outside.jsonl"
    outside.write_text("".join(f'{{"text": "secret {i}", "label": "leak"}}\n' for i in range(8)))
    if kind == "pipe":
        os.mkfifo(twin)
    elif kind == "dangling link":
        os.symlink(tmp_path / "nothing.jsonl", twin)
    elif kind == "link out":
        os.symlink(outside, twin)
    else:
        twin.mkdir()
        write_file(twin / "notes.md", "# notes\n")
    result = run(src, tmp_path / "out")
    _rows_right(result, tmp_path / "out", expected)


@pytest.mark.timeout(90)
def test_both_format_twins_pipes(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    os.mkfifo(src / "train.csv")
    os.mkfifo(src / "train.jsonl")
    result = run(src, tmp_path / "out")
    assert result.returncode, result.stdout
    refused(result)


# ------------------------------------------------------------------------------------------------
# tables read by their content under unknown extensions
# ------------------------------------------------------------------------------------------------


def _pit_like(root: Path, name: str, extra: bytes) -> dict[str, tuple[str, ...]]:
    lines = [f"{_text(i, 6)}\t{_text(i + 5, 7)}\t{('yes', 'no')[i % 2]}\n" for i in range(8)]
    write_file(root / "data" / name, "".join(lines).encode() + extra)
    return {}


@pytest.mark.parametrize("extra", [os.urandom(0) + bytes(range(256)) * 40 + b"\t\n" * 50,
                                   b"\x00\t\x00\t\x00\n" * 200, b"x\t" * 2_000_000 + b"\n"],
                         ids=["binary with tabs", "nul bytes with tabs", "a line of 4 MB"])
def test_a_sniffed_table_with_hostile_bytes_after_its_head(tmp_path: Path, extra: bytes) -> None:
    src = tmp_path / "src"
    _pit_like(src, "train.data", extra)
    result = run(src, tmp_path / "out", "--text-column", "1", "--label-column", "3")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(written) >= 8 or rejected, (written, rejected)
    for key, (_, labels, text) in written.items():
        assert labels in (("yes",), ("no",)), (key, labels)
        assert "\x00" not in text and text.isprintable(), (key, text[:60])


def test_a_binary_file_of_tabs_alone_is_no_table(tmp_path: Path) -> None:
    src = tmp_path / "src"
    write_file(src / "blob.data", (bytes(range(1, 9)) + b"\t" + bytes(range(128, 200)) + b"\t" + b"\xff\xfe\n") * 300)
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not written, sorted(written)[:3]


# ------------------------------------------------------------------------------------------------
# --exclude patterns that reach everything, SRC, OUT
# ------------------------------------------------------------------------------------------------


def _classes(src: Path) -> list[str]:
    names = [f"{c}/{k}.jpg" for c in ("cat", "dog") for k in range(3)]
    for i, name in enumerate(names):
        write_file(src / name, image_bytes(seed=i))
    return names


@pytest.mark.parametrize("pattern", ["**", "*", "**/*", "**/**", "*/*"])
def test_an_exclude_of_everything_stops_naming_it(tmp_path: Path, pattern: str) -> None:
    src = tmp_path / "src"
    _classes(src)
    result = run(src, tmp_path / "out", "--exclude", pattern)
    assert result.returncode, result.stdout
    refused(result, "--exclude")


@pytest.mark.parametrize("pattern", ["SRC", "SRC/**", "src", "src/**", "./**", "/**"])
def test_an_exclude_naming_src_itself(tmp_path: Path, pattern: str) -> None:
    src = tmp_path / "src"
    names = _classes(src)
    result = run(src, tmp_path / "out", "--exclude", pattern.replace("SRC", str(src)))
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(written) == set(names), sorted(written)  # a pattern matching no path from SRC leaves all in


def test_an_exclude_of_out_inside_src(tmp_path: Path) -> None:
    src = tmp_path / "src"
    names = _classes(src)
    result = run(src, src / "out", "--exclude", "out/**")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, src / "out")
    assert set(written) == set(names), sorted(written)


# ------------------------------------------------------------------------------------------------
# CR-only ends in the head, CR LF after it
# ------------------------------------------------------------------------------------------------


def test_a_label_list_of_cr_ends_then_crlf_ends(tmp_path: Path) -> None:
    src = tmp_path / "src"
    names = [f"images/img{i}.jpg" for i in range(6)]
    for i, name in enumerate(names):
        write_file(src / name, image_bytes(seed=i))
    padding = "".join(f"# comment line {k} {'x' * 60}\r" for k in range(1100))  # past 64 KiB of CR ends
    rows = "".join(f"{n} {('cat', 'dog')[i % 2]}\r\n" for i, n in enumerate(names))
    write_file(src / "labels.txt", padding + rows)
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(names) <= set(written) | set(rejected)
    for i, name in enumerate(names):
        got = written.get(name)
        assert got is None or got[1] == (("cat", "dog")[i % 2],), (name, got)
