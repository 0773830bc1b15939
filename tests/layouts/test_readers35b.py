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

from helpers import blind42
from helpers.blind23 import _pic
from helpers.one_place import records
from helpers.refusals import follows_stop, refusal
from helpers.sources import write_file
from helpers.unseen_judge import assert_right
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
