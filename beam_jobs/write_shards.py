"""WriteShards: one worker per shard streams its files into its own TFRecord file.

File bytes are read here and nowhere else, one file at a time, so memory stays flat however large
the dataset. The shard is written under a temporary name and renamed when complete.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterator

import apache_beam as beam
from apache_beam.io.filesystem import CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify import naming
from shardify.beam_jobs.filesystem import read_input
from shardify.converters import images
from shardify.entries import Entry, PlanSummary, Reject, ShardResult, ShardTask
from shardify.errors import InvalidInputError
from shardify.paths import join_path
from shardify.tfrecord import TFRecordWriter

__all__ = ["WriteShards"]

_COUNTER_NAMESPACE = "shardify"


def _encode(entry: Entry, data: bytes, label_index: dict[str, int]) -> bytes:
    if len(data) != entry.size_bytes:
        raise InvalidInputError(
            f"file changed since it was discovered ({entry.size_bytes} -> {len(data)} bytes)"
        )
    info = images.ImageInfo(entry.image_format, entry.height, entry.width, entry.channels)
    return images.image_record(
        data, info=info, filename=entry.relpath, label=label_index[entry.label], label_text=entry.label
    )


class _WriteShardFn(beam.DoFn):
    """ShardTask -> ShardResult, writing the shard file as a side effect."""

    def __init__(self, source: str, output: str) -> None:
        self._source = source
        self._output = output
        self._records = beam.metrics.Metrics.counter(_COUNTER_NAMESPACE, "records_written")
        self._bytes = beam.metrics.Metrics.counter(_COUNTER_NAMESPACE, "bytes_written")
        self._rejected = beam.metrics.Metrics.counter(_COUNTER_NAMESPACE, "inputs_rejected")

    def process(self, task: ShardTask, summary: PlanSummary) -> Iterator[ShardResult]:
        label_index = {name: index for index, name in enumerate(summary.labels)}
        final_name = naming.shard_filename(task.split, task.index, task.num_shards)
        temp_path = FileSystems.join(self._output, naming.temp_filename(final_name, uuid.uuid4().hex[:12]))
        rejects: list[Reject] = []
        label_counts: Counter[str] = Counter()
        with FileSystems.create(temp_path, compression_type=CompressionTypes.UNCOMPRESSED) as out:
            writer = TFRecordWriter(out)
            for entry in task.entries:
                try:
                    record = _encode(entry, read_input(join_path(self._source, entry.relpath)), label_index)
                except InvalidInputError as error:
                    rejects.append(Reject(entry.relpath, "write", error.reason))
                    continue
                except OSError as error:
                    rejects.append(Reject(entry.relpath, "write", f"cannot read: {error}"))
                    continue
                writer.write(record)
                label_counts[entry.label] += 1
        # Only a complete file ever carries the final name.
        FileSystems.rename([temp_path], [FileSystems.join(self._output, final_name)])
        self._records.inc(writer.num_records)
        self._bytes.inc(writer.num_bytes)
        self._rejected.inc(len(rejects))
        yield ShardResult(
            split=task.split,
            index=task.index,
            num_shards=task.num_shards,
            path=final_name,
            num_records=writer.num_records,
            num_bytes=writer.num_bytes,
            sha256=writer.sha256,
            label_counts=dict(sorted(label_counts.items())),
            rejects=tuple(rejects),
        )


class WriteShards(beam.PTransform):
    """ShardTask -> ShardResult; `summary` is the plan's singleton PlanSummary."""

    def __init__(self, source: str, output: str, summary: beam.PCollection) -> None:
        super().__init__()
        self._source = source
        self._output = output
        self._summary = summary

    def expand(self, tasks: beam.PCollection) -> beam.PCollection:
        return (
            tasks
            # One task per shard, spread so that shards are written in parallel.
            | "SpreadShards" >> beam.Reshuffle()
            | "WriteShardFiles"
            >> beam.ParDo(
                _WriteShardFn(self._source, self._output), beam.pvalue.AsSingleton(self._summary)
            )
        )
