"""What detection reads of the files it looks into (beam_jobs/discover/head_reads.py): each table's
header, and each file's head, once per detection, however many readings judge it (copies, then
label joins, read the same tables one after the other); a member of an archive read as a folder is read as a file.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from shardify.beam_jobs.discover import head_reads
from shardify.config import ConvertConfig
from shardify.converters import tables as tables_lib


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The formats of the tables `read_header` is asked to read, in order."""
    asked: list[str] = []
    real = tables_lib.read_header

    def counted(fileobj, fmt, *args, **kwargs):
        asked.append(fmt)
        return real(fileobj, fmt, *args, **kwargs)

    monkeypatch.setattr(tables_lib, "read_header", counted)
    return asked


def _tables(root: Path) -> ConvertConfig:
    root.mkdir()
    (root / "train.csv").write_text("id,text,label\n1,a b,x\n2,c d,y\n")
    (root / "test_labels.csv").write_text("id,label\n3,x\n")
    (root / "broken.csv").write_bytes(b"")
    return ConvertConfig(str(root), str(root.parent / "out"))


def test_each_table_is_read_once_while_detection_reads(tmp_path: Path, reads: list[str]) -> None:
    config = _tables(tmp_path / "src")
    with head_reads.reading_once():
        first = head_reads.table_headers(config, ["train.csv", "broken.csv"])
        second = head_reads.table_headers(config, ["train.csv", "test_labels.csv", "broken.csv"])
    assert len(reads) == 3  # train.csv, broken.csv (unreadable: left out, not read again), test_labels.csv
    assert set(first) == {"train.csv"} and set(second) == {"train.csv", "test_labels.csv"}
    assert second["train.csv"] == first["train.csv"] and second["train.csv"].columns == ("id", "text", "label")


def test_outside_a_detection_and_under_other_options_each_call_reads(tmp_path: Path, reads: list[str]) -> None:
    config = _tables(tmp_path / "src")
    head_reads.table_headers(config, ["train.csv"])
    head_reads.table_headers(config, ["train.csv"])
    assert len(reads) == 2
    with head_reads.reading_once():
        with_header = head_reads.table_headers(config, ["train.csv"])
        without = head_reads.table_headers(ConvertConfig(config.source, config.output, header=False), ["train.csv"])
    assert len(reads) == 4
    assert with_header["train.csv"].present and not without["train.csv"].present


def test_head_bytes_reads_a_file_or_a_member_of_an_archive_read_as_a_folder(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "notes.xml").write_bytes(b"<doc>" + b"x" * (2 * head_reads.HEAD_BYTES) + b"</doc>")
    with zipfile.ZipFile(src / "reviews.zip", "w") as archive:
        archive.writestr("reviews/train.xml", "<sentences><sentence><text>good</text></sentence></sentences>")
    config = ConvertConfig(str(src), str(tmp_path / "out"))
    assert head_reads.head_bytes(config, "notes.xml") == (b"<doc>" + b"x" * (2 * head_reads.HEAD_BYTES))[: head_reads.HEAD_BYTES]
    assert head_reads.head_bytes(config, "reviews/reviews/train.xml").startswith(b"<sentences><sentence>")
    assert head_reads.head_bytes(config, "missing.xml") == b""


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files `head_reads` opens, in order."""
    paths: list[str] = []
    real = head_reads.open_input

    def counted(path, *args, **kwargs):
        paths.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(head_reads, "open_input", counted)
    return paths


def _looked_at(config: ConvertConfig) -> tuple:
    """What the rules that look at a list read of it: its first line, lines, bytes."""
    return (head_reads.first_line(config, "train.txt"), head_reads.head_lines(config, "train.txt"),
            head_reads.head_lines(config, "train.txt", lines=1), head_reads.head_bytes(config, "train.txt", 5),
            head_reads.first_line(config, "missing.txt"), head_reads.head_lines(config, "missing.txt"),
            head_reads.head_bytes(config, "missing.txt"))


def test_each_files_head_is_read_once_while_detection_reads_and_gives_what_each_read_gave(tmp_path: Path,
                                                                                             opened: list[str]) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "train.txt").write_text("a/1.jpg 0\na/2.jpg 1\nb/3.jpg 2\n")
    config = ConvertConfig(str(src), str(tmp_path / "out"))
    each_time = _looked_at(config)
    assert opened == ["train.txt"] * 4 + ["missing.txt"] * 3  # outside a detection every call reads
    assert each_time == (b"a/1.jpg 0\n", ["a/1.jpg 0", "a/2.jpg 1", "b/3.jpg 2"], ["a/1.jpg 0"], b"a/1.j", None, [], b"")
    opened.clear()
    with head_reads.reading_once():
        assert _looked_at(config) == each_time and _looked_at(config) == each_time
    assert opened == ["train.txt", "missing.txt"]  # (a file that cannot be read is not tried again)
    opened.clear()
    assert head_reads.head_bytes(config, "train.txt", 2 * head_reads.HEAD_BYTES) == (src / "train.txt").read_bytes()
    assert opened == ["train.txt"]  # more than a head: read as asked


def test_read_once_keeps_a_reading_per_key_inside_a_detection_only() -> None:
    calls: list[str] = []

    def read(name: str):
        return lambda: calls.append(name) or len(calls)

    assert head_reads.read_once(("a",), read("a")) == 1 and head_reads.read_once(("a",), read("a")) == 2
    with head_reads.reading_once():
        assert [head_reads.read_once(key, read(key[0])) for key in (("b",), ("c",), ("b",))] == [3, 4, 3]
    assert calls == ["a", "a", "b", "c"]


def test_a_joined_texts_table_is_read_once_while_detection_judges_and_names_the_join(tmp_path: Path,
                                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """FNC-1's shape: a table of pairs naming its second text by a key into a table of texts, per split."""
    from shardify.beam_jobs.discover import detect
    from shardify.converters import joined_texts

    src = tmp_path / "src"
    src.mkdir()
    for split in ("train", "dev"):
        (src / f"evidence_{split}.tsv").write_text("evidence_id\tpassage\n" + "".join(
            f"E{k}\tPassage {k} of {split} says that the river floods every spring after the snow melts.\n" for k in range(3)))
        (src / f"claims_{split}.tsv").write_text("claim\tevidence_id\tverdict\n" + "".join(
            f"Claim {i} of {split} about the river\tE{i % 3}\t{('yes', 'no')[i % 2]}\n" for i in range(8)))
    read: list[str] = []
    real = joined_texts.read_texts
    monkeypatch.setattr(joined_texts, "read_texts", lambda fileobj, join, *args: read.append(join.texts) or real(fileobj, join, *args))
    found, _ = detect.detect_source(ConvertConfig(str(src), str(tmp_path / "out"), label_column="verdict"))
    assert sorted(j.texts for j in found.text_joins) == ["evidence_dev.tsv", "evidence_train.tsv"]
    assert sorted(read) == ["evidence_dev.tsv", "evidence_train.tsv"]  # judged, then its columns named: one read each


def test_a_json_is_judged_coco_once_while_detection_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The label file's search and the evidence's each asked it of the same files."""
    from shardify.beam_jobs.discover import coco_split_files, set_aside

    (tmp_path / "train.json").write_text('{"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [], "categories": []}')
    (tmp_path / "notes.json").write_text('{"about": "no images here"}')
    opened: list[str] = []
    real = coco_split_files.open_input
    monkeypatch.setattr(coco_split_files, "open_input", lambda path, *a, **k: opened.append(Path(path).name) or real(path, *a, **k))
    with set_aside.collecting() as noted, head_reads.reading_once():
        judged = [coco_split_files.looks_like_coco(str(tmp_path / name), name) for name in ("train.json", "notes.json") * 2]
    assert judged == [True, False, True, False] and opened == ["train.json", "notes.json"]
    assert list(noted) == ["notes.json"]  # set aside with why, as the first judging said
