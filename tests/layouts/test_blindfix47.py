"""Blind batch 47's fault mended by kind (tests/helpers/blind47.py), on neighbour layouts the batch does not hold.

Labels in a whitespace-separated list of `key field field ...` lines after a preamble. mini-MIAS (Kaggle
kmader/mias-mammography; read in the code corpus: "INFO_FILE_PATH = 'Dataset/all-mias/Info.txt' ... parts =
line.strip().split() ... if len(parts) < 3 or not parts[0].startswith('mdb'): continue ... Normal case: mdb003 D
NORM ... mdb001 G CIRC B 535 425 197") labels its films only there: the stop said the file "shardify does not
read" and offered options that could not read it. Now `--labels FILE.txt --label-column N` reads such lines, the
key the first field and the label field N (converters/field_lines.py); the lines before the first that names a
file are folded into one reject, its preamble (beam_jobs/discover/label_preamble.py); and the stop names the
option with the fields that hold repeated words, each with its values (beam_jobs/discover/field_lines_hint.py).

The neighbours are not the batch's files: the Oxford-IIIT Pet's annotations/list.txt (tfds' oxford_iiit_pet
builder, read in the code corpus: "for line in images_list: image_name, label, species, _ = line.strip().split(' ')
... image_name += '.jpg' ... species = int(species) - 1"; a loader of list.txt skipping "if '#' in line:
continue": six '#' lines of prose first), its images flat in images/, read for the species (field 3); and the
same kind in another shape, invented: slides named WITH their extension in a tab-separated findings.txt whose
fields are words ('HE', 'tumour'), after '#' comments, converted by the first command to a stop naming the
option. The hostile twins: a comment line after the list has begun and a line naming a missing file (each stays
a reject of its own, nothing folded); a prose notes.txt whose lines open with the slides' names (no hint: its
words are each of its own line). What converted before converts as before: `name label` lines and one label a
line. Each is converted in-process as the tally converts (`run_conversion` of a `ConvertConfig`).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen4 import Spec, aux, build, given
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import label_files
from shardify.errors import UsageError

# Oxford-IIIT Pet's list.txt preamble (its six '#' lines, as the loaders skip them)
_PET_PREAMBLE = (
    "#Image CLASS-ID SPECIES BREED ID\n#ID: 1:37 Class ids\n#SPECIES: 1:Cat 2:Dog\n#BREED ID: 1-25:Cat 1:12:Dog\n"
    "#All images with 1st letter as captial are cat images\n#images with small first letter are dog images\n"
)
_PETS = [
    ("Abyssinian_100", 1, 1, 1),
    ("Abyssinian_101", 1, 1, 1),
    ("Bengal_12", 6, 1, 6),
    ("beagle_103", 11, 2, 2),
    ("beagle_11", 11, 2, 2),
    ("pug_52", 32, 2, 17),
    ("samoyed_7", 34, 2, 19),
    ("Sphynx_158", 34 - 1, 1, 12),
]


def _pets(extra_lines: str = "", missing: str = ""):
    """images/<name>.jpg beside annotations/list.txt; the truth: each image labelled by its species (field 3)."""

    def puts():
        for (
            name,
            *_,
        ) in _PETS:
            species = next(s for n, _c, s, _b in _PETS if n == name)
            yield given(f"images/{name}.jpg", _pic(f"pet{name}", "JPEG"), "train", str(species))
        lines = "".join(f"{n} {c} {s} {b}\n" for n, c, s, b in _PETS[:4]) + extra_lines
        lines += "".join(f"{n} {c} {s} {b}\n" for n, c, s, b in _PETS[4:]) + missing
        yield aux("annotations/list.txt", _PET_PREAMBLE + lines)

    return puts


def _convert(puts, tmp_path: Path, media: str = "image", **options):
    truth = build(Spec("download", media, puts, "", "", aliases={}), tmp_path / "src")
    if "labels_file" in options:
        options["labels_file"] = str(truth.root / options["labels_file"])
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **options))
    return truth, tmp_path / "out"


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_a_field_of_a_pets_list_labels_its_images_the_prose_one_reject(tmp_path: Path) -> None:
    truth, out = _convert(_pets(), tmp_path, labels_file="annotations/list.txt", label_column="3")
    assert_right(truth, out)
    assert _rejects(out) == []  # the six '#' lines are no inputs: the plan says how they were read
    notes = [n for n in json.loads((out / "plan.json").read_text())["notes"] if "preamble" in n]
    assert len(notes) == 1 and "annotations/list.txt" in notes[0] and "lines 1-6" in notes[0] and "'#Image'" in notes[0], notes


def test_a_comment_after_the_list_began_and_a_missing_file_stay_rejects_of_their_own(tmp_path: Path) -> None:
    puts = _pets(extra_lines="# the dogs\n", missing="Bombay_99 7 1 3\n")
    truth, out = _convert(puts, tmp_path, labels_file="annotations/list.txt", label_column="3", max_rejects="100%")
    assert_right(truth, out)
    reasons = [r["reason"] for r in _rejects(out)]
    assert not any("preamble" in r for r in reasons), reasons  # nothing folded: a no-file row after the list
    assert sum("names no file" in r for r in reasons) == 6 + 1 + 1, reasons  # '#Image' .. , '#', 'Bombay_99'


def _slides(notes: str = ""):
    """slides/<name>.png beside a tab-separated findings.txt `name<TAB>stain<TAB>finding<TAB>x<TAB>y` after
    '#' comments; the truth: each slide labelled by its finding (field 3)."""
    findings = [
        ("s01.png", "HE", "tumour"),
        ("s02.png", "HE", "normal"),
        ("s03.png", "IHC", "normal"),
        ("s04.png", "HE", "tumour"),
        ("s05.png", "IHC", "normal"),
        ("s06.png", "HE", "normal"),
    ]

    def puts():
        lines = ["# slide\tstain\tfinding\tx\ty", "# x, y: centre of the finding, in pixels", ""]
        for i, (name, stain, finding) in enumerate(findings):
            yield given(f"slides/{name}", _pic(f"sl{name}"), "train", finding)
            lines.append(f"{name}\t{stain}\t{finding}\t{100 + 37 * i}\t{220 - 11 * i}")
        yield aux("findings.txt", "\n".join(lines) + "\n")
        if notes:
            yield aux("notes.txt", notes)

    return puts


def test_the_first_command_stops_naming_the_option_and_its_fields_which_then_convert(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as stopped:
        _convert(_slides(), tmp_path / "first")
    said = str(stopped.value)
    assert "--labels findings.txt --label-column N" in said
    assert "column 2 (HE, IHC)" in said and "column 3 (normal, tumour)" in said
    assert "column 4" not in said and "column 5" not in said  # coordinates: no label
    truth, out = _convert(_slides(), tmp_path / "followed", labels_file="findings.txt", label_column="3")
    assert_right(truth, out)


def test_prose_opening_with_the_files_names_gets_no_field_hint(tmp_path: Path) -> None:
    notes = "".join(
        f"s0{i}.png was scanned {w} on a {v} morning by the second technician\n"
        for i, (w, v) in enumerate([("twice", "cold"), ("late", "bright"), ("again", "wet")], start=1)
    )

    def puts():
        for i in range(1, 4):
            yield given(f"slides/s0{i}.png", _pic(f"pr{i}"), "train", "x")
        yield aux("notes.txt", notes)

    with pytest.raises(UsageError) as stopped:
        _convert(puts, tmp_path)
    assert "--label-column N" not in str(stopped.value)


def test_name_label_lines_and_one_label_a_line_read_as_before() -> None:
    rows = list(label_files.read_label_rows(io.BytesIO(b"a.jpg cat\nb.jpg dog\n"), "val.txt"))
    assert [(r.key, r.labels) for r in rows] == [("a.jpg", ("cat",)), ("b.jpg", ("dog",))]
    rows = list(label_files.read_label_rows(io.BytesIO(b"cat\ndog\n"), "truth.txt"))
    assert [(r.key, r.labels) for r in rows] == [("#1", ("cat",)), ("#2", ("dog",))]
    # (a `name label` line's label is the rest of the line since mend36; a record of fields, numbers among them, is not one)
    rows = list(label_files.read_label_rows(io.BytesIO(b"a.jpg G CIRC B 535 425 197\n"), "Info.txt", label_column="1"))
    assert [getattr(r, "reason", "")[:29] for r in rows] == ["7 fields, 3 of them numbers: "]


def test_name_label_lines_still_convert_with_labels(tmp_path: Path) -> None:
    def puts():
        for i, cls in enumerate(["cat", "dog", "cat", "dog"]):
            yield given(f"images/{i:04d}.jpg", _pic(f"nl{i}", "JPEG"), "train", cls)
        yield aux("labels.txt", "".join(f"{i:04d}.jpg {c}\n" for i, c in enumerate(["cat", "dog", "cat", "dog"])))

    truth, out = _convert(puts, tmp_path, labels_file="labels.txt")
    assert_right(truth, out)
    assert _rejects(out) == []
