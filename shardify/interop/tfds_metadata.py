"""Metadata other tools read, derived from the manifest in one place: TensorFlow Datasets' files.

`tfds.builder_from_directory(OUT)` (tfds's `ReadOnlyBuilder`) reads three kinds of files beside the
shards: `dataset_info.json` (its `DatasetInfo` proto as JSON: name, version, file format, and per
split the shard lengths, bytes and the shard file-name template), `features.json` (the
`FeaturesDict` whose connectors parse and decode every record) and `<key>.labels.txt` (a class
label's names, one a line). Each is a translation of the manifest, written here as plain JSON and
text, so the converter's workers and the CLI never import TensorFlow or tfds;
`tests/interop/test_tfds.py` checks the files against the real tfds.

The `FeaturesDict` is flat (but for a detection output's objects, below) and keyed by the records'
own keys (`image/encoded`, `image/class/label`, ...). tfds names the `tf.train.Example` feature of a nested dict entry by
joining the keys with `/`, and keeps a key that already holds `/` as it is (its
`flatten_nest_dict`), so a flat dict parses exactly the keys the records hold. Nesting could not
express every layout anyway: `text` is a feature and also the parent of `text/source`.

| manifest feature | tfds connector |
|---|---|
| `image/encoded` | `Image(shape=(None, None, 3))`, tfds's own but for GIFs and WebPs (`shardify/tfds_features.py`): decoded to 3 channels, as `shardify.load` does |
| a label index, shape `[]` | `ClassLabel` with the manifest's `labels` as names |
| a label index, shape `[None]` (multi-label) | `Sequence(ClassLabel)`: every index of the record |
| any other string | `Text()`, or `Sequence(Text())` for shape `[None]` |
| int64, float32 | `Tensor(shape=(), dtype)`, or shape `(None,)` |
| `image/segmentation/class/encoded` | `Image(shape=(None, None, 1))` (uint8), decoded to its class indices (`shardify.tfds_features.Segmentation`) |

A detection output's objects (the manifest's `objects`) are one `Sequence` keyed `image/object`,
as tfds's own detection datasets hold `objects`: each object's `bbox`
(`shardify.tfds_features.BBoxes`, tfds's `BBoxFeature` read from the four `image/object/bbox/*`
keys), `class/label`, `class/text`, `area`, `is_crowd`, `difficult`, `truncated`
and `mask` (`Image(shape=(None, None, 1))`: the PNG decoded). The serialized parts of a nested
feature are named by joining keys with `/`, so they are exactly the records' keys. Its supervised
keys are then (`image/encoded`, `image/object`). Keypoints (several per object) stay flat.

An object's `class/label` is 0-based in tfds, as tfds's own detection datasets number
`objects/label`, whatever the records hold: a `ClassLabel` (names in
`image.object-class.label.labels.txt`, in the manifest's class order) where the records number
from 0 (`--class-ids contiguous`), `shardify.tfds_features.ClassLabelFromOne` (the record's
number less `contract.FIRST_CLASS_ID`) where they number from 1 (`label-map`, the default). The
source's own ids (`source`: COCO's 1-90, with gaps) are no class index: an int64 `Tensor` of them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from shardify.errors import ManifestError
from shardify.format import contract, naming
from shardify.format.manifest_model import Manifest, ShardInfo
from shardify.inputs.paths import join_path

__all__ = ["TFDS_DATASET_NAME", "TFDS_VERSION", "tfds_features", "tfds_dataset_info", "tfds_files", "why_not_tfds"]

# Fixed, so that equal conversions give equal files wherever they are written (the folder's name
# is not part of the data). tfds shows them as `info.full_name == "shardify/1.0.0"`.
TFDS_DATASET_NAME = "shardify"
TFDS_VERSION = "1.0.0"

_FEATURES = "tensorflow_datasets.core.features."
_FEATURES_DICT = _FEATURES + "features_dict.FeaturesDict"
# tfds's Image, but decoding GIFs and WebPs too (see shardify/tfds_features.py); tfds imports it by this name.
_IMAGE = "shardify.tfds_features.Image"
_CLASS_LABEL = _FEATURES + "class_label_feature.ClassLabel"
_SEQUENCE = _FEATURES + "sequence_feature.Sequence"
_TEXT = _FEATURES + "text_feature.Text"
_TENSOR = _FEATURES + "tensor_feature.Tensor"
# tfds's own Image decodes the PNG masks (always PNG, never an animation); BBoxes, tfds's
# BBoxFeature reading the four coordinate keys (see shardify/tfds_features.py).
_TFDS_IMAGE = _FEATURES + "image_feature.Image"
_BBOXES = "shardify.tfds_features.BBoxes"
# The tfds connector of object classes numbered from each convention's first id (see the docstring).
_OBJECT_CLASS_LABELS = {
    contract.CLASS_IDS_CONTIGUOUS: _CLASS_LABEL,
    contract.CLASS_IDS_LABEL_MAP: "shardify.tfds_features.ClassLabelFromOne",
}
_SEQUENCE_KEY = "image/object"  # the key of a detection output's objects: the records' keys less the field
_BOX_KEYS = (contract.OBJECT_YMIN, contract.OBJECT_XMIN, contract.OBJECT_YMAX, contract.OBJECT_XMAX)
# One value per object in each (keypoints are not: an object holds several).
_PER_OBJECT_KEYS = (*_BOX_KEYS, *(key for key in contract.PER_OBJECT_KEYS if key not in _BOX_KEYS))
# tfds's Image(shape=(None, None, 1)), decoding a segmentation mask's class indices as they are
# stored (see shardify/tfds_features.py), as tfds's segmentation datasets hold their masks.
_SEGMENTATION = "shardify.tfds_features.Segmentation"
# Channels of the decoded image: tfds's Image decodes every format to this many, as our reader does.
_IMAGE_CHANNELS = 3
_UNKNOWN = "-1"  # tfds's proto JSON writes an unknown dimension (and an unbounded sequence) as -1

_Json = dict[str, Any]


def _connector(python_class: str, field: str, content: _Json, description: str = "") -> _Json:
    """One `Feature` proto in JSON: the class tfds rebuilds, and its content under the proto's field."""
    feature: _Json = {"pythonClassName": python_class, field: content}
    if description:
        feature["description"] = description
    return feature


def _class_label(num_classes: int, description: str = "") -> _Json:
    # int64 fields are strings in proto JSON, as tfds writes them.
    return _connector(_CLASS_LABEL, "classLabel", {"numClasses": str(num_classes)}, description)


def _sequence(feature: _Json, description: str) -> _Json:
    return _connector(_SEQUENCE, "sequence", {"feature": feature, "length": _UNKNOWN}, description)


def _feature(key: str, spec: Mapping[str, Any], labels: tuple[str, ...]) -> _Json:
    """The connector for one manifest feature (see the table in the module docstring)."""
    description = spec.get("description", "")
    description = description if isinstance(description, str) else ""
    many = spec.get("shape", []) == [None]
    if key == contract.IMAGE_ENCODED and not many:
        shape = {"dimensions": [_UNKNOWN, _UNKNOWN, str(_IMAGE_CHANNELS)]}
        return _connector(_IMAGE, "image", {"shape": shape, "dtype": "uint8"}, description)
    if key in contract.LABEL_INDEX_KEYS and labels:
        return _sequence(_class_label(len(labels)), description) if many else _class_label(len(labels), description)
    if key == contract.SEGMENTATION and not many:
        shape = {"dimensions": [_UNKNOWN, _UNKNOWN, "1"]}
        return _connector(_SEGMENTATION, "image", {"shape": shape, "dtype": "uint8"}, description)
    if spec["dtype"] == "string":
        text = _connector(_TEXT, "text", {})
        if many:
            return _sequence(text, description)
        text.update({"description": description} if description else {})
        return text
    shape = {"dimensions": [_UNKNOWN]} if many else {}
    return _connector(_TENSOR, "tensor", {"shape": shape, "dtype": spec["dtype"], "encoding": "none"}, description)


def _object_keys(manifest: Manifest) -> list[str]:
    """The per-object keys of a detection output (all four box keys, or none of them), else []."""
    if manifest.objects is None or not all(key in manifest.features for key in _BOX_KEYS):
        return []
    return [key for key in _PER_OBJECT_KEYS if key in manifest.features]


def _objects(manifest: Manifest, keys: list[str]) -> _Json:
    """The `Sequence` of a detection output's objects, keyed by what follows `image/object/`."""
    inner: _Json = {}
    for key in keys:
        spec = manifest.features[key]
        description = spec.get("description", "") if isinstance(spec.get("description", ""), str) else ""
        if key in _BOX_KEYS:
            content = {"shape": {"dimensions": ["4"]}, "dtype": "float32", "bboxFormat": "REL_YXYX"}
            described = "each object's box: [ymin, xmin, ymax, xmax] / image size"
            inner["bbox"] = _connector(_BBOXES, "boundingBox", content, described)
        elif key == contract.OBJECT_LABEL and _object_class_names(manifest):
            names = _object_class_names(manifest)
            python_class = _OBJECT_CLASS_LABELS[manifest.objects.class_ids]
            inner["class/label"] = _connector(python_class, "classLabel", {"numClasses": str(len(names))}, description)
        elif key == contract.OBJECT_MASK:
            shape = {"dimensions": [_UNKNOWN, _UNKNOWN, "1"]}
            inner["mask"] = _connector(_TFDS_IMAGE, "image", {"shape": shape, "dtype": "uint8"}, description)
        elif spec["dtype"] == "string":
            inner[key[len(_SEQUENCE_KEY) + 1 :]] = _connector(_TEXT, "text", {}, description)
        else:
            content = {"shape": {}, "dtype": spec["dtype"], "encoding": "none"}
            inner[key[len(_SEQUENCE_KEY) + 1 :]] = _connector(_TENSOR, "tensor", content, description)
    objects = _connector(_FEATURES_DICT, "featuresDict", {"features": dict(sorted(inner.items()))})
    return _sequence(objects, "a detection dataset's objects, one value of each field per object")


def _object_class_names(manifest: Manifest) -> tuple[str, ...]:
    """The object class names in index order, where the records number them first, first + 1, ...
    by a convention with a first id (see the module docstring); else ()."""
    objects = manifest.objects
    if objects is None or not objects.classes or objects.class_ids not in _OBJECT_CLASS_LABELS:
        return ()
    first = contract.FIRST_CLASS_ID[objects.class_ids]
    ordered = sorted(objects.classes.items(), key=lambda item: item[1])
    if [number for _, number in ordered] != list(range(first, first + len(ordered))):
        return ()
    return tuple(name for name, _ in ordered)


def tfds_features(manifest: Manifest) -> _Json:
    """The content of `features.json`: a flat `FeaturesDict` over every feature of the manifest,
    but for a detection output's objects, one `Sequence` (see the module docstring)."""
    object_keys = _object_keys(manifest)
    features = {
        key: _feature(key, spec, manifest.labels) for key, spec in manifest.features.items() if key not in object_keys
    }
    if object_keys:
        features[_SEQUENCE_KEY] = _objects(manifest, object_keys)
    return {"pythonClassName": _FEATURES_DICT, "featuresDict": {"features": dict(sorted(features.items()))}}


def _supervised_keys(manifest: Manifest) -> _Json | None:
    """(input, label) for `as_dataset(as_supervised=True)`: the image, else the text; none unlabelled.
    A detection output's: (image, objects)."""
    inputs = [key for key in (contract.IMAGE_ENCODED, contract.TEXT) if key in manifest.features]
    if inputs and inputs[0] == contract.IMAGE_ENCODED and _object_keys(manifest):
        return {"input": inputs[0], "output": _SEQUENCE_KEY}
    label = [key for key in contract.LABEL_INDEX_KEYS if key in manifest.features]
    if not inputs or not label or not manifest.labels:
        return None
    return {"input": inputs[0], "output": label[0]}


def _batches(manifest: Manifest) -> list[tuple[str, str, list[ShardInfo]]]:
    """(tfds split name, its file template, its shards) for every split: the split itself where one
    run wrote it, else one tfds split per version that added to it, `<split>_v<N>` (tfds derives a
    split's file names from one template and one shard count, and an append's shards carry their
    own: tfds reads the whole split as `train_v1+train_v2`).

    Raises:
      ManifestError: a shard is not named as tfds's template derives it.
    """
    found = []
    for _, split in sorted(manifest.splits.items()):
        by_version: dict[int, list[ShardInfo]] = {}
        for shard in split.shards:
            parsed = naming.parse_shard_filename(shard.path)
            by_version.setdefault(parsed.version if parsed else 1, []).append(shard)
        for version, shards in sorted(by_version.items()):
            name = split.name if len(by_version) == 1 else f"{split.name}_v{version}"
            infix = f"-v{version:05d}" if version > 1 else ""
            for index, shard in enumerate(shards):
                expected = naming.shard_filename(split.name, index, len(shards), version)
                if shard.path != expected:
                    raise ManifestError(
                        f"{join_path(manifest.root, naming.MANIFEST_FILENAME)}: splits[{split.name!r}].shards[{index}].path "
                        f"is {shard.path!r}; TensorFlow Datasets can only read shards named {expected!r} "
                        "(re-run the conversion)"
                    )
            template = naming.TFDS_SHARD_TEMPLATE
            if infix or name != split.name:  # the tfds split's name is not the files': spelt out
                template = template.replace("{SPLIT}", split.name + infix)
            found.append((name, template, shards))
    return found


def tfds_dataset_info(manifest: Manifest) -> _Json:
    """The content of `dataset_info.json`: tfds's `DatasetInfo` proto in JSON.

    Raises:
      ManifestError: a shard is not named as tfds's template derives it.
    """
    batches = _batches(manifest)
    layout = manifest.data.get("layout")
    info: _Json = {
        "name": TFDS_DATASET_NAME,
        "version": TFDS_VERSION,
        "description": (
            f"A shardify output{f' ({layout} layout)' if isinstance(layout, str) else ''}; "
            f"{naming.MANIFEST_FILENAME} beside this file describes it and is the authority."
        ),
        "fileFormat": naming.TFDS_FILE_FORMAT,
        "splits": [
            {
                "name": name,
                "filepathTemplate": template,
                "numBytes": str(sum(shard.num_bytes for shard in shards)),
                "shardLengths": [str(shard.num_records) for shard in shards],
            }
            for name, template, shards in batches
        ],
    }
    supervised = _supervised_keys(manifest)
    if supervised:
        info["supervisedKeys"] = supervised
    return info


def _label_names_text(manifest: Manifest, names: tuple[str, ...]) -> str:
    """The label names, one a line, as tfds's ClassLabel reads them back (each line stripped, empty
    lines dropped).

    Raises:
      ManifestError: a name that such a file cannot hold (a line break, surrounding spaces). shardify
        never writes one: it normalises and rejects such labels while converting.
    """
    for label in names:
        if not label or label != label.strip() or len(label.splitlines()) != 1:
            raise ManifestError(
                f"{join_path(manifest.root, naming.MANIFEST_FILENAME)}: label {label!r} cannot be written to a "
                "TensorFlow Datasets label file (one name a line, without surrounding spaces)"
            )
    return "".join(f"{label}\n" for label in names)


def _dumps(document: _Json) -> str:
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def why_not_tfds(manifest: Manifest) -> str:
    """Why TensorFlow Datasets cannot read `manifest`'s output, or "" when it can.

    tfds's `Image` feature decodes `image/encoded` alone (its `decode_example` is given that one
    tensor): it cannot read an image stored as pixels (`--store-pixels`), whose shape is in other
    features of the record. Describing it as a `Tensor` instead would give flat bytes, a wrong
    tensor with no error, so no tfds files are written for such an output.
    """
    if manifest.stores_pixels:
        return (
            f"{manifest.root} was converted with --store-pixels {manifest.data['options'].get('store_pixels')}: TensorFlow "
            "Datasets' Image feature decodes encoded images only, so it cannot read records holding raw pixels; read the "
            "output with shardify.load or shardify.torch, or convert again without --store-pixels"
        )
    bare = sorted(name for name, split in manifest.splits.items() if split.num_unmasked)
    if bare and contract.SEGMENTATION in manifest.features:
        # (tfds describes one set of features for every split: a record without the mask fails its parsing)
        return (
            f"{manifest.root} holds segmentation masks, and split {', '.join(bare)} holds none (the source gives it "
            "no masks): TensorFlow Datasets describes one set of features for every split, so its reader cannot parse "
            "those records; read the output with shardify.load or shardify.torch, which read that split's images alone"
        )
    return ""


def tfds_files(manifest: Manifest) -> dict[str, str]:
    """Every file `tfds.builder_from_directory` reads, `{file name: text}`, in the order to write
    them: label names, then `features.json`, then `dataset_info.json` (tfds's entry point) last.

    The texts depend on the manifest alone (no times, hosts or paths), so equal conversions give
    equal files. None for an output tfds cannot read (`why_not_tfds`).

    Raises:
      ManifestError: the manifest cannot be described to tfds (see `tfds_dataset_info` and the label
        names).
    """
    files: dict[str, str] = {}
    if why_not_tfds(manifest):  # none: a stale dataset_info.json would describe pixels as images
        return files
    if manifest.labels:
        names = _label_names_text(manifest, manifest.labels)
        for key in contract.LABEL_INDEX_KEYS:
            if key in manifest.features:
                files[naming.tfds_labels_filename(key)] = names
    if _object_keys(manifest) and _object_class_names(manifest):
        object_names = _label_names_text(manifest, _object_class_names(manifest))
        files[naming.TFDS_OBJECT_LABELS_FILENAME] = object_names
    info = tfds_dataset_info(manifest)
    files[naming.TFDS_FEATURES_FILENAME] = _dumps(tfds_features(manifest))
    files[naming.TFDS_INFO_FILENAME] = _dumps(info)
    return files
