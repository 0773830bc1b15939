"""`shardify.mix`: several outputs read as one tf.data stream, each taking its weight's share.

    ds = shardify.mix({"web/": 0.7, "books/": 0.3}, split="train", seed=0, batch_size=64)

Each source is read by `shardify.load` with the same options (unbatched), tagged with its index
(`mix_source`) and, with `labels="merged"`, its label index mapped into the merged label space
(`shardify.read.mix_plan`); the sources then take turns in the order `mix_plan` lays out (exact
proportions over every 1,000 records, shuffled by the seed), and the stream is batched last.

An epoch of a mixture: with `num_records=None` it ends when the first source runs out (its
records all given, the others' in proportion; `repeat=True` makes every source endless and so
the mixture); with `num_records=N`, every source repeats and the stream ends after N records.
The order is a function of the seed alone, and a tf.data iterator over the mixture is
checkpointable (`tf.train.Checkpoint(iterator=...)`): a restored run resumes exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
import tensorflow as tf

from shardify.errors import ReadOptionError
from shardify.format.manifest_model import Manifest
from shardify.read import tf_data
from shardify.read.mix_plan import LABELS_MERGED, MIX_BLOCK_RECORDS, MIX_SOURCE, MixPlan, plan_mix
from shardify.read.options import LOAD, ReadOptions, plan_read

__all__ = ["mix", "mix_labels"]


def _manifests(weights: Mapping[str, float], version: int | None) -> list[Manifest]:
    """The outputs' manifests, in `weights`' order (none for a `weights` that is no mapping: plan_mix refuses it)."""
    return [tf_data.read_manifest(str(path), version=version) for path in (weights if isinstance(weights, Mapping) else {})]


def mix_labels(weights: Mapping[str, float]) -> tf_data.Labels:
    """The merged label space of `mix(weights, labels="merged")`: index <-> name."""
    return tf_data.Labels(plan_mix(weights, _manifests(weights, None), labels=LABELS_MERGED).label_names)


def _choices(plan: MixPlan, seed: int) -> tf.data.Dataset:
    """Endless source indices: blocks of MIX_BLOCK_RECORDS turns, each block's turns (every
    source its `counts`) shuffled by (seed, block number)."""
    template = tf.constant(np.repeat(np.arange(len(plan.sources), dtype=np.int64), plan.counts))

    def block(number: tf.Tensor) -> tf.data.Dataset:
        order = tf.argsort(tf.random.stateless_uniform([MIX_BLOCK_RECORDS], seed=tf.stack([tf.constant(seed, tf.int64), number])))
        return tf.data.Dataset.from_tensor_slices(tf.gather(template, order))

    return tf.data.Dataset.counter().flat_map(block)


def _tagged(dataset: tf.data.Dataset, index: int, label_name: str | None, label_map: tuple[int, ...] | None) -> tf.data.Dataset:
    """Records of source `index`: its index under MIX_SOURCE (dicts), its labels mapped (merged)."""
    mapping = tf.constant(label_map, tf.int64) if label_map else None

    def remap(label: tf.Tensor) -> tf.Tensor:  # -1 (unlabelled) stays -1
        return tf.where(label < 0, label, tf.gather(mapping, tf.maximum(label, 0)))

    def tag(*element: Any) -> Any:
        if len(element) == 2:  # as_supervised: (input, label)
            inputs, label = element
            return inputs, remap(label) if mapping is not None else label
        (example,) = element
        example = dict(example)
        if mapping is not None and label_name in example:
            example[label_name] = remap(example[label_name])
        example[MIX_SOURCE] = tf.constant(index, tf.int64)
        return example

    return dataset.map(tag, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)


def _same_elements(datasets: list[tf.data.Dataset], sources: tuple[str, ...]) -> None:
    """Raises ReadOptionError when the sources' records differ in names or dtypes (they cannot take
    turns in one stream), naming the features that differ (two whole feature lists hide the one that
    matters: a --resize output's original_width, original_height, original_sha256)."""

    def signature(dataset: tf.data.Dataset) -> Any:
        return tf.nest.map_structure(lambda spec: (type(spec).__name__, spec.dtype.name), dataset.element_spec)

    first = signature(datasets[0])
    for dataset, source in zip(datasets[1:], sources[1:]):
        other = signature(dataset)
        if other != first:
            raise ReadOptionError(
                f"{source} gives records unlike {sources[0]}'s ({_difference(other, first, source, sources[0])}): "
                "mix outputs of one kind (choose the features both have with features=[...], and an image_size "
                "when images differ in size)"
            )


def _difference(other: Any, first: Any, source: str, first_source: str) -> str:
    """The features two sources' records do not share, or whose kinds differ, in a few words."""
    if not (isinstance(other, dict) and isinstance(first, dict)):
        return f"{other} against {first}"
    parts = []
    only_other, only_first = sorted(set(other) - set(first)), sorted(set(first) - set(other))
    if only_other:
        parts.append(f"only {source} has {', '.join(only_other)}")
    if only_first:
        parts.append(f"only {first_source} has {', '.join(only_first)}")
    kinds = sorted(k for k in set(other) & set(first) if other[k] != first[k])
    parts += [f"{k} is {other[k]} against {first[k]}" for k in kinds]
    return "; ".join(parts)


def mix(
    weights: Mapping[str, float],
    split: str = "train",
    *,
    labels: str = "kept",
    num_records: int | None = None,
    options: ReadOptions | None = None,
    **keywords: Any,
) -> tf.data.Dataset:
    """One stream of records from several outputs (or splits' worth of them), by weight.

    Args:
      weights: {output folder: weight}; weights are positive and normalised.
      split: the split read from every output.
      labels: "kept" (each record's label indexes its own output's labels; `mix_source` says which
        output, in `weights`' order) or "merged" (one label space by name: `mix_labels(weights)`).
      num_records: records per epoch (every source repeats); None: until the first source runs out.
      options, **keywords: as `shardify.load` takes them; `seed` also orders the turns, and
        `batch_size`, `drop_remainder` batch the mixed stream.

    Raises:
      ReadOptionError: bad weights, labels or options, or sources whose records differ in kind.
    """
    options = tf_data._load_options(LOAD, options, keywords)  # noqa: SLF001 - load's own option checks
    manifests = _manifests(weights, options.version)
    plan = plan_mix(weights, manifests, labels=labels, num_records=num_records)
    per_source = dataclasses.replace(
        options, batch_size=None, drop_remainder=False, repeat=True if num_records else options.repeat
    )
    datasets = []
    for index, (source, manifest) in enumerate(zip(plan.sources, manifests)):
        label_name = plan_read(manifest, per_source, path=source).label_name
        label_map = plan.label_maps[index] if plan.labels == LABELS_MERGED else None
        datasets.append(_tagged(tf_data.load(source, split, options=per_source), index, label_name, label_map))
    _same_elements(datasets, plan.sources)
    seed = options.seed if options.seed is not None else 0
    mixed = tf.data.Dataset.choose_from_datasets(datasets, _choices(plan, seed), stop_on_empty_dataset=True)
    if num_records:
        mixed = mixed.take(num_records)
    if options.batch_size:
        mixed = mixed.batch(options.batch_size, drop_remainder=options.drop_remainder)
    return mixed.prefetch(tf.data.AUTOTUNE)
