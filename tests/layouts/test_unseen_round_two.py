"""A second round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen2.py) copy each download's layout and file formats. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits
and labels, or stop before writing (exit 2, a `UsageError`) naming an option that then converts
right. The datasets on which it does neither are marked `xfail(strict=True)` with what it does
instead: the defects stay recorded, and a fix shows up as an unexpected pass. The second test
takes the step a user takes next: the option a message names, or an edited layout file (read as
`--layout-file` reads it).

The judge is tests/helpers/unseen_judge.py, shared by the rounds: records read back from the
shards meet the truth by id, split names by meaning, and a label written as the value the files
hold (`0`, `00014`) meets its documented name through `ALIASES`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from helpers.unseen2 import ALIASES, DATASETS, Truth
from helpers.unseen_judge import assert_first_command, assert_next_step, recorded
from helpers.unseen_judge import assert_right as judge
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import known_layouts, layout_file

# What the first command does today where it is neither right nor a useful refusal.
WRONG: dict[str, str] = {}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
# (sentiment140: right with no option since test_stops_to_right.py, its lone latin-1 `\xe9` read as Windows-1252)
FOLLOW = {"flickr8k": {"label_level": 0}}
# Per dataset whose right outcome is a stop (the data is ambiguous): the subset its refusal's layout file
# (a known one, named in the refusal) reads, judged against that subset's truth. EMNIST's gzip/ holds
# several subsets, each its own train/test pair and label numbers: one conversion of them all would merge
# the splits and class sets, so the stop names each subset's files and `--layout-file emnist-<subset>`.
SUBSET_STOPS = {"emnist": ("balanced", "emnist-balanced")}


def _assert_right(dataset: str, truth: Truth, out: Path) -> None:
    """The rounds' one judge (tests/helpers/unseen_judge.py), with this dataset's label aliases."""
    judge(truth, out, aliases=ALIASES.get(dataset, {}))


@pytest.mark.parametrize(
    "name",
    recorded(DATASETS, WRONG),
)
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    truth, follow = DATASETS[name](tmp_path / "download"), FOLLOW.get(name)
    if name in SUBSET_STOPS:  # the stop's known layout file, judged on its subset (splits `train`, not `balanced-train`)
        subset, known = SUBSET_STOPS[name]
        follow = {"layout_given": layout_file.loads(known_layouts.entry(known).path.read_text(encoding="utf-8"),
                                                    where=known).layout}
        truth = dataclasses.replace(truth, records={rid: (split.split("-", 1)[1], labels)
                                                    for rid, (split, labels) in truth.records.items()
                                                    if split.startswith(subset + "-")})
        with pytest.raises(UsageError, match=rf"{subset}.*--layout-file {known}"):
            run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "stopped")))
    assert_first_command(truth, tmp_path, follow, lambda out: _assert_right(name, truth, out))


_FLICKR8K_LAYOUT = """shardify_layout: 1
layout: image_folders
media: image
structure:
  root: Flicker8k_Dataset/
  label_levels:
    '*': -1
evidence:
- {path: Flickr_8k.trainImages.txt, kind: split list, split: train}
- {path: Flickr_8k.devImages.txt, kind: split list, split: validation}
- {path: Flickr_8k.testImages.txt, kind: split list, split: test}
"""
# The next step: dataset, the layout file's text (None: detected), the options added, what it does today.
NEXT_STEPS = {
    "mit_indoor67 (the limit its message says to raise)": ("mit_indoor67", None, {"max_rejects": "100%"}, None),
    "flickr8k (its guessed layout file, the annotation files' evidence replaced by the split lists)": (
        "flickr8k", _FLICKR8K_LAYOUT, {}, None),
    "cola (--label-column 2, the column its plan says it did not read)": (
        "cola", None, {"label_column": "2"}, None),
    "fer2013 (a tables layout file reading texts, --text-column pixels)": (
        "fer2013", "shardify_layout: 1\nlayout: tables\nmedia: text\n", {"text_column": "pixels"}, None),
    "fer2013 (a tables layout file reading images)": (
        "fer2013", "shardify_layout: 1\nlayout: tables\nmedia: image\n", {}, None),
    "sentiment140 (--encoding latin-1)": (
        "sentiment140", None, {"encoding": "latin-1"}, None),
}


@pytest.mark.parametrize(
    "step",
    recorded(NEXT_STEPS, {s: step[3] for s, step in NEXT_STEPS.items()}),
)
def test_the_next_step_a_user_takes_is_right_or_stops(step: str, tmp_path: Path) -> None:
    name, layout_text, options, _ = NEXT_STEPS[step]
    truth = DATASETS[name](tmp_path / "download")
    if layout_text is not None:  # as `--layout-file FILE` reads it (cli/layout_option.py)
        spec = layout_file.loads(layout_text, where="layout.yaml")
        options = {**spec.options, **options, "layout_given": spec.layout}
    assert_next_step(truth, tmp_path, options, lambda out: _assert_right(name, truth, out))
