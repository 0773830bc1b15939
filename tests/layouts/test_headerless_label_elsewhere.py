"""A headerless table whose label column cannot be told from its cells stops before writing, naming each candidate.

Two kinds of fault, found by blind round twenty (tests/helpers/blind20.py) and round nineteen:

- Column 1 of a headerless table holding a small whole number is its label by place only (the news
  datasets' `"3","title","text"`). A pair table `dr_id,question_1,question_2,label` (Curai's medical
  question pairs: the doctor's number 1-11 first, the 0/1 last) was labelled by the doctor's number on
  every row, exit 0. Now another column of labels by content (`label_columns.label_kind`) beside column 1
  stops the run naming `--label-column 1` and the others (`label_columns.refuse_label_elsewhere`).
- A lone headerless table whose label columns by content are two or more (newsCorpora.csv's category
  and hostname) was rejected row by row, exit 1 with the reason in rejected.jsonl: the stop waited for
  sibling tables to agree (`table_agreement`), and there were none. Now it stops before writing, naming
  `--label-column` for each candidate (`beam_jobs/discover/text_columns.py`).

Neighbours not in either batch: reviews with stars first and helpful votes last; a lone headerless
table of two number columns beside a text. Hostile twins, which convert as before: the news layout
itself (column 1 and two texts), and column 1 beside a column of ids that never repeat.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shipped import _words
from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError


def _rows(root: Path, name: str, rows: list[tuple[str, ...]]) -> Path:
    write_file(root / name, "".join(",".join(row) + "\n" for row in rows))
    return root


def _labels(out: Path) -> list[list[str]]:
    return [sorted(labels or ()) for _, (_, labels) in sorted(written_records(out)["records"].items())]


def _question_pairs(n: int = 12) -> list[tuple[str, ...]]:
    # a doctor wrote four pairs each (1, 2, 3); the pair's label is last (1 similar, 0 not)
    return [(str(1 + i // 4), f"{_words(f'qa{i // 2}', 7)}?", f"{_words(f'qb{i}', 8)}?", str(1 - i % 2)) for i in range(n)]


def test_a_pair_table_with_its_label_last_stops_naming_both_columns(tmp_path: Path) -> None:
    src = _rows(tmp_path / "src", "pairs.csv", _question_pairs())
    with pytest.raises(UsageError, match=r"pairs\.csv.*column 1 and column 4.*--label-column 1 or --label-column 4"):
        convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_following_the_stop_labels_each_pair_by_its_last_column(tmp_path: Path) -> None:
    src = _rows(tmp_path / "src", "pairs.csv", _question_pairs())
    out = convert(src, tmp_path / "out", label_column="4")
    got = written_records(out)
    assert _labels(out) == [[str(1 - i % 2)] for i in range(12)]
    assert all(isinstance(text, tuple) for text in got["texts"].values())


def test_neighbour_stars_first_and_helpful_votes_last_stop(tmp_path: Path) -> None:
    rows = [(str(1 + i % 5), f"{_words(f'rv{i}', 10)}", str(i % 3)) for i in range(10)]
    src = _rows(tmp_path / "src", "reviews.csv", rows)
    with pytest.raises(UsageError, match=r"reviews\.csv.*--label-column 1 or --label-column 3"):
        convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_neighbour_a_lone_table_of_two_number_columns_beside_a_text_stops(tmp_path: Path) -> None:
    # the text first (no label by place): stars and a 0/1 'verified' both label-like; it was exit 1, a reject a row
    rows = [(f"{_words(f'lt{i}', 9)}", str(1 + i % 5), str(i % 2)) for i in range(10)]
    src = _rows(tmp_path / "src", "reviews.csv", rows)
    with pytest.raises(UsageError, match=r"reviews\.csv.*--label-column 2 or --label-column 3"):
        convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_hostile_twin_the_news_layout_is_still_read_by_place(tmp_path: Path) -> None:
    rows = [(str(1 + i % 4), f"{_words(f'nt{i}', 5)}", f"{_words(f'nd{i}', 14)}.") for i in range(10)]
    out = convert(_rows(tmp_path / "src", "train.csv", rows), tmp_path / "out")
    assert _labels(out) == [[str(1 + i % 4)] for i in range(10)]


def test_hostile_twin_ids_that_never_repeat_are_no_second_label(tmp_path: Path) -> None:
    rows = [(str(i % 3), f"{_words(f'ut{i}', 9)}", str(70001 + i * 17)) for i in range(10)]
    out = convert(_rows(tmp_path / "src", "train.csv", rows), tmp_path / "out")
    assert _labels(out) == [[str(i % 3)] for i in range(10)]
