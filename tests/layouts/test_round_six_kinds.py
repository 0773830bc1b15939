"""Kinds of fault a sixth unseen round found, each on an unnamed neighbour (the named datasets
themselves are in test_unseen_round_six.py):

- per-image box files in a `Label/` folder inside the folder of their images, a line per box:
  the class (one or more words) then four pixel numbers (OIDv4 toolkit's shape): their boxes were
  dropped with exit 0; they are the records' objects, the classes of several words kept whole;
- a class folder named like a split whose files lie in one folder one level down
  (`<x>_testset/<x>_testset/*.jpg`) beside real class folders: it was written as a class with
  exit 0; it stops before writing as a split-named class folder does when it holds its files (where
  every file is named by one of the classes beside it, it is the split its name says: ninth mends);
- YOLO label folders with no data.yaml or classes file: the refusal named only options that drop
  the boxes; it names `--label-names`, with which the numbers are named in their order;
- a CSV whose header is ASCII and whose rows are Windows-1252: every row was rejected, exit 1, the
  console naming `--text-column`; it stops naming `--encoding`, which then converts it. A UTF-8
  table with one undecodable row still converts with that row rejected.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract


def _put(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def _records(out: Path) -> dict[str, dict]:
    """{image file name: record} of every record written, with its split."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            record["split"] = shard.name.split("-")[0]
            found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def _names(record: dict) -> Counter:
    value = record.get(contract.OBJECT_TEXT, [])
    return Counter(v.decode() for v in (value if isinstance(value, list) else [value]))


def test_box_files_in_a_label_folder_inside_the_images_folder_are_the_objects(tmp_path: Path) -> None:
    """OIDv4's `--multiclasses 1` shape: one folder of several classes, per split."""
    root = tmp_path / "toolkit_download"
    truth = {}
    for split, count in (("train", 3), ("validation", 2)):
        for n in range(count):
            names = ["Fire hydrant", "Bicycle wheel", "Bicycle wheel"][: n + 1]
            stem = f"{split[0]}{n:03d}a9f1"
            _put(root / f"OID/Dataset/{split}/Bicycle wheel_Fire hydrant/{stem}.jpg", _image_bytes(stem, 24, 20))
            _put(root / f"OID/Dataset/{split}/Bicycle wheel_Fire hydrant/Label/{stem}.txt",
                 "".join(f"{name} {1 + k}.0 {2 + k}.5 {12 + k}.25 {15 + k}.0\n" for k, name in enumerate(names)))
            truth[f"OID/Dataset/{split}/Bicycle wheel_Fire hydrant/{stem}.jpg"] = (split, Counter(names))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {rid: (r["split"], _names(r)) for rid, r in written.items()} == truth
    boxes = written["OID/Dataset/train/Bicycle wheel_Fire hydrant/t000a9f1.jpg"]
    assert boxes[contract.OBJECT_XMIN] == pytest.approx(1.0 / 24)  # pixels, made relative to the image


def test_a_box_file_folder_of_yolo_numbers_is_not_read_as_named_boxes(tmp_path: Path) -> None:
    """The same place, lines of `class cx cy w h` numbers: no class words, so not this shape."""
    from shardify.plan import box_formats

    assert box_formats.per_image_format("Label", ["3 0.5 0.5 0.25 0.25"]) is None
    assert box_formats.per_image_format("Label", ["Fire hydrant 1 2 3"]) is None  # three numbers: no box


def test_a_split_named_folder_doubled_beside_class_folders_stops_or_is_the_split(tmp_path: Path) -> None:
    """Its files named by no class: a stop. Named by the classes beside it (since the ninth
    mends, `shardify/plan/class_named_files.py`): the split its name says, labelled by them."""
    root = tmp_path / "birdsongs-spectrograms"
    for cls in ("robin", "wren", "finch"):
        for n in range(3):
            _put(root / f"spectrograms/{cls}/s_{n:03d}.png", _image_bytes(f"{cls}{n}", 20, 16, "PNG"))
    for n, cls in enumerate(("robin", "wren", "finch")):
        _put(root / f"birds_validation_set/birds_validation_set/v{n:03d}.png", _image_bytes(f"v{cls}", 20, 16, "PNG"))
    with pytest.raises(UsageError, match=r"named like splits.*birds_validation_set/") as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "--labels" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    for n, cls in enumerate(("robin", "wren", "finch")):
        (root / f"birds_validation_set/birds_validation_set/v{n:03d}.png").rename(
            root / f"birds_validation_set/birds_validation_set/{cls}_{n}.png")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "named")))
    written = _records(tmp_path / "named")
    assert {name: (r["split"], r[contract.LABEL_TEXT].decode()) for name, r in written.items()} == {
        **{f"spectrograms/{cls}/s_{n:03d}.png": ("train", cls) for cls in ("robin", "wren", "finch") for n in range(3)},
        **{f"birds_validation_set/birds_validation_set/{cls}_{n}.png": ("validation", cls)
           for n, cls in enumerate(("robin", "wren", "finch"))}}


def test_class_folders_holding_their_files_in_one_folder_each_still_convert(tmp_path: Path) -> None:
    """A class folder of one subfolder is no sign by itself: only a split-like name makes it one."""
    root = tmp_path / "leaves"
    inner = {"oak": "field_2019", "maple": "scans", "testudo": "shells"}  # `testudo`: no split word
    for cls, folder in inner.items():
        for n in range(3):
            _put(root / f"{cls}/{folder}/{cls}_{n}.jpg", _image_bytes(f"{cls}{n}", 20, 16))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {rid: r[contract.LABEL_TEXT].decode() for rid, r in written.items()} == {
        f"{cls}/{folder}/{cls}_{n}.jpg": cls for cls, folder in inner.items() for n in range(3)}


def _unnamed_yolo(root: Path) -> dict[str, list[int]]:
    """A Roboflow-like export without its data.yaml: <split>/images, <split>/labels."""
    truth = {}
    for split, stems in (("train", {"a1": [2, 0], "a2": [1], "a3": [10, 2, 2]}), ("valid", {"b1": [0]})):
        for stem, classes in stems.items():
            _put(root / f"{split}/images/{stem}.jpg", _image_bytes(stem, 24, 20))
            _put(root / f"{split}/labels/{stem}.txt", "".join(f"{c} 0.5 0.5 0.25 0.2\n" for c in classes))
            truth[f"{split}/images/{stem}.jpg"] = classes
    return truth


def test_yolo_labels_with_no_names_stop_naming_label_names_which_then_names_them(tmp_path: Path) -> None:
    root = tmp_path / "parking-lot"
    truth = _unnamed_yolo(root)
    with pytest.raises(UsageError, match=r"YOLO labels.*--label-names FILE") as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    assert "labels/" in str(refused.value)
    assert not (tmp_path / "first" / "manifest.json").exists()
    names = tuple(f"kind{i}" for i in range(11))  # eleven names, in the labels' number order
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_names=names))
    written = _records(tmp_path / "out")
    assert {rid: _names(r) for rid, r in written.items()} == {
        rid: Counter(names[c] for c in classes) for rid, classes in truth.items()}


def _reviews(root: Path, body: list[bytes]) -> Path:
    root.mkdir(parents=True)
    (root / "reviews.csv").write_bytes(b"review_no,posted,body,stars\r\n" + b"".join(
        b"%d,2021-0%d-11,%s,%d\r\n" % (i, 1 + i % 9, line, 1 + i % 5) for i, line in enumerate(body)))
    return root


_BODIES = [f"The caf\u00e9 {w} was {v} and we would go back {i} times" for i, (w, v) in enumerate(
    [("latte", "fine"), ("bread", "stale"), ("cake", "great"), ("tea", "cold"), ("soup", "hot"), ("pie", "sweet")] * 2)]


def test_a_csv_of_windows_1252_rows_under_an_ascii_header_is_read_as_windows_1252(tmp_path: Path) -> None:
    """Each `\xe9` alone among ASCII text: Windows-1252, decided by the files (it stopped naming
    --encoding until test_stops_to_right.py); the stop left is the label column's, and naming it
    alone converts every text right."""
    root = _reviews(tmp_path / "bistro", [b.encode("cp1252") for b in _BODIES])
    with pytest.raises(UsageError, match=r"reviews\.csv.*--label-column 'stars'") as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    assert "--encoding" not in str(refused.value) and "--text-column" not in str(refused.value)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="stars"))
    texts = sorted(r[contract.TEXT].decode() for shard in (tmp_path / "out").glob("*.tfrecord") for r in read_shard(shard))
    assert texts == sorted(_BODIES)


def test_a_utf8_table_with_one_undecodable_row_converts_rejecting_it(tmp_path: Path) -> None:
    body = [b.encode("utf-8") for b in _BODIES]
    body[7] = _BODIES[7].encode("cp1252")
    root = _reviews(tmp_path / "bistro", body)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="stars"))
    texts = sorted(r[contract.TEXT].decode() for shard in (tmp_path / "out").glob("*.tfrecord") for r in read_shard(shard))
    assert texts == sorted(b for i, b in enumerate(_BODIES) if i != 7)
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "not valid UTF-8" in rejected and '"row": 9' in rejected


def _ct_slices(root: Path, masks: str) -> None:
    from helpers.shipped import _gray_png

    for n in range(5):
        stem = f"CT_{n:03d}"
        _put(root / f"scans/{stem}.png", _image_bytes(stem, 20, 16, "PNG"))
        for organ in ("heart", "liver"):
            _put(root / f"{masks}/{organ}/{stem}.png", _gray_png(stem + organ, 20, 16, [0, 255]))
        _put(root / f"reports/{stem}.txt", f"Age: {40 + n}\nfinding: none\n")


def test_texts_sharing_a_stem_with_an_image_and_its_masks_are_no_captions(tmp_path: Path) -> None:
    """A neighbour of an X-ray set: `scans/`, `organ_masks/heart/`, `organ_masks/liver/` of one stem each,
    and a report per scan: it was read as captions, every input rejected (one text for three images)."""
    root = tmp_path / "ct-slices"
    _ct_slices(root, "organ_masks")
    with pytest.raises(UsageError, match=r"--label-level 0"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_level=0))
    assert sorted(_records(tmp_path / "out")) == [f"scans/CT_{n:03d}.png" for n in range(5)]


def test_a_mirror_folder_of_masks_not_named_masks_is_no_class(tmp_path: Path) -> None:
    root = tmp_path / "ct-slices"
    _ct_slices(root, "outlines")
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        return
    assert sorted(_records(tmp_path / "out")) == [f"scans/CT_{n:03d}.png" for n in range(5)]


def test_one_text_per_image_by_stem_is_still_a_caption(tmp_path: Path) -> None:
    root = tmp_path / "sketches"
    for n in range(4):
        _put(root / f"images/s{n}.jpg", _image_bytes(f"s{n}", 20, 16))
        _put(root / f"texts/s{n}.txt", f"a pencil sketch of a boat number {n}\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {rid: r[contract.TEXT].decode().strip() for rid, r in written.items()} == {
        f"images/s{n}.jpg": f"a pencil sketch of a boat number {n}" for n in range(4)}
