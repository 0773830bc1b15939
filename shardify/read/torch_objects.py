"""A detection record's objects as the PyTorch readers return them: torchvision's detection target,
moved with the image.

    {"boxes": float32 [n, 4] (xmin, ymin, xmax, ymax) in pixels of the returned image,
     "labels": int64 [n], "masks": uint8 [n, H, W] (0/1, where the records hold masks),
     "keypoints": float32 [n, K, 3] (x, y, visibility; where the records hold keypoints),
     "area": float32 [n], "iscrowd": int64 [n], "image_id": int64 0-d}

That is the target torchvision's detection models (`fasterrcnn_resnet50_fpn`, `maskrcnn_...`,
`keypointrcnn_...`) and its detection reference scripts take. Only those keys: the references move
every value of a target to the device with `.to(device)`, which a list of class names would fail,
and torchvision's `SanitizeBoundingBoxes` filters only the boxes, masks and labels of a target, so
an extra per-object field could fall out of step with them. `labels` are the records' numbers:
from 1 by default (`--class-ids label-map`), as torchvision's detection models want them (they
keep 0 for the background). Class names are the manifest's (`objects.classes`); `difficult` and `truncated` are in `shardify.load`'s `objects` and tfds's.

Why boxes move here and not in torchvision: the image is cropped, resized, padded and flipped by
`shardify.read.torch_records` as `shardify.load` does it, and the target must follow the same
window, so `RecordDecoder` hands over where the stored image's pixels went (`Placement`). A box the
crop leaves no area of is dropped with the rest of its object; the others are clipped to the
window; a keypoint it leaves outside gets visibility 0. Masks are cropped and resized by nearest
neighbour (`nearest-exact`: half-pixel centres, as `tf.image.resize`'s nearest), so they stay 0/1.
`area` stays as recorded (pixels of the stored image, as COCO's evaluation reads it).

A semantic segmentation output's mask of the image (`segmentation`, a greyscale PNG of class
indices) follows the same `Placement` (`place_segmentation`): int64 [H, W], the dtype torchvision's
segmentation references give their targets and `CrossEntropyLoss` takes, whatever the PNG's bit
depth; resized by nearest neighbour with TensorFlow's arithmetic (float32, half-pixel centres), so
`shardify.load` places every class where this does; `pad`'s border holds `fill`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

from shardify.errors import CorruptShardError
from shardify.format import contract, example_proto
from shardify.read.options import OBJECT_FIELDS, ReadPlan

__all__ = ["Placement", "ObjectTarget", "TARGET_KEYS", "place_segmentation"]

# The object fields the target holds, under torchvision's names.
TARGET_KEYS = {
    "bbox": "boxes",
    "label": "labels",
    "mask": "masks",
    "keypoints": "keypoints",
    "area": "area",
    "is_crowd": "iscrowd",
}
_DTYPES = {"label": torch.int64, "area": torch.float32, "is_crowd": torch.int64}
# A PNG's IHDR chunk comes first: its bit depth and colour type are these bytes of the file.
_PNG_BIT_DEPTH_BYTE, _PNG_COLOUR_TYPE_BYTE = 24, 25
_PNG_GREYSCALE = 0


@dataclass(frozen=True)
class Placement:
    """Where a stored image's pixels went in the image a reader returns.

    Attributes:
      height, width: the stored image's size.
      window: (y, x, h, w) of the stored pixels kept (a crop), the whole image when not cropped.
      size: (height, width) of the returned image: the window's own size when not fitted.
      pad: (resized height, resized width, top, left) of the window inside `size` for `fit="pad"`,
        else None (the window is resized to `size`).
      flip: the returned image is flipped left to right.
    """

    height: int
    width: int
    window: tuple[int, int, int, int]
    size: tuple[int, int]
    pad: tuple[int, int, int, int] | None = None
    flip: bool = False

    @classmethod
    def unmoved(cls, height: int, width: int) -> Placement:
        return cls(height, width, (0, 0, height, width), (height, width))


def _mask(png: bytes, height: int, width: int) -> np.ndarray:
    """One object's PNG mask as a uint8 height x width array.

    Raises:
      ValueError: it is not a PNG of that size.
    """
    with Image.open(io.BytesIO(png), formats=["PNG"]) as image:
        if image.size != (width, height):
            raise ValueError(f"a mask is {image.size[0]}x{image.size[1]}, not the image's {width}x{height}")
        return np.asarray(image.convert("L"), dtype=np.uint8)


class ObjectTarget:
    """A decoded record's objects -> torchvision's detection target, placed as its image was.
    Picklable: DataLoader workers get copies.

    Args:
      plan: what is read (its `object_fields` say which fields; they must not be empty).
    """

    def __init__(self, plan: ReadPlan) -> None:
        self._num_keypoints = plan.num_keypoints
        self._fields = tuple(
            field for field in plan.object_fields if field in TARGET_KEYS and (field != "keypoints" or plan.num_keypoints)
        )
        self.keys = frozenset(key for field in plan.object_fields for key in OBJECT_FIELDS[field])

    def __call__(
        self, decoded: Mapping[str, Any], placement: Placement | None, *, path: str, index: int
    ) -> dict[str, torch.Tensor]:
        """The target of one record (`decoded`: `example_proto.decode_example`'s dict), placed as
        `placement` says (None: as stored).

        Raises:
          CorruptShardError: an object feature missing, of another type, of another length than
            the boxes, or a mask that is not a PNG of the image's size.
        """
        if placement is None:
            height = self._scalar(decoded, contract.IMAGE_HEIGHT, path, index)
            placement = Placement.unmoved(height, self._scalar(decoded, contract.IMAGE_WIDTH, path, index))
        values = {field: self._values(decoded, field, path, index) for field in self._fields}
        if "keypoints" in values:  # (x, y, visibility) of every keypoint, object after object
            points, count = values["keypoints"], self._num_keypoints
            if len(points) % count:
                raise CorruptShardError(path, f"it holds {len(points)} keypoints, not {count} per object", index)
            values["keypoints"] = [points[i : i + count] for i in range(0, len(points), count)]
        counts = {len(value) for value in values.values()}
        if len(counts) > 1:
            raise CorruptShardError(path, "its object features hold different numbers of objects", index)
        count = counts.pop() if counts else 0
        target: dict[str, torch.Tensor] = {}
        keep = torch.ones(count, dtype=torch.bool)
        if "bbox" in values:
            boxes, keep = _place_boxes(torch.tensor(values["bbox"], dtype=torch.float32).reshape(-1, 4), placement)
            target["boxes"] = boxes[keep]
        if "keypoints" in values:
            points = torch.tensor(values["keypoints"], dtype=torch.float32).reshape(-1, self._num_keypoints, 3)
            target["keypoints"] = _place_keypoints(points, placement)[keep]
        for field in ("label", "area", "is_crowd"):
            if field in values:
                target[TARGET_KEYS[field]] = torch.tensor(values[field], dtype=_DTYPES[field])[keep]
        if "mask" in values:
            try:
                masks = [_mask(png, placement.height, placement.width) for png in values["mask"]]
            except (OSError, ValueError) as error:
                raise CorruptShardError(path, f"an object's mask does not decode: {error}", index) from None
            empty = torch.zeros((0, placement.height, placement.width), dtype=torch.uint8)
            stacked = torch.from_numpy(np.stack(masks)) if masks else empty
            target["masks"] = _place_masks(stacked[keep], placement)
        if contract.IMAGE_SOURCE_ID in decoded:
            target["image_id"] = self._image_id(decoded, path, index)
        return target

    def _values(self, decoded: Mapping[str, Any], field: str, path: str, index: int) -> list:
        keys = OBJECT_FIELDS[field]
        if field == "keypoints":  # torchvision's keypoints hold their visibility
            keys = (*keys, *OBJECT_FIELDS["keypoint_visibility"])
        columns = []
        for key in keys:
            if key not in decoded:
                raise CorruptShardError(path, f"feature {key!r} is missing", index)
            kind, values = decoded[key]
            floats = key in OBJECT_FIELDS["bbox"] + OBJECT_FIELDS["area"] + OBJECT_FIELDS["keypoints"]
            want = example_proto.FLOAT if floats else example_proto.BYTES if field == "mask" else example_proto.INT64
            if kind != want:
                raise CorruptShardError(path, f"feature {key!r} is {kind}, expected {want}", index)
            columns.append(list(values))
        if len(columns) == 1:
            return columns[0]
        if len({len(column) for column in columns}) > 1:
            raise CorruptShardError(path, f"its {field} coordinates hold different numbers of values", index)
        if field == "keypoints":  # (y, x, visibility) columns -> (x, y, visibility) rows, as torchvision's
            y, x, visibility = columns
            return list(zip(x, y, visibility))
        # (ymin, xmin, ymax, xmax) columns -> (xmin, ymin, xmax, ymax) rows, as torchvision's boxes
        ymin, xmin, ymax, xmax = columns
        return list(zip(xmin, ymin, xmax, ymax))

    @staticmethod
    def _scalar(decoded: Mapping[str, Any], key: str, path: str, index: int) -> int:
        kind, values = decoded.get(key, (None, []))
        if kind != example_proto.INT64 or len(values) != 1:
            raise CorruptShardError(path, f"feature {key!r} is not one int64", index)
        return int(values[0])

    @staticmethod
    def _image_id(decoded: Mapping[str, Any], path: str, index: int) -> torch.Tensor:
        kind, values = decoded[contract.IMAGE_SOURCE_ID]
        try:
            if kind != example_proto.BYTES or len(values) != 1:
                raise ValueError
            return torch.tensor(int(values[0].decode("ascii")), dtype=torch.int64)
        except (ValueError, UnicodeDecodeError):
            raise CorruptShardError(path, f"{contract.IMAGE_SOURCE_ID} is not a number: {values[:1]!r}", index) from None


def _place_boxes(normalised: torch.Tensor, placement: Placement) -> tuple[torch.Tensor, torch.Tensor]:
    """(boxes in pixels of the returned image, which objects keep some area in it), from boxes
    normalised by the stored image (xmin, ymin, xmax, ymax)."""
    y, x, h, w = placement.window
    scale = torch.tensor([placement.width, placement.height] * 2, dtype=torch.float32)
    boxes = normalised * scale - torch.tensor([x, y] * 2, dtype=torch.float32)
    boxes = torch.minimum(boxes.clamp(min=0.0), torch.tensor([w, h] * 2, dtype=torch.float32))
    keep = (boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1])
    out_h, out_w = placement.size
    if placement.pad is not None:
        resized_h, resized_w, top, left = placement.pad
        boxes = boxes * torch.tensor([resized_w / w, resized_h / h] * 2) + torch.tensor([left, top] * 2, dtype=torch.float32)
    else:
        boxes = boxes * torch.tensor([out_w / w, out_h / h] * 2)
    if placement.flip:
        boxes = torch.stack([out_w - boxes[:, 2], boxes[:, 1], out_w - boxes[:, 0], boxes[:, 3]], dim=1)
    return boxes, keep


def _place_keypoints(normalised: torch.Tensor, placement: Placement) -> torch.Tensor:
    """[n, K, 3] keypoints (x, y normalised by the stored image, visibility) -> in pixels of the
    returned image; those outside a crop's window get visibility 0. Never flipped (refused)."""
    y, x, h, w = placement.window
    points = normalised[..., :2] * torch.tensor([placement.width, placement.height], dtype=torch.float32)
    points = points - torch.tensor([x, y], dtype=torch.float32)
    inside = ((points >= 0) & (points <= torch.tensor([w, h], dtype=torch.float32))).all(dim=-1)
    visibility = torch.where(inside, normalised[..., 2], torch.zeros_like(normalised[..., 2]))
    out_h, out_w = placement.size
    if placement.pad is not None:
        resized_h, resized_w, top, left = placement.pad
        points = points * torch.tensor([resized_w / w, resized_h / h]) + torch.tensor([left, top], dtype=torch.float32)
    else:
        points = points * torch.tensor([out_w / w, out_h / h])
    return torch.cat([points, visibility[..., None]], dim=-1)


def _place_masks(masks: torch.Tensor, placement: Placement) -> torch.Tensor:
    """uint8 [n, stored h, stored w] -> [n, returned h, returned w], as the image was placed."""
    y, x, h, w = placement.window
    masks = masks[:, y : y + h, x : x + w]
    out_h, out_w = placement.size
    if placement.pad is not None:
        resized_h, resized_w, top, left = placement.pad
        padded = torch.zeros((len(masks), out_h, out_w), dtype=torch.uint8)
        padded[:, top : top + resized_h, left : left + resized_w] = _resize(masks, (resized_h, resized_w))
        masks = padded
    else:
        masks = _resize(masks, (out_h, out_w))
    return masks.flip(-1) if placement.flip else masks.contiguous()


def _resize(masks: torch.Tensor, size: tuple[int, int]) -> torch.Tensor:
    if tuple(masks.shape[1:]) == tuple(size):
        return masks
    return F.interpolate(masks[:, None], size=size, mode="nearest-exact")[:, 0]


def _class_indices(png: bytes) -> np.ndarray:
    """A segmentation PNG's class indices, [H, W]: a 16-bit PNG's as they are, a 1-, 2- or 4-bit
    one's as stored (1, not the 255 Pillow's 8-bit conversion makes of it).

    Raises:
      ValueError: it is not a greyscale PNG (colours are not class indices).
    """
    if len(png) <= _PNG_COLOUR_TYPE_BYTE or png[_PNG_COLOUR_TYPE_BYTE] != _PNG_GREYSCALE:
        colour = png[_PNG_COLOUR_TYPE_BYTE] if len(png) > _PNG_COLOUR_TYPE_BYTE else None
        raise ValueError(f"it is not a greyscale PNG of class indices (PNG colour type {colour})")
    bits = png[_PNG_BIT_DEPTH_BYTE]
    with Image.open(io.BytesIO(png), formats=["PNG"]) as image:
        if bits < 8:  # Pillow widens them to 8 bits, 1 -> 255 (1 bit), 3 -> 255 (2 bits), ...
            return np.asarray(image.convert("L")) // (255 // ((1 << bits) - 1))
        return np.asarray(image)


def _nearest(stored: int, size: int) -> torch.Tensor:
    """Which of `stored` pixels each of `size` takes, as `tf.image.resize`'s nearest neighbour
    picks it: floor((i + 0.5) * stored / size) in float32, at most stored - 1."""
    scale = np.float32(stored) / np.float32(size)
    picks = np.floor((np.arange(size, dtype=np.float32) + np.float32(0.5)) * scale).astype(np.int64)
    return torch.from_numpy(np.minimum(picks, stored - 1))


def _resize_classes(mask: torch.Tensor, size: tuple[int, int]) -> torch.Tensor:
    if tuple(mask.shape) == tuple(size):
        return mask
    return mask[_nearest(mask.shape[0], size[0])][:, _nearest(mask.shape[1], size[1])]


def place_segmentation(png: bytes, placement: Placement | None, *, fill: int) -> torch.Tensor:
    """A segmentation PNG -> int64 [H, W] class indices, placed as `placement` placed the image
    (None: as stored): the same window, nearest-neighbour resizing, `fill` in `pad`'s border, the
    same flip.

    Raises:
      ValueError: it is not a greyscale PNG, or not of the image's size (OSError: not a PNG).
    """
    mask = torch.from_numpy(_class_indices(png).astype(np.int64))
    if placement is None:
        return mask
    if tuple(mask.shape) != (placement.height, placement.width):
        raise ValueError(f"it is {mask.shape[1]}x{mask.shape[0]}, not the image's {placement.width}x{placement.height}")
    y, x, h, w = placement.window
    mask = mask[y : y + h, x : x + w]
    if placement.pad is not None:
        resized_h, resized_w, top, left = placement.pad
        padded = torch.full(placement.size, fill, dtype=torch.int64)
        padded[top : top + resized_h, left : left + resized_w] = _resize_classes(mask, (resized_h, resized_w))
        mask = padded
    else:
        mask = _resize_classes(mask, placement.size)
    return mask.flip(-1) if placement.flip else mask.contiguous()
