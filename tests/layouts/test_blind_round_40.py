"""Round forty, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twenty-ninth held-out batch of issue 30 (tests/helpers/blind40.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 table), names A-F, and built without changing shardify, each builder written
after reading a stored source, judged as rounds twelve to thirty-nine: the first command, `shardify convert SRC OUT`
with no option, must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop
before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where
it does neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix
shows up as an unexpected pass.

As measured on the branch blind40 at main's 5007f5c2 (`python tests/helpers/blind_tally.py --batch 40`,
tests/helpers/blind40_baseline_5007f5c2.json): 4 right (artbench10, bcss, cppe5, deepfake_real), 0 good stops, 6
stops naming nothing that converts right (birdsai, breast_histopathology, chatbot_intents, covertype, cwfid,
economic_news), 0 exit 1, 0 wrong with exit 0.
Since blindfix40 (tests/layouts/test_blindfix40.py): breast_histopathology a good stop (its stop names --label-level 3
for the class codes 0/1 beneath the patient folders) and chatbot_intents a good stop (its stop names --json-records
'intents.*.text.*' --label-column intent): 4 right, 2 good stops, 4 useless stops.
Since readers33f (tests/layouts/test_readers33f.py): covertype a good stop (covtype.data.gz read as the table it
holds; the stop names the options of a table of attributes) and birdsai right (its per-video CSVs read as the
frames' objects): 5 right, 3 good stops, 2 useless stops.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind40 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # birdsai: right since readers33f (its per-video CSVs a FRAME_ROWS row of shardify/plan/frame_row_formats.py);
    # before, a stop offering --label-level 0 (frames without their boxes)
    # breast_histopathology: a good stop since blindfix40 (tests/layouts/test_blindfix40.py; at 5007f5c2 the stop
    # offered --label-level 0 or 2, the patient folders, not the class folders 0/1)
    # chatbot_intents: a good stop since blindfix40 (its stop names --json-records 'intents.*.text.*' --label-column
    # intent; at 5007f5c2 it offered --label-column 'responses', and the intent as the label rejected every record)
    # covertype: a good stop since readers33f (the gzipped table read as its table; the stop names --text-column none
    # --keep-columns '*' --label-column '55' --layout tables); blindfix40's stop had only said "gunzip"
    # cwfid: a good stop since readers35a (train_test_split.yaml's numbers read as the images' numbers; the stop over
    # annotations/*.yaml names --label-level 0, which now writes each image in its split); before, no option read them
    # economic_news: a good stop since 2026-11-29 (--label-column 'relevance' and --unlabelled-value 'not sure')
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind40")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
