"""Tables of attributes: a download of rows of feature values and a class, and no image or text.

UCI-style downloads ship such a table (blind33's Zoo: headerless `zoo.data` rows `aardvark,1,0,0,...,1`
beside the prose `zoo.names`) and Mulan's multi-label sets ship Weka's ARFF (blind30's Yeast:
`yeast-train.arff` of `@attribute Att1 numeric` ... `@data`, beside a label `.xml` naming the labels, read by
`converters/arff_tables.py`, the labels by `mulan_labels`), and C4.5's case files
(blind38's Adult: `adult.data` and `adult.test` of `39, State-gov, ..., <=50K` beside `adult.names`; comments,
words and a period ending each test case, read by `converters/c45_cases.py`, each file its split by
`split_extensions.c45_splits`). No record kind of
shardify holds a row of attributes (it writes an image or a text a record), so a run over them stops; it
had said to point SRC at the images or texts, which such a download has none of, as if one were missing.
Told what they are, the user reaches for a table tool instead of hunting for an option.

Which files are tables of attributes is kept as data (`_KINDS`: each kind's extension, its name, and the
test of its first lines), and only downloads whose every other file describes them (`_COMPANIONS`) are
told so: a Darknet `obj.data` (`classes = 3`) is no table, nor a `.data` of texts whose rows differ in
cells.

Plain functions of paths and first lines, no I/O: `beam_jobs/discover/guards.py` reads the lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shardify.converters import arff_tables, attribute_rows, c45_cases
from shardify.plan import measurement_classes, mulan_labels
from shardify.plan.box_format import is_number
from shardify.plan.file_roles import (
    AUXILIARY_EXTENSIONS,
    IMAGE_EXTENSIONS,
    LABEL_LIKE_EXTENSIONS,
    SCRIPT_EXTENSIONS,
    SPREADSHEET_EXTENSIONS,
    TABLE_EXTENSIONS,
    TEXT_EXTENSIONS,
    WEB_PAGE_EXTENSIONS,
)
from shardify.plan.path_parts import extension
from shardify.plan.split_extensions import SPLIT_EXTENSIONS, c45_splits, extension_splits

__all__ = ["attribute_tables_message", "candidates", "documented_column", "documented_ids", "value_rows"]

_MIN_CELLS = 4  # a row of attributes: several values and a class (Zoo 18, Iris 5)
_MIN_ROWS = 3  # rows looked at before a .data file is called a table of attributes
_SHOWN = 3
_FEW_INPUTS = 2  # files without an extension (texts, to detection) a folder of tables may hold: UCI's `Index`
# ... or texts that describe the tables (UCI's Raisin zip: `Raisin_Dataset.txt`, the attributes and a citation,
# beside `Raisin_Dataset.arff` and `.xlsx`), taken for texts by detection, as many
_DESCRIBING_INPUTS = frozenset({"", "txt", "md"})


def _arff(lines: Sequence[str]) -> bool:
    """Weka's ARFF header: `@relation` then `@attribute` lines.

    >>> _arff(["% yeast", "@relation 'yeast'", "", "@attribute Att1 numeric"]), _arff(["relation,attribute"])
    (True, False)
    """
    words = [line.strip().split(None, 1)[0].lower() for line in lines if line.strip() and not line.startswith("%")]
    return bool(words) and words[0] == "@relation" and "@attribute" in words


def value_rows(lines: Sequence[str]) -> bool:
    """Comma rows of one width, of _MIN_CELLS or more, at least half of each row's cells numbers, or
    every cell a number or a short code (`categorical_rows`).

    >>> value_rows(["aardvark,1,0,0,1,4,1", "bass,0,0,1,0,0,4", "crab,0,0,1,0,6,7"])
    True
    >>> value_rows(["classes = 3", "train = data/train.txt", "names = data/obj.names"])  # Darknet's obj.data
    False
    >>> value_rows(["pos,a film, in short, fine", "neg,dull,dull,dull,dull"])  # texts with commas
    False
    """
    rows = _comma_rows(lines)
    if len(rows) < _MIN_ROWS or len({len(row) for row in rows}) != 1 or len(rows[0]) < _MIN_CELLS:
        return False
    return all(2 * sum(is_number(cell) for cell in row) >= len(row) for row in rows) or categorical_rows(rows)


def _comma_rows(lines: Sequence[str]) -> list[list[str]]:
    return [[cell.strip() for cell in line.split(",")] for line in lines if line.strip()]


# A code of a categorical table: UCI's mushroom letters ('p', 'x', '?'), car's 'vhigh', nursery's
# 'great_pret', tic-tac-toe's 'positive'; a word of prose is as short, so a row needs every cell one.
_CODE_CHARS = 12


def categorical_rows(rows: Sequence[Sequence[str]]) -> bool:
    """Rows of attributes coded as short tokens (UCI's categorical sets: `agaricus-lepiota.data`
    `p,x,s,n,t,p,f,c,n,k,e,e,s,s,w,w,p,w,o,p,k,s,u`, `car.data` `vhigh,vhigh,2,2,small,low,unacc`):
    every cell a number or a token of at most _CODE_CHARS characters without a space. A text split at
    its commas has cells of several words; rows of one word each are no texts either.

    >>> categorical_rows([["p", "x", "s", "n"], ["e", "x", "?", "y"], ["e", "b", "s", "w"]])
    True
    >>> categorical_rows([["pos", "a film", "in short", "fine"], ["neg", "dull", "dull", "dull"]])
    False
    """
    return bool(rows) and all(
        is_number(cell) or (0 < len(cell) <= _CODE_CHARS and not any(ch.isspace() for ch in cell))
        for row in rows for cell in row)


@dataclass(frozen=True)
class _Kind:
    """One kind of attribute table: its extension, what the stop calls it, and the test of its first lines."""

    extension: str
    name: str
    looks: Callable[[Sequence[str]], bool]


def _values_or_cases(lines: Sequence[str]) -> bool:
    """A `.data` of comma rows of values, or of C4.5 cases (words among the values, `|` comments)."""
    return value_rows(lines) or c45_cases.looks_like_cases(lines)


def class_rows(lines: Sequence[str]) -> bool:
    """`value_rows` whose cells are numbers but the last, a class (a word or a number): UCI's Sonar
    `sonar.all-data`, sixty energies and `R` or `M`, under an extension nothing else uses.

    >>> class_rows(["0.02,0.0371,0.0428,0.0207,R", "0.0453,0.0523,0.0843,0.0689,M", "0.0262,0.0582,0.1099,0.1083,R"])
    True
    >>> class_rows(["p,x,s,n", "e,x,?,y", "e,b,s,w"])  # codes, not measurements: the extension must say so
    False
    """
    return value_rows(lines) and all(all(is_number(cell) for cell in row[:-1]) for row in _comma_rows(lines))


# Files of an extension no kind of file here has (UCI's Sonar `sonar.all-data`), read as a table of values
# where their rows are `class_rows`: `_BY_ROWS` stands for their kind.
_BY_ROWS = "(by its rows)"
_KNOWN_EXTENSIONS = (IMAGE_EXTENSIONS | TEXT_EXTENSIONS | TABLE_EXTENSIONS | LABEL_LIKE_EXTENSIONS | AUXILIARY_EXTENSIONS
                     | SCRIPT_EXTENSIONS | WEB_PAGE_EXTENSIONS)

_KINDS = (
    _Kind("arff", "Weka/Mulan ARFF", _arff),
    _Kind("data", "UCI-style .data", _values_or_cases),
    _Kind("test", "C4.5 .test", c45_cases.looks_like_cases),  # Adult's adult.test beside adult.data
    # UCI's files of a split each (optdigits.tra/.tes, pendigits.tra/.tes; sat.trn/.tst): the same comma rows,
    # their split their extension's (`split_extensions.SPLIT_EXTENSIONS`)
    *(_Kind(ending, "UCI-style split", value_rows) for ending in SPLIT_EXTENSIONS),
)
_ROWS_KIND = _Kind(_BY_ROWS, "headerless comma table", class_rows)


def _kind_key(path: str) -> str:
    """The `_KINDS` extension a file is read by, `_BY_ROWS` for an extension no kind or companion has
    (`_KNOWN_EXTENSIONS`), else "" (a companion, or a file of another role).

    >>> _kind_key("zoo.data"), _kind_key("sonar.all-data"), _kind_key("zoo.names"), _kind_key("a.jpg")
    ('data', '(by its rows)', '', '')
    """
    ending = extension(path)
    if ending in {kind.extension for kind in _KINDS}:
        return ending
    if ending in _COMPANIONS or ending in _KNOWN_EXTENSIONS:
        return ""
    return _BY_ROWS


# Kinds read as comma tables of values (`converters.tables`): a row a record of its columns.
_VALUE_KINDS = frozenset({"data", "test", *SPLIT_EXTENSIONS, _BY_ROWS})
# Files that describe such tables (UCI's `.names` prose, Mulan's label `.xml`) or the download, or copy
# them in a spreadsheet no reader here opens (UCI's Dry Bean and Raisin zips: `<name>.xlsx` beside
# `<name>.arff`, the same rows: a stop that named none of the tables was no help).
_COMPANIONS = frozenset({"names", "xml", "txt", "md", "info", ""}) | SPREADSHEET_EXTENSIONS


def candidates(paths: Sequence[str], inputs: Sequence[str] = ()) -> list[str]:
    """The files whose lines `attribute_tables_message` needs: each of a table kind's extension,
    where every other file is a companion (else no file's lines are needed). `inputs`, the files taken
    for texts, may be at most _FEW_INPUTS files without an extension (UCI's `Index` listing the folder) or
    describing the tables (a `.txt`, a `.md`).

    >>> candidates(["zoo/zoo.data", "zoo/zoo.names"]), candidates(["zoo.data", "pictures.csv"])
    (['zoo/zoo.data'], [])
    >>> candidates(["iris.data", "iris.names"], ["Index"]), candidates(["iris.data"], ["a.txt"])
    (['iris.data'], ['iris.data'])
    >>> candidates(["iris.data"], ["a.txt", "b.txt", "c.txt"]), candidates(["iris.data"], ["a.jpg"])  # texts, images
    ([], [])
    >>> candidates(["yeast.xml", "yeast-train.arff", "yeast-test.arff"])
    ['yeast-test.arff', 'yeast-train.arff', 'yeast.xml']
    >>> candidates(["Raisin/Raisin.arff", "Raisin/Raisin.xlsx", "Raisin/Raisin.txt"])  # the .xlsx a copy, unread
    ['Raisin/Raisin.arff']
    """
    if len(inputs) > _FEW_INPUTS or any(extension(p) not in _DESCRIBING_INPUTS for p in inputs):
        return []
    if any(not _kind_key(p) and extension(p) not in _COMPANIONS for p in paths):
        return []
    tables = [p for p in paths if _kind_key(p)]
    if not tables:  # (a table saved without an extension, taken for a text: its rows decide, `_extensionless_tables`)
        return sorted(p for p in inputs if not extension(p))
    label_files = [p for p in paths if extension(p) == "xml"] if any(extension(p) == "arff" for p in tables) else []
    return sorted(tables) + sorted(label_files)[:_SHOWN]  # (Mulan's `yeast.xml` names the ARFF's labels)


def _extensionless_tables(heads: Mapping[str, Sequence[str]]) -> list[str]:
    """The files without an extension among `heads` whose rows are `class_rows`: UCI's Sonar rows saved as
    `sonar` are a table (`converters.tables` reads them so), where UCI's `Index` listing is not."""
    return sorted(p for p, lines in heads.items() if not extension(p) and class_rows(lines))


def attribute_tables_message(source: str, heads: Mapping[str, Sequence[str]], listings: Sequence[str] = (),
                             paths: Sequence[str] = ()) -> str:
    """The stop for a source whose files are tables of attributes (module docstring), or "".

    Args:
      heads: each of `candidates`' files -> its first lines.
      listings: the files without an extension beside them (`candidates`' `inputs`: UCI's `Index`, a
        listing of the folder), which `--layout tables` would read as `label text` lines: named for
        `--exclude` in the remedy.
      paths: the source's other files (a C4.5 stem's `.names` makes its `.data` and `.test` splits).

    >>> attribute_tables_message("zoo", {"zoo.data": ["aardvark,1,0,0,1", "bass,0,0,1,0", "crab,0,0,1,7"]})[:65]
    'zoo holds tables of attributes (1 UCI-style .data file: zoo.data)'
    >>> attribute_tables_message("yolo", {"obj.data": ["classes = 3", "train = train.txt", "names = obj.names"]})
    ''
    """
    by_extension = {kind.extension: kind for kind in (*_KINDS, _ROWS_KIND)}
    tables = sorted(p for p in heads if _kind_key(p)) or _extensionless_tables(heads)
    listings = [p for p in listings if p not in tables]
    kind_of = {p: _kind_key(p) or _BY_ROWS for p in tables}
    if not tables or not all(by_extension[kind_of[p]].looks(heads[p]) for p in tables):
        return ""
    names = {by_extension[kind_of[p]].name for p in tables}
    named = names.pop() if len(names) == 1 else "attribute table"
    shown = ", ".join(tables[:_SHOWN]) + (", ..." if len(tables) > _SHOWN else "")
    said = f"{source} holds tables of attributes ({len(tables)} {named} file{'s' if len(tables) > 1 else ''}: {shown}), no images or texts"
    if all(kind_of[p] in _VALUE_KINDS for p in tables):  # read as CSVs (`converters.tables`): a row a record of its columns
        rows = _comma_rows([case for case in map(c45_cases.case_line, heads[tables[0]]) if case])
        columns = tuple(str(n) for n in range(1, len(rows[0]) + 1))
        splits = extension_splits(tables) or c45_splits([*tables, *paths])
        by_split = (" (each file of its extension's split: " + ", ".join(f"{p} {s}" for p, s in splits[:_SHOWN]) + ")") if splits else ""
        excluded = "".join(f" --exclude {p!r}" for p in sorted(listings))
        return (f"{said}; to {attribute_rows.attributes_remedy(columns, rows, header=False)} "
                f"--layout tables{by_split}{excluded} (docs/converting.md, tables of attributes)")
    if all(extension(p) == "arff" for p in tables):  # read by `converters.arff_tables`: a row an instance
        label_files = {p: heads[p] for p in heads if extension(p) == "xml"}
        return f"{said}; to {_arff_remedy(heads[tables[0]], label_files)} --layout tables (docs/converting.md, tables of attributes)"
    return (
        f"{said}; to read each row as a record of its columns: --text-column {attribute_rows.NO_TEXT} --keep-columns '*' "
        "--label-column C (the class column, by name or number from 1; several 0/1 class columns comma-separated: multi-label) "
        "--layout tables (docs/converting.md, tables of attributes)"
    )


def _arff_remedy(head: Sequence[str], label_files: Mapping[str, Sequence[str]]) -> str:
    """The options reading ARFF tables a row a record: the label columns the Mulan label XML beside them lists
    (`mulan_labels`), else the last attribute where the header is seen whole (Weka's class unless told), else C.

    >>> _arff_remedy(["@relation r", "@attribute a numeric", "@attribute class {x,y}", "@data"], {})[-79:]
    "--label-column 'class' (the last attribute, Weka's class unless told otherwise)"
    """
    for path, lines in sorted(label_files.items()):
        if labels := mulan_labels.label_names(lines):
            which = f"--label-column {','.join(labels)!r} (the labels {path} lists, each 0/1 a row: multi-label)"
            break
    else:
        words = [line.strip().split(None, 1) for line in head if line.strip() and not line.startswith("%")]
        attributes = [rest[0] for word, *rest in words if word.lower() == "@attribute" and rest]
        seen_whole = any(word.lower() == "@data" for word, *_ in words)
        last = arff_tables.attribute_name(attributes[-1]) if attributes and seen_whole else ""
        which = (f"--label-column {last!r} (the last attribute, Weka's class unless told otherwise)" if last else
                 "--label-column C (the class attribute by name; several 0/1 attributes comma-separated: multi-label)")
    return f"read each row as a record of its attributes: --text-column {attribute_rows.NO_TEXT} --keep-columns '*' {which}"


def documented_column(heads: Mapping[str, Sequence[str]], names: Mapping[str, Sequence[str]]) -> str:
    """The class column (a number from 1) of headerless value tables (`_VALUE_KINDS`, each path -> its first
    lines) that their `.names` documents (`measurement_classes.documented_class`), or "": every table of one
    width, every `.names` documenting a class documenting the same one, its cells classes in every table.

    >>> rows = ["5.1,3.5,1.4,0.2,Iris-setosa", "4.9,3.0,1.4,0.2,Iris-setosa", "7.0,3.2,4.7,1.4,Iris-versicolor"]
    >>> names = ["7. Attribute Information:", "   1. sepal length", "   2. sepal width", "   3. petal length",
    ...          "   4. petal width", "   5. class:", "8. Missing Attribute Values: None"]
    >>> documented_column({"iris.data": rows}, {"iris.names": names}), documented_column({"iris.data": rows}, {})
    ('5', '')
    """
    tables = {path: _comma_rows(lines) for path, lines in heads.items()}
    widths = {len(row) for rows in tables.values() for row in rows}
    if not tables or not all(_kind_key(p) in _VALUE_KINDS for p in tables) or len(widths) != 1:
        return ""
    width = widths.pop()
    said = {column for lines in names.values() if (column := measurement_classes.documented_class(lines, width))}
    if len(said) != 1:
        return ""
    column = said.pop()
    cells = [row[int(column) - 1] for rows in tables.values() for row in rows]
    return column if measurement_classes.class_cells(cells) else ""


def documented_ids(heads: Mapping[str, Sequence[str]], names: Mapping[str, Sequence[str]], column: str) -> tuple[str, ...]:
    """The columns (numbers from 1) of headerless value tables their `.names` documents as ids
    (`measurement_classes.documented_ids`), whose sampled cells are whole numbers, each row's own
    (`measurement_classes.id_columns`), not `column` (the class): wdbc.data's `1) ID number`.

    >>> rows = ["842302,M,17.99", "842517,M,20.57", "84300903,B,19.69"]
    >>> names = ["7. Attribute information", "1) ID number", "2) Diagnosis", "3) radius"]
    >>> documented_ids({"wdbc.data": rows}, {"wdbc.names": names}, "2")
    ('1',)
    """
    tables = {path: _comma_rows(lines) for path, lines in heads.items()}
    widths = {len(row) for rows in tables.values() for row in rows}
    if len(widths) != 1:
        return ()
    width = widths.pop()
    said = {n for lines in names.values() for n in measurement_classes.documented_ids(lines, width) if n != column}
    rows = [row for table in tables.values() for row in table]
    return tuple(n for n in sorted(said, key=int) if measurement_classes.row_ids([row[int(n) - 1] for row in rows]))
