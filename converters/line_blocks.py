"""Records written as blocks of lines, one block a record, blank lines between (issue 30).

SemEval-2010 Task 8's TRAIN_FILE.TXT and TEST_FILE_FULL.TXT hold four lines a sentence:
`8001<TAB>"The <e1>...</e1> of the <e2>...</e2>."`, the relation (`Cause-Effect(e1,e2)`, `Other`),
`Comment: ...`, a blank line; KBP37's train.txt, dev.txt, test.txt the same but the comment (three
lines: `0<TAB>"<e1> ... </e2> ."`, `per:title(e1,e2)`, blank). Read a line at a time the files were
no table, and the run stopped as if SRC held no texts.

A file is read as blocks only where its every block looked at has one shape (`BLOCK_SHAPE`): the
first line a number, a tab and the text (in quotes or not); the second one token, the label; any
more `Name: value` lines (comments, not read). CoNLL's blank-separated sentences (a token and its
tags a line, as many lines as tokens) have no such shape and stay token tables. A file whose first
blocks are not all of it is no table of blocks; one whose later block breaks the shape has that
block rejected with why, as a malformed row is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["COLUMNS", "block_cells", "looks_like_blocks", "split_blocks"]

COLUMNS = ("text", "label")

# The shape of a block, as data: its first line `<id><TAB><text>`, its second the label (one token,
# no spaces), every further line a `Name: value` note.
_FIRST = re.compile(r"^\d+\t(?P<text>.*\S.*)$")
_LABEL = re.compile(r"^\S+$")
_NOTE = re.compile(r"^[A-Z][A-Za-z ]{0,30}:")
# At least this many blocks, of at most this many lines, show a file's shape.
_MIN_BLOCKS = 2
_MAX_LINES = 6


def split_blocks(lines: Sequence[str]) -> list[list[str]]:
    """The lines (line ends dropped, CRLF too) grouped into blocks at blank lines."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        line = line.rstrip("\r\n")
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def block_cells(block: Sequence[str]) -> dict[str, str] | str:
    """A block's text (its quotes taken off) and label, or why it is not of the shape.

    >>> block_cells(['1\\t"The <e1>cup</e1> held <e2>tea</e2>."', "Content-Container(e2,e1)", "Comment:"])
    {'text': 'The <e1>cup</e1> held <e2>tea</e2>.', 'label': 'Content-Container(e2,e1)'}
    >>> block_cells(["EU B-ORG", "rejects O", "German B-MISC"])
    "not a block of records: its first line is not '<number><TAB><text>'"
    """
    first = _FIRST.match(block[0]) if block else None
    if not first:
        return "not a block of records: its first line is not '<number><TAB><text>'"
    if len(block) < 2 or not _LABEL.match(block[1].strip()):
        return "not a block of records: its second line is not one label"
    if any(not _NOTE.match(line) for line in block[2:]):
        return "not a block of records: a line after the label is not a 'Name: value' note"
    text = first.group("text").strip()
    if len(text) > 1 and text[0] == text[-1] == '"':
        text = text[1:-1]
    return {"text": text, "label": block[1].strip()}


def looks_like_blocks(lines: Sequence[str], *, whole: bool) -> bool:
    """The head of a file (`whole`: all of it) is blocks of one shape, two or more, each a record:
    every block but a cut-off last one of the same number of lines and the `block_cells` shape.

    >>> looks_like_blocks(['1\\t"A b c."', "R(e1,e2)", "Comment:", "", '2\\t"D e f."', "Other", "Comment:", ""], whole=True)
    True
    >>> looks_like_blocks(["EU\\tB-ORG", "rejects\\tO", "", "Peter\\tB-PER", "Blackburn\\tI-PER", ""], whole=True)
    False
    """
    blocks = split_blocks(lines)
    if not whole and blocks:
        blocks = blocks[:-1]  # (the head may end inside a block)
    if len(blocks) < _MIN_BLOCKS or any(len(b) != len(blocks[0]) or len(b) > _MAX_LINES for b in blocks):
        return False
    return all(isinstance(block_cells(b), dict) for b in blocks)
