"""Hostile input, sixteenth round: `--exclude GLOB` (round fifteen's) and listings whose rows lead
out of SRC.

Patterns built to make a backtracking matcher run for hours (`*a*a*a*a*a*a*b` over a long name,
`**/` repeated over a deep tree); an excluded VOC annotation whose image would keep its objects; a
label table and a split list naming excluded files by their path and by their stem; split and
class lists naming files through a link out of SRC while `--follow-outside-links` is off. Every
input ends in one record or one reject saying why; no byte from outside SRC is read; nothing hangs.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file
from shardify.inputs.excludes import Excludes, parse_exclude


# ------------------------------------------------------------------------------------------------
# --exclude patterns that backtrack
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern,path", [
    ("*a*a*a*a*a*a*a*a*b", "a" * 200),
    ("**/**/**/**/**/**/**/**/x", "/".join(["d"] * 60)),
    ("**a**a**a**a**a**a**b", "a/" * 60 + "a" * 40),
    ("*a*/*a*a*a*a*a*b/**", "a" * 80 + "/" + "a" * 120 + "/c"),
], ids=["stars in a name", "folders repeated", "double stars", "stars in two names"])
def test_an_exclude_pattern_never_backtracks_for_long(pattern: str, path: str) -> None:
    try:
        excludes = Excludes((parse_exclude(pattern),))
    except ValueError as error:  # refused, saying why, before any file is listed
        assert "**" in str(error) and pattern in str(error), error
        return
    start = time.monotonic()
    assert excludes(path) is False
    assert time.monotonic() - start < 0.5, f"{time.monotonic() - start:.1f} s for one path"


@pytest.mark.parametrize("pattern,yes,no", [
    ("*a*b", ["xaxb", "ab", "aab/c"], ["ba", "a/b", "xa/xb"]),
    ("**/*.mp4", ["a.mp4", "x/y/a.mp4"], ["a.mp3"]),
    ("**/**/LR/**", ["LR/a", "x/LR/y/z"], ["LRx/a"]),
    ("a*/b?/**c", ["ax/by/c", "a/bb/x/yc"], ["ax/b/c"]),
    ("*_[0-9]*_x", ["p_1q_x", "p_1_2_x"], ["p_a_x", "p/_1_x"]),
], ids=["two stars", "any folder", "double any folder", "mixed", "class between stars"])
def test_an_exclude_pattern_still_matches_what_it_says(pattern: str, yes: list[str], no: list[str]) -> None:
    excludes = Excludes((parse_exclude(pattern),))
    assert [excludes(p) for p in yes] == [True] * len(yes), pattern
    assert [excludes(p) for p in no] == [False] * len(no), pattern


def test_a_backtracking_pattern_over_a_tree_of_long_names_ends(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(3):
            write_file(root / label / f"{'a' * 120}{i}.jpg", image_bytes(seed=i + 3 * len(label)))
    write_file(root / "cat" / f"{'a' * 12}_ab.jpg", image_bytes(seed=9))
    start = time.monotonic()
    result = run(root, tmp_path / "out", "--exclude", "**/*a*a*a*a*a*a*a*a*a*_ab.jpg")
    assert time.monotonic() - start < 60
    written, rejected = finished(result, tmp_path / "out")
    assert f"cat/{'a' * 12}_ab.jpg" not in written and len(written) == 6, sorted(written)


# ------------------------------------------------------------------------------------------------
# --exclude and the evidence read beside the inputs
# ------------------------------------------------------------------------------------------------


def _voc(name: str, objects: list[str]) -> str:
    boxes = "".join(f"<object><name>{o}</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>8</xmax><ymax>9</ymax></bndbox></object>"
                    for o in objects)
    size = "<size><width>24</width><height>16</height><depth>3</depth></size>"
    return f"<annotation><filename>{name}</filename>{size}{boxes}</annotation>"


def _voc_tree(root: Path) -> None:
    for i in range(6):
        write_file(root / "JPEGImages" / f"{i:06d}.jpg", image_bytes(seed=i))
        write_file(root / "Annotations" / f"{i:06d}.xml", _voc(f"{i:06d}.jpg", [("dog", "cat", "bird")[i % 3]]))


def test_an_excluded_annotation_gives_its_image_no_objects_from_it(tmp_path: Path) -> None:
    _voc_tree(tmp_path / "src")
    result = run(tmp_path / "src", tmp_path / "out", "--exclude", "Annotations/000003.xml")
    if result.returncode:
        refused(result, "--exclude")
        return
    written, rejected = finished(result, tmp_path / "out")
    got = written.get("JPEGImages/000003.jpg")
    assert got is None or got[1] == (), (got, rejected)
    assert "JPEGImages/000003.jpg" in rejected and "exclude" in rejected["JPEGImages/000003.jpg"], rejected
    assert {f"JPEGImages/{i:06d}.jpg" for i in range(6) if i != 3} <= set(written)


def test_an_excluded_image_is_said_excluded_not_unannotated(tmp_path: Path) -> None:
    _voc_tree(tmp_path / "src")
    result = run(tmp_path / "src", tmp_path / "out", "--exclude", "JPEGImages/000002.jpg")
    written, rejected = finished(result, tmp_path / "out")
    assert "JPEGImages/000002.jpg" not in written
    for key, reason in rejected.items():
        assert "000002" not in key or "exclude" in reason, (key, reason)


def _labelled(root: Path, key: str) -> list[str]:
    names = [f"img{i}.jpg" for i in range(6)]
    for i, n in enumerate(names):
        write_file(root / "images" / n, image_bytes(seed=i))
    rows = [f"{key.format(stem=n[:-4], name=n)},{('cat', 'dog')[i % 2]}" for i, n in enumerate(names)]
    write_file(root / "labels.csv", "id,label\n" + "\n".join(rows) + "\n")
    return names


@pytest.mark.parametrize("key", ["images/{name}", "{name}", "{stem}"], ids=["path", "file name", "stem"])
def test_a_label_row_naming_an_excluded_image_says_excluded(tmp_path: Path, key: str) -> None:
    _labelled(tmp_path / "src", key)
    result = run(tmp_path / "src", tmp_path / "out", "--exclude", "images/img3.jpg")
    if result.returncode:
        refused(result, "--exclude")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "images/img3.jpg" not in written
    said = [reason for k, reason in rejected.items() if k.startswith("labels.csv")]
    assert said and all("exclude" in reason for reason in said), rejected


def test_a_split_list_row_naming_an_excluded_image_says_excluded(tmp_path: Path) -> None:
    root = tmp_path / "src"
    names = [f"{('cat', 'dog')[i % 2]}/{i:04d}.jpg" for i in range(8)]
    for i, n in enumerate(names):
        write_file(root / n, image_bytes(seed=i))
    write_file(root / "train.txt", "".join(f"{n[:-4]}\n" for n in names[:5]))
    write_file(root / "test.txt", "".join(f"{n[:-4]}\n" for n in names[5:]))
    result = run(root, tmp_path / "out", "--exclude", "dog/0001.jpg")
    if result.returncode:
        refused(result, "--exclude")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "dog/0001.jpg" not in written and len(written) == 7, (sorted(written), rejected)
    for key, reason in rejected.items():
        assert "names no" not in reason or "0001" not in reason, (key, reason)


# ------------------------------------------------------------------------------------------------
# Listings whose rows lead out of SRC through links
# ------------------------------------------------------------------------------------------------


def _outside(tmp_path: Path) -> Path:
    return write_file(tmp_path / "outside" / "secret.jpg", image_bytes(seed=77))


@pytest.mark.parametrize("link", ["file", "folder"])
def test_a_split_list_row_naming_a_file_through_a_link_out_of_src_reads_nothing_outside(tmp_path: Path, link: str) -> None:
    root = tmp_path / "src"
    secret = _outside(tmp_path)
    names = [f"{i:04d}.jpg" for i in range(6)]
    for i, n in enumerate(names):
        write_file(root / "images" / n, image_bytes(seed=i))
    if link == "file":
        os.symlink(secret, root / "images" / "0006.jpg")
        listed = "images/0006.jpg"
    else:
        os.symlink(secret.parent, root / "more")
        listed = "more/secret.jpg"
    write_file(root / "train.txt", "".join(f"images/{n}\n" for n in names[:4]) + f"{listed}\n")
    write_file(root / "test.txt", "".join(f"images/{n}\n" for n in names[4:]))
    result = run(root, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert listed not in written and not any("secret" in k for k in written), sorted(written)
    assert {f"images/{n}" for n in names} <= set(written) | set(rejected)
    said = " ".join(f"{k} {v}" for k, v in rejected.items())
    assert listed in said or "train.txt" in said, rejected


def test_a_class_list_row_naming_a_file_through_a_link_out_of_src_reads_nothing_outside(tmp_path: Path) -> None:
    root = tmp_path / "src" / "FlickrLogos-v2"
    secret = _outside(tmp_path)
    rows = []
    for c, brand in enumerate(("HP", "adidas", "no-logo")):
        for i in range(3):
            name = f"{1000 * (c + 1) + i}.jpg"
            write_file(root / "classes" / "jpg" / brand / name, image_bytes(seed=10 * c + i))
            rows.append(f"{brand},{name}")
    os.symlink(secret, root / "classes" / "jpg" / "HP" / "1009.jpg")
    write_file(root / "trainset.txt", "\n".join(rows[::2] + ["HP,1009.jpg"]) + "\n")
    write_file(root / "testset.txt", "\n".join(rows[1::2]) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not any("1009" in k for k in written), sorted(written)
    said = " ".join(f"{k} {v}" for k, v in rejected.items())
    assert "1009" in said, rejected


def test_a_label_table_row_naming_a_link_out_of_src_is_its_reject(tmp_path: Path) -> None:
    root = tmp_path / "src"
    secret = _outside(tmp_path)
    names = _labelled(root, "images/{name}")
    os.symlink(secret, root / "images" / "img9.jpg")
    with open(root / "labels.csv", "a") as table:
        table.write("images/img9.jpg,cat\n")
    result = run(root, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "images/img9.jpg" not in written
    assert {f"images/{n}" for n in names} <= set(written)
    said = " ".join(f"{k} {v}" for k, v in rejected.items())
    assert "img9.jpg" in said and "outside" in said, rejected


def test_an_excluded_box_table_of_a_class_folder_gives_its_images_no_boxes_from_it(tmp_path: Path) -> None:
    """UEC FOOD 256's `<id>/bb_info.txt` in each class folder (`folder_tables`): one of them left out
    by --exclude is read no more than an excluded annotation file is."""
    root = tmp_path / "src"
    write_file(root / "category.txt", "id\tname\n1\trice\n2\teels on rice\n3\tpilaf\n")
    for ident in ("1", "2", "3"):
        rows = ["img x1 y1 x2 y2"]
        for i in range(3):
            stem = 100 * int(ident) + i
            write_file(root / ident / f"{stem}.jpg", image_bytes(seed=stem))
            rows.append(f"{stem} 1 1 8 12")
        write_file(root / ident / "bb_info.txt", "\n".join(rows) + "\n")
    write_file(root / "readme.txt", "UEC FOOD: each folder <id>/ holds its images and bb_info.txt.\n")
    result = run(root, tmp_path / "out", "--exclude", "2/bb_info.txt")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    from helpers.shard_io import read_shard
    from shardify.format import contract

    for shard in sorted((tmp_path / "out").glob("*.tfrecord")):
        for record in read_shard(shard):
            name = record[contract.IMAGE_FILENAME].decode()
            assert not name.startswith("2/") or not record.get(contract.OBJECT_XMIN), (name, "boxes of an excluded table")
    assert {f"{d}/{100 * int(d) + i}.jpg" for d in "123" for i in range(3)} <= set(written) | set(rejected)


def test_a_split_annotation_file_past_the_readers_bound_is_not_read_whole_at_detection(tmp_path: Path, monkeypatch) -> None:
    """iNaturalist's `train2018.json` beside its folders is read at detection (`split_annotations`);
    it was read whole whatever its size, where the reader of such files stops at 1 GiB."""
    from shardify.beam_jobs.discover import split_annotations
    from shardify.config import ConvertConfig
    from shardify.converters import label_files
    from shardify.errors import UsageError

    monkeypatch.setattr(label_files, "MAX_ANNOTATION_BYTES", 1 << 10)
    write_file(tmp_path / "src" / "train2018.json", '{"images": [' + ",".join('{"id": 1}' for _ in range(400)) + "]}")
    with pytest.raises(UsageError, match="train2018.json: larger than"):
        split_annotations._load(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")), "train2018.json")


@pytest.mark.parametrize("pattern", ["*", "**", "cat", "labels.csv"], ids=["every top name", "everything", "a class", "the labels"])
def test_an_exclude_leaving_out_what_the_run_needs_stops_or_says_so(tmp_path: Path, pattern: str) -> None:
    root = tmp_path / "src"
    names = _labelled(root, "images/{name}")
    for label in ("cat", "dog"):
        write_file(root / label / "x.jpg", image_bytes(seed=len(label)))
    result = run(root, tmp_path / "out", "--labels", str(root / "labels.csv"), "--exclude", pattern)
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    for key in written:
        assert not Excludes((pattern,))(key), (key, pattern)
    assert pattern not in ("*", "**"), (sorted(written), rejected)
    assert {f"images/{n}" for n in names} <= set(written) | set(rejected) or pattern == "labels.csv"
