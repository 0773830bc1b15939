"""Each kind the eleventh newcomer trial mended (test_newcomer_trial_eleven.py), tried on a neighbour
no file here names and on a hostile twin that must not be read the same way:

- a digit-free file repeated in every class folder of numbered texts is the folders' note (left
  out), while texts named alike without digits stay texts;
- a table named for evaluation beside a train table is the test split, while one beside a test
  table stays a split of its own name (never merged);
- a JSON object keyed by class (lists of one shape) is read with its key as the label, while lists
  of other shapes under other keys are not, nor rows with a label column of their own (languages);
- a `tokens` list is a text joined by spaces, while a list of numbers is none;
- a label file named before its split (`labels_dev.txt` beside `text_dev.txt`) labels its lines, and
  label lines of several words stop naming --label-separator, which then reads several labels;
- `###<id>` lines opening groups of `label<TAB>text` lines are no records, and a README beside the
  one data folder does not hide it, while a text that merely starts with `###` stays a record;
- a test table without the others' label column is offered that column, not a look-alike;
- named folders shared beneath class folders offer both label levels, numbered part folders
  neither, and the guard no longer fails on a loose file beside the part folders;
- pages named by their URL and `.html` pages in class folders are texts, a README.html above them
  is not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.refusals import refusal
from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, tuple[str, frozenset | None, str]]:
    """{record id: (split, labels or None, text)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.TEXT_LABEL_TEXT)
                values = value if isinstance(value, list) else [value]
                labelled = value is not None and record.get(contract.TEXT_LABEL) != contract.UNLABELLED
                labels = frozenset(v.decode() for v in values if v) if labelled else None
                found[record[contract.TEXT_SOURCE].decode()] = (split, labels or None, record[contract.TEXT].decode())
    return found


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return _records(out)


def _write(root: Path, files: dict[str, str]) -> Path:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root



_WORDS = ["a slow and quiet evening at home", "the meeting moved to friday afternoon", "cheap watches and pills online",
          "your account wins a free cruise today", "notes from the reading group", "claim the prize before midnight"]


# ---- a class folder's notes --------------------------------------------------------------------

def test_an_index_in_every_folder_of_numbered_messages_is_left_out(tmp_path):
    """Usenet-like class folders of numbered posts, each with an `index` listing them: the posts
    are the records, every one labelled by its folder; the indexes are none."""
    files = {f"{group}/{5100 + i}": f"Subject: post {i}\n\n{_WORDS[i]}\n" for i, group in enumerate(["misc.forsale", "rec.autos"] * 3)}
    files |= {f"{group}/index": "5100 5102 5104\n" for group in ("misc.forsale", "rec.autos")}
    got = _convert(_write(tmp_path / "src", files), tmp_path / "out")
    assert {rid: labels for rid, (_, labels, _) in got.items()} == {p: frozenset({p.split("/")[0]}) for p in files if "index" not in p}


def test_texts_named_alike_without_digits_stay_texts(tmp_path):
    """Its twin: every folder holds `intro` and `summary`, and no name has a digit: they are the texts."""
    files = {f"{topic}/{part}": f"{_WORDS[k]} ({topic} {part})\n" for k, (topic, part) in
             enumerate([(t, p) for t in ("history", "physics", "poetry") for p in ("intro", "summary")][:6])}
    got = _convert(_write(tmp_path / "src", files), tmp_path / "out")
    assert sorted(got) == sorted(files)


# ---- a table named for evaluation --------------------------------------------------------------

def _table(rows: list[tuple[str, str]]) -> str:
    return "text,label\n" + "".join(f'"{t}",{y}\n' for t, y in rows)


_ROWS = [(w, ("ham", "spam")[i % 2]) for i, w in enumerate(_WORDS)]


def test_a_table_named_for_evaluation_beside_train_is_the_test_split(tmp_path):
    src = _write(tmp_path / "src", {"train.csv": _table(_ROWS[:4]), "eval_set.csv": _table(_ROWS[4:])})
    got = _convert(src, tmp_path / "out")
    assert {text: split for split, _, text in got.values()} == {**{t: "train" for t, _ in _ROWS[:4]}, **{t: "test" for t, _ in _ROWS[4:]}}


def test_an_evaluation_table_beside_a_test_table_is_never_merged_into_it(tmp_path):
    """Its twin: train, test and evaluation tables: each of the two held-out tables a split of its own."""
    src = _write(tmp_path / "src", {"train.csv": _table(_ROWS[:2]), "test.csv": _table(_ROWS[2:4]),
                                    "evaluation.csv": _table(_ROWS[4:])})
    got = _convert(src, tmp_path / "out")
    splits = {text: split for split, _, text in got.values()}
    assert {splits[t] for t, _ in _ROWS[2:4]} != {splits[t] for t, _ in _ROWS[4:]}
    assert {splits[t] for t, _ in _ROWS[:2]} == {"train"}


# ---- JSON keyed by class; tokens ---------------------------------------------------------------

def test_json_keyed_by_class_is_read_with_the_key_as_label_and_tokens_joined(tmp_path):
    """An intent file `{intent: [{"tokens": [...]}, ...]}` per split: each utterance its tokens
    joined, labelled by the key it is listed under."""
    doc = {"book_flight": [{"tokens": ["fly", "me", "to", "oslo"]}, {"tokens": ["a", "seat", "to", "rome"]}],
           "play_music": [{"tokens": ["play", "some", "jazz"]}, {"tokens": ["next", "song", "please"]}]}
    src = _write(tmp_path / "src", {"train.json": json.dumps(doc)})
    got = _convert(src, tmp_path / "out")
    assert {text: labels for _, labels, text in got.values()} == {
        " ".join(u["tokens"]): frozenset({intent}) for intent, utterances in doc.items() for u in utterances}


def test_lists_of_other_shapes_under_other_keys_are_not_classes(tmp_path):
    """Its twin: `questions` and `answers`, lists of objects of different fields, are no classes:
    nothing is written labelled by its key."""
    doc = {"questions": [{"id": i, "question": w} for i, w in enumerate(_WORDS[:3])],
           "answers": [{"id": i, "answer": w, "score": 1} for i, w in enumerate(_WORDS[3:])]}
    src = _write(tmp_path / "src", {"qa.json": json.dumps(doc)})
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_subsets_of_a_labelled_table_under_keys_are_not_labelled_by_their_key(tmp_path):
    """Its other twin: `{"en": [{"text", "sentiment"}], "fr": [...]}`: rows with a label column of
    their own under language keys; labelled by `en`/`fr` every record would be wrong with exit 0."""
    doc = {lang: [{"text": f"{lang} {t}", "sentiment": y} for t, y in _ROWS] for lang in ("en", "fr")}
    src = _write(tmp_path / "src", {"reviews.json": json.dumps(doc)})
    try:
        got = _convert(src, tmp_path / "out")
    except ShardifyError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    assert not {labels for _, labels, _ in got.values()} & {frozenset({"en"}), frozenset({"fr"})}


def test_a_list_of_token_ids_is_no_text(tmp_path):
    """A `tokens` column of numbers (a tokenizer's ids) is not joined into a text."""
    lines = [json.dumps({"tokens": [101, 2000 + i, 102], "label": y}) for i, (_, y) in enumerate(_ROWS)]
    src = _write(tmp_path / "src", {"train.jsonl": "\n".join(lines) + "\n"})
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ---- parallel label files named before their split ----------------------------------------------

def test_a_label_file_named_before_its_split_labels_its_lines(tmp_path):
    src = _write(tmp_path / "src", {"text_dev.txt": "".join(f"{t}\n" for t, _ in _ROWS),
                                    "labels_dev.txt": "".join(f"{y}\n" for _, y in _ROWS)})
    got = _convert(src, tmp_path / "out")
    assert {text: (split, labels) for split, labels, text in got.values()} == {t: ("dev", frozenset({y})) for t, y in _ROWS}


def test_label_lines_of_several_words_stop_naming_the_separator_which_reads_them(tmp_path):
    """Its twin: `sports politics` a line: several labels or one of two words, which the lines do
    not tell; the stop names --label-separator, and with it each word is a label."""
    tags = ["sports", "sports politics", "politics", "arts sports", "arts", "politics arts"]
    src = _write(tmp_path / "src", {"text_train.txt": "".join(f"{t}\n" for t in _WORDS),
                                    "label_train.txt": "".join(f"{y}\n" for y in tags)})
    assert "--label-separator ' '" in refusal(src, tmp_path / "out")
    got = _convert(src, tmp_path / "followed", label_separator=" ")
    assert {text: labels for _, labels, text in got.values()} == {t: frozenset(y.split()) for t, y in zip(_WORDS, tags)}


# ---- group lines; a README beside the one data folder ---------------------------------------------

def test_group_lines_are_no_records_and_a_readme_does_not_hide_the_data_folder(tmp_path):
    """Sentences of abstracts, `ROLE<TAB>sentence`, each abstract opened by `###<id>` and closed by
    a blank line, in `data/` beside a README: a record per sentence, labelled by its role."""
    roles = ["BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS"]
    lines, truth = [], {}
    for a in range(3):
        lines.append(f"###{31000 + a}")
        for k, role in enumerate(roles):
            sentence = f"{_WORDS[(a + k) % 6].capitalize()} in trial {a} part {k}."
            lines.append(f"{role}\t{sentence}")
            truth[sentence] = frozenset({role})
        lines.append("")
    src = _write(tmp_path / "src", {"README.md": "# Abstracts\n", "data/train.txt": "\n".join(lines) + "\n"})
    got = _convert(src, tmp_path / "out")
    assert {text: labels for _, labels, text in got.values()} == truth


def test_a_text_starting_with_hashes_stays_a_record(tmp_path):
    """Its twin: `howto<TAB>### Install the package`: a record whose text starts with `###`."""
    rows = [(("howto", "faq")[i % 2], ("### " if i == 1 else "") + w) for i, w in enumerate(_WORDS * 2)]
    src = _write(tmp_path / "src", {"train.txt": "".join(f"{y}\t{t}\n" for y, t in rows)})
    got = _convert(src, tmp_path / "out")
    assert sorted(text for _, _, text in got.values()) == sorted(t for _, t in rows)


# ---- a test table without the others' label column -----------------------------------------------

def test_a_test_table_lacking_the_label_column_is_offered_it_not_a_look_alike(tmp_path):
    """train.jsonl labelled `label`; test.jsonl without it, but with `genre` (three repeated words):
    the stop offers --label-column 'label', which reads the test rows unlabelled."""
    def line(i, text, labelled):
        return json.dumps({"text": text, "genre": ("news", "blog", "forum")[i % 3], **({"label": _ROWS[i][1]} if labelled else {})})
    train = [line(i, t, True) for i, (t, _) in enumerate(_ROWS)]
    test = [line(i, f"held out {t}", False) for i, (t, _) in enumerate(_ROWS)]
    src = _write(tmp_path / "src", {"train.jsonl": "\n".join(train) + "\n", "test.jsonl": "\n".join(test) + "\n"})
    refused = refusal(src, tmp_path / "out")
    assert "--label-column 'label'" in refused and "'genre'" not in refused
    got = _convert(src, tmp_path / "followed", label_column="label")
    assert {text: labels for _, labels, text in got.values()} == {
        **{t: frozenset({y}) for t, y in _ROWS}, **{f"held out {t}": None for t, _ in _ROWS}}


# ---- named folders shared beneath class folders ---------------------------------------------------

def _two_level(root: Path, top: tuple[str, ...], beneath: tuple[str, ...]) -> Path:
    return _write(root, {f"corpus/{a}/{b}/{k}.txt": f"{_WORDS[(i + k) % 6]} {a} {b} {k}\n"
                         for i, (a, b) in enumerate((a, b) for a in top for b in beneath) for k in range(2)})


@pytest.mark.parametrize("level, position", [(2, 1), (3, 2)])
def test_shared_named_folders_beneath_offer_both_levels_each_converting(tmp_path, level, position):
    """`corpus/<source>/<genre>/`: which level is the class, the names cannot tell; the stop names
    both, and each labels every record by its own level."""
    src = _two_level(tmp_path / "src", ("wire", "web"), ("sport", "finance"))
    refused = refusal(src, tmp_path / "out")
    assert "--label-level 2" in refused and "--label-level 3" in refused
    got = _convert(src, tmp_path / f"followed{level}", label_level=level)
    assert {rid: labels for rid, (_, labels, _) in got.items()} == {rid: frozenset({rid.split("/")[position]}) for rid in got}


def test_numbered_parts_beneath_offer_no_label_level_and_a_loose_file_is_no_failure(tmp_path):
    """Its twin: `corpus/<version>/part1/` with a readme loose beside the versions: the part
    folders are folds, no classes; the stop names no --label-level (it was a traceback)."""
    src = _two_level(tmp_path / "src", ("bare", "lemm"), ("part1", "part2"))
    _write(src, {"corpus/readme.txt": "Two versions, each in parts.\n"})
    assert "--label-level" not in refusal(src, tmp_path / "out")


# ---- pages named by their URL; web pages in class folders -----------------------------------------

def test_pages_named_by_url_and_html_pages_in_class_folders_are_texts(tmp_path):
    files = {"pages/course/http:^^cs.example.edu^cs101^": "<html>intro to programming</html>\n",
             "pages/course/http:^^cs.example.edu^cs202^index.html": "<html>data structures</html>\n",
             "pages/faculty/http:^^cs.example.edu^~ada^": "<html>Ada's home page</html>\n",
             "pages/faculty/http:^^cs.example.edu^~alan^home.html": "<html>Alan's home page</html>\n"}
    src = _write(tmp_path / "src", {**files, "pages/README.html": "<html>About these pages</html>\n"})
    got = _convert(src, tmp_path / "out")
    assert {rid: labels for rid, (_, labels, _) in got.items()} == {p: frozenset({p.split("/")[1]}) for p in files}
