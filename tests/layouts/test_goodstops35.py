"""Good stops turned right where a strong, general sign in the files decides them (issue 30's first command).

Two kinds, each with a neighbour public dataset in no blind batch and twins where the sign is there but
contradicted, which must still stop:

- a table of measurements whose one class column is named by a word meaning "the thing to predict" (`Churn`,
  `Attrition`, `RiskLevel`, `price_range`: `label_words.ATTRIBUTE`, compared without case, `_`, `-`, `.`, spaces in
  `shardify/plan/measurement_classes.py`): read as attrtables33 reads `Outcome`, each row a record labelled so;
- a table of ONE text column and one 0/1 column named as a flag (`is_<x>`, `has_<x>`, `label_<x>`): the flag is
  the label (`converters/flag_labels.py`), the plan saying why;
- an ARFF whose header declares one nominal attribute named as a class (`@attribute Class {Kecimen,Besni}`,
  `measurement_classes.arff_class`, `beam_jobs/discover/documented_classes.py`): read as the tables stop's options
  would, that attribute the label;
- pandas' row index (a blank-headed first column of whole numbers, each once: `header_rows.is_row_index`) is no
  column beside the text: a table of a text and one column of repeated words converts labelled by it, as it did
  without the index (`beam_jobs/discover/decided_labels.py`; blind47's phishing e-mails stopped on it).

Sources read for the builders (find_string, 2026-11-29):
- IBM HR Analytics Employee Attrition (`WA_Fn-UseC_-HR-Employee-Attrition.csv`, Kaggle pavansubhasht): a SQL schema
  loading it, "Age INTEGER, Attrition VARCHAR(10), BusinessTravel VARCHAR(50), DailyRate INTEGER, Department ...,
  DistanceFromHome, Education, EducationField, EmployeeCount, EmployeeNumber, EnvironmentSatisfaction, Gender,
  HourlyRate, JobInvolvement, JobLevel, JobRole, JobSatisfaction, MaritalStatus, MonthlyIncome, MonthlyRate,
  NumCompaniesWorked, Over18, ..."; a README: "The target variable: `Attrition` (Yes/No)". The miniature keeps
  the first 20 of its 35 columns, 10 rows.
- yxzwayne/email-spam-10k (Hugging Face): a conversion script's list "yxzwayne/email-spam-10k (2024-07, 11K records,
  JSON: text,is_spam)"; a Rust trainer's "the csv file must be of the format: text,is_spam. where is_spam is a u8
  variable with 1 being that the message is spam and 0 meaning that it's ham". Built as JSON lines and as CSV.
- zefang-liu/phishing-email (Hugging Face; the same script's list: "(2024-01, 18K records, CSV: Email Text,Email
  Type)"): Kaggle's phishing e-mails (blind47) republished without pandas' index column; the labels 'Safe Email',
  'Phishing Email' (a reader quoted in blind47_texts). Built with Kaggle's `,Email Text,Email Type` header, its
  first column numbering the rows (shuffled, as a split written by pandas is).
- Raisin Dataset (Cinar, Koklu & Tasdemir 2020, UCI 850; Raisin_Dataset/{Raisin_Dataset.arff, .xlsx, .txt}): a
  loader's `FEATURE_COLUMNS = ["Area", "MajorAxisLength", "MinorAxisLength", "Eccentricity", "ConvexArea", "Extent",
  "Perimeter"]`, "df['Class']", `name == "Kecimen"` / `"Besni"`, "table = table[18:] # first lines are trash" (the
  ARFF's header lines), a README listing the zip's three files. The ARFF's exact header spacing is as remembered;
  the .xlsx a placeholder (blind45's), the .txt left out (a prose file is another input kind, another stop).
- HAHA 2021 (humour in Spanish tweets, the twin): its README "id, text, is_humor (0 or 1), votes_no,
  votes_1...votes_5, humor_rating, ...": `is_humor` one flag among vote counts, no sure label.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_HR_COLUMNS = [
    *("Age", "Attrition", "BusinessTravel", "DailyRate", "Department", "DistanceFromHome", "Education"),
    *("EducationField", "EmployeeCount", "EmployeeNumber", "EnvironmentSatisfaction", "Gender", "HourlyRate"),
    *("JobInvolvement", "JobLevel", "JobRole", "JobSatisfaction", "MaritalStatus", "MonthlyIncome", "MonthlyRate"),
]
_TRAVEL = ("Travel_Rarely", "Travel_Frequently", "Non-Travel")
_DEPARTMENT = ("Sales", "Research & Development", "Human Resources")
_ROLE = ("Sales Executive", "Research Scientist", "Laboratory Technician", "Manager")
_MAILS = (
    "Subject: meeting moved to 3pm, the agenda is attached",
    "WIN a FREE cruise today!!! click the link now",
    "lunch tomorrow? the usual place at noon",
    "Your account is suspended: verify your password here",
    "quarterly report draft attached for your review",
    "cheap meds, no prescription needed, fast shipping",
    "can you send me the slides from this morning",
    "You have been selected for a $1000 gift card",
)
_SPAM = ("0", "1", "0", "1", "0", "1", "0", "1")


def _csv(header: list[str] | tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _hr_rows(attrition: list[str]) -> list[tuple[str, ...]]:
    """Rows of the HR table's first 20 columns, `Attrition` as given."""
    return [
        (
            str(25 + 3 * i),
            label,
            _TRAVEL[i % 3],
            str(300 + 97 * i),
            _DEPARTMENT[i % 3],
            str(1 + i % 9),
            str(1 + i % 5),
            "Life Sciences" if i % 2 else "Medical",
            "1",
            str(1 + 2 * i),
            str(1 + i % 4),
            "Male" if i % 2 else "Female",
            str(40 + i),
            str(1 + i % 4),
            str(1 + i % 3),
            _ROLE[i % 4],
            str(1 + (i + 1) % 4),
            ("Single", "Married", "Divorced")[i % 3],
            str(2000 + 731 * i),
            str(5000 + 1297 * i),
        )
        for i, label in enumerate(attrition)
    ]


_ATTRITION = ["Yes", "No", "No", "Yes", "No", "No", "No", "Yes", "No", "No"]


def test_hr_attrition_converts_by_default_as_the_options_would(tmp_path: Path) -> None:
    """IBM HR's table, `Attrition` Yes/No among 19 measurements: the first command writes each row labelled by its
    Attrition, the plan saying so, the same records `--text-column none --keep-columns '*' --label-column
    Attrition` writes."""
    write_file(tmp_path / "src" / "WA_Fn-UseC_-HR-Employee-Attrition.csv", _csv(_HR_COLUMNS, _hr_rows(_ATTRITION)))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    assert "labelled by 'Attrition'" in (tmp_path / "first" / "plan.json").read_text()
    told = ConvertConfig(
        str(tmp_path / "src"), str(tmp_path / "told"), text_column="none", keep_columns=("*",), label_column="Attrition"
    )
    run_conversion(told)
    first = records(tmp_path / "first")
    assert first == records(tmp_path / "told")
    got = sorted((int(key.rsplit("#", 1)[1]), labels) for key, (_, labels, _) in first.items())
    assert [labels for _, labels in got] == [(a,) for a in _ATTRITION], got


@pytest.mark.parametrize("name", ["Risk Level", "risk_level", "RISKLEVEL"])
def test_target_words_are_compared_without_case_and_separators(tmp_path: Path, name: str) -> None:
    """The class named `Risk Level`, `risk_level` or `RISKLEVEL` (UCI maternal health's `RiskLevel` written
    otherwise): found as the one class-named column."""
    write_file(
        tmp_path / "src" / "table.csv",
        _csv(
            ["Age", "SystolicBP", "BS", name],
            [(str(20 + i), str(100 + 5 * i), f"{6 + i * 0.5:.1f}", ("low", "mid", "high")[i % 3]) for i in range(9)],
        ),
    )
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert sorted({labels for _, labels, _ in records(tmp_path / "out").values()}) == [("high",), ("low",), ("mid",)]


@pytest.mark.parametrize(
    "twin", ["two targets", "a churn of fractions", "a churn unique to each row", "an id beside", "heart_disease", "price_range"]
)
def test_twins_whose_target_word_is_no_sure_class_stop(tmp_path: Path, twin: str) -> None:
    """`Churn` beside `Exited` (two columns named as the class), `Attrition` of fractions (a rate, no class), an
    `Attrition` cell unique to each row (no class), a `CustomerId,Churn` table (an id and a class, no
    measurements), the stroke set's 0/1 `heart_disease` beside its `stroke` (a feature: read as the class, blind37 was
    written with every label wrong), a `price_range` beside a rating (Zomato's, an attribute): the stop as before."""
    rows = _hr_rows(_ATTRITION)
    columns, table = {
        "two targets": (["Churn", *_HR_COLUMNS[2:6], "Exited"], [(r[1], *r[2:6], "1" if r[1] == "No" else "0") for r in rows]),
        "a churn of fractions": (_HR_COLUMNS, [(r[0], f"{0.1 + i * 0.07:.2f}", *r[2:]) for i, r in enumerate(rows)]),
        "a churn unique to each row": (_HR_COLUMNS, [(r[0], f"level {i}", *r[2:]) for i, r in enumerate(rows)]),
        "an id beside": (["CustomerId", "Churn"], [(str(15634602 + i), r[1]) for i, r in enumerate(rows)]),
        "heart_disease": (
            ["age", "hypertension", "heart_disease", "avg_glucose_level", "stroke"],
            [
                (r[0], str(i % 2), str(int(i % 3 == 0)), f"{80 + i * 7.31:.2f}", str(int(r[1] == "Yes")))
                for i, r in enumerate(rows)
            ],
        ),
        "price_range": (
            ["Votes", "Price range", "Aggregate rating"],
            [(str(10 + 7 * i), str(1 + i % 4), f"{3.1 + (i % 5) * 0.3:.1f}") for i in range(len(rows))],
        ),
    }[twin]
    write_file(tmp_path / "src" / "customers.csv", _csv(columns, table))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "customers.csv" in said and "table of measurements" not in said, said


@pytest.mark.parametrize("form", ["jsonl", "csv"])
def test_text_beside_an_is_flag_converts_labelled_by_it(tmp_path: Path, form: str) -> None:
    """email-spam-10k's `text,is_spam` (as JSON lines, and as CSV): each mail a record labelled by its flag, the
    same records `--label-column is_spam` writes, the plan saying why."""
    if form == "jsonl":
        body = "".join(json.dumps({"text": t, "is_spam": int(s)}) + "\n" for t, s in zip(_MAILS, _SPAM))
    else:
        body = _csv(("text", "is_spam"), list(zip(_MAILS, _SPAM)))
    write_file(tmp_path / "src" / f"train.{form}", body)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "told"), label_column="is_spam"))
    first = records(tmp_path / "first")
    assert first == records(tmp_path / "told")
    assert sorted((text, labels) for _, labels, text in first.values()) == sorted((t, (s,)) for t, s in zip(_MAILS, _SPAM))
    if form == "csv":
        assert "a yes/no flag named as one" in (tmp_path / "first" / "plan.json").read_text()


@pytest.mark.parametrize("twin", ["among votes", "two flags", "three values", "no flag name", "one value"])
def test_twins_whose_flag_is_no_sure_label_stop(tmp_path: Path, twin: str) -> None:
    """HAHA 2021's `is_humor` among vote counts, `is_spam` beside `has_link`, an `is_spam` holding 0/1/2, a 0/1
    column named `spamminess`, an `is_spam` all 1: the stop naming --label-column as before."""
    votes = ("votes_no", "votes_1", "votes_2", "votes_3")
    columns, table = {
        "among votes": (
            ("id", "text", "is_humor", *votes),
            [(str(1000 + i), t, s, str(i % 3), str(i % 2), "0", "1") for i, (t, s) in enumerate(zip(_MAILS, _SPAM))],
        ),
        "two flags": (("text", "is_spam", "has_link"), [(t, s, str(i % 2)) for i, (t, s) in enumerate(zip(_MAILS, _SPAM))]),
        "three values": (("text", "is_spam"), [(t, str(i % 3)) for i, t in enumerate(_MAILS)]),
        "no flag name": (("text", "spamminess"), list(zip(_MAILS, _SPAM))),
        "one value": (("text", "is_spam"), [(t, "1") for t in _MAILS]),
    }[twin]
    write_file(tmp_path / "src" / "mails.csv", _csv(columns, table))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column" in said and "mails.csv" in said, said


_KINDS = (
    "Safe Email",
    "Phishing Email",
    "Safe Email",
    "Safe Email",
    "Phishing Email",
    "Safe Email",
    "Phishing Email",
    "Safe Email",
)


def test_text_and_type_beside_pandas_index_converts_labelled_by_the_type(tmp_path: Path) -> None:
    """The phishing e-mails with pandas' index first, its header cell blank (`,Email Text,Email Type`, the index
    shuffled as a split's): the index is no column beside the text, so the one column of repeated phrases there is
    the label (`decided_labels`), the same records `--label-column 'Email Type'` writes."""
    order = (5, 0, 7, 2, 6, 1, 4, 3)
    header, rows = ("", "Email Text", "Email Type"), [(str(order[i]), t, k) for i, (t, k) in enumerate(zip(_MAILS, _KINDS))]
    write_file(tmp_path / "src" / "phishing_email.csv", _csv(header, rows))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "told"), label_column="Email Type"))
    first = records(tmp_path / "first")
    assert first == records(tmp_path / "told")
    assert sorted((text, labels) for _, labels, text in first.values()) == sorted((t, (k,)) for t, k in zip(_MAILS, _KINDS))
    assert "label column 'Email Type': the one column beside the text" in (tmp_path / "first" / "plan.json").read_text()


@pytest.mark.parametrize("twin", ["numbers repeated", "words"])
def test_twins_whose_blank_headed_column_is_no_index_stop(tmp_path: Path, twin: str) -> None:
    """A blank-headed first column whose numbers repeat (a group, no row index), or holding words (a sender): a
    second column beside the text, the stop naming --label-column as before."""
    first = [str(i % 3) for i in range(8)] if twin == "numbers repeated" else [("alice", "bob")[i % 2] for i in range(8)]
    rows = [(f, t, k) for f, t, k in zip(first, _MAILS, _KINDS)]
    write_file(tmp_path / "src" / "mails.csv", _csv(("", "Email Text", "Email Type"), rows))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column" in said and "mails.csv" in said, said


_RAISIN = ("Area", "MajorAxisLength", "MinorAxisLength", "Eccentricity", "ConvexArea", "Extent", "Perimeter")


def _arff(attributes: list[str], rows: list[str]) -> str:
    return "\n".join(["@RELATION Raisin_Dataset", "", *attributes, "", "@DATA", *rows]) + "\n"


def _raisin_rows(classes: list[str]) -> list[str]:
    return [
        f"{87524 + 977 * i},{442.2460114 + i * 9.1:.7f},{253.291155 + i * 3.3:.6f},{0.819738392 - i * 0.01:.9f},"
        f"{90546 + 1013 * i},{0.758650579 + i * 0.002:.9f},{1184.04 + i * 11.3:.3f},{c}"
        for i, c in enumerate(classes)
    ]


_GRAINS = ["Kecimen", "Besni", "Kecimen", "Kecimen", "Besni", "Besni", "Kecimen", "Besni"]


def test_arff_with_a_nominal_class_converts_as_the_options_would(tmp_path: Path) -> None:
    """Raisin_Dataset.arff (`@attribute Class {Kecimen,Besni}`) beside its .xlsx copy: each data row a record
    labelled by its Class, the same records the tables stop's options write."""
    from helpers.blind45 import _xlsx_placeholder

    attributes = [f"@ATTRIBUTE {name} REAL" for name in _RAISIN] + ["@ATTRIBUTE Class {Kecimen,Besni}"]
    folder = tmp_path / "src" / "Raisin_Dataset"
    write_file(folder / "Raisin_Dataset.arff", _arff(attributes, _raisin_rows(_GRAINS)))
    (folder / "Raisin_Dataset.xlsx").write_bytes(_xlsx_placeholder())
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    assert "labelled by 'Class'" in (tmp_path / "first" / "plan.json").read_text()
    told = ConvertConfig(
        str(tmp_path / "src"),
        str(tmp_path / "told"),
        layout="tables",
        text_column="none",
        keep_columns=("*",),
        label_column="Class",
    )
    run_conversion(told)
    first = records(tmp_path / "first")
    assert first == records(tmp_path / "told")
    assert sorted(labels for _, labels, _ in first.values()) == sorted((g,) for g in _GRAINS)


@pytest.mark.parametrize("twin", ["a numeric class", "multi-label classes", "two class names"])
def test_twins_whose_arff_class_is_no_sure_thing_stop(tmp_path: Path, twin: str) -> None:
    """`@attribute class numeric` (a regression target), Mulan's `Class1 {0,1}` ... (multi-label: no one class), a
    nominal `class` beside a nominal `target`: the tables stop as before."""
    measures = [f"@ATTRIBUTE {name} REAL" for name in _RAISIN[:-1]]
    attributes, cells = {
        "a numeric class": ([*measures, "@ATTRIBUTE class NUMERIC"], [f"{1.5 + i * 0.25}" for i in range(8)]),
        "multi-label classes": ([*measures, "@ATTRIBUTE Class1 {0,1}"], [str(i % 2) for i in range(8)]),
        "two class names": (
            [*measures[:-1], "@ATTRIBUTE target {a,b}", "@ATTRIBUTE class {Kecimen,Besni}"],
            [f"{'ab'[i % 2]},{g}" for i, g in enumerate(_GRAINS)],
        ),
    }[twin]
    rows = [
        ",".join(row.split(",")[: len(attributes) - (2 if twin == "two class names" else 1)] + [c])
        for row, c in zip(_raisin_rows(_GRAINS), cells)
    ]
    write_file(tmp_path / "src" / "grains.arff", _arff(attributes, rows))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "holds tables of attributes" in said and "grains.arff" in said, said


def test_the_modules_examples() -> None:
    import doctest

    from shardify.converters import flag_labels, header_rows
    from shardify.plan import measurement_classes

    assert all(doctest.testmod(m).failed == 0 for m in (flag_labels, header_rows, measurement_classes))
