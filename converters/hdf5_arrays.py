"""HDF5 array files (`.h5`, `.hdf5`): one file holding an image array (uint8 [N, H, W] or
[N, H, W, C]) and a label vector of the same N, as many datasets are passed around (Kaggle's,
the Keras examples'). Read by h5py, imported only when such a file is met.

Which dataset holds the images and which the labels is found from their shapes and dtypes first,
and from their names (`x`, `images`, `data`; `y`, `labels`) only where several fit: when names
do not settle it either, nothing is guessed (`Hdf5Arrays.ambiguity` names the datasets, and the
run stops before writing). Nothing is read before the declared shape, dtype, chunk size and
compression ratio are checked: a chunk may hold at most MAX_CHUNK_BYTES (reading one element
decompresses its whole chunk), and a compressed dataset may expand no more than an archive member
may (`archives.expansion_problem`). Labels are read in blocks of LABEL_BLOCK_VALUES; images an
element block at a time (`Hdf5Images`), never the whole file.
"""

from __future__ import annotations

import math
import posixpath
from dataclasses import dataclass
from collections.abc import Iterator
from typing import Any, BinaryIO

import numpy as np

from shardify.converters import float_pixels
from shardify.converters.archives import expansion_problem
from shardify.converters.npy_classes import square_side
from shardify.errors import InvalidInputError
from shardify.plan.structure import split_word

__all__ = [
    "HDF5_EXTENSIONS",
    "IMAGE_NAMES",
    "LABEL_NAMES",
    "MAX_CHUNK_BYTES",
    "LABEL_BLOCK_VALUES",
    "Hdf5Arrays",
    "Hdf5Part",
    "hdf5_split",
    "find_arrays",
    "read_labels",
    "Hdf5Images",
]

HDF5_EXTENSIONS = (".h5", ".hdf5")
# Names that say a dataset holds the images or the labels, where shapes alone leave a choice.
IMAGE_NAMES = frozenset({"x", "images", "image", "imgs", "data", "pixels"})
LABEL_NAMES = frozenset({"y", "labels", "label", "targets", "target"})
# A chunk is decompressed whole to read any element of it: 64 MiB is hundreds of 224 px images,
# and bounds what one read can cost.
MAX_CHUNK_BYTES = 64 << 20
# Labels read at once: 1M values is 8 MiB at most (int64).
LABEL_BLOCK_VALUES = 1 << 20
# Bytes of elements the writer reads at once (then writes them one by one).
_IMAGE_BLOCK_BYTES = 16 << 20
# h5py's chunk cache per open file: a few of the largest chunks allowed.
_CHUNK_CACHE_BYTES = 2 * MAX_CHUNK_BYTES


@dataclass(frozen=True)
class Hdf5Part:
    """One image dataset of an HDF5 file and its labels, as their declarations give them.

    Attributes:
      images: the image dataset's path (`x`, `train/data`).
      labels: the label dataset's path.
      count: the images' N.
      shape: one image's (height, width, channels) (a flat row of a square length: side, side, 1).
      group_split: the split its group's name gives (`train/data`: train), or "".
    """

    images: str
    labels: str
    count: int
    shape: tuple[int, int, int]
    group_split: str = ""


@dataclass(frozen=True)
class Hdf5Arrays:
    """What an HDF5 file holds, as read from its datasets' declarations (no values read).

    Attributes:
      parts: an image dataset and its labels each: one, or one per group (`train/`, `test/`: USPS).
      ambiguity: why images or labels cannot be told apart (naming the datasets), or "".
    """

    parts: tuple[Hdf5Part, ...] = ()
    ambiguity: str = ""


def hdf5_split(relpath: str) -> str:
    """The split a file's name gives (`mnist_train.h5` -> train), else train.

    >>> [hdf5_split(p) for p in ("a/mnist_train.h5", "pcam_valid_x.hdf5", "digits.h5")]
    ['train', 'valid', 'train']
    """
    name = posixpath.basename(relpath)
    return split_word(name.rsplit(".", 1)[0]) or "train"


def _open(fileobj: BinaryIO) -> Any:
    try:
        import h5py  # only when an HDF5 file is met
    except ImportError as error:
        raise InvalidInputError(f"HDF5 files need h5py, which is not installed ({error}): pip install h5py") from None

    try:
        return h5py.File(fileobj, "r", rdcc_nbytes=_CHUNK_CACHE_BYTES)
    except (OSError, ValueError) as error:
        raise InvalidInputError(f"not a readable HDF5 file: {error}") from None


def _datasets(h5: Any) -> dict[str, Any]:
    import h5py

    found: dict[str, Any] = {}

    def visit(name: str, value: Any) -> None:  # returning anything but None would stop the walk
        if isinstance(value, h5py.Dataset):
            found[name] = value

    h5.visititems(visit)
    return found


def _is_images(dataset: Any) -> bool:
    """uint8 or float [N, height, width(, 1, 3 or 4)], each image at least 1 x 1 (a [3, 0, 8] array
    holds no image: read as one, its first record stopped the whole run), or [N, side * side] flat
    rows (`_flat`)."""
    shape = dataset.shape or ()
    return (dataset.dtype == np.uint8 or dataset.dtype.kind == "f") and (
        ((len(shape) == 3 or (len(shape) == 4 and shape[3] in (1, 3, 4))) and shape[1] > 0 and shape[2] > 0) or _flat(dataset)
    )


def _flat(dataset: Any) -> bool:
    """[N, L] rows whose length is a square of side 4 or more (256 -> 16 x 16: USPS), read as grey
    images where the file gives no other shape."""
    shape = dataset.shape or ()
    return len(shape) == 2 and square_side(shape[1]) >= 4


def _image_shape(dataset: Any) -> tuple[int, int, int]:
    shape = dataset.shape
    if len(shape) == 2:
        side = square_side(shape[1])
        return side, side, 1
    return shape[1], shape[2], shape[3] if len(shape) == 4 else 1


def _preferred(paths: list[str], datasets: dict[str, Any]) -> list[str]:
    """Image datasets as pixels first: uint8 over floats, images of a shape over flat rows (a
    file's float features or flattened copies are not its images where those are there)."""
    for keep in (lambda d: d.dtype == np.uint8 and not _flat(d), lambda d: not _flat(d), lambda d: True):
        kept = [p for p in paths if keep(datasets[p])]
        if kept:
            return kept
    return []


def _is_labels(dataset: Any, count: int) -> bool:
    shape = dataset.shape or ()
    return dataset.dtype.kind in "iu" and len(shape) >= 1 and shape[0] == count and all(d == 1 for d in shape[1:])


def _one(paths: list[str], names: frozenset[str]) -> list[str]:
    """The one path of `paths`, or the ones among them named as `names` says, or all of them."""
    if len(paths) <= 1:
        return paths
    named = [p for p in paths if posixpath.basename(p).lower() in names]
    return named if named else paths


def _elsewhere(dataset: Any, path: str) -> str:
    """Why a dataset's values are not all stored in the file itself, or "": kept in other files
    (external storage, a virtual dataset: HDF5 would open whatever path they name, outside SRC
    too), or never written (a 1 KB file may declare a 4 GB dataset; every element would read as
    the fill value, a million blank images)."""
    if dataset.is_virtual:
        return f"the dataset {path!r} is a virtual dataset, its values in other files: only values stored in the file are read"
    if dataset.external:
        files = ", ".join(sorted({str(name) for name, *_ in dataset.external}))
        return f"the dataset {path!r} keeps its values in another file ({files[:200]}): only values stored in the file are read"
    declared = math.prod(dataset.shape or ()) * dataset.dtype.itemsize  # Python ints: [2**40, 2**22, 2**22] overflows int64
    if dataset.chunks is None:
        stored = dataset.id.get_storage_size()
        if stored < declared:
            return f"the dataset {path!r} declares {declared:,} bytes but stores {stored:,}: its elements were never written"
        return ""
    chunks = math.prod(-(-side // chunk) for side, chunk in zip(dataset.shape, dataset.chunks))
    written = dataset.id.get_num_chunks()
    if written < chunks:
        return f"the dataset {path!r} declares {chunks:,} chunks but stores {written:,}: its elements were never written"
    return ""


def _check(dataset: Any, path: str) -> None:
    """Refuses, before any value is read, a dataset whose values are not all in the file
    (`_elsewhere`), whose chunks exceed MAX_CHUNK_BYTES or whose compressed storage expands more
    than an archive member may."""
    problem = _elsewhere(dataset, path)
    if problem:
        raise InvalidInputError(problem)
    itemsize = dataset.dtype.itemsize
    if dataset.chunks is not None and math.prod(dataset.chunks) * itemsize > MAX_CHUNK_BYTES:
        raise InvalidInputError(
            f"the dataset {path!r} is stored in chunks of {list(dataset.chunks)} ({math.prod(dataset.chunks) * itemsize:,} "
            f"bytes), more than {MAX_CHUNK_BYTES >> 20} MiB: rechunk it (h5repack -l CHUNK=...)"
        )
    if dataset.chunks is not None and dataset.id.get_create_plist().get_nfilters():  # gzip, lzf, szip, plugins
        problem = expansion_problem(dataset.id.get_storage_size(), math.prod(dataset.shape) * itemsize, f"the dataset {path!r}")
        if problem:
            raise InvalidInputError(problem)


def find_arrays(fileobj: BinaryIO) -> Hdf5Arrays:
    """The image and label datasets of an HDF5 file, told apart by shape and dtype, then by name.

    Raises:
      InvalidInputError: not an HDF5 file; no uint8 image array (of images at least 1 x 1), one
        of no images, or no label vector of its N.
    """
    with _open(fileobj) as h5:
        try:
            return _find(h5)
        except (RuntimeError, KeyError, TypeError, ValueError) as error:  # a damaged file fails in many ways
            raise InvalidInputError(f"not a readable HDF5 file: {type(error).__name__}: {error}") from None


def _find(h5: Any) -> Hdf5Arrays:
    """`find_arrays` on the open file: one image dataset, or one in each of several groups
    (`train/data`, `test/data`), each with the one label vector of its N in its group."""
    datasets = _datasets(h5)
    shown = ", ".join(f"{p} {datasets[p].dtype} {list(datasets[p].shape or ())}" for p in sorted(datasets)) or "none"
    candidates = _preferred(sorted(p for p, d in datasets.items() if _is_images(d)), datasets)
    images = _one(candidates, IMAGE_NAMES)
    if not images:
        raise InvalidInputError(f"no uint8 image array (nor one of floats) [N, height, width(, 1, 3 or 4)] among its datasets ({shown})")
    groups = [posixpath.dirname(p) for p in images]
    if len(images) > 1 and len(set(groups)) < len(images):
        return Hdf5Arrays(ambiguity=f"its datasets {', '.join(images)} could each be the images")
    parts = []
    for path, group in zip(images, groups):
        count = datasets[path].shape[0]
        if not count:  # an input that would end in no record and no reject
            raise InvalidInputError(f"its image array {path!r} holds no images ({shown})")
        beside = [p for p, d in datasets.items() if p != path and _is_labels(d, count)]
        if len(images) > 1:  # a part per group: its labels in its group
            beside = [p for p in beside if posixpath.dirname(p) == group]
        labels = _one(sorted(beside), LABEL_NAMES)
        if not labels:
            raise InvalidInputError(f"no vector of {count:,} whole-number labels beside the images {path!r} ({shown})")
        if len(labels) > 1:
            return Hdf5Arrays(ambiguity=f"its datasets {', '.join(labels)} could each be the labels of {path}")
        for checked in (path, labels[0]):
            _check(datasets[checked], checked)
        split = next((split_word(word) for word in reversed(group.split("/")) if split_word(word)), "") if group else ""
        parts.append(Hdf5Part(path, labels[0], count, _image_shape(datasets[path]), split))
    return Hdf5Arrays(tuple(parts))


def read_labels(fileobj: BinaryIO, found: Hdf5Part) -> list[int]:
    """The label of each image, read LABEL_BLOCK_VALUES at a time (a negative one too: the caller
    rejects its record).

    Raises:
      InvalidInputError: the file cannot be read.
    """
    labels: list[int] = []
    with _open(fileobj) as h5:
        try:
            dataset = h5[found.labels]
            for start in range(0, found.count, LABEL_BLOCK_VALUES):
                block = np.asarray(dataset[start : start + LABEL_BLOCK_VALUES]).reshape(-1)
                labels.extend(int(v) for v in block)
        except (OSError, ValueError, RuntimeError, KeyError, TypeError) as error:
            raise InvalidInputError(f"the labels {found.labels!r} cannot be read: {error}") from None
    return labels


class Hdf5Images:
    """One image dataset of an open HDF5 file, read an element block at a time: the writer keeps
    one per file while it writes a shard, and closes it after."""

    def __init__(self, fileobj: BinaryIO, path: str) -> None:
        """Takes `fileobj` over: `close()` closes it."""
        self._fileobj = fileobj
        try:
            self._h5 = _open(fileobj)
        except InvalidInputError:
            fileobj.close()
            raise
        try:
            dataset = self._h5.get(path)
            if dataset is None or not hasattr(dataset, "dtype") or not _is_images(dataset):
                raise InvalidInputError(f"no image dataset {path!r} (the file changed since it was listed)")
            _check(dataset, path)
        except InvalidInputError:
            self.close()
            raise
        self._dataset = dataset
        self._side = square_side(dataset.shape[1]) if _flat(dataset) else 0
        element_bytes = int(np.prod(dataset.shape[1:])) * dataset.dtype.itemsize
        self._block = max(1, _IMAGE_BLOCK_BYTES // element_bytes)
        self._start, self._values = -1, np.zeros((0,), np.uint8)
        self._path = path
        self._reading = self._survey() if float_pixels.is_float(dataset) else None

    def _blocks(self) -> Iterator[np.ndarray]:
        for start in range(0, len(self), self._block):
            yield self._read(start)

    def _read(self, start: int) -> np.ndarray:
        try:
            return np.asarray(self._dataset[start : start + self._block])
        except (OSError, ValueError, RuntimeError) as error:
            raise InvalidInputError(f"the dataset {self._path!r} cannot be read: {error}") from None

    def _survey(self) -> float_pixels.FloatReading:
        """A float dataset's reading (`float_pixels`), from all its images, a block at a time."""
        return float_pixels.survey(self._blocks())

    @property
    def flat(self) -> bool:
        """Rows of a square length read as square images."""
        return bool(self._side)

    def floats(self) -> str:
        """The float reading's words for the plan, or ""."""
        return float_pixels.describe(self._reading)

    def rejected(self) -> dict[int, str]:
        """The images a float dataset's reading rejects (index -> reason); none for uint8."""
        return dict(self._reading.rejected) if self._reading is not None else {}

    def __len__(self) -> int:
        return self._dataset.shape[0]

    def __getitem__(self, index: int) -> np.ndarray:
        if not self._start <= index < self._start + len(self._values):
            self._start = index - index % self._block
            values = self._read(self._start)
            if self._reading is not None:
                values = float_pixels.to_uint8(values, self._reading, self._start)
            self._values = values
        element = self._values[index - self._start]
        return element.reshape(self._side, self._side) if self._side else element

    def close(self) -> None:
        self._h5.close()
        self._fileobj.close()
