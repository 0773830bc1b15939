"""Review of the rules merged 842e41f3..471a2c81, tables of measurements converting by default (attrtables33).

Neighbours built from Kaggle/UCI tables as published (heart.csv `age,sex,cp,trestbps,chol,thalach,oldpeak,target`
of 0/1; the Superstore sales table `Row ID,Order Date,...,Category,Sub-Category,Sales,Quantity,Profit`, its
Category one of Furniture, Office Supplies, Technology) and their hostile twins. Two wrote wrong records, exit 0:

- a header repeated mid-file (tables joined from several files, each with its header) was a record of column
  names, labelled `target`, every number column of the table written as text: it is now that row's reject
  (`converters/table_scans.py` `_repeats_header`);
- a sales table's `Category` (a product's, beside Region and Sales: no class of the rows) was read as the class
  of a table of measurements, exit 0: `category` no longer names a measurement table's class
  (`shardify/plan/label_words.py`), and the table stops for `--label-column` as before attrtables33.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_HEART = "age,sex,cp,trestbps,chol,thalach,oldpeak,target"


def _heart_rows(n: int) -> list[str]:
    return [f"{40 + i},{i % 2},{i % 4},{120 + i},{200 + 3 * i},{150 + i},{(i % 5) * 0.4:.1f},{(i // 2) % 2}" for i in range(n)]


def test_header_repeated_mid_table_is_one_reject_not_a_record(tmp_path: Path) -> None:
    """heart.csv whose header comes again after row 6 (two files joined): 12 records labelled 0/1, the repeat one
    reject saying why, the number columns still numbers (they were all text, a record labelled 'target')."""
    rows = _heart_rows(12)
    write_file(tmp_path / "src" / "heart.csv", "\n".join([_HEART, *rows[:6], _HEART, *rows[6:]]) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert sorted(labels for _, labels, _ in written.values()) == [("0",)] * 6 + [("1",)] * 6, written
    rejects = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert [(r["path"], r["row"]) for r in rejects] == [("heart.csv", 8)] and "repeats the header row" in rejects[0]["reason"]
    plan = (tmp_path / "out" / "plan.json").read_text()
    assert "age (int64)" in plan or '"int64"' in plan, plan


def test_sales_table_category_is_no_class_of_measurements(tmp_path: Path) -> None:
    """A Superstore-like sales table (Category of products beside Region, Sales, Profit) stops naming the
    options; nothing is written as a table of measurements labelled by Category."""
    kinds = ("Furniture", "Office Supplies", "Technology")
    write_file(
        tmp_path / "src" / "superstore.csv",
        "Row ID,Order Date,Region,Category,Sales,Quantity,Profit\n"
        + "".join(
            f"{i + 1},2016-0{1 + i % 9}-1{i % 10},{('West', 'East')[i % 2]},{kinds[i % 3]},{10 + i * 7.5:.2f},"
            f"{1 + i % 5},{i * 1.25 - 5:.2f}\n"
            for i in range(12)
        ),
    )
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--text-column none --keep-columns '*'" in said and "table of measurements" not in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_neighbour_class_named_table_still_converts(tmp_path: Path) -> None:
    """The neighbour: the same heart.csv without the repeat converts by default, 12 records, no reject."""
    write_file(tmp_path / "src" / "heart.csv", "\n".join([_HEART, *_heart_rows(12)]) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert len(records(tmp_path / "out")) == 12
    assert not (tmp_path / "out" / "rejected.jsonl").exists() or not (tmp_path / "out" / "rejected.jsonl").read_text().strip()
