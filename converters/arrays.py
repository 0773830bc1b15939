"""Array datasets: images kept as arrays in a few files, each element one record, stored as a
lossless PNG of its pixels.

  idx         MNIST, Fashion-MNIST: `train-images-idx3-ubyte[.gz]` beside `train-labels-idx1-ubyte[.gz]`
              (and `t10k-*`: the test split); big-endian headers, then uint8 pixels or labels
  cifar       CIFAR-10 and -100 as Python pickles: `data_batch_1`..`5` and `test_batch` (or `train`
              and `test`), dicts of `b'data'` (uint8 [N, 3072]: 1024 red, 1024 green, 1024 blue)
              and `b'labels'` (or `b'fine_labels'`), names in `batches.meta` (or `meta`)
  npz         NumPy archives of `x_<split>` and `y_<split>` arrays (Keras' `mnist.npz`), or
              `<split>_images` and `<split>_labels` (MedMNIST's `pathmnist.npz`): NPZ_ARRAY_NAMES
  raw         headerless records of a documented shape (STL-10's and CIFAR's binary versions):
              a row each of `plan/raw_formats.py`, read a record at a time by `raw_arrays.py`
  hdf5        `.h5`/`.hdf5` files of an image array and a label vector (`hdf5_arrays.py`, h5py)

Pickles are untrusted: they are loaded by an unpickler that builds only dicts, lists, strings,
numbers and uint8 arrays (`_SafeUnpickler`), never by `pickle.load`; an `.npz` array is read
from its `.npy` header, never as a pickle. An array file is read whole by the worker that needs it
(a CIFAR batch is 30 MB, MNIST's training images 47 MB); larger than MAX_ARRAY_FILE_BYTES is
refused, and so is what its headers say it holds once decompressed, before anything is: over
MAX_ARRAY_FILE_BYTES, or expanding more than an archive member may (200 times, see archives.py).
"""

from __future__ import annotations

import gzip
import io
import math
import pickle
import posixpath
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any, BinaryIO

import numpy as np

from shardify.converters import float_pixels, mat_arrays, npy_classes
from shardify.converters.archives import expansion_problem
from shardify.errors import InvalidInputError
from shardify.plan.known_names import FASHION_MNIST
from shardify.plan.layout import CIFAR, HDF5, IDX, IDX_IMAGES, MAT, NPY, NPZ, RAW, array_kind
from shardify.plan.structure import split_word

__all__ = [
    "IDX",
    "CIFAR",
    "NPZ",
    "NPY",
    "RAW",
    "HDF5",
    "MAT",
    "MAX_ARRAY_FILE_BYTES",
    "ArrayFile",
    "array_kind",
    "idx_labels_file",
    "idx_split",
    "cifar_split",
    "npz_parts",
    "read_labels",
    "read_label_names",
    "read_npy_labels",
    "read_images",
    "read_image_array",
    "read_array_images",
    "ArrayImages",
    "png_of",
    "FASHION_MNIST_NAMES",
]

MAX_ARRAY_FILE_BYTES = 2 << 30
# Fashion-MNIST ships the names of its classes only in its README (its files are named as
# MNIST's): used when a path names Fashion-MNIST.
FASHION_MNIST_NAMES = FASHION_MNIST
_IDX_LABELS_MAGIC, _IDX_IMAGES_MAGIC = 0x00000801, 0x00000803
# The .npy headers numpy writes (a Python literal of shape, order and dtype), read by numpy's own
# parsers; numpy's default limit on a header's size, which a crafted one may not pass.
_NPY_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}
_NPY_MAX_HEADER_BYTES = 10_000


@dataclass(frozen=True)
class ArrayFile:
    """An array file's images as the writer reads them.

    Attributes:
      kind: IDX, CIFAR or NPZ.
      split: the split its name gives.
      part: NPZ: the images array's name (`x_train`); else "".
      labels_file: IDX: the labels file beside it; else "".
    """

    kind: str
    split: str
    part: str = ""
    labels_file: str = ""


def idx_labels_file(relpath: str) -> str:
    """The labels file beside an idx images file: `train-images-idx3-ubyte.gz` -> `train-labels-idx1-ubyte.gz`."""
    folder, name = posixpath.split(relpath)
    return posixpath.join(folder, name.replace("-images-idx3-", "-labels-idx1-").replace("-images.idx3-", "-labels.idx1-"))


def idx_split(relpath: str) -> str:
    """`t10k` is MNIST's test split; other prefixes name theirs (`train`)."""
    prefix = IDX_IMAGES.match(posixpath.basename(relpath)).group("prefix")
    return "test" if prefix.lower() == "t10k" else split_word(prefix) or prefix


def cifar_split(relpath: str) -> str:
    name = posixpath.basename(relpath)
    return "train" if name.startswith("data_batch") or name == "train" else "test"


class _SafeUnpickler(pickle.Unpickler):
    """Builds only plain values and numpy arrays: a pickle naming any other callable is refused."""

    _ALLOWED = {
        ("numpy.core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy", "ndarray"),
        ("numpy", "dtype"),
        ("copy_reg", "_reconstructor"),
        ("copyreg", "_reconstructor"),
        ("__builtin__", "object"),
        ("builtins", "object"),
        ("_codecs", "encode"),  # how Python 3 writes bytes at protocol 2 (a str and 'latin1' to bytes)
    }

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self._ALLOWED:
            raise InvalidInputError(f"the pickle asks for {module}.{name}: only arrays, lists and dicts are read")
        return super().find_class(module, name)


def _read_all(fileobj: BinaryIO) -> bytes:
    data = fileobj.read(MAX_ARRAY_FILE_BYTES + 1)
    if len(data) > MAX_ARRAY_FILE_BYTES:
        raise InvalidInputError(f"larger than {MAX_ARRAY_FILE_BYTES >> 20} MiB: split it")
    return data


def _unpickle(fileobj: BinaryIO) -> dict:
    try:
        value = _SafeUnpickler(io.BytesIO(_read_all(fileobj)), encoding="bytes").load()
    except InvalidInputError:
        raise
    except Exception as error:  # noqa: BLE001 - a damaged pickle fails in many ways
        raise InvalidInputError(f"not a readable pickle: {type(error).__name__}: {error}") from None
    if not isinstance(value, dict):
        raise InvalidInputError("not a pickled dict")
    return {k.decode() if isinstance(k, bytes) else k: v for k, v in value.items()}


def _idx(fileobj: BinaryIO, relpath: str, magic: int) -> np.ndarray:
    """An idx file's values, read as far as its header promises and no further: a gzip stream is
    decompressed only to the header's count (checked first against MAX_ARRAY_FILE_BYTES and the
    expansion limit), and one byte more means the file is not what its header says."""
    data = _read_all(fileobj)
    stream: BinaryIO = io.BytesIO(data)
    if relpath.endswith(".gz"):
        stream = gzip.GzipFile(fileobj=stream, mode="rb")
    try:
        dims = magic & 0xFF
        header = stream.read(4 + 4 * dims)
        if len(header) < 4 + 4 * dims or struct.unpack(">I", header[:4])[0] != magic:
            raise InvalidInputError(f"not an idx file of magic 0x{magic:08x}")
        shape = struct.unpack(f">{dims}I", header[4:])
        count = math.prod(shape)
        _check_size(count, len(data) if relpath.endswith(".gz") else None, "an idx file's values")
        values = stream.read(count)
        if len(values) != count or stream.read(1):
            raise InvalidInputError(
                f"holds {'fewer' if len(values) != count else 'more'} bytes of values than the {count:,} its header gives"
            )
    except (OSError, EOFError, zlib.error) as error:
        raise InvalidInputError(f"not a readable gzip file: {error}") from None
    return np.frombuffer(values, np.uint8).reshape(shape)


def _check_size(expanded: int, stored: int | None, what: str) -> None:
    """Refuses, before anything is decompressed or allocated, what a header says an array holds
    when it is over MAX_ARRAY_FILE_BYTES, or (when `stored` compressed bytes hold it) expands more
    than an archive member may (`archives.expansion_problem`: one limit for every decompression)."""
    if expanded > MAX_ARRAY_FILE_BYTES:
        raise InvalidInputError(f"{what} would take {expanded:,} bytes, more than {MAX_ARRAY_FILE_BYTES >> 20} MiB: split it")
    problem = expansion_problem(stored, expanded, what) if stored is not None else ""
    if problem:
        raise InvalidInputError(problem)


def _npz_names(fileobj: BinaryIO) -> tuple[zipfile.ZipFile, list[str]]:
    """The .npz archive (opened over its bytes) and the arrays it names, nothing decompressed."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(_read_all(fileobj)))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise InvalidInputError(f"not a readable .npz file: {error}") from None
    return archive, [info.filename[: -len(".npy")] for info in archive.infolist() if info.filename.endswith(".npy")]


def _npz_array(fileobj: BinaryIO, name: str) -> np.ndarray | None:
    """One array of an .npz archive (None when it holds none of that name), read as its member's
    sizes and its .npy header allow: the member may not expand more than an archive member may, its
    header's shape and dtype must give exactly the member's size, no dtype holding Python objects
    (never a pickle), and no more is decompressed than the header gives."""
    archive, names = _npz_names(fileobj)
    with archive:
        if name not in names:
            return None
        info = archive.getinfo(name + ".npy")
        what = f"the array {name!r}"
        _check_size(info.file_size, info.compress_size if info.compress_type != zipfile.ZIP_STORED else None, what)
        try:
            with archive.open(info) as member:
                version = np.lib.format.read_magic(member)
                read_header = _NPY_HEADER_READERS.get(version)
                if read_header is None:
                    raise InvalidInputError(f"{what} is in .npy format {version}, not 1.0 or 2.0")
                shape, fortran, dtype = read_header(member, max_header_size=_NPY_MAX_HEADER_BYTES)
                if dtype.hasobject:
                    raise InvalidInputError(f"{what} holds Python objects (a pickle): only arrays of numbers are read")
                count = math.prod(shape) * dtype.itemsize
                if count != info.file_size - member.tell():
                    raise InvalidInputError(
                        f"{what}'s header gives {count:,} bytes of values, its member holds {info.file_size - member.tell():,}"
                    )
                values = member.read(count)
                if len(values) != count or member.read(1):
                    raise InvalidInputError(f"{what}'s member does not hold the {count:,} bytes its header gives")
        except InvalidInputError:
            raise
        except (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error) as error:
            raise InvalidInputError(f"not a readable .npz file: {error}") from None
    return np.frombuffer(values, dtype).reshape(shape, order="F" if fortran else "C")


def read_images(fileobj: BinaryIO, relpath: str, found: ArrayFile) -> np.ndarray:
    """The file's images, [N, height, width] or [N, height, width, channels], uint8 (floats read
    by `float_pixels`' rule, a rejected image all 0: `read_image_array` says which).

    Raises:
      InvalidInputError: not such a file, or not uint8 (or float) images.
    """
    return read_image_array(fileobj, relpath, found)[0]


def read_image_array(fileobj: BinaryIO, relpath: str, found: ArrayFile) -> tuple[np.ndarray, dict[int, str]]:
    """`read_images`, and the images a float array's reading rejects (index -> reason)."""
    read = read_array_images(fileobj, relpath, found)
    return read.images, read.rejected


@dataclass(frozen=True)
class ArrayImages:
    """An array file's images as read: uint8 `images`, the `rejected` ones (index -> reason),
    `flat` where rows of a square length gave their shape, `floats` the float reading's words."""

    images: np.ndarray
    rejected: dict[int, str]
    flat: bool = False
    floats: str = ""


def read_array_images(fileobj: BinaryIO, relpath: str, found: ArrayFile) -> ArrayImages:
    """`read_image_array`, saying how the array was read (for the plan)."""
    mat_rows = False
    if found.kind == IDX:
        images = _idx(fileobj, relpath, _IDX_IMAGES_MAGIC)
    elif found.kind == CIFAR:
        data = _unpickle(fileobj).get("data")
        if not isinstance(data, np.ndarray) or data.ndim != 2 or data.shape[1] != 3072:
            raise InvalidInputError("no 'data' array of [N, 3072] pixels (a CIFAR batch)")
        images = data.reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    elif found.kind == MAT:  # MATLAB's count-last arrays (converters/mat_arrays.py)
        images, mat_rows = mat_arrays.read_mat_array(fileobj, MAX_ARRAY_FILE_BYTES)
    elif found.kind == NPY:  # an array per class or an X/y pair's images (converters/npy_classes.py)
        images = npy_classes.read_npy(fileobj, MAX_ARRAY_FILE_BYTES)
    else:
        images = _npz_array(fileobj, found.part)
        if images is None:
            raise InvalidInputError(f"no array {found.part!r}")
    flat = found.kind in (NPY, NPZ) and images.ndim == 2
    if flat:  # flat rows of a square length, no other shape given (784 -> 28 x 28)
        images = npy_classes.square_rows(images)
    flat = flat or (found.kind == MAT and mat_rows)
    images, reading = float_pixels.read_array(images)
    if images.dtype != np.uint8 or images.ndim not in (3, 4) or (images.ndim == 4 and images.shape[3] not in (1, 3, 4)):
        raise InvalidInputError(
            f"images must be uint8 or float [N, height, width(, 1, 3 or 4)], not {images.dtype} {list(images.shape)}"
        )
    if 0 in images.shape[1:3]:  # (N = 0 is an empty array: no records, said in the plan)
        raise InvalidInputError(f"images of no pixels: the array's shape is {list(images.shape)}")
    return ArrayImages(images, reading.rejected if reading is not None else {}, flat, float_pixels.describe(reading))


def read_labels(fileobj: BinaryIO, relpath: str, found: ArrayFile) -> list[int]:
    """The label index of each image: IDX from its labels file (`fileobj` is that file), CIFAR and
    NPZ from the file itself.

    Raises:
      InvalidInputError: no labels of that shape.
    """
    if found.kind == IDX:
        labels = _idx(fileobj, relpath, _IDX_LABELS_MAGIC)
    elif found.kind == CIFAR:
        batch = _unpickle(fileobj)
        labels = batch.get("labels", batch.get("fine_labels"))
        if not isinstance(labels, (list, np.ndarray)):
            raise InvalidInputError("no 'labels' (or 'fine_labels') list")
        labels = np.asarray(labels)
    elif found.kind == MAT:
        labels = mat_arrays.read_mat_labels(fileobj, MAX_ARRAY_FILE_BYTES)
    else:
        name = _npz_pair(found.part)[1]
        labels = _npz_array(fileobj, name)
        if labels is None:
            raise InvalidInputError(f"no array {name!r} of labels beside {found.part!r}")
    return _whole_labels(labels)


def _whole_labels(labels: Any) -> list[int]:
    """Labels as ints: whole numbers, or floats of whole values (a `y_train.npy` saved as float64)."""
    labels = np.asarray(labels).reshape(-1)
    if labels.dtype.kind == "f" and labels.size and np.isfinite(labels).all() and (labels == np.rint(labels)).all():
        labels = labels.astype(np.int64)
    if labels.dtype.kind not in "iu" or (labels.size and labels.min() < 0):
        raise InvalidInputError("labels must be whole numbers >= 0")
    return [int(label) for label in labels]


def read_npy_labels(fileobj: BinaryIO) -> list[int]:
    """The labels of an X/y pair's `.npy` label file (`y_train.npy`, `faces_target.npy`): whole
    numbers >= 0, or floats of such values; [N] or [N, 1].

    Raises:
      InvalidInputError: no such vector.
    """
    labels = npy_classes.read_npy(fileobj, MAX_ARRAY_FILE_BYTES)
    if labels.ndim > 2 or (labels.ndim == 2 and labels.shape[1] != 1):
        raise InvalidInputError(f"labels must be one whole number an image, not an array of shape {list(labels.shape)}")
    return _whole_labels(labels)


def read_label_names(fileobj: BinaryIO) -> tuple[str, ...]:
    """The class names of a CIFAR meta file (`label_names`, or CIFAR-100's `fine_label_names`).

    Raises:
      InvalidInputError: none there.
    """
    meta = _unpickle(fileobj)
    names = meta.get("label_names", meta.get("fine_label_names"))
    if not isinstance(names, list) or not all(isinstance(n, (bytes, str)) for n in names):
        raise InvalidInputError("no 'label_names' (or 'fine_label_names') list")
    return tuple(n.decode("utf-8") if isinstance(n, bytes) else n for n in names)


def npz_parts(fileobj: BinaryIO, unsplit: str = "") -> list[ArrayFile]:
    """The image arrays of an .npz archive (`x_train`, `x_test`), each with its split.

    An array whose name says no split (`images`, `x`) takes `unsplit`, the split the file's own
    name gives (CMATERdb's `testing-images.npz`: test, as a folder named so would), else UNSPLIT.

    Raises:
      InvalidInputError: not an .npz file.
    """
    archive, arrays = _npz_names(fileobj)
    archive.close()
    found = []
    for name in sorted(arrays):
        split, labels = _npz_pair(name)
        if labels in arrays:
            found.append(ArrayFile(NPZ, split_word(split) or split or unsplit or UNSPLIT, part=name))
    if not found and arrays:
        shown = ", ".join(repr(name) for name in sorted(arrays)[:8])
        raise InvalidInputError(
            f"holds the arrays {shown}, named by no convention shardify reads (an images array and its "
            "labels: x_<split> and y_<split>, <split>_images and <split>_labels, x and y, images and labels); "
            "save them under such names"
        )
    return found


# How .npz archives name an image array and its label array, one row per convention: Keras'
# `x_train`/`y_train`, MedMNIST's `train_images`/`train_labels` (`{split}`: the split's word).
# Unsplit, NumPy's own examples' `x`/`y` and `images`/`labels` (`np.savez(f, x=..., y=...)`): one
# array, the split UNSPLIT.
NPZ_ARRAY_NAMES = (
    (r"x_(?P<split>\w+)", "y_{split}"),
    (r"(?P<split>[a-z]+)_images", "{split}_labels"),
    (r"(?P<split>)[xX]", "y"),
    (r"(?P<split>)images", "labels"),
)
UNSPLIT = "train"


def _npz_pair(name: str) -> tuple[str, str]:
    """The split an image array's name says and the name of its label array, or ("", "").

    >>> _npz_pair("x_test"), _npz_pair("val_images"), _npz_pair("y_test"), _npz_pair("x")
    (('test', 'y_test'), ('val', 'val_labels'), ('', ''), ('', 'y'))
    """
    for images, labels in NPZ_ARRAY_NAMES:
        match = re.fullmatch(images, name)
        if match:
            return match.group("split"), labels.format(split=match.group("split"))
    return "", ""


def png_of(pixels: np.ndarray) -> bytes:
    """A lossless PNG of one image's uint8 pixels ([H, W] or [H, W, C])."""
    from PIL import Image

    if pixels.ndim == 3 and pixels.shape[2] == 1:
        pixels = pixels[:, :, 0]
    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(pixels)).save(buffer, "PNG")
    return buffer.getvalue()
