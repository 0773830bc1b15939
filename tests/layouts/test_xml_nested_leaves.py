"""Leaves of text nested below an XML record's children are cells, never dropped unseen.

`converters/xml_records.py` read a record's direct children, the attributes of the elements below them and its
label groups (`<topics><d0>..`); a leaf of text one level further down (`<meta><genre>Drama</genre></meta>`, the
Blurb Genre Collection's `<metadata><author>..</author><isbn>..</isbn>`) was dropped without a word, so a document
whose only label sat there converted every record unlabelled with exit 0. Each such leaf is now a cell of its
name (`<parent>_<tag>` where the name is taken), a list where it repeats in a record, and the table machinery
offers it as any column: a genre-like column stops naming `--label-column`, and following it converts right.
"""

from __future__ import annotations

from pathlib import Path

from helpers.made_files import text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import xml_records

_GENRES = ("Drama", "Comedy", "Horror")


def _reviews(n: int = 12, wrap: str = "meta") -> str:
    rows = "".join(f'<review id="{i}"><text>Review {i} of a film that felt {("slow", "light", "tense")[i % 3]} at {90 + i} '
                   f"minutes.</text><{wrap}><genre>{_GENRES[i % 3]}</genre><author>Critic {i % 4}</author></{wrap}></review>\n"
                   for i in range(n))
    return f"<reviews>\n{rows}</reviews>\n"


def test_a_nested_genre_stops_naming_its_column_where_it_was_dropped_with_exit_0(tmp_path: Path) -> None:
    text_file(tmp_path / "src" / "reviews.xml", _reviews())
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column 'genre'" in said and "reviews.xml" in said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_following_the_stop_labels_every_record_by_its_nested_genre(tmp_path: Path) -> None:
    text_file(tmp_path / "src" / "reviews.xml", _reviews())
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="genre"))
    got = written_records(tmp_path / "out")
    by_text = {got["texts"][rid]: labels for rid, (_, labels) in got["records"].items()}
    assert len(by_text) == 12
    for text, labels in by_text.items():
        number = int(text.split()[1])
        assert labels == frozenset({_GENRES[number % 3].lower()})  # (written_records compares labels lower-cased)


def test_a_neighbour_s_metadata_leaves_are_cells_beside_its_label_group() -> None:
    # the Blurb Genre Collection's shape: <metadata> holds the <topics> group and leaves of text
    book = ("<book><body>{body}</body><metadata><topics><d0>Fiction</d0></topics><author>{author}</author>"
            "<isbn>97800000000{i}</isbn></metadata></book>")
    doc = "<books>" + "".join(book.format(body=f"Blurb {i}.", author=f"A. Writer {i}", i=i) for i in range(3)) + "</books>"
    rows = xml_records.records(doc.encode())
    assert [(r["body"], r["topics"], r["author"], r["isbn"]) for r in rows] == [
        (f"Blurb {i}.", ["Fiction"], f"A. Writer {i}", f"97800000000{i}") for i in range(3)]


def test_hostile_twins_repeats_are_lists_and_taken_names_are_prefixed() -> None:
    doc = (b"<docs><doc><text>One.</text><genre>top</genre><meta><genre>A</genre><genre>B</genre></meta></doc>"
           b"<doc><text>Two.</text><genre>top</genre><meta></meta></doc></docs>")
    rows = xml_records.records(doc)
    assert [(r["genre"], r["meta_genre"]) for r in rows] == [("top", ["A", "B"]), ("top", [])]


def test_paragraph_markup_and_label_group_children_give_no_cells_of_their_own() -> None:
    doc = (b'<articles><article id="1"><p>See <a href="x">this</a> and <b>that</b>.</p><tags><t>x</t></tags></article>'
           b'<article id="2"><p>Plain.</p><tags><t>y</t></tags></article></articles>')
    rows = xml_records.records(doc)
    assert [sorted(r) for r in rows] == [["id", "tags", "text"]] * 2
    assert [r["tags"] for r in rows] == [["x"], ["y"]]


def test_markup_inside_a_text_child_gives_no_cell() -> None:
    doc = (b"<docs><doc><body>A <i>bold</i> claim.</body><meta><genre>x</genre></meta></doc>"
           b"<doc><body>Plain.</body><meta><genre>y</genre></meta></doc></docs>")
    assert [sorted(r) for r in xml_records.records(doc)] == [["body", "genre"]] * 2
