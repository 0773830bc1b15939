"""Review of session twenty-one's detection rules (blind21, masks21, review21, layout21, late21a,
late21b): each test here failed before its mend, on a neighbour of the case a rule was written for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.format import contract


def _records(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each record's file name -> (its split, its labels)."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            labels = record.get(contract.LABEL_TEXT)
            labels = (labels,) if isinstance(labels, bytes) else tuple(labels or ())
            found[record[contract.IMAGE_FILENAME].decode()] = (shard.name.split("-")[0], tuple(x.decode() for x in labels))
    return found


def _labelled_images(src: Path, labels: list[str], header: str = "filename,label") -> None:
    lines = [header]
    for i, label in enumerate(labels):
        write_file(src / f"images/img_{i:03d}.jpg", image_bytes(size=(12, 10), seed=i))
        lines.append(f'img_{i:03d}.jpg,"{label}"')
    write_file(src / "labels.csv", "\n".join(lines) + "\n")


def test_a_class_named_in_words_with_a_comma_is_a_class_where_rows_repeat_it(tmp_path: Path) -> None:
    """review21's sentence rule: a cell of 3+ words with a comma in a column of label words is a
    note, its row rejected. A label table sorted by class whose first rows hold one-word classes and
    whose later ones hold ImageNet's or Places' names (`tench, Tinca tinca`, `building, outdoor
    facade`) lost every image of those classes as 'a sentence', exit 0. A cell that many rows repeat
    is a class the dataset has, not a note."""
    src, out = tmp_path / "src", tmp_path / "out"
    labels = ["cat"] * 30 + ["dog"] * 30 + ["tench, Tinca tinca"] * 6 + ["unclear, both a cat and a dog"]
    _labelled_images(src, labels)
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    found = _records(out)
    assert sum(labels == ("tench, Tinca tinca",) for _, labels in found.values()) == 6, sorted(found.items())
    assert "images/img_066.jpg" not in found and len(found) == 66, sorted(found)


def test_a_class_named_in_words_with_a_comma_is_a_class_in_a_text_table_too(tmp_path: Path) -> None:
    """The same in a `label<TAB>text` table (beam_jobs/discover/tables.py's reading of the rule)."""
    src, out = tmp_path / "src", tmp_path / "out"
    labels = ["joy", "anger"] * 30 + ["surprise, then joy"] * 5 + ["unclear, it reads as both to me"]
    lines = ["label\ttext", *(f"{label}\ttext number {i} of a few words" for i, label in enumerate(labels))]
    write_file(src / "train.tsv", "\n".join(lines) + "\n")
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    assert "surprise, then joy=5" in result.stderr.replace("'", ""), result.stderr
    assert "1 rejected" in result.stdout and "is a sentence" in (out / "rejected.jsonl").read_text(), result.stdout


def test_a_layout_files_label_column_naming_no_column_stops_before_writing(tmp_path: Path) -> None:
    """A layout file's `options.label_column: lable` (a typo) was read only when the pipeline read
    the label file: every image a reject, plan.json and rejected.jsonl written, exit 1 naming
    neither the layout file's field nor anything to mend. It stops before writing, as its
    `key_column` does, naming the field and the columns there are."""
    src, out, raw = tmp_path / "src", tmp_path / "out", tmp_path / "raw.yaml"
    _labelled_images(src, ["cat", "dog"] * 6)
    result = run_shardify("convert", str(src), str(out), "--dry-run", "--layout-file", str(raw))
    assert result.returncode == 0, result.stderr
    bad = tmp_path / "bad.yaml"
    text = raw.read_text()
    bad.write_text(text.replace("options:\n", "options:\n  label_column: lable\n") if "options:\n" in text
                   else text + "options:\n  label_column: lable\n")
    result = run_shardify("convert", str(src), str(out), "--layout-file", str(bad))
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert not out.exists(), sorted(p.name for p in out.iterdir())
    assert "options.label_column" in result.stderr and "'label'" in result.stderr, result.stderr


def test_a_key_column_after_a_comma_and_a_space_names_the_inputs(tmp_path: Path) -> None:
    """`label, filename` (a space after each comma, as hand-written CSVs have it) with `--labels
    labels.csv --key-column filename`: detection's look at the table's head (separators.head_rows,
    late21b's one splitting rule) kept the space, saw no column `filename`, took the option for a
    join onto tables of texts and stopped ('which table of texts it labels cannot be told'), a stop
    naming nothing that converts it; the reader strips the names and cells, and so does the head now."""
    src, out = tmp_path / "src", tmp_path / "out"
    lines = ["label, filename"]
    for i in range(12):
        write_file(src / f"images/im{i}.jpg", image_bytes(size=(12, 10), seed=i))
        lines.append(f"{'cat' if i % 2 else 'dog'}, im{i}.jpg")
    write_file(src / "labels.csv", "\n".join(lines) + "\n")
    result = run_shardify("convert", str(src), str(out), "--labels", str(src / "labels.csv"), "--key-column", "filename")
    assert result.returncode == 0, result.stderr
    found = _records(out)
    assert len(found) == 12 and found["images/im3.jpg"][1] == ("cat",) and found["images/im4.jpg"][1] == ("dog",), found


def test_a_tables_head_is_split_by_one_rule_everywhere() -> None:
    """held_out_tables read a table's head with its own rule (a comma unless csv_separator judged
    otherwise) where separators.head_rows also splits a first line holding a tab: a two-line
    `image_id<TAB>split` table beside a label table was one column there and two elsewhere."""
    from shardify.beam_jobs.discover import held_out_tables
    from shardify.converters import separators

    for lines in (["image_id\thealthy", "Train_0\t1"], ["image_id, label", "a.jpg , cat", "b.jpg, dog"],
                  ["id;x", "a;1", "b;2", "c;3"]):
        assert held_out_tables._rows("t.csv", lines) == separators.head_rows(lines, "t.csv"), lines
    assert separators.head_rows(["image_id\thealthy", "Train_0\t1"], "t.csv") == [["image_id", "healthy"], ["Train_0", "1"]]
    assert separators.head_rows(["label, filename", "cat, a.jpg"]) == [["label", "filename"], ["cat", "a.jpg"]]


def _folders_with_table(src: Path, extra: str, cell_of, named: str = "label") -> None:
    """`NORMAL/`, `PNEUMONIA/` of 12 images each and `metadata.csv` (`filename,<named>,<extra>`)
    naming each image, its folder restated, and `cell_of(folder, i)` in the extra column."""
    lines = [f"filename,{named},{extra}"]
    for n, folder in enumerate(("NORMAL", "PNEUMONIA")):
        for i in range(12):
            write_file(src / f"{folder}/im{n}_{i:02d}.jpeg", image_bytes(size=(12, 10), seed=n * 100 + i))
            lines.append(f"im{n}_{i:02d}.jpeg,{folder},{cell_of(folder, i)}")
    write_file(src / "metadata.csv", "\n".join(lines) + "\n")


def test_a_patient_id_column_beside_class_folders_is_no_finer_class(tmp_path: Path) -> None:
    """blind21's finer-column sign (Hotel-ID's hotel_id under its chain folders): a column whose
    values repeat, each under one folder, some folder holding two or more. A chest X-ray download's
    `metadata.csv` of `filename,label,patient_id` (several images of each patient, a patient in one
    class) shows the same sign, and the folders, its right labels, stopped as maybe too coarse. A
    column named as an id of a record's subject (patient, subject, person, sequence) groups inputs:
    no class finer than the folders where a column named `label` restates the folders: the table
    itself says which is the label. Hotel-ID's `chain` is no such name, a `species` column restating
    the folders beside an `individual_id` (a re-identification task) settles nothing, and a finer
    column named as a label (`fine_label`) still stops (the twins below)."""
    src, out = tmp_path / "src", tmp_path / "out"
    _folders_with_table(src, "patient_id", lambda folder, i: f"{folder[0]}{i // 3:03d}")
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    found = _records(out)
    assert len(found) == 24 and {labels for _, labels in found.values()} == {("NORMAL",), ("PNEUMONIA",)}, found


@pytest.mark.parametrize("named, extra", [("label", "fine_label"), ("species", "individual_id")])
def test_a_finer_column_beside_the_folders_still_stops_unless_label_restates_them(named: str, extra: str,
                                                                                 tmp_path: Path) -> None:
    """The hostile twins: `filename,label,fine_label` (CIFAR-100's coarse and fine classes), the
    fine one splitting the folders, and `filename,species,individual_id` (a whale's or a cow's
    re-identification: the individual is the class): which is the label cannot be told."""
    src, out = tmp_path / "src", tmp_path / "out"
    _folders_with_table(src, extra, lambda folder, i: f"{folder.lower()}_kind{i % 3}", named)
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert extra in result.stderr and not (out / "manifest.json").exists(), result.stderr


def test_a_layout_file_run_meeting_a_one_hot_flag_stops_before_writing_naming_its_field(tmp_path: Path) -> None:
    """late21a's one-hot flag stop (`image,smoker,melanoma,nevus`) with a layout file (detection
    skipped): the stop came from the reader, every image a reject, plan.json written, exit 1, its
    reason cut before the option ('--keep-columns smoker leaves t...') and no layout-file field
    named. It stops before writing, naming `options.keep_columns` beside `--keep-columns`; the
    field then reads melanoma and nevus as the classes."""
    import json
    import random

    src, out = tmp_path / "src", tmp_path / "out"
    rnd = random.Random(7)
    lines = ["image,smoker,melanoma,nevus"]
    for i in range(20):
        write_file(src / f"images/im{i}.jpg", image_bytes(size=(12, 10), seed=i))
        lines.append(f"im{i}.jpg,{rnd.randint(0, 1)},{i % 2},{1 - i % 2}")
    write_file(src / "labels.csv", "\n".join(lines) + "\n")
    head = "shardify_layout: 1\nlayout: label_file\nmedia: image\nlabels_file: labels.csv\nlabel_key: name\noptions:\n"
    layout = tmp_path / "layout.yaml"
    layout.write_text(head + "  class_ids: label-map\n")
    result = run_shardify("convert", str(src), str(out), "--layout-file", str(layout))
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    assert not out.exists(), sorted(p.name for p in out.iterdir())
    assert "options.keep_columns" in result.stderr and "smoker" in result.stderr, result.stderr
    layout.write_text(head + "  class_ids: label-map\n  keep_columns: [smoker]\n")
    result = run_shardify("convert", str(src), str(out), "--layout-file", str(layout))
    assert result.returncode == 0, result.stderr
    assert sorted(json.loads((out / "manifest.json").read_text())["splits"]["train"]["label_counts"]) == ["melanoma", "nevus"]


def test_a_class_column_named_like_a_flag_in_an_exclusive_one_hot_table_is_a_class(tmp_path: Path) -> None:
    """late21a's one-hot flag stop goes by the column's name (`label_candidates.FEATURE_WORDS`). An
    ad classifier's `image,sponsored,organic` (each row exactly one 1: a post is one or the other)
    stopped naming `sponsored` as a record's attribute and offered `--keep-columns sponsored`,
    which would have left one class. A flag is an attribute beside the classes, 1 together with
    a class in some row; a column never 1 beside another is a class of the one-hot table."""
    import json

    src, out = tmp_path / "src", tmp_path / "out"
    lines = ["image,sponsored,organic"]
    for i in range(20):
        write_file(src / f"images/im{i}.jpg", image_bytes(size=(12, 10), seed=i))
        lines.append(f"im{i}.jpg,{i % 2},{1 - i % 2}")
    write_file(src / "labels.csv", "\n".join(lines) + "\n")
    result = run_shardify("convert", str(src), str(out))
    assert result.returncode == 0, result.stderr
    assert json.loads((out / "manifest.json").read_text())["splits"]["train"]["label_counts"] == {"organic": 10, "sponsored": 10}
