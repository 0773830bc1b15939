"""A tenth newcomer trial (issue 30): seven public TEXT downloads no rule, test or doc named before,
built as miniatures of their published layouts (tests/helpers/newcomer_ten.py, each citing its
source), each converted as a newcomer would: `shardify convert SRC OUT` with no option, then the
option the output names. Every test asserts the RIGHT outcome (every record's split, label and
text the dataset's own, or a stop naming an option that then converts right); where shardify does
not do it today the test is a strict xfail saying exactly what it does instead.

Below them, each kind mended here tried on a neighbour no file names: a `.csv` of tabs with a
header, a `.csv` of semicolons with quoted semicolons in its texts, a comma CSV whose texts hold
tabs; a JSON-lines review whose text is inside an object; a table's labels in `<stem>_labels.txt`;
a test table without the others' label column but with another column named like a label; a
worker's id column beside a column of classes, offered after it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.newcomer_ten import SPECS
from helpers.shard_io import read_shard
from helpers.unseen4 import build
from helpers.unseen_judge import assert_first_command, assert_next_step, assert_right, recorded
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

# What each first command does today, where it is not right (a fix shows up as an unexpected pass).
_FIRST_WRONG = {
    # stsbenchmark: right since the eleventh mends (a headerless tab table's rows with two appended token
    # cells read at the first row's columns; they were rejects, exit 1: test_xfail_kinds_eleven.py)
    # piqa: stops well since the eleventh mends (train-labels.lst read as train.jsonl's labels, line i for row i;
    # the stop names --text-column for goal, sol1, sol2: test_xfail_kinds_eleven.py)
    "snips": "stops (exit 2): 'holds no images or texts to convert': a JSON document of utterances written in "
             "parts ({intent: [{data: [{text}, {text, entity}]}]}) is not read yet",
    "hwu64": "stops (exit 2) naming --label-column 'scenario' (or another: 'intent', 'userid'): the label is "
             "scenario and intent together, which no option reads. It was: each line one comma-separated column, "
             "the header a record, every whole line a text, exit 0 (then 'userid' was the first label offered)",
}

# The option the first command names (all of them, in one stop).
_FOLLOW = {
    "commonsenseqa": {"text_column": "question.stem", "label_column": "answerKey"},
    # (it exited 1, every row a reject for its three texts; with --text-column ctx alone the test
    # file, which has no `label`, was labelled by its activity_label, exit 0)
    "hellaswag": {"text_column": "ctx", "label_column": "label"},
    # (the labels from {train,dev}-labels.lst, line i for row i; the goal, sol1 and sol2 columns all text)
    "piqa": {"text_column": "goal"},
}


def _truth(name: str, work: Path):
    return build(SPECS[name], work / "download")


@pytest.mark.parametrize("name", recorded(SPECS, _FIRST_WRONG))
def test_first_command_is_right_or_stops_well(name, tmp_path):
    truth = _truth(name, tmp_path)
    assert_first_command(truth, tmp_path, _FOLLOW.get(name), lambda out: assert_right(truth, out))


# The next step a newcomer takes after the first command's stop, where it names no option that converts.
_NEXT = {
    "hwu64": ({"label_column": "intent"},
              "writes `intent` alone as the label ('query', 'set', 'hue_lightoff'): alarm's and calendar's "
              "`query` one class, exit 0; no option labels a record by two columns (scenario_intent)"),
}


@pytest.mark.parametrize("name", recorded(_NEXT, {n: why for n, (_, why) in _NEXT.items()}))
def test_next_step_is_right_or_stops(name, tmp_path):
    truth = _truth(name, tmp_path)
    assert_next_step(truth, tmp_path, _NEXT[name][0], lambda out: assert_right(truth, out))


# ------------------------------------------------------------------------------------------------
# Neighbours of each kind mended
# ------------------------------------------------------------------------------------------------

def _texts(out: Path) -> dict[str, tuple[str, str | None]]:
    """{text: (split, label text or None)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                label = record.get(contract.TEXT_LABEL_TEXT)
                index = record.get(contract.TEXT_LABEL)
                text = record[contract.TEXT].decode()
                found[text] = (split, label.decode() if isinstance(label, bytes) and index != contract.UNLABELLED else None)
    return found


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return _texts(out)


_REVIEWS = [("a warm and funny film", "pos"), ("dull, slow and far too long", "neg"), ("I would watch it again", "pos"),
            ("the plot never goes anywhere", "neg"), ("fine acting; a weak script", "neg"), ("a joy from start to end", "pos")]


def test_a_csv_of_tabs_under_a_header_is_read_by_its_tabs(tmp_path):
    """A review export saved as `.csv` with tabs (texts with commas in them): every row its text and label."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "reviews.csv").write_text("id\treview\tlabel\n" + "".join(f"{i}\t{t}\t{y}\n" for i, (t, y) in enumerate(_REVIEWS)))
    assert _convert(src, tmp_path / "out") == {t: ("train", y) for t, y in _REVIEWS}


def test_a_csv_of_semicolons_keeps_its_quoted_semicolons(tmp_path):
    """A spreadsheet export in a comma-decimal locale: `;` between fields, a quoted text holding `;`."""
    src = tmp_path / "src"
    src.mkdir()
    rows = "".join(f'{i};"{t}";{y};{i * 0.5:.1f}\n'.replace(".", ",") for i, (t, y) in enumerate(_REVIEWS))
    (src / "survey.csv").write_text("id;comment;label;weight\n" + rows)
    assert _convert(src, tmp_path / "out") == {t.replace(".", ","): ("train", y) for t, y in _REVIEWS}


def test_a_comma_csv_whose_texts_hold_tabs_stays_comma_separated(tmp_path):
    """Tabs inside quoted texts do not make a comma-separated table tab-separated (its twin)."""
    src = tmp_path / "src"
    src.mkdir()
    texts = [(f"{t}\tand more\tand more", y) for t, y in _REVIEWS]
    (src / "train.csv").write_text("text,label\n" + "".join(f'"{t}",{y}\n' for t, y in texts))
    assert _convert(src, tmp_path / "out") == {t: ("train", y) for t, y in texts}


def test_text_inside_an_object_stops_naming_the_dotted_field_which_converts(tmp_path):
    """JSON lines of reviews whose text is `review.body` (beside `review.title`): the stop names the
    dotted fields, and `--text-column review.body` writes every row its body and rating."""
    src = tmp_path / "src"
    src.mkdir()
    lines = [json.dumps({"id": i, "review": {"title": f"Title number {i} here", "body": t}, "rating": y}) for i, (t, y) in enumerate(_REVIEWS)]
    (src / "train.jsonl").write_text("\n".join(lines) + "\n")
    with pytest.raises(UsageError, match=r"'review\.title', 'review\.body' do inside an object.*--text-column 'review\.title'"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = _convert(src, tmp_path / "followed", text_column="review.body", label_column="rating")
    assert got == {t: ("train", y) for t, y in _REVIEWS}


def test_labels_in_a_parallel_file_stop_before_writing_naming_both(tmp_path):
    """`train.csv` of texts beside `train_labels.txt`, one label a line: a stop naming both (written
    unlabelled, every row would lose its label); a labels file of another length is no such file."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "train.csv").write_text("sentence\n" + "".join(f'"{t}"\n' for t, _ in _REVIEWS))
    (src / "train_labels.txt").write_text("".join(f"{y}\n" for _, y in _REVIEWS))
    with pytest.raises(UsageError, match=r"train_labels\.txt holds one label a line for the rows of train\.csv"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out").exists() or not (tmp_path / "out" / "manifest.json").exists()


def test_a_test_table_without_the_label_column_is_unlabelled_not_labelled_by_another(tmp_path):
    """train.jsonl labelled by `label`; test.jsonl has no `label` but a `topic_label` of another
    kind: the first command stops naming --label-column, and with it the test rows are unlabelled."""
    src = tmp_path / "src"
    src.mkdir()
    train = [json.dumps({"text": t, "topic_label": ("film", "book")[i % 2], "label": y}) for i, (t, y) in enumerate(_REVIEWS)]
    tests = [json.dumps({"text": f"held out {t}", "topic_label": ("film", "book")[i % 2]}) for i, (t, _) in enumerate(_REVIEWS)]
    (src / "train.jsonl").write_text("\n".join(train) + "\n")
    (src / "test.jsonl").write_text("\n".join(tests) + "\n")
    with pytest.raises(UsageError, match=r"test\.jsonl has no column 'label'.*--label-column 'label'"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    got = _convert(src, tmp_path / "followed", label_column="label")
    assert got == {**{t: ("train", y) for t, y in _REVIEWS}, **{f"held out {t}": ("test", None) for t, _ in _REVIEWS}}


def test_a_column_named_as_an_id_is_offered_after_the_classes(tmp_path):
    """Annotations by a few workers: `worker_id` repeats as labels do, but the stop offers `topic`
    first (HWU64's stop offered its `userid`)."""
    src = tmp_path / "src"
    src.mkdir()
    rows = "".join(f"{i % 3},\"{t}\",{('film', 'book')[i % 2]}\n" for i, (t, _) in enumerate(_REVIEWS * 2))
    (src / "train.csv").write_text("worker_id,comment,topic\n" + rows)
    with pytest.raises(UsageError, match=r"name the label with --label-column 'topic'"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
