"""Miniatures of real public datasets, laid out exactly as their downloads unpack.

Each builder in `DATASETS` writes a small copy of one public dataset's download into an empty
folder (real file and folder names, real list/annotation formats, auxiliary files, archives where
the download is an archive) and returns a `Truth`: which records exist, their split and their label
names. The truth is written from each dataset's own documentation and annotation files, read the
way the tfds / torchvision / keras loaders read them (cited in `Truth.source`), never from how any
conversion tool behaves.

Conventions used by every builder:
- record ids are POSIX paths relative to `Truth.root`. A member of an archive is named through the
  archive as if it were a folder ("train.zip/train/cat.0.jpg", nested:
  "ILSVRC2012_img_train.tar/n02119789.tar/n02119789_1000.JPEG"). Rows of array files and of CSV/TSV
  files are "<file relative to root>:<0-based index>" (npz: "<file>:<array name>:<index>"); the index
  counts records in file order, not header lines.
- labels are frozensets of label NAMES; None means the record is unlabelled (e.g. a test split that
  ships without labels); an empty frozenset means labelled but with no positive label.
- `Truth.unlisted` names files that look like records but are in none of the dataset's split lists
  (tfds/torchvision never read them); they are not records.

Only the standard library, numpy and Pillow are imported. MAT-files (level 5) are written by hand.
"""

from __future__ import annotations

import gzip
import io
import json
import pickle
import struct
import tarfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
from PIL import Image


@dataclass(frozen=True)
class Truth:
    root: Path
    media: str  # "image" or "text"
    records: dict[str, tuple[str, frozenset[str] | None]]
    record_key: str
    source: str
    notes: str
    unlisted: frozenset[str] = field(default_factory=frozenset)


# --------------------------------------------------------------------------------------------------
# Writing helpers
# --------------------------------------------------------------------------------------------------

_MTIME = 1262347200  # fixed member time for archives (2010-01-01 12:00 UTC)


def _seed(key: str) -> int:
    return zlib.crc32(key.encode("utf-8"))


def _rng(key: str) -> np.random.Generator:
    return np.random.default_rng(_seed(key))


def _image_bytes(key: str, w: int = 16, h: int = 16, fmt: str = "JPEG", mode: str = "RGB") -> bytes:
    """A small real image of seeded noise: distinct pixels for distinct keys."""
    rng = _rng(key)
    if mode == "RGB":
        im = Image.fromarray(rng.integers(0, 256, (h, w, 3), dtype=np.uint8), "RGB")
    else:
        im = Image.fromarray(rng.integers(0, 256, (h, w), dtype=np.uint8), "L")
    buf = io.BytesIO()
    if fmt == "JPEG":
        im.save(buf, "JPEG", quality=85)
    else:
        im.save(buf, fmt)
    return buf.getvalue()


def _write(path: Path, data: bytes | str, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode(encoding) if isinstance(data, str) else data)
    return path


def _img(root: Path, rel: str, w: int = 16, h: int = 16, fmt: str = "JPEG", mode: str = "RGB") -> bytes:
    data = _image_bytes(f"{root.name}/{rel}", w, h, fmt, mode)
    _write(root / rel, data)
    return data


def _palette_png(key: str, w: int, h: int, values: list[int]) -> bytes:
    """A palette ("P" mode) PNG like VOC's SegmentationClass/SegmentationObject masks."""
    rng = _rng(key)
    arr = np.asarray(values, dtype=np.uint8)[rng.integers(0, len(values), (h, w))]
    arr[0, :] = 255  # the 'void' border colour
    im = Image.fromarray(arr, "P")
    pal = []
    for i in range(256):  # VOC's bit-interleaved colour map
        r = g = b = 0
        c = i
        for j in range(8):
            r |= ((c >> 0) & 1) << (7 - j)
            g |= ((c >> 1) & 1) << (7 - j)
            b |= ((c >> 2) & 1) << (7 - j)
            c >>= 3
        pal += [r, g, b]
    im.putpalette(pal)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def _gray_png(key: str, w: int, h: int, values: list[int]) -> bytes:
    rng = _rng(key)
    arr = np.asarray(values, dtype=np.uint8)[rng.integers(0, len(values), (h, w))]
    buf = io.BytesIO()
    Image.fromarray(arr, "L").save(buf, "PNG")
    return buf.getvalue()


def _tar_bytes(members: list[tuple[str, bytes | None]], gz: bool = False) -> bytes:
    """A tar (optionally gzipped) of (name, data) members; data None makes a directory entry."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tf:
        for name, data in members:
            ti = tarfile.TarInfo(name)
            ti.mtime = _MTIME
            if data is None:
                ti.type = tarfile.DIRTYPE
                ti.mode = 0o755
                tf.addfile(ti)
            else:
                ti.size = len(data)
                ti.mode = 0o644
                tf.addfile(ti, io.BytesIO(data))
    raw = buf.getvalue()
    return gzip.compress(raw, mtime=0) if gz else raw


def _zip_bytes(members: list[tuple[str, bytes | None]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members:
            zi = zipfile.ZipInfo(name, date_time=(2013, 9, 25, 12, 0, 0))
            if data is None:
                zi.external_attr = (0o40755 << 16) | 0x10
                zf.writestr(zi, b"")
            else:
                zi.external_attr = 0o644 << 16
                stored = name.lower().endswith((".jpg", ".jpeg", ".png"))
                zi.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                zf.writestr(zi, data)
    return buf.getvalue()


_WORDS = (
    "river stone quiet bright market garden window letter silver harbor winter forest engine "
    "candle mirror ladder valley signal orange copper meadow lantern pocket thunder velvet "
    "marble feather compass island violet saddle rocket basket canyon tunnel falcon cobalt "
    "ember glacier hollow jasmine kettle lemon mosaic nectar orbit pepper quartz ribbon saffron"
).split()


def _words(key: str, n: int) -> str:
    rng = _rng(key)
    return " ".join(_WORDS[int(i)] for i in rng.integers(0, len(_WORDS), n))


# ---- MAT-file level 5 (the documented MATLAB binary format), written by hand ----------------------

_MI_INT8, _MI_UINT8, _MI_INT16, _MI_UINT16, _MI_INT32, _MI_UINT32 = 1, 2, 3, 4, 5, 6
_MI_SINGLE, _MI_DOUBLE, _MI_INT64, _MI_UINT64, _MI_MATRIX, _MI_UTF8 = 7, 9, 12, 13, 14, 16
_MX_CELL, _MX_STRUCT, _MX_CHAR, _MX_DOUBLE, _MX_SINGLE = 1, 2, 4, 6, 7
_MX_INT8, _MX_UINT8, _MX_INT16, _MX_UINT16, _MX_INT32, _MX_UINT32 = 8, 9, 10, 11, 12, 13
_MX_FOR_DTYPE = {
    "float64": (_MX_DOUBLE, _MI_DOUBLE), "float32": (_MX_SINGLE, _MI_SINGLE),
    "uint8": (_MX_UINT8, _MI_UINT8), "int8": (_MX_INT8, _MI_INT8),
    "uint16": (_MX_UINT16, _MI_UINT16), "int16": (_MX_INT16, _MI_INT16),
    "int32": (_MX_INT32, _MI_INT32), "uint32": (_MX_UINT32, _MI_UINT32),
}


@dataclass
class MatCell:
    """A MATLAB cell array: items in column-major order."""
    items: list
    shape: tuple[int, int]


@dataclass
class MatStruct:
    """A MATLAB struct array: one dict per element, column-major; all dicts have `fields`."""
    fields: list[str]
    elements: list[dict]
    shape: tuple[int, int]


def _mat_el(mi: int, data: bytes) -> bytes:
    n = len(data)
    if n <= 4 and mi != _MI_MATRIX:  # small data element format
        return struct.pack("<HH", mi, n) + data + b"\0" * (4 - n)
    return struct.pack("<II", mi, n) + data + b"\0" * (-n % 8)


def _mat_matrix(name: str, value) -> bytes:
    if isinstance(value, str):
        cls = _MX_CHAR
        dims = (1, len(value)) if value else (0, 0)
        body = _mat_el(_MI_UINT16, np.array([ord(c) for c in value], dtype="<u2").tobytes())
    elif isinstance(value, MatCell):
        cls, dims = _MX_CELL, value.shape
        body = b"".join(_mat_matrix("", v) for v in value.items)
    elif isinstance(value, MatStruct):
        cls, dims = _MX_STRUCT, value.shape
        width = 32
        body = _mat_el(_MI_INT32, struct.pack("<i", width))
        body += _mat_el(_MI_INT8, b"".join(f.encode("ascii").ljust(width, b"\0") for f in value.fields))
        for element in value.elements:
            body += b"".join(_mat_matrix("", element[f]) for f in value.fields)
    else:
        arr = np.asarray(value)
        if arr.ndim == 0:
            arr = arr.reshape(1, 1)
        elif arr.ndim == 1:
            arr = arr.reshape(1, -1)
        cls, mi = _MX_FOR_DTYPE[arr.dtype.name]
        dims = arr.shape
        body = _mat_el(mi, arr.astype(arr.dtype.newbyteorder("<")).tobytes(order="F"))
    flags = _mat_el(_MI_UINT32, struct.pack("<II", cls, 0))
    dim_el = _mat_el(_MI_INT32, struct.pack(f"<{len(dims)}i", *dims))
    return _mat_el(_MI_MATRIX, flags + dim_el + _mat_el(_MI_INT8, name.encode("ascii")) + body)


def mat5_bytes(variables: dict, platform: str = "GLNXA64", created: str = "Thu Jan 10 15:33:12 2008") -> bytes:
    text = f"MATLAB 5.0 MAT-file, Platform: {platform}, Created on: {created}".encode("ascii")
    header = text.ljust(116, b" ") + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    return header + b"".join(_mat_matrix(k, v) for k, v in variables.items())


def _cell_of_str(strings: list[str]) -> MatCell:
    """An N x 1 cell of char rows (Stanford Dogs' file_list / annotation_list)."""
    return MatCell(list(strings), (len(strings), 1))


# ---- Python 2 style pickles (CIFAR's python version was written by Python 2 cPickle) -------------

class _Py2Pickler(pickle._Pickler):  # type: ignore[misc]
    """Protocol 2 pickles as Python 2 wrote them: byte strings as (SHORT_)BINSTRING, numpy's
    reconstructor under its numpy-1 module path. They load under Python 3 with encoding='bytes'
    (or 'latin1'), as the CIFAR page documents."""

    dispatch = pickle._Pickler.dispatch.copy()

    def _save_py2_str(self, obj: bytes) -> None:
        n = len(obj)
        if n < 256:
            self.write(pickle.SHORT_BINSTRING + bytes([n]) + obj)
        else:
            self.write(pickle.BINSTRING + struct.pack("<i", n) + obj)
        self.memoize(obj)

    dispatch[bytes] = _save_py2_str

    def save_global(self, obj, name=None):  # noqa: D102
        module = getattr(obj, "__module__", None) or "__main__"
        qualname = name or getattr(obj, "__qualname__", None) or obj.__name__
        if module.startswith("numpy._core"):
            module = "numpy.core" + module[len("numpy._core"):]
        self.write(pickle.GLOBAL + f"{module}\n{qualname}\n".encode("ascii"))
        self.memoize(obj)


def _py2_pickle(obj) -> bytes:
    buf = io.BytesIO()
    _Py2Pickler(buf, protocol=2).dump(obj)
    return buf.getvalue()


# ---- IDX (MNIST) -------------------------------------------------------------------------------

def _idx_images(arr: np.ndarray) -> bytes:
    n, h, w = arr.shape
    return gzip.compress(struct.pack(">IIII", 0x00000803, n, h, w) + arr.astype(np.uint8).tobytes(), mtime=0)


def _idx_labels(labels: list[int]) -> bytes:
    return gzip.compress(struct.pack(">II", 0x00000801, len(labels)) + bytes(labels), mtime=0)


def _digit_images(key: str, n: int, side: int = 28) -> np.ndarray:
    rng = _rng(key)
    arr = np.zeros((n, side, side), dtype=np.uint8)
    arr[:, 4:24, 6:22] = rng.integers(0, 256, (n, 20, 16), dtype=np.uint8)
    return arr


# --------------------------------------------------------------------------------------------------
# Image classification: folders of class folders
# --------------------------------------------------------------------------------------------------

def build_imagenette(dest: Path) -> Truth:
    root = dest / "imagenette2-160"
    wnids = ["n01440764", "n02102040", "n02979186"]  # tench, English springer, cassette player
    records: dict = {}
    rows = []
    for ci, wnid in enumerate(wnids):
        for i in range(4):
            rel = f"train/{wnid}/{wnid}_{10026 + 131 * i + ci}.JPEG"
            _img(root, rel, w=16 + 2 * ci, h=16)
            records[rel] = ("train", frozenset({wnid}))
            rows.append((rel, wnid, False))
        for i in range(3):
            rel = f"val/{wnid}/ILSVRC2012_val_{9111 + 1000 * ci + 37 * i:08d}.JPEG"
            _img(root, rel, w=16, h=16 + ci)
            records[rel] = ("val", frozenset({wnid}))
            rows.append((rel, wnid, True))
    lines = ["path,noisy_labels_0,noisy_labels_1,noisy_labels_5,noisy_labels_25,noisy_labels_50,is_valid"]
    for k, (rel, wnid, valid) in enumerate(rows):
        other = wnids[(wnids.index(wnid) + 1) % len(wnids)]
        n25 = other if k % 4 == 1 else wnid
        n50 = other if k % 2 == 1 else wnid
        lines.append(f"{rel},{wnid},{wnid},{wnid},{n25},{n50},{valid}")
    _write(root / "noisy_imagenette.csv", "\n".join(lines) + "\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (the imagenette2-160 folder)",
        source=("https://github.com/fastai/imagenette (imagenette2-160.tgz); tfds "
                "tensorflow_datasets/datasets/imagenette/imagenette_dataset_builder.py"),
        notes=("root is the imagenette2-160/ folder that `tar xzf imagenette2-160.tgz` makes. Labels are the wnid "
               "class folders (tfds reads train/<wnid>/*.JPEG and val/<wnid>/*.JPEG); splits named after the "
               "folders, 'train' and 'val' (tfds calls val 'validation'). noisy_imagenette.csv lists every image "
               "with is_valid and noisy_labels_{0,1,5,25,50}: the true label is noisy_labels_0 (= the folder); "
               "the 25%/50% columns deliberately disagree on some rows, as in the real file. Kept 3 of 10 classes, "
               "4 train + 3 val images each, 16-18 px instead of 160 px."),
    )


def build_beans(dest: Path) -> Truth:
    root = dest / "beans"
    classes = ["angular_leaf_spot", "bean_rust", "healthy"]
    records: dict = {}
    for split, tag, n in (("train", "train", 5), ("validation", "val", 3), ("test", "test", 3)):
        for cls in classes:
            for i in range(n):
                rel = f"{split}/{cls}/{cls}_{tag}.{i}.jpg"
                _img(root, rel)
                records[rel] = (split, frozenset({cls}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root",
        source=("tfds tensorflow_datasets/image_classification/beans.py (https://storage.googleapis.com/ibeans/"
                "{train,validation,test}.zip); https://github.com/AI-Lab-Makerere/ibean/"),
        notes=("The download is three zips; root is the folder holding what they unzip to: train/, validation/, "
               "test/, each with one folder per class (angular_leaf_spot, bean_rust, healthy) holding "
               "<class>_<train|val|test>.<n>.jpg. Label = parent folder (as tfds: fname.split(sep)[-2]); split = the "
               "top folder, named 'train', 'validation', 'test'. 16 px instead of 500 px; 5/3/3 images per class."),
    )


def build_caltech101(dest: Path) -> Truth:
    root = dest / "101_ObjectCategories"
    classes = ["BACKGROUND_Google", "Faces_easy", "accordion", "airplanes"]
    records: dict = {}
    for ci, cls in enumerate(classes):
        for i in range(1, 5):
            rel = f"{cls}/image_{i:04d}.jpg"
            _img(root, rel, w=14 + ci, h=16)
            records[rel] = ("train", frozenset({cls}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (the 101_ObjectCategories folder)",
        source=("http://www.vision.caltech.edu/Image_Datasets/Caltech101/101_ObjectCategories.tar.gz; tfds "
                "tensorflow_datasets/image_classification/caltech.py; torchvision/datasets/caltech.py"),
        notes=("root is 101_ObjectCategories/ as `tar xzf 101_ObjectCategories.tar.gz` makes it (the newer "
               "caltech-101.zip wraps this tar.gz plus Annotations.tar; not built). One folder per class, files "
               "image_0001.jpg... (1-based, 4 digits). The dataset has NO official split: every record is put in "
               "split 'train' (tfds draws 30 random images per class for train with seed 1234, the rest test; that "
               "draw is not part of the download). Labels are the folder names verbatim, BACKGROUND_Google "
               "included as a class (tfds keeps it, lower-casing all names; torchvision drops BACKGROUND_Google) "
               "- ambiguous between loaders. Kept 4 of 102 folders (incl. Faces_easy, airplanes), 4 images each."),
    )


def build_food101(dest: Path) -> Truth:
    root = dest / "food-101"
    classes = ["apple_pie", "baby_back_ribs", "baklava"]
    pretty = ["Apple pie", "Baby back ribs", "Baklava"]
    records: dict = {}
    split_lists: dict[str, dict[str, list[str]]] = {"train": {}, "test": {}}
    for ci, cls in enumerate(classes):
        ids = [1005649 + 104729 * k + 7 * ci for k in range(7)]
        ids.sort(key=str)
        for k, num in enumerate(ids):
            split = "train" if k < 4 else "test"
            rel = f"images/{cls}/{num}.jpg"
            _img(root, rel, w=16, h=12 + ci)
            records[rel] = (split, frozenset({cls}))
            split_lists[split].setdefault(cls, []).append(f"{cls}/{num}")
    for split in ("train", "test"):
        lines = [item for cls in classes for item in split_lists[split][cls]]
        _write(root / f"meta/{split}.txt", "\n".join(lines) + "\n")
        _write(root / f"meta/{split}.json", json.dumps(split_lists[split]))
    _write(root / "meta/classes.txt", "\n".join(classes) + "\n")
    _write(root / "meta/labels.txt", "\n".join(pretty) + "\n")
    _write(root / "README.txt", (
        "Structure:\n----------\npec/\n    images/\n        <class_name>/\n            <image_id>.jpg\n"
        "    meta/\n        classes.txt\n        labels.txt\n        test.json\n        test.txt\n"
        "        train.json\n        train.txt\n\nAll images can be found in the \"images\" folder and are "
        "organized per class. All\nimage ids are unique and correspond to the foodspotting.com review ids. "
        "\nThe test/train splitting used in the experiment can be found in the\n\"test/train.json\" and "
        "\"test/train.txt\" files (miniature stand-in).\n"))
    _write(root / "license_agreement.txt", "Food-101 license agreement (miniature stand-in): images are from "
                                           "foodspotting.com and are for non-commercial research only.\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (the food-101 folder)",
        source=("https://data.vision.ee.ethz.ch/cvl/food-101.tar.gz; tfds "
                "tensorflow_datasets/image_classification/food101.py (reads meta/train.json, meta/test.json)"),
        notes=("root is food-101/ as `tar xzf food-101.tar.gz` makes it. Splits come from meta/train.txt and "
               "meta/test.txt (lines '<class>/<id>', no extension; the same lists as meta/{train,test}.json), named "
               "'train' and 'test' as the files are (tfds names test 'validation'). Labels = the class folder names "
               "as in meta/classes.txt (apple_pie); meta/labels.txt has the display names ('Apple pie') line-aligned. "
               "Kept 3 of 101 classes (classes.txt/labels.txt list only those), 4 train + 3 test per class, "
               "numeric review-id file names; README.txt and license_agreement.txt are short stand-ins."),
    )


def build_eurosat(dest: Path) -> Truth:
    root = dest / "2750"
    classes = ["AnnualCrop", "Forest", "River"]
    records: dict = {}
    for cls in classes:
        for i in range(1, 6):
            rel = f"{cls}/{cls}_{i}.jpg"
            _img(root, rel)
            records[rel] = ("train", frozenset({cls}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (the 2750 folder)",
        source=("http://madm.dfki.de/files/sentinel/EuroSAT.zip (subdir 2750); tfds "
                "tensorflow_datasets/image_classification/eurosat.py (rgb config)"),
        notes=("root is 2750/, the only top folder of EuroSAT.zip (RGB). Files <Class>/<Class>_<n>.jpg, n from 1. "
               "No official split: everything is 'train' (tfds has a single train split). Label = class folder "
               "(tfds takes the file-name prefix before '_', the same name). Kept 3 of 10 classes, 5 images each, "
               "16 px instead of 64 px. The newer zenodo EuroSAT_RGB.zip layout (EuroSAT_RGB/<Class>/) is not built."),
    )


def build_cats_vs_dogs(dest: Path) -> Truth:
    root = dest / "dogs-vs-cats"
    records: dict = {}
    train_members: list[tuple[str, bytes | None]] = [("train/", None)]
    for cls in ("cat", "dog"):
        for i in range(5):
            name = f"train/{cls}.{i}.jpg"
            train_members.append((name, _image_bytes(f"cvd/{name}", 16, 14)))
            records[f"train.zip/{name}"] = ("train", frozenset({cls}))
    test_members: list[tuple[str, bytes | None]] = [("test1/", None)]
    for i in range(1, 7):
        name = f"test1/{i}.jpg"
        test_members.append((name, _image_bytes(f"cvd/{name}", 14, 16)))
        records[f"test1.zip/{name}"] = ("test", None)
    _write(root / "train.zip", _zip_bytes(train_members))
    _write(root / "test1.zip", _zip_bytes(test_members))
    _write(root / "sampleSubmission.csv", "id,label\n" + "".join(f"{i},0\n" for i in range(1, 7)))
    return Truth(
        root=root, media="image", records=records,
        record_key=("'<zip file>/<member path>': the zip's path relative to root, then the member's path inside "
                    "it, e.g. train.zip/train/cat.0.jpg"),
        source="https://www.kaggle.com/c/dogs-vs-cats/data (dogs-vs-cats.zip: train.zip, test1.zip, sampleSubmission.csv)",
        notes=("root is the folder holding what the Kaggle download gives (dogs-vs-cats.zip unzipped, or the three "
               "files downloaded singly): train.zip, test1.zip, sampleSubmission.csv. The inner zips are NOT "
               "unpacked (root points at the zips). train.zip holds train/<cat|dog>.<n>.jpg: the label is the "
               "file-name prefix 'cat'/'dog'. test1.zip holds test1/<id>.jpg (ids from 1) with no labels: split "
               "'test', labels None (sampleSubmission.csv is only a format example, every label 0). 5 images per "
               "class instead of 12,500. tfds cats_vs_dogs reads a different archive (Microsoft's PetImages zip): "
               "see cats_vs_dogs_ms."),
    )


def build_cats_vs_dogs_ms(dest: Path) -> Truth:
    root = dest / "cats_vs_dogs_ms"
    records: dict = {}
    members: list[tuple[str, bytes | None]] = [("PetImages/", None), ("PetImages/Cat/", None), ("PetImages/Dog/", None)]
    for cls in ("Cat", "Dog"):
        for i in range(5):
            name = f"PetImages/{cls}/{i}.jpg"
            members.append((name, _image_bytes(f"ms/{name}", 16, 16)))
            records[f"kagglecatsanddogs_5340.zip/{name}"] = ("train", frozenset({cls.lower()}))
    members.append(("PetImages/Cat/666.jpg", b""))  # zero-byte file, as in the real archive
    members.append(("PetImages/Cat/Thumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504))
    members.append(("PetImages/Dog/Thumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\1" * 504))
    members.append(("CDLA-Permissive-2.0.pdf", b"%PDF-1.4\n% miniature stand-in\n%%EOF\n"))
    members.append(("readme[1].txt", b"Cats and dogs images (miniature stand-in).\r\n"))
    _write(root / "kagglecatsanddogs_5340.zip", _zip_bytes(members))
    return Truth(
        root=root, media="image", records=records,
        record_key="'kagglecatsanddogs_5340.zip/<member path>'",
        source=("tfds tensorflow_datasets/image_classification/cats_vs_dogs.py "
                "(https://www.microsoft.com/en-us/download/details.aspx?id=54765)"),
        notes=("root holds the single downloaded zip, not unpacked. Records are the members matching "
               "PetImages/(Cat|Dog)/<n>.jpg (tfds' _NAME_RE); label 'cat'/'dog' (lower-cased folder, tfds names). "
               "No official split: all 'train' (tfds). Thumbs.db, the licence pdf and readme are not records. "
               "PetImages/Cat/666.jpg is zero bytes (as in the real archive): listed in `unlisted`, not a record "
               "(tfds skips every member without 'JFIF' in its first bytes; real archive has 1,738 such)."),
        unlisted=frozenset({"kagglecatsanddogs_5340.zip/PetImages/Cat/666.jpg"}),
    )


# --------------------------------------------------------------------------------------------------
# Image classification: list files
# --------------------------------------------------------------------------------------------------

_PET_CLASSES = [
    "Abyssinian", "american_bulldog", "american_pit_bull_terrier", "basset_hound", "beagle", "Bengal",
    "Birman", "Bombay", "boxer", "British_Shorthair", "chihuahua", "Egyptian_Mau", "english_cocker_spaniel",
    "english_setter", "german_shorthaired", "great_pyrenees", "havanese", "japanese_chin", "keeshond",
    "leonberger", "Maine_Coon", "miniature_pinscher", "newfoundland", "Persian", "pomeranian", "pug",
    "Ragdoll", "Russian_Blue", "saint_bernard", "samoyed", "scottish_terrier", "shiba_inu", "Siamese",
    "Sphynx", "staffordshire_bull_terrier", "wheaten_terrier", "yorkshire_terrier",
]


def build_oxford_iiit_pet(dest: Path) -> Truth:
    root = dest / "oxford-iiit-pet"
    breeds = ["Abyssinian", "american_bulldog", "beagle", "Bengal"]
    cats = [c for c in _PET_CLASSES if c[0].isupper()]
    dogs = [c for c in _PET_CLASSES if c[0].islower()]
    records: dict = {}
    lines_all: list[tuple[int, str, str]] = []
    lines_split: dict[str, list[tuple[int, str, str]]] = {"trainval": [], "test": []}
    for breed in breeds:
        class_id = _PET_CLASSES.index(breed) + 1
        species = 1 if breed[0].isupper() else 2
        breed_id = (cats if species == 1 else dogs).index(breed) + 1
        numbers = [100, 101, 102, 103, 104, 105] if breed == "Abyssinian" else [1, 10, 11, 12, 13, 2]
        for k, num in enumerate(numbers):
            name = f"{breed}_{num}"
            _img(root, f"images/{name}.jpg", w=16, h=14)
            split = "trainval" if k % 2 == 0 else "test"
            records[f"images/{name}.jpg"] = (split, frozenset({breed}))
            line = f"{name} {class_id} {species} {breed_id}"
            lines_all.append((class_id, name, line))
            lines_split[split].append((class_id, name, line))
            _write(root / f"annotations/trimaps/{name}.png", _gray_png(f"pet/{name}", 16, 14, [1, 2, 3]))
            if split == "trainval":
                _write(root / f"annotations/xmls/{name}.xml", (
                    f"<annotation><folder>OXIIIT</folder><filename>{name}.jpg</filename><source><database>"
                    "OXFORD-IIIT Pet Dataset</database><annotation>OXIIIT</annotation><image>flickr</image>"
                    "</source><size><width>16</width><height>14</height><depth>3</depth></size><segmented>0"
                    f"</segmented><object><name>{'cat' if species == 1 else 'dog'}</name><pose>Frontal</pose>"
                    "<truncated>0</truncated><occluded>0</occluded><bndbox><xmin>3</xmin><ymin>2</ymin>"
                    "<xmax>12</xmax><ymax>10</ymax></bndbox><difficult>0</difficult></object></annotation>\n"))
    for num in (100, 101, 102):  # the real images/ folder holds three stray .mat files
        _write(root / f"images/Abyssinian_{num}.mat", mat5_bytes({"pts": np.arange(4, dtype=np.float64) + num}))
    apple_double = struct.pack(">IIxxxxxxxxxxxxxxxxH", 0x00051607, 0x00020000, 1) + b"\0" * 60
    _write(root / "annotations/._trimaps", apple_double)
    _write(root / "annotations/trimaps/._Abyssinian_100.png", apple_double)
    header = ("#Image CLASS-ID SPECIES BREED ID\n#ID: 1:37 Class ids\n#SPECIES: 1:Cat 2:Dog\n"
              "#BREED ID: 1-25:Cat 1:12:Dog\n#All images with 1st letter as captial are cat images\n"
              "#images with small first letter are dog images\n")
    _write(root / "annotations/list.txt", header + "".join(l + "\n" for _, _, l in sorted(lines_all)))
    for split in ("trainval", "test"):
        _write(root / f"annotations/{split}.txt", "".join(l + "\n" for _, _, l in sorted(lines_split[split])))
    _write(root / "annotations/README", (
        "OXFORD-IIIT PET Dataset (miniature)\n-----------------------\n\nContents:\n--------\n"
        "trimaps/ \tTrimap annotations for every image in the dataset\n\t\tPixel Annotations: 1: Foreground "
        "2:Background 3: Not classified\nxmls/\t\tHead bounding box annotations in PASCAL VOC Format\n\n"
        "list.txt\tCombined list of all images in the dataset\n\t\tEach entry in the file is of following "
        "nature:\n\t\tImage CLASS-ID SPECIES BREED ID\n\t\tID: 1:37 Class ids\n\t\tSPECIES: 1:Cat 2:Dog\n"
        "\t\tBREED ID: 1-25:Cat 1:12:Dog\n\t\tAll images with 1st letter as captial are cat images while\n"
        "\t\timages with small first letter are dog images.\ntrainval.txt\tFiles describing splits used in "
        "the paper.However,\ntest.txt\tyou are encouraged to try random splits.\n"))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (images/<Breed>_<n>.jpg)",
        source=("https://www.robots.ox.ac.uk/~vgg/data/pets/ (images.tar.gz, annotations.tar.gz); tfds "
                "tensorflow_datasets/image_classification/oxford_iiit_pet.py; torchvision/datasets/oxford_iiit_pet.py"),
        notes=("root holds images/ and annotations/ (the two tars unpacked side by side). Splits come from "
               "annotations/trainval.txt and annotations/test.txt (lines '<name> <CLASS-ID 1..37> <SPECIES 1 cat|2 dog> "
               "<BREED ID within species>', no header, no extension), named 'trainval' and 'test' as the files are "
               "(tfds calls trainval 'train'). list.txt repeats all with 6 '#' header lines (its BREED ID line is "
               "wrong in the original, kept verbatim). Label = breed name as in tfds' class list / the file-name "
               "prefix (case encodes species: Abyssinian, american_bulldog); class ids follow that 37-name list. "
               "The xmls/ objects are named 'cat'/'dog' (species, head boxes), only for trainval - not the labels. "
               "images/ also holds three Abyssinian_10[0-2].mat files and annotations/ holds macOS '._*' "
               "AppleDouble files, as the real tars do; none are records. Kept 4 of 37 breeds, 3+3 images each."),
    )


_CIFAR10 = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]
_CIFAR100_FINE = (
    "apple aquarium_fish baby bear beaver bed bee beetle bicycle bottle bowl boy bridge bus butterfly camel can "
    "castle caterpillar cattle chair chimpanzee clock cloud cockroach couch crab crocodile cup dinosaur dolphin "
    "elephant flatfish forest fox girl hamster house kangaroo keyboard lamp lawn_mower leopard lion lizard lobster "
    "man maple_tree motorcycle mountain mouse mushroom oak_tree orange orchid otter palm_tree pear pickup_truck "
    "pine_tree plain plate poppy porcupine possum rabbit raccoon ray road rocket rose sea seal shark shrew skunk "
    "skyscraper snail snake spider squirrel streetcar sunflower sweet_pepper table tank telephone television tiger "
    "tractor train trout tulip turtle wardrobe whale willow_tree wolf woman worm"
).split()
_CIFAR100_COARSE = (
    "aquatic_mammals fish flowers food_containers fruit_and_vegetables household_electrical_devices "
    "household_furniture insects large_carnivores large_man-made_outdoor_things large_natural_outdoor_scenes "
    "large_omnivores_and_herbivores medium_mammals non-insect_invertebrates people reptiles small_mammals trees "
    "vehicles_1 vehicles_2"
).split()


def _cifar_rows(key: str, n: int) -> np.ndarray:
    return _rng(key).integers(0, 256, (n, 3072), dtype=np.uint8)


def build_cifar10(dest: Path) -> Truth:
    root = dest / "cifar-10-batches-py"
    root.mkdir(parents=True)
    use = [0, 1, 3]  # airplane, automobile, cat
    records: dict = {}
    files = [(f"data_batch_{b}", f"training batch {b} of 5", "train") for b in range(1, 6)]
    files.append(("test_batch", "testing batch 1 of 1", "test"))
    per_batch = 4
    for bi, (fname, batch_label, split) in enumerate(files):
        labels = [use[(bi + i) % len(use)] for i in range(per_batch)]
        names = [f"{_CIFAR10[l]}_s_{1000 * bi + i:06d}.png".encode() for i, l in enumerate(labels)]
        _write(root / fname, _py2_pickle({
            b"batch_label": batch_label.encode(), b"labels": labels, b"data": _cifar_rows(fname, per_batch),
            b"filenames": names}))
        for i, l in enumerate(labels):
            records[f"{fname}:{i}"] = (split, frozenset({_CIFAR10[l]}))
    _write(root / "batches.meta", _py2_pickle({
        b"num_cases_per_batch": per_batch, b"label_names": [n.encode() for n in _CIFAR10], b"num_vis": 3072}))
    _write(root / "readme.html", "<meta HTTP-EQUIV=\"REFRESH\" content=\"0; url=http://www.cs.toronto.edu/~kriz/cifar.html\">\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="'<batch file>:<row>': the pickle's file name and the 0-based row in its b'data'/b'labels'",
        source=("https://www.cs.toronto.edu/~kriz/cifar.html (cifar-10-python.tar.gz); "
                "torchvision/datasets/cifar.py; tfds tensorflow_datasets/image_classification/cifar.py"),
        notes=("root is cifar-10-batches-py/ as `tar xzf cifar-10-python.tar.gz` makes it. data_batch_1..5 are "
               "split 'train', test_batch 'test'. Each is a Python 2 protocol-2 pickle of a dict with byte-string "
               "keys b'batch_label', b'labels' (list of ints 0-9), b'data' (uint8 [N,3072], each row 1024 R then "
               "1024 G then 1024 B, row-major 32x32), b'filenames'; load with encoding='bytes'. batches.meta has "
               "b'label_names' (10 names, index = label) and b'num_cases_per_batch' (set to this miniature's 4, "
               "10000 in the real files). Only airplane/automobile/cat occur. readme.html is a stand-in."),
    )


def build_cifar100(dest: Path) -> Truth:
    root = dest / "cifar-100-python"
    root.mkdir(parents=True)
    fine_use = ["apple", "aquarium_fish", "baby", "whale"]
    coarse_of = {"apple": "fruit_and_vegetables", "aquarium_fish": "fish", "baby": "people", "whale": "aquatic_mammals"}
    records: dict = {}
    for fname, batch_label, split, n in (("train", "training batch 1 of 1", "train", 8),
                                         ("test", "testing batch 1 of 1", "test", 4)):
        fine = [_CIFAR100_FINE.index(fine_use[i % 4]) for i in range(n)]
        coarse = [_CIFAR100_COARSE.index(coarse_of[_CIFAR100_FINE[f]]) for f in fine]
        _write(root / fname, _py2_pickle({
            b"filenames": [f"{_CIFAR100_FINE[f]}_s_{2000 + i:06d}.png".encode() for i, f in enumerate(fine)],
            b"batch_label": batch_label.encode(), b"fine_labels": fine, b"coarse_labels": coarse,
            b"data": _cifar_rows("c100" + fname, n)}))
        for i, f in enumerate(fine):
            records[f"{fname}:{i}"] = (split, frozenset({_CIFAR100_FINE[f]}))
    _write(root / "meta", _py2_pickle({
        b"fine_label_names": [n.encode() for n in _CIFAR100_FINE],
        b"coarse_label_names": [n.encode() for n in _CIFAR100_COARSE]}))
    return Truth(
        root=root, media="image", records=records,
        record_key="'<file>:<row>' with file 'train' or 'test' and the 0-based row",
        source=("https://www.cs.toronto.edu/~kriz/cifar.html (cifar-100-python.tar.gz); "
                "torchvision/datasets/cifar.py (CIFAR100: b'fine_labels', meta b'fine_label_names')"),
        notes=("root is cifar-100-python/. Files train and test (no extension) are split 'train'/'test': Python 2 "
               "protocol-2 pickles with b'fine_labels', b'coarse_labels', b'data' uint8 [N,3072], b'filenames', "
               "b'batch_label'. meta holds the full 100 b'fine_label_names' and 20 b'coarse_label_names'. Labels are "
               "the FINE label names (torchvision's default and tfds' 'label'); the coarse labels are consistent "
               "with the real superclasses. 8 train + 4 test rows over 4 fine classes."),
    )


_FASHION = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]


def _build_idx(dest: Path, folder: str, names: list[str], use: list[int], source: str, notes: str) -> Truth:
    root = dest / folder
    records: dict = {}
    for prefix, split, n in (("train", "train", 12), ("t10k", "test", 6)):
        labels = [use[i % len(use)] for i in range(n)]
        _write(root / f"{prefix}-images-idx3-ubyte.gz", _idx_images(_digit_images(folder + prefix, n)))
        _write(root / f"{prefix}-labels-idx1-ubyte.gz", _idx_labels(labels))
        for i, l in enumerate(labels):
            records[f"{prefix}-images-idx3-ubyte.gz:{i}"] = (split, frozenset({names[l]}))
    return Truth(root=root, media="image", records=records,
                 record_key=("'<images file>:<index>': the idx3 images file and the 0-based image index; the label "
                             "is the same index of the matching idx1 labels file"),
                 source=source, notes=notes)


def build_mnist(dest: Path) -> Truth:
    return _build_idx(
        dest, "mnist", [str(d) for d in range(10)], [0, 1, 7],
        source=("http://yann.lecun.com/exdb/mnist/ (mirror https://storage.googleapis.com/cvdf-datasets/mnist/); "
                "tfds tensorflow_datasets/image_classification/mnist.py"),
        notes=("Four gzipped files as downloaded, side by side in root (not gunzipped): train-images-idx3-ubyte.gz, "
               "train-labels-idx1-ubyte.gz (split 'train'), t10k-images-idx3-ubyte.gz, t10k-labels-idx1-ubyte.gz "
               "(split 'test'). IDX: big-endian uint32 magic 0x00000803 (images; then count, rows=28, cols=28, then "
               "uint8 pixels) and 0x00000801 (labels; then count, then uint8 labels). Label names are the digits "
               "'0'..'9' (the dataset has no other names). 12 train / 6 test images over digits 0, 1, 7."))


def build_fashion_mnist(dest: Path) -> Truth:
    return _build_idx(
        dest, "fashion-mnist", _FASHION, [0, 5, 9],
        source=("https://github.com/zalandoresearch/fashion-mnist (README label table); tfds "
                "tensorflow_datasets/image_classification/mnist.py (FashionMNIST names)"),
        notes=("Same four idx .gz file names and format as MNIST, side by side in root. Labels are the documented "
               "names for 0-9: T-shirt/top, Trouser, Pullover, Dress, Coat, Sandal, Shirt, Sneaker, Bag, Ankle boot "
               "('T-shirt/top' contains a slash). Only 0, 5, 9 occur. Splits 'train' and 'test' (t10k)."))


def build_keras_mnist_npz(dest: Path) -> Truth:
    root = dest / "keras_mnist"
    use = [2, 3, 8]
    records: dict = {}
    arrays = {}
    for split, n in (("train", 9), ("test", 6)):
        y = np.array([use[i % 3] for i in range(n)], dtype=np.uint8)
        arrays[f"x_{split}"] = _digit_images("npz" + split, n)
        arrays[f"y_{split}"] = y
        for i, l in enumerate(y):
            records[f"mnist.npz:x_{split}:{i}"] = (split, frozenset({str(int(l))}))
    root.mkdir(parents=True)
    np.savez_compressed(root / "mnist.npz", x_train=arrays["x_train"], y_train=arrays["y_train"],
                        x_test=arrays["x_test"], y_test=arrays["y_test"])
    return Truth(
        root=root, media="image", records=records,
        record_key="'mnist.npz:<x array>:<index>', e.g. mnist.npz:x_train:0 (label at the same index of y_train)",
        source=("keras.datasets.mnist.load_data (https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz): "
                "keys x_train, y_train, x_test, y_test"),
        notes=("root holds the single file mnist.npz (as keras caches it under ~/.keras/datasets). x_* are uint8 "
               "[N,28,28], y_* uint8 [N]; split 'train'/'test' from the key suffix; labels are the digit strings. "
               "9 train / 6 test over digits 2, 3, 8."),
    )


_CELEBA_ATTRS = (
    "5_o_Clock_Shadow Arched_Eyebrows Attractive Bags_Under_Eyes Bald Bangs Big_Lips Big_Nose Black_Hair "
    "Blond_Hair Blurry Brown_Hair Bushy_Eyebrows Chubby Double_Chin Eyeglasses Goatee Gray_Hair Heavy_Makeup "
    "High_Cheekbones Male Mouth_Slightly_Open Mustache Narrow_Eyes No_Beard Oval_Face Pale_Skin Pointy_Nose "
    "Receding_Hairline Rosy_Cheeks Sideburns Smiling Straight_Hair Wavy_Hair Wearing_Earrings Wearing_Hat "
    "Wearing_Lipstick Wearing_Necklace Wearing_Necktie Young"
).split()


def build_celeba(dest: Path) -> Truth:
    root = dest / "CelebA"
    n = 10
    partition = [0, 0, 0, 0, 0, 0, 1, 1, 2, 2]
    split_name = {0: "train", 1: "valid", 2: "test"}
    rng = _rng("celeba-attrs")
    attrs = np.where(rng.random((n, 40)) < 0.3, 1, -1)
    attrs[3, :] = -1  # one face with no positive attribute: labelled, empty label set
    records: dict = {}
    attr_lines = [str(n), " ".join(_CELEBA_ATTRS) + " "]
    bbox_lines = [str(n), "image_id x_1 y_1 width height"]
    lm_head = "lefteye_x lefteye_y righteye_x righteye_y nose_x nose_y leftmouth_x leftmouth_y rightmouth_x rightmouth_y"
    lm_align, lm_wild = [str(n), lm_head], [str(n), lm_head]
    ident, part = [], []
    for i in range(n):
        name = f"{i + 1:06d}.jpg"
        _img(root, f"Img/img_align_celeba/{name}", w=14, h=17)
        attr_lines.append(name + "".join(f" {int(v):2d}" for v in attrs[i]))
        bbox_lines.append(f"{name}{95 - i:>6}{71 + i:>4}{226 - i:>4}{313 - i:>4}")
        lm_align.append(name + "".join(f"{v:>5}" for v in (69, 109, 106, 113, 77, 142, 73, 152, 108, 154)))
        lm_wild.append(name + "".join(f"{v + i:>5}" for v in (165, 184, 244, 176, 196, 249, 194, 271, 266, 260)))
        ident.append(f"{name} {2880 + 7 * (i % 4)}")
        part.append(f"{name} {partition[i]}")
        records[f"Img/img_align_celeba/{name}"] = (
            split_name[partition[i]], frozenset(a for a, v in zip(_CELEBA_ATTRS, attrs[i]) if v == 1))
    _write(root / "Anno/list_attr_celeba.txt", "\n".join(attr_lines) + "\n")
    _write(root / "Anno/list_bbox_celeba.txt", "\n".join(bbox_lines) + "\n")
    _write(root / "Anno/list_landmarks_align_celeba.txt", "\n".join(lm_align) + "\n")
    _write(root / "Anno/list_landmarks_celeba.txt", "\n".join(lm_wild) + "\n")
    _write(root / "Anno/identity_CelebA.txt", "\n".join(ident) + "\n")
    _write(root / "Eval/list_eval_partition.txt", "\n".join(part) + "\n")
    _write(root / "README.txt", (
        "Large-scale CelebFaces Attributes (CelebA) Dataset (miniature stand-in)\n\n"
        "Img/img_align_celeba: aligned and cropped images. Anno/: list_attr_celeba.txt (1 positive, -1 negative), "
        "identity_CelebA.txt, list_bbox_celeba.txt, list_landmarks_*.txt.\nEval/list_eval_partition.txt: "
        "\"0\" represents training image, \"1\" represents validation image, \"2\" represents testing image.\n"))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (Img/img_align_celeba/<6 digits>.jpg)",
        source=("http://mmlab.ie.cuhk.edu.hk/projects/CelebA.html (Google Drive folder); tfds "
                "tensorflow_datasets/image/celeba.py; torchvision/datasets/celeba.py"),
        notes=("root is the CelebA Drive folder with Img/, Anno/, Eval/, README.txt; the aligned images are shown "
               "unpacked at Img/img_align_celeba/ (the Drive ships Img/img_align_celeba.zip; the in-the-wild "
               "img_celeba.7z and the png variant are not built). Split from Eval/list_eval_partition.txt "
               "('<file> <0|1|2>', no header): 0 'train', 1 'valid', 2 'test' (torchvision's names; tfds says "
               "validation). Labels = the attribute names whose value is 1 in Anno/list_attr_celeba.txt (line 1 "
               "the count, line 2 the 40 names with a trailing space, then '<file>' and 40 values each written as "
               "' %2d', i.e. ' -1' or '  1'). 000004.jpg has no positive attribute: labels is an empty set. "
               "identity_CelebA.txt (no header), list_bbox_celeba.txt and list_landmarks_*.txt (count + header) "
               "are present but are not labels. 10 images instead of 202,599."),
    )


def build_cub_200_2011(dest: Path) -> Truth:
    root = dest / "CUB_200_2011_download"
    base = root / "CUB_200_2011"
    classes = ["001.Black_footed_Albatross", "002.Laysan_Albatross", "003.Sooty_Albatross"]
    stems = ["Black_Footed_Albatross", "Laysan_Albatross", "Sooty_Albatross"]
    records: dict = {}
    images, labels, split_lines, boxes = [], [], [], []
    image_id = 0
    for ci, (cls, stem) in enumerate(zip(classes, stems)):
        for k in range(6):
            image_id += 1
            rel = f"{cls}/{stem}_{(k * 17 + ci * 5 + 1):04d}_{(796000 + 131 * k + ci)}.jpg"
            _img(base, f"images/{rel}", w=16, h=13 + ci)
            is_train = 1 if k % 2 == 0 else 0
            images.append(f"{image_id} {rel}")
            labels.append(f"{image_id} {ci + 1}")
            split_lines.append(f"{image_id} {is_train}")
            boxes.append(f"{image_id} {1.0 + k:.1f} {2.0 + ci:.1f} 10.0 8.0")
            records[f"CUB_200_2011/images/{rel}"] = ("train" if is_train else "test", frozenset({cls}))
    _write(base / "images.txt", "\n".join(images) + "\n")
    _write(base / "image_class_labels.txt", "\n".join(labels) + "\n")
    _write(base / "train_test_split.txt", "\n".join(split_lines) + "\n")
    _write(base / "bounding_boxes.txt", "\n".join(boxes) + "\n")
    _write(base / "classes.txt", "".join(f"{i + 1} {c}\n" for i, c in enumerate(classes)))
    attr_names = ["has_bill_shape::curved_(up_or_down)", "has_bill_shape::dagger", "has_bill_shape::hooked",
                  "has_bill_shape::needle", "has_bill_shape::hooked_seabird"]
    _write(root / "attributes.txt", "".join(f"{i + 1} {a}\n" for i, a in enumerate(attr_names)))
    _write(base / "attributes/certainties.txt", "1 not visible\n2 guessing\n3 probably\n4 definitely\n")
    _write(base / "attributes/image_attribute_labels.txt", "".join(
        f"{i} {a} {(i + a) % 2} {1 + (i * a) % 4} {10.5 + i:.4f}\n" for i in range(1, image_id + 1) for a in range(1, 6)))
    _write(base / "attributes/class_attribute_labels_continuous.txt", "".join(
        " ".join(f"{(c * 7 + a * 3) % 100:.12f}" for a in range(1, 6)) + "\n" for c in range(1, 4)))
    _write(base / "parts/parts.txt", "1 back\n2 beak\n3 belly\n4 breast\n5 crown\n")
    _write(base / "parts/part_locs.txt", "".join(
        f"{i} {p} {3.0 + p:.1f} {4.0 + i:.1f} {1}\n" for i in range(1, image_id + 1) for p in range(1, 6)))
    _write(base / "README", (
        "===========================================\nThe Caltech-UCSD Birds-200-2011 Dataset (miniature)\n"
        "===========================================\n\nThe list of image file names is contained in the file "
        "images.txt, with each line\ncorresponding to one image:\n\n<image_id> <image_name>\n\nThe ground truth "
        "class labels are contained in image_class_labels.txt:\n\n<image_id> <class_id>\n\nThe suggested "
        "train/test split is contained in train_test_split.txt:\n\n<image_id> <is_training_image>\n\nwhere "
        "<is_training_image> is 1 or 0, denoting that the file is in the training or test set.\n"))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (CUB_200_2011/images/<NNN.Class>/<file>.jpg)",
        source=("https://data.caltech.edu/records/65de6-vp158 (CUB_200_2011.tgz); tfds "
                "tensorflow_datasets/image_classification/caltech_birds.py (CaltechBirds2011)"),
        notes=("CUB_200_2011.tgz unpacks to TWO entries, attributes.txt and CUB_200_2011/; root is the folder "
               "holding both. In CUB_200_2011/: images.txt '<image_id> <NNN.Class/file.jpg>', image_class_labels.txt "
               "'<image_id> <class_id 1..200>', classes.txt '<class_id> <NNN.Class_Name>', train_test_split.txt "
               "'<image_id> <1 train|0 test>' (split names 'train'/'test'), bounding_boxes.txt, attributes/, parts/, "
               "README. Labels are the class names exactly as classes.txt writes them ('001.Black_footed_Albatross', "
               "= the image folder); tfds lower-cases and drops the 'NNN.' prefix ('black_footed_albatross') - "
               "ambiguous. File-name stems capitalise differently from class names (Black_Footed vs Black_footed). "
               "3 of 200 classes, 6 images each; attributes.txt keeps 5 of 312 lines; segmentations.tgz not built."),
    )


_FLOWERS = [
    "pink primrose", "hard-leaved pocket orchid", "canterbury bells", "sweet pea", "english marigold",
    "tiger lily", "moon orchid", "bird of paradise", "monkshood", "globe thistle",
]


def build_oxford_flowers102(dest: Path) -> Truth:
    root = dest / "flowers102"
    n = 27
    rng = _rng("flowers-labels")
    labels = np.array([1 + (i % 3) for i in range(n)], dtype=np.float64)
    rng.shuffle(labels)
    trn, val, tst = [], [], []
    seen = {1: 0, 2: 0, 3: 0}
    for i, lab in enumerate(labels, start=1):
        k = seen[int(lab)]
        seen[int(lab)] += 1
        (trn if k < 3 else val if k < 6 else tst).append(i)
    records: dict = {}
    for i in range(1, n + 1):
        rel = f"jpg/image_{i:05d}.jpg"
        _img(root, rel, w=16, h=15)
        split = "train" if i in trn else "validation" if i in val else "test"
        records[rel] = (split, frozenset({_FLOWERS[int(labels[i - 1]) - 1]}))
    _write(root / "imagelabels.mat", mat5_bytes({"labels": labels.reshape(1, -1)}))
    _write(root / "setid.mat", mat5_bytes({
        "trnid": np.array(trn, dtype=np.float64).reshape(1, -1),
        "valid": np.array(val, dtype=np.float64).reshape(1, -1),
        "tstid": np.array(tst, dtype=np.float64).reshape(1, -1)}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (jpg/image_NNNNN.jpg)",
        source=("https://www.robots.ox.ac.uk/~vgg/data/flowers/102/ (102flowers.tgz, imagelabels.mat, setid.mat); "
                "tfds tensorflow_datasets/image_classification/oxford_flowers102.py"),
        notes=("root holds jpg/ (102flowers.tgz unpacked) plus imagelabels.mat and setid.mat as downloaded. "
               "imagelabels.mat: 'labels' 1xN double, 1-based class of image_{i:05d}.jpg at position i-1. setid.mat: "
               "'trnid', 'valid', 'tstid' 1xK double image numbers (1-based); named 'train', 'validation', 'test' "
               "(tfds' names; trnid/valid are the small 10-per-class sets and tstid the big one in the real data). "
               "The dataset ships NO class names: labels here are tfds' names list (label k -> names[k-1]: 1 'pink "
               "primrose', 2 'hard-leaved pocket orchid', 3 'canterbury bells'). MAT v5 files written by hand "
               "(scipy.io.loadmat reads them). 3 classes x 9 images, 3/3/3 per class."),
    )


_COCO_CATS = [
    (1, "person", "person"), (2, "bicycle", "vehicle"), (3, "car", "vehicle"), (4, "motorcycle", "vehicle"),
    (5, "airplane", "vehicle"), (6, "bus", "vehicle"), (7, "train", "vehicle"), (8, "truck", "vehicle"),
    (9, "boat", "vehicle"), (10, "traffic light", "outdoor"), (11, "fire hydrant", "outdoor"),
    (13, "stop sign", "outdoor"), (14, "parking meter", "outdoor"), (15, "bench", "outdoor"),
    (16, "bird", "animal"), (17, "cat", "animal"), (18, "dog", "animal"), (19, "horse", "animal"),
    (20, "sheep", "animal"), (21, "cow", "animal"), (22, "elephant", "animal"), (23, "bear", "animal"),
    (24, "zebra", "animal"), (25, "giraffe", "animal"), (27, "backpack", "accessory"),
    (28, "umbrella", "accessory"), (31, "handbag", "accessory"), (32, "tie", "accessory"),
    (33, "suitcase", "accessory"), (34, "frisbee", "sports"), (35, "skis", "sports"), (36, "snowboard", "sports"),
    (37, "sports ball", "sports"), (38, "kite", "sports"), (39, "baseball bat", "sports"),
    (40, "baseball glove", "sports"), (41, "skateboard", "sports"), (42, "surfboard", "sports"),
    (43, "tennis racket", "sports"), (44, "bottle", "kitchen"), (46, "wine glass", "kitchen"),
    (47, "cup", "kitchen"), (48, "fork", "kitchen"), (49, "knife", "kitchen"), (50, "spoon", "kitchen"),
    (51, "bowl", "kitchen"), (52, "banana", "food"), (53, "apple", "food"), (54, "sandwich", "food"),
    (55, "orange", "food"), (56, "broccoli", "food"), (57, "carrot", "food"), (58, "hot dog", "food"),
    (59, "pizza", "food"), (60, "donut", "food"), (61, "cake", "food"), (62, "chair", "furniture"),
    (63, "couch", "furniture"), (64, "potted plant", "furniture"), (65, "bed", "furniture"),
    (67, "dining table", "furniture"), (70, "toilet", "furniture"), (72, "tv", "electronic"),
    (73, "laptop", "electronic"), (74, "mouse", "electronic"), (75, "remote", "electronic"),
    (76, "keyboard", "electronic"), (77, "cell phone", "electronic"), (78, "microwave", "appliance"),
    (79, "oven", "appliance"), (80, "toaster", "appliance"), (81, "sink", "appliance"),
    (82, "refrigerator", "appliance"), (84, "book", "indoor"), (85, "clock", "indoor"), (86, "vase", "indoor"),
    (87, "scissors", "indoor"), (88, "teddy bear", "indoor"), (89, "hair drier", "indoor"),
    (90, "toothbrush", "indoor"),
]
_COCO_KEYPOINTS = ["nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder",
                   "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip", "left_knee",
                   "right_knee", "left_ankle", "right_ankle"]
_COCO_SKELETON = [[16, 14], [14, 12], [17, 15], [15, 13], [12, 13], [6, 12], [7, 13], [6, 7], [6, 8], [7, 9],
                  [8, 10], [9, 11], [2, 3], [1, 2], [1, 3], [2, 4], [3, 5], [4, 6], [5, 7]]


def build_coco2017(dest: Path) -> Truth:
    root = dest / "coco"
    info = {"description": "COCO 2017 Dataset", "url": "http://cocodataset.org", "version": "1.0", "year": 2017,
            "contributor": "COCO Consortium", "date_created": "2017/09/01"}
    licenses = [{"url": "http://creativecommons.org/licenses/by-nc-sa/2.0/", "id": 1,
                 "name": "Attribution-NonCommercial-ShareAlike License"},
                {"url": "http://creativecommons.org/licenses/by/2.0/", "id": 4, "name": "Attribution License"}]
    categories = [{"supercategory": s, "id": i, "name": n} for i, n, s in _COCO_CATS]
    name_of = {i: n for i, n, _ in _COCO_CATS}
    # image id -> list of (category id, iscrowd)
    plan = {
        "train2017": {9: [(1, 0), (18, 0), (18, 0)], 25: [(17, 0)], 30: [(3, 0), (1, 0), (1, 1)],
                      34: [(90, 0), (2, 0)], 36: []},
        "val2017": {139: [(1, 0), (62, 0)], 285: [(23, 0)], 632: [(65, 0), (84, 0), (84, 0)], 724: [(13, 0)]},
    }
    records: dict = {}
    ann_id = 1000
    for split, imgs in plan.items():
        images, anns, caps, kps = [], [], [], []
        for k, (img_id, objs) in enumerate(imgs.items()):
            w, h = 20 + 2 * k, 16
            fname = f"{img_id:012d}.jpg"
            _img(root, f"{split}/{fname}", w=w, h=h)
            images.append({"license": [1, 4][k % 2], "file_name": fname,
                           "coco_url": f"http://images.cocodataset.org/{split}/{fname}", "height": h, "width": w,
                           "date_captured": f"2013-11-1{k} 17:02:52",
                           "flickr_url": f"http://farm{k + 1}.staticflickr.com/{k}/{img_id}_abc_z.jpg", "id": img_id})
            for j, (cat, crowd) in enumerate(objs):
                ann_id += 1
                x, y, bw, bh = 1.0 + j, 2.0, 8.0, 6.0
                if crowd:
                    seg: dict | list = {"counts": [17, 5, 11, 6, h * w - 39], "size": [h, w]}
                else:
                    seg = [[x, y, x + bw, y, x + bw, y + bh, x, y + bh]]
                ann = {"segmentation": seg, "area": bw * bh, "iscrowd": crowd, "image_id": img_id,
                       "bbox": [x, y, bw, bh], "category_id": cat, "id": ann_id}
                anns.append(ann)
                if cat == 1 and not crowd:
                    kp = []
                    for q in range(17):
                        kp += [float(x + q % 4), float(y + q % 5), 2 if q % 3 else 0]
                    kps.append({**ann, "num_keypoints": sum(1 for q in range(17) if q % 3), "keypoints": kp})
            for c in range(5 if split == "train2017" else 2):
                caps.append({"image_id": img_id, "id": 10 * img_id + c,
                             "caption": f"A picture of {_words(f'{img_id}-{c}', 4)}."})
            labels = frozenset(name_of[c] for c, _ in objs)
            records[f"{split}/{fname}"] = (split, labels)
        _write(root / f"annotations/instances_{split}.json", json.dumps(
            {"info": info, "licenses": licenses, "images": images, "annotations": anns, "categories": categories}))
        _write(root / f"annotations/captions_{split}.json", json.dumps(
            {"info": info, "licenses": licenses, "images": images, "annotations": caps}))
        _write(root / f"annotations/person_keypoints_{split}.json", json.dumps(
            {"info": info, "licenses": licenses, "images": images, "annotations": kps,
             "categories": [{"supercategory": "person", "id": 1, "name": "person", "keypoints": _COCO_KEYPOINTS,
                             "skeleton": _COCO_SKELETON}]}))
    test_images = []
    for k, img_id in enumerate((1, 16, 19)):
        fname = f"{img_id:012d}.jpg"
        _img(root, f"test2017/{fname}", w=18, h=16)
        test_images.append({"license": 1, "file_name": fname, "coco_url": f"http://images.cocodataset.org/test2017/{fname}",
                            "height": 16, "width": 18, "date_captured": "2013-11-14 11:18:45", "id": img_id})
        records[f"test2017/{fname}"] = ("test2017", None)
    _write(root / "annotations/image_info_test2017.json", json.dumps(
        {"info": info, "licenses": licenses, "images": test_images, "categories": categories}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (train2017/000000000009.jpg)",
        source=("https://cocodataset.org/#download (train2017.zip, val2017.zip, test2017.zip, "
                "annotations_trainval2017.zip, image_info_test2017.zip); tfds tensorflow_datasets/object_detection/coco.py"),
        notes=("root holds train2017/, val2017/, test2017/ and annotations/ (each zip unpacked in place). Splits are "
               "the folder/annotation names 'train2017', 'val2017', 'test2017' (tfds: train/validation/test). Labels "
               "= the set of category NAMES of the image's annotations in annotations/instances_<split>.json "
               "(multi-label; ids are COCO's non-contiguous 1..90, all 80 categories listed, most absent). "
               "000000000030.jpg has an iscrowd=1 person annotation with an uncompressed RLE segmentation "
               "{counts, size}; it also has a non-crowd person, so counting or skipping crowd annotations gives the "
               "same labels. 000000000036.jpg is listed in images[] with no annotations: labels is an empty set (the "
               "real train2017 has ~1k such). test2017 images are listed in image_info_test2017.json only: labels "
               "None. captions_*.json and person_keypoints_*.json are present but are not the labels. 9+3 images."),
    )


_VOC_CLASSES = ["aeroplane", "bicycle", "bird", "boat", "bottle", "bus", "car", "cat", "chair", "cow",
                "diningtable", "dog", "horse", "motorbike", "person", "pottedplant", "sheep", "sofa", "train",
                "tvmonitor"]


def _voc_xml(image_id: str, w: int, h: int, objects: list[tuple[str, int]], segmented: int) -> str:
    parts = ["<annotation>", "\t<folder>VOC2012</folder>", f"\t<filename>{image_id}.jpg</filename>",
             "\t<source>", "\t\t<database>The VOC2008 Database</database>", "\t\t<annotation>PASCAL VOC2008</annotation>",
             "\t\t<image>flickr</image>", "\t</source>", "\t<size>", f"\t\t<width>{w}</width>",
             f"\t\t<height>{h}</height>", "\t\t<depth>3</depth>", "\t</size>", f"\t<segmented>{segmented}</segmented>"]
    for j, (name, difficult) in enumerate(objects):
        parts += ["\t<object>", f"\t\t<name>{name}</name>", "\t\t<pose>Unspecified</pose>",
                  f"\t\t<truncated>{j % 2}</truncated>", f"\t\t<difficult>{difficult}</difficult>", "\t\t<bndbox>",
                  f"\t\t\t<xmin>{1 + j}</xmin>", f"\t\t\t<ymin>{2 + j}</ymin>", f"\t\t\t<xmax>{w - 2}</xmax>",
                  f"\t\t\t<ymax>{h - 1}</ymax>", "\t\t</bndbox>", "\t</object>"]
    parts.append("</annotation>")
    return "\n".join(parts) + "\n"


def build_pascal_voc2012(dest: Path) -> Truth:
    root = dest / "VOCdevkit"
    voc = root / "VOC2012"
    plan = {
        "train": {"2008_000008": [("horse", 0), ("person", 0)], "2008_000015": [("bottle", 0), ("bottle", 1)],
                  "2008_000019": [("dog", 0)], "2008_000023": [("bottle", 0), ("tvmonitor", 0), ("person", 0)]},
        "val": {"2008_000002": [("tvmonitor", 0)], "2008_000003": [("train", 0), ("person", 0)],
                "2008_000007": [("car", 0)], "2008_000009": [("cow", 0), ("cow", 0)]},
    }
    segmented = {"2008_000015", "2008_000009"}
    records: dict = {}
    ids: dict[str, list[str]] = {"train": [], "val": []}
    present: dict[str, dict[str, int]] = {}
    for split, imgs in plan.items():
        for k, (image_id, objs) in enumerate(imgs.items()):
            w, h = 20 + k, 15
            _img(voc, f"JPEGImages/{image_id}.jpg", w=w, h=h)
            _write(voc / f"Annotations/{image_id}.xml", _voc_xml(image_id, w, h, objs, int(image_id in segmented)))
            ids[split].append(image_id)
            records[f"VOC2012/JPEGImages/{image_id}.jpg"] = (split, frozenset(n for n, _ in objs))
            flags: dict[str, int] = {}
            for name, difficult in objs:
                flags[name] = max(flags.get(name, 0), 0 if difficult else 1)
            present[image_id] = flags
            if image_id in segmented:
                values = [0] + [_VOC_CLASSES.index(n) + 1 for n, _ in objs]
                _write(voc / f"SegmentationClass/{image_id}.png", _palette_png(f"cls{image_id}", w, h, values))
                _write(voc / f"SegmentationObject/{image_id}.png",
                       _palette_png(f"obj{image_id}", w, h, list(range(len(objs) + 1))))
    # An image that only the Action task lists: in JPEGImages/Annotations but in no Main list.
    extra = "2010_006088"
    _img(voc, f"JPEGImages/{extra}.jpg", w=18, h=15)
    _write(voc / f"Annotations/{extra}.xml", _voc_xml(extra, 18, 15, [("person", 0)], 0).replace(
        "\t\t<pose>", "\t\t<actions>\n\t\t\t<jumping>1</jumping>\n\t\t\t<phoning>0</phoning>\n\t\t</actions>\n\t\t<pose>"))
    main = voc / "ImageSets/Main"
    all_ids = {"train": sorted(ids["train"]), "val": sorted(ids["val"]), "trainval": sorted(ids["train"] + ids["val"])}
    for split, lst in all_ids.items():
        _write(main / f"{split}.txt", "".join(f"{i}\n" for i in lst))
        for cls in _VOC_CLASSES:
            lines = []
            for i in lst:
                v = present[i].get(cls)
                lines.append(f"{i} {(-1 if v is None else v):2d}\n")
            _write(main / f"{cls}_{split}.txt", "".join(lines))
    seg = {s: sorted(i for i in all_ids[s] if i in segmented) for s in all_ids}
    for split, lst in seg.items():
        _write(voc / f"ImageSets/Segmentation/{split}.txt", "".join(f"{i}\n" for i in lst))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (VOC2012/JPEGImages/<id>.jpg)",
        source=("http://host.robots.ox.ac.uk/pascal/VOC/voc2012/ (VOCtrainval_11-May-2012.tar); tfds "
                "tensorflow_datasets/object_detection/voc.py; torchvision/datasets/voc.py"),
        notes=("root is VOCdevkit/, the folder `tar xf VOCtrainval_11-May-2012.tar` makes; everything sits under "
               "the VOC2012/ wrapper. Splits come from VOC2012/ImageSets/Main/train.txt and val.txt (ids without "
               "extension; trainval.txt is their union, not a third split). Labels = the set of <object><name> values "
               "in Annotations/<id>.xml, difficult objects included (tfds 'labels'); difficult objects here only "
               "repeat a class the image also has non-difficult, so 'labels_no_difficult' is the same. Per-class "
               "lists <class>_<split>.txt give '<id> %2d' with 1/-1/0. Segmentation lists, SegmentationClass/ and "
               "SegmentationObject/ palette PNGs exist for 2 images. JPEGImages/2010_006088.jpg (+ its XML with "
               "<actions>) is in no Main list, like the ~5.6k action/layout-only images of the real tar: in "
               "`unlisted`, not a record. Action/ and Layout/ list folders are not built. 4 train + 4 val images."),
        unlisted=frozenset({"VOC2012/JPEGImages/2010_006088.jpg"}),
    )


_IMAGENET_LEAVES = [(1, "n02119789", "kit fox, Vulpes macrotis"), (2, "n02100735", "English setter"),
                    (3, "n02110185", "Siberian husky")]


def build_imagenet(dest: Path) -> Truth:
    root = dest / "imagenet"
    records: dict = {}
    inner_tars: list[tuple[str, bytes | None]] = []
    for ci, (_, wnid, _) in enumerate(_IMAGENET_LEAVES):
        members: list[tuple[str, bytes | None]] = []
        for i in range(4):
            name = f"{wnid}_{1000 + 97 * i + ci}.JPEG"
            members.append((name, _image_bytes(f"in/{name}", 16, 12 + ci)))
            records[f"ILSVRC2012_img_train.tar/{wnid}.tar/{name}"] = ("train", frozenset({wnid}))
        inner_tars.append((f"{wnid}.tar", _tar_bytes(members)))
    _write(root / "ILSVRC2012_img_train.tar", _tar_bytes(inner_tars))
    gt_ids = [3, 1, 2, 2, 3, 1, 1, 3, 2]  # devkit ILSVRC2012_IDs, line i -> ILSVRC2012_val_%08d % i
    wnid_of = {i: w for i, w, _ in _IMAGENET_LEAVES}
    val_members: list[tuple[str, bytes | None]] = []
    for i, gid in enumerate(gt_ids, start=1):
        name = f"ILSVRC2012_val_{i:08d}.JPEG"
        val_members.append((name, _image_bytes(f"in/{name}", 14, 16)))
        records[f"ILSVRC2012_img_val.tar/{name}"] = ("val", frozenset({wnid_of[gid]}))
    _write(root / "ILSVRC2012_img_val.tar", _tar_bytes(val_members))

    def synset(sid, wnid, words, gloss, children, height, n_train):
        return {"ILSVRC2012_ID": np.array([[float(sid)]]), "WNID": wnid, "words": words, "gloss": gloss,
                "num_children": np.array([[float(len(children))]]),
                "children": np.array([children], dtype=np.float64) if children else np.zeros((1, 0)),
                "wordnet_height": np.array([[float(height)]]), "num_train_images": np.array([[float(n_train)]])}

    synsets = [synset(i, w, words, f"gloss of {words.split(',')[0]}", [], 0, 1300) for i, w, words in _IMAGENET_LEAVES]
    synsets.append(synset(1001, "n02083346", "canine, canid", "any of various fissiped mammals", [1, 2, 3], 1, 0))
    fields = ["ILSVRC2012_ID", "WNID", "words", "gloss", "num_children", "children", "wordnet_height", "num_train_images"]
    meta = mat5_bytes({"synsets": MatStruct(fields, synsets, (len(synsets), 1))})
    kit = "ILSVRC2012_devkit_t12"
    devkit = _tar_bytes([
        (f"{kit}/", None), (f"{kit}/data/", None),
        (f"{kit}/data/meta.mat", meta),
        (f"{kit}/data/ILSVRC2012_validation_ground_truth.txt", "".join(f"{g}\n" for g in gt_ids).encode()),
        (f"{kit}/data/ILSVRC2012_validation_blacklisted.txt", b"2\n"),
        (f"{kit}/readme.txt", b"ILSVRC2012 development kit (miniature stand-in). Ground truth ILSVRC2012_IDs of the "
                              b"validation images are in data/ILSVRC2012_validation_ground_truth.txt, one per line, "
                              b"in image order; data/meta.mat maps ILSVRC2012_ID to WNID.\n"),
        (f"{kit}/COPYING", b"Copyright (c) 2012 (stand-in)\n"),
    ], gz=True)
    _write(root / "ILSVRC2012_devkit_t12.tar.gz", devkit)
    return Truth(
        root=root, media="image", records=records,
        record_key=("path through the archives: 'ILSVRC2012_img_train.tar/<wnid>.tar/<wnid>_<n>.JPEG' and "
                    "'ILSVRC2012_img_val.tar/ILSVRC2012_val_<8 digits>.JPEG'"),
        source=("https://image-net.org/challenges/LSVRC/2012/ (ILSVRC2012_img_train.tar, ILSVRC2012_img_val.tar, "
                "ILSVRC2012_devkit_t12.tar.gz); torchvision/datasets/imagenet.py (parse_devkit_archive, "
                "parse_val_archive); tfds tensorflow_datasets/image_classification/imagenet.py"),
        notes=("root holds the three files as downloaded; none is unpacked (root points at the archives). "
               "ILSVRC2012_img_train.tar holds one uncompressed tar per wnid (<wnid>.tar) whose members are "
               "<wnid>_<n>.JPEG at top level: label = that wnid, split 'train'. ILSVRC2012_img_val.tar holds flat "
               "ILSVRC2012_val_<8 digits>.JPEG; their labels come from the devkit: line i of "
               "ILSVRC2012_devkit_t12/data/ILSVRC2012_validation_ground_truth.txt is the ILSVRC2012_ID of image i, and "
               "data/meta.mat's struct array 'synsets' (ILSVRC2012_ID, WNID, words, gloss, num_children, ...) maps ID "
               "to WNID (ID 1 n02119789 kit fox, 2 n02100735, 3 n02110185 as in the real devkit: NOT sorted wnid "
               "order). Split 'val' (tfds: validation). Labels are wnids. meta.mat keeps the 3 leaves plus one "
               "non-leaf synset (ID 1001, num_children 3) - non-leaves are not classes. The blacklist file lists "
               "localisation-blacklisted images; they are still classification records. tfds uses its own val label "
               "file instead of the devkit. The test tar is not built. 3 classes x 4 train, 9 val."),
    )


def build_imagenet_kaggle(dest: Path) -> Truth:
    root = dest / "imagenet-object-localization-challenge"
    wnids = [w for _, w, _ in _IMAGENET_LEAVES]
    words = {w: t for _, w, t in _IMAGENET_LEAVES}
    base = root / "ILSVRC"
    records: dict = {}
    train_cls, train_sol, val_rows, val_list, test_list = [], [], [], [], []
    k = 0
    for ci, wnid in enumerate(wnids):
        for i in range(4):
            stem = f"{wnid}_{2000 + 53 * i + ci}"
            _img(base, f"Data/CLS-LOC/train/{wnid}/{stem}.JPEG", w=16, h=14)
            k += 1
            train_cls.append(f"{wnid}/{stem} {k}")
            records[f"ILSVRC/Data/CLS-LOC/train/{wnid}/{stem}.JPEG"] = ("train", frozenset({wnid}))
            if i < 2:  # only some training images have boxes
                train_sol.append(f"{stem},{wnid} 1 2 10 11 ")
                _write(base / f"Annotations/CLS-LOC/train/{wnid}/{stem}.xml", _ilsvrc_xml(wnid, stem, [wnid]))
    val_wnids = [wnids[j] for j in (2, 0, 1, 1, 2, 0, 0, 2, 1)]
    for i, wnid in enumerate(val_wnids, start=1):
        stem = f"ILSVRC2012_val_{i:08d}"
        _img(base, f"Data/CLS-LOC/val/{stem}.JPEG", w=14, h=16)
        boxes = f"{wnid} 1 2 10 11 " + (f"{wnid} 3 3 9 9 " if i % 3 == 0 else "")
        val_rows.append(f"{stem},{boxes}")
        val_list.append(f"{stem} {i}")
        _write(base / f"Annotations/CLS-LOC/val/{stem}.xml", _ilsvrc_xml("val", stem, [wnid]))
        records[f"ILSVRC/Data/CLS-LOC/val/{stem}.JPEG"] = ("val", frozenset({wnid}))
    for i in range(1, 5):
        stem = f"ILSVRC2012_test_{i:08d}"
        _img(base, f"Data/CLS-LOC/test/{stem}.JPEG", w=15, h=15)
        test_list.append(f"{stem} {i}")
        records[f"ILSVRC/Data/CLS-LOC/test/{stem}.JPEG"] = ("test", None)
    rng = _rng("kaggle-val-order")
    order = rng.permutation(len(val_rows))
    _write(root / "LOC_val_solution.csv", "ImageId,PredictionString\n" + "".join(val_rows[j] + "\n" for j in order))
    _write(root / "LOC_train_solution.csv", "ImageId,PredictionString\n" + "".join(r + "\n" for r in reversed(train_sol)))
    mapping = sorted([("n01440764", "tench, Tinca tinca"), ("n01443537", "goldfish, Carassius auratus")]
                     + [(w, words[w]) for w in wnids])
    _write(root / "LOC_synset_mapping.txt", "".join(f"{w} {t}\n" for w, t in mapping))
    _write(root / "LOC_sample_submission.csv", "ImageId,PredictionString\n" + "".join(
        f"ILSVRC2012_test_{i:08d},n01440764 0 0 100 100 n01443537 0 0 100 100\n" for i in range(1, 5)))
    sets = base / "ImageSets/CLS-LOC"
    _write(sets / "train_cls.txt", "\n".join(train_cls) + "\n")
    _write(sets / "train_loc.txt", "".join(f"{wnid_stem.split()[0]} {j + 1}\n" for j, wnid_stem in enumerate(train_cls[::2])))
    _write(sets / "val.txt", "\n".join(val_list) + "\n")
    _write(sets / "test.txt", "\n".join(test_list) + "\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (ILSVRC/Data/CLS-LOC/<split>/...JPEG)",
        source=("https://www.kaggle.com/c/imagenet-object-localization-challenge/data "
                "(imagenet-object-localization-challenge.zip)"),
        notes=("root is the folder the Kaggle zip unpacks into: ILSVRC/, LOC_synset_mapping.txt, "
               "LOC_train_solution.csv, LOC_val_solution.csv, LOC_sample_submission.csv. Train images sit in "
               "ILSVRC/Data/CLS-LOC/train/<wnid>/<wnid>_<n>.JPEG: label = wnid folder, split 'train'. Val images are "
               "FLAT in ILSVRC/Data/CLS-LOC/val/: label = the first wnid of PredictionString in LOC_val_solution.csv "
               "(header 'ImageId,PredictionString', rows '<ImageId>,<wnid x1 y1 x2 y2 >...' possibly repeating the "
               "wnid per box, rows unordered), split 'val'. Test images (flat) have no labels: split 'test', labels "
               "None. LOC_train_solution.csv covers only the boxed subset of train (not a split list). "
               "LOC_synset_mapping.txt ('<wnid> <words>', sorted by wnid; line index = the usual class index) lists "
               "two classes with no images (tench, goldfish) as the real 1000-line file lists all. ImageSets/CLS-LOC "
               "lists and Annotations/CLS-LOC XMLs are present. Labels are wnids."),
    )


def _ilsvrc_xml(folder: str, stem: str, names: list[str]) -> str:
    objs = "".join(
        f"\t<object>\n\t\t<name>{n}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
        f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>1</xmin>\n\t\t\t<ymin>2</ymin>\n"
        f"\t\t\t<xmax>10</xmax>\n\t\t\t<ymax>11</ymax>\n\t\t</bndbox>\n\t</object>\n" for n in names)
    return (f"<annotation>\n\t<folder>{folder}</folder>\n\t<filename>{stem}</filename>\n\t<source>\n"
            f"\t\t<database>ILSVRC_2012</database>\n\t</source>\n\t<size>\n\t\t<width>16</width>\n"
            f"\t\t<height>16</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n{objs}</annotation>\n")


_DOG_BREEDS = [("n02085620", "Chihuahua"), ("n02085782", "Japanese_spaniel"), ("n02085936", "Maltese_dog")]


def build_stanford_dogs(dest: Path) -> Truth:
    root = dest / "stanford_dogs"
    records: dict = {}
    lists: dict[str, list[tuple[str, int]]] = {"train": [], "test": []}
    for ci, (wnid, breed) in enumerate(_DOG_BREEDS):
        folder = f"{wnid}-{breed}"
        for i in range(6):
            stem = f"{wnid}_{10074 + 311 * i + ci}"
            _img(root, f"Images/{folder}/{stem}.jpg", w=16, h=15)
            split = "train" if i < 4 else "test"
            lists[split].append((f"{folder}/{stem}.jpg", ci + 1))
            records[f"Images/{folder}/{stem}.jpg"] = (split, frozenset({folder.lower()}))
            _write(root / f"Annotation/{folder}/{stem}", (
                f"<annotation>\n\t<folder>{wnid[1:]}</folder>\n\t<filename>{stem}</filename>\n\t<source>\n"
                "\t\t<database>ImageNet database</database>\n\t</source>\n\t<size>\n\t\t<width>16</width>\n"
                "\t\t<height>15</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segment>0</segment>\n\t<object>\n"
                f"\t\t<name>{breed}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
                "\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>1</xmin>\n\t\t\t<ymin>1</ymin>\n"
                "\t\t\t<xmax>14</xmax>\n\t\t\t<ymax>13</ymax>\n\t\t</bndbox>\n\t</object>\n</annotation>"))

    def list_mat(entries: list[tuple[str, int]]) -> bytes:
        files = [e for e, _ in entries]
        return mat5_bytes({
            "file_list": _cell_of_str(files),
            "annotation_list": _cell_of_str([f[:-4] for f in files]),
            "labels": np.array([[float(l)] for _, l in entries])})

    _write(root / "train_list.mat", list_mat(lists["train"]))
    _write(root / "test_list.mat", list_mat(lists["test"]))
    _write(root / "file_list.mat", list_mat(sorted(lists["train"] + lists["test"])))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (Images/<wnid>-<Breed>/<wnid>_<n>.jpg)",
        source=("http://vision.stanford.edu/aditya86/ImageNetDogs/ (images.tar, annotation.tar, lists.tar); "
                "tfds tensorflow_datasets/image_classification/stanford_dogs.py"),
        notes=("root holds the three tars unpacked side by side: Images/<wnid>-<Breed>/*.jpg, Annotation/"
               "<wnid>-<Breed>/<stem> (PASCAL-style XML, no extension), and lists.tar's file_list.mat, "
               "train_list.mat, test_list.mat at top level. Splits from train_list.mat / test_list.mat: variables "
               "'file_list' (N x 1 cell of char rows '<folder>/<file>.jpg'), 'annotation_list', 'labels' "
               "(N x 1 double, 1-based); named 'train'/'test'. file_list.mat lists everything (not a split). Labels "
               "as tfds gives them: the image's folder name lower-cased ('n02085620-chihuahua'); the XML <name> has "
               "the plain breed. 3 of 120 breeds, 4 train + 2 test each."),
    )


def build_dtd(dest: Path) -> Truth:
    root = dest / "dtd"
    classes = ["banded", "blotchy", "waffled"]
    per_class: dict[str, list[str]] = {}
    for ci, cls in enumerate(classes):
        nums = [2, 4, 5, 9, 11, 12, 14, 17, 21]
        per_class[cls] = [f"{cls}/{cls}_{n + ci:04d}.jpg" for n in nums]
        for rel in per_class[cls]:
            _img(root, f"images/{rel}", w=16, h=16)
    _write(root / "images/waffled/.directory", "[Dolphin]\nPreviewsShown=true\nTimestamp=2013,3,6,17,28,39\n")
    folds: dict[int, dict[str, list[str]]] = {}
    for fold in range(1, 11):
        rng = _rng(f"dtd-fold-{fold}")
        split_of: dict[str, list[str]] = {"train": [], "val": [], "test": []}
        for cls in classes:
            files = list(per_class[cls])
            order = rng.permutation(len(files))
            for j, idx in enumerate(order):
                split_of[("train", "val", "test")[j % 3]].append(files[idx])
        folds[fold] = split_of
        for split, files in split_of.items():
            _write(root / f"labels/{split}{fold}.txt", "".join(f"{f}\n" for f in sorted(files)))
    joint = []
    for ci, cls in enumerate(classes):
        for j, rel in enumerate(per_class[cls]):
            extra = [classes[(ci + 1) % 3]] if j % 4 == 0 else []
            joint.append(" ".join([rel, cls] + extra))
    _write(root / "labels/labels_joint_anno.txt", "\n".join(joint) + "\n")
    all_files = [rel for cls in classes for rel in per_class[cls]]
    set_of = {f: s for s, fs in zip((1, 2, 3), (folds[1]["train"], folds[1]["val"], folds[1]["test"])) for f in fs}
    imdb = {
        "images": MatStruct(["id", "name", "set", "class"], [{
            "id": np.arange(1, len(all_files) + 1, dtype=np.float64).reshape(1, -1),
            "name": MatCell(all_files, (1, len(all_files))),
            "set": np.array([[float(set_of[f]) for f in all_files]]),
            "class": np.array([[float(classes.index(f.split("/")[0]) + 1) for f in all_files]])}], (1, 1)),
        "meta": MatStruct(["classes", "sets"], [{
            "classes": MatCell(classes, (1, len(classes))), "sets": MatCell(["train", "val", "test"], (1, 3))}], (1, 1)),
    }
    _write(root / "imdb/imdb.mat", mat5_bytes(imdb))
    records = {}
    for split, files in folds[1].items():
        for rel in files:
            records[f"images/{rel}"] = (split, frozenset({rel.split("/")[0]}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root (images/<class>/<class>_NNNN.jpg)",
        source=("https://www.robots.ox.ac.uk/~vgg/data/dtd/ (dtd-r1.0.1.tar.gz); tfds "
                "tensorflow_datasets/image_classification/dtd.py; torchvision/datasets/dtd.py"),
        notes=("root is dtd/ as the tar unpacks. labels/ holds train{1..10}.txt, val{1..10}.txt, test{1..10}.txt "
               "(lines '<class>/<file>.jpg' relative to images/): 10 alternative folds of one split each, every "
               "image in exactly one of train/val/test per fold. Which fold is 'the' split is ambiguous; tfds (and "
               "torchvision's default partition=1) use fold 1, so records carry fold-1 splits named 'train', 'val', "
               "'test' (other folds differ here). Label = the key attribute = image folder (first name after the "
               "path in labels_joint_anno.txt, which also lists extra attributes for some images - those are not "
               "the label). images/waffled/.directory is a KDE file shipped in the real tar (not an image). "
               "imdb/imdb.mat is a small stand-in struct (images.id/name/set/class, meta.classes/sets) whose exact "
               "real layout was not checked. 3 of 47 classes x 9 images, non-consecutive numbering."),
    )


def build_tiny_imagenet_200(dest: Path) -> Truth:
    root = dest / "tiny-imagenet-200"
    wnids = ["n02124075", "n01443537", "n04067472"]
    words = {"n02124075": "Egyptian cat", "n01443537": "goldfish, Carassius auratus",
             "n04067472": "reel", "n00001740": "entity", "n00001930": "physical entity"}
    records: dict = {}
    for ci, wnid in enumerate(wnids):
        boxes = []
        for i in range(4):
            name = f"{wnid}_{i}.JPEG"
            _img(root, f"train/{wnid}/images/{name}")
            boxes.append(f"{name}\t{i}\t{ci}\t{40 + i}\t{50 + ci}")
            records[f"train/{wnid}/images/{name}"] = ("train", frozenset({wnid}))
        _write(root / f"train/{wnid}/{wnid}_boxes.txt", "\n".join(boxes) + "\n")
    val_lines = []
    for i in range(6):
        wnid = wnids[(i * 2) % 3]
        _img(root, f"val/images/val_{i}.JPEG")
        val_lines.append(f"val_{i}.JPEG\t{wnid}\t{i}\t{2 * i}\t{40 + i}\t{60 - i}")
        records[f"val/images/val_{i}.JPEG"] = ("val", frozenset({wnid}))
    _write(root / "val/val_annotations.txt", "\n".join(val_lines) + "\n")
    for i in range(3):
        _img(root, f"test/images/test_{i}.JPEG")
        records[f"test/images/test_{i}.JPEG"] = ("test", None)
    _write(root / "wnids.txt", "\n".join(wnids) + "\n")
    _write(root / "words.txt", "".join(f"{w}\t{t}\n" for w, t in sorted(words.items())))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the image file relative to root",
        source="http://cs231n.stanford.edu/tiny-imagenet-200.zip",
        notes=("root is tiny-imagenet-200/ as the zip unpacks. train/<wnid>/images/<wnid>_<i>.JPEG: label = wnid "
               "(the folder two levels up, not 'images'), split 'train'; train/<wnid>/<wnid>_boxes.txt are boxes. "
               "val/images/val_<i>.JPEG is flat: label from val/val_annotations.txt (tab-separated '<file> <wnid> "
               "<x0> <y0> <x1> <y1>'), split 'val'. test/images/ has no labels: 'test', None. wnids.txt lists the "
               "classes (unsorted), words.txt maps many more wnids to words (tab-separated). 3 of 200 classes, "
               "16 px instead of 64 px."),
    )


def build_mnist_png(dest: Path) -> Truth:
    root = dest / "mnist_png"
    records: dict = {}
    counter = 0
    for folder, split in (("training", "train"), ("testing", "test")):
        for d in (0, 4, 9):
            for i in range(3):
                counter += 1
                rel = f"{folder}/{d}/{counter * 7 + d}.png"
                _img(root, rel, w=28, h=28, fmt="PNG", mode="L")
                records[rel] = (split, frozenset({str(d)}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the PNG relative to root (training|testing/<digit>/<index>.png)",
        source="https://github.com/myleott/mnist_png (mnist_png.tar.gz)",
        notes=("root is mnist_png/ as the tarball unpacks: training/<digit>/<n>.png and testing/<digit>/<n>.png, "
               "grayscale 28x28 PNGs named by their index in the original idx files. Split names follow the "
               "folders: 'training' -> 'train', 'testing' -> 'test' (renamed to the usual names). Labels are the "
               "digit folder names. 3 digits x 3 images per split."),
    )


# --------------------------------------------------------------------------------------------------
# Text classification
# --------------------------------------------------------------------------------------------------

def build_imdb(dest: Path) -> Truth:
    root = dest / "aclImdb"
    records: dict = {}
    vocab = sorted(set(_WORDS))
    feats: dict[str, list[str]] = {}
    plan = [("train", "pos", (7, 8, 9, 10, 8)), ("train", "neg", (1, 2, 3, 4, 2)), ("train", "unsup", (0, 0, 0, 0)),
            ("test", "pos", (10, 7, 9)), ("test", "neg", (1, 4, 3))]
    for split, kind, ratings in plan:
        urls = []
        for i, rating in enumerate(ratings):
            rel = f"{split}/{kind}/{i}_{rating}.txt"
            text = (f"{_words(rel, 9).capitalize()} in this film.<br /><br />"
                    f"{'Loved' if kind == 'pos' else 'Hated' if kind == 'neg' else 'Watched'} it, review {split}-{kind}-{i}.")
            _write(root / rel, text)
            records[rel] = (split, None if kind == "unsup" else frozenset({kind}))
            urls.append(f"http://www.imdb.com/title/tt{453418 + 17 * i + len(kind)}/usercomments")
            counts: dict[int, int] = {}
            for wd in _words(rel, 9).split():
                counts[vocab.index(wd)] = counts.get(vocab.index(wd), 0) + 1
            feats.setdefault(f"{split}/{'unsupBow' if kind == 'unsup' else 'labeledBow'}.feat", []).append(
                f"{rating} " + " ".join(f"{k}:{v}" for k, v in sorted(counts.items())))
        _write(root / f"{split}/urls_{kind}.txt", "\n".join(urls) + "\n")
    for rel, lines in feats.items():
        _write(root / rel, "\n".join(lines) + "\n")
    _write(root / "imdb.vocab", "\n".join(vocab) + "\n")
    _write(root / "imdbEr.txt", "\n".join(f"{((i * 37) % 200 - 100) / 50:.9f}" for i in range(len(vocab))) + "\n")
    _write(root / "README", (
        "Large Movie Review Dataset v1.0 (miniature stand-in)\n\nDataset: top-level directories [train/, test/] "
        "correspond to the training and test sets. Each contains [pos/, neg/] directories for the reviews with "
        "binary labels positive and negative. Reviews are stored in text files named [[id]_[rating].txt]. "
        "Unlabeled documents for unsupervised learning are in train/unsup/ (rating 0). [urls_[pos, neg, unsup].txt] "
        "give the IMDb URLs; [labeledBow.feat] holds bag-of-words features in LIBSVM format; [imdb.vocab] the "
        "vocabulary; [imdbEr.txt] the expected rating of each token.\n"))
    return Truth(
        root=root, media="text", records=records,
        record_key="path of the review file relative to root (the aclImdb folder)",
        source=("https://ai.stanford.edu/~amaas/data/sentiment/aclImdb_v1.tar.gz; tfds "
                "tensorflow_datasets/text/imdb.py (splits train/test/unsupervised, labels neg/pos)"),
        notes=("root is aclImdb/ as the tarball unpacks. train/{pos,neg} and test/{pos,neg} hold <id>_<rating>.txt "
               "(pos ratings 7-10, neg 1-4); label = 'pos'/'neg' from the folder, split = 'train'/'test'. "
               "train/unsup/<id>_0.txt are unlabelled: labels None, and split 'train' because the README puts them in "
               "the training directory (tfds makes them a separate 'unsupervised' split - ambiguous). labeledBow.feat / "
               "unsupBow.feat, urls_*.txt, imdb.vocab, imdbEr.txt and README are auxiliary, not records. Texts contain "
               "'<br /><br />' as the real reviews do. 5+5+4 train, 3+3 test files."),
    )


def _csv_field(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def build_ag_news(dest: Path) -> Truth:
    root = dest / "ag_news_csv"
    classes = ["World", "Sports", "Business", "Sci/Tech"]
    records: dict = {}
    for fname, split, n in (("train.csv", "train", 12), ("test.csv", "test", 8)):
        lines = []
        for i in range(n):
            cls = 1 + (i * 3) % 4
            title = f"{_words(f'ag{split}{i}t', 4).title()} ({['AP', 'Reuters', 'AFP'][i % 3]})"
            desc = f"{_words(f'ag{split}{i}d', 10)} \\ said \"{_words(f'ag{split}{i}q', 2)}\" #39;s item {i}."
            lines.append(",".join([_csv_field(str(cls)), _csv_field(title), _csv_field(desc)]))
            records[f"{fname}:{i}"] = (split, frozenset({classes[cls - 1]}))
        _write(root / fname, "\n".join(lines) + "\n")
    _write(root / "classes.txt", "\n".join(classes) + "\n")
    _write(root / "readme.txt", (
        "AG's News Topic Classification Dataset (miniature stand-in)\n\nDESCRIPTION\n\nThe AG's news topic "
        "classification dataset is constructed by choosing 4 largest classes from the original corpus. The file "
        "classes.txt contains a list of classes corresponding to each label.\n\nThe files train.csv and test.csv "
        "contain all the training samples as comma-sparated values. There are 3 columns in them, corresponding to "
        "class index (1 to 4), title and description. The title and description are escaped using double quotes "
        "(\"), and any internal double quote is escaped by 2 double quotes (\"\"). New lines are escaped by a "
        "backslash followed with an \"n\" character, that is \"\\n\".\n"))
    return Truth(
        root=root, media="text", records=records,
        record_key="'<csv file>:<row>': 0-based data row (the files have no header)",
        source=("https://github.com/mhjabreel/CharCnn_Keras/raw/master/data/ag_news_csv (ag_news_csv.tar.gz "
                "readme.txt); tfds tensorflow_datasets/text/ag_news_subset.py"),
        notes=("root is ag_news_csv/ (train.csv, test.csv, classes.txt, readme.txt). CSVs are headerless, every "
               "field double-quoted: \"<class index 1-4>\",\"<title>\",\"<description>\"; internal quotes doubled, "
               "backslashes and HTML-entity fragments (#39;) appear raw. Label = line <index> of classes.txt (1-based): "
               "World, Sports, Business, Sci/Tech (tfds' ag_news_subset names match). Splits 'train'/'test'. Record "
               "text is the title, its text/pair the description (never joined). 12 train / 8 test rows."),
    )


_DBPEDIA = ["Company", "EducationalInstitution", "Artist", "Athlete", "OfficeHolder", "MeanOfTransportation",
            "Building", "NaturalPlace", "Village", "Animal", "Plant", "Album", "Film", "WrittenWork"]


def build_dbpedia(dest: Path) -> Truth:
    root = dest / "dbpedia_csv"
    records: dict = {}
    for fname, split, n in (("train.csv", "train", 10), ("test.csv", "test", 6)):
        lines = []
        for i in range(n):
            cls = [1, 5, 10, 14][i % 4]
            title = _words(f"db{split}{i}t", 2).title() + (" \"Jr.\"" if i == 3 else "")
            content = f" {_words(f'db{split}{i}c', 12)}, entry {split} {i}."
            lines.append(f"{cls},{_csv_field(title)},{_csv_field(content)}")
            records[f"{fname}:{i}"] = (split, frozenset({_DBPEDIA[cls - 1]}))
        _write(root / fname, "\n".join(lines) + "\n")
    _write(root / "classes.txt", "\n".join(_DBPEDIA) + "\n")
    _write(root / "readme.txt", (
        "DBPedia Ontology Classification Dataset (miniature stand-in)\n\nThe DBpedia ontology classification "
        "dataset is constructed by picking 14 non-overlapping classes from DBpedia 2014. The file classes.txt "
        "contains a list of classes corresponding to each label.\n\nThe files train.csv and test.csv contain all "
        "the training samples as comma-sparated values. There are 3 columns in them, corresponding to class index "
        "(1 to 14), title and content. The title and content are escaped using double quotes (\"), and any "
        "internal double quote is escaped by 2 double quotes (\"\").\n"))
    return Truth(
        root=root, media="text", records=records,
        record_key="'<csv file>:<row>': 0-based data row (no header)",
        source=("dbpedia_csv.tar.gz (Zhang et al. 2015 char-CNN datasets, readme.txt); "
                "torchtext DBpedia / HF 'dbpedia_14' (same 14 classes)"),
        notes=("root is dbpedia_csv/ (train.csv, test.csv, classes.txt with 14 names, readme.txt). Rows are "
               "<class index unquoted>,\"<title>\",\"<content>\" with no header; content starts with a space as in the "
               "real files; one title contains doubled quotes. Label = classes.txt line <index> (1-based). Splits "
               "'train'/'test'. Only classes 1, 5, 10, 14 occur. 10 train / 6 test rows."),
    )


def build_glue_sst2(dest: Path) -> Truth:
    root = dest / "SST-2"
    names = ["negative", "positive"]
    records: dict = {}
    for fname, split, n in (("train.tsv", "train", 10), ("dev.tsv", "dev", 6)):
        lines = ["sentence\tlabel"]
        for i in range(n):
            label = (i * 7 + 3) % 2
            lines.append(f"{_words(f'sst{split}{i}', 6)} , it 's {'good' if label else 'bad'} {i} \t{label}")
            records[f"{fname}:{i}"] = (split, frozenset({names[label]}))
        _write(root / fname, "\n".join(lines) + "\n")
    lines = ["index\tsentence"]
    for i in range(5):
        lines.append(f"{i}\t{_words(f'ssttest{i}', 7)} .")
        records[f"test.tsv:{i}"] = ("test", None)
    _write(root / "test.tsv", "\n".join(lines) + "\n")
    orig = root / "original"
    _write(orig / "README.txt", "Stanford Sentiment Treebank V1.0 (miniature stand-in)\n")
    _write(orig / "datasetSentences.txt", "sentence_index\tsentence\n1\tA stand-in sentence .\n2\tAnother one .\n")
    _write(orig / "datasetSplit.txt", "sentence_index,splitset_label\n1,1\n2,3\n")
    _write(orig / "dictionary.txt", "!|0\n! '|22935\n")
    _write(orig / "sentiment_labels.txt", "phrase ids|sentiment values\n0|0.5\n1|0.5\n")
    return Truth(
        root=root, media="text", records=records,
        record_key="'<tsv file>:<row>': 0-based data row after the header line",
        source=("https://dl.fbaipublicfiles.com/glue/data/SST-2.zip; tfds tensorflow_datasets/text/glue.py "
                "(sst2: label names negative, positive; dev.tsv -> validation)"),
        notes=("root is SST-2/ as the zip unpacks. train.tsv and dev.tsv: header 'sentence\\tlabel', rows "
               "'<tokenised lower-case sentence> \\t<0|1>' (a space before the tab, as in the real files); label 0 "
               "'negative', 1 'positive' (tfds names). test.tsv: header 'index\\tsentence', no labels -> None. Splits "
               "named after the files: 'train', 'dev', 'test' (tfds calls dev 'validation'). original/ holds the "
               "raw Stanford Sentiment Treebank files (datasetSplit.txt has its own 1/2/3 split codes) - stand-ins, "
               "not records. 10 train / 6 dev / 5 test rows."),
    )


def build_twenty_newsgroups(dest: Path) -> Truth:
    root = dest / "20news-bydate"
    groups = ["alt.atheism", "comp.graphics", "rec.autos", "sci.space"]
    records: dict = {}
    for split, base in (("train", 49960), ("test", 53068)):
        for gi, group in enumerate(groups):
            for i in range(3):
                number = base + 1000 * gi + 13 * i
                rel = f"20news-bydate-{split}/{group}/{number}"
                name = ["Ren\xe9 Descartes", "J\xfcrgen M\xfcller", "Fran\xe7ois Dupont"][i]
                text = (f"From: user{number}@example.edu ({name})\nSubject: Re: {_words(rel + 's', 3)}\n"
                        f"Organization: University of {_words(rel + 'o', 1).title()}\nLines: 3\n\n"
                        f"{_words(rel, 8)}.\n{_words(rel + 'b', 6)}.\n-- \n{name}\n")
                _write(root / rel, text, encoding="latin-1")
                records[rel] = (split, frozenset({group}))
    return Truth(
        root=root, media="text", records=records,
        record_key="path of the message file relative to root (20news-bydate-<split>/<group>/<number>)",
        source=("http://qwone.com/~jason/20Newsgroups/20news-bydate.tar.gz; "
                "sklearn.datasets.fetch_20newsgroups (reads the same tarball, encoding latin-1)"),
        notes=("20news-bydate.tar.gz unpacks to TWO folders, 20news-bydate-train/ and 20news-bydate-test/; root "
               "holds both. Split = 'train'/'test' from the top folder; label = the newsgroup folder name "
               "(alt.atheism). Files are numbered with NO extension and are Latin-1 (non-UTF-8 bytes in headers). "
               "4 of 20 groups, 3 messages per group per split."),
    )


# --------------------------------------------------------------------------------------------------

DATASETS: dict[str, Callable[[Path], Truth]] = {
    "imagenette": build_imagenette,
    "beans": build_beans,
    "caltech101": build_caltech101,
    "food101": build_food101,
    "eurosat": build_eurosat,
    "cats_vs_dogs": build_cats_vs_dogs,
    "cats_vs_dogs_ms": build_cats_vs_dogs_ms,
    "oxford_iiit_pet": build_oxford_iiit_pet,
    "cifar10": build_cifar10,
    "cifar100": build_cifar100,
    "mnist": build_mnist,
    "fashion_mnist": build_fashion_mnist,
    "keras_mnist_npz": build_keras_mnist_npz,
    "celeba": build_celeba,
    "cub_200_2011": build_cub_200_2011,
    "oxford_flowers102": build_oxford_flowers102,
    "coco2017": build_coco2017,
    "pascal_voc2012": build_pascal_voc2012,
    "imagenet": build_imagenet,
    "imagenet_kaggle": build_imagenet_kaggle,
    "imdb": build_imdb,
    "ag_news": build_ag_news,
    "glue_sst2": build_glue_sst2,
    "twenty_newsgroups": build_twenty_newsgroups,
    "dbpedia": build_dbpedia,
    "stanford_dogs": build_stanford_dogs,
    "dtd": build_dtd,
    "tiny_imagenet_200": build_tiny_imagenet_200,
    "mnist_png": build_mnist_png,
}


# --------------------------------------------------------------------------------------------------
# Self-check: build every miniature, read it back from its own files the way the dataset's
# documentation / tfds / torchvision read it, and compare with the Truth.
# --------------------------------------------------------------------------------------------------

def read_mat5(data: bytes) -> dict:
    """A small MAT v5 reader (numeric, char, cell, struct) for the self-check."""
    np_of = {_MI_INT8: "<i1", _MI_UINT8: "<u1", _MI_INT16: "<i2", _MI_UINT16: "<u2", _MI_INT32: "<i4",
             _MI_UINT32: "<u4", _MI_SINGLE: "<f4", _MI_DOUBLE: "<f8", _MI_INT64: "<i8", _MI_UINT64: "<u8"}
    assert data[126:128] == b"IM", "not a little-endian MAT v5 file"

    def tag(buf: bytes, pos: int):
        word = struct.unpack_from("<I", buf, pos)[0]
        if word >> 16:
            n = word >> 16
            return word & 0xFFFF, buf[pos + 4:pos + 4 + n], pos + 8
        mi, n = struct.unpack_from("<II", buf, pos)
        return mi, buf[pos + 8:pos + 8 + n], pos + 8 + n + (-n % 8)

    def matrix(buf: bytes):
        _, flags, pos = tag(buf, 0)
        cls = struct.unpack_from("<I", flags)[0] & 0xFF
        _, dims_raw, pos = tag(buf, pos)
        dims = struct.unpack(f"<{len(dims_raw) // 4}i", dims_raw)
        _, name, pos = tag(buf, pos)
        count = int(np.prod(dims))
        if cls == _MX_CELL:
            items = []
            for _ in range(count):
                _, sub, pos = tag(buf, pos)
                items.append(matrix(sub)[1])
            return name.decode(), MatCell(items, tuple(dims))
        if cls == _MX_STRUCT:
            _, width_raw, pos = tag(buf, pos)
            width = struct.unpack("<i", width_raw)[0]
            _, names_raw, pos = tag(buf, pos)
            fields = [names_raw[i:i + width].rstrip(b"\0").decode() for i in range(0, len(names_raw), width)]
            elements = []
            for _ in range(count):
                element = {}
                for f in fields:
                    _, sub, pos = tag(buf, pos)
                    element[f] = matrix(sub)[1]
                elements.append(element)
            return name.decode(), MatStruct(fields, elements, tuple(dims))
        mi, raw, pos = tag(buf, pos)
        arr = np.frombuffer(raw, dtype=np_of[mi]) if raw else np.zeros(0)
        if cls == _MX_CHAR:
            return name.decode(), "".join(chr(int(c)) for c in arr)
        return name.decode(), arr.reshape(dims, order="F")

    out, pos = {}, 128
    while pos < len(data):
        mi, payload, pos = tag(data, pos)
        assert mi == _MI_MATRIX
        key, value = matrix(payload)
        out[key] = value
    return out


def _mat_str(value) -> str:
    while isinstance(value, MatCell):
        (value,) = value.items
    return value


def _member(root: Path, rid: str) -> bytes | None:
    """The bytes of a record id that names a file, or a member through zip/tar archives."""
    parts = rid.split("/")
    for i in range(1, len(parts) + 1):
        path = root.joinpath(*parts[:i])
        if path.is_file():
            data, rest = path.read_bytes(), parts[i:]
            break
    else:
        return None
    while rest:
        name = "/".join(rest)
        if zipfile.is_zipfile(io.BytesIO(data)):
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                return zf.read(name)
        with tarfile.open(fileobj=io.BytesIO(data)) as tf:
            names = tf.getnames()
            for j in range(1, len(rest) + 1):
                if "/".join(rest[:j]) in names:
                    data = tf.extractfile("/".join(rest[:j])).read()
                    rest = rest[j:]
                    break
            else:
                raise KeyError(rid)
    return data


def _lines(path: Path, encoding: str = "utf-8") -> list[str]:
    return [l for l in path.read_text(encoding=encoding).split("\n") if l.strip()]


def _walk(root: Path, pattern: str) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file())


def _check_imagenette(t: Truth) -> dict:
    import csv
    out = {}
    with open(t.root / "noisy_imagenette.csv", newline="") as f:
        for row in csv.DictReader(f):
            assert row["path"].split("/")[1] == row["noisy_labels_0"]
            out[row["path"]] = ("val" if row["is_valid"] == "True" else "train", frozenset({row["noisy_labels_0"]}))
    assert sorted(out) == _walk(t.root, "*/*/*.JPEG")
    return out


def _check_class_folders(t: Truth, pattern: str, split_of, label_of) -> dict:
    return {rel: (split_of(rel), frozenset({label_of(rel)})) for rel in _walk(t.root, pattern)}


def _check_food101(t: Truth) -> dict:
    out = {}
    for split in ("train", "test"):
        lines = _lines(t.root / f"meta/{split}.txt")
        js = json.loads((t.root / f"meta/{split}.json").read_text())
        assert sorted(lines) == sorted(x for v in js.values() for x in v)
        for line in lines:
            out[f"images/{line}.jpg"] = (split, frozenset({line.split("/")[0]}))
    classes = _lines(t.root / "meta/classes.txt")
    assert {lab for _, labs in out.values() for lab in labs} <= set(classes)
    return out


def _check_cats_vs_dogs(t: Truth) -> dict:
    import re
    out = {}
    with zipfile.ZipFile(t.root / "train.zip") as zf:
        for name in zf.namelist():
            m = re.match(r"^train/(cat|dog)\.\d+\.jpg$", name)
            if m:
                out[f"train.zip/{name}"] = ("train", frozenset({m.group(1)}))
    with zipfile.ZipFile(t.root / "test1.zip") as zf:
        for name in zf.namelist():
            if re.match(r"^test1/\d+\.jpg$", name):
                out[f"test1.zip/{name}"] = ("test", None)
    return out


def _check_cats_vs_dogs_ms(t: Truth) -> dict:
    import re
    out = {}
    with zipfile.ZipFile(t.root / "kagglecatsanddogs_5340.zip") as zf:
        for name in zf.namelist():
            m = re.match(r"^PetImages[\\/](Cat|Dog)[\\/]\d+\.jpg$", name)
            if m and b"JFIF" in zf.read(name)[:10]:
                out[f"kagglecatsanddogs_5340.zip/{name}"] = ("train", frozenset({m.group(1).lower()}))
    return out


def _check_pets(t: Truth) -> dict:
    out = {}
    for split in ("trainval", "test"):
        for line in _lines(t.root / f"annotations/{split}.txt"):
            name, class_id, species, _breed_id = line.split(" ")
            breed = name.rsplit("_", 1)[0]
            assert _PET_CLASSES[int(class_id) - 1] == breed and (species == "1") == breed[0].isupper()
            out[f"images/{name}.jpg"] = (split, frozenset({breed}))
    listed = [l.split(" ")[0] for l in _lines(t.root / "annotations/list.txt") if not l.startswith("#")]
    assert sorted(f"images/{n}.jpg" for n in listed) == sorted(out)
    return out


def _check_cifar(t: Truth, files: dict[str, str], meta: str, names_key: bytes, labels_key: bytes) -> dict:
    with open(t.root / meta, "rb") as f:
        names = [n.decode() for n in pickle.load(f, encoding="bytes")[names_key]]
    out = {}
    for fname, split in files.items():
        with open(t.root / fname, "rb") as f:
            d = pickle.load(f, encoding="bytes")
        assert d[b"data"].dtype == np.uint8 and d[b"data"].shape == (len(d[labels_key]), 3072)
        for i, l in enumerate(d[labels_key]):
            out[f"{fname}:{i}"] = (split, frozenset({names[l]}))
    return out


def _check_idx(t: Truth, names: list[str]) -> dict:
    out = {}
    for prefix, split in (("train", "train"), ("t10k", "test")):
        img = gzip.decompress((t.root / f"{prefix}-images-idx3-ubyte.gz").read_bytes())
        lab = gzip.decompress((t.root / f"{prefix}-labels-idx1-ubyte.gz").read_bytes())
        magic, n, rows, cols = struct.unpack(">IIII", img[:16])
        magic_l, n_l = struct.unpack(">II", lab[:8])
        assert (magic, magic_l, rows, cols, n) == (0x803, 0x801, 28, 28, n_l) and len(img) == 16 + n * 784
        for i, l in enumerate(lab[8:]):
            out[f"{prefix}-images-idx3-ubyte.gz:{i}"] = (split, frozenset({names[l]}))
    return out


def _check_npz(t: Truth) -> dict:
    out = {}
    with np.load(t.root / "mnist.npz") as z:
        for split in ("train", "test"):
            assert z[f"x_{split}"].shape[1:] == (28, 28) and len(z[f"x_{split}"]) == len(z[f"y_{split}"])
            for i, l in enumerate(z[f"y_{split}"]):
                out[f"mnist.npz:x_{split}:{i}"] = (split, frozenset({str(int(l))}))
    return out


def _check_celeba(t: Truth) -> dict:
    lines = (t.root / "Anno/list_attr_celeba.txt").read_text().split("\n")
    assert int(lines[0]) == len([l for l in lines[2:] if l])
    keys = lines[1].strip().split()
    attrs = {row.split()[0]: [int(v) for v in row.split()[1:]] for row in lines[2:] if row}
    names = {0: "train", 1: "valid", 2: "test"}
    out = {}
    for line in _lines(t.root / "Eval/list_eval_partition.txt"):
        f, p = line.split()
        out[f"Img/img_align_celeba/{f}"] = (names[int(p)], frozenset(k for k, v in zip(keys, attrs[f]) if v > 0))
    return out


def _check_cub(t: Truth) -> dict:
    base = t.root / "CUB_200_2011"
    images = dict(l.split(" ", 1) for l in _lines(base / "images.txt"))
    split = dict(l.split() for l in _lines(base / "train_test_split.txt"))
    label = dict(l.split() for l in _lines(base / "image_class_labels.txt"))
    classes = dict(l.split(" ", 1) for l in _lines(base / "classes.txt"))
    out = {}
    for i, rel in images.items():
        assert rel.split("/")[0] == classes[label[i]]
        out[f"CUB_200_2011/images/{rel}"] = ("train" if split[i] == "1" else "test", frozenset({classes[label[i]]}))
    return out


def _check_flowers(t: Truth) -> dict:
    labels = read_mat5((t.root / "imagelabels.mat").read_bytes())["labels"][0]
    sets = read_mat5((t.root / "setid.mat").read_bytes())
    out = {}
    for key, split in (("trnid", "train"), ("valid", "validation"), ("tstid", "test")):
        for image_id in sets[key][0]:
            out[f"jpg/image_{int(image_id):05d}.jpg"] = (split, frozenset({_FLOWERS[int(labels[int(image_id) - 1]) - 1]}))
    return out


def _check_coco(t: Truth) -> dict:
    out = {}
    for split in ("train2017", "val2017"):
        d = json.loads((t.root / f"annotations/instances_{split}.json").read_text())
        names = {c["id"]: c["name"] for c in d["categories"]}
        per: dict[int, set] = {im["id"]: set() for im in d["images"]}
        for a in d["annotations"]:
            per[a["image_id"]].add(names[a["category_id"]])
            if a["iscrowd"]:
                assert sum(a["segmentation"]["counts"]) == a["segmentation"]["size"][0] * a["segmentation"]["size"][1]
        for im in d["images"]:
            out[f"{split}/{im['file_name']}"] = (split, frozenset(per[im["id"]]))
    for im in json.loads((t.root / "annotations/image_info_test2017.json").read_text())["images"]:
        out[f"test2017/{im['file_name']}"] = ("test2017", None)
    return out


def _check_voc(t: Truth) -> dict:
    import xml.etree.ElementTree as ET
    voc = t.root / "VOC2012"
    out = {}
    for split in ("train", "val"):
        for i in _lines(voc / f"ImageSets/Main/{split}.txt"):
            names = {o.findtext("name") for o in ET.parse(voc / f"Annotations/{i}.xml").getroot().iter("object")}
            out[f"VOC2012/JPEGImages/{i}.jpg"] = (split, frozenset(names))
            for cls in names:
                flag = [l for l in _lines(voc / f"ImageSets/Main/{cls}_{split}.txt") if l.startswith(i)][0]
                assert int(flag.split()[1]) in (0, 1)
    tv = set(_lines(voc / "ImageSets/Main/trainval.txt"))
    assert tv == {k.split("/")[-1][:-4] for k in out}
    return out


def _check_imagenet(t: Truth) -> dict:
    out = {}
    with tarfile.open(t.root / "ILSVRC2012_img_train.tar") as outer:
        for m in outer.getmembers():
            wnid = m.name[:-4]
            with tarfile.open(fileobj=outer.extractfile(m)) as inner:
                for n in inner.getnames():
                    out[f"ILSVRC2012_img_train.tar/{m.name}/{n}"] = ("train", frozenset({wnid}))
    with tarfile.open(t.root / "ILSVRC2012_devkit_t12.tar.gz") as kit:
        meta = read_mat5(kit.extractfile("ILSVRC2012_devkit_t12/data/meta.mat").read())
        gt = kit.extractfile("ILSVRC2012_devkit_t12/data/ILSVRC2012_validation_ground_truth.txt").read().split()
    idx_to_wnid = {int(s["ILSVRC2012_ID"][0, 0]): s["WNID"] for s in meta["synsets"].elements
                   if int(s["num_children"][0, 0]) == 0}
    with tarfile.open(t.root / "ILSVRC2012_img_val.tar") as val:
        names = sorted(val.getnames())
    assert len(names) == len(gt)
    for n, g in zip(names, gt):
        out[f"ILSVRC2012_img_val.tar/{n}"] = ("val", frozenset({idx_to_wnid[int(g)]}))
    return out


def _check_imagenet_kaggle(t: Truth) -> dict:
    import csv
    out = {}
    data = t.root / "ILSVRC/Data/CLS-LOC"
    for rel in _walk(data, "train/*/*.JPEG"):
        out[f"ILSVRC/Data/CLS-LOC/{rel}"] = ("train", frozenset({rel.split("/")[1]}))
    with open(t.root / "LOC_val_solution.csv", newline="") as f:
        for row in csv.DictReader(f):
            out[f"ILSVRC/Data/CLS-LOC/val/{row['ImageId']}.JPEG"] = ("val", frozenset({row["PredictionString"].split()[0]}))
    for rel in _walk(data, "test/*.JPEG"):
        out[f"ILSVRC/Data/CLS-LOC/{rel}"] = ("test", None)
    assert len(_walk(data, "val/*.JPEG")) == sum(1 for v in out.values() if v[0] == "val")
    return out


def _check_stanford_dogs(t: Truth) -> dict:
    out = {}
    for split in ("train", "test"):
        mat = read_mat5((t.root / f"{split}_list.mat").read_bytes())
        labels = mat["labels"][:, 0]
        for item, label in zip(mat["file_list"].items, labels):
            rel = _mat_str(item)
            folder = rel.split("/")[0]
            assert _DOG_BREEDS[int(label) - 1][0] == folder.split("-")[0]
            out[f"Images/{rel}"] = (split, frozenset({folder.lower()}))
    return out


def _check_dtd(t: Truth) -> dict:
    out = {}
    for split in ("train", "val", "test"):
        for rel in _lines(t.root / f"labels/{split}1.txt"):
            out[f"images/{rel}"] = (split, frozenset({rel.split("/")[0]}))
    joint = {l.split()[0]: l.split()[1] for l in _lines(t.root / "labels/labels_joint_anno.txt")}
    assert all(joint[k[len("images/"):]] == next(iter(v[1])) for k, v in out.items())
    read_mat5((t.root / "imdb/imdb.mat").read_bytes())
    return out


def _check_tiny(t: Truth) -> dict:
    out = {}
    for rel in _walk(t.root, "train/*/images/*.JPEG"):
        out[rel] = ("train", frozenset({rel.split("/")[1]}))
    for line in _lines(t.root / "val/val_annotations.txt"):
        f, wnid = line.split("\t")[:2]
        out[f"val/images/{f}"] = ("val", frozenset({wnid}))
    for rel in _walk(t.root, "test/images/*.JPEG"):
        out[rel] = ("test", None)
    assert set(_lines(t.root / "wnids.txt")) >= {next(iter(v[1])) for v in out.values() if v[1]}
    return out


def _check_imdb(t: Truth) -> dict:
    out = {}
    for rel in _walk(t.root, "t*/*/*.txt"):
        split, kind, name = rel.split("/")
        rating = int(name[:-4].split("_")[1])
        assert (kind == "pos" and rating >= 7) or (kind == "neg" and rating <= 4) or (kind == "unsup" and rating == 0)
        out[rel] = (split, None if kind == "unsup" else frozenset({kind}))
    return out


def _check_csv(t: Truth, header: bool, names: list[str], delimiter: str = ",", files=("train.csv", "test.csv"),
               base: int = 1) -> dict:
    import csv
    out = {}
    for fname in files:
        with open(t.root / fname, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f, delimiter=delimiter, quoting=csv.QUOTE_NONE if delimiter == "\t" else csv.QUOTE_MINIMAL))
        if header:
            head, rows = rows[0], rows[1:]
        split = fname.split(".")[0]
        for i, row in enumerate(rows):
            if header and head == ["index", "sentence"]:
                out[f"{fname}:{i}"] = (split, None)
            elif header:
                out[f"{fname}:{i}"] = (split, frozenset({names[int(row[head.index('label')]) - base]}))
            else:
                assert len(row) == 3
                out[f"{fname}:{i}"] = (split, frozenset({names[int(row[0]) - base]}))
    return out


def _check_20news(t: Truth) -> dict:
    out = {}
    for rel in _walk(t.root, "20news-bydate-*/*/*"):
        top, group, _ = rel.split("/")
        text = (t.root / rel).read_bytes()
        try:
            text.decode("utf-8")
            raise AssertionError("expected Latin-1 bytes")
        except UnicodeDecodeError:
            pass
        assert text.decode("latin-1").startswith("From: ")
        out[rel] = (top.rsplit("-", 1)[1], frozenset({group}))
    return out


CHECKS: dict[str, Callable[[Truth], dict]] = {
    "imagenette": _check_imagenette,
    "beans": lambda t: _check_class_folders(t, "*/*/*.jpg", lambda r: r.split("/")[0], lambda r: r.split("/")[1]),
    "caltech101": lambda t: _check_class_folders(t, "*/*.jpg", lambda r: "train", lambda r: r.split("/")[0]),
    "food101": _check_food101,
    "eurosat": lambda t: _check_class_folders(t, "*/*.jpg", lambda r: "train", lambda r: r.split("/")[1].split("_")[0]),
    "cats_vs_dogs": _check_cats_vs_dogs,
    "cats_vs_dogs_ms": _check_cats_vs_dogs_ms,
    "oxford_iiit_pet": _check_pets,
    "cifar10": lambda t: _check_cifar(t, {**{f"data_batch_{i}": "train" for i in range(1, 6)}, "test_batch": "test"},
                                      "batches.meta", b"label_names", b"labels"),
    "cifar100": lambda t: _check_cifar(t, {"train": "train", "test": "test"}, "meta", b"fine_label_names", b"fine_labels"),
    "mnist": lambda t: _check_idx(t, [str(d) for d in range(10)]),
    "fashion_mnist": lambda t: _check_idx(t, _FASHION),
    "keras_mnist_npz": _check_npz,
    "celeba": _check_celeba,
    "cub_200_2011": _check_cub,
    "oxford_flowers102": _check_flowers,
    "coco2017": _check_coco,
    "pascal_voc2012": _check_voc,
    "imagenet": _check_imagenet,
    "imagenet_kaggle": _check_imagenet_kaggle,
    "imdb": _check_imdb,
    "ag_news": lambda t: _check_csv(t, False, _lines(t.root / "classes.txt")),
    "glue_sst2": lambda t: _check_csv(t, True, ["negative", "positive"], "\t", ("train.tsv", "dev.tsv", "test.tsv"), 0),
    "twenty_newsgroups": _check_20news,
    "dbpedia": lambda t: _check_csv(t, False, _lines(t.root / "classes.txt")),
    "stanford_dogs": _check_stanford_dogs,
    "dtd": _check_dtd,
    "tiny_imagenet_200": _check_tiny,
    "mnist_png": lambda t: _check_class_folders(
        t, "*/*/*.png", lambda r: {"training": "train", "testing": "test"}[r.split("/")[0]], lambda r: r.split("/")[1]),
}


def self_check() -> None:
    import tempfile
    import time

    assert set(CHECKS) == set(DATASETS)
    with tempfile.TemporaryDirectory() as tmp:
        for name, build in DATASETS.items():
            dest = Path(tmp) / name
            dest.mkdir()
            start = time.perf_counter()
            truth = build(dest)
            elapsed = time.perf_counter() - start
            assert truth.root.is_dir() and dest in truth.root.parents or truth.root == dest, name
            assert truth.media in ("image", "text") and truth.records and truth.source and truth.notes
            size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
            assert size < 1_000_000, (name, size)
            assert elapsed < 1.0, (name, elapsed)
            derived = CHECKS[name](truth)
            if derived != truth.records:
                missing = set(truth.records) ^ set(derived)
                wrong = {k for k in set(truth.records) & set(derived) if truth.records[k] != derived[k]}
                raise AssertionError(f"{name}: differ; only one side: {sorted(missing)[:5]}, "
                                     f"wrong: {[(k, truth.records[k], derived[k]) for k in sorted(wrong)[:5]]}")
            seen: set[bytes] = set()
            for rid in truth.records:
                data = _member(truth.root, rid)
                if data is None:  # array row or CSV row: checked by the reader
                    assert ":" in rid, (name, rid)
                    continue
                if truth.media == "image":
                    with Image.open(io.BytesIO(data)) as im:
                        im.load()
                        assert max(im.size) <= 32, (name, rid, im.size)
                else:
                    assert data.strip()
                assert data not in seen, (name, rid, "duplicate bytes")
                seen.add(data)
            for rid in truth.unlisted:
                assert rid not in truth.records and _member(truth.root, rid) is not None
            splits: dict[str, int] = {}
            labels: set[str] = set()
            unlabelled = 0
            for split, labs in truth.records.values():
                splits[split] = splits.get(split, 0) + 1
                if labs is None:
                    unlabelled += 1
                else:
                    labels |= labs
            print(f"{name:18s} {len(truth.records):3d} records  {size / 1024:6.1f} KiB {elapsed * 1000:5.0f} ms  "
                  f"root={truth.root.relative_to(tmp)}  splits={splits}  "
                  f"labels({len(labels)})={sorted(labels)[:6]}{'...' if len(labels) > 6 else ''}"
                  f"{f'  unlabelled={unlabelled}' if unlabelled else ''}"
                  f"{f'  unlisted={len(truth.unlisted)}' if truth.unlisted else ''}")
    print(f"all {len(DATASETS)} miniatures built and read back")


if __name__ == "__main__":
    self_check()
