"""XML records holding two texts a table's pair names would read as a text and its pair: a stop naming the text.

Why a stop: a table's `title` beside its `body` is a post and its heading read as a text and its pair
(`column_names.PAIR_COLUMN_NAMES`, Stack Exchange's dumps). An XML record's children are no table's
columns chosen for a task: the Blurb Genre Collection's rootless `<book><title>..</title><body>..</body>
<metadata><topics><d0>..</d0>..</topics>..</metadata></book>` records are blurbs whose loaders read the body
alone (`book_soup.find('body')`), and read as a pair each book's title was its text and its blurb a pair,
exit 0. Which is meant cannot be told from the records, so where the user named no text column, a record
whose children a pair's names name stops before writing, naming `--text-column` with the one text (the
second of the pair, the body: the first is its heading) and the join of both; and where no label column is
named, the label groups the records hold (`xml_records.LABEL_GROUP_NAMES`: `topics`), which the same run
would stop for next. An XML record with one text (SemEval's `<text>`, the Multi-Domain reviews'
`<review_text>` beside their `<title>`, which no pair names) is read as it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import columns, json_sample, xml_records
from shardify.converters.column_names import shown_column
from shardify.errors import InvalidInputError, ShardifyError, UsageError
from shardify.inputs.paths import join_path

__all__ = ["check_record_texts"]


def _pair_read(config: ConvertConfig, path: str) -> tuple[str, str, str]:
    """(text, pair, label group) the document's records would be read with, by their names; ("", "", "") where no pair."""
    with open_input(join_path(config.source, path)) as fileobj:
        names, cells = json_sample.sampled_rows(fileobj, path, config.table_options)
    groups = [name for name in names if name.lower() in xml_records.LABEL_GROUP_NAMES]
    options = config.table_options
    if not options.label_column and groups:  # (so that the label's own stop does not hide the pair's)
        options = dataclasses.replace(options, label_column=groups[0])
    try:
        resolved = columns.resolve_columns(names, options, sample=cells, header=True)
    except ShardifyError:
        return "", "", ""  # (the table's own checks stop or reject it, saying why)
    if not resolved.pair or len(resolved.texts) != 1:
        return "", "", ""
    return resolved.texts[0], resolved.pair, "" if config.table_options.label_column else (groups[0] if groups else "")


def check_record_texts(config: ConvertConfig, paths: Sequence[str]) -> None:
    """Stop where the XML documents' records hold two texts read as a text and its pair by their names.

    Raises:
      UsageError: naming the documents, `--text-column` with the second text and with both joined, and
        `--label-column` with a label group the records hold where none is named.
    """
    if config.table_options.text_columns:
        return
    found = []
    for path in paths:
        try:
            read = _pair_read(config, path)
        except (OSError, InvalidInputError):
            continue
        if read[1]:
            found.append((path, read))
    if not found:
        return
    shown = ", ".join(path for path, _ in found)
    text, pair, group = found[0][1]
    labels = f"; its labels are the <{group}> elements' texts: --label-column {shown_column(group)}" if group else ""
    raise UsageError(
        f"{shown}: each XML record holds {shown_column(text)} and {shown_column(pair)}, which their names would read as a "
        f"text and its pair; an XML record's children name no pair as a table's columns do, and which is its text cannot "
        f"be told: --text-column {shown_column(pair)} reads the one text (--text-column {text},{pair} joins them){labels} "
        f"(docs/converting.md)"
    )
