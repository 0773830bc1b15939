"""Which reader takes which option: what each refuses, what to use instead, and `reader_options`,
the one door every reader's options come through.

A reader refuses an option it cannot honour (a value other than the default), saying what to use
instead, rather than read something other than what was asked; the table of refusals is kept in
one place so that a new option, or a new reader, is decided for every reader at once.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from shardify.errors import ReadOptionError
from shardify.read.option_values import (
    DALI_PIPELINE,
    DALI_TF,
    DALI_TORCH,
    DISTRIBUTE,
    INDEXED_DATASET,
    LOAD,
    SHARD_DATASET,
)
from shardify.read.read_options import ReadOptions

__all__ = ["OPTION_NAMES", "reader_options"]

# Every name a reader takes as a keyword: ReadOptions' fields, and the alias it accepts.
OPTION_NAMES = (*(option.name for option in fields(ReadOptions)), "num_parallel_reads")
_DEFAULTS = {option.name: option.default for option in fields(ReadOptions)}

# What each reader does not take, and what to use instead: given a value other than the default,
# a reader refuses the option rather than read something other than what was asked.
# Decoding at a DCT scale is load's (TensorFlow's decode_jpeg(ratio=...)); the others decode whole.
_NOT_SCALED = {"scaled_decode": "decoding JPEGs at 1/2, 1/4 or 1/8 scale is shardify.load's; this reader decodes whole images"}
_NOT_TORCH = {
    **_NOT_SCALED,
    "batch_size": "batch with DataLoader(batch_size=...)",
    "drop_remainder": "drop a last, smaller batch with DataLoader(drop_last=True)",
    "deterministic": "the PyTorch readers' order follows the seed and the epoch (set_epoch) alone",
    "repeat": "read another epoch by iterating again, after set_epoch(epoch)",
    "cache": "the PyTorch readers read the shards every epoch: read a copy on fast local disk",
    "cycle_length": "each reader reads one shard at a time: read more at once with DataLoader(num_workers=...)",
    "block_length": "each reader reads its shards whole, one after another",
    "input_context": "that places a tf.data pipeline; place a ShardDataset with rank= and world_size=",
    "device": "move batches with .to(device); DataLoader(pin_memory=True) speeds the copy",
    "data_options": "a tf.data.Options applies to shardify.load and shardify.distribute only",
    "service": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
    "service_mode": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
    "service_job": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
}
# Fetching shards into a local cache is ShardDataset's: the others read gs:// through TensorFlow's
# file systems (load), a local copy (IndexedDataset seeks), or DALI's reader.
_CACHE = "shards are fetched into a cache by shardify.torch.ShardDataset only"
_NOT_CACHED = {"cache_dir": _CACHE, "cache_limit": _CACHE}
_NOT_LOAD = {
    "decoder": "tf.data decodes with TensorFlow's decoders; decoder= is for shardify.torch",
    "rank": "place a tf.data input pipeline with input_context=, or read with shardify.distribute",
    "world_size": "place a tf.data input pipeline with input_context=, or read with shardify.distribute",
}
# A DALI pipeline reads with DALI's reader, decoders and operators; it batches (batch_size is the
# pipeline's) and places ranks itself (rank, world_size: its shard_id, num_shards).
_NOT_DALI = {
    **_NOT_SCALED,
    "deterministic": "a DALI pipeline's order, crops and flips follow its seed alone",
    "cache": "DALI reads the shards every epoch: read a copy on fast local disk",
    "cycle_length": "DALI's reader reads shards one after another, in a shuffled order, through a shuffle buffer",
    "block_length": "DALI's reader reads shards one after another, in a shuffled order, through a shuffle buffer",
    "input_context": "place a DALI pipeline with rank= and world_size= (DALI's shard_id and num_shards)",
    "device": "give device_id=: DALI decodes on that GPU and leaves its batches there",
    "data_options": "a tf.data.Options applies to shardify.load and shardify.distribute; apply it to tf_dataset's result",
    "decoder": "DALI decodes with its own decoders (nvJPEG on a GPU); decoder= is for shardify.torch",
}
_BY_ITERATOR = "iterate again: a DALI iterator's epoch ends with StopIteration, and reset() starts the next"
_BY_SAMPLER = "split an IndexedDataset among ranks with DistributedSampler(ds, num_replicas=world_size, rank=rank)"
_NOT_FOR: dict[str, dict[str, str]] = {
    LOAD: {**_NOT_LOAD, **_NOT_CACHED},
    DISTRIBUTE: {
        **_NOT_LOAD,
        **_NOT_CACHED,
        "rank": "distribute places each input pipeline itself",
        "world_size": "distribute places each input pipeline itself",
        "batch_size": "give global_batch_size=: distribute batches its share to each replica",
        "input_context": "distribute gives each input pipeline its own",
    },
    SHARD_DATASET: _NOT_TORCH,
    INDEXED_DATASET: {
        **_NOT_TORCH,
        **_NOT_CACHED,
        "shuffle": "shuffle with DataLoader(shuffle=True) or a sampler (DistributedSampler shuffles)",
        "rank": _BY_SAMPLER,
        "world_size": _BY_SAMPLER,
        "input_context": _BY_SAMPLER,
    },
    DALI_PIPELINE: {
        **_NOT_DALI,
        **_NOT_CACHED,
        "repeat": "a DALI pipeline runs epoch after epoch; tf_dataset(repeat=...) counts them",
        "drop_remainder": "the pipeline pads its last batch; torch_iterator(drop_remainder=True) or tf_dataset(...) drops it",
    },
    DALI_TORCH: {**_NOT_DALI, **_NOT_CACHED, "repeat": _BY_ITERATOR},
    DALI_TF: {**_NOT_DALI, **_NOT_CACHED},
}


def _given(options: ReadOptions, name: str) -> bool:
    """`options` ask for `name` to do something: a value other than the default."""
    if name == "shuffle":  # None is each reader's default, and every reader can leave records in order
        return options.shuffle is True
    return getattr(options, name) != _DEFAULTS[name]


def reader_options(reader: str, options: ReadOptions | None, keywords: Mapping[str, Any]) -> ReadOptions:
    """The options `reader` (one of READERS) reads with: `options` (None: the defaults) with
    `keywords`, ReadOptions' fields by name, over them, and `shuffle` made the reader's default.

    >>> chosen = reader_options("load", ReadOptions(seed=1, batch_size=8), {"batch_size": 16})
    >>> chosen.batch_size, chosen.seed, chosen.shuffle
    (16, 1, True)
    >>> reader_options("load", None, {"batch_sise": 16})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    shardify.errors.ReadOptionError: load() has no option batch_sise=16: did you mean batch_size? ...
    >>> reader_options("ShardDataset", None, {"batch_size": 16})
    Traceback (most recent call last):
    shardify.errors.ReadOptionError: ShardDataset does not take batch_size=16: batch with DataLoader(batch_size=...)

    Raises:
      ReadOptionError: an unknown keyword (naming the closest option), `options` not a
        ReadOptions, a value ReadOptions refuses, or an option `reader` does not take (saying what
        to use instead).
    """
    for name, value in keywords.items():
        if name not in OPTION_NAMES:
            close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
            hint = f"did you mean {close[0]}? (" if close else f"give one of {', '.join(OPTION_NAMES)} ("
            raise ReadOptionError(f"{reader}() has no option {name}={value!r}: {hint}the options are ReadOptions' fields)")
    changes = dict(keywords)
    if "num_parallel_reads" in changes and "cycle_length" not in changes:  # the alias overrides as its name would
        changes["cycle_length"] = changes.pop("num_parallel_reads")
    if options is None:
        chosen = ReadOptions(**changes)
    elif not isinstance(options, ReadOptions):
        raise ReadOptionError(
            f"options={options!r} must be a shardify.ReadOptions, or None with the options as keywords"
        )
    else:
        chosen = replace(options, **changes) if changes else options
    refused = [
        f"{name}={getattr(chosen, name)!r}: {instead}" for name, instead in _NOT_FOR[reader].items() if _given(chosen, name)
    ]
    if refused:
        raise ReadOptionError(f"{reader} does not take " + "; nor ".join(refused))
    if chosen.shuffle is None:
        chosen = replace(chosen, shuffle=reader != INDEXED_DATASET)
    return chosen
