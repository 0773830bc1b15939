"""Round fifty-one, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The fortieth held-out batch of issue 30 (tests/helpers/blind51.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names S-Z) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-eight: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind51 at main's c9bdc901 (`python tests/helpers/blind_tally.py --batch 51`,
tests/helpers/blind51_baseline_c9bdc901.json): 6 right (snacks, soil_types, text_documents, trashcan, vehicles,
wild_cats), 1 good stop (mental_health: --label-column 'status'), 2 useless stops (sonar, svt), 1 exit 1 (tn3k),
0 WRONG EXIT 0. On the branch mend51: tn3k right (each `<prefix>-mask/` pairs with its own `<prefix>-image/`,
`plan.role_folders`), sonar a good stop (a file of an unknown extension whose rows are numbers and a class is a
table of attributes, `plan.attribute_tables.class_rows`): 7 right, 2 good stops, 1 useless stop (svt).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind51 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right (at c9bdc901; sonar and tn3k mended on mend51).
WRONG: dict[str, str] = {
    "svt": "a stop naming svt1/train.xml and test.xml as where the labels may be, but no reader of their "
    "<taggedRectangle> word boxes: --labels reads no .xml, no option converts it",
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind51")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
