"""Discover: list the source inside the pipeline and probe each file's header.

Only metadata leaves this stage: an `Entry` per usable file, a `Reject` per unusable one, and the
relative path of every junk file skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify import layout, planning
from shardify.beam_jobs.filesystem import open_input
from shardify.converters import images
from shardify.defaults import DEFAULT_MAX_PIXELS
from shardify.entries import Entry, Reject
from shardify.errors import InvalidInputError
from shardify.paths import is_local_path, join_path

__all__ = ["Discover", "ENTRIES", "REJECTS", "SKIPPED", "list_tree"]

ENTRIES, REJECTS, SKIPPED = "entries", "rejects", "skipped"
_COUNTER_NAMESPACE = "shardify"


def list_tree(root: str) -> Iterator[tuple[str, int] | Reject]:
    """(relpath, size) of every file under `root`, or a Reject for what cannot be listed.

    Locally this walks the tree itself rather than using Beam's match, which silently drops files
    whose size cannot be read (dangling symlinks); elsewhere it uses Beam's file systems.
    """
    if not is_local_path(root):
        prefix = root.rstrip("/") + "/"
        for result in FileSystems.match([prefix + "**"]):
            for meta in result.metadata_list:
                yield meta.path[len(prefix) :], meta.size_in_bytes
        return
    real_root = os.path.realpath(root)
    folders = [(root, "")]
    while folders:
        folder, rel_dir = folders.pop()
        with os.scandir(folder) as scan:
            children = sorted(scan, key=lambda entry: entry.name)
        for entry in children:
            relpath = rel_dir + entry.name
            if entry.is_dir(follow_symlinks=False):
                folders.append((entry.path, relpath + "/"))
                continue
            if entry.is_symlink():
                # Only links can lead out of the source: os.scandir never follows folder links.
                reject = _check_link(entry.path, real_root)
                if reject:
                    yield Reject(relpath, "discover", reject)
                    continue
            try:
                size = entry.stat().st_size
            except OSError as error:
                yield Reject(relpath, "discover", f"cannot stat: {error.strerror}")
                continue
            yield relpath, size


def _check_link(path: str, real_root: str) -> str | None:
    """Why a symlink cannot be an input, or None when it leads to a file inside the source."""
    if not os.path.exists(path):
        return "dangling symlink (or a symlink loop)"
    if os.path.isdir(path):
        return "symlink to a folder: not followed"
    real = os.path.realpath(path)
    if os.path.commonpath([real_root, real]) != real_root:
        return "symlink leads outside the source folder"
    return None


class _ListFiles(beam.DoFn):
    """Walks the source tree; junk is tagged SKIPPED, unlistable files REJECTS."""

    def process(self, root: str) -> Iterator:
        for item in list_tree(root):
            if isinstance(item, Reject):
                yield beam.pvalue.TaggedOutput(REJECTS, item)
            elif layout.is_junk(item[0]):
                yield beam.pvalue.TaggedOutput(SKIPPED, item[0])
            else:
                yield item


class _ProbeFile(beam.DoFn):
    """Reads each file's header: (relpath, size) -> Entry, or a Reject with the reason."""

    def __init__(self, root: str, seed: int, max_pixels: int) -> None:
        self._root = root
        self._seed = seed
        self._max_pixels = max_pixels
        self._probed = beam.metrics.Metrics.counter(_COUNTER_NAMESPACE, "inputs_probed")
        self._rejected = beam.metrics.Metrics.counter(_COUNTER_NAMESPACE, "inputs_rejected")

    def process(self, item: tuple[str, int]) -> Iterator:
        relpath, size_bytes = item
        self._probed.inc()
        label = layout.label_of(relpath)
        try:
            if label is None:
                raise InvalidInputError("not inside a class folder (expected SRC/<label>/...)")
            with open_input(join_path(self._root, relpath)) as fileobj:
                info = images.probe_image(fileobj, max_pixels=self._max_pixels)
        except InvalidInputError as error:
            self._rejected.inc()
            yield beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, "probe", error.reason))
            return
        except OSError as error:
            self._rejected.inc()
            yield beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, "probe", f"cannot read: {error}"))
            return
        yield Entry(
            relpath=relpath,
            size_bytes=size_bytes,
            label=label,
            split="train",
            sort_key=planning.sort_key(self._seed, relpath),
            image_format=info.image_format,
            height=info.height,
            width=info.width,
            channels=info.channels,
        )


class Discover(beam.PTransform):
    """Lists `root` and probes every file. Returns a DoOutputsTuple: entries, rejects, skipped."""

    def __init__(self, root: str, *, seed: int, max_pixels: int = DEFAULT_MAX_PIXELS) -> None:
        super().__init__()
        self._root = root
        self._seed = seed
        self._max_pixels = max_pixels

    def expand(self, pbegin: beam.pvalue.PBegin) -> beam.pvalue.DoOutputsTuple:
        listed = (
            pbegin
            | "Root" >> beam.Create([self._root])
            | "ListFiles" >> beam.ParDo(_ListFiles()).with_outputs(REJECTS, SKIPPED, main=ENTRIES)
        )
        # (relpath, size_bytes): spread over workers so that probing runs in parallel.
        probed = (
            listed[ENTRIES]
            | "SpreadFiles" >> beam.Reshuffle()
            | "ProbeHeaders"
            >> beam.ParDo(_ProbeFile(self._root, self._seed, self._max_pixels)).with_outputs(
                REJECTS, main=ENTRIES
            )
        )
        rejects = (listed[REJECTS], probed[REJECTS]) | "MergeRejects" >> beam.Flatten()
        return {ENTRIES: probed[ENTRIES], REJECTS: rejects, SKIPPED: listed[SKIPPED]}
