"""Opening inputs: local paths through `input_files` (non-blocking, regular files only, inside
SRC), S3 and GCS objects by ranged GETs (`shardify.inputs.object_reader`: no HEAD or metadata
request per input), other URLs through Beam's file systems, archive members through their archive.

Beam's `FileSystems` looks up its plugin on every call, which cost more than reading a 70 KB
image in a profile of 8,000 files; local paths skip it.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from apache_beam.io.filesystem import CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.converters import archives
from shardify.errors import InvalidInputError
from shardify.format import naming
from shardify.inputs.compressed import open_decompressed
from shardify.inputs.files import open_local_input, read_exactly, read_local_input, size_of
from shardify.inputs.object_reader import ObjectReader, gcs_fetch, s3_fetch
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan.entries import MemberLocation

__all__ = ["MAX_OPEN_ARCHIVES", "InputOpener", "gzip_index_path", "open_input"]

# Archives a worker keeps open between members (each a file, for a .tar.gz also its gzip index).
MAX_OPEN_ARCHIVES = 16


def open_input(path: str, *, real_root: str | None = None) -> BinaryIO:
    """Opens `path` for reading; locally only a regular file, and only inside `real_root` if given.
    A table compressed whole (`covtype.data.gz`) reads as the table it holds (`inputs/compressed.py`).

    Raises:
      InvalidInputError: locally, not a regular file or outside `real_root`; a damaged compressed table.
      OSError: it cannot be opened.
    """
    return open_decompressed(_open_raw(path, real_root), path)


def _open_raw(path: str, real_root: str | None) -> BinaryIO:
    """`open_input` before a compressed table is read through."""
    if is_local_path(path):
        return open_local_input(path, real_root=real_root)
    scheme, _, rest = path.partition("://")
    io_client = _object_store(scheme)
    if io_client is not None:
        bucket, _, key = rest.partition("/")
        if scheme == "s3":
            return ObjectReader(s3_fetch(io_client.client.client, bucket, key), path)  # boto3's own client
        retry = getattr(io_client, "_storage_client_retry", None)
        return ObjectReader(gcs_fetch(io_client.client.bucket(bucket), key, retry), path)
    return FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED)


_STORES: dict[tuple[str, int], object] = {}


def _object_store(scheme: str) -> object | None:
    """One S3 or GCS client per process and pipeline options, for reading inputs.

    Beam's S3 and GCS file systems make a new client for every call (boto3 loads its service
    models each time: ~100 ms of CPU a call, 49 s for 72 sample images from S3, measured); a
    conversion opens every input twice. Other calls (listing, writing shards) are few and keep
    going through Beam. The options are those Beam gave this process's file systems; the clients
    are built by Beam from them (endpoint, credentials, retries), and read through ObjectReader.
    """
    options = getattr(FileSystems, "_pipeline_options", None)
    if scheme not in ("s3", "gs") or options is None:
        return None
    key = (scheme, id(options))
    if key not in _STORES:
        if scheme == "s3":
            from apache_beam.io.aws import s3io

            _STORES[key] = s3io.S3IO(options=options)
        else:
            from apache_beam.io.gcp import gcsio

            _STORES[key] = gcsio.GcsIO(pipeline_options=options)
    return _STORES[key]


def gzip_index_path(folder: str, archive: str) -> str:
    """Where the index of the .tar.gz `archive` (relative to SRC) is kept while a run needs it."""
    return join_path(folder, naming.gzip_index_filename(archive))


class InputOpener:
    """Opens inputs by their path relative to the source folder, never outside it unless
    `follow_outside_links` (symlinks in SRC may then lead anywhere); archive members through their
    archive, kept open between calls (`close()` when done).

    Args:
      source: the source folder.
      follow_outside_links: see above.
      index_folder: where the indexes of .tar.gz archives were written while listing them.
    """

    def __init__(self, source: str, *, follow_outside_links: bool = False, index_folder: str = "") -> None:
        self._source = source
        local = is_local_path(source)
        self._real_root = os.path.realpath(source) if local and not follow_outside_links else None
        self._index_folder = index_folder
        self._archives: dict[str, BinaryIO] = {}

    def __call__(self, relpath: str, location: MemberLocation | None = None) -> BinaryIO:
        """The file, or the member at `location`, open for reading (a seekable view of a member).

        Raises:
          InvalidInputError: not a regular file, outside SRC, an archive that changed.
          OSError: it cannot be opened.
        """
        if location is None:
            return open_input(join_path(self._source, relpath), real_root=self._real_root)
        return open_decompressed(archives.member_view(self._archive(location), location), relpath)  # (a member `x.csv.gz`)

    def read_whole(self, relpath: str, size_bytes: int, location: MemberLocation | None = None) -> tuple[bytes, int | None]:
        """(the input's bytes, which must still be `size_bytes` long, its modification time in ns, or
        None for an archive member or a remote file): for a local file with half the system calls
        of opening it as a file object (`files.read_local_input`), checked the same.

        Raises:
          InvalidInputError: as `__call__`; or the input's size changed since it was listed.
          OSError: it cannot be read.
        """
        if location is None and is_local_path(self._source):
            return read_local_input(join_path(self._source, relpath), size_bytes, real_root=self._real_root)
        with self(relpath, location) as fileobj:
            data = read_exactly(fileobj, size_bytes)
            if location is not None:
                return data, None
            try:
                return data, os.fstat(fileobj.fileno()).st_mtime_ns
            except (AttributeError, OSError, ValueError):  # a remote file: no descriptor (io.UnsupportedOperation is both)
                return data, None

    def read_ahead(self, relpath: str, location: MemberLocation | None = None) -> None:
        """Asks the kernel to start reading a local input that will be read soon (a cold disk then
        reads it while the file before it is being checked and encoded). Best effort: anything
        unusual is left to the real open to report."""
        if self._real_root is None and not is_local_path(self._source):
            return
        try:
            if location is None:
                path = join_path(self._source, relpath)
                if not stat.S_ISREG(os.lstat(path).st_mode):  # opening a device can do things (rewind a tape)
                    return
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_NOFOLLOW)
                try:
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
                finally:
                    os.close(fd)
            elif location.kind != archives.TAR_GZ and location.archive in self._archives:
                fileno = self._archives[location.archive].fileno()
                os.posix_fadvise(fileno, location.offset, location.member_bytes, os.POSIX_FADV_WILLNEED)
        except (OSError, AttributeError, ValueError):
            pass

    def _archive(self, location: MemberLocation) -> BinaryIO:
        stream = self._archives.get(location.archive)
        if stream is not None:
            return stream
        if len(self._archives) >= MAX_OPEN_ARCHIVES:
            self.close()
        raw = open_input(join_path(self._source, location.archive), real_root=self._real_root)
        size = size_of(raw)
        if size is not None and size != location.archive_bytes:
            raw.close()
            raise InvalidInputError(f"archive changed since it was listed ({location.archive_bytes} -> {size} bytes)")
        if location.kind == archives.TAR_GZ:
            try:
                with open_input(gzip_index_path(self._index_folder, location.archive)) as index:
                    stream = archives.open_gzip(raw, index)
            except BaseException:
                raw.close()
                raise
        else:
            stream = raw
        self._archives[location.archive] = stream
        return stream

    def close(self) -> None:
        for stream in self._archives.values():
            stream.close()
        self._archives.clear()
