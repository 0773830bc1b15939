"""Blind useless stops mended by kind (issue 30; tests/helpers/blind42.py and its neighbours).

- **A run-length table whose rows are objects and one column is each image's class** (Sartorius's
  `train.csv`: a row per cell, `annotation` its run-length mask, `cell_type` the same on every row of an
  image, the cell line; `id` the image's stem, `train/<id>.png`). The stop named the masks and
  `--label-level 0` alone (the cell line lost), and `--labels train.csv --key-column id` read the ids as
  a join onto tables of texts (none: it stopped again). Now a key column whose cells are the stems of
  the files beside the table names them (beam_jobs/discover/key_paths.py `_stems_near`), and a column of
  words constant over each image's rows is offered as the image's class
  (beam_jobs/discover/run_length_tables.py `image_class_column`); a column of numbers that mostly differ
  (`age`) is no class of a mask.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from helpers import blind35, blind42
from helpers.blind23 import _pic
from helpers.one_place import records
from helpers.refusals import follows_stop, refusal
from helpers.sources import write_file
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import key_paths, run_length_tables
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError


def test_the_modules_examples_hold() -> None:
    for module in (key_paths, run_length_tables):
        assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------------------------------------------
# Run-length rows with an image's class in a column of words
# ------------------------------------------------------------------------------------------------


def test_the_case_sartorius_stops_naming_cell_type_and_converts_right(tmp_path: Path) -> None:
    said = follows_stop("sartorius", blind42, tmp_path)
    assert "--key-column id --label-column cell_type" in said and "--label-column width" not in said, said
    assert "the images of test/ unlabelled" in said, said


_ORGANS = ("kidney", "prostate", "largeintestine", "spleen", "lung")


def _hubmap(root: Path, rows_of: dict[int, list[str]] | None = None) -> dict[str, str]:
    """HuBMAP + HPA "Hacking the Human Body" (Kaggle hubmap-organ-segmentation, 2022): train.csv of
    `id,organ,data_source,img_height,img_width,pixel_size,tissue_thickness,rle,age,sex`, one row per image,
    `train_images/<id>.tiff` named by the numeric id (code corpus: "df['img_path'] = df['id'].apply(lambda x:
    f'{datadir}/train_images/{x}.tiff')"; "df.drop(['data_source', 'pixel_size', 'tissue_thickness', 'age','sex'],
    axis=1)"; a schema listing id, organ, data_source, img_height, img_width, pixel_size, tissue_thickness, rle, age,
    sex; the five organs kidney, prostate, largeintestine, spleen, lung; HPA's pixel_size 0.4, tissue_thickness 4).
    Simplified: 10 PNG tiles of 20x16, test_images/ of two, no test.csv. {image path: organ}."""
    lines = ["id,organ,data_source,img_height,img_width,pixel_size,tissue_thickness,rle,age,sex"]
    truth = {}
    for i in range(10):
        image_id = 10044 + i * 1171
        organ = _ORGANS[i % 5]
        write_file(root / "train_images" / f"{image_id}.png", _pic(f"hb{i}"))
        truth[f"train_images/{image_id}.png"] = organ
        runs = (rows_of or {}).get(i) or [f"{1 + i} 3 {21 + i} 3 {41 + i} 4"]
        for rle in runs:
            lines.append(f"{image_id},{organ},HPA,16,20,0.4,4,{rle},{37 + i * 5},{'Female' if i % 3 else 'Male'}")
    for j in range(2):
        write_file(root / "test_images" / f"{9000 + j}.png", _pic(f"hbt{j}"))
    write_file(root / "train.csv", "\n".join(lines) + "\n")
    return truth


def test_a_neighbour_hubmap_organ_is_offered_never_age_or_sex_and_follows_right(tmp_path: Path) -> None:
    truth = _hubmap(tmp_path / "src")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--labels train.csv --key-column id --label-column organ" in said, said
    assert "--label-column age" not in said and "--label-column sex" not in said, said
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"), str(tmp_path / "followed"), labels_file="train.csv", key_column="id", label_column="organ"
        )
    )
    written = records(tmp_path / "followed")
    assert {p: labels for p, (_, labels, _) in written.items() if p.startswith("train_images/")} == {
        p: (organ,) for p, organ in truth.items()
    }
    assert {p: labels for p, (_, labels, _) in written.items() if p.startswith("test_images/")} == {
        "test_images/9000.png": (),
        "test_images/9001.png": (),
    }


def test_twin_a_column_differing_within_an_image_is_no_image_class(tmp_path: Path) -> None:
    """Hostile twin: a row per object whose `kind` differs between an image's rows is an object's attribute, not the
    image's class: not offered (following it would label an image by one object)."""
    root = tmp_path / "src"
    lines = ["id,annotation,kind"]
    for i in range(6):
        stem = f"{i:02x}ab{i:02x}cd"
        write_file(root / "train" / f"{stem}.png", _pic(f"k{i}", mode="L"))
        lines += [f"{stem},{1 + i} 2 {21 + i} 2 {41 + i} 2,round", f"{stem},{3 + i} 2 {23 + i} 2 {43 + i} 2,long"]
    write_file(root / "train.csv", "\n".join(lines) + "\n")
    said = refusal(root, tmp_path / "out")
    assert "run-length" in said and "--label-column" not in said, said


def test_twin_an_image_whose_rows_disagree_is_rejected_saying_so_never_labelled_by_one(tmp_path: Path) -> None:
    """Hostile twin: Sartorius with one image's rows naming two cell lines; followed, that image is no record of
    either class: rejected with a reason in rejected.jsonl, the rest written right."""
    truth = blind42.DATASETS["sartorius"](tmp_path / "download")
    table = truth.root / "train.csv"
    lines = table.read_text().splitlines()
    first_id = lines[1].split(",")[0]
    other = next(c for c in ("shsy5y", "astro", "cort") if c != lines[1].split(",")[4])
    last = max(n for n, line in enumerate(lines) if line.startswith(first_id + ","))
    cells = lines[last].split(",")
    cells[4] = other
    lines[last] = ",".join(cells)
    table.write_text("\n".join(lines) + "\n")
    try:
        run_conversion(
            ConvertConfig(
                str(truth.root),
                str(tmp_path / "out"),
                labels_file="train.csv",
                key_column="id",
                label_column="cell_type",
                max_rejects="50%",
            )
        )
    except ShardifyError:
        pass
    rejected = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert any(first_id in json.dumps(r) for r in rejected), rejected
    if (tmp_path / "out" / "manifest.json").exists():
        assert not any(first_id in path for path in records(tmp_path / "out"))


def test_twin_a_table_cut_mid_row_still_labels_every_image_by_its_whole_rows(tmp_path: Path) -> None:
    """Hostile twin: train.csv truncated in its last row (a download cut short): the id cut to a prefix names no
    image; the cut row is a reject saying its fields are short (over the default limit: exit 1, naming it), and
    every image keeps the class of its whole rows."""
    truth = blind42.DATASETS["sartorius"](tmp_path / "download")
    table = truth.root / "train.csv"
    table.write_bytes(table.read_bytes()[:-70])
    run_conversion(
        ConvertConfig(
            str(truth.root),
            str(tmp_path / "out"),
            labels_file="train.csv",
            key_column="id",
            label_column="cell_type",
            max_rejects="50%",
        )
    )
    assert_right(truth, tmp_path / "out")
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert rejected.count("\n") == 1 and "fields where the header has 9" in rejected, rejected


def test_twin_numeric_ids_of_one_file_or_none_stay_a_join_onto_texts() -> None:
    """Hostile twin: ids that name one file by chance (`cat_0` of cat/, a note) or none are no key of the inputs."""
    stems = {"cat_0", "cat_1", "10044", "11215"}
    assert not key_paths._names_stems(["cat_0"], stems)
    assert not key_paths._names_stems(["7", "8", "9"], stems)
    assert key_paths._names_stems(["10044", "11215", "10044"], stems)


def test_our_own_output_as_src_is_refused_as_an_output(tmp_path: Path) -> None:
    """Our own output as input: the followed conversion's OUT given as SRC stops as a shardify output."""
    _hubmap(tmp_path / "src")
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"), str(tmp_path / "out"), labels_file="train.csv", key_column="id", label_column="organ"
        )
    )
    said = refusal(tmp_path / "out", tmp_path / "again", labels_file="train.csv", key_column="id")
    assert "shardify output" in said or "names no file" in said, said


# ------------------------------------------------------------------------------------------------
# Class-keyed geometries (Labelbox's XY export shape): boxes keyed by class, a list of images
# ------------------------------------------------------------------------------------------------


def test_the_case_oil_tanks_stops_naming_the_exclude_that_reads_labels_json(tmp_path: Path) -> None:
    said = follows_stop("oil_tanks", blind35, tmp_path)
    assert "--exclude 'Oil Tanks/labels_coco.json'" in said and "Class-keyed geometries" in said, said


def _labelbox(root: Path, label_of=None) -> dict[str, list[str]]:
    """Labelbox's legacy XY export beside its images, as kobbled/RoboND-Robotic-Inference-Project's
    labelbox/data/labelbox-xy-1.json holds it: `[{"ID", "Labeled Data": "https://storage.googleapis.com/
    cell1-headstock/person-robot/Headstock-person-robot00001.png", "Label": {"robot": [{"geometry": [{"x": 713,
    "y": 336}, {"x": 713, "y": 550}, {"x": 404, "y": 550}, {"x": 404, "y": 336}]}], "person": [...], "model":
    "person-robot"}, "Created By", "Project Name", "External ID": null, "Dataset Name", "Reviews": [], "Masks"}]`.
    Simplified: 6 PNGs of 20x16, coordinates scaled down, one image skipped ("Skip"). {image: its classes}."""
    entries, truth = [], {}
    for i in range(6):
        name = f"Headstock-person-robot{i + 1:05d}.png"
        write_file(root / "person-robot" / name, _pic(f"lb{i}"))
        label: object = "Skip"
        classes: list[str] = []
        if i != 3:
            label = {
                "robot": [{"geometry": [{"x": 13, "y": 3}, {"x": 13, "y": 15}, {"x": 4, "y": 15}, {"x": 4, "y": 3}]}],
                "model": "person-robot",
            }
            classes = ["robot"]
            if i % 2 == 0:
                label["person"] = [{"geometry": [{"x": 1, "y": 11}, {"x": 1, "y": 2}, {"x": 3, "y": 2}, {"x": 3, "y": 11}]}]
                classes.append("person")
        if label_of is not None:
            label = label_of(i, label)
        truth[f"person-robot/{name}"] = sorted(classes)
        entries.append(
            {
                "ID": f"cjkg{i:04d}",
                "Labeled Data": f"https://storage.googleapis.com/cell1-headstock/person-robot/{name}",
                "Label": label,
                "Created By": "someone@example.com",
                "Project Name": "RoboND-Inference-Project",
                "External ID": None,
                "Dataset Name": "person-robot.csv",
                "Reviews": [],
            }
        )
    write_file(root / "labelbox-xy-1.json", json.dumps(entries))
    return truth


def _objects(out: Path) -> dict[str, list[str]]:
    return {p: sorted(o) for p, o in written_records(out)["objects"].items()}


def test_a_neighbour_labelbox_xy_export_is_read_as_its_objects(tmp_path: Path) -> None:
    truth = _labelbox(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _objects(tmp_path / "out") == truth


def _one_point(i: int, label: object) -> object:
    return {"robot": [{"geometry": [{"x": 3, "y": 4}]}]} if i == 1 else label


def _text_number(i: int, label: object) -> object:
    return {"robot": [{"geometry": [{"x": "3", "y": 4}, {"x": 5, "y": 6}]}]} if i == 1 else label


@pytest.mark.parametrize(
    ("label_of", "mangle", "said"),
    [
        (_one_point, None, "not two or more points of finite x and y"),
        (_text_number, None, "not two or more points of finite x and y"),
        (None, lambda text: text.replace('"x": 13', '"x": NaN', 1), "not two or more points of finite x and y"),
        (None, lambda text: text[: len(text) // 2], "not a JSON document"),
    ],
    ids=["one point", "a number as text", "NaN", "truncated"],
)
def test_twin_a_damaged_export_stops_before_writing_naming_why(tmp_path: Path, label_of, mangle, said: str) -> None:
    """Hostile twins: an object of one point, a coordinate written as text, a NaN, the file cut in half: the document
    cannot be read as its shape says, and the run stops before writing (its images are never written without their
    objects), naming the file and what it saw."""
    _labelbox(tmp_path / "src", label_of)
    if mangle is not None:
        path = tmp_path / "src" / "labelbox-xy-1.json"
        path.write_text(mangle(path.read_text()))
    with pytest.raises(ShardifyError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "labelbox-xy-1.json" in str(stopped.value) and said in str(stopped.value), stopped.value
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_twin_a_huge_coordinate_rejects_its_image_saying_so(tmp_path: Path) -> None:
    """Hostile twin: a point at 1e308: that image is rejected ('not a finite number'), never written with a box."""
    truth = _labelbox(tmp_path / "src")
    path = tmp_path / "src" / "labelbox-xy-1.json"
    path.write_text(path.read_text().replace('"x": 13', '"x": 1e308', 1))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "Headstock-person-robot00001.png" in rejected and "not a finite number" in rejected, rejected
    assert _objects(tmp_path / "out") == {p: c for p, c in truth.items() if not p.endswith("00001.png")}


def test_class_keyed_shape_recognised_only_as_a_list_with_geometries() -> None:
    from shardify.plan import class_keyed_documents

    assert doctest.testmod(class_keyed_documents).failed == 0
    # (a COCO file holds no list at its top; a plain label list holds no geometry)
    assert not class_keyed_documents.recognises('{"images": [{"file_name": "a.jpg"}], "annotations": []}')
    assert not class_keyed_documents.recognises('[{"file_name": "a.jpg", "label": {"cat": ["x"]}}]')
