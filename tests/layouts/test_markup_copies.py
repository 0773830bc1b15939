"""Two text columns of which one is the other rendered as a markup page (issue 30, blind round 19's
resume dataset: `ID,Resume_str,Resume_html,Category`): the plain column is the record's text and
the page is left out, named in the plan (converters/markup_copies.py). They were written together
as a text and its `text/pair`, wrong with exit 0. Twins keep their behaviour: a sentence pair stays
a pair (also where one side holds tags but other words), and a table whose only text is HTML is
read as it was.

The truth is each test's own, from the files it wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.sources import convert, csv_text, write_file
from helpers.unseen_judge import written_records

_PEOPLE = [("HR ADMINISTRATOR Summary Dedicated people person with ten years of payroll work", "HR"),
           ("CHEF Summary Line cook turned head chef running a busy brasserie kitchen", "CHEF"),
           ("TEACHER Summary Primary school teacher of maths and reading for young pupils", "TEACHER"),
           ("HR MANAGER Summary Led hiring for three regional offices and their staff", "HR"),
           ("CHEF Summary Pastry chef trained in Lyon with a love of sourdough breads", "CHEF"),
           ("ACCOUNTANT Summary Chartered accountant closing monthly books for retailers", "ACCOUNTANT")]


def _page(text: str, n: int) -> str:
    """A scraped page of `text`: classes and styles on its divs, its first two words a heading."""
    head, _, rest = text.partition(" Summary ")
    return (f'<div class="fontsize fontface" id="document"><div class="section" id="SECTION_{n}" '
            f'style="padding-top:0px;"><div class="heading">{head}</div><p>Summary</p><span>{rest}</span></div></div>')


@pytest.fixture(scope="module")
def resumes(tmp_path_factory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("resumes")
    rows = [["ID", "Resume_str", "Resume_html", "Category"]]
    rows += [[str(1000 + n), text, _page(text, n), label] for n, (text, label) in enumerate(_PEOPLE)]
    write_file(root / "src/Resume/Resume.csv", csv_text(rows))
    return root, run_shardify("convert", str(root / "src"), str(root / "out"), "--max-rejects", "0")


def test_a_text_beside_its_page_is_the_text(resumes) -> None:
    root, result = resumes
    assert result.returncode == 0, result.stderr
    got = written_records(root / "out")
    assert got["texts"] == {f"Resume/Resume.csv:{n}": text for n, (text, _) in enumerate(_PEOPLE)}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"Resume/Resume.csv:{n}": frozenset({label.casefold()}) for n, (_, label) in enumerate(_PEOPLE)}  # (labels are compared casefolded)


def test_the_plan_names_the_page_as_left_out(resumes) -> None:
    _, result = resumes
    said = result.stdout + result.stderr
    assert "Resume_html" in said and "markup page" in said


def test_a_description_beside_its_html_with_entities_is_the_description(tmp_path: Path) -> None:
    # a shop's export (JSON lines): `description` plain, `description_html` the same with entities and <br/>
    items = [("Kettle & toaster set, brushed steel finish with a two year warranty", "kitchen"),
             ("Garden hose of thirty metres with brass fittings & a wall reel", "garden"),
             ("Oak bookshelf, five shelves, flat packed with fixings & tools", "furniture"),
             ("Enamel casserole dish & lid, oven safe to two hundred and fifty degrees", "kitchen")]
    lines = [{"sku": f"A{n}", "description": text, "description_html":
              "<p>" + text.replace("&", "&amp;").replace(", ", ",<br/>") + "</p>", "department": dept}
             for n, (text, dept) in enumerate(items)]
    write_file(tmp_path / "src/items.jsonl", "".join(json.dumps(line) + "\n" for line in lines))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0", label_column="department"))
    assert got["texts"] == {f"items.jsonl:{n}": text for n, (text, _) in enumerate(items)}


def test_a_sentence_pair_stays_a_pair(tmp_path: Path) -> None:
    pairs = [("A man plays a guitar on stage.", "A person makes music.", "entailment"),
             ("Two dogs run across a snowy field.", "The cats are asleep indoors.", "contradiction"),
             ("A woman reads a book in a park.", "She is waiting for a friend.", "neutral"),
             ("Children build a sandcastle at the beach.", "Kids are outside.", "entailment")]
    write_file(tmp_path / "src/nli.csv", csv_text([["premise", "hypothesis", "label"], *map(list, pairs)]))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"nli.csv:{n}": (p, h) for n, (p, h, _) in enumerate(pairs)}


def test_a_pair_whose_second_side_holds_other_words_in_tags_stays_a_pair(tmp_path: Path) -> None:
    # (no pair names: found by content) the tagged side's words are not the plain side's
    pairs = [("how do I centre a div in a page layout", "<p>Use <code>margin: auto</code> on a block with a width</p>"),
             ("why is my loop never ending in python", "<p>The counter is never <b>incremented</b> inside it</p>"),
             ("what does a null pointer error mean here", "<p>An object was used <i>before</i> it was created</p>"),
             ("can a list hold items of several types", "<p>Yes, <code>list</code> holds any objects at all</p>")]
    write_file(tmp_path / "src/qa.csv", csv_text([["asked", "answered"], *map(list, pairs)]))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"qa.csv:{n}": pair for n, pair in enumerate(pairs)}


def test_a_table_whose_only_text_is_html_is_read_as_before(tmp_path: Path) -> None:
    pages = [(f"<div><p>{text}</p></div>", label) for text, label in _PEOPLE]
    write_file(tmp_path / "src/pages.csv", csv_text([["page_html", "label"], *map(list, pages)]))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"pages.csv:{n}": page for n, (page, _) in enumerate(pages)}


def test_a_title_beside_its_article_page_stays_a_pair(tmp_path: Path) -> None:
    # a news scrape: `title` plain, `article_html` a page whose <h1> repeats the title above the article's
    # paragraphs: the page holds the title's words, but many more; read as its copy, the article was left
    # out and only the title written, exit 0. Not a copy, the two are what the rule on spans judges: a
    # stop naming --text-column (the title lies within the article), or the pair; never the title alone
    words = ["market", "shares", "rallied", "after", "the", "central", "bank", "held", "rates", "steady", "while", "traders", "weighed", "data", "on", "jobs"]
    rows = []
    for n in range(6):
        title = " ".join(words[(n * 3 + k) % len(words)] for k in range(7)).capitalize()
        body = " ".join(words[(n * 5 + k) % len(words)] for k in range(40))
        rows.append([title, f'<article><h1 class="hd">{title}</h1><p>{body}</p></article>', ("markets", "economy")[n % 2]])
    write_file(tmp_path / "src/news.csv", csv_text([["title", "article_html", "label"], *rows]))
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--max-rejects", "0")
    if result.returncode:
        assert result.returncode == 2 and "--text-column" in result.stderr and "article_html" in result.stderr, result.stderr
        return
    got = written_records(tmp_path / "out")
    assert got["texts"] == {f"news.csv:{n}": (title, page) for n, (title, page, _) in enumerate(rows)}


def test_a_plain_column_with_one_left_over_entity_is_still_the_text(tmp_path: Path) -> None:
    # a scrape's plain text keeps an entity now and then (`R&amp;D`): one such cell among the sampled rows
    # made the plain column 'markup' too, and the text and its page were written as a pair, exit 0
    people = [(text.replace("ten years", "ten years of R&amp;D") if n == 0 else text, label) for n, (text, label) in enumerate(_PEOPLE)]
    rows = [["ID", "Resume_str", "Resume_html", "Category"]]
    rows += [[str(1000 + n), text, _page(text, n), label] for n, (text, label) in enumerate(people)]
    write_file(tmp_path / "src/Resume/Resume.csv", csv_text(rows))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"Resume/Resume.csv:{n}": text for n, (text, _) in enumerate(people)}
