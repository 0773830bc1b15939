"""Reading the manifest: what an output folder holds, written last by the converter, read by every reader.

An output folder without `manifest.json` is incomplete. Shard paths are relative to the manifest,
so a finished folder can be copied or uploaded as a whole. The manifest is input like any other:
`parse_manifest` checks every field a reader uses before it builds the `manifest_model`
dataclasses, and `load_manifest` finds and opens the file (or one version's) as inputs are opened.
Writing it is `manifest_build.py`'s. No Beam, no TensorFlow.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from shardify.errors import InvalidInputError, ManifestError
from shardify.format import contract, naming
from shardify.format.manifest_model import MANIFEST_FORMAT, MANIFEST_VERSION, Manifest, ObjectsInfo, ShardInfo, SplitInfo
from shardify.format.versions import check_versions
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import join_path

__all__ = [
    "parse_manifest",
    "check_arithmetic",
    "is_plain_filename",
    "load_manifest",
    "MAX_MANIFEST_BYTES",
]

_DTYPES = ("string", "int64", "float32")
_SHAPES = ([], [None])
_HEX = frozenset("0123456789abcdef")
# Far above any real manifest (100,000 shards take about 20 MB); a larger file is not ours.
MAX_MANIFEST_BYTES = 256 << 20


def is_plain_filename(name: str) -> bool:
    """A file directly inside the output folder: no folder part, not `.` or `..`, not absolute."""
    return bool(name) and name not in (".", "..") and not any(c in name for c in "/\\\0") and ":" not in name[:2]


class _Checker:
    """Reads typed fields out of untrusted JSON, naming the field in every error."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, field: str, expected: str, value: object) -> ManifestError:
        shown = json.dumps(value)[:60] if _jsonable(value) else type(value).__name__
        return ManifestError(f"{self.where}: {field} must be {expected}, not {shown}")

    def get(self, data: Mapping[str, Any], key: str, field: str) -> Any:
        if key not in data:
            raise ManifestError(f"{self.where}: {field} is missing")
        return data[key]

    def dict(self, data: Mapping[str, Any], key: str, field: str) -> dict[str, Any]:
        value = self.get(data, key, field)
        if not isinstance(value, dict):
            raise self.fail(field, "an object", value)
        return value

    def list(self, data: Mapping[str, Any], key: str, field: str) -> list[Any]:
        value = self.get(data, key, field)
        if not isinstance(value, list):
            raise self.fail(field, "a list", value)
        return value

    def str(self, data: Mapping[str, Any], key: str, field: str) -> str:
        value = self.get(data, key, field)
        if not isinstance(value, str):
            raise self.fail(field, "a string", value)
        return value

    def count(self, data: Mapping[str, Any], key: str, field: str) -> int:
        value = self.get(data, key, field)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(field, "a whole number >= 0", value)
        return value

    def filename(self, data: Mapping[str, Any], key: str, field: str) -> str:
        value = self.str(data, key, field)
        if not is_plain_filename(value):
            raise self.fail(field, "a plain file name inside the output folder", value)
        return value


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


@functools.cache
def _contract_dtypes() -> dict[str, str]:
    """{key: dtype} of every feature the contract defines (columns kept as features aside)."""
    found = {key: contract.INT64 for key in contract.LABEL_INDEX_KEYS}
    for value in vars(contract).values():
        for feature in value if isinstance(value, tuple) else (value,):
            if isinstance(feature, contract.Feature):
                found[feature.key] = feature.dtype
    return found


def _check_label_shape(check: _Checker, features: Mapping[str, Any], label_mode: str) -> None:
    """A label feature holds one index a record in single-label data, any number in multi-label
    data: a label_mode that says otherwise would make every reader fail on the first record."""
    if label_mode == contract.LABEL_NONE:
        return
    expected = [] if label_mode == contract.LABEL_SINGLE else [None]
    for key in contract.LABEL_INDEX_KEYS:
        if key in features and list(features[key].get("shape", [])) != expected:
            shown = "[]" if label_mode == contract.LABEL_SINGLE else "[null]"
            raise check.fail(f"features[{key!r}].shape", f"{shown} for label_mode {label_mode}", features[key].get("shape"))


def _features(check: _Checker, data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    features = check.dict(data, "features", "features")
    output_names: set[str] = set()
    for key, spec in features.items():
        field = f"features[{key!r}]"
        if not isinstance(spec, dict):
            raise check.fail(field, "an object", spec)
        if spec.get("dtype") not in _DTYPES:
            raise check.fail(f"{field}.dtype", f"one of {', '.join(_DTYPES)}", spec.get("dtype"))
        if spec.get("shape", []) not in _SHAPES:
            raise check.fail(f"{field}.shape", "[] or [null]", spec.get("shape"))
        if _contract_dtypes().get(key, spec["dtype"]) != spec["dtype"]:  # what the records hold, whatever it says
            raise check.fail(f"{field}.dtype", f"{_contract_dtypes()[key]}, as every shard holds it", spec["dtype"])
        name = spec.get("output_name", key)
        if not isinstance(name, str) or not name or name in output_names:
            raise check.fail(f"{field}.output_name", "a name no other feature has", name)
        output_names.add(name)
    return features


def _shards(check: _Checker, split: Mapping[str, Any], field: str, seen: set[str]) -> tuple[ShardInfo, ...]:
    shards = []
    for index, shard in enumerate(check.list(split, "shards", f"{field}.shards")):
        where = f"{field}.shards[{index}]"
        if not isinstance(shard, dict):
            raise check.fail(where, "an object", shard)
        path = check.filename(shard, "path", f"{where}.path")
        index = check.filename(shard, "index", f"{where}.index") if "index" in shard else ""
        for name, field in ((path, "path"), (index, "index")):
            if name and name in seen:
                raise check.fail(f"{where}.{field}", "listed once", name)
            seen.add(name)
        digest = check.str(shard, "sha256", f"{where}.sha256")
        if len(digest) != 64 or not set(digest) <= _HEX:
            raise check.fail(f"{where}.sha256", "64 lower-case hex digits", digest)
        shards.append(
            ShardInfo(
                path=path,
                num_records=check.count(shard, "num_records", f"{where}.num_records"),
                num_bytes=check.count(shard, "num_bytes", f"{where}.num_bytes"),
                sha256=digest,
                index=index,
            )
        )
    return tuple(shards)


def _splits(check: _Checker, data: Mapping[str, Any], labels: tuple[str, ...]) -> dict[str, SplitInfo]:
    splits, seen = {}, set()
    known = frozenset(labels)  # a set: a crafted manifest may name 200,000 labels (a tuple test is quadratic)
    for name, split in check.dict(data, "splits", "splits").items():
        field = f"splits[{name!r}]"
        try:
            naming.check_split_name(name)
        except ValueError:
            raise check.fail("splits", "keyed by split names (letters, digits, '_')", name) from None
        if not isinstance(split, dict):
            raise check.fail(field, "an object", split)
        label_counts = check.dict(split, "label_counts", f"{field}.label_counts") if "label_counts" in split else {}
        # Checked in bulk (a crafted manifest may count 200,000 labels), then named one by one.
        unknown = next((label for label in label_counts if label not in known), None)
        if unknown is not None:
            raise check.fail(f"{field}.label_counts", "keyed by the manifest's labels", unknown)
        wrong = next((label for label, count in label_counts.items() if type(count) is not int or count < 0), None)
        if wrong is not None:
            check.count(label_counts, wrong, f"{field}.label_counts[{wrong!r}]")
        splits[name] = SplitInfo(
            name=name,
            num_records=check.count(split, "num_records", f"{field}.num_records"),
            num_bytes=check.count(split, "num_bytes", f"{field}.num_bytes"),
            shards=_shards(check, split, field, seen),
            label_counts=dict(label_counts),
            num_unlabelled=check.count(split, "num_unlabelled", f"{field}.num_unlabelled") if "num_unlabelled" in split else 0,
            num_unmasked=check.count(split, "num_unmasked", f"{field}.num_unmasked") if "num_unmasked" in split else 0,
        )
    return splits


def _report(check: _Checker, data: Mapping[str, Any], key: str, counts: Sequence[str]) -> dict[str, Any]:
    report = check.dict(data, key, key)
    for name in counts:
        check.count(report, name, f"{key}.{name}")
    if "path" in report:
        check.filename(report, "path", f"{key}.path")
    return report


def _objects_info(check: _Checker, data: Mapping[str, Any], features: Mapping[str, Any]) -> ObjectsInfo | None:
    if "objects" not in data:
        return None
    objects = check.dict(data, "objects", "objects")
    flags = check.dict(objects, "features", "objects.features")
    known = {field.name for field in dataclasses.fields(contract.ObjectSchema)}
    if set(flags) - known or not all(isinstance(v, bool) for v in flags.values()):
        raise check.fail("objects.features", f"true or false for each of {', '.join(sorted(known))}", flags)
    schema = contract.ObjectSchema(**flags)
    missing = [f.key for f in schema.features if f.key not in features]
    if missing:
        raise check.fail("features", "every feature objects.features names", missing[0])
    convention = check.str(objects, "class_ids", "objects.class_ids")
    if convention not in contract.CLASS_ID_CONVENTIONS:
        raise check.fail("objects.class_ids", f"one of {', '.join(contract.CLASS_ID_CONVENTIONS)}", convention)
    classes = check.dict(objects, "classes", "objects.classes")
    for name in classes:
        check.count(classes, name, f"objects.classes[{name!r}]")
    if len(set(classes.values())) != len(classes):
        raise check.fail("objects.classes", "a distinct number for each class", classes)
    num_keypoints = check.count(objects, "num_keypoints", "objects.num_keypoints") if schema.keypoints else 0
    counts = check.dict(objects, "counts", "objects.counts") if "counts" in objects else {}
    for split, per_class in counts.items():
        field = f"objects.counts[{split!r}]"
        if not isinstance(per_class, dict) or not set(per_class) <= set(classes):
            raise check.fail(field, "counts keyed by objects.classes", per_class)
        for name in per_class:
            check.count(per_class, name, f"{field}[{name!r}]")
    return ObjectsInfo(schema, convention, dict(classes), num_keypoints, {s: dict(c) for s, c in counts.items()})


def parse_manifest(text: str, root: str, *, name: str = naming.MANIFEST_FILENAME) -> Manifest:
    """Validates and parses manifest JSON whose shards live under `root`.

    The manifest is untrusted input: every field any reader uses is checked for its type, shard
    paths must be plain file names (so nothing outside `root` is ever opened through it), each
    listed once.

    Raises:
      ManifestError: one line naming the file and the field: not JSON, not a shardify manifest, a
        newer version, a missing field or one of the wrong type.
    """
    where = join_path(root, name)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: also an integer of more than 4,300 digits
        reason = str(error).split(";")[0]  # not Python's advice to raise its own limit
        raise ManifestError(f"{where} is not valid JSON ({reason}); re-run the conversion") from None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        raise ManifestError(f"{where} is not a shardify manifest")
    if data.get("version") != MANIFEST_VERSION:
        raise ManifestError(
            f"{where} has manifest version {data.get('version')!r}; this shardify reads "
            f"version {MANIFEST_VERSION}: upgrade shardify or re-run the conversion"
        )
    check = _Checker(where)
    labels = check.list(data, "labels", "labels")
    if not all(isinstance(label, str) for label in labels) or len(set(labels)) != len(labels):
        raise check.fail("labels", "a list of distinct strings", labels)
    label_mode = check.str(data, "label_mode", "label_mode")
    if label_mode not in (contract.LABEL_SINGLE, contract.LABEL_MULTI, contract.LABEL_NONE):
        raise check.fail("label_mode", "single, multi or none", label_mode)
    inputs = check.dict(data, "inputs", "inputs")
    for name in ("seen", "written", "rejected", "skipped"):
        check.count(inputs, name, f"inputs.{name}")
    if "auxiliary" in inputs:  # only where there are any (and never in manifests made before)
        check.count(inputs, "auxiliary", "inputs.auxiliary")
    features = _features(check, data)
    _check_label_shape(check, features, label_mode)
    version, versions = check_versions(data, where)
    return Manifest(
        root=root,
        labels=tuple(labels),
        label_mode=label_mode,
        features=features,
        splits=_splits(check, data, tuple(labels)),
        inputs=dict(inputs),
        rejected=_report(check, data, "rejected", ("count",)),
        repaired=_report(check, data, "repaired", ("count", "reencoded")),
        duplicates=(
            _report(check, data, "duplicates", ("groups", "records", "across_splits")) if "duplicates" in data else None
        ),
        data=data,
        objects=_objects_info(check, data, features),
        version=version,
        versions=versions,
    )


def check_arithmetic(manifest: Manifest) -> list[str]:
    """What does not add up in a parsed manifest (empty when everything does): inputs against
    records, splits against their shards, label counts against records."""
    problems = []
    inputs = manifest.inputs
    # What docs/output.md says: auxiliary files (read for splits and labels, or set aside as not
    # inputs) are seen too; `auxiliary` is written only when above 0.
    accounted = inputs["written"] + inputs["rejected"] + inputs["skipped"] + inputs.get("auxiliary", 0)
    if inputs["seen"] != accounted:
        problems.append(f"inputs.seen is {inputs['seen']}, but written + rejected + skipped + auxiliary = {accounted}")
    written = sum(split.num_records for split in manifest.splits.values())
    if inputs["written"] != written:
        problems.append(f"inputs.written is {inputs['written']}, but the splits hold {written} records")
    if manifest.rejected["count"] != inputs["rejected"]:
        problems.append(f"rejected.count is {manifest.rejected['count']}, but inputs.rejected is {inputs['rejected']}")
    for split in manifest.splits.values():
        for what, total, parts in (
            ("num_records", split.num_records, sum(s.num_records for s in split.shards)),
            ("num_bytes", split.num_bytes, sum(s.num_bytes for s in split.shards)),
        ):
            if total != parts:
                problems.append(f"splits[{split.name!r}].{what} is {total}, but its shards add up to {parts}")
        labelled = sum(split.label_counts.values())
        if manifest.label_mode == contract.LABEL_SINGLE and labelled + split.num_unlabelled != split.num_records:
            problems.append(
                f"splits[{split.name!r}].label_counts add up to {labelled} and num_unlabelled is {split.num_unlabelled}, "
                f"not its {split.num_records} records"
            )
        over = [label for label, count in split.label_counts.items() if count > split.num_records]
        if over:
            problems.append(f"splits[{split.name!r}].label_counts[{over[0]!r}] exceeds its {split.num_records} records")
        if split.num_unmasked and (contract.SEGMENTATION not in manifest.features or split.num_unmasked > split.num_records):
            problems.append(f"splits[{split.name!r}].num_unmasked is {split.num_unmasked}: more than its {split.num_records} "
                            "records, or in an output of no segmentation masks")
        if manifest.label_mode == contract.LABEL_NONE and labelled:
            problems.append(f"splits[{split.name!r}] counts labels in an unlabelled dataset")
    return problems


def load_manifest(path: str, *, version: int | None = None, read_text: Callable[[str], str] | None = None) -> Manifest:
    """Loads `path` (an output folder or its manifest.json), or one version of it.

    Args:
      path: the output folder, or the manifest file itself.
      version: a version of the output (1 is the conversion, each append adds one), read from its
        own manifest, `manifest-v<version>.json`; None: the latest.
      read_text: reads a file's text; defaults to local files. The reader passes TensorFlow's
        file system so that gs:// works.

    Raises:
      ManifestError: no manifest (the output is incomplete) or an invalid one; no such version.
    """
    if path.endswith(naming.MANIFEST_FILENAME):
        manifest_path, root = path, path[: -len(naming.MANIFEST_FILENAME)].rstrip("/") or "."
    else:
        manifest_path, root = join_path(path, naming.MANIFEST_FILENAME), path
    if version is not None:
        try:
            manifest_path = join_path(root, naming.version_manifest_filename(version))
        except ValueError as error:
            raise ManifestError(f"version={version!r}: {error}") from None
        manifest = _load(manifest_path, root, read_text)
        if manifest.version != version:
            raise ManifestError(f"{manifest_path} describes version {manifest.version}, not {version}: re-run the conversion")
        return manifest
    return _load(manifest_path, root, read_text)


def _load(manifest_path: str, root: str, read_text: Callable[[str], str] | None) -> Manifest:
    name = manifest_path.rsplit("/", 1)[-1]

    try:
        text = (read_text or _read_local_manifest)(manifest_path)
    except (FileNotFoundError, NotADirectoryError):
        if name != naming.MANIFEST_FILENAME:
            raise ManifestError(
                f"no {name} in {root}: that version does not exist there (`shardify inspect {root} --versions` lists them)"
            ) from None
        raise ManifestError(
            f"no manifest at {manifest_path}: the folder is not a finished shardify output "
            "(a conversion that did not finish leaves none); run `shardify convert` into it"
        ) from None
    except UnicodeDecodeError as error:
        raise ManifestError(
            f"cannot read {manifest_path}: not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start}); "
            "shardify writes its manifests as UTF-8 JSON, so this one is damaged or not shardify's"
        ) from None
    except (OSError, InvalidInputError) as error:
        raise ManifestError(f"cannot read {manifest_path}: {getattr(error, 'reason', None) or error}") from None
    return parse_manifest(text, root, name=name)


def _read_local_manifest(path: str) -> str:
    """The text of a local manifest, opened as any input is (never blocking on a pipe, never more
    than MAX_MANIFEST_BYTES), and only as the regular file itself: never through a symbolic link,
    which could lead anywhere."""
    with open_local_input(path, real_root=os.path.realpath(os.path.dirname(path) or "."), follow_links=False) as f:
        data = f.read(MAX_MANIFEST_BYTES + 1)
    if len(data) > MAX_MANIFEST_BYTES:
        raise InvalidInputError(f"larger than {MAX_MANIFEST_BYTES >> 20} MiB: not a shardify manifest")
    return data.decode("utf-8")
