"""Hostile input, round twenty-one: `--labels GLOB` (beam_globs, globs, local_globs), OUT inside SRC,
and a source changed while it is converted.

Patterns of 5,000 stars, unclosed classes, `**` at odd places, a glob matching every file (images
too), the labels file's own folder, nothing, a path out of SRC; OUT inside SRC (a first run's shards
and reports beside the images on the second run). What a user should get: the tables the pattern
names read, in a time linear in the pattern; or a stop naming the pattern; never a traceback, a
hang, an output file read as an input, or a label from outside SRC.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.mid_run import stopped_at_plan
from helpers.sources import image_bytes, write_file

_GOOD = {f"{c}/{k}.jpg": c for c in ("cat", "dog") for k in range(3)}


def _table(names: list[str], label: str = "{}x") -> str:
    return "path,label\n" + "".join(f"{n},{label.format(_GOOD[n])}\n" for n in names)


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    """Class folders, two halves of a label table under meta/ (labels '<class>x': only the table gives them)."""
    root = tmp_path_factory.mktemp("globs") / "src"
    for i, name in enumerate(_GOOD):
        write_file(root / name, image_bytes(seed=i))
    names = list(_GOOD)
    write_file(root / "meta/a.csv", _table(names[:3]))
    write_file(root / "meta/b.csv", _table(names[3:]))
    return root


def _read_or_stopped(result, out: Path, *named: str) -> None:
    if result.returncode != 0:
        refused(result, *named)
        return
    written, _ = finished(result, out)
    assert {k: v[1] for k, v in written.items()} == {n: (c + "x",) for n, c in _GOOD.items()}, written


@pytest.mark.timeout(60)
@pytest.mark.parametrize("pattern", [
    "meta/" + "*" * 5000 + ".csv",
    "meta/" + "*?" * 2000 + "csv", "meta/" + "[a-z]" * 3000, "meta/" + "**/" * 500 + "*.csv",
], ids=["5000 stars", "2000 star-question pairs", "3000 classes", "500 double stars"])
def test_a_long_pattern_ends_quickly(src: Path, tmp_path: Path, pattern: str) -> None:
    started = time.monotonic()
    result = run(src, tmp_path / "out", "--labels", pattern)
    assert time.monotonic() - started < 40
    if result.returncode != 0:
        assert len(refused(result, "--labels")) < 1000  # (the pattern cut, not shown whole)
    else:
        _read_or_stopped(result, tmp_path / "out")


@pytest.mark.parametrize("pattern", ["meta/[ab.csv", "meta/[].csv", "meta/[!].csv", "meta/[z-a].csv", "meta/[[:alpha:]].csv"],
                         ids=["unclosed", "empty class", "negated empty", "reversed range", "posix class"])
def test_an_odd_class_reads_as_beam_would_or_stops(src: Path, tmp_path: Path, pattern: str) -> None:
    _read_or_stopped(run(src, tmp_path / "out", "--labels", pattern), tmp_path / "out", "meta/")


@pytest.mark.parametrize("pattern", ["**.csv", "meta**", "**/meta/**", "m**a/*.csv", "meta/**/", "./meta/*.csv"])
def test_double_stars_at_odd_places_read_the_tables_or_stop(src: Path, tmp_path: Path, pattern: str) -> None:
    _read_or_stopped(run(src, tmp_path / "out", "--labels", pattern), tmp_path / "out")


@pytest.mark.parametrize("pattern", ["**", "*/*", "**/*.jpg"], ids=["everything", "every file one deep", "the images"])
def test_a_glob_matching_the_images_stops_naming_them(src: Path, tmp_path: Path, pattern: str) -> None:
    """An image is no label table: the run stops (or reads the tables alone), never labels from image bytes."""
    _read_or_stopped(run(src, tmp_path / "out", "--labels", pattern), tmp_path / "out")


@pytest.mark.parametrize("pattern", ["nothing/*.csv", "../*.csv", "/etc/*.conf", "meta/*.tsv"])
def test_a_glob_matching_nothing_inside_src_stops_naming_it(
    src: Path, tmp_path: Path, pattern: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`../*.csv` escapes SRC towards `leak.csv` beside it; never read, the run stops naming `--labels`.

    A relative glob is looked for from the working folder first (docs/converting.md), so the run
    starts in a folder of its own whose parent holds no table: from the test runner's folder, any
    stray `*.csv` in its parent (a shared /tmp) would be a legitimate match and the case moot.
    """
    write_file(src.parent / "leak.csv", _table(list(_GOOD), "leak"))
    here = tmp_path / "work" / "here"
    here.mkdir(parents=True)
    monkeypatch.chdir(here)
    refused(run(src, tmp_path / "out", "--labels", pattern), "--labels")


def test_out_inside_src_is_never_read_back_as_input(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i, name in enumerate(_GOOD):
        write_file(root / name, image_bytes(seed=i))
    first = run(root, root / "out")
    if first.returncode != 0:
        refused(first, "out")
        return
    finished(first, root / "out")
    second = run(root, root / "out2")
    if second.returncode != 0:
        refused(second, "out")
        return
    written, rejected = finished(second, root / "out2")
    assert set(written) == set(_GOOD), (written, rejected)
    assert not any(k.startswith(("out/", "out2/")) for k in rejected), rejected


def test_a_labels_glob_matching_a_table_inside_out_reads_only_src_tables(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i, name in enumerate(_GOOD):
        write_file(root / name, image_bytes(seed=i))
    write_file(root / "meta/a.csv", _table(list(_GOOD)))
    write_file(root / "out/stale.csv", _table(list(_GOOD), "stale"))  # an earlier run's export, say
    result = run(root, root / "out", "--labels", "**/*.csv")
    if result.returncode != 0:
        refused(result, "out")
        return
    written, _ = finished(result, root / "out")
    assert {k: v[1] for k, v in written.items()} == {n: (c + "x",) for n, c in _GOOD.items()}, written


@pytest.mark.timeout(150)
def test_a_label_table_changed_after_planning_changes_no_label(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i, name in enumerate(_GOOD):
        write_file(root / name, image_bytes(seed=i))
    write_file(root / "meta/t.csv", _table(list(_GOOD)))
    result = stopped_at_plan(root, tmp_path / "out", lambda: write_file(root / "meta/t.csv", _table(list(_GOOD), "late")),
                             "--labels", "meta/t.csv", "--key-column", "path", "--label-column", "label")
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    if result.returncode != 0:
        refused(result, "t.csv")
        return
    written, _ = finished(result, tmp_path / "out")
    assert {k: v[1] for k, v in written.items()} == {n: (c + "x",) for n, c in _GOOD.items()}, written
