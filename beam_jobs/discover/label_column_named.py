"""`--label-column NAME` checked against JSON-lines, JSON and Parquet tables as it is against CSVs.

Why: a table without the named column is read unlabelled (a split's test table), so the name is
checked before writing against the sampled tables' columns; that check read CSV and TSV headers
only. A misspelt `--label-column lable` on `train.jsonl` (or a nested field no row has, SciFact's
`evidence.*.*.label`) wrote every record unlabelled with exit 0, while the same typo on a CSV
stopped. Here the fields of each sampled JSON-lines file's first rows, of a JSON document's first
records and of a Parquet file's schema are the columns; the run stops where none of the sampled
tables of any kind has the name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_shapes, tables
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path

__all__ = ["check_label_column_named", "json_columns"]

# Tables and rows looked at: the first rows of the first tables (each read at most HEAD_BYTES).
_TABLES = 4
_ROWS = 20


def json_columns(config: ConvertConfig, path: str) -> set[str] | None:
    """The columns of a JSON-lines, JSON or Parquet table's first rows (a nested field under its
    dotted name too), or None where it is none of these or cannot be read."""
    fmt = tables.table_format(path)
    if fmt == tables.JSONL:
        rows = []
        for line in head_reads.head_lines(config, path, lines=_ROWS):
            try:
                rows.append(json_input.parse(line))
            except InvalidInputError:
                continue
        return _names(r for r in rows if isinstance(r, dict)) if rows else None
    if fmt == tables.QA_JSON:
        document, _ = json_shapes.head_sample(_head(config, path))
        if document is None:
            return None
        shape = json_shapes.shape_of(document)
        records = list(json_shapes.records_by_shape(document, shape))[:_ROWS] if shape else []
        if not records or not all(isinstance(r.cells, dict) for r in records):
            return None  # records of lists (CLINC's `{"train": [[text, intent], ...]}`): no field names to check
        return {name for r in records for name in r.cells} | _names(r.cells for r in records)
    if fmt == tables.PARQUET:
        try:
            import pyarrow.parquet as pq

            with open_input(join_path(config.source, path)) as fileobj:
                return set(pq.ParquetFile(fileobj).schema_arrow.names)
        except Exception:  # noqa: BLE001 - an unreadable file is the scan's to reject, with its reason
            return None
    return None


def _head(config: ConvertConfig, path: str) -> bytes:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.read(head_reads.HEAD_BYTES)
    except (OSError, InvalidInputError):
        return b""


def _names(objects: Iterable[dict], prefix: str = "") -> set[str]:
    """Every key of the objects, a nested object's under `outer.inner`."""
    names: set[str] = set()
    for item in objects:
        for key, value in item.items():
            names.add(prefix + str(key))
            if isinstance(value, dict):
                names |= _names([value], f"{prefix}{key}.")
    return names


def check_label_column_named(config: ConvertConfig, paths: Sequence[str], csv_columns: Sequence[Sequence[str]]) -> None:
    """Raises UsageError where `--label-column NAME` (a name, not a position) is no column of any
    sampled JSON-lines, JSON or Parquet table, nor of any CSV header in `csv_columns`.

    Args:
      config: the conversion's options.
      paths: the tables of the layout (those of other kinds are passed over).
      csv_columns: the columns of the CSV and TSV headers read (their own check stops on them).
    """
    given = config.table_options.label_column
    if not given or given.isdigit() or given.lower() == "none" or any(given in names for names in csv_columns):
        return
    found: dict[str, set[str]] = {}
    for path in paths:
        if len(found) == _TABLES:
            break
        if tables.table_format(path) in (tables.JSONL, tables.QA_JSON, tables.PARQUET):
            names = json_columns(config, path)
            if names is not None:
                found[path] = names
    if not found or any(given in names for names in found.values()):
        return
    shown = "; ".join(f"{path}: {sorted(names)[:12]}" for path, names in found.items())
    raise UsageError(
        f"--label-column {given!r} is no field of the tables (their fields: {shown}): every record would be "
        "written unlabelled; name a field they hold (a nested one as `outer.inner`)"
    )
