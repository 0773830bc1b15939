"""Resuming an interrupted conversion: shards already written whole are kept, not written again.

When a shard is complete its writer leaves a result file beside it (`<shard>.result.json`): what
writing it produced (the manifest's shard entry, label counts, rejects, repairs, the records'
content hashes) and the fingerprint of the task that made it. The fingerprint hashes the shard's
planned entries (paths, sizes, labels, places in archives and tables, image headers) with
everything else that decides its bytes: the whole plan, the options, shardify's version. A re-run
that plans a shard with the same fingerprint keeps the shard and its index, and hands on the
recorded result, only when the result file's own checksum holds (an HMAC-SHA256 of the document,
keyed with the fingerprint: a result edited between the runs is not trusted) and the shard's and
the index's bytes hash to what it records (a byte flipped in a kept shard is caught, whatever its
size). Anything changed in SRC or in the options changes every fingerprint, and every shard is
written again. The result files are removed with the other leftovers once the manifest is written.

A result file is read as untrusted input: anything unexpected in it means the shard is written again.
Checking a kept shard reads it once (sequentially, as `shardify verify` does), unless its stamps
hold: on a local disk the result also records the shard's and the index's size, modification time
(ns) and inode as they were once renamed into place, and a shard and index whose `stat` still gives
all three are taken as the bytes it hashed, unread. Reading a kept shard was about a tenth of a
resume's CPU (13 shards, 470 MB); what the trade leaves unseen is a change to a kept shard that
keeps its size, its inode and its modification time (an edit in place followed by `touch -d`, or a
disk corrupting bytes under the file system). Those the manifest still gives away: it records the
sha256 the shard had when written, which `shardify verify` checks byte by byte.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import marshal
import operator
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from apache_beam.io.filesystems import FileSystems

from shardify._version import __version__
from shardify.beam_jobs.output import folder as output_folder
from shardify.errors import OutputError
from shardify.format import naming
from shardify.format.inputs_file import HeldInput
from shardify.inputs.paths import is_local_path
from shardify.plan.entries import Entry, Reject, Repair
from shardify.plan.shard_plans import PlanSummary, ShardResult, ShardTask

__all__ = ["KeptShard", "fingerprint", "forget_shard", "kept_shard", "record_shard", "recorded_inputs", "run_key"]

# A result file holds a shard's counts and its records' hashes (~100 bytes a record); larger is not ours.
_MAX_RESULT_BYTES = 256 << 20
# Bytes read at a time while hashing a kept shard.
_HASH_BLOCK_BYTES = 1 << 20


@dataclass(frozen=True)
class KeptShard:
    """A shard written by an earlier run of the same plan. Attributes: result, content_hashes
    ((sha256, record id) of each record, as FindDuplicates takes them). Its inputs stay in its
    result file, which the manifest step reads (`recorded_inputs`)."""

    result: ShardResult
    content_hashes: tuple[tuple[str, str], ...]


# Every field of an Entry, in declared order: what a shard's fingerprint hashes of each entry.
_ENTRY_FIELDS = operator.attrgetter(*(field.name for field in dataclasses.fields(Entry)))

# Options that decide whether a manifest is written, not what any shard holds: a re-run that only
# raises --max-rejects keeps every shard.
_OPTIONS_OUTSIDE_SHARDS = frozenset({"max_rejects"})


def run_key(options: Mapping[str, Any], summary: PlanSummary) -> str:
    """What every shard of a run shares that decides its bytes: shardify's version, the options
    and the whole plan (counts, labels, schema)."""
    shaping = {name: value for name, value in options.items() if name not in _OPTIONS_OUTSIDE_SHARDS}
    text = json.dumps([__version__, shaping, summary.to_json()], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprint(task: ShardTask, key: str) -> str:
    """The task (which shard, its entries' every field) under the run's key.

    The entries' field values are hashed as `marshal` format 0 writes them: by content alone
    (format 0 marks neither shared nor interned strings, so equal values give equal bytes whatever
    objects hold them, in every process), about half the CPU of the entries' repr (~2 µs an entry,
    paid once a file). A task whose entries hold anything marshal does not write (an archive
    member's place, an image's objects: dataclasses) is hashed by its repr, as it always was
    (frozen dataclasses: deterministic).
    """
    try:
        values = marshal.dumps([_ENTRY_FIELDS(entry) for entry in task.entries], 0)
    except ValueError:
        return hashlib.sha256(f"{key}\0{task!r}".encode()).hexdigest()
    head = f"{key}\0{task.split!r} {task.index} {task.num_shards} {task.version}\0".encode()
    return hashlib.sha256(head + values).hexdigest()


def _size(path: str) -> int | None:
    try:
        return FileSystems.match([path])[0].metadata_list[0].size_in_bytes
    except Exception:  # noqa: BLE001 - missing, or Beam's wrapping of an I/O error
        return None


def _sha256_of(path: str) -> str | None:
    """The sha256 of a file's bytes, or None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with output_folder.open_output_file(path) as f:
            for block in iter(lambda: f.read(_HASH_BLOCK_BYTES), b""):
                digest.update(block)
    except Exception:  # noqa: BLE001 - missing, or Beam's wrapping of an I/O error
        return None
    return digest.hexdigest()


def _checksum(document: Mapping[str, Any], shard_fingerprint: str) -> str:
    """The result document's own checksum: an HMAC-SHA256 of its canonical JSON (every field but
    the checksum), keyed with the shard's fingerprint."""
    fields = {key: value for key, value in document.items() if key != "checksum"}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(shard_fingerprint.encode("ascii"), text.encode("ascii"), hashlib.sha256).hexdigest()


def _stamp(path: str) -> list[int] | None:
    """[size, modification time in ns, inode] of a file on a local disk; None elsewhere, or when it
    cannot be read (object stores: a kept shard is then always hashed)."""
    if not is_local_path(path):
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return [stat.st_size, stat.st_mtime_ns, stat.st_ino]


def _stamps_hold(shard: str, index: str, recorded: object) -> bool:
    """The shard and its index still carry the stamps the result recorded once they had their names."""
    if not isinstance(recorded, dict):
        return False  # a result written before stamps, or on an object store
    shard_stamp, index_stamp = _stamp(shard), _stamp(index)
    return shard_stamp is not None and index_stamp is not None and [shard_stamp, index_stamp] == [
        recorded.get("shard"),
        recorded.get("index"),
    ]


def _whole(output: str, kept: KeptShard, index_sha256: str, stamps: object = None) -> bool:
    """The kept shard and its index are the files the result describes: sizes first (cheap), then
    their stamps (see the module's docstring), or else every byte hashed."""
    shard, index = FileSystems.join(output, kept.result.path), FileSystems.join(output, kept.result.index_path)
    if _size(shard) != kept.result.num_bytes:
        return False
    if _stamps_hold(shard, index, stamps):  # their sizes included: the shard's is num_bytes, checked above
        return True
    return _sha256_of(index) == index_sha256 and _sha256_of(shard) == kept.result.sha256


def kept_shard(output: str, task: ShardTask, shard_fingerprint: str) -> tuple[KeptShard | None, bool]:
    """(the earlier result of the shard `task` plans, if it was written whole from the same plan;
    whether an earlier result was there at all).

    Args:
      output: the output folder.
      task: the shard's task.
      shard_fingerprint: its fingerprint.
    """
    name = task.filename
    path = FileSystems.join(output, naming.shard_result_filename(name))
    try:
        with output_folder.open_output_file(path) as f:
            data = json.loads(f.read(_MAX_RESULT_BYTES + 1))
    except Exception:  # noqa: BLE001 - none (the usual case), or unreadable
        return None, False
    try:
        if data["fingerprint"] != shard_fingerprint or not hmac.compare_digest(
            str(data["checksum"]), _checksum(data, shard_fingerprint)
        ):
            return None, True  # another plan's, or edited since it was written
        kept = _from_json(data, task)
        whole = _whole(output, kept, str(data["index_sha256"]), data.get("stamps"))
    except Exception:  # noqa: BLE001 - anything unexpected in it: write the shard again
        return None, True
    return (kept if whole else None), True


def forget_shard(output: str, task: ShardTask) -> None:
    """Removes an earlier result file of the shard `task` plans, before the shard is written again:
    a run killed between renaming the new shard and recording it must not leave the new bytes
    under the old result."""
    name = task.filename
    path = FileSystems.join(output, naming.shard_result_filename(name))
    if FileSystems.exists(path):
        FileSystems.delete([path])


def record_shard(
    output: str,
    result: ShardResult,
    content_hashes: list[tuple[str, str]],
    shard_fingerprint: str,
    index_bytes: int,
    inputs: Sequence[HeldInput] = (),
) -> None:
    """Leaves the shard's result beside it, once the shard and its index carry their final names,
    with the index's sha256 and the document's own checksum (see `kept_shard`)."""
    document: dict[str, Any] = {
        "fingerprint": shard_fingerprint,
        "index_bytes": index_bytes,
        "result": {
            "split": result.split,
            "index": result.index,
            "num_shards": result.num_shards,
            "path": result.path,
            "index_path": result.index_path,
            "num_records": result.num_records,
            "num_bytes": result.num_bytes,
            "sha256": result.sha256,
            "label_counts": result.label_counts,
            "num_unlabelled": result.num_unlabelled,
            "num_unmasked": result.num_unmasked,
            "object_counts": result.object_counts,
            "input_bytes": result.input_bytes,
            "num_resized": result.num_resized,
            "rejects": [r.to_json() for r in result.rejects],
            "repairs": [r.to_json() for r in result.repairs],
        },
        "content_hashes": content_hashes,
        "inputs": _compact_inputs(content_hashes, inputs),
        "index_sha256": _sha256_of(FileSystems.join(output, result.index_path)) or "",
    }
    shard_stamp = _stamp(FileSystems.join(output, result.path))
    index_stamp = _stamp(FileSystems.join(output, result.index_path))
    if shard_stamp is not None and index_stamp is not None:  # local disks only (see the module's docstring)
        document["stamps"] = {"shard": shard_stamp, "index": index_stamp}
    # Over the document as built, not a json round trip of it (~1.5 µs a record): its tuples are
    # written as the lists they read back as and every key is a string, so the canonical JSON is the same.
    document["checksum"] = _checksum(document, shard_fingerprint)
    output_folder.write_text_atomically(output, naming.shard_result_filename(result.path), json.dumps(document))


def _from_json(data: dict, task: ShardTask) -> KeptShard:
    """Raises KeyError, TypeError or ValueError on anything unexpected (see `kept_shard`)."""
    r = data["result"]
    name = task.filename
    if (r["split"], r["index"], r["num_shards"], r["path"], r["index_path"]) != (
        task.split,
        task.index,
        task.num_shards,
        name,
        naming.index_filename(name),
    ):
        raise ValueError("a result of another shard")
    result = ShardResult(
        split=task.split,
        index=task.index,
        num_shards=task.num_shards,
        path=name,
        index_path=naming.index_filename(name),
        num_records=_count(r["num_records"]),
        num_bytes=_count(r["num_bytes"]),
        sha256=str(r["sha256"]),
        label_counts={str(k): _count(v) for k, v in dict(r["label_counts"]).items()},
        rejects=tuple(Reject(str(x["path"]), str(x["stage"]), str(x["reason"]), _count(x.get("row", 0))) for x in r["rejects"]),
        repairs=tuple(Repair(str(x["path"]), str(x["repair"]), bool(x["reencoded"])) for x in r["repairs"]),
        num_unlabelled=_count(r["num_unlabelled"]),
        num_unmasked=_count(r.get("num_unmasked", 0)),
        object_counts={str(k): _count(v) for k, v in dict(r["object_counts"]).items()},
        input_bytes=_count(r.get("input_bytes", 0)),
        num_resized=_count(r.get("num_resized", 0)),
    )
    hashes = tuple((str(sha), str(record_id)) for sha, record_id in data["content_hashes"])
    if len(hashes) != result.num_records:
        raise ValueError("content hashes do not match the records")
    for _ in _held_rows(data, task.split):  # checked here: a shard whose inputs are not sound is written again
        pass
    return KeptShard(result, hashes)


def _held_rows(data: dict, split: str) -> Iterator[tuple[str, int, int, str, str, str]]:
    """(path, size, mtime_ns, sha256, record_sha256, split) of each input a result document lists,
    as the version's inputs file lists them (see `inputs_file.HeldInput`).

    Raises:
      ValueError: anything that is not one input per record (the document is untrusted input).
    """
    hashes, inputs = data["content_hashes"], data["inputs"]
    if not isinstance(hashes, list) or not isinstance(inputs, list) or len(hashes) != len(inputs):
        raise ValueError("inputs do not match the records")
    for pair, row in zip(hashes, inputs):
        record_sha256, record_id = pair
        size, mtime_ns, sha256 = row
        sha256 = sha256 or record_sha256
        if not (
            type(record_id) is str
            and record_id
            and _is_count(size)
            and _is_count(mtime_ns)
            and _is_digest(record_sha256)
            and (sha256 is record_sha256 or _is_digest(sha256))  # (a text stored as read: one digest, checked once)
        ):
            raise ValueError(f"not an input: {row!r}")
        yield record_id, size, mtime_ns, sha256, record_sha256, split


def recorded_inputs(output: str, results: Sequence[ShardResult]) -> Iterator[tuple[str, int, int, str, str, str]]:
    """The inputs of the shards `results` describe, from their result files in `output` (each
    shard's writer leaves one, or kept an earlier run's, before its result is handed on): what the
    version's inputs file lists, as (path, size, mtime_ns, sha256, record_sha256, split) rows, one
    result file read at a time. The manifest step reads them here instead of taking every input
    through the pipeline (a side input Beam weighs object by object and holds whole).

    Raises:
      OutputError: a result file is gone or is not what its shard's writer left (changed since).
    """
    for result in results:
        path = FileSystems.join(output, naming.shard_result_filename(result.path))
        try:
            with output_folder.open_output_file(path) as f:
                data = json.loads(f.read(_MAX_RESULT_BYTES + 1))
            if data["result"]["path"] != result.path or len(data["content_hashes"]) != result.num_records:
                raise ValueError("a result of another shard")
            rows = list(_held_rows(data, result.split))
        except Exception as error:  # noqa: BLE001 - gone, unreadable or altered since its shard was written
            raise OutputError(
                f"{path} changed while the run wrote {output} ({error}): no manifest was written; run the same command again"
            ) from None
        del data
        yield from rows


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


_DIGEST = re.compile(r"[0-9a-f]{64}")


def _is_digest(value: object) -> bool:
    return type(value) is str and _DIGEST.fullmatch(value) is not None


def _compact_inputs(content_hashes: Sequence[tuple[str, str]], inputs: Sequence[HeldInput]) -> list[list[object]]:
    """The inputs in the order of `content_hashes`, which already hold each one's record id and
    content hash: [size, mtime_ns, the file's sha256, or "" where it is the content's] each."""
    by_id = {held.path: held for held in inputs}
    compact: list[list[object]] = []
    for record_sha256, record_id in content_hashes:
        held = by_id[record_id]
        compact.append([held.size, held.mtime_ns, "" if held.sha256 == record_sha256 else held.sha256])
    return compact


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"not a count: {value!r}")
    return value
