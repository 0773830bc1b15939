"""Useless stops of blind batches 30, 38, 39 turned into good stops, by kind (readers33b).

- C4.5's case files (blind38's Adult: headerless `adult.data` and `adult.test` of `39, State-gov, ..., <=50K`
  beside `adult.names`, the test file opening with the comment `|1x3 Cross validator` and ending each case with
  a period, `>50K.`): read by C4.5's rules (converters/c45_cases.py: `|` comments, a period ending a case, cells
  stripped), each file its split where the stem's `.names` lies beside (shardify/plan/split_extensions.py's
  `c45_splits`), and the stop names the options of a table of attributes (shardify/plan/attribute_tables.py).
  Neighbour: UCI's Census-Income (KDD), values with spaces inside and every case ended by a period in both files;
  hostile twins: a case cut short, a truncated last case, a huge cell, `nan` cells, prose of commas, a `.test`
  with no `.names`, our own output as input.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import blind38
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import c45_cases
from shardify.plan import attribute_tables, split_extensions

_TABLE_OPTIONS = {"layout": "tables", "text_column": "none", "keep_columns": ("*",)}


def _labels(out: Path) -> dict:
    return dict(written_records(out)["records"])


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _follows(name: str, batch, tmp_path: Path) -> None:
    truth = batch.DATASETS[name](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    follow = batch.FOLLOW[name]
    assert follow and all(names_option(message, key) for key in follow), message
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


# ---- C4.5's case files -------------------------------------------------------------------------------------------


def test_adult_stops_naming_the_options_and_its_splits_and_then_converts_right(tmp_path: Path) -> None:
    _follows("adult", blind38, tmp_path)


_CENSUS_CLASSES = ("- 50000", "50000+")
_CENSUS_WORK = ("Not in universe", "Private", "Self-employed-not incorporated", "Federal government")
_CENSUS_EDU = ("High school graduate", "Some college but no degree", "Bachelors degree(BA AB BS)", "Children")


def _census(root: Path, train: int = 6, test: int = 3) -> dict[str, tuple[str, str]]:
    """UCI's Census-Income (KDD) as downloaded (archive.ics.uci.edu/ml/machine-learning-databases/census-income-mld/):
    `census-income.data`, `census-income.test` and `census-income.names`. CHECKED 2026-11-29 against a loader in
    the code corpus (find_string 'census-income.test': a notebook reading both files with
    "words = line.strip()[:-1].split(', ')" and "if len(words) != 42: continue", i.e. ', '-separated cases of
    42 values each ended by a period, and the names listing "income: - 50000, 50000+." after lines such as
    "citizenship: Native- Born in the United States, Foreign born- Not a citizen of U S , ..." and
    "instance weight: ignore."). Values with spaces inside ('Not in universe'), `?` missing. Simplified: 8
    columns of the 42 (age, class of worker, industry code, education, wage per hour, a `?` column, citizenship,
    the class); the `.names` opens with `|` comments and the class list, as C4.5's does.
    Returns {"<file>:<i>": (split, class)}."""
    root.mkdir(parents=True, exist_ok=True)
    truth = {}
    for name, split, count in (("census-income.data", "train", train), ("census-income.test", "test", test)):
        lines = []
        for i in range(count):
            k = i + 2 * len(split)
            label = _CENSUS_CLASSES[(k * 5 + 1) % 3 == 0]
            cells = [
                str(20 + k * 7 % 50),
                _CENSUS_WORK[k % 4],
                str(k * 3 % 50),
                _CENSUS_EDU[k % 4],
                str(k % 3 * 500),
                "?" if k % 2 else "Nonmover",
                "Native- Born in the United States" if k % 3 else "Foreign born- Not a citizen of U S ",
                label,
            ]
            lines.append(", ".join(cells) + ".")
            truth[f"{name}:{i}"] = (split, label)
        (root / name).write_text("\n".join(lines) + "\n")
    (root / "census-income.names").write_text(
        "| This data was extracted from the census bureau database found at\n| http://www.census.gov/ftp/pub/DES/www/welcome.html\n"
        "- 50000, 50000+.\n\nage: continuous.\nclass of worker: Not in universe, Federal government, Private.\n"
    )
    return truth


def test_a_neighbour_census_income_stops_naming_its_class_and_splits_and_converts_right(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census")
    message = refusal(tmp_path / "census", tmp_path / "out")
    assert "--label-column '8'" in message and "census-income.test test" in message and "--layout tables" in message
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "followed"), label_column="8", **_TABLE_OPTIONS))
    found = _labels(tmp_path / "followed")
    assert found == {rid: (split, frozenset({label.lower()})) for rid, (split, label) in truth.items()}
    assert _rejects(tmp_path / "followed") == []


def test_cases_are_read_by_c45s_rules() -> None:
    assert c45_cases.case_cells(" 52, Self-emp-not-inc, >50K.  | the last one\n", 3) == ["52", "Self-emp-not-inc", ">50K"]
    assert c45_cases.case_cells("1.5,2.,?,a.b", 4) == ["1.5", "2.", "?", "a.b"]  # a period inside a value stays
    assert c45_cases.case_line("|1x3 Cross validator") == ""


def test_hostile_twins_a_short_case_and_a_truncated_last_case_are_each_one_reject(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census", train=20)  # (one case in ten may be cut short: c45_cases._MIN_SHARE)
    data = tmp_path / "census" / "census-income.data"
    lines = data.read_text().splitlines()
    lines[4] = lines[4].rsplit(",", 3)[0] + "."  # a case cut short in the middle of the file
    data.write_text("\n".join(lines) + "\n" + lines[0][:20])  # and one truncated at the end, no line end
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    rejects = _rejects(tmp_path / "out")
    assert len(rejects) == 2 and all("C4.5 case of" in r["reason"] and "where the table has 8" in r["reason"] for r in rejects)
    found = _labels(tmp_path / "out")
    assert len(found) == len(truth) - 1  # the short case is out; the others keep their labels
    assert {label for _, label in found.values()} <= {frozenset({c.lower()}) for c in _CENSUS_CLASSES}


def test_hostile_twins_nan_cells_are_missing_values_not_rows_lost(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census")
    for name in ("census-income.data", "census-income.test"):
        path = tmp_path / "census" / name
        path.write_text(path.read_text().replace(", 0, ", ", nan, "))
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    assert _labels(tmp_path / "out") == {rid: (split, frozenset({label.lower()})) for rid, (split, label) in truth.items()}


def test_hostile_twins_that_are_no_case_files() -> None:
    huge = ["1, a, 2, " + "x" * 10_000, "3, b, 4, y", "5, c, 6, z"]
    prose = ["pos, a film, in short, fine", "neg, dull, dull, dull", "neg, bad, worse, worst"]
    assert not c45_cases.looks_like_cases(huge) and not c45_cases.looks_like_cases(prose)
    assert attribute_tables.attribute_tables_message("src", {"a.data": prose, "a.test": prose}, ["a.names"]) == ""
    assert split_extensions.c45_splits(["a.data", "a.test"]) == ()  # no .names: `.data` is any table's name
    assert split_extensions.c45_splits(["a.data", "a.names", "b.test", "b.names"]) == ()  # no stem has both
    assert split_extensions.c45_splits(["a[1].data", "a[1].test", "a[1].names"]) == ()  # a glob character


def test_hostile_twin_our_own_output_is_not_read_as_cases(tmp_path: Path) -> None:
    _census(tmp_path / "census")
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    message = refusal(tmp_path / "out", tmp_path / "again")
    assert "C4.5" not in message and "holds tables of attributes" not in message
