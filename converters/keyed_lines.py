"""Files of `<id> <text>` lines: an utterance's (or a file's) id, a space, then its text.

Speech corpora keep their transcripts so: LibriSpeech's `<speaker>-<chapter>.trans.txt` beside a
chapter's FLACs (`84-121123-0000 GO DO YOU HEAR`), Kaldi's data folders' `text` file
(`<utterance-id> <transcription>`), AISHELL-1's one `aishell_transcript_v0.8.txt`
(`BAC009S0002W0122 而 对 楼市 ...`). Such a `.txt` was no table at all ("not a `label<TAB>text`
line"), and read as `label text` lines its first word would be a label unique to each row: an id,
not a class. So a file whose first words are all distinct, each an id's shape (letters, digits and
`-_.`, at least one digit, no list marker: `1.` or `2)` is a numbered list of prose), each followed
by a text, is a table of two columns, `id` and `text`, a row a line, with no label; what the ids name
(clips shardify does not read) is detection's to say (`beam_jobs/discover/clip_transcripts.py`).
It is read only where a `.txt` is read as a table (`--layout tables`, or a stop naming it), never
to decide that a folder of `.txt` files is a table. A line without a text after its id is its own
row's reject, naming why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["COLUMNS", "MAX_ID_CHARS", "looks_keyed", "split_keyed"]

COLUMNS = ("id", "text")
# An id is a short token; a longer first word is prose (or a URL, a hash of no file we know).
MAX_ID_CHARS = 64
# An id's shape: starts and ends with a letter or digit (never a list marker's `.`, `)` or `:`).
_ID = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_.\-]*[A-Za-z0-9])?")
# Lines needed to tell ids from labels: one line could be either.
_MIN_LINES = 2


def split_keyed(line: str) -> tuple[str, str] | str:
    """(id, text) of one `<id> <text>` line, or why it is not one.

    >>> split_keyed("84-121123-0000 GO DO YOU HEAR")
    ('84-121123-0000', 'GO DO YOU HEAR')
    >>> split_keyed("84-121123-0001")
    'not an `<id> <text>` line: no text after the id'
    """
    words = line.strip().split(None, 1)
    if len(words) < 2:
        return "not an `<id> <text>` line: no text after the id"
    if len(words[0]) > MAX_ID_CHARS or not _ID.fullmatch(words[0]):
        return f"not an `<id> <text>` line: its first word {words[0][:MAX_ID_CHARS]!r} is no id (letters, digits, `-_.`)"
    return words[0], words[1]


def looks_keyed(lines: Sequence[str]) -> bool:
    """The non-blank `lines` are `<id> <text>` lines: two or more, each an id and a text (but one
    line in ten, at most one where fewer, whose row is then rejected alone), the ids distinct
    (labels repeat) and each holding a digit (a word of prose rarely does).

    >>> looks_keyed(["84-121123-0000 GO DO YOU HEAR", "84-121123-0001 BUT IN LESS THAN FIVE MINUTES"])
    True
    >>> looks_keyed(["DESC:manner How did serfdom develop ?", "DESC:manner How do you ..."])
    False
    >>> looks_keyed(["1. Mix the flour", "2. Add the eggs"])
    False
    """
    rows = [line for line in lines if line.strip()]
    if len(rows) < _MIN_LINES or any("\t" in line for line in rows):
        return False  # (tab-separated `id<TAB>text`: a TSV, `sniffed_tables.looks_like_id_texts`)
    found = [one for one in (split_keyed(line) for line in rows) if not isinstance(one, str)]
    if len(found) < max(_MIN_LINES, len(rows) - max(1, len(rows) // 10)):
        return False  # (one line in ten may lack its text: that row's reject, as a table's short row)
    ids = [key for key, _ in found]
    return len(set(ids)) == len(ids) and all(any(c.isdigit() for c in key) for key in ids)
