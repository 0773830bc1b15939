"""ListArchives: the members of archives in SRC (or of the archive that is SRC), listed as if the
archive were a folder.

    Listed archive --ListMembers--> [Listed member] (with where its bytes are)

An archive `a/train.tar` inside SRC reads as the folder `a/train/` (or `a/train.tar/` when a file
or folder of that name is there too), so class folders and split folders inside it mean what they
would on disk. An archive given as SRC is the root itself, without the single top folder its
members may share (`aclImdb/train/...` reads as `train/...`). Each archive is listed by one worker;
a .tar.gz's gzip index is written into `index_folder` for the workers that read its members.
"""

from __future__ import annotations

import contextlib
import io
import os
import posixpath
import tempfile
import uuid
from collections.abc import Iterator
from typing import BinaryIO

import apache_beam as beam
from apache_beam.io.filesystem import BeamIOError, CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import BATCH_SIZE, Listed
from shardify.beam_jobs.open_inputs import InputOpener, gzip_index_path
from shardify.converters import archives
from shardify.errors import InvalidInputError, OutputError, reject_reason
from shardify.format import naming
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout as layout_lib
from shardify.plan.entries import Batch, Reject
from shardify.plan.layout import SourceLayout

__all__ = ["ListMembers", "member_prefix", "REJECTS", "SKIPPED", "AUXILIARY"]

REJECTS, SKIPPED, AUXILIARY = "rejects", "skipped", "auxiliary"
# Bytes copied at a time from a local temporary file into OUT.
_COPY_BLOCK_BYTES = 1 << 20


def member_prefix(source: str, archive: str, source_layout: SourceLayout) -> tuple[str, str]:
    """(what a member's relative path starts with, what is cut from the front of its name)."""
    if archive == source_layout.source_file:
        return "", source_layout.archive_root
    folder = archives.strip_archive_suffix(archive)
    # The folder's name is the archive's own unless a file, a folder or another archive of the
    # same stem (train.tar beside train.zip) would read as that folder too.
    names = [folder, *archives.same_stem_archives(archive)]
    taken = any(_taken(join_path(source, name)) for name in names)
    return (archive if taken else folder) + "/", ""


def _taken(path: str) -> bool:
    """A file or a folder is at `path`: on an object store, an object of that name or any under it."""
    if is_local_path(path):
        return os.path.exists(path)
    return FileSystems.exists(path) or bool(FileSystems.match([path + "/*"], limits=[1])[0].metadata_list)


class ListMembers(beam.DoFn):
    """Listed archive -> [Listed member] batches; Reject per member that cannot be an input, the
    relative path of each junk member (SKIPPED) and of each auxiliary one (AUXILIARY)."""

    def __init__(self, source: str, source_layout: SourceLayout, *, follow_outside_links: bool, index_folder: str) -> None:
        self._source = source
        self._layout = source_layout
        self._follow_outside_links = follow_outside_links
        self._index_folder = index_folder

    def setup(self) -> None:
        self._open = InputOpener(self._source, follow_outside_links=self._follow_outside_links)

    def process(self, archive: Listed) -> Iterator:
        kind = archives.archive_kind(archive.relpath)
        prefix, cut = member_prefix(self._source, archive.relpath, self._layout)
        batch, listed, damage = Batch(), 0, ""
        try:
            with self._open(archive.relpath) as fileobj, self._index_writer(archive.relpath, kind) as index:
                try:
                    members = archives.list_members(fileobj, archive.relpath, kind, archive.size, gzip_index=index, last_copy_only=True)
                    for member in members:
                        name = member.name[len(cut) :] if cut and member.name.startswith(cut) else member.name
                        relpath = prefix + name
                        junk = layout_lib.is_junk(relpath)
                        if isinstance(member, archives.MemberReject) and not (junk and member.reason == archives.EARLIER_COPY):
                            yield beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, "discover", member.reason))
                        elif junk:
                            yield beam.pvalue.TaggedOutput(SKIPPED, relpath)
                        elif self._layout.is_auxiliary(relpath):
                            yield beam.pvalue.TaggedOutput(AUXILIARY, relpath)
                        else:
                            listed += 1
                            batch.append(Listed(relpath, member.size_bytes, member.location))
                            if len(batch) == BATCH_SIZE:
                                yield batch
                                batch = Batch()
                except InvalidInputError as error:  # damaged part-way: what was listed is still read
                    damage = error.reason
        except (InvalidInputError, OSError) as error:
            damage = reject_reason(error)
        if damage:
            if listed:
                damage += f" (the {listed} members before the damage are converted; any after it are not)"
            yield beam.pvalue.TaggedOutput(REJECTS, Reject(archive.relpath, "discover", damage))
        if batch:
            yield batch

    def _index_writer(self, archive: str, kind: str):  # noqa: ANN202 - a context manager
        """Where a .tar.gz's gzip index goes: written under a temporary name, renamed when whole."""
        if kind != archives.TAR_GZ:
            return contextlib.nullcontext()
        return _AtomicFile(gzip_index_path(self._index_folder, archive))


class _AtomicFile:
    """A file written under a temporary name and renamed to `path` when the block ends cleanly.

    The bytes are gathered in a local temporary file first and copied when the block ends:
    indexed_gzip writes an index through callbacks of its own, which would turn a full disk into its
    own error code (and the archive into a reject). A failed copy names the file (OutputError)."""

    def __init__(self, path: str) -> None:
        self._path = path
        folder, name = posixpath.split(path)
        self._temp = FileSystems.join(folder, naming.temp_filename(name, uuid.uuid4().hex[:12]))

    def __enter__(self):  # noqa: ANN204 - a binary file
        self._local = tempfile.TemporaryFile()
        return _Writable(self._local)

    def __exit__(self, kind: type | None, *exc: object) -> None:
        try:
            if kind is None:
                self._copy()
        finally:
            self._local.close()

    def _copy(self) -> None:
        try:
            self._local.seek(0)
            with FileSystems.create(self._temp, compression_type=CompressionTypes.UNCOMPRESSED) as out:
                for block in iter(lambda: self._local.read(_COPY_BLOCK_BYTES), b""):
                    out.write(block)
            FileSystems.rename([self._temp], [self._path])
        except (OSError, BeamIOError) as error:
            with contextlib.suppress(Exception):
                FileSystems.delete([self._temp])
            raise OutputError(
                f"cannot write {self._path}: {error} (disk full or not writable?); no manifest was written, "
                "re-run the same command once it can be written"
            ) from None


class _Writable:
    """A local temporary file as indexed_gzip takes one to write into: it refuses a file object
    whose `mode` is not exactly "wb" ("w+b" included), and has no use for one without."""

    def __init__(self, file: BinaryIO) -> None:
        self._file = file

    def write(self, data: bytes) -> int:
        return self._file.write(data)

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def flush(self) -> None:
        self._file.flush()

    def fileno(self) -> int:
        raise io.UnsupportedOperation("written through write(), as any file object")
