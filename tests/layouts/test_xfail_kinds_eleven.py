"""Kinds behind the strict xfails mended in the eleventh session (issue 30), each tested on a
neighbour no round names (the rounds test the datasets themselves):

- a headerless tab-separated table some of whose rows carry a few more cells at their end than its
  first row (STS Benchmark's source columns on later years' rows): read at the first row's columns
  (each such row was a reject, exit 1); a row whose extra cells are words, a text cut at a tab,
  stays a reject (read at the first row's width its text would be cut short with exit 0).

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_PAIRS = [("A dog runs on the beach.", "A dog is running on sand."), ("Two men play chess.", "Two people play a board game."),
          ("A woman slices an onion.", "Someone is cutting an onion."), ("The train leaves at noon.", "A bus arrives late."),
          ("Kids swim in a lake.", "Children are swimming outdoors."), ("A cat sleeps on a sofa.", "A cat is napping.")]


def _paraphrase_rows(extra: dict[int, list[str]]) -> str:
    """A headerless `source<TAB>id<TAB>score<TAB>sentence1<TAB>sentence2` table, row i with `extra[i]` appended."""
    return "".join("\t".join([("news", "captions")[i % 2], f"{i + 1:04d}", f"{i * 0.8:.2f}", a, b, *extra.get(i, [])]) + "\n"
                   for i, (a, b) in enumerate(_PAIRS))


def test_a_headerless_tab_tables_appended_token_cells_are_read_at_its_columns(tmp_path: Path) -> None:
    write_file(tmp_path / "src/pairs/train.tsv", _paraphrase_rows({2: ["2019", "forum-posts"], 4: ["2020", "q-and-a"]}))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"pairs/train.tsv:{i}": pair for i, pair in enumerate(_PAIRS)}


def test_a_headerless_rows_extra_words_after_a_tab_stay_a_reject(tmp_path: Path) -> None:
    """Its twin: the second sentence of row 3 holds a tab; what follows is words, not a token."""
    write_file(tmp_path / "src/pairs/train.tsv", _paraphrase_rows({3: ["and then it rains."]}))
    out = convert(tmp_path / "src", tmp_path / "out")
    got = written_records(out)
    assert sorted(got["texts"].values()) == sorted(pair for i, pair in enumerate(_PAIRS) if i != 3)
    rejects = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert [(r["row"], r["reason"]) for r in rejects] == [(4, "6 fields where the first row has 5")]
