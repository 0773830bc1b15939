"""`shardify.load`'s checks of a parsed record's values: the rules of `shardify.format.record_values`
(what `shardify verify` and the PyTorch readers check in Python), stated in TensorFlow ops, run
inside the parse map, so that a record forged with matching CRCs and checksums fails the read
where it is reached instead of feeding a trainer NaN boxes, a class no manifest names or a size
of -5.

What is checked, per record, of the features the reader parses (each is a few scalar ops: the
cost is measured in docs/reading.md, "What the readers check"):

- `image/height` and `image/width` at least 1;
- `image/encoded` carries the signature of the format `image/format` names (JPEG, PNG, GIF, BMP,
  WebP; `raw` pixels are checked where they are read, `tf_pixels.raw_pixels`);
- object features: one value per object, boxes of corners within [0, 1] and in order, class
  numbers among the manifest's `objects.classes`.

A failed check is an `InvalidArgumentError` whose message starts `shardify:` and names the output
folder, the key and what is wrong (TensorFlow's map cannot raise our own error types; the shard
and record are `shardify verify`'s to name).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import tensorflow as tf

from shardify.format import contract, record_values

__all__ = ["values_check_fn"]

# Each stored format's signature: (offset, bytes) pairs the image's bytes must all hold, any one
# row for its format (`shardify.format.image_formats`' signatures, for the formats stored as found).
_SIGNATURES: dict[str, tuple[tuple[tuple[int, bytes], ...], ...]] = {
    "jpeg": (((0, b"\xff\xd8\xff"),),),
    "png": (((0, b"\x89PNG\r\n\x1a\n"),),),
    "gif": (((0, b"GIF87a"),), ((0, b"GIF89a"),)),
    "bmp": (((0, b"BM"),),),
    "webp": (((0, b"RIFF"), (8, b"WEBP")),),
}

Parsed = dict  # record key -> tf.Tensor or tf.sparse.SparseTensor


def _values(value: tf.Tensor | tf.sparse.SparseTensor) -> tf.Tensor:
    return value.values if isinstance(value, tf.sparse.SparseTensor) else value


def _assert(parsed: Parsed, keys: str | Sequence[str], condition: tf.Tensor, message: str, shown: Sequence[tf.Tensor]) -> Parsed:
    """`parsed`, with the values of `keys` made to depend on `condition` (an Assert with
    `message`): nothing reads them before the check has passed."""
    check = tf.debugging.Assert(condition, [message, *shown], summarize=8)
    with tf.control_dependencies([check]):
        for key in [keys] if isinstance(keys, str) else keys:
            value = parsed[key]
            if isinstance(value, tf.sparse.SparseTensor):
                parsed[key] = tf.sparse.SparseTensor(value.indices, tf.identity(value.values), value.dense_shape)
            else:
                parsed[key] = tf.identity(value)
    return parsed


def _printable(text: tf.Tensor) -> tf.Tensor:
    """`text` fit for an error message: bytes no UTF-8 has, and control characters, as U+FFFD
    (TensorFlow decodes an Assert's message as UTF-8: raw image bytes made that a UnicodeDecodeError)."""
    return tf.strings.unicode_transcode(text, "UTF-8", "UTF-8", errors="replace", replace_control_characters=True)


def _signature_matches(encoded: tf.Tensor, image_format: tf.Tensor) -> tf.Tensor:
    """The bytes carry the signature of the format `image_format` names; raw pixels pass here."""
    matches = tf.equal(image_format, contract.RAW_PIXELS_FORMAT.encode())
    for name, rows in _SIGNATURES.items():
        row_matches = tf.constant(False)
        for row in rows:
            held = tf.constant(True)
            for offset, magic in row:
                held = held & tf.equal(tf.strings.substr(encoded, offset, len(magic)), magic)
            row_matches = row_matches | held
        matches = matches | (tf.equal(image_format, name.encode()) & row_matches)
    return matches


def values_check_fn(
    keys: Collection[str], *, class_ids: Collection[int] | None, where: str, batched: bool
) -> Callable[[Parsed], Parsed] | None:
    """A function checking a parsed record (a batch of them, when `batched`) keyed by record key,
    returning it unchanged once its checks pass; None when `keys` hold nothing to check.

    Args:
      keys: the record keys the reader parses; only their values are judged.
      class_ids: the manifest's object class numbers, or None.
      where: the output folder, named in every message.
      batched: records parsed a batch at a time (text, tables, pixels): only sizes are checked,
        since such batches hold no objects and their raw pixels are checked where they are read.
    """
    sizes = [key for key in record_values.SIZE_KEYS if key in keys]
    image = not batched and contract.IMAGE_ENCODED in keys and contract.IMAGE_FORMAT in keys
    per_object = [] if batched else [key for key in record_values.PER_OBJECT_KEYS if key in keys]
    boxes = all(key in per_object for key in record_values.BOX_KEYS)
    if not (sizes or image or per_object):
        return None
    ids = tf.constant(sorted(class_ids), tf.int64) if class_ids and contract.OBJECT_LABEL in per_object else None
    prefix = f"shardify: a record of {where}"
    advice = "(run `shardify verify` to name its shard and record)"

    def check(parsed: Parsed) -> Parsed:
        parsed = dict(parsed)
        for key in sizes:
            value = parsed[key]
            parsed = _assert(parsed, key, tf.reduce_all(value >= 1), f"{prefix} holds {key} below 1 pixel {advice}:", [value])
        if image:
            encoded, image_format = parsed[contract.IMAGE_ENCODED], parsed[contract.IMAGE_FORMAT]
            parsed = _assert(
                parsed, contract.IMAGE_ENCODED, _signature_matches(encoded, image_format),
                f"{prefix} holds {contract.IMAGE_ENCODED} bytes that are not the {contract.IMAGE_FORMAT} it names, "
                f"or no jpeg, png, gif, bmp or webp image {advice}; its format and first bytes:",
                [_printable(image_format), _printable(tf.strings.substr(encoded, 0, 12))],
            )  # fmt: skip
        if per_object:
            parsed = _check_objects(parsed, per_object, boxes, ids, prefix, advice)
        return parsed

    return check


def _check_objects(
    parsed: Parsed, keys: Sequence[str], boxes: bool, ids: tf.Tensor | None, prefix: str, advice: str
) -> Parsed:
    counted = contract.OBJECT_LABEL if contract.OBJECT_LABEL in keys else keys[0]
    objects = tf.size(_values(parsed[counted]))
    lengths = tf.stack([tf.size(_values(parsed[key])) for key in keys])
    same = tf.reduce_all(tf.equal(lengths, objects))
    parsed = _assert(
        parsed, keys, same,
        f"{prefix} holds object features of other lengths than its objects (one value each expected) "
        f"{advice}; the lengths of {', '.join(keys)}:",
        [lengths],
    )  # fmt: skip
    if ids is not None:
        labels = _values(parsed[contract.OBJECT_LABEL])
        known = tf.reduce_all(tf.reduce_any(tf.equal(labels[:, None], ids[None, :]), axis=1))
        parsed = _assert(
            parsed, contract.OBJECT_LABEL, known,
            f"{prefix} holds an {contract.OBJECT_LABEL} that is no class number of objects.classes in the manifest {advice}; "
            "its class numbers:",
            [labels],
        )  # fmt: skip
    if boxes:
        xmin, ymin, xmax, ymax = (_values(parsed[key]) for key in record_values.BOX_KEYS)
        corners = tf.concat([xmin, ymin, xmax, ymax], axis=0)
        slack = record_values.BOX_SLACK
        within = tf.reduce_all((corners >= -slack) & (corners <= 1 + slack))  # NaN fails both
        ordered = tf.cond(same, lambda: tf.reduce_all((xmin <= xmax) & (ymin <= ymax)), lambda: tf.constant(True))
        parsed = _assert(
            parsed, record_values.BOX_KEYS, within & ordered,
            f"{prefix} holds a box whose corners are not numbers within [0, 1] with xmin <= xmax and ymin <= ymax "
            f"{advice}; its xmin, ymin, xmax, ymax:",
            [xmin, ymin, xmax, ymax],
        )  # fmt: skip
    return parsed
