"""Blind batch 44's WRONG EXIT 0 mended by kind (tests/helpers/blind44.py), on a neighbour layout the batch does not hold.

A table with a text column and, unnamed as the label, a column of class numbers written as decimals (a float
export of a whole-number column: AI Vs Human Text's AI_Human.csv `text,generated` of 0.0 / 1.0; read in the code
corpus: "if row[1] == '1.0': ai.append(row[0])") was read as a measurement and dropped: every record written
unlabelled, exit 0, where the same column written 0 / 1 stops naming `--label-column`. Such a column
(`label_content.whole_decimals`: every cell a whole number with a fraction of zeros, repeated as class numbers are)
is now among the columns the stop offers (converters/label_columns.py `refuse_unnamed_labels`).

The neighbour is invented in the shape of Amazon's review exports (`reviewText,overall`, the stars written 5.0 by
the 5-core JSON's floats, read in the code corpus as "df['overall'].astype(int)"), not the batch's file; its hostile
twins are decimals that are a measurement: whole but each row's own (a word count), or not whole (confidences).
Each is converted in-process as the tally converts (`run_conversion` of a `ConvertConfig` of SRC and OUT).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shipped import _words
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters.label_content import whole_decimals
from shardify.errors import UsageError

_STARS = ["5.0", "4.0", "5.0", "1.0", "3.0", "5.0", "2.0", "4.0", "5.0", "4.0"]


def _table(root: Path, header: str, cells: list[str]) -> Path:
    """`root`/reviews.csv: a review text a row beside `cells` under `header`'s second name."""
    root.mkdir(parents=True)
    lines = [header] + [csv_cells(_words(f"rv{i}", 6 + i % 5).capitalize() + ".", cell) for i, cell in enumerate(cells)]
    (root / "reviews.csv").write_text("\n".join(lines) + "\n")
    return root


def test_stars_written_as_decimals_stop_naming_the_column(tmp_path: Path) -> None:
    src = _table(tmp_path / "src", "reviewText,overall", _STARS)
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "--label-column 'overall'" in str(stopped.value)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").glob("*.tfrecord"))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), label_column="overall"))
    records = written_records(tmp_path / "followed")["records"]
    assert {rid: labels for rid, (_, labels) in records.items()} == {  # (whole decimals as whole numbers since readers35a)
        f"reviews.csv:{i}": frozenset({star.removesuffix(".0")}) for i, star in enumerate(_STARS)
    }


def test_whole_decimals_that_differ_row_by_row_are_a_measurement(tmp_path: Path) -> None:
    counts = [f"{17 + 13 * i}.0" for i in range(len(_STARS))]  # a word count: whole, but each row's own
    src = _table(tmp_path / "src", "reviewText,word_count", counts)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == len(counts) and all(labels is None for _, labels in records.values())


def test_decimals_that_are_not_whole_are_no_class_numbers(tmp_path: Path) -> None:
    scores = ["0.5", "1.0", "0.5", "0.75", "1.0", "0.5", "1.0", "0.75", "0.5", "1.0"]  # a confidence
    src = _table(tmp_path / "src", "reviewText,confidence", scores)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == len(scores) and all(labels is None for _, labels in records.values())


def test_a_named_label_column_of_words_still_converts(tmp_path: Path) -> None:
    words = ["good", "bad", "good", "good", "bad", "good", "bad", "good", "good", "bad"]
    src = _table(tmp_path / "src", "text,label", words)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in records.items()} == {
        f"reviews.csv:{i}": frozenset({w}) for i, w in enumerate(words)
    }


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        (["0.0", "1.0", "1.0", "0.0"], True),
        (["1.00", "2.00", "1.00", "2.00"], True),
        (["0", "1", "1", "0"], False),  # whole numbers: label_kind's, not this rule's
        (["0.0", "1.0", "1.0"], False),  # too few rows to tell
        (["1.0", "2.0", "3.0", "4.0"], False),  # no repeats
        (["1000.0", "1000.0", "2000.0", "2000.0"], False),  # past MAX_LABEL_NUMBER
        (["0.", "1.", "1.", "0."], False),
    ],
)
def test_whole_decimals(cells: list[str], expected: bool) -> None:
    assert whole_decimals(cells) is expected
