"""Weka's ARFF tables (`@relation`, `@attribute` lines, then `@data`): a row an instance, its columns the attributes.

Why: Mulan's multi-label sets (blind30's Yeast: `yeast-train.arff`, `yeast-test.arff` beside `yeast.xml`; Emotions,
Scene) and much of Weka's own data ship as ARFF, and shardify read no ARFF: the run stopped telling the user to
convert the files with another tool first. ARFF is a table with its header in front (the ARFF description of Weka
3.2-3.3, cahitarf.sourceforge.net/arff.html, from Witten and Frank's book): `%` starts a comment line; `@relation`,
`@attribute <name> <type>` and `@data` are case-insensitive; a name or value holding spaces or commas is quoted with
`'` or `"` (a backslash escapes the quote); a type is `numeric`/`real`/`integer`, `string`, `date [format]` or a
`{nominal, list}`; an instance is a line of comma-separated values in the attributes' order, `?` missing; a sparse
instance `{3 1, 7 0.5}` lists only its non-zero values by attribute index from 0 (the rest are 0), and an instance
may end with its weight in braces (`..., {5}`), no value of an attribute.

Why not scipy's `loadarff` (installed, the usual reader): it reads a whole file into memory and gives no row
alone, while shardify scans a table once keeping each row's byte range and reads that row again in the writer
(`converters/tables.py`): a table larger than memory converts. It also refuses sparse instances, which half of
Mulan's sets use. So the header and the instances are read here, by the grammar above, and the tests check every
cell against `scipy.io.arff.loadarff` where it reads the file. A relational attribute (a table inside a cell) is
refused by name: no record holds one.

The cells come back as written (a nominal `1` is "1", a missing `?` is "?", read as missing by `attribute_rows`),
so a table of attributes reads as any headed CSV does: `--text-column none --keep-columns '*' --label-column C`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from shardify.converters.row_ranges import MAX_ROW_BYTES, Row, RowError, too_long
from shardify.errors import InvalidInputError

__all__ = [
    "FORMAT",
    "NOTE",
    "ArffHeader",
    "attribute_name",
    "header_fields",
    "instance_cells",
    "read_arff_header",
    "scan_instances",
]

FORMAT = "arff"
NOTE = "Weka's ARFF: a column an @attribute, a row an instance after @data"
# The bytes a header may take before its `@data` line: Mulan's widest sets name a few thousand attributes
# (bibtex 1,836, delicious 1,483: some 60 KiB); a file with no `@data` within this is refused, not read whole.
MAX_HEADER_BYTES = 8 << 20
_COMMENT = "%"
_QUOTES = "'\""


@dataclass(frozen=True)
class ArffHeader:
    """An ARFF file's header.

    Attributes:
      names: the attributes' names in order (the table's columns).
      types: each attribute's type as written (`numeric`, `{0,1}`, `string`, `date ...`).
      data_start: the byte offset of the line after `@data`.
      data_line: the number of that line (from 1): a row's number is its line's, as an editor shows it.
    """

    names: tuple[str, ...]
    types: tuple[str, ...]
    data_start: int
    data_line: int


def _tokens(text: str, separators: str) -> list[tuple[str, bool]]:
    """`text` cut at `separators` outside quotes: each token stripped, with whether it was quoted (its quotes
    removed, backslash escapes undone).

    Raises:
      InvalidInputError: a quote left open.

    >>> _tokens("1.5, 'a b, c', ?", ",")
    [('1.5', False), ('a b, c', True), ('?', False)]
    """
    tokens: list[tuple[str, bool]] = []
    current: list[str] = []
    quote, quoted, escaped = "", False, False
    for char in text:
        if escaped:
            current.append(char)
            escaped = False
        elif quote:
            if char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
            else:
                current.append(char)
        elif char in _QUOTES and not "".join(current).strip():
            quote, quoted, current = char, True, []
        elif char in separators:
            tokens.append(("".join(current) if quoted else "".join(current).strip(), quoted))
            current, quoted = [], False
        else:
            current.append(char)
    if quote:
        raise InvalidInputError(f"a value opened with {quote} is never closed")
    tokens.append(("".join(current) if quoted else "".join(current).strip(), quoted))
    return tokens


def _attribute(line: str) -> tuple[str, str]:
    """(name, type) of an `@attribute` line.

    >>> _attribute("@attribute 'sepal length' numeric"), _attribute("@ATTRIBUTE Class1 {0,1}")
    (('sepal length', 'numeric'), ('Class1', '{0,1}'))
    """
    rest = line.strip()[len("@attribute") :].strip()
    if rest[:1] in _QUOTES:
        end = rest.find(rest[0], 1)
        while end > 0 and rest[end - 1] == "\\":
            end = rest.find(rest[0], end + 1)
        if end < 0:
            raise InvalidInputError(f"an @attribute name opened with {rest[0]} is never closed: {line.strip()[:80]!r}")
        name, kind = rest[1:end].replace("\\" + rest[0], rest[0]), rest[end + 1 :].strip()
    else:
        name, _, kind = rest.partition(" ") if " " in rest or "\t" not in rest else rest.partition("\t")
        name, kind = name.strip(), kind.strip()
        if "{" in name:  # `@attribute class{a,b}`: no space before the list
            name, kind = name[: name.index("{")], name[name.index("{") :] + kind
    if not name or not kind:
        raise InvalidInputError(f"an @attribute line without a name and a type: {line.strip()[:80]!r}")
    return name, kind


def attribute_name(declared: str) -> str:
    """The name an `@attribute` line's rest (after the keyword) declares ("" where it declares none).

    >>> attribute_name("'sepal length' numeric"), attribute_name("Class1 {0,1}")
    ('sepal length', 'Class1')
    """
    try:
        return _attribute(f"@attribute {declared}")[0]
    except InvalidInputError:
        return ""


def read_arff_header(fileobj: BinaryIO, encoding: str = "utf-8") -> ArffHeader:
    """The header of the ARFF file `fileobj` (open at its start), which is left just after `@data`.

    Raises:
      InvalidInputError: no `@relation`/`@attribute` header, no `@data` within MAX_HEADER_BYTES, an attribute
        named twice, or a relational attribute.
    """
    names: list[str] = []
    types: list[str] = []
    offset, number = 0, 0
    while offset <= MAX_HEADER_BYTES:
        raw = fileobj.readline(MAX_HEADER_BYTES + 1)
        if not raw:
            break
        offset, number = offset + len(raw), number + 1
        line = raw.decode(encoding, "replace").lstrip("\ufeff").strip()
        word = line.split(None, 1)[0].lower() if line else ""
        if word == "@attribute":
            name, kind = _attribute(line)
            if kind.lower().startswith("relational"):
                raise InvalidInputError(f"the ARFF attribute {name!r} is relational (a table in a cell): no record holds one")
            names.append(name)
            types.append(kind)
        elif word == "@data":
            if not names:
                raise InvalidInputError("an ARFF file with no @attribute before @data: no columns")
            if len(set(names)) < len(names):
                twice = sorted({n for n in names if names.count(n) > 1})
                raise InvalidInputError(f"the ARFF header names the attribute {twice[0]!r} twice: which is meant cannot be told")
            return ArffHeader(tuple(names), tuple(types), offset, number + 1)
        elif word and not word.startswith(_COMMENT) and word not in ("@relation", "@end"):
            raise InvalidInputError(f"line {number} of the ARFF header is no @relation, @attribute or @data: {line[:80]!r}")
    raise InvalidInputError(f"no @data line in the first {MAX_HEADER_BYTES:,} bytes: no ARFF instances to read")


def instance_cells(line: str, names: Sequence[str]) -> dict[str, str]:
    """The cells of the ARFF instance `line`, by attribute name: dense, or sparse (`{index value, ...}`, the
    attributes it leaves out 0); an instance weight (`, {5}`) is no cell.

    Raises:
      InvalidInputError: another count of values than the attributes, a sparse index out of range or
        repeated, a quote left open.

    >>> instance_cells("0.5, 'a b', 1", ["x", "y", "Class1"])
    {'x': '0.5', 'y': 'a b', 'Class1': '1'}
    >>> instance_cells("{0 0.5, 2 1}", ["x", "y", "Class1"])
    {'x': '0.5', 'y': '0', 'Class1': '1'}
    """
    text = line.strip()
    if text.startswith("{"):
        return _sparse_cells(text, names)
    tokens = _tokens(text, ",")
    if len(tokens) == len(names) + 1 and not tokens[-1][1] and tokens[-1][0].startswith("{") and tokens[-1][0].endswith("}"):
        tokens = tokens[:-1]  # the instance's weight
    if len(tokens) != len(names):
        raise InvalidInputError(f"an ARFF instance of {len(tokens)} values where the header has {len(names)} attributes")
    return {name: value for name, (value, _) in zip(names, tokens)}


def _sparse_cells(text: str, names: Sequence[str]) -> dict[str, str]:
    body, _, rest = text[1:].partition("}")
    if rest.strip() and not (rest.strip().startswith(",") and rest.strip()[1:].strip().startswith("{")):
        raise InvalidInputError(f"a sparse ARFF instance with more after its closing brace: {rest.strip()[:40]!r}")
    cells = dict.fromkeys(names, "0")
    seen: set[int] = set()
    for token, _ in _tokens(body, ",") if body.strip() else []:
        index, _, value = token.partition(" ")
        if not index.isdigit() or not value.strip() or int(index) >= len(names) or int(index) in seen:
            raise InvalidInputError(f"a sparse ARFF value {token[:40]!r} names no attribute of the {len(names)}, or one twice")
        seen.add(int(index))
        cells[names[int(index)]] = _tokens(value, "")[0][0]
    return cells


def scan_instances(fileobj: BinaryIO, header: ArffHeader, end: int | None, encoding: str) -> Iterator[Row | RowError]:
    """Every instance after `@data`, a Row with its byte range and cells (or a RowError with the reason), comment
    and blank lines aside; nothing past `end` bytes is read."""
    fileobj.seek(header.data_start)
    offset, number = header.data_start, header.data_line - 1
    while True:
        size = MAX_ROW_BYTES + 1 if end is None else min(MAX_ROW_BYTES + 1, end - offset)
        raw = fileobj.readline(size) if size > 0 else b""
        if not raw:
            return
        number, start, offset = number + 1, offset, offset + len(raw)
        if len(raw) > MAX_ROW_BYTES:
            yield too_long(number)
            while raw and not raw.endswith(b"\n"):  # the rest of the long line is no row of its own
                raw = fileobj.readline(MAX_ROW_BYTES + 1)
                offset += len(raw)
            continue
        try:
            line = raw.decode(encoding)
        except UnicodeDecodeError as error:
            yield RowError(number, f"not valid {encoding} ({error.reason} at byte {error.start})")
            continue
        if not line.strip() or line.lstrip().startswith(_COMMENT):
            continue
        try:
            yield Row(number, start, len(raw), instance_cells(line, header.names))
        except InvalidInputError as error:
            yield RowError(number, error.reason)


def header_fields(fileobj: BinaryIO, encoding: str, rows: int, size_bytes: int) -> dict[str, object]:
    """The fields of the `TableHeader` (`converters.tables`) of the ARFF file `fileobj` (open at its start): its
    attributes the columns, and up to `rows` of its first instances read within `size_bytes` after `@data`, as
    cells in the attributes' order, the sample (what the columns hold).

    Raises:
      InvalidInputError: as `read_arff_header`.
    """
    found = read_arff_header(fileobj, encoding)
    sample: list[tuple[str, ...]] = []
    for row in scan_instances(fileobj, found, found.data_start + size_bytes, encoding):
        if isinstance(row, Row):
            sample.append(tuple(str(row.cells[name]) for name in found.names))
        if len(sample) >= rows:
            break
    return {
        "columns": found.names,
        "data_start": found.data_start,
        "sample": tuple(sample),
        "fmt": FORMAT,
        "described": f"{NOTE} ({len(found.names)} attributes)",
    }
