"""The one vocabulary of label words (shardify/plan/label_words.py): every list that says which
names mean "the label" reads it, and the roles differ only where the docstring says why."""

from __future__ import annotations

import re

import pytest

from shardify.converters import column_names
from shardify.plan import content_lists, id_label_tables, keyed_tables, label_candidates, label_words
from shardify.plan.label_words import BOOLEAN, CANDIDATE, COLUMN, ENDING, FILE, LIST_CLASS, METADATA


def _split(name: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", name) if w}


def test_every_list_of_label_words_is_read_from_the_vocabulary() -> None:
    assert column_names.LABEL_COLUMN_NAMES == label_words.words(COLUMN)
    assert column_names.BOOLEAN_LABEL_NAMES == label_words.words(BOOLEAN)
    assert [w for [w] in column_names._LABEL_WORD_ENDINGS] == list(label_words.words(ENDING))
    assert label_candidates.LABEL_NAME_WORDS == set(label_words.words(CANDIDATE))
    assert id_label_tables.LABEL_FILE_WORDS == set(label_words.words(FILE))
    assert keyed_tables.LABEL_HEADER_NAMES == label_words.words(METADATA)
    assert content_lists._CLASS_COLUMNS == set(label_words.words(LIST_CLASS))


# Whole names that are a label column only as a whole (`image_quality`, `has_answer` say nothing of a
# label), and the FILE-only words (`key`: a column named so is a row's key; `answers`: a file's).
_WHOLE_NAMES_ONLY = {"gold_label", "is_duplicate", "quality", "answer"}
_FILE_ONLY = {"key", "answers", "answer"}
# METADATA whole names whose word also names prose (`finding_text`, a report's text): no CANDIDATE.
_METADATA_ONLY = {"finding", "findings"}


def test_a_name_that_chooses_a_label_column_also_ranks_one_first() -> None:
    """The lists had drifted: `truth` named a labels file but ranked no column."""
    candidates = set(label_words.words(CANDIDATE))
    for role in (COLUMN, ENDING, METADATA):
        for word in set(label_words.words(role)) - _WHOLE_NAMES_ONLY - _METADATA_ONLY:
            assert word in candidates, (role, word)
    assert _split("gold_label") <= candidates
    assert set(label_words.words(FILE)) - _FILE_ONLY <= candidates
    assert not ({"key", "quality", "answer", "y"} & candidates)


def test_the_key_column_names_are_no_label_words() -> None:
    assert not set(column_names.KEY_COLUMN_NAMES) & (set(label_words.words(COLUMN)) | set(label_words.words(CANDIDATE)))


@pytest.mark.parametrize(("name", "evidence"), [("ground_truth", 2), ("Finding Labels", 2), ("finding_text", 1), ("image_quality", 1), ("key", 1)])
def test_candidates_are_ranked_by_the_vocabulary(name: str, evidence: int) -> None:
    assert label_candidates.label_evidence(name) == evidence


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(ValueError, match="no label-word role"):
        label_words.words("columns")
