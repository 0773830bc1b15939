"""A label table of 0/1 class columns beside one column of words, next to train/ and an unlabelled test/.

RANZCR CLiP's train.csv (`StudyInstanceUID,<11 line classes, 0/1>,PatientID`, tests/helpers/blind21.py) stopped
since kinds21 naming no option that read it right (a useless stop): `--label-column PatientID` labelled each image
by its patient, and the layout file it offered could not say the 0/1 columns. Now the stop names `--labels train.csv
--keep-columns PatientID`, which reads the 0/1 columns as a multi-label, the test folder the test split, unlabelled
(`shardify/plan/keyed_multi_hot.py`). Here: neighbours not in the batch (file names with extensions, a site column,
a table of 0/1 columns alone), and hostile twins (a 2, a blank and a row of no 1s; an image twice; a second column
of words; the option naming no column of the table; no --keep-columns).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import blind21, kinds21
from helpers.unseen4 import Put, Spec, _csv, aux, build, img
from helpers.unseen_judge import assert_right, judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_CLASSES = ["pneumothorax", "effusion", "nodule", "fracture"]


def _xrays(*, site: bool = True, hostile: str = "", second_words: bool = False) -> Iterator[Put]:
    """train/<name>.png and test/<name>.png beside labels.csv 'image_name,<4 0/1 classes>[,site][,scanner]' naming the
    train images with their extension. `hostile`: "cells" puts a 2, a blank and a row of no 1s in three rows (each its
    row's reject, its image a train record without a label, counted in num_unlabelled, as a keyed table's bad row
    leaves its image); "twice" names one image in two rows of different classes (a contradiction: the image rejected;
    it had been written as the union of both rows, exit 0)."""
    header = ["image_name", *_CLASSES, *(["site"] if site else []), *(["scanner"] if second_words else [])]
    lines = [",".join(header)]
    for i in range(10):
        name = f"cxr_{7301 + 13 * i}.png"
        on = {(i * 3) % 4, (i + 1) % 4} if i % 3 else {i % 4}
        bits = ["1" if k in on else "0" for k in range(4)]
        odd = hostile == "cells" and i in (2, 5, 7)
        if odd:
            bits = {2: ["0", "2", "1", "0"], 5: ["1", "", "0", "0"], 7: ["0", "0", "0", "0"]}[i]
        extra = [*([f"{['St Anne', 'Northfield', 'Riverside'][i % 3]}"] if site else []), *(["GE Optima"] if second_words else [])]
        lines.append(_csv(name, *bits, *extra))
        twice = hostile == "twice" and i == 4
        if twice:
            lines.append(_csv(name, *("0" if b == "1" else "1" for b in bits), *extra))
        yield img(f"train/{name}", "train", None if odd else {_CLASSES[k] for k in on}, kind="png", record=not twice)
    for i in range(3):
        yield img(f"test/cxr_{9100 + i}.png", "test", kind="png")
    yield aux("labels.csv", "\n".join(lines) + "\n")


SPECS = {
    "xray_sites": Spec("xrays", "image", _xrays, "built here", "multi-label: each train image its 1 columns; test unlabelled."),
    "xray_bits": Spec("xrays", "image", lambda: _xrays(site=False), "built here", "multi-label, no column of words."),
}
DATASETS = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
FOLLOW = {"xray_sites": {"labels_file": "labels.csv", "keep_columns": ("site",)}, "xray_bits": None}  # (bits alone: read, no option)

# (builders, name, the options its stop names and with which it is right)
CASES = [(blind21.DATASETS, "ranzcr", blind21.FOLLOW["ranzcr"]), (kinds21.DATASETS, "finding_flags",
         {"labels_file": "train.csv", "keep_columns": ("hospital",)}), *((DATASETS, n, f) for n, f in FOLLOW.items())]


@pytest.mark.parametrize(("builders", "name", "follow"), CASES, ids=[c[1] for c in CASES])
def test_the_stop_names_the_options_that_read_the_0_1_columns_and_following_is_right(builders, name, follow, tmp_path):
    judge_first_command(builders, name, tmp_path, follow)


def _rejects(out: Path) -> str:
    return json.dumps([json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()])


@pytest.mark.parametrize("hostile", ["cells", "twice"])
def test_a_cell_neither_0_nor_1_and_an_image_twice_are_their_rows_rejects(hostile, tmp_path):
    spec = Spec("xrays", "image", lambda: _xrays(hostile=hostile), "built here", "the odd rows rejected")
    truth = build(spec, tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), labels_file="labels.csv", keep_columns=("site",), max_rejects="40%"))
    assert_right(truth, out)  # the other rows right; never a class dropped from the classes or guessed
    said = _rejects(out)
    if hostile == "cells":
        assert "'effusion' holds '2'" in said and "'effusion' holds ''" in said and "no multi-hot column is 1" in said, said
        assert json.loads((out / "manifest.json").read_text())["splits"]["train"]["num_unlabelled"] == 3
    else:
        assert "cxr_7353.png" in said and "give it different labels" in said, said


@pytest.mark.parametrize(("options", "said"), [
    ({"labels_file": "labels.csv"}, "--keep-columns site"),                       # the words column not said: still a stop
    ({"labels_file": "labels.csv", "keep_columns": ("Site",)}, "--keep-columns site"),  # no column of the table
])
def test_without_the_words_column_kept_the_table_still_stops(options, said, tmp_path):
    truth = DATASETS["xray_sites"](tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **options))
    assert said in str(refused.value), str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_second_column_of_words_is_named_next_never_read_as_a_class(tmp_path):
    spec = Spec("xrays", "image", lambda: _xrays(second_words=True), "built here", "site and scanner: no classes")
    truth = build(spec, tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file="labels.csv", keep_columns=("site",)))
    assert "scanner" in str(refused.value), str(refused.value)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), labels_file="labels.csv",
                                 keep_columns=("site", "scanner")))
    assert_right(truth, tmp_path / "out")


def test_a_found_table_of_bits_with_a_2_or_a_row_of_no_1_is_not_read_without_the_option(tmp_path):
    # (found, such a table is read only where every cell is 0/1 and every row has a 1; named with --labels, its odd
    # rows are their rejects, as test_a_cell_neither_0_nor_1_and_an_image_twice_are_their_rows_rejects checks)
    spec = Spec("xrays", "image", lambda: _xrays(site=False, hostile="cells"), "built here", "odd cells: the user's to say")
    truth = build(spec, tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert "--labels" in str(refused.value) and "labels.csv" in str(refused.value), str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
