"""`shardify.load`'s checks of a parsed record's values: the rules of `shardify.format.record_values`
(what `shardify verify` and the PyTorch readers check in Python), stated in TensorFlow ops, run
inside the parse map, so that a record forged with matching CRCs and checksums fails the read
where it is reached instead of feeding a trainer NaN boxes, a class no manifest names or a size
of -5.

What is checked, per record, of the features the reader parses (each is a few scalar ops: the
cost is measured in docs/reading.md, "What the readers check"):

- `image/height` and `image/width` at least 1; a `--resize` output's `image/original/height` and
  `width` at least 1 and, side for side (shorter to shorter), at least the stored image's;
- `image/encoded` opens with the first bytes of the format `image/format` names (JPEG, PNG, GIF,
  BMP, WebP; `raw` pixels are checked where they are read, `tf_pixels.raw_pixels`; whether the
  rest decodes is the decoder's to say);
- a label index within the manifest's labels (-1, unlabelled, only where the split counts such);
- object features: one value per object, boxes of corners within [0, 1] and in order, class
  numbers among the manifest's `objects.classes`.

A failed check is an `InvalidArgumentError` whose message starts `shardify:` and names the output
folder, the key and what is wrong (TensorFlow's map cannot raise our own error types; the shard
and record are `shardify verify`'s to name).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import tensorflow as tf

from shardify.format import contract, record_values

__all__ = ["values_check_fn", "LabelRange"]

# The first bytes each stored format opens with (`shardify.format.image_formats`' signatures,
# for the formats stored as found, cut to their fixed start): enough to tell the five apart, so
# that a record whose bytes are another format than `image/format` names, or none of them, fails
# here by name. Whether the rest is a valid image is its decoder's to say. All are cut from a
# record's image by one `substr` and compared by one `equal` (measured: a full signature, part by
# part, cost 20 µs a record; this costs a few).
_HEADS: tuple[tuple[str, bytes], ...] = (
    ("jpeg", b"\xff\xd8\xff"),
    ("png", b"\x89PNG"),
    ("gif", b"GIF8"),
    ("bmp", b"BM"),
    ("webp", b"RIFF"),
)

Parsed = dict  # record key -> tf.Tensor or tf.sparse.SparseTensor
# (condition, message, the numeric tensors the message shows)
_Check = tuple[tf.Tensor, str, list[tf.Tensor]]


@dataclass(frozen=True)
class LabelRange:
    """The label indices a record may hold: [lowest, num_labels) in each of `keys` (lowest is -1,
    an unlabelled record, in a single-label split that counts unlabelled records, else 0)."""

    keys: Sequence[str]
    num_labels: int
    lowest: int = 0


def _values(value: tf.Tensor | tf.sparse.SparseTensor) -> tf.Tensor:
    return value.values if isinstance(value, tf.sparse.SparseTensor) else value


def _asserted(parsed: Parsed, checks: Sequence[_Check], gated: Sequence[str]) -> Parsed:
    """`parsed`, the values of `gated` (the keys the checks read) made to depend on every check:
    one `Assert` op per check, its message a constant and what it shows tensors the condition
    computed already, so a record that passes pays for the conditions alone.
    (`tf.debugging.Assert` puts an Assert showing a string in a `cond`, and a `cond` per record
    cost more than the checks themselves, measured.) Gating only one value let a decoder read the
    image, or `tf.stack` the boxes, and fail with TensorFlow's own message first."""
    asserts = [tf.raw_ops.Assert(condition=condition, data=[message, *shown], summarize=8) for condition, message, shown in checks]
    checked = dict(parsed)
    with tf.control_dependencies(asserts):
        for key in gated:
            value = parsed[key]
            if isinstance(value, tf.sparse.SparseTensor):
                checked[key] = tf.sparse.SparseTensor(value.indices, tf.identity(value.values), value.dense_shape)
            else:
                checked[key] = tf.identity(value)
    return checked


def _signature_matches(encoded: tf.Tensor, image_format: tf.Tensor, *, raw: bool, batched: bool = False) -> tf.Tensor:
    """The bytes open as the format `image_format` names opens (of every record, when `batched`);
    raw pixels pass here, where the output may hold them (`raw`)."""
    if batched:  # [records, 1] against the [formats] heads: [records, formats]
        encoded, image_format = encoded[:, None], image_format[:, None]
    heads = tf.strings.substr(encoded, [0] * len(_HEADS), [len(head) for _, head in _HEADS])
    opens_as = tf.equal(heads, [head for _, head in _HEADS])
    named = tf.equal(image_format, [name.encode() for name, _ in _HEADS])
    matches = tf.reduce_any(opens_as & named, axis=-1)
    if raw:
        matches |= tf.equal(image_format[..., 0] if batched else image_format, contract.RAW_PIXELS_FORMAT.encode())
    return tf.reduce_all(matches) if batched else matches


def values_check_fn(
    keys: Collection[str],
    *,
    labels: LabelRange | None = None,
    class_ids: Collection[int] | None,
    where: str,
    batched: bool,
    raw: bool = True,
) -> Callable[[Parsed], Parsed] | None:
    """A function checking a parsed record (a batch of them, when `batched`) keyed by record key,
    returning it unchanged once its checks pass; None when `keys` hold nothing to check.

    Args:
      keys: the record keys the reader parses; only their values are judged.
      labels: the label indices records may hold (a label index outside them, 7 of 2 labels, would
        be counted in no class by a one-hot), or None.
      class_ids: the manifest's object class numbers, or None.
      where: the output folder, named in every message.
      batched: records parsed a batch at a time (text, tables, pixels, images with no objects):
        objects are not checked, since such batches hold none, and where records may hold raw
        pixels (`raw`) neither are image signatures: those are checked where they are read.
      raw: records may hold raw pixels (`image/format` raw: `Manifest.stores_pixels`).
    """
    sizes = [key for key in record_values.SIZE_KEYS if key in keys]
    originals = [key for key in record_values.ORIGINAL_SIZE_KEYS if key in keys]
    # batches of pixel records (`raw`) check their pixels where they are read (`tf_pixels`)
    image = not (batched and raw) and contract.IMAGE_ENCODED in keys and contract.IMAGE_FORMAT in keys
    per_object = [] if batched else [key for key in record_values.PER_OBJECT_KEYS if key in keys]
    label_keys = [key for key in labels.keys if key in keys] if labels else []
    if not (sizes or originals or image or per_object or label_keys):
        return None
    ids = tf.constant(sorted(class_ids), tf.int64) if class_ids and contract.OBJECT_LABEL in per_object else None
    gated = [*label_keys, *sizes, *originals, *([contract.IMAGE_ENCODED] if image else []), *per_object]
    prefix = f"shardify: a record of {where}"
    advice = "(run `shardify verify` to name its shard and record)"

    def check(parsed: Parsed) -> Parsed:
        checks: list[_Check] = [_label_check(parsed[key], key, labels, where) for key in label_keys]  # type: ignore[arg-type]
        if sizes:
            value = tf.stack([parsed[key] for key in sizes], axis=-1)  # one test for both sizes
            shown = f"{prefix} holds {' or '.join(sizes)} below 1 pixel {advice}; its {', '.join(sizes)}:"
            checks.append((tf.reduce_min(value) >= 1, shown, [value]))
        if originals:
            checks.append(_original_check(parsed, originals, sizes, prefix, advice))
        if image:
            encoded, image_format = parsed[contract.IMAGE_ENCODED], parsed[contract.IMAGE_FORMAT]
            checks.append((
                _signature_matches(encoded, image_format, raw=raw, batched=batched),
                f"{prefix} holds {contract.IMAGE_ENCODED} bytes that are not the {contract.IMAGE_FORMAT} it names, "
                f"or no jpeg, png, gif, bmp or webp image {advice}",
                [],
            ))  # fmt: skip
        if per_object:
            checks += _object_checks(parsed, per_object, ids, prefix, advice)
        return _asserted(parsed, checks, gated)

    return check


def _original_check(parsed: Parsed, originals: Sequence[str], sizes: Sequence[str], prefix: str, advice: str) -> _Check:
    """A `--resize` record's source size: at least 1, and (both sides of both parsed) its shorter and
    longer sides at least the stored image's (a resize only shrinks; an upright copy turns them)."""
    original = tf.stack([parsed[key] for key in originals], axis=-1)
    fine = tf.reduce_min(original) >= 1
    shown = [original]
    if len(originals) == 2 and len(sizes) == 2:
        stored = tf.stack([parsed[key] for key in sizes], axis=-1)
        fine &= tf.reduce_all(tf.reduce_min(original, -1) >= tf.reduce_min(stored, -1))
        fine &= tf.reduce_all(tf.reduce_max(original, -1) >= tf.reduce_max(stored, -1))
        shown.append(stored)
    message = (f"{prefix} holds an {' or '.join(originals)} below 1 pixel or below the stored image's size, which a "
               f"--resize record's source never is {advice}; its original and stored sizes:")
    return fine, message, shown


def _label_check(value: tf.Tensor | tf.sparse.SparseTensor, key: str, labels: LabelRange, where: str) -> _Check:
    indices = _values(value)
    allowed = "-1 (unlabelled) or " if labels.lowest < 0 else ""
    message = (
        f"shardify: a record of {where} holds a {key} that is not a label index ({allowed}0 to {labels.num_labels - 1}: "
        f"its manifest names {labels.num_labels} labels; run `shardify verify`); the record's indices:"
    )
    return (tf.reduce_all((indices >= labels.lowest) & (indices < labels.num_labels)), message, [indices])


def _object_checks(parsed: Parsed, keys: Sequence[str], ids: tf.Tensor | None, prefix: str, advice: str) -> list[_Check]:
    counted = contract.OBJECT_LABEL if contract.OBJECT_LABEL in keys else keys[0]
    objects = tf.size(_values(parsed[counted]))
    lengths = tf.stack([tf.size(_values(parsed[key])) for key in keys])
    same = tf.reduce_all(tf.equal(lengths, objects))
    checks: list[_Check] = [(
        same,
        f"{prefix} holds object features of other lengths than its objects (one value each expected) "
        f"{advice}; the lengths of {', '.join(keys)}:",
        [lengths],
    )]  # fmt: skip
    if ids is not None:
        labels = _values(parsed[contract.OBJECT_LABEL])
        known = tf.reduce_all(tf.reduce_any(tf.equal(labels[:, None], ids[None, :]), axis=1))
        checks.append((
            known,
            f"{prefix} holds an {contract.OBJECT_LABEL} that is no class number of objects.classes in the manifest "
            f"{advice}; its class numbers:",
            [labels],
        ))  # fmt: skip
    if all(key in keys for key in record_values.BOX_KEYS):
        xmin, ymin, xmax, ymax = (_values(parsed[key]) for key in record_values.BOX_KEYS)
        corners = tf.concat([xmin, ymin, xmax, ymax], axis=0)
        slack = record_values.BOX_SLACK
        within = tf.reduce_all((corners >= -slack) & (corners <= 1 + slack))  # NaN fails both
        ordered = tf.cond(same, lambda: tf.reduce_all((xmin <= xmax) & (ymin <= ymax)), lambda: tf.constant(True))
        checks.append((
            within & ordered,
            f"{prefix} holds a box whose corners are not numbers within [0, 1] with xmin <= xmax and ymin <= ymax "
            f"{advice}; its xmin, ymin, xmax, ymax:",
            [xmin, ymin, xmax, ymax],
        ))  # fmt: skip
    return checks
