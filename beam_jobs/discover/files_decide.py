"""Options the files themselves decide, where detection would otherwise stop and ask for them.

Why a module of its own: a stop (exit 2, naming an option) is safe, but where exactly one reading
is consistent with the files the stop is only a step the user must take to type what the files
say (issue 30: "right", not only "safe"). A check that finds such a reading raises
`DecidedByFiles`, a stop that carries the options; `detect_deciding` detects again with them, as a
user's second run would, so that every check after it reads the same options, and the plan says in
one line what decided. Callers that do not detect again see a stop like any other: never a guess.

The rules that raise it: `decided_labels` (a table's label column) and `check_table_encoding`
here (a table that is not UTF-8 but Western single-byte text).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.texts import DEFAULT_ENCODING, FALLBACK_ENCODING
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.sampled_claims import SampledClaim

__all__ = ["DecidedByFiles", "detect_deciding", "western_single_byte", "check_table_encoding"]


class DecidedByFiles(UsageError):
    """A stop whose options the files decide: `options` (ConvertConfig's field names), the
    plan's `note` saying which files decided them and the option that names another reading, and
    the `claims` of a decision read from sampled rows (`sampled_claims.SampledClaim`), which the plan
    confirms over every record before writing, or refuses (a sample is not the file)."""

    def __init__(
        self, message: str, options: dict[str, object], note: str, claims: Sequence[SampledClaim] = ()
    ) -> None:
        super().__init__(message)
        self.options = dict(options)
        self.note = note
        self.claims = tuple(claims)


# No more decisions than there are rules: each must change an option, or the stop stands.
_MAX_DECISIONS = 3


def detect_deciding(
    detect: Callable[[ConvertConfig], tuple], config: ConvertConfig
) -> tuple[ConvertConfig, tuple, tuple[str, ...], tuple[SampledClaim, ...]]:
    """`detect(config)`, detected again with the options each `DecidedByFiles` carries.

    Returns:
      (the options detected with, what `detect` returned, the notes of the decisions, their claims read from
      sampled rows, for the plan to confirm: `SourceLayout.sampled_claims`).
    """
    notes: list[str] = []
    claims: list[SampledClaim] = []
    for _ in range(_MAX_DECISIONS):
        try:
            return config, detect(config), tuple(notes), tuple(claims)
        except DecidedByFiles as decided:
            if all(getattr(config, key) == value for key, value in decided.options.items()):
                raise  # (decided before and stopped again: the stop is the user's)
            config = dataclasses.replace(config, **decided.options)
            notes.append(decided.note)
            claims.extend(decided.claims)
    return config, detect(config), tuple(notes), tuple(claims)


# Bytes read from the head of each sampled table, and the tables looked at.
_HEAD_BYTES = 256 << 10
_TABLES_LOOKED_AT = 16
_TABLE_EXTENSIONS = ("csv", "tsv", "txt")
_HIGH_RUN = re.compile(rb"[\x80-\xff]+")
_CP1252_UNDEFINED = frozenset(b"\x81\x8d\x8f\x90\x9d")


def western_single_byte(data: bytes) -> bool:
    """The bytes are not UTF-8 and read as Western European text in Windows-1252: no NUL byte,
    every byte beyond ASCII one of cp1252's characters and each alone between ASCII bytes
    (`caf\\xe9`, `don\\x92t`). Text in any multi-byte encoding (GBK, Shift-JIS, EUC) or in a
    non-Latin script's code page (Cyrillic, Greek, Arabic) holds its letters in runs of such
    bytes, so no such file passes; a Latin text with two accented letters side by side (`Gr\\xf6\\xdfe`)
    does not either, and stops naming --encoding.

    >>> [western_single_byte(b) for b in (b"a caf\\xe9, don\\x92t", b"\\xcf\\xf0\\xe8\\xe2\\xe5\\xf2", b"ascii")]
    [True, False, False]
    """
    if b"\x00" in data:
        return False
    try:
        data.decode("utf-8")
        return False
    except UnicodeDecodeError as error:
        if error.start >= len(data) - 3 and error.reason == "unexpected end of data":
            return False  # (a character cut where the head ends: UTF-8, read no further)
    runs = _HIGH_RUN.findall(data)
    return bool(runs) and all(len(run) == 1 and run[0] not in _CP1252_UNDEFINED for run in runs)


def check_table_encoding(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises DecidedByFiles (`encoding: cp1252`) where the sampled tables that are not UTF-8
    (each table's first 256 KiB, up to 16 tables) are all Western single-byte text
    (`western_single_byte`), as text files are read already (converters/texts.py), and no sampled
    table is UTF-8 beyond ASCII (one encoding is read for all); any other stops as before, at the
    scan, naming --encoding."""
    if config.encoding != DEFAULT_ENCODING or detected.name != layout.TABLES or config.layout_given is not None:
        return
    paths = [detected.source_file] if detected.source_file else [
        p for p in sample if layout.extension(p) in _TABLE_EXTENSIONS and not detected.is_auxiliary(p)]
    other: list[str] = []
    for path in paths[:_TABLES_LOOKED_AT]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                head = fileobj.read(_HEAD_BYTES)
        except OSError:
            continue
        if len(head) == _HEAD_BYTES:  # a character cut where the head ends is no sign
            head = head[: head.rfind(b"\n") + 1] or head
        try:
            head.decode("utf-8")
            if _HIGH_RUN.search(head):
                return  # a UTF-8 table beyond ASCII beside them: one encoding for all would garble one or the other
            continue
        except UnicodeDecodeError:
            if not western_single_byte(head):
                return  # another encoding, or not text: the scan's stop names --encoding
        other.append(path)
    if other:
        shown = ", ".join(other)
        raise DecidedByFiles(
            f"{shown}: not UTF-8; --encoding names how to read them", {"encoding": FALLBACK_ENCODING},
            f"{shown} read as Windows-1252 ({FALLBACK_ENCODING}): not UTF-8, each byte beyond ASCII one accented "
            "letter or sign among ASCII text (--encoding to name another)")
