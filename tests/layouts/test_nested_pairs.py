"""A pair of columns named as a record's two texts, one of which holds lists or objects
(converters/nested_pairs.py; issue 30's leftovers): HotpotQA's `question` beside its `context` of
`[title, [sentences]]` paragraphs was read as a sentence pair, every row a reject, exit 1 with the
reason only in rejected.jsonl. Now a stop before writing naming --text-column and --label-column,
and following it converts; a pair of texts (SQuAD's `question` and `context`) is read as before.
The truth is each test's own, from the rows it wrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError


def _hotpot(i: int) -> dict:
    # HF hotpot_qa's loading script: a JSON list of {_id, question, answer, supporting_facts: [[title, sent_id]],
    # context: [[title, [sentences]]], type, level}
    return {"_id": f"5a8b57f25542995d1e6f13{i:02d}", "answer": ("yes", "Arthur's Magazine", "no", "1844")[i % 4],
            "question": f"Which magazine was started first, Arthur's Magazine or First for Women, asked {i} times?",
            "supporting_facts": [["Arthur's Magazine", 0], ["First for Women", 0]],
            "context": [["Arthur's Magazine", [f"Arthur's Magazine (1844-1846) was an American literary periodical {i}."]],
                        ["First for Women", ["First for Women is a woman's magazine.", " It was started in 1989."]]],
            "type": ("comparison", "bridge")[i % 2], "level": ("easy", "medium", "hard")[i % 3]}


def _two_wiki(i: int) -> dict:
    # 2WikiMultihopQA's dev.json: {_id, type, question, context: [[title, [sentences]]], supporting_facts,
    # evidences: [[subject, relation, object]], answer}
    return {"_id": f"8813f87c0bdd11eba7f7acde4800112{i}", "type": ("compositional", "comparison")[i % 2],
            "question": f"Who is the director of the film number {i} made in the harbour town?",
            "context": [["Polish-Russian War (film)", ["Polish-Russian War is a 2009 Polish film.", " It is based on a novel."]]],
            "supporting_facts": [["Polish-Russian War (film)", 1]], "evidences": [["Polish-Russian War", "director", "Xawery"]],
            "answer": ("Warsaw", "Paris", "Lyon", "Oslo")[i % 4]}


def _trivia(i: int) -> dict:
    # HF trivia_qa's rows (JSON lines): question, question_id, question_source, entity_pages, search_results, and
    # answer: {aliases, normalized_aliases, value, normalized_value, type, ...}
    return {"question": f"Which Lloyd Webber musical premiered in the US, asked {i} times?", "question_id": f"tc_{i}",
            "question_source": "http://www.triviacountry.com/", "entity_pages": {"title": [], "wiki_context": []},
            "answer": {"aliases": ["Sunset Blvd", "Sunset Boulevard"], "normalized_aliases": ["sunset boulevard"],
                       "value": "Sunset Boulevard", "normalized_value": "sunset boulevard", "type": "WikipediaEntity"}}


def _json_list(rows: list[dict]) -> str:
    return json.dumps(rows)


def _json_lines(rows: list[dict]) -> str:
    return "".join(json.dumps(row) + "\n" for row in rows)


@pytest.mark.parametrize("files, nested", [
    ({"hotpot_train_v1.1.json": (_hotpot, range(4), _json_list), "hotpot_dev_distractor_v1.json": (_hotpot, range(4, 6), _json_list)},
     "'context' holds lists"),
    ({"data/dev.json": (_two_wiki, range(4), _json_list)}, "'context' holds lists"),
    ({"train.jsonl": (_trivia, range(4), _json_lines)}, "'answer' holds objects"),
])
def test_a_pair_named_over_nested_values_stops_and_following_it_converts(tmp_path: Path, files: dict, nested: str) -> None:
    questions = {}
    for path, (build, numbers, dump) in files.items():
        rows = [build(i) for i in numbers]
        write_file(tmp_path / "src" / path, dump(rows))
        questions.update({f"{path}:{k}": row["question"] for k, row in enumerate(rows)})
    with pytest.raises(UsageError) as stopped:
        convert(tmp_path / "src", tmp_path / "out")
    said = str(stopped.value)
    assert nested in said and "--text-column" in said and "--label-column" in said
    got = written_records(convert(tmp_path / "src", tmp_path / "followed", text_column="question", label_column="none"))
    assert got["texts"] == questions
    assert {labels for _, labels in got["records"].values()} == {None}


def test_a_pair_of_texts_named_so_is_read_as_before(tmp_path: Path) -> None:
    """The twin: HF squad's rows as JSON lines, `question` and `context` both texts: the pair is read."""
    rows = [{"id": f"5733be284776f4190066{i}", "title": "University_of_Notre_Dame",
             "context": f"Architecturally, the school has a Catholic character, case {i}. Atop the dome is a statue.",
             "question": f"To whom did the Virgin Mary allegedly appear in 1858, case {i}?",
             "answers": {"text": ["Saint Bernadette Soubirous"], "answer_start": [515]}} for i in range(4)]
    write_file(tmp_path / "src" / "train.jsonl", _json_lines(rows))
    got = written_records(convert(tmp_path / "src", tmp_path / "out"))
    assert got["texts"] == {f"train.jsonl:{i}": (row["question"], row["context"]) for i, row in enumerate(rows)}
