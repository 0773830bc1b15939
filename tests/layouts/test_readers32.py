"""Useless stops of this morning's batches turned into good stops, by kind (readers32).

- a label table lying inside a split folder, naming by bare names files other split folders repeat
  (blind37's C-NMC: `validation_data/C-NMC_test_prelim_phase_data_labels.csv` of `1.bmp` ..., and
  `testing_data/C-NMC_test_final_phase_data/1.bmp` ...): read as that split's labels only, keyed by the
  folders below the split's parent (shardify/plan/inner_split_tables.py, beam_jobs/discover/inner_split_labels.py),
  so the stop's layout file with `class_leaf: true` converts right; the folder guards still run over the
  class folders of the other split. Neighbour: a `valid/` table beside `train/<class>/` and `test/`;
  hostile twins: a table whose names two folders of its split hold, a table in a split of class folders.
- UCI tables of a split each by extension (blind35's optdigits `.tra`/`.tes`; pendigits, not in any batch):
  tables of attributes to the stop, naming the zoo's options, and each file its extension's split
  (shardify/plan/split_extensions.py); twins: a `.tra` alone, `.tra`/`.tes` of prose.
- transcripts beside clips (blind37's LJ Speech `metadata.csv` of `id|text|normalized` beside `wavs/`): the
  clip stop names the table and the options converting it alone (beam_jobs/discover/clip_transcripts.py),
  `|`-separated .csv rows read with no quoting (converters/token_tables.py's `pipe_separated`). Neighbour:
  an LJ Speech-format corpus of two columns; twins: a comma table with a `|` in every row stays a comma
  table; a table naming no clip adds nothing to the stop.
"""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from helpers import blind35, blind37
from helpers.cli_runs import run_shardify
from helpers.made_files import image_file
from helpers.refusals import follows_stop, refusal
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import token_tables
from shardify.plan import inner_split_tables, split_extensions


def _labels(out: Path) -> dict:
    return {rid: (split, labels) for rid, (split, labels) in written_records(out)["records"].items()}


_follows = follows_stop  # (helpers.refusals: stop, options named, followed, right)


# ---- a split folder's own label table ------------------------------------------------------------------------

def test_the_cnmc_stop_writes_a_layout_file_that_converts_right_with_class_leaf(tmp_path: Path) -> None:
    truth = blind37.DATASETS["cnmc"](tmp_path / "download")
    written = tmp_path / "layout.yaml"
    run_shardify("convert", str(truth.root), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(written))
    text = written.read_text()
    assert "prefix: validation_data/C-NMC_test_prelim_phase_data/" in text and "split: validation" in text
    assert "class_leaf: true" in text  # named by the stop, among the doubts at the top
    written.write_text(text.replace("  label_levels:\n", "  class_leaf: true\n  label_levels:\n"))
    stopped = run_shardify("convert", str(truth.root), str(tmp_path / "stopped"), "--layout-file", str(written))
    assert stopped.returncode == 2 and "--label-names" in stopped.stderr, stopped.stderr  # 0/1 beside all/ hem/ (review33)
    (tmp_path / "names.txt").write_text("hem\nall\n")  # the CSV's labels: 1 all, 0 hem
    run_shardify("convert", str(truth.root), str(tmp_path / "followed"), "--layout-file", str(written), "--label-names",
                 str(tmp_path / "names.txt"))
    assert_right(truth, tmp_path / "followed")


def _valid_table_source(root: Path, names_in_two: bool = False) -> None:
    for cls in ("cat", "dog"):
        for i in range(3):
            image_file(root / "train" / cls / f"{cls}{i}.png", f"r32t{cls}{i}", fmt="PNG")
    for i in range(1, 5):
        image_file(root / "valid" / "images" / f"{i}.png", f"r32v{i}", fmt="PNG")
        image_file(root / "test" / "images" / f"{i}.png", f"r32x{i}", fmt="PNG")
        if names_in_two:
            image_file(root / "valid" / "more" / f"{i}.png", f"r32m{i}", fmt="PNG")
    rows = ["file,label"] + [f"{i}.png,{'cat' if i % 2 else 'dog'}" for i in range(1, 5)]
    (root / "valid" / "valid_labels.csv").write_text("\n".join(rows) + "\n")


def test_a_neighbours_valid_table_labels_its_own_folder_only(tmp_path: Path) -> None:
    # A Kaggle-style download of the same kind (folders by class for training, a table for the held-out images
    # numbered as the test images are): converts right with no option, the test images unlabelled.
    _valid_table_source(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    found = _labels(tmp_path / "out")
    assert found["valid/images/1.png"] == ("validation", {"cat"}) and found["valid/images/2.png"] == ("validation", {"dog"})
    assert found["train/cat/cat0.png"] == ("train", {"cat"}) and not found["test/images/1.png"][1]


def test_hostile_twins_of_the_split_folder_table_are_not_read() -> None:
    heads = {"valid/labels.csv": ["file,label", "1.png,cat", "2.png,dog", "3.png,cat"]}
    two = ["valid/a/1.png", "valid/a/2.png", "valid/a/3.png", "valid/b/1.png"]
    assert inner_split_tables.inner_tables(heads, two, ["valid"]) == []  # 1.png in two folders of the split
    one = ["valid/a/1.png", "valid/a/2.png", "valid/a/3.png"]
    assert inner_split_tables.inner_tables(heads, one, ["test"]) == []  # not in an unlabelled split's folder
    ids = {"valid/labels.csv": ["id,file,site,label", "p1,1.png,x,cat", "p2,2.png,x,dog", "p3,3.png,y,cat"]}
    assert inner_split_tables.inner_tables(ids, one, ["valid"]) == []  # two repeating columns: which labels?


def test_a_table_whose_names_two_folders_of_its_split_hold_stays_unread(tmp_path: Path) -> None:
    _valid_table_source(tmp_path / "src", names_in_two=True)
    with pytest.raises(Exception):  # noqa: B017 - any stop or failure: never these labels written
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ---- UCI tables of a split each by extension -------------------------------------------------------------------

def test_optdigits_stops_naming_the_options_and_the_splits_by_extension(tmp_path: Path) -> None:
    _follows("optdigits", blind35, tmp_path)


def test_a_neighbour_pendigits_converts_with_the_options_its_stop_names(tmp_path: Path) -> None:
    # UCI Pen-Based Recognition of Handwritten Digits (archive.ics.uci.edu/dataset/81): pendigits.tra and
    # pendigits.tes, 16 integers 0..100 and the digit a row, beside pendigits.names (as remembered).
    src = tmp_path / "pendigits"
    src.mkdir()
    for name, count in (("pendigits.tra", 6), ("pendigits.tes", 3)):
        rows = [",".join(str((r * 13 + c * 7) % 101) for c in range(16)) + f",{(r + len(name)) % 10}" for r in range(count)]
        (src / name).write_text("\n".join(rows) + "\n")
    (src / "pendigits.names").write_text("1. Title: Pen-Based Recognition of Handwritten Digits\n")
    message = refusal(src, tmp_path / "out")
    assert "--label-column '17'" in message and "pendigits.tes test" in message and "--layout tables" in message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), layout="tables", text_column="none",
                                 keep_columns=("*",), label_column="17"))
    found = _labels(tmp_path / "out")
    assert {split for split, _ in found.values()} == {"train", "test"} and len(found) == 9
    assert found["pendigits.tes:0"] == ("test", {str(len("pendigits.tes") % 10)})


def test_hostile_twins_of_split_extensions() -> None:
    assert split_extensions.extension_splits(["optdigits.tra"]) == ()  # one split: nothing to tell
    assert split_extensions.extension_splits(["a.tra", "a.tes", "notes.csv"]) == ()
    assert split_extensions.extension_splits(["a[1].tra", "a[1].tes"]) == ()  # a glob character: no exact pattern
    from shardify.plan import attribute_tables

    prose = {"a.tra": ["some words here", "and more", "and yet more"], "a.tes": ["x", "y", "z"]}
    assert attribute_tables.attribute_tables_message("src", prose) == ""


# ---- transcripts beside clips -----------------------------------------------------------------------------------

def test_ljspeech_stops_naming_its_transcripts_and_the_options_that_convert_them(tmp_path: Path) -> None:
    _follows("ljspeech", blind37, tmp_path)


def _wav(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\0\0" * 64)


def test_a_neighbour_of_two_columns_converts_with_the_options_its_stop_names(tmp_path: Path) -> None:
    # LJ Speech's format as single-speaker corpora reuse it (`id|text`, no normalized column, a quote alone).
    src = tmp_path / "corpus"
    # (commas vary from line to line, as in prose: rows that commas also split evenly stay a comma table, a twin below)
    texts = ["Hallo, wie geht es dir heute?", '"Ich bin gut, danke, sehr gut.', "Das Wetter ist schoen heute."]
    lines = []
    for i, text in enumerate(texts):
        clip = f"spk1_{i:04d}"
        _wav(src / "wavs" / f"{clip}.wav")
        lines.append(f"{clip}|{text}")
    (src / "metadata.csv").write_text("\n".join(lines) + "\n")
    message = refusal(src, tmp_path / "out")
    assert "--exclude 'wavs/**' --text-column 2 --keep-columns 1 --no-header" in message, message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), exclude=("wavs/**",), text_column="2", keep_columns=("1",),
                                 header=False))
    records = written_records(tmp_path / "out")["records"]
    assert sorted(records) == [f"metadata.csv:{i}" for i in range(3)]


def test_hostile_twins_of_pipe_rows_and_transcripts(tmp_path: Path) -> None:
    assert not token_tables.pipe_separated(["id,text|tag,label", "1,a b|c,pos", "2,d e|f,neg"])  # commas split evenly
    assert not token_tables.pipe_separated(["a|b", "c|d|e"])  # uneven
    src = tmp_path / "clips"
    for i in range(3):
        _wav(src / "wavs" / f"c{i}.wav")
    (src / "notes.csv").write_text("x|y\nz|w\n")  # names no clip
    message = refusal(src, tmp_path / "out")
    assert "transcripts" not in message and "--text-column" not in message
    (src / "notes.csv").write_text("fname,labels\nc0,Guitar\nc1,\"Bark,Dog\"\nc2,Rain\n")  # FSD50K's ids and label words
    assert "--text-column" not in refusal(src, tmp_path / "out2")
