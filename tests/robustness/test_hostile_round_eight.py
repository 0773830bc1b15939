"""Hostile input, eighth round: the hostile twins no earlier round held. Images whose headers lie
about their size in the less common formats (PNM, BMP, GIF, JPEG's SOF, WebP's RIFF) or hold
pixels a PNG cannot (NaN floats, 32-bit integers); texts in UTF-32; tables whose labels are NaN,
booleans, objects or int64's ends, Parquet footers that lie; option values that read one column
twice or name a class level no input reaches; annotations whose numbers are spelled in other
scripts' digits (`'\\u0661'`) or with digit groups (`0.2_5`), or whose objects hold two boxes or
two names; COCO files giving one file name two ids, or one category two names that print alike;
arrays of no images, big-endian or Fortran order; archives holding archives, links, devices and
names equal under Unicode normalisation; our own output with its labels reordered, its counts
forged, its label mode or a feature's type changed.

Each test builds real files from the formats' own documentation and runs the real conversion or
reader (the command, in one batch under a timeout, where the test is about the command line). Every input
ends in exactly one record (holding what its file says) or one reject with its reason, counted
from the files the test wrote, or the run stops with one clear line (exit 1 or 2), no traceback:
never a hang, never a wrong record with exit 0.
"""

from __future__ import annotations

import io
import json
import shutil
import struct
import tarfile
import unicodedata
import zipfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.one_place import Reject, one_place_each, records, rejects
from helpers.shard_io import read_shard
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import ManifestError, ShardifyError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

_TIMEOUT_SECONDS = 120


def _encoded(array: np.ndarray, mode: str, fmt: str) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(array, mode).save(buffer, fmt)
    return buffer.getvalue()


def _features(out: Path) -> dict[str, dict]:
    """{image/filename or text/source: the record's features} of every shard of OUT."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            key = record.get(contract.IMAGE_FILENAME, record.get(contract.TEXT_SOURCE))
            found[key.decode()] = record
    return found


def _list(value: object) -> list:
    return value if isinstance(value, list) else [value]


# --- images whose headers lie about their size, or hold pixels no PNG holds -------------------------


def _lying_images() -> dict[str, tuple[bytes, str | None]]:
    """{relpath: (bytes, the reject's word, or None for a record)}, each format's header as its
    specification lays it out (Netpbm's `P6 W H MAX`, BMP's BITMAPINFOHEADER at byte 18, GIF's
    logical screen at byte 6, JPEG's SOF0 height and width, WebP's RIFF size at byte 4)."""
    found: dict[str, tuple[bytes, str | None]] = {}
    for index in range(2):
        found[f"cat/ok{index}.jpg"] = (image_bytes(seed=index), None)
        found[f"dog/ok{index}.png"] = (image_bytes(fmt="PNG", seed=index), None)
    found["cat/bomb.ppm"] = (b"P6\n60000 60000\n255\n" + b"\0" * 30, "decompression bomb")
    found["cat/cut.pgm"] = (b"P5\n100000 3\n65535\n" + b"\0" * 30, "truncated")
    bmp = bytearray(image_bytes(fmt="BMP"))
    struct.pack_into("<ii", bmp, 18, 2_000_000, 2_000_000)
    found["dog/huge.bmp"] = (bytes(bmp), "decompression bomb")
    gif = bytearray(image_bytes(fmt="GIF"))
    struct.pack_into("<HH", gif, 6, 65535, 65535)
    found["dog/screen.gif"] = (bytes(gif), "decompression bomb")
    jpeg = bytearray(image_bytes(seed=5))
    sof = jpeg.find(b"\xff\xc0")
    struct.pack_into(">HH", jpeg, sof + 5, 65500, 65500)
    found["cat/sof.jpg"] = (bytes(jpeg), "decompression bomb")
    webp = bytearray(image_bytes(fmt="WEBP", seed=6))
    struct.pack_into("<I", webp, 4, 0xFFFFFFF0)
    found["dog/riff.webp"] = (bytes(webp), "webp")
    pfm = b"Pf\n3 2\n-1.0\n" + struct.pack("<6f", float("nan"), float("inf"), -float("inf"), 1e38, -5.0, 0.5)
    found["cat/nan.pfm"] = (pfm, "not finite")
    found["cat/float.tif"] = (_encoded(np.array([[np.nan, np.inf], [1e30, -1]], np.float32), "F", "TIFF"), "not finite")
    found["cat/int32.tif"] = (_encoded(np.array([[-5, 70000], [2**31 - 1, -(2**31)]], np.int32), "I", "TIFF"), "65535")
    found["dog/zero.png"] = (b"", "empty file")
    found["dog/garbage.avif"] = (b"\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf" + b"\0" * 40, "avif")
    found["dog/garbage.heic"] = (b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + b"\1" * 40, "heif")
    found["dog/strip.png"] = (image_bytes(fmt="PNG", size=(1, 20000)), None)
    return found


def test_images_whose_headers_lie_or_whose_pixels_no_png_holds_are_rejects_saying_why(tmp_path: Path) -> None:
    """A header declaring billions of pixels in a few bytes is refused before decoding (Pillow's
    bomb limit, whatever the format); a Netpbm file cut short, a WebP whose RIFF size lies, an AVIF
    or HEIF box of no image are each their reject; NaN, infinite or 32-bit pixels are refused
    (a PNG holds 0-65535). A 1 x 20000 strip is a record of its true size."""
    images = _lying_images()
    source = tmp_path / "src"
    for relpath, (data, _) in images.items():
        write_file(source / relpath, data)
    out = convert(source, tmp_path / "out", shards=1)
    expected = {k: Reject(word) if word else ("train", (k.split("/")[0],)) for k, (_, word) in images.items()}
    one_place_each(expected, out)
    features = _features(out)
    assert (features["dog/strip.png"][contract.IMAGE_WIDTH], features["dog/strip.png"][contract.IMAGE_HEIGHT]) == (1, 20000)


def test_wide_encodings_say_which_they_are_and_marks_alone_are_empty(tmp_path: Path) -> None:
    """A UTF-32 or UTF-16 file (its byte-order mark says which) is its reject naming the encoding
    and the option that reads it, never "binary file"; with `--encoding utf-32` it is a record of
    its text. A file of a UTF-8 mark alone, or of blanks, is an empty text."""
    texts = {
        "pos/utf32.txt": "\ufeffa review in UTF-32\n".encode("utf-32"),
        "neg/utf16.txt": "a review in UTF-16\n".encode("utf-16"),
        "neg/mark_only.txt": b"\xef\xbb\xbf",
        "pos/blanks.txt": b"   \n\t\n",
        "pos/good.txt": b"a good review\n",
        "neg/bad.txt": b"a bad review\n",
    }
    source = tmp_path / "src"
    for relpath, data in texts.items():
        write_file(source / relpath, data)
    out = convert(source, tmp_path / "out", shards=1)
    found = one_place_each({"pos/utf32.txt": Reject("--encoding utf-32"), "neg/utf16.txt": Reject("--encoding utf-16"),
                            "neg/mark_only.txt": Reject("empty"), "pos/blanks.txt": Reject("empty"),
                            "pos/good.txt": ("train", ("pos",)), "neg/bad.txt": ("train", ("neg",))}, out)  # fmt: skip
    assert found["pos/good.txt"][2] == "a good review\n"
    wide = tmp_path / "wide"
    write_file(wide / "pos" / "a.txt", "a review in UTF-32\n".encode("utf-32"))
    write_file(wide / "neg" / "b.txt", "another in UTF-32\n".encode("utf-32"))
    texts_read = {k: v[2] for k, v in records(convert(wide, tmp_path / "wide_out", shards=1, encoding="utf-32")).items()}
    assert texts_read == {"pos/a.txt": "a review in UTF-32\n", "neg/b.txt": "another in UTF-32\n"}


# --- tables: labels JSON and Parquet allow that no label is ----------------------------------------


def test_table_labels_of_nan_infinity_fractions_objects_and_nulls_are_each_their_rows_reject(tmp_path: Path) -> None:
    """JSON Lines rows whose label is NaN, Infinity, 1e400 (inf), 1.5 or null; Parquet rows whose
    float label is NaN or null, whose struct label is an object: each row's own reject. Parquet
    booleans and int64's extremes, a list label (several labels) and CSV cells spelled `NaN` or
    `None` (CSV has no NaN: they are names) are labels as written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    source = tmp_path / "src"
    rows = [("one", "NaN"), ("two", "Infinity"), ("three", "1.5"), ("four", "-1"), ("five", "1e400"), ("six", "1"), ("seven", "null")]
    write_file(source / "train.jsonl", "".join(f'{{"text": "jsonl {t}", "label": {v}}}\n' for t, v in rows))
    (source / "validation").mkdir()
    pq.write_table(pa.table({"text": ["pq a", "pq b", "pq c", "pq d"], "label": [0.0, float("nan"), 1.0, None]}), source / "validation" / "floats.parquet")
    pq.write_table(pa.table({"text": ["pq e", "pq f"], "label": pa.array([{"x": 1}, {"x": 2}])}), source / "validation" / "structs.parquet")
    (source / "test").mkdir()
    pq.write_table(pa.table({"text": ["pq g", "pq h", "pq i"], "label": pa.array([True, False, None])}), source / "test" / "bools.parquet")
    pq.write_table(pa.table({"text": ["pq j", "pq k"], "label": pa.array([2**63 - 1, -(2**63)], pa.int64())}), source / "test" / "ints.parquet")
    out = convert(source, tmp_path / "out", shards=1)
    written, rejected = records(out), rejects(out)
    for row in (1, 2, 3, 5, 7):
        assert f"train.jsonl#{row}" in rejected and f"train.jsonl#{row}" not in written, (row, written.get(f"train.jsonl#{row}"))
    assert written["train.jsonl#4"][1] == ("-1",) and written["train.jsonl#6"][1] == ("1",)
    assert {k: v[1] for k, v in written.items() if k.startswith("validation/floats")} == {
        "validation/floats.parquet#1": ("0",), "validation/floats.parquet#3": ("1",)}  # fmt: skip
    assert "validation/floats.parquet#2" in rejected and "validation/floats.parquet#4" in rejected
    assert "validation/structs.parquet#1" in rejected and "validation/structs.parquet#2" in rejected
    assert written["test/bools.parquet#1"][1] == ("true",) and written["test/bools.parquet#2"][1] == ("false",)
    assert "test/bools.parquet#3" in rejected
    assert {written["test/ints.parquet#1"][1], written["test/ints.parquet#2"][1]} == {(str(2**63 - 1),), (str(-(2**63)),)}
    assert set(written) | set(rejected) == {f"train.jsonl#{r}" for r in range(1, 8)} | {
        f"validation/floats.parquet#{r}" for r in range(1, 5)} | {f"validation/structs.parquet#{r}" for r in (1, 2)} | {
        f"test/bools.parquet#{r}" for r in range(1, 4)} | {f"test/ints.parquet#{r}" for r in (1, 2)}  # fmt: skip


def test_tables_of_a_repeated_header_a_lying_parquet_footer_or_no_rows_are_named(tmp_path: Path) -> None:
    """A CSV header naming `label` twice, a Parquet file whose footer claims 2 GiB in a 32-byte
    file and a Parquet table of no rows: each its reject naming why; a bare carriage return inside
    a JSON Lines file is no line end (RFC 7464's JSON Lines end lines with \\n), so the line holding
    it is one reject; the rows around it are records."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    source = tmp_path / "src"
    # (dev.csv, not train.csv: a train.csv beside train.jsonl is one table in two formats, a stop of its own since
    # beam_jobs/discover/format_twins.py; this test is about each table's own reject)
    write_file(source / "dev.csv", "text,label,label\nhello world one,a,b\nhello world two,b,a\n")
    write_file(source / "train.jsonl", b'{"text":"one here","label":"a"}\r\n{"text":"two here","label":"b"}\n'
                                       b'{"text":"three","label":"a"}\r{"text":"four","label":"b"}\n')  # fmt: skip
    write_file(source / "test.parquet", b"PAR1" + b"\0" * 20 + struct.pack("<I", 2**31) + b"PAR1")
    pq.write_table(pa.table({"text": pa.array([], pa.string()), "label": pa.array([], pa.string())}), source / "validation.parquet")
    out = convert(source, tmp_path / "out", shards=1)
    written, rejected = records(out), rejects(out)
    # (a table refused whole is a reject per row since beam_jobs/discover/unread_rows.py: its rows were inputs)
    assert all("repeats 'label'" in rejected[f"dev.csv#{row}"] for row in (2, 3)) and "Parquet" in rejected["test.parquet"]
    assert "no rows" in rejected["validation.parquet"]
    assert {k: v[2] for k, v in written.items()} == {"train.jsonl#1": "one here", "train.jsonl#2": "two here"}
    assert set(rejected) == {"dev.csv#2", "dev.csv#3", "test.parquet", "validation.parquet", "train.jsonl#3"}


# --- options that read one column twice, or a level no input reaches --------------------------------


@pytest.fixture(scope="module")
def option_sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A CSV of texts and labels, and text class folders one level deep."""
    root = tmp_path_factory.mktemp("options")
    table = root / "table"
    write_file(table / "train.csv", "text,label\n" + "".join(f"review number {i} of a film,{'pos' if i % 2 else 'neg'}\n" for i in range(6)))
    folders = root / "folders"
    for index in range(4):
        write_file(folders / ("pos" if index % 2 else "neg") / f"{index}.txt", f"review {index}\n")
    return {"table": table, "folders": folders}


@pytest.mark.parametrize(
    ("source", "options", "said"),
    [("table", {"label_column": "text"}, "holds the text"),
     ("table", {"label_column": "1", "text_column": "text"}, "holds the text"),
     ("table", {"text_column": "1,1"}, "twice"),
     ("table", {"text_column": "text,1"}, "twice"),
     ("folders", {"label_level": 10**9}, "no input lies that deep"),
     ("folders", {"label_level": 2}, "--label-level 1 at most")],
    ids=["label column is the text", "label column numbers the text", "text column twice", "text column by name and number",
         "label level past every input", "label level one too deep"],
)  # fmt: skip
def test_options_reading_one_column_twice_or_a_level_below_every_input_stop_naming_it(
    option_sources: dict[str, Path], tmp_path: Path, source: str, options: dict, said: str
) -> None:
    """`--label-column text` once labelled each record with its own text, and `--text-column 1,1`
    wrote each text twice, with exit 0; a `--label-level` deeper than every input ended "holds no
    input files". Each stops before writing, in one line naming the option (the command's exit 2,
    or 1 where the table's columns are only known once it is read), nothing written."""
    with pytest.raises((ShardifyError, ValueError)) as refused:
        convert(option_sources[source], tmp_path / "out", shards=1, **options)
    message = str(refused.value)
    assert said in message and "holds no input files" not in message, message
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


# --- annotations: numbers in other scripts' digits, objects of two boxes or two names ---------------


def test_yolo_numbers_in_other_digits_or_digit_groups_reject_their_image(tmp_path: Path) -> None:
    """Ultralytics reads a label line's fields as ASCII numbers; Python's int() and float() also
    read `'\\u0661'` (Arabic-Indic one) and fullwidth `'\\uff10'` as digits and `0.2_5` as 0.25.
    Such a line is its image's reject, never a box of a class the file does not spell; `+1`, `01`
    and tab-separated fields are the class and box they are in every reader."""
    lines = {
        "good": ("0 0.5 0.5 0.25 0.25\n", "cat"),
        "arabic_class": ("\u0661 0.5 0.5 0.25 0.25\n", None),
        "fullwidth_class": ("\uff10 0.5 0.5 0.25 0.25\n", None),
        "grouped_coordinate": ("0 0.5 0.5 0.2_5 0.25\n", None),
        "grouped_class": ("1_0 0.5 0.5 0.25 0.25\n", None),
        "arabic_coordinate": ("0 0.5 \u0660.5 0.25 0.25\n", None),
        "exponent_class": ("1e0 0.5 0.5 0.25 0.25\n", None),
        "plus_class": ("+1 0.5 0.5 0.25 0.25\n", "dog"),
        "leading_zero": ("01 0.5 0.5 0.25 0.25\n", "dog"),
        "tabs": ("0\t0.5\t0.5\t0.25\t0.25\n", "cat"),
    }
    source = tmp_path / "yolo"
    for seed, (name, (text, _)) in enumerate(lines.items()):
        write_file(source / "images" / f"{name}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(source / "labels" / f"{name}.txt", text)
    write_file(source / "data.yaml", "names: [cat, dog]\n")
    out = convert(source, tmp_path / "out", shards=1)
    one_place_each({f"images/{n}.jpg": ("train", (c,)) if c else Reject("labels/") for n, (_, c) in lines.items()}, out)
    assert _features(out)["images/plus_class.jpg"][contract.OBJECT_TEXT] == b"dog"


def test_kitti_numbers_in_other_digits_reject_their_image(tmp_path: Path) -> None:
    """KITTI's devkit reads its label fields with C's sscanf (ASCII): a box coordinate spelled
    `\\u0660.00` (Arabic-Indic zero) is its image's reject, never a box at 0."""
    from helpers import box_text

    root, truth = box_text.build_kitti(tmp_path)
    path = root / "training/label_2/000001.txt"
    path.write_text(path.read_text().replace("Cyclist 0.00 0 -1.58 0.00", "Cyclist 0.00 0 -1.58 \u0660.00"))
    out = convert(root, tmp_path / "out", shards=1)
    written, rejected = records(out), rejects(out)
    assert "training/image_2/000001.png" in rejected and "training/image_2/000001.png" not in written, written.get("training/image_2/000001.png")
    assert set(written) == set(truth) - {"training/image_2/000001.png"}


def _voc(name: str, extra: str = "", label: str = "dog", size: tuple[str, str] = ("24", "16")) -> str:
    """A Pascal VOC annotation (the devkit's XML), one object's box (2, 2)-(12, 8) in pixels."""
    return (
        f"<annotation><folder>VOC2012</folder><filename>{name}.jpg</filename>"
        f"<size><width>{size[0]}</width><height>{size[1]}</height><depth>3</depth></size><segmented>0</segmented>"
        f"<object><name>{label}</name><pose>Left</pose><truncated>0</truncated><difficult>0</difficult>"
        f"<bndbox><xmin>2</xmin><ymin>2</ymin><xmax>12</xmax><ymax>8</ymax></bndbox>{extra}</object></annotation>"
    )


def test_voc_objects_of_two_boxes_or_two_names_reject_their_image_and_names_that_print_alike_are_one_class(tmp_path: Path) -> None:
    """A VOC <object> holds one <name> and one <bndbox>: one holding two once kept the first
    silently (a box or a class lost with exit 0); it is its image's reject. Names equal under
    Unicode normalisation (NFC `caf\\u00e9`, NFD `cafe\\u0301`) are one class; a <size> of NaN, a
    negative or 1e308 is no size: the file's own size places the box."""
    second_box = "<bndbox><xmin>1</xmin><ymin>1</ymin><xmax>3</xmax><ymax>3</ymax></bndbox>"
    documents = {
        "good": (_voc("good"), "dog"),
        "two_boxes": (_voc("two_boxes", extra=second_box), None),
        "two_names": (_voc("two_names", extra="<name>cat</name>"), None),
        "nfc": (_voc("nfc", label=unicodedata.normalize("NFC", "caf\u00e9")), "caf\u00e9"),
        "nfd": (_voc("nfd", label=unicodedata.normalize("NFD", "caf\u00e9")), "caf\u00e9"),
        "nan_size": (_voc("nan_size", size=("nan", "16")), "dog"),
        "negative_size": (_voc("negative_size", size=("-24", "16")), "dog"),
        "huge_size": (_voc("huge_size", size=("1e308", "16")), "dog"),
    }
    source = tmp_path / "voc"
    for seed, (name, (text, _)) in enumerate(documents.items()):
        write_file(source / "JPEGImages" / f"{name}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(source / "Annotations" / f"{name}.xml", text)
    out = convert(source, tmp_path / "out", shards=1)
    one_place_each({f"JPEGImages/{n}.jpg": ("train", (c,)) if c else Reject("<") for n, (_, c) in documents.items()}, out)
    features = _features(out)
    for name in ("good", "nan_size", "negative_size", "huge_size"):
        record = features[f"JPEGImages/{name}.jpg"]
        assert record[contract.OBJECT_XMIN] == pytest.approx(1 / 24) and record[contract.OBJECT_XMAX] == pytest.approx(12 / 24), name


def _coco(root: Path, images: list[tuple[str, int]], annotations: list[dict], categories: list[dict]) -> Path:
    """COCO's instances file (cocodataset.org/#format-data) beside train2017/."""
    for seed, (name, _) in enumerate(images):
        if not (root / "train2017" / name).exists():
            write_file(root / "train2017" / name, image_bytes(size=(24, 16), seed=seed))
    document = {"images": [{"id": i, "file_name": n, "width": 24, "height": 16} for n, i in images],
                "annotations": annotations, "categories": categories}  # fmt: skip
    write_file(root / "annotations" / "instances_train2017.json", json.dumps(document))
    return root


def _ann(number: int, image_id: int, category_id: int) -> dict:
    return {"id": number, "image_id": image_id, "category_id": category_id, "bbox": [2.0, 2.0, 8.0, 6.0], "area": 48.0, "iscrowd": 0}


def test_coco_files_giving_one_file_two_ids_or_one_id_two_categories_never_label_by_a_guess(tmp_path: Path) -> None:
    """COCO ids name things once: a file name listed under two image ids (whose boxes are whose?)
    and a category id given to two categories reject the images they touch; two categories of
    names equal under Unicode normalisation are no two classes (refused, naming them). Two
    annotations sharing an id on different images are two objects, each on its image."""
    cats = [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}, {"id": 5, "name": "fox"}, {"id": 5, "name": "owl"}]
    images = [("a.jpg", 1), ("a.jpg", 2), ("b.jpg", 3), ("c.jpg", 4), ("d.jpg", 5)]
    annotations = [_ann(1, 1, 1), _ann(2, 2, 2), _ann(3, 3, 1), _ann(4, 4, 5), _ann(7, 5, 1), _ann(7, 3, 2), _ann(8, 5, 2)]
    out = convert(_coco(tmp_path / "coco", images, annotations, cats), tmp_path / "out", shards=1)
    one_place_each({"train2017/a.jpg#1": Reject("different labels"), "train2017/c.jpg#4": Reject("2 categories"),
                    "train2017/b.jpg": ("train", ("cat", "dog")), "train2017/d.jpg": ("train", ("cat", "dog"))}, out)  # fmt: skip
    features = _features(out)
    assert _list(features["train2017/b.jpg"][contract.OBJECT_TEXT]) == [b"cat", b"dog"]
    assert _list(features["train2017/d.jpg"][contract.OBJECT_TEXT]) == [b"cat", b"dog"]
    alike = [{"id": 1, "name": unicodedata.normalize("NFC", "caf\u00e9")}, {"id": 2, "name": unicodedata.normalize("NFD", "caf\u00e9")}]
    with pytest.raises(ShardifyError) as refused:
        convert(_coco(tmp_path / "alike", [("a.jpg", 1), ("b.jpg", 2)], [_ann(1, 1, 1), _ann(2, 2, 2)], alike), tmp_path / "alike_out", shards=1)
    assert "ids 1, 2" in str(refused.value)


def test_a_coco_image_whose_declared_size_is_not_its_files_is_rejected(tmp_path: Path) -> None:
    """COCO's boxes are in the pixels of the image as its `images` entry sizes it: an entry giving
    2400 x 1600 for a file of 24 x 16 (resized after it was annotated) had its boxes normalised by
    the file's size, dropped as leaving the image (or kept at the wrong place), exit 0. The image is
    rejected naming both sizes; a size turned (EXIF) is the file's."""
    source = tmp_path / "coco"
    write_file(source / "train2017" / "a.jpg", image_bytes(size=(24, 16)))
    write_file(source / "train2017" / "b.jpg", image_bytes(size=(24, 16), seed=3))
    write_file(source / "train2017" / "c.jpg", image_bytes(size=(24, 16), seed=4))
    document = {"images": [{"id": 1, "file_name": "a.jpg", "width": 2400, "height": 1600},
                           {"id": 2, "file_name": "b.jpg", "width": 24, "height": 16},
                           {"id": 3, "file_name": "c.jpg", "width": 16, "height": 24}],
                "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [200, 200, 600, 400], "area": 1.0, "iscrowd": 0},
                                {"id": 2, "image_id": 2, "category_id": 1, "bbox": [2, 2, 6, 4], "area": 1.0, "iscrowd": 0},
                                {"id": 3, "image_id": 3, "category_id": 1, "bbox": [2, 2, 6, 4], "area": 1.0, "iscrowd": 0}],
                "categories": [{"id": 1, "name": "cat"}]}  # fmt: skip
    write_file(source / "annotations" / "instances_train2017.json", json.dumps(document))
    out = convert(source, tmp_path / "out", shards=1)
    one_place_each({"train2017/a.jpg#1": Reject("2400 x 1600 pixels, but the file holds 24 x 16"), "train2017/b.jpg": ("train", ("cat",)),
                    "train2017/c.jpg": ("train", ("cat",))}, out)  # fmt: skip


# --- arrays: no images, big-endian, Fortran order ----------------------------------------------------


def test_arrays_of_no_images_other_byte_orders_or_fortran_order_end_in_one_place(tmp_path: Path) -> None:
    """Keras' `.npz` (x_train, y_train): an array of 0 images once left its file in no record and
    no reject (one alone: "holds no input files"); it is its reject. Big-endian 16-bit images and
    NaN labels are refused naming the dtype or the labels; a Fortran-ordered array's images are
    its images pixel for pixel; a 1 x 70,000 image is one."""
    source = tmp_path / "src"
    source.mkdir()
    fortran = np.asfortranarray(np.arange(4 * 8 * 6, dtype=np.uint8).reshape(4, 8, 6))
    np.savez(source / "fortran.npz", x_train=fortran, y_train=np.array([0, 1, 0, 1]))
    np.savez(source / "empty.npz", x_train=np.zeros((0, 8, 8), np.uint8), y_train=np.zeros((0,), np.int64))
    np.savez(source / "bigendian.npz", x_train=np.arange(2 * 8 * 8, dtype=">u2").reshape(2, 8, 8), y_train=np.array([0, 1], ">i8"))
    np.savez(source / "nan_labels.npz", x_train=np.zeros((2, 8, 8), np.uint8), y_train=np.array([0, np.nan]))
    np.savez(source / "wide.npz", x_train=np.full((1, 1, 70000), 7, np.uint8), y_train=np.array([1]))
    out = convert(source, tmp_path / "out", shards=1)
    one_place_each({**{f"fortran.npz#x_train:{i}": ("train", (str(i % 2),)) for i in range(4)}, "wide.npz#x_train:0": ("train", ("1",)),
                    "empty.npz": Reject("no images"), "bigendian.npz": Reject(">u2"), "nan_labels.npz": Reject("labels")}, out)  # fmt: skip
    features = _features(out)
    for index in range(4):
        stored = np.asarray(Image.open(io.BytesIO(features[f"fortran.npz#x_train:{index}"][contract.IMAGE_ENCODED])))
        assert np.array_equal(stored, fortran[index]), index
    empty = tmp_path / "empty"
    empty.mkdir()
    np.savez(empty / "mnist.npz", x_train=np.zeros((0, 8, 8), np.uint8), y_train=np.zeros((0,), np.int64))
    with pytest.raises(ShardifyError) as refused:
        convert(empty, tmp_path / "empty_out", shards=1)
    assert "holds no input files" not in str(refused.value) and "no images" in str(refused.value), str(refused.value)


# --- archives holding archives, links, devices, names equal under normalisation --------------------


def _tar_add(tar: tarfile.TarFile, name: str, data: bytes | None = None, **fields: object) -> None:
    info = tarfile.TarInfo(name)
    for key, value in fields.items():
        setattr(info, key, value)
    if data is not None:
        info.size = len(data)
    tar.addfile(info, io.BytesIO(data) if data is not None else None)


def test_archives_inside_archives_are_each_a_reject_never_lost_without_a_word(tmp_path: Path) -> None:
    """Only a tar inside a tar is listed in place: a .zip inside a .zip, or a .tar.gz or .zip
    inside a .tar, was skipped as a file of no input kind, its images lost with exit 0. Each is
    its reject saying to extract it. Links, a FIFO, a device and an absolute path inside the tar
    are rejects too; two members whose names are equal under Unicode normalisation are two
    records (two inputs), and class folders differing in case (`Cat`, `cat`) two classes where the user says so
    (since mend49b a rare case variant of a class stops naming `--label-alias`; `Cat=Cat` keeps it a class)."""
    source = tmp_path / "src"
    source.mkdir()
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as z:
        z.writestr("cat/in.jpg", image_bytes(seed=1))
    with zipfile.ZipFile(source / "photos.zip", "w") as z:
        for index, name in enumerate(["cat/a.jpg", "dog/b.jpg", "Cat/c.jpg"]):
            z.writestr(name, image_bytes(seed=10 + index))
        z.writestr("dog/more.zip", inner.getvalue())
    gz = io.BytesIO()
    with tarfile.open(fileobj=gz, mode="w:gz") as inner_tar:
        _tar_add(inner_tar, "cat/in.jpg", image_bytes(seed=2))
    with tarfile.open(source / "more.tar", "w") as tar:
        _tar_add(tar, "cat/d.jpg", image_bytes(seed=3))
        _tar_add(tar, "dog/e.jpg", image_bytes(seed=4))
        _tar_add(tar, "dog/inner.tar.gz", gz.getvalue())
        _tar_add(tar, "dog/inner.zip", inner.getvalue())
        _tar_add(tar, "cat/link.jpg", type=tarfile.SYMTYPE, linkname="../../../../etc/passwd")
        _tar_add(tar, "dog/hard.jpg", type=tarfile.LNKTYPE, linkname="cat/d.jpg")
        _tar_add(tar, "cat/fifo.jpg", type=tarfile.FIFOTYPE)
        _tar_add(tar, "cat/zero.jpg", type=tarfile.CHRTYPE, devmajor=1, devminor=5)
        _tar_add(tar, "/abs/cat/x.jpg", image_bytes(seed=5))
        _tar_add(tar, unicodedata.normalize("NFC", "cat/\u00e9.jpg"), image_bytes(seed=6))
        _tar_add(tar, unicodedata.normalize("NFD", "cat/\u00e9.jpg"), image_bytes(seed=7))
    out = convert(source, tmp_path / "out", shards=1, label_level=2,  # below each archive's own folder
                  label_alias=("Cat=Cat",))
    written, rejected = records(out), rejects(out)
    for nested in ("photos/dog/more.zip", "more/dog/inner.tar.gz", "more/dog/inner.zip"):
        assert "extract it" in rejected.get(nested, ""), (nested, rejected)
    for odd in ("more/cat/link.jpg", "more/dog/hard.jpg", "more/cat/fifo.jpg", "more/cat/zero.jpg"):
        assert "not a regular file" in rejected.get(odd, ""), (odd, rejected)
    assert any("leaves the archive" in reason for reason in rejected.values())
    kept = {"photos/cat/a.jpg": ("cat",), "photos/dog/b.jpg": ("dog",), "photos/Cat/c.jpg": ("Cat",), "more/cat/d.jpg": ("cat",),
            "more/dog/e.jpg": ("dog",), unicodedata.normalize("NFC", "more/cat/\u00e9.jpg"): ("cat",),
            unicodedata.normalize("NFD", "more/cat/\u00e9.jpg"): ("cat",)}  # fmt: skip
    assert {k: v[1] for k, v in written.items()} == kept
    assert len(rejected) == 8, rejected


# --- our own output, its manifest tampered ------------------------------------------------------------


@pytest.fixture(scope="module")
def small_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six texts, four `neg` and two `pos`, converted into 2 shards once for this module."""
    root = tmp_path_factory.mktemp("small")
    for index in range(6):
        write_file(root / "src" / ("pos" if index % 3 == 0 else "neg") / f"{index}.txt", f"review {index} of the film\n")
    return convert(root / "src", root / "out", shards=2)


def _tampered(small_output: Path, to: Path, edit) -> Path:  # noqa: ANN001 - a function of the manifest's dict
    out = shutil.copytree(small_output, to)
    for name in (naming.MANIFEST_FILENAME, naming.version_manifest_filename(1)):
        path = out / name
        data = json.loads(path.read_text())
        edit(data)
        path.write_text(json.dumps(data))
    return out


def _reorder(data: dict) -> None:
    data["labels"] = data["labels"][::-1]
    counts = data["splits"]["train"]["label_counts"]
    data["splits"]["train"]["label_counts"] = {label: counts[label] for label in data["labels"]}


def _recount(data: dict) -> None:
    counts = data["splits"]["train"]["label_counts"]
    counts["neg"], counts["pos"] = counts["neg"] - 1, counts["pos"] + 1


_TAMPERED = {
    "labels reordered": (_reorder, "verify", "the manifest's labels are not the records'"),
    "label counts moved": (_recount, "verify", "label_counts['neg'] is 3, but its records hold it 4 times"),
    "label mode multi": (lambda d: d.update(label_mode="multi"), "load", "shape must be [null] for label_mode multi"),
    "label dtype float": (lambda d: d["features"]["text/class/label"].update(dtype="float32"), "load", "dtype must be int64"),
    "text dtype int": (lambda d: d["features"]["text"].update(dtype="int64"), "load", "dtype must be string"),
}


@pytest.mark.parametrize("case", sorted(_TAMPERED))
def test_a_manifest_whose_labels_counts_or_types_were_changed_is_refused_naming_the_field(
    small_output: Path, tmp_path: Path, case: str
) -> None:
    """The manifest is read as untrusted: labels reordered (every record's index then names the
    other class), label counts moved between classes (their sum unchanged), a label mode or a
    feature type that is not what the shards hold once passed `verify` (exit 0) or made every
    reader fail inside TensorFlow. Each is refused naming the field: by `verify`, which reads
    every record, or already when the manifest is loaded."""
    from shardify.inspect.verify import verify_output

    edit, where, said = _TAMPERED[case]
    out = _tampered(small_output, tmp_path / "out", edit)
    with pytest.raises((ManifestError, ShardifyError)) as refused:
        verify_output(load_manifest(str(out)))
    assert said in str(refused.value) and "\n" not in str(refused.value), str(refused.value)
    if where == "load":
        with pytest.raises(ManifestError):
            load_manifest(str(out))
    else:
        assert load_manifest(str(out)).splits["train"].num_records == 6


# --- the command: exit codes of the refusals above, and files this user may not read ---------------


def test_the_command_refuses_in_one_line_and_unreadable_output_files_are_named(small_output: Path, tmp_path: Path) -> None:
    """As the installed command runs (permissions held: root's override dropped): the column and
    level refusals exit 2 in one `error:` line; a shard, the manifest or the inputs list this
    user cannot read makes `verify` and `--append` fail in one line naming it (exit 1), and
    `inspect` show what it could read, saying which shard it could not."""
    from helpers.cli_runs import without_permission_override
    from helpers.command_batch import run_batch

    source = small_output.parent / "src"
    write_file(tmp_path / "table" / "train.csv", "text,label\nreview one of a film,pos\nreview two of a film,neg\n")
    unreadable = {}
    for part in ("shard", "manifest", "inputs"):
        out = unreadable[part] = shutil.copytree(small_output, tmp_path / part)
        {"shard": next(out.glob("*.tfrecord")), "manifest": out / naming.MANIFEST_FILENAME, "inputs": out / naming.inputs_filename(1)}[part].chmod(0)
    cases = {
        "text column twice": ["convert", str(tmp_path / "table"), str(tmp_path / "out_a"), "--text-column", "1,1", "-q"],
        "label level too deep": ["convert", str(source), str(tmp_path / "out_b"), "--label-level", "7", "-q"],
        "verify unreadable shard": ["verify", str(unreadable["shard"])],
        "verify unreadable manifest": ["verify", str(unreadable["manifest"])],
        "append unreadable inputs": ["convert", str(source), str(unreadable["inputs"]), "--append", "-q"],
        "inspect unreadable shard": ["inspect", str(unreadable["shard"])],
    }
    found = run_batch(cases, timeout=_TIMEOUT_SECONDS, prefix=without_permission_override())
    assert found["text column twice"].code == 2 and "twice" in found["text column twice"].error_line()
    assert found["label level too deep"].code == 2 and "--label-level 1 at most" in found["label level too deep"].error_line()
    assert found["verify unreadable shard"].code == 1 and "Permission denied" in found["verify unreadable shard"].error_line()
    assert found["verify unreadable manifest"].code == 1 and naming.MANIFEST_FILENAME in found["verify unreadable manifest"].error_line()
    assert found["append unreadable inputs"].code == 1 and naming.inputs_filename(1) in found["append unreadable inputs"].error_line()
    inspect = found["inspect unreadable shard"]
    assert inspect.code == 0 and not inspect.raised and "not read: Permission denied" in inspect.stdout, inspect
    assert not (tmp_path / "out_a").exists() and not (tmp_path / "out_b" / naming.MANIFEST_FILENAME).exists()
