"""Kinds behind the ninth newcomer trial's three wrong-with-exit-0 xfails (issue 30), each tested on a
neighbour the trial does not name (tests/layouts/test_newcomer_trial_nine.py tests the datasets):

- a JSON-lines table's split column (any column whose sampled cells are split words: `fold` with
  train/val/test) gives each row its split, as a CSV's or an images table's does; it was ignored and
  every row written to train with exit 0. A split column is never offered as a label column.
- a label column found only by its name's last word (`item_category`) beside another column that
  could be the label (`rating`'s small whole numbers, or labels by content): the first was taken
  with exit 0; now the run stops naming both and `--label-column`. JSON lines saved as `.json` in a
  source with no other input: the stop named `--layout tables`; since the tenth mends they are read so.
- a folder of files named like the inputs, one per input, that no reader reads (INRIA Person's
  PASCAL v1.00 `annotations/<stem>.txt`; here `.ann` files beside images or texts): it was counted
  as auxiliary, every record written without it; now the run stops naming the folder where the
  files annotate some class folders' inputs and not the others' (the twins, files beside every
  folder's inputs, are tests/layouts' Stanford Dogs, Penn-Fudan, Montgomery, Stanford 40: unchanged).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_WORDS = ("amber", "basalt", "cedar", "dune", "ember", "fjord", "granite", "harbor", "islet", "juniper")


def _sentence(n: int) -> str:
    return " ".join(_WORDS[(n * k + 3) % len(_WORDS)] for k in range(1, 7)) + f" {n}"


def test_a_json_lines_split_column_gives_each_row_its_split(tmp_path: Path) -> None:
    folds, truth, lines = ("train", "train", "val", "test"), {}, []
    for i in range(12):
        fold, topic = folds[i % 4], ("weather", "music", "travel")[i % 3]
        lines.append(json.dumps({"uid": f"q{i}", "fold": fold, "topic": topic, "question": _sentence(i)}))
        truth[f"queries.jsonl:{i}"] = ("validation" if fold == "val" else fold, frozenset({topic}))
    write_file(tmp_path / "src/queries.jsonl", "\n".join(lines) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", label_column="topic", text_column="question", max_rejects="0")
    got = written_records(out)["records"]
    assert {rid: (split, labels) for rid, (split, labels) in got.items()} == truth


def test_a_split_column_is_never_offered_as_a_label(tmp_path: Path) -> None:
    rows = ["sentence,subset,topic"]
    rows += [f"{_sentence(i)},{('train', 'dev', 'test')[i % 3]},{('sport', 'food')[i % 2]}" for i in range(12)]
    write_file(tmp_path / "src/corpus.csv", "\n".join(rows) + "\n")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "--label-column 'topic'" in str(refused.value)
    assert "subset" not in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def _reviews(root: Path, rows: int = 6) -> None:
    lines = ["item_category,rating,comment"]
    lines += [f"{('garden', 'kitchen', 'toys')[i % 3]},{1 + i % 5},{_sentence(i)}" for i in range(rows)]
    write_file(root / "reviews.csv", "\n".join(lines) + "\n")


def test_a_label_by_its_name_ending_beside_a_rating_stops_naming_both(tmp_path: Path) -> None:
    _reviews(tmp_path / "src")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "--label-column 'item_category'" in str(refused.value) and "--label-column 'rating'" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = written_records(convert(tmp_path / "src", tmp_path / "named", label_column="rating", max_rejects="0"))
    assert got["records"] == {f"reviews.csv:{i}": ("train", frozenset({str(1 + i % 5)})) for i in range(6)}


def test_json_lines_named_json_are_read_as_tables(tmp_path: Path) -> None:
    """(It stopped naming `--layout tables`, which was right: the files' own lines settle it, so the
    first command now reads them so, `beam_jobs/discover/json_line_files.py`.)"""
    for split in ("train", "test"):
        rows = [json.dumps({"comment": _sentence(i), "label": ("pos", "neg")[i % 2]}) for i in range(4)]
        write_file(tmp_path / f"src/{split}/part-{split}.json", "\n".join(rows) + "\n")
    truth = {f"{split}/part-{split}.json:{i}": (split, frozenset({("pos", "neg")[i % 2]}))
             for split in ("train", "test") for i in range(4)}
    assert written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))["records"] == truth
    got = written_records(convert(tmp_path / "src", tmp_path / "tables", layout="tables", max_rejects="0"))
    assert got["records"] == truth


@pytest.mark.parametrize("media", ["image", "text"])
def test_per_input_files_of_one_class_folder_no_reader_reads_stop(tmp_path: Path, media: str) -> None:
    """Files named like the inputs of `busy/` and of no other folder: the folders say "annotated or
    not", the files are the labels (INRIA Person's annotations/ beside pos/ and neg/)."""
    for c, kind in enumerate(("busy", "quiet")):
        for i in range(3):
            name = f"{kind}{i:02d}"
            if media == "image":
                write_file(tmp_path / f"src/{kind}/{name}.jpg", image_bytes(seed=10 * c + i))
            else:
                write_file(tmp_path / f"src/{kind}/{name}.txt", _sentence(10 * c + i) + "\n")
            if kind == "busy":
                write_file(tmp_path / f"src/notes/{name}.ann", f"T1 Bird 0 5 {kind}\n")
    with pytest.raises(UsageError, match="notes/"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()

