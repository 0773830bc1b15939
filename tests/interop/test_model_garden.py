"""TensorFlow Model Garden's own detection decoder reads a COCO output's records as its COCO
pipelines read theirs: boxes, classes, crowds, areas, instance masks and the image id equal to
what the annotation JSON says (tests/helpers/coco_truth.py), with nothing of shardify's between:
the shards are found by name, as Model Garden's `input_path` finds them."""

from __future__ import annotations

import numpy as np
import pytest

from helpers.coco_truth import CocoOutput

tf_example_decoder = pytest.importorskip(
    "official.vision.dataloaders.tf_example_decoder",
    reason="needs TensorFlow Model Garden: pip install --no-deps tf-models-official==2.20.0 tf-keras==2.21.0 && "
    "pip install gin-config opencv-python-headless matplotlib",
)
tf = pytest.importorskip("tensorflow")


def test_detection_decoder_gives_cocos_objects_and_masks(coco_objects: CocoOutput) -> None:
    out, truth = coco_objects.out, coco_objects.images
    decoder = tf_example_decoder.TfExampleDecoder(include_mask=True)
    files = sorted(str(path) for path in out.glob("*-of-*.tfrecord"))  # input_path: out/*.tfrecord
    checked, images = 0, 0
    for serialized in tf.data.TFRecordDataset(files):
        decoded = {key: value.numpy() for key, value in decoder.decode(serialized).items()}
        source_id = decoded["source_id"].decode()
        want = next((image for image in truth.values() if str(image.image_id) == source_id), None)
        if want is None:  # test2017: listed without annotations
            assert decoded["groundtruth_boxes"].shape == (0, 4)
            continue
        count = len(want.category_ids)
        # COCO's image id, which Model Garden's parsers read as a number (dataloaders/utils.py process_source_id)
        assert int(tf.strings.to_number(decoded["source_id"], tf.int64)) == want.image_id
        assert decoded["image"].shape == (want.height, want.width, 3)
        assert (decoded["height"], decoded["width"]) == (want.height, want.width)
        np.testing.assert_allclose(decoded["groundtruth_boxes"], want.boxes, atol=1e-6)  # [ymin, xmin, ymax, xmax]
        assert decoded["groundtruth_classes"].tolist() == want.category_ids  # COCO's ids, as its COCO configs expect
        assert decoded["groundtruth_is_crowd"].tolist() == [bool(c) for c in want.iscrowd]
        np.testing.assert_allclose(decoded["groundtruth_area"], want.area)
        assert decoded["groundtruth_instance_masks"].shape == (count, want.height, want.width)
        np.testing.assert_array_equal(decoded["groundtruth_instance_masks"], want.masks.astype(np.float32))
        assert len(decoded["groundtruth_instance_masks_png"]) == count
        checked += count
        images += 1
    assert checked == 16 and images == len(truth)


def test_mask_rcnn_parser_takes_the_decoded_records(coco_objects: CocoOutput) -> None:
    """Model Garden's Mask R-CNN input parser (eval mode) turns a decoded record into its model's
    inputs and keeps the groundtruth: boxes in pixels of the image, classes as COCO's."""
    from official.vision.dataloaders import maskrcnn_input

    out, truth = coco_objects.out, coco_objects.images
    decoder = tf_example_decoder.TfExampleDecoder(include_mask=True)
    parser = maskrcnn_input.Parser(
        output_size=[32, 32], min_level=2, max_level=3, num_scales=1, aspect_ratios=[1.0], anchor_size=2.0,
        include_mask=True, mask_crop_size=8,
    )  # fmt: skip
    parse = parser.parse_fn(is_training=False)
    by_id = {str(t.image_id): t for t in truth.values()}
    seen = 0
    for serialized in tf.data.TFRecordDataset(sorted(str(p) for p in out.glob("val-*-of-*.tfrecord"))):
        image, labels = parse(decoder.decode(serialized))
        want = by_id[str(int(labels["groundtruths"]["source_id"]))]
        assert image.shape == (32, 32, 3)
        count = int(labels["groundtruths"]["num_detections"])
        assert labels["groundtruths"]["classes"][:count].numpy().tolist() == want.category_ids
        pixels = want.boxes * [want.height, want.width, want.height, want.width]
        np.testing.assert_allclose(labels["groundtruths"]["boxes"][:count].numpy(), pixels, atol=1e-3)
        seen += 1
    assert seen == 4
