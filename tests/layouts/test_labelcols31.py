"""Headerless tables with label columns side by side: a shared task's coarse and fine labels (labelcols31).

Batch 35's germeval (GermEval 2018's `germeval2018.training.txt`: `tweet<TAB>OFFENSE|OTHER<TAB>INSULT|ABUSE|PROFANITY|OTHER`,
no header) converted "right" only because the rule that takes the one column of words beside the text (LIAR's `id, label,
statement, ..., party`) took column 2; column 3 is the second task's label, as good a label, and which task is meant cannot
be told from the file. Two or more columns of few repeated words standing next to each other, one of them beside the text,
now stop in detection (exit 2, nothing written) naming `--label-column N` for each and `--keep-columns` for the others
(converters/label_runs.py). Tested on the case, a neighbour not in any batch (a headerless export of OLID's
`id, tweet, subtask_a, subtask_b, subtask_c`; a headed CSV with two label columns), near misses that still convert (one
label beside an id column, beside a constant source column, beside a column of counts; LIAR's party far from its label)
and a hostile twin (the run on the other side of the text, fine before coarse).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.one_place import records
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_WORDS = ["heute", "wieder", "die", "regierung", "und", "ihre", "leute", "sagen", "nichts", "neues", "morgen", "besser"]
_COARSE = ["OTHER", "OFFENSE", "OTHER", "OTHER", "OFFENSE", "OTHER", "OFFENSE", "OTHER", "OTHER", "OFFENSE"]
_FINE = {"OTHER": ["OTHER"], "OFFENSE": ["INSULT", "ABUSE", "PROFANITY"]}


def _tweet(i: int) -> str:
    return "@user " + " ".join(_WORDS[(i * 5 + j * 7) % 12] for j in range(6 + i % 4)) + f" nr{i}"


def _fine(i: int) -> str:
    options = _FINE[_COARSE[i % 10]]
    return options[i % len(options)]


def _stop(src: Path, out: Path, **options: object) -> str:
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(out), **options))
    assert not (out / "manifest.json").exists()
    return str(stopped.value)


@pytest.fixture(scope="module")
def germeval(tmp_path_factory) -> Path:
    """The case's shape: two headerless tab files, tweet, coarse label, fine label."""
    src = tmp_path_factory.mktemp("labelcols31") / "GermEval-2018-Data-master"
    for name, n in (("germeval2018.training.txt", 10), ("germeval2018.test.txt", 6)):
        write_file(src / name, "".join(f"{_tweet(i + n)}\t{_COARSE[i]}\t{_fine(i)}\n" for i in range(n)))
    return src


def test_germeval_coarse_and_fine_side_by_side_stop_naming_both(germeval: Path, tmp_path: Path) -> None:
    message = _stop(germeval, tmp_path / "out")
    assert "--label-column 2" in message and "--label-column 3" in message, message
    assert "--keep-columns 3" in message and "--keep-columns 2" in message, message
    assert "germeval2018.training.txt" in message, message


@pytest.mark.parametrize(("column", "labels"), [("2", _COARSE), ("3", [_fine(i) for i in range(10)])])
def test_germeval_converts_with_either_column_named(germeval: Path, tmp_path: Path, column: str, labels: list[str]) -> None:
    run_conversion(ConvertConfig(str(germeval), str(tmp_path / "out"), label_column=column))
    written = records(tmp_path / "out")
    assert len(written) == 16, written
    for i in range(10):
        split, label, _ = written[f"germeval2018.training.txt#{i + 1}"]
        assert split == "train" and label == (labels[i],), (i, split, label)


def test_neighbour_headerless_olid_export_names_its_three_subtasks(tmp_path: Path) -> None:
    """Not in any batch: OLID's `id, tweet, subtask_a, subtask_b, subtask_c` written without its header row (a: OFF/NOT;
    b: TIN/UNT or NULL; c: IND/GRP/OTH or NULL, as olid-training-v1.0.tsv holds them)."""
    rows = []
    for i in range(12):
        a = "OFF" if i % 3 == 0 else "NOT"
        b = ("TIN", "UNT")[i % 2] if a == "OFF" else "NULL"
        c = ("IND", "GRP", "OTH")[i % 3] if b == "TIN" else "NULL"
        rows.append(f"{86426 + 113 * i}\t{_tweet(i)} URL\t{a}\t{b}\t{c}")
    write_file(tmp_path / "olid" / "olid-training.tsv", "\n".join(rows) + "\n")
    message = _stop(tmp_path / "olid", tmp_path / "out")
    assert all(f"--label-column {n}" in message for n in ("3", "4", "5")), message
    assert "--keep-columns 4,5" in message, message


def test_neighbour_headed_csv_with_two_label_columns_stops(tmp_path: Path) -> None:
    """A header naming neither column as the label (`subtask_a`, `subtask_b`): a stop naming both, as before."""
    rows = ["tweet,subtask_a,subtask_b"] + [f"{_tweet(i)},{('OFF', 'NOT')[i % 2]},{('TIN', 'NULL')[i % 2]}" for i in range(10)]
    write_file(tmp_path / "headed" / "train.csv", "\n".join(rows) + "\n")
    message = _stop(tmp_path / "headed", tmp_path / "out")
    assert "subtask_a" in message and "subtask_b" in message and "--label-column" in message, message


@pytest.mark.parametrize("beside", ["id", "source", "count"])
def test_near_miss_one_label_beside_a_column_that_is_no_label_converts(tmp_path: Path, beside: str) -> None:
    """One label column; the column next to it holds ids, one constant source name, or counts: no run, converted."""
    cells = {"id": lambda i: f"t{90817 + 37 * i}", "source": lambda i: "twitter", "count": lambda i: str(i % 3)}[beside]
    write_file(tmp_path / "src" / "train.tsv", "".join(f"{_tweet(i)}\t{_COARSE[i]}\t{cells(i)}\n" for i in range(10)))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert [written[f"train.tsv#{i + 1}"][1] for i in range(10)] == [(c,) for c in _COARSE], written


def test_near_miss_liar_party_far_from_the_label_converts(tmp_path: Path) -> None:
    """LIAR's `id.json, label, statement, subject, speaker, party`: the party's few words stand away from the label."""
    labels = ["false", "true", "half-true", "false", "true", "half-true", "false", "true", "half-true", "false"]
    rows = [f"{2635 + 97 * i}.json\t{labels[i]}\tSays the {_tweet(i)[6:]}.\teconomy\tspeaker-{i}\t"
            f"{('republican', 'democrat', 'none')[i % 3]}" for i in range(10)]
    write_file(tmp_path / "liar" / "train.tsv", "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "liar"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert [written[f"train.tsv#{i + 1}"][1] for i in range(10)] == [(label,) for label in labels], written


def test_hostile_twin_fine_and_coarse_before_the_text_stop(tmp_path: Path) -> None:
    """The run on the text's left, the fine task first: the column beside the text is still one of two labels."""
    write_file(tmp_path / "src" / "train.tsv", "".join(f"{_COARSE[i]}\t{_fine(i)}\t{_tweet(i)}\n" for i in range(10)))
    message = _stop(tmp_path / "src", tmp_path / "out")
    assert "--label-column 1" in message and "--label-column 2" in message, message
