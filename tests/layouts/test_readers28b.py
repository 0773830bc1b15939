"""Useless stops on text datasets turned into right conversions, by kind (issue 30, readers28b).

- a .txt at the top of SRC whose lines are each wrapped in a tag naming the line's class (Emotion-Stimulus'
  `<happy>..<\\happy>` lines, tests/helpers/blind28_texts.py) is a table of `label` and `text`, a row a line, the
  label the tag and the text what it wraps (shardify/plan/tagged_lines.py, converters.tables.TAGGED_LINES), in
  SRC's lone wrapper folder too; in split folders the stop names --layout tables, which reads them so.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind28 import DATASETS as BLIND28
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import read_report, records_by_split
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import naming
from shardify.plan import tagged_lines


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(tagged_lines).failed == 0


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


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])
