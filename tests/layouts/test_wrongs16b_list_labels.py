"""Label cells written as list literals are multi-label sets (issue 30, blind round sixteen).

The arXiv abstracts table of the Keras multi-label example (arxiv_data.csv `titles,summaries,terms`,
terms `['cs.LG', 'cs.AI']`) wrote each list literal as ONE label. A column every non-empty cell of
which is a flat list literal is read now as several labels a cell (`converters/list_cells`).
Neighbours from their documented layouts: Reuters-21578 ModApte as the Hugging Face `reuters21578`
builder's rows exported with pandas (`text,topics,title`, topics `['grain', 'wheat']`, `[]` for a
story with no topic: a record with no class), and a TSV whose label cells are JSON lists
(`["Drama", "Comedy"]`), and JSON objects of `{id: name}` (the CMU Movie Summary corpus's genres: the names
the labels). The twins: a column with one plain cell among the lists stays a label a
cell; and the arXiv table's first command still stops (a title beside its body is no pair).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, csv_text, write_file
from helpers.unseen_judge import written_records
from shardify.converters.list_cells import list_column
from shardify.errors import UsageError

_WORDS = "markets rose as grain prices fell while the central bank held rates and wheat exports grew".split()


def _text(seed: int, n: int = 12) -> str:
    return " ".join(_WORDS[(seed * 5 + k * 3) % len(_WORDS)] for k in range(n)).capitalize() + "."


def _labels(out: Path) -> dict[str, frozenset[str] | None]:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


_TOPICS = [["earn"], ["grain", "wheat"], [], ["acq"], ["grain", "corn", "wheat"], ["earn"], ["crude"], ["acq", "earn"]]


def test_reuters_topics_lists_are_label_sets(tmp_path: Path) -> None:
    rows = [["text", "topics", "title"]] + [[_text(i), repr(t), f"Story {i}"] for i, t in enumerate(_TOPICS)]
    write_file(tmp_path / "src" / "reuters_train.csv", csv_text(rows))
    got = _labels(convert(tmp_path / "src", tmp_path / "out", text_column="text", label_column="topics"))
    assert got == {f"reuters_train.csv:{i}": frozenset(t) or None for i, t in enumerate(_TOPICS)}


def test_json_list_cells_in_a_tsv_are_label_sets(tmp_path: Path) -> None:
    genres = [["Drama"], ["Comedy", "Romance"], ["Drama", "Thriller"], ["Horror"], ["Comedy"], ["Action", "Drama"]]
    lines = ["plot\tgenre"] + [f"{_text(i, 14)}\t{'[' + ', '.join(chr(34) + g + chr(34) for g in gs) + ']'}" for i, gs in enumerate(genres)]
    write_file(tmp_path / "src" / "plots.tsv", "\n".join(lines) + "\n")
    with pytest.raises(UsageError, match=r"--label-column 'genre'"):  # no column named as the label: its name is the user's
        convert(tmp_path / "src", tmp_path / "out")
    got = _labels(convert(tmp_path / "src", tmp_path / "out2", label_column="genre"))
    assert got == {f"plots.tsv:{i}": frozenset(x.lower() for x in g) for i, g in enumerate(genres)}  # (names compared folded)


def test_json_objects_of_ids_to_names_are_label_sets(tmp_path: Path) -> None:
    # the CMU Movie Summary corpus's genres cell, Freebase ids to names (movie.metadata.tsv's ninth column)
    genres = [{"/m/07s9rl0": "Drama"}, {"/m/01z4y": "Comedy", "/m/02l7c8": "Romance Film"}, {}, {"/m/03npn": "Horror"}]
    lines = ["summary\tgenres"] + [f"{_text(i, 14)}\t{json.dumps(g)}" for i, g in enumerate(genres)]
    write_file(tmp_path / "src" / "movies.tsv", "\n".join(lines) + "\n")
    got = _labels(convert(tmp_path / "src", tmp_path / "out", label_column="genres"))
    assert got == {f"movies.tsv:{i}": frozenset(v.lower() for v in g.values()) or None for i, g in enumerate(genres)}


def test_arxiv_first_command_stops_naming_label_and_text(tmp_path: Path) -> None:
    rows = [["titles", "summaries", "terms"]] + [[f"Deep Nets {i}", _text(i, 20), repr(t)] for i, t in
                                                  enumerate([["cs.LG"], ["cs.LG", "cs.AI"], ["cs.CV", "stat.ML"]] * 3)]
    write_file(tmp_path / "src" / "arxiv_data.csv", csv_text(rows))
    with pytest.raises(UsageError, match=r"--label-column 'terms'.*--text-column 'summaries'"):
        convert(tmp_path / "src", tmp_path / "out")
    got = _labels(convert(tmp_path / "src", tmp_path / "out2", label_column="terms", text_column="summaries"))
    assert got["arxiv_data.csv:1"] == frozenset({"cs.lg", "cs.ai"}) and len(got) == 9


@pytest.mark.parametrize("cells, expected", [
    (["['cs.LG', 'cs.AI']", "['cs.CV']", "[]"], True),
    (['["Drama"]', "Comedy"], False),  # one plain cell: a label a cell
    (['[{"id": 28, "name": "Action"}]', "[]"], False),  # TMDB's genres: objects, no names
    (["[0.5, 0.2]"], False),  # scores
    (['{"/m/07s9rl0": "Drama"}', '{"/m/01z4y": "Comedy"}'], True),  # ids to names
    (['{"x": 1.5}'], False),  # an object of numbers
])
def test_only_flat_lists_of_names_are_label_sets(cells: list[str], expected: bool) -> None:
    assert list_column(cells) is expected
