"""Defects found by a newcomer and the last session, each mended by kind (fixes35).

Per-split COCO files over per-split image folders that repeat their file names. Labelling tools number a
split's images from 0 (train/0.jpg beside val/0.jpg). Two real layouts are modelled, both read before writing:
- Roboflow's COCO export: one `_annotations.coco.json` in each split folder beside its images
  (`train/`, `valid/`, `test/`; Datumaro's Roboflow format page, openvinotoolkit.github.io/datumaro/.../roboflow.html:
  "coco/ ├── train ├── _annotations.coco.json ├── train_img1.jpg ... ├── valid ... └── test"; RF-DETR's dataset
  formats page, rfdetr.roboflow.com: "COCO format: Looks for train/_annotations.coco.json").
- COCO 2017's: `annotations/instances_train2017.json`, `instances_val2017.json` beside `train2017/`, `val2017/`
  (the annotations folder as stored at huggingface.co/datasets/merve/coco/tree/main/annotations; readers'
  configs pair "img_folder = '.../COCO2017/val2017', ann_file = '.../annotations/instances_val2017.json'").
Each annotation file's `file_name` names its own split's images; the same names in another split's folder are
other images. Read against every folder, 4 of 5 had been rejected (exit 1, "raise the limit").
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import shardify
from helpers.blind23 import _pic
from helpers.cli_runs import run_shardify, shardify_command
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import SAMPLE_IMAGES, write_file
from helpers.unseen4 import Put, Spec, aux, build
from helpers.unseen4 import given as _file
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_CLASSES = {1: "cat", 2: "dog"}


def _coco_doc(images: list[dict], annotations: list[dict]) -> str:
    return json.dumps(
        {
            "info": {"description": "exported"},
            "licenses": [],
            "categories": [{"id": k, "name": v, "supercategory": "animal"} for k, v in _CLASSES.items()],
            "images": images,
            "annotations": annotations,
        }
    )


def _split_files(counts: dict[str, int], image_dir, annotation_path) -> Iterator[Put]:
    """Per split, images 0.jpg, 1.jpg, ... (numbered from 0 in every split) in `image_dir(split)` and the split's
    COCO file at `annotation_path(split)`, whose `file_name`s are the bare names."""
    for s, (split, count) in enumerate(counts.items()):
        images, annotations = [], []
        for i in range(count):
            cats = [1 + (i + s) % 2] + ([2] if i % 3 == 2 else [])
            images.append({"id": i + 1, "file_name": f"{i}.jpg", "height": 16, "width": 20})
            for k, cat in enumerate(cats):
                annotations.append(
                    {
                        "id": len(annotations) + 1,
                        "image_id": i + 1,
                        "category_id": cat,
                        "bbox": [1 + 3 * k, 2, 6, 8],
                        "area": 48,
                        "iscrowd": 0,
                    }
                )
            labels = [_CLASSES[c] for c in cats]
            yield _file(f"{image_dir(split)}/{i}.jpg", _pic(f"{split}{i}", "JPEG"), split, set(labels), labels)
        yield aux(annotation_path(split), _coco_doc(images, annotations))


def _convert(puts, tmp_path: Path):
    truth = build(Spec("download", "image", puts, "", "", aliases={}), tmp_path / "src")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    return truth, tmp_path / "out"


def test_roboflow_per_split_exports_of_the_same_file_names_convert_each_split_from_its_own_folder(tmp_path: Path) -> None:
    counts = {"train": 5, "valid": 3, "test": 2}
    truth, out = _convert(lambda: _split_files(counts, lambda s: s, lambda s: f"{s}/_annotations.coco.json"), tmp_path)
    assert_right(truth, out)


def test_coco_2017_instances_files_pair_with_the_folders_their_splits_name(tmp_path: Path) -> None:
    counts = {"train": 5, "val": 3}
    truth, out = _convert(
        lambda: _split_files(counts, lambda s: f"{s}2017", lambda s: f"annotations/instances_{s}2017.json"), tmp_path
    )
    assert_right(truth, out)


def test_two_images_of_one_name_in_one_split_stop_naming_them_and_the_exclude(tmp_path: Path) -> None:
    """The hostile twin: train/0.jpg and train/extra/0.jpg both under the file of train, which names 0.jpg: which
    one its row describes is no folder's to say. Before writing, the run stops naming both and the --exclude that
    leaves the nested one out (split_annotations); followed, the rest converts right."""

    def puts():
        yield from _split_files({"train": 4, "valid": 2}, lambda s: s, lambda s: f"{s}/_annotations.coco.json")
        yield aux("train/extra/0.jpg", _pic("extra0", "JPEG"))

    with pytest.raises(UsageError) as stopped:
        _convert(puts, tmp_path)
    said = str(stopped.value)
    assert "train/0.jpg" in said and "train/extra/0.jpg" in said and "--exclude 'train/extra/**'" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()
    truth = build(Spec("download", "image", puts, "", "", aliases={}), tmp_path / "again")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), exclude=("train/extra/**",)))
    assert_right(truth, tmp_path / "followed")


def test_an_append_with_nothing_new_says_so_once_on_stdout(tmp_path: Path) -> None:
    """`convert --append` of a source holding nothing new: the line had come twice, the library's log on stderr
    beside the command's own line on stdout."""
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    assert run_shardify("convert", str(source), str(out), "--shards", "1").returncode == 0
    again = run_shardify("convert", str(source), str(out), "--append")
    assert again.returncode == 0, again.stderr
    assert (again.stdout + again.stderr).count("nothing new to append") == 1, again.stdout + again.stderr
    assert "nothing new to append" in again.stdout and "version 1 stays the latest" in again.stdout


_TABLES = {"layout": "tables", "text_column": "none", "keep_columns": ("*",)}


def test_a_table_of_numbers_whose_one_column_of_letters_leads_offers_that_column_first(tmp_path: Path) -> None:
    """UCI's Balance Scale (`balance-scale.data`: 'B,1,1,1,1', the class L/B/R first, then four weights and
    distances 1..5) as UCI's letter-recognition.data ('T,2,8,3,5,...', blind44): the last column's few whole numbers
    had been offered as the class (a measurement); the lone column of letters among numbers is the class."""
    rows = [
        ",".join(["LBR"[(a + 2 * b) % 3], str(1 + a), str(1 + b), str(1 + (a + b) % 5), str(1 + (a * b) % 5)])
        for a in range(4)
        for b in range(3)
    ]
    write_file(tmp_path / "src" / "balance-scale.data", "\n".join(rows) + "\n")
    write_file(tmp_path / "src" / "balance-scale.names", "1. Title: Balance Scale Weight & Distance Database\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column '1' (the class column; its cells B, L, R" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="1", **_TABLES))
    assert {labels for _, labels, _ in records(tmp_path / "followed").values()} == {("B",), ("L",), ("R",)}


def test_a_table_of_numbers_alone_still_offers_its_last_column(tmp_path: Path) -> None:
    """The twin: every column a number (a class coded 0..2 last): no column of words to prefer."""
    rows = [",".join([str(a), str(b), f"{a * 0.5 + b:.2f}", str((a + b) % 3)]) for a in range(4) for b in range(3)]
    write_file(tmp_path / "src" / "measures.data", "\n".join(rows) + "\n")
    write_file(tmp_path / "src" / "measures.names", "1. Title: measures\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column '4' (the class column; its cells 0, 1, 2" in said, said


def _named(puts_names: dict[str, str]):
    """Images at the given paths, each labelled as given (the truth the name carries)."""

    def puts():
        for path, label in puts_names.items():
            yield _file(path, _pic(path, "PNG"), "train", label)

    return puts


def test_the_label_from_name_example_is_built_from_the_names_and_converts_them(tmp_path: Path) -> None:
    """Fingers (blind44: `<uuid>_5L.png`, the label the name's last two characters) had been offered
    `'^(.+)_\\d+'` (Abyssinian_12.jpg's), which would label each file by its uuid. A neighbour of that shape, ids
    then a label after a dash: the stop's example is a REGEX over these names, and followed it converts them."""
    names = {
        f"scans/{7 * i + 1003:08d}-{('benign', 'malignant', 'normal')[i % 3]}.png": ("benign", "malignant", "normal")[i % 3]
        for i in range(9)
    }
    truth = build(Spec("download", "image", _named(names), "", "", aliases={}), tmp_path / "src")
    said = refusal(truth.root, tmp_path / "out")
    example = re.search(r"--label-from-name REGEX for labels in the file names \(e\.g\. '([^']+)' for ", said)
    assert example is not None, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_from_name=example.group(1)))
    assert_right(truth, tmp_path / "followed")


def test_a_shardify_folder_in_the_working_directory_leaves_the_command_alone(tmp_path: Path) -> None:
    """The console script's import path starts at its own folder, never the working one: a `shardify/` package
    there (here one that fails on import) is not read; a `shardify/` folder of data is no package either way."""
    (tmp_path / "shardify").mkdir()
    (tmp_path / "shardify" / "__init__.py").write_text("raise ImportError('the shadow was imported')\n")
    script = subprocess.run(shardify_command("--version"), cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert script.returncode == 0 and script.stdout.startswith("shardify "), script.stderr
    (tmp_path / "shardify" / "__init__.py").unlink()
    (tmp_path / "shardify" / "0.jpg").write_bytes(b"")
    module = subprocess.run(
        [sys.executable, "-m", "shardify", "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert module.returncode == 0 and module.stdout.startswith("shardify "), module.stderr


def test_python_m_shardify_under_the_source_folder_says_why_it_cannot_run(tmp_path: Path) -> None:
    """`python -m shardify` from a clone's root after a non-editable install: the source folder `shardify/` (which
    holds no `cli`) comes first on the path. Modelled with the package's own source copied there and `-S` (no
    site-packages: no installed shardify to fall back on). It stops naming the folder and the command to run."""
    shutil.copytree(Path(shardify.__file__).parent, tmp_path / "shardify", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-S", "-m", "shardify", "--version"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert str(tmp_path / "shardify") in done.stderr and "Run the `shardify` command instead" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
