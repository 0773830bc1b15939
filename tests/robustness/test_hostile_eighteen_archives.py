"""Hostile input, eighteenth round: zips read as folders, now that detection looks into them
(`archive_heads`, `archive_evidence`).

Members named outside the archive (`../`, absolute, a drive letter, a UNC share, backslashes),
a zip cut short or of a local header alone, a zip inside a zip, a central directory that lies
about a member's size, a member that inflates 1,000 times, 30,000 members beside six images, YOLO
label rows of NaN inside a zip. Each input ends in one record or one reject naming it, or the run
stops in one line naming a file or option; nothing is written outside OUT, nothing hangs.
"""

from __future__ import annotations

import struct
import time
import zipfile
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes

_GOOD = {f"{c}/{k}.jpg": c for c in ("cat", "dog") for k in range(3)}


def _zip(path: Path, members: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name)
            info.compress_type = method
            archive.writestr(info, data)
    return path


def _good_members() -> list[tuple[str, bytes]]:
    return [(name, image_bytes(seed=i)) for i, name in enumerate(_GOOD)]


def _classes_right(written: dict, prefix: str) -> None:
    for name, label in _GOOD.items():
        assert written[prefix + name][1] == (label,), (name, written.get(prefix + name))


_OUTSIDE_NAMES = {
    "dotdot": "../evil.jpg",
    "absolute": "/abs/evil.jpg",
    "drive backslash": "C:\\evil.jpg",
    "backslash dotdot": "cat/..\\..\\evil.jpg",
    "unc share": "\\\\server\\share\\evil.jpg",
}


@pytest.mark.parametrize("name", list(_OUTSIDE_NAMES.values()), ids=list(_OUTSIDE_NAMES))
def test_a_member_named_outside_its_zip_in_src_is_its_reject(tmp_path: Path, name: str) -> None:
    src = tmp_path / "src"
    _zip(src / "data.zip", [*_good_members(), (name, image_bytes(seed=99))])
    result = run(src, tmp_path / "out")
    written, rejected = finished(result, tmp_path / "out")
    _classes_right(written, "data/")
    assert set(written) == {"data/" + n for n in _GOOD}, sorted(written)
    assert len(rejected) == 1 and "leaves the archive" in next(iter(rejected.values())), rejected
    assert not list(tmp_path.rglob("evil.jpg")), "a member was written outside OUT"


@pytest.mark.parametrize("name", ["../evil.jpg", "C:\\evil.jpg"], ids=["dotdot", "drive backslash"])
def test_a_member_named_outside_the_zip_src_names_is_its_reject(tmp_path: Path, name: str) -> None:
    src = _zip(tmp_path / "data.zip", [*_good_members(), (name, image_bytes(seed=99))])
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    _classes_right(written, "")
    assert list(rejected) == [name] and "leaves the archive" in rejected[name], rejected


def test_a_member_whose_dots_stay_inside_is_read_where_they_lead(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _zip(src / "data.zip", [*_good_members(), ("cat/./x/../9.jpg", image_bytes(seed=9))])
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    assert written["data/cat/9.jpg"][1] == ("cat",) and not rejected, (written, rejected)


def test_a_zip_cut_in_half_beside_a_folder_is_its_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    whole = _zip(tmp_path / "whole.zip", _good_members()).read_bytes()
    (src / "x").mkdir(parents=True)
    (src / "data.zip").write_bytes(whole[: len(whole) // 2])
    for i, name in enumerate(_GOOD):
        (src / "x" / name).parent.mkdir(parents=True, exist_ok=True)
        (src / "x" / name).write_bytes(image_bytes(seed=i))
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    _classes_right(written, "x/")
    assert list(rejected) == ["data.zip"] and "zip" in rejected["data.zip"], rejected


@pytest.mark.parametrize("cut", ["half", "tail", "local header alone"])
def test_a_damaged_zip_as_src_or_alone_is_one_line_naming_it(tmp_path: Path, cut: str) -> None:
    whole = _zip(tmp_path / "whole.zip", _good_members()).read_bytes()
    data = {"half": whole[: len(whole) // 2], "tail": whole[:-30], "local header alone": b"PK\x03\x04" + bytes(10)}[cut]
    if cut == "half":  # the zip is SRC
        src = tmp_path / "data.zip"
        src.write_bytes(data)
        refused(run(src, tmp_path / "out"), "data.zip")
        return
    src = tmp_path / "src"
    src.mkdir()
    (src / "data.zip").write_bytes(data)
    result = run(src, tmp_path / "out")
    assert result.returncode, result.stdout
    refused(result, "rejected.jsonl")
    assert "zip" in result.stderr, result.stderr


def test_a_zip_inside_a_zip_is_its_reject_beside_the_members_read(tmp_path: Path) -> None:
    inner = _zip(tmp_path / "inner.zip", _good_members()).read_bytes()
    src = tmp_path / "src"
    _zip(src / "data.zip", [("inner.zip", inner), ("cat/9.jpg", image_bytes(seed=50)), ("dog/9.jpg", image_bytes(seed=51))])
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    assert {k: v[1] for k, v in written.items()} == {"data/cat/9.jpg": ("cat",), "data/dog/9.jpg": ("dog",)}, written
    assert list(rejected) == ["data/inner.zip"] and "archive inside an archive" in rejected["data/inner.zip"], rejected


def test_a_central_directory_claiming_a_gigabyte_is_that_members_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    path = _zip(src / "data.zip", _good_members(), zipfile.ZIP_STORED)
    data = bytearray(path.read_bytes())
    entry = data.find(b"PK\x01\x02")
    struct.pack_into("<I", data, entry + 24, 1 << 30)  # the first member's uncompressed size
    path.write_bytes(bytes(data))
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    first = "data/" + next(iter(_GOOD))
    assert set(rejected) == {first} and "central directory" in rejected[first], rejected
    assert set(written) == {"data/" + n for n in _GOOD} - {first}, sorted(written)


@pytest.mark.timeout(60)
def test_a_table_member_that_inflates_a_thousand_times_is_refused_as_it_inflates(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _zip(src / "data.zip", [*_good_members(), ("train.csv", b"text,label\n" + b"a" * (60 << 20))])
    started = time.monotonic()
    written, rejected = finished(run(src, tmp_path / "out"), tmp_path / "out")
    assert time.monotonic() - started < 30
    _classes_right(written, "data/")
    assert list(rejected) == ["data/train.csv"] and "zip bomb" in rejected["data/train.csv"], rejected


@pytest.mark.timeout(90)
def test_thirty_thousand_members_beside_six_images_end_in_bounded_time(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    with zipfile.ZipFile(src / "data.zip", "w") as archive:
        for name, data in _good_members():
            archive.writestr(name, data)
        for i in range(30_000):
            archive.writestr(f"junk/{i}.bin", b"")
    started = time.monotonic()
    result = run(src, tmp_path / "out")
    assert time.monotonic() - started < 45
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    _classes_right(written, "data/")


def test_yolo_rows_of_nan_inside_a_zip_are_never_captions(tmp_path: Path) -> None:
    src = tmp_path / "src"
    members = [(f"images/{i}.jpg", image_bytes(seed=i)) for i in range(4)]
    members += [("labels/0.txt", b"0 nan 0.5 0.2 0.2\n"), ("labels/1.txt", b"0 0.5 0.5 -0.2 0.2\n"),
                ("labels/2.txt", b"0 0.5 0.5 0.2 0.2\n"), ("labels/3.txt", b"0 1e308 inf 0.2 0.2\n"), ("classes.txt", b"car\n")]
    _zip(src / "data.zip", members)
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, _ = finished(result, tmp_path / "out")
    assert not any("nan" in text or "0.5" in text for _, _, text in written.values()), written
