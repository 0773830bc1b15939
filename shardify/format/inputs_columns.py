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
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from shardify.format.inputs_file import lines_chunks
from shardify.format.npz_columns import ColumnError, read_column

__all__ = ["HeldColumns", "InputsTable", "read_columns", "NotUsable", "StaleColumns", "MAX_COLUMN_ROWS", "MAX_FILE_BYTES"]

# The layout of the columns; a change makes every earlier file unusable (read from its .jsonl).
_FORMAT = 1
# A version with more inputs keeps no columns (they are built in memory, ~250 bytes an input).
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
# Lower-case hex digits, deleted from the digests to find any other byte: a C loop over the 2 MB an
# append of 31,680 held inputs reads (~1 ms; a regular expression's fullmatch took ~13 ms a column).
_HEX_DIGITS = b"0123456789abcdef"
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


class InputsTable:
    """A version's inputs, added in any order (the shards' result files, one after another) and
    kept as columns, not an object per input: `lines` gives the .jsonl's bytes and `content` its
    columns file, both by path.

    The manifest step holds every input of the version here: a `HeldInput` per input and the
    strings parsed for it were ~600 bytes an input in the largest process; a row here is its path
    (a string, to sort by) and ~150 bytes of machine numbers and digests.
    """

    def __init__(self) -> None:
        self._empty()

    def _empty(self) -> None:
        self._paths: list[str] = []
        self._numbers = array.array("q")  # size, mtime_ns of each input
        self._large: dict[int, tuple[int, int]] = {}  # rows whose size or time fits no int64 (no columns)
        self._sha256 = bytearray()  # 64 characters a row
        self._record_sha256 = bytearray()
        self._splits: dict[str, int] = {}  # name -> code, in the order rows named them
        self._split = array.array("I")
        self._usable = True  # every path and split can be joined by NUL as UTF-8

    def __len__(self) -> int:
        return len(self._paths)

    def add(self, path: str, size: int, mtime_ns: int, sha256: str, record_sha256: str, split: str) -> None:
        """One input.

        Raises:
          ValueError: a digest that is not 64 ASCII characters.
        """
        digests = sha256.encode("ascii"), record_sha256.encode("ascii")
        if len(digests[0]) != _DIGEST_CHARS or len(digests[1]) != _DIGEST_CHARS:
            raise ValueError(f"not a digest: {sha256!r}, {record_sha256!r}")
        if 0 <= size < 1 << 63 and 0 <= mtime_ns < 1 << 63:
            self._numbers.append(size)
            self._numbers.append(mtime_ns)
        else:
            self._large[len(self._paths)] = (size, mtime_ns)
            self._numbers.extend((0, 0))
        code = self._splits.get(split)
        if code is None:
            code = self._splits[split] = len(self._splits)
            self._usable = self._usable and "\0" not in split
        self._usable = self._usable and "\0" not in path
        self._paths.append(path)
        self._sha256 += digests[0]
        self._record_sha256 += digests[1]
        self._split.append(code)

    def _order(self) -> list[int]:
        """Row numbers by path (rows of one path in the order added)."""
        return sorted(range(len(self._paths)), key=self._paths.__getitem__)

    def lines(self) -> Iterator[bytes]:
        """The .jsonl's bytes, by path (`inputs_file.lines_chunks`)."""
        paths, numbers, large = self._paths, self._numbers, self._large
        sha256, record_sha256 = self._sha256, self._record_sha256
        names = list(self._splits)
        codes = self._split

        def rows() -> Iterator[tuple[str, int, int, str, str, str]]:
            for i in self._order():
                size, mtime_ns = large[i] if large and i in large else (numbers[2 * i], numbers[2 * i + 1])
                at = i * _DIGEST_CHARS
                yield (
                    paths[i], size, mtime_ns, sha256[at : at + _DIGEST_CHARS].decode("ascii"),
                    record_sha256[at : at + _DIGEST_CHARS].decode("ascii"), names[codes[i]],
                )  # fmt: skip

        return lines_chunks(rows())

    def content(self, inputs_sha256: str) -> memoryview | None:
        """The columns file of the rows, by path, for the .jsonl whose sha256 is `inputs_sha256`
        (None: the inputs cannot be kept as columns; the .jsonl alone is read). Once, after
        `lines`: the table is emptied as the columns are built, so that the rows, the columns and
        the file (~250, ~170 and ~170 bytes an input) are never all held at once."""
        rows = len(self._paths)
        if not self._usable or self._large or rows > MAX_COLUMN_ROWS:
            return None
        order = self._order()
        names = list(self._splits)
        at = np.array(order, dtype=np.intp)
        codes = np.array(self._split, dtype="<u4")[at]
        # Splits coded in the order the rows by path name them first (as the file always had it).
        named, first = np.unique(codes, return_index=True)
        ranked = named[np.argsort(first, kind="stable")]
        recode = np.zeros(len(names), dtype="<u4")
        recode[ranked] = np.arange(len(ranked), dtype="<u4")
        try:
            joined = "\0".join([self._paths[i] for i in order]).encode("utf-8")
            split_names = "\0".join(names[c] for c in ranked.tolist()).encode("utf-8")
        except UnicodeEncodeError:  # a path no file system gave: no columns, the .jsonl is read
            return None
        del order
        numbers = np.frombuffer(self._numbers, dtype=np.int64).reshape(-1, 2)[at]
        columns = {
            "paths": np.frombuffer(joined, np.uint8),
            "size": np.ascontiguousarray(numbers[:, 0], dtype="<i8"),
            "mtime_ns": np.ascontiguousarray(numbers[:, 1], dtype="<i8"),
            "sha256": _digests(self._sha256, at),
            "record_sha256": _digests(self._record_sha256, at),
            "split_names": np.frombuffer(split_names, np.uint8),
            "split": recode[codes],
            "inputs_sha256": np.frombuffer(inputs_sha256.encode("ascii"), np.uint8),
        }
        del numbers, codes, at, joined
        self._empty()  # the rows are in the columns now
        buffer = io.BytesIO()
        np.savez(buffer, checksum=np.frombuffer(_checksum(columns).encode("ascii"), np.uint8), **columns)
        del columns
        return buffer.getbuffer()  # the file's bytes, not copied again


def _digests(joined: bytearray, order: np.ndarray) -> np.ndarray:
    """64 characters a row, the rows in `order`, one after another."""
    return np.frombuffer(joined, np.uint8).reshape(-1, _DIGEST_CHARS)[order].reshape(-1)


def _checksum(columns: Mapping[str, np.ndarray]) -> str:
    digest = hashlib.sha256(f"shardify inputs columns {_FORMAT}".encode("ascii"))
    for name in _COLUMNS:
        array = columns[name]
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode("ascii"))
        digest.update(np.ascontiguousarray(array).data)  # its bytes, not copied
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
    if sha256.translate(None, _HEX_DIGITS) or record_sha256.translate(None, _HEX_DIGITS):  # what is left is no hex digit
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
