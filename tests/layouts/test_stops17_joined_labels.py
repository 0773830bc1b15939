"""A headerless table's label words joined by '#', '+' or '|' (converters/joined_labels.py): the stop names
--label-separator beside --label-column.

Blind round seventeen's Kaggle ATIS intents (`atis_intents_train.csv`, headerless `intent, text`,
`atis_flight#atis_airfare` for two intents) stopped naming --label-column 1 alone, with which each
joined cell became one label. Neighbours of the kind: the triple joins of ATIS's intent set
(`atis_aircraft#atis_flight#atis_flight_no`, longer than one label word may be) in a TSV, and a
headerless table of labels joined by '|' (MovieLens' genres' separator: `Adventure|Comedy`). The
ambiguous twin, a column of programming languages (`C#`, `F#`: parts never seen alone), stops as before,
naming no separator.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.cli_runs import message, run_shardify
from helpers.shipped import _words


def _table(root: Path, name: str, labels: list[str], sep: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / name).write_text("".join(f"{lab}{sep}{_words(f'{name}{i}', 7)} to denver\n" for i, lab in enumerate(labels)))
    return root


def _said(root: Path, tmp_path: Path, *options: str):
    result = run_shardify("convert", str(root), str(tmp_path / "out"), *options)
    return result, message(result.stderr)


def test_atis_stop_names_the_separator_and_with_it_converts_multi_label(tmp_path: Path) -> None:
    truth = DATASETS["atis_intents"](tmp_path / "download")
    result, said = _said(truth.root, tmp_path)
    assert result.returncode == 2 and "--label-column 1 (--label-separator '#'" in said, said


@pytest.mark.parametrize("labels, sep, shown", [
    (["atis_flight", "atis_aircraft", "atis_flight_no", "atis_aircraft#atis_flight#atis_flight_no", "atis_flight",
      "atis_aircraft"], "\t", "'#'"),
    (["Comedy", "Adventure", "Adventure|Comedy", "Drama", "Comedy", "Drama|Comedy"], ",", "'|'"),
])
def test_joined_label_words_name_their_separator(tmp_path: Path, labels, sep, shown) -> None:
    root = _table(tmp_path / "src", "train.tsv" if sep == "\t" else "train.csv", labels, sep)
    result, said = _said(root, tmp_path)
    assert result.returncode == 2 and f"--label-separator {shown}" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_parts_never_seen_alone_name_no_separator(tmp_path: Path) -> None:
    root = _table(tmp_path / "src", "train.csv", ["C#", "Java", "F#", "Python", "C#", "Java"], ",")
    result, said = _said(root, tmp_path)
    assert result.returncode == 2 and "--label-column 1" in said, said
    assert "--label-separator" not in said
