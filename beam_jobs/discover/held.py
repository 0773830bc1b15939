"""SkipHeld: in an append, the listed files the output holds already are left out before anything
reads them.

    [Listed] --SkipHeld--> [Listed] (new inputs only)
                      \\--> HELD: how many of a batch are held unchanged; REJECTS: a Reject per changed one

An input is held when an earlier version's inputs file lists its path. It is unchanged when its
size and modification time are those listed (as `git status` and `rsync` decide, without reading
it), or else when its bytes hash to the sha256 listed; otherwise it changed under the same path,
and it is reported as a reject that names the version holding the old content, never appended as
a second record. Only files whose size or time changed are read, and the time is the one the
listing read (`Listed.mtime_ns`), not a second `stat`.

Held inputs leave as one count per batch, not one element each: Beam's cost per element (an output
tagged, counted, sampled for its size) was paid for every file an append leaves alone, so the
append's cost grew with what the output already held. The listing itself makes the same
size-and-time test (`held_unchanged`'s `HeldStamps`, asked inside `list_tree`'s loop), so a held,
unchanged file is only counted there, never yielded, and never reaches SkipHeld, which then sees
the new and changed files only.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.listing import HeldStamps
from shardify.beam_jobs.output.folder import open_output_file
from shardify.errors import InvalidInputError, ManifestError
from shardify.format import naming
from shardify.format.inputs_columns import MAX_FILE_BYTES, HeldColumns, NotUsable, StaleColumns, read_columns
from shardify.format.inputs_file import HeldInput, bounded_lines, checked_inputs, parse_inputs
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import os_name
from shardify.plan.entries import Batch, Reject

__all__ = ["SkipHeld", "HELD", "held_unchanged", "HeldInputs", "load_held", "forget_held", "open_inputs_file"]

_LOG = logging.getLogger("shardify")

HELD = "held"
_STAGE = "append"
# Bytes read at a time while hashing an input whose size or time changed.
_HASH_BLOCK_BYTES = 1 << 20


class HeldInputs:
    """The inputs an output's versions hold, a list per field (row i of each is one input), and
    each path's row: what an append compares the listing with, and finds duplicates among."""

    def __init__(self) -> None:
        self._row: dict[str, int] = {}
        self.paths: list[str] = []
        self.size: list[int] = []
        self.mtime_ns: list[int] = []
        self.sha256: list[str] = []
        self.record_sha256: list[str] = []
        self.split: list[str] = []
        self.version: list[int] = []

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, path: str) -> bool:
        return path in self._row

    def row(self, path: str) -> int | None:
        return self._row.get(path)

    def get(self, path: str) -> HeldInput | None:
        row = self._row.get(path)
        if row is None:
            return None
        return HeldInput.of(
            path, self.size[row], self.mtime_ns[row], self.sha256[row], self.record_sha256[row], self.split[row], self.version[row]
        )

    def content_hashes(self) -> Iterator[tuple[str, str, str]]:
        """(record sha256, split, path) of every held input."""
        return zip(self.record_sha256, self.split, self.paths)

    def add(self, items: Iterable[HeldInput], where: str) -> None:
        """Adds one inputs file's inputs.

        Raises:
          ManifestError: an input is held already (a forged line in place of another's would skip that one).
        """
        for item in items:
            earlier = self._row.setdefault(item.path, len(self.paths))
            if earlier != len(self.paths):  # each input is in one record
                raise ManifestError(
                    f"{where} lists {ascii(item.path[:80])} twice (version {self.version[earlier]}'s inputs file lists it already): "
                    "each input is in one record; the inputs file was altered; convert again without --append"
                )
            self.paths.append(item.path)
            self.size.append(item.size)
            self.mtime_ns.append(item.mtime_ns)
            self.sha256.append(item.sha256)
            self.record_sha256.append(item.record_sha256)
            self.split.append(item.split)
            self.version.append(item.version)

    def add_columns(self, columns: HeldColumns, version: int) -> bool:
        """Adds one version's inputs from their columns; False (nothing added) where a path is
        held already or twice: the inputs file is read instead, and says which."""
        paths = columns.paths
        if len(set(paths)) != len(paths) or any(path in self._row for path in paths):
            return False
        first = len(self.paths)
        self._row.update(zip(paths, range(first, first + len(paths))))
        self.paths += paths
        self.size += columns.size
        self.mtime_ns += columns.mtime_ns
        for blob, field in ((columns.sha256, self.sha256), (columns.record_sha256, self.record_sha256)):
            field += [blob[i : i + 64] for i in range(0, len(blob), 64)]
        self.split += columns.split
        self.version += [version] * len(paths)
        return True


# The last inputs files read in this process, what they held and the counts they were checked
# against (None: none): the layout's reuse (`held_layout`), `append_plan`, SkipHeld and the
# duplicates' step of one in-process append read the same files (keyed by their sizes and times too).
_LAST_READ: list[tuple[tuple, HeldInputs, dict | None]] = []


def _stamp(output: str, name: str) -> tuple[int, float]:
    metadata = FileSystems.match([FileSystems.join(output, name)])[0].metadata_list[0]
    return metadata.size_in_bytes, metadata.last_updated_in_seconds


def load_held(
    output: str, names: Sequence[str], per_version: Mapping[tuple[int, str], int] | None = None
) -> HeldInputs:
    """The inputs every inputs file in `names` lists (from its columns where they can stand for it).

    Args:
      per_version: the records each version's shards hold (`inputs_file.records_per_version`): each
        file is checked against them as it is read (`inputs_file.checked_inputs`), in the one pass.

    Raises:
      ManifestError: an inputs file is not one (see `inputs_file.parse_inputs`, `checked_inputs`),
        or the files name one input twice (a forged line in place of another's would skip that one).
    """
    key = (output, tuple(names), tuple(_stamp(output, name) for name in names))
    checked = None if per_version is None else dict(per_version)
    if _LAST_READ and _LAST_READ[0][0] == key and checked in (None, _LAST_READ[0][2]):  # (read with the same checks)
        return _LAST_READ[0][1]
    held = _read_held(output, names, per_version)
    _LAST_READ[:] = [(key, held, checked)]
    return held


def open_inputs_file(path: str):  # noqa: ANN201 - a binary file
    """An inputs file of OUT, opened as OUT's files are (`open_output_file`: a pipe in its place
    made `--append` wait forever).

    Raises:
      ManifestError: it is a pipe, a link or no regular file.
    """
    try:
        return open_output_file(path)
    except InvalidInputError as error:
        raise ManifestError(
            f"{path} is {error.reason}, not the inputs file a run wrote: convert again without --append"
        ) from None


def forget_held() -> None:
    """Drops the inputs `load_held` keeps (once a run in this process is over)."""
    _LAST_READ.clear()


def _read_held(output: str, names: Sequence[str], per_version: Mapping[tuple[int, str], int] | None) -> HeldInputs:
    held = HeldInputs()
    for name in names:
        version = int(name.split("-v", 1)[1].split(".", 1)[0])
        path = FileSystems.join(output, name)
        columns = _columns(output, version, path, per_version)
        if columns is not None and held.add_columns(columns, version):
            continue
        with open_inputs_file(path) as f:
            held.add(parse_inputs(bounded_lines(f), path, version) if per_version is None else checked_inputs(f, path, version, per_version), path)
    return held


def _columns(output: str, version: int, path: str, per_version: Mapping[tuple[int, str], int] | None) -> HeldColumns | None:
    """Version `version`'s inputs from its columns file, or None: there is none (an output written
    before they were kept), it is of another inputs list (the list at `path` was edited since: the
    list's own checks speak), or it is damaged (said in one line). The inputs list is then read."""
    name = naming.inputs_columns_filename(version)
    columns_path = FileSystems.join(output, name)
    if per_version is not None and any(v == 0 and n for (v, _), n in per_version.items()):
        return None  # the inputs file's checks say what is wrong
    expected = None if per_version is None else {split: n for (v, split), n in per_version.items() if v == version}
    try:
        if not FileSystems.exists(columns_path):
            return None
        with open_output_file(columns_path) as f:  # never a pipe or a link put in its place
            content = f.read(MAX_FILE_BYTES + 1)
    except Exception as error:  # noqa: BLE001 - unreadable: the inputs file decides
        _LOG.warning("ignoring %s (unreadable: %s): the inputs are read from %s", columns_path, error, path)
        return None
    digest = hashlib.sha256()  # the inputs file's own read errors are its reader's to say, as before
    with open_inputs_file(path) as f:
        for block in iter(lambda: f.read(_HASH_BLOCK_BYTES), b""):
            digest.update(block)
    try:
        return read_columns(content, digest.hexdigest(), expected)
    except StaleColumns as why:
        _LOG.info("not using %s (%s): the inputs are read from %s", columns_path, why, path)
    except NotUsable as why:
        _LOG.warning("ignoring %s (%s): the inputs are read from %s", columns_path, why, path)
    return None


def held_unchanged(output: str, inputs_files: Sequence[str]) -> HeldStamps | None:
    """A test of a listed file (`HeldStamps`, which `list_tree` also asks itself): True when an
    earlier version holds it with the size and modification time the listing read (SkipHeld would
    count it held without reading it); None without inputs files. The listing asks it first, so
    that a file the output holds as it is costs its `stat`, one look-up and a count, not the
    layout's questions (junk, archive, label file, auxiliary: asked of it when it was added) nor a
    place in a batch. Whatever it does not settle goes to SkipHeld as before."""
    if not inputs_files:
        return None
    held = load_held(output, inputs_files)
    # Each held input as the listing gives a file it holds unchanged (a Listed is a tuple: path, size,
    # no archive member, time), so that the test is one look-up and one comparison of tuples made in
    # C (~0.15 µs against ~1.7 µs asking the row, then each field: 31,680 held files in an append).
    # A time the inputs list does not know (-1) is left out: such a file is SkipHeld's to compare.
    return HeldStamps(
        {path: (path, size, None, mtime_ns) for path, size, mtime_ns in zip(held.paths, held.size, held.mtime_ns) if mtime_ns >= 0}
    )


class _SkipHeldFn(beam.DoFn):
    def __init__(self, source: str, output: str, inputs_files: Sequence[str]) -> None:
        self._source = source
        self._output = output
        self._inputs_files = tuple(inputs_files)
        self._held: HeldInputs | None = None

    def setup(self) -> None:
        self._held = load_held(self._output, self._inputs_files)

    def _sha256(self, relpath: str) -> str:
        digest = hashlib.sha256()
        path = os.path.join(self._source, os_name(relpath))
        with open_local_input(path, real_root=os.path.realpath(self._source)) as f:
            for block in iter(lambda: f.read(_HASH_BLOCK_BYTES), b""):
                digest.update(block)
        return digest.hexdigest()

    def _mtime_ns(self, item: Listed) -> int:
        if item.mtime_ns >= 0:  # as the listing read it
            return item.mtime_ns
        relpath = item.relpath
        try:
            return os.stat(os.path.join(self._source, os_name(relpath))).st_mtime_ns
        except (OSError, ValueError):
            return -1

    def process(self, listed: list[Listed]) -> Iterator:
        holding = self._held if self._held is not None else load_held(self._output, self._inputs_files)
        self._held = holding
        new = Batch()
        unchanged = 0
        for item in listed:
            row = holding.row(item.relpath)
            if row is None:
                new.append(item)
                continue
            if item.size == holding.size[row] and self._mtime_ns(item) == holding.mtime_ns[row]:
                unchanged += 1
                continue
            held = holding.get(item.relpath)
            try:
                sha256 = self._sha256(item.relpath)
            except Exception as error:  # noqa: BLE001 - unreadable now: say so, as listing would
                reason = f"cannot be read to compare with version {held.version}: {error}"
                yield beam.pvalue.TaggedOutput("rejects", Reject(item.relpath, _STAGE, reason))
                continue
            if sha256 == held.sha256:
                unchanged += 1
                continue
            reason = (
                f"changed since version {held.version} added it (sha256 {held.sha256[:12]}… then, {sha256[:12]}… now): "
                "not appended; convert again without --append to take the new content"
            )
            yield beam.pvalue.TaggedOutput("rejects", Reject(item.relpath, _STAGE, reason))
        if unchanged:
            yield beam.pvalue.TaggedOutput(HELD, unchanged)
        if new:
            yield new


class SkipHeld(beam.PTransform):
    """[Listed] batches -> {"main": [Listed] batches of new inputs, HELD: how many inputs of a batch are held,
    "rejects": Reject per input changed since the version that holds it}."""

    def __init__(self, source: str, output: str, inputs_files: Sequence[str]) -> None:
        super().__init__()
        self._fn = _SkipHeldFn(source, output, inputs_files)

    def expand(self, listed: beam.PCollection) -> beam.pvalue.DoOutputsTuple:
        return listed | "CompareWithHeld" >> beam.ParDo(self._fn).with_outputs(HELD, "rejects", main="main")
