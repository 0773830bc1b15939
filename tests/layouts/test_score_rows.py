"""A row whose score is no number, past the rows detection reads, is its row's reject, never a class.

Rated-image downloads keep a score per image: SCUT-FBP5500's `train.txt` of `CF437.jpg 2.883333` lines,
KonIQ-10k's `koniq10k_scores_and_distributions.csv` (`image_name,...,MOS`). With `--label-column` (or `--labels
TABLE`) each score is its record's label, as written. Detection reads a list's first 40 lines and a table's first
50 rows: a `nan` row found there stops the run (review31), but one further down was written as a class 'nan' beside
the scores, exit 0 (checked on main at 5007f5c2: 6,000 rows, one `nan` at row 5,901; a 4,000-row table likewise).
Now a list read by its score (`score_lists`: Evidence.label_scores), a keyed table whose label cells are decimals
(`keyed_tables`) and a `--labels` table whose sampled label cells are (`label_files._scored`) reject such a row,
naming it; every other record keeps its score.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers.made_files import image_file
from helpers.shard_io import read_report
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_ROWS = 60  # more than detection's 40 lines of a list and 50 rows of a table
_ODD = 45


def _score(i: int) -> str:
    return f"{1 + (i % 7) / 4:.2f}"  # (seven values: a score unique to each image would read as an id)


def _images(root: Path, names: list[str]) -> None:
    for i, name in enumerate(names):
        image_file(root / name, f"{name}-{i}", 8, 8)


def _labels(out: Path) -> list[str]:
    return json.loads((out / "manifest.json").read_text())["labels"]


def test_a_nan_deep_in_a_score_list_is_its_row_s_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    names = [f"CF{i}.jpg" for i in range(_ROWS)]
    _images(src / "Images", names)
    rows = [f"{n} {'nan' if i == _ODD else _score(i)}" for i, n in enumerate(names)]
    (src / "train.txt").write_text("\n".join(rows[:50]) + "\n")
    (src / "test.txt").write_text("\n".join(rows[50:]) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="2"))
    assert "nan" not in _labels(tmp_path / "out")
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejects] == [f"Images/CF{_ODD}.jpg"]
    assert "no number" in rejects[0]["reason"] and "train.txt" in rejects[0]["reason"]


def test_a_nan_deep_in_a_labels_table_of_scores_is_its_row_s_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    names = [f"{i}.jpg" for i in range(_ROWS)]
    _images(src / "images", names)
    table = ["image_name,MOS"] + [f"{n},{'nan' if i == _ODD else _score(i)}" for i, n in enumerate(names)]
    (src / "scores.csv").write_text("\n".join(table) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(src / "scores.csv")))
    labels = _labels(tmp_path / "out")
    assert "nan" not in labels and _score(3) in labels
    assert [r["path"] for r in read_report(tmp_path / "out", "rejected.jsonl")] == [f"images/{_ODD}.jpg"]


def test_a_table_of_label_words_keeps_its_rows_as_before(tmp_path: Path) -> None:
    # the twin: words, not scores, in the column: `nan` is a language code's word there (Min Nan), a label as written
    src = tmp_path / "src"
    names = [f"{i}.jpg" for i in range(_ROWS)]
    _images(src / "images", names)
    words = ("cat", "dog", "fox")
    table = ["image_name,label"] + [f"{n},{'nan' if i == _ODD else words[i % 3]}" for i, n in enumerate(names)]
    (src / "labels.csv").write_text("\n".join(table) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(src / "labels.csv")))
    assert set(_labels(tmp_path / "out")) == {"cat", "dog", "fox", "nan"}


def test_a_keyed_table_read_by_its_score_column_rejects_the_image_of_a_nan_row(tmp_path: Path) -> None:
    # the table found beside the images (no --labels), its column named: the image is the reject, never
    # written unlabelled beside the scored ones while the table's row alone was reported
    src = tmp_path / "src"
    names = [f"{i}.jpg" for i in range(_ROWS)]
    _images(src / "images", names)
    table = ["image_name,MOS"] + [f"{n},{'nan' if i == _ODD else _score(i)}" for i, n in enumerate(names)]
    (src / "scores.csv").write_text("\n".join(table) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="MOS"))
    assert "nan" not in _labels(tmp_path / "out")
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejects] == [f"images/{_ODD}.jpg"] and "row 47 of scores.csv" in rejects[0]["reason"]


def test_a_class_number_table_rejects_the_image_of_a_row_of_no_class_number(tmp_path: Path) -> None:
    src = tmp_path / "src"
    names = [f"{i}.jpg" for i in range(_ROWS)]
    _images(src / "images", names)
    table = ["image_name,label"] + [f"{n},{'-1' if i == _ODD else i % 3}" for i, n in enumerate(names)]
    (src / "labels.csv").write_text("\n".join(table) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="label"))
    assert sorted(_labels(tmp_path / "out")) == ["0", "1", "2"]
    assert [r["path"] for r in read_report(tmp_path / "out", "rejected.jsonl")] == [f"images/{_ODD}.jpg"]
