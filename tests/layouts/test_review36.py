"""Review of the last hour's rules (blind47's field lines and their preamble, fixes35's per-split COCO pairing), by
hostile twins of the layouts they were built for.

Field lines (`--labels F.txt --label-column N`, converters/field_lines.py; beam_jobs/discover/label_preamble.py).
The Oxford-IIIT Pet's annotations/list.txt (tfds' oxford_iiit_pet builder, read in the code corpus: "for line in
images_list: image_name, label, species, _ = line.strip().split(' ')"; six '#' lines of prose first, as its loaders
skip them) over a partial images/ whose FIRST listed pets are missing: the lines naming them came before the first
line that names a file, so the preamble rule folded them into the plan's note, no reject naming them. Now a leading
row shaped as the list's rows (its label one the named rows carry, or its key of their form) stays a reject of its
own; the '#' prose is still the preamble. And a list whose fields are quoted (`b1 "HE" "tumour"`, as a program
writes them; a name with spaces quoted) kept the quotes in the label: `"tumour"` a class beside `tumour`, exit 0.

The per-split COCO twins that converted right are kept as guards: Roboflow's export (train/ and valid/ each with
_annotations.coco.json and images 0.jpg.., test/ with none) whose same names carry other labels in each split, and
per-split files at the root naming `train/0.jpg` paths.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan.requests import parse_max_rejects

_PET_PREAMBLE = "#Image CLASS-ID SPECIES BREED ID\n#ID: 1:37 Class ids\n#SPECIES: 1:Cat 2:Dog\n"
_PETS = [("Abyssinian_100", 1, 1, 1), ("Bengal_12", 6, 1, 6), ("beagle_103", 11, 2, 2), ("pug_52", 32, 2, 17)]


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _pets_missing_first(root: Path) -> Path:
    """images/<pet>.jpg beside annotations/list.txt whose first two rows name pets the download lacks."""
    for name, *_ in _PETS:
        (root / "images").mkdir(parents=True, exist_ok=True)
        (root / "images" / f"{name}.jpg").write_bytes(_pic(f"pet{name}", "JPEG"))
    missing = "Abyssinian_1 1 1 1\nAbyssinian_10 1 1 1\n"
    (root / "annotations").mkdir()
    listing = root / "annotations" / "list.txt"
    listing.write_text(_PET_PREAMBLE + missing + "".join(f"{n} {c} {s} {b}\n" for n, c, s, b in _PETS))
    return listing


def test_leading_rows_naming_missing_files_are_rejects_not_preamble(tmp_path: Path) -> None:
    listing = _pets_missing_first(tmp_path / "src")
    out = tmp_path / "out"
    config = ConvertConfig(
        str(tmp_path / "src"), str(out), labels_file=str(listing), label_column="3", max_rejects=parse_max_rejects("5")
    )
    run_conversion(config)
    rejected = {(r["path"], r["row"]): r["reason"] for r in _rejects(out)}
    assert rejected == {
        ("annotations/list.txt", 4): "names no file: 'Abyssinian_1'",
        ("annotations/list.txt", 5): "names no file: 'Abyssinian_10'",
    }
    records = written_records(out)["records"]
    assert {k: v[1] for k, v in records.items()} == {f"images/{n}.jpg": frozenset({str(s)}) for n, _c, s, _b in _PETS}
    notes = json.loads((out / "plan.json").read_text())["notes"]
    assert any("lines 1-3" in n and "preamble" in n and "3 lines" in n for n in notes), notes  # the '#' prose alone


def test_a_leading_row_of_a_label_no_named_row_carries_but_of_their_key_form_is_a_reject(tmp_path: Path) -> None:
    listing = _pets_missing_first(tmp_path / "src")
    listing.write_text(listing.read_text().replace("Abyssinian_1 1 1 1", "Birman_1 8 3 4"))  # species 3: no pet here
    out = tmp_path / "out"
    config = ConvertConfig(
        str(tmp_path / "src"), str(out), labels_file=str(listing), label_column="3", max_rejects=parse_max_rejects("5")
    )
    run_conversion(config)
    assert {r["reason"] for r in _rejects(out)} == {"names no file: 'Birman_1'", "names no file: 'Abyssinian_10'"}


def _slides(root: Path, lines: list[str]) -> None:
    for i, (name, _label) in enumerate(_SLIDES):
        (root / "slides").mkdir(parents=True, exist_ok=True)
        (root / "slides" / f"{name}.png").write_bytes(_pic(f"slide{i}", "PNG"))
    (root / "findings.txt").write_bytes(("\r\n".join(lines) + "\r\n").encode())


_SLIDES = [("s0", "normal"), ("s1", "tumour"), ("s2", "normal"), ("s3", "tumour"), ("slide 4", "normal"), ("slide 5", "tumour")]


def test_quoted_fields_are_read_without_their_quotes(tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    quoted = [f'"{n}"\t"HE"\t"{label}"' if " " in n or i % 2 else f"{n} HE {label}" for i, (n, label) in enumerate(_SLIDES)]
    _slides(src, quoted)
    run_conversion(ConvertConfig(str(src), str(out), labels_file=str(src / "findings.txt"), label_column="3"))
    records = written_records(out)["records"]
    assert {k: v[1] for k, v in records.items()} == {f"slides/{n}.png": frozenset({label}) for n, label in _SLIDES}


def _coco(path: Path, files: list[str], offset: int) -> None:
    """A COCO file of `files`, image i labelled cat or dog by (i + offset) % 2."""
    path.parent.mkdir(parents=True, exist_ok=True)
    images = [{"id": i + 1, "file_name": f, "width": 20, "height": 16} for i, f in enumerate(files)]
    anns = [
        {"id": i + 1, "image_id": i + 1, "category_id": (i + offset) % 2 + 1, "bbox": [1, 1, 3, 3], "area": 9, "iscrowd": 0}
        for i in range(len(files))
    ]
    cats = [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}]
    path.write_text(json.dumps({"images": images, "annotations": anns, "categories": cats}))


def test_roboflow_splits_of_the_same_names_take_their_own_files_labels(tmp_path: Path) -> None:
    """Roboflow's COCO export (train/_annotations.coco.json beside train/0.jpg ..; test/ without annotations)."""
    src, out = tmp_path / "src", tmp_path / "out"
    want = {}
    for split, count, offset in [("train", 3, 0), ("valid", 2, 1), ("test", 2, None)]:
        files = [f"{i}.jpg" for i in range(count)]
        for i, name in enumerate(files):
            (src / split).mkdir(parents=True, exist_ok=True)
            (src / split / name).write_bytes(_pic(f"{split}{i}", "JPEG"))
            labels = None if offset is None else frozenset({("cat", "dog")[(i + offset) % 2]})
            want[f"{split}/{name}"] = ({"valid": "validation"}.get(split, split), labels)
        if offset is not None:
            _coco(src / split / "_annotations.coco.json", files, offset)
    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except UsageError:  # (a stop before writing is no defect here; wrong records are)
        return
    assert written_records(out)["records"] == want


def _split_files_over(src: Path, image_folder: str) -> dict:
    """annotations/train.json (0-2.jpg) and annotations/val.json (0-1.jpg), bare file names, the images under
    `image_folder` ('images/{split}': each split's own folder; 'images': one folder); the truth of the first."""
    want = {}
    for split, count, offset in [("train", 3, 0), ("val", 2, 1)]:
        files = [f"{i}.jpg" for i in range(count)]
        folder = src / image_folder.format(split=split)
        folder.mkdir(parents=True, exist_ok=True)
        for i, name in enumerate(files):
            (folder / name).write_bytes(_pic(f"{image_folder.format(split=split)}{i}", "JPEG"))
            want[f"{image_folder.format(split=split)}/{name}"] = (
                {"val": "validation"}.get(split, split),
                frozenset({("cat", "dog")[(i + offset) % 2]}),
            )
        _coco(src / "annotations" / f"{split}.json", files, offset)
    return want


def test_split_named_files_over_split_folders_under_images_read_each_its_own(tmp_path: Path) -> None:
    """annotations/train.json, val.json over images/train/, images/val/ of the same names: each file its own
    split's images (as COCO 2017's instances_train2017.json beside train2017/), no 'both name 0.jpg' stop."""
    want = _split_files_over(tmp_path / "src", "images/{split}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["records"] == want


def test_split_named_files_naming_one_flat_folders_images_still_stop(tmp_path: Path) -> None:
    _split_files_over(tmp_path / "src", "images")
    with pytest.raises(UsageError, match=r"both name 0\.jpg"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))


def test_a_leading_row_of_an_excluded_file_is_its_reject_as_anywhere_in_the_list(tmp_path: Path) -> None:
    listing = _pets_missing_first(tmp_path / "src")
    listing.write_text(listing.read_text().replace("Abyssinian_1 1 1 1\nAbyssinian_10 1 1 1\n", ""))
    out = tmp_path / "out"
    config = ConvertConfig(
        str(tmp_path / "src"),
        str(out),
        labels_file=str(listing),
        label_column="3",
        exclude=("images/Abyssinian_100.jpg",),
        max_rejects=parse_max_rejects("5"),
    )
    run_conversion(config)
    assert [(r["row"], r["reason"]) for r in _rejects(out)] == [(4, "left out by --exclude: 'Abyssinian_100'")]


def test_an_image_of_one_split_folder_named_only_by_another_folders_file_is_rejected(tmp_path: Path) -> None:
    """Roboflow's export whose valid/_annotations.coco.json names 9.jpg, which lies in train/ (whose own file
    names it not): it had been written as a valid record with the valid file's labels, exit 0."""
    src, out = tmp_path / "src", tmp_path / "out"
    for split, names in [("train", [0, 1, 2, 9]), ("valid", [0, 1])]:
        (src / split).mkdir(parents=True)
        for i in names:
            (src / split / f"{i}.jpg").write_bytes(_pic(f"{split}{i}", "JPEG"))
    _coco(src / "train" / "_annotations.coco.json", ["0.jpg", "1.jpg", "2.jpg"], 0)
    _coco(src / "valid" / "_annotations.coco.json", ["0.jpg", "1.jpg", "9.jpg"], 1)
    run_conversion(ConvertConfig(str(src), str(out), max_rejects=parse_max_rejects("5")))
    assert [(r["path"], r["reason"][:45]) for r in _rejects(out)] == [
        ("train/9.jpg", "named only by valid/_annotations.coco.json, w")
    ]
    records = written_records(out)["records"]
    assert sorted(records) == ["train/0.jpg", "train/1.jpg", "train/2.jpg", "valid/0.jpg", "valid/1.jpg"]
    assert records["valid/0.jpg"] == ("validation", frozenset({"dog"}))
