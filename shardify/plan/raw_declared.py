"""Raw binary image arrays a user declares in a layout file (`raw_arrays:`), for a dataset whose
layout no row of `raw_formats.RAW_FORMATS` knows.

A raw file says nothing about itself: the shape, the order of its bytes and where its labels are
come only from the dataset's documentation. So the layout file gives them, and each declaration
becomes a `RawFormat`, the same row type the known formats are, read by the same reader
(`converters/raw_arrays.py`) and found by the same discovery. A layout file is untrusted input:
every field is checked here (positive dimensions, a record of at most MAX_RECORD_BYTES, a known
order and dtype, label bytes or a labels file, not both), and a fault is a ValueError the layout
file's reader reports naming the file and the key. A file's size that is not its header plus a
whole number of records is that file's reject, naming both sizes (`raw_arrays.record_count`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from shardify.plan import globs
from shardify.plan.raw_formats import RawFormat
from shardify.plan.structure import split_word

__all__ = ["ORDERS", "LABEL_DTYPES", "MAX_RECORD_BYTES", "MAX_HEADER_BYTES", "MAX_SIDE", "RawArrays", "declared_format"]

# How a record's pixels are stored: channel after channel, each row by row (CIFAR's); pixel after
# pixel (HWC); channel after channel, each column by column (STL-10's MATLAB export).
CHW, HWC, CHW_COLUMNS = "CHW", "HWC", "CHW-columns"
ORDERS = (CHW, HWC, CHW_COLUMNS)
# A labels file's numbers, little-endian, as NumPy names them.
LABEL_DTYPES = {"uint8": "<u1", "uint16": "<u2", "int32": "<i4", "int64": "<i8"}
# An image of 16,384 x 16,384 x 4 bytes is past any dataset shipped this way; the bound keeps a
# mistyped shape from asking a worker for gigabytes per record.
MAX_SIDE = 16384
MAX_RECORD_BYTES = 64 << 20
# A header is a few bytes of magic and counts; 1 MiB is far past any, and bounds a typo.
MAX_HEADER_BYTES = 1 << 20
_MAX_LABEL_BYTES = 8


@dataclass(frozen=True)
class RawArrays:
    """One declared raw format: which files, and how each record is laid out.

    Attributes:
      files: the images files, a path glob relative to SRC (`*` within a folder, `**` across:
        `data/*_images.bin`).
      shape: one image as stored, in `order`: [channels, height, width] for CHW (or [height,
        width] for grey), [height, width, channels] for HWC.
      order: CHW, HWC or CHW-columns (see ORDERS).
      dtype: of the pixels: uint8 (the only one read).
      header_bytes: bytes before the first record.
      label_bytes: label bytes heading each record (0: none, or a labels file).
      label_index: which of them is the label.
      labels_file: the file of one label a record beside each images file, `{stem}` standing for
        the images file's name without its extension (`{stem}_labels.bin`); "" for none.
      label_dtype: the labels file's numbers (LABEL_DTYPES).
      first_label: the number of the first class (1 where the dataset counts from 1).
      names_file: the class names, one a line, beside the images files; "": the numbers are the
        names.
      split: the split of these files; "": the split the file's name names (`train`, `test`), else none.
    """

    files: str
    shape: tuple[int, ...]
    order: str = CHW
    dtype: str = "uint8"
    header_bytes: int = 0
    label_bytes: int = 0
    label_index: int = 0
    labels_file: str = ""
    label_dtype: str = "uint8"
    first_label: int = 0
    names_file: str = ""
    split: str = ""

    def __post_init__(self) -> None:
        if not self.files or ".." in self.files.split("/") or self.files.startswith("/") or "\\" in self.files:
            raise ValueError(f"files {self.files!r} must be a pattern relative to SRC, without '..'")
        if len(self.files) > globs.MAX_PATTERN_CHARS:
            raise ValueError(f"files: a pattern of {len(self.files):,} characters, more than {globs.MAX_PATTERN_CHARS:,}")
        if self.order not in ORDERS:
            raise ValueError(f"order {self.order!r} must be one of {', '.join(ORDERS)}")
        if len(self.shape) not in (2, 3) or (len(self.shape) == 2 and self.order == HWC):
            raise ValueError(f"shape {list(self.shape)} must be [channels, height, width] ([height, width] for grey) in CHW, [height, width, channels] in HWC")
        if not all(1 <= side <= MAX_SIDE for side in self.shape):
            raise ValueError(f"shape {list(self.shape)}: every dimension must be 1..{MAX_SIDE}")
        if self.channels not in (1, 2, 3, 4):
            raise ValueError(f"shape {list(self.shape)}: {self.channels} channels; an image has 1, 2, 3 or 4")
        if self.dtype != "uint8":
            raise ValueError(f"dtype {self.dtype!r}: raw arrays are read as uint8 only")
        if not 0 <= self.header_bytes <= MAX_HEADER_BYTES:
            raise ValueError(f"header_bytes {self.header_bytes} must be 0..{MAX_HEADER_BYTES}")
        if not 0 <= self.label_bytes <= _MAX_LABEL_BYTES or (self.label_bytes and not 0 <= self.label_index < self.label_bytes):
            raise ValueError(f"label_bytes {self.label_bytes} must be 0..{_MAX_LABEL_BYTES}, label_index one of them")
        if self.label_bytes and self.labels_file:
            raise ValueError("labels head the records (label_bytes) or lie in a labels_file, not both")
        if self.label_dtype not in LABEL_DTYPES:
            raise ValueError(f"label_dtype {self.label_dtype!r} must be one of {', '.join(LABEL_DTYPES)}")
        if self.first_label < 0:
            raise ValueError(f"first_label {self.first_label} must be 0 or more")
        for key, path in (("labels_file", self.labels_file), ("names_file", self.names_file)):
            if "/" in path or path in (".", ".."):
                raise ValueError(f"{key} {path!r} must be a file name beside the images files")
        pixels = self.channels * self.height * self.width
        if pixels + self.label_bytes > MAX_RECORD_BYTES:
            raise ValueError(f"shape {list(self.shape)}: {pixels:,} bytes a record, more than {MAX_RECORD_BYTES:,}")

    @property
    def channels(self) -> int:
        return 1 if len(self.shape) == 2 else self.shape[2] if self.order == HWC else self.shape[0]

    @property
    def height(self) -> int:
        return self.shape[0] if self.order == HWC or len(self.shape) == 2 else self.shape[1]

    @property
    def width(self) -> int:
        return self.shape[1] if self.order == HWC or len(self.shape) == 2 else self.shape[2]

    def matches(self, relpath: str) -> bool:
        return globs.glob_match(self.files, relpath)


def declared_format(declared: tuple[RawArrays, ...], relpath: str) -> RawFormat | None:
    """The RawFormat of the first declaration whose `files` `relpath` matches, or None.

    >>> fmt = declared_format((RawArrays("bin/*.bin", (3, 4, 5), label_bytes=1, names_file="names.txt"),), "bin/train.bin")
    >>> fmt.shape, fmt.record_bytes, fmt.split_of("bin/train.bin"), declared_format((), "bin/train.bin")
    ((3, 4, 5), 61, 'train', None)
    """
    found = next((d for d in declared if d.matches(relpath)), None)
    if found is None:
        return None
    name = posixpath.basename(relpath)
    stem = name.rsplit(".", 1)[0] if "." in name else name
    labels_file = found.labels_file.replace("{stem}", stem).replace("{", "{{").replace("}", "}}")
    labelled = bool(found.label_bytes or found.labels_file)
    return RawFormat(
        f"the layout file's raw_arrays {found.files!r}",
        re.compile("^(?P<split>" + re.escape(name) + ")$"),
        (found.channels, found.height, found.width),
        found.order == CHW_COLUMNS,
        found.label_bytes,
        found.label_index,
        labels_file,
        found.first_label,
        found.names_file,
        splits=((name, found.split or split_word(stem) or ""),),
        unlabelled=not labelled,
        header_bytes=found.header_bytes,
        channels_last=found.order == HWC,
        label_dtype=LABEL_DTYPES[found.label_dtype],
    )
