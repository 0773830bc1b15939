"""Reading shardify output in PyTorch, from the manifest alone and without TensorFlow.

    ds = shardify.torch.ShardDataset("out/", split="train", image_size=(224, 224), as_supervised=True)
    loader = torch.utils.data.DataLoader(ds, batch_size=64, num_workers=2, collate_fn=shardify.torch.collate)

`ShardDataset` (an `IterableDataset`) streams shards, local or fetched from gs:// and s3:// into
a bounded local cache (`shardify.read.shard_cache`). `IndexedDataset` (map-style) seeks to any
record of a local output through the shards' index files, for samplers.

Both take their options as `shardify.load` does, as one `ReadOptions` or its fields as keywords
(checked in `shardify.read.options`, and giving the same features under the same names), and
refuse the tf.data-only ones (saying what to use instead: `batch_size` is the DataLoader's).

`ShardDataset` reads one epoch order, a function of the seed and the epoch alone
(`shardify.read.epoch_order`): each rank a contiguous part of it, each of the rank's DataLoader
workers a contiguous part of the rank's, so every record is read exactly once per epoch across
`world_size x num_workers` readers, and a reader's state (`shardify.read.reader_state`), merged
with the others', resumes with any other numbers of ranks and workers. Why not `load`'s rule
(every n-th shard per reader, each through its own buffer): there the order depends on the
number of readers, so a checkpoint could not be carried to another number.

Randomness comes from the seed and the epoch (`set_epoch`, as with `DistributedSampler`): the
order, and each record's crop and flip (drawn from the record's own place in its shard, so a
record gets the same crop whatever the number of readers).
"""

from __future__ import annotations

import bisect
import multiprocessing
import multiprocessing.context
import os
import random
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, BinaryIO

import torch
import torch.utils.data
from torch.utils.data import get_worker_info
from torch.utils.data._utils.collate import default_collate

from shardify.errors import CorruptShardError, ManifestError, ReadOptionError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest
from shardify.format.shard_index import check_shard_file, open_shard_file, record_frames
from shardify.format.tfrecord import record_from_frame
from shardify.inputs.paths import is_local_path, join_path
from shardify.read.epoch_order import EpochOrder, Spans, consume_spans, count_spans, split_spans, window_records
from shardify.read.options import (
    INDEXED_DATASET,
    OBJECTS,
    SHARD_DATASET,
    ReadOptions,
    ReadPlan,
    plan_read,
    reader_options,
    shuffle_buffer_records,
)
from shardify.read.reader_state import STATE_FORMAT, as_spans, check_format, merge_states, reader_part
from shardify.read.shard_cache import ShardCache, is_store_path, read_store_text
from shardify.read.shard_reading import cached_shards, read_spans
from shardify.read.torch_records import RecordDecoder

__all__ = ["ShardDataset", "IndexedDataset", "merge_states", "collate", "collate_detection"]


class _Epoch:
    """The epoch, in memory shared with DataLoader workers: workers kept between epochs
    (`persistent_workers=True`) see `set_epoch` too. Pickled outside a worker start (a copy, a
    save), it travels as its value."""

    def __init__(self, value: int = 0, cell: Any = None) -> None:
        self._cell = cell if cell is not None else multiprocessing.RawValue("q", value)

    @property
    def value(self) -> int:
        return int(self._cell.value)

    @value.setter
    def value(self, epoch: int) -> None:
        self._cell.value = epoch

    def __reduce__(self) -> tuple:
        if multiprocessing.context.get_spawning_popen() is not None:  # starting a worker: share it
            return (_Epoch, (0, self._cell))
        return (_Epoch, (self.value,))


class _Source:
    """A split of an output folder (local, or gs:// / s3:// for ShardDataset), the options read
    from it, and how to decode its records: what both datasets hold."""

    def __init__(self, path: str, split: str, options: ReadOptions, *, reader: str) -> None:
        self.remote = is_store_path(path)
        if not is_local_path(path) and not (self.remote and reader == SHARD_DATASET):
            where = "local outputs and gs:// or s3:// outputs (ShardDataset)" if not self.remote else "local outputs"
            raise ManifestError(f"shardify.torch.{reader} reads {where}; {path} is not one (copy it here first)")
        if self.remote and options.cache_limit is None:
            raise ReadOptionError(
                f"reading {path} fetches its shards into a local cache: give cache_limit= (e.g. '20GB', for one "
                "process, its DataLoader workers together), and cache_dir= where they go"
            )
        if not self.remote and (options.cache_limit is not None or options.cache_dir is not None):
            raise ReadOptionError(f"{path} is read in place: cache_dir and cache_limit are for gs:// and s3:// outputs")
        read_text = read_store_text if self.remote else None
        self.manifest: Manifest = load_manifest(path, version=options.version, read_text=read_text)
        self.info = self.manifest.split(split)
        if self.info.num_records == 0:
            raise ManifestError(f"split {split!r} of {path} has no records")
        self.options = options
        self.plan: ReadPlan = plan_read(self.manifest, options, path=path, split=split)
        self.decode = RecordDecoder(self.manifest, self.plan, options)
        self.shard_records = [shard.num_records for shard in self.info.shards]
        self.paths = [join_path(self.manifest.root, shard.path) for shard in self.info.shards]
        for shard in self.info.shards if not self.remote else ():  # each a regular file: fail here, not in a worker
            try:
                check_shard_file(self.manifest.root, shard)
            except CorruptShardError as error:
                raise ManifestError(f"shard {error}") from None
        # Without a seed, one is drawn from torch's generator: torch.manual_seed makes it repeat.
        self.seed = options.seed if options.seed is not None else int(torch.randint(0, 1 << 62, ()).item())
        self.epoch = _Epoch()

    def record_rng(self, epoch: int, shard: int, index: int) -> random.Random | None:
        """The generator of one record's crop and flip: from its place, not from who reads it."""
        return random.Random(f"record/{self.seed}/{epoch}/{shard}/{index}") if self.decode.random else None

    def decode_record(self, data: bytes, epoch: int, shard: int, index: int) -> Any:
        return self.decode(data, path=self.paths[shard], index=index, rng=self.record_rng(epoch, shard, index))


def _reader_place(options: ReadOptions) -> tuple[int, int]:
    """(rank, world size): as given (ReadOptions checks both), else from torch.distributed when it
    is initialized, else (0, 1)."""
    if options.rank is not None and options.world_size is not None:
        return options.rank, options.world_size
    distributed = torch.distributed
    if distributed.is_available() and distributed.is_initialized():
        return distributed.get_rank(), distributed.get_world_size()
    return 0, 1


class ShardDataset(torch.utils.data.IterableDataset):
    """A split of a shardify output folder as an `IterableDataset`.

    Each reader (this rank's DataLoader worker, or the process itself with `num_workers=0`) reads
    its contiguous part of the epoch's order (see the module docstring): the records of about one
    shard (at most ~64 MiB) shuffled together, the shards in a seeded order.

        ds = ShardDataset("out/", "train", options=ReadOptions(image_size=(224, 224), seed=0))
        ds = ShardDataset("out/", "train", image_size=(224, 224), seed=0)  # the same

    Args:
      path: the output folder (or its manifest.json): local, or gs:// or s3:// (then give
        cache_limit, and cache_dir: see `shardify.read.shard_cache`).
      split: split name, e.g. "train".
      options: how to read (`shardify.ReadOptions`, where each option is described): shuffle,
        seed, image_size, fit, flip, normalize, as_supervised, multi_hot, features, dtype (a
        torch.dtype or its name), decoder, and rank and world_size (default: from
        `torch.distributed` when it is initialized: make the dataset after `init_process_group`;
        else one process), cache_dir and cache_limit. Several ranks need one seed, the same in
        every rank. Without one, one process draws a seed from torch's generator when the dataset
        is made.
      **keywords: ReadOptions' fields, a shorthand; they override `options`' fields.

    `len()` is the number of records this rank reads per epoch (all its workers together; what is
    left of it after loading a merged state). Ranks differ by at most one record: no record is
    repeated to even them out.

    Raises:
      ManifestError: no finished output at `path`, no such split, or a shard that is not a file.
      ReadOptionError: an option that cannot work with this data, that only tf.data takes, or that
        is not an option at all (see the message); several ranks without a seed.
    """

    def __init__(self, path: str, split: str = "train", *, options: ReadOptions | None = None, **keywords: Any) -> None:
        options = reader_options(SHARD_DATASET, options, keywords)
        self._source = _Source(path, split, options, reader=SHARD_DATASET)
        self._rank, self._world_size = _reader_place(options)
        if options.seed is None and self._world_size > 1:  # seeds drawn per rank would differ: records lost
            raise ReadOptionError(
                f"{self._world_size} ranks read one epoch order, which follows the seed: give every rank the same "
                "seed= (DistributedSampler's is 0 unless given)"
            )
        info = self._source.info
        buffer = shuffle_buffer_records(info.num_records, info.num_bytes)
        self._window = window_records(self._source.shard_records, buffer)
        self._pending: dict[str, Any] | None = None  # a state to resume from, set by load_state_dict
        self._reading: dict[str, Any] = {"reader": None}

    def __len__(self) -> int:
        """Records this rank reads this epoch (what is left of it, when resuming a merged state)."""
        pending = self._pending
        if pending is not None and pending["layout"] == [1, 1] and self._world_size > 1:
            pending = merge_states([{"format": STATE_FORMAT, "seed": 0, **pending}])
        base = self._whole() if pending is None or pending["reader"] is not None else pending["base"]
        return count_spans(split_spans(base, self._world_size, self._rank))

    def set_epoch(self, epoch: int) -> None:
        """Sets the epoch whose order the next iteration reads (every rank: the same epoch)."""
        self._source.epoch.value = int(epoch)

    def _whole(self) -> Spans:
        return ((0, self._source.info.num_records),)

    def _order(self, epoch: int) -> EpochOrder:
        source = self._source
        return EpochOrder(tuple(source.shard_records), source.seed, epoch, bool(source.options.shuffle), self._window)

    # Resuming -------------------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Where this reader is: its epoch, seed, layout (ranks, workers), place (rank, worker) and
        the records it has yielded of its part of the epoch (all of them once read through); see
        `shardify.read.reader_state`.

        Taken from the process that iterates the dataset: the process itself with `num_workers=0`,
        or each worker under torchdata's `StatefulDataLoader`, which calls this in every worker
        and hands each its own state back. A plain DataLoader's workers iterate copies, so the
        dataset in the main process cannot see how far they got. To resume with other numbers of
        ranks or workers, gather every rank's state and load `shardify.torch.merge_states(states)`.
        """
        if self._reading["reader"] is not None:
            return {"format": STATE_FORMAT, "seed": self._source.seed, **self._reading}
        worker, workers = _worker_place()
        pending = self._pending
        if pending is not None and pending["reader"] is None:  # a merged state, not yet read from
            return {"format": STATE_FORMAT, "seed": self._source.seed, **pending}
        place = ([self._world_size, workers], [self._rank, worker])
        mine = pending is not None and (pending["layout"], pending["reader"]) == place
        return {
            "format": STATE_FORMAT,
            "seed": self._source.seed,
            "epoch": pending["epoch"] if pending is not None else self._source.epoch.value,
            "base": pending["base"] if mine else [list(span) for span in self._whole()],
            "layout": [self._world_size, workers],
            "reader": [self._rank, worker],
            "position": pending["position"] if mine else 0,
        }

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Makes the next iteration continue where `state` was taken: the same records, in the same
        order, from the next one not yet yielded. Sets the epoch too.

        `state` is this reader's own (same ranks, workers and place), or one that any layout
        resumes: `shardify.torch.merge_states` of every reader's, or the state of a lone reader
        (one rank, num_workers=0).

        Raises:
          ReadOptionError: `state` is not a ShardDataset state, or (at the next iteration) it is
            one reader's of several and this reader is another (merge them first).
        """
        check_format(state)
        base = as_spans(state["base"])
        if count_spans(base) and base[-1][1] > self._source.info.num_records:
            raise ReadOptionError(f"the state is of a split of more than {self._source.info.num_records} records")
        self._source.seed = int(state["seed"])
        self._source.epoch.value = int(state["epoch"])
        pending = {"epoch": int(state["epoch"]), "base": [list(span) for span in base]}
        if state.get("reader") is None:  # merged: what is left of the epoch
            pending.update(layout=None, reader=None, position=0)
        else:
            pending.update(layout=list(state["layout"]), reader=list(state["reader"]), position=int(state["position"]))
        self._pending = pending

    # Reading --------------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[Any]:
        worker, workers = _worker_place()
        layout, reader = [self._world_size, workers], [self._rank, worker]
        epoch, base, start = self._source.epoch.value, self._whole(), 0
        pending, self._pending = self._pending, None
        if pending is not None and pending["epoch"] == epoch:
            if pending["layout"] == [1, 1] and layout != [1, 1]:  # a lone reader's state says all that was consumed
                pending = {**pending, **merge_states([{"format": STATE_FORMAT, "seed": 0, **pending}])}
            if pending["reader"] is not None and (pending["layout"], pending["reader"]) != (layout, reader):
                raise ReadOptionError(
                    f"the state to resume was taken by reader {pending['reader']} (rank, worker) of {pending['layout']} "
                    f"(ranks, workers), not by {reader} of {layout}: resume with the same ranks and num_workers, or "
                    "load shardify.torch.merge_states(every rank's states) to resume with others"
                )
            base, start = as_spans(pending["base"]), pending["position"]
        self._reading = reading = {
            "epoch": epoch, "base": [list(span) for span in base], "layout": layout, "reader": reader, "position": start,
        }
        mine = consume_spans(reader_part(base, (layout[0], layout[1]), (reader[0], reader[1])), start)
        return self._records(reading, mine, workers)

    def _records(self, reading: dict[str, Any], spans: Spans, workers: int) -> Iterator[Any]:
        """The records of `spans`, in the epoch's order; counts them in `reading`."""
        source, epoch = self._source, reading["epoch"]
        order = self._order(epoch)
        cache = None
        if source.remote:
            shards = source.info.shards
            wanted = cached_shards(
                order, spans, source.paths, [s.num_bytes for s in shards], [s.sha256 for s in shards]
            )
            budget = source.options.cache_limit // workers
            cache = ShardCache(source.options.cache_dir or tempfile.gettempdir(), budget, wanted)

        def open_shard(shard: int) -> BinaryIO:
            if cache is not None:
                return open(cache.path(shard), "rb")  # noqa: SIM115 - the reader closes it
            return open_shard_file(source.manifest.root, source.info.shards[shard].path)

        release = cache.release if cache is not None else (lambda shard: None)
        stream = read_spans(order, spans, open_shard=open_shard, release=release, names=source.paths)
        try:
            for shard, index, data in stream:
                item = source.decode_record(data, epoch, shard, index)
                reading["position"] += 1
                yield item
        finally:
            stream.close()  # its shard first, then the cache that holds it
            if cache is not None:
                cache.close()
        # The position stays at the end: a state taken now resumes this epoch with nothing left
        # for this reader (StatefulDataLoader restores a worker that had finished while others had
        # not, and asks it for more). The next iteration without a loaded state starts afresh.


def _worker_place() -> tuple[int, int]:
    """(this DataLoader worker, the workers of this process): (0, 1) outside a worker."""
    info = get_worker_info()
    return (info.id, info.num_workers) if info is not None else (0, 1)


class IndexedDataset(torch.utils.data.Dataset):
    """A split of a shardify output folder as a map-style `Dataset`: `ds[i]` seeks to record i
    through the shards' index files, for any sampler (`DistributedSampler` included).

    Record i is the i-th of the split in manifest order (shards in order, records in file order).
    Shards are opened in each process on first use. Outputs made before index files were written
    (no `index` in the manifest) are indexed once per shard by scanning its record headers.

    Args:
      path, split, options, **keywords: as for ShardDataset, less shuffle=True (shuffling is the
        sampler's work: DataLoader(shuffle=True), or DistributedSampler's), rank and world_size
        (DistributedSampler splits records among ranks). A record's random crop and flip depend
        on the seed, the epoch (`set_epoch`) and the record, as in ShardDataset.

    Raises:
      ManifestError: no finished output at `path`, no such split, or a shard that is not a file.
      ReadOptionError: an option that cannot work with this data, that IndexedDataset does not
        take, or that is not an option at all (see the message).
    """

    def __init__(self, path: str, split: str = "train", *, options: ReadOptions | None = None, **keywords: Any) -> None:
        self._source = _Source(path, split, reader_options(INDEXED_DATASET, options, keywords), reader=INDEXED_DATASET)
        self._starts = [0]
        for count in self._source.shard_records:
            self._starts.append(self._starts[-1] + count)
        self._frames: dict[int, list[tuple[int, int]]] = {}
        self._files: dict[int, BinaryIO] = {}
        self._pid = os.getpid()

    def __len__(self) -> int:
        return self._source.info.num_records

    def set_epoch(self, epoch: int) -> None:
        """Sets the epoch that random crops and flips draw from."""
        self._source.epoch.value = int(epoch)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_files"] = {}  # open files stay with their process
        return state

    def __getitem__(self, index: int) -> Any:
        if not -len(self) <= index < len(self):
            raise IndexError(f"record {index} of a split of {len(self)}")
        index %= len(self)
        shard = bisect.bisect_right(self._starts, index) - 1
        within = index - self._starts[shard]
        source = self._source
        if shard not in self._frames:
            self._frames[shard] = record_frames(source.manifest.root, source.info.shards[shard])
        offset, size = self._frames[shard][within]
        frame = os.pread(self._file(shard).fileno(), size, offset)
        data = record_from_frame(frame, source.paths[shard], within)
        return source.decode_record(data, source.epoch.value, shard, within)

    def _file(self, shard: int) -> BinaryIO:
        if self._pid != os.getpid():  # a forked worker: the parent's files are not ours to use
            self._files, self._pid = {}, os.getpid()
        if shard not in self._files:
            self._files[shard] = open_shard_file(self._source.manifest.root, self._source.info.shards[shard].path)
        return self._files[shard]


def collate(batch: Sequence[Any]) -> Any:
    """`default_collate`, except that fields of different lengths per record (a multi-label
    record's `label_text`, or its `label` with `multi_hot=False`) stay lists of per-record values.

    >>> collate([{"n": torch.tensor(1), "tags": ["a"]}, {"n": torch.tensor(2), "tags": ["a", "b"]}])["tags"]
    [['a'], ['a', 'b']]
    """
    first = batch[0]
    if isinstance(first, Mapping):
        return {key: collate([item[key] for item in batch]) for key in first}
    if isinstance(first, tuple):
        return tuple(collate(list(values)) for values in zip(*batch))
    if isinstance(first, list) or (
        isinstance(first, torch.Tensor) and any(item.shape != first.shape for item in batch)
    ):
        return list(batch)
    return default_collate(batch)


# The reader name of the image (contract.IMAGE_ENCODED's): a list in a detection batch.
_IMAGE_NAME = next(f.output_name for f in contract.IMAGE_FEATURES if f.key == contract.IMAGE_ENCODED)


def collate_detection(batch: Sequence[Any]) -> Any:
    """The batches torchvision's detection models take: images and targets as lists.

    `(image, target)` pairs (`as_supervised=True`) become `(list of images, list of targets)`, as
    torchvision's detection references collate (`tuple(zip(*batch))`), so
    `model(images, targets)` takes a batch as it comes; a target is a dict of tensors, its
    `boxes` [n, 4] with n differing per image. Dicts become one dict whose `objects` and `image`
    are lists of the records' own, every other field collated by `collate`.

    >>> images, targets = collate_detection([(torch.zeros(3, 2, 2), {"labels": torch.tensor([1])}),
    ...                                      (torch.zeros(3, 4, 4), {"labels": torch.tensor([2, 3])})])
    >>> [image.shape[1] for image in images], [target["labels"].tolist() for target in targets]
    ([2, 4], [[1], [2, 3]])
    """
    first = batch[0]
    if isinstance(first, tuple):
        return tuple(list(values) for values in zip(*batch))
    if isinstance(first, Mapping):
        return {
            key: [item[key] for item in batch] if key in (OBJECTS, _IMAGE_NAME) else collate([item[key] for item in batch])
            for key in first
        }
    return collate(batch)
