"""Kinds of fault a seventh unseen round found, each on an unnamed neighbour beside a twin that must
not change (the named datasets themselves are in test_unseen_round_seven.py):

- a text table's column named like a label (`Tags`, `labels`) whose sampled cells all differ:
  each record's own value was written as its class with exit 0; it is no label, and the run stops
  naming the column that holds labels by its content (or, with none, the column itself for
  `--label-column`). A label column whose values repeat converts as before;
- a post's `Title` and `Body` columns: one record's text and its pair, not the body alone;
- file names whose "labels" are all split words (`train_0.jpg`, `val_3.jpg`, `test_1.jpg`):
  written as classes `train`, `val`, `test` with exit 0; they are no labels (the run stops asking
  where the labels are). Names of real classes (`cat_1.jpg`) still label;
- `.npz` archives naming their arrays `<split>_images` and `<split>_labels` (MedMNIST's): nothing
  was read (exit 1); they are image arrays and their labels, one split each, as `x_<split>` and
  `y_<split>` are. An image array with no label array beside it is still not read;
- per-image box files of comma-separated fields whose class is a number (VisDrone's DET format,
  a row of `box_formats.FORMATS` with its documented class names): the images were read as
  classes `images`; the boxes are the objects, category 0 (ignored regions) no object, and
  `<x>-test-dev` a test split. Lines of other shapes (MOTChallenge's ten fields, a class word)
  are not read so; KITTI's keep their row; COCO's `image_info_test-dev2017.json` beside
  `image_info_test2017.json` is still no split of its own.
- headerless one-row-per-box tables named `annotations_<split>.csv` (SKU-110K's shape, a row of
  `box_formats.FORMATS` naming its columns): their boxes are the objects and each table's name its
  images' split, the images lying in one folder; a headed table of that name is not read so.
- a COCO-like file in the one folder holding every image (TACO's `data/annotations.json` beside
  `data/batch_1/`), naming its images relative to that folder: the batch folders were read as
  numbered parts (a stop naming nothing that helps); the file is read, its names joined from its
  folder (`layout.BESIDE`), and names relative to SRC still join by path.
- a table beside class folders one of whose columns restates each row's folder, another column
  describing the inputs (State Farm's `subject,classname,img`): it stopped, taking the other
  column for labels of their own; it agrees with the folders. Without the restating column it
  stops as before.
- line files of no known format whose names differ in one dotted word only (`quote.tok.gt9.5000`,
  `plot.tok.gt9.5000`): taken for label files, "holds no images or texts"; they are one line file
  per class, the word the class. Names differing in a number (`news.2019.shuffled.de`) are none.
- a metadata table naming each input by an id and by its path (`image_id`, `sat_image_path`): it
  stopped asking which keys it; columns naming the same input's stem on every row are one key, and
  a split column or a column of paths is no label. Two columns naming different inputs (a pair
  table) still ask.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract


def _put(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def _records(out: Path) -> list[dict]:
    found = []
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            record["split"] = shard.name.split("-")[0]
            found.append(record)
    return found


def _text(record: dict, key: str) -> str:
    return record[key].decode() if isinstance(record[key], bytes) else str(record[key])


# ---- a label column by name whose values are unique to each row ----------------------------------

_ISSUES = [(f"Crash when {w} is empty", f"Steps: open the {w} view and press save.", lab, state)
           for w, lab, state in (("cache", "bug,ui", "open"), ("token", "auth", "closed"), ("table", "bug", "open"),
                                 ("import", "feature,io", "closed"), ("theme", "ui", "open"), ("proxy", "network", "open"),
                                 ("upload", "bug,io", "closed"), ("search", "feature", "closed"), ("login", "auth,ui", "open"))]


def test_a_label_column_unique_to_each_row_stops_naming_the_column_of_labels(tmp_path: Path) -> None:
    """An issue tracker's export: `labels` holds each issue's own list, `state` the class."""
    root = tmp_path / "issues-export"
    _put(root / "issues.csv", "number,title,body,labels,state\n" + "".join(
        f'{100 + i},"{t}","{b}","{lab}",{s}\n' for i, (t, b, lab, s) in enumerate(_ISSUES)))
    with pytest.raises(UsageError, match=r"'labels' is named like a label, but each of its 9 sampled cells differs"
                                         r".*--label-column 'state'"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    assert not (tmp_path / "first" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="state"))
    written = {(_text(r, contract.TEXT), _text(r, contract.TEXT_PAIR), _text(r, contract.TEXT_LABEL_TEXT))
               for r in _records(tmp_path / "out")}
    assert written == {(t, b, s) for t, b, _, s in _ISSUES}  # the title the text, the body its pair


def test_a_unique_label_column_with_no_other_stops_naming_it(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    _put(root / "notes.csv", "body,tag\n" + "".join(f'"note about {w} number {i}",t{i}\n'
                                                      for i, w in enumerate("abcdefghij")))
    with pytest.raises(UsageError, match=r"name it with --label-column 'tag' to keep it as the label"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="tag"))
    assert sorted(_text(r, contract.TEXT_LABEL_TEXT) for r in _records(tmp_path / "out")) == sorted(f"t{i}" for i in range(10))


@pytest.mark.parametrize("rows", [9, 5])
def test_a_label_column_whose_values_repeat_or_few_rows_converts_as_before(tmp_path: Path, rows: int) -> None:
    """Twins: nine rows of three classes, and five rows each of another class (too few to say)."""
    root = tmp_path / "reviews"
    labels = ["pos", "neg", "mixed"] * 3 if rows == 9 else ["a", "b", "c", "d", "e"]
    _put(root / "reviews.csv", "text,label\n" + "".join(f'"the {i}th review says {lab}",{lab}\n'
                                                        for i, lab in enumerate(labels[:rows])))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert sorted(_text(r, contract.TEXT_LABEL_TEXT) for r in _records(tmp_path / "out")) == sorted(labels[:rows])


# ---- file names that carry splits, not classes ---------------------------------------------------


def test_names_that_carry_only_split_words_are_no_labels(tmp_path: Path) -> None:
    root = tmp_path / "shelves"
    for split, n in (("train", 4), ("val", 2), ("test", 2)):
        for i in range(n):
            _put(root / f"photos/{split}_{3 * i}.jpg", _image_bytes(f"{split}{i}", 20, 16))
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    labels = {_text(r, contract.LABEL_TEXT) for r in _records(tmp_path / "out")}
    assert not labels & {"train", "val", "test"}, labels


def test_names_that_carry_classes_still_label(tmp_path: Path) -> None:
    root = tmp_path / "pets"
    for cls in ("cat", "dog", "test"):  # one class spelled like a split among real ones: still classes
        for i in range(2):
            _put(root / f"photos/{cls}_{i}.jpg", _image_bytes(f"{cls}{i}", 20, 16))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert sorted(_text(r, contract.LABEL_TEXT) for r in _records(tmp_path / "out")) == ["cat", "cat", "dog", "dog", "test", "test"]


# ---- .npz archives of <split>_images and <split>_labels ------------------------------------------


def _npz(path: Path, **arrays: np.ndarray) -> None:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    _put(path, buf.getvalue())


def test_an_npz_of_split_images_and_split_labels_is_read(tmp_path: Path) -> None:
    """A grey MedMNIST-like archive (labels (N, 1)), not the one the round built the fix for."""
    root = tmp_path / "organ"
    rng = np.random.default_rng(3)
    truth = {"train": [4, 0, 10, 2], "test": [7, 7, 1]}
    _npz(root / "organsmnist.npz", **{f"{s}_images": rng.integers(0, 256, (len(v), 28, 28), dtype=np.uint8) for s, v in truth.items()},
         **{f"{s}_labels": np.asarray(v, dtype=np.uint8).reshape(-1, 1) for s, v in truth.items()})
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = sorted((r["split"], _text(r, contract.IMAGE_FILENAME), _text(r, contract.LABEL_TEXT))
                     for r in _records(tmp_path / "out"))
    assert written == sorted((s, f"organsmnist.npz#{s}_images:{i}", str(v)) for s, vs in truth.items() for i, v in enumerate(vs))


def test_an_npz_of_images_without_labels_is_still_not_read_as_arrays(tmp_path: Path) -> None:
    root = tmp_path / "embeddings"
    _npz(root / "cache.npz", train_images=np.zeros((3, 8, 8), dtype=np.uint8), train_ids=np.arange(3))
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ---- per-image box files of comma-separated fields and numbered classes (VisDrone's format) -----

def _object_names(record: dict) -> list[str]:
    value = record.get(contract.OBJECT_TEXT, [])
    return sorted(v.decode() for v in (value if isinstance(value, list) else [value]))


_DRONE_CLASSES = {1: "pedestrian", 4: "car", 6: "truck", 9: "bus", 10: "motor"}


def test_per_image_comma_separated_boxes_with_numbered_classes_are_the_objects(tmp_path: Path) -> None:
    """A survey exported in VisDrone's DET format under its own names (`flights-<split>/`), with
    an ignored region (category 0) and a test-dev split."""
    root = tmp_path / "aerial-survey"
    truth = {}
    for folder, split, stems in (("flights-train", "train", {"f001": [4, 4, 0, 9], "f002": [1, 10]}),
                                 ("flights-val", "val", {"f101": [6]}), ("flights-test-dev", "test", {"f201": [4, 0]})):
        for stem, classes in stems.items():
            _put(root / f"{folder}/images/{stem}.jpg", _image_bytes(stem, 24, 20))
            _put(root / f"{folder}/annotations/{stem}.txt", "".join(
                f"{2 + k},{3 + k},{6 + k},{5 + k},{int(c != 0)},{c},0,{k % 3}\n" for k, c in enumerate(classes)))
            truth[f"{folder}/images/{stem}.jpg"] = (split, sorted(_DRONE_CLASSES[c] for c in classes if c))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = {_text(r, contract.IMAGE_FILENAME): (r["split"], _object_names(r)) for r in _records(tmp_path / "out")}
    assert written == truth
    box = next(r for r in _records(tmp_path / "out") if _text(r, contract.IMAGE_FILENAME).endswith("f101.jpg"))
    assert box[contract.OBJECT_XMIN] == pytest.approx(2 / 24) and box[contract.OBJECT_XMAX] == pytest.approx(8 / 24)


def test_comma_separated_lines_of_another_shape_are_no_visdrone_boxes() -> None:
    """Twins: MOTChallenge's ten fields (`frame,id,x,y,w,h,conf,x,y,z`), a class that is a word, and
    KITTI's lines, which keep their own row."""
    from shardify.plan import box_formats

    assert box_formats.per_image_format("annotations", ["1,-1,794.2,47.5,71.2,174.8,67.5,-1,-1,-1"]) is None
    assert box_formats.per_image_format("annotations", ["684,8,273,116,0,car,0,0"]) is None
    kitti = ["Car 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59"]
    assert box_formats.per_image_format("label_2", kitti).name == "KITTI object labels"


def test_coco_test_dev_beside_test_is_no_split_of_its_own() -> None:
    from shardify.beam_jobs.discover.label_file_found import coco_per_split

    files = ["annotations/instances_train2017.json", "annotations/instances_val2017.json",
             "annotations/image_info_test2017.json", "annotations/image_info_test-dev2017.json"]
    assert coco_per_split(files) == [(files[0], "train"), (files[1], "val"), (files[2], "test")]


# ---- headerless one-row-per-box tables, one per split, images in one folder (SKU-110K's shape) ---


def test_headerless_box_rows_per_split_table_are_the_objects_and_the_splits(tmp_path: Path) -> None:
    """A shelf-audit export in SKU-110K's format: the classes are words, the images named by id."""
    root = tmp_path / "shelf-audit"
    truth = {}
    for split, stems in (("train", {"a17": ["bottle", "can"], "a18": ["can"], "a20": ["box", "box", "can"]}),
                         ("test", {"b02": ["bottle"]})):
        rows = []
        for stem, classes in stems.items():
            _put(root / f"photos/{stem}.jpg", _image_bytes(stem, 24, 20))
            rows += [f"{stem}.jpg,{1 + k},{2 + k},{9 + k},{12 + k},{c},24,20" for k, c in enumerate(classes)]
            truth[f"photos/{stem}.jpg"] = (split, sorted(classes))
        _put(root / f"labels/annotations_{split}.csv", "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert {_text(r, contract.IMAGE_FILENAME): (r["split"], _object_names(r)) for r in _records(tmp_path / "out")} == truth


# ---- a COCO-like file in the folder that holds the images, naming them relative to itself -------


def _coco_below(root: Path, prefix: str) -> dict[str, list[str]]:
    """`survey/annotations.json` beside `survey/site_a/`, `survey/site_b/`; its file names start
    with `prefix` ("" relative to the file's folder; "survey/" relative to SRC)."""
    import json

    placed = {"site_a/p01.jpg": ["bottle cap"], "site_a/p02.jpg": ["can", "bottle cap"], "site_b/p07.jpg": ["can"],
              "site_b/p09.jpg": ["straw"]}
    categories = {"straw": 0, "can": 1, "bottle cap": 2}
    images, annotations = [], []
    for i, (path, names) in enumerate(placed.items()):
        _put(root / f"survey/{path}", _image_bytes(path, 20, 16))
        images.append({"id": i + 1, "file_name": prefix + path, "width": 20, "height": 16})
        annotations += [{"id": len(annotations) + 1, "image_id": i + 1, "category_id": categories[n],
                         "bbox": [1.0 + k, 2.0, 6.0, 5.0], "area": 30.0, "iscrowd": 0} for k, n in enumerate(names)]
    _put(root / "survey/annotations.json", json.dumps({
        "images": images, "annotations": annotations,
        "categories": [{"id": c, "name": n, "supercategory": "litter"} for n, c in categories.items()]}))
    _put(root / "README.md", "# litter survey\n")
    return {f"survey/{path}": sorted(names) for path, names in placed.items()}


@pytest.mark.parametrize("prefix", ["", "survey/"])
def test_a_coco_file_beside_the_images_names_them_from_its_folder_or_from_src(tmp_path: Path, prefix: str) -> None:
    """The neighbour (names relative to the file's folder) and its twin (relative to SRC, as before)."""
    root = tmp_path / "litter"
    truth = _coco_below(root, prefix)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert {_text(r, contract.IMAGE_FILENAME): _object_names(r) for r in _records(tmp_path / "out")} == truth


# ---- a table beside class folders restating each input's folder, with another column beside ------


def _kitchen(root: Path, restated: bool) -> dict[str, tuple[str, str | None]]:
    """`clips/train/<action>/`, a flat unlabelled `clips/test/`, and `clip_list.csv` naming each
    training clip's camera (and, `restated`, its action: the folder's name)."""
    truth, rows = {}, ["camera,action,frame" if restated else "camera,frame"]
    for k, action in enumerate(("stir", "chop", "pour")):
        for n in range(3):
            name = f"frame_{100 * k + 7 * n}.jpg"
            _put(root / f"clips/train/{action}/{name}", _image_bytes(name, 20, 16))
            rows.append(f"cam{1 + n % 2},{action},{name}" if restated else f"cam{1 + n % 2},{name}")
            truth[f"clips/train/{action}/{name}"] = ("train", action)
    for n in range(2):
        _put(root / f"clips/test/frame_{900 + n}.jpg", _image_bytes(f"t{n}", 20, 16))
        truth[f"clips/test/frame_{900 + n}.jpg"] = ("test", None)
    _put(root / "clip_list.csv", "\n".join(rows) + "\n")
    return truth


def test_a_table_restating_the_class_folders_beside_another_column_is_no_sign(tmp_path: Path) -> None:
    root = tmp_path / "kitchen"
    truth = _kitchen(root, restated=True)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = {}
    for r in _records(tmp_path / "out"):
        label = _text(r, contract.LABEL_TEXT) if r.get(contract.LABEL, -1) != -1 else None
        written[_text(r, contract.IMAGE_FILENAME)] = (r["split"], label)
    assert written == truth


def test_a_table_of_other_labels_beside_the_class_folders_still_stops(tmp_path: Path) -> None:
    """The twin: the camera column alone, no column restating the folders."""
    root = tmp_path / "kitchen"
    _kitchen(root, restated=False)
    with pytest.raises(UsageError, match=r"clip_list\.csv \(column camera\)"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))


# ---- one line file per class, the class one dotted part of names otherwise the same -------------

_LINES = {"ironic": ["oh great , another monday", "i just love waiting in line", "what a surprise , the bus is late",
                     "sure , that will work", "perfect weather for a picnic , said nobody"],
          "literal": ["the bus leaves at nine", "the shop opens on monday", "we waited in line for an hour",
                      "the report is due on friday", "it rained all afternoon"]}


def test_line_files_differing_in_one_dotted_word_are_one_file_per_class(tmp_path: Path) -> None:
    root = tmp_path / "irony-corpus"
    for cls, lines in _LINES.items():
        _put(root / f"{cls}.sents.v2.txt.1000", "\n".join(lines) + "\n")
    _put(root / "corpus.README.v2", "ironic.sents.v2.txt.1000: ironic sentences; literal...: literal ones.\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = sorted((_text(r, contract.TEXT).strip(), _text(r, contract.TEXT_LABEL_TEXT)) for r in _records(tmp_path / "out"))
    assert written == sorted((line, cls) for cls, lines in _LINES.items() for line in lines)


def test_line_files_differing_in_a_number_are_no_classes(tmp_path: Path) -> None:
    """The twin: `news.2019.shuffled.de` beside `news.2020.shuffled.de` (years, no classes)."""
    root = tmp_path / "news-crawl"
    for year in (2019, 2020):
        _put(root / f"news.{year}.shuffled.de", "\n".join(f"Satz {i} aus dem Jahr {year} ." for i in range(6)) + "\n")
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        return
    labels = {_text(r, contract.TEXT_LABEL_TEXT) for r in _records(tmp_path / "out") if contract.TEXT_LABEL_TEXT in r}
    assert not labels & {"2019", "2020"}


# ---- a metadata table naming each input twice (an id and its path), with a split column ----------


def test_a_table_naming_each_input_by_id_and_by_path_is_one_key_with_no_labels(tmp_path: Path) -> None:
    """A building-footprint download: `tiles/<split>/<id>.png`, `tiles/<split>_masks/<id>.png`, and
    `index.csv` (`tile_id,split,tile_path,mask_path`): it stopped asking which column keys it."""
    from helpers.shipped import _gray_png

    root = tmp_path / "footprints"
    rows, truth = ["tile_id,split,tile_path,mask_path"], {}
    for split, ids in (("train", ["t_0412", "t_0413", "t_0590"]), ("test", ["t_1201", "t_1202"])):
        for tile in ids:
            _put(root / f"tiles/{split}/{tile}.png", _image_bytes(tile, 20, 16, "PNG"))
            _put(root / f"tiles/{split}_masks/{tile}.png", _gray_png(tile, 20, 16, [0, 255]))
            rows.append(f"{tile},{split},tiles/{split}/{tile}.png,tiles/{split}_masks/{tile}.png")
            truth[f"tiles/{split}/{tile}.png"] = split
    _put(root / "index.csv", "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = {_text(r, contract.IMAGE_FILENAME): r["split"] for r in _records(tmp_path / "out")}
    assert written == truth
    assert all(r.get(contract.LABEL, -1) == -1 for r in _records(tmp_path / "out"))


def test_two_columns_naming_different_inputs_still_ask_for_the_key() -> None:
    """The twin: a pair table (`left,right,same`) names two inputs a row: which keys it is the user's."""
    from shardify.plan.keyed_tables import recognise_keyed_table

    lines = ["left,right,same", "a1.jpg,b7.jpg,1", "a2.jpg,b3.jpg,0", "a3.jpg,b9.jpg,1", "a4.jpg,b1.jpg,0"]
    with pytest.raises(UsageError, match=r"columns 'left', 'right' both name the inputs"):
        recognise_keyed_table("pairs.csv", lines, lambda keys: all(k.endswith(".jpg") for k in keys))
