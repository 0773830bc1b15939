"""Metadata other tools read, derived from the manifest: TensorFlow Datasets' files
(`tfds_metadata`) and the Object Detection API's label map (`label_map`).

`shardify/tfds_features.py` stays at the package's top: every output's `features.json` names its class by that dotted path."""

from __future__ import annotations

from shardify.format.manifest_model import Manifest

__all__ = ["metadata_files"]


def metadata_files(manifest: Manifest) -> dict[str, str]:
    """Every other tool's file for `manifest`, `{name: text}`, in the order to write them: the label
    map, then tfds's files (its entry point, `dataset_info.json`, last)."""
    from shardify.interop import label_map, tfds_metadata

    return {**label_map.label_map_files(manifest), **tfds_metadata.tfds_files(manifest)}
