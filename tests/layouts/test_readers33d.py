"""Useless stops of blind batch 37 turned into good stops, by kind (readers33d).

- `<id> <text>` transcript lines beside clips (blind37's LibriSpeech: `<speaker>-<chapter>.trans.txt` in each
  chapter folder beside its FLACs, `84-121123-0000 GO DO YOU HEAR`): a `.txt` of such lines is a table of `id`
  and `text` where a `.txt` is read as a table (converters/keyed_lines.py), and the clip stop names the files
  and the options converting them alone (beam_jobs/discover/clip_transcripts.py). Neighbour: AISHELL-1's one
  transcript file for every split (`data_aishell/transcript/aishell_transcript_v0.8.txt` beside
  `data_aishell/wav/<split>/<speaker>/<id>.wav`); hostile twins: numbered prose, repeated first words (labels),
  ids of 65 characters, a line with no text, `NaN` as a transcript, a file cut mid-line, tab-separated ids, prose
  beside the clips, our own output as input.
"""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from helpers import blind37, blind41
from helpers.made_files import image_file
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import keyed_lines


def _wav(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(b"\0\0" * 64)


def _texts(out: Path) -> dict[str, str]:
    return written_records(out)["texts"]


# ---- the batch's dataset ----------------------------------------------------------------------------------------


def test_librispeech_stops_naming_its_transcripts_and_the_options_that_convert_them(tmp_path: Path) -> None:
    truth = blind37.DATASETS["librispeech"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    follow = blind37.FOLLOW["librispeech"]
    assert follow and all(names_option(message, key) for key in follow), message
    assert "--layout tables --exclude '**/*.flac' --exclude '*.TXT'" in message, message
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


# ---- a neighbour: AISHELL-1 ----------------------------------------------------------------------------------

_AISHELL = {  # (split, speaker, utterance id, transcript: characters split by spaces, as AISHELL-1's)
    ("train", "S0002", "BAC009S0002W0122", "而 对 楼市 成交 抑制 作用 最 大 的 限 购"),
    ("train", "S0002", "BAC009S0002W0123", "也 成为 地方 政府 的 眼中 钉"),
    ("dev", "S0724", "BAC009S0724W0121", "广州 市 房地产 中介 协会 分析"),
    ("test", "S0764", "BAC009S0764W0121", "甚至 出现 交易 几乎 停滞 的 情况"),
}


def _aishell(root: Path) -> Path:
    """AISHELL-1 (openslr.org/33) as it unpacks, miniature. CHECKED 2026-11-29 against readers in the code corpus
    (find_string 'aishell_transcript_v0.8.txt': "transcript_file = aishell_root / 'data_aishell' / 'transcript' /
    'aishell_transcript_v0.8.txt'", "test_dir = aishell_root / 'data_aishell' / 'wav' / 'test'"; "tokens =
    line.split(); audio_path = tokens[0]; transcript = ' '.join(tokens[1:])"): one transcript file for every split,
    a line `<utterance id> <characters>`, the WAVs under wav/<split>/<speaker>/. Unlike LibriSpeech, the transcripts
    lie apart from the clips, in one file, and name clips of every split."""
    lines = []
    for split, speaker, uid, text in sorted(_AISHELL):
        _wav(root / "data_aishell" / "wav" / split / speaker / f"{uid}.wav")
        lines.append(f"{uid} {text}")
    (root / "data_aishell" / "transcript").mkdir(parents=True)
    (root / "data_aishell" / "transcript" / "aishell_transcript_v0.8.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_a_neighbour_of_one_transcript_file_converts_with_the_options_its_stop_names(tmp_path: Path) -> None:
    src = _aishell(tmp_path / "aishell")
    message = refusal(src, tmp_path / "out")
    assert "data_aishell/transcript/aishell_transcript_v0.8.txt" in message, message
    assert "--layout tables --exclude '**/*.wav'" in message, message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), layout="tables", exclude=("**/*.wav",)))
    texts = _texts(tmp_path / "followed")
    expected = {f"data_aishell/transcript/aishell_transcript_v0.8.txt:{i}": text for i, (*_, text) in enumerate(sorted(_AISHELL))}
    assert texts == expected
    assert {labels for _, labels in written_records(tmp_path / "followed")["records"].values()} == {None}


# ---- hostile twins ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lines",
    [
        ["1. Mix the flour and the sugar", "2. Add the eggs one by one"],  # a numbered list of prose
        ["DESC:manner How did serfdom develop ?", "DESC:manner How do you make a pie ?"],  # labels repeat
        ["a" * 64 + "1 too long an id", "b" * 64 + "2 too long an id"],  # 65 characters: no id
        ["84-121123-0000\tGO DO YOU HEAR", "84-121123-0001\tBUT IN LESS"],  # tab-separated: a TSV's
        ["Once upon a time there was a mill", "and a miller who lived by it"],  # prose: no digit in the first words
        ["84-121123-0000 GO DO YOU HEAR"],  # one line: an id or a label, who can tell
    ],
)
def test_lines_that_are_not_id_text_lines(lines: list[str]) -> None:
    assert not keyed_lines.looks_keyed(lines)


def test_a_line_without_a_text_nan_and_a_cut_line_are_read_each_alone(tmp_path: Path) -> None:
    src = tmp_path / "corpus"
    src.mkdir()
    # a line with its id alone, a transcript reading NaN (a word, not a number), the file cut mid-line (no newline)
    (src / "1-2.trans.txt").write_text(
        "1-2-0000 HELLO THERE MY FRIEND\n1-2-0001\n1-2-0002 NaN\n1-2-0003 AND THEN WE W", encoding="utf-8"
    )
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), layout="tables", max_rejects="50%"))
    texts = _texts(tmp_path / "out")
    # (the rows written numbered in order, as every table's are: the rejected line is in rejected.jsonl)
    assert [texts[key] for key in sorted(texts)] == ["HELLO THERE MY FRIEND", "NaN", "AND THEN WE W"]
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "no text after the id" in rejected and "1-2.trans.txt" in rejected


def test_prose_beside_clips_adds_no_transcript_hint(tmp_path: Path) -> None:
    src = tmp_path / "clips"
    for i in range(3):
        _wav(src / "c" / f"c-{i}.wav")
    (src / "c" / "notes.txt").write_text("recorded in a quiet room\nwith one microphone\n")
    message = refusal(src, tmp_path / "out")
    assert "--layout tables" not in message and "transcripts" not in message, message
    # `<id> <text>` lines naming no clip are no transcripts of these clips either
    (src / "c" / "notes.txt").write_text("x-1 recorded in a quiet room\nx-2 with one microphone\n")
    assert "--layout tables" not in refusal(src, tmp_path / "out2")


def test_our_own_output_is_no_transcript_table(tmp_path: Path) -> None:
    truth = blind37.DATASETS["librispeech"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **blind37.FOLLOW["librispeech"]))
    # the records' texts are `<id> <text>`-like lines no more: shardify's output is refused as such, before reading
    message = refusal(tmp_path / "out", tmp_path / "again", layout="tables")
    assert "is a shardify output" in message, message


# ---- boxes of one class no file names (blind41's guns) ----------------------------------------------------------
# Kind: per-image box files opening with their count, then `x1 y1 x2 y2` a line, no class field and no number
# (`Counted corner boxes of one class named nowhere`, shardify/plan/box_format_rows.py): the run stops naming
# --label-names (beam_jobs/discover/box_tables.py), which writes the boxes as objects of the class it names. The
# batch's truth keeps guns' records unlabelled (the files name no class), so following the stop labels each image
# `gun` where the truth has none: still a useless stop by the tally, a useful one to a user (the boxes written).


def _boxes(out: Path) -> dict[str, list[str]]:
    return written_records(out)["objects"]


def test_guns_stops_naming_label_names_which_writes_every_box(tmp_path: Path) -> None:
    truth = blind41.DATASETS["guns"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert names_option(message, "label_names") and "Labels/1.txt" in message and "names no class" in message, message
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_names=("gun",)))
    boxes = _boxes(tmp_path / "followed")
    assert {rid: len(names) for rid, names in boxes.items()} == {rid: len(want) for rid, want in truth.objects.items()}
    assert {name for names in boxes.values() for name in names} == {"gun"}


def _bbox_label_tool(root: Path, files: dict[str, str]) -> Path:
    """A BBox-Label-Tool export (github puzzledqs/BBox-Label-Tool, and the copies of its main.py in the code corpus:
    find_string 'self.bboxList)': `saveImage` writes `f.write('%d\\n' % len(self.bboxList))`, then each box's
    numbers joined by spaces, to `Labels/<set>/<image>.txt`; images read from `./Images/<set>/`; a reader of such a
    folder: `x1,y1,x2,y2 = lines[1].strip().split(' ')` under `labels/<category>/`): one set folder `001`, the
    boxes of whatever one class the person drew, named in no file. `files` maps each image's stem to its file."""
    for stem, text in files.items():
        image_file(root / "Images" / "001" / f"{stem}.jpg", f"blt{stem}", fmt="JPEG")
        (root / "Labels" / "001").mkdir(parents=True, exist_ok=True)
        (root / "Labels" / "001" / f"{stem}.txt").write_text(text)
    return root


def test_a_neighbour_from_the_bbox_label_tool_stops_and_converts_with_one_name(tmp_path: Path) -> None:
    src = _bbox_label_tool(tmp_path / "tool", {"a1": "2\n1 1 10 8\n4 2 16 12\n", "a2": "1\n3 3 9 9\n", "a3": "0\n"})
    message = refusal(src, tmp_path / "out")
    assert names_option(message, "label_names") and "names no class" in message, message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), label_names=("horse",)))
    boxes = _boxes(tmp_path / "followed")
    assert {rid: len(names) for rid, names in boxes.items()} == {
        "Images/001/a1.jpg": 2,
        "Images/001/a2.jpg": 1,
        "Images/001/a3.jpg": 0,
    }
    # two names for the one class: which is meant cannot be told
    assert "names 2 classes" in refusal(src, tmp_path / "out2", label_names=("horse", "gun"))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("3\n1 1 10 8\n4 2 16 12\n", "count line says 3 boxes, but it holds 2"),  # cut short
        ("1\n1 1 10 8\n1\n4 2 16 12\n", "count lines"),  # two files run together
        ("2\n1 1 10 8\n4 2 nan 12\n", "line 3"),  # NaN: no box
        ("2\n1 1 10 8\n4 2 1e999 12\n", "not a finite number"),  # a huge value: never a box of inf
    ],
)
def test_hostile_box_files_are_their_images_rejects(tmp_path: Path, text: str, reason: str) -> None:
    src = _bbox_label_tool(
        tmp_path / "tool",
        {"a1": "2\n1 1 10 8\n4 2 16 12\n", "a2": "1\n3 3 9 9\n", "b1": text, "a4": "1\n2 2 8 8\n", "a5": "1\n2 2 9 9\n"},
    )
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_names=("horse",), max_rejects="50%"))
    boxes = _boxes(tmp_path / "out")
    assert boxes["Images/001/a1.jpg"] == ["horse", "horse"]
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text() if (tmp_path / "out" / "rejected.jsonl").exists() else ""
    assert "Images/001/b1.jpg" not in boxes and reason in rejected and "Images/001/b1.jpg" in rejected, rejected


def test_four_numbers_a_line_without_a_count_are_no_such_files(tmp_path: Path) -> None:
    # the same lines without their count line: CARPK-like or anything else, never this format
    from shardify.plan import box_formats

    assert box_formats.per_image_format("Labels", ["1 1 10 8", "4 2 16 12"]) is None
    assert box_formats.per_image_format("Labels", ["2", "1 1 10 8", "4 2 16 12"]).single_class == box_formats.UNNAMED_CLASS
    assert box_formats.per_image_format("images", ["2", "1 1 10 8", "4 2 16 12"]) is None  # not an annotation folder's name
