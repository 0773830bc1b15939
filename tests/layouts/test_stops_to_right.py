"""Stops turned into right conversions where the files leave no doubt, each beside its twin that still stops.

A stop (exit 2, naming an option) is safe but is not a right conversion (issue 30). Where exactly one
reading is consistent with all the files, the first command converts it; where two stay possible it
still stops. Each rule here has a neighbour nobody named (converted right, with no option) and an
ambiguous twin (stopped before writing). Rules: beam_jobs/discover/decided_labels.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_HEADLINES = [
    ("Council approves the new budget for schools after a long debate", "Daily Post", "politics"),
    ("Local team wins the final in the last minute of extra time", "Evening Star", "sport"),
    ("Parliament delays the vote on the housing bill until spring", "Evening Star", "politics"),
    ("Striker signs a three year deal with the northern club", "Daily Post", "sport"),
    ("Storm closes the coastal road and cuts power to villages", "Daily Post", "weather"),
    ("Minister resigns over the leaked report on hospital waiting lists", "Evening Star", "politics"),
    ("Heavy snow expected across the hills by the weekend", "Evening Star", "weather"),
    ("Keeper saves two penalties as the cup run goes on", "Daily Post", "sport"),
]
# (six rows: enough for `publisher`'s repeats to show in test.csv too, which then stops on a column of its own)
_TESTS = ["Mayor opens the new bridge over the river at dawn", "Coach praises the young side after a narrow win",
          "Fog warnings issued for the morning commute", "Hospital opens a new wing for children next month",
          "Captain ruled out for the rest of the season with a knee injury", "Flood defences hold as the river peaks"]


def _competition(root: Path, test_header: str) -> Path:
    """train.csv `id,headline,publisher,genre` (two columns of repeated words, none named as the
    label) beside a test.csv of `test_header`."""
    root.mkdir(parents=True)
    rows = "".join(f'h{i},"{t}",{p},{g}\n' for i, (t, p, g) in enumerate(_HEADLINES))
    (root / "train.csv").write_text("id,headline,publisher,genre\n" + rows, encoding="utf-8")
    names = test_header.split(",")
    cells = {"id": lambda i, t: f"t{i}", "headline": lambda i, t: f'"{t}"',
             "publisher": lambda i, t: ("Daily Post", "Evening Star")[i % 2], "genre": lambda i, t: ("sport", "weather")[i % 2]}
    (root / "test.csv").write_text(test_header + "\n" + "".join(
        ",".join(cells[n](i, t) for n in names) + "\n" for i, t in enumerate(_TESTS)), encoding="utf-8")
    return root


def test_the_one_column_the_test_table_lacks_is_the_label(tmp_path: Path) -> None:
    """`publisher` and `genre` both hold repeated words; test.csv has `publisher` and lacks `genre`:
    what the test asks for is the label, and the test rows are written unlabelled."""
    root = _competition(tmp_path / "src", "id,headline,publisher")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = written_records(tmp_path / "out")["records"]
    want = {f"train.csv:{i}": ("train", frozenset({g})) for i, (_, _, g) in enumerate(_HEADLINES)}
    want |= {f"test.csv:{i}": ("test", None) for i in range(len(_TESTS))}
    assert written == want


def test_the_plan_says_which_tables_decided_the_label_column(tmp_path: Path) -> None:
    root = _competition(tmp_path / "src", "id,headline,publisher")
    ran = run_shardify("convert", str(root), str(tmp_path / "out"), "--dry-run")
    assert ran.returncode == 0, ran.stderr
    assert "label column 'genre'" in ran.stdout + ran.stderr and "test.csv lacks" in ran.stdout + ran.stderr


@pytest.mark.parametrize("test_header", [
    "id,headline",                     # lacks both candidates: which is the label is still a guess
    "id,headline,publisher,genre",     # lacks neither (a test table that is labelled too)
    "headline,publisher,genre",        # lacks only the id, no candidate
])
def test_a_test_table_that_lacks_no_one_candidate_still_stops(test_header: str, tmp_path: Path) -> None:
    root = _competition(tmp_path / "src", test_header)
    with pytest.raises(UsageError, match="--label-column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_VERDICTS = [("The battery lasts two days and the screen is bright", "good"), ("It broke after a week of light use", "bad"),
             ("Arrived early and works exactly as described", "good"), ("The strap snapped on the first run", "bad"),
             ("Comfortable to wear all day and easy to set up", "good"), ("Stopped charging and support never replied", "bad"),
             ("Great value for the price and looks smart", "good"), ("The buttons stick and the app keeps crashing", "bad")]


def _reviews(root: Path, third: tuple[str, list[str]] | None = None, verdicts: list[str] | None = None) -> Path:
    """reviews.tsv: review_id, the text, a verdict of repeated words and a blank column; `third`
    adds a column (name, cells); `verdicts` replaces the verdicts' cells."""
    root.mkdir(parents=True)
    header = ["review_id", "review_text", "verdict"] + ([third[0]] if third else []) + [""]
    lines = ["\t".join(header)]
    for i, (text, verdict) in enumerate(_VERDICTS):
        cells = [f"r{i:03d}", text, verdicts[i] if verdicts else verdict] + ([third[1][i]] if third else []) + [""]
        lines.append("\t".join(cells))
    (root / "reviews.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_the_one_column_of_words_beside_the_text_is_the_label(tmp_path: Path) -> None:
    """An id, a text, a blank column and one column of repeated words: no other reading gives
    the rows a class."""
    root = _reviews(tmp_path / "src")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["records"] == {f"reviews.tsv:{i}": ("train", frozenset({v})) for i, (_, v) in enumerate(_VERDICTS)}
    assert got["texts"] == {f"reviews.tsv:{i}": t for i, (t, _) in enumerate(_VERDICTS)}


@pytest.mark.parametrize("twin", ["another column of words", "a column of numbers"])
def test_a_second_candidate_or_a_column_of_numbers_still_stops(twin: str, tmp_path: Path) -> None:
    if twin == "another column of words":  # store or verdict: which is the label is a guess
        root = _reviews(tmp_path / "src", third=("store", ["north", "south"] * 4))
    else:  # a count of votes repeats as class numbers do: a feature or the label?
        root = _reviews(tmp_path / "src", verdicts=["0", "1", "2", "3"] * 2)
    with pytest.raises(UsageError, match="--label-column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_COMMENTS = [("Don\u2019t miss the caf\u00e9 by the harbour", "positive"), ("The pi\u00f1a colada was warm and flat", "negative"),
             ("Friendly staff and a view you won\u2019t forget", "positive"), ("Waited an hour \u2013 never again", "negative"),
             ("Best cr\u00eape in town, hands down", "positive"), ("Noisy, cramped and overpriced", "negative")]


def _comments(root: Path, rows: list[tuple[str, str]], encoding: str) -> Path:
    root.mkdir(parents=True)
    (root / "comments.csv").write_bytes(("comment,label\n" + "".join(f'"{t}",{y}\n' for t, y in rows)).encode(encoding))
    return root


def test_a_table_of_lone_windows_1252_bytes_among_ascii_is_read_as_windows_1252(tmp_path: Path) -> None:
    """`\\x92` (a right quote), `\\xe9`, `\\x96` (a dash), each alone among ASCII letters: Western
    European text in Windows-1252, as a text file is read already; no multi-byte encoding and no
    non-Latin code page writes its text so."""
    root = _comments(tmp_path / "src", _COMMENTS, "cp1252")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["records"] == {f"comments.csv:{i}": ("train", frozenset({y})) for i, (_, y) in enumerate(_COMMENTS)}
    assert got["texts"] == {f"comments.csv:{i}": t for i, (t, _) in enumerate(_COMMENTS)}


@pytest.mark.parametrize("rows,encoding", [
    # Cyrillic in its Windows code page: whole words of bytes beyond ASCII, mojibake if read as cp1252
    ([("\u041e\u0442\u043b\u0438\u0447\u043d\u044b\u0439 \u0441\u0435\u0440\u0432\u0438\u0441", "positive"),
      ("\u041e\u0447\u0435\u043d\u044c \u0434\u043e\u043b\u0433\u043e", "negative")] * 3, "cp1251"),
    # two accented letters side by side (`Gr\xf6\xdfe`): Latin text, but which Latin code page is not shown
    ([("Die Gr\u00f6\u00dfe passt gut", "positive"), ("Zu klein und zu teuer", "negative")] * 3, "cp1252"),
])
def test_a_table_whose_bytes_leave_the_encoding_in_doubt_still_stops(rows, encoding: str, tmp_path: Path) -> None:
    root = _comments(tmp_path / "src", rows, encoding)
    with pytest.raises(UsageError, match="--encoding"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_windows_1252_table_beside_a_utf8_one_beyond_ascii_still_stops(tmp_path: Path) -> None:
    """One encoding is read for every table: cp1252 would garble the UTF-8 table's `é` (`Ã©`)."""
    root = _comments(tmp_path / "src", _COMMENTS, "cp1252")
    (root / "more.csv").write_bytes(("comment,label\n" + "".join(f'"{t}",{y}\n' for t, y in _COMMENTS)).encode("utf-8"))
    with pytest.raises(UsageError, match="--encoding"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))


@pytest.mark.parametrize("lacked", ["tags", "tag"])
def test_a_column_named_like_a_label_whose_cells_all_differ_is_never_decided(lacked: str, tmp_path: Path) -> None:
    """`tags` (named as a label) is lacked by test.csv, or is the one column beside the text, but
    each of its cells differs: an id or a text, no label (it would label each record alone)."""
    root = tmp_path / "src"
    root.mkdir()
    rows = "".join(f'"{t}",k{i}\n' for i, (t, _, _) in enumerate(_HEADLINES * 2))
    (root / "train.csv").write_text(f"headline,{lacked}\n" + rows, encoding="utf-8")
    if lacked == "tags":
        (root / "test.csv").write_text("headline\n" + "".join(f'"{t}"\n' for t in _TESTS), encoding="utf-8")
    with pytest.raises(UsageError, match="--label-column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
