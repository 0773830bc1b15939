"""Useless stops of blind batch 29 on text and table datasets, read by kind (readers29b).

- a table of texts beside a table of `id,<cell of name-0;name-1;... pairs>` keyed by the same ids (Disaster
  Response's disaster_messages.csv and disaster_categories.csv): was a stop calling the labels table a side table
  naming nothing that converts; now each text row is labelled by the names its id's cell marks 1
  (converters/flag_pairs.py, shardify/plan/label_joins.py). Neighbour: other names, a TSV-free tweet set whose
  `tags` cell is `sarcasm-1;irony-0`. Hostile twins: a `name-2` cell, a cell of other names, an id twice with
  two readings, a BOM on the header.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind29 import DATASETS, SPECS
from helpers.made_files import text_file as _text
from helpers.shard_io import read_report
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import flag_pairs
from shardify.format import naming
from shardify.plan import label_joins


def test_the_docstring_examples_hold() -> None:
    for module in (flag_pairs, label_joins):
        assert doctest.testmod(module).failed == 0


def _rejects(out: Path) -> list[dict]:
    return read_report(out, naming.REJECTS_FILENAME)


def _labels_by_text(out: Path) -> dict[str, frozenset | None]:
    got = written_records(out)
    return {got["texts"][rid]: labels for rid, (_, labels) in got["records"].items()}


# ------------------------------------------------------------------------------------------------
# A table of texts labelled by another table's cells of `name-0/1` pairs, joined by id (Disaster Response)
# ------------------------------------------------------------------------------------------------

def test_disaster_response_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["disaster_response"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out", SPECS["disaster_response"].aliases)


_TAGS = ("sarcasm", "irony", "satire", "understatement")
_TWEETS = ["oh great another monday at the office", "i just love waiting in line for hours", "the weather is nice today",
           "what a wonderful surprise the train is late again", "we finally shipped the release on time"]


def _tweets(src: Path, cells: list[str] | None = None, ids: list[str] | None = None, bom: bool = False) -> None:
    ids = ids or [f"9{i}17" for i in range(len(_TWEETS))]
    cells = cells or [";".join(f"{t}-{int((i + k) % 3 == 0)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    _text(src / "tweets.csv", ("\ufeff" if bom else "") + "tweet_id,text\n"
          + "".join(f"{i},{t}\n" for i, t in zip(ids, _TWEETS)))
    _text(src / "tweet_tags.csv", ("\ufeff" if bom else "") + "tweet_id,tags\n"
          + "".join(f"{i},{c}\n" for i, c in zip(ids, cells)))


def test_a_neighbour_of_other_names_is_labelled_by_the_names_marked_1(tmp_path: Path) -> None:
    _tweets(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    labels = {rid: labels for rid, (_, labels) in got["records"].items()}
    assert labels == {"tweets.csv:0": frozenset({"sarcasm", "understatement"}), "tweets.csv:1": frozenset({"satire"}),
                      "tweets.csv:2": frozenset({"irony"}), "tweets.csv:3": frozenset({"sarcasm", "understatement"}),
                      "tweets.csv:4": frozenset({"satire"})}
    assert got["texts"]["tweets.csv:2"] == _TWEETS[2]
    assert not _rejects(tmp_path / "out")


def test_a_bom_on_both_headers_changes_nothing(tmp_path: Path) -> None:
    _tweets(tmp_path / "src", bom=True)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["records"]["tweets.csv:2"][1] == frozenset({"irony"})


def test_a_value_other_than_0_or_1_rejects_its_row_saying_so(tmp_path: Path) -> None:
    cells = [";".join(f"{t}-{int(k == i % 4)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    cells[3] = cells[3].replace("sarcasm-0", "sarcasm-2")
    _tweets(tmp_path / "src", cells)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    assert _labels_by_text(tmp_path / "out") == {t: frozenset({_TAGS[i % 4]}) for i, t in enumerate(_TWEETS) if i != 3}
    (reject,) = _rejects(tmp_path / "out")
    assert reject["path"] == "tweets.csv" and "sarcasm-2" in reject["reason"] and "not 0 or 1" in reject["reason"]


def test_a_cell_of_other_names_rejects_its_row(tmp_path: Path) -> None:
    cells = [";".join(f"{t}-{int(k == i % 4)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    cells[4] = cells[4].replace("irony", "humour")
    _tweets(tmp_path / "src", cells)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    (reject,) = _rejects(tmp_path / "out")
    assert "other categories" in reject["reason"]
    assert _TWEETS[4] not in _labels_by_text(tmp_path / "out")


def test_an_id_twice_with_two_readings_rejects_its_text_never_picks_one(tmp_path: Path) -> None:
    ids = ["11", "12", "13", "14", "15"]
    _tweets(tmp_path / "src", ids=ids)
    with (tmp_path / "src" / "tweet_tags.csv").open("a") as extra:
        extra.write("13,sarcasm-1;irony-1;satire-1;understatement-1\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    assert set(_labels_by_text(tmp_path / "out")) == set(_TWEETS) - {_TWEETS[2]}
    assert any("different labels" in r["reason"] for r in _rejects(tmp_path / "out"))
