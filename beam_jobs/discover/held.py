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
append's cost grew with what the output already held.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.output.folder import open_output_file
from shardify.errors import InvalidInputError, ManifestError
from shardify.format.inputs_file import HeldInput, bounded_lines, checked_inputs, parse_inputs
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import os_name
from shardify.plan.entries import Batch, Reject

__all__ = ["SkipHeld", "HELD", "load_held", "forget_held", "open_inputs_file"]

HELD = "held"
_STAGE = "append"
# Bytes read at a time while hashing an input whose size or time changed.
_HASH_BLOCK_BYTES = 1 << 20


# The last inputs files read in this process, and what they held: SkipHeld and the duplicates'
# step of one in-process append read the same files (keyed by their sizes and times too).
_LAST_READ: list[tuple[tuple, dict[str, HeldInput]]] = []


def _stamp(output: str, name: str) -> tuple[int, float]:
    metadata = FileSystems.match([FileSystems.join(output, name)])[0].metadata_list[0]
    return metadata.size_in_bytes, metadata.last_updated_in_seconds


def load_held(
    output: str, names: Sequence[str], per_version: Mapping[tuple[int, str], int] | None = None
) -> dict[str, HeldInput]:
    """path -> HeldInput over every inputs file in `names`.

    Args:
      per_version: the records each version's shards hold (`inputs_file.records_per_version`): each
        file is checked against them as it is read (`inputs_file.checked_inputs`), in the one pass.

    Raises:
      ManifestError: an inputs file is not one (see `inputs_file.parse_inputs`, `checked_inputs`),
        or the files name one input twice (a forged line in place of another's would skip that one).
    """
    key = (output, tuple(names), tuple(_stamp(output, name) for name in names))
    if _LAST_READ and _LAST_READ[0][0] == key and per_version is None:
        return _LAST_READ[0][1]
    held = _read_held(output, names, per_version)
    _LAST_READ[:] = [(key, held)]
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


def _read_held(output: str, names: Sequence[str], per_version: Mapping[tuple[int, str], int] | None) -> dict[str, HeldInput]:
    held: dict[str, HeldInput] = {}
    for name in names:
        version = int(name.split("-v", 1)[1].split(".", 1)[0])
        path = FileSystems.join(output, name)
        with open_inputs_file(path) as f:
            items = parse_inputs(bounded_lines(f), path, version) if per_version is None else checked_inputs(f, path, version, per_version)
            for item in items:
                earlier = held.setdefault(item.path, item)
                if earlier is not item:  # each input is in one record: a forged line would skip another
                    raise ManifestError(
                        f"{path} lists {ascii(item.path[:80])} twice (version {earlier.version}'s inputs file lists it already): "
                        "each input is in one record; the inputs file was altered; convert again without --append"
                    )
    return held


class _SkipHeldFn(beam.DoFn):
    def __init__(self, source: str, output: str, inputs_files: Sequence[str]) -> None:
        self._source = source
        self._output = output
        self._inputs_files = tuple(inputs_files)
        self._held: dict[str, HeldInput] | None = None

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
            held = holding.get(item.relpath)
            if held is None:
                new.append(item)
                continue
            if item.size == held.size and self._mtime_ns(item) == held.mtime_ns:
                unchanged += 1
                continue
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
