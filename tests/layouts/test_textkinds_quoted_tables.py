"""Tables quoted with `'`: read where every row's shape leaves no doubt, refused where an apostrophe is text.

The kind (converters/quoted_tables.py): a `.csv` whose cells are quoted with `'` instead of `"`.
Shown by 10kGNAD (tests/helpers/blind14.py `gnad10`: headerless `label;'text'` rows, its train.csv
and test.csv beside articles.csv, their union); its neighbours, from real files seen by search: a
tab-separated table every cell of which Python's `csv.writer(delimiter='\\t', quotechar="'",
quoting=csv.QUOTE_ALL)` quoted, and a `;`-separated table under a header read back with
`csv.reader(delimiter=';', quotechar="'")`. The twins: apostrophes standing in words of unquoted
cells (`don't`), and a single quote pairing with none, which must not be read as quotes; a whole
table beside its splits with one row more, which is no union and stays a split of its own.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.one_place import records

_TOPICS = ["Sport", "Web", "Etat"]


def _text(split: str, i: int) -> str:
    return f"{split} Artikel {chr(65 + i)}: ein Text, mit Komma; und Semikolon, sagte O'Brien am Tag {i}"


def _gnad(root: Path, rows: dict[str, int], extra: str = "") -> dict[str, tuple[str, str]]:
    """10kGNAD's layout: `label;'text'` rows (quotes in a text doubled), articles.csv the union."""
    truth, every = {}, []
    for split, n in rows.items():
        lines = []
        for i in range(n):
            label, text = _TOPICS[i % 3], _text(split, i)
            lines.append(f"{label};'{text.replace(chr(39), chr(39) * 2)}'")
            truth[f"{split}.csv#{i + 1}"] = (label, text)
        every += lines
        (root / f"{split}.csv").write_text("\n".join(lines) + "\n")
    (root / "articles.csv").write_text("\n".join(sorted(every, reverse=True) + ([extra] if extra else [])) + "\n")
    return truth


def _convert(src: Path, out: Path, *options: str):
    return run_shardify("convert", str(src), str(out), *options)


@pytest.fixture(scope="module")
def gnad(tmp_path_factory) -> tuple[dict, object, Path]:
    root = tmp_path_factory.mktemp("gnad")
    (root / "src").mkdir()
    truth = _gnad(root / "src", {"train": 9, "test": 6})
    done = _convert(root / "src", root / "out")
    return truth, done, root / "out"


def test_apostrophe_quoted_rows_convert_with_their_labels_and_whole_texts(gnad) -> None:
    truth, done, out = gnad
    assert done.returncode == 0, done.stderr
    found = records(out)
    assert {key: (labels, text) for key, (_, labels, text) in found.items()} == {
        key: ((label,), text) for key, (label, text) in truth.items()}
    assert {split for split, _, _ in found.values()} == {"train", "test"}


def test_the_union_of_the_split_tables_is_left_out_and_said(gnad) -> None:
    truth, done, out = gnad
    assert not any(key.startswith("articles.csv") for key in records(out))
    assert "articles.csv: not read, its rows are those of test.csv and train.csv again" in done.stdout + done.stderr


def test_a_whole_table_with_a_row_of_its_own_is_no_union(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    _gnad(tmp_path / "src", {"train": 9, "test": 6}, extra="Web;'ein Artikel, den keine Teilung hat'")
    done = _convert(tmp_path / "src", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    found = records(tmp_path / "out")
    assert sum(key.startswith("articles.csv") for key in found) == 16  # a split of its own, after its file
    assert {found[key][0] for key in found if key.startswith("articles.csv")} == {"articles"}


def test_too_few_rows_to_tell_topic_words_from_names_stop_naming_the_label_column(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    truth = _gnad(tmp_path / "src", {"train": 3, "test": 3})
    done = _convert(tmp_path / "src", tmp_path / "out")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--label-column 1" in done.stderr and "--keep-columns 1" in done.stderr
    done = _convert(tmp_path / "src", tmp_path / "out", "--label-column", "1")
    assert done.returncode == 0, done.stderr
    assert {k: (labels, text) for k, (_, labels, text) in records(tmp_path / "out").items()} == {
        key: ((label,), text) for key, (label, text) in truth.items()}


def _written(rows: list[list[str]], **dialect) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n", **dialect).writerows(rows)
    return buffer.getvalue()


def test_a_tab_table_every_cell_quoted_with_apostrophes_keeps_no_quote_in_its_texts(tmp_path: Path) -> None:
    rows = [["sentence", "label"]] + [[f"it's row {i}, isn't it", ("pos", "neg")[i % 2]] for i in range(6)]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.csv").write_text(_written(rows, delimiter="\t", quotechar="'", quoting=csv.QUOTE_ALL))
    done = _convert(tmp_path / "src", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert sorted((labels, text) for _, labels, text in records(tmp_path / "out").values()) == sorted(
        ((label,), text) for text, label in rows[1:])


def test_a_semicolon_table_under_a_header_quoting_its_texts_with_apostrophes(tmp_path: Path) -> None:
    rows = [["id", "review", "rating"]] + [[str(i), f"good; bad, 'ok' {i}", ("good", "bad")[i % 2]] for i in range(6)]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "reviews.csv").write_text(
        _written(rows, delimiter=";", quotechar="'", quoting=csv.QUOTE_NONNUMERIC).replace("'id';", "id;"))
    done = _convert(tmp_path / "src", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert sorted((labels, text) for _, labels, text in records(tmp_path / "out").values()) == sorted(
        ((label,), text) for _, text, label in rows[1:])


@pytest.mark.parametrize("texts", [
    ["don't stop now", "it's fine yes", "we're here ok", "they'd go no", "'tis the 'season'"],  # words' apostrophes
    ["'fine yes", "'ok now", "'so it is", "'we go", "'and again"],  # a quote that pairs with none
])
def test_apostrophes_that_are_text_are_not_read_as_quotes(tmp_path: Path, texts: list[str]) -> None:
    (tmp_path / "src").mkdir()
    lines = ["id;text;label"] + [f"{i};{text};{'xy'[i % 2]}" for i, text in enumerate(texts)]
    (tmp_path / "src" / "data.csv").write_text("\n".join(lines) + "\n")
    done = _convert(tmp_path / "src", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert sorted(text for _, _, text in records(tmp_path / "out").values()) == sorted(texts)
