"""The output folder's life cycle: claim it, write files atomically, and tidy what a run replaced.

shardify only ever deletes files whose names it writes (see `naming.is_shardify_file`).
"""

from __future__ import annotations

import posixpath
import uuid
from collections.abc import Iterable, Mapping
from typing import BinaryIO

from apache_beam.io.filesystem import BeamIOError, CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.errors import InvalidInputError, OutputError, ShardifyError
from shardify.format import naming
from shardify.format.manifest import MAX_MANIFEST_BYTES, load_manifest
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import is_local_path

__all__ = [
    "check_kept_shards",
    "list_names",
    "open_output_file",
    "prepare_output",
    "write_text_atomically",
    "replace_metadata_files",
    "remove_files",
    "remove_stale_files",
    "write_bytes_atomically",
    "write_chunks_atomically",
]


def open_output_file(path: str) -> BinaryIO:
    """Opens one of OUT's files for reading as OUT's files are opened: locally only a regular file,
    never through a symbolic link, never waiting on a named pipe put in its place (a kept probes
    file, a result file, a report or the lock as a pipe made the next run wait forever).

    Raises:
      InvalidInputError: locally, not a regular file, or a link.
      OSError: it cannot be opened (Beam's wrapping of it, on object stores).
    """
    if is_local_path(path):
        return open_local_input(path, follow_links=False)
    return FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED)


def list_names(folder: str) -> list[str]:
    """Names of the files directly inside `folder` (empty when it does not exist).

    Object stores have no folders: `FileSystems.exists("s3://bucket/out")` is False while objects
    lie under `out/`, so the listing itself says what is there.
    """
    prefix = folder.rstrip("/") + "/"
    try:
        matched = FileSystems.match([prefix + "*"])
    except BeamIOError:  # a local folder that does not exist
        return []
    names = []
    for result in matched:
        for meta in result.metadata_list:
            name = meta.path[len(prefix) :] if meta.path.startswith(prefix) else posixpath.basename(meta.path)
            names.append(name)
    return sorted(names)


def _read_bounded(path: str) -> str:
    """A manifest's text from any Beam file system, never more than MAX_MANIFEST_BYTES (as local
    manifests are read)."""
    with FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED) as manifest:
        data = manifest.read(MAX_MANIFEST_BYTES + 1)
    if len(data) > MAX_MANIFEST_BYTES:
        raise InvalidInputError(f"larger than {MAX_MANIFEST_BYTES >> 20} MiB: not a shardify manifest")
    return data.decode("utf-8")


def _finished_source(folder: str) -> str | None:
    """The source the latest version of a finished output in `folder` was converted from, as its
    manifest (read and checked as every reader reads it) records it; None when there is no valid
    manifest (then it is not a finished output worth keeping, and the run replaces it as before)."""
    try:
        if not FileSystems.exists(FileSystems.join(folder, naming.MANIFEST_FILENAME)):
            return None  # (object stores' clients raise their own kinds of "not found")
        manifest = load_manifest(folder, read_text=None if is_local_path(folder) else _read_bounded)
    except (ShardifyError, OSError, ValueError, BeamIOError):
        return None
    source = manifest.versions[-1].get("source") if manifest.versions else None
    return source if isinstance(source, str) and source else None


def prepare_output(folder: str, *, overwrite: bool, keep_latest: bool = False, source: str | None = None) -> None:
    """Makes `folder` ready for a run and marks it incomplete by removing an old manifest; an
    append (`keep_latest`) keeps it, and every file of the latest version, until it replaces them.

    Raises:
      OutputError: the folder holds files shardify did not write and `overwrite` is False; it holds
        a finished conversion of another source than `source` and `overwrite` is False (converting
        would delete it: a typo in OUT must not cost a finished dataset); or it cannot be created or
        written (a file of that name, a read-only file system, no permission).
    """
    if source is not None and not keep_latest and not overwrite:
        earlier = _finished_source(folder)
        if earlier is not None and earlier.rstrip("/") != source.rstrip("/"):
            raise OutputError(
                f"output folder {folder} holds a finished conversion of {earlier}; converting {source} there would "
                "replace it: choose another folder, or pass --overwrite to replace it"
            )
    foreign = [name for name in list_names(folder) if not naming.is_shardify_file(name)]
    if foreign and not overwrite:
        shown = ", ".join(foreign[:5]) + (", ..." if len(foreign) > 5 else "")
        raise OutputError(
            f"output folder {folder} holds {len(foreign)} files shardify did not write ({shown}); "
            "choose an empty folder, or pass --overwrite to write beside them (they are never deleted)"
        )
    try:
        FileSystems.mkdirs(folder)
    except Exception:  # noqa: S110 - it exists already, or cannot be made: the write test says which
        pass
    # Fail here, before any work, rather than in a worker at the first shard.
    probe = FileSystems.join(folder, naming.temp_filename("write-test", uuid.uuid4().hex[:12]))
    try:
        with FileSystems.create(probe, compression_type=CompressionTypes.UNCOMPRESSED) as out:
            out.write(b"shardify checks that it can write here")  # not empty: S3 refuses empty uploads
        FileSystems.delete([probe])
    except Exception as error:  # OSError, or Beam's BeamIOError wrapping one
        raise OutputError(f"cannot write into output folder {folder}: {error}") from None
    # The old manifest goes first: from here until the new one is written the folder is incomplete.
    # An inspect report describes the old manifest, so it goes with it; so does TensorFlow Datasets'
    # entry point, so that tfds does not read shards being replaced.
    replaced: tuple[str, ...] = (naming.PLAN_FILENAME,)
    if not keep_latest:
        replaced += (naming.MANIFEST_FILENAME, naming.INSPECT_FILENAME, naming.TFDS_INFO_FILENAME)
    if not keep_latest:  # a conversion starts over at version 1: no earlier version stays readable
        replaced += tuple(name for name in list_names(folder) if naming.parse_version_filename(name))
    for name in replaced:
        path = FileSystems.join(folder, name)
        if FileSystems.exists(path):
            FileSystems.delete([path])


def write_text_atomically(folder: str, name: str, text: str) -> None:
    """Writes `name` under a temporary name, then renames it, so readers never see half a file.

    Raises:
      OutputError: it cannot be written (a full disk, no permission), naming the file and the
        system's reason; the temporary file is removed.
    """
    write_bytes_atomically(folder, name, text.encode("utf-8"))


def write_bytes_atomically(folder: str, name: str, content: bytes) -> None:
    """`write_text_atomically` for bytes."""
    write_chunks_atomically(folder, name, (content,))


def write_chunks_atomically(folder: str, name: str, chunks: Iterable[bytes]) -> None:
    """`write_bytes_atomically` for bytes that come a piece at a time (a file too large to build
    whole in memory first: the inputs list of a million files)."""
    final = FileSystems.join(folder, name)
    temp = FileSystems.join(folder, naming.temp_filename(name, uuid.uuid4().hex[:12]))
    try:
        with FileSystems.create(temp, compression_type=CompressionTypes.UNCOMPRESSED) as out:
            for chunk in chunks:
                out.write(chunk)
        FileSystems.rename([temp], [final])
    except BaseException as error:
        try:
            FileSystems.delete([temp])
        except Exception:  # noqa: BLE001, S110 - never written, or the same disk refuses: the error below says why
            pass
        if not isinstance(error, (OSError, BeamIOError)):
            raise  # the chunks' own error (a bug, or an interrupt): no half-written file left behind
        raise OutputError(
            f"cannot write {final}: {_system_reason(error)} (disk full or not writable?); no manifest was written, "
            "re-run the same command once it can be written"
        ) from None


def _system_reason(error: Exception) -> str:
    """The system's words for a failed write: `[Errno 28] No space left on device`, without Beam's
    wrapping of the paths it was given."""
    if isinstance(error, BeamIOError):
        causes = [cause for cause in getattr(error, "exception_details", {}).values() if isinstance(cause, BaseException)]
        if causes:
            return str(causes[0])
    return str(error)


def replace_metadata_files(folder: str, files: Mapping[str, str]) -> None:
    """Writes other tools' metadata, `{name: text}`, each file atomically and in the order given, then
    deletes those of its files that an earlier run left and `files` lacks (the label names of a
    layout that has none now)."""
    for name, text in files.items():
        write_text_atomically(folder, name, text)
    remove_files(folder, [name for name in list_names(folder) if naming.is_metadata_file(name) and name not in files])


def remove_files(folder: str, names: Iterable[str]) -> None:
    """Deletes those of `names` that exist in `folder` (only ever names shardify writes)."""
    paths = [FileSystems.join(folder, name) for name in names]
    existing = [path for path in paths if FileSystems.exists(path)]
    if existing:
        FileSystems.delete(existing)


def remove_stale_files(folder: str, keep: Iterable[str]) -> list[str]:
    """Deletes shard and temporary files of earlier runs that the new manifest does not list (not
    the lock's temporary files: another run may be about to put its lock in place and be refused)."""
    keep = set(keep)
    stale = [
        name
        for name in list_names(folder)
        if name not in keep
        and (naming.is_shard_file(name) or naming.is_gzip_index(name) or naming.is_temp_filename(name))
        and naming.final_filename(name) != naming.LOCK_FILENAME
    ]
    if stale:
        FileSystems.delete([FileSystems.join(folder, name) for name in stale])
    return stale


def check_kept_shards(output: str, shards: Iterable[tuple[str, int]]) -> None:
    """Refuses an append over an OUT whose kept shards (path, bytes, as its manifest lists them) are
    gone or of another size: the new version's manifest lists them again, so an emptied, removed
    or replaced shard was carried on with exit 0 (records lost, or another run's held twice). A
    size is a listing away; `shardify verify` reads every byte against the manifest's digests.

    Raises:
      OutputError: a shard is missing or of another size, named.
    """
    by_folder: dict[str, list[tuple[str, int]]] = {}
    for path, size in shards:
        by_folder.setdefault(posixpath.dirname(path), []).append((path, size))
    for folder, listed in by_folder.items():
        pattern = FileSystems.join(output, folder, "*") if folder else FileSystems.join(output, "*")
        try:
            found = {m.path: m.size_in_bytes for m in FileSystems.match([pattern])[0].metadata_list}
        except (BeamIOError, OSError):
            found = {}
        for path, size in listed:
            have = found.get(FileSystems.join(output, path))
            if have != size:
                state = "is gone" if have is None else f"holds {have:,} bytes"
                raise OutputError(
                    f"--append: {FileSystems.join(output, path)} {state}, where {output}'s manifest lists {size:,}: "
                    "the shards an append keeps must be those the manifest lists (restore it, or convert again "
                    "without --append; `shardify verify` checks every shard)"
                )
