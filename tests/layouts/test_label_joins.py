"""A table of labels keyed by id beside a table of texts of the same ids, joined by id (`shardify.plan.label_joins`).

Jigsaw's kind (round four): test.csv's comments, their labels in test_labels.csv (six 0/1 columns,
-1: not scored), a sample_submission.csv of 0.5s beside them. Here an unnamed neighbour of the
same kind made differently (TSV in a folder, the key `review_id`, the labels table named
`test_gold.tsv` and its rows in another order than the texts', a table of predictions named
plainly): right with the first command, the unscored records counted as unlabelled in the
manifest. Each hostile twin changes one fact; each either stops before writing or rejects exactly
the rows it cannot read, with why; none writes a wrong label with exit 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_CLASSES = ("spam", "offensive")
_TRAIN = [("r01", "Great phone, fast delivery and a fair price.", (0, 0)), ("r02", "BUY CHEAP PILLS AT example dot com now", (1, 0)),
          ("r03", "You are an idiot and so is the seller.", (0, 1)), ("r04", "Visit my shop, idiots, for deals!", (1, 1))]
# (id, text, labels: a 0/1 per class, or None: -1 in every column, not scored)
_TEST = [("t01", "Battery died after a week of use.", (0, 0)), ("t02", "Free money here, click the link below.", (1, 0)),
         ("t03", "Works as described, would buy again.", None), ("t04", "The worst seller, a total moron.", (0, 1)),
         ("t05", "Arrived broken but support was kind.", None)]


def _labels(flags) -> frozenset[str] | None:
    """(an empty label set meets None in the records, as the rounds' judge meets it: the manifest
    counts the unscored apart)"""
    return None if flags is None else frozenset(c for c, f in zip(_CLASSES, flags) if f) or None


def _source(root: Path, change: str = "") -> Path:
    data = root / "data"
    data.mkdir(parents=True)
    header = "review_id\tbody\t" + "\t".join(_CLASSES)
    (data / "train.tsv").write_text("\n".join([header] + [f"{i}\t{t}\t{a}\t{b}" for i, t, (a, b) in _TRAIN]) + "\n")
    (data / "test.tsv").write_text("\n".join(["review_id\tbody"] + [f"{i}\t{t}" for i, t, _ in _TEST]) + "\n")
    gold = [(i, "\t".join(map(str, flags)) if flags else "-1\t-1") for i, _, flags in reversed(_TEST)]
    if change == "a label neither 0, 1 nor -1":
        gold[0] = (gold[0][0], "2\t0")
    elif change == "-1 beside 0 or 1":
        gold[0] = (gold[0][0], "-1\t1")
    elif change == "an id no text has":
        gold.append(("t99", "1\t0"))
    elif change == "a text no label names":
        gold = gold[1:]
    (data / "test_gold.tsv").write_text("\n".join(["review_id\t" + "\t".join(_CLASSES)] + [f"{i}\t{v}" for i, v in gold]) + "\n")
    predictions = "\n".join(["review_id\t" + "\t".join(_CLASSES)] + [f"{i}\t0.{n + 1}\t0.{9 - n}" for n, (i, _, _) in enumerate(_TEST)])
    (data / "baseline.tsv").write_text(predictions + "\n")
    if change == "a second labels table":
        (data / "test_votes.tsv").write_text((data / "test_gold.tsv").read_text())
    if change == "a submission of 0 and 1":
        (data / "sample_submission.tsv").write_text((data / "test_gold.tsv").read_text().replace("-1", "1"))
    if change == "ids two text tables share":
        (data / "test.tsv").rename(data / "part_a.tsv")
        (data / "part_b.tsv").write_text((data / "part_a.tsv").read_text())
        (data / "test_gold.tsv").rename(data / "gold.tsv")
    return root


def _truth(without: tuple[str, ...] = ()) -> dict[str, tuple[str, frozenset[str] | None]]:
    found = {f"data/train.tsv:{n}": ("train", _labels(flags)) for n, (_, _, flags) in enumerate(_TRAIN)}
    found.update({f"data/test.tsv:{n}": ("test", _labels(flags)) for n, (i, _, flags) in enumerate(_TEST) if i not in without})
    return found


def _rejected(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_the_labels_table_labels_the_texts_by_id_with_no_option(tmp_path: Path) -> None:
    out = convert(_source(tmp_path / "src"), tmp_path / "out", max_rejects="0")
    got = written_records(out)
    assert got["records"] == _truth()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["splits"]["test"]["num_unlabelled"] == 2
    assert manifest["splits"]["test"]["label_counts"]["offensive"] == 1


@pytest.mark.parametrize(
    ("change", "rejected", "reason"),
    [
        ("a label neither 0, 1 nor -1", "data/test.tsv", "column 'spam' holds '2'"),
        ("-1 beside 0 or 1", "data/test.tsv", "hold -1 (not scored) beside 0 or 1"),
        ("an id no text has", "data/test_gold.tsv", "names no row of data/test.tsv: 't99'"),
        ("a text no label names", "data/test.tsv", "no row of data/test_gold.tsv names its id 't05'"),
    ],
)
def test_a_row_that_cannot_be_joined_is_rejected_with_why(change: str, rejected: str, reason: str, tmp_path: Path) -> None:
    out = convert(_source(tmp_path / "src", change), tmp_path / "out")
    found = _rejected(out)
    assert len(found) == 1 and found[0]["path"] == rejected and reason in found[0]["reason"], found
    lost = () if "no text has" in change else ("t05",)  # the gold rows are reversed: its first row is t05's
    assert written_records(out)["records"] == _truth(without=lost)


@pytest.mark.parametrize(
    ("change", "shown"),
    [
        ("a second labels table", "both give labels to the rows of data/test.tsv"),
        ("ids two text tables share", "which table's rows they label cannot be told"),
    ],
)
def test_a_labels_table_for_which_rows_is_unclear_stops_before_writing(change: str, shown: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=shown):
        convert(_source(tmp_path / "src", change), tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_submission_of_0_and_1_is_no_labels_table(tmp_path: Path) -> None:
    """Named as a submission (`sample_submission`), a table of the labels' shape only shows a format."""
    out = convert(_source(tmp_path / "src", "a submission of 0 and 1"), tmp_path / "out", max_rejects="0")
    assert written_records(out)["records"] == _truth()
