"""Stop where a table's first lines show a separator or quote the reader does not use.

`shardify.plan.table_dialects` tells it from the lines; this module opens the sampled `.csv`
tables of a tables layout (their first 64 KiB) and stops the run (exit 2) before anything is
written, naming the tables and the dialect their rows show (10kGNAD's `;`-separated rows quoted
with `'`: read with commas, every text was cut at its commas, unlabelled, with exit 0). A table
whose `'` quoting leaves no doubt is read so (`converters/quoted_tables.py`) and not stopped.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import quoted_tables, separators, token_tables
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout, table_dialects

__all__ = ["check_table_quoting"]

_HEAD_BYTES = 64 << 10
_TABLES_LOOKED_AT = 8
_NAMES = {",": "','", ";": "';'", "\t": "tab", "|": "'|'"}


def check_table_quoting(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where a sampled `.csv` of a tables layout shows another dialect than the
    one it would be read with (`table_dialects.unread_dialect`)."""
    if detected.name != layout.TABLES or config.layout_given is not None:
        return
    paths = [detected.source_file] if detected.source_file else [
        p for p in sample if layout.extension(p) == "csv" and not detected.is_auxiliary(p)]
    found = []
    for path in paths[:_TABLES_LOOKED_AT]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                raw = fileobj.read(_HEAD_BYTES + 1)
        except OSError:
            continue
        complete = len(raw) <= _HEAD_BYTES
        head = raw[:_HEAD_BYTES].decode("utf-8", "replace")
        read_as = separators.csv_separator(head, complete)
        if read_as == separators.COMMA and token_tables.pipe_separated(head.splitlines()[:-1] if not complete else head.splitlines()):
            continue  # read as `|`-separated fields, no quoting (LJ Speech's metadata.csv: `converters/token_tables.py`)
        if quoted_tables.apostrophe_format(head, complete, read_as):
            continue  # read with `'` quotes: every row's shape leaves no doubt (`converters/quoted_tables.py`)
        dialect = table_dialects.unread_dialect(head, complete, read_as)
        if dialect is not None:
            found.append((path, read_as, dialect))
    if found:
        (path, read_as, (separator, quote, columns)), more = found[0], [p for p, _, _ in found[1:]]
        also = f" (so do {', '.join(more[:3])})" if more else ""
        raise UsageError(
            f"{path}'s rows split evenly into {columns} columns as {_NAMES[separator]}-separated cells quoted with "
            f"{quote!r}{also}, which shardify does not read: read as {_NAMES[read_as]}-separated with '\"' quotes, its "
            f"cells would be cut elsewhere; write the tables again as comma-separated with '\"' quotes (Python's csv "
            f"module reads them with delimiter={separator!r}, quotechar={quote!r}) and convert those"
        )
