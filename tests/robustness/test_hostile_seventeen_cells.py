"""Hostile input, seventeenth round: label cells round sixteen learnt to read, and the tables around them.

List-literal cells (`['cs.LG', 'cs.AI']`) nested 100,000 deep, never closed, holding a Python
expression (which must never run), a number of 5,000 digits, a label of a line break, of nothing, of
a NUL; `{id: name}` cells nested deep or of 20,000 keys; vote-count cells `(3, 2)` inside a million
parentheses; split lists of `<file> <word>` rows whose word is a path or a control character; a
prefix-split folder whose prefixes differ only by case or are not ASCII. Each row ends in one record
whose labels are its cell's items, or one reject naming the row; or the run stops naming the column
or file. Never a traceback, a hang, a label holding a line break, or code run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import csv_text, image_bytes, write_file

_WORDS = "markets rose as grain prices fell while the central bank held rates and wheat exports grew".split()


def _text(seed: int, n: int = 12) -> str:
    return " ".join(_WORDS[(seed * 5 + k * 3) % len(_WORDS)] for k in range(n)).capitalize() + "."


_TOPICS = [["earn"], ["grain", "wheat"], ["acq"], ["grain", "corn"], ["earn"], ["crude"], ["acq", "earn"], ["corn"]]


def _list_table(root: Path, hostile: str, at: int = 3) -> Path:
    cells = [repr(t) for t in _TOPICS]
    cells[at] = hostile
    write_file(root / "reuters.csv", csv_text([["text", "topics"]] + [[_text(i), c] for i, c in enumerate(cells)]))
    return root


def _judge_labels(tmp_path: Path, hostile: str, *options: str, at: int = 3) -> tuple[dict, dict]:
    """The table converted with its label column named: each row but `at` labelled by its list, row
    `at` rejected or labelled by a set of clean names; or a stop naming something."""
    src = _list_table(tmp_path / "src", hostile, at)
    result = run(src, tmp_path / "out", "--text-column", "text", "--label-column", "topics", *options)
    if result.returncode:
        refused(result)
        return {}, {}
    written, rejected = finished(result, tmp_path / "out")
    keys = {f"reuters.csv#{i + 2}" for i in range(len(_TOPICS))}
    assert set(written) | set(rejected) == keys, (sorted(written), rejected)
    for i, topics in enumerate(_TOPICS):
        got = written.get(f"reuters.csv#{i + 2}")
        if i != at:
            assert got is not None and set(got[1]) == set(topics), (i, got, rejected)
        elif got is not None:
            assert all(label.strip() and label.isprintable() for label in got[1]), got
    return written, rejected


_LIST_CELLS = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "object nested deep": '{"a": ' * 50_000 + '"b"' + "}" * 50_000,
    "unclosed": "['grain', 'wheat'",
    "only opened": "[",
    "5,000 digits": "[" + "9" * 5000 + "]",
    "1e999": "[1e999]",
    "line break": '["grain\\nwheat"]',
    "carriage return": '["grain\\rwheat"]',
    "nothing": '[""]',
    "blank": "['   ']",
    "nul": '["grain\\u0000"]',
    "object of a line break": '{"/m/1": "Dra\\nma"}',
    "tuple": "('grain', 'wheat')",
    "a set": "{'grain', 'wheat'}",
}


@pytest.mark.parametrize("cell", list(_LIST_CELLS.values()), ids=list(_LIST_CELLS))
def test_a_hostile_list_cell_is_rejected_or_read_as_names(tmp_path: Path, cell: str) -> None:
    _judge_labels(tmp_path, cell)


def test_a_python_expression_in_a_list_cell_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _judge_labels(tmp_path, f"[__import__('pathlib').Path({str(marker)!r}).touch()]")
    _judge_labels(tmp_path / "2", f"[open({str(marker)!r}, 'w')]")
    assert not marker.exists()


def test_an_object_cell_of_20000_keys_ends(tmp_path: Path) -> None:
    cell = json.dumps({f"/m/{k}": f"genre{k % 7}" for k in range(20_000)})
    _judge_labels(tmp_path, cell)


def test_a_list_cell_of_10000_names_ends(tmp_path: Path) -> None:
    _judge_labels(tmp_path, json.dumps([f"topic{k}" for k in range(10_000)]))


def test_every_cell_nested_deep_stops_or_rejects(tmp_path: Path) -> None:
    deep = "[" * 3000 + "'a'" + "]" * 3000
    write_file(tmp_path / "src" / "reuters.csv", csv_text([["text", "topics"]] + [[_text(i), deep] for i in range(8)]))
    result = run(tmp_path / "src", tmp_path / "out", "--text-column", "text", "--label-column", "topics")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    for got in written.values():
        assert got[1] in ((), (deep,)), got


# ------------------------------------------------------------------------------------------------
# Vote counts
# ------------------------------------------------------------------------------------------------


def _votes_table(root: Path, hostile: str) -> Path:
    votes = ["(3, 2)", "(1, 4)", "(5, 0)", "(0, 5)", "(4, 1)", "(2, 3)"]
    votes[2] = hostile
    lines = [f"{_text(i, 6)}\t{_text(i + 9, 7)}\t{v}" for i, v in enumerate(votes)]
    write_file(root / "data" / "train.data", "\n".join(lines) + "\n")
    return root


@pytest.mark.parametrize("cell", ["(" * 1_000_000 + "3, 2" + ")" * 1_000_000, "(3" + ", 2" * 500_000 + ")",
                                  "(3, 2" + " " * 100_000],
                         ids=["a million parentheses", "a million counts", "never closed"])
def test_a_hostile_vote_cell_ends_in_a_stop_or_rejects(tmp_path: Path, cell: str) -> None:
    src = _votes_table(tmp_path / "src", cell)
    result = run(src, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    for got in written.values():
        assert not any(label.startswith("(") for label in got[1]), got


# ------------------------------------------------------------------------------------------------
# Split lists of '<file> <word>' rows; split prefixes
# ------------------------------------------------------------------------------------------------


def _images(root: Path, names: list[str]) -> None:
    for i, name in enumerate(names):
        write_file(root / name, image_bytes(seed=i))


@pytest.mark.parametrize("word", ["../../etc", "cat\x0b", "\u202ecat", "cat\x00"],
                         ids=["a path", "vertical tab", "bidi override", "nul"])
def test_a_word_list_of_a_hostile_word_labels_cleanly_or_rejects(tmp_path: Path, word: str) -> None:
    names = [f"images/{k:03d}.jpg" for k in range(10)]
    _images(tmp_path / "src", names)
    words = ["cat", "dog"] * 5
    words[3] = word
    write_file(tmp_path / "src" / "train.txt", "".join(f"{n} {w}\n" for n, w in zip(names[:8], words)))
    write_file(tmp_path / "src" / "val.txt", "".join(f"{n} {w}\n" for n, w in zip(names[8:], words[8:])))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(names) <= set(written) | set(rejected), (sorted(written), rejected)
    for name, w in zip(names, words):
        got = written.get(name)
        if got is not None and name != names[3]:
            assert got[1] == (w,), (name, got)
        if got is not None:
            assert all(label.isprintable() and "/" not in label for label in got[1]), got


@pytest.mark.parametrize("prefixes", [("train", "Train"), ("train", "trаin"), ("ｔｒａｉｎ", "test")],
                         ids=["case twins", "cyrillic a", "full width"])
def test_prefix_splits_of_twin_or_foreign_prefixes_are_named_as_written(tmp_path: Path, prefixes: tuple[str, str]) -> None:
    names = [f"{prefixes[k % 2]}_{k}.png" for k in range(8)]
    for k, name in enumerate(names):
        write_file(tmp_path / "src" / "glas" / name, image_bytes(fmt="PNG", seed=k))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert {f"glas/{n}" for n in names} == set(written) | set(rejected), (sorted(written), rejected)
    splits = {name: written[f"glas/{name}"][0] for name in names if f"glas/{name}" in written}
    # a split read from a prefix holds only files of that prefix (two different prefixes: two splits)
    by_split: dict[str, set[str]] = {}
    for name, split in splits.items():
        by_split.setdefault(split, set()).add(name.split("_")[0])
    assert all(len(found) == 1 for found in by_split.values()) or len(by_split) == 1, by_split


# ------------------------------------------------------------------------------------------------
# A label column with one cell of a text's length past the rows detection judged
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cell", ["x" * 100_000, " ".join(_WORDS) * 200], ids=["100,000 characters", "a text"])
def test_a_label_cell_of_a_texts_length_is_its_rows_reject(tmp_path: Path, cell: str) -> None:
    rows = [f"{('neg', 'pos')[i % 2]}\t{_text(i)} number {i}" for i in range(600)]
    rows[550] = f"{cell}\t{_text(5)}"
    write_file(tmp_path / "src" / "train.tsv", "\n".join(rows) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert {label for got in written.values() for label in got[1]} <= {"neg", "pos"}, sorted(
        {label[:30] for got in written.values() for label in got[1]})
    assert set(written) | set(rejected) == {f"train.tsv#{i + 1}" for i in range(600)}
    # a cell past any class name's length, or (since review21's label_sentences) one written as a sentence
    # in a column of label words: its row's reject either way, with the reason
    assert "no class name" in rejected["train.tsv#551"] or "is a sentence" in rejected["train.tsv#551"], rejected
