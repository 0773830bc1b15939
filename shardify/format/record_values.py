"""What a record's values may be, beyond its types: the checks `shardify verify` and the PyTorch
readers run on every decoded record, and that `shardify.read.tf_checks` states again in
TensorFlow ops for `shardify.load`.

Why a module of its own: a shard forged with matching CRCs and checksums passes every check of
its bytes, and would feed a trainer NaN boxes, images of -5 rows or a class no manifest names.
The writer never writes such values, so each rule here is what the writer guarantees; verify and
the readers must agree on them, and one function keeps them agreeing.

A decoded record is `example_proto.decode_example`'s `{key: (kind, values)}`; `features` is the
manifest's feature spec (only the keys it names are judged: a reader that parses fewer features
judges fewer).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from shardify.format import contract, image_formats
from shardify.format.example_proto import BYTES, FLOAT, INT64

__all__ = ["values_problem", "BOX_SLACK", "SIZE_KEYS", "ORIGINAL_SIZE_KEYS", "BOX_KEYS", "PER_OBJECT_KEYS", "PER_KEYPOINT_KEYS"]

SIZE_KEYS = (contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH)
# A `--resize` output's source sizes, beside the stored ones they are never below (a resize shrinks).
ORIGINAL_SIZE_KEYS = (contract.IMAGE_ORIGINAL_HEIGHT, contract.IMAGE_ORIGINAL_WIDTH)
_SHA256_HEX = 64
BOX_KEYS = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)
# A box corner may lie this far outside [0, 1]: a corner at an image's edge, normalised in float32.
BOX_SLACK = 1e-6
# Object features holding one value per object (the boxes' four corners too).
PER_OBJECT_KEYS = contract.PER_OBJECT_KEYS
# Object features holding `num_keypoints` values per object.
PER_KEYPOINT_KEYS = (contract.KEYPOINT_X, contract.KEYPOINT_Y, contract.KEYPOINT_VISIBILITY)


def values_problem(
    decoded: Mapping[str, tuple[str, list]],
    features: Collection[str],
    *,
    class_ids: Collection[int] | None = None,
    num_keypoints: int = 0,
) -> str:
    """Why a record's values are none the writer writes, though its types are the spec's, or "":
    a size below 1 pixel; a `--resize` record's original size below its stored one, or its
    original's sha256 not 64 hex digits; image bytes that are no stored format, or another than `image/format`
    says; object features of other lengths than the objects'; a box corner that is not a number
    within [0, 1], or corners out of order; an object class that is none of `class_ids` (the
    manifest's `objects.classes` numbers, when given).

    >>> values_problem({"image/height": ("int64", [-5])}, ["image/height"])
    'image/height is -5: an image is at least 1 pixel high and wide'
    """
    for key in SIZE_KEYS:
        if _held(decoded, features, key, INT64) and decoded[key][1][0] < 1:
            return f"{key} is {decoded[key][1][0]}: an image is at least 1 pixel high and wide"
    problem = _original_problem(decoded, features) or _image_problem(decoded, features)
    if problem or not any(key in features for key in PER_OBJECT_KEYS):
        return problem
    return _objects_problem(decoded, features, class_ids, num_keypoints)


def _original_problem(decoded: Mapping[str, tuple[str, list]], features: Collection[str]) -> str:
    """Why a `--resize` record's source size or hash is none the writer writes (it records the
    source's size, at least 1 pixel, and its sides at least the stored image's, shorter to shorter
    and longer to longer: a resize only shrinks, and an upright copy's sides are the source's turned;
    and the source bytes' sha256 in hex)."""
    originals = [decoded[key][1][0] for key in ORIGINAL_SIZE_KEYS if _held(decoded, features, key, INT64)]
    for key, value in zip(ORIGINAL_SIZE_KEYS, originals):
        if value < 1:
            return f"{key} is {value}: a --resize record's source is at least 1 pixel high and wide"
    stored = [decoded[key][1][0] for key in SIZE_KEYS if _held(decoded, features, key, INT64)]
    if len(originals) == 2 and len(stored) == 2 and any(o < s for o, s in zip(sorted(originals), sorted(stored))):
        return (f"{ORIGINAL_SIZE_KEYS[0]} x {ORIGINAL_SIZE_KEYS[1]} is {originals[0]} x {originals[1]}, below the stored "
                f"{stored[0]} x {stored[1]}: a --resize record's source is never smaller than the image stored")
    key = contract.IMAGE_ORIGINAL_SHA256
    if _held(decoded, features, key, BYTES):
        digest = decoded[key][1][0]
        if len(digest) != _SHA256_HEX or not all(c in b"0123456789abcdef" for c in digest):
            return f"{key} is {digest[:80]!r}: a sha256 is {_SHA256_HEX} hex digits"
    return ""


def _image_problem(decoded: Mapping[str, tuple[str, list]], features: Collection[str]) -> str:
    """Why `image/encoded` is not what `image/format` names (raw pixels are judged elsewhere)."""
    if not (_held(decoded, features, contract.IMAGE_ENCODED, BYTES) and _held(decoded, features, contract.IMAGE_FORMAT, BYTES)):
        return ""
    said = decoded[contract.IMAGE_FORMAT][1][0].decode("utf-8", "replace")
    if said == contract.RAW_PIXELS_FORMAT:
        return ""
    data = decoded[contract.IMAGE_ENCODED][1][0]
    found = image_formats.sniff(data[: image_formats.SNIFF_BYTES])
    stored = set(image_formats.STORED_IMAGE_FORMATS.values())
    if found is None or found.name not in stored:
        return f"{contract.IMAGE_ENCODED} is no {', '.join(sorted(stored))} image (its first bytes: {data[:8]!r})"
    if found.name != said:
        return f"{contract.IMAGE_ENCODED} is a {found.name} image, but {contract.IMAGE_FORMAT} says {said!r}"
    return ""


def _objects_problem(
    decoded: Mapping[str, tuple[str, list]], features: Collection[str], class_ids: Collection[int] | None, num_keypoints: int
) -> str:
    present = [key for key in PER_OBJECT_KEYS if key in features and key in decoded]
    if not all(decoded[key][0] == (FLOAT if key in BOX_KEYS else decoded[key][0]) for key in present):
        return ""  # of another type: the type check names it
    if not present:
        return ""
    counted = contract.OBJECT_LABEL if contract.OBJECT_LABEL in present else present[0]
    objects = len(decoded[counted][1])
    for key in present:
        if len(decoded[key][1]) != objects:
            return f"{key} holds {len(decoded[key][1])} values for {objects} objects: one each is expected"
    for key in PER_KEYPOINT_KEYS:
        if num_keypoints and key in features and key in decoded and len(decoded[key][1]) != objects * num_keypoints:
            return f"{key} holds {len(decoded[key][1])} values for {objects} objects of {num_keypoints} keypoints each"
    if class_ids is not None and contract.OBJECT_LABEL in present and decoded[contract.OBJECT_LABEL][0] == INT64:
        bad = next((value for value in decoded[contract.OBJECT_LABEL][1] if value not in class_ids), None)
        if bad is not None:
            return f"{contract.OBJECT_LABEL} is {bad}, a class number the manifest's objects.classes does not give"
    if not all(key in present for key in BOX_KEYS):
        return ""
    boxes = [decoded[key][1] for key in BOX_KEYS]
    for key, values in zip(BOX_KEYS, boxes):
        bad = next((v for v in values if not -BOX_SLACK <= v <= 1 + BOX_SLACK), None)  # NaN fails both
        if bad is not None:
            return f"{key} is {bad}: box corners are normalised to [0, 1]"
    for i, (xmin, ymin, xmax, ymax) in enumerate(zip(*boxes)):
        if xmin > xmax or ymin > ymax:
            key = BOX_KEYS[2] if xmin > xmax else BOX_KEYS[3]
            return f"{key} of object {i} is below its {'xmin' if xmin > xmax else 'ymin'}: corners out of order"
    return ""


def _held(decoded: Mapping[str, tuple[str, list]], features: Collection[str], key: str, kind: str) -> bool:
    """The record holds `key` as the spec's `kind`, at least one value (a key of another type or
    missing is the type check's to name)."""
    return key in features and key in decoded and decoded[key][0] == kind and bool(decoded[key][1])
