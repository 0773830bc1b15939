"""What reading options mean for one manifest: the record keys to parse, the names they come back
under (`plan_read`, giving a `ReadPlan`), and how many records the shuffle buffer holds.

Every reader (tf.data, PyTorch, DALI) asks `plan_read`, so that they return the same features
under the same names; the keys an image decoder needs and the record keys of a detection
record's objects are spelled here, from the record contract (`shardify.format.contract`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.format.manifest_model import Manifest

if TYPE_CHECKING:
    from shardify.read.read_options import ReadOptions

__all__ = [
    "SHUFFLE_BUFFER_BYTES",
    "DECODER_KEYS",
    "PIXEL_DECODER_KEYS",
    "OBJECTS",
    "OBJECT_FIELDS",
    "ReadPlan",
    "plan_read",
    "shuffle_buffer_records",
]

# The record shuffle buffer holds about this many bytes of serialized records: enough to mix
# records from every interleaved shard, small enough for any training host (per reader).
SHUFFLE_BUFFER_BYTES = 64 * 1024 * 1024
# What an image decoder reads: the bytes, and the format and size recorded at write time. Readers
# that decode images always return these too.
DECODER_KEYS = (contract.IMAGE_ENCODED, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_FORMAT)
# ... and, where images may be stored as pixels (`Manifest.stores_pixels`), their channels: the
# shape of the bytes (only then, so that other outputs parse nothing more).
PIXEL_DECODER_KEYS = (*DECODER_KEYS, contract.IMAGE_CHANNELS)
# A detection record's objects come back as one feature under this reader name: each field below,
# made of these record keys, with one value per object (`bbox` from four: [ymin, xmin, ymax,
# xmax], tfds's BBoxFeature order; `keypoints` [num_keypoints, 2] (y, x) and
# `keypoint_visibility` [num_keypoints] per object, from the flat lists). The fields a manifest
# has, and `features` asks for, are read; `objects/<field>` (or a record key, or the manifest's
# `objects/xmin`-style name) asks for one.
OBJECTS = "objects"
OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "bbox": (contract.OBJECT_YMIN, contract.OBJECT_XMIN, contract.OBJECT_YMAX, contract.OBJECT_XMAX),
    "label": (contract.OBJECT_LABEL,),
    "label_text": (contract.OBJECT_TEXT,),
    "area": (contract.OBJECT_AREA,),
    "is_crowd": (contract.OBJECT_IS_CROWD,),
    "difficult": (contract.OBJECT_DIFFICULT,),
    "truncated": (contract.OBJECT_TRUNCATED,),
    "mask": (contract.OBJECT_MASK,),
    "keypoints": (contract.KEYPOINT_Y, contract.KEYPOINT_X),
    "keypoint_visibility": (contract.KEYPOINT_VISIBILITY,),
}
_OBJECT_FIELD_OF = {key: field for field, keys in OBJECT_FIELDS.items() for key in keys}


@dataclass(frozen=True)
class ReadPlan:
    """What `ReadOptions` mean for one manifest.

    Attributes:
      keys: manifest keys to parse, in manifest order (with DECODER_KEYS when images are read).
      names: each key's reader name (the manifest's `output_name`).
      image_name, text_name, label_name: reader names of the image, text and label features, or
        None where the records have none.
      reads_images: the image feature is among `keys`.
      multi_label: labels are index lists (the manifest's label_mode is "multi").
      num_labels: how many labels the manifest names.
      object_fields: the fields of OBJECT_FIELDS returned as `objects`, in that order (their
        record keys are among `keys`); () where records hold no objects or none are asked for.
      num_keypoints: keypoints per object (the manifest's objects.num_keypoints), else 0.
      segmentation_name: the reader name of the segmentation mask (`contract.SEGMENTATION`'s),
        where it is among `keys`, else None; readers return it decoded, under that name.
      supervised_input: the reader name `as_supervised` pairs with the label.
      supervised_target: what it pairs it with: the label, or `objects` in a detection output.
    """

    keys: tuple[str, ...]
    names: dict[str, str]
    image_name: str | None
    text_name: str | None
    label_name: str | None
    reads_images: bool
    multi_label: bool
    num_labels: int
    object_fields: tuple[str, ...] = ()
    num_keypoints: int = 0
    segmentation_name: str | None = None

    @property
    def supervised_input(self) -> str | None:
        return self.image_name or self.text_name

    @property
    def supervised_target(self) -> str | None:
        return OBJECTS if self.object_fields else self.label_name

    def object_names(self, field: str) -> tuple[str, ...]:
        """The reader names (as parsed) of the record keys `field` of `objects` is made of."""
        return tuple(self.names[key] for key in OBJECT_FIELDS[field])

    def multi_hot_label(self, options: ReadOptions) -> bool:
        """The label comes back as a multi-hot vector."""
        return self.multi_label and options.multi_hot and self.label_name in self.names.values()


def _output_name(manifest: Manifest, key: str) -> str | None:
    feature = manifest.features.get(key)
    return feature.get("output_name", key) if feature else None


def _split_features(manifest: Manifest, options: ReadOptions, path: str, split: str | None) -> Manifest:
    """`manifest` as split `split` holds it: without the segmentation mask where that split's records
    carry none (`SplitInfo.num_unmasked`: a split the source gives no masks, LoveDA's Test/), so that
    every reader (tf.data, torch, DALI) reads its images alone, as an unlabelled split reads without labels.

    Raises:
      ReadOptionError: `features` asks for the mask of such a split.
    """
    info = manifest.splits.get(split) if split is not None else None
    if info is None or not info.num_unmasked or contract.SEGMENTATION not in manifest.features:
        return manifest
    name = _output_name(manifest, contract.SEGMENTATION)
    if options.features is not None and {name, contract.SEGMENTATION} & set(options.features):
        raise ReadOptionError(
            f"split {split!r} of {path} holds no segmentation masks (the source gives that split none: its "
            f"{info.num_unmasked} records are images alone): read it without {name!r} in features="
        )
    return dataclasses.replace(manifest, features={k: v for k, v in manifest.features.items() if k != contract.SEGMENTATION})


def plan_read(manifest: Manifest, options: ReadOptions, *, path: str, split: str | None = None) -> ReadPlan:
    """Which features `options` read from `manifest` (the output folder `path`), and under which
    names; of split `split` where given (a split without masks reads none: `_split_features`).

    Raises:
      ReadOptionError: `as_supervised` on unlabelled data without objects, `features` names one
        the manifest does not have (or the mask of a split without masks), or keypoints are read
        with `flip`.
    """
    manifest = _split_features(manifest, options, path, split)
    image_name = _output_name(manifest, contract.IMAGE_ENCODED)
    text_name = _output_name(manifest, contract.TEXT)
    label_name = _output_name(manifest, contract.LABEL) or _output_name(manifest, contract.TEXT_LABEL)
    # The object fields this output has: all of a field's keys, in a manifest that says it holds objects.
    present = [
        field
        for field, field_keys in OBJECT_FIELDS.items()
        if manifest.objects is not None and all(key in manifest.features for key in field_keys)
    ]
    if options.as_supervised and not (label_name or present):
        raise ReadOptionError(f"as_supervised needs labels, and {path} is unlabelled")
    gathered = {key for field in present for key in OBJECT_FIELDS[field]}  # returned inside `objects`
    target = OBJECTS if present else label_name
    required = [image_name or text_name, target] if options.as_supervised else []
    if options.features is None:
        keys, fields = [key for key in manifest.features if key not in gathered], set(present)
    else:
        by_name = {spec.get("output_name", key): key for key, spec in manifest.features.items()}
        object_names = {OBJECTS: present, **{f"{OBJECTS}/{field}": [field] for field in present}} if present else {}
        wanted = set(options.features) | {name for name in required if name}
        unknown = sorted(wanted - set(by_name) - set(manifest.features) - set(object_names))
        if unknown:
            known = sorted({*(name for name, key in by_name.items() if key not in gathered), *object_names})
            raise ReadOptionError(f"features {unknown} are not in {manifest.root}; it has {known}")
        picked = [key for name, key in by_name.items() if name in wanted or key in wanted]
        keys = [key for key in picked if key not in gathered]
        # an object key, or the manifest's name for it (objects/xmin), asks for its whole field
        fields = {_OBJECT_FIELD_OF[key] for key in picked if key in gathered}
        fields.update(field for name in wanted for field in object_names.get(name, ()))
    object_fields = tuple(field for field in present if field in fields)
    keys += [key for field in object_fields for key in OBJECT_FIELDS[field]]
    reads_images = contract.IMAGE_ENCODED in keys
    if reads_images:  # the decoder reads the format and size from the record, not the bytes
        keys = list(dict.fromkeys([*keys, *(PIXEL_DECODER_KEYS if manifest.stores_pixels else DECODER_KEYS)]))
    if "mask" in object_fields:  # the size of an image's masks when it has none
        keys = list(dict.fromkeys([*keys, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH]))
    if "keypoints" in object_fields and reads_images and options.flip:
        raise ReadOptionError(
            f"flip=True would mirror the keypoints of {path} without swapping left and right ones (its manifest "
            "does not say which are which): flip them yourself, or leave them out with "
            f"features=[..., {', '.join(repr(f'{OBJECTS}/{f}') for f in object_fields if not f.startswith('keypoint'))}]"
        )
    return ReadPlan(
        keys=tuple(keys),
        names={key: manifest.features[key].get("output_name", key) for key in keys},
        image_name=image_name,
        text_name=text_name,
        label_name=label_name,
        reads_images=reads_images,
        multi_label=manifest.label_mode == contract.LABEL_MULTI,
        num_labels=len(manifest.labels),
        object_fields=object_fields,
        num_keypoints=manifest.objects.num_keypoints if manifest.objects is not None else 0,
        segmentation_name=_output_name(manifest, contract.SEGMENTATION) if contract.SEGMENTATION in keys else None,
    )


def shuffle_buffer_records(num_records: int, num_bytes: int) -> int:
    """Records the shuffle buffer holds: about SHUFFLE_BUFFER_BYTES of them, at most all of them.

    >>> shuffle_buffer_records(1000, 1000 * 1024 * 1024)
    64
    """
    mean_record_bytes = max(1, num_bytes // max(1, num_records))
    return max(1, min(num_records, SHUFFLE_BUFFER_BYTES // mean_record_bytes))
