"""Hostile input, fifteenth round: nested question-answering JSON, records keyed by id split by an
ids file beside them, and `--json-records`.

Literals JSON's grammar does not hold (NaN, Infinity), keys given twice, ids of the wrong types,
answers outside their passage, nesting past the parser, documents too big to parse at detection,
record paths that name nothing. Every question or keyed record ends in one record or one reject
(or the whole file in one reject saying why), or the run stops in one line naming the file or the
option; never a traceback, and never a record whose split or label the file did not give.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import write_file

_W = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho".split()


def _words(seed: int, n: int) -> str:
    return " ".join(_W[(seed * 7 + k * 3) % len(_W)] for k in range(n))


def _squad(questions: list[dict] | None = None, context: str | None = None) -> dict:
    context = context or f"{_words(1, 25).capitalize()}."
    qas = questions if questions is not None else [
        {"question": f"What did {_words(q, 3)} say there?", "id": f"q{q}",
         "answers": [{"text": context.split()[q], "answer_start": 0}]} for q in range(3)]
    return {"version": "1.1", "data": [{"title": "T", "paragraphs": [{"context": context, "qas": qas}]}]}


def _accounted(written: dict, rejected: dict, name: str, n: int) -> None:
    """`n` questions of `name` each in one record or one reject, or the file in one reject."""
    mine = [k for k in (*written, *rejected) if k.split("#")[0].split(":")[0] == name]
    assert len(mine) == n or list(rejected) == [name], (sorted(written), rejected)


# ---- questions under passages ---------------------------------------------------------------------------


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_a_non_json_number_literal_in_an_answer_is_no_traceback(tmp_path: Path, literal: str) -> None:
    text = json.dumps(_squad()).replace('"answer_start": 0', f'"answer_start": {literal}', 1)
    write_file(tmp_path / "src" / "train-v1.1.json", text)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train-v1.1.json")
    else:
        _accounted(*finished(result, tmp_path / "out"), "train-v1.1.json", 3)


@pytest.mark.parametrize("literal", ["NaN", "Infinity"])
def test_a_question_that_is_a_non_json_number_is_its_own_reject(tmp_path: Path, literal: str) -> None:
    text = json.dumps(_squad()).replace('"What did', f'{literal}, "x": "What did', 1).replace(
        '"question": NaN', f'"question": {literal}')
    write_file(tmp_path / "src" / "train-v1.1.json", text)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train-v1.1.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert all(v[2] not in ("nan", "inf", "NaN", "Infinity") for v in written.values()), written


def test_answers_outside_their_passage_leave_the_questions_whole(tmp_path: Path) -> None:
    context = f"{_words(2, 20).capitalize()}."
    questions = [{"question": f"Where is {_words(q, 4)} now?", "id": f"q{q}",
                  "answers": [{"text": "nowhere in the text", "answer_start": 10 ** 6 * (q + 1)}]} for q in range(3)]
    write_file(tmp_path / "src" / "dev-v1.1.json", json.dumps(_squad(questions, context)))
    write_file(tmp_path / "src" / "train-v1.1.json", json.dumps(_squad()))
    written, rejected = finished(run(tmp_path / "src", tmp_path / "out"), tmp_path / "out")
    _accounted(written, rejected, "dev-v1.1.json", 3)
    _accounted(written, rejected, "train-v1.1.json", 3)


@pytest.mark.parametrize("value", [None, 7, ["a", "list"], {"an": "object"}, True, ""],
                         ids=["null", "number", "list", "object", "boolean", "empty"])
def test_a_question_of_another_type_is_one_reject_and_the_others_records(tmp_path: Path, value: object) -> None:
    doc = _squad()
    doc["data"][0]["paragraphs"][0]["qas"][1]["question"] = value
    write_file(tmp_path / "src" / "train-v1.1.json", json.dumps(doc))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train-v1.1.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    _accounted(written, rejected, "train-v1.1.json", 3)
    assert len(written) >= 2 or list(rejected) == ["train-v1.1.json"], (written, rejected)


def test_a_question_key_given_twice_is_no_silent_choice(tmp_path: Path) -> None:
    text = json.dumps(_squad()).replace('"question": "What did', '"question": "Which one of them?", "question": "What did', 1)
    write_file(tmp_path / "src" / "train-v1.1.json", text)
    write_file(tmp_path / "src" / "dev-v1.1.json", json.dumps(_squad()))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train-v1.1.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert all("Which one" not in v[2] for v in written.values()) and rejected, (written, rejected)


def test_a_passage_nested_past_the_parser_is_a_reject_naming_the_file(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    text = json.dumps(_squad()).replace('"title": "T"', f'"title": {deep}')
    write_file(tmp_path / "src" / "train-v1.1.json", text)
    write_file(tmp_path / "src" / "dev-v1.1.json", json.dumps(_squad()))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train-v1.1.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "train-v1.1.json" in rejected and "nested" in rejected["train-v1.1.json"], rejected
    _accounted(written, rejected, "dev-v1.1.json", 3)


@pytest.mark.parametrize("top", ["NaN", '"a string"', "[]", "{}", "null", "[1, 2, 3]", "{\"data\": []}"])
def test_a_json_file_of_no_records_is_one_reject_or_one_line(tmp_path: Path, top: str) -> None:
    write_file(tmp_path / "src" / "train-v1.1.json", json.dumps(_squad()))
    write_file(tmp_path / "src" / "dev-v1.1.json", top)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "dev-v1.1.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "dev-v1.1.json" in rejected or any(k.startswith("dev-v1.1.json") for k in rejected), rejected
    _accounted(written, rejected, "train-v1.1.json", 3)


# ---- --json-records ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["", "*", "**", ".", "data..paragraphs", "data.*.title", "data.*.paragraphs.*.qas.*.id",
                                  "x" * 5000, ".".join(["*"] * 2000), "données.*", "data.-1", "data.0"],
                         ids=["empty", "star", "two stars", "dot", "empty step", "strings", "ids", "5000 chars",
                              "2000 stars", "unicode", "negative index", "index"])
def test_json_records_naming_nothing_or_strings_stops_naming_the_option(tmp_path: Path, path: str) -> None:
    write_file(tmp_path / "src" / "train-v1.1.json", json.dumps(_squad()))
    result = run(tmp_path / "src", tmp_path / "out", "--json-records", path)
    if result.returncode == 0:  # a path that does name the questions' objects is read
        written, rejected = finished(result, tmp_path / "out")
        _accounted(written, rejected, "train-v1.1.json", 3)
        return
    text = refused(result)
    assert "--json-records" in text or "train-v1.1.json" in text, text
    assert len(text) < 2000, len(text)


def test_json_records_on_a_table_of_rows_is_no_traceback(tmp_path: Path) -> None:
    rows = "\n".join(json.dumps({"text": _words(i, 6), "label": "ab"[i % 2]}) for i in range(6))
    write_file(tmp_path / "src" / "train.jsonl", rows + "\n")
    result = run(tmp_path / "src", tmp_path / "out", "--json-records", "data.*.qas.*")
    if result.returncode:
        refused(result)
    else:
        written, rejected = finished(result, tmp_path / "out")
        assert len(written) + len(rejected) == 6, (written, rejected)


# ---- records keyed by id, split by an ids file ------------------------------------------------------------


def _keyed(n: int = 6) -> dict:
    posts = {}
    for i in range(n):
        votes = [{"rater": 10 + a, "label": ("hostile", "neutral")[i % 2]} for a in range(3)]
        posts[f"{1000 + i}_gab"] = {"id": f"{1000 + i}_gab", "tokens": _words(i, 7).split(), "ratings": votes}
    return posts


def _hatexplain(root: Path, ids: object, posts: dict | None = None, ids_text: str | None = None) -> dict:
    posts = posts or _keyed()
    write_file(root / "Data" / "dataset.json", json.dumps(posts))
    write_file(root / "Data" / "post_id_divisions.json", ids_text or json.dumps(ids))
    return posts


def _splits(written: dict) -> dict[str, str]:
    return {k: v[0] for k, v in written.items()}


def test_an_ids_file_giving_a_split_twice_is_no_silent_choice(tmp_path: Path) -> None:
    text = ('{"train": ["1000_gab", "1001_gab"], "test": ["1002_gab", "1003_gab"], '
            '"train": ["1004_gab", "1005_gab"]}')
    _hatexplain(tmp_path / "src", None, ids_text=text)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "post_id_divisions.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(written) + len(rejected) == 6
    # the first train list was dropped by the parser: its posts are no record of another split
    assert all(v[0] in ("train", "test") for v in written.values()), written
    assert len(rejected) == 0 or all("train" in r or "twice" in r for r in rejected.values()), rejected


@pytest.mark.parametrize("ids", [
    {"train": [1000.0, 1001.0], "test": [1002.0]},
    {"train": [True, False], "test": [None]},
    {"train": [["1000_gab"]], "test": [{"id": "1002_gab"}]},
    {"train": "1000_gab", "test": "1002_gab"},
    {"train": [], "test": []},
    {"train": ["1000_gab", "1001_gab", "1002_gab"], "test": ["1003_gab", "1004_gab", "1005_gab", "9999_gab"]},
], ids=["floats", "booleans and null", "nested", "strings not lists", "empty lists", "an id of no post"])
def test_an_ids_file_of_odd_ids_puts_each_post_in_one_place(tmp_path: Path, ids: dict) -> None:
    posts = _hatexplain(tmp_path / "src", ids)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "Data/")
        return
    written, rejected = finished(result, tmp_path / "out")
    keyed = [k for k in (*written, *rejected) if k.startswith("Data/dataset.json")]
    assert len(keyed) == len(posts) or "Data/dataset.json" in rejected, (written, rejected)
    listed = {str(i): s for s, v in ids.items() if isinstance(v, list) for i in v if isinstance(i, str)}
    for key, (split, _, _) in written.items():  # a post is only in a split its file lists it under, or train unsplit
        post = next((p for p in posts if p in key or key.endswith(f":{list(posts).index(p)}")), None)
        assert post is None or listed.get(post, split) == split or not listed, (key, split, listed)


@pytest.mark.parametrize("label", [float("nan"), float("inf"), 3.5, None], ids=["NaN", "Infinity", "float", "null"])
def test_annotators_voting_a_non_json_number_write_no_class_of_it(tmp_path: Path, label: object) -> None:
    posts = _keyed()
    for vote in posts["1001_gab"]["ratings"]:
        vote["label"] = label
    ids = {"train": list(posts)[:4], "test": list(posts)[4:]}
    _hatexplain(tmp_path / "src", ids, posts)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "dataset.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(written) + len(rejected) == 6, (written, rejected)
    assert all(not {"nan", "inf", "NaN", "Infinity"} & set(v[1]) for v in written.values()), written


def test_a_post_id_given_twice_in_the_records_is_no_silent_choice(tmp_path: Path) -> None:
    posts = _keyed()
    text = json.dumps(posts)
    dup = json.dumps(posts["1000_gab"] | {"tokens": ["other", "words", "of", "a", "second", "post"]})
    text = text[:-1] + f', "1000_gab": {dup}}}'
    root = tmp_path / "src"
    write_file(root / "Data" / "dataset.json", text)
    write_file(root / "Data" / "post_id_divisions.json", json.dumps({"train": list(posts)[:4], "test": list(posts)[4:]}))
    write_file(root / "Other" / "dataset.json", json.dumps(posts))  # (so that the run finishes)
    result = run(root, tmp_path / "out")
    if result.returncode:
        refused(result, "dataset.json")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert all("second post" not in v[2] for v in written.values()), written
    assert "repeats the key '1000_gab'" in rejected.get("Data/dataset.json", ""), rejected


def test_keyed_documents_are_not_parsed_whole_at_detection_to_look_for_ids_files(tmp_path: Path) -> None:
    """Each looked-at `.json` was read up to 64 MB and parsed whole, all 32 held at once, only to
    find the small ids file among them: detection's memory grew with every document's size."""
    import tracemalloc

    from shardify.beam_jobs.discover import json_split_ids
    from shardify.config import ConvertConfig
    from shardify.plan import layout

    root = tmp_path / "src"
    big = {f"{i}_gab": {"post_id": f"{i}_gab", "annotators": [{"label": "normal"}], "post_tokens": _words(i, 9).split()}
           for i in range(4000)}
    names = [f"Data/part{n}.json" for n in range(8)]
    for name in names:
        write_file(root / name, json.dumps(big))
    size = (root / names[0]).stat().st_size
    detected = layout.SourceLayout(name=layout.TABLES, media="text")
    tracemalloc.start()
    try:
        json_split_ids.with_split_ids(ConvertConfig(str(root), str(tmp_path / "out")), names, detected)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * size, (peak, size)


@pytest.mark.parametrize("text", ['\ufeff{"train": %s, "test": %s}', '\n\n   {\n  "train" : %s,\n  "test" : %s\n}\n',
                                  '{"\\u0074rain": %s, "test": %s}'],
                         ids=["byte-order mark", "pretty-printed", "an escaped split name"])
def test_an_ids_file_of_a_byte_order_mark_or_leading_space_still_splits(tmp_path: Path, text: str) -> None:
    posts = _keyed()
    ids_text = text % (json.dumps(list(posts)[:4]), json.dumps(list(posts)[4:]))
    _hatexplain(tmp_path / "src", None, posts, ids_text=ids_text)
    written, rejected = finished(run(tmp_path / "src", tmp_path / "out"), tmp_path / "out")
    assert sorted(v[0] for v in written.values()) == ["test"] * 2 + ["train"] * 4, (written, rejected)
