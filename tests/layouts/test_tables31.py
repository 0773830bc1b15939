"""Tables of attributes as records (`--text-column none`, converters/attribute_rows.py).

A download of measurements and a class has no text column: its stop now names the options that read it a
row a record of its columns (`--text-column none --keep-columns '*' --label-column C`), and with them each
row is written: its kept columns typed over all rows (int64 < float < bytes), a missing number NaN, its
label, an empty text. Cases: a UCI-style headerless `.data` beside its `.names` (a neighbour of blind33's
zoo: Iris, a class by name), a headed CSV (a neighbour of blind36's water_potability: Pima-like, blank
cells), and a hostile twin (`?` and `NaN` cells, a huge cell, a column of numbers and words).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers.refusals import refusal
from helpers.shard_io import records_by_split
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError

_IRIS = ["5.1,3.5,1.4,0.2,Iris-setosa", "4.9,3.0,1.4,0.2,Iris-setosa", "7.0,3.2,4.7,1.4,Iris-versicolor",
         "6.4,3.2,4.5,1.5,Iris-versicolor", "6.3,3.3,6.0,2.5,Iris-virginica", "5.8,2.7,5.1,1.9,Iris-virginica"]
_ATTRIBUTES = {"text_column": "none", "keep_columns": ("*",)}
_HUGE_CHARS = 300_000


def _values(record: dict, name: str) -> object:
    """A kept column's value (the TF-free decoder unwraps single values)."""
    return record[f"column/{name}"]


@pytest.fixture(scope="module")
def iris(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, Path]:
    """(the source, the stop said without options, the output with the stop's options)."""
    work = tmp_path_factory.mktemp("iris")
    write_file(work / "src" / "iris.data", "\n".join(_IRIS) + "\n\n")
    write_file(work / "src" / "iris.names", "1. Title: Iris Plants Database\n7. Attribute Information:\n   5. class\n")
    said = refusal(work / "src", work / "stopped")
    run_conversion(ConvertConfig(str(work / "src"), str(work / "out"), layout="tables", label_column="5", **_ATTRIBUTES))
    return work / "src", said, work / "out"


def test_a_uci_data_file_stops_naming_the_options_that_read_it(iris: tuple[Path, str, Path]) -> None:
    _, said, _ = iris
    for option in ("--text-column none", "--keep-columns '*'", "--label-column '5'", "--layout tables"):
        assert option in said, said
    assert "Iris-setosa" in said, said  # the class column's cells shown, for the user to confirm


def test_with_those_options_each_row_is_a_record_of_its_values(iris: tuple[Path, str, Path]) -> None:
    _, _, out = iris
    records = records_by_split(out)["train"]
    assert len(records) == len(_IRIS)
    by_source = {r["text/source"].decode(): r for r in records}
    first = next(r for s, r in by_source.items() if s.endswith("#1"))
    assert first["text"] == b"" and first["text/class/text"] == b"Iris-setosa"
    assert [_values(first, c) for c in "1234"] == pytest.approx([5.1, 3.5, 1.4, 0.2])
    schema = json.loads((out / "manifest.json").read_text())["features"]
    assert {k: v["dtype"] for k, v in schema.items() if k.startswith("column/")} == {f"column/{c}": "float32" for c in "1234"}


def test_a_headed_csv_with_blank_cells_reads_back_with_nan_through_load(tmp_path: Path) -> None:
    """The water_potability neighbour: measurements, some blank, and Outcome 0/1; read with `shardify.load`."""
    lines = ["Glucose,BMI,Age,Outcome"] + [f"{'' if i == 2 else 90 + i},{20.5 + i},{30 + i},{i % 2}" for i in range(6)]
    write_file(tmp_path / "src" / "diabetes.csv", "\n".join(lines) + "\n")
    # (the first command stopped naming these options until attrtables33; `Outcome` named as a class, its cells
    # 0/1, it now reads the table so: tests/layouts/test_attrtables33.py)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    import shardify

    rows = {r["source"].numpy().decode(): r for r in shardify.load(str(tmp_path / "out"), split="train")}
    assert len(rows) == 6
    assert math.isnan(float(rows["diabetes.csv#4"]["Glucose"].numpy()))  # the blank cell: NaN, the column float
    assert float(rows["diabetes.csv#5"]["Glucose"].numpy()) == 93.0
    assert int(rows["diabetes.csv#5"]["Age"].numpy()) == 33 and rows["diabetes.csv#5"]["Age"].dtype.name == "int64"
    assert int(rows["diabetes.csv#5"]["label"].numpy()) in (0, 1) and rows["diabetes.csv#5"]["label_text"].numpy() == b"1"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """A twin with `?` and `NaN` cells, a huge cell and a column of numbers and words: records by row."""
    work = tmp_path_factory.mktemp("hostile")
    rows = ["id,kind,size,weight,mixed,cls"]
    for i in range(8):
        kind = "x" * _HUGE_CHARS if i == 3 else f"kind{i % 2}"
        rows.append(f"{i},{kind},{'?' if i == 2 else i * 1.5},{'NaN' if i == 5 else i},{'seven' if i % 3 == 0 else i},"
                    f"{'yes' if i % 2 else 'no'}")
    write_file(work / "src" / "t.csv", "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(work / "src"), str(work / "out"), label_column="cls", **_ATTRIBUTES))
    assert not (work / "out" / "rejected.jsonl").exists() or not (work / "out" / "rejected.jsonl").read_text().strip()
    return {r["text/source"].decode(): r for r in records_by_split(work / "out")["train"]}


def test_hostile_missing_cells_are_nan_and_the_column_float(hostile: dict[str, dict]) -> None:
    assert math.isnan(_values(hostile["t.csv#4"], "size")) and math.isnan(_values(hostile["t.csv#7"], "weight"))
    assert _values(hostile["t.csv#3"], "size") == 1.5 and _values(hostile["t.csv#3"], "weight") == 1.0


def test_hostile_huge_cell_and_mixed_column_are_written_whole_as_text(hostile: dict[str, dict]) -> None:
    assert _values(hostile["t.csv#5"], "kind") == b"x" * _HUGE_CHARS
    assert _values(hostile["t.csv#2"], "mixed") == b"seven" and _values(hostile["t.csv#3"], "mixed") == b"1"
    assert _values(hostile["t.csv#2"], "id") == 0  # whole numbers in every row: int64
    assert {r["text/class/text"] for r in hostile.values()} == {b"yes", b"no"}


def test_no_text_and_no_column_kept_writes_nothing_and_says_so(tmp_path: Path) -> None:
    write_file(tmp_path / "src" / "t.csv", "a,b,cls\n1,2,x\n3,4,y\n")
    with pytest.raises(ShardifyError, match="--keep-columns"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), text_column="none", label_column="cls"))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_several_class_columns_read_multi_hot(tmp_path: Path) -> None:
    """A multi-label table (Mulan's yeast as a CSV): `--label-column C1,C2,C3` names the 0/1 class columns."""
    lines = ["a1,a2,C1,C2,C3"] + [f"{i * 0.5},{i},{i % 2},{(i + 1) % 2},1" for i in range(4)]
    write_file(tmp_path / "src" / "yeast.csv", "\n".join(lines) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="C1,C2,C3", **_ATTRIBUTES))
    records = {r["text/source"].decode(): r for r in records_by_split(tmp_path / "out")["train"]}
    assert sorted(records["yeast.csv#3"]["text/class/text"]) == [b"C1", b"C3"]
    assert set(k for k in records["yeast.csv#3"] if k.startswith("column/")) == {"column/a1", "column/a2"}
