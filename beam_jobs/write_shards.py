"""WriteShards: one worker per shard streams its inputs into its own TFRecord file.

File bytes (and table rows) are read here and nowhere else, one input at a time, so memory stays flat however large
the dataset. The shard is written under a temporary name and renamed when complete.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import BinaryIO

import apache_beam as beam
from apache_beam.io.filesystem import BeamIOError, CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs import counters
from shardify.beam_jobs.coders import typed
from shardify.beam_jobs.find_duplicates import ContentHashes
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.beam_jobs.output import resume
from shardify.config import ConvertConfig
from shardify.converters.records import RecordBuilder
from shardify.errors import InvalidInputError, OutputError, reject_reason
from shardify.format import naming
from shardify.format.inputs_file import HeldInput
from shardify.format.tfrecord import TFRecordWriter
from shardify.inputs.paths import is_local_path, os_name
from shardify.plan import shard_math as planning
from shardify.plan.batches import Packed
from shardify.plan.entries import Entry, Reject, Repair
from shardify.plan.shard_plans import PlanSummary, ShardResult, ShardTask
from shardify.plan.text_joins import TextJoin

__all__ = ["WriteShards", "RESULTS", "CONTENT_HASHES"]

RESULTS, CONTENT_HASHES = "results", "content_hashes"
# Inputs the kernel is asked to read ahead of the one being written (posix_fadvise WILLNEED): on a
# cold disk the reads overlap the checking and encoding; ~2 MB for photo-sized JPEGs.
READ_AHEAD_FILES = 32
# Inputs smaller than this are not read ahead: one read fetches them and the kernel's own read-ahead
# covers the rest, while the advice costs ~30 µs a file on a warm cache (1.6 s of 50,000 texts).
READ_AHEAD_MIN_BYTES = 32 << 10


class _WriteShardFn(beam.DoFn):
    """ShardTask -> ShardResult, writing the shard file and its result file (with its inputs, see
    output/resume.py) as a side effect; the content hash of every record written goes to CONTENT_HASHES."""

    def __init__(
        self, config: ConvertConfig, labels_file: str | tuple[tuple[str, str], ...], first_record: int = 0,
        line_files: tuple[str, ...] = (), labelled_by_lines: tuple[str, ...] = (), text_joins: tuple[TextJoin, ...] = (),
        masks_indexed: bool = False,
    ) -> None:
        self._masks_indexed = masks_indexed  # SourceLayout.masks_indexed: a mask in colour is a photo, its image's reject
        self._text_joins = text_joins
        self._first_record = first_record
        self._line_files = line_files
        self._labelled_by_lines = labelled_by_lines
        self._source = config.source
        self._local = is_local_path(config.source)
        self._open = InputOpener(
            config.source, follow_outside_links=config.follow_outside_links, index_folder=config.output
        )
        self._output = config.output
        self._table_options = config.table_options
        self._encoding = config.encoding
        self._labels_file = labels_file
        self._validate = config.validate
        self._apply_orientation = config.apply_exif_orientation
        self._resize = config.resize
        self._store_pixels = config.store_pixels
        self._raw_arrays = config.layout_given.raw_arrays if config.layout_given is not None else ()  # a layout file's
        self._drop_outside = config.boxes_outside == "drop"
        self._records = counters.counter(counters.RECORDS_WRITTEN)
        self._bytes = counters.counter(counters.BYTES_WRITTEN)
        self._rejected = counters.counter(counters.INPUTS_REJECTED)
        self._reencoded = counters.counter(counters.IMAGES_REENCODED)
        self._kept = counters.counter(counters.SHARDS_KEPT)
        self._rewritten = counters.counter(counters.SHARDS_REWRITTEN)
        self._options = config.manifest_options()
        self._run_key: tuple[PlanSummary, str] | None = None

    def teardown(self) -> None:
        self._open.close()

    def process(self, task: ShardTask, summary: PlanSummary) -> Iterator:
        if self._run_key is None or self._run_key[0] is not summary:
            self._run_key = (summary, resume.run_key(self._options, summary))
        shard_fingerprint = resume.fingerprint(task, self._run_key[1])
        kept, earlier = resume.kept_shard(self._output, task, shard_fingerprint)
        if kept is not None:  # written whole by an interrupted run of the same plan
            self._kept.inc()
            result, contents = kept.result, ContentHashes()
            for sha256, record_id in kept.content_hashes:
                contents.add(sha256, task.split, record_id)
        else:
            self._rewritten.inc(earlier)
            if earlier:
                resume.forget_shard(self._output, task)
            result, contents, index_bytes, held = self._write(task, summary)
            # The shard's inputs go into its result file, where the manifest step reads them.
            resume.record_shard(self._output, result, contents.pairs(task.split), shard_fingerprint, index_bytes, held)
        self._records.inc(result.num_records)
        self._bytes.inc(result.num_bytes)
        self._rejected.inc(len(result.rejects))
        self._reencoded.inc(sum(repair.reencoded for repair in result.repairs))
        for bucket, batch in contents.by_bucket():
            yield beam.pvalue.TaggedOutput(CONTENT_HASHES, (bucket, batch))
        yield result

    def _mtime_ns(self, entry: Entry) -> int:
        """The input file's modification time (0 where it has none of its own: archive members,
        rows, remote files), which an append compares before hashing the file again."""
        if entry.location is not None or not self._local:
            return 0
        try:
            return os.stat(os.path.join(self._source, os_name(entry.relpath))).st_mtime_ns
        except (OSError, ValueError):
            return 0

    def _read_ahead(self, entry: Entry) -> None:
        if entry.size_bytes >= READ_AHEAD_MIN_BYTES:
            self._open.read_ahead(entry.relpath, entry.location)

    def _write(self, task: ShardTask, summary: PlanSummary) -> tuple[ShardResult, ContentHashes, int, list[HeldInput]]:
        """Writes the shard and its index under temporary names, then gives them their names:
        (what it produced, its records' content hashes, the index's size, its inputs as the
        version's inputs file lists them)."""
        builder = RecordBuilder(
            summary,
            self._open,
            table_options=self._table_options,
            encoding=self._encoding,
            labels_file=self._labels_file,
            validate=self._validate,
            apply_orientation=self._apply_orientation,
            drop_outside=self._drop_outside,
            resize=self._resize,
            store_pixels=self._store_pixels,
            raw_arrays=self._raw_arrays,
            line_files=self._line_files,
            labelled_by_lines=self._labelled_by_lines,
            text_joins=self._text_joins,
            masks_indexed=self._masks_indexed,
        )
        final_name = task.filename
        index_name = naming.index_filename(final_name)
        token = uuid.uuid4().hex[:12]
        temp_path = FileSystems.join(self._output, naming.temp_filename(final_name, token))
        temp_index = FileSystems.join(self._output, naming.temp_filename(index_name, token))
        rejects: list[Reject] = []
        repairs: list[Repair] = []
        label_counts: Counter[str] = Counter()
        object_counts: Counter[str] = Counter()
        unlabelled = unmasked = input_bytes = resized = 0
        segmentation = summary.objects.segmentation  # a record without its mask: a split the source gives none
        contents = ContentHashes()
        held: list[HeldInput] = []
        first_number = self._first_record + planning.first_record_number(
            {name: (plan.num_records, plan.num_shards) for name, plan in summary.splits.items()}, task.split, task.index
        )
        try:
            with contextlib.closing(builder), _create(temp_path) as out, _create(temp_index) as index:
                writer = TFRecordWriter(out, index)
                builder.prepare(task.entries)
                for ahead in task.entries[:READ_AHEAD_FILES]:
                    self._read_ahead(ahead)
                for number, entry in enumerate(task.entries, start=first_number):
                    if number - first_number + READ_AHEAD_FILES < len(task.entries):
                        self._read_ahead(task.entries[number - first_number + READ_AHEAD_FILES])
                    try:
                        built = builder.build(entry, number=number)
                    except (InvalidInputError, OSError) as error:
                        rejects.append(Reject(entry.reported_at[0], "write", reject_reason(error), entry.reported_at[1]))
                        continue
                    except MemoryError:
                        raise
                    except Exception as error:  # noqa: BLE001 - a decoder's bug on one input costs that input, not the run
                        reason = f"unexpected {type(error).__name__} while reading it: {error} (please report this)"
                        rejects.append(Reject(entry.reported_at[0], "write", reason, entry.reported_at[1]))
                        continue
                    writer.write(built.data)
                    if built.repair:
                        repairs.append(built.repair)
                    for label in built.labels:  # Counter.update's own checks cost more than counting one or two
                        label_counts[label] += 1
                    if built.objects:
                        object_counts.update(built.objects)
                    unlabelled += built.unlabelled
                    unmasked += segmentation and not entry.mask_file
                    input_bytes += entry.size_bytes
                    resized += built.resized
                    record_id = entry.record_id  # one string for both (the property builds a new one each time)
                    contents.add(built.content_sha256, task.split, record_id)
                    held.append(
                        HeldInput.of(
                            record_id,
                            entry.size_bytes,
                            # as the file was read; a row's or an array's from its file
                            (built.mtime_ns if self._local else 0) if built.mtime_ns is not None else self._mtime_ns(entry),
                            built.input_sha256,
                            built.content_sha256,
                            task.split,
                            task.version,
                        )
                    )
            # Only a complete file ever carries the final name; a shard's index is in place first.
            FileSystems.rename([temp_index], [FileSystems.join(self._output, index_name)])
            FileSystems.rename([temp_path], [FileSystems.join(self._output, final_name)])
        except (OSError, BeamIOError) as error:  # reading errors became rejects above: this is the output
            raise OutputError(
                f"cannot write {temp_path}: {error} (disk full or not writable?); no manifest was written, "
                "re-run the same command once it can be written"
            ) from None
        result = ShardResult(
            split=task.split,
            index=task.index,
            num_shards=task.num_shards,
            path=final_name,
            index_path=index_name,
            num_records=writer.num_records,
            num_bytes=writer.num_bytes,
            sha256=writer.sha256,
            label_counts=dict(sorted(label_counts.items())),
            rejects=tuple(rejects),
            repairs=tuple(repairs),
            num_unlabelled=unlabelled,
            num_unmasked=unmasked,
            object_counts=dict(sorted(object_counts.items())),
            input_bytes=input_bytes,
            num_resized=resized,
        )
        return result, contents, writer.index_bytes, held


def _create(path: str) -> BinaryIO:
    return FileSystems.create(path, compression_type=CompressionTypes.UNCOMPRESSED)


class WriteShards(beam.PTransform):
    """ShardTask -> {RESULTS: ShardResult per shard, CONTENT_HASHES: (bucket, Packed [(sha256, split,
    record id)]) for FindDuplicates}; `summary` is the plan's
    singleton PlanSummary; `first_record` numbers the first record (an append goes on after the
    versions before it)."""

    def __init__(
        self,
        config: ConvertConfig,
        labels_file: str | tuple[tuple[str, str], ...],
        summary: beam.PCollection,
        *,
        spread: bool = True,
        first_record: int = 0,
        line_files: tuple[str, ...] = (),
        labelled_by_lines: tuple[str, ...] = (),
        text_joins: tuple[TextJoin, ...] = (),
        masks_indexed: bool = False,
    ) -> None:
        super().__init__()
        self._masks_indexed = masks_indexed  # the masks detection opened are one channel or a palette (SourceLayout.masks_indexed)
        self._text_joins = text_joins  # tables whose rows take a texts table's text by key (SourceLayout.text_joins)
        self._line_files = line_files  # files read a record per line (shardify.plan.line_files)
        self._labelled_by_lines = labelled_by_lines  # tables whose rows a gold file's lines label (SourceLayout.row_labels)
        self._first_record = first_record
        self._config = config
        self._labels_file = labels_file
        self._summary = summary
        self._spread = spread

    def expand(self, tasks: beam.PCollection) -> dict[str, beam.PCollection]:
        if self._spread:  # one task per shard, spread so that shards are written in parallel
            # packed across the shuffle: the launcher holds its bytes, not its entries (batches.Packed)
            packed = typed(tasks | "PackShards" >> beam.Map(Packed.of), Packed)
            tasks = typed(packed | "SpreadShards" >> beam.Reshuffle() | "UnpackShards" >> beam.Map(Packed.unpacked), ShardTask)
        written = (
            tasks
            | "WriteShardFiles"
            >> beam.ParDo(
                _WriteShardFn(self._config, self._labels_file, self._first_record, self._line_files, self._labelled_by_lines,
                              self._text_joins, self._masks_indexed),
                beam.pvalue.AsSingleton(self._summary),
            ).with_outputs(CONTENT_HASHES, main=RESULTS)
        )
        return {RESULTS: written[RESULTS], CONTENT_HASHES: written[CONTENT_HASHES]}
