"""The manifest as readers see it: frozen dataclasses for a parsed, checked `manifest.json`.

`manifest.py` builds these from the untrusted JSON (checking every field first) and
`manifest_build.py` writes the JSON they are read from; this module owns only the shape in between,
so that a reader can name `Manifest` or `SplitInfo` without the parser or the writer. No Beam, no
TensorFlow.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shardify.errors import ManifestError
from shardify.format import contract, naming
from shardify.inputs.paths import join_path

__all__ = [
    "MANIFEST_FORMAT",
    "MANIFEST_VERSION",
    "ShardInfo",
    "SplitInfo",
    "ObjectsInfo",
    "Manifest",
]

MANIFEST_FORMAT = "shardify.manifest"
MANIFEST_VERSION = 1


@dataclass(frozen=True)
class ShardInfo:
    """One shard file.

    Attributes:
      path: the shard, relative to the manifest (a plain file name).
      num_records, num_bytes, sha256: of the shard file.
      index: its DALI index file (one `offset size` line per record), or "" in outputs made
        before shardify wrote them.
    """

    path: str
    num_records: int
    num_bytes: int
    sha256: str
    index: str = ""


@dataclass(frozen=True)
class SplitInfo:
    """One split. Attributes: name, num_records, num_bytes, shards, label_counts, and
    num_unlabelled: records without a label (label -1 in single-label data), and
    num_unmasked: records of a segmentation output without a mask (`image/segmentation/class/encoded`
    absent: a split the source gives no masks, LoveDA's Test/; every record of such a split)."""

    name: str
    num_records: int
    num_bytes: int
    shards: tuple[ShardInfo, ...]
    label_counts: dict[str, int]
    num_unlabelled: int = 0
    num_unmasked: int = 0


@dataclass(frozen=True)
class ObjectsInfo:
    """A detection dataset's objects (the manifest's `objects`).

    Attributes:
      features: which object features the records hold.
      class_ids: how `image/object/class/label` numbers classes (contract.CLASS_ID_CONVENTIONS).
      classes: class name -> its number.
      num_keypoints: keypoints per object where the records hold keypoints (the flat
        `image/object/keypoint/*` lists hold that many per object, object after object), else 0.
      counts: split -> class name -> objects written.
    """

    features: contract.ObjectSchema
    class_ids: str
    classes: dict[str, int]
    num_keypoints: int = 0
    counts: dict[str, dict[str, int]] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class Manifest:
    """A parsed manifest.

    Attributes:
      root: folder that holds the manifest; shard paths are relative to it.
      labels: label names; a record's label is an index into this tuple.
      label_mode: "single", "multi" (several label indices per record) or "none".
      features: the feature spec, `{key: {"dtype", "shape", "output_name", "description"}}`.
      splits: split name -> SplitInfo.
      inputs: {"seen", "written", "rejected", "skipped"} counts.
      rejected, repaired: the reports' counts, and "path" when the report exists.
      duplicates: groups of records with the same content ("groups", "records", "across_splits",
        "path" when there are any), or None in outputs made before shardify looked.
      data: the whole JSON document.
      objects: a detection dataset's objects, or None (records hold none).
      version: which version of the output this manifest describes (see format/versions.py).
      versions: every version's record up to this one (`dataset_version` and `history`), oldest
        first; () in outputs made before versions.
    """

    root: str
    labels: tuple[str, ...]
    label_mode: str
    features: dict[str, dict[str, Any]]
    splits: dict[str, SplitInfo]
    inputs: dict[str, int]
    rejected: dict[str, Any]
    repaired: dict[str, Any]
    duplicates: dict[str, Any] | None
    data: dict[str, Any]
    objects: ObjectsInfo | None = None
    version: int = 1
    versions: tuple[dict[str, Any], ...] = ()

    def split(self, name: str) -> SplitInfo:
        """Raises ManifestError naming the splits that exist when `name` is not one of them."""
        try:
            return self.splits[name]
        except KeyError:
            raise ManifestError(
                f"split {name!r} is not in {join_path(self.root, naming.MANIFEST_FILENAME)}; "
                f"it has {sorted(self.splits)}"
            ) from None

    @property
    def stores_pixels(self) -> bool:
        """Some records may hold their image as pixels (`contract.RAW_PIXELS_FORMAT`): the output
        was converted with `--store-pixels` auto or always. Readers that can only decode encoded
        images refuse such an output by this, before reading a record."""
        options = self.data.get("options")
        return isinstance(options, Mapping) and options.get("store_pixels", "never") not in ("never", None)

    def shard_paths(self, split: str) -> list[str]:
        return [join_path(self.root, shard.path) for shard in self.split(split).shards]
