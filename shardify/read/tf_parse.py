"""Parsing a shardify record (or a batch of them) in TensorFlow: the parsing spec from the
manifest's features, and the parse function every `tf.data` reader maps, which also checks the
values it parses (`shardify.read.tf_checks`: label indices in range, sizes, image signatures,
objects), so that a damaged or crafted record fails the read naming the output."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tensorflow as tf

from shardify.format import contract
from shardify.format.manifest_model import Manifest
from shardify.read.tf_checks import LabelRange, values_check_fn

__all__ = ["parse_fn", "parse_spec"]

_DTYPES = {"string": tf.string, "int64": tf.int64, "float32": tf.float32}


def parse_spec(
    manifest: Manifest, keys: Sequence[str] | None = None
) -> dict[str, tf.io.FixedLenFeature | tf.io.VarLenFeature]:
    """The parsing spec of `keys` (default: every feature) from the manifest's feature spec."""
    spec = {}
    for key in manifest.features if keys is None else keys:
        feature = manifest.features[key]
        dtype = _DTYPES[feature["dtype"]]
        variable = list(feature.get("shape", [])) == [None]
        spec[key] = tf.io.VarLenFeature(dtype) if variable else tf.io.FixedLenFeature([], dtype)
    return spec


def _densify(value: tf.Tensor | tf.sparse.SparseTensor, batched: bool) -> tf.Tensor | tf.RaggedTensor:
    if not isinstance(value, tf.sparse.SparseTensor):
        return value
    return tf.RaggedTensor.from_sparse(value) if batched else tf.sparse.to_dense(value)


def parse_fn(manifest: Manifest, keys: Sequence[str], *, batched: bool, lowest_label: int = 0) -> Callable[[tf.Tensor], dict]:
    """Serialized record (or batch of them) -> dict keyed by output name; a label index outside
    [lowest_label, labels), and the values `shardify.read.tf_checks` checks (sizes, image
    signatures, objects), fail the read with an error naming the output."""
    spec = parse_spec(manifest, keys)
    names = {key: manifest.features[key].get("output_name", key) for key in spec}
    parse_fn = tf.io.parse_example if batched else tf.io.parse_single_example
    labels = [key for key in spec if key in contract.LABEL_INDEX_KEYS]
    check_values = values_check_fn(
        list(spec),
        labels=LabelRange(labels, len(manifest.labels), lowest_label),
        class_ids=manifest.objects.classes.values() if manifest.objects else None,
        where=manifest.root,
        batched=batched,
        raw=manifest.stores_pixels,
    )

    def parse(serialized: tf.Tensor) -> dict[str, tf.Tensor]:
        parsed = parse_fn(serialized, spec)
        if check_values is not None:
            parsed = check_values(parsed)
        return {names[key]: _densify(value, batched) for key, value in parsed.items()}

    return parse
