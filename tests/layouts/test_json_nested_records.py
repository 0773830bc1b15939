"""Records inside JSON that is not a flat list of rows (issue 30; blind rounds' DROP, ANLI, HateXplain),
each kind on neighbours built from their documented layouts, beside a twin that must still stop:

- questions under passages (NewsQA's `data[].questions[]` of `q` under a story's `text`; SQuAD 2.0's
  unanswerable questions): one record per question, the question its text and the passage its pair;
  CoQA's stories holding parallel `questions` and `answers` lists (which are the records is no guess)
  stop before writing naming both places and `--json-records`, which then reads them;
- records keyed by id (a map of objects), their label the annotators' majority, their splits from a
  file of id lists beside them; a record without a majority, or whose id no list holds, is its own
  reject with why; LeWiDi's keyed records whose `hard_label` sits beside other label-like fields stop
  naming `--label-column`, which then converts them;
- split tables in sibling subset folders (PAWS-X's `x-final/<lang>/`): each table a split of its
  own; folders whose tables hold other fields (OpenBookQA's Main/ beside Additional/) stay a stop;
- a sentence pair's `-` gold label (SNLI: no consensus) is its row's reject, never a class.

The truth is each test's own, from the files it wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.converters import json_shapes
from shardify.errors import UsageError

_W = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon".split()


def _words(seed: int, n: int) -> str:
    return " ".join(_W[(seed * 7 + k * 3) % len(_W)] for k in range(n))


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


# ---- questions under passages ------------------------------------------------------------------------


def test_questions_under_stories_are_a_record_each_with_the_story_as_pair(tmp_path: Path) -> None:
    # Maluuba NewsQA's combined-newsqa-data-v1.json: {"version", "data": [{storyId, text, type, questions:
    # [{q, consensus: {s, e}, isAnswerAbsent, isQuestionBad, answers: [{sourcerAnswers: [{s, e}]}]}]}]}
    stories, truth = [], {}
    for s, split in enumerate(("train", "train", "dev", "test")):
        story = f"{_words(s, 30).capitalize()}."
        questions = []
        for q in range(2):
            question = f"What did {_words(s * 5 + q, 3)} say about it?"
            questions.append({"q": question, "isAnswerAbsent": 0, "isQuestionBad": q % 2, "consensus": {"s": 3, "e": 9},
                              "answers": [{"sourcerAnswers": [{"s": 3, "e": 9}]}]})
            truth[len(truth)] = ({"dev": "validation"}.get(split, split), question, story)
        stories.append({"storyId": f"./cnn/stories/{s:040x}.story", "text": story, "type": split, "questions": questions})
    root = tmp_path / "newsqa"
    write_file(root / "combined-newsqa-data-v1.json", json.dumps({"version": "1", "data": stories}))
    with pytest.raises(UsageError, match="--keep-columns"):  # the 0/1 flags could be a label: named, not guessed
        convert(root, tmp_path / "first")
    got = written_records(convert(root, tmp_path / "out", keep_columns=("isAnswerAbsent", "isQuestionBad")))
    for i, (split, question, story) in truth.items():
        assert got["records"][f"combined-newsqa-data-v1.json:{i}"] == (split, None)
        assert got["texts"][f"combined-newsqa-data-v1.json:{i}"] == (question, story)


def test_unanswerable_questions_are_records_too(tmp_path: Path) -> None:
    # SQuAD 2.0: is_impossible questions hold no answers and their plausible_answers (left out)
    context = f"{_words(1, 25).capitalize()}."
    qas = [{"question": "Which came first of them all?", "id": "a", "is_impossible": False,
            "answers": [{"text": context.split()[0], "answer_start": 0}]},
           {"question": "Who never came back from there?", "id": "b", "is_impossible": True, "answers": [],
            "plausible_answers": [{"text": context.split()[1], "answer_start": len(context.split()[0]) + 1}]}]
    root = tmp_path / "squad2"
    write_file(root / "train-v2.0.json", json.dumps({"version": "v2.0", "data": [{"title": "T", "paragraphs": [
        {"context": context, "qas": qas}]}]}))
    got = written_records(convert(root, tmp_path / "out"))
    assert got["texts"] == {"train-v2.0.json:0": (qas[0]["question"], context), "train-v2.0.json:1": (qas[1]["question"], context)}


@pytest.mark.parametrize("story_words", [40, 4000])  # (4 stories of 4000 words: more than the 64 KiB detection reads)
def test_stories_with_parallel_question_and_answer_lists_stop_naming_json_records(tmp_path: Path, story_words: int) -> None:
    # CoQA: {"version", "data": [{source, id, story, questions: [{input_text, turn_id}], answers: [{span_text,
    # input_text, turn_id}]}]}: questions and answers pair by turn, and either list could be the records
    data = [{"source": ("wikipedia", "cnn")[s % 2], "id": f"{s:08x}", "filename": f"f{s}.txt", "story": _words(s, story_words) + ".",
             "questions": [{"input_text": f"what did {_words(s + t, 3)} do?", "turn_id": t + 1} for t in range(3)],
             "answers": [{"span_start": 0, "span_end": 9, "span_text": _words(s + t, 6), "input_text": _words(s + t, 2),
                          "turn_id": t + 1} for t in range(3)]} for s in range(4)]
    root = tmp_path / "coqa"
    write_file(root / "coqa-train-v1.0.json", json.dumps({"version": "1.0", "data": data}))
    with pytest.raises(UsageError, match=r"'data\.\*\.answers\.\*' or 'data\.\*\.questions\.\*'.*--json-records"):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = written_records(convert(root, tmp_path / "named", json_records="data.*.questions.*", keep_columns=("source", "turn_id")))
    expected = [(q["input_text"], story["story"]) for story in data for q in story["questions"]]
    assert got["texts"] == {f"coqa-train-v1.0.json:{i}": pair for i, pair in enumerate(expected)}


# ---- records keyed by id ----------------------------------------------------------------------------


def _keyed_posts(root: Path, splits_name: str) -> dict[str, tuple[str, str | None, str]]:
    """Posts keyed by id, three annotators' labels each, and a file of each split's ids: {id: (split, label, text)}."""
    kinds = ("abusive", "neutral", "hostile")
    posts, divisions, truth = {}, {"train": [], "validation": [], "test": []}, {}
    for i in range(9):
        ident = f"{7700 + 13 * i}_forum"
        votes = [kinds[i % 3]] * 2 + [kinds[(i + 1) % 3]] if i != 4 else list(kinds)  # post 4: no majority
        tokens = _words(i, 7).split()
        posts[ident] = {"id": ident, "tokens": tokens, "ratings": [{"rater": 10 + k, "label": v} for k, v in enumerate(votes)]}
        split = ("train", "train", "validation", "test")[i % 4]
        if i != 8:  # post 8 in no list
            divisions[split].append(ident)
        truth[ident] = (split, kinds[i % 3] if i not in (4, 8) else None, " ".join(tokens))
    write_file(root / "data/posts.json", json.dumps(posts))
    write_file(root / f"data/{splits_name}", json.dumps(divisions))
    return truth


def test_records_keyed_by_id_take_the_majority_label_and_the_split_their_id_is_listed_in(tmp_path: Path) -> None:
    truth = _keyed_posts(tmp_path / "forum", "split_ids.json")
    out = convert(tmp_path / "forum", tmp_path / "out")
    got = written_records(out)  # (the judge numbers the rows written in order: the rejected two are skipped)
    kept = [(split, label, text) for split, label, text in truth.values() if label]
    assert got["records"] == {f"data/posts.json:{i}": (split, frozenset({label})) for i, (split, label, _) in enumerate(kept)}
    assert got["texts"] == {f"data/posts.json:{i}": text for i, (_, _, text) in enumerate(kept)}
    reasons = sorted(r["reason"] for r in _rejects(out))
    assert len(reasons) == 2
    assert "is in no split of data/split_ids.json" in reasons[0] or "is in no split of data/split_ids.json" in reasons[1]
    assert any("no value given by more than half of its 3 votes" in r for r in reasons)


def test_an_ids_file_of_other_names_splits_nothing(tmp_path: Path) -> None:
    # its lists name image files, not the posts' ids: no record takes a split from it, and it is no input
    truth = _keyed_posts(tmp_path / "forum", "split_ids.json")
    write_file(tmp_path / "forum/data/split_ids.json", json.dumps({"train": ["a.jpg", "b.jpg"], "test": ["c.jpg"]}))
    out = convert(tmp_path / "forum", tmp_path / "out")
    assert {split for split, _ in written_records(out)["records"].values()} == {"train"}
    assert len(written_records(out)["records"]) == sum(1 for _, label, _ in truth.values() if label) + 1  # (post 8 listed nowhere)
    assert any(r["reason"].startswith("not a table") and "split_ids.json" in r["path"] for r in _rejects(out))


def test_an_ids_file_listing_an_id_in_two_splits_stops(tmp_path: Path) -> None:
    # review13, the ambiguous twin: one post under train and test made the file no ids file; it was a
    # table's reject and every post went to train, exit 0
    _keyed_posts(tmp_path / "forum", "split_ids.json")
    divisions = json.loads((tmp_path / "forum/data/split_ids.json").read_text())
    divisions["test"].append(divisions["train"][0])
    write_file(tmp_path / "forum/data/split_ids.json", json.dumps(divisions))
    with pytest.raises(UsageError, match=f"lists '{divisions['train'][0]}' under both 'train' and 'test'"):
        convert(tmp_path / "forum", tmp_path / "out")


def test_keyed_records_beside_other_label_like_fields_stop_naming_the_label_column(tmp_path: Path) -> None:
    # LeWiDi 2023 (HS-Brexit_dataset/HS-Brexit_{train,dev}.json): {"1": {text, "annotation task", "number of
    # annotations", annotations: "0,0,1,...", annotators, lang, hard_label, soft_label: {"0": .., "1": ..}, split}}
    root, truth = tmp_path / "HS-Brexit_dataset", {}
    for split, n in (("train", 6), ("dev", 3)):
        records = {}
        for i in range(n):
            votes = [str((i + k) % 2) if k < 2 else "0" for k in range(6)]
            hard = max(sorted(set(votes)), key=votes.count)
            records[str(i + 1)] = {"text": _words(i + n, 12), "annotation task": "hs_detection", "number of annotations": 6,
                                   "annotations": ",".join(votes), "annotators": ",".join(f"Ann{k}" for k in range(6)),
                                   "lang": "en", "hard_label": hard, "soft_label": {"0": votes.count("0") / 6, "1": votes.count("1") / 6},
                                   "split": split, "other_info": {}}
            truth[f"HS-Brexit_{split}.json:{i}"] = ({"dev": "validation"}.get(split, split), frozenset({hard}))
        write_file(root / f"HS-Brexit_{split}.json", json.dumps(records, indent=4))
    with pytest.raises(UsageError, match="--label-column 'hard_label'"):
        convert(root, tmp_path / "first")
    assert written_records(convert(root, tmp_path / "out", label_column="hard_label"))["records"] == truth


def test_a_map_of_objects_without_texts_is_no_records() -> None:
    classes = {"0": {"name": "cat", "supercategory": "animal"}, "1": {"name": "dog", "supercategory": "animal"}}
    assert json_shapes.shape_of(classes) is None
    assert json_shapes.looks_nested(json.dumps(classes).encode()) is None


# ---- split tables in subset folders -----------------------------------------------------------------


def test_split_tables_in_language_folders_are_each_a_split_of_their_own(tmp_path: Path) -> None:
    # PAWS-X: x-final/<lang>/ train.tsv (en) or translated_train.tsv, dev_2k.tsv, test_2k.tsv: id sentence1 sentence2 label
    root, truth = tmp_path / "paws-x", {}
    for lang in ("de", "en", "fr"):
        for stem in ("train" if lang == "en" else "translated_train", "dev_2k", "test_2k"):
            lines = ["id\tsentence1\tsentence2\tlabel"]
            for i in range(3):
                one, two = f"{_words(i + len(stem), 9).capitalize()} {lang}.", f"{_words(i + 2, 8).capitalize()}."
                lines.append(f"{i + 1}\t{one}\t{two}\t{(i + len(lang)) % 2}")
                truth[f"x-final/{lang}/{stem}.tsv:{i}"] = (f"{stem}_{lang}", frozenset({str((i + len(lang)) % 2)}), (one, two))
            write_file(root / f"x-final/{lang}/{stem}.tsv", "\n".join(lines) + "\n")
    got = written_records(convert(root, tmp_path / "out"), splits_as_named=True)
    assert got["records"] == {rid: (split, labels) for rid, (split, labels, _) in truth.items()}
    assert got["texts"] == {rid: text for rid, (_, _, text) in truth.items()}


def test_subset_folders_whose_names_spell_one_split_name_stop(tmp_path: Path) -> None:
    # review13: `en-US/` and `en_US/` both spelled `train_en_US`: two subsets merged under one split, exit 0
    root = tmp_path / "locales"
    for lang in ("en-US", "en_US"):
        for split in ("train", "test"):
            rows = [{"text": f"{_words(i, 6)} in {lang}", "label": "ab"[i % 2]} for i in range(3)]
            write_file(root / f"d/{lang}/{split}.jsonl", "\n".join(map(json.dumps, rows)) + "\n")
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")


def test_subset_folders_of_tables_of_other_fields_still_stop(tmp_path: Path) -> None:
    # OpenBookQA's Data/Main/{train,dev,test}.jsonl beside Data/Additional/{train,dev,test}_complete.jsonl, whose
    # rows hold more fields (fact1, humanScore ...): not subsets of one table
    root = tmp_path / "OpenBookQA-V1-Sep2018"
    for split in ("train", "dev", "test"):
        main = [{"id": f"{split}-{i}", "stem": f"{_words(i, 8)}?", "answerKey": "AB"[i % 2]} for i in range(3)]
        more = [{**row, "fact1": _words(i + 4, 7), "humanScore": 1.0} for i, row in enumerate(main)]
        write_file(root / f"Data/Main/{split}.jsonl", "\n".join(map(json.dumps, main)) + "\n")
        write_file(root / f"Data/Additional/{split}_complete.jsonl", "\n".join(map(json.dumps, more)) + "\n")
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")


# ---- a gold label of no consensus --------------------------------------------------------------------


def test_a_dash_gold_label_is_its_rows_reject(tmp_path: Path) -> None:
    # SNLI 1.0's snli_1.0_<split>.jsonl: gold_label '-' where no three of the five annotators agreed
    rows, truth = [], {}
    for i in range(5):
        gold = "-" if i == 2 else ("entailment", "neutral", "contradiction")[i % 3]
        rows.append({"annotator_labels": [gold], "gold_label": gold, "pairID": f"{i}r", "sentence1": _words(i, 8) + ".",
                     "sentence2": _words(i + 2, 5) + "."})
        if gold != "-":
            truth[f"snli_1.0_train.jsonl:{len(truth)}"] = ("train", frozenset({gold}))
    root = tmp_path / "snli_1.0"
    write_file(root / "snli_1.0_train.jsonl", "\n".join(map(json.dumps, rows)) + "\n")
    out = convert(root, tmp_path / "out")
    assert written_records(out)["records"] == truth
    assert [r["reason"] for r in _rejects(out)] == [
        "label '-': no label, not a class (SNLI's and MultiNLI's gold_label for a pair whose annotators reached no consensus)"
    ]
