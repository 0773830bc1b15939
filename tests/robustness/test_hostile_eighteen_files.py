"""Hostile input, eighteenth round: the files round seventeen taught detection to read or to name.

`--labels GLOB` matching a named pipe, a link out of SRC, a link to nothing, a folder, a binary
table (with `--no-header`), 200 stars or an open bracket; `--labels NAME` found under SRC as a
pipe, a link to /dev/zero or a folder, or naming OUT; label cells of invisible or control
characters; Pascal VOC folders (the probe reads twelve files) holding an object name of 20,000
characters, objects only in comments, a pipe, NUL, a right-to-left override, UTF-16, a tail nested
100,000 deep; a table of 10,000 columns or a header of 1 MB; channel files of 100 channels; a JSON
file of one 8 MB line beside class folders (the unread-annotations guard reads heads only).
Each input ends in one record or one reject naming it, or the run stops in one line naming a file
or option; nothing outside SRC labels an input; nothing hangs on a pipe or a device.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file

_GOOD = {f"{c}/{k}.jpg": c for c in ("cat", "dog") for k in range(3)}
_W = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho".split()


def _text(seed: int, n: int = 8) -> str:
    return " ".join(_W[(seed * 7 + k * 3) % len(_W)] for k in range(n))


def _classes(src: Path) -> None:
    for i, name in enumerate(_GOOD):
        write_file(src / name, image_bytes(seed=i))


def _table(names: list[str], label: str = "{}x") -> str:
    return "path,label\n" + "".join(f"{n},{label.format(_GOOD[n])}\n" for n in names)


# ------------------------------------------------------------------------------------------------
# --labels GLOB and --labels NAME
# ------------------------------------------------------------------------------------------------

_HALVES = (list(_GOOD)[:3], list(_GOOD)[3:])


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["pipe", "link out", "dangling link", "folder"])
def test_a_labels_glob_matching_what_the_listing_refuses_reads_only_tables_inside(tmp_path: Path, kind: str) -> None:
    src = tmp_path / "src"
    _classes(src)
    write_file(src / "meta/a.csv", _table(_HALVES[0]))
    write_file(src / "meta/b.csv", _table(_HALVES[1]))
    odd = src / "meta/c.csv"
    write_file(tmp_path / "outside.csv", _table(list(_GOOD), "leak"))
    if kind == "pipe":
        os.mkfifo(odd)
    elif kind == "link out":
        os.symlink(tmp_path / "outside.csv", odd)
    elif kind == "dangling link":
        os.symlink(tmp_path / "nothing.csv", odd)
    else:
        odd.mkdir()
    result = run(src, tmp_path / "out", "--labels", "meta/*.csv")
    written, rejected = finished(result, tmp_path / "out")  # (each key once: checked by `rejects`)
    assert {k: v[1] for k, v in written.items()} == {n: (c + "x",) for n, c in _GOOD.items()}, written
    assert set(rejected) <= {"meta/c.csv"}, rejected


def test_a_labels_glob_whose_matches_a_link_out_labels_nothing(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _classes(src)
    write_file(src / "meta/a.csv", _table(_HALVES[0]))
    write_file(tmp_path / "outside.csv", _table(_HALVES[1], "leak"))
    os.symlink(tmp_path / "outside.csv", src / "meta/b.csv")
    written, rejected = finished(run(src, tmp_path / "out", "--labels", "meta/*.csv"), tmp_path / "out")
    assert not any(v[1] == ("leak",) for v in written.values()), written
    assert "outside the source" in rejected["meta/b.csv"], rejected
    assert set(_HALVES[1]) <= set(rejected), rejected


def test_a_headerless_labels_glob_matching_a_binary_file_stops_naming_both(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _classes(src)
    write_file(src / "meta/a.csv", "".join(f"{n},{c}x\n" for n, c in _GOOD.items()))
    write_file(src / "meta/b.csv", bytes(range(256)) * 100)
    refused(run(src, tmp_path / "out", "--labels", "meta/*.csv", "--no-header"), "meta/a.csv", "meta/b.csv")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["pipe", "link to /dev/zero", "folder", "dangling link"])
def test_a_labels_name_found_under_src_as_no_file_says_what_it_is(tmp_path: Path, kind: str) -> None:
    src = tmp_path / "src"
    _classes(src)
    named = src / "labels.csv"
    if kind == "pipe":
        os.mkfifo(named)
    elif kind == "folder":
        named.mkdir()
    else:
        os.symlink("/dev/zero" if kind == "link to /dev/zero" else str(tmp_path / "nothing"), named)
    text = refused(run(src, tmp_path / "out", "--labels", "labels.csv"), "labels.csv")
    assert "not a regular file" in text and "does not exist" not in text, text


def test_labels_naming_an_earlier_output_folder_is_one_line(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _classes(src)
    finished(run(src, tmp_path / "out"), tmp_path / "out")
    refused(run(src, tmp_path / "out2", "--labels", str(tmp_path / "out")), "not a regular file")


@pytest.mark.parametrize("pattern", ["*" * 200 + ".csv", "[a.csv"], ids=["200 stars", "open bracket"])
def test_a_labels_glob_of_many_stars_or_an_open_bracket_ends_at_once(tmp_path: Path, pattern: str) -> None:
    src = tmp_path / "src"
    _classes(src)
    write_file(src / "a.csv", _table(list(_GOOD)))
    started = time.monotonic()
    result = run(src, tmp_path / "out", "--labels", pattern)
    assert time.monotonic() - started < 20
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    assert {v[1] for v in written.values()} <= {("catx",), ("dogx",)}, written


@pytest.mark.parametrize("label", ["\u202epos", "p\u200bos", "\x1b[31mpos"], ids=["rtl override", "zero width", "escape"])
def test_a_label_cell_that_prints_like_another_is_its_rows_reject(tmp_path: Path, label: str) -> None:
    src = tmp_path / "src"
    rows = [f"{_text(i)},{('neg', 'pos')[i % 2]}" for i in range(12)]
    rows[3] = f"{_text(3)},{label}"
    write_file(src / "train.csv", "text,label\n" + "\n".join(rows) + "\n")
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    assert "train.csv#5" in rejected and "character" in rejected["train.csv#5"], rejected
    assert {v[1] for v in written.values()} == {("neg",), ("pos",)}, written


# ------------------------------------------------------------------------------------------------
# Pascal VOC folders
# ------------------------------------------------------------------------------------------------


def _voc(name: str, objects: list[str], extra: str = "") -> str:
    boxes = "".join(f"<object><name>{o}</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>8</xmax><ymax>9</ymax></bndbox>"
                    "</object>" for o in objects)
    return (f"<annotation>{extra}<filename>{name}</filename><size><width>24</width><height>16</height><depth>3</depth>"
            f"</size>{boxes}</annotation>\n")


def _voc_source(src: Path) -> dict[str, str]:
    labels = {}
    for i in range(14):
        labels[f"JPEGImages/{i:03d}.jpg"] = ("bus", "car")[i % 2]
        write_file(src / f"JPEGImages/{i:03d}.jpg", image_bytes(seed=i))
        write_file(src / f"Annotations/{i:03d}.xml", _voc(f"{i:03d}.jpg", [labels[f"JPEGImages/{i:03d}.jpg"]]))
    return labels


_ODD_XML = {
    "a name of 20,000 characters": (2, lambda: _voc("002.jpg", ["c" * 20_000])),
    "nul in a name": (5, lambda: _voc("005.jpg", ["ca\x00r"])),
    "rtl override in a name": (6, lambda: _voc("006.jpg", ["\u202ecar"])),
    "utf-16": (3, lambda: _voc("003.jpg", ["car"]).encode("utf-16")),
    "a tail nested 100,000 deep": (4, lambda: _voc("004.jpg", ["bus"])[:-1] + "<a>" * 100_000 + "</a>" * 100_000),
    "pipe": (1, None),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("case", list(_ODD_XML), ids=list(_ODD_XML))
def test_an_odd_voc_file_among_the_twelve_the_probe_reads_costs_its_image_at_most(tmp_path: Path, case: str) -> None:
    src = tmp_path / "src"
    labels = _voc_source(src)
    index, body = _ODD_XML[case]
    xml = src / f"Annotations/{index:03d}.xml"
    if body is None:
        xml.unlink()
        os.mkfifo(xml)
    else:
        write_file(xml, body())
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    odd = f"JPEGImages/{index:03d}.jpg"
    assert set(written) | set(rejected) >= set(labels), sorted(set(labels) - set(written) - set(rejected))
    for key, (_, got, _) in written.items():
        assert got == (labels[key],), (key, got, case)
    assert set(rejected) - {odd, f"Annotations/{index:03d}.xml"} == set(), rejected


def test_objects_only_in_comments_label_nothing(tmp_path: Path) -> None:
    src = tmp_path / "src"
    labels = _voc_source(src)
    for i in range(12):  # every file the probe reads first: no object, one in a comment
        write_file(src / f"Annotations/{i:03d}.xml", _voc(f"{i:03d}.jpg", [], "<!-- <object><name>ghost</name></object> -->"))
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    for key, (_, got, _) in written.items():
        assert got == (() if int(key[-7:-4]) < 12 else (labels[key],)), (key, got)


# ------------------------------------------------------------------------------------------------
# Wide tables, channel files, heads of huge files
# ------------------------------------------------------------------------------------------------


def test_a_table_of_ten_thousand_columns_reads_its_named_columns(tmp_path: Path) -> None:
    src = tmp_path / "src"
    header = ",".join(["text", "label"] + [f"c{i}" for i in range(10_000)])
    rows = "".join(f"{_text(i)},{('neg', 'pos')[i % 2]}," + ",".join("x" * 10_000) + "\n" for i in range(8))
    write_file(src / "train.csv", header + "\n" + rows)
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    assert {k: v[1] for k, v in written.items()} == {f"train.csv#{i + 2}": (("neg", "pos")[i % 2],) for i in range(8)}


@pytest.mark.xfail(strict=True, reason="left alone: a header cell of 1 MB is no header (names are short), so the row is "
                   "read as data and its long cell picks the text column: the header becomes a record, labels lost, exit 0")
def test_a_header_of_a_megabyte_never_becomes_a_record(tmp_path: Path) -> None:
    src = tmp_path / "src"
    write_file(src / "train.csv", "text,label," + "h" * (1 << 20) + "\n"
               + "".join(f"{_text(i)},{('neg', 'pos')[i % 2]},z\n" for i in range(8)))
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    assert "train.csv#1" not in written and all(v[1] for v in written.values()), sorted(written)


def test_a_hundred_channels_a_sample_stop_naming_a_samples_files(tmp_path: Path) -> None:
    src = tmp_path / "src"
    png = image_bytes(fmt="PNG")
    for sample in ("a1", "b2", "c3"):
        for channel in range(100):
            write_file(src / f"train/{sample}_ch{channel:02d}.png", png)
    refused(run(src, tmp_path / "out"), "train/a1_ch00.png", "--exclude")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("line", ["letters", "names of inputs"])
def test_a_json_line_of_8_mb_beside_class_folders_is_read_by_its_head(tmp_path: Path, line: str) -> None:
    src = tmp_path / "src"
    _classes(src)
    body = "a" * (8 << 20) if line == "letters" else "cat/0.jpg " * (800 << 10)  # (128 times what detection reads)
    write_file(src / "meta.json", '{"x": "' + body + '"}')
    started = time.monotonic()
    result = run(src, tmp_path / "out")
    assert time.monotonic() - started < 30
    if result.returncode:
        refused(result, "meta.json")
        return
    written, _ = finished(result, tmp_path / "out")
    assert {k: v[1] for k, v in written.items()} == {n: (c,) for n, c in _GOOD.items()}, written
