"""Every reader gives a detection output's objects with no glue: `shardify.load` as `objects`
(tfds's [ymin, xmin, ymax, xmax] boxes, ragged when batched), `shardify.torch` as torchvision's
detection target (pixel xyxy `boxes`), and both move boxes and masks with every crop, pad, resize
and flip they apply to the image.

The source is a COCO dataset whose objects are painted on their images: each object a rectangle
of its own colour, where its annotation's `bbox` says (no `segmentation`, so its mask is that
rectangle filled). Expectations come from the annotation JSON; after a transform, where an
object's colour lies in the returned image is where its box and mask must lie: an oracle computed
by the image decoders and resizers, not by our box arithmetic.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ReadOptionError

tf = pytest.importorskip("tensorflow")

import shardify  # noqa: E402 - load needs TensorFlow

_RED, _GREEN, _BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)
_CATEGORIES = [{"id": 3, "name": "red"}, {"id": 5, "name": "green"}, {"id": 9, "name": "blue"}]
_COLOUR = {3: _RED, 5: _GREEN, 9: _BLUE}
# file -> (width, height, [(category id, x, y, width, height, iscrowd)])
_IMAGES = {
    "a.png": (48, 32, [(3, 8, 4, 12, 12, 0), (5, 30, 18, 14, 12, 1), (9, 0, 26, 4, 6, 0)]),
    "b.jpg": (40, 40, [(5, 4, 10, 20, 24, 0)]),
    "c.png": (24, 16, []),
}
_BOX_SLACK_PX = {"a.png": 1.0, "b.jpg": 2.0, "c.png": 1.0}  # bilinear edges; a JPEG's chroma blurs colours more


@pytest.fixture(scope="module")
def coco(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """(output, annotation document): the painted COCO dataset converted once, masks and COCO's
    own category ids kept."""
    from PIL import Image, ImageDraw

    root = tmp_path_factory.mktemp("painted")
    (root / "images").mkdir()
    images, annotations = [], []
    for number, (name, (width, height, objects)) in enumerate(_IMAGES.items(), start=1):
        image = Image.new("RGB", (width, height), (0, 0, 0))
        draw = ImageDraw.Draw(image)
        for category, x, y, w, h, crowd in objects:
            draw.rectangle([x, y, x + w - 1, y + h - 1], fill=_COLOUR[category])  # inclusive corners
            annotations.append(
                {
                    "id": 100 + len(annotations),
                    "image_id": 10 * number,
                    "category_id": category,
                    "iscrowd": crowd,
                    "bbox": [x, y, w, h],
                    "area": w * h - 0.5,
                }
            )
        image.save(root / "images" / name, quality=95)
        images.append({"id": 10 * number, "file_name": name, "width": width, "height": height})
    document = {"images": images, "annotations": annotations, "categories": _CATEGORIES}
    (root / "annotations.json").write_text(json.dumps(document))
    out = tmp_path_factory.mktemp("painted_out")
    run_conversion(ConvertConfig(str(root), str(out), shards=1, masks=True, class_ids="source"))
    return out, document


def _truth(document: dict) -> dict[str, dict]:
    """Per image file: its size, id, and objects (as lists in annotation order) from the JSON."""
    found = {}
    for image in document["images"]:
        anns = [a for a in document["annotations"] if a["image_id"] == image["id"]]
        h, w = image["height"], image["width"]
        masks = np.zeros((len(anns), h, w), np.uint8)
        for i, a in enumerate(anns):
            x, y, bw, bh = a["bbox"]
            masks[i, y : y + bh, x : x + bw] = 1
        found[f"images/{image['file_name']}"] = {
            "size": (h, w),
            "id": image["id"],
            "xyxy": np.array([[x, y, x + bw, y + bh] for x, y, bw, bh in (a["bbox"] for a in anns)], np.float64).reshape(-1, 4),
            "labels": [a["category_id"] for a in anns],
            "names": [next(c["name"] for c in _CATEGORIES if c["id"] == a["category_id"]) for a in anns],
            "area": [a["area"] for a in anns],
            "iscrowd": [a["iscrowd"] for a in anns],
            "masks": masks,
        }
    return found


def _colour_box(image: np.ndarray, colour: tuple[int, int, int]) -> tuple[float, float, float, float] | None:
    """(xmin, ymin, xmax, ymax) in pixels of the pixels of `colour` in an HxWx3 image, or None."""
    pixels = np.asarray(image, np.float32)
    near = np.all(np.abs(pixels - np.array(colour, np.float32)) < 128, axis=-1)
    rows, cols = np.nonzero(near)
    if not len(rows):
        return None
    return float(cols.min()), float(rows.min()), float(cols.max() + 1), float(rows.max() + 1)


def _mask_box(mask: np.ndarray) -> tuple[float, float, float, float] | None:
    rows, cols = np.nonzero(mask)
    return None if not len(rows) else (float(cols.min()), float(rows.min()), float(cols.max() + 1), float(rows.max() + 1))


def _check_placed(
    name: str, image: np.ndarray, xyxy: np.ndarray, labels: list[int], masks: np.ndarray, slack: float | None = None
) -> None:
    """The returned objects lie where the returned image shows them: each kept object's box and
    mask where its colour is (to `slack` pixels), and the colour of a dropped one nowhere but a
    sliver at the crop's edge."""
    slack = _BOX_SLACK_PX[name.split("/")[-1]] if slack is None else slack
    height, width = image.shape[:2]
    assert masks.shape == (len(labels), height, width) and masks.dtype == np.uint8 and set(np.unique(masks)) <= {0, 1}
    for box, label, mask in zip(xyxy, labels, masks):
        seen = _colour_box(image, _COLOUR[label])
        assert seen is not None, f"{name}: object {label} kept, but its colour is not in the image"
        np.testing.assert_allclose(box, seen, atol=slack, err_msg=f"{name}: box of object {label}")
        np.testing.assert_allclose(_mask_box(mask), box, atol=1.0, err_msg=f"{name}: mask of object {label}")
    for category, colour in _COLOUR.items():
        if category not in labels and category in [o[0] for o in _IMAGES[name.split("/")[-1]][2]]:
            seen = _colour_box(image, colour)
            assert seen is None or min(seen[2] - seen[0], seen[3] - seen[1]) <= 1, f"{name}: object {category} dropped but shown"


# ---- shardify.load -------------------------------------------------------------------------------


def _read(out: Path, **options: object) -> list[dict]:
    """Every record `shardify.load` gives, in order (numpy)."""
    return [tf.nest.map_structure(lambda t: t.numpy(), e) for e in shardify.load(str(out), "train", shuffle=False, **options)]


def _load(out: Path, **options: object) -> dict[str, dict]:
    """Every record of the split, read by `shardify.load` in order, by file name."""
    return {example["filename"].decode(): example for example in _read(out, **options)}


def _pixels(objects: dict, height: int, width: int) -> np.ndarray:
    """`load`'s normalised [ymin, xmin, ymax, xmax] boxes as pixel (xmin, ymin, xmax, ymax)."""
    return objects["bbox"][:, [1, 0, 3, 2]] * np.array([width, height, width, height], np.float32)


def test_load_gives_each_annotations_objects(coco: tuple[Path, dict]) -> None:
    out, document = coco
    records = _load(out)
    truth = _truth(document)
    assert sorted(records) == sorted(truth)
    for name, want in truth.items():
        objects = records[name]["objects"]
        h, w = want["size"]
        assert "objects/xmin" not in records[name], "the flat features are gathered into objects"
        assert objects["bbox"].dtype == np.float32 and objects["bbox"].shape == (len(want["labels"]), 4)
        # tfds's BBoxFeature order, normalised by the stored image
        np.testing.assert_allclose(objects["bbox"], want["xyxy"][:, [1, 0, 3, 2]] / [h, w, h, w], atol=1e-6)
        assert objects["label"].dtype == np.int64 and objects["label"].tolist() == want["labels"]
        assert [t.decode() for t in objects["label_text"]] == want["names"]
        np.testing.assert_allclose(objects["area"], want["area"])
        assert objects["is_crowd"].tolist() == want["iscrowd"]
        assert objects["difficult"].tolist() == objects["truncated"].tolist() == [0] * len(want["labels"])
        np.testing.assert_array_equal(objects["mask"], want["masks"])
        _check_placed(name, records[name]["image"], _pixels(objects, h, w), want["labels"], objects["mask"])


def test_load_stretch_and_pad_move_boxes_and_masks_as_the_image(coco: tuple[Path, dict]) -> None:
    out, document = coco
    truth = _truth(document)
    a = truth["images/a.png"]
    # stretch 48x32 to 96x64: twice the size, boxes (normalised) as they were, masks doubled
    stretched = _load(out, image_size=(64, 96))["images/a.png"]["objects"]
    np.testing.assert_allclose(stretched["bbox"], a["xyxy"][:, [1, 0, 3, 2]] / [32, 48, 32, 48], atol=1e-6)
    np.testing.assert_array_equal(stretched["mask"], a["masks"].repeat(2, axis=1).repeat(2, axis=2))
    # pad 48x32 into 48x48: not scaled, 8 rows above (resize_with_pad centres it)
    padded = _load(out, image_size=(48, 48), fit="pad")
    objects = padded["images/a.png"]["objects"]
    want = (a["xyxy"] + [0, 8, 0, 8])[:, [1, 0, 3, 2]] / 48
    np.testing.assert_allclose(objects["bbox"], want, atol=1e-6)
    np.testing.assert_array_equal(objects["mask"], np.pad(a["masks"], ((0, 0), (8, 8), (0, 0))))
    for name, record in padded.items():
        _check_placed(name, record["image"], _pixels(record["objects"], 48, 48), truth[name]["labels"], record["objects"]["mask"])


def test_load_center_crop_clips_boxes_and_drops_objects_outside(coco: tuple[Path, dict]) -> None:
    out, document = coco
    truth = _truth(document)
    records = _load(out, image_size=(32, 32), fit="center_crop")
    # a.png 48x32 -> its centred 32x32 window starts at x=8: red (x 8-20) whole, green (x 30-44)
    # clipped at 40, blue (x 0-4) outside: dropped, with its label, area, flags and mask
    objects = records["images/a.png"]["objects"]
    assert objects["label"].tolist() == [3, 5] and objects["is_crowd"].tolist() == [0, 1]
    np.testing.assert_allclose(objects["bbox"], [[4 / 32, 0, 16 / 32, 12 / 32], [18 / 32, 22 / 32, 30 / 32, 1.0]], atol=1e-6)
    np.testing.assert_allclose(objects["area"], truth["images/a.png"]["area"][:2])  # as recorded: the stored image's pixels
    np.testing.assert_array_equal(objects["mask"], truth["images/a.png"]["masks"][:2, :, 8:40])
    # b.jpg (a JPEG: only the window is decoded) is square: the window is the whole image, resized
    b = records["images/b.jpg"]["objects"]
    np.testing.assert_allclose(b["bbox"], truth["images/b.jpg"]["xyxy"][:, [1, 0, 3, 2]] / 40, atol=1e-6)
    for name, record in records.items():
        kept = record["objects"]["label"].tolist()
        _check_placed(name, record["image"], _pixels(record["objects"], 32, 32), kept, record["objects"]["mask"])


def test_load_random_crops_and_flips_move_every_object_with_the_image(coco: tuple[Path, dict]) -> None:
    out, _ = coco
    options = {"image_size": (24, 24), "fit": "random_crop", "seed": 3, "repeat": 8}  # each epoch: new crops and flips
    flipped = []
    # the same crops unflipped (the flip draws from its own seed): which records the flip mirrored
    for record, unflipped in zip(_read(out, flip=True, **options), _read(out, **options)):
        name, objects = record["filename"].decode(), record["objects"]
        _check_placed(name, record["image"], _pixels(objects, 24, 24), objects["label"].tolist(), objects["mask"])
        if not np.array_equal(record["image"], unflipped["image"]):
            np.testing.assert_array_equal(record["image"], unflipped["image"][:, ::-1])
            flipped.append(name)
    assert 0 < len(flipped) < 24, "some of the 3 x 8 records are flipped, not all"


def test_load_flip_alone_mirrors_boxes(coco: tuple[Path, dict]) -> None:
    out, document = coco
    a = _truth(document)["images/a.png"]
    seen = set()
    for record in _read(out, flip=True, seed=0, repeat=6):
        if record["filename"] != b"images/a.png":
            continue
        objects = record["objects"]
        plain = a["xyxy"][:, [1, 0, 3, 2]] / [32, 48, 32, 48]
        mirrored = plain[:, [0, 3, 2, 1]] * [1, -1, 1, -1] + [0, 1, 0, 1]
        is_flipped = bool(np.allclose(objects["bbox"], mirrored, atol=1e-6))
        assert is_flipped or np.allclose(objects["bbox"], plain, atol=1e-6)
        np.testing.assert_array_equal(objects["mask"], a["masks"][:, :, ::-1] if is_flipped else a["masks"])
        seen.add(is_flipped)
    assert seen == {False, True}


def test_load_batches_objects_ragged(coco: tuple[Path, dict]) -> None:
    out, document = coco
    truth = _truth(document)
    (batch,) = list(shardify.load(str(out), "train", shuffle=False, batch_size=3, image_size=(16, 24)))
    objects = batch["objects"]
    assert isinstance(objects["bbox"], tf.RaggedTensor) and objects["bbox"].shape.as_list() == [3, None, 4]
    assert objects["mask"].shape.as_list() == [3, None, 16, 24]
    names = [n.decode() for n in batch["filename"].numpy()]
    assert objects["label"].to_list() == [truth[n]["labels"] for n in names]
    dense = objects["bbox"].to_tensor(default_value=-1.0)  # padded, as Model Garden's parser pads
    assert dense.shape == (3, 3, 4)


def test_load_as_supervised_pairs_the_image_with_its_objects(coco: tuple[Path, dict]) -> None:
    out, document = coco
    truth = _truth(document)
    pairs = list(shardify.load(str(out), "train", shuffle=False, as_supervised=True, batch_size=2, image_size=(16, 16)))
    assert [image.shape for image, _ in pairs] == [(2, 16, 16, 3), (1, 16, 16, 3)]
    counts = sorted(len(labels) for _, objects in pairs for labels in objects["label"].to_list())
    assert counts == sorted(len(t["labels"]) for t in truth.values())


def test_load_features_pick_object_fields(coco: tuple[Path, dict]) -> None:
    out, document = coco
    truth = _truth(document)
    record = _load(out, features=["image", "filename", "objects/bbox", "objects/label"])["images/a.png"]
    assert sorted(record["objects"]) == ["bbox", "label"]
    # objects without the image: masks at the stored size, with it (height, width)
    records = _load(out, features=["objects", "filename"])
    for name, record in records.items():
        assert "image" not in record and (record["height"], record["width"]) == truth[name]["size"]
        np.testing.assert_array_equal(record["objects"]["mask"], truth[name]["masks"])
    with pytest.raises(ReadOptionError, match="objects/bbx"):
        shardify.load(str(out), "train", features=["objects/bbx"])


# ---- shardify.torch ------------------------------------------------------------------------------


def _torch_records(out: Path, **options: object) -> dict[str, dict]:
    import shardify.torch

    records = {}
    for example in shardify.torch.ShardDataset(str(out), "train", shuffle=False, **options):
        records[example["filename"]] = example
    return records


def _hwc(image) -> np.ndarray:
    return image.permute(1, 2, 0).numpy()


def test_torch_target_is_torchvisions_detection_target(coco: tuple[Path, dict]) -> None:
    torch = pytest.importorskip("torch")
    out, document = coco
    truth = _truth(document)
    records = _torch_records(out)
    assert sorted(records) == sorted(truth)
    for name, want in truth.items():
        target = records[name]["objects"]
        assert sorted(target) == ["area", "boxes", "image_id", "iscrowd", "labels", "masks"]
        assert target["boxes"].dtype == torch.float32 and target["boxes"].shape == (len(want["labels"]), 4)
        np.testing.assert_allclose(target["boxes"].numpy(), want["xyxy"], atol=1e-4)  # pixels, xyxy
        assert target["labels"].dtype == torch.int64 and target["labels"].tolist() == want["labels"]
        assert target["iscrowd"].dtype == torch.int64 and target["iscrowd"].tolist() == want["iscrowd"]
        np.testing.assert_allclose(target["area"].numpy(), want["area"])
        assert target["image_id"].dtype == torch.int64 and int(target["image_id"]) == want["id"]
        assert target["masks"].dtype == torch.uint8
        np.testing.assert_array_equal(target["masks"].numpy(), want["masks"])
        _check_placed(name, _hwc(records[name]["image"]), target["boxes"].numpy(), want["labels"], target["masks"].numpy())


def test_torch_fits_move_boxes_and_masks_as_the_image(coco: tuple[Path, dict]) -> None:
    pytest.importorskip("torch")
    out, document = coco
    truth = _truth(document)
    a = truth["images/a.png"]
    padded = _torch_records(out, image_size=(48, 48), fit="pad")["images/a.png"]["objects"]
    np.testing.assert_allclose(padded["boxes"].numpy(), a["xyxy"] + [0, 8, 0, 8], atol=1e-4)
    np.testing.assert_array_equal(padded["masks"].numpy(), np.pad(a["masks"], ((0, 0), (8, 8), (0, 0))))
    stretched = _torch_records(out, image_size=(64, 96))["images/a.png"]["objects"]
    np.testing.assert_allclose(stretched["boxes"].numpy(), a["xyxy"] * 2, atol=1e-4)
    np.testing.assert_array_equal(stretched["masks"].numpy(), a["masks"].repeat(2, axis=1).repeat(2, axis=2))
    cropped = _torch_records(out, image_size=(32, 32), fit="center_crop")
    objects = cropped["images/a.png"]["objects"]
    assert objects["labels"].tolist() == [3, 5] and objects["iscrowd"].tolist() == [0, 1]
    np.testing.assert_allclose(objects["boxes"].numpy(), [[0, 4, 12, 16], [22, 18, 32, 30]], atol=1e-4)
    np.testing.assert_array_equal(objects["masks"].numpy(), a["masks"][:2, :, 8:40])
    for options in ({"image_size": (48, 48), "fit": "pad"}, {"image_size": (32, 32), "fit": "center_crop"}):
        for name, record in _torch_records(out, **options).items():
            target = record["objects"]
            _check_placed(
                name, _hwc(record["image"]), target["boxes"].numpy(), target["labels"].tolist(), target["masks"].numpy()
            )


def test_torch_random_crops_and_flips_move_every_object(coco: tuple[Path, dict]) -> None:
    pytest.importorskip("torch")
    out, document = coco
    for seed in range(6):
        for name, record in _torch_records(out, image_size=(24, 24), fit="random_crop", flip=True, seed=seed).items():
            target, image = record["objects"], _hwc(record["image"])
            _check_placed(name, image, target["boxes"].numpy(), target["labels"].tolist(), target["masks"].numpy())
    a = _truth(document)["images/a.png"]
    flipped = set()
    for seed in range(6):
        record = _torch_records(out, flip=True, seed=seed)["images/a.png"]
        target = record["objects"]
        mirrored = np.stack([48 - a["xyxy"][:, 2], a["xyxy"][:, 1], 48 - a["xyxy"][:, 0], a["xyxy"][:, 3]], axis=1)
        is_flipped = bool(np.allclose(target["boxes"].numpy(), mirrored, atol=1e-4))
        assert is_flipped or np.allclose(target["boxes"].numpy(), a["xyxy"], atol=1e-4)
        np.testing.assert_array_equal(target["masks"].numpy(), a["masks"][:, :, ::-1] if is_flipped else a["masks"])
        _check_placed("images/a.png", _hwc(record["image"]), target["boxes"].numpy(), a["labels"], target["masks"].numpy())
        flipped.add(is_flipped)
    assert flipped == {False, True}, "six seeds flip the image in some epochs and not in others"


def test_torch_detection_batches_are_lists_for_torchvision(coco: tuple[Path, dict]) -> None:
    torch = pytest.importorskip("torch")
    import shardify.torch

    out, document = coco
    truth = _truth(document)
    dataset = shardify.torch.ShardDataset(str(out), "train", shuffle=False, as_supervised=True)
    loader = torch.utils.data.DataLoader(dataset, batch_size=3, collate_fn=shardify.torch.collate_detection)
    ((images, targets),) = list(loader)
    assert isinstance(images, list) and isinstance(targets, list) and len(images) == len(targets) == 3
    by_id = {t["id"]: t for t in truth.values()}
    for image, target in zip(images, targets):
        want = by_id[int(target["image_id"])]
        assert tuple(image.shape) == (3, *want["size"])  # each image at its own size, as the models take them
        assert target["labels"].tolist() == want["labels"]
    # dicts: objects and images stay lists, the rest collates as `collate` does
    indexed = shardify.torch.IndexedDataset(str(out), "train")
    batch = shardify.torch.collate_detection([indexed[0], indexed[1]])
    assert isinstance(batch["objects"], list) and isinstance(batch["image"], list) and batch["height"].shape == (2,)
    # IndexedDataset gives the target ShardDataset gives
    streamed = _torch_records(out)
    for i in range(len(indexed)):
        record = indexed[i]
        np.testing.assert_array_equal(
            record["objects"]["boxes"].numpy(), streamed[record["filename"]]["objects"]["boxes"].numpy()
        )


# ---- keypoints -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def coco_keypoints(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """(output, person_keypoints_train2017.json): COCO 2017's miniature converted with --keypoints."""
    from helpers.shipped import build_coco2017

    truth = build_coco2017(tmp_path_factory.mktemp("coco_download"))
    out = tmp_path_factory.mktemp("coco_keypoints")
    run_conversion(ConvertConfig(str(truth.root), str(out), shards=1, keypoints=True))
    return out, json.loads((truth.root / "annotations/person_keypoints_train2017.json").read_text())


def test_keypoints_come_per_object_and_move_with_a_crop(coco_keypoints: tuple[Path, dict]) -> None:
    out, document = coco_keypoints
    by_file = {f"train2017/{image['file_name']}": image for image in document["images"]}
    checked = 0
    for fit in (None, "center_crop"):
        options = {"image_size": (16, 16), "fit": fit} if fit else {}
        records = _load(out, **options)
        torch_records = _torch_records(out, **options) if pytest.importorskip("torch") else {}
        for name, image in by_file.items():
            anns = [a for a in document["annotations"] if a["image_id"] == image["id"]]
            w, h = image["width"], image["height"]
            # keypoints [x, y, v, ...] in pixels of the stored image -> (y, x) normalised; a centred
            # square crop keeps columns x0 to x0 + h (images here are wider than high)
            x0 = (w - h) // 2 if fit else 0
            span = h if fit else w
            points = np.array([a["keypoints"] for a in anns], np.float64).reshape(len(anns), 17, 3)  # COCO's 17 a person
            want_yx = np.stack([points[..., 1] / h, (points[..., 0] - x0) / span], axis=-1)
            inside = (points[..., 0] >= x0) & (points[..., 0] <= x0 + span)
            want_v = np.where(inside, points[..., 2], 0)
            objects = records[name]["objects"]
            assert objects["keypoints"].shape == (len(anns), 17, 2) and objects["keypoint_visibility"].shape == (len(anns), 17)
            np.testing.assert_allclose(objects["keypoints"], want_yx, atol=1e-5)
            assert objects["keypoint_visibility"].tolist() == want_v.tolist()
            # torchvision's: (x, y, visibility) in pixels of the returned image
            size = np.array([16 / span, 16 / h]) if fit else np.array([1.0, 1.0])
            want_xy = (points[..., :2] - [x0, 0]) * size
            target = torch_records[name]["objects"]["keypoints"].numpy()
            np.testing.assert_allclose(target[..., :2], want_xy, atol=1e-4)
            assert target[..., 2].tolist() == want_v.tolist()
            checked += len(anns)
    assert checked == 2 * 2, "two people with keypoints in train2017, read twice"
    with pytest.raises(ReadOptionError, match="left and right"):
        shardify.load(str(out), "train", flip=True)
    assert (
        "keypoints"
        not in _load(out, flip=True, seed=0, features=["filename", "objects/bbox"])["train2017/000000000009.jpg"]["objects"]
    )
