"""A `sentiment` label beside metadata columns of a few repeated words (review15).

wrongs15's polarity rule (`label_columns.coarse_named`) stops where a table's `Sentiment` label
stands beside a finer label by content (MELD's `Emotion`). It took any column of repeated words
for one: Kaggle's "Sentiment Analysis Dataset" (tweet-sentiment-extraction's `textID, text,
selected_text, sentiment` plus `Time of Tweet`, `Age of User`, `Country`, ...) converted right with
its `sentiment` label at ea35643 and stopped at 927216d naming `Time of Tweet` and `Country`. A
finer label beside a polarity is a column named as a label (`label_words`' CANDIDATE words); the
MELD twin (`Emotion`, a label word) still stops, with the metadata columns beside it.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from helpers.cli_runs import message, run_shardify

_POLARITIES = ("negative", "neutral", "positive")
_COUNTRIES = ("Afghanistan", "Albania", "Algeria", "Andorra", "Angola", "Argentina", "Armenia", "Austria")


def _write(root: Path, header: list[str], rows: list[list[object]]) -> None:
    root.mkdir(parents=True)
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *rows])
    (root / "train.csv").write_text(out.getvalue())


def _tweets(i: int) -> list[object]:
    s = _POLARITIES[i % 3]
    return [f"{i * 7919:010x}", f"I am feeling quite {s} about tweet number {i} today", f"{s} {i}", s,
            ("morning", "noon", "night")[i % 3], ("0-20", "21-30", "31-45")[i % 3], _COUNTRIES[i % 8], 38928346 + i]


_HEADER = ["textID", "text", "selected_text", "sentiment", "Time of Tweet", "Age of User", "Country", "Population -2020"]


def test_sentiment_beside_metadata_words_is_the_label(tmp_path: Path) -> None:
    _write(tmp_path / "src", _HEADER, [_tweets(i) for i in range(30)])
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--dry-run")
    assert result.returncode == 0, message(result.stderr)
    assert "label = 'sentiment'" in result.stdout
    assert "labels: negative=10, neutral=10, positive=10" in result.stdout


def test_sentiment_beside_an_emotion_and_metadata_still_stops(tmp_path: Path) -> None:
    emotions = ("joy", "anger", "sadness", "neutral")
    rows = [[f"so this is what we say when we mean number {i} of them", ("Monica", "Ross", "Joey")[i % 3],
             emotions[i % 4], {"joy": "positive", "neutral": "neutral"}.get(emotions[i % 4], "negative")] for i in range(24)]
    _write(tmp_path / "src", ["Utterance", "Speaker", "Emotion", "Sentiment"], rows)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--dry-run")
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "'Emotion'" in said and "--label-column" in said and "'Speaker'" not in said
