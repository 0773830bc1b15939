"""A table under an extension no table format owns, told by its content: tab-separated rows.

Public datasets ship headerless TSVs under many names: SemEval-2015 PIT's `train.data`, the MSR
paraphrase corpus's `msr_paraphrase_train.txt`, `*.tsv.txt`, `.dat` files, and files whose extension is
the split itself (`wiki.train`, `sentences.dev`). Refusing them for their extension ("not a table")
made a whole dataset exit 1. The content decides instead, within a bounded head (`HEAD_BYTES`): a head
that decodes as text, holds no NUL byte, and whose every line (at least `_MIN_ROWS` of them, or all the
file's, no blank line among them: CoNLL's token blocks are no rows) splits on tabs into the same number of cells, two or more, with letters in at least one column
of every line, is a TSV; anything else (binary, free text, a ragged head, a single column) stays "not a
table" with the reason it had. Which columns are the text and the label is then the TSV's reading's
(`columns`, `label_cells`), never this module's.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SNIFFED", "HEAD_BYTES", "looks_like_tab_separated", "looks_like_id_texts", "NOT_A_TABLE"]

SNIFFED = "sniffed"  # a file of an unknown extension, read as a TSV only where its head shows one
HEAD_BYTES = 64 << 10  # the bytes looked at: enough for 20 rows of long sentences, bounded for a large binary
_ROWS = 20  # the lines judged (the first, non-empty)
_MIN_ROWS = 3  # fewer lines in a file longer than the head cannot show a constant column count


def looks_like_tab_separated(raw: bytes, *, whole: bool) -> bool:
    """The head `raw` of a file is tab-separated rows of a constant column count.

    Args:
      raw: the file's first bytes (up to HEAD_BYTES).
      whole: `raw` is the whole file (a short file: one or two rows are then enough).

    >>> looks_like_tab_separated(b"1\\tA walk\\tI walked\\t(3, 2)\\n2\\tRain\\tIt rains\\t(1, 4)\\n", whole=True)
    True
    >>> looks_like_tab_separated(b"Once upon a time\\nthere was\\ta tab\\n", whole=True)
    False
    >>> looks_like_tab_separated(b"@paulwalk\\tO\\nIt\\tO\\n\\nThe\\tO\\nEmpire\\tB-location\\n", whole=True)
    False
    >>> looks_like_tab_separated(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\t\\t", whole=True)
    False
    """
    if b"\x00" in raw:
        return False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if whole or error.start < len(raw) - 4:  # a cut multi-byte character at the head's end is no fault
            return False
        text = raw[: error.start].decode("utf-8")
    lines = text.splitlines()
    if not whole and len(raw) >= HEAD_BYTES and lines:
        lines = lines[:-1]  # the last line may be cut by the head's end
    return _constant_tab_rows(lines, whole=whole)


def _constant_tab_rows(lines: Sequence[str], *, whole: bool) -> bool:
    head = [line for line in lines[:_ROWS]]
    filled = [i for i, line in enumerate(head) if line.strip()]
    if filled and any(not head[i].strip() for i in range(filled[0], filled[-1])):
        return False  # blocks of lines (CoNLL's `token<TAB>tag`, a sentence a block): tokens, not rows
    rows = [line.split("\t") for line in head if line.strip()]
    if len(rows) < (1 if whole else _MIN_ROWS) or len(rows[0]) < 2:
        return False
    if any(len(row) != len(rows[0]) for row in rows):
        return False
    return any(all(any(ch.isalpha() for ch in row[i]) for row in rows) for i in range(len(rows[0])))


# Why a file of an unknown extension whose head is not tab-separated rows is refused.
NOT_A_TABLE = ("not a table: expected .csv, .tsv, .jsonl, .parquet, .label or .json, or a file whose first lines are "
               "tab-separated rows of one column count")


# An `id<TAB>text` line's text: several words (a plot, a review), not a name or a code.
_MIN_TEXT_WORDS = 4


def looks_like_id_texts(lines: Sequence[str]) -> bool:
    """Lines of `id<TAB>text` (the CMU Movie Summary corpus's plot_summaries.txt, `<Wikipedia id>\\t<plot>`;
    OLID-like `id<TAB>tweet` without a header): two cells a line, the first a token without spaces
    unique to its line, the second a text of several words. A `label<TAB>text` file repeats its first
    cells (few classes), so is not this; whether the ids key labels in another table is detection's.

    >>> looks_like_id_texts(["975900\\tA boy finds a map to the old mine.", "980117\\tTwo sisters run a farm in the hills."])
    True
    >>> looks_like_id_texts(["ham\\tGo until jurong point crazy", "ham\\tOk lar joking wif u oni"])
    False
    """
    rows = [line.rstrip("\r\n").split("\t") for line in lines[:_ROWS] if line.strip()]
    if len(rows) < 2 or any(len(row) != 2 for row in rows):
        return False
    keys = [row[0].strip() for row in rows]
    return (len(set(keys)) == len(keys) and all(key and " " not in key and any(c.isdigit() for c in key) for key in keys)
            and all(len(row[1].split()) >= _MIN_TEXT_WORDS for row in rows))
