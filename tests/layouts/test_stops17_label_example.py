"""A `--label-column` stop's example is the candidate its evidence favours (converters/label_rank.py).

Blind round seventeen: Amazon Alexa reviews' stop offered `rating` (a star scale) before `feedback`
(the documented 0/1 class), Steam reviews' `app_name` (review_score, 1 / -1, not even a candidate).
Neighbours from documented headers: Amazon Fine Food Reviews' `Reviews.csv` (Id, ProductId, UserId,
ProfileName, HelpfulnessNumerator, HelpfulnessDenominator, Score, Time, Summary, Text: Score the
class) and Yelp's reviews as CSV (review_id, user_id, business_id, stars, useful, funny, cool, text,
date: stars the class). Each still stops (exit 2): the order is a suggestion, never a decision.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.cli_runs import message, run_shardify
from helpers.shipped import _words


def _example(root: Path, tmp_path: Path) -> str:
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    said = message(result.stderr)
    assert result.returncode == 2 and "name the label with --label-column" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()
    return said.split("--label-column ", 1)[1].split()[0].strip("'")


@pytest.mark.parametrize("name, label", [("amazon_alexa", "feedback"), ("steam_reviews", "review_score")])
def test_blind_reviews_stop_with_their_documented_label_as_the_example(tmp_path: Path, name: str, label: str) -> None:
    assert _example(DATASETS[name](tmp_path / "download").root, tmp_path) == label


def _table(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([header, *rows])
    path.write_text(buffer.getvalue())
    return path.parent


def test_fine_food_reviews_offer_score_before_helpfulness_counts_and_profile_names(tmp_path: Path) -> None:
    header = ["Id", "ProductId", "UserId", "ProfileName", "HelpfulnessNumerator", "HelpfulnessDenominator", "Score",
              "Time", "Summary", "Text"]
    rows = [[str(i + 1), f"B00{i % 3}E4KFG0", f"A3SGXH7AUHU8G{i}", ("delmartian", "dll pa", "Natalia")[i % 3], str(i % 2),
             str(i % 3), str(1 + (i * 2) % 5), str(1303862400 + i * 86400), _words(f"fs{i}", 3),
             f"{_words(f'ft{i}', 12).capitalize()}."] for i in range(12)]
    assert _example(_table(tmp_path / "src/Reviews.csv", header, rows), tmp_path) == "Score"


def test_yelp_reviews_offer_stars_before_vote_counts(tmp_path: Path) -> None:
    header = ["review_id", "user_id", "business_id", "stars", "useful", "funny", "cool", "text", "date"]
    rows = [[f"xQY8N_XvtGbearJ5X4Q{i:03d}", f"OwjRMXRC0KyPrIlcjaXe{i % 4}", f"-MhfebM0QIsKt87iDN-{i % 3}",
             str(1 + (i * 3) % 5), str(i % 2), str(i % 3 == 0 and 1 or 0), str(i % 2), f"{_words(f'yt{i}', 14).capitalize()}.",
             f"2016-03-{1 + i:02d} 00:0{i % 10}:00"] for i in range(12)]
    assert _example(_table(tmp_path / "src/yelp_review.csv", header, rows), tmp_path) == "stars"
