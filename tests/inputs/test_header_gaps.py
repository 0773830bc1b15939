"""A header row with an empty cell, in the middle or at the end (issue 30's leftovers): recognised
as the header, never written as a record nor the table refused, where its names are the names
tables' columns usually have (`header_rows.usual_names_around_a_gap`: a spreadsheet's spacer
column), where pandas' index counts the rows below it (`index_header`), or where its rows do not
end in the separator it ends in (`named_width`). The twins: a headerless first row with an empty
cell stays data or is refused naming --header, never read as a header.

The truth is each test's own, from the rows it wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_report
from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records

_REVIEWS = [("a slow start but a moving end", "pos"), ("dull and far too long", "neg"), ("the cast shines", "pos"),
            ("nothing happens at all", "neg")]


def _texts(out: Path) -> dict[str, frozenset[str] | None]:
    got = written_records(out)
    texts = {key: text if isinstance(text, str) else text[0] for key, text in got["texts"].items()}  # (text, pair) where a pair
    return {texts[key]: labels for key, (_, labels) in got["records"].items()}


@pytest.mark.parametrize("name, header, row", [
    # the case: a spreadsheet export's empty spacer column between the text and its label
    ("train.csv", "text,,label", lambda i, text, label: f"\"{text}\",,{label}"),
    # a neighbour: the IMDB reviews table (`review,sentiment`, Kaggle's IMDB Dataset.csv) with a spacer column
    ("IMDB Dataset.csv", "review,,sentiment", lambda i, text, label: f"\"{text}\",,{label}"),
    # a neighbour: SST-2's `sentence<TAB>label` with a column of notes its header leaves unnamed
    ("dev.tsv", "sentence\t\tlabel", lambda i, text, label: f"{text}\tnote {i}\t{label}"),
    # a neighbour: pandas' `to_csv` index (`,` first) over a header with a column named "" (`,text,,label`)
    ("labels.csv", ",text,,label", lambda i, text, label: f"{i},\"{text}\",,{label}"),
    # a header ending in a separator its rows do not end in (`text,label,`: a spreadsheet's export)
    ("data.csv", "text,label,", lambda i, text, label: f"\"{text}\",{label}"),
    ("test.tsv", "sentence\tlabel\t", lambda i, text, label: f"{text}\t{label}"),
])
def test_a_header_with_an_empty_cell_is_the_header(tmp_path: Path, name: str, header: str, row) -> None:
    lines = [header] + [row(i, text, label) for i, (text, label) in enumerate(_REVIEWS)]
    write_file(tmp_path / "src" / name, "\n".join(lines) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for text, label in _REVIEWS}


def test_a_headerless_first_row_with_an_empty_cell_of_other_words_is_refused(tmp_path: Path) -> None:
    """The ambiguous twin: `Hamlet,,Shakespeare` over rows of a title, a form and an author: a header,
    or a first row of data whose middle cell is missing, cannot be told; the table is refused naming
    --header, its first row never read as a header nor written as a record."""
    rows = ["Hamlet,,Shakespeare", "Emma,novel,Austen", "Faust,play,Goethe", "Ulysses,novel,Joyce"]
    write_file(tmp_path / "src" / "works.csv", "\n".join(rows) + "\n")
    with pytest.raises(Exception) as refused:
        convert(tmp_path / "src", tmp_path / "out")
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert any("--header" in r["reason"] for r in rejected), (rejected, refused.value)


def test_a_headerless_first_row_ending_in_an_empty_cell_stays_data(tmp_path: Path) -> None:
    """The twin at the end: a headerless table whose rows all end in the separator; its first row's
    label comes again below, so it is data: a record like the others, never the header."""
    rows = [f"\"{text}\",{label}," for text, label in _REVIEWS]
    write_file(tmp_path / "src" / "train.csv", "\n".join(rows) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", text_column="1", label_column="2", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for text, label in _REVIEWS}
