"""review28: the last session's rules (label_file_splits, split_cells, ...) tried on neighbours, near misses and twins.

A label table's column named as its splits (`split`, `partition`, a flag `is_train`) whose cells are codes no split
word reads (A/B/C, 0/1) was passed over: every image written as train with exit 0, the splits lost. It now stops
before writing, naming the column, its codes and the layout file's `split codes` evidence, which reads it right.
Near misses: such a column beside split folders (it repeats them), a `set` column of distinct values (no codes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_CODES = ("A", "B", "C")


def _label(i: int) -> str:
    return ("cat", "dog")[i % 2]


def _coded(src: Path, table: str = "labels.csv", column: str = "split", codes: tuple[str, ...] = _CODES) -> None:
    for i in range(30):
        image_file(src / "imgs" / f"{i}.jpg", f"img{i}")
    text_file(src / table, f"image,label,{column}\n" + "".join(f"{i}.jpg,{_label(i)},{codes[i % len(codes)]}\n" for i in range(30)))


@pytest.mark.parametrize(("table", "column", "codes"), [
    ("labels.csv", "split", _CODES), ("labels.csv", "is_train", ("1", "0")), ("annotations.csv", "partition", ("0", "1", "2"))])
def test_a_split_column_of_codes_stops_naming_its_codes(tmp_path: Path, table: str, column: str, codes: tuple[str, ...]) -> None:
    """A found label file's or keyed table's split column of codes: its meaning asked, never every image train."""
    _coded(tmp_path / "src", table, column, codes)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert f"{table} names the inputs" in said and f"column {column!r}" in said
    assert "kind: split codes" in said and f"variable: {column}" in said and all(f"{code}: SPLIT" in said for code in codes)


def test_the_layout_file_the_stop_names_converts_right(tmp_path: Path) -> None:
    """The stop is a good one: its layout file evidence, codes filled in, writes each image in its split."""
    src, layout = tmp_path / "src", tmp_path / "layout.yaml"
    _coded(src)
    said = refusal(src, tmp_path / "stopped")
    evidence = said[said.index("{path: labels.csv"):said.index("}, each SPLIT") + 1]
    evidence = evidence.replace("A: SPLIT", "A: train").replace("B: SPLIT", "B: validation").replace("C: SPLIT", "C: test")
    layout.write_text("shardify_layout: 1\nlayout: label_file\nmedia: image\nlabels_file: labels.csv\nlabel_key: name\n"
                      f"evidence:\n  - {evidence}\n", encoding="utf-8")
    result = run_shardify("convert", str(src), str(tmp_path / "out"), "--layout-file", str(layout))
    assert result.returncode == 0, result.stderr
    records = written_records(tmp_path / "out")["records"]
    assert records["imgs/4.jpg"] == ("validation", frozenset({"cat"}))
    assert records["imgs/5.jpg"] == ("test", frozenset({"dog"}))
    assert records["imgs/9.jpg"] == ("train", frozenset({"dog"}))
    assert len(records) == 30


def test_a_coded_column_beside_split_folders_repeats_them(tmp_path: Path) -> None:
    """Near miss: split folders give the splits; the column of codes repeats them and nothing stops."""
    src = tmp_path / "src"
    for i in range(30):
        image_file(src / ("train", "test")[i % 2] / f"{i}.jpg", f"img{i}")
    text_file(src / "labels.csv", "image,label,split\n" + "".join(f"{i}.jpg,{_label(i)},{i % 2}\n" for i in range(30)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert records["test/5.jpg"] == ("test", frozenset({"dog"})) and records["train/4.jpg"] == ("train", frozenset({"cat"}))
    assert len(records) == 30


def test_a_set_column_of_words_is_an_attribute_not_codes(tmp_path: Path) -> None:
    """Near miss: a `set` column of repeated words (Fashion Product Images' `usage`: Casual, Ethnic) asks nothing."""
    _coded(tmp_path / "src", column="set", codes=("Casual", "Ethnic", "Sports"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert records["imgs/5.jpg"] == ("train", frozenset({"dog"})) and len(records) == 30


def test_a_set_column_of_distinct_values_is_no_split_column(tmp_path: Path) -> None:
    """Near miss: a `set` column whose cells all differ (a photo's session id) holds no codes: labels right, one split."""
    _coded(tmp_path / "src", codes=tuple(f"session{i}" for i in range(30)))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert {split for split, _ in records.values()} == {"train"} and len(records) == 30
    assert records["imgs/7.jpg"] == ("train", frozenset({"dog"}))


def _markup_lines(src: Path, tags: tuple[str, ...]) -> None:
    for name in ("positive.txt", "negative.txt"):
        text_file(src / name, "".join(f"<{tags[(i + len(name)) % len(tags)]}>the {name[:3]} review {i} reads well"
                                      f"</{tags[(i + len(name)) % len(tags)]}>\n" for i in range(8)))


def test_lines_wrapped_in_html_markup_keep_their_files_classes(tmp_path: Path) -> None:
    """Near miss of tagged_lines: `<p>`, `<div>`, `<li>` around review lines are markup, no classes: read a class
    per file, as one tag throughout is (the stop had named p, div and li as the lines' classes)."""
    _markup_lines(tmp_path / "src", ("p", "div", "li"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert {labels for _, labels in records.values()} == {frozenset({"positive"}), frozenset({"negative"})}
    assert len(records) == 16


def test_class_tags_among_markup_still_stop(tmp_path: Path) -> None:
    """Hostile twin: emotion tags mixed with a markup tag are still classes in the lines: the stop names them."""
    _markup_lines(tmp_path / "src", ("joy", "p", "anger"))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "joy" in said and "anger" in said and "positive.txt" in said
