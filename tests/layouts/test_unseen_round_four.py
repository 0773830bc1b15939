"""A fourth round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen4.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels, texts and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass. The second
test takes the step a user takes next: the option the message names.

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from helpers.unseen4 import DATASETS, GO_EMOTIONS_NAMES
from helpers.unseen_judge import assert_first_command, assert_next_step, assert_right, recorded
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG: dict[str, str] = {}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {"food11": {"label_from_name": r"^(\d+)_"},
          "dsb2018": {"label_level": 0},
          # its three headerless tables refuse alike (3 columns hold text) before writing; with the text
          # named, the label column (six words beside the text) is found in train.tsv and read in all three
          "liar": {"text_column": "3"}}


@pytest.mark.parametrize(
    "name",
    recorded(DATASETS, WRONG),
)
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    assert_first_command(truth, tmp_path, FOLLOW.get(name), lambda out: assert_right(truth, out))


# The next step: dataset, the options a user adds after the first command's message, what it does today.
NEXT_STEPS = {
    "food11 (--label-from-name '^(\\d+)_', the class id before '_')": (
        "food11", {"label_from_name": r"^(\d+)_"}, None),
    "go_emotions (--max-rejects 100%, as its console says)": (
        "go_emotions", {"max_rejects": "100%"}, None),
    "go_emotions (no header, label column 2 split on ',', named by emotions.txt)": (
        "go_emotions", {"max_rejects": "100%", "header": False, "label_column": "2", "label_separator": ",",
                        "label_names": GO_EMOTIONS_NAMES}, None),
    "jigsaw_toxic (--max-rejects 100%, as its console says)": (
        "jigsaw_toxic", {"max_rejects": "100%"}, None),
    "liar (--text-column 3, as its console says)": (
        "liar", {"text_column": "3"}, None),
    "liar (--text-column 3 --label-column 2)": ("liar", {"text_column": "3", "label_column": "2"}, None),
}


@pytest.mark.parametrize(
    "step",
    recorded(NEXT_STEPS, {s: step[2] for s, step in NEXT_STEPS.items()}),
)
def test_the_next_step_a_user_takes_is_right_or_stops(step: str, tmp_path: Path) -> None:
    name, options, _ = NEXT_STEPS[step]
    truth = DATASETS[name](tmp_path / "download")
    assert_next_step(truth, tmp_path, options, lambda out: assert_right(truth, out))


def test_the_judge_fails_a_wrong_label_split_text_or_object_and_a_missing_record(tmp_path: Path) -> None:
    """The judge is not vacuous: one right conversion, then the truth altered one fact at a time."""
    truth = DATASETS["banking77"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    first = "train.csv:0"
    split, labels = truth.records[first]
    altered = [
        {"records": {**truth.records, first: (split, frozenset({"exchange_rate"}))}},
        {"records": {**truth.records, first: ("test", labels)}},
        {"records": {**truth.records, first: (split, None)}},
        {"records": {**truth.records, "train.csv:99": (split, labels)}},
        {"records": {rid: v for rid, v in truth.records.items() if rid != first}},
        {"texts": {**truth.texts, first: truth.texts[first] + " extra"}},
        {"texts": {**truth.texts, first: (truth.texts[first], "a pair")}},
        {"objects": {first: ("plane",)}},
        {"media": "image"},
    ]
    for change in altered:
        with pytest.raises(AssertionError):
            assert_right(dataclasses.replace(truth, **change), tmp_path / "out")
