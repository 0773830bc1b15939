"""`shardify.torch.MixedDataset`: several outputs read as one PyTorch stream, each taking its
weight's share, as `shardify.mix` does for tf.data.

    ds = MixedDataset({"web/": 0.7, "books/": 0.3}, "train", image_size=(224, 224), seed=0)
    loader = DataLoader(ds, batch_size=64, num_workers=4, collate_fn=shardify.torch.collate)

Each output is a `ShardDataset` with the same options, so each reader (rank x DataLoader worker)
reads its own share of every output, exactly once per epoch; the reader then takes turns among its
outputs in the order `shardify.read.mix_plan` lays out (blocks of 1,000 turns, each output its
weight's share, shuffled by the seed, the epoch and the block), so the proportions hold in every
reader and so in every batch stream. Records carry `mix_source` (dicts) and, with
`labels="merged"`, label indices into the merged label space.

An epoch ends when one of the reader's outputs runs out (`num_records=None`), or after
`num_records` records across all readers (each reader its share; an output that runs out starts
its epoch's order again). The state (`state_dict`, taken in the process that iterates, as with
ShardDataset) is each output's state and the turns taken: a reader resumes exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import torch
import torch.utils.data
from torch.utils.data import get_worker_info

from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.read.mix_plan import LABELS_MERGED, MIX_SOURCE, plan_mix
from shardify.read.options import SHARD_DATASET, ReadOptions, reader_options
from shardify.read.torch import ShardDataset

__all__ = ["MixedDataset"]

_STATE_FORMAT = "shardify.torch.MixedDataset/1"


class MixedDataset(torch.utils.data.IterableDataset):
    """Several outputs' `split`s as one IterableDataset, by weight.

    Args:
      weights: {output folder: weight}; positive, normalised.
      split: the split read from every output.
      labels: "kept" (each record's label indexes its own output's labels) or "merged" (by name:
        the first output's labels, then each later output's new ones).
      num_records: records per epoch across all readers; None: until a reader's first output runs out.
      options, **keywords: as ShardDataset takes them; `seed` also orders the turns (default 0).

    Raises:
      ReadOptionError: bad weights, labels or options.
    """

    def __init__(
        self,
        weights: Mapping[str, float],
        split: str = "train",
        *,
        labels: str = "kept",
        num_records: int | None = None,
        options: ReadOptions | None = None,
        **keywords: Any,
    ) -> None:
        options = reader_options(SHARD_DATASET, options, keywords)
        if options.seed is None:  # the turns' order and every output's order follow one seed
            options = dataclasses.replace(options, seed=0)
        manifests = [load_manifest(str(path), version=options.version) for path in (weights if isinstance(weights, Mapping) else {})]
        self._plan = plan_mix(weights, manifests, labels=labels, num_records=num_records)
        self._sources = [ShardDataset(path, split, options=options) for path in self._plan.sources]
        kinds = [sorted(source._source.plan.names.values()) for source in self._sources]  # noqa: SLF001
        for path, kind in zip(self._plan.sources[1:], kinds[1:]):
            if kind != kinds[0]:
                raise ReadOptionError(
                    f"{path} gives records unlike {self._plan.sources[0]}'s ({kind} against {kinds[0]}): mix outputs of "
                    "one kind (choose the same features with features=[...])"
                )
        self._label_name = next(
            (spec.get("output_name", key) for key, spec in manifests[0].features.items() if key in contract.LABEL_INDEX_KEYS),
            None,
        )
        self._maps = [torch.tensor(m, dtype=torch.int64) for m in self._plan.label_maps] if labels == LABELS_MERGED else None
        self._seed, self._num_records, self._epoch = int(options.seed), num_records, 0
        self._as_supervised = options.as_supervised
        self._pending: dict[str, Any] | None = None
        self._turns = 0

    @property
    def label_names(self) -> tuple[str, ...]:
        """The merged label space (labels="merged"), else ()."""
        return self._plan.label_names

    def set_epoch(self, epoch: int) -> None:
        """Sets the epoch of every output and of the turns' order."""
        self._epoch = int(epoch)
        for source in self._sources:
            source.set_epoch(epoch)

    def state_dict(self) -> dict[str, Any]:
        """Each output's state and the turns this reader has taken this epoch."""
        return {
            "format": _STATE_FORMAT,
            "epoch": self._epoch,
            "turns": self._turns,
            "sources": [source.state_dict() for source in self._sources],
        }

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        """Makes the next iteration continue where `state` was taken (see ShardDataset's).

        Raises:
          ReadOptionError: `state` is not a MixedDataset state of as many outputs.
        """
        if not isinstance(state, Mapping) or state.get("format") != _STATE_FORMAT:
            raise ReadOptionError(f"not a MixedDataset state: {str(state)[:80]}")
        if len(state["sources"]) != len(self._sources):
            raise ReadOptionError(f"the state holds {len(state['sources'])} outputs; this mixture has {len(self._sources)}")
        self.set_epoch(int(state["epoch"]))
        for source, source_state in zip(self._sources, state["sources"]):
            source.load_state_dict(source_state)
        self._pending = {"turns": int(state["turns"])}

    def _turn_order(self) -> Iterator[int]:
        """Endless output indices: blocks of MIX_BLOCK_RECORDS, each output its counts, shuffled by
        (seed, epoch, block)."""
        template = np.repeat(np.arange(len(self._sources)), self._plan.counts)
        block = 0
        while True:
            yield from np.random.default_rng([self._seed, self._epoch, block]).permutation(template).tolist()
            block += 1

    def _my_records(self) -> int | None:
        """This reader's share of num_records."""
        if self._num_records is None:
            return None
        info = get_worker_info()
        worker, workers = (info.id, info.num_workers) if info is not None else (0, 1)
        rank, world_size = self._sources[0]._rank, self._sources[0]._world_size  # noqa: SLF001 - one place rule
        readers, me = world_size * workers, rank * workers + worker
        return self._num_records // readers + (me < self._num_records % readers)

    def _tagged(self, record: Any, index: int) -> Any:
        mapping = self._maps[index] if self._maps is not None else None
        if self._as_supervised:
            inputs, label = record
            return inputs, _remap(label, mapping)
        record = dict(record)
        if mapping is not None and self._label_name in record:
            record[self._label_name] = _remap(record[self._label_name], mapping)
        record[MIX_SOURCE] = torch.tensor(index, dtype=torch.int64)
        return record

    def __iter__(self) -> Iterator[Any]:
        pending, self._pending = self._pending, None
        self._turns = skip = pending["turns"] if pending else 0
        streams = [iter(source) for source in self._sources]
        limit = self._my_records()
        for turn, index in enumerate(self._turn_order()):
            if limit is not None and turn >= limit:
                return
            if turn < skip:
                continue  # taken before the state was saved: its output's own state skips its record
            try:
                record = next(streams[index])
            except StopIteration:
                if limit is None:
                    return  # the first output to run out ends the epoch
                streams[index] = iter(self._sources[index])
                record = next(streams[index])
            self._turns = turn + 1
            yield self._tagged(record, index)


def _remap(label: Any, mapping: torch.Tensor | None) -> Any:
    if mapping is None or not isinstance(label, torch.Tensor) or label.dtype != torch.int64:
        return label
    return torch.where(label < 0, label, mapping[label.clamp(min=0)])

