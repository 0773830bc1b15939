"""Question-answering JSON in SQuAD's shape: a table of one row per question.

SQuAD (v1.1 and v2.0, and the datasets that copy its format) ships one JSON document per split:
`{"data": [{"title": ..., "paragraphs": [{"context": ..., "qas": [{"id": ..., "question": ...,
"answers": [{"text": ..., "answer_start": ...}], "is_impossible": ...}]}]}]}`. Each question is a
row with the cells COLUMNS: its question and its paragraph's context (a sentence pair, see
`columns.PAIR_COLUMN_NAMES`), its answers' texts and character starts (lists, empty for v2.0's
unanswerable questions), its id and its article's title.

The document is parsed whole, by one worker, as COCO files are: MAX_QA_JSON_BYTES bounds it
(SQuAD v2.0's train file is 40 MB). A row is known by its position among the questions; the writer
fetches a shard's rows by parsing the file once for the shard. A question or paragraph of another
shape is its own reject, never the rows around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from shardify.errors import InvalidInputError
from shardify.inputs import json_input

__all__ = [
    "COLUMNS",
    "ANSWERS",
    "ANSWER_STARTS",
    "MAX_QA_JSON_BYTES",
    "HEAD_BYTES",
    "looks_like_qa",
    "read_questions",
]

QUESTION, CONTEXT, ANSWERS, ANSWER_STARTS, ID, TITLE = "question", "context", "answers", "answer_start", "id", "title"
COLUMNS = (QUESTION, CONTEXT, ANSWERS, ANSWER_STARTS, ID, TITLE)
# One worker parses the document whole: larger than this is not such a file.
MAX_QA_JSON_BYTES = 1 << 30
# Bytes of a .json's start looked at to tell SQuAD's shape.
HEAD_BYTES = 64 << 10


def looks_like_qa(head: bytes) -> bool:
    """A JSON document's first bytes are SQuAD's: an object whose `data` holds paragraphs of `qas`."""
    text = head.lstrip()
    return text.startswith(b"{") and b'"data"' in text and b'"paragraphs"' in text and b'"qas"' in text


def read_questions(fileobj: BinaryIO, size_bytes: int | None = None) -> Iterator[tuple[int, dict[str, object] | str]]:
    """(position from 0, cells or why the question is unusable) of every question, in file order.

    Raises:
      InvalidInputError: the document is too large, not JSON, holds an object repeating a key (as
        a JSON file of records may not), or is not SQuAD's shape at its top.
    """
    data = fileobj.read(MAX_QA_JSON_BYTES + 1 if size_bytes is None else min(size_bytes, MAX_QA_JSON_BYTES + 1))
    if len(data) > MAX_QA_JSON_BYTES:
        raise InvalidInputError(f"question-answering JSON larger than {MAX_QA_JSON_BYTES:,} bytes")
    document = json_input.parse(data, unique_keys=True)  # `{"question": "a", "question": "b"}`: which is meant?
    del data
    articles = document.get("data") if isinstance(document, dict) else None
    if not isinstance(articles, list):
        raise InvalidInputError('not question-answering JSON: no "data" list of articles')
    position = 0
    for article in articles:
        paragraphs = article.get("paragraphs") if isinstance(article, dict) else None
        title = article.get("title", "") if isinstance(article, dict) else ""
        if not isinstance(paragraphs, list):
            yield position, 'an article without a "paragraphs" list'
            position += 1
            continue
        for paragraph in paragraphs:
            questions = paragraph.get("qas") if isinstance(paragraph, dict) else None
            if not isinstance(questions, list):
                yield position, 'a paragraph without a "qas" list'
                position += 1
                continue
            for question in questions:
                yield position, _row(question, paragraph.get("context"), title)
                position += 1


def _row(question: object, context: object, title: object) -> dict[str, object] | str:
    """One question's cells, or why it is unusable."""
    if not isinstance(question, dict):
        return "a question that is not a JSON object"
    if not isinstance(context, str) or not context.strip():
        return "its paragraph has no context text"
    answers = question.get("answers", [])
    if not isinstance(answers, list) or not all(isinstance(a, dict) for a in answers):
        return '"answers" is not a list of objects'
    texts = [a.get("text") for a in answers]
    starts = [a.get("answer_start") for a in answers]
    if not all(isinstance(t, str) for t in texts):
        return "an answer without a text"
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= len(context) for s in starts):
        return "an answer_start that is not a place in the context"
    return {
        QUESTION: question.get("question"),
        CONTEXT: context,
        ANSWERS: texts,
        ANSWER_STARTS: starts,
        ID: str(question.get("id", "")),
        TITLE: title if isinstance(title, str) else "",
    }
