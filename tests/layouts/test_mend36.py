"""Issue 30's review36 mended by kind: `name label` lines whose label holds spaces, and COCO files in split
folders under annotations/.

FGVC-Aircraft (torchvision's FGVCAircraft, read in the code corpus: `labels_file = os.path.join(self._data_path,
"data", f"images_{self._annotation_level}_{self._split}.txt")` ... `image_name, label_name = line.strip().split(" ",
1)`, images `data/images/{image_name}.jpg`, class names from `families.txt`, `variants.txt`, `manufacturers.txt`)
ships a list per level and split whose labels hold spaces (`1025794 Boeing 707`, `0056978 Cessna 172`, `A300`).
A `name label` file is now read as key + the rest of the line (converters/label_files.py), a glob of such .txt
files as one set of label lines (beam_jobs/discover/label_file_found.py), and the stop's hint offers that reading,
never a column that cuts `Boeing 707` to `Boeing` (beam_jobs/discover/field_lines_hint.py). The neighbour of
another shape: an `id multi word label` list of car models (Stanford Cars' class names, `AM General Hummer SUV
2000`), invented file name. Hostile twins: a line holding a key alone, a key naming no file, tabs, CRLF, a label
that is a number, a record line of numbers (mini-MIAS's `mdb001 G CIRC B 535 425 197`).

COCO per split under annotations/ (`annotations/train/coco.json` over `images/train/`, bare file names repeated
across the splits): the stop said the labels "may be in" the files, "which shardify does not read"; now each file
labels its own split's folder (beam_jobs/discover/coco_split_files.py, shardify/plan/split_annotation_folders.py).
Its twin over one flat images/ folder is no per-split pairing and writes no wrong record.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import label_files
from shardify.errors import UsageError
from shardify.plan.requests import parse_max_rejects

# (image id, family, variant, manufacturer): Boeing 707 and 727 share their first word
_AIRCRAFT = [
    ("1025794", "Boeing 707", "707-320", "Boeing"),
    ("1340192", "Boeing 727", "727-200", "Boeing"),
    ("0056978", "Cessna 172", "Cessna 172", "Cessna"),
    ("0062765", "Boeing 707", "707-320", "Boeing"),
    ("1514522", "Boeing 727", "727-200", "Boeing"),
    ("0766352", "Cessna 172", "Cessna 172", "Cessna"),
    ("2233445", "A300", "A300B4", "Airbus"),
    ("1122334", "A300", "A300B4", "Airbus"),
]
_SPLITS = {"train": _AIRCRAFT[:4], "val": _AIRCRAFT[4:6], "test": _AIRCRAFT[6:], "trainval": _AIRCRAFT[:6]}


def _fgvc(root: Path) -> Path:
    """fgvc-aircraft-2013b/data/ as the download unpacks: images/<id>.jpg, images_<level>_<split>.txt, the level lists."""
    data = root / "fgvc-aircraft-2013b" / "data"
    (data / "images").mkdir(parents=True)
    for i, (key, *_) in enumerate(_AIRCRAFT):
        (data / "images" / f"{key}.jpg").write_bytes(_pic(f"aircraft{i}", "JPEG"))
    for level, at in [("family", 1), ("variant", 2), ("manufacturer", 3)]:
        for split, rows in _SPLITS.items():
            (data / f"images_{level}_{split}.txt").write_text("".join(f"{r[0]} {r[at]}\n" for r in rows))
    (data / "families.txt").write_text("A300\nBoeing 707\nBoeing 727\nCessna 172\n")
    (data / "variants.txt").write_text("707-320\n727-200\nA300B4\nCessna 172\n")
    (data / "manufacturers.txt").write_text("Airbus\nBoeing\nCessna\n")
    return data


def _labels(out: Path) -> dict[str, frozenset[str]]:
    """Each record's labels as the manifest spells them (the judge's records fold case)."""
    names = {n.lower(): n for n in json.loads((out / "manifest.json").read_text())["labels"]}
    return {k: frozenset(names[n] for n in v[1]) for k, v in written_records(out)["records"].items()}


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_a_glob_of_one_family_of_fgvc_lists_reads_every_label_whole(tmp_path: Path) -> None:
    _fgvc(tmp_path / "src")
    pattern = "fgvc-aircraft-2013b/data/images_family_*.txt"
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), labels_file=pattern))
    want = {f"fgvc-aircraft-2013b/data/images/{key}.jpg": frozenset({family}) for key, family, *_ in _AIRCRAFT}
    assert _labels(tmp_path / "out") == want  # Boeing 707 and Boeing 727 two classes, A300 (test's only) read too
    assert _rejects(tmp_path / "out") == []


def test_the_plain_command_still_reads_the_finest_level_per_split(tmp_path: Path) -> None:
    _fgvc(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    split_of = {key: {"val": "validation"}.get(s, s) for s in ("train", "val", "test") for key, *_ in _SPLITS[s]}
    assert records == {
        f"fgvc-aircraft-2013b/data/images/{key}.jpg": (split_of[key], frozenset({variant.lower()}))
        for key, _f, variant, _m in _AIRCRAFT
    }


def _listed(root: Path, name: str, rows: list[tuple[str, str]], *, ending: str = "\n", sep: str = " ") -> Path:
    """images/<key>.jpg beside `name`, whose lines are `<key><sep><label>`."""
    (root / "images").mkdir(parents=True, exist_ok=True)
    for i, (key, _label) in enumerate(rows):
        (root / "images" / f"{key}.jpg").write_bytes(_pic(f"{name}{i}", "JPEG"))
    listing = root / name
    listing.write_bytes("".join(f"{key}{sep}{label}{ending}" for key, label in rows).encode())
    return listing


def test_the_hint_offers_the_rest_of_the_line_never_a_column_cutting_it(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _listed(src, "image_family_labels.txt", [(key, family) for key, family, *_ in _AIRCRAFT])
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    message = str(stopped.value)
    assert "--labels image_family_labels.txt reads the rest of each line" in message
    assert "Boeing 707" in message and "--label-column" not in message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(src / "image_family_labels.txt")))
    assert _labels(tmp_path / "out") == {f"images/{key}.jpg": frozenset({family}) for key, family, *_ in _AIRCRAFT}


_CARS = [
    ("00001", "AM General Hummer SUV 2000"),
    ("00002", "Acura RL Sedan 2012"),
    ("00003", "AM General Hummer SUV 2000"),
    ("00004", "Acura RL Sedan 2012"),
    ("00005", "Aston Martin V8 Vantage Convertible 2012"),
    ("00006", "Aston Martin V8 Vantage Convertible 2012"),
]


def test_car_models_of_several_words_tab_separated_with_crlf_are_whole_labels(tmp_path: Path) -> None:
    src = tmp_path / "src"
    listing = _listed(src, "car_models.txt", _CARS, ending="\r\n", sep="\t")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(listing)))
    assert _labels(tmp_path / "out") == {f"images/{key}.jpg": frozenset({label}) for key, label in _CARS}


def test_a_key_alone_and_a_key_naming_no_file_are_rejects_of_their_own(tmp_path: Path) -> None:
    src = tmp_path / "src"
    listing = _listed(src, "car_models.txt", _CARS)
    listing.write_text(listing.read_text() + "00002\n09999 Acura RL Sedan 2012\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out), labels_file=str(listing), max_rejects=parse_max_rejects("5")))
    assert {(r["row"], r["reason"]) for r in _rejects(out)} == {
        (7, "1 field where the file holds `name label` per line"),
        (8, "names no file: '09999'"),
    }
    assert _labels(out) == {f"images/{key}.jpg": frozenset({label}) for key, label in _CARS}


def test_name_label_lines_read_key_and_the_rest_of_the_line() -> None:
    text = b"a.jpg 7\r\nb.jpg Cessna 172\nc.jpg\tBoeing  707 \nd.jpg G CIRC B 535 425 197\ne.jpg\n"
    rows = list(label_files.read_label_rows(io.BytesIO(text), "labels.txt"))
    got = [(r.row, r.key, r.labels) if isinstance(r, label_files.LabelRow) else (r.row, r.reason) for r in rows]
    assert got[:3] == [(1, "a.jpg", ("7",)), (2, "b.jpg", ("Cessna 172",)), (3, "c.jpg", ("Boeing 707",))]
    assert got[3][0] == 4 and "3 of them numbers" in got[3][1] and "--label-column N" in got[3][1]
    assert got[4] == (5, "1 field where the file holds `name label` per line")


def test_one_label_a_line_is_read_as_before() -> None:
    rows = list(label_files.read_label_rows(io.BytesIO(b"7\n3\nx y\n"), "truth.txt"))
    got = [(r.key, r.labels) if isinstance(r, label_files.LabelRow) else r.reason for r in rows]
    assert got == [("#1", ("7",)), ("#2", ("3",)), "2 fields where the file holds one label per line"]


def _coco(path: Path, files: list[str], offset: int) -> None:
    """A COCO file of `files`, image i labelled cat or dog by (i + offset) % 2."""
    path.parent.mkdir(parents=True, exist_ok=True)
    images = [{"id": i + 1, "file_name": f, "width": 20, "height": 16} for i, f in enumerate(files)]
    anns = [
        {"id": i + 1, "image_id": i + 1, "category_id": (i + offset) % 2 + 1, "bbox": [1, 1, 3, 3], "area": 9, "iscrowd": 0}
        for i in range(len(files))
    ]
    path.write_text(
        json.dumps({"images": images, "annotations": anns, "categories": [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}]})
    )


def _coco_under_annotations(src: Path, image_folder: str) -> dict:
    """annotations/<split>/coco.json naming 0.jpg.. bare, images under `image_folder` (formatted by split); the truth."""
    want = {}
    for split, count, offset in [("train", 3, 0), ("val", 2, 1)]:
        files = [f"{i}.jpg" for i in range(count)]
        folder = src / image_folder.format(split=split)
        folder.mkdir(parents=True, exist_ok=True)
        for i, name in enumerate(files):
            (folder / name).write_bytes(_pic(f"{folder.name}{split}{i}", "JPEG"))
            split_name = {"val": "validation"}.get(split, split)
            want[f"{image_folder.format(split=split)}/{name}"] = (split_name, frozenset({("cat", "dog")[(i + offset) % 2]}))
        _coco(src / "annotations" / split / "coco.json", files, offset)
    return want


def test_coco_files_in_split_folders_under_annotations_label_their_own_splits_images(tmp_path: Path) -> None:
    want = _coco_under_annotations(tmp_path / "src", "images/{split}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["records"] == want


def test_coco_files_under_annotations_split_folders_over_one_flat_folder_write_no_wrong_record(tmp_path: Path) -> None:
    _coco_under_annotations(tmp_path / "src", "images")  # (both files name 0.jpg and 1.jpg: one folder, no pairing)
    out = tmp_path / "out"
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(out)))
    except UsageError:
        return  # a stop before writing: no record
    assert not (out / "manifest.json").exists()
