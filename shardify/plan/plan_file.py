"""Reading `plan.json` back: the run's own file, read as the untrusted input it is.

A run writes its plan into OUT and reads it back when the pipeline ends (to tell a refusal or a
reject limit from success), for the summary's byte count, and, while the run lasts, for the
progress bar. Between the write and the read anyone can replace the file: with brackets nested
past the parser, a gigabyte, bytes that are not UTF-8, or counts that are strings. Every reader
goes through `read_plan`, which reads at most `MAX_PLAN_BYTES`, parses through `json_input.parse`
(one error type, a repeated key refused) and checks the fields a reader computes with, so that a
replaced plan is one named error, never a traceback, a gigabyte in memory, or a wrong exit 0.
"""

from __future__ import annotations

from typing import BinaryIO

import os

from shardify.errors import InvalidInputError, OutputError
from shardify.format import naming
from shardify.inputs.files import open_local_input
from shardify.inputs.json_input import parse
from shardify.plan.shard_plans import PlanSummary

__all__ = ["MAX_PLAN_BYTES", "PlanFileError", "load_plan", "read_plan", "parse_plan"]

# plan.json holds counts per split and label: this is far above any real one.
MAX_PLAN_BYTES = 64 << 20


class PlanFileError(OutputError):
    """OUT's plan.json is not a plan this shardify wrote (replaced or edited during the run)."""


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _problem(data: object) -> str:
    """What makes `data` no plan a reader can compute with, or ""."""
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object"
    splits = data.get("splits")
    if not isinstance(splits, dict) or not all(isinstance(name, str) and isinstance(s, dict) for name, s in splits.items()):
        return "splits is not an object of splits"
    for name, split in splits.items():
        for key in ("num_records", "num_bytes", "num_shards", "num_unlabelled"):
            if not _count(split.get(key, 0)):
                return f"splits.{name}.{key} is not a count"
        counts = split.get("label_counts")
        if not isinstance(counts, dict) or not all(_count(n) for n in counts.values()):
            return f"splits.{name}.label_counts is not an object of counts"
    for key in ("num_rejected", "num_skipped", "num_auxiliary"):
        if not _count(data.get(key, 0)):
            return f"{key} is not a count"
    examples = data.get("reject_examples")
    if not isinstance(examples, list) or not all(
        isinstance(r, dict) and all(isinstance(r.get(k), str) for k in ("path", "stage", "reason")) for r in examples
    ):
        return "reject_examples is not a list of rejects"
    if not isinstance(data.get("refusal", ""), str):
        return "refusal is not a text"
    return ""


def parse_plan(data: bytes, where: str) -> PlanSummary:
    """The plan in `data`, the bytes of the file `where`.

    Raises:
      PlanFileError: not the JSON of a plan (the reason names what), or longer than MAX_PLAN_BYTES.
    """
    if len(data) > MAX_PLAN_BYTES:
        raise PlanFileError(_message(where, f"longer than {MAX_PLAN_BYTES >> 20} MB"))
    try:
        value = parse(data, unique_keys=True)
    except InvalidInputError as error:
        raise PlanFileError(_message(where, str(error))) from None
    reason = _problem(value)
    if not reason:
        try:
            return PlanSummary.from_json(value)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            reason = f"{type(error).__name__}: {error}"
    raise PlanFileError(_message(where, reason))


def read_plan(fileobj: BinaryIO, where: str) -> PlanSummary:
    """`parse_plan` of an open file, never reading past MAX_PLAN_BYTES + 1 bytes."""
    return parse_plan(fileobj.read(MAX_PLAN_BYTES + 1), where)


def load_plan(output: str) -> PlanSummary:
    """The plan.json of the local folder `output`, opened as OUT's files are: only a regular file,
    never through a link, never waiting on a pipe put in its place.

    Raises:
      PlanFileError: it cannot be read, or is no plan.
    """
    path = os.path.join(output, naming.PLAN_FILENAME)
    try:
        with open_local_input(path, follow_links=False) as f:
            return read_plan(f, path)
    except (OSError, InvalidInputError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise PlanFileError(_message(path, f"cannot be read: {reason}")) from None


def _message(where: str, reason: str) -> str:
    shown = reason if len(reason) <= 200 else reason[:197] + "..."
    return f"{where} is not the plan this run wrote ({shown}): was it changed during the run? run the same command again"
