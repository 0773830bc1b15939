"""Blind round forty-one's useless stops mended by kind (tests/helpers/blind41.py; no wrong exit 0 nor exit 1 to mend).

- a headerless UCI table of attributes coded as letters, not numbers (the mushroom records' `agaricus-lepiota.data`:
  `p,x,s,n,t,p,f,c,...`, the class FIRST), beside its `.names` and the folder's `Index`: the `.data` file passed
  for a table of attributes only where half of each row's cells were numbers, so the stop said "no class folders,
  names or label files" and `--layout tables` rejected it as "not a table". Now rows whose every cell is a number
  or a short code are such a table too (shardify/plan/attribute_tables.py `categorical_rows`), the stop names the
  first column beside the last where the table holds no number (converters/attribute_rows.py `attributes_remedy`:
  the class leads the table or ends it) and the `--exclude` of the extensionless listing (`Index`) that
  `--layout tables` would read as `label text` lines.
"""

from __future__ import annotations

from pathlib import Path

from helpers import blind41
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_TABLES = {"layout": "tables", "text_column": "none", "keep_columns": ("*",)}


def test_the_case_names_the_first_column_and_the_index_and_converts_right(tmp_path: Path) -> None:
    """The case: mushroom's stop says tables of attributes, names --label-column '1' and --exclude 'Index';
    followed, the truth's records (each row labelled p/e, the Index no record)."""
    truth = blind41.DATASETS["mushroom"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "holds tables of attributes" in said and "or '1' (the first column; its cells e, p" in said, said
    assert "--exclude 'Index'" in said and "--layout tables" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_column="1", exclude=("Index",), **_TABLES))
    assert_right(truth, tmp_path / "followed")


def _votes(count: int) -> list[str]:
    """Rows as UCI's house-votes-84.data (Congressional Voting Records: the party first, 16 votes y/n/?)."""
    return [",".join([("republican", "democrat")[r % 2]] + ["yn?"[(r * 5 + c * 3) % 7 % 3] for c in range(16)])
            for r in range(count)]


def test_a_neighbour_class_first_votes_table(tmp_path: Path) -> None:
    """Not in the batch: UCI's Congressional Voting Records (`house-votes-84.data`, party first, votes y/n/?,
    beside `house-votes-84.names`): a stop of tables of attributes naming the first column; followed, each row
    labelled by its party."""
    write_file(tmp_path / "src" / "house-votes-84.data", "\n".join(_votes(12)) + "\n")
    write_file(tmp_path / "src" / "house-votes-84.names", "1. Title: 1984 United States Congressional Voting Records\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "holds tables of attributes" in said and "'1' (the first column; its cells democrat, republican" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="1", **_TABLES))
    written = records(tmp_path / "followed")
    assert len(written) == 12 and {labels for _, labels, _ in written.values()} == {("democrat",), ("republican",)}


def test_a_neighbour_class_last_codes_with_numbers_names_the_last_alone(tmp_path: Path) -> None:
    """Not in the batch: UCI's Car Evaluation (`car.data`, `vhigh,vhigh,2,2,small,low,unacc`: codes and small
    numbers, the class last): the stop names column 7 and not the first (a table with numbers whose last
    column is a class); followed, each row labelled unacc/acc/good."""
    classes = ("unacc", "acc", "good")
    rows = [",".join([("vhigh", "high", "med", "low")[r % 4], ("vhigh", "low")[r % 2], str(2 + r % 3), ("2", "4", "more")[r % 3],
                      ("small", "med", "big")[r % 3], ("low", "high")[r % 2], classes[r * 5 % 3]]) for r in range(12)]
    write_file(tmp_path / "src" / "car.data", "\n".join(rows) + "\n")
    write_file(tmp_path / "src" / "car.names", "1. Title: Car Evaluation Database\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column '7' (the class column; its cells acc, good, unacc" in said and "first column" not in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="7", **_TABLES))
    assert {labels for _, labels, _ in records(tmp_path / "followed").values()} == {(c,) for c in classes}


def test_hostile_twins_prose_with_commas_and_one_row_of_codes_are_no_attribute_table(tmp_path: Path) -> None:
    """Hostile twins: a `.data` of sentences with commas (cells of several words), and of rows of differing
    widths: no table of attributes (the stop says nothing of one)."""
    write_file(tmp_path / "prose" / "reviews.data", "pos,a fine film, all told, and long\nneg,dull, dull, dull and slow\n"
               "pos,well made, if slow, in parts\n")
    write_file(tmp_path / "prose" / "reviews.names", "reviews\n")
    assert "tables of attributes" not in refusal(tmp_path / "prose", tmp_path / "out1")
    write_file(tmp_path / "ragged" / "codes.data", "p,x,s,n\ne,x,s\np,b,s,w,t\ne,f\n")
    write_file(tmp_path / "ragged" / "codes.names", "codes\n")
    assert "tables of attributes" not in refusal(tmp_path / "ragged", tmp_path / "out2")
