"""Review of tables of measurements converting by default (attrtables33), review34's three findings mended.

- A class decided from sampled rows (a table's first `tables.SAMPLE_ROWS`) is confirmed over every record before
  anything is written (`shardify/plan/sampled_claims.py`, carried by `files_decide.DecidedByFiles`, checked by
  `checks.wrong_guess`): a `target` of 0/1 in its first 200 rows and 300 values further down was written as 302
  classes, exit 0; a label column read by its content (`decided_labels`: a competition's `author`, repeated in the
  first rows, one per row further down) the same. Both now stop naming the table and the options.
- A class column of one value in every row of the dataset classifies nothing: it stops; a split's table of one
  class beside another's of two still converts (the dataset holds both).
- A row's `Id` (Kaggle's Iris.csv, pandas' index column) is left out of a table of measurements by default, said
  in the plan; `--keep-columns '*'` keeps it (docs/converting.md).

Sources read for the builders: Kaggle's heart.csv header `age,sex,cp,trestbps,chol,fbp,restecg,thalach,exang,
oldpeak,slope,ca,thal,target` (target 0/1; review34's builder); Kaggle's Iris.csv header
`Id,SepalLengthCm,SepalWidthCm,PetalLengthCm,PetalWidthCm,Species`, `1,5.1,3.5,1.4,0.2,Iris-setosa` (Iris-setosa
rows 1-50, versicolor 51-100, virginica 101-150: the `Id` orders the classes); the Spooky Author Identification
download's `train.csv` `id,text,author` (EAP, HPL, MWS) beside `test.csv` `id,text`; UCI's `?` for a missing cell
(heart-disease processed.cleveland.data) and `;` separator (winequality-red.csv).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from helpers.one_place import records, rejects
from helpers.refusals import refusal
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format.manifest import load_manifest

_HEART = "age,sex,cp,trestbps,chol,thalach,oldpeak,target"
_TOLD = {"text_column": "none", "keep_columns": ("*",), "label_column": "target"}


def _rows(n: int, start: int = 0, target=lambda i: (i // 2) % 2) -> list[str]:
    return [
        f"{40 + i % 30},{i % 2},{i % 4},{120 + i % 50},{200 + 3 * i},{150 + i % 40},{(i % 5) * 0.4:.1f},{target(i)}"
        for i in range(start, start + n)
    ]


def _table(rows: list[str], header: str = _HEART, sep: str = ",") -> str:
    return "\n".join([header.replace(",", sep), *(r.replace(",", sep) for r in rows)]) + "\n"


# 0/1 over the 50 rows detection samples (and 150 more), then a value per row: a measurement, not a class
_LATE_VALUES = _rows(200) + _rows(300, 200, target=lambda i: i)


@pytest.mark.parametrize("twin", ["last", "first", "gz", "bom;"])
def test_class_of_the_sampled_rows_only_stops(tmp_path: Path, twin: str) -> None:
    """The class read from the first rows (0/1) holds 302 values over the whole table: a stop naming the table,
    what it holds and the options (it wrote 302 labels, exit 0); the class column first or last, the table
    compressed, or with a BOM and `;`-separated alike."""
    text = _table(_LATE_VALUES, sep=";" if twin == "bom;" else ",")
    if twin == "first":
        text = "\n".join(",".join([line.rsplit(",", 1)[1], line.rsplit(",", 1)[0]]) for line in text.splitlines()) + "\n"
    name = "heart.csv.gz" if twin == "gz" else "heart.csv"
    data = gzip.compress(text.encode()) if twin == "gz" else ("\ufeff" if twin == "bom;" else "") + text
    write_file(tmp_path / "src" / name, data)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert said.startswith(f"{name}: 'target' was read as the class") and "302 values over 500 rows" in said, said
    assert "--text-column none --keep-columns '*' --label-column target" in said


def test_following_the_stop_keeps_the_values_as_classes(tmp_path: Path) -> None:
    """The stop's options are the user's word: 500 records, 302 labels as written."""
    write_file(tmp_path / "src" / "heart.csv", _table(_LATE_VALUES))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **_TOLD))
    assert len(records(tmp_path / "out")) == 500 and len(load_manifest(str(tmp_path / "out")).labels) == 302


def test_a_fraction_after_the_sample_stops(tmp_path: Path) -> None:
    """A score (0.5) in row 71, after the sampled rows of 0/1: no class; a stop, not a label '0.5'."""
    rows = _rows(80)
    rows[70] = rows[70].rsplit(",", 1)[0] + ",0.5"
    write_file(tmp_path / "src" / "heart.csv", _table(rows))
    assert "numbers with a fraction ('0.5')" in refusal(tmp_path / "src", tmp_path / "out")


def test_one_class_in_every_row_stops_and_the_option_keeps_it(tmp_path: Path) -> None:
    """`target` 1 in every row of the one table: one class classifies nothing, a stop (it wrote one label, exit 0);
    the options it names convert it as written."""
    write_file(tmp_path / "src" / "heart.csv", _table(_rows(60, target=lambda i: 1)))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "holds one value, '1', in all 60 rows" in said and "--label-column target" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "told"), **_TOLD))
    assert {labels for _, labels, _ in records(tmp_path / "told").values()} == {("1",)}


def test_a_split_of_one_class_beside_another_of_two_converts(tmp_path: Path) -> None:
    """The neighbour: valid.csv all 1 beside train.csv of 0/1 (a file of one class among several): two classes
    in the dataset, 140 records."""
    write_file(tmp_path / "src" / "train.csv", _table(_rows(80)))
    write_file(tmp_path / "src" / "valid.csv", _table(_rows(60, target=lambda i: 1)))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 140 and {labels for split, labels, _ in written.values() if split == "valid"} == {("1",)}


def test_missing_class_cells_after_the_sample_are_rejects(tmp_path: Path) -> None:
    """'?', an empty cell and NaN in the class column past the sampled rows: each its row's reject with a reason,
    the other 77 rows written labelled 0/1 (never a class '?')."""
    rows = _rows(80)
    for i, cell in ((60, "?"), (61, ""), (62, "NaN")):
        rows[i] = rows[i].rsplit(",", 1)[0] + "," + cell
    write_file(tmp_path / "src" / "heart.csv", _table(rows))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written, rejected = records(tmp_path / "out"), rejects(tmp_path / "out")
    assert len(written) == 77 and {labels for _, labels, _ in written.values()} == {("0",), ("1",)}
    assert sorted(rejected) == ["heart.csv#62", "heart.csv#63", "heart.csv#64"], rejected
    assert all("label" in reason for reason in rejected.values())


def test_out_inside_src_converts_as_beside(tmp_path: Path) -> None:
    """OUT inside SRC is left out of the input: the table converts as it does beside."""
    write_file(tmp_path / "src" / "heart.csv", _table(_rows(60)))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "src" / "out")))
    assert len(records(tmp_path / "src" / "out")) == 60


def test_label_by_content_of_the_sampled_rows_only_stops(tmp_path: Path) -> None:
    """A Spooky-like train.csv `id,text,author` beside test.csv `id,text`: `author` is the label the test table
    lacks (decided_labels), repeated over the first 60 rows, a value per row further down: a stop (143 labels,
    exit 0, before)."""
    kinds = ("EAP", "HPL", "MWS")
    write_file(
        tmp_path / "src" / "train.csv",
        "id,text,author\n"
        + "".join(
            f'id{i},"The night was dark and the wind howled, sentence {i}, over the moor.",'
            f"{kinds[i % 3] if i < 60 else f'writer{i}'}\n"
            for i in range(200)
        ),
    )
    write_file(
        tmp_path / "src" / "test.csv",
        "id,text\n" + "".join(f'id{i},"Another sentence of prose, number {i}, for the test."\n' for i in range(20)),
    )
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert said.startswith("train.csv: 'author' was read as the label") and "143 values over 200 rows" in said, said


_IRIS = "Id,SepalLengthCm,SepalWidthCm,PetalLengthCm,PetalWidthCm,Species"
_SPECIES = ("Iris-setosa", "Iris-versicolor", "Iris-virginica")


def _iris() -> str:
    return (
        _IRIS
        + "\n"
        + "".join(
            f"{i + 1},{4.5 + i % 10 / 10:.1f},{3 + i % 7 / 10:.1f},{1 + i % 9 / 10:.1f},{0.1 + i % 5 / 10:.1f},{_SPECIES[i // 20]}\n"
            for i in range(60)
        )
    )


def _features(out: Path) -> set[str]:
    return {
        name.removeprefix("column/")
        for name in json.loads((out / "manifest.json").read_text())["features"]
        if name.startswith("column/")
    }


def test_iris_id_is_left_out_and_the_option_keeps_it(tmp_path: Path) -> None:
    """Kaggle's Iris.csv: `Id` numbers the rows (sorted by species: it would predict the class), left out by
    default, the plan saying so; `--keep-columns '*'` (with the stop's other options) keeps it."""
    write_file(tmp_path / "src" / "Iris.csv", _iris())
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _features(tmp_path / "out") == {"SepalLengthCm", "SepalWidthCm", "PetalLengthCm", "PetalWidthCm"}
    assert "'Id' left out, a row's id" in (tmp_path / "out" / "plan.json").read_text()
    assert len(records(tmp_path / "out")) == 60
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"), str(tmp_path / "kept"), text_column="none", keep_columns=("*",), label_column="Species"
        )
    )
    assert "Id" in _features(tmp_path / "kept")


def test_pandas_index_column_is_left_out_but_a_repeated_id_is_kept(tmp_path: Path) -> None:
    """A table written with pandas' index (an empty first header cell, 0..n-1) leaves it out; a `patient_id` that
    repeats over the rows (visits of one patient) measures who, and is kept."""
    write_file(tmp_path / "src" / "heart.csv", "\n".join(["," + _HEART, *(f"{i},{r}" for i, r in enumerate(_rows(60)))]) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "Unnamed: 0" not in _features(tmp_path / "out") and "age" in _features(tmp_path / "out")
    write_file(
        tmp_path / "visits" / "heart.csv",
        "\n".join(["patient_id," + _HEART, *(f"{i // 3},{r}" for i, r in enumerate(_rows(60)))]) + "\n",
    )
    run_conversion(ConvertConfig(str(tmp_path / "visits"), str(tmp_path / "visits_out")))
    assert "patient_id" in _features(tmp_path / "visits_out")


def _news(label) -> str:
    """AG News as published (TFDS' ag_news_subset reads its `train.csv` so): headerless `"3","title","description"`
    rows, the class 1..4 first."""
    return "".join(
        f'"{label(i)}","Title number {i} of the news","A description of story {i}, with a few more words here."\n'
        for i in range(200)
    )


def test_headerless_label_found_by_its_first_cells_only_stops(tmp_path: Path) -> None:
    """The scan finds a headerless table's label column by its first rows' cells (1..4), 1,000 and more from row
    61 on: a stop naming the table and `--label-column 1` (140 more labels, exit 0, before); the neighbour,
    classes 1..4 throughout, converts with 4 labels."""
    write_file(tmp_path / "src" / "train.csv", _news(lambda i: 1 + i % 4 if i < 60 else 1000 + i))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert said.startswith("train.csv: column 1 was read as the label") and "--label-column 1 keeps it" in said, said
    write_file(tmp_path / "good" / "train.csv", _news(lambda i: 1 + i % 4))
    run_conversion(ConvertConfig(str(tmp_path / "good"), str(tmp_path / "good_out")))
    assert load_manifest(str(tmp_path / "good_out")).labels == ("1", "2", "3", "4")


def test_the_rows_a_claim_was_read_from_are_the_rows_detection_samples() -> None:
    """`sampled_claims` checks a label's repeats only past the rows detection reads of a table: the two counts
    must be one (a larger sample, the check would refuse tables the sample read whole)."""
    from shardify.converters import tables
    from shardify.plan import sampled_claims

    assert sampled_claims._SAMPLED_ROWS == tables.SAMPLE_ROWS


def test_wdbc_id_documented_by_its_names_is_left_out(tmp_path: Path) -> None:
    """UCI's headerless wdbc.data beside wdbc.names (`1) ID number`, `2) Diagnosis (M = malignant, B = benign)`,
    `3-32)`: read for the builder as attrtables33 quotes it): the class column 2 as before, the ID column 1 left out
    of the records, the plan saying so; the 30 measurements kept."""
    names = (
        "1. Title: Wisconsin Diagnostic Breast Cancer (WDBC)\n\n7. Attribute information\n\n1) ID number\n"
        "2) Diagnosis (M = malignant, B = benign)\n3-32)\n\n8. Missing attribute values: none\n"
    )
    data = "".join(
        f"{842302 + i * 17},{'MB'[i % 3 == 0]}," + ",".join(f"{10 + (i * j) % 7 + j / 10:.3f}" for j in range(30)) + "\n"
        for i in range(60)
    )
    write_file(tmp_path / "src" / "wdbc.data", data)
    write_file(tmp_path / "src" / "wdbc.names", names)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _features(tmp_path / "out") == {str(i) for i in range(3, 33)}
    assert "column 1 left out, a row's id" in (tmp_path / "out" / "plan.json").read_text()
    assert {labels for _, labels, _ in records(tmp_path / "out").values()} == {("B",), ("M",)}


def test_tables_read_alike_confirm_the_label_column_they_follow(tmp_path: Path) -> None:
    """A short headerless test.csv (3 rows, too few to show a label column) follows train.csv's column 1 found by
    its first rows' cells (`table_agreement`: `--label-column 1` for both); past row 60 train.csv's column 1 holds
    a value per row: a stop naming both tables (144 labels, exit 0, before)."""
    write_file(tmp_path / "src" / "train.csv", _news(lambda i: 1 + i % 4 if i < 60 else 1000 + i))
    write_file(tmp_path / "src" / "test.csv", "".join(_news(lambda i: 1 + i % 4).splitlines(keepends=True)[:3]))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert said.startswith("test.csv, train.csv: column 1 was read as the label") and "over 203 rows" in said, said


def test_a_named_label_of_whole_numbers_then_a_fraction_stops(tmp_path: Path) -> None:
    """A `text,label` table whose `label` is 0/1 in the sampled rows (no score: `label_scores` let it be a label) and
    0.5 in row 121: a stop naming the table and the options (three labels '0', '0.5', '1', exit 0, before); the
    neighbour, 0/1 throughout, converts with two."""

    def table(odd: str) -> str:
        return "text,label\n" + "".join(
            f'"A sentence of prose number {i}, some words.",{odd if i == 120 else i % 2}\n' for i in range(200)
        )

    write_file(tmp_path / "src" / "train.csv", table("0.5"))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert said.startswith("train.csv: 'label' was read as the class numbers") and "('0.5')" in said, said
    write_file(tmp_path / "good" / "train.csv", table("0"))
    run_conversion(ConvertConfig(str(tmp_path / "good"), str(tmp_path / "good_out")))
    assert load_manifest(str(tmp_path / "good_out")).labels == ("0", "1")
