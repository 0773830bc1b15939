"""A third round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen3.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits
and labels (each input once), or stop before writing (exit 2, a `UsageError`) naming options that
then convert right. Where it does neither the test is `xfail(strict=True)` with what it does
instead, so the defect stays recorded and a fix shows up as an unexpected pass.

The judge is tests/helpers/unseen_judge.py, shared by the rounds: the truth the builder wrote from
the files it made, never the manifest; a label written as the value the files hold meets its
documented name via `ALIASES`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen3 import ALIASES, DATASETS, Truth
from helpers.unseen_judge import assert_first_command, assert_next_step, recorded
from helpers.unseen_judge import assert_right as judge
from shardify.plan import guards, layout_file
from shardify.plan.structure import infer_structure

# What the first command does today where it is neither right nor a useful refusal.
WRONG: dict[str, str] = {}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    "coil100": {"label_from_name": r"^(obj\d+)__"},
    "yahoo_answers": {"text_column": "2,3,4"},  # three columns of text: which is the user's to say
}


def assert_right(dataset: str, truth: Truth, out: Path) -> None:
    """The rounds' one judge (tests/helpers/unseen_judge.py), with this dataset's label aliases."""
    judge(truth, out, aliases=ALIASES.get(dataset, {}))


@pytest.mark.parametrize(
    "name",
    recorded(DATASETS, WRONG),
)
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    assert_first_command(truth, tmp_path, FOLLOW.get(name), lambda out: assert_right(name, truth, out))


# Names that may carry the label once a part folder is not the class: offered only where they can.
@pytest.mark.parametrize(
    ("paths", "offered"),
    [
        ([f"coil-7/obj{k}__{a}.png" for k in (1, 2, 3) for a in (0, 5)], True),
        ([f"scans_7/ISIC_{n:07d}.jpg" for n in range(6)], False),
        ([f"scans_part_{p}/ISIC_{n:07d}.jpg" for p in (1, 2) for n in range(p * 3, p * 3 + 3)], False),
        ([f"scans_part_{p}/{c}_{n}.jpg" for p in (1, 2) for c in ("cat", "dog") for n in range(2)], True),
    ],
    ids=["one-part-labelled-names", "one-part-id-names", "numbered-parts-id-names", "numbered-parts-labelled-names"],
)
def test_a_part_read_as_a_class_offers_label_from_name_only_where_names_can_label(paths: list[str], offered: bool) -> None:
    structure, _ = infer_structure(paths)
    found = guards.find_sign(paths, structure)
    assert found is not None and found.sign in ("numbered parts", "part as the class"), found
    assert ("--label-from-name" in found.message()) == offered, found.message()
    assert "--label-level 0" in found.message()


_HAM10000_LAYOUT = """shardify_layout: 1
layout: image_folders
media: image
structure:
  label_levels:
    '*': -1
evidence:
- {path: HAM10000_metadata.csv, kind: label lines, key: {parts: 1, extension: false}, column: 1, header: true, label_column: 2}
"""
_FGVC_LAYOUT = "shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  label_levels:\n    '*': -1\nevidence:\n" + "".join(
    f"- {{path: data/images_variant_{split}.txt, kind: split list, split: {split}, key: {{parts: 1, extension: false}}, "
    "column: 0, label_column: 1}\n"
    for split in ("train", "val", "test")
)
# The next step: dataset, the layout file's text (None: detected), the options added, what it does today.
NEXT_STEPS = {
    "ham10000 (the layout file its refusal offers, the metadata's image_id as the key and dx as the label)": (
        "ham10000", _HAM10000_LAYOUT, {}, None),
    "fgvc_aircraft (a layout file reading the three variant lists, the label after the id)": (
        "fgvc_aircraft", _FGVC_LAYOUT, {}, None),  # stops before writing, naming label_rest (next step)
    "fgvc_aircraft (the same layout file with label_rest: true, as those rejects say)": (
        "fgvc_aircraft", _FGVC_LAYOUT.replace("label_column: 1}", "label_column: 1, label_rest: true}"), {}, None),
    "yahoo_answers (--text-column 2,3,4, as its console says)": ("yahoo_answers", None, {"text_column": "2,3,4"}, None),
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
    assert_next_step(truth, tmp_path, options, lambda out: assert_right(name, truth, out))
