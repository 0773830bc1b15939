"""A `.csv` table's separator, told by its lines where they are plainly not comma-separated.

Public downloads name tab- and semicolon-separated tables `.csv`: the STS Benchmark's
`sts-train.csv` (tabs, no header, quotes standing in the text as written), HWU64's
`NLU-Data-Home-Domain-Annotated-All.csv` (semicolons under a header), spreadsheets saved in
locales whose decimal mark is a comma. Read with commas each line was one column, the whole line a
record's text, with exit 0. So the first lines decide: tabs, or semicolons, where every row
splits into three fields or more on them, the most common number of fields is the fewest and half
the rows or more have it (the STS Benchmark's later rows add two source columns), and it is more
than commas split every row evenly into (a tab-separated sentence pair with a comma in each
sentence stays tab-separated). Semicolons only where commas do not split every line, header
included, evenly into two fields or more: a comma table whose cells hold semicolons (`text,a;b;c`
read with `--label-separator ';'`, code snippets) splits evenly on commas and stays a comma table,
where a semicolon table's header or its texts' commas break the evenness. Anything else stays
comma-separated and is judged as before (a column of text with commas in it is still one column).
A last line with no line end is left out of the judging where others remain: a download cut
mid-record (inside a quoted text) split into fewer fields, and its whole table was read with commas.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Sequence

__all__ = ["COMMA", "SEMICOLON", "TAB", "csv_separator", "head_rows"]

COMMA, TAB, SEMICOLON = ",", "\t", ";"
# Lines looked at: as many as a header read samples, enough to see a shape, few enough to stay cheap.
_LINES = 20
# Fewer lines tell nothing of a shape (a header and one row could be anything).
_MIN_LINES = 3
# Fewer fields is a text with the character in it, not a table's columns.
_MIN_FIELDS = 3
# Lines before one of them may lack the `label<TAB>text` shape (`_two_tab_columns`): fewer tell
# a table with one damaged line from prose with tabs in some lines.
_MIN_LINES_FOR_ONE_ODD = 8
# The share of rows that must split into the most common number of fields (the others into more).
_MOST_ROWS_SHARE = 0.5


def _field_counts(lines: Sequence[str], separator: str) -> list[int]:
    quoting = csv.QUOTE_NONE if separator == TAB else csv.QUOTE_MINIMAL  # TSVs have no quoting
    try:
        return [len(row) for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=separator, quoting=quoting)]
    except csv.Error:
        return []


def _splits_evenly(counts: list[int], minimum: int) -> bool:
    if len(counts) < _MIN_LINES or min(counts) < minimum:
        return False
    common, times = Counter(counts).most_common(1)[0]
    return common == min(counts) and times >= _MOST_ROWS_SHARE * len(counts)


def csv_separator(head: str, complete: bool) -> str:
    """The separator of a `.csv` whose first characters are `head` (`complete`: the whole file, so
    its last line is whole too).

    >>> csv_separator("a,b\\n1,2\\n3,4\\n", True)
    ','
    >>> csv_separator("main-news\\theadlines\\t2016\\t0001\\t4.0\\tA, b.\\tC d.\\n" * 3, True)
    '\\t'
    >>> csv_separator("userid;scenario;intent;answer\\n1;alarm;set;wake me up\\n2;iot;hue;lights off, please\\n", True)
    ';'
    >>> csv_separator("a text, with a comma\\nanother; with a semicolon\\nand a third\\n", True)
    ','
    >>> csv_separator("rather rude,toxic;insult;obscene\\nfine,none;none;none\\nmean,toxic;a;b\\n", True)
    ','
    >>> csv_separator('id;text;label\\n1;a, b;x\\n2;c, d;y\\n3;e, f;x\\n4;"cut mid', True)  # a download cut mid-record
    ';'
    >>> csv_separator("positive\\tgreat film, loved it\\nnegative\\tdull\\npositive\\tfine\\n", True)  # label<TAB>text
    '\\t'
    >>> csv_separator("a\\tb\\nc\\td\\ne f g\\n", True)  # a tab in one line of prose
    ','
    >>> csv_separator("joy\\tgood day\\n" * 5 + "sad one tab lost\\n" + "anger\\tbad day\\n" * 5, True)  # one damaged line
    '\\t'
    >>> csv_separator("joy\\tgood day\\nanger,bad day\\n" * 5, True)  # half re-saved with commas: their rows rejects
    '\\t'
    >>> csv_separator("joy\\tgood day\\nanger,bad day\\nsad,dull\\n" * 3, True)  # most lines commas: no tab table
    ','
    """
    lines = [line for line in head.splitlines() if line.strip()]
    if lines and (not complete or (len(lines) > _MIN_LINES and not head.endswith(("\n", "\r")))):
        lines = lines[:-1]  # the last line read may be cut short, as a download cut mid-record ends
    lines = lines[:_LINES]
    if len(lines) < _MIN_LINES:
        return COMMA
    commas = _field_counts(lines, COMMA)
    comma_fields = commas[0] if commas and min(commas) >= 2 and len(set(commas)) == 1 else 0
    best, best_fields = COMMA, comma_fields
    # A semicolon is a text's character as often as a separator (`toxic;insult` in a comma table's
    # label cell, code, prose): it is read as one only where commas do not split every line evenly.
    for separator in (TAB, SEMICOLON) if not comma_fields else (TAB,):
        counts = _field_counts(lines, separator)
        if _splits_evenly(counts, _MIN_FIELDS) and min(counts) > best_fields:
            best, best_fields = separator, min(counts)
    if best == COMMA and not comma_fields and _two_tab_columns(lines):
        best = TAB
    if best == COMMA and not comma_fields and _two_semicolon_columns(lines):
        best = SEMICOLON
    return best


# A header's name: a short run of letters, digits and `_ - .` (`filename`, `label`, `image_id`).
_NAME = re.compile(r"[A-Za-z][\w.\- ]{0,31}")


def _two_semicolon_columns(lines: Sequence[str]) -> bool:
    """Every line holds exactly one `;`, words on both sides, and either no line holds a comma or
    the first is a header of two names: a `filename;label` table saved in a locale whose list
    separator is the semicolon (Excel's, where the decimal mark is a comma), under a `.csv` suffix.
    Read with commas, each row was one cell `img_001.jpg;cat`, and the stop offered
    `--label-separator ';'`, which then failed (exit 1). Prose holds a semicolon now and then, not
    one in every line; a comma table's cells may hold one (`a;b` labels) only where commas split
    every line evenly, which is judged first.

    >>> _two_semicolon_columns(["filename;label", "a.jpg;cat", "b.jpg;dog"])
    True
    >>> _two_semicolon_columns(["text;label", "a film, long and dull;neg", "fine;pos"])
    True
    >>> _two_semicolon_columns(["it rained; we stayed in, reading", "no semicolon here, none", "one; two"])
    False
    """
    if len(lines) < _MIN_LINES or not all(line.count(SEMICOLON) == 1 and all(s.strip() for s in line.split(SEMICOLON))
                                          for line in lines):
        return False
    header = [side.strip().strip('"') for side in lines[0].split(SEMICOLON)]
    return not any("," in line for line in lines) or all(_NAME.fullmatch(name) for name in header)


def _two_tab_columns(lines: Sequence[str]) -> bool:
    """Every line holds exactly one tab, with words on both sides: a `label<TAB>text` table under a
    `.csv` suffix. (Two fields are too few for `;` or `,`, which prose holds; a tab in every line
    and nowhere twice is a column break. Read with commas, every row had been taken for a
    tab-quoted dialect and the run stopped naming a quoting it does not have.)"""
    if len(lines) < _MIN_LINES:
        return False
    odd = sum(not (line.count(TAB) == 1 and all(side.strip() for side in line.split(TAB))) for line in lines)
    # One odd line among many (a tab lost, a quoted tab) is the table's damage, its row rejected
    # when read: read with commas, every label had been left in its line's text, with exit 0. So
    # are odd lines up to half of many, none holding a tab (a table half re-saved with commas:
    # `joy<TAB>text` and `anger,text` by turns): each is its row's reject, never a text keeping its label.
    if odd == 0 or (len(lines) >= _MIN_LINES_FOR_ONE_ODD and odd == 1):
        return True
    tabless = all(TAB not in line for line in lines if line.count(TAB) != 1)
    return len(lines) >= _MIN_LINES_FOR_ONE_ODD and tabless and odd * 2 <= len(lines)


def head_rows(lines: Sequence[str], path: str = "") -> list[list[str]]:
    """A table's first lines (maybe ending mid-line) as rows of cells, split as the reader splits
    them: a `.tsv` on tabs, else on the separator `csv_separator` judges, else on tabs where the
    first line holds one (Leafsnap's .txt). Detection's looks at a table's head (`--key-column`'s
    columns, path columns) split on a tab or a comma alone, and a `filename;mask` table as
    spreadsheets save it in many locales was one column there, its paths unseen.

    >>> head_rows(["image;mask", "a.jpg;a.png", "b.jpg;b.png", "c.jpg;c.png", "d.jpg;d.png"])[1]
    ['a.jpg', 'a.png']
    >>> head_rows(["image,label", "a.jpg,cat"])[1], head_rows(["label, image", "cat, a.jpg"])[0]
    (['a.jpg', 'cat'], ['label', 'image'])

    Cells are stripped, as the reader strips a header's names and a key's cells: `label, filename`
    kept ` filename`, and `--key-column filename` was taken for no column of it.
    """
    lines = [line for line in lines if line.strip()]
    if not lines:
        return []
    if path.lower().endswith(".tsv"):
        separator = TAB
    else:
        separator = csv_separator("\n".join(lines) + "\n", False)
        separator = TAB if separator == COMMA and "\t" in lines[0] else separator
    return [[cell.strip() for cell in row] for row in csv.reader(lines, delimiter=separator)]
