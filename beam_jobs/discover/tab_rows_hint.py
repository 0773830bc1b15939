"""A hint for a source of files detection did not take for inputs whose content is tab-separated rows.

SemEval-2015 PIT's data/ holds `train.data`, `dev.data`, `test.data` (headerless TSVs) and nothing that
names a layout: detection saw only "label or split files" and stopped saying SRC holds no texts. The
refusal stays (what the files are is the user's to confirm), but where the files' first lines are
tab-separated rows of one column count (`converters.sniffed_tables`), it now says so and names
`--layout tables`, which reads them as tables, their columns then judged as any TSV's.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover.label_file_found import head_lines
from shardify.config import ConvertConfig
from shardify.converters import sniffed_tables, tables

__all__ = ["tab_rows_hint"]

_LOOKED_AT = 4  # files whose heads are read
_SHOWN = 3


def tab_rows_hint(config: ConvertConfig, media: Sequence[str], others: Sequence[str]) -> str:
    """"; F, G hold tab-separated rows ...: --layout tables reads them" where no input was found and
    files of an extension no table format owns open so; "" otherwise."""
    if media:
        return ""
    unknown = [p for p in others if tables.table_format(p) == sniffed_tables.SNIFFED][:_LOOKED_AT]
    found = [p for p in unknown
             if sniffed_tables.looks_like_tab_separated("\n".join(head_lines(config, p)).encode("utf-8"), whole=True)]
    if not found:
        return ""
    shown = ", ".join(found[:_SHOWN])
    return (f"; {shown} hold tab-separated rows of one column count (tables under another extension): "
            "--layout tables reads them as tables")
