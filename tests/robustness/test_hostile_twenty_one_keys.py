"""Hostile input, round twenty-one: `--labels FILE --key-column C` (kinds20's path-column label tables).

The key column's cells are untrusted paths: `../../etc/passwd`, an absolute path, a NUL, a quoted
newline, a link leaving SRC, one file named twice (alike, differently, spelled two ways), a folder.
What a user should get: every image inside SRC one record (its row's label) or one reject saying
why, or a stop naming the table; nothing outside SRC read or written; never a row's label on
another file; never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file

_LABELS = {f"img/{k}.jpg": ("cat", "dog")[k % 2] for k in range(6)}


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("outside")
    write_file(folder / "secret.jpg", image_bytes(seed=99))
    return folder


def _source(root: Path, extra_rows: list[str], drop: str = "") -> Path:
    for i, name in enumerate(_LABELS):
        write_file(root / name, image_bytes(seed=i))
    rows = [f"{n},{c}" for n, c in _LABELS.items() if n != drop]
    write_file(root / "meta/t.csv", "file,label\n" + "\n".join(rows + extra_rows) + "\n")
    return root


def _convert(tmp_path: Path, src: Path):
    return run(src, tmp_path / "out", "--labels", "meta/t.csv", "--key-column", "file", "--label-column", "label")


def _right_or_stopped(tmp_path: Path, result, *, odd: str = "", odd_may: tuple = ()) -> dict:
    """The images each labelled by their row (the `odd` one rejected or labelled one of `odd_may`),
    nothing else written; or a stop naming the table."""
    if result.returncode != 0:
        refused(result, "t.csv")
        return {}
    written, rejected = finished(result, tmp_path / "out")
    assert set(written) <= set(_LABELS), written
    for name, label in _LABELS.items():
        if name == odd:
            said = any(k.split("#")[0] == name for k in rejected)  # (a row's reject: `path#row`)
            assert said or (name in written and written[name][1] in odd_may), (name, written.get(name), rejected)
        else:
            assert written[name][1] == (label,), (name, written.get(name), rejected)
    return rejected


@pytest.mark.parametrize("cell", ["../../etc/passwd", "/etc/passwd", "img/../../outside/secret.jpg", "../outside/secret.jpg"])
def test_a_key_leading_out_of_src_reads_nothing_outside(tmp_path: Path, cell: str) -> None:
    src = _source(tmp_path / "src", [f"{cell},bird"])
    _right_or_stopped(tmp_path, _convert(tmp_path, src))


def test_an_absolute_key_inside_src_is_its_file_or_a_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _source(src, [f"{src / 'img/2.jpg'},cat"], drop="img/2.jpg")
    _right_or_stopped(tmp_path, _convert(tmp_path, src), odd="img/2.jpg", odd_may=(("cat",),))


@pytest.mark.parametrize("cell", ['"img/2.jpg\x00.txt"', '"img/2\n.jpg"', '"img/2.jpg\n"', "img/2.jpg\x00"],
                         ids=["nul inside", "newline inside", "newline after", "nul after"])
def test_a_key_holding_nul_or_newline_labels_no_other_file(tmp_path: Path, cell: str) -> None:
    """img/2.jpg has only this row: labelled by it where the cell is its name and white space
    (a trailing newline), never where a NUL or a newline inside makes it another name."""
    src = _source(tmp_path / "src", [f"{cell},bird"], drop="img/2.jpg")
    may = ((), ("bird",)) if cell == '"img/2.jpg\n"' else ((),)
    _right_or_stopped(tmp_path, _convert(tmp_path, src), odd="img/2.jpg", odd_may=may)


def test_a_key_naming_a_link_out_of_src_is_rejected(tmp_path: Path, outside: Path) -> None:
    src = _source(tmp_path / "src", ["img/link.jpg,bird"])
    os.symlink(outside / "secret.jpg", src / "img/link.jpg")
    rejected = _right_or_stopped(tmp_path, _convert(tmp_path, src))
    if rejected:
        assert "outside" in rejected.get("img/link.jpg", "outside"), rejected


def test_one_file_named_twice_with_two_labels_is_never_one_of_them(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["img/2.jpg,dog"])
    _right_or_stopped(tmp_path, _convert(tmp_path, src), odd="img/2.jpg")


def test_one_file_named_twice_with_one_label_is_one_record(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["img/2.jpg,cat"])
    _right_or_stopped(tmp_path, _convert(tmp_path, src), odd="img/2.jpg", odd_may=(("cat",),))


@pytest.mark.parametrize("spelling", ["./img/2.jpg", "img//2.jpg", "img/./2.jpg", "IMG/2.JPG", "img\\2.jpg"])
def test_one_file_spelled_two_ways_with_two_labels_is_never_the_second(tmp_path: Path, spelling: str) -> None:
    """Rejected as given two labels, or (a name no file has on this file system) the row named as naming none."""
    src = _source(tmp_path / "src", [f"{spelling},dog"])
    _right_or_stopped(tmp_path, _convert(tmp_path, src), odd="img/2.jpg", odd_may=(("cat",),))


def test_a_key_naming_a_folder_labels_none_of_its_files(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["img,bird", "img/,bird"])
    _right_or_stopped(tmp_path, _convert(tmp_path, src))


def test_a_key_column_of_empty_cells_and_spaces_labels_nothing_wrong(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", [",bird", " ,bird", '"",bird'])
    _right_or_stopped(tmp_path, _convert(tmp_path, src))


def test_a_key_column_naming_the_label_column_stops(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", [])
    refused(run(src, tmp_path / "out", "--labels", "meta/t.csv", "--key-column", "label", "--label-column", "label"))


def test_a_key_column_of_one_name_repeated_stops_or_reads_once(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", [])
    result = run(src, tmp_path / "out", "--labels", "meta/t.csv", "--key-column", "file,file", "--label-column", "label")
    _right_or_stopped(tmp_path, result)
