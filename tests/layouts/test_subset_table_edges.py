"""Subset folders of split tables (beam_jobs/discover/subset_tables.py) at their edges (issue 30's
leftovers): a table holding no record (a header alone, an empty file), and folders whose split
names differ only in case.

An empty table named no fields, so the folders were not read as subsets at all: the download
stopped as "holds no images or texts" (a stop that names nothing that helps). Now the other tables
decide, the empty one stays a split's table and is reported as a reject with its reason (exit 0,
nothing dropped unsaid). Folders `R1/` and `r1/` gave splits `train_R1` and `train_r1` whose shards
collide on a file system that ignores case: a stop naming both folders and the layout file's
`split_patterns`, which converts when followed. The truth is each test's own, from the files it wrote.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers.shard_io import read_report
from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError
from shardify.plan import layout_file

_WORDS = "the man walked his dog along the river while a child sold fresh bread in the busy market square".split()


def _words(seed: int, n: int) -> str:
    return " ".join(_WORDS[(seed * 5 + k * 3) % len(_WORDS)] for k in range(n))


def _anli(root: Path, rounds: tuple[str, ...], empty: str = "") -> dict:
    """ANLI's anli_v1.0/<round>/{train,dev,test}.jsonl (uid, premise, hypothesis, label e/n/c, reason);
    the table `empty` holds nothing. Returns {record id: (split, labels)}."""
    truth = {}
    for r in rounds:
        for split in ("train", "dev", "test"):
            path = f"anli_v1.0/{r}/{split}.jsonl"
            if path == empty:
                write_file(root / path, "")
                continue
            rows = [{"uid": f"{r}{split}{i}", "premise": f"{_words(i + len(r + split), 12).capitalize()}.",
                     "hypothesis": f"{_words(i + 3, 6).capitalize()}.", "label": "enc"[i % 3], "reason": ""} for i in range(3)]
            write_file(root / path, "".join(json.dumps(row) + "\n" for row in rows))
            truth.update({f"{path}:{i}": (f"{split}_{r}", frozenset({row['label']})) for i, row in enumerate(rows)})
    return truth


def test_an_empty_round_table_is_a_reject_and_the_rounds_convert(tmp_path: Path) -> None:
    truth = _anli(tmp_path / "src", ("R1", "R2"), empty="anli_v1.0/R2/test.jsonl")
    out = convert(tmp_path / "src", tmp_path / "out")
    assert written_records(out, splits_as_named=True)["records"] == truth
    assert [(r["path"], r["reason"]) for r in read_report(out, "rejected.jsonl")] == [("anli_v1.0/R2/test.jsonl", "empty table: no rows")]


@pytest.mark.parametrize("empty", ["id\tsentence1\tsentence2\tlabel\n", ""])
def test_a_header_alone_in_a_language_folder_is_a_reject_and_the_languages_convert(tmp_path: Path, empty: str) -> None:
    """The neighbour in TSV: PAWS-X's x-final/<lang>/{train or translated_train, dev_2k, test_2k}.tsv
    (id, sentence1, sentence2, label), one language's test table a header alone or an empty file."""
    root, truth = tmp_path / "paws-x", {}
    for lang in ("de", "en", "fr"):
        for stem in ("train" if lang == "en" else "translated_train", "dev_2k", "test_2k"):
            path = f"x-final/{lang}/{stem}.tsv"
            if (lang, stem) == ("fr", "test_2k"):
                write_file(root / path, empty)
                continue
            lines = ["id\tsentence1\tsentence2\tlabel"]
            for i in range(3):
                lines.append(f"{i + 1}\t{_words(i + len(stem), 9).capitalize()} {lang}.\t{_words(i + 2, 8).capitalize()}.\t{i % 2}")
                truth[f"{path}:{i}"] = (f"{stem}_{lang}", frozenset({str(i % 2)}))
            write_file(root / path, "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out")
    assert written_records(out, splits_as_named=True)["records"] == truth
    assert [r["path"] for r in read_report(out, "rejected.jsonl")] == ["x-final/fr/test_2k.tsv"]


def test_every_table_empty_is_no_subsets(tmp_path: Path) -> None:
    """The twin: nothing to read anywhere: not subsets of one table (no fields to agree on), a stop."""
    for r in ("R1", "R2"):
        for split in ("train", "test"):
            write_file(tmp_path / "src" / f"anli_v1.0/{r}/{split}.jsonl", "")
    with pytest.raises(UsageError):
        convert(tmp_path / "src", tmp_path / "out")


def test_round_folders_differing_only_in_case_stop_and_the_named_layout_converts(tmp_path: Path) -> None:
    truth = _anli(tmp_path / "src", ("R1", "r1"))
    with pytest.raises(UsageError) as stopped:
        convert(tmp_path / "src", tmp_path / "out")
    said = str(stopped.value)
    assert "anli_v1.0/R1/ and anli_v1.0/r1/" in said
    entries = re.search(r"`split_patterns: (\{.*?\})`", said).group(1)
    spec = layout_file.loads(f"shardify_layout: 1\nlayout: tables\nmedia: text\nsplit_patterns: {entries}\n", where="layout.yaml")
    got = written_records(convert(tmp_path / "src", tmp_path / "followed", layout_given=spec.layout), splits_as_named=True)
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {rid: labels for rid, (_, labels) in truth.items()}
    assert len({split.lower() for split, _ in got["records"].values()}) == 6  # no two subsets under one name


def test_round_folders_of_distinct_names_still_convert(tmp_path: Path) -> None:
    """The twin: `R1/`, `R2/`: no stop, a split per table."""
    truth = _anli(tmp_path / "src", ("R1", "R2"))
    assert written_records(convert(tmp_path / "src", tmp_path / "out"), splits_as_named=True)["records"] == truth
