"""The class column of tables of measurements, where the files leave no doubt which it is.

Why a module of its own: a table of attributes and no text (Kaggle's `diabetes.csv` ending in `Outcome`, UCI's
`iris.data` beside `iris.names`) stopped every first run naming `--text-column none --keep-columns '*'
--label-column C`, the class the user's to say (tables31). Where exactly one column is named as a class is named
and its cells are classes, that stop is only a step the user must take to type what the files say; here the
column is found, and detection reads the tables so, as the user's second run would
(`beam_jobs/discover/files_decide.py`), the plan saying which column and why.

Two ways a column is named so, both data:

- a header cell that *is* a class name (`column_names.ATTRIBUTE_LABEL_NAMES`, from `label_words.ATTRIBUTE`:
  `class`, `label`, `target`, `y`, `Outcome`, `diagnosis`, `species`, `quality`, `Survived`, `income`, and the
  things kept to predict: `Churn`, `Attrition`, `RiskLevel`, ..., compared without case, `_`, `-`, `.`, spaces);
- a headerless UCI table's `.names` whose "Attribute Information" numbers the columns 1..N, one of them so named
  (iris.names `5. class:`, wdbc.names `2) Diagnosis (M = malignant, B = benign)`): the dataset's own
  documentation of which column is the class.

A name that is also a coordinate's (`y` beside `x`: a table of points) names no class.

Its cells must be classes: at least _MIN_ROWS sampled, at most FEW_CLASSES values, some repeated (a value unique
to each row is an id), none missing and none a number written with a fraction or an exponent. A class-named
column of fractions (a regression target, a score: scikit-learn's diabetes `target` 151.0, 75.0) is a
measurement: it stops as before, since whether to read it as a class or keep it as a value is the user's.
Anything else stops as before: no column so named, two (`class` beside `target`), its cells an id's, fewer than
_MIN_MEASURES columns beside it that are not keys (a submission's `PassengerId,Survived` alone: a labels file whose
inputs are elsewhere, no measurements).

Plain functions of names and sampled cells, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.converters.column_names import ATTRIBUTE_LABEL_NAMES, is_key_name, shown_column
from shardify.plan.box_format import is_number

__all__ = [
    "FEW_CLASSES",
    "arff_class",
    "class_cells",
    "decided_class",
    "documented_class",
    "documented_ids",
    "id_columns",
    "kept_measures",
    "named_classes",
    "note",
    "row_ids",
]

_MIN_ROWS = 3  # sampled cells before a column's values are judged classes
FEW_CLASSES = 20  # as `attribute_rows._FEW_CLASSES`: more values in the rows read are no classes
# A class name that is also a coordinate's where its partner is a column (a point's `x, y`): no class then.
_COORDINATE_OF = {"y": "x"}
_MIN_MEASURES = 2  # columns beside the class, not named as keys or ids: fewer is a labels file, no measurements
_MISSING = frozenset({"", "?", "NA", "N/A", "NaN", "nan", "NULL", "null", "None"})


def named_classes(columns: Sequence[str]) -> list[str]:
    """The columns whose whole name (stripped, any case) is a class name.

    >>> named_classes(["Glucose", "BMI", "Outcome"]), named_classes(["class", "target", "x"]), named_classes(["class_id"])
    (['Outcome'], ['class', 'target'], [])
    >>> named_classes(["f1", "f2", "y"]), named_classes(["x", "y", "z"])  # `y` beside `x` is a coordinate
    (['y'], [])
    >>> named_classes(["Age", "BS", "RiskLevel"]), named_classes(["tenure", "Churn"]), named_classes(["heart_disease", "stroke"])
    (['RiskLevel'], ['Churn'], [])
    """
    lowered = {_compared(c) for c in columns}
    return [c for c in columns if _compared(c) in ATTRIBUTE_LABEL_NAMES and _COORDINATE_OF.get(_compared(c), "") not in lowered]


def _compared(name: str) -> str:
    """A header as the class names are compared: lower-cased, without `_`, `-`, `.` and spaces (`RiskLevel`,
    `Risk Level` and `risk_level` one name)."""
    return re.sub(r"[\s_.\-]", "", name.lower())


def class_cells(cells: Sequence[object]) -> bool:
    """Cells that are classes: _MIN_ROWS or more, at most FEW_CLASSES values, a value repeated, none missing,
    no number written with a fraction or an exponent.

    >>> class_cells(["0", "1", "1", "0"]), class_cells(["Iris-setosa"] * 5), class_cells(["M", "B", "B"])
    (True, True, True)
    >>> class_cells(["151.0", "75.0", "141.0", "75.0"]), class_cells(["1", "2", "3"]), class_cells(["1", "", "1"])
    (False, False, False)
    """
    values = [str(cell).strip() for cell in cells]
    distinct = set(values)
    if len(values) < _MIN_ROWS or len(distinct) > FEW_CLASSES or len(distinct) == len(values):
        return False
    return not any(v in _MISSING or (is_number(v) and not re.fullmatch(r"[+-]?\d+", v)) for v in distinct)


def decided_class(tables: Mapping[str, tuple[Sequence[str], Sequence[Sequence[object]]]]) -> str:
    """The one class-named column of the tables (each path -> (its columns, its sampled rows)), where its
    cells are classes in every table holding it and no table names another; else "". A table without it
    (a competition's test.csv) is read unlabelled, as `--label-column` reads it.

    >>> rows = [("6", "148", "1"), ("1", "85", "0"), ("8", "183", "1")]
    >>> decided_class({"diabetes.csv": (("Pregnancies", "Glucose", "Outcome"), rows)})
    'Outcome'
    >>> decided_class({"a.csv": (("x", "class", "target"), rows)}), decided_class({"a.csv": (("x", "y", "z"), rows)})
    ('', '')
    >>> decided_class({"gender_submission.csv": (("PassengerId", "Glucose", "Outcome"), rows)})
    ''

    """
    named = {c for columns, _ in tables.values() for c in named_classes(columns)}
    if len(named) != 1 or any(len(named_classes(columns)) > 1 for columns, _ in tables.values()):
        return ""
    column = named.pop()
    holding = [(columns, rows) for columns, rows in tables.values() if column in columns]
    for columns, rows in holding:
        if sum(not is_key_name(c) for c in columns if c != column) < _MIN_MEASURES:
            return ""  # an id and a class (a submission's `PassengerId,Survived`, a labels file): no measurements
        i = list(columns).index(column)
        if not class_cells([row[i] for row in rows if len(row) == len(columns)]):
            return ""
    return column


# Header cells pandas writes for a DataFrame's index (`to_csv` with its index): a row number under no name.
_INDEX_NAMES = frozenset({"", "unnamed: 0"})


def id_columns(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """The columns that number or name a table's rows, not measure them: named as a key or id (`Id`, `index`,
    `row_id`, `PassengerId`: `column_names.is_key_name`) or as pandas writes its index (an empty header cell,
    `Unnamed: 0`), and whose sampled cells are whole numbers, each row's its own. Kaggle's Iris.csv `Id` runs
    1..150 over rows sorted by species: kept as a measurement it predicts the class as no measurement does. The
    name decides; the cells only keep a key-named column of repeats or words (a `Patient_ID` per visit) a feature.

    >>> id_columns(("Id", "SepalLengthCm", "Species"), [("1", "5.1", "a"), ("2", "4.9", "a"), ("3", "4.7", "b")])
    ['Id']
    >>> id_columns(("", "age", "target"), [("0", "63", "1"), ("1", "37", "1")]), id_columns(("id", "x"), [("7", "1"), ("7", "2")])
    ([''], [])
    """
    found = []
    for i, name in enumerate(columns):
        if not (is_key_name(name) or name.strip().lower() in _INDEX_NAMES):
            continue
        if row_ids([row[i] for row in rows if len(row) == len(columns)]):
            found.append(name)
    return found


def row_ids(cells: Sequence[object]) -> bool:
    """Cells that number or name rows: whole numbers, each row's its own.

    >>> row_ids(["1", "2", "3"]), row_ids(["7", "7"]), row_ids(["a1", "a2"]), row_ids([])
    (True, False, False, False)
    """
    values = [str(cell).strip() for cell in cells]
    return bool(values) and all(re.fullmatch(r"\d+", v) for v in values) and len(set(values)) == len(values)


def kept_measures(
    tables: Mapping[str, tuple[Sequence[str], Sequence[Sequence[object]]]], column: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(`--keep-columns` for tables of measurements labelled by `column`, the id columns that leaves out): every
    column but the class and the ids (`id_columns`) where each table holds the same others; `("*",)` where no table
    has an id column, or the tables' other columns differ (no one list fits them all).

    >>> rows = [("1", "5.1", "a"), ("2", "4.9", "a"), ("3", "4.7", "b")]
    >>> kept_measures({"Iris.csv": (("Id", "SepalLengthCm", "Species"), rows)}, "Species")
    (('SepalLengthCm',), ('Id',))
    >>> kept_measures({"heart.csv": (("age", "chol", "target"), rows)}, "target")
    (('*',), ())
    """
    others = {tuple(c for c in columns if c != column) for columns, _ in tables.values()}
    ids = sorted({name for columns, rows in tables.values() for name in id_columns(columns, rows) if name != column})
    if not ids or len(others) != 1:
        return ("*",), ()
    kept = tuple(c for c in next(iter(others)) if c not in ids)
    return (kept, tuple(ids)) if kept else (("*",), ())


_ARFF_ATTRIBUTE = re.compile(r"@attribute\s+('[^']*'|\"[^\"]*\"|\S+)\s+(.*)", re.IGNORECASE)


def arff_class(header_lines: Sequence[str]) -> str:
    """The attribute an ARFF header declares as the class, or "": exactly one attribute named as a class is named
    (`named_classes`), and it nominal, its values listed in braces (Weka's `@attribute Class {SEKER,BARBUNYA,...}`:
    the file itself says the column holds one of a closed set). A numeric `class` (a regression target) or two
    class names (Mulan's multi-label `Class1` ... `Class14` are none) decide nothing.

    >>> arff_class(["@relation beans", "@attribute Area numeric", "@attribute Class {SEKER,BARBUNYA}", "@data"])
    'Class'
    >>> arff_class(["@attribute x numeric", "@attribute class numeric"]), arff_class(["@attribute Class1 {0,1}"])
    ('', '')
    """
    declared = [m.groups() for line in header_lines if (m := _ARFF_ATTRIBUTE.match(line.strip()))]
    names = [name.strip("'\"") for name, _ in declared]
    named = named_classes(names)
    if len(named) != 1:
        return ""
    kind = declared[names.index(named[0])][1].strip()
    return named[0] if kind.startswith("{") and kind.endswith("}") else ""


_ITEM = re.compile(r"\s*(\d+)(?:\s*-\s*(\d+))?\s*[.)]\s*(.*)")


def documented_class(names_lines: Sequence[str], width: int) -> str:
    """The column (its number from 1, as text) a UCI `.names` documents as the class of a table `width`
    cells wide, or "": under its "Attribute Information" heading, items numbered 1, 2, ... (a range `3-32)`
    counts as many) running to `width`, exactly one of them named as a class is (`named_classes`: the words
    before a `:`, `(`, tab or ` - `).

    >>> iris = ["7. Attribute Information:", "   1. sepal length in cm", "   2. sepal width in cm",
    ...         "   3. petal length in cm", "   4. petal width in cm", "   5. class:", "      -- Iris Setosa",
    ...         "8. Missing Attribute Values: None"]
    >>> documented_class(iris, 5), documented_class(iris, 6)
    ('5', '')
    >>> documented_class(["7. Attribute information", "", "1) ID number", "2) Diagnosis (M = malignant, B = benign)",
    ...                   "3-32)", "", "8. Missing attribute values: none"], 32)
    '2'
    """
    items = _documented_items(names_lines, width)
    found = [number for number, name, _ in items if named_classes([name])]
    return found[0] if len(found) == 1 else ""


def documented_ids(names_lines: Sequence[str], width: int) -> list[str]:
    """The columns (numbers from 1, as text) a UCI `.names` documents as ids for a table `width` cells wide: items
    whose text says `id` (wdbc.names `1) ID number`, glass.names `1. Id number: 1 to 214`, breast-cancer-wisconsin's
    `1. Sample code number: id number`). Read as `id_columns` reads a header's names.

    >>> documented_ids(["7. Attribute information", "1) ID number", "2) Diagnosis (M = malignant, B = benign)", "3-32)"], 32)
    ['1']
    >>> documented_ids(["7. Attribute Information:", "1. Sample code number: id number", "2. Clump Thickness"], 2)
    ['1']
    """
    return [number for number, _, text in _documented_items(names_lines, width) if re.search(r"\bid\b", text, re.IGNORECASE)]


def _documented_items(names_lines: Sequence[str], width: int) -> list[tuple[str, str, str]]:
    """(number, name, whole text) of each single column a `.names`' "Attribute Information" numbers, where its
    items (a range `3-32)` counting as many) run 1..`width`; else []. The name is the words before a `:`, `(`, tab
    or ` - `."""
    start = next((i for i, line in enumerate(names_lines) if "attribute information" in line.lower()), -1)
    if start < 0:
        return []
    last, found = 0, []
    for line in names_lines[start + 1 :]:
        item = _ITEM.fullmatch(line.rstrip())
        if not item:
            continue
        first, end = int(item.group(1)), int(item.group(2) or item.group(1))
        if first != last + 1 or end < first:
            break  # the next section (`8. Missing Attribute Values`), or no list of the columns
        if first == end:
            text = item.group(3)
            found.append((str(first), re.split(r":|\(|\t| - ", text, maxsplit=1)[0].strip(), text))
        last = end
    return found if last == width else []


def note(
    column: str, kept: int, files: str, unlabelled: Sequence[str] = (), documented_by: str = "", ids: Sequence[str] = ()
) -> str:
    """The plan's line for tables read so: which column, and what decided it.

    >>> note("Outcome", 8, "diabetes.csv")
    "a table of measurements: each row a record of its 8 columns, labelled by 'Outcome' (diabetes.csv: the one column named as a class, its cells classes; --label-column names another)"
    >>> note("5", 4, "iris.data", documented_by="iris.names").split(" labelled ")[1]
    'by column 5 (iris.names documents it as the class, its cells classes; --label-column names another)'
    """
    without = f"; {', '.join(unlabelled)} without it: read unlabelled" if unlabelled else ""
    if ids:  # (a row's number or id, left out: it names the row, it measures nothing)
        without += (
            f"; {', '.join(map(shown_column, ids))} left out, a row's id (--text-column none --keep-columns '*' "
            f"--label-column {column}{' --layout tables' if documented_by else ''} keeps {'it' if len(ids) == 1 else 'them'})"
        )
    why = f"{documented_by} documents it as the class" if documented_by else f"{files}: the one column named as a class"
    return (
        f"a table of measurements: each row a record of its {kept} columns, labelled by {shown_column(column)} "
        f"({why}, its cells classes{without}; --label-column names another)"
    )
