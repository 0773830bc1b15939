"""Whether a CSV or TSV's first row is a header: the row itself decides when the user did not
(`--header` / `--no-header`).

A header names columns: distinct, non-empty, short cells, none a number nor a list of numbers (a
row of `"3","title","text"` is data, and so is `text<TAB>0,15<TAB>ed7bx7k`). A row read as a
header is named in the plan (`TableHeader.describe`), so a data row taken for one is seen. A first row that would be a header but for a repeated name
(`text,label,text`) is neither: read as data it turned a labelled table into unlabelled joined
texts, so the table is refused (see `tables.read_header`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.converters import column_content, column_names, vote_labels
from shardify.converters.column_content import is_number

__all__ = ["looks_like_header", "names_around_a_gap", "named_over_numbers", "usual_names_around_a_gap", "named_width", "index_header", "question_over_short_values", "values_of_the_first_row", "is_number_list", "header_but_repeated", "repeats_its_values", "repeated", "header_names", "is_row_index", "looks_like_tab_table", "looks_like_tab_rows"]

# A header cell is a column's name: short, and not a number (a row of `"3","title","text"` is data).
_MAX_HEADER_CELL_CHARS = 64


def _named(cells: Sequence[str]) -> list[str]:
    """The cells stripped, without the empty ones a trailing separator leaves at the end (NIH
    ChestX-ray14's `Data_Entry_2017.csv` header ends `OriginalImagePixelSpacing[x,y],`, and so do
    its rows: spreadsheet exports write them) and without an empty first cell (the index column
    pandas' `to_csv` writes by default: `,count,hate_speech,...,class,tweet`)."""
    names = [cell.strip() for cell in cells]
    while len(names) > 1 and not names[-1]:
        names.pop()
    return names[1:] if len(names) > 2 and not names[0] else names


def header_names(cells: Sequence[str]) -> tuple[str, ...]:
    """A header row's column names: the cells stripped, an empty first or last cell named as
    pandas names it (`Unnamed: 0`, `Unnamed: 11`, counted from 0), so every cell of the rows has
    a column.

    >>> header_names(["Image Index", "Finding Labels", ""])
    ('Image Index', 'Finding Labels', 'Unnamed: 2')
    >>> header_names(["", "count", "class", "tweet"])
    ('Unnamed: 0', 'count', 'class', 'tweet')
    >>> header_names(["id", "", "label"])  # a gap between names (`names_around_a_gap`), as pandas names it
    ('id', 'Unnamed: 1', 'label')
    """
    names = [cell.strip() for cell in cells]
    return tuple(name or f"Unnamed: {i}" for i, name in enumerate(names))


def named_width(cells: Sequence[str]) -> int:
    """The header's columns less the empty cells at its end: the width of its rows where they do
    not end in the separator the header ends in (`text,label,` over `a text,pos`: a spreadsheet's
    export). Read at the header's width, every row was a reject ("2 fields where the header has 3").

    >>> named_width(["text", "label", ""]), named_width(["", "text", ""]), named_width(["a", "b"])
    (2, 2, 2)
    """
    width = len(cells)
    while width > 1 and not cells[width - 1].strip():
        width -= 1
    return width


def looks_like_header(cells: Sequence[str]) -> bool:
    """A first row that names columns: distinct, non-empty, short cells, none a number (empty
    cells at its end aside)."""
    names = _named(cells)
    return (
        all(names)
        and len(set(names)) == len(names)
        and all(len(name) <= _MAX_HEADER_CELL_CHARS for name in names)
        and not any(is_number(name) or is_number_list(name) or vote_labels.is_vote_count(name) for name in names)
    )


def names_around_a_gap(cells: Sequence[str]) -> bool:
    """A first row that would be a header but for an empty cell between its names (`id<TAB><TAB>label`):
    `looks_like_header` refuses it (a header names every column), and read as data its names became a
    record. Whether it is a header, its columns' values decide (`named_over_numbers`).

    >>> names_around_a_gap(["id", "", "label"]), names_around_a_gap(["id", "text", "label"])
    (True, False)
    >>> names_around_a_gap(["gj04", "1", "", "Our friends won't buy this analysis."])  # CoLA's data row
    False
    """
    names = _named(cells)
    filled = [name for name in names if name]
    return len(filled) >= 2 and len(filled) < len(names) and looks_like_header(filled)


def named_over_numbers(cells: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A first row whose name sits over a column of numbers on every row below (`id` over 1, 2, 3):
    a name, not a value of its column; the sign that a row with a gap (`names_around_a_gap`) is the
    header. Without it the row cannot be told from data whose cell is missing.

    >>> named_over_numbers(["id", "", "label"], [("1", "a text", "pos"), ("2", "another", "neg")])
    True
    >>> named_over_numbers(["cat.jpg", "", "cat"], [("dog.jpg", "a text", "dog")])
    False
    """
    return bool(rows) and any(
        first.strip() and not is_number(first.strip())
        and all(len(row) > column and is_number(row[column].strip()) for row in rows)
        for column, first in enumerate(cells)
    )


def usual_names_around_a_gap(cells: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A first row with a gap (`names_around_a_gap`) whose every name is one a table's columns are
    usually named by (`column_names`' tables: `text`, `review`, `label`, `sentiment`, `id`, ...;
    a key's name, `image_id`) and none of them a value of its column below: a header with a spacer
    column (a spreadsheet's export: `review,,sentiment`), where no column of numbers shows it
    (`named_over_numbers`). Read as a row of data its names were a record's text and label; refused,
    the table was a reject (exit 1). A first row of other words stays undecided.

    >>> usual_names_around_a_gap(["text", "", "label"], [("a fine day", "", "pos"), ("rain", "", "neg")])
    True
    >>> usual_names_around_a_gap(["cat.jpg", "", "cat"], [("dog.jpg", "", "dog")])
    False
    >>> usual_names_around_a_gap(["text", "", "label"], [("a fine day", "", "label")])  # a value below: data
    False
    """
    names = [cell.strip() for cell in cells]
    filled = [(column, name) for column, name in enumerate(names) if name]
    if not names_around_a_gap(cells) or not all(_usual_name(name) for _, name in filled):
        return False
    return not any(len(row) > column and row[column].strip().lower() == name.lower() for row in rows for column, name in filled)


def _usual_name(name: str) -> bool:
    low = name.lower()
    return low in _USUAL_NAMES or column_names.is_key_name(name)


_USUAL_NAMES = frozenset({
    *column_names.TEXT_COLUMN_NAMES, *column_names.LABEL_COLUMN_NAMES, *column_names.KEY_COLUMN_NAMES,
    *column_names.CAPTION_COLUMN_NAMES, *column_names.RATING_COLUMN_NAMES,
    *(name for pair in column_names.PAIR_COLUMN_NAMES for name in pair),
})


def values_of_the_first_row(cells: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A first row that looks like names but whose cells come again below as values of their
    columns (a headerless `sentence<TAB>joy` table, `joy` again three rows down): data, since a
    column's name is not one of its values. Read as a header it lost its row and left the label
    column unnamed (every record unlabelled, exit 0). The header itself pasted again below (two
    exports joined) is no value. A first cell opening as every cell below it does (a template's fill,
    `column_content.same_opening`), or a sentence (`_sentence`: a headerless TSV of sentence pairs, its
    first pair once read as the header and lost), is data too.

    >>> values_of_the_first_row(["a fine day", "joy"], [("rain again", "sad"), ("sun", "joy")])
    True
    >>> values_of_the_first_row(["text", "label"], [("rain again", "sad"), ("text", "label")])
    False
    """
    firsts = [cell.strip() for cell in cells]
    if any(_sentence(first) and not question_over_short_values(first, [row[column] for row in rows if len(row) > column])
           for column, first in enumerate(firsts)):  # a column's name is no sentence (Multi30k's sides pasted as a TSV)
        return True
    others = [row for row in rows if [cell.strip() for cell in row] != firsts]  # a header pasted again is no value
    if any(  # ... nor opens as every value below does (an attribution's template: `Source: ... #1`)
        column_content.same_opening([first, *(row[column] for row in others if len(row) > column)])
        for column, first in enumerate(firsts)
    ):
        return True
    return any(
        first and any(len(row) > column and row[column].strip() == first for row in others)
        for column, first in enumerate(firsts)
    )


# A sentence, not a column's name: this many words or more ending in a sentence's punctuation, or
# _MIN_SENTENCE_WORDS_BARE without it. Headers name columns in a word or a few (`Review Text`,
# `Positive Feedback Count`).
_MIN_SENTENCE_WORDS = 3
_MIN_SENTENCE_WORDS_BARE = 8
_SENTENCE_ENDS = (".", "!", "?", "\u3002", "\uff01", "\uff1f")


def _sentence(cell: str) -> bool:
    """A first row's cell that reads as a sentence.

    >>> [_sentence(c) for c in ("Two young men are outside near many bushes.", "Review Text", "label", "Did it rain?")]
    [True, False, False, True]
    """
    words = len(cell.split())
    return words >= _MIN_SENTENCE_WORDS_BARE or (words >= _MIN_SENTENCE_WORDS and cell.endswith(_SENTENCE_ENDS))


def question_over_short_values(first: str, values: Sequence[str]) -> bool:
    """A first row's sentence-like cell over a column whose values are no sentences and all shorter
    than it: a column's name asked as a question (CFPB's complaints.csv `Consumer consent provided?`
    over `Consent provided`, `Timely response?` over `Yes`), not a row of text. A sentence over
    sentences (Multi30k's pairs) or over as long values (a tweet) stays data.

    >>> question_over_short_values("Consumer consent provided?", ["Consent provided", "N/A", "Other"])
    True
    >>> question_over_short_values("Two young men are outside.", ["A dog runs in the park.", "Kids play"])
    False
    """
    words = len(first.split())
    cells = [value.strip() for value in values if value.strip()]
    return bool(cells) and not any(_sentence(cell) or len(cell.split()) >= words for cell in cells)


def is_row_index(name: str, cells: Sequence[object]) -> bool:
    """A column without a header cell (`header_names` names it `Unnamed: N`) whose sampled cells are whole numbers,
    each once: pandas' index written by `to_csv` (Kaggle's phishing e-mails' `,Email Text,Email Type`), numbering
    the rows (shuffled or not), no feature and no label.

    >>> is_row_index("Unnamed: 0", ["3", "0", "7"]), is_row_index("Unnamed: 0", ["0", "0", "1"])
    (True, False)
    >>> is_row_index("Unnamed: 0", []), is_row_index("idx", ["0", "1"]), is_row_index("Unnamed: 2", ["", ""])
    (False, False, False)
    """
    values = [str(cell if cell is not None else "").strip() for cell in cells]
    return (bool(re.fullmatch(r"Unnamed: \d+", name)) and bool(values) and all(v.isdigit() for v in values)
            and len(set(values)) == len(values))


def index_header(cells: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A first row of names whose first cell is empty over a first column counting 0, 1, 2, ...:
    the header pandas' `to_csv` writes with its index (Memotion's labels.csv
    `,image_name,text_ocr,...,motivational,overall_sentiment`). A header, even where a name comes
    again as a value of its column (`motivational` among `not_motivational`), which
    `values_of_the_first_row` would take for data: a data row would have its own index there.
    Kept apart from the other header rules so that it stays one reading.

    >>> index_header(["", "image_name", "label"], [("0", "a.jpg", "x"), ("1", "b.jpg", "label")])
    True
    >>> index_header(["", "image_name", "label"], [("3", "a.jpg", "x"), ("7", "b.jpg", "y")])
    False
    >>> index_header(["", "text", "", "label"], [("0", "a", "x", "pos"), ("1", "b", "y", "neg")])
    True
    """
    names = [cell.strip() for cell in cells]
    if len(names) < 3 or names[0] or not (looks_like_header(cells) or names_around_a_gap(cells)):
        return False  # (a gap between the names, `,text,,label`: pandas' index over a column named "")
    firsts = [row[0].strip() for row in rows if row]
    return len(firsts) >= 2 and firsts == [str(i) for i in range(len(firsts))]


def is_number_list(cell: str) -> bool:
    """Whole numbers joined by commas (GoEmotions' `0,15`, a row's class ids): data, never a
    column's name (a headerless table's first row of such cells was once read as its header).

    >>> is_number_list("0,15"), is_number_list("2"), is_number_list("x,y")
    (True, False, False)
    """
    parts = cell.split(",")
    return len(parts) > 1 and all(part.strip().isascii() and part.strip().isdigit() for part in parts)


def header_but_repeated(cells: Sequence[str]) -> bool:
    """A first row that would be a header but for a repeated name (`text,label,text`): read as data
    it turned a labelled table into unlabelled joined texts. Empty cells at its end repeat nothing
    (Kaggle's SMS spam `v1,v2,,,`: `Unnamed: 2` ... `Unnamed: 4`).

    >>> header_but_repeated(["text", "label", "text"]), header_but_repeated(["v1", "v2", "", "", ""])
    (True, False)
    """
    names = list(header_names(cells))  # empty cells at the ends are named, as pandas names them (`v1,v2,,,`)
    return len(set(names)) < len(names) and looks_like_header(list(dict.fromkeys(names)))


def repeats_its_values(cells: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """A first row whose repeated cells (`header_but_repeated`) are each a value of their own columns
    in the rows below: data, not a header. GermEval 2018's headerless `tweet<TAB>OTHER<TAB>OTHER`
    (a coarse and a fine label that share the word OTHER) had every row rejected as a header's
    repeated names (exit 1, blind35); a column's name is not one of its values, as
    `label_columns.refuse_unnamed_labels` also reads it.

    >>> rows = [("@a b c", "OFFENSE", "INSULT"), ("@d e f", "OTHER", "OTHER")]
    >>> repeats_its_values(["@x y z", "OTHER", "OTHER"], rows), repeats_its_values(["text", "label", "label"], rows)
    (True, False)
    """
    names = [cell.strip() for cell in cells]
    twice = {n for n in names if n and names.count(n) > 1}
    if not twice or not rows:
        return False
    return all(
        any(len(row) > i and str(row[i]).strip() == name for row in rows)
        for i, name in enumerate(names) if name in twice
    )


def repeated(cells: Sequence[str]) -> str:
    """The names a first row repeats, quoted, for the message that refuses its table."""
    names = [cell.strip() for cell in cells]
    return ", ".join(repr(name) for name in dict.fromkeys(n for n in names if names.count(n) > 1))


# A tab-separated table in a .txt shows at least this many columns on every line looked at (two
# columns are `label<TAB>text` lines: see `line_tables`), of its first _TAB_TABLE_LINES.
_MIN_TAB_TABLE_COLUMNS = 3
_TAB_TABLE_LINES = 20


def looks_like_tab_table(lines: Sequence[str]) -> bool:
    """Lines of a tab-separated table with a header, in a file named .txt (SICK's `SICK.txt`:
    `pair_ID<TAB>sentence_A<TAB>sentence_B<TAB>...`): a header row of names, and every line
    looked at (the first 20) holding as many tabs, three columns or more.

    >>> looks_like_tab_table(["pair_ID\\tsentence_A\\tsentence_B", "1\\tA dog runs\\tA cat sleeps", "2\\tKids play\\tA man cooks"])
    True
    >>> looks_like_tab_table(["Once upon a time\\tthere was", "a story\\twith tabs"])
    False
    """
    rows = [line.rstrip("\r\n").split("\t") for line in lines[:_TAB_TABLE_LINES] if line.strip()]
    if len(rows) < 2 or len(rows[0]) < _MIN_TAB_TABLE_COLUMNS:
        return False
    return all(len(row) == len(rows[0]) for row in rows) and looks_like_header(rows[0])


# Headerless, at least this many lines looked at (fewer tell nothing of a file's shape).
_MIN_TAB_ROWS = 4


def looks_like_tab_rows(lines: Sequence[str], *, whole: bool = False) -> bool:
    """Lines of a tab-separated table in a .txt, with or without a header (the Tatoeba/Anki sentence pairs'
    `fra.txt`: `Go.<TAB>Va !<TAB>CC-BY 2.0 (France) Attribution: ...`): every line looked at (the
    first 20, at least _MIN_TAB_ROWS) holding as many tabs, three columns or more, none empty,
    two or more of them holding letters on every line (whether the first is a header, the table's
    reading decides, as a TSV's). `whole`: the lines are the file's all, in a file already read as
    a table (WASSA-2017's short dev files beside long ones): one line is enough. Read otherwise, the file was one text or
    refused; read as a table its columns are judged as a TSV's (a text and its pair, or a stop
    naming `--text-column`).

    >>> looks_like_tab_rows([f"{en}\\t{fr}\\tCC-BY 2.0 (France) Attribution: tatoeba.org #{i}" for i, (en, fr) in
    ...                      enumerate([("Go.", "Va !"), ("Hi.", "Salut !"), ("Run!", "Cours !"), ("Who?", "Qui ?")])])
    True
    >>> looks_like_tab_rows(["line 1\\tindented", "line 2\\tindented", "line 3\\tindented", "line 4\\tindented"])
    False
    """
    rows = [line.rstrip("\r\n").split("\t") for line in lines[:_TAB_TABLE_LINES] if line.strip()]
    if len(rows) < (1 if whole else _MIN_TAB_ROWS) or len(rows[0]) < _MIN_TAB_TABLE_COLUMNS:
        return False
    if any(len(row) != len(rows[0]) or not all(cell.strip() for cell in row) for row in rows):
        return False
    lettered = [i for i in range(len(rows[0])) if all(any(ch.isalpha() for ch in row[i]) for row in rows)]
    return len(lettered) >= 2
