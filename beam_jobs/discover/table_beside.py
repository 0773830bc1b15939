"""A table of texts at the top of a source whose text folders the layout read instead of it.

Text folders win over a table beside them: the table is set aside as one more file of the download
(a README's, a labels table's). Where the folders' reading then stops on a sign of a wrong guess
(`shardify.plan.guards`), the stop named folder levels and labels files only, while the data may be
the table, the folders' files its own sentences again: Sentiment Analysis for Financial News holds
`all-data.csv` ('sentiment,sentence', no header) beside `FinancialPhraseBank/FinancialPhraseBank-v1.0/`,
whose four `Sentences_<n>Agree.txt` files repeat its sentences by annotator agreement (blind round
thirty-six). Which is the data the files cannot tell; `table_beside_hint` adds `--exclude` of the
folders, which reads the table alone, to the stop, for the user to choose.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import tables
from shardify.errors import InvalidInputError
from shardify.inputs.excludes import exclude_option
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["table_beside_hint"]

# Row tables a text-folder layout may have set aside at the top of SRC.
_ROW_TABLES = frozenset({tables.CSV, tables.TSV})
# Tried where the first rows are not in the given encoding: every byte reads, so a table of texts
# shows its text column whatever its 8-bit encoding.
_FALLBACK_ENCODING = "latin-1"


def table_beside_hint(config: ConvertConfig, detected: layout.SourceLayout, media: Sequence[str], sample: Sequence[str]) -> str:
    """`--exclude` of the top folders holding a text-folder layout's inputs, where a row table at the
    top of SRC, beside them, holds a column of text (read as `--layout tables` would read it); "" else.
    A table with no text (a table of ids and scores) or inputs at the top themselves give none."""
    if detected.name != layout.TEXT_FOLDERS or not media or any("/" not in p for p in media):
        return ""
    inputs = set(media)
    tops = sorted({p.split("/", 1)[0] for p in media})
    beside = [p for p in sample if p not in inputs and "/" not in p and layout.extension(p) in _ROW_TABLES]
    texts = [p for p in beside if _holds_text(config, p)]
    if not texts:
        return ""
    excludes = " ".join(exclude_option(top) for top in tops)
    shown = ", ".join(f"{top}/" for top in tops)
    return (f"{excludes} to read {texts[0]} alone, a row a record: a table of texts beside {shown}, whose files may "
            "hold its rows again")


def _holds_text(config: ConvertConfig, path: str) -> bool:
    """Whether `path`'s header and first rows give a text column as the tables layout reads them, in
    the encoding given (UTF-8 by default) or, where its rows are not in it, in latin-1 (a table of
    texts all the same: Financial News' `all-data.csv` is latin-1, which the scan finds as it reads)."""
    options = config.table_options
    for encoding in dict.fromkeys((options.encoding, _FALLBACK_ENCODING)):
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                header = tables.read_header(fileobj, tables.table_format(path), header=options.header, encoding=encoding)
            return bool(header.resolve(options).texts)
        except OSError:
            return False
        except InvalidInputError:
            continue
    return False
