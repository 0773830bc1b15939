"""review27: this session's new rules (0dcd05d..3b73815) met with neighbours their authors did not
build, near misses and hostile twins; each case here failed before its mend.

Pixel rows labelled by a table of their own (beam_jobs/discover/pixel_label_tables.py): a `y_train.csv`
of row ids (every number different) gave each image a class of its own, exit 0; a headed pixel table
with a label column of its own beside a table its name pairs (a legend of class names) stopped, saying
to add the labels the table already holds. Fold lists (fold_folders.check_fold_named_lists): any
`--exclude`, of a README, turned the stop off and read `fold01test.txt` as the test split.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind25
from helpers.made_files import text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


def _pixels(n: int, side: int = 8) -> list[str]:
    return [",".join(str((i * 7 + j * 3) % 256) for j in range(side * side)) for i in range(n)]


# ------------------------------------------------------------------------------------------------
# Pixel rows labelled by a table of their own
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("labels", [
    [str(1000 + i) for i in range(30)],  # row ids
    [str((i * 37) % 1000) for i in range(30)],  # values of each row, all different, not in order
], ids=["ids", "values"])
def test_a_label_table_of_numbers_all_different_stops_naming_it(tmp_path: Path, labels: list[str]) -> None:
    src = tmp_path / "src"
    text_file(src / "X_train.csv", "\n".join(_pixels(30)) + "\n")
    text_file(src / "y_train.csv", "\n".join(labels) + "\n")
    said = refusal(src, tmp_path / "out")  # (before: 30 records, 30 classes, exit 0)
    assert "y_train.csv" in said and "X_train.csv" in said and "all different" in said and "--exclude 'y_train.csv'" in said


def test_a_label_table_of_repeated_numbers_still_labels_its_rows(tmp_path: Path) -> None:
    src = tmp_path / "src"  # the twin: as many lines, classes repeated
    text_file(src / "X_train.csv", "\n".join(_pixels(30)) + "\n")
    text_file(src / "y_train.csv", "".join(f"{i % 10}\n" for i in range(30)))
    found = _convert(src, tmp_path / "out")
    assert found["records"]["X_train.csv:13"] == ("train", frozenset({"3"}))
    assert len(found["records"]) == 30


@pytest.mark.parametrize("legend", ["id,name\n0,ka\n1,kha\n2,ga\n", "0\n1\n2\n"], ids=["names", "numbers"])
def test_a_pixel_table_with_its_own_label_column_keeps_it_beside_a_table_its_name_pairs(tmp_path: Path, legend: str) -> None:
    src = tmp_path / "src"
    rows = ["label," + ",".join(f"pixel{j}" for j in range(64))]
    rows += [f"{i % 3}," + cells for i, cells in enumerate(_pixels(24))]
    text_file(src / "train_images.csv", "\n".join(rows) + "\n")
    text_file(src / "train_labels.csv", legend)  # a legend of the classes, not a label a row
    found = _convert(src, tmp_path / "out", max_rejects="50%")  # (before: a stop saying to add the labels it holds)
    images = {k: v for k, v in found["records"].items() if k.startswith("train_images.csv:")}
    assert len(images) == 24
    assert all(v == ("train", frozenset({str(int(k.rsplit(":", 1)[1]) % 3)})) for k, v in images.items())


# ------------------------------------------------------------------------------------------------
# Fold lists
# ------------------------------------------------------------------------------------------------

def test_fold_lists_stop_whatever_else_is_excluded(tmp_path: Path) -> None:
    truth = blind25.DATASETS["vedai"](tmp_path / "download")
    text_file(truth.root / "README.md", "VEDAI\n")
    said = refusal(truth.root, tmp_path / "out", exclude=("*.md",))  # (before: fold01test.txt read as the test split)
    assert "Annotations512/fold01test.txt" in said and "--exclude 'Annotations512/fold*'" in said


# ------------------------------------------------------------------------------------------------
# XML records joined by id to another XML document's attributes
# ------------------------------------------------------------------------------------------------

def _split_pairs(root: Path, parts: tuple[str, ...]) -> None:
    """Hyperpartisan's articles-<part>.xml beside ground-truth-<part>.xml for each of `parts`, each
    split's ids counted from 0000000 (as its by-publisher releases are): the text names its label."""
    for p, part in enumerate(parts):
        labels = {f"{i:07d}": ("true", "false")[(i + p) % 3 > 0] for i in range(12)}
        articles = "".join(f'<article id="{i}" title="t{i}"><p>Article {i} of {part}, which is {v} here.</p></article>\n'
                           for i, v in labels.items())
        text_file(root / "data" / f"articles-{part}-20181122.xml", f'<?xml version="1.0"?>\n<articles>\n{articles}</articles>\n')
        truth = "".join(f'<article id="{i}" hyperpartisan="{v}" labeled-by="publisher" url="https://x/{part}/{i}"/>\n'
                        for i, v in sorted(labels.items(), reverse=True))
        text_file(root / "data" / f"ground-truth-{part}-20181122.xml", f'<?xml version="1.0"?>\n<articles>\n{truth}</articles>\n')


@pytest.mark.parametrize("parts", [("training", "validation"), ("train", "dev", "test")], ids=["two", "three"])
def test_each_splits_records_take_their_own_truths_labels_where_ids_repeat_across_splits(tmp_path: Path, parts) -> None:
    _split_pairs(tmp_path / "src", parts)  # (before: each truth joined every split's records; disagreeing ids rejected, exit 1)
    found = _convert(tmp_path / "src", tmp_path / "out")
    assert len(found["records"]) == 12 * len(parts)
    for rid, (_, labels) in found["records"].items():
        assert labels == frozenset({found["texts"][rid].split()[-2]}), (rid, found["texts"][rid], labels)
