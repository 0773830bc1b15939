"""Which files hold a dataset's images as arrays, by their names: MNIST's idx files, CIFAR's pickled
batches, NumPy archives and per-class `.npy` files, HDF5 and MATLAB files, raw binary records.

Detection and the arrays converter (`converters/arrays.py`, `converters/npy_classes.py`) must agree
on what an array file is and on the class a per-class file names, so the names and rules live here
once, below `layout.py` (whose `SourceLayout.is_auxiliary` asks `array_kind`); `layout` re-exports
them, where most callers read them (`layout.array_kind`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from functools import lru_cache

from shardify.plan.array_pairs import npy_is_labels, npy_label_partner
from shardify.plan.raw_formats import raw_format_of

__all__ = [
    "IDX",
    "CIFAR",
    "NPZ",
    "NPY",
    "RAW",
    "HDF5",
    "MAT",
    "IDX_IMAGES",
    "NPY_CLASS_PREFIXES",
    "ARRAY_ROLE_WORDS",
    "npy_class_of",
    "npy_names_classes",
    "array_kind",
]

# Files that hold a dataset's images as arrays (see converters/arrays.py): MNIST's idx files,
# CIFAR's pickled batches, NumPy archives. Their label and meta files are auxiliary.
# Raw binary records of a documented shape (STL-10's, CIFAR's binary versions) are rows of
# raw_formats.RAW_FORMATS.
# HDF5 files (converters/hdf5_arrays.py) hold their images and labels as datasets.
IDX, CIFAR, NPZ, RAW, HDF5 = "idx", "cifar", "npz", "raw", "hdf5"
# A `.npy` array of images per class, the file naming the class (Quick, Draw!: converters/npy_classes.py).
NPY = "npy"
# What publishers put before the category in a per-class file's name (Quick, Draw!'s numpy bitmaps).
NPY_CLASS_PREFIXES = ("full_numpy_bitmap_",)
# Words that name what an array holds or which split, not a class: a `.npy` stem made of them alone
# (`x_train.npy`, `y_test.npy`, `train_images.npy`, `labels.npy`) is one half of an X/y pair.
# Which half of a pair a file is, and its partner's name: plan/array_pairs.py (ARRAY_IMAGE_WORDS, ARRAY_LABEL_WORDS).
ARRAY_ROLE_WORDS = frozenset({
    "x", "y", "images", "image", "imgs", "labels", "label", "data", "features", "targets", "target",
    "inputs", "outputs", "train", "training", "test", "testing", "val", "valid", "validation", "dev", "eval",
})


def npy_class_of(relpath: str) -> str:
    """The class a per-class `.npy` file would hold: its stem less a known prefix.

    >>> npy_class_of("quickdraw/full_numpy_bitmap_The Eiffel Tower.npy"), npy_class_of("bitmap/cat.npy")
    ('The Eiffel Tower', 'cat')
    """
    name = posixpath.basename(relpath)
    stem = name[: -len(".npy")] if name.lower().endswith(".npy") else name
    for prefix in NPY_CLASS_PREFIXES:
        if stem.startswith(prefix) and len(stem) > len(prefix):
            return stem[len(prefix) :]
    return stem


def npy_names_classes(relpaths: Sequence[str]) -> bool:
    """Whether `.npy` files' names can be classes: a publisher's prefix (`NPY_CLASS_PREFIXES`) before
    each, or else every stem words without digits, none made of ARRAY_ROLE_WORDS alone. Files
    numbered (`0001.npy`, `walk_01.npy`: a sample or a clip each) or named as an X/y pair's halves
    (`x_train.npy` beside `y_train.npy`: images and their labels) name no class.

    >>> npy_names_classes(["full_numpy_bitmap_cat.npy", "bitmap/The Eiffel Tower.npy"])
    True
    >>> [npy_names_classes(names) for names in (["X_train.npy", "y_train.npy"], ["clips/0001.npy", "clips/0002.npy"], ["walk_01.npy", "run_01.npy"])]
    [False, False, False]
    """
    present = set(relpaths)
    for relpath in relpaths:
        if npy_is_labels(relpath) or npy_label_partner(relpath, present):
            return False  # an X/y pair's halves
        name = npy_class_of(relpath)
        if name != posixpath.basename(relpath)[: len(name)]:
            continue  # a publisher's prefix before the class
        words = [word.lower() for word in re.split(r"[_\-. ]+", name) if word]
        if not words or not all(re.fullmatch(r"[^\W\d]+", word) for word in words):
            return False
        if all(word in ARRAY_ROLE_WORDS for word in words):
            return False
    return True


# MATLAB files of an image array (SVHN's `train_32x32.mat`): read as arrays only where detection
# found one holding images (converters/mat_arrays.py); elsewhere a .mat is a label or split file.
MAT = "mat"
IDX_IMAGES = re.compile(r"^(?P<prefix>.+)-images[-.]idx3-ubyte(\.gz)?$")
_CIFAR_BATCH = re.compile(r"^(data_batch_\d+|test_batch|train|test)$")


@lru_cache(maxsize=1 << 14)  # asked ~7 times of each path detection samples (see path_parts._NAMES_CACHED)
def array_kind(relpath: str) -> str | None:
    """IDX, CIFAR, NPZ, RAW or HDF5 for a file that holds a dataset's images as arrays, by its name.

    >>> [array_kind(p) for p in ("mnist/t10k-images-idx3-ubyte.gz", "cifar-10-batches-py/data_batch_1", "mnist.npz", "a.jpg")]
    ['idx', 'cifar', 'npz', None]
    >>> array_kind("stl10_binary/train_X.bin")
    'raw'
    """
    name = posixpath.basename(relpath)
    if IDX_IMAGES.match(name):
        return IDX
    if raw_format_of(name) is not None:
        return RAW
    if name.lower().endswith(".npz"):
        return NPZ
    if name.lower().endswith(".npy"):
        return None if npy_is_labels(name) else NPY  # an X/y pair's labels: auxiliary
    if name.lower().endswith((".h5", ".hdf5")):
        return HDF5
    if _CIFAR_BATCH.match(name):
        return CIFAR
    if name.lower().endswith(".mat"):
        return MAT
    return None
