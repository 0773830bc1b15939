"""A YAML list of images and their boxes (Bosch Small Traffic Lights' train.yaml / test.yaml): read as objects.

The box format is one row of `shardify/plan/box_format_rows.py` (a JSON_DOCUMENT read from YAML); an absolute
path (test.yaml names the authors' server) names its file by name. The case: blind 17's bosch_lights. The
neighbour nobody named: Bosch's additional set (`dataset_additional_rgb/additional_train.yaml`, relative paths,
frames of no light). The hostile twins: an unquoted `off` (YAML reads a boolean: the image is rejected naming
why, never labelled `False`), a YOLO `data.yaml` (no entries of boxes: not this format), an entry giving `path`
twice (the document is refused, not read with the last value).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.unseen4 import Spec, aux, build, img
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.plan import box_formats


def test_bosch_lights_converts_right_with_no_option(tmp_path: Path) -> None:
    truth = DATASETS["bosch_lights"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _additional():
    # Bosch's third zip (dataset_additional_rgb: rgb/additional/<bag>/<n>.png, additional_train.yaml, the same
    # entries as train.yaml); simplified: six frames of two bags, every third of no light
    entries = []
    for i in range(6):
        bag = ("2015-10-05-10-55-33_bag", "2015-10-05-11-26-32_bag")[i % 2]
        rel = f"rgb/additional/{bag}/{40000 + 12 * i}.png"
        labels = [] if i % 3 == 0 else [("Red", "Yellow", "GreenLeft")[i % 3], "Green"][: 1 + i % 2]
        boxes = "".join(f"\n  - {{label: {lab}, occluded: false, x_max: {8.5 + b}, x_min: {3.0 + b}, y_max: 12.25, "
                        f"y_min: {2 + b}}}" for b, lab in enumerate(labels))
        entries.append(f"- boxes:{boxes if labels else ' []'}\n  path: ./{rel}\n")
        yield img(f"dataset_additional_rgb/{rel}", "train", set(labels), kind="png", objects=labels)
    yield aux("dataset_additional_rgb/additional_train.yaml", "".join(entries))


def test_a_neighbour_of_relative_paths_only_converts_right(tmp_path: Path) -> None:
    truth = build(Spec("bstld", "image", _additional, "Bosch additional", "boxes as objects; no split"), tmp_path / "d")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_an_unquoted_off_is_no_class_named_false(tmp_path: Path) -> None:
    root = tmp_path / "src"
    (root / "rgb/train/b").mkdir(parents=True)
    from helpers.shipped import _image_bytes

    lines = []
    for i in range(4):
        (root / f"rgb/train/b/{i}.png").write_bytes(_image_bytes(str(i), 20, 16, "PNG"))
        label = "off" if i == 2 else "Green"
        lines.append(f"- boxes:\n  - {{label: {label}, occluded: false, x_max: 9.0, x_min: 2.0, y_max: 9.0, y_min: 1.0}}\n"
                     f"  path: ./rgb/train/b/{i}.png\n")
    (root / "train.yaml").write_text("".join(lines))
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), max_rejects="50%"))
    except ShardifyError as failed:  # a stop or a refusal naming why is as good: never 'False' as a class
        assert "boolean" in str(failed) or "rgb/train/b/2.png" in str(failed), failed
        return
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "rgb/train/b/2.png" in rejected and "boolean" in rejected, rejected


def test_a_yolo_data_yaml_is_not_this_format() -> None:
    lines = ["path: ../datasets/coco128", "train: images/train2017", "val: images/train2017", "names:", "  0: person"]
    assert box_formats.file_format("data.yaml", lines) is None
    bosch = ["- boxes: []", "  path: ./rgb/train/a/1.png", "- boxes:", "  - {label: Red, occluded: false, x_max: 5, x_min: 1,"]
    assert box_formats.file_format("train.yaml", bosch).name == "Bosch small traffic lights"


def test_an_entry_giving_its_path_twice_is_refused(tmp_path: Path) -> None:
    from shardify.converters.box_documents import UnreadableDocument, document_rows

    fmt = next(f for f in box_formats.FORMATS if f.name == "Bosch small traffic lights")
    doc = b"- boxes: []\n  path: ./a/1.png\n  path: ./a/2.png\n"
    import io

    with pytest.raises(UnreadableDocument, match="given twice"):
        list(document_rows(io.BytesIO(doc), fmt))


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(box_formats).failed == 0
