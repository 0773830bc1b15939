"""Useless stops turned into good stops, by kind (issue 30, readers30).

- a table's label column of short tags joined by ',', '|' or ';' that repeat from row to row (MPST's `tags`,
  `murder, violence`, tests/helpers/blind31_texts.py; a questions table's `python|pandas`) is a multi-label
  column: read whole, each combination was a class (exit 0), and where every sampled cell differed the stop offered
  another column (MPST's `synopsis_source`). It stops naming --label-column with --label-separator, and
  --text-column where two texts would be read as a pair (converters/joined_tags.py); the message's own options
  convert right.
"""

from __future__ import annotations

import csv
import doctest
import io
import re
from pathlib import Path

import pytest

from helpers.blind31 import DATASETS as BLIND31
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import records_by_split
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import joined_tags

_TAGS = ["python", "pandas", "numpy", "regex", "flask", "django"]


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(joined_tags).failed == 0


def _options(message: str) -> dict[str, str]:
    """The first `--label-column`, `--label-separator` and `--text-column` a stop names, as ConvertConfig's keywords."""
    found = {}
    for option, value in re.findall(r"--(label-column|label-separator|text-column) '([^']*)'", message):
        found.setdefault(option.replace("-", "_"), value)
    return found


def _csv(rows: list[list[object]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


def _questions(root: Path, separator: str = "|", title: bool = False) -> dict[str, set[str]]:
    # A neighbour in no batch: a questions table (Id, [Title,] Body, Tags), tags '|'-joined, some rows sharing a set
    head = ["Id", *(["Title"] if title else []), "Body", "Tags"]
    rows, truth = [head], {}
    for i in range(12):
        tags = sorted({_TAGS[(i + 2 * k) % 6] for k in range(1 + i % 3)})
        body = f"How do I make question {i} work when the loop over item {i} keeps failing on the last step?"
        rows.append([1000 + i, *([f"Loop {i} fails"] if title else []), body, separator.join(tags)])
        truth[body] = set(tags)
    _text(root / "questions.csv", _csv(rows))
    return truth


def _labels(out: Path) -> dict[str, set[str]]:
    labels = {}
    for record in records_by_split(out)["train"]:
        names = record["text/class/text"]
        labels[record["text"].decode()] = {n.decode() for n in (names if isinstance(names, list) else [names])}
    return labels


def test_mpst_stops_naming_the_options_that_convert_it_right(tmp_path: Path) -> None:
    truth = BLIND31["mpst"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "synopsis_source" not in message
    options = _options(message)
    assert options == {"label_column": "tags", "label_separator": ",", "text_column": "plot_synopsis"}, message
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **options))
    assert_right(truth, tmp_path / "followed")


@pytest.mark.parametrize("separator", ["|", ";"])
def test_a_neighbour_questions_table_of_joined_tags_stops_and_its_options_read_each_tag(tmp_path: Path, separator: str) -> None:
    truth = _questions(tmp_path / "src", separator)
    message = refusal(tmp_path / "src", tmp_path / "out")
    options = _options(message)
    assert options == {"label_column": "Tags", "label_separator": separator}, message  # one text: no --text-column
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), **options))
    assert _labels(tmp_path / "followed") == truth


def test_the_neighbour_with_a_title_names_the_body_as_the_text(tmp_path: Path) -> None:
    truth = _questions(tmp_path / "src", title=True)
    options = _options(refusal(tmp_path / "src", tmp_path / "out"))
    assert options == {"label_column": "Tags", "label_separator": "|", "text_column": "Body"}
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), **options))
    assert _labels(tmp_path / "followed") == truth


def test_separator_none_keeps_each_joined_cell_one_label(tmp_path: Path) -> None:
    truth = _questions(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="Tags", label_separator="none"))
    assert _labels(tmp_path / "out") == {body: {"|".join(sorted(tags))} for body, tags in truth.items()}


def test_the_hostile_twin_of_unique_phrases_with_commas_is_no_tag_column(tmp_path: Path) -> None:
    # `tags` cells that are each a sentence with a comma, nothing repeated: no tags, the id-or-text stop as before
    rows = [["id", "text", "tags"]]
    for i in range(10):
        rows.append([i, f"review number {i} of the long list of things that were said over the years here",
                     f"it rained on day {i}, then the wind came from the sea again"])
    _text(tmp_path / "src" / "reviews.csv", _csv(rows))
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-separator" not in message and "differs" in message


def test_the_hostile_twin_of_one_label_a_cell_converts_as_before(tmp_path: Path) -> None:
    # class names alone (no cell joins two): read as one label a cell, no stop
    rows = [["text", "label"]] + [[f"the {i}th message about things that happened", ("spam", "ham", "promo")[i % 3]]
                                  for i in range(12)]
    _text(tmp_path / "src" / "messages.csv", _csv(rows))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert {n for v in _labels(tmp_path / "out").values() for n in v} == {"spam", "ham", "promo"}


def test_joined_separator_wants_repeats_short_items_and_most_cells_joined() -> None:
    assert joined_separator_of(["a|b", "c|d", "e|f"]) == ""  # nothing repeats: ids, no tags
    assert joined_separator_of(["x, 3", "y, 4", "x, 5"]) == ""  # a number is no tag
    assert joined_separator_of(["cat", "dog", "cat, dog"]) == ""  # one cell in three joined: names with a comma now and then
    assert joined_separator_of(["cat, dog", "dog, bird", "cat"]) == ","


def joined_separator_of(cells: list[str]) -> str:
    return joined_tags.joined_separator(cells)


def test_the_hostile_twin_of_list_literals_is_read_as_lists_not_split(tmp_path: Path) -> None:
    # `['cs.LG', 'cs.AI']` cells (the arXiv abstracts table, blind16): commas inside a list literal, parsed, never a
    # --label-separator ',' (which would have cut "['cs.LG'" from "'cs.AI']")
    rows, truth = [["text", "tags"]], {}
    for i in range(12):
        tags = sorted({_TAGS[(i + 2 * k) % 6] for k in range(1 + i % 3)})
        text = f"an abstract about method {i} and the results it gives on the usual benchmarks"
        rows.append([text, repr(tags)])
        truth[text] = set(tags)
    _text(tmp_path / "src" / "abstracts.csv", _csv(rows))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == truth
