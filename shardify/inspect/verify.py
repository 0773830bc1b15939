"""Re-read a finished output and check it against its manifest, without TensorFlow.

Checks the manifest's own arithmetic (inputs, splits, shards and label counts add up), its versions
and their inputs files (see `_check_versions`), that the output folder holds no shard files the
manifest does not list, that each report has as many lines as the manifest counts (each a JSON
object), and per shard: sha256 and size against the manifest, every record's framing CRCs, every
record parsed against the feature spec, every raw-pixel image's byte count against its height,
width and channels, sizes of at least a pixel and boxes of corners in [0, 1] and in order
(`record_values.values_problem`: also image bytes of the format `image/format` names, object
features one per object, object classes the manifest's), every label index within the manifest's labels (-1, an unlabelled record,
only in a split that counts unlabelled records), the record counts per shard and split, and that
its DALI index gives every record's offset and size.

The manifest is untrusted (`manifest.parse_manifest` checks it), and files are opened as inputs are:
only regular files, never blocking on a pipe, only inside the output folder, never through a link.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Callable
from typing import BinaryIO

from shardify.errors import CorruptShardError, InvalidInputError, ManifestError
from shardify.format import contract, example_proto, naming
from shardify.format.inputs_file import check_inputs_file, records_per_version
from shardify.format.manifest import check_arithmetic, load_manifest
from shardify.format.manifest_model import Manifest, ObjectsInfo, ShardInfo, SplitInfo
from shardify.format.record_values import values_problem
from shardify.format.shard_index import open_shard_file
from shardify.format.tfrecord import framed_size, index_line, iter_records
from shardify.inspect.run_reports import MAX_LINE_BYTES
from shardify.inputs import json_input
from shardify.inputs.paths import join_path

__all__ = ["verify_output"]

# What a raw-pixel image's check reads (the format first, then the bytes and their shape).
_RAW_PIXEL_KEYS = (contract.IMAGE_FORMAT, contract.IMAGE_ENCODED, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_CHANNELS)


class _HashingReader:
    """Wraps a file so that every byte read also feeds a sha256."""

    def __init__(self, fileobj: BinaryIO) -> None:
        self._file = fileobj
        self.sha256 = hashlib.sha256()

    def read(self, size: int = -1) -> bytes:
        data = self._file.read(size)
        self.sha256.update(data)
        return data


def _check_record(
    data: bytes, features: dict, path: str, index: int, labels: range | None = None, objects: ObjectsInfo | None = None
) -> dict:
    """Raises CorruptShardError naming record `index` of `path` when it is not the Example the
    feature spec describes, or holds a label index outside `labels` (when given); returns it decoded."""
    try:
        decoded = example_proto.decode_example(data)
    except ValueError as error:
        raise CorruptShardError(path, f"not a tf.train.Example: {error}", index) from None
    for key, spec in features.items():
        if key not in decoded:
            raise CorruptShardError(path, f"feature {key!r} is missing", index)
        kind, values = decoded[key]
        variable = list(spec.get("shape", [])) == [None]
        if kind != spec["dtype"] or (len(values) != 1 and not variable):
            expected = f"any number of {spec['dtype']}" if variable else f"1 x {spec['dtype']}"
            raise CorruptShardError(path, f"feature {key!r} is {len(values)} x {kind}, expected {expected}", index)
    problem = _raw_pixels_problem(decoded) if all(key in features for key in _RAW_PIXEL_KEYS) else ""
    if not problem:
        class_ids = set(objects.classes.values()) if objects is not None else None
        problem = values_problem(decoded, features, class_ids=class_ids, num_keypoints=objects.num_keypoints if objects else 0)
    if problem:
        raise CorruptShardError(path, problem, index)
    if labels is not None:
        for key in contract.LABEL_INDEX_KEYS:
            bad = [value for value in decoded.get(key, (None, ()))[1] if value not in labels]
            if bad and key in features:
                allowed = "-1 (unlabelled) or " if labels.start < 0 else ""
                raise CorruptShardError(
                    path, f"{key} is {bad[0]}, not a label index ({allowed}0 to {labels.stop - 1}: the manifest names {labels.stop} labels)", index
                )
    return decoded


def _tally_labels(decoded: dict, manifest: Manifest, path: str, index: int, tally: Counter[str]) -> None:
    """Counts the labels a record holds into `tally`, by the manifest's names for its indices.

    Raises:
      CorruptShardError: the record's label names are not the manifest's names for its label
        indices (a manifest whose labels were reordered or renamed reads every record wrong).
    """
    for key, text_key in ((contract.LABEL, contract.LABEL_TEXT), (contract.TEXT_LABEL, contract.TEXT_LABEL_TEXT)):
        if key not in manifest.features or key not in decoded:
            continue
        indices = decoded[key][1]
        named = [manifest.labels[i] for i in indices if 0 <= i < len(manifest.labels)]
        if text_key in manifest.features and text_key in decoded:
            held = [name.decode("utf-8", "replace") for name in decoded[text_key][1] if name]
            if held != named:
                raise CorruptShardError(
                    path, f"{key} {list(indices)} is {named} by the manifest's labels, but the record names {held}: "
                    "the manifest's labels are not the records'", index
                )
        tally.update(set(named))


def _raw_pixels_problem(decoded: dict) -> str:
    """Why a record's raw pixels (image/format raw) are not its height x width x channels, or ""
    (also for an encoded image). Called once the spec's features are known to be there, one each."""
    if decoded[contract.IMAGE_FORMAT][1][0] != contract.RAW_PIXELS_FORMAT.encode():
        return ""
    height, width, channels = (decoded[key][1][0] for key in _RAW_PIXEL_KEYS[2:])
    return contract.raw_pixels_problem(len(decoded[contract.IMAGE_ENCODED][1][0]), height, width, channels)


def _open(manifest: Manifest, name: str) -> BinaryIO:
    return open_shard_file(manifest.root, name, advice="")


def _label_range(manifest: Manifest, split: SplitInfo) -> range:
    """The label indices a record of `split` may hold: 0 .. labels - 1, and -1 in single-label
    data whose split counts unlabelled records."""
    unlabelled = manifest.label_mode == contract.LABEL_SINGLE and split.num_unlabelled > 0
    return range(contract.UNLABELLED if unlabelled else 0, len(manifest.labels))


def _verify_shard(
    manifest: Manifest,
    shard: ShardInfo,
    on_bytes: Callable[[int], None],
    labels: range | None = None,
    tally: Counter[str] | None = None,
) -> None:
    path = join_path(manifest.root, shard.path)
    with _open(manifest, shard.path) as fileobj:
        size = os.fstat(fileobj.fileno()).st_size
        if size != shard.num_bytes:
            raise CorruptShardError(path, f"{size} bytes, manifest says {shard.num_bytes}")
        reader = _HashingReader(fileobj)
        count = offset = 0
        index = hashlib.sha256()  # of the index file this shard should have
        for count, data in enumerate(iter_records(reader, path, size), start=1):  # type: ignore[arg-type]
            decoded = _check_record(data, manifest.features, path, count - 1, labels, manifest.objects)
            if tally is not None:
                _tally_labels(decoded, manifest, path, count - 1, tally)
            index.update(index_line(offset, framed_size(len(data))))
            offset += framed_size(len(data))
            on_bytes(framed_size(len(data)))
        if reader.sha256.hexdigest() != shard.sha256:
            raise CorruptShardError(path, "sha256 differs from the manifest")
        if count != shard.num_records:
            raise CorruptShardError(path, f"{count} records, manifest says {shard.num_records}")
    if shard.index:
        with _open(manifest, shard.index) as fileobj:
            if _sha256_of(fileobj) != index.hexdigest():
                raise CorruptShardError(
                    join_path(manifest.root, shard.index), f"is not the index of {shard.path} (one 'offset size' line per record)"
                )


def _sha256_of(fileobj: BinaryIO) -> str:
    digest = hashlib.sha256()
    for block in iter(lambda: fileobj.read(1 << 20), b""):
        digest.update(block)
    return digest.hexdigest()


def _shard_version(name: str) -> int:
    """The version a shard or index file name says wrote it (`naming.is_shard_file` names only)."""
    if name.endswith(naming.INDEX_SUFFIX):
        name = name[: -len(naming.INDEX_SUFFIX)] + naming.SHARD_SUFFIX
    parsed = naming.parse_shard_filename(name)
    return parsed.version if parsed is not None else 0


def _check_folder(manifest: Manifest) -> None:
    """No shard files beside the listed ones (readers that glob would take them), and each report
    with as many lines as the manifest counts."""
    where = join_path(manifest.root, naming.MANIFEST_FILENAME)
    problems = check_arithmetic(manifest)
    if problems:
        raise CorruptShardError(where, "; ".join(problems))
    listed = {name for split in manifest.splits.values() for shard in split.shards for name in (shard.path, shard.index)}
    unlisted = sorted(name for name in os.listdir(manifest.root) if naming.is_shard_file(name) and name not in listed)
    if unlisted:
        shown = ", ".join(unlisted[:5]) + (", ..." if len(unlisted) > 5 else "")
        later = {_shard_version(name) for name in unlisted}
        if min(later) > manifest.version:  # an append refused for its rejects keeps its shards to resume from
            raise CorruptShardError(
                manifest.root,
                f"holds {len(unlisted)} shard files of version {min(later)}, which no manifest lists ({shown}): an append "
                "that was refused (too many rejects) or did not finish left them to resume from; run the same `shardify "
                "convert SRC OUT --append` again (with a higher --max-rejects, if its rejects stopped it), or delete them",
            )
        raise CorruptShardError(
            manifest.root, f"holds {len(unlisted)} shard files the manifest does not list ({shown}): another run's?"
        )
    reports = [(manifest.rejected, "count"), (manifest.repaired, "count"), (manifest.duplicates or {}, "groups")]
    for report, count in reports:
        if "path" not in report:
            continue
        with _open(manifest, report["path"]) as fileobj:
            lines = _report_lines(fileobj, join_path(manifest.root, report["path"]), named=count == "count")
        if lines != report[count]:
            raise CorruptShardError(join_path(manifest.root, report["path"]), f"{lines} lines, manifest counts {report[count]}")


def _report_lines(fileobj: BinaryIO, where: str, *, named: bool) -> int:
    """The report's lines, each checked to be one JSON object (`named`: naming an input's `path`):
    a report is read by `inspect` and by people's scripts, so garbage in it fails `verify`. Each
    line is read to at most MAX_LINE_BYTES (a line of 100 MB was held whole)."""
    count = 0
    for count, line in enumerate(iter(lambda: fileobj.readline(MAX_LINE_BYTES + 1), b""), start=1):
        if len(line) > MAX_LINE_BYTES:
            raise CorruptShardError(where, f"line {count} is longer than {MAX_LINE_BYTES >> 20} MiB: not a report line")
        try:
            row = json_input.parse(line)
        except InvalidInputError as error:
            raise CorruptShardError(where, f"line {count}: {error.reason}") from None
        if not isinstance(row, dict) or (named and not isinstance(row.get("path"), str)):
            raise CorruptShardError(where, f"line {count} is not a JSON object{' naming an input path' if named else ''}")
    return count


def _check_versions(manifest: Manifest) -> None:
    """Every version's manifest reads back as that version, tells the same history as the latest,
    and lists only shards the latest lists, with the same size and checksum: verifying the latest's
    shards verifies every version's. Each version's inputs file names paths inside SRC and counts,
    split by split, the records that version's shards hold (what the next append trusts)."""
    if not manifest.versions:
        return
    latest = {shard.path: shard for split in manifest.splits.values() for shard in split.shards}
    per_version = records_per_version(
        (split.name, shard.path, shard.num_records) for split in manifest.splits.values() for shard in split.shards
    )
    for number in range(1, manifest.version + 1):
        where = join_path(manifest.root, naming.version_manifest_filename(number))
        try:
            version = load_manifest(manifest.root, version=number)
        except ManifestError as error:
            raise CorruptShardError(where, f"does not read as version {number}: {error}") from None
        if version.versions != manifest.versions[:number]:
            raise CorruptShardError(
                where, f"tells version {number}'s history unlike {naming.MANIFEST_FILENAME}: a version's manifest was rewritten"
            )
        for split in version.splits.values():
            for shard in split.shards:
                now = latest.get(shard.path)
                if now is None or (now.sha256, now.num_records, now.num_bytes, now.index) != (
                    shard.sha256,
                    shard.num_records,
                    shard.num_bytes,
                    shard.index,
                ):
                    said = "which the latest manifest does not list" if now is None else "unlike the latest manifest (size, checksum)"
                    raise CorruptShardError(where, f"lists {shard.path}, {said}: a shard of an earlier version was replaced")
        with _open(manifest, naming.inputs_filename(number)) as fileobj:
            try:
                check_inputs_file(fileobj, join_path(manifest.root, naming.inputs_filename(number)), number, per_version)
            except ManifestError as error:
                raise CorruptShardError(str(error)) from None
        listed = {shard.path for split in version.splits.values() for shard in split.shards}
        if number == manifest.version and listed != set(latest):
            raise CorruptShardError(where, f"lists other shards than {naming.MANIFEST_FILENAME}, which is version {number}")


def verify_output(manifest: Manifest, *, on_bytes: Callable[[int], None] = lambda n: None) -> int:
    """Checks the folder and every shard of every split; returns the number of records checked.

    Raises:
      CorruptShardError: naming the first problem: the manifest's arithmetic, an unlisted shard
        file, a report, or the first bad shard (and record, where one is at fault).
    """
    _check_folder(manifest)
    total = 0
    for split in manifest.splits.values():
        records = 0
        tally: Counter[str] = Counter()
        for shard in split.shards:
            _verify_shard(manifest, shard, on_bytes, _label_range(manifest, split), tally)
            records += shard.num_records
        counted = {label: count for label, count in split.label_counts.items() if count}
        if counted != dict(tally):
            wrong = next(label for label in sorted(set(counted) | set(tally)) if counted.get(label, 0) != tally[label])
            raise CorruptShardError(
                join_path(manifest.root, naming.MANIFEST_FILENAME),
                f"splits[{split.name!r}].label_counts[{wrong!r}] is {counted.get(wrong, 0)}, "
                f"but its records hold it {tally[wrong]} times",
            )
        total += records
    _check_versions(manifest)  # after the shards: a damaged record is named before a version's view of it
    return total
