"""Test helper: what a conversion's records must hold, taken from the source files alone (never
from the records or the manifest), for the layouts of conftest.READER_LAYOUTS."""

from __future__ import annotations

import json
from pathlib import Path

from helpers.sources import SAMPLE_DATA


def inputs(source: Path) -> list[str]:
    """Relative paths of the files that become records: all but label files and caption texts."""
    files = [p for p in source.rglob("*") if p.is_file() and p.name != "labels.jsonl" and p.parent.name != "txt"]
    return sorted(p.relative_to(source).as_posix() for p in files)


def expected_labels(layout: str, record_id: str) -> set[str]:
    """A record's label names, from its path relative to the source, or the label file."""
    parts = record_id.split("/")
    if layout == "image_folders":
        return {parts[0]}
    if layout == "text_folders":
        return {parts[1]}  # <split>/<label>/<file>
    if layout == "label_file":
        rows = [json.loads(line) for line in (SAMPLE_DATA / "tagged" / "labels.jsonl").read_text().splitlines()]
        return set(next(row["tags"] for row in rows if row["path"] == record_id))
    return set()


def source_text(source: Path, text_source: str) -> str:
    """The text a record's `text/source` names: a file, or a label file's line (`labels.jsonl#4`)."""
    path, _, line = text_source.partition("#")
    if line:
        return json.loads((source / path).read_text().splitlines()[int(line) - 1])["caption"]
    return (source / path).read_text(encoding="utf-8-sig")
