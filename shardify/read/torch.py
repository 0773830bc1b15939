"""Reading shardify output in PyTorch, from the manifest alone and without TensorFlow.

    ds = shardify.torch.ShardDataset("out/", split="train", image_size=(224, 224), as_supervised=True)
    loader = torch.utils.data.DataLoader(ds, batch_size=64, num_workers=2, collate_fn=shardify.torch.collate)

`ShardDataset` (an `IterableDataset`) streams shards: each reader, one per distributed rank and
DataLoader worker, reads its own shards start to end, through a seeded shuffle buffer.
`IndexedDataset` (map-style) seeks to any record through the shards' index files, for samplers.

Both take their options as `shardify.load` does, as one `ReadOptions` or its fields as keywords
(checked in `shardify.read.options`, and giving the same features under the same names), refuse
the tf.data-only ones (saying what to use instead: `batch_size` is the DataLoader's), and split
records among readers by the same rule: shards while there are enough, else every n-th record.
Ranks split first, then each rank's DataLoader workers split the rank's part, so every record is
read exactly once per epoch across `world_size x num_workers` readers.

Randomness comes from the seed and the epoch (`set_epoch`, as with `DistributedSampler`): the
shard order, the record buffer, and each record's crop and flip (drawn from the record's own place
in its shard, so a record gets the same crop whatever the number of readers).
"""

from __future__ import annotations

import bisect
import multiprocessing
import multiprocessing.context
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, BinaryIO

import torch
import torch.utils.data
from torch.utils.data import get_worker_info
from torch.utils.data._utils.collate import default_collate

from shardify.errors import CorruptShardError, ManifestError, ReadOptionError
from shardify.format import contract
from shardify.format.manifest import Manifest, load_manifest
from shardify.format.shard_index import open_shard_file, record_frames
from shardify.format.tfrecord import iter_records, record_from_frame
from shardify.inputs.files import size_of
from shardify.inputs.paths import is_local_path, join_path
from shardify.read.options import (
    INDEXED_DATASET,
    OBJECTS,
    SHARD_DATASET,
    ReadOptions,
    ReadPlan,
    Share,
    plan_read,
    reader_options,
    share,
    shuffle_buffer_records,
)
from shardify.read.torch_records import RecordDecoder

__all__ = ["ShardDataset", "IndexedDataset", "collate", "collate_detection"]

_STATE_FORMAT = "shardify.torch.ShardDataset/1"


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
    """A split of an output folder, the options read from it, and how to decode its records:
    what both datasets hold."""

    def __init__(self, path: str, split: str, options: ReadOptions) -> None:
        if not is_local_path(path):
            raise ManifestError(f"shardify.torch reads local output folders; {path} is not one (copy it here first)")
        self.manifest: Manifest = load_manifest(path, version=options.version)
        self.info = self.manifest.split(split)
        if self.info.num_records == 0:
            raise ManifestError(f"split {split!r} of {path} has no records")
        self.options = options
        self.plan: ReadPlan = plan_read(self.manifest, options, path=path)
        self.decode = RecordDecoder(self.manifest, self.plan, options)
        self.shard_records = [shard.num_records for shard in self.info.shards]
        self.paths = [join_path(self.manifest.root, shard.path) for shard in self.info.shards]
        for shard in self.info.shards:  # each must be a regular file: fail here, not in a worker
            try:
                open_shard_file(self.manifest.root, shard.path).close()
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
    its share of the shards whole, one after another, in a seeded order, through a shuffle buffer
    of about 64 MiB of records; see the module docstring for the split among readers.

        ds = ShardDataset("out/", "train", options=ReadOptions(image_size=(224, 224), seed=0))
        ds = ShardDataset("out/", "train", image_size=(224, 224), seed=0)  # the same

    Args:
      path: the output folder (or its manifest.json); local.
      split: split name, e.g. "train".
      options: how to read (`shardify.ReadOptions`, where each option is described): shuffle,
        seed, image_size, fit, flip, normalize, as_supervised, multi_hot, features, dtype (a
        torch.dtype or its name), decoder, and rank and world_size (default: from
        `torch.distributed` when it is initialized: make the dataset after `init_process_group`;
        else one process). Give every rank the same seed. Without one, a seed is drawn from
        torch's generator when the dataset is made.
      **keywords: ReadOptions' fields, a shorthand; they override `options`' fields.

    `len()` is the number of records this rank reads per epoch (all its workers together). Ranks
    may differ by a few records (never more than the records of one shard per worker): no record is
    repeated to even them out.

    Raises:
      ManifestError: no finished output at `path`, no such split, or a shard that is not a file.
      ReadOptionError: an option that cannot work with this data, that only tf.data takes, or that
        is not an option at all (see the message).
    """

    def __init__(self, path: str, split: str = "train", *, options: ReadOptions | None = None, **keywords: Any) -> None:
        options = reader_options(SHARD_DATASET, options, keywords)
        self._source = _Source(path, split, options)
        self._rank, self._world_size = _reader_place(options)
        self._rank_share = share(len(self._source.info.shards), self._world_size, self._rank)
        self._pending: dict[str, Any] | None = None  # a state to resume from, set by load_state_dict
        self._reading: dict[str, Any] = {"epoch": 0, "position": 0, "reader": None}

    def __len__(self) -> int:
        return self._rank_share.num_records(self._source.shard_records)

    def set_epoch(self, epoch: int) -> None:
        """Sets the epoch whose order the next iteration reads (every rank: the same epoch)."""
        self._source.epoch.value = int(epoch)

    # Resuming -------------------------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """Where this reader is: its epoch, seed and the records it has yielded this epoch (all of
        them once its part of the epoch is read through).

        Taken from the process that iterates the dataset: the process itself with `num_workers=0`,
        or each worker under torchdata's `StatefulDataLoader`, which calls this in every worker
        and hands each its own state back. A plain DataLoader's workers iterate copies, so the
        dataset in the main process cannot see how far they got.
        """
        reading = self._reading
        if reading["reader"] is None:  # not iterating: the epoch to come, or a state to resume
            pending = self._pending or {}
            return {
                "format": _STATE_FORMAT,
                "epoch": pending.get("epoch", self._source.epoch.value),
                "seed": self._source.seed,
                "position": pending.get("position", 0),
                "reader": pending.get("reader"),
            }
        return {"format": _STATE_FORMAT, "seed": self._source.seed, **reading}

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Makes the next iteration continue where `state` was taken: the same records, in the same
        order, from the next one not yet yielded. Sets the epoch too.

        Raises:
          ReadOptionError: `state` is not a ShardDataset state, or (at the next iteration) it was
            taken by a reader of another place (another rank, worker or number of workers).
        """
        if not isinstance(state, Mapping) or state.get("format") != _STATE_FORMAT:
            raise ReadOptionError(f"not a ShardDataset state: {str(state)[:80]}")
        self._source.seed = int(state["seed"])
        self._source.epoch.value = int(state["epoch"])
        self._pending = {"epoch": int(state["epoch"]), "position": int(state["position"]), "reader": state["reader"]}

    # Reading --------------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[Any]:
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info is not None else (0, 1)
        reader = [self._rank, self._world_size, worker, workers]
        epoch, start = self._source.epoch.value, 0
        pending, self._pending = self._pending, None
        if pending is not None and pending["epoch"] == epoch and pending["position"]:
            if pending["reader"] != reader:
                raise ReadOptionError(
                    f"the state to resume was taken by reader {pending['reader']} (rank, world size, worker, "
                    f"workers), not by {reader}: resume with the same ranks and num_workers"
                )
            start = pending["position"]
        self._reading = reading = {"epoch": epoch, "position": start, "reader": reader}
        return self._records(reading, worker, workers)

    def _records(self, reading: dict[str, Any], worker: int, workers: int) -> Iterator[Any]:
        """This reader's records of `reading`'s epoch, from its position on; counts them in it."""
        source, epoch, start = self._source, reading["epoch"], reading["position"]
        mine = share(self._rank_share, workers, worker)
        stream = self._read(self._shard_order(mine, epoch, worker), mine)
        if source.options.shuffle:
            records = mine.num_records(source.shard_records)
            size = shuffle_buffer_records(records, source.info.num_bytes * records // source.info.num_records)
            rng = random.Random(f"records/{source.seed}/{epoch}/{self._rank}/{worker}")
            stream = _shuffle_buffer(stream, size, rng)
        for position, (shard, index, data) in enumerate(stream):
            if position < start:  # resuming: these were yielded before the state was taken
                continue
            item = source.decode_record(data, epoch, shard, index)
            reading["position"] = position + 1
            yield item
        # The position stays at the end: a state taken now resumes this epoch with nothing left
        # for this reader (StatefulDataLoader restores a worker that had finished while others had
        # not, and asks it for more). The next iteration without a loaded state starts afresh.

    def _shard_order(self, mine: Share, epoch: int, worker: int) -> list[int]:
        """The order this reader reads its shards in. Readers that split shards by record must
        agree on it: all ranks (by the seed given, else the manifest's order), or a rank's workers
        (by the rank's seed, which its workers copy)."""
        source = self._source
        order = list(mine.shards)
        if not source.options.shuffle:
            return order
        if self._rank_share.record_level:
            if source.options.seed is None:
                return order
            key = f"{source.options.seed}"
        elif mine.record_level:
            key = f"{source.seed}/{self._rank}"
        else:
            key = f"{source.seed}/{self._rank}/{worker}"
        random.Random(f"shards/{key}/{epoch}").shuffle(order)
        return order

    def _read(self, order: Sequence[int], mine: Share) -> Iterator[tuple[int, int, bytes]]:
        """(shard, index in shard, record) of this reader's records, the shards read through.

        Raises:
          CorruptShardError: naming the shard: a damaged record, or fewer or more records than
            the manifest gives it.
        """
        source = self._source
        position = 0  # in the stream of every record of `order`, which readers sharing shards agree on
        for shard in order:
            path, expected = source.paths[shard], source.shard_records[shard]
            count = 0
            with open_shard_file(source.manifest.root, source.info.shards[shard].path) as fileobj:
                for count, data in enumerate(iter_records(fileobj, path, size_of(fileobj)), start=1):
                    if count > expected:
                        raise CorruptShardError(
                            path, f"holds more than the {expected} records its manifest gives (run `shardify verify`)"
                        )
                    if position % mine.record_stride == mine.record_offset:
                        yield shard, count - 1, data
                    position += 1
            if count < expected:
                raise CorruptShardError(
                    path,
                    f"is damaged: it ended after {count} of the {expected} records its manifest gives "
                    "(run `shardify verify`)",
                )


def _shuffle_buffer(stream: Iterator[tuple], size: int, rng: random.Random) -> Iterator[tuple]:
    """The stream's items in a random order: each comes out of a buffer of `size` items at random."""
    buffer: list[tuple] = []
    for item in stream:
        if len(buffer) < size:
            buffer.append(item)
            continue
        slot = rng.randrange(size)
        yield buffer[slot]
        buffer[slot] = item
    rng.shuffle(buffer)
    yield from buffer


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
        self._source = _Source(path, split, reader_options(INDEXED_DATASET, options, keywords))
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
