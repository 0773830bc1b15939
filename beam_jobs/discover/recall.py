"""Kept probes: what a conversion learned about its inputs, kept in OUT so that a re-run (a resume
after a kill, an append, the same command again) reads the header of only what is new or changed.

    MakeEntries --probes it made--> OUT/probes-<hex>.npz (one file per batch of inputs probed)
    a later run: OUT/probes-*.npz --read_kept--> KeptProbes --recall(relpath, stamp)--> the probe, or None

Each row is an input's listing stamp (relative path, size, modification time in ns, inode) and its
probe's outcome: the image's format, height, width and channels, or the reason it was rejected.
A row is used only when the file's stamp now is the one kept (as `git status` and `rsync` decide
that a file is unchanged, without reading it); anything else is probed again.

The files are columns in a NumPy `.npz` (no pickles: loaded with `allow_pickle=False`), so a file
costs tens of bytes, not a Python object, in OUT and in a worker's memory. NumPy is there already
(Beam needs it, and the write path imports it); pyarrow is installed with Beam too, but importing
it would add to every run's start-up for no gain at this size.

A kept file is untrusted input, ours included: each carries the fingerprint of what decides a
probe (shardify's and Pillow's versions, SRC, `--max-pixels`) and a checksum of its columns keyed
with that fingerprint; one that is truncated, altered, made with other options or not ours is
ignored (the launcher says so in one line, and removes it once the run has finished) and its
inputs are probed as if it were not there. Rejects are kept only when the image's own bytes
decided them (a header that is not an image, too many pixels), never an error opening it.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import PIL
from apache_beam.io.filesystems import FileSystems

from shardify._version import __version__
from shardify.beam_jobs.discover.stamp_keys import keys_of, stamp_keys
from shardify.beam_jobs.output.folder import list_names, open_output_file
from shardify.format import naming
from shardify.format.image_formats import BY_NAME
from shardify.format.npz_columns import ColumnError, read_column
from shardify.inputs.paths import is_local_path, join_path

__all__ = [
    "KeepProbes", "Probe", "Stamp", "KeptProbes", "probes_fingerprint", "stamp_of", "pack_probes", "sound_files", "unsound", "read_kept"
]

# The layout of the columns; a change makes every earlier file another fingerprint's.
_FORMAT = 1
# A kept file lists a batch of inputs (candidates.BATCH_SIZE, ~100 bytes each); larger is not ours.
_MAX_FILE_BYTES = 64 << 20
_FORMAT_WIDTH = 16  # bytes of an image format's name ("jpeg", "heif")
# name -> dtype of each column, in the order the checksum reads them.
_COLUMNS = {
    "paths": np.dtype(np.uint8),  # every relative path in UTF-8, one after another
    "path_ends": np.dtype("<i8"),  # where each path ends in `paths`
    "size": np.dtype("<i8"),
    "mtime_ns": np.dtype("<i8"),
    "inode": np.dtype("<u8"),  # 0 where the file system gives none
    "image_format": np.dtype(f"S{_FORMAT_WIDTH}"),  # b"" for a rejected input
    "height": np.dtype("<i4"),
    "width": np.dtype("<i4"),
    "channels": np.dtype("<i4"),
    "reasons": np.dtype(np.uint8),  # every reject's reason in UTF-8 ("" for a usable input)
    "reason_ends": np.dtype("<i8"),
}
_PER_ROW = ("path_ends", "size", "mtime_ns", "inode", "image_format", "height", "width", "channels", "reason_ends")
_BLOBS = {"paths": "path_ends", "reasons": "reason_ends"}


@dataclass(frozen=True)
class KeepProbes:
    """Where a run recalls and keeps probes.

    Attributes:
      folder: OUT ("": a run that neither recalls nor keeps any).
      fingerprint: `probes_fingerprint` of this run.
      names: the kept-probes files in OUT the launcher found sound (`read_kept`).
      write: keep the probes made now (not in a dry run, which leaves OUT untouched).
    """

    folder: str = ""
    fingerprint: str = ""
    names: tuple[str, ...] = ()
    write: bool = False


@dataclass(frozen=True)
class Stamp:
    """What says a file is unchanged without reading it. Attributes: size (bytes), mtime_ns, inode
    (0 where the file system gives none)."""

    size: int
    mtime_ns: int
    inode: int = 0


@dataclass(frozen=True)
class Probe:
    """A header probe's outcome: the image's facts, or `reason` (non-empty) it was rejected."""

    image_format: str = ""
    height: int = 0
    width: int = 0
    channels: int = 0
    reason: str = ""


def probes_fingerprint(source: str, max_pixels: int) -> str:
    """What decides a probe's outcome besides the file's bytes."""
    text = json.dumps([_FORMAT, __version__, PIL.__version__, source.rstrip("/"), max_pixels])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stamp_of(source: str, relpath: str) -> Stamp | None:
    """The stamp of a local input now (its link's target for a symlink), or None (an object
    store, or it cannot be `stat`ed: then it is probed, and the probe says why)."""
    if not is_local_path(source):
        return None
    try:
        info = os.stat(join_path(source, relpath))
    except (OSError, ValueError):
        return None
    return Stamp(info.st_size, info.st_mtime_ns, info.st_ino)


def _checksum(columns: dict[str, np.ndarray], fingerprint: str) -> str:
    digest = hashlib.sha256(fingerprint.encode("ascii"))
    for name in _COLUMNS:
        array = columns[name]
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode("ascii"))
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def _blob(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    encoded = [text.encode("utf-8", "surrogateescape") for text in texts]
    ends = np.cumsum([len(b) for b in encoded], dtype=np.int64) if encoded else np.zeros(0, np.int64)
    return np.frombuffer(b"".join(encoded), dtype=np.uint8), ends


def pack_probes(rows: Sequence[tuple[str, Stamp, Probe]], fingerprint: str) -> tuple[str, bytes]:
    """(file name, bytes) of a kept-probes file holding `rows`."""
    paths, path_ends = _blob([relpath for relpath, _, _ in rows])
    reasons, reason_ends = _blob([probe.reason for _, _, probe in rows])
    columns = {
        "paths": paths,
        "path_ends": path_ends,
        "size": np.array([s.size for _, s, _ in rows], dtype="<i8"),
        "mtime_ns": np.array([s.mtime_ns for _, s, _ in rows], dtype="<i8"),
        "inode": np.array([s.inode for _, s, _ in rows], dtype="<u8"),
        "image_format": np.array([p.image_format.encode("ascii") for _, _, p in rows], dtype=_COLUMNS["image_format"]),
        "height": np.array([p.height for _, _, p in rows], dtype="<i4"),
        "width": np.array([p.width for _, _, p in rows], dtype="<i4"),
        "channels": np.array([p.channels for _, _, p in rows], dtype="<i4"),
        "reasons": reasons,
        "reason_ends": reason_ends,
    }
    buffer = io.BytesIO()
    checksum = _checksum(columns, fingerprint)
    np.savez(buffer, fingerprint=np.array(fingerprint.encode("ascii")), checksum=np.array(checksum.encode("ascii")), **columns)
    content = buffer.getvalue()
    return naming.probes_filename(content), content


class _NotKept(ValueError):
    """Why a kept-probes file is not used (its message is the notice's reason)."""


def _read_member(archive: zipfile.ZipFile, name: str, dtype: np.dtype | None) -> np.ndarray:
    """One column (`npz_columns.read_column` checks its bytes before any allocation)."""
    try:
        return read_column(archive, name, dtype)
    except ColumnError as error:
        raise _NotKept(str(error)) from None


def _is_text(array: np.ndarray) -> bool:
    return array.shape == () and array.dtype.kind == "S"


def _parse(content: bytes, fingerprint: str) -> dict[str, np.ndarray]:
    """The columns of a kept-probes file, checked whole.

    Raises:
      _NotKept: why it cannot be used.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        kept_fingerprint = _read_member(archive, "fingerprint", None)
        checksum = _read_member(archive, "checksum", None)
        if not _is_text(kept_fingerprint) or kept_fingerprint.item().decode("ascii", "replace") != fingerprint:
            raise _NotKept("made by another version or other options (its fingerprint differs)")
        columns = {name: _read_member(archive, name, dtype) for name, dtype in _COLUMNS.items()}
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as error:
        raise error if isinstance(error, _NotKept) else _NotKept(f"unreadable ({error})") from None
    if not _is_text(checksum) or checksum.item() != _checksum(columns, fingerprint).encode("ascii"):
        raise _NotKept("its checksum does not match its columns (altered or damaged)")
    rows = len(columns["path_ends"])
    if any(len(columns[name]) != rows for name in _PER_ROW):
        raise _NotKept("its columns differ in length")
    for blob, ends in _BLOBS.items():
        bounds = columns[ends]
        if rows and (bounds[0] < 0 or np.any(np.diff(bounds) < 0) or bounds[-1] != len(columns[blob])):
            raise _NotKept(f"the ends of {blob!r} do not cut it")
        if not rows and len(columns[blob]):
            raise _NotKept(f"{blob!r} holds bytes of no row")
    return columns


class KeptProbes:
    """The probes kept in OUT, as columns; `recall` finds one by its input's path and stamp.

    Lookups go through a sorted array of 64-bit keys (a hash of path and stamp computed over the
    columns at once, see stamp_keys.py), so memory stays a few tens of bytes per input and loading
    costs no Python call per row; a batch of inputs is looked up at once (`recall_many`).
    """

    def __init__(self, tables: Iterable[dict[str, np.ndarray]] = ()) -> None:
        tables = [t for t in tables if len(t["path_ends"])]
        self._columns = {
            name: np.concatenate([t[name] for t in tables]) if tables else np.zeros(0, dtype)
            for name, dtype in _COLUMNS.items()
            if name not in _BLOBS
        }
        self._paths = [bytes(t["paths"]) for t in tables]
        self._reasons = [bytes(t["reasons"]) for t in tables]
        # (table, its first row) of each row: blobs stay per table
        per_table = [np.full(len(t["path_ends"]), i, np.int32) for i, t in enumerate(tables)]
        self._table = np.concatenate(per_table) if tables else np.zeros(0, np.int32)
        self._first = np.cumsum([0] + [len(t["path_ends"]) for t in tables])
        keys = [stamp_keys(t["paths"], t["path_ends"], t["size"], t["mtime_ns"], t["inode"]) for t in tables]
        keys = np.concatenate(keys) if keys else np.zeros(0, np.uint64)
        self._order = np.argsort(keys, kind="stable")
        self._keys = keys[self._order]

    def __len__(self) -> int:
        return len(self._keys)

    def _text(self, blobs: list[bytes], ends: np.ndarray, row: int) -> str:
        table = int(self._table[row])
        local = row - int(self._first[table])
        start = int(ends[row - 1]) if local else 0
        return blobs[table][start : int(ends[row])].decode("utf-8", "surrogateescape")

    def recall(self, relpath: str, stamp: Stamp | None) -> Probe | None:
        """The probe kept for `relpath` with exactly this stamp, or None (probe it)."""
        return self.recall_many([relpath], [stamp])[0]

    def recall_many(self, relpaths: Sequence[str], stamps: Sequence[Stamp | None]) -> list[Probe | None]:
        """`recall` of a batch of inputs, their keys computed at once (see stamp_keys.py)."""
        found: list[Probe | None] = [None] * len(relpaths)
        asked = [i for i, stamp in enumerate(stamps) if stamp is not None]
        if not asked or not len(self._keys):
            return found
        wanted = keys_of([relpaths[i] for i in asked], [(stamps[i].size, stamps[i].mtime_ns, stamps[i].inode) for i in asked])
        places = np.searchsorted(self._keys, wanted)
        for i, key, at in zip(asked, wanted.tolist(), places.tolist()):
            found[i] = self._find(relpaths[i], stamps[i], key, at)
        return found

    def _find(self, relpath: str, stamp: Stamp, key: int, at: int) -> Probe | None:
        c = self._columns
        while at < len(self._keys) and int(self._keys[at]) == key:
            row = int(self._order[at])
            at += 1
            if self._text(self._paths, c["path_ends"], row) != relpath or (
                int(c["size"][row]), int(c["mtime_ns"][row]), int(c["inode"][row])
            ) != (stamp.size, stamp.mtime_ns, stamp.inode):
                continue  # another input under the same 64-bit key
            return self._probe(row)
        return None

    def _probe(self, row: int) -> Probe | None:
        c = self._columns
        reason = self._text(self._reasons, c["reason_ends"], row)
        image_format = bytes(c["image_format"][row]).rstrip(b"\0").decode("ascii", "replace")
        if reason:
            return Probe(reason=reason)
        height, width, channels = int(c["height"][row]), int(c["width"][row]), int(c["channels"][row])
        if image_format not in BY_NAME or min(height, width, channels) < 1:
            return None  # checksummed yet not a probe's outcome: probe it again
        return Probe(image_format, height, width, channels)


# Columns `sound_files` parsed, by (fingerprint, the file's bytes), for `read_kept` in the same
# process (an append or a small resume runs its pipeline in the launcher's): it takes them instead
# of parsing and checksumming each file again, and only for the very bytes it reads. Replaced by
# each `sound_files`, emptied as `read_kept` takes them, at most _MEMO_BYTES of files.
_PARSED: dict[tuple[str, bytes], dict[str, np.ndarray]] = {}
_MEMO_BYTES = 64 << 20


def _load(output: str, name: str, fingerprint: str, *, memo: bool = False) -> dict[str, np.ndarray]:
    """One kept-probes file's columns (`memo`: a parse `sound_files` made of the same bytes, taken).

    Raises:
      _NotKept: why it is not used (any fault of what it holds, or it cannot be read).
    """
    content = _content(output, name)
    if memo and _PARSED:
        parsed = _PARSED.pop((fingerprint, content), None)
        if parsed is not None:
            return parsed
    return _parse(content, fingerprint)


def _content(output: str, name: str) -> bytes:
    """One kept-probes file's bytes.

    Raises:
      _NotKept: it cannot be read, or it is too large to be one.
    """
    try:
        with open_output_file(FileSystems.join(output, name)) as f:  # never a pipe's wait, nor a link
            content = f.read(_MAX_FILE_BYTES + 1)
    except Exception as error:  # noqa: BLE001 - gone, unreadable: as if it were not there
        raise _NotKept(f"unreadable ({error})") from None
    if len(content) > _MAX_FILE_BYTES:
        raise _NotKept(f"larger than {_MAX_FILE_BYTES:,} bytes")
    return content


def sound_files(output: str, fingerprint: str) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """(the kept-probes files in `output` that can be used, [(file name, why not)] for the others).
    Never raises for what a file holds."""
    try:
        names = sorted(name for name in list_names(output) if naming.is_probes_file(name))
    except Exception:  # noqa: BLE001 - no output folder yet, or unlistable: nothing kept
        names = []
    sound, ignored = [], []
    _PARSED.clear()
    room = _MEMO_BYTES
    for name in names:
        try:
            content = _content(output, name)
            columns = _parse(content, fingerprint)
            sound.append(name)
        except _NotKept as error:
            ignored.append((name, str(error)))
            continue
        if len(content) <= room:
            room -= len(content)
            _PARSED[(fingerprint, content)] = columns
    return tuple(sound), ignored


def unsound(output: str, fingerprint: str, names: Sequence[str]) -> list[str]:
    """Those of the files `names` in `output` that exist and cannot be used (a run may have
    written its own probes under a damaged file's name since: the same probes make the same name)."""
    found = []
    for name in names:
        try:
            _load(output, name, fingerprint)
        except _NotKept:
            if FileSystems.exists(FileSystems.join(output, name)):
                found.append(name)
    return found


def read_kept(output: str, fingerprint: str, names: Sequence[str]) -> KeptProbes:
    """The probes the files `names` of `output` hold (those that turn out unsound now are left out)."""
    tables = []
    for name in names:
        try:
            tables.append(_load(output, name, fingerprint, memo=True))
        except _NotKept:
            continue  # changed since the launcher looked: probe its inputs
    return KeptProbes(tables)
