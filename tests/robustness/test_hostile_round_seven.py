"""Hostile input, seventh round: the hostile twins no earlier round held, across every reader of
the write side and of our own output. Annotation values JSON allows and no format documents
(`NaN`, `Infinity`, `1e309`, `true` for an id), XML in another encoding, YOLO lines of other
shapes, CIFAR batches whose labels name no class; images of every mode, animated, rotated by EXIF
or bombs in their text chunks; texts of NUL bytes, lone surrogates and other encodings; tables of
ragged rows; links that loop, names that hold line breaks and terminal escapes; our own output
tampered (a manifest of `NaN` and 5,000-digit numbers, a shard that is a pipe, reports and input
lists of garbage); the command given pipes, files and devices where folders belong; layout files
and dataset cards of YAML tags, recursive aliases and deep nesting.

Each test builds real files from the formats' own documentation and runs the real conversion or
reader (the command with a timeout where a pipe could hang it). Every input ends in exactly one
record (holding what its file says) or one reject with its reason, or the run stops with one
`error:` line (exit 1 or 2) and no traceback: never a hang, never a wrong record with exit 0.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import shutil
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import run_shardify, without_permission_override
from helpers.command_batch import Outcome, run_batch
from helpers.one_place import records, rejects
from helpers.shard_io import read_report, read_shard
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import ManifestError, ShardifyError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

_TIMEOUT_SECONDS = 120


def _features(out: Path) -> dict[str, dict[str, object]]:
    """{image file name: its record's features} of every shard in OUT."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def _list(value: object) -> list:
    return value if isinstance(value, list) else [value]


def _rejected(out: Path) -> dict[str, str]:
    """{path: reason} of the rejects report (a table's or annotation file's row number left off)."""
    found: dict[str, str] = {}
    for line in read_report(out, naming.REJECTS_FILENAME):
        assert line["path"] not in found, f"{line['path']} rejected twice"
        found[line["path"]] = line["reason"]
    return found


def _repaired(out: Path) -> dict[str, str]:
    """{path: what was repaired} of the repairs report."""
    path = out / naming.REPAIRS_FILENAME
    return {line["path"]: json.dumps(line) for line in read_report(out, naming.REPAIRS_FILENAME)} if path.exists() else {}


def _boxes_inside(record: dict) -> None:
    """Every box of a record lies in the image, each edge before its far edge (never a box of
    negative size or one leaving the image, as the documented repairs promise)."""
    xmin, ymin = _list(record.get(contract.OBJECT_XMIN, [])), _list(record.get(contract.OBJECT_YMIN, []))
    xmax, ymax = _list(record.get(contract.OBJECT_XMAX, [])), _list(record.get(contract.OBJECT_YMAX, []))
    for box in zip(xmin, ymin, xmax, ymax):
        assert 0.0 <= box[0] < box[2] <= 1.0 and 0.0 <= box[1] < box[3] <= 1.0, box


def _each_once(out: Path, inputs: list[str], written: list[str], ignored: frozenset[str] = frozenset()) -> dict[str, str]:
    """Each of `inputs` is a record or a reject, not both, and exactly `written` are records;
    nothing else is in either (but `ignored`). Returns the rejects."""
    records, rejected = _features(out), {k: v for k, v in _rejected(out).items() if k not in ignored}
    assert not set(records) & set(rejected), set(records) & set(rejected)
    assert set(records) | set(rejected) == set(inputs), (sorted(set(inputs) - set(records) - set(rejected)),
                                                         sorted(set(records) | set(rejected) - set(inputs)))  # fmt: skip
    assert sorted(records) == sorted(written), ({k: rejected.get(k) for k in written}, sorted(records))
    return rejected


# --- COCO: values JSON allows that no box or id is ---------------------------------------------


def _coco(root: Path, images: dict[str, int], annotations: list[dict], text: str | None = None) -> Path:
    """COCO's instances file (cocodataset.org/#format-data) beside train2017/: `images` {name: id}."""
    for seed, name in enumerate(images):
        write_file(root / "train2017" / name, image_bytes(size=(24, 16), seed=seed))
    document = {
        "info": {"description": "hostile"},
        "images": [{"id": i, "file_name": name, "width": 24, "height": 16} for name, i in images.items()],
        "annotations": annotations,
        "categories": [{"id": 1, "name": "cat", "supercategory": "animal"},
                       {"id": 2, "name": "dog", "supercategory": "animal"}],
    }  # fmt: skip
    write_file(root / "annotations" / "instances_train2017.json", text if text is not None else json.dumps(document))
    return root


def _ann(number: int, image_id: object, bbox: object, category_id: object = 1) -> dict:
    return {"id": number, "image_id": image_id, "category_id": category_id, "bbox": bbox, "area": 48.0,
            "iscrowd": 0, "segmentation": []}  # fmt: skip


_COCO_BOXES: dict[str, object] = {
    "good.jpg": [2.0, 2.0, 8.0, 6.0],
    "nan.jpg": [float("nan"), 2.0, 8.0, 6.0],
    "infinity.jpg": [2.0, 2.0, float("inf"), 6.0],
    "minus_infinity.jpg": [float("-inf"), 2.0, 8.0, 6.0],
    "negative_width.jpg": [10.0, 2.0, -8.0, 6.0],
    "negative_height.jpg": [2.0, 10.0, 8.0, -6.0],
    "three_numbers.jpg": [2.0, 2.0, 8.0],
    "strings.jpg": ["2", "2", "8", "6"],
    "booleans.jpg": [True, True, True, True],
    "nested.jpg": [[2.0, 2.0, 8.0, 6.0]],
    "null.jpg": None,
    "huge.jpg": [2.0, 2.0, 10**400, 6.0],
    "overflow.jpg": [2.0, 12345.5, 8.0, 6.0],
}


def test_coco_boxes_of_nan_infinity_negative_sizes_and_other_types_reject_their_image(tmp_path: Path) -> None:
    """JSON as Python writes it allows `NaN` and `Infinity`, and `1e309` parses to infinity: a box
    of them, 3 numbers, strings, booleans or a 400-digit integer is no box. A negative width is a
    box of no area: dropped from its image, which the repairs report names (docs/records.md)."""
    images = {name: index + 1 for index, name in enumerate(_COCO_BOXES)}
    annotations = [_ann(images[name], images[name], box) for name, box in _COCO_BOXES.items()]
    source = _coco(tmp_path / "coco", images, annotations)
    path = source / "annotations" / "instances_train2017.json"
    path.write_text(path.read_text().replace("12345.5", "1e309"))  # json.dumps writes no 1e309 itself
    out = convert(source, tmp_path / "out", shards=1)
    repaired = ["train2017/negative_width.jpg", "train2017/negative_height.jpg"]  # documented: object dropped
    _each_once(out, [f"train2017/{name}" for name in _COCO_BOXES], ["train2017/good.jpg", *repaired])
    for name in repaired:
        assert not _list(_features(out)[name].get(contract.OBJECT_TEXT, [])) and "no area" in _repaired(out)[name]
    good = _features(out)["train2017/good.jpg"]
    assert _list(good[contract.OBJECT_XMIN]) == [pytest.approx(2 / 24)]


def test_coco_ids_given_as_booleans_or_strings_never_name_image_1_or_category_1(tmp_path: Path) -> None:
    """`true == 1` in Python: an annotation whose `image_id` or `category_id` is `true` (or `"1"`)
    must not give image 1 another box, nor a box category 1 (COCO's ids are integers)."""
    images = {"one.jpg": 1, "two.jpg": 2, "three.jpg": 3}
    annotations = [
        _ann(1, 1, [2.0, 2.0, 8.0, 6.0], 1),
        _ann(2, True, [1.0, 1.0, 3.0, 3.0], 2),  # not image 1
        _ann(3, "1", [1.0, 1.0, 3.0, 3.0], 2),  # not image 1 either
        _ann(4, 2, [2.0, 2.0, 8.0, 6.0], True),  # not category 1
        _ann(5, 3, [2.0, 2.0, 8.0, 6.0], 2),
        _ann(6, 3, [1.0, 1.0, 3.0, 3.0], 2.0),  # 2.0: a whole number, but not an integer as written
    ]
    out = convert(_coco(tmp_path / "coco", images, annotations), tmp_path / "out", shards=1)
    written = _features(out)
    if "train2017/one.jpg" in written:
        assert _list(written["train2017/one.jpg"][contract.OBJECT_TEXT]) == [b"cat"], "image 1 got another's box"
    if "train2017/two.jpg" in written:
        assert b"cat" not in _list(written["train2017/two.jpg"].get(contract.OBJECT_TEXT, [])), "true read as category 1"
    assert set(written) | set(_rejected(out)) >= {f"train2017/{n}" for n in images}
    assert "train2017/two.jpg" not in written, "its only box names no category"


def test_coco_image_file_names_leading_outside_src_are_never_read(tmp_path: Path) -> None:
    """`file_name` of `../secret.jpg`, an absolute path and a folder's `..`: no record holds those
    bytes; the images of SRC still convert."""
    secret = write_file(tmp_path / "secret.jpg", image_bytes(size=(24, 16), seed=99))
    images = {"good.jpg": 1, "../../secret.jpg": 2, str(secret): 3, "x/../../../secret.jpg": 4}
    root = tmp_path / "coco"
    annotations = [_ann(i, i, [2.0, 2.0, 8.0, 6.0]) for i in images.values()]
    write_file(root / "train2017" / "good.jpg", image_bytes(size=(24, 16), seed=0))
    document = {
        "images": [{"id": i, "file_name": name, "width": 24, "height": 16} for name, i in images.items()],
        "annotations": annotations, "categories": [{"id": 1, "name": "cat", "supercategory": "animal"}],
    }  # fmt: skip
    write_file(root / "annotations" / "instances_train2017.json", json.dumps(document))
    out = convert(root, tmp_path / "out", shards=1)
    written = _features(out)
    assert list(written) == ["train2017/good.jpg"], list(written)
    for record in written.values():
        assert record[contract.IMAGE_ENCODED] != secret.read_bytes()


def test_a_coco_file_opening_with_a_byte_order_mark_keeps_every_box(tmp_path: Path) -> None:
    """RFC 8259 lets a parser ignore a leading BOM; Windows tools write one. Its images must not be
    written without their boxes (json.loads refuses the BOM)."""
    images = {"a.jpg": 1, "b.jpg": 2}
    document = {
        "images": [{"id": i, "file_name": n, "width": 24, "height": 16} for n, i in images.items()],
        "annotations": [_ann(1, 1, [2.0, 2.0, 8.0, 6.0]), _ann(2, 2, [1.0, 1.0, 4.0, 4.0], 2)],
        "categories": [{"id": 1, "name": "cat", "supercategory": "animal"}, {"id": 2, "name": "dog", "supercategory": "animal"}],
    }  # fmt: skip
    source = _coco(tmp_path / "coco", images, [], text="\ufeff" + json.dumps(document))
    out = convert(source, tmp_path / "out", shards=1)
    written = _features(out)
    for name, record in written.items():
        assert _list(record.get(contract.OBJECT_TEXT, [])), f"{name} written without its box"
    assert sorted(written) == ["train2017/a.jpg", "train2017/b.jpg"]


def test_a_coco_file_repeating_a_top_level_key_is_refused_naming_it(tmp_path: Path) -> None:
    """`{"images": [...], "annotations": [...], "annotations": []}`: json.loads keeps the last
    list silently, every image written without its boxes."""
    images = {"a.jpg": 1, "b.jpg": 2}
    body = json.dumps([{"id": i, "file_name": n, "width": 24, "height": 16} for n, i in images.items()])
    boxes = json.dumps([_ann(1, 1, [2.0, 2.0, 8.0, 6.0]), _ann(2, 2, [1.0, 1.0, 4.0, 4.0])])
    cats = json.dumps([{"id": 1, "name": "cat", "supercategory": "animal"}])
    text = f'{{"images": {body}, "annotations": {boxes}, "categories": {cats}, "annotations": []}}'
    source = _coco(tmp_path / "coco", images, [], text=text)
    try:
        convert(source, tmp_path / "out", shards=1)
    except ShardifyError as error:  # the command's one `error:` line
        assert "instances_train2017.json" in str(error) and "\n" not in str(error), str(error)
        return
    written = _features(tmp_path / "out")
    assert not written, "images written from a file whose annotations are given twice"
    assert "'annotations'" in _rejected(tmp_path / "out").get("annotations/instances_train2017.json", "")


# --- Pascal VOC: XML in other encodings, entities, degenerate boxes ------------------------------


def _voc(name: str, box: tuple[str, ...] = ("2", "2", "12", "8"), label: str = "dog", size: tuple = ("24", "16")) -> str:
    xmin, ymin, xmax, ymax = box
    return (
        f"<annotation><folder>VOC2012</folder><filename>{name}.jpg</filename>"
        f"<size><width>{size[0]}</width><height>{size[1]}</height><depth>3</depth></size><segmented>0</segmented>"
        f"<object><name>{label}</name><pose>Left</pose><truncated>0</truncated><difficult>0</difficult>"
        f"<bndbox><xmin>{xmin}</xmin><ymin>{ymin}</ymin><xmax>{xmax}</xmax><ymax>{ymax}</ymax></bndbox></object>"
        "</annotation>"
    )


_LAUGHS = (
    '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE annotation [\n<!ENTITY a "aaaaaaaaaa">\n'
    + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(9))
    + "]>\n"
)


def test_voc_annotations_in_utf16_with_entities_xxe_or_degenerate_boxes_reject_their_image(tmp_path: Path) -> None:
    """A billion laughs and an external entity written in UTF-16 (no `<!ENTITY` bytes to find); a
    name holding a control character: each image one reject, in bounded time. A box whose xmin
    passes its xmax is a box of no area (dropped, repaired); a `<size>` of 0 pixels is not what
    the image's own header gives, which decides."""
    source = tmp_path / "voc"
    annotations = {
        "good": _voc("good").encode(),
        "good16": ('<?xml version="1.0" encoding="UTF-16"?>\n' + _voc("good16")).encode("utf-16"),
        "laughs": (_LAUGHS + _voc("laughs", label="&j;")).encode("utf-16"),
        "xxe": ('<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE annotation [<!ENTITY x SYSTEM "file:///etc/hostname">]>\n'
                + _voc("xxe", label="&x;")).encode("utf-16"),  # fmt: skip
        "reversed": _voc("reversed", box=("12", "2", "2", "8")).encode(),
        "control": _voc("control", label="do&#27;[31mg").encode(),
        "zero_size": _voc("zero_size", size=("0", "0")).encode(),
    }
    for seed, (name, data) in enumerate(annotations.items()):
        write_file(source / "JPEGImages" / f"{name}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(source / "Annotations" / f"{name}.xml", data)
    convert(source, tmp_path / "out", shards=1)
    ignored = frozenset(f"Annotations/{n}.xml" for n in annotations)
    written = ["JPEGImages/good.jpg", "JPEGImages/good16.jpg", "JPEGImages/reversed.jpg", "JPEGImages/zero_size.jpg"]
    _each_once(tmp_path / "out", [f"JPEGImages/{n}.jpg" for n in annotations], written, ignored)
    features = _features(tmp_path / "out")
    for name in written:
        _boxes_inside(features[name])
    assert _list(features["JPEGImages/good16.jpg"][contract.OBJECT_TEXT]) == [b"dog"]
    assert not _list(features["JPEGImages/reversed.jpg"].get(contract.OBJECT_TEXT, []))  # a box of no area: repaired
    assert "no area" in _repaired(tmp_path / "out")["JPEGImages/reversed.jpg"]


# --- YOLO: lines of other shapes ------------------------------------------------------------------


def test_yolo_lines_of_six_fields_negative_classes_and_coordinates_past_1_reject_their_image(tmp_path: Path) -> None:
    """Ultralytics' detection line is `class x y w h`, normalised to 0..1 (a segmentation line has
    an even number of coordinates, at least 6). Each other shape is its image's reject; a box past
    the image is clipped (or dropped, of no area) as documented, and a byte-order mark is no field."""
    lines = {
        "good": "0 0.5 0.5 0.25 0.25\r\n1 0.25 0.25 0.1 0.1\r\n",
        "bom": "\ufeff0 0.5 0.5 0.25 0.25\n",
        "six_fields": "0 0.5 0.5 0.25 0.25 0.9\n",
        "negative_class": "-1 0.5 0.5 0.25 0.25\n",
        "float_class": "1.5 0.5 0.5 0.25 0.25\n",
        "class_past_names": "7 0.5 0.5 0.25 0.25\n",
        "past_one": "0 1.5 0.5 2.0 0.25\n",
        "negative_width": "0 0.5 0.5 -0.25 0.25\n",
        "nul": "0 0.5 0.5\x00 0.25 0.25\n",
    }
    source = tmp_path / "yolo"
    for seed, (name, text) in enumerate(lines.items()):
        write_file(source / "images" / f"{name}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(source / "labels" / f"{name}.txt", text)
    write_file(source / "data.yaml", "names: [cat, dog]\n")
    out = convert(source, tmp_path / "out", shards=1)
    repaired = ["images/past_one.jpg", "images/negative_width.jpg"]  # clipped, or dropped: no area
    _each_once(out, [f"images/{name}.jpg" for name in lines], ["images/good.jpg", "images/bom.jpg", *repaired])
    for name in repaired:
        _boxes_inside(_features(out)[name])
        assert name in _repaired(out)
    assert _list(_features(out)["images/bom.jpg"][contract.OBJECT_TEXT]) == [b"cat"]


# --- CIFAR batches whose labels name no class ----------------------------------------------------


def _batch(count: int, labels: list) -> bytes:
    data = np.random.default_rng(count).integers(0, 255, (count, 3072), dtype=np.uint8)
    return pickle.dumps({b"batch_label": b"hostile", b"labels": labels, b"data": data,
                         b"filenames": [f"{i}.png".encode() for i in range(count)]}, protocol=2)  # fmt: skip


class _Owned:
    """Unpickled by `pickle.load`, this runs a command: CIFAR's batches are pickles."""

    def __reduce__(self) -> tuple:
        return (os.system, ("touch /tmp/shardify-round-seven-owned",))


def test_cifar_labels_past_the_class_names_or_fewer_than_the_images_are_never_records(tmp_path: Path) -> None:
    """CIFAR-10's python version (cs.toronto.edu/~kriz/cifar.html): `batches.meta` names 10
    classes; a batch's label 12 names none, a batch with 4 images and 3 labels pairs nothing
    safely, and a batch whose pickle calls `os.system` must never be run. None becomes a record
    with exit 0 under a label it does not have."""
    folder = tmp_path / "src" / "cifar-10-batches-py"
    names = [b"airplane", b"automobile", b"bird", b"cat", b"deer", b"dog", b"frog", b"horse", b"ship", b"truck"]
    write_file(folder / "batches.meta", pickle.dumps({b"label_names": names, b"num_cases_per_batch": 4}, protocol=2))
    write_file(folder / "data_batch_1", _batch(4, [0, 1, 12, 3]))
    write_file(folder / "test_batch", _batch(4, [0, 1, 2]))
    write_file(folder / "data_batch_2", pickle.dumps(_Owned(), protocol=2))  # a pickle that runs a command
    convert(tmp_path / "src", tmp_path / "out")
    written, rejected = _features(tmp_path / "out"), _rejected(tmp_path / "out")
    # Each record under its own class's name (labels are renumbered over the names in use).
    assert {key: record[contract.LABEL_TEXT] for key, record in written.items()} == {
        "cifar-10-batches-py/data_batch_1#0": b"airplane", "cifar-10-batches-py/data_batch_1#1": b"automobile",
        "cifar-10-batches-py/data_batch_1#3": b"cat"}
    assert "label 12" in rejected["cifar-10-batches-py/data_batch_1#2"]
    assert "3 labels" in rejected["cifar-10-batches-py/test_batch"]
    assert "posix.system" in rejected["cifar-10-batches-py/data_batch_2"] or "system" in rejected["cifar-10-batches-py/data_batch_2"]
    assert not Path("/tmp/shardify-round-seven-owned").exists(), "a pickle ran a command"


def test_numpy_arrays_of_pickled_objects_are_never_unpickled(tmp_path: Path) -> None:
    """Keras' `mnist.npz` whose `x_train` is an object array of a pickle that runs a command, and
    bare `.npy` files holding the same beside uint8 twins: nothing is unpickled; the npz's good
    arrays convert and its object array is its reject; so do bare `.npy` files paired as x/y halves."""
    owned = Path("/tmp/shardify-round-seven-owned")
    objects = np.array([_Owned()] * 4, dtype=object)
    pixels, labels = np.zeros((4, 8, 8), np.uint8), np.arange(4) % 2
    write_file(tmp_path / "npz" / "mnist.npz", b"")
    np.savez(tmp_path / "npz" / "mnist.npz", x_train=objects, y_train=labels, x_test=pixels, y_test=labels)
    convert(tmp_path / "npz", tmp_path / "out", shards=1)
    written, rejected = _features(tmp_path / "out"), _rejected(tmp_path / "out")
    assert sorted(written) == [f"mnist.npz#x_test:{i}" for i in range(4)], (sorted(written), rejected)
    assert any(key.startswith("mnist.npz") and "x_train" in key + reason for key, reason in rejected.items()), rejected
    for name, array in (("x_train.npy", objects), ("y_train.npy", labels), ("x_test.npy", pixels), ("y_test.npy", labels)):
        np.save(write_file(tmp_path / "npy" / name, b""), array, allow_pickle=True)
    # x_/y_ pairs (issue 30): x_test.npy converts with y_test.npy's labels, x_train.npy's objects are its reject
    convert(tmp_path / "npy", tmp_path / "out_npy", shards=1)
    written, rejected = _features(tmp_path / "out_npy"), _rejected(tmp_path / "out_npy")
    assert sorted(written) == [f"x_test.npy#{i}" for i in range(4)], (sorted(written), rejected)
    assert list(rejected) == ["x_train.npy"] and "Python objects" in rejected["x_train.npy"], rejected
    assert not owned.exists(), "a pickle ran a command"


def _h5(path: Path, images: np.ndarray, labels: np.ndarray) -> None:
    import h5py

    path.parent.mkdir(parents=True, exist_ok=True)
    with h5py.File(path, "w") as f:
        f.create_dataset("x", data=images)
        f.create_dataset("y", data=labels)


def test_hdf5_labels_of_strings_bools_past_int64_or_fewer_than_the_images_are_never_records(tmp_path: Path) -> None:
    """An HDF5 file of `x` (uint8 images) and `y` (a label a row), as round four's twins: `y` of
    byte strings, of booleans, or one label short: the file's reject; a negative label: its image's;
    a uint64 value past int64 is a whole number >= 0, kept as the label name it is."""
    pytest.importorskip("h5py")
    source = tmp_path / "src"
    pixels = np.random.default_rng(1).integers(0, 256, (4, 8, 8), dtype=np.uint8)
    _h5(source / "digits_train.h5", pixels, np.arange(4) % 2)
    _h5(source / "strings_test.h5", pixels, np.array([b"cat", b"dog", b"cat", b"dog"]))
    _h5(source / "booleans_test.h5", pixels, np.array([True, False, True, False]))
    _h5(source / "huge_test.h5", pixels, np.array([0, 1, 2**64 - 1, 1], np.uint64))
    _h5(source / "negative_test.h5", pixels, np.array([0, -1, 1, 0]))
    _h5(source / "short_test.h5", pixels, np.array([0, 1, 1]))
    convert(source, tmp_path / "out", shards=1)
    written, rejected = _features(tmp_path / "out"), _rejected(tmp_path / "out")
    inputs = [f"{name}#x:{i}" for name in ("digits_train.h5", "huge_test.h5", "negative_test.h5") for i in range(4)]
    inputs += ["strings_test.h5", "booleans_test.h5", "short_test.h5"]
    assert set(written) | set(rejected) == set(inputs) and not set(written) & set(rejected), (sorted(written), rejected)
    assert "label -1 of y is negative" in rejected["negative_test.h5#x:1"]
    for name in ("strings_test.h5", "booleans_test.h5", "short_test.h5"):
        assert "whole-number labels" in rejected[name], rejected[name]
    assert written["huge_test.h5#x:2"][contract.LABEL_TEXT] == str(2**64 - 1).encode(), "the file's own value, as a name"


# --- images of every mode, animated, rotated, bombs in headers and text chunks ----------------------


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png_with_header(width: int, height: int) -> bytes:
    """A small PNG whose IHDR is rewritten to `width` x `height` (its CRC made to match): what
    it declares, not what it holds (PNG spec 11.2.2)."""
    data = image_bytes(fmt="PNG", size=(24, 16))
    body = struct.pack(">II", width, height) + data[24:29]
    return data[:8] + _png_chunk(b"IHDR", body) + data[33:]


def _png_with_ztxt(inflated_bytes: int) -> bytes:
    """A good 24 x 16 PNG holding a zTXt chunk that inflates to `inflated_bytes`: a bomb in a
    text chunk, before the pixels."""
    data = image_bytes(fmt="PNG", size=(24, 16))
    text = _png_chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(b" " * inflated_bytes, 9))
    return data[:33] + text + data[33:]


def _jpeg_with_size(width: int, height: int) -> bytes:
    data = bytearray(image_bytes(size=(24, 16)))
    at = data.index(b"\xff\xc0")
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def _exif_jpeg(exif: bytes) -> bytes:
    image = Image.fromarray(np.random.default_rng(3).integers(0, 255, (16, 24, 3), dtype=np.uint8))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif)
    return buffer.getvalue()


def _exif(orientation: int, loop: bool = False) -> bytes:
    """A TIFF-structured EXIF block of one IFD giving Orientation (0x0112); `loop`: its next-IFD
    offset points back at itself (EXIF 2.32, 4.6.2: an IFD list ends at offset 0)."""
    entry = struct.pack("<HHII", 0x0112, 3, 1, orientation & 0xFFFF)
    ifd = struct.pack("<H", 1) + entry + struct.pack("<I", 8 if loop else 0)
    return b"Exif\x00\x00" + b"II*\x00" + struct.pack("<I", 8) + ifd


def _frames(fmt: str, count: int = 3, **save) -> bytes:
    frames = [Image.fromarray(np.full((16, 24, 3), 60 * i, np.uint8)) for i in range(count)]
    buffer = io.BytesIO()
    frames[0].save(buffer, fmt, save_all=True, append_images=frames[1:], duration=100, loop=0, **save)
    return buffer.getvalue()


def _mode(mode: str, fmt: str = "PNG") -> bytes:
    array = np.random.default_rng(5).integers(0, 255, (16, 24), dtype=np.uint8)
    if mode == "I;16":
        image = Image.fromarray(array.astype(np.uint16) * 257, "I;16")
    else:
        image = Image.fromarray(array, "L").convert(mode)
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def test_images_of_every_mode_animation_exif_and_header_bomb_are_records_that_decode_or_rejects(tmp_path: Path) -> None:
    """Each image either becomes a record whose stored bytes decode to the height and width the
    record gives (orientation 1..8) or is one reject: a 0-byte file, a PNG cut in half, a PNG and
    a JPEG declaring 900 and 4,225 megapixels in a few hundred bytes, a PNG of width 0, a zTXt
    chunk inflating to 20 MB, an EXIF orientation of 9999, an EXIF IFD list that loops; beside
    CMYK, 16-bit, LA, 1-bit, palette-with-alpha, animated GIF, APNG and animated WebP twins."""
    good = image_bytes(size=(24, 16))
    images = {
        "good.jpg": good,
        "empty.jpg": b"",
        "cut.png": image_bytes(fmt="PNG", size=(24, 16))[:200],
        "bomb.png": _png_with_header(30_000, 30_000),
        "bomb.jpg": _jpeg_with_size(65_000, 65_000),
        "zero_width.png": _png_with_header(0, 16),
        "ztxt_bomb.png": _png_with_ztxt(20 << 20),
        "exif_rotated.jpg": _exif_jpeg(_exif(6)),
        "exif_9999.jpg": _exif_jpeg(_exif(9999)),
        "exif_loop.jpg": _exif_jpeg(_exif(6, loop=True)),
        "cmyk.jpg": image_bytes("CMYK", size=(24, 16)),
        "sixteen.png": _mode("I;16"),
        "la.png": _mode("LA"),
        "bilevel.png": _mode("1"),
        "palette_alpha.png": image_bytes("P", fmt="PNG", size=(24, 16), transparency=0),
        "animated.gif": _frames("GIF"),
        "animated.png": _frames("PNG"),
        "animated.webp": _frames("WEBP", lossless=True),
        "png_named.jpg": image_bytes(fmt="PNG", size=(24, 16)),
    }
    source = tmp_path / "src"
    for name, data in images.items():
        write_file(source / "photos" / name, data)
    out = convert(source, tmp_path / "out", shards=1, label_level=0)
    inputs = [f"photos/{name}" for name in images]
    records, rejected = _features(out), _rejected(out)
    assert set(records) | set(rejected) == set(inputs) and not set(records) & set(rejected), (sorted(records), rejected)
    for name in ("empty.jpg", "cut.png", "bomb.png", "bomb.jpg", "zero_width.png"):
        assert f"photos/{name}" in rejected, (name, sorted(records))
    for name in ("good.jpg", "exif_rotated.jpg", "cmyk.jpg", "sixteen.png", "la.png", "bilevel.png", "palette_alpha.png",
                 "animated.gif", "animated.png", "animated.webp", "png_named.jpg"):  # fmt: skip
        assert f"photos/{name}" in records, (name, rejected.get(f"photos/{name}"))
    for name, record in records.items():
        decoded = Image.open(io.BytesIO(record[contract.IMAGE_ENCODED]))
        decoded.load()
        assert decoded.size == (record[contract.IMAGE_WIDTH], record[contract.IMAGE_HEIGHT]), name
        assert 1 <= record.get(contract.IMAGE_ORIENTATION, 1) <= 8, (name, record.get(contract.IMAGE_ORIENTATION))
    assert records["photos/exif_rotated.jpg"][contract.IMAGE_ORIENTATION] == 6


# --- texts and tables: NUL bytes, lone surrogates, other encodings, ragged rows ------------------


def _texts(out: Path) -> dict[str, str]:
    """{text source: the record's text}."""
    return {key: text for key, (_, _, text) in records(out).items()}


def test_text_files_of_nul_bytes_utf16_boms_and_bytes_no_encoding_has_are_records_as_written_or_rejects(tmp_path: Path) -> None:
    """A record holds the file's text exactly (a UTF-8 byte-order mark is no text; Windows-1252 is
    read as such and said): NUL bytes, UTF-16, an encoded lone surrogate that Windows-1252 cannot
    give either (0x81), an empty file are each one reject; CR-only line ends are kept as written."""
    texts = {
        "good.txt": ("a fine review\n".encode(), "a fine review\n"),
        "bom.txt": ("\ufeffa review with a mark\n".encode(), "a review with a mark\n"),
        "cr_only.txt": (b"line one\rline two\r", "line one\rline two\r"),
        "crlf.txt": (b"line one\r\nline two\r\n", "line one\r\nline two\r\n"),
        "cp1252.txt": ("caf\u00e9 cr\u00e8me".encode("cp1252"), "caf\u00e9 cr\u00e8me"),
        "nul.txt": (b"hello\x00world\n", None),
        "utf16.txt": ("a review in UTF-16\n".encode("utf-16"), None),
        "surrogate.txt": (b"caf\xed\xa0\x80\x81", None),
        "empty.txt": (b"", None),
    }
    source = tmp_path / "src"
    for index, (name, (data, _)) in enumerate(texts.items()):
        write_file(source / ("pos" if index % 2 else "neg") / name, data)
    out = convert(source, tmp_path / "out", shards=1)
    written, rejected = _texts(out), rejects(out)
    paths = {name: f"{'pos' if index % 2 else 'neg'}/{name}" for index, name in enumerate(texts)}
    assert set(written) | set(rejected) == set(paths.values()) and not set(written) & set(rejected), (sorted(written), rejected)
    for name, (_, text) in texts.items():
        if text is None:
            assert paths[name] in rejected, (name, written.get(paths[name]))
        else:
            assert written.get(paths[name]) == text, (name, written.get(paths[name]), rejected.get(paths[name]))


def test_jsonl_rows_holding_lone_surrogates_or_nul_escapes_are_each_their_own_reject_or_exact(tmp_path: Path) -> None:
    r"""JSON may escape a lone surrogate (`"\ud800"`), which no UTF-8 text holds: that row (text or
    label) is one reject, never a traceback nor a U+FFFD; `"\u0000"` is text JSON allows."""
    rows = [
        '{"text": "a good row", "label": "pos"}',
        '{"text": "a lone \\ud800 surrogate", "label": "neg"}',
        '{"text": "a fine row", "label": "\\udc80"}',
        '{"text": "nul \\u0000 inside", "label": "pos"}',
        '{"text": "a pair \\ud83d\\ude00 is fine", "label": "neg"}',
        '{"text": "another", "label": "neg"}',
    ]
    write_file(tmp_path / "src" / "train.jsonl", "\n".join(rows) + "\n")
    convert(tmp_path / "src", tmp_path / "out", shards=1)
    written, rejected = _texts(tmp_path / "out"), rejects(tmp_path / "out")
    assert len(written) + len(rejected) == len(rows), (written, rejected)
    assert "a good row" in written.values() and "a pair \U0001f600 is fine" in written.values()
    assert all("\ufffd" not in text and "\ud800" not in text for text in written.values())
    assert len(rejected) >= 2, rejected


def test_csv_rows_with_quoted_newlines_ragged_cells_and_nul_bytes_each_end_in_one_place(tmp_path: Path) -> None:
    """RFC 4180: a quoted field may hold line breaks (one row); a row of 3 cells or of 1 under a
    2-column header is no row of that table: its reject, never a record with its cells shifted."""
    lines = [
        "text,label",
        '"first line\nsecond line",pos',
        "plain row,neg",
        "too,many,cells",
        "lonely",
        '"quoted ""inner"" quotes",pos',
        "nul\x00byte,neg",
        "last row,pos",
    ]
    write_file(tmp_path / "src" / "reviews.csv", "\ufeff" + "\n".join(lines) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", shards=1)
    written, rejected = records(out), rejects(out)
    texts = {text: labels for _, labels, text in written.values()}
    assert texts.get("first line\nsecond line") == ("pos",), texts
    assert texts.get('quoted "inner" quotes') == ("pos",) and texts.get("last row") == ("pos",)
    assert texts.get("plain row") == ("neg",)
    assert not any(t.startswith(("too", "lonely", "many", "cells")) for t in texts), texts
    assert len(written) + len(rejected) == 7, (texts, rejected)
    assert sum(1 for reason in rejected.values() if "cell" in reason or "field" in reason or "column" in reason) >= 2, rejected


# --- the file system: links that loop, names of line breaks and terminal escapes -------------------


def test_links_that_dangle_loop_or_lead_to_a_device_end_in_one_place_and_nothing_hangs(tmp_path: Path) -> None:
    """A dangling link, a link to itself, two links naming each other, a link to `/dev/zero` and a
    folder link back to its parent (a cycle for any walk that follows folder links): each one
    reject, or left out, never read twice or forever; the real images each once."""
    source = tmp_path / "src"
    for label in ("cat", "dog"):
        for index in range(2):
            write_file(source / label / f"{index}.jpg", image_bytes(seed=index + (label == "dog") * 10))
    (source / "cat" / "dangling.jpg").symlink_to(tmp_path / "nowhere.jpg")
    (source / "cat" / "self.jpg").symlink_to("self.jpg")
    (source / "dog" / "ping.jpg").symlink_to("pong.jpg")
    (source / "dog" / "pong.jpg").symlink_to("ping.jpg")
    (source / "dog" / "zero.jpg").symlink_to("/dev/zero")
    (source / "cat" / "again").symlink_to("..")
    result = run_shardify("convert", str(source), str(tmp_path / "out"), "-q", "--max-rejects", "100%",
                          timeout=_TIMEOUT_SECONDS)  # fmt: skip
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-3000:]
    written, rejected = records(tmp_path / "out"), rejects(tmp_path / "out")
    assert sorted(written) == ["cat/0.jpg", "cat/1.jpg", "dog/0.jpg", "dog/1.jpg"], sorted(written)
    for link in ("cat/dangling.jpg", "cat/self.jpg", "dog/ping.jpg", "dog/pong.jpg", "dog/zero.jpg"):
        assert link in rejected, (link, rejected)
    assert not any(key.startswith("cat/again/") for key in rejected), "a folder link followed round its cycle"


_NAMES = {
    "line\nbreak.jpg": True,
    "carriage\rreturn.jpg": True,
    "tab\there.jpg": True,
    "\x1b[2J\x1b[31mclear.jpg": True,
    "-rf.jpg": True,
    "back\\slash.jpg": True,
    ("\u00e9" * 120) + ".jpg": True,  # 245 bytes: a name near the 255-byte limit
    " leading and trailing .jpg": True,
    "\u202egpj.exe": False,  # right-to-left override: a label or name that prints as another
    "bad\x1b[31m.jpg": False,  # not an image: its reject's line printed to a terminal
}


def test_names_holding_line_breaks_escapes_and_overrides_stay_one_input_and_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    """File names are bytes: a line break, a carriage return, a tab, ANSI escapes that clear a
    terminal, a leading `-`, 245 bytes of `é`: each image one record under its exact name (or one
    reject naming it); the reports stay one JSON line per input, and what the command prints
    holds no raw escape or carriage return (a name printed raw can rewrite the screen)."""
    source = tmp_path / "src"
    for index, (name, is_image) in enumerate(_NAMES.items()):
        data = image_bytes(seed=index) if is_image else b"\x1b[2Jnot an image at all"
        write_file(source / ("cat" if index % 2 else "dog") / name, data)
    write_file(source / "cat" / "plain.jpg", image_bytes(seed=50))
    result = run_shardify("convert", str(source), str(tmp_path / "out"), "--max-rejects", "100%", timeout=_TIMEOUT_SECONDS)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-3000:]
    printed = result.stdout + result.stderr
    assert "\x1b" not in printed and "\r" not in printed, repr(printed[-2000:])
    written, rejected = records(tmp_path / "out"), rejects(tmp_path / "out")
    paths = {f"{'cat' if i % 2 else 'dog'}/{name}" for i, name in enumerate(_NAMES)} | {"cat/plain.jpg"}
    assert set(written) | set(rejected) == paths and not set(written) & set(rejected), (sorted(written), rejected)
    assert "dog/line\nbreak.jpg" in written and "cat/bad\x1b[31m.jpg" in rejected


# --- our own output, tampered; the command given pipes, files and devices where folders belong ------


@pytest.fixture(scope="module")
def small_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six texts in two classes and one binary file (a reject) converted into 2 shards, once for
    this module (tests copy OUT; SRC is ROOT/src)."""
    root = tmp_path_factory.mktemp("small")
    for index in range(6):
        write_file(root / "src" / ("pos" if index % 2 else "neg") / f"{index}.txt", f"review {index} of the film\n")
    write_file(root / "src" / "neg" / "binary.txt", b"\x00\x01 not text")
    return convert(root / "src", root / "out", shards=2)


def _copy(small_output: Path, to: Path) -> Path:
    shutil.copytree(small_output, to)
    return to


@pytest.mark.parametrize(
    ("old", "new"),
    [('"num_records": 3', '"num_records": NaN'),
     ('"num_records": 3', '"num_records": Infinity'),
     ('"num_records": 3', '"num_records": 1e309'),
     ('"num_records": 3', '"num_records": ' + "9" * 5000),
     ('{', '\ufeff{')],
    ids=["NaN", "Infinity", "1e309", "5000 digits", "byte-order mark"],
)  # fmt: skip
def test_a_manifest_of_numbers_json_allows_and_no_count_is_refused_in_one_line(
    small_output: Path, tmp_path: Path, old: str, new: str
) -> None:
    """Python's JSON reads `NaN`, `Infinity` and `1e309` (inf) as floats and refuses integers of
    more than 4,300 digits with a ValueError: each a ManifestError naming the field or the file."""
    out = _copy(small_output, tmp_path / "out")
    path = out / naming.MANIFEST_FILENAME
    text = json.dumps(json.loads(path.read_text()), indent=1)
    assert old in text
    path.write_text(text.replace(old, new, 1))
    if new.startswith("\ufeff"):  # RFC 8259 lets a reader skip it; a manifest we wrote holds none
        try:
            load_manifest(str(out))
        except ManifestError as error:
            assert "\n" not in str(error)
        return
    with pytest.raises(ManifestError) as refused:
        load_manifest(str(out))
    message = str(refused.value)
    assert ("num_records" in message or naming.MANIFEST_FILENAME in message) and "\n" not in message, message


_REPORT_GARBAGE = {
    "not JSON": b"not json at all\n",
    "5000 digits": b'{"path": "x", "reason": ' + b"9" * 5000 + b"}\n",
    "NUL bytes": b"\x00\x00\x00\n",
    "a list": b"[1, 2]\n",
    "fields of other types": b'{"path": ["a"], "reason": {"b": 1}}\n',
}
_INPUTS_GARBAGE = {"not JSON": b"not json\n", "a line twice": b'{"path": "neg/0.txt"}\n' * 2, "not UTF-8": b"\xff\xfe\x00\n"}
_OUT_KINDS = ("file", "pipe", "device", "under a file")
_READING = ("verify", "inspect", "export-metadata", "bench")
_TARGETS = ("pipe", "file", "empty folder")
_SERVE = {
    "heartbeat inf": ["worker", "--dispatcher", "localhost:5050", "--heartbeat", "inf"],
    "heartbeat nan": ["worker", "--dispatcher", "localhost:5050", "--heartbeat", "nan"],
    "timeout nan": ["dispatcher", "--worker-timeout", "nan"],
    "timeout 1e308": ["dispatcher", "--worker-timeout", "1e308"],
}


@pytest.fixture(scope="module")
def refusals(small_output: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Outcome]]:
    """Every refusal of this section, set up under ROOT and run in one interpreter (`run_batch`):
    (ROOT, {case: Outcome})."""
    root = tmp_path_factory.mktemp("refusals")
    manifest = load_manifest(str(small_output))
    shard = manifest.splits["train"].shards[0]
    cases: dict[str, list[str]] = {}
    for name, part in (("shard pipe", shard.path), ("index pipe", shard.index)):
        out = _copy(small_output, root / name.replace(" ", "_"))
        (out / part).unlink()
        os.mkfifo(out / part)
        cases[name] = ["verify", str(out)]
    for name, garbage in _REPORT_GARBAGE.items():
        out = _copy(small_output, root / f"report_{len(cases)}")
        (out / naming.REJECTS_FILENAME).write_bytes(garbage)
        cases[f"verify report {name}"] = ["verify", str(out)]
        cases[f"inspect report {name}"] = ["inspect", str(out)]
    source = small_output.parent / "src"
    write_file(source / "pos" / "7.txt", "a review added later\n")
    for name, garbage in _INPUTS_GARBAGE.items():
        out = _copy(small_output, root / f"append_{name.replace(' ', '_')}")
        inputs = out / naming.inputs_filename(1)
        inputs.write_bytes(inputs.read_bytes() + garbage)
        cases[f"append {name}"] = ["convert", str(source), str(out), "--append", "-q"]
    for kind in _OUT_KINDS:
        out = root / f"out_{kind.replace(' ', '_')}"
        if kind == "file":
            out.write_text("precious\n")
        elif kind == "pipe":
            os.mkfifo(out)
        elif kind == "device":
            out = Path("/dev/null")
        else:
            write_file(root / "a_file", "precious\n")
            out = root / "a_file" / "out"
        cases[f"out {kind}"] = ["convert", str(source), str(out), "-q"]
    for kind in _TARGETS:
        target = root / f"target_{kind.replace(' ', '_')}"
        if kind == "pipe":
            os.mkfifo(target)
        elif kind == "file":
            target.write_text("{}\n")
        else:
            target.mkdir()
        for command in _READING:
            cases[f"{command} {kind}"] = [command, str(target)]
    for name, args in _SERVE.items():
        cases[f"serve {name}"] = ["serve", *args]
    return root, run_batch(cases, timeout=_TIMEOUT_SECONDS)


def test_a_shard_or_index_that_is_a_pipe_fails_verify_at_once_naming_it(small_output: Path, refusals: tuple) -> None:
    """A shard, or its index, replaced by a named pipe nobody writes to: `verify` names it in one
    line (exit 1); nothing blocks on the pipe."""
    shard, found = load_manifest(str(small_output)).splits["train"].shards[0], refusals[1]
    for name, part in (("shard pipe", shard.path), ("index pipe", shard.index)):
        assert found[name].code == 1 and part in found[name].error_line(), found[name]


@pytest.mark.parametrize("garbage", sorted(_REPORT_GARBAGE))
def test_a_rejects_report_of_garbage_fails_verify_and_inspect_in_one_line(refusals: tuple, garbage: str) -> None:
    """`rejected.jsonl` is ours, and still read as untrusted: `verify` fails naming it (one JSON
    object of a path and a reason a line); `inspect` names it in one line or shows it."""
    verify, inspect = refusals[1][f"verify report {garbage}"], refusals[1][f"inspect report {garbage}"]
    assert verify.code == 1 and naming.REJECTS_FILENAME in verify.error_line(), verify
    assert not inspect.raised and "Traceback" not in inspect.stderr, inspect.raised
    if inspect.code:
        assert inspect.code == 1 and naming.REJECTS_FILENAME in inspect.error_line(), inspect


@pytest.mark.parametrize("garbage", sorted(_INPUTS_GARBAGE))
def test_append_refuses_an_inputs_list_of_garbage_in_one_line(refusals: tuple, garbage: str) -> None:
    """`inputs-v00001.jsonl` says which inputs OUT holds: a line of garbage there stops `--append`
    naming it, never appends beside a list it could not read."""
    root, found = refusals
    outcome = found[f"append {garbage}"]
    assert outcome.code in (1, 2) and naming.inputs_filename(1) in outcome.error_line(), outcome
    out = root / f"append_{garbage.replace(' ', '_')}"
    assert load_manifest(str(out)).splits["train"].num_records == 6, "nothing appended"


@pytest.mark.parametrize("kind", _OUT_KINDS)
def test_an_output_folder_that_is_a_file_a_pipe_or_a_device_is_one_line(refusals: tuple, kind: str) -> None:
    """OUT given as a regular file, a named pipe, `/dev/null`, or a folder below a file: one
    `error:` line naming it (or the parser's usage error), nothing written, no hang."""
    root, found = refusals
    outcome = found[f"out {kind}"]
    assert outcome.code in (1, 2) and not outcome.raised, outcome
    shown = " ".join(outcome.stderr.translate(str.maketrans("", "", "│╭╮╰╯─")).split())
    assert "out" in shown and ("error: " in shown or "Invalid value" in shown), outcome.stderr
    if kind == "file":
        assert (root / "out_file").read_text() == "precious\n"


@pytest.mark.parametrize("command", _READING)
@pytest.mark.parametrize("kind", _TARGETS)
def test_reading_commands_given_a_pipe_a_file_or_an_empty_folder_say_so_in_one_line(
    refusals: tuple, command: str, kind: str
) -> None:
    """One `error:` line (exit 1), or the parser's usage error (exit 2) for what is no folder."""
    outcome = refusals[1][f"{command} {kind}"]
    assert outcome.code in (1, 2) and not outcome.raised, outcome
    if outcome.code == 1 or "Invalid value" not in outcome.stderr:
        outcome.error_line()


@pytest.mark.parametrize("case", sorted(_SERVE))
def test_serve_refuses_times_that_are_no_number_of_seconds_before_starting(refusals: tuple, case: str) -> None:
    """`nan` passes a `min=` range check (every comparison with it is false) and `inf` seconds are
    no count of milliseconds: refused as usage errors, never a traceback or a server that never beats."""
    outcome = refusals[1][f"serve {case}"]
    assert outcome.code == 2 and not outcome.raised, outcome
    assert "heartbeat" in outcome.stderr or "worker-timeout" in outcome.stderr, outcome.stderr


def test_bench_of_no_output_or_no_such_split_is_one_line_before_tensorflow_speaks(small_output: Path, tmp_path: Path) -> None:
    """As the installed command runs it: TensorFlow writes its start-up lines to stderr as it is
    imported, so `bench` checks OUT and the split first; stderr is the one `error:` line alone."""
    (tmp_path / "empty").mkdir()
    for args in (["bench", str(tmp_path / "empty")], ["bench", str(small_output), "--split", "nope"]):
        result = run_shardify(*args, timeout=60)
        assert result.returncode == 1, (args, result.stderr[-2000:])
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr[-2000:]


def test_a_label_file_or_layout_file_this_user_cannot_read_is_one_line(tmp_path: Path) -> None:
    """Permissions hold (root's override dropped by setpriv): `--labels` and `--layout-file` that
    cannot be read stop before any work, in one line naming them (exit 1) or as the parser's
    usage error (exit 2)."""
    source = tmp_path / "src"
    for index in range(4):
        write_file(source / f"{index}.txt", f"text {index}\n")
    labels = write_file(tmp_path / "labels.csv", "path,label\n0.txt,a\n1.txt,b\n2.txt,a\n3.txt,b\n")
    layout = write_file(tmp_path / "layout.yaml", "shardify_layout: 1\nlayout: classes\nmedia: text\n")
    labels.chmod(0), layout.chmod(0)
    cases = {option: ["convert", str(source), str(tmp_path / "out"), option, str(path), "-q"]
             for option, path in (("--labels", labels), ("--layout-file", layout))}  # fmt: skip
    for option, outcome in run_batch(cases, timeout=_TIMEOUT_SECONDS, prefix=without_permission_override()).items():
        assert outcome.code in (1, 2) and not outcome.raised, (option, outcome)
        if "Invalid value" in outcome.stderr:  # the parser's own check of a readable file: exit 2
            assert outcome.code == 2 and "not readable" in " ".join(outcome.stderr.split()), outcome.stderr
        else:
            assert Path(cases[option][4]).name in outcome.error_line(), (option, outcome)
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


# --- layout files and dataset cards: YAML tags, recursive aliases, deep nesting ----------------------


_LAYOUT_HEAD = "shardify_layout: 1\nlayout: classes\nmedia: image\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [(_LAYOUT_HEAD + "options: !!python/object/apply:os.system ['touch /tmp/shardify-round-seven-owned']\n", "not a YAML file"),
     (_LAYOUT_HEAD + "options: &o {shards: *o}\n", "options"),
     (_LAYOUT_HEAD + "structure: &s {root: '', split_level: -1, label_levels: *s}\n", "structure"),
     (_LAYOUT_HEAD + "match: &m [*m]\n", "match"),
     (_LAYOUT_HEAD + "options: {shards: .nan}\n", "shards"),
     (_LAYOUT_HEAD + "options: {shards: 1e400}\n", "shards"),
     (_LAYOUT_HEAD + "options: {shards: true}\n", "shards"),
     (_LAYOUT_HEAD + "options: {seed: 99999999999999999999999999}\n", "seed"),
     (_LAYOUT_HEAD + "options: {seed: !!binary aGVsbG8=}\n", "seed"),
     (_LAYOUT_HEAD + "? [a, b]\n: c\n", "")],
    ids=["python tag", "options refer to themselves", "structure refers to itself", "match refers to itself",
         "shards nan", "shards 1e400", "shards true", "seed past int64", "seed as bytes", "a key that is a list"],
)  # fmt: skip
def test_a_layout_file_of_tags_recursive_aliases_and_odd_types_is_one_line(text: str, said: str) -> None:
    from shardify.errors import UsageError
    from shardify.plan import layout_file

    with pytest.raises(UsageError) as refused:
        layout_file.loads(text, where="L.yaml")
    message = str(refused.value)
    assert message.startswith("L.yaml: ") and said in message and "\n" not in message, message
    assert not Path("/tmp/shardify-round-seven-owned").exists()


@pytest.mark.parametrize(
    "front",
    ["configs: " + "[" * 5000 + "]" * 5000,
     "configs: " + "{a: " * 3000 + "1" + "}" * 3000,
     "configs: !!python/object/apply:os.system ['touch /tmp/shardify-round-seven-owned']",
     "configs: &c [{config_name: default, data_files: *c}]",
     "configs:\n- config_name: default\n  data_files: &d {train: *d}",
     "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: ../../../etc/*",
     "configs:\n- config_name: default\n  data_files:\n  - split: '../x'\n    path: '*.csv'",
     "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: [1, 2]",
     "\ufeffconfigs: [1]"],
    ids=["5000 lists deep", "3000 mappings deep", "python tag", "configs refer to themselves", "data_files refer to themselves",
         "a path leaving SRC", "a split leaving OUT", "paths of numbers", "a BOM inside"],
)  # fmt: skip
def test_a_dataset_card_of_hostile_yaml_says_nothing_or_stops_in_one_line(front: str) -> None:
    """A README.md's front matter is the dataset author's, and untrusted: it is read for splits
    only where it parses to what the Hub documents; otherwise it says nothing (the splits are
    guessed) or stops the run in one line naming it, never a RecursionError."""
    from shardify.errors import UsageError
    from shardify.plan import dataset_card

    text = f"---\n{front}\n---\n# A dataset\n"
    try:
        pairs = dataset_card.card_splits(text, where="README.md")
    except UsageError as error:
        assert str(error).startswith("README.md") and "\n" not in str(error), str(error)
    else:
        assert all(isinstance(p, str) and isinstance(s, str) and ".." not in p.split("/") for p, s in pairs), pairs
    assert not Path("/tmp/shardify-round-seven-owned").exists()
