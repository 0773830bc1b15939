"""An eleventh newcomer trial (issue 30): twelve public TEXT downloads no rule, test or doc named
before, built as miniatures of their published layouts (tests/helpers/newcomer_eleven.py, each
citing its source), each converted as a newcomer would: `shardify convert SRC OUT` with no option,
then the option the stop names. Every test asserts the RIGHT outcome (every record's split, label
and text the dataset's own, or a stop naming an option that then converts right); where shardify
does not do it today the test is a strict xfail saying exactly what it does instead.

Before this trial's mends (commit 3c5dc2c), on these miniatures: 3 right (cnews, mpqa,
superglue_cb), 2 wrong with exit 0 (hans: its evaluation table a split named
`heuristics_evaluation_set`; spamassassin: each folder's `cmds` written as an e-mail), 3 exit 1
(fewrel: lists under relation ids rejected; lingspam and op_spam: a traceback in the folder guard),
3 stops naming nothing that converts (aapd, pubmed_rct, webkb: "holds no images or texts"), and
1 stop naming half of what converts (superglue_copa: --text-column, then a second stop offering
the test file's `question` as its label). The kinds mended are tested on unnamed neighbours and
hostile twins in test_trial_eleven_kinds.py.
"""

from __future__ import annotations

import pytest

from helpers.newcomer_eleven import SPECS
from helpers.unseen4 import build
from helpers.unseen_judge import assert_first_command, assert_right, recorded

# What each first command does today, where it is not right (a fix shows up as an unexpected pass).
_FIRST_WRONG = {
    "lingspam": "stops (exit 2) on part folders sharing names beneath the four versions, naming --labels FILE "
                "and layout-file keys: the class is only in the file names' prefix (`spmsg*` spam, the rest "
                "legitimate), which no option reads (--label-from-name takes a group of the name, and the "
                "legitimate files' names hold no class word). It was: a traceback (IndexError) in the guard",
}

# The options the first command's stop names (all of them, in one stop), with which it converts right.
_FOLLOW = {
    "aapd": {"label_separator": " "},  # several subjects a label line: the stop names --label-separator ' '
    "superglue_copa": {"text_column": "premise", "label_column": "label"},
    "op_spam": {"label_level": 3},  # deceptive_from_MTurk/ under each polarity: the stop names levels 2 and 3
    "webkb": {"label_level": 2},  # course/ over cornell/: the same stop, the other level
}


@pytest.mark.parametrize("name", recorded(SPECS, _FIRST_WRONG))
def test_first_command_is_right_or_stops_well(name, tmp_path):
    truth = build(SPECS[name], tmp_path / "download")
    assert_first_command(truth, tmp_path, _FOLLOW.get(name), lambda out: assert_right(truth, out))
