"""Where the PyTorch reader's time goes: `shardify bench OUT --reader torch`, stage by stage.

The pipeline measured is the one a PyTorch training loop builds: `shardify.torch.ShardDataset` with
the user's `ReadOptions` in a `DataLoader` of `workers` worker processes. Each cut runs the same
dataset, reading the same records in the same order through the same workers, with the per-record
work stopped after one stage: the serialized records read from the shards (`read`), parsed and
checked as the reader checks them (`parse`), images decoded (`decode`: torchvision's or Pillow's
decoder, as the reader picks), decoded and fitted as the options ask (`fit`: crops, resizes, flips,
casts), and the whole reader with its batches collated and handed to the training process
(`batch`). Cuts before `batch` hand back one count per batch, so what they time is the workers'
work, not the transfer of tensors; `batch` adds that transfer, as training pays it.

CPU time is the whole process tree's: this process's and its DataLoader workers' (kept between a
warm-up pass and the timed one, as `persistent_workers=True` keeps them, and read from /proc; where
there is no /proc, workers started for each pass and counted once they exit), the steadier figure
on a shared machine. The decode cut is this reader's decode limit on this machine. The
rule naming the bound and the report are `shardify.read.bench_report`'s, as for tf.data.

Imports torch, never TensorFlow: this is the bench a GPU machine without TensorFlow can run, next
to `benchmarks/gpu_train.py`, to check what the report says a host can feed against what trains.
"""

from __future__ import annotations

import copy
import os
import resource
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import torch
import torch.utils.data
from torch.utils.data import get_worker_info

from shardify.read.bench_report import (
    DEFAULT_RECORDS,
    TORCH,
    WARMUP_PASSES,
    BenchReport,
    cores,
    report_of,
    stage_figures,
)
from shardify.read.bench_step import TrainingStep
from shardify.read.options import ReadOptions
from shardify.read.torch import ShardDataset, collate, collate_detection
from shardify.read.torch_records import RecordDecoder

__all__ = ["TORCH_LIFTS", "bench_torch", "cut_names"]

# What lifts each stage of the PyTorch reader when it bounds the pipeline.
TORCH_LIFTS = {
    "read": "reading the shards bounds it: keep them on a local disk (gs:// and s3:// outputs are fetched into "
    "cache_dir: put it on a local SSD), or give the DataLoader more workers",
    "parse": "parsing bounds it: read fewer features (features=[...]) or pairs only (as_supervised=True); records of "
    "many small features parse slowest",
    "decode": "decoding bounds it: store smaller images (shardify convert --resize shorter:256: decoding costs follow "
    "the pixels), decode JPEGs on the GPU (shardify.torch.gpu_loader with nvJPEG, or shardify.dali), install "
    "torchvision beside torch (its libjpeg-turbo decoder is used before Pillow), or give the DataLoader more workers",
    "fit": "cropping and resizing bound it: store images near the training size (shardify convert --resize), so the "
    "resize has fewer pixels to read; crop and resize on the GPU after gpu_loader's decode",
    "batch": "handing batches to the training process bounds it: the stages run faster than the whole loader; "
    "use pin_memory=True, a dtype of fewer bytes (dtype='uint8' with no normalize, or 'float16'), "
    "persistent_workers=True, or more prefetch_factor",
}


class _Cut:
    """A record's work stopped after one stage, in place of the dataset's whole decode: what the
    reader's `RecordDecoder` does up to there, for the same records. Returns 1 (a count)."""

    def __init__(self, decoder: RecordDecoder, stage: str) -> None:
        self._decoder = decoder
        self._stage = stage

    @property
    def random(self) -> bool:
        """As the decoder's: the record's generator is made (and paid for) in every cut alike."""
        return self._decoder.random

    def __call__(self, data: bytes, *, path: str, index: int, rng: Any) -> int:
        if self._stage == "read":
            return 1
        decoder = self._decoder
        if self._stage == "fit":
            decoder(data, path=path, index=index, rng=rng)
            return 1
        decoded, _ = decoder.parse(data, path=path, index=index)  # the checks and conversions of every feature
        if self._stage == "decode":
            decoder.stored_pixels(decoded, path=path, index=index)
        return 1


class _Repeated(torch.utils.data.IterableDataset):
    """`dataset` read over and over (the same epoch's order) until each reader has yielded its
    share of `count` records: a small split timed over as many records as a large one."""

    def __init__(self, dataset: ShardDataset, count: int) -> None:
        self._dataset = dataset
        self._count = count

    def __iter__(self) -> Iterator[Any]:
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info is not None else (0, 1)
        share = self._count // workers + (1 if worker < self._count % workers else 0)
        given = 0
        while given < share:
            before = given
            for item in self._dataset:
                yield item
                given += 1
                if given == share:
                    return
            if given == before:  # this reader's part of the epoch is empty: nothing to repeat
                return


def _count_batch(items: Sequence[int]) -> int:
    return len(items)


def cut_names(dataset: ShardDataset) -> list[str]:
    """The cuts `bench_torch` times for this dataset: no decode or fit where no image is read."""
    reads_images = dataset._source.plan.reads_images  # noqa: SLF001 - the same package's reader
    return ["read", "parse", *(("decode", "fit") if reads_images else ()), "batch"]


def _cut_dataset(dataset: ShardDataset, stage: str) -> ShardDataset:
    """A copy of `dataset` whose records stop after `stage` (the same shards, order and workers)."""
    if stage == "batch":
        return dataset
    cut = copy.copy(dataset)
    source = copy.copy(dataset._source)  # noqa: SLF001
    source.decode = _Cut(dataset._source.decode, stage)  # noqa: SLF001
    cut._source = source  # noqa: SLF001
    return cut


_PROC = Path("/proc")


def _process_cpu(pid: int) -> float:
    """CPU seconds (user + system) process `pid` has used so far, from /proc (Linux)."""
    fields = (_PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14 and 15


def _tree_cpu(loader: torch.utils.data.DataLoader) -> float:
    """CPU seconds of this process and of the loader's workers: the live persistent workers' read
    from /proc, else those of children that have exited and been waited for."""
    iterator = getattr(loader, "_iterator", None)
    workers = getattr(iterator, "_workers", None) or ()
    if loader.persistent_workers and workers:
        return time.process_time() + sum(_process_cpu(worker.pid) for worker in workers)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _time(loader: torch.utils.data.DataLoader) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process tree) to read `loader` to its end."""
    wall, cpu = time.perf_counter(), _tree_cpu(loader)
    for _ in loader:
        pass
    return time.perf_counter() - wall, _tree_cpu(loader) - cpu


def bench_torch(
    path: str,
    split: str = "train",
    *,
    options: ReadOptions | None = None,
    records: int | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    step: TrainingStep | None = None,
) -> BenchReport:
    """Times each cut of the PyTorch reader's pipeline over the same records and names the stage
    that bounds it.

    Args:
      path: a shardify output folder.
      split: the split to read.
      options: how a training run reads it (`ReadOptions`, as ShardDataset takes them: no
        batch_size, which is the DataLoader's).
      records: records per cut (default DEFAULT_RECORDS; a smaller split is repeated).
      workers: the DataLoader's num_workers (default: this host's cores; 0 reads in this process),
        no more than the split's records (the report says how many were used).
      batch_size: the DataLoader's batch_size (None: single records, as a DataLoader without one).
      step: the training step the input must keep up with, if any.

    Raises:
      ManifestError, ReadOptionError: as `shardify.torch.ShardDataset` raises them.
      CorruptShardError: a record the reader would refuse.
    """
    dataset = ShardDataset(path, split, options=options or ReadOptions())
    info = dataset._source.info  # noqa: SLF001
    count = records or DEFAULT_RECORDS
    # (a worker whose part of the split is empty reads none of its share: the cuts would read fewer
    # records than the rates are of, so there are no more workers than records)
    workers = min(cores() if workers is None else workers, len(dataset))
    mean_bytes = info.num_bytes / max(1, info.num_records)
    detection = bool(dataset._source.plan.object_fields)  # noqa: SLF001
    timings = []
    for stage in cut_names(dataset):
        collate_fn = (collate_detection if detection else collate) if stage == "batch" else _count_batch
        # Workers kept between the warm-up and the timed pass (their CPU read from /proc), so that
        # the timed pass pays no process start or import: a training epoch's steady state.
        loader = torch.utils.data.DataLoader(
            _Repeated(_cut_dataset(dataset, stage), count),
            batch_size=batch_size if stage == "batch" else (batch_size or 64),
            num_workers=workers,
            collate_fn=collate_fn if (stage != "batch" or batch_size) else None,
            persistent_workers=workers > 0 and _PROC.is_dir(),
        )
        for _ in range(WARMUP_PASSES):
            _time(loader)
        timings.append((stage, *_time(loader)))
        del loader  # its persistent workers exit
    figures = stage_figures(timings, count, mean_bytes)
    return report_of(path, split, count, mean_bytes, figures, TORCH_LIFTS, step, reader=TORCH, workers=workers)
