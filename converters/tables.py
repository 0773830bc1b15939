"""Tables (CSV, TSV, JSONL, Parquet): stream rows with where they are, and read one row again later.

Discovery scans a table once and keeps, per row, only where it is (a byte range; for Parquet its
position), its row number and label; the writer reads that row alone. So a table larger than memory
converts, and rows travel through the pipeline as metadata like files do.

Rows are numbered as a spreadsheet shows them: in CSV and TSV with a header the header is row 1,
without one the first data row is; in JSONL the row number is the line number; in Parquet the row's
position from 1. CSV and TSV are read in `--encoding` (UTF-8 unless given; JSON is UTF-8 by its standard). CSV follows RFC 4180 (quoted fields may hold commas, quotes and line breaks; CRLF or
LF line ends; a UTF-8 byte-order mark is ignored). TSV has no quoting: a field ends at the next tab.
A row ends at a line feed (LF or CRLF) and nowhere else: a bare carriage return outside quotes is
inside its row, which is rejected once, whole (the scanner and the skipping agree on where it ends).
Every format has one row-size limit, MAX_ROW_BYTES: a longer row is one reject (Parquet: see
`parquet_tables`).
Whether the first row of a CSV or TSV is a header is the user's to say (`--header/--no-header`),
else decided from that row (`looks_like_header`). Parquet is read by `parquet_tables`.

This module reads what a table is: its format, its header and first rows (`read_header`), and the
dialects; the pieces every row reader shares (`Row`, `RowError`, `CountingLines`, the row-size
limit) are `row_ranges`', the encoding checks `table_encodings`', the header read's record
(`TableHeader`) and the line formats' headers `table_header`'s, all re-exported here;
`table_scans` streams the rows after the header (`read_table`) and reads one back (`parse_row`).
"""

from __future__ import annotations

import csv
import dataclasses
from typing import BinaryIO

from shardify.converters import (
    arff_tables,
    c45_cases,
    cr_lines,
    header_rows,
    json_lines,
    json_records,
    keyed_lines,
    line_blocks,
    line_tables,
    parquet_tables,
    pseudo_xml,
    qa_json,
    quoted_tables,
    row_ranges,
    separators,
    sniffed_tables,
    tab_pairs,
    token_tables,
    xml_records,
)
from shardify.converters.header_rows import looks_like_header
from shardify.converters.row_ranges import BOM, MAX_ROW_BYTES, CountingLines, Row, RowError, RowTooLong, too_long
from shardify.converters.table_encodings import check_encoding, check_head_decodes, not_valid
from shardify.converters.table_header import SAMPLE_BYTES, SAMPLE_ROWS, TableHeader, c45_header, token_header
from shardify.converters.texts import DEFAULT_ENCODING
from shardify.errors import InvalidInputError
from shardify.inputs.compressed import inner_name
from shardify.plan import attribute_tables, tagged_lines
from shardify.plan.path_parts import is_xml_document

__all__ = [
    "BLOCKS",
    "BOM",
    "CSV",
    "FASTTEXT",
    "JSONL",
    "KEYED_LINES",
    "LINES",
    "LINE_FORMATS",
    "MAX_ROW_BYTES",
    "PARQUET",
    "QA_JSON",
    "SAMPLE_BYTES",
    "SAMPLE_ROWS",
    "SEPARATOR_OF",
    "TABLE_FORMATS",
    "TAGGED_LINES",
    "TSV",
    "XML_RECORDS",
    "CountingLines",
    "Row",
    "RowError",
    "RowTooLong",
    "TableHeader",
    "check_encoding",
    "looks_like_header",
    "malformed",
    "not_valid",
    "read_header",
    "table_dialect",
    "table_format",
    "too_long",
]

CSV, TSV, JSONL, PARQUET = "csv", "tsv", "jsonl", "parquet"
LINES = "lines"  # `label text` lines (see `line_tables`)
BLOCKS = "blocks"  # a .txt of records in blocks of lines (`line_blocks`), found by its content
FASTTEXT = "fasttext"  # a .txt of fastText's `__label__name text` lines (a .txt of anything else: no table)
QA_JSON = "qa_json"  # SQuAD's question-answering JSON, a row per question (see `qa_json`)
XML_RECORDS = "xml_records"  # an XML document of text records, a row per record (see `xml_records`)
TABLE_FORMATS = (CSV, TSV, JSONL, PARQUET, LINES, FASTTEXT, QA_JSON)
SEMICOLON_LINES = "semicolon_lines"  # a .txt of `text;label` lines, told by its content (see `line_tables`)
AT_LINES = "at_lines"  # a .txt of `text@label` lines (Financial PhraseBank's), told so too
TAGGED_LINES = "tagged_lines"  # a .txt of `<label>text<\\label>` lines (Emotion-Stimulus': `plan.tagged_lines`)
KEYED_LINES = "keyed_lines"  # a .txt of `<id> <text>` lines (LibriSpeech's `.trans.txt`: `keyed_lines`)
# The `text<sep>label` formats by their separator (`line_tables.LABEL_SEPARATORS`), and back.
SEMICOLON_CSV = "semicolon_csv"  # a .csv whose lines are separated by semicolons (see `separators`)
_TRAILING_FORMATS = {";": SEMICOLON_LINES, "@": AT_LINES}
SEPARATOR_OF = {fmt: separator for separator, fmt in _TRAILING_FORMATS.items()}
LINE_FORMATS = (LINES, FASTTEXT, TAGGED_LINES, KEYED_LINES, *_TRAILING_FORMATS.values(), *token_tables.FORMATS.values(),
                c45_cases.FORMAT)


def table_format(relpath: str) -> str:
    """CSV, TSV, JSONL, Parquet or `label text` lines (`.label`, or a file without an extension)
    from the file's extension."""
    name = (inner_name(relpath) or relpath).rsplit("/", 1)[-1]  # (a table compressed whole: its table's)
    if "." not in name:  # SMSSpamCollection: detection read it as `label<TAB>text` lines
        return LINES
    ext = name.rsplit(".", 1)[-1].lower()
    if ext in line_tables.LINE_EXTENSIONS:
        return LINES
    if ext == "txt":
        return FASTTEXT
    if ext == "json":
        return QA_JSON
    if ext == arff_tables.FORMAT:  # Weka's ARFF (`arff_tables`)
        return arff_tables.FORMAT
    if ext == "xml" or is_xml_document(relpath):  # (SemEval-2016's `EN_REST_SB1_TEST.xml.gold` too)
        return XML_RECORDS
    return ext if ext in TABLE_FORMATS else sniffed_tables.SNIFFED  # a TSV only where `read_header` sees one


def table_dialect(fmt: str) -> dict:
    quoted = quoted_tables.dialect(fmt)  # a `'`-quoted .csv (`quoted_tables`)
    if quoted is not None:
        return quoted
    if fmt == TSV:
        return {"delimiter": "\t", "quoting": csv.QUOTE_NONE}
    return {"delimiter": ";" if fmt == SEMICOLON_CSV else ","}


def read_header(
    fileobj: BinaryIO, fmt: str, size_bytes: int | None = None, header: bool | None = None, encoding: str = DEFAULT_ENCODING,
    *, document: bool = False,
) -> TableHeader:
    """The table's header: its columns, where its data starts (see TableHeader).

    Args:
      fileobj: the table, open at its start.
      fmt: one of TABLE_FORMATS.
      size_bytes: read nothing past this (see `read_table`).
      header: CSV and TSV: the first row is a header (True), data (False), or decide (None).
      encoding: CSV and TSV: of the table's bytes (`--encoding`; JSON is UTF-8 by its standard).
      document: a .json is one record (`--json-records .`, `json_records.DOCUMENT`), whatever its shape.

    Raises:
      InvalidInputError: an empty table, a header with empty or repeated names, an unreadable
        Parquet file.
    """
    if fmt == JSONL:
        return TableHeader(())
    if fmt == XML_RECORDS:
        head = fileobj.read(xml_records.HEAD_BYTES)
        if not xml_records.looks_like_records(head):
            raise InvalidInputError("not a table: an XML document of no records of texts (no element repeats holding a <text>)")
        return TableHeader((), described="XML records, a row per record element (its attributes and children by name)")
    if fmt in token_tables.SEPARATOR_OF:  # read again as the plan found it (`token_tables`)
        raw = cr_lines.as_lines(fileobj).read(line_tables.TAB_HEAD_BYTES)
        head = raw.decode(encoding, "replace").splitlines()[:SAMPLE_ROWS + 1]
        return token_header(head if len(raw) < line_tables.TAB_HEAD_BYTES else head[:-1], token_tables.SEPARATOR_OF[fmt], header)
    if fmt == arff_tables.FORMAT:  # its attributes the columns, its first instances the sample
        check_encoding(encoding)
        return TableHeader(**arff_tables.header_fields(fileobj, encoding, SAMPLE_ROWS, SAMPLE_BYTES))
    if fmt == c45_cases.FORMAT:  # read again as the plan found it (`c45_cases`)
        return c45_header(fileobj.read(sniffed_tables.HEAD_BYTES), encoding)
    if fmt == sniffed_tables.SNIFFED:  # `train.data`, `.dat`, `wiki.train`: tab-separated rows, or refused
        raw = fileobj.read(sniffed_tables.HEAD_BYTES)
        if not sniffed_tables.looks_like_tab_separated(raw, whole=len(raw) < sniffed_tables.HEAD_BYTES):
            lines = raw.decode(encoding, "replace").splitlines()
            head = lines[:SAMPLE_ROWS] if len(raw) < sniffed_tables.HEAD_BYTES else lines[:-1][:SAMPLE_ROWS]
            if not attribute_tables.value_rows(head):
                if c45_cases.looks_like_cases(head):  # Adult's `adult.test`: `|` comments, `>50K.`
                    return c45_header(raw, encoding)
                raise InvalidInputError(sniffed_tables.NOT_A_TABLE)
            # UCI's `zoo.data`: comma rows of values of one width, read as a CSV (a row of attributes
            # has no text: detection's stops name `--text-column none`, `attribute_rows`)
            fileobj.seek(0)
            return dataclasses.replace(read_header(fileobj, CSV, size_bytes, header, encoding), fmt=CSV, read_as=_VALUES_NOTE)
        fileobj.seek(0)
        return dataclasses.replace(read_header(fileobj, TSV, size_bytes, header, encoding), fmt=TSV, read_as=_SNIFFED_NOTE)
    fileobj = fileobj if fmt == PARQUET else cr_lines.as_lines(fileobj)  # (lines ended by CR alone: a row each)
    if fmt == FASTTEXT and not line_tables.is_fasttext(fileobj.read(len(line_tables.FASTTEXT_PREFIX) + 3)):
        fileobj.seek(0)
        raw = fileobj.read(line_tables.TAB_HEAD_BYTES)
        head = raw.decode("utf-8", "replace").splitlines()[: SAMPLE_ROWS]
        whole = len(raw) < line_tables.TAB_HEAD_BYTES  # the file's every line: a short file of the tables beside it
        if pseudo_xml.rootless(raw) and xml_records.record_tag(raw):  # the Blurb Genre Collection's `<book>` records
            return TableHeader((), described="pseudo-XML records, a row per record element", fmt=XML_RECORDS)
        if line_blocks.looks_like_blocks(raw.decode("utf-8", "replace").splitlines(), whole=whole):
            # SemEval-2010 Task 8's TRAIN_FILE.TXT, KBP37's train.txt: a record a block of lines
            return TableHeader(line_blocks.COLUMNS, present=False, described="blocks of lines, a record a block", fmt=BLOCKS)
        if (header_rows.looks_like_tab_table(head) or header_rows.looks_like_tab_rows(head, whole=whole)
                or tab_pairs.looks_like_tab_pairs(head) or sniffed_tables.looks_like_id_texts(head)):
            # SICK.txt, fra.txt, STS.input.*.txt (a sentence pair a line): TSVs named .txt
            fileobj.seek(0)
            return dataclasses.replace(read_header(fileobj, TSV, size_bytes, header, encoding), fmt=TSV)
        token = token_tables.separator_of_lines(head if whole else head[:-1])  # IMDb genres' `1 ::: title ::: genre ::: text`
        if token:
            check_head_decodes(raw, encoding)
            return token_header(head if whole else head[:-1], token, header)
        separator = line_tables.label_separator(head)  # dair-ai/emotion's `text;label` lines, `text@label`
        if separator:
            check_head_decodes(raw, encoding)
            return TableHeader(line_tables.COLUMNS, present=False, described=f"`text{separator}label` lines",
                               fmt=_TRAILING_FORMATS[separator])
        if tagged_lines.looks_tagged(head):  # Emotion-Stimulus' `<happy>text<\\happy>` lines
            check_head_decodes(raw, encoding)
            return TableHeader(line_tables.COLUMNS, present=False, described="`<label>text<\\label>` lines, the label the tag",
                               fmt=TAGGED_LINES)
        if keyed_lines.looks_keyed(head if whole else head[:-1]):  # LibriSpeech's `<utterance id> <TRANSCRIPT>`
            check_head_decodes(raw, encoding)
            return TableHeader(keyed_lines.COLUMNS, present=False, described="`<id> <text>` lines, the id kept, no label",
                               fmt=KEYED_LINES)
        if not line_tables.is_tab_labelled(head, whole=whole):
            raise InvalidInputError(
                "not a table: a text file whose first line is not a fastText `__label__` line, nor a file of "
                "`label<TAB>text` lines"
            )
    if fmt in LINE_FORMATS:
        fileobj.seek(0)
        raw = fileobj.read(sniffed_tables.HEAD_BYTES)
        lines = raw.decode(encoding, "replace").splitlines()
        if attribute_tables.class_rows(lines if len(raw) < sniffed_tables.HEAD_BYTES else lines[:-1]):
            fileobj.seek(0)  # UCI's Sonar rows saved without an extension: numbers and a class, a CSV (`attribute_tables`)
            return dataclasses.replace(read_header(fileobj, CSV, size_bytes, header, encoding), fmt=CSV, read_as=_VALUES_NOTE)
        fileobj.seek(0)
        line_tables.check_labels(fileobj, SAMPLE_ROWS, size_bytes)
        return TableHeader(line_tables.COLUMNS, present=False, described="`label text` lines")
    if fmt == QA_JSON:
        head = json_lines.head_of_lines(fileobj, qa_json.HEAD_BYTES)
        if json_lines.looks_like_json_lines(head):  # JSON Lines named .json: read as a .jsonl is
            return TableHeader((), described="JSON Lines (an object a line) in a .json", fmt=JSONL)
        head = head[: qa_json.HEAD_BYTES]  # read on only to see a long first line's next line
        if document:  # (the user's word: its fields are the record's cells, read whole by json_records)
            return TableHeader((), described="a JSON document, one record (--json-records .)")
        if json_records.looks_like_records(head):  # rows name their own columns, as JSONL's
            return TableHeader((), described="JSON records, a row per object of its list")
        if not qa_json.looks_like_qa(head):
            raise InvalidInputError(
                "not a table: a .json neither of records (a list of objects, alone or under a key) nor of "
                "question-answering (SQuAD's data[].paragraphs[].qas[])"
            )
        return TableHeader(
            qa_json.COLUMNS,
            described="question-answering JSON, a row per question",
            answers=(qa_json.ANSWERS, qa_json.ANSWER_STARTS),
        )
    if fmt == PARQUET:
        names = parquet_tables.ParquetTable(fileobj).columns
        if len(set(names)) < len(names):  # Arrow allows it; a row's cells would keep the last silently
            raise InvalidInputError(f"the table repeats the column {header_rows.repeated(names)}: which is meant cannot be told")
        return TableHeader(names)
    check_encoding(encoding)
    if fmt == CSV:
        separator, quoted = _content_separator(fileobj, size_bytes)
        if separator == separators.COMMA and not quoted and (piped := _pipe_head(fileobj, encoding)):
            return dataclasses.replace(token_header(piped, token_tables.PIPE, header), read_as=_PIPES_NOTE)
        if quoted:  # every row's shape shows cells quoted with `'` (10kGNAD's `label;'text'`)
            found = read_header(fileobj, quoted, size_bytes, header, encoding)
            return dataclasses.replace(found, fmt=quoted, read_as=quoted_tables.note(quoted))
        if separator == separators.TAB:
            return dataclasses.replace(read_header(fileobj, TSV, size_bytes, header, encoding), fmt=TSV, read_as=_TABS_NOTE)
        if separator == separators.SEMICOLON:
            found = read_header(fileobj, SEMICOLON_CSV, size_bytes, header, encoding)
            return dataclasses.replace(found, fmt=SEMICOLON_CSV, read_as=_SEMICOLONS_NOTE)
    lines = CountingLines(fileobj, 0, size_bytes, encoding)
    try:
        cells = next(csv.reader(lines, **table_dialect(fmt)))
    except StopIteration:
        raise InvalidInputError("empty table: no header row") from None
    except RowTooLong:
        raise InvalidInputError(f"first row longer than {row_ranges.MAX_ROW_BYTES:,} bytes") from None
    except csv.Error as error:
        raise InvalidInputError(f"unreadable first row: {malformed(error, fmt).removeprefix('malformed row: ')}") from None
    if lines.line_error:
        raise InvalidInputError(f"first row is {lines.line_error}")
    if header is None and header_rows.header_but_repeated(cells):
        rows = _sample_rows(lines, fmt, len(cells), 0)
        if header_rows.repeats_its_values(cells, rows):  # its repeated "names" are its columns' values: data
            columns = tuple(str(number) for number in range(1, len(cells) + 1))
            return TableHeader(columns, present=False, data_start=0, sample=(tuple(cells), *rows))
        raise InvalidInputError(
            f"the first row names columns but repeats {header_rows.repeated(cells)}: which column is meant cannot be told "
            "(rename the column, or pass --no-header if the row is data)"
        )
    gapped = header is None and header_rows.names_around_a_gap(cells)
    if header is False or (header is None and not looks_like_header(cells) and not gapped):
        columns = tuple(str(number) for number in range(1, len(cells) + 1))
        sample = (tuple(cells), *_sample_rows(lines, fmt, len(cells), 0))
        return TableHeader(columns, present=False, data_start=0, sample=sample)
    names = header_rows.header_names(cells)
    if any(not name for name in names) or len(set(names)) != len(names):
        raise InvalidInputError(f"header row needs distinct, non-empty column names: {list(names)}")
    data_start = lines.consumed
    sample = _sample_rows(lines, fmt, len(names), data_start)
    if not sample and (named := header_rows.named_width(cells)) < len(names):  # `text,label,` over `a text,pos`
        fileobj.seek(data_start)
        sample = _sample_rows(CountingLines(fileobj, data_start, size_bytes, encoding), fmt, named, data_start)
        names = names[:named] if sample else names
    index = header is None and header_rows.index_header(cells, sample)  # pandas' `,a,b` over 0, 1, 2 (Memotion)
    if gapped and not index and not header_rows.named_over_numbers(cells, sample) and not header_rows.usual_names_around_a_gap(cells, sample):
        unnamed = ", ".join(str(i + 1) for i, cell in enumerate(cells) if not cell.strip())
        raise InvalidInputError(
            f"the first row names columns but leaves column {unnamed} unnamed: whether it is a header cannot be told "
            "(pass --header if it names the columns, --no-header if it is data)"
        )
    if header is None and not index and header_rows.values_of_the_first_row(cells, sample):
        columns = tuple(str(number) for number in range(1, len(cells) + 1))
        return TableHeader(columns, present=False, data_start=0, sample=(tuple(cells), *sample))
    return TableHeader(names, present=True, data_start=data_start, sample=sample)


_SNIFFED_NOTE = "tab-separated rows in a file of another extension, no quoting"
_VALUES_NOTE = "comma rows of values in a file of another extension (UCI's .data)"
_TABS_NOTE = "tab-separated (a .csv whose lines hold tabs, not commas), no quoting"
_PIPES_NOTE = "'|'-separated (a .csv whose lines hold one number of '|' each, LJ Speech's), no quoting"
_SEMICOLONS_NOTE = "semicolon-separated (a .csv whose lines hold semicolons, not commas)"


def _pipe_head(fileobj: BinaryIO, encoding: str) -> list[str]:
    """A .csv's first lines where they are `|`-separated fields (`token_tables.pipe_separated`), else []; `fileobj`
    is left at the start."""
    raw = cr_lines.as_lines(fileobj).read(line_tables.TAB_HEAD_BYTES)
    fileobj.seek(0)
    head = raw.decode(encoding, "replace").splitlines()[:SAMPLE_ROWS + 1]
    head = head if len(raw) < line_tables.TAB_HEAD_BYTES else head[:-1]
    return head if token_tables.pipe_separated(head) else []


def _content_separator(fileobj: BinaryIO, size_bytes: int | None) -> tuple[str, str | None]:
    """A .csv's separator as its first lines show it (`separators.csv_separator`), and its
    `'`-quoted format where they show one for sure (`quoted_tables`), else None; `fileobj` is left
    at the start."""
    limit = line_tables.TAB_HEAD_BYTES if size_bytes is None else min(line_tables.TAB_HEAD_BYTES, size_bytes)
    raw = fileobj.read(limit)
    complete = len(raw) < limit or (size_bytes is not None and limit == size_bytes)
    fileobj.seek(0)
    head = raw.decode("utf-8", "replace")
    separator = separators.csv_separator(head, complete)
    return separator, quoted_tables.apostrophe_format(head, complete, separator)


def _sample_rows(lines: CountingLines, fmt: str, width: int, start: int) -> tuple[tuple[str, ...], ...]:
    """Up to SAMPLE_ROWS well-formed data rows after the first row (at most SAMPLE_BYTES read):
    what the columns hold. A row that does not parse ends the sample (the scan reports it).

    Raises:
      InvalidInputError: sampled rows that are not text in the encoding while none of the others
        holds a character beyond ASCII in it: a table in another encoding whose first row happens
        to be ASCII (Kaggle's latin-1 tweet CSVs), not one bad row (the run stops naming
        `--encoding`, as for a first row that does not decode).
    """
    reader = csv.reader(lines, **table_dialect(fmt))
    rows: list[tuple[str, ...]] = []
    undecoded: list[tuple[int, str]] = []
    while len(rows) < SAMPLE_ROWS and lines.consumed - start < SAMPLE_BYTES:
        lines.start_row()
        try:
            cells = next(reader)
        except (StopIteration, csv.Error, RowTooLong):
            break
        if lines.line_error:
            undecoded.append((len(rows) + len(undecoded) + 2, lines.line_error))
        elif len(cells) == width:
            rows.append(tuple(cells))
    if undecoded and not any(not cell.isascii() for row in rows for cell in row):
        number, reason = undecoded[0]
        raise InvalidInputError(f"first rows are in another encoding: row {number} is {reason}")
    return tuple(rows)

def malformed(error: csv.Error, fmt: str) -> str:
    """Why the csv module could not parse a row, in words."""
    if "new-line character seen in unquoted field" in str(error):
        where = "TSV has no quoting" if fmt == TSV else "only a quoted field may hold one"
        return f"malformed row: a carriage return (\\r) inside the row, where rows end at a line feed ({where})"
    return f"malformed row: {error}"

