"""Raw binary image arrays of a documented shape: fixed-size records with no header, whose layout
only the dataset's documentation gives. Each known one is a row of RAW_FORMATS, so that the next
is a row, not code: detection finds the files by name (`raw_format_of`), discovery reads labels
and counts records by it, the writer seeks to a record and decodes its pixels by it
(`converters/raw_arrays.py`).

Layouts, from the datasets' pages and TensorFlow Datasets' builders
(`image_classification/stl10.py`, `cifar.py`):

  STL-10 (`stl10_binary/`)         `train_X.bin`, `test_X.bin`, `unlabeled_X.bin`: uint8 records of
                                   3 x 96 x 96, each channel stored column-major; labels 1..10 in
                                   `train_y.bin`, `test_y.bin` (one byte each); `class_names.txt`
  CIFAR-10 (`cifar-10-batches-bin/`) `data_batch_1.bin`..`5`, `test_batch.bin`: records of 1 label
                                   byte (0..9) + 3072 pixels (1024 R, 1024 G, 1024 B, row-major
                                   32 x 32); names in `batches.meta.txt`, one a line
  CIFAR-100 (`cifar-100-binary/`)  `train.bin`, `test.bin`: 2 label bytes (coarse, fine) + 3072;
                                   the fine label is the one read, named by `fine_label_names.txt`
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

__all__ = ["RawFormat", "RAW_FORMATS", "raw_format_of"]  # a layout file's own: raw_declared.RawArrays


@dataclass(frozen=True)
class RawFormat:
    """One documented layout of raw records.

    Attributes:
      name: the dataset it is documented for, for messages.
      images: a file name holding such records; its group `split` names the split (`splits` maps it).
      shape: (channels, height, width) of one image as stored, channel after channel.
      column_major: each channel is stored column by column (STL-10's MATLAB export), not row by row.
      label_bytes: label bytes heading each record (0: labels are in `labels_file`, or none ship).
      label_index: which of those bytes is the label read (CIFAR-100: 1, the fine label).
      labels_file: the file of one label byte per record beside the images, `{split}` standing for
        the `split` group as the file names it (`train_y.bin`); "" when the labels head the records
        or none ship.
      first_label: the number of the first class (STL-10 counts from 1).
      names_file: the class names, one a line, beside the files (required to detect the layout).
      splits: the `split` group's value -> the split's name, where they differ.
      unlabelled: the files ship no labels (STL-10's `unlabeled_X.bin`).
      header_bytes: bytes before the first record (a layout file's declared format; 0 for the known).
      channels_last: each record is stored pixel after pixel, its channels together (HWC), not
        channel after channel (CHW).
      label_dtype: NumPy's name of a labels file's numbers (`<u1`, one byte each, for the known).
    """

    name: str
    images: re.Pattern
    shape: tuple[int, int, int]
    column_major: bool
    label_bytes: int
    label_index: int
    labels_file: str
    first_label: int
    names_file: str
    splits: tuple[tuple[str, str], ...] = ()
    unlabelled: bool = False
    header_bytes: int = 0
    channels_last: bool = False
    label_dtype: str = "<u1"

    def __post_init__(self) -> None:
        if min(self.shape) < 1 or (self.label_bytes and not 0 <= self.label_index < self.label_bytes):
            raise ValueError(f"{self.name}: a record layout of shape {self.shape} and label byte {self.label_index}")

    @property
    def pixel_bytes(self) -> int:
        channels, height, width = self.shape
        return channels * height * width

    @property
    def record_bytes(self) -> int:
        return self.label_bytes + self.pixel_bytes

    def split_of(self, relpath: str) -> str:
        word = self.images.match(posixpath.basename(relpath)).group("split")
        return dict(self.splits).get(word, word)

    def labels_path(self, relpath: str) -> str:
        """The labels file beside `relpath` (`stl10_binary/train_X.bin` -> `stl10_binary/train_y.bin`), or ""."""
        if not self.labels_file:
            return ""
        word = self.images.match(posixpath.basename(relpath)).group("split")
        return posixpath.join(posixpath.dirname(relpath), self.labels_file.format(split=word))


_STL10_SHAPE = (3, 96, 96)
RAW_FORMATS: tuple[RawFormat, ...] = (
    RawFormat("STL-10", re.compile(r"^(?P<split>train|test)_X\.bin$"), _STL10_SHAPE, True, 0, 0, "{split}_y.bin", 1, "class_names.txt"),
    RawFormat(
        "STL-10", re.compile(r"^(?P<split>unlabeled)_X\.bin$"), _STL10_SHAPE, True, 0, 0, "", 1, "class_names.txt",
        splits=(("unlabeled", "unlabelled"),), unlabelled=True,
    ),
    RawFormat(
        "CIFAR-10", re.compile(r"^(?P<split>data_batch|test_batch)(_\d+)?\.bin$"), (3, 32, 32), False, 1, 0, "", 0,
        "batches.meta.txt", splits=(("data_batch", "train"), ("test_batch", "test")),
    ),
    RawFormat("CIFAR-100", re.compile(r"^(?P<split>train|test)\.bin$"), (3, 32, 32), False, 2, 1, "", 0, "fine_label_names.txt"),
)


def raw_format_of(relpath: str) -> RawFormat | None:
    """The row whose file name `relpath` has, or None.

    >>> [f.name if f else None for f in map(raw_format_of, ("stl10_binary/train_X.bin", "b/test_batch.bin", "train.bin", "x.bin"))]
    ['STL-10', 'CIFAR-10', 'CIFAR-100', None]
    """
    name = posixpath.basename(relpath)
    return next((row for row in RAW_FORMATS if row.images.match(name)), None)
