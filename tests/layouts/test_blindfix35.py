"""Blind round thirty-five's wrong exit 0 and exit 1 mended by kind.

A COCO file read while a rival beside it names the same images (tests/helpers/blind35.py's oil_tanks): the
oil storage tanks ship `labels.json`, every patch's tanks in three classes as corner polygons (or "Skip"), beside
`labels_coco.json`, the floating-head tanks alone. The one COCO file was read as the boxes and 6 of 8 patches were
written with wrong objects, exit 0. Now a second .json at the COCO file's place naming the sampled images stops the
run before writing, naming both files and `--labels` (beam_jobs/discover/coco_rivals.py). Tested on the case, a
neighbour not in the batch (an attributes file keyed by image name beside `annotations/instances.json`) and hostile
twins (a class list beside the COCO file names no image: it converts; `--labels` names the file: it converts).

A headerless first row whose repeated cells are its columns' values (blind35's germeval): GermEval 2018's
`tweet<TAB>OTHER<TAB>OTHER` was refused as a header repeating 'OTHER' and every row rejected (exit 1). A column's
name is not one of its values: such a row is data (converters/header_rows.py, `repeats_its_values`). Tested on the
case, a neighbour (a headerless CSV whose two stance columns share 'FAVOR') and a hostile twin (a real header
`text,label,label` over rows whose cells never read 'label' is still refused).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from helpers.one_place import records
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError


def _jpeg(seed: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (20, 16), (seed * 37 % 256, seed * 91 % 256, 80)).save(buf, "JPEG")
    return buf.getvalue()


def _coco(names: list[str], cls: str) -> str:
    images = [{"id": i, "file_name": n, "width": 20, "height": 16} for i, n in enumerate(names)]
    anns = [{"id": i, "image_id": i, "category_id": 1, "bbox": [2, 2, 5, 5], "area": 25, "iscrowd": 0} for i in range(len(names))]
    return json.dumps({"images": images, "annotations": anns, "categories": [{"id": 1, "name": cls}]})


def _stops(src: Path, tmp: Path) -> str:
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp / "out")))
    assert not (tmp / "out" / "manifest.json").exists()
    return str(stopped.value)


def _tanks(src: Path) -> list[str]:
    names = [f"01_{i // 2}_{i % 2}.jpg" for i in range(6)]
    for i, name in enumerate(names):
        write_file(src / "image_patches" / name, _jpeg(i))
    label = [{"id": i, "file_name": n, "label": "Skip" if i == 2 else {"Tank": [{"geometry": [{"x": 1, "y": 1}, {"x": 6, "y": 6}]}]}}
             for i, n in enumerate(names)]
    write_file(src / "labels.json", json.dumps(label))
    write_file(src / "labels_coco.json", _coco(names, "Floating Head Tank"))
    return names


def test_a_coco_file_beside_a_rival_json_naming_the_same_images_stops(tmp_path: Path) -> None:
    """The case: labels.json (three classes, "Skip") beside labels_coco.json (one class) over image_patches/."""
    _tanks(tmp_path / "Oil Tanks")
    said = _stops(tmp_path / "Oil Tanks", tmp_path)
    assert "labels_coco.json" in said and "labels.json," in said and "--labels labels_coco.json" in said, said
    assert "image_patches/01_0_0.jpg" in said, said


def test_the_labels_option_reads_the_coco_file_the_user_names(tmp_path: Path) -> None:
    """Twin: the user names the COCO file; nothing is left to guess, and every patch is written with its box."""
    names = _tanks(tmp_path / "Oil Tanks")
    run_conversion(ConvertConfig(str(tmp_path / "Oil Tanks"), str(tmp_path / "out"), labels_file="labels_coco.json"))
    written = records(tmp_path / "out")
    assert {k.rsplit("/", 1)[-1] for k in written} == set(names), written
    assert {labels for _, labels, _ in written.values()} == {("Floating Head Tank",)}, written


def test_a_neighbour_attributes_keyed_by_image_name_beside_instances_stops(tmp_path: Path) -> None:
    """Not in the batch: annotations/instances.json beside annotations/attributes.json ({name: {weather, ...}})."""
    src = tmp_path / "street"
    names = [f"frame_{i:04d}.jpg" for i in range(5)]
    for i, name in enumerate(names):
        write_file(src / "images" / name, _jpeg(i + 9))
    write_file(src / "annotations" / "instances.json", _coco(names, "car"))
    write_file(src / "annotations" / "attributes.json",
               json.dumps({n: {"weather": ("rain", "clear")[i % 2], "scene": "city street"} for i, n in enumerate(names)}))
    said = _stops(src, tmp_path)
    assert "annotations/instances.json" in said and "annotations/attributes.json" in said, said


def test_a_class_list_beside_the_coco_file_names_no_image_and_converts(tmp_path: Path) -> None:
    """Hostile twin: classes.json and dataset_info.json name no image (one mentions a .jpg that is not among them)."""
    src = tmp_path / "boats"
    names = [f"b{i}.jpg" for i in range(4)]
    for i, name in enumerate(names):
        write_file(src / name, _jpeg(i + 20))
    write_file(src / "annotations.json", _coco(names, "boat"))
    write_file(src / "classes.json", json.dumps(["boat"]))
    write_file(src / "dataset_info.json", json.dumps({"description": "boats, e.g. example.jpg", "year": 2020}))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert set(written) == set(names) and {lab for _, lab, _ in written.values()} == {("boat",)}, written


_WORDS = ["der", "tag", "ist", "gut", "nicht", "so", "schlecht", "wie", "immer", "heute", "morgen", "alles"]


def _tweet(i: int) -> str:
    return "@user " + " ".join(_WORDS[(i * 5 + j * 7) % 12] for j in range(6 + i % 4))


def test_a_headerless_first_row_repeating_its_columns_values_is_data(tmp_path: Path) -> None:
    """The case: germeval2018.training.txt and .test.txt, tweet<TAB>coarse<TAB>fine, the first line OTHER twice."""
    src = tmp_path / "GermEval-2018-Data-master"
    coarse = ["OTHER", "OFFENSE", "OTHER", "OTHER", "OFFENSE", "OTHER", "OFFENSE", "OTHER"]
    for name, n in (("germeval2018.training.txt", 8), ("germeval2018.test.txt", 5)):
        write_file(src / name, "".join(f"{_tweet(i + n)}\t{coarse[i]}\t{'OTHER' if coarse[i] == 'OTHER' else 'INSULT'}\n"
                                       for i in range(n)))
    # (the coarse and fine columns side by side stop unless one is named: tests/layouts/test_labelcols31.py)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="2"))
    written = records(tmp_path / "out")
    assert len(written) == 13, written  # every line a record, the first ones too
    first = written["germeval2018.training.txt#1"]
    assert first[0] == "train" and first[1] in (("OTHER",),), first


def test_a_neighbour_headerless_csv_whose_two_stance_columns_share_a_value(tmp_path: Path) -> None:
    """Not in the batch: `sentence,stance_a,stance_b` rows with no header, the first row 'FAVOR,FAVOR'."""
    src = tmp_path / "stances"
    stances = ["FAVOR", "AGAINST", "NONE"]
    rows = [f"{_tweet(i).replace('@user ', '').capitalize()},{stances[i % 3]},{stances[(i * 2) % 3]}" for i in range(9)]
    write_file(src / "stances.csv", "\n".join(rows) + "\n")
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except UsageError as stopped:  # which stance is the label may be for the user to say: a stop, never the header's
        assert "repeats" not in str(stopped), stopped
        return
    written = records(tmp_path / "out")
    assert len(written) == 9, written  # the first row a record, not a header


def test_a_real_header_repeating_a_name_is_still_refused(tmp_path: Path) -> None:
    """Hostile twin: `text,label,label` over rows whose cells never read 'label': a header, refused as before."""
    src = tmp_path / "doubled"
    rows = ["text,label,label"] + [f"{_tweet(i).replace('@user ', '')},{('pos', 'neg')[i % 2]},{('pos', 'neg')[i % 2]}"
                                   for i in range(8)]
    write_file(src / "data.csv", "\n".join(rows) + "\n")
    with pytest.raises(ShardifyError) as refused:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "repeats 'label'" in str(refused.value), refused.value
