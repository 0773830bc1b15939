"""TensorFlow Datasets reads every layout's fresh conversion with `tfds.builder_from_directory(OUT)`
and nothing else: the real tfds, against records counted and labels taken from the source files,
not from the manifest that the metadata was derived from."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from helpers.coco_truth import CocoOutput
from helpers.shard_io import read_shard
from helpers.source_truth import expected_labels, inputs, source_text
from helpers.sources import READER_LAYOUTS, convert, image_bytes
from shardify.cli.main import app
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

tfds = pytest.importorskip("tensorflow_datasets", reason="needs tensorflow-datasets (pip install -e '.[test]')")

from google.protobuf import json_format  # noqa: E402 - tfds (and so protobuf) is there

_IMAGE_LAYOUTS = ("image_folders", "label_file", "image_captions")


def _record_id(example: dict) -> str:
    key = contract.IMAGE_FILENAME if contract.IMAGE_FILENAME in example else contract.TEXT_SOURCE
    return example[key].decode()


@pytest.fixture(params=READER_LAYOUTS)
def layout(request: pytest.FixtureRequest) -> str:
    return request.param


def test_builder_from_directory_gives_the_splits_and_shard_lengths(reader_output: Callable[[str], Path], layout: str) -> None:
    out = reader_output(layout)
    info = tfds.builder_from_directory(str(out)).info
    manifest = load_manifest(str(out))
    assert sorted(info.splits) == sorted(manifest.splits)
    for name, split in manifest.splits.items():
        # Counted in the shard files themselves, found by name (independent of the manifest).
        on_disk = [len(read_shard(path)) for path in sorted(out.glob(f"{name}-*-of-*.tfrecord"))]
        assert info.splits[name].shard_lengths == [shard.num_records for shard in split.shards] == on_disk
        assert info.splits[name].num_examples == split.num_records == sum(on_disk)
    assert info.full_name == "shardify/1.0.0"


def test_every_record_decodes_once_with_its_label(
    reader_source: Callable[[str], Path], reader_output: Callable[[str], Path], layout: str
) -> None:
    source, out = reader_source(layout), reader_output(layout)
    builder = tfds.builder_from_directory(str(out))
    label_key = next((key for key in contract.LABEL_INDEX_KEYS if key in builder.info.features), None)
    if label_key is not None:
        feature = builder.info.features[label_key]
        names = (feature.feature if isinstance(feature, tfds.features.Sequence) else feature).names
        assert names == list(load_manifest(str(out)).labels)
    seen, formats = Counter(), set()
    for split in builder.info.splits:
        for example in tfds.as_numpy(builder.as_dataset(split=split)):
            record_id = _record_id(example)
            seen[record_id] += 1
            if layout in _IMAGE_LAYOUTS:
                image = example[contract.IMAGE_ENCODED]
                assert image.dtype.name == "uint8"
                assert image.shape == (example[contract.IMAGE_HEIGHT], example[contract.IMAGE_WIDTH], 3), record_id
                formats.add(example[contract.IMAGE_FORMAT].decode())
            if label_key is None:
                assert not expected_labels(layout, record_id)
            else:
                indices = example[label_key].reshape(-1).tolist()  # one index, or every index (multi-label)
                assert {names[i] for i in indices} == expected_labels(layout, record_id), record_id
            if contract.TEXT in example:  # a text file or a caption, as its source holds it
                assert example[contract.TEXT].decode() == source_text(source, example[contract.TEXT_SOURCE].decode())
    assert sorted(seen) == inputs(source) and set(seen.values()) == {1}
    if layout == "image_folders":
        assert formats == {"jpeg", "png", "gif", "bmp", "webp"}  # GIFs too: shardify's Image connector


def test_texts_come_back_as_text(reader_output: Callable[[str], Path]) -> None:
    features = tfds.builder_from_directory(str(reader_output("text_folders"))).info.features
    assert isinstance(features[contract.TEXT], tfds.features.Text)
    assert isinstance(features[contract.TEXT_LABEL], tfds.features.ClassLabel)


def test_a_percent_slice_reads_its_share(reader_output: Callable[[str], Path], layout: str) -> None:
    builder = tfds.builder_from_directory(str(reader_output(layout)))
    ids = lambda split: [_record_id(e) for e in tfds.as_numpy(builder.as_dataset(split=split))]  # noqa: E731
    first, rest = ids("train[:25%]"), ids("train[25%:]")
    total = builder.info.splits["train"].num_examples
    assert abs(len(first) - total / 4) <= 1
    assert sorted(first + rest) == sorted(ids("train"))
    shuffled = [_record_id(e) for e in tfds.as_numpy(builder.as_dataset(split="train", shuffle_files=True))]
    assert sorted(shuffled) == sorted(ids("train"))


def test_as_supervised_gives_input_and_label(reader_output: Callable[[str], Path], layout: str) -> None:
    builder = tfds.builder_from_directory(str(reader_output(layout)))
    if layout == "image_captions":
        assert builder.info.supervised_keys is None  # unlabelled
        return
    x, y = next(iter(tfds.as_numpy(builder.as_dataset(split="train", as_supervised=True))))
    assert x.ndim == 3 if layout in _IMAGE_LAYOUTS else isinstance(x, bytes)  # an image, or a text
    assert y.dtype.name == "int64"


def test_features_json_is_what_tfds_itself_writes(reader_output: Callable[[str], Path], layout: str) -> None:
    """tfds re-serialises the features it understood: nothing we wrote was dropped or misread."""
    out = reader_output(layout)
    features = tfds.builder_from_directory(str(out)).info.features
    assert json.loads((out / naming.TFDS_FEATURES_FILENAME).read_text()) == json_format.MessageToDict(features.to_proto())
    image = features[contract.IMAGE_ENCODED] if layout in _IMAGE_LAYOUTS else None
    assert image is None or isinstance(image, tfds.features.Image)


def test_labels_beyond_ascii_and_several_splits(tmp_path: Path) -> None:
    labels = ("café", "crème brûlée")
    source = tmp_path / "src"
    for index in range(8):
        path = source / labels[index % 2] / f"{index}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image_bytes(fmt="PNG", seed=index))
    out = convert(source, tmp_path / "out", shards=2, split="train=0.5,test=0.5")
    builder = tfds.builder_from_directory(str(out))
    assert builder.info.features[contract.LABEL].names == list(labels)
    seen = []
    for split in ("train", "test"):
        for example in tfds.as_numpy(builder.as_dataset(split=split)):
            seen.append(_record_id(example))
            assert labels[example[contract.LABEL]] == _record_id(example).split("/")[0]
    assert sorted(seen) == sorted(p.relative_to(source).as_posix() for p in source.rglob("*.png"))


def test_a_multi_label_record_without_labels_has_an_empty_sequence(tmp_path: Path) -> None:
    source = tmp_path / "src"
    rows = {"a.png": ["cat", "dog"], "b.png": [], "c.png": ["dog"]}
    source.mkdir()
    for index, name in enumerate(rows):
        (source / name).write_bytes(image_bytes(fmt="PNG", seed=index))
    (source / "labels.jsonl").write_text("".join(json.dumps({"path": name, "labels": labels}) + "\n" for name, labels in rows.items()))
    builder = tfds.builder_from_directory(str(convert(source, tmp_path / "out")))
    names = builder.info.features[contract.LABEL].feature.names
    got = {_record_id(e): [names[i] for i in e[contract.LABEL]] for e in tfds.as_numpy(builder.as_dataset(split="train"))}
    assert got == rows


def test_export_metadata_writes_the_same_files_for_an_older_output(reader_output: Callable[[str], Path], tmp_path: Path) -> None:
    made = reader_output("label_file")
    out = tmp_path / "older"
    shutil.copytree(made, out)
    written = {p.name: p.read_bytes() for p in made.iterdir() if naming.is_tfds_file(p.name)}
    assert set(written) == {naming.TFDS_INFO_FILENAME, naming.TFDS_FEATURES_FILENAME, "image.class.label.labels.txt"}
    for name in written:
        (out / name).unlink()  # as an output made before shardify wrote them
    with pytest.raises(Exception, match="dataset_info"):
        tfds.builder_from_directory(str(out))

    result = CliRunner().invoke(app, ["export-metadata", str(out)])
    assert result.exit_code == 0, result.output
    assert {name: (out / name).read_bytes() for name in written} == written
    assert not (out / naming.LOCK_FILENAME).exists()
    builder = tfds.builder_from_directory(str(out))
    assert builder.info.splits["train"].num_examples == sum(len(read_shard(p)) for p in out.glob("train-*.tfrecord"))


@pytest.mark.parametrize("fmt", ["GIF", "WEBP"])
def test_tfds_own_image_cannot_decode_what_shardifys_can(fmt: str) -> None:
    """Why features.json names shardify's Image: tfds's own decodes GIFs and WebPs as animations."""
    from shardify.tfds_features import Image

    data = image_bytes(fmt=fmt, size=(24, 16))
    with pytest.raises(ValueError, match="incompatible|not compatible"):
        tfds.features.Image(shape=(None, None, 3)).decode_example(data)
    assert Image(shape=(None, None, 3)).decode_example(data).shape == (16, 24, 3)


# ---- a detection output's objects ------------------------------------------------------------------


def test_objects_are_a_sequence_with_tfds_bboxes(coco_objects: CocoOutput) -> None:
    """COCO's boxes, categories, crowds, areas and masks, as its annotation JSON gives them, read by
    tfds as its own detection datasets give objects: a Sequence with a BBoxFeature, from the
    records' own image/object/* keys."""
    out, truth = coco_objects.out, coco_objects.images
    builder = tfds.builder_from_directory(str(out))
    objects = builder.info.features["image/object"]
    assert isinstance(objects, tfds.features.Sequence)
    assert isinstance(objects.feature["bbox"], tfds.features.BBoxFeature)
    assert isinstance(objects.feature["mask"], tfds.features.Image)  # PNG bytes decoded, not Text
    assert not any(key.startswith("image/object/") for key in builder.info.features)
    checked, empty = 0, 0
    for split in builder.info.splits:
        for example in tfds.as_numpy(builder.as_dataset(split=split)):
            got = example["image/object"]
            name = example[contract.IMAGE_FILENAME].decode()
            if name not in truth:  # test2017: no annotations
                assert got["bbox"].shape == (0, 4) and got["mask"].shape[0] == 0
                empty += 1
                continue
            want = truth[name]
            np.testing.assert_allclose(got["bbox"], want.boxes, atol=1e-6)  # [ymin, xmin, ymax, xmax]
            assert got["class/label"].tolist() == want.category_ids  # --class-ids source: COCO's own
            assert [t.decode() for t in got["class/text"]] == want.names
            assert got["is_crowd"].tolist() == want.iscrowd
            np.testing.assert_allclose(got["area"], want.area)
            if want.category_ids:  # tfds gives an image without objects masks of shape (0, 0, 0, 1)
                assert got["mask"].shape == (len(want.category_ids), want.height, want.width, 1)
                np.testing.assert_array_equal(got["mask"][..., 0], want.masks)
            checked += len(want.category_ids)
    assert checked == 16 and empty == 3
    image, objects = next(iter(tfds.as_numpy(builder.as_dataset(split="val", as_supervised=True))))
    assert image.ndim == 3 and objects["bbox"].shape[1:] == (4,), "as_supervised: (image, objects)"
    batch = next(iter(tfds.as_numpy(builder.as_dataset(split="val").padded_batch(4))))
    assert batch["image/object"]["bbox"].shape == (4, 3, 4)  # padded to the most objects, as tfds's own


def test_objects_features_json_is_what_tfds_itself_writes(coco_objects: CocoOutput) -> None:
    out = coco_objects.out
    features = tfds.builder_from_directory(str(out)).info.features
    assert json.loads((out / naming.TFDS_FEATURES_FILENAME).read_text()) == json_format.MessageToDict(features.to_proto())
