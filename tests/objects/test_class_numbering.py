"""With no class option, a detection output's object classes count from 1, so that the trainers
that read them never take a real object for the background (class 0 to Model Garden's parsers,
the Object Detection API and torchvision): checked on COCO, Pascal VOC, YOLO and Hugging Face
sources laid out as their formats document, read back by the real Model Garden decoder and Mask
R-CNN parser, by tfds (whose `ClassLabel` view stays 0-based) and by shardify.torch."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers.shipped import build_coco2017, build_pascal_voc2012
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

tf = pytest.importorskip("tensorflow")

_SOURCES = ("coco", "voc", "yolo", "huggingface")


@dataclass(frozen=True)
class _Output:
    out: Path
    num_objects: int  # objects the source's annotation files give the converted images


def _yolo(root: Path) -> tuple[Path, int]:
    """Ultralytics' layout: data.yaml with `names` as the list form, images/ and labels/ mirrored."""
    from PIL import Image

    labels = {"train/a.jpg": "0 0.5 0.5 0.4 0.4\n1 0.2 0.2 0.1 0.1\n", "val/b.jpg": "1 0.6 0.6 0.2 0.2\n"}
    for path, text in labels.items():
        (root / "images" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "labels" / path).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (40, 30), (90, 20, 200)).save(root / "images" / path)
        (root / "labels" / path.replace(".jpg", ".txt")).write_text(text)
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/val\nnames: ['person', 'bicycle']\n")
    return root, 3


def _huggingface(root: Path) -> tuple[Path, int]:
    """An `imagefolder` for object detection: metadata.jsonl rows with `objects` {bbox, categories}."""
    from PIL import Image

    rows = [("a.png", [[1.0, 2.0, 10.0, 8.0], [0.0, 0.0, 5.0, 5.0]], [0, 1]), ("b.png", [[3.0, 3.0, 9.0, 9.0]], [0])]
    root.mkdir(parents=True)
    for name, _, _ in rows:
        Image.new("RGB", (20, 16), (10, 200, 30)).save(root / name)
    lines = [json.dumps({"file_name": name, "objects": {"bbox": boxes, "categories": cats}}) for name, boxes, cats in rows]
    (root / "metadata.jsonl").write_text("\n".join(lines) + "\n")
    return root, 3


@pytest.fixture(scope="module", params=_SOURCES)
def converted(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> _Output:
    """Each source converted once with no class option."""
    download = tmp_path_factory.mktemp(request.param)
    if request.param == "coco":
        root, count = build_coco2017(download).root, 16
    elif request.param == "voc":
        root, count = build_pascal_voc2012(download).root, 14  # the unlisted image is in no split: set aside
    elif request.param == "yolo":
        root, count = _yolo(download / "yolo")
    else:
        root, count = _huggingface(download / "hf")
    out = tmp_path_factory.mktemp(f"{request.param}_out")
    run_conversion(ConvertConfig(str(root), str(out), shards=1, max_rejects="100%"))
    return _Output(out, count)


def _shards(out: Path) -> list[str]:
    return sorted(str(path) for path in out.glob("*-of-*.tfrecord"))  # as Model Garden's input_path finds them


def _class_texts(serialized: tf.Tensor) -> list[str]:
    parsed = tf.io.parse_single_example(serialized, {contract.OBJECT_TEXT: tf.io.VarLenFeature(tf.string)})
    return [t.decode() for t in tf.sparse.to_dense(parsed[contract.OBJECT_TEXT]).numpy()]


def test_the_manifest_and_label_map_say_classes_count_from_1(converted: _Output) -> None:
    objects = load_manifest(str(converted.out)).objects
    assert objects is not None and objects.class_ids == contract.CLASS_IDS_LABEL_MAP
    assert sorted(objects.classes.values()) == list(range(1, len(objects.classes) + 1))
    label_map = (converted.out / naming.LABEL_MAP_FILENAME).read_text()
    assert label_map.count("item {") == len(objects.classes) and "id: 0" not in label_map


def test_model_gardens_decoder_and_parser_see_no_real_object_as_background(converted: _Output) -> None:
    tf_example_decoder = pytest.importorskip("official.vision.dataloaders.tf_example_decoder")
    from official.vision.dataloaders import maskrcnn_input

    classes = load_manifest(str(converted.out)).objects.classes
    decoder = tf_example_decoder.TfExampleDecoder()
    parse = maskrcnn_input.Parser(
        output_size=[32, 32], min_level=2, max_level=3, num_scales=1, aspect_ratios=[1.0], anchor_size=2.0,
        include_mask=False,
    ).parse_fn(is_training=False)  # fmt: skip
    seen = 0
    for serialized in tf.data.TFRecordDataset(_shards(converted.out)):
        decoded = decoder.decode(serialized)
        got = decoded["groundtruth_classes"].numpy().tolist()
        assert got == [classes[name] for name in _class_texts(serialized)]
        assert all(number >= 1 for number in got), f"an object read as the background: {got}"
        _, labels = parse(decoded)
        count = int(labels["groundtruths"]["num_detections"])
        assert labels["groundtruths"]["classes"][:count].numpy().tolist() == got
        seen += len(got)
    assert seen == converted.num_objects


def test_tfds_sees_0_based_class_labels_with_the_manifests_names(converted: _Output) -> None:
    tfds = pytest.importorskip("tensorflow_datasets")
    from google.protobuf import json_format

    builder = tfds.builder_from_directory(str(converted.out))
    feature = builder.info.features["image/object"].feature["class/label"]
    classes = load_manifest(str(converted.out)).objects.classes
    assert isinstance(feature, tfds.features.ClassLabel)
    assert feature.names == sorted(classes, key=classes.get)
    seen = 0
    for split in builder.info.splits:
        for example in tfds.as_numpy(builder.as_dataset(split=split)):
            objects = example["image/object"]
            texts = [t.decode() for t in objects["class/text"]]
            assert objects["class/label"].tolist() == [classes[name] - 1 for name in texts]
            assert [feature.int2str(int(index)) for index in objects["class/label"]] == texts
            seen += len(texts)
    assert seen == converted.num_objects
    features = json.loads((converted.out / naming.TFDS_FEATURES_FILENAME).read_text())
    assert features == json_format.MessageToDict(builder.info.features.to_proto())
    # tfds writes the record's number back: its 0-based index encodes as the number read
    assert int(feature.encode_example(0)) == 1


def test_torch_targets_hold_labels_from_1(converted: _Output) -> None:
    pytest.importorskip("torch")
    import shardify.torch

    classes = load_manifest(str(converted.out)).objects.classes
    seen = 0
    for split in load_manifest(str(converted.out)).splits:
        for example in shardify.torch.ShardDataset(str(converted.out), split, shuffle=False):
            labels = example["objects"]["labels"].tolist()
            assert all(number >= 1 for number in labels) and set(labels) <= set(classes.values())
            seen += len(labels)
    assert seen == converted.num_objects
