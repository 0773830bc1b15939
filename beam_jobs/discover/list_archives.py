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
import os
import posixpath
import uuid
from collections.abc import Iterator

import apache_beam as beam
from apache_beam.io.filesystem import CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import BATCH_SIZE, Listed
from shardify.beam_jobs.open_inputs import InputOpener, gzip_index_path
from shardify.converters import archives
from shardify.errors import InvalidInputError, reject_reason
from shardify.format import naming
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout as layout_lib
from shardify.plan.entries import Batch, Reject
from shardify.plan.layout import SourceLayout

__all__ = ["ListMembers", "member_prefix", "REJECTS", "SKIPPED", "AUXILIARY"]

REJECTS, SKIPPED, AUXILIARY = "rejects", "skipped", "auxiliary"


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
                    for member in archives.list_members(fileobj, archive.relpath, kind, archive.size, gzip_index=index):
                        name = member.name[len(cut) :] if cut and member.name.startswith(cut) else member.name
                        relpath = prefix + name
                        if isinstance(member, archives.MemberReject):
                            yield beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, "discover", member.reason))
                        elif layout_lib.is_junk(relpath):
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
    """A file written under a temporary name and renamed to `path` when the block ends cleanly."""

    def __init__(self, path: str) -> None:
        self._path = path
        folder, name = posixpath.split(path)
        self._temp = FileSystems.join(folder, naming.temp_filename(name, uuid.uuid4().hex[:12]))

    def __enter__(self):  # noqa: ANN204 - Beam's writable file
        self._file = FileSystems.create(self._temp, compression_type=CompressionTypes.UNCOMPRESSED)
        return self._file

    def __exit__(self, kind: type | None, *exc: object) -> None:
        self._file.close()
        if kind is None:
            FileSystems.rename([self._temp], [self._path])
        else:
            FileSystems.delete([self._temp])
