"""Blind batch 45's fault mended by kind (tests/helpers/blind45.py), on neighbour layouts the batch does not hold.

One class number spelled two ways among the labels. The Twitter and Reddit sentiment CSVs (kaggle cosmos98; read in
the code corpus: "Contains 37K+ Reddit comments with sentiment labels (-1, 0, 1) ... if 'clean_comment' in
df.columns"; "df = pd.read_csv('Data/Twitter_Data.csv'); df = df.dropna(subset=['clean_text']) ... y =
df['category']") label by the same numbers, but Twitter_Data.csv, saved from a float column (it has empty cells),
writes them `-1.0`, `0.0`, `1.0`: read as they stand, six labels for three classes, exit 0. Now the plan stops
(exit 2) where two labels are the same decimal number spelled differently, naming the spellings and the tables
that gave labels (shardify/plan/number_spellings.py, called by shardify/plan/checks.py). Since readers35a a label
column whose sampled cells are all whole decimals is read as whole numbers (converters/whole_decimal_labels.py), so
such a pair converts; the stop stays for spellings that reading does not settle (a word among the decimals).

The neighbours are invented in the shape of such exports, not the batch's files: a train.csv / test.csv pair of
`text,label` whose train table was saved from a float column (`0.0`, `1.0`) beside a test table of `0`, `1`
(a split pair, where the batch held two sources of one split); the hostile twins: both tables of one spelling,
whole numbers each spelled one way (`-1`, `0`, `1`), and names, which convert as before. Each is converted
in-process as the tally converts (`run_conversion` of a `ConvertConfig` of SRC and OUT, no option).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shipped import _words
from helpers.unseen4 import Spec, aux, build, row
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format.manifest import load_manifest


def _pair(train_labels: list[str], test_labels: list[str]):
    """train.csv and test.csv of `text,label`, each row's label as given (the truth: the label as written)."""

    def puts():
        for table, split, labels in (("train.csv", "train", train_labels), ("test.csv", "test", test_labels)):
            lines = ["text,label"]
            for i, label in enumerate(labels):
                text = _words(f"{table}{i}", 9 + i % 4)
                lines.append(f"{text},{label}")
                yield row(f"{table}:{i}", split, label, text)
            yield aux(table, "\n".join(lines) + "\n")

    return puts


def _convert(puts, tmp_path: Path):
    truth = build(Spec("download", "text", puts, "", "", aliases={}), tmp_path / "src")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    return truth, tmp_path / "out"


def test_a_float_exports_class_numbers_read_as_the_other_tables_whole_numbers(tmp_path: Path) -> None:
    # (readers35a: a label column whose sampled cells are all whole decimals is read as whole numbers, so the train
    # table saved from a float column and the test table of `0`, `1`, `2` agree: three classes, not six, no stop)
    puts = _pair(["0.0", "1.0", "0.0", "1.0", "2.0", "2.0"], ["0", "1", "2", "1"])
    truth = build(Spec("download", "text", puts, "", "", aliases={n: {f"{n}.0"} for n in ("0", "1", "2")}), tmp_path / "src")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    assert sorted(load_manifest(str(tmp_path / "out")).labels) == ["0", "1", "2"]


def test_a_class_number_spelled_two_ways_beside_a_word_still_stops_naming_them(tmp_path: Path) -> None:
    # (a word among the decimals: the column is not a float export's class numbers, and keeps its spellings)
    puts = _pair(["0.0", "1.0", "other", "1.0", "2.0", "2.0", "other", "0.0"], ["0", "1", "2", "1"])
    with pytest.raises(UsageError) as stopped:
        _convert(puts, tmp_path)
    said = str(stopped.value)
    assert "'0' and '0.0'" in said and "'2' and '2.0'" in said
    assert "train.csv" in said and "test.csv" in said and "--exclude" in said
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize(
    ("train", "test"),
    [
        # (decimals of one spelling in both tables: whole numbers since readers35a, in the test above)
        (["-1", "0", "1", "0"], ["1", "-1"]),  # whole numbers, each spelled one way
        (["pos", "neg", "pos", "neg"], ["neg", "pos"]),  # names
    ],
)
def test_labels_of_one_spelling_still_convert(train: list[str], test: list[str], tmp_path: Path) -> None:
    truth, out = _convert(_pair(train, test), tmp_path)
    assert_right(truth, out)
