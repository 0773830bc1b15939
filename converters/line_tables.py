"""Files of `label text` lines (TREC's `train_5500.label`: `DESC:manner How did serfdom develop in
and then leave Russia ?`; fastText's `train.ft.txt`: `__label__2 Great CD: ...`; UCI's
`SMSSpamCollection`, a file without an extension of `ham<TAB>text` lines): a table of two columns,
`label` and `text`, one row per line.

The label is the line's first word, as written (TREC's fine label `DESC:manner`, its coarse label
before the colon); the text is the rest of the line. Such a file is recognised by its extension
(LINE_EXTENSIONS), or at the top of SRC by its first lines where they are unmistakable (fastText's
prefix; a tab after a repeating first word in a file without an extension), never by reading
ordinary text files; and since a file of prose also has a first
word on every line, the file is refused, whole, when its first words do not repeat as labels do
(`first_words_are_labels`): which it is cannot be told, and a wrong guess writes wrong records.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from shardify.errors import InvalidInputError

__all__ = [
    "LINE_EXTENSIONS",
    "LABEL_SHAPES",
    "FASTTEXT_PREFIX",
    "is_fasttext",
    "is_tab_labelled",
    "too_short_to_judge",
    "short_files_tab_labelled",
    "GROUP_MARKERS",
    "is_group_marker",
    "is_semicolon_labelled",
    "semicolon_split",
    "LABEL_SEPARATORS",
    "label_separator",
    "trailing_split",
    "TAB_HEAD_BYTES",
    "COLUMNS",
    "MAX_LABEL_CHARS",
    "split_line",
    "first_words_are_labels",
    "check_labels",
]

# Extensions of `label text` line files: TREC's question classification files. A `.txt` is one only
# where its first line starts with FASTTEXT_PREFIX (fastText's format: `__label__2 Great CD`).
LINE_EXTENSIONS = ("label",)
# What is read of a .txt to tell `label<TAB>text` lines (`is_tab_labelled`).
TAB_HEAD_BYTES = 64 << 10
FASTTEXT_PREFIX = "__label__"
COLUMNS = ("label", "text")
# A label is a short code; a longer first word is a line of prose.
MAX_LABEL_CHARS = 64
# Labels repeat: in a sample of at least this many lines, at most half the first words may differ,
# unless every one has a label's shape (LABEL_SHAPES), which prose does not.
_MIN_LINES_TO_JUDGE = 8
_MAX_DISTINCT_SHARE = 0.5
_MIN_WHOLE_LINES = 2
# The shapes of labels in line files: TREC's `COARSE:fine`, fastText's `__label__name`, a number.
LABEL_SHAPES = (re.compile(r"[A-Za-z]+:[A-Za-z0-9_-]+"), re.compile(r"__label__\S+"), re.compile(r"[0-9]+"))


def split_line(text: str) -> tuple[str | list[str], str] | str:
    """(label, text) of one line, or why it is not a `label text` line. fastText's labels lose
    their `__label__` prefix, and several of them (`__label__a __label__b text`) are a list (a
    multi-label record), never words of the text.

    >>> split_line("DESC:manner How did serfdom develop ?")
    ('DESC:manner', 'How did serfdom develop ?')
    >>> split_line("__label__2 __label__7 Great CD")
    (['2', '7'], 'Great CD')
    """
    if text.lstrip().startswith(FASTTEXT_PREFIX):
        tokens = text.split()
        count = next((i for i, token in enumerate(tokens) if not token.startswith(FASTTEXT_PREFIX)), len(tokens))
        if count == len(tokens):
            return "not a `label text` line: no text after the labels"
        labels = [token[len(FASTTEXT_PREFIX) :] for token in tokens[:count]]
        return (labels[0] if count == 1 else labels), text.strip().split(None, count)[count]
    if "\t" in text:
        return _tab_split(text)
    words = text.strip().split(None, 1)
    if len(words) < 2:
        return "not a `label text` line: no text after the label"
    if len(words[0]) > MAX_LABEL_CHARS:
        return f"not a `label text` line: its first word is longer than {MAX_LABEL_CHARS} characters"
    return words[0], words[1]


def first_words_are_labels(labels: Sequence[str]) -> bool:
    """True when the sampled lines' first words are labels: each of a label's shape, or repeating
    as labels do (few distinct among many).

    >>> first_words_are_labels(["DESC:manner", "ENTY:cremat", "HUM:ind"] * 3)
    True
    >>> first_words_are_labels(["Anna", "Bert", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana"])
    False
    """
    if all(any(shape.fullmatch(label) for shape in LABEL_SHAPES) for label in labels):
        return True
    return len(labels) < _MIN_LINES_TO_JUDGE or len(set(labels)) <= _MAX_DISTINCT_SHARE * len(labels)


def _tab_split(text: str) -> tuple[str, str] | str:
    """(label, text) of a line of two tab-separated fields, the label on either side: the side
    without a space (UCI's SMSSpamCollection `ham<TAB>Go until jurong point`; its Sentiment
    Labelled Sentences `So there is no way to plug it in<TAB>0`). Where neither side holds a space
    (`Good<TAB>1`), a number on the right is the label (label-last files number their classes),
    else the left side is. Decided line by line, so a line reads the same wherever it is read.

    >>> _tab_split("ham\\tGo until jurong point"), _tab_split("So there is no way\\t0"), _tab_split("Good\\t1")
    (('ham', 'Go until jurong point'), ('0', 'So there is no way'), ('1', 'Good'))
    """
    parts = [part.strip() for part in text.strip("\r\n").split("\t")]
    if len(parts) != 2 or not all(parts):
        return f"not a `label text` line: {len(parts)} tab-separated fields, not a label and a text"
    left, right = parts
    if " " in left and " " in right:
        return "not a `label text` line: both of its tab-separated fields hold spaces"
    right_is_label = " " in left or (" " not in right and right.lstrip("-").isdigit())
    label, body = (right, left) if right_is_label else (left, right)
    if len(label) > MAX_LABEL_CHARS:
        return f"not a `label text` line: its label is longer than {MAX_LABEL_CHARS} characters"
    return label, body


# Lines that open a group of records (a document, an abstract) in a file of `label<TAB>text` lines:
# PubMed RCT's `###24293578` before each abstract's sentences, CoNLL's `-DOCSTART-`. No record and
# no reject: the file's structure, skipped as its blank lines are. Data, not code: a new one is a row.
GROUP_MARKERS = (re.compile(r"###\S*"), re.compile(r"-DOCSTART-(?:\s.*)?"))


def is_group_marker(line: str) -> bool:
    """A line opening a group of records (`GROUP_MARKERS`).

    >>> is_group_marker("###24293578"), is_group_marker("OBJECTIVE\tTo investigate ...")
    (True, False)
    """
    return any(marker.fullmatch(line.strip()) for marker in GROUP_MARKERS)


def is_tab_labelled(lines: Sequence[str], whole: bool = False) -> bool:
    """Lines of a label and a text separated by one tab, the label on either side and repeating
    (see `_tab_split`): a file of `label text` lines, told by its content where no extension says
    so. Prose has no single tab on every line.

    >>> is_tab_labelled(["ham\\tGo until jurong point", "spam\\tFree entry in 2 a wkly comp"] * 4)
    True
    >>> is_tab_labelled(["From: a@b.c", "Subject: hello"] * 4)
    False
    >>> is_tab_labelled(["Good phone.\\t1", "Bad food.\\t0"] * 3), is_tab_labelled(["Good phone.\\t1", "Bad food.\\t0"] * 3, whole=True)
    (False, True)
    """
    found = [_tab_split(line) for line in lines if line.strip() and not is_group_marker(line)]
    # `whole`: the lines are a whole file's, read where detection judged its source's short files
    # together (`too_short_to_judge`): a file of 6 such lines is judged on its own lines.
    if len(found) < (_MIN_WHOLE_LINES if whole else _MIN_LINES_TO_JUDGE) or any(isinstance(f, str) for f in found):
        return False
    labels = [label for label, _ in found]
    return len(set(labels)) <= _MAX_DISTINCT_SHARE * len(labels)


def too_short_to_judge(lines: Sequence[str]) -> bool:
    """Fewer lines than `is_tab_labelled` judges alone (see `short_files_tab_labelled`).

    >>> too_short_to_judge(["a\\tb"] * 6), too_short_to_judge(["a\\tb"] * 8)
    (True, False)
    """
    return sum(1 for line in lines if line.strip() and not is_group_marker(line)) < _MIN_LINES_TO_JUDGE


def short_files_tab_labelled(heads: Sequence[Sequence[str]]) -> bool:
    """Files of one source (their whole lines), every one too short for `is_tab_labelled`'s count and
    each of `label<TAB>text` lines judged on its whole lines, the label repeating within it: three
    6-line files of `sentence<TAB>0|1` (a small cut of UCI's Sentiment Labelled Sentences). Asked
    by detection's line files and its tables at the top of SRC alike.

    >>> short_files_tab_labelled([["Good phone.\\t1", "Bad food.\\t0"] * 3] * 2)
    True
    >>> short_files_tab_labelled([["1\\tone", "2\\ttwo", "3\\tthree"]]), short_files_tab_labelled([])
    (False, False)
    """
    return bool(heads) and all(too_short_to_judge(head) and is_tab_labelled(head, whole=True) for head in heads)


# `text;label` lines (dair-ai/emotion's `i didnt feel humiliated;sadness`): a label is one word
# from a small set (at most this many among the sampled lines).
_MAX_SEMICOLON_LABELS = 50
# In a sample of _MIN_LINES_TO_JUDGE lines or more, labels repeat: at most this share distinct
# (a small file's six emotions over eight lines); a label is a word of letters, `_` or `-`, and
# the text beside it two words or more.
_SEMICOLON_DISTINCT_SHARE = 0.75
_LABEL_WORD = re.compile(r"[A-Za-z][A-Za-z_\-]*")
# Of the sampled lines, at least this share are such lines. Every line had to be: one line without
# `;`, with two, with an empty label or of binary bytes among the first made the whole file one
# reject ('not a table'), its good lines with it; the few others are now each their line's reject
# (`semicolon_split` says why). Prose with a `;` on some lines stays far below it.
_MIN_SEMICOLON_SHARE = 0.8


# The characters a `text<sep>label` line puts between its text and its one-word label, tried in
# this order: dair-ai/emotion's `i feel lost;sadness`, Financial PhraseBank's `... mn .@neutral`.
# Data, not code: a new one is an entry here.
LABEL_SEPARATORS = (";", "@")


def trailing_split(text: str, separator: str = ";") -> tuple[str, str] | str:
    """(label, text) of a `text<separator>label` line: the label after its last `separator` (a
    text may hold one where the file's sampled lines showed it does not, see
    `label_separator`), a word.

    >>> trailing_split("i didnt feel humiliated;sadness")
    ('sadness', 'i didnt feel humiliated')
    >>> trailing_split("Profit rose to EUR 5 mn .@positive", "@")
    ('positive', 'Profit rose to EUR 5 mn .')
    """
    body, _, label = text.strip("\r\n").rpartition(separator)
    label = label.strip()
    if not body.strip() or not label or " " in label or len(label) > MAX_LABEL_CHARS:
        return f"not a `text{separator}label` line: no single word after its last {separator!r}"
    return label, body


def semicolon_split(text: str) -> tuple[str, str] | str:
    """`trailing_split` at `;`."""
    return trailing_split(text, ";")


def _separated_by(lines: Sequence[str], separator: str) -> bool:
    found = [line for line in lines if line.strip()]
    split = [s for s in (trailing_split(line, separator) for line in found if line.count(separator) == 1) if not isinstance(s, str)]
    split = [s for s in split if _LABEL_WORD.fullmatch(s[0]) and len(s[1].split()) >= 2]
    if len(split) < 2 or len(split) < _MIN_SEMICOLON_SHARE * len(found):
        return False
    distinct = len({label for label, _ in split})
    return distinct <= _MAX_SEMICOLON_LABELS and (len(split) < _MIN_LINES_TO_JUDGE or distinct <= _SEMICOLON_DISTINCT_SHARE * len(split))


def label_separator(lines: Sequence[str]) -> str:
    """The LABEL_SEPARATORS character of lines of a text, that character and a label
    (dair-ai/emotion's `train.txt`, Financial PhraseBank's `Sentences_50Agree.txt`), or "": most
    sampled lines (_MIN_SEMICOLON_SHARE) hold it exactly once with a text of two words or more
    before it and one word of letters after it, and those words are few (at most 50) and, over 8
    lines or more, repeat. Prose with a `;` on some lines, or two on many, is not.

    >>> label_separator(["i feel lost;sadness", "i am glad;joy"] * 4), label_separator(["Sales fell .@negative"] * 3)
    (';', '@')
    >>> label_separator(["first; then second", "a; b; c"] * 4), label_separator(["mail me @ home today"] * 3)
    ('', '')
    """
    return next((separator for separator in LABEL_SEPARATORS if _separated_by(lines, separator)), "")


def is_semicolon_labelled(lines: Sequence[str]) -> bool:
    """Lines of a text, a LABEL_SEPARATORS character (`;`, `@`) and a label (`label_separator`)."""
    return bool(label_separator(lines))


def is_fasttext(head: bytes) -> bool:
    """A text file whose first line starts with a fastText label: a file of `label text` lines."""
    return head.lstrip(b"\xef\xbb\xbf").startswith(FASTTEXT_PREFIX.encode())


def check_labels(fileobj: BinaryIO, sample_lines: int, end: int | None) -> None:
    """Reads up to `sample_lines` lines from the start and refuses a file whose first words are not
    labels.

    Raises:
      InvalidInputError: they are not (the whole file is one reject, naming the reason).
    """
    labels = [str(found[0]) for found in _sampled(fileobj, sample_lines, end) if isinstance(found, tuple)]
    if not labels:
        raise InvalidInputError("no `label text` line among its first lines")
    if not first_words_are_labels(labels):
        raise InvalidInputError(
            f"not a file of `label text` lines: {len(set(labels))} different first words in {len(labels)} lines "
            "(labels repeat); convert it as text, or as a table with a header"
        )


def _sampled(fileobj: BinaryIO, lines: int, end: int | None) -> Iterator[tuple[str, str] | str]:
    read = 0
    for _ in range(lines):
        size = 1 << 20 if end is None else min(1 << 20, end - read)
        line = fileobj.readline(size) if size > 0 else b""
        if not line:
            return
        read += len(line)
        try:
            text = line.decode("utf-8-sig")
        except UnicodeDecodeError:
            continue
        if text.strip():
            yield split_line(text)
