"""Rootless pseudo-XML records beyond `.review` (pseudoxml31).

- the Blurb Genre Collection's `BlurbGenreCollection_EN_{train,dev,test}.txt` (batch 34's blurb_genre): rootless
  `<book>` records holding `<title>`, `<body>` and `<metadata><topics><d0>..</d0><d1>..</d1></topics>`. Was a stop
  naming nothing that converts ("holds files but no class folders"); the same records named `.review` converted with
  exit 0, each book's title its text, its blurb a pair, no genres. Now a .txt whose first bytes are rootless pseudo-XML
  records is an XML document of records (beam_jobs/discover/xml_record_files.py, converters/tables.py), a label group's
  children are one list cell of every level (converters/xml_records.py, LABEL_GROUP_NAMES), and a record whose
  children a pair's names name (title, body) stops naming --text-column 'body' and --label-column 'topics'
  (beam_jobs/discover/xml_record_texts.py); with both it converts right.
- neighbours: the Multi-Domain `.review` files (title beside review_text, no pair) still right; a rootless `.txt` of
  `<doc>` records with a `<text>` and `<classes><class>..` (other names, no title) stops naming --label-column 'classes'.
- hostile twins: an unclosed record (its file rejected saying why), a first record longer than the head read (no
  records seen: a stop, nothing written), `&amp;`, `&#38;` and a bare `&` read as `&`, a tag inside the body (that
  record rejected naming 'body', not read through the markup: left as it is).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind29, blind34
from helpers.made_files import text_file
from helpers.refusals import refusal
from helpers.shard_io import read_report
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import xml_records
from shardify.errors import ShardifyError
from shardify.format import naming

_BLURB = {"label_column": "topics", "text_column": "body"}


def _book(title: str, body: str, genres: list[str]) -> str:
    topics = "".join(f"<d{i}>{g}</d{i}>" for i, g in enumerate(genres))
    return (f'<book date_inserted="2018-03-10 10:07:43" xml:lang="en">\n<title>{title}</title>\n<body>{body}</body>\n'
            f"<copyright>(c) House</copyright>\n<metadata>\n<topics>{topics}</topics>\n<author>A. Writer</author>\n"
            "<isbn>9780000000001</isbn>\n</metadata>\n</book>\n")


_BOOKS = [("Quiet Falcon", "A detective returns to the valley where it began.", ["Fiction", "Mystery & Suspense"]),
          ("Copper Garden", "Recipes from a kitchen garden, season by season.", ["Nonfiction", "Cooking"]),
          ("Ember Letter", "Two sisters write across an ocean and a war.", ["Fiction", "Literary Fiction"])]


def _blurbs(src: Path, books=_BOOKS, name: str = "Blurbs_EN_{}.txt") -> None:
    for split in ("train", "test"):
        text_file(src / name.format(split), "".join(_book(*b) for b in books))
    text_file(src / "hierarchy.txt", "Fiction\tMystery & Suspense\nNonfiction\tCooking\n")


def _by_text(out: Path) -> dict[str, frozenset | None]:
    got = written_records(out)
    return {got["texts"][rid]: labels for rid, (_, labels) in got["records"].items()}


@pytest.fixture(scope="module")
def blurb_truth(tmp_path_factory: pytest.TempPathFactory):
    return blind34.DATASETS["blurb_genre"](tmp_path_factory.mktemp("blurb") / "download")


def test_blurb_genre_stops_naming_the_body_and_the_topics(blurb_truth, tmp_path: Path) -> None:
    said = refusal(blurb_truth.root, tmp_path / "out")
    assert "--text-column 'body'" in said and "--label-column 'topics'" in said
    assert "BlurbGenreCollection_EN_train.txt" in said


def test_blurb_genre_converts_right_with_the_options_the_stop_names(blurb_truth, tmp_path: Path) -> None:
    run_conversion(ConvertConfig(str(blurb_truth.root), str(tmp_path / "out"), **_BLURB))
    assert_right(blurb_truth, tmp_path / "out", blind34.SPECS["blurb_genre"].aliases)


def test_the_same_records_named_review_never_convert_the_titles_with_exit_0(tmp_path: Path) -> None:
    # the latent wrong exit 0: train.review and test.review of <book> records
    _blurbs(tmp_path / "src", name="{}.review")
    (tmp_path / "src" / "hierarchy.txt").unlink()
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--text-column 'body'" in said and "--label-column 'topics'" in said


def test_a_label_group_is_one_cell_of_every_level() -> None:
    rows = xml_records.records(("".join(_book(*b) for b in _BOOKS)).encode())
    assert [r["topics"] for r in rows] == [b[2] for b in _BOOKS]
    assert [r["body"] for r in rows] == [b[1] for b in _BOOKS]


def test_multi_domain_reviews_still_convert_right(tmp_path: Path) -> None:
    truth = blind29.DATASETS["multi_domain"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out", blind29.SPECS["multi_domain"].aliases)


def _doc(text: str, classes: list[str]) -> str:
    return (f"<doc id=\"{len(text)}\">\n<headline>Markets today</headline>\n<text>{text}</text>\n<classes>"
            + "".join(f"<class>{c}</class>" for c in classes) + "</classes>\n</doc>\n")


_DOCS = [("Grain prices rose after the harvest report.", ["grain", "markets"]),
         ("The central bank held its rate steady.", ["rates"]),
         ("Crude output fell for a third month.", ["crude", "markets"])]


def test_a_neighbour_of_other_names_stops_naming_its_label_group_then_converts(tmp_path: Path) -> None:
    text_file(tmp_path / "src" / "news.txt", "".join(_doc(*d) for d in _DOCS))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column 'classes'" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out2"), label_column="classes"))
    assert _by_text(tmp_path / "out2") == {t: frozenset(c) for t, c in _DOCS}


def test_entities_and_bare_ampersands_read_as_the_text(tmp_path: Path) -> None:
    books = [("A", "Salt &amp; pepper, then more.", ["Cooking"]), ("B", "Bread & butter for two.", ["Cooking"]),
             ("C", "Knives, boards &#38; pans.", ["Home"])]
    _blurbs(tmp_path / "src", books)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **_BLURB))
    assert set(_by_text(tmp_path / "out")) == {"Salt & pepper, then more.", "Bread & butter for two.", "Knives, boards & pans."}


def test_an_unclosed_record_rejects_its_file_saying_why(tmp_path: Path) -> None:
    _blurbs(tmp_path / "src")
    text_file(tmp_path / "src" / "Blurbs_EN_dev.txt", "".join(_book(*b) for b in _BOOKS).replace("</book>", "", 1))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **_BLURB, max_rejects="50%"))
    rejects = read_report(tmp_path / "out", naming.REJECTS_FILENAME)
    assert [r["path"] for r in rejects] == ["Blurbs_EN_dev.txt"] and "unreadable XML" in rejects[0]["reason"]
    assert set(_by_text(tmp_path / "out")) == {b[1] for b in _BOOKS}


def test_a_first_record_longer_than_the_head_stops(tmp_path: Path) -> None:
    huge = " ".join(["word"] * (xml_records.HEAD_BYTES // 4))
    text_file(tmp_path / "src" / "Blurbs_EN_train.txt", _book("Long", huge, ["Fiction"]) + "".join(_book(*b) for b in _BOOKS))
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_tag_inside_the_body_rejects_its_record_never_a_silent_text(tmp_path: Path) -> None:
    # (its text is not read through the inline markup: the record is its file's reject, saying so)
    books = [("A", "Read <i>this</i> one twice.", ["Fiction"]), *_BOOKS[1:]]
    _blurbs(tmp_path / "src", books)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **_BLURB, max_rejects="50%"))
    assert set(_by_text(tmp_path / "out")) == {b[1] for b in _BOOKS[1:]}
    rejects = read_report(tmp_path / "out", naming.REJECTS_FILENAME)
    assert len(rejects) == 2 and all("'body'" in r["reason"] and r["row"] == 1 for r in rejects)
