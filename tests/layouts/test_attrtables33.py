"""Tables of measurements whose class column is named as a class: converted by the first command (issue 30).

Since tables31 a table of attributes and no text stopped naming `--text-column none --keep-columns '*'
--label-column C`. Where exactly one column is named as classes are named (`label_words.ATTRIBUTE`) and its cells
are classes, or a headerless UCI table's `.names` numbers its columns and names one the class, the files decide
it: detection reads the tables with those options (`shardify/plan/measurement_classes.py`,
`beam_jobs/discover/text_columns.py` `_check_textless`, `beam_jobs/discover/documented_classes.py`)
and the plan says so. The records equal the table's rows, and equal what the stop's options wrote.

Sources read for the builders (find_string): Kaggle's Pima `diabetes.csv`, header
`Pregnancies,Glucose,BloodPressure,SkinThickness,Insulin,BMI,DiabetesPedigreeFunction,Age,Outcome`, first rows
`6,148,72,35,0,33.6,0.627,50,1`, `1,85,66,29,0,26.6,0.351,31,0` (tests and notebooks quoting it; "Outcome must
be 0/1"); UCI's `iris.names` ("7. Attribute Information: 1. sepal length in cm ... 5. class: -- Iris Setosa --
Iris Versicolour -- Iris Virginica / 8. Missing Attribute Values: None", quoted whole in a notebook) and
`iris.data` rows `5.1,3.5,1.4,0.2,Iris-setosa`; UCI's `servo.names` ("5. class: 0.13 to 7.10": a regression
target named class, quoted in a MATLAB exercise reading `servo.data`). UCI's iris folder also holds
`bezdekIris.data` and an `Index`; the miniature keeps the `Index` (excluded, as the stop said) and one table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.one_place import records
from helpers.refusals import refusal
from helpers.shard_io import records_by_split
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_ATTRIBUTES = {"text_column": "none", "keep_columns": ("*",)}
_DIABETES = (
    "Pregnancies,Glucose,BloodPressure,SkinThickness,Insulin,BMI,DiabetesPedigreeFunction,Age,Outcome",
    "6,148,72,35,0,33.6,0.627,50,1",
    "1,85,66,29,0,26.6,0.351,31,0",
    "8,183,64,0,0,23.3,0.672,32,1",
    "1,89,66,23,94,28.1,0.167,21,0",
    "0,137,40,35,168,43.1,2.288,33,1",
    "5,116,74,0,0,25.6,0.201,30,0",
    "3,78,50,32,88,31,0.248,26,1",
    "10,115,0,0,0,35.3,0.134,29,0",
)
_IRIS_NAMES = """1. Title: Iris Plants Database

2. Sources:
     (a) Creator: R.A. Fisher

5. Number of Instances: 150 (50 in each of three classes)

6. Number of Attributes: 4 numeric, predictive attributes and the class

7. Attribute Information:
   1. sepal length in cm
   2. sepal width in cm
   3. petal length in cm
   4. petal width in cm
   5. class:
      -- Iris Setosa
      -- Iris Versicolour
      -- Iris Virginica

8. Missing Attribute Values: None

9. Class Distribution: 33.3% for each of 3 classes.
"""
_IRIS = (
    "5.1,3.5,1.4,0.2,Iris-setosa",
    "4.9,3.0,1.4,0.2,Iris-setosa",
    "4.7,3.2,1.3,0.2,Iris-setosa",
    "7.0,3.2,4.7,1.4,Iris-versicolor",
    "6.4,3.2,4.5,1.5,Iris-versicolor",
    "6.3,3.3,6.0,2.5,Iris-virginica",
    "5.8,2.7,5.1,1.9,Iris-virginica",
)


def _plan(out: Path) -> str:
    return (out / "plan.json").read_text()


def _by_row(out: Path) -> dict[str, dict]:
    """{text/source: record} of every record, its split under 'split'."""
    found = {}
    for split, rows in records_by_split(out).items():
        for record in rows:
            found[record["text/source"].decode()] = {**record, "split": split}
    return found


def _number(value: object) -> float:
    """A float32 or int64 feature as the table wrote it (float32's 33.6 is 33.599998: compared to 4 places)."""
    return round(float(value[0] if isinstance(value, list) else value), 4)


def test_diabetes_outcome_converts_by_default_as_the_options_would(tmp_path: Path) -> None:
    """Kaggle's diabetes.csv: one column named as a class (`Outcome`), its cells 0/1: the first command writes
    each row a record of its 8 columns labelled by Outcome, the plan saying so, the same records the stop's
    options write, each record's columns the row's cells."""
    write_file(tmp_path / "src" / "diabetes.csv", "\n".join(_DIABETES) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    assert "a table of measurements: each row a record of its 8 columns, labelled by 'Outcome'" in _plan(tmp_path / "first")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "told"), label_column="Outcome", **_ATTRIBUTES))
    assert records(tmp_path / "first") == records(tmp_path / "told")
    written = _by_row(tmp_path / "first")
    header = _DIABETES[0].split(",")
    assert len(written) == len(_DIABETES) - 1
    by_cells = {tuple(_number(r[f"column/{name}"]) for name in header[:-1]): r for r in written.values()}
    for line in _DIABETES[1:]:
        cells = line.split(",")
        record = by_cells[tuple(round(float(c), 4) for c in cells[:-1])]
        assert record["split"] == "train" and record["text/class/text"].decode() == cells[-1], record


def test_train_and_test_tables_the_test_without_the_class_read_unlabelled(tmp_path: Path) -> None:
    """A heart-disease-like train.csv ending in `target` beside test.csv (an `Id` first, no `target`): train rows
    labelled, test rows of split test unlabelled, and the plan says test.csv is read unlabelled."""
    names = "age,sex,cp,trestbps,chol"
    write_file(
        tmp_path / "src" / "train.csv",
        f"{names},target\n" + "".join(f"{40 + i},{i % 2},{i % 4},{120 + i},{200 + 3 * i},{i % 2}\n" for i in range(8)),
    )
    write_file(
        tmp_path / "src" / "test.csv",
        f"Id,{names}\n" + "".join(f"{100 + i},{50 + i},{i % 2},{i % 4},{130 + i},{210 + i}\n" for i in range(3)),
    )
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "test.csv without it: read unlabelled" in _plan(tmp_path / "out")
    written = records(tmp_path / "out")
    assert (
        sorted((split, labels) for key, (split, labels, _) in written.items() if key.startswith("test.csv")) == [("test", ())] * 3
    )
    assert sorted(labels for key, (_, labels, _) in written.items() if key.startswith("train.csv")) == [("0",)] * 4 + [("1",)] * 4


def test_iris_data_class_documented_by_its_names(tmp_path: Path) -> None:
    """UCI's headerless iris.data beside iris.names (`5. class:`) and an Index: the first command reads the fifth
    column as the class (`--layout tables`, the Index excluded), each row a record of its four measurements."""
    write_file(tmp_path / "src" / "iris.data", "\n".join(_IRIS) + "\n\n")
    write_file(tmp_path / "src" / "iris.names", _IRIS_NAMES)
    write_file(tmp_path / "src" / "Index", "Index of iris\n\n02 Dec 1996      105 Index\n08 Mar 1993     4551 iris.data\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "each row a record of its 4 columns, labelled by column 5" in _plan(tmp_path / "out")
    written = _by_row(tmp_path / "out")
    assert len(written) == len(_IRIS) and all(key.startswith("iris.data") for key in written), sorted(written)
    got = sorted((tuple(_number(r[f"column/{c}"]) for c in "1234"), r["text/class/text"].decode()) for r in written.values())
    want = sorted((tuple(round(float(c), 4) for c in line.split(",")[:4]), line.split(",")[4]) for line in _IRIS)
    assert got == want


# ------------------------------------------------------------------------------------------------
# Twins that must still stop
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("twin", ["two class names", "an id named label", "a target of fractions", "y beside x"])
def test_twins_whose_class_is_no_sure_thing_stop(tmp_path: Path, twin: str) -> None:
    """Two columns named as classes (`class` beside `target`), a `label` column unique to each row (an id), a
    `target` of fractions (a regression target, scikit-learn's diabetes 151.0, 75.0), `y` beside `x` (a point's
    coordinate): the stop as before."""
    rows = [(f"{5 + i * 0.3:.1f}", f"{i % 3}", f"{i % 2}", f"{100 + i}", f"{151.0 - (i % 3) * 38:.1f}") for i in range(8)]
    header, pick = {
        "two class names": ("x,class,target", (0, 1, 2)),
        "an id named label": ("x,z,label", (0, 1, 3)),
        "a target of fractions": ("x,z,target", (0, 1, 4)),
        "y beside x": ("x,z,y", (0, 1, 2)),  # a table of points: `y` a coordinate
    }[twin]
    write_file(tmp_path / "src" / "table.csv", header + "\n" + "".join(",".join(r[i] for i in pick) + "\n" for r in rows))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert (
        "each of its 8 sampled cells differs" if twin == "an id named label" else "--text-column none --keep-columns '*'"
    ) in said, said


def test_twin_an_id_and_a_class_alone_is_no_table_of_measurements(tmp_path: Path) -> None:
    """A submission-shaped `PassengerId,Survived` table alone (Titanic's gender_submission.csv; a labels file
    whose inputs are elsewhere): no measurement beside the class, the stop as before."""
    write_file(
        tmp_path / "src" / "gender_submission.csv", "PassengerId,Survived\n" + "".join(f"{892 + i},{i % 2}\n" for i in range(8))
    )
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "gender_submission.csv" in said and "table of measurements" not in said, said


def test_twin_a_regression_target_documented_as_class_stops(tmp_path: Path) -> None:
    """UCI's servo.names documents `5. class: 0.13 to 7.10`, a measurement: its .data stops as before."""
    write_file(
        tmp_path / "src" / "servo.data",
        "".join(f"{'ABCDE'[i % 5]},{'ABCDE'[(i * 2) % 5]},{3 + i % 4},{1 + i % 5},{0.13 + i * 0.77:.5f}\n" for i in range(8)),
    )
    write_file(
        tmp_path / "src" / "servo.names",
        "7. Attribute Information:\n   1. motor: A,B,C,D,E\n   2. screw: A,B,C,D,E\n"
        "   3. pgain: 3,4,5,6\n   4. vgain: 1,2,3,4,5\n   5. class: 0.13 to 7.10\n\n8. Missing Attribute Values: None\n",
    )
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "holds tables of attributes" in said, said


def test_twin_a_table_beside_images_is_not_read_as_measurements(tmp_path: Path) -> None:
    """diabetes.csv beside a folder of images: no table of measurements alone; the stop as before (the table may
    label the images: `--labels`)."""
    from helpers.made_files import image_file

    write_file(tmp_path / "src" / "diabetes.csv", "\n".join(_DIABETES) + "\n")
    for i in range(3):
        image_file(tmp_path / "src" / "scans" / f"{i:03d}.jpg", f"s{i}")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "table of measurements" not in said and "diabetes.csv" in said, said


def test_twin_the_users_own_label_column_is_never_overridden(tmp_path: Path) -> None:
    """`--label-column Glucose` given over diabetes.csv: the user's word, not Outcome; the stop as before (the text
    column is still theirs to say), never a run labelled by the column the files would have chosen."""
    write_file(tmp_path / "src" / "diabetes.csv", "\n".join(_DIABETES) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out", label_column="Glucose")
    assert "table of measurements" not in said, said


def test_the_modules_examples() -> None:
    import doctest

    from shardify.plan import attribute_tables, label_words, measurement_classes

    assert all(doctest.testmod(m).failed == 0 for m in (attribute_tables, label_words, measurement_classes))
