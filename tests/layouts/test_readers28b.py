"""Useless stops on text datasets turned into right conversions, by kind (issue 30, readers28b).

- a .txt at the top of SRC whose lines are each wrapped in a tag naming the line's class (Emotion-Stimulus'
  `<happy>..<\\happy>` lines, tests/helpers/blind28_texts.py) is a table of `label` and `text`, a row a line, the
  label the tag and the text what it wraps (shardify/plan/tagged_lines.py, converters.tables.TAGGED_LINES), in
  SRC's lone wrapper folder too; in split folders the stop names --layout tables, which reads them so.
- scored texts (ASAP's essays, tests/helpers/blind27_texts.py): under --label-column, a validation table without
  the scores beside a scored training table, every file of SRC read, is written unlabelled (its scores are
  withheld: shardify/plan/checks._every_file_read); a stop over unnamed label columns offers the one named as the
  task's target first (`domain1_score` before `essay_set`: shardify/plan/label_candidates.TARGET_NAME_ENDS).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind27 import DATASETS as BLIND27
from helpers.blind27 import FOLLOW as FOLLOW27
from helpers.blind28 import DATASETS as BLIND28
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import read_report, records_by_split
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters.label_columns import UnnamedLabelColumn, refuse_unnamed_labels
from shardify.errors import UsageError
from shardify.format import naming
from shardify.plan import checks, label_candidates, tagged_lines


def test_the_docstring_examples_hold() -> None:
    for module in (tagged_lines, label_candidates, checks):
        assert doctest.testmod(module).failed == 0


def _convert(src: Path, out: Path, **options) -> dict[str, list[dict]]:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return records_by_split(out)


def _labelled(records: list[dict]) -> dict[str, str]:
    return {r["text"].decode(): r["text/class/text"].decode() for r in records}


# ------------------------------------------------------------------------------------------------
# Lines wrapped in their class's tag
# ------------------------------------------------------------------------------------------------

def test_emotion_stimulus_is_right_and_keeps_the_cause_span(tmp_path: Path) -> None:
    truth = BLIND28["emotion_stimulus"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    texts = [r["text"].decode() for r in records_by_split(tmp_path / "out")["train"]]
    assert any("<cause>" in t and "<\\cause>" in t for t in texts)  # the stimulus span, annotation kept
    assert not any(t.startswith("<") or t.endswith(">") for t in texts)  # the class's own tag is the label


def _tagged_splits(root: Path, first: str = "") -> None:
    # A neighbour of the kind in no batch: one file per split, not per cause, of '</x>'-closed sentiment tags
    for split, count in (("train", 6), ("test", 3)):
        lines = [f"<{('pos', 'neg', 'neu')[i % 3]}>the {split} review {i} was {('fine', 'dull', 'odd')[i % 3]} "
                 f"indeed</{('pos', 'neg', 'neu')[i % 3]}>" for i in range(count)]
        _text(root / f"{split}.txt", first + "\n".join(lines) + "\n")


def test_a_neighbour_one_tagged_file_a_split_is_read_by_split(tmp_path: Path) -> None:
    _tagged_splits(tmp_path / "src")
    written = _convert(tmp_path / "src", tmp_path / "out")
    assert sorted(written) == ["test", "train"]
    assert _labelled(written["test"]) == {"the test review 0 was fine indeed": "pos", "the test review 1 was dull indeed": "neg",
                                          "the test review 2 was odd indeed": "neu"}
    assert len(written["train"]) == 6


def test_the_twin_with_a_bom_reads_its_first_line_too(tmp_path: Path) -> None:
    _tagged_splits(tmp_path / "src", first="\ufeff")
    written = _convert(tmp_path / "src", tmp_path / "out")
    assert _labelled(written["test"])["the test review 0 was fine indeed"] == "pos"
    assert len(written["train"]) == 6


def test_the_twin_of_a_line_closed_by_another_tag_or_blank_is_rejected_by_name(tmp_path: Path) -> None:
    lines = ["<joy>a fine day in the park</joy>", "<fear>a dark road at night</fear>", "<joy>the cake was good</fear>",
             "<anger>   </anger>", "<fear>the dog barked loud</fear>", "<joy>we sang all the way</joy>"]
    _text(tmp_path / "src" / "lines.txt", "\n".join(lines) + "\n")
    written = _convert(tmp_path / "src", tmp_path / "out", max_rejects="50%")
    assert _labelled(written["train"]) == {"a fine day in the park": "joy", "a dark road at night": "fear",
                                           "the dog barked loud": "fear", "we sang all the way": "joy"}
    rejects = " ".join(r["reason"] for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME))
    assert "closed by another tag" in rejects and "no text" in rejects


def test_the_twin_of_html_lines_at_the_top_is_no_table_of_classes(tmp_path: Path) -> None:
    # `<h1>`, `<p>` lines: markup, every line wrapped; the tags are never read as classes (review28: such
    # files are read as before, here a class per file, as any two files of short lines are)
    for name in ("page_a.txt", "page_b.txt"):
        lines = [f"<h1>Chapter {name[5]}</h1>"] + [f"<p>It was a cold morning number {i} on the long road.</p>" for i in range(6)]
        _text(tmp_path / "src" / name, "\n".join(lines) + "\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    labels = {r["text/class/text"].decode() for split in records_by_split(tmp_path / "out").values() for r in split}
    assert labels and not labels & tagged_lines.MARKUP_TAGS, labels


def test_the_twin_of_prose_with_some_markup_is_not_read_as_tagged_lines(tmp_path: Path) -> None:
    lines = ["<b>Chapter one</b>", "It was a cold morning and the road was long.", "<i>Nobody</i> came that day.",
             "She walked on, thinking of the sea.", "<b>Chapter two</b>"]
    assert not tagged_lines.looks_tagged(lines)


def test_tagged_files_in_a_lone_wrapper_folder_are_read_as_at_the_top(tmp_path: Path) -> None:
    truth = BLIND28["emotion_stimulus"](tmp_path / "download")  # download/Emotion-Stimulus/*.txt
    run_conversion(ConvertConfig(str(tmp_path / "download"), str(tmp_path / "out")))
    written = {r["text/source"].decode(): r["text/class/text"].decode() for r in records_by_split(tmp_path / "out")["train"]}
    want = {}
    for name, (_, labels) in truth.records.items():  # `<file>:<i>` from 0; text/source `<path>#<line>` from 1
        file, line = name.rsplit(":", 1)
        want[f"Emotion-Stimulus/{file}#{int(line) + 1}"] = next(iter(labels))
    assert written == want


def test_tagged_files_in_split_folders_stop_naming_layout_tables_which_reads_them(tmp_path: Path) -> None:
    for split in ("train", "test"):  # one file per cause, as Emotion-Stimulus', in each split's folder
        for name in ("cause.txt", "nocause.txt"):
            lines = [f"<{('pos', 'neg', 'neu')[i % 3]}>the {split} {name[:-4]} review {i} was fine</{('pos', 'neg', 'neu')[i % 3]}>"
                     for i in range(8)]
            _text(tmp_path / "src" / split / name, "\n".join(lines) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "stop")
    assert "cause.txt" in said and "pos" in said and "--layout tables" in said
    written = _convert(tmp_path / "src", tmp_path / "out", layout="tables")
    assert sorted(written) == ["test", "train"] and len(written["test"]) == len(written["train"]) == 16
    assert _labelled(written["test"])["the test nocause review 4 was fine"] == "neg"


# ------------------------------------------------------------------------------------------------
# Scored texts: a validation table whose scores are withheld
# ------------------------------------------------------------------------------------------------

def test_asap_stops_naming_label_column_which_converts_right(tmp_path: Path) -> None:
    truth = BLIND27["asap"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "stop")
    assert "--label-column" in said and "training_set_rel3.tsv" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **FOLLOW27["asap"]))
    assert_right(truth, tmp_path / "out")


def test_the_column_named_as_the_target_is_offered_first() -> None:
    # ASAP's columns as the release writes them, 30 sampled rows of one prompt: the score repeats as labels do
    columns = ["essay_id", "essay_set", "essay", "rater1_domain1", "rater2_domain1", "domain1_score"]
    rows = [[str(i), "1", f"Dear @CAPS1, computers help us {i} times a day and more.", str(1 + i % 3), str(1 + i % 4),
             str(2 + i % 5)] for i in range(30)]
    with pytest.raises(UnnamedLabelColumn) as found:
        refuse_unnamed_labels(columns, (), rows)
    assert "--label-column 'domain1_score'" in str(found.value)


def _scored(root: Path, dev_header: str = "id\ttext\tprompt") -> None:
    # A neighbour of the kind in no batch: a shared task's scored train.tsv beside a dev.tsv whose scores were withheld
    train = ["id\ttext\tprompt\tgrade"] + [f"{i}\tthe answer number {i} says the sky is {('blue', 'grey')[i % 2]}\t{i % 2}"
                                         f"\t{i % 4}" for i in range(12)]
    dev = [dev_header] + [f"{100 + i}\tthe held answer {i} says it rains\t{i % 2}" for i in range(4)]
    _text(root / "train.tsv", "\n".join(train) + "\n")
    _text(root / "dev.tsv", "\n".join(dev) + "\n")


def test_a_neighbour_of_withheld_dev_scores_is_written_unlabelled_under_label_column(tmp_path: Path) -> None:
    _scored(tmp_path / "src")
    written = _convert(tmp_path / "src", tmp_path / "out", label_column="grade")
    assert len(written["dev"]) == 4 and {(r["text/class/label"], r["text/class/text"]) for r in written["dev"]} == {(-1, b"")}
    assert _labelled(written["train"])["the answer number 5 says the sky is grey"] == "1"


def test_the_twin_beside_an_unread_file_still_stops(tmp_path: Path) -> None:
    # dev's scores may be in the pickle beside it, which shardify cannot read: the refusal stands
    _scored(tmp_path / "src")
    (tmp_path / "src" / "dev_scores.pkl").write_bytes(b"\x80\x04binary\x00scores")
    with pytest.raises(UsageError, match="has no labels while"):
        _convert(tmp_path / "src", tmp_path / "out", label_column="grade")


def test_the_twin_of_a_nan_score_rejects_that_row_naming_it(tmp_path: Path) -> None:
    # pandas' `NaN` for a missing score: no class of its own beside 0..3, the row's reject
    _scored(tmp_path / "src")
    (tmp_path / "src" / "dev.tsv").unlink()
    train = tmp_path / "src" / "train.tsv"
    train.write_text(train.read_text().replace("grey\t1\t1\n", "grey\t1\tNaN\n", 1))
    written = _convert(tmp_path / "src", tmp_path / "out", label_column="grade")
    assert len(written["train"]) == 11 and "NaN" not in {r["text/class/text"].decode() for r in written["train"]}
    reasons = [r["reason"] for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)]
    assert len(reasons) == 1 and "'NaN'" in reasons[0] and "missing value" in reasons[0]


def test_the_twin_with_a_guessed_label_column_still_stops(tmp_path: Path) -> None:
    # `label` found by its name, no --label-column: the guess may be what is wrong, the refusal stands
    root = tmp_path / "src"
    _text(root / "train.tsv", "\n".join(["id\ttext\tlabel"] + [f"{i}\tsome words of row {i}\t{i % 3}" for i in range(9)]) + "\n")
    _text(root / "dev.tsv", "\n".join(["id\ttext"] + [f"{i}\tother words of row {i}" for i in range(4)]) + "\n")
    with pytest.raises(UsageError, match="has no labels while"):
        _convert(root, tmp_path / "out")


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])
