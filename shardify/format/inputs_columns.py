"""An inputs list as columns: `inputs-v<N>.npz` beside `inputs-v<N>.jsonl`, so that an append
reads what the output holds without decoding a JSON line per input.

    WriteManifest --the version's inputs--> inputs-v<N>.jsonl (the record) + inputs-v<N>.npz (its columns)
    an append: inputs-v<N>.npz --read_columns--> HeldColumns, or None: read the .jsonl as before

An append to 31,680 held images spent ~0.25 s of CPU decoding and checking their JSON lines (8 µs a
line); the columns cost NumPy reading a few arrays and one pass over each text blob.

The JSON list stays the record (`shardify verify` and users read it); the columns are a cache of
it, and untrusted input like everything in OUT. They are used only when all of these hold, and
otherwise the .jsonl is read as it always was (so a damaged, truncated, altered or foreign columns
file changes nothing but the time):
- the file is a NumPy `.npz` of exactly the columns below, loaded without pickles, every header
  checked against the bytes its member holds before anything is allocated;
- its checksum (keyed with `_FORMAT`) matches its columns, and the sha256 it records of the .jsonl
  is the .jsonl's now (an edited or replaced list is read from its lines);
- every row passes the checks `inputs_file.parse_inputs` and `InputsTally` make of a line: a path
  inside SRC, sizes and times not negative, lower-case hex digests, and (where the caller asks)
  counts per split equal to what the version's shards hold.

Paths are joined by NUL bytes, which no path holds: one `split` gives them all, and one search
per pattern over the joined text finds a path that is not inside SRC (see `_paths_inside`).
No Beam, no TensorFlow.
"""

from __future__ import annotations

import array
import hashlib
import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from shardify.format.inputs_file import HeldInput
from shardify.format.npz_columns import ColumnError, read_column

__all__ = ["HeldColumns", "ColumnsWriter", "read_columns", "NotUsable", "StaleColumns", "MAX_COLUMN_ROWS", "MAX_FILE_BYTES"]

# The layout of the columns; a change makes every earlier file unusable (read from its .jsonl).
_FORMAT = 1
# A version with more inputs keeps no columns (they are built in memory, ~170 bytes an input).
MAX_COLUMN_ROWS = 4_000_000
MAX_FILE_BYTES = MAX_COLUMN_ROWS * 400  # what a reader reads of a file at most
_DIGEST_CHARS = 64
# name -> dtype, in the order the checksum reads them.
_COLUMNS = {
    "paths": np.dtype(np.uint8),  # UTF-8 paths joined by NUL
    "size": np.dtype("<i8"),
    "mtime_ns": np.dtype("<i8"),
    "sha256": np.dtype(np.uint8),  # 64 lower-case hex characters a row, one after another
    "record_sha256": np.dtype(np.uint8),
    "split_names": np.dtype(np.uint8),  # UTF-8 split names joined by NUL
    "split": np.dtype("<u4"),  # a row's split: its index in split_names
    "inputs_sha256": np.dtype(np.uint8),  # the sha256 (hex) of the .jsonl these columns are of
}
_HEX = re.compile(rb"[0-9a-f]*")
# What a path inside SRC never holds, its ends marked by NUL: an empty part, "." or "..", a NUL.
_OUTSIDE = ("\0\0", "\0/", "/\0", "//", "/./", "/../", "\0./", "\0../", "/.\0", "/..\0", "\0.\0", "\0..\0")


class NotUsable(ValueError):
    """Why a columns file is not used (its message says why; the .jsonl is read instead)."""


class StaleColumns(NotUsable):
    """The columns are sound but of another inputs list: the .jsonl changed since (edited,
    replaced); it is read, and its own checks say what is wrong with it, if anything."""


@dataclass(frozen=True)
class HeldColumns:
    """One version's inputs, a list per field (row i of each is input i)."""

    paths: list[str]
    size: list[int]
    mtime_ns: list[int]
    sha256: str  # the rows' digests, 64 characters each
    record_sha256: str
    split: list[str]


class ColumnsWriter:
    """Collects a version's inputs while its .jsonl is written (`add`, then `content`)."""

    def __init__(self) -> None:
        # Bytes and machine numbers, not an object per field per input: the manifest step holds
        # these beside every input of the version (~190 bytes an input less than lists of bytes
        # objects and ints).
        self._paths = bytearray()  # each path followed by "\0"
        self._numbers = array.array("q")  # size, mtime_ns of each input
        self._sha256 = bytearray()
        self._record_sha256 = bytearray()
        self._splits: dict[str, int] = {}
        self._split = array.array("I")
        self._usable = True

    def add(self, held: Iterable[HeldInput]) -> Iterable[HeldInput]:
        """`held`, handed on as it is written, each input kept as columns."""
        for item in held:
            if self._usable:
                self._keep(item)
            yield item

    def _keep(self, item: HeldInput) -> None:
        if len(self._split) >= MAX_COLUMN_ROWS or not (0 <= item.size < 1 << 63 and 0 <= item.mtime_ns < 1 << 63):
            self._usable = False
            return
        try:
            path, split = item.path.encode("utf-8"), item.split.encode("utf-8")
        except UnicodeEncodeError:  # a path no file system gave: no columns, the .jsonl is read
            self._usable = False
            return
        if b"\0" in path or b"\0" in split:
            self._usable = False
            return
        self._paths += path
        self._paths.append(0)
        self._numbers.append(item.size)
        self._numbers.append(item.mtime_ns)
        self._sha256 += item.sha256.encode("ascii")
        self._record_sha256 += item.record_sha256.encode("ascii")
        self._split.append(self._splits.setdefault(item.split, len(self._splits)))

    def content(self, inputs_sha256: str) -> bytes | None:
        """The columns file of what `add` saw, for the .jsonl whose sha256 is `inputs_sha256`
        (None: the inputs cannot be kept as columns; the .jsonl alone is read)."""
        if not self._usable:
            return None
        numbers = np.array(self._numbers, dtype="<i8").reshape(-1, 2)
        columns = {
            "paths": np.frombuffer(bytes(self._paths[:-1]), np.uint8),  # "\0" between paths, as joined
            "size": np.ascontiguousarray(numbers[:, 0]),
            "mtime_ns": np.ascontiguousarray(numbers[:, 1]),
            "sha256": np.frombuffer(bytes(self._sha256), np.uint8),
            "record_sha256": np.frombuffer(bytes(self._record_sha256), np.uint8),
            "split_names": np.frombuffer("\0".join(self._splits).encode("utf-8"), np.uint8),
            "split": np.array(self._split, dtype="<u4"),
            "inputs_sha256": np.frombuffer(inputs_sha256.encode("ascii"), np.uint8),
        }
        buffer = io.BytesIO()
        np.savez(buffer, checksum=np.frombuffer(_checksum(columns).encode("ascii"), np.uint8), **columns)
        return buffer.getvalue()


def _checksum(columns: Mapping[str, np.ndarray]) -> str:
    digest = hashlib.sha256(f"shardify inputs columns {_FORMAT}".encode("ascii"))
    for name in _COLUMNS:
        array = columns[name]
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode("ascii"))
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def _member(archive: zipfile.ZipFile, name: str, dtype: np.dtype) -> np.ndarray:
    """One 1-d column of `dtype` (`npz_columns.read_column` checks its bytes)."""
    try:
        column = read_column(archive, name, dtype)
    except ColumnError as error:
        raise NotUsable(str(error)) from None
    if column.ndim != 1:
        raise NotUsable(f"column {name!r} is {column.dtype} {column.shape}, not a column of {dtype}")
    return column


def _paths_inside(joined: str) -> bool:
    """Every NUL-joined path is a relative path inside SRC (as `InputsTally.add` checks a line's)."""
    marked = f"\0{joined}\0"
    return not any(pattern in marked for pattern in _OUTSIDE) and not marked.startswith("\0/")


def read_columns(content: bytes, inputs_sha256: str, expected: Mapping[str, int] | None) -> HeldColumns:
    """The inputs a columns file holds, checked whole (see the module's docstring).

    Args:
      inputs_sha256: the sha256 of the .jsonl now.
      expected: split -> the records the version's shards hold there (None: not counted).

    Raises:
      NotUsable: why it cannot stand for the .jsonl.
    """
    if len(content) > MAX_FILE_BYTES:
        raise NotUsable("larger than any columns file")
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        checksum = _member(archive, "checksum", np.dtype(np.uint8))
        columns = {name: _member(archive, name, dtype) for name, dtype in _COLUMNS.items()}
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as error:
        raise error if isinstance(error, NotUsable) else NotUsable(f"unreadable ({error})") from None
    if checksum.tobytes() != _checksum(columns).encode("ascii"):
        raise NotUsable("its checksum does not match its columns (altered or damaged)")
    if columns["inputs_sha256"].tobytes() != inputs_sha256.encode("ascii"):
        raise StaleColumns("it is the columns of another inputs list (the .jsonl changed since)")
    rows = len(columns["size"])
    sha256, record_sha256 = (columns[name].tobytes() for name in ("sha256", "record_sha256"))
    if any(len(c) != rows for c in (columns["mtime_ns"], columns["split"])) or not len(sha256) == len(record_sha256) == rows * _DIGEST_CHARS:
        raise NotUsable("its columns differ in length")
    if rows and (int(columns["size"].min()) < 0 or int(columns["mtime_ns"].min()) < 0):
        raise NotUsable("a size or time is negative")
    if not (_HEX.fullmatch(sha256) and _HEX.fullmatch(record_sha256)):
        raise NotUsable("a digest is not lower-case hex")
    try:
        joined = columns["paths"].tobytes().decode("utf-8")
        names = columns["split_names"].tobytes().decode("utf-8").split("\0")
    except UnicodeDecodeError:
        raise NotUsable("a path or split is not UTF-8") from None
    paths = joined.split("\0") if rows else []
    if len(paths) != rows or (rows and not _paths_inside(joined)) or (not rows and joined):
        raise NotUsable("a path is not a relative path inside SRC")
    codes = columns["split"]
    if rows and int(codes.max()) >= len(names):
        raise NotUsable("a row names no split")
    if expected is not None:
        counted = {names[i]: int(n) for i, n in enumerate(np.bincount(codes, minlength=len(names))) if n}
        if counted != {split: n for split, n in expected.items() if n}:
            raise NotUsable("its rows count other records per split than the version's shards hold")
    return HeldColumns(
        paths=paths,
        size=columns["size"].tolist(),
        mtime_ns=columns["mtime_ns"].tolist(),
        sha256=sha256.decode("ascii"),
        record_sha256=record_sha256.decode("ascii"),
        split=[names[i] for i in codes.tolist()],
    )
