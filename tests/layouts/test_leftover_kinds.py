"""Kinds of fault a note left alone (issue 30), each on the case that showed it, two neighbours of
documented layouts, and a twin that must not change or must stop:

- a header row with an empty cell between its names (`id<TAB><TAB>label`): read as data, its
  names became a record. Where a named column holds numbers on every row below (`id` over 1, 2,
  3), the row is the header and the gap is named as pandas names it (`Unnamed: 1`); where none
  does, whether it is a header cannot be told and the table is refused naming `--header`;

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_report
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records

# ---- a header with an empty cell between its names -----------------------------------------------------------

_REVIEWS = [("a slow start but a moving end", "pos"), ("dull and far too long", "neg"), ("the cast shines", "pos"),
            ("nothing happens at all", "neg")]


def _texts(out: Path) -> dict[str, tuple[str, frozenset[str] | None]]:
    got = written_records(out)
    return {got["texts"][key]: labels for key, (_, labels) in got["records"].items()}


@pytest.mark.parametrize("name, header, row", [
    # the case: an id, an unnamed text column, a label
    ("train.tsv", "id\t\tlabel", lambda i, text, label: f"{i}\t{text}\t{label}"),
    # a neighbour: a comma table of review id, rating and text, the text column unnamed (a spreadsheet export)
    ("reviews.csv", "review_id,rating,,sentiment", lambda i, text, label: f"r{i},{4 if label == 'pos' else 1},\"{text}\",{label}"),
    # a neighbour: SST-2's `sentence<TAB>label` behind a numbered index column whose name was lost in the middle
    ("dev.tsv", "index\t\tsentence\tlabel", lambda i, text, label: f"{i}\t{i * 10}\t{text}\t{label}"),
])
def test_a_header_with_a_gap_is_the_header(tmp_path: Path, name: str, header: str, row) -> None:
    lines = [header] + [row(i, text, label) for i, (text, label) in enumerate(_REVIEWS)]
    write_file(tmp_path / "src" / name, "\n".join(lines) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for text, label in _REVIEWS}


def test_a_headerless_row_with_a_gap_stays_data(tmp_path: Path) -> None:
    """The twin: GLUE CoLA's headerless in_domain_train.tsv (source, label, an empty column, sentence):
    its first row is data, a record like the others."""
    rows = [("gj04", "1", "Our friends won't buy this analysis, let alone the next one we propose."),
            ("gj04", "1", "One more pseudo generalization and I'm giving up."),
            ("gj04", "0", "They drank the pub."), ("cj99", "0", "The more you eat, the more fatter you get.")]
    write_file(tmp_path / "src" / "in_domain_train.tsv", "".join(f"{s}\t{label}\t\t{text}\n" for s, label, text in rows))
    out = convert(tmp_path / "src", tmp_path / "out", text_column="4", label_column="2", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for _, label, text in rows}


def test_a_header_with_a_gap_over_words_alone_is_refused(tmp_path: Path) -> None:
    """The ambiguous twin: `question<TAB><TAB>answer` over rows of words only: a header, or a first
    row of data whose middle cell is missing, cannot be told; the table is refused naming --header,
    never read with its first row as a record."""
    rows = ["question\t\tanswer", "who wrote it\tthe book\tan author", "where is it\tthe town\tthe north"]
    write_file(tmp_path / "src" / "qa.tsv", "\n".join(rows) + "\n")
    with pytest.raises(Exception) as refused:
        convert(tmp_path / "src", tmp_path / "out")
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert any("--header" in r["reason"] for r in rejected), (rejected, refused.value)


# ---- split lists of short numeric ids ---------------------------------------------------------------------------


def _numbered_classes(root: Path, stems: dict[str, str]) -> None:
    for k, (stem, cls) in enumerate(stems.items()):
        write_file(root / cls / f"{stem}.jpg", image_bytes(seed=k))


_STEMS = {f"{n:03d}": ("cat" if n % 2 else "dog") for n in range(1, 9)}


@pytest.mark.parametrize("lists", [
    # the case: train.csv and test.csv of one column of ids, as NWPU VHR-10's numbered images are named
    {"train.csv": "001\n002\n003\n004\n005\n006\n", "test.csv": "007\n008\n"},
    # a neighbour: the same ids in .txt lists with a validation list, as Caltech-style split files
    {"train.txt": "001\n002\n003\n004\n", "val.txt": "005\n006\n", "test.txt": "007\n008\n"},
    # a neighbour: a headed list (`id` over the ids), ids of two digits, as a spreadsheet export writes them
    {"train.csv": "id\n001\n002\n003\n004\n005\n", "test.csv": "id\n006\n007\n008\n"},
])
def test_a_split_list_of_short_ids_naming_the_inputs_gives_the_splits(tmp_path: Path, lists: dict[str, str]) -> None:
    _numbered_classes(tmp_path / "src", _STEMS)
    split_of = {}
    for name, text in lists.items():
        write_file(tmp_path / "src" / name, text)
        split_of.update({stem: name.split(".")[0] for stem in text.split() if stem != "id"})
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    truth = {f"{cls}/{stem}.jpg": ({"val": "validation"}.get(split_of[stem], split_of[stem]), frozenset({cls}))
             for stem, cls in _STEMS.items()}
    assert got["records"] == truth


@pytest.mark.parametrize("train", ["1\n2\n3\n4\n5\n6\n", "1\n0\n1\n1\n0\n1\n"])
def test_short_numbers_that_name_no_input_are_no_split_list(train: str) -> None:
    """The twin: the numbers written without the files' zeros (`1` is no stem of 001.jpg), or
    repeating (values, not ids), are not read as a split list."""
    from shardify.plan import content_lists

    inputs = {stem for stem in _STEMS}
    found = content_lists.recognise_list("train.txt", train.splitlines(), lambda keys: sum(k in inputs for k in keys) * 2 > len(keys))
    assert found is None
    assert content_lists.recognise_list("train.txt", ["001", "002"], lambda keys: all(k in inputs for k in keys)).split == "train"
