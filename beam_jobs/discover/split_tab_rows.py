"""Tab-separated .txt tables (headerless, or all under one header) that lie only in split-named folders (issue 30).

WASSA-2017's emotion intensity download holds training/, development/ and test/, each with one
`<emotion>-ratings-0to1.<split>.txt` per emotion of `id<TAB>tweet<TAB>emotion<TAB>score` rows, and
nothing at its top: the .txt tables at the top (`label_file_found.line_tables_at_top`) saw none,
and the run stopped as if SRC held no texts. Files this small (a sample's miniature, or a short
dev file) show too few lines one by one, so the folders' files are judged together: every file a
.txt, every line of every file the same number of tab-separated cells (three or more), the lines
together tab rows (`header_rows.looks_like_tab_rows`). Found, the tables are read as TABLES, split
by the folders (`detect` reads them as any other split-named folders of tables); which column is
the label is the tables' own decision (a column of few words repeated across files is a candidate,
or the run stops naming --label-column).
"""

from __future__ import annotations

import posixpath

from shardify.beam_jobs.discover.label_file_found import head_lines
from shardify.config import ConvertConfig
from shardify.converters import header_rows
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["tab_rows_in_split_folders"]

# At most this many files are opened to judge (a folder of thousands is judged by its first ones).
_MAX_FILES = 40


def tab_rows_in_split_folders(config: ConvertConfig, sample: list[str], top_folders: list[str]) -> tuple[tuple[str, str], ...]:
    """The split patterns (`training/*.txt` -> train, one per folder) where SRC's data files all
    lie directly in split-named top folders (two or more splits) and are tab-separated tables in
    .txt files, alike in their columns: every file headerless, or every one under the same header.

    Raises:
      UsageError: a column of repeated words and no --label-column (`_check_word_columns`).
    """
    folders = {f for f in top_folders if not layout.is_junk_folder(f) and split_word(f)}
    data = [p for p in sample if not layout.is_junk(p) and "/" in p]
    tops = [p for p in sample if "/" not in p and not layout.is_junk(p)]
    if len(folders) < 2 or any(layout.extension(p) not in ("txt", "md", "pdf", "html") for p in tops):
        return ()  # files of data at the top beside them: the top's own reading decides
    if not data or any(posixpath.dirname(p) not in folders or layout.extension(p) != "txt" for p in data):
        return ()
    lines: list[str] = []
    widths: set[int] = set()
    heads: dict[str, list[list[str]]] = {}
    headers: set[tuple[str, ...]] = set()
    headed = 0
    for path in sorted(data)[:_MAX_FILES]:
        head = [line for line in head_lines(config, path) if line.strip()]
        first = tuple(head[0].rstrip("\r\n").split("\t")) if head else ()
        if header_rows.looks_like_header(first) and len(head) > 1:  # SemEval-2018's `ID<TAB>Tweet<TAB>Affect Dimension<TAB>...`
            headers.add(first)
            headed += 1
            head = head[1:]
        if not head:
            return ()
        heads[path] = [line.rstrip("\r\n").split("\t") for line in head]
        widths |= {len(row) for row in heads[path]}
        lines += head[:5]
    if len(widths) != 1 or len(headers) > 1 or headed not in (0, len(heads)) or not header_rows.looks_like_tab_rows(lines):
        return ()  # files of other shapes, or a header in some only: not one table cut by split
    if not config.label_column:
        _check_word_columns(heads)
    return tuple((f"{folder}/*.txt", split_word(folder)) for folder in sorted(folders))


# A column whose cells are single words drawn from at most this many values, over two files or more.
_MAX_WORD_VALUES = 50


def _check_word_columns(heads: dict[str, list[list[str]]]) -> None:
    """Stop where a headerless column holds one word repeated (WASSA-2017's emotion: `anger` in
    every row of anger-ratings-0to1.train.txt, `fear` in fear-ratings-...): the label by every sign
    but a header's, yet read as a table's it was 'single words (names or codes)' and left out, and
    the run wrote unlabelled records with exit 0. Which column labels is the user's to say.

    Raises:
      UsageError: naming the column, files that show its words, and --label-column.
    """
    rows = [row for table in heads.values() for row in table]
    for index in range(len(rows[0])):
        cells = [row[index].strip() for row in rows]
        if not all(cell.isalpha() for cell in cells):
            continue
        values = sorted(set(cells))
        if 1 < len(values) <= min(_MAX_WORD_VALUES, len(cells) // 2):
            shown = sorted(heads)[:3]
            raise UsageError(
                f"the headerless tab-separated tables {', '.join(shown)}{' ...' if len(heads) > 3 else ''} hold a column "
                f"of {len(values)} words repeated ({', '.join(values[:6])}{', ...' if len(values) > 6 else ''}): column "
                f"{index + 1}, which may be their label: say so with --label-column {index + 1} (or name another column)"
            )
