"""Files at the top of SRC that are tables by their content rather than their extension: SQuAD-style
question-answering JSON, JSON records (or JSON Lines) named .json, fastText's `__label__` lines,
`label<TAB>text` lines and tab-separated tables in a .txt.

Detection asks this before it reads such files as label files or documentation
(`label_file_found.py` re-exports `line_tables_at_top`); only their first bytes are read.
"""

from __future__ import annotations

import posixpath

from shardify.beam_jobs.discover.head_reads import first_line, head_lines
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import header_rows, json_lines, json_records, line_tables, qa_json, token_tables
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout, tagged_lines

__all__ = ["line_tables_at_top"]


def _looks_like_qa(path: str, records: bool = True) -> bool:
    """A .json whose first bytes are SQuAD's question-answering shape (see `qa_json`) or records (a list
    of objects, see `json_records`): a table."""
    try:
        with open_input(path) as fileobj:
            head = json_lines.head_of_lines(fileobj, qa_json.HEAD_BYTES)
            if records and json_lines.looks_like_json_lines(head):  # JSON Lines named .json (issue 30)
                return True
            head = head[: qa_json.HEAD_BYTES]  # read on only to see a long first line's next line
            return qa_json.looks_like_qa(head) or (records and json_records.looks_like_records(head))  # records: issue 30
    except (OSError, InvalidInputError):
        return False


def line_tables_at_top(config: ConvertConfig, top_files: set[str], *, records: bool = True) -> bool:
    """Files at the top of SRC that are tables by their content, not their extension: SQuAD-style
    .json, fastText's `__label__` lines in a .txt (see `qa_json`, `line_tables`); with `records`
    (no images in the sample: beside images such files describe them, as ADE20K's
    objectInfo150.txt does), also a .json of records (`json_records`), `label<TAB>text` or
    `text<TAB>label` lines in a .txt or a file without an extension, a tab-separated table
    under a header in a .txt, and fields separated by a longer token (`token_tables`)."""
    short: list[list[str]] = []  # heads of files too short to judge alone (three files of 6 `text<TAB>0|1` lines)
    # A README or licence beside them is their document, not one more file to judge (UCI Sentiment Labelled
    # Sentences' readme.txt: with it, short files of `text<TAB>0|1` were written a document each, exit 0).
    documents = {p for p in top_files if layout.stem(p).lower().lstrip("_") in layout.TABLE_DOCUMENT_NAMES}
    for path in sorted(top_files):
        ext = layout.extension(path)
        if ext == "json" and _looks_like_qa(join_path(config.source, path), records):
            return True
        if ext == "txt" and line_tables.is_fasttext(first_line(config, path) or b""):
            return True
        if records and (ext == "txt" or (not ext and "." not in posixpath.basename(path))):
            head = head_lines(config, path)
            if line_tables.too_short_to_judge(head) and path not in documents:
                short.append(head)
            if line_tables.is_tab_labelled(head) or (ext == "txt" and (header_rows.looks_like_tab_table(head) or header_rows.looks_like_tab_rows(head))):
                return True
            if ext == "txt" and line_tables.is_semicolon_labelled(head):  # `text;label` lines
                return True
            if ext == "txt" and tagged_lines.looks_tagged(head):  # Emotion-Stimulus' `<happy>text<\\happy>` lines
                return True
            if token_tables.separator_of_lines(head[:-1] if len(head) > 2 else head):  # `1 ::: title ::: genre ::: text`
                return True
    # Where every such file is too short for the rule above, each is judged on its whole lines
    # (labels repeating within it): three 6-line files were read as one class a file, with exit 0.
    return len(short) == len(top_files) - len(documents) and line_tables.short_files_tab_labelled(short)
