"""Small gaps in issue 30's guards, each case with a neighbour and a hostile twin.

- junk folders: `__MACOSX/` (macOS's zip tool's AppleDouble `._name` mirrors) at SRC's top was
  read as a folder of data where folder names were judged (`is_junk` took a bare name for a
  file's), so split folders beside it were no split folders: train/ and test/ beside a labels.csv
  were written as one split, exit 0. `file_roles.is_junk_folder` is now the one reading.
- a stop before detection had a guess wrote nothing under `--dry-run --layout-file FILE`: the split-code stop
  (labels.csv's `split` of A/B beside its labels) now carries its guess, the codes' splits written `?` for the
  user to replace (a file still holding one is refused); any other stop says no file was written and how to get one.
- a photo among masks past the few detection opened was stored as classes: where most masks opened are one channel
  or a palette of few values (`SourceLayout.masks_indexed`), the writer rejects a mask in colour of many values.
- a Label Studio project export (its full JSON, or JSON-MIN) beside the images stopped offering options that read
  none of its boxes: now a stop naming the file, what it is, and the exports (COCO, YOLO, Pascal VOC XML) that convert.
"""

from __future__ import annotations

import doctest
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from helpers.cli_runs import message, run_shardify
from helpers.refusals import refusal
from helpers.made_files import image_file
from helpers.shard_io import records_by_split, rejects_by_path
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.beam_jobs.discover import label_studio_exports
from shardify.plan import file_roles

# ------------------------------------------------------------------------------------------------
# Junk folders: a download's __MACOSX/ mirrors
# ------------------------------------------------------------------------------------------------

_APPLE_DOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + bytes(48)


def _mirror(root: Path) -> None:
    """macOS's zip tool's leftovers: `__MACOSX/<folder>/._<name>` for every file of the download."""
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root)
        junk = root / "__MACOSX" / rel.parent / f"._{rel.name}"
        junk.parent.mkdir(parents=True, exist_ok=True)
        junk.write_bytes(_APPLE_DOUBLE)


def _class_folders(root: Path) -> None:
    for name in ("cat", "dog"):
        for i in range(3):
            image_file(root / name / f"{name}{i}.jpg", f"{name}{i}")


def _split_folders_and_table(root: Path) -> None:
    """train/ and test/ of bare images, their labels in one labels.csv at the top."""
    rows = ["filename,label"]
    for split in ("train", "test"):
        for i in range(3):
            image_file(root / split / f"{split}{i}.jpg", f"{split}{i}")
            rows.append(f"{split}{i}.jpg,{('cat', 'dog')[i % 2]}")
    (root / "labels.csv").write_text("\n".join(rows) + "\n")


def _masks(root: Path) -> None:
    from PIL import Image

    for i in range(4):
        image_file(root / "images" / f"img{i}.jpg", f"m{i}", 32, 24)
        values = np.zeros((24, 32), np.uint8)
        values[2:10, 3:12] = 1 + i % 2
        (root / "masks").mkdir(parents=True, exist_ok=True)
        Image.fromarray(values).save(root / "masks" / f"img{i}.png")


def _coco(root: Path) -> None:
    images, boxes = [], []
    for i in range(3):
        image_file(root / "images" / f"img{i}.jpg", f"c{i}", 40, 30)
        images.append({"id": i + 1, "file_name": f"img{i}.jpg", "width": 40, "height": 30})
        boxes.append({"id": i + 1, "image_id": i + 1, "category_id": 1 + i % 2, "bbox": [1, 2, 10, 8], "area": 80, "iscrowd": 0})
    categories = [{"id": 1, "name": "car"}, {"id": 2, "name": "person"}]
    (root / "annotations").mkdir(parents=True)
    (root / "annotations" / "instances.json").write_text(json.dumps({"images": images, "annotations": boxes, "categories": categories}))


_KEYS = (contract.LABEL_TEXT, contract.OBJECT_XMIN, contract.OBJECT_TEXT, contract.SEGMENTATION)


def _written(out: Path) -> dict[str, list[tuple[str, ...]]]:
    """Per split, each record's file name and the values the layout gave it."""
    return {
        split: sorted((r[contract.IMAGE_FILENAME], *(repr(r.get(key)) for key in _KEYS)) for r in records)
        for split, records in records_by_split(out).items()
    }


def _split_class_folders(root: Path) -> None:
    for split in ("train", "test"):
        for name in ("cat", "dog"):
            image_file(root / split / name / f"{name}{split}.jpg", f"{split}{name}")


def _converted(make: Callable[[Path], None], where: Path, *, zipped: bool = False) -> dict:
    """What a conversion of `make`'s tree with its __MACOSX/ mirror beside writes."""
    root = where / "src"
    make(root)
    _mirror(root)
    source = root
    if zipped:  # the download as shipped: one zip holding both trees, in a folder
        source = where / "zipped"
        source.mkdir()
        with zipfile.ZipFile(source / "download.zip", "w") as archive:
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                archive.write(path, path.relative_to(root).as_posix())
    out = where / "out"
    run_conversion(ConvertConfig(str(source), str(out)))
    return _written(out)


_MADE = {"class_folders": _class_folders, "split_folders_and_table": _split_folders_and_table, "masks": _masks, "coco": _coco}


@pytest.fixture(scope="module")
def mirrored(tmp_path_factory) -> dict[str, dict]:
    """Each kind converted with its mirror beside (one conversion each, shared: they are slow)."""
    return {name: _converted(make, tmp_path_factory.mktemp(name)) for name, make in _MADE.items()}


def _files(written: dict, split: str) -> list[bytes]:
    return [row[0] for row in written[split]]


def test_class_folders_beside_a_macosx_mirror(mirrored) -> None:
    written = mirrored["class_folders"]
    assert list(written) == ["train"] and _files(written, "train") == [f"{c}/{c}{i}.jpg".encode() for c in ("cat", "dog") for i in range(3)]
    assert [row[1] for row in written["train"]] == [repr(b"cat")] * 3 + [repr(b"dog")] * 3


def test_split_folders_beside_a_macosx_mirror_stay_splits(mirrored) -> None:
    """The case that wrote wrong with exit 0: both splits' images into train, the mirror's
    `__MACOSX/` taken for a third top folder of data."""
    written = mirrored["split_folders_and_table"]
    assert sorted(written) == ["test", "train"]
    assert _files(written, "test") == [b"test/test0.jpg", b"test/test1.jpg", b"test/test2.jpg"]
    assert [row[1] for row in written["test"]] == [repr((b"cat", b"dog")[i % 2]) for i in range(3)]


def test_masks_beside_a_macosx_mirror(mirrored) -> None:
    written = mirrored["masks"]
    assert _files(written, "train") == [f"images/img{i}.jpg".encode() for i in range(4)]
    assert all(row[4] != "None" for row in written["train"])  # each its mask; no `._img0.png` read as one


def test_a_coco_file_beside_a_macosx_mirror(mirrored) -> None:
    written = mirrored["coco"]
    assert _files(written, "train") == [f"images/img{i}.jpg".encode() for i in range(3)]
    assert [row[3] for row in written["train"]] == [repr(b"car"), repr(b"person"), repr(b"car")]


def test_neighbour_the_mirror_inside_a_zipped_download(tmp_path) -> None:
    written = _converted(_split_class_folders, tmp_path, zipped=True)
    assert sorted(written) == ["test", "train"]
    assert [row[1] for row in written["test"]] == [repr(b"cat"), repr(b"dog")]


def test_hostile_twin_a_class_named_like_the_junk_stays_a_class(tmp_path) -> None:
    """`MACOSX/` and `_MACOSX/` are names a user gave (a class of screenshots): only the exact
    leftover is junk."""
    root = tmp_path / "src"
    for name in ("MACOSX", "_MACOSX", "windows"):
        for i in range(2):
            image_file(root / name / f"{name}{i}.jpg", f"{name}{i}")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    labels = sorted(r[contract.LABEL_TEXT] for r in records_by_split(tmp_path / "out")["train"])
    assert labels == [b"MACOSX", b"MACOSX", b"_MACOSX", b"_MACOSX", b"windows", b"windows"]


def test_one_reading_of_a_junk_folder() -> None:
    assert doctest.testmod(file_roles).failed == 0
    assert file_roles.split_folders(["__MACOSX", "train", "test", ".ipynb_checkpoints"]) == ("test", "train")
    assert file_roles.split_folders(["__MACOSX", "train", "photos"]) == ()


# ------------------------------------------------------------------------------------------------
# A stop under --dry-run --layout-file writes its guess, or says why none
# ------------------------------------------------------------------------------------------------

def _coded_table(root: Path, *, table: str = "labels.csv", header: str = "image,label,split", codes=("A", "A", "B")) -> Path:
    """images/img<i>.jpg, a table of image, label and a split code each (the codes' meaning nowhere)."""
    rows = [header]
    for i in range(6):
        image_file(root / "images" / f"img{i}.jpg", f"coded{i}")
        rows.append(f"img{i}.jpg,{('cat', 'dog')[i % 2]},{codes[i % len(codes)]}")
    (root / table).parent.mkdir(parents=True, exist_ok=True)
    (root / table).write_text("\n".join(rows) + "\n")
    return root


def _stop(*args: str) -> str:
    result = run_shardify("convert", *args)
    assert result.returncode == 2, result.stderr
    return message(result.stderr)


def _by_split(out: Path) -> dict[str, list[tuple[bytes, bytes]]]:
    return {split: sorted((r[contract.IMAGE_FILENAME], r[contract.LABEL_TEXT]) for r in records)
            for split, records in records_by_split(out).items()}


def test_the_split_code_stop_writes_its_guess_to_mend(tmp_path) -> None:
    src = _coded_table(tmp_path / "src")
    assert "codes (A, B) no split word reads" in _stop(str(src), str(tmp_path / "out"))  # still a stop: no wrong exit 0
    written = tmp_path / "layout.yaml"
    said = _stop(str(src), str(tmp_path / "out"), "--dry-run", "--layout-file", str(written))
    assert "each code's split '?'" in said and f"layout written to {written}" in said
    text = written.read_text()
    assert "DETECTION DOUBTED THIS GUESS" in text and "kind: split codes" in text and "A: '?'" in text
    unedited = _stop(str(src), str(tmp_path / "out"), "--layout-file", str(written))
    assert "leaves the split of its codes 'A', 'B' as '?'" in unedited
    written.write_text(text.replace("A: '?'", "A: train").replace("B: '?'", "B: test"))
    result = run_shardify("convert", str(src), str(tmp_path / "out"), "--layout-file", str(written))
    assert result.returncode == 0, result.stderr
    assert _by_split(tmp_path / "out") == {
        "train": [(b"images/img0.jpg", b"cat"), (b"images/img1.jpg", b"dog"), (b"images/img3.jpg", b"dog"), (b"images/img4.jpg", b"cat")],
        "test": [(b"images/img2.jpg", b"cat"), (b"images/img5.jpg", b"dog")],
    }


def test_neighbour_a_given_table_of_three_partition_codes(tmp_path) -> None:
    src = _coded_table(tmp_path / "src", table="meta/annotations.csv", header="filename,class,partition", codes=("0", "1", "2"))
    written = tmp_path / "layout.yaml"
    _stop(str(src), str(tmp_path / "out"), "--labels", "meta/annotations.csv", "--dry-run", "--layout-file", str(written))
    text = written.read_text()
    assert "'0': '?'" in text and "'2': '?'" in text
    written.write_text(text.replace("'0': '?'", "'0': train").replace("'1': '?'", "'1': validation").replace("'2': '?'", "'2': test"))
    result = run_shardify("convert", str(src), str(tmp_path / "out"), "--layout-file", str(written))
    assert result.returncode == 0, result.stderr
    assert {split: len(rows) for split, rows in _by_split(tmp_path / "out").items()} == {"train": 2, "validation": 2, "test": 2}


def test_hostile_twin_one_code_left_undecided_is_refused(tmp_path) -> None:
    src = _coded_table(tmp_path / "src")
    written = tmp_path / "layout.yaml"
    _stop(str(src), str(tmp_path / "out"), "--dry-run", "--layout-file", str(written))
    written.write_text(written.read_text().replace("A: '?'", "A: train"))
    assert "its codes 'B' as '?'" in _stop(str(src), str(tmp_path / "out"), "--layout-file", str(written))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_hostile_twin_a_stop_without_a_guess_says_no_file_was_written(tmp_path) -> None:
    """SRC the table itself: the stop comes before any guess; the file asked for is said missing."""
    src = _coded_table(tmp_path / "src")
    written = tmp_path / "layout.yaml"
    said = _stop(str(src / "labels.csv"), str(tmp_path / "out"), "--dry-run", "--layout-file", str(written))
    assert f"no layout was written to {written}" in said and "docs/layout-files.md" in said
    assert not written.exists()


# ------------------------------------------------------------------------------------------------
# A photo among indexed masks, past the few detection opened
# ------------------------------------------------------------------------------------------------

def _mask_source(root: Path, mask_of: Callable[[int], object], count: int = 7) -> Path:
    for i in range(count):
        image_file(root / "images" / f"img{i}.jpg", f"mk{i}", 32, 24)
        (root / "masks").mkdir(parents=True, exist_ok=True)
        mask_of(i).save(root / "masks" / f"img{i}.png")
    return root


def _grey_mask(i: int):
    from PIL import Image

    values = np.zeros((24, 32), np.uint8)
    values[3:12, 4:20] = 1 + i % 3
    return Image.fromarray(values)


def _palette_mask(i: int):
    mask = _grey_mask(i).convert("P")
    mask.putpalette([0, 0, 0, 128, 0, 0, 0, 128, 0, 128, 128, 0] + [0] * 756)  # Pascal VOC's first colours
    return mask


def _photo_mask(i: int):
    from PIL import Image

    return Image.fromarray(np.random.default_rng(50 + i).integers(0, 256, (24, 32, 3), dtype=np.uint8))


def _written_masks(root: Path, out: Path) -> tuple[list[str], dict[str, str]]:
    run_conversion(ConvertConfig(str(root), str(out), max_rejects="50%"))
    written = sorted(r[contract.IMAGE_FILENAME].decode() for r in records_by_split(out)["train"] if contract.SEGMENTATION in r)
    rejected = out / "rejected.jsonl"
    reasons = {r["path"]: r["reason"] for r in map(json.loads, rejected.read_text().splitlines())} if rejected.exists() else {}
    return written, reasons


def test_a_photo_past_the_opened_grey_masks_is_its_images_reject(tmp_path) -> None:
    root = _mask_source(tmp_path / "src", lambda i: _photo_mask(i) if i == 5 else _grey_mask(i))
    written, reasons = _written_masks(root, tmp_path / "out")
    assert written == [f"images/img{i}.jpg" for i in range(7) if i != 5]
    assert list(reasons) == ["images/img5.jpg"]
    assert "masks/img5.png holds more than 160 colours (mode RGB)" in reasons["images/img5.jpg"]


def test_neighbour_palette_masks_with_a_photo_among_them(tmp_path) -> None:
    root = _mask_source(tmp_path / "src", lambda i: _photo_mask(i) if i == 6 else _palette_mask(i))
    written, reasons = _written_masks(root, tmp_path / "out")
    assert len(written) == 6 and list(reasons) == ["images/img6.jpg"]


def test_hostile_twin_colour_masks_of_many_colours_stay_masks(tmp_path) -> None:
    """SUIM's kind: every mask in colour, many colours each (artefacts): nothing counted, all stored."""
    def colour(i: int):
        from PIL import Image

        values = np.zeros((24, 32, 3), np.uint8)
        values[..., 0] = np.arange(24 * 32).reshape(24, 32) % 200  # 200 colours, each mask alike
        values[3:12, 4:20, 2] = 255
        return Image.fromarray(values)

    root = _mask_source(tmp_path / "src", colour)
    written, reasons = _written_masks(root, tmp_path / "out")
    assert len(written) == 7 and reasons == {}
    layout_text = tmp_path / "layout.yaml"
    run_shardify("convert", str(root), str(tmp_path / "dry"), "--dry-run", "--layout-file", str(layout_text))
    assert "masks_indexed" not in layout_text.read_text()


def test_the_layout_file_says_the_masks_are_indexed(tmp_path) -> None:
    root = _mask_source(tmp_path / "src", lambda i: _photo_mask(i) if i == 0 else _grey_mask(i))  # a photo first: most opened are masks
    written_file = tmp_path / "layout.yaml"
    result = run_shardify("convert", str(root), str(tmp_path / "dry"), "--dry-run", "--layout-file", str(written_file))
    assert result.returncode == 0, result.stderr
    assert "masks_indexed: true" in written_file.read_text()
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--layout-file", str(written_file), "--max-rejects", "50%")
    assert result.returncode == 0, result.stderr
    assert sorted(rejects_by_path(tmp_path / "out")) == ["images/img0.jpg"]


# ------------------------------------------------------------------------------------------------
# A Label Studio export: a stop naming what converts it
# ------------------------------------------------------------------------------------------------

def _task(i: int) -> dict:
    """One task of a project export, as labelstud.io/guide/task_format shows it."""
    box = {"x": 10.0 + i, "y": 20.0, "width": 30.0, "height": 40.0, "rotation": 0, "rectanglelabels": [("cat", "dog")[i % 2]]}
    result = {"id": f"r{i}", "type": "rectanglelabels", "from_name": "label", "to_name": "image", "original_width": 200,
              "original_height": 100, "image_rotation": 0, "value": box}
    return {"id": i + 1, "data": {"image": f"/data/upload/1/3f2a9c1{i}-img{i}.jpg"}, "annotations": [{"id": 100 + i, "result": [result]}]}


def test_a_label_studio_export_beside_its_images_stops_naming_what_converts_it(tmp_path) -> None:
    root = tmp_path / "src"
    for i in range(4):
        image_file(root / "images" / f"img{i}.jpg", f"ls{i}", 200, 100)
    (root / "project-1-at-2024-01-01.json").write_text(json.dumps([_task(i) for i in range(4)], indent=1))
    said = refusal(root, tmp_path / "out")
    assert "project-1-at-2024-01-01.json is a Label Studio export" in said
    assert "COCO, YOLO or Pascal VOC XML" in said and "--exclude 'project-1-at-2024-01-01.json'" in said


def test_neighbour_a_json_min_export_beside_class_folders_stops_and_its_exclude_converts(tmp_path) -> None:
    root = tmp_path / "src"
    _class_folders(root)
    rows = [{"image": f"/data/upload/2/ab{i}-cat{i}.jpg", "id": i, "label": [
        {"x": 5.0, "y": 5.0, "width": 50.0, "height": 50.0, "rotation": 0, "rectanglelabels": ["cat"], "original_width": 20,
         "original_height": 16}]} for i in range(3)]
    (root / "exports").mkdir()
    (root / "exports" / "min.json").write_text(json.dumps(rows))
    said = refusal(root, tmp_path / "out")
    assert "exports/min.json is a Label Studio export" in said
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), exclude=("exports/min.json",)))
    assert len(records_by_split(tmp_path / "out")["train"]) == 6


def test_hostile_twins_coco_and_records_lists_are_no_label_studio_exports() -> None:
    assert doctest.testmod(label_studio_exports).failed == 0
    coco = json.dumps({"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [{"id": 1, "image_id": 1, "bbox": [1, 2, 3, 4],
                                                                              "category_id": 1}], "categories": [{"id": 1, "name": "x"}]})
    records = json.dumps([{"data": {"text": "fine"}, "label": "pos", "value": 1, "type": "review"}])  # no tool, no task results
    assert not label_studio_exports.is_label_studio_export(coco)
    assert not label_studio_exports.is_label_studio_export(records)
    assert label_studio_exports.is_label_studio_export(json.dumps([_task(0)]))
