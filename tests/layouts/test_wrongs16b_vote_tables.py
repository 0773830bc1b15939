"""Headerless TSVs under other extensions, and labels that are annotators' vote counts (issue 30, blind round sixteen).

SemEval-2015 PIT (github.com/cocoxu/SemEval-PIT2015: data/train.data, dev.data, headerless
`Topic_Id<TAB>Topic_Name<TAB>Sent_1<TAB>Sent_2<TAB>Label<TAB>Sent_1_tag<TAB>Sent_2_tag`, the Label the
five workers' votes `(3, 2)`; test.data's a single expert score, as data/sampletest.data shows) exited 1:
its `.data` files refused for their extension. They are read now as the TSVs their content shows
(`converters/sniffed_tables`); the word/TAG columns are annotations, no texts (`column_content`); the
votes are no class: the run stops naming the column (`converters/vote_labels`), also where the user
names the text. Neighbours from their documented layouts: the Twitter URL corpus (Lan et al. 2017,
github.com/lanwuwei/Twitter-URL-Corpus README: `sentence1<TAB>sentence2<TAB>(n,6)<TAB>url`, n of six
workers), and an agreement table with a header (`votes` of `[yes, no]`). Twins that must still not
convert: a `.data` of numbers (MovieLens 100K's u.data, `user<TAB>item<TAB>rating<TAB>timestamp`),
CoNLL token blocks and free text under unknown extensions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from shardify.converters.sniffed_tables import looks_like_tab_separated
from shardify.errors import ShardifyError, UsageError

_WORDS = "the game last night was great and we all saw it happen again today news about apple launch new".split()


def _sentence(seed: int, n: int = 7) -> str:
    return " ".join(_WORDS[(seed * 7 + k * 3) % len(_WORDS)] for k in range(n)).capitalize()


def _tagged(text: str) -> str:
    return " ".join(f"{word}/O/NN/B-NP/O" for word in text.split())


def _pit(root: Path) -> None:
    votes = ("(3, 2)", "(1, 4)", "(5, 0)", "(0, 5)", "(4, 1)")
    for name, n in (("train", 6), ("dev", 3), ("test", 3)):
        lines = []
        for i in range(n):
            one, two = _sentence(i + n), _sentence(i + 2 * n, 6)
            label = votes[i % len(votes)] if name != "test" else str(i % 6)
            lines.append("\t".join([str(36 + i // 2 * 7), f"Topic {'ABC'[i % 3]}", one, two, label, _tagged(one), _tagged(two)]))
        write_file(root / "data" / f"{name}.data", "\n".join(lines) + "\n")
    write_file(root / "data" / "test.label", "".join(f"{('true', 'false')[i % 2]}\t0.{i + 2}000\n" for i in range(3)))
    write_file(root / "README.md", "# SemEval-PIT2015\n\nTopic_Id | Topic_Name | Sent_1 | Sent_2 | Label | Sent_1_tag | Sent_2_tag\n")


def _twitter_url(root: Path) -> None:
    for name, n in (("train", 6), ("test", 3)):
        lines = [f"{_sentence(i)}\t{_sentence(i + 5, 6)}\t({i % 7},6)\thttp://t.co/x{i}" for i in range(n)]
        write_file(root / f"Twitter_URL_Corpus_{name}.txt", "\n".join(lines) + "\n")


def _no_records(out: Path) -> bool:
    return not out.exists() or not any(out.rglob("*.tfrecord*"))


def test_pit_data_files_are_read_as_tables_and_stop_on_their_texts(tmp_path: Path) -> None:
    _pit(tmp_path / "src")
    with pytest.raises(UsageError, match=r"columns hold text \(column 2, column 3, column 4\)") as stop:
        convert(tmp_path / "src", tmp_path / "out")
    assert "data/train.data" in str(stop.value) and "column 6" not in str(stop.value)  # the tags: no text
    assert _no_records(tmp_path / "out")


def test_pit_votes_stop_once_the_text_is_named(tmp_path: Path) -> None:
    _pit(tmp_path / "src")
    with pytest.raises(UsageError, match=r"column 5 holds vote counts \('\(3, 2\)'.*--keep-columns 5") as stop:
        convert(tmp_path / "src", tmp_path / "out", text_column="3")
    assert "data/train.data" in str(stop.value)
    assert _no_records(tmp_path / "out")


@pytest.mark.parametrize("label", [None, "3"])
def test_twitter_url_votes_stop_also_when_named_as_the_label(tmp_path: Path, label: str | None) -> None:
    _twitter_url(tmp_path / "src")
    options = {"label_column": label} if label else {}
    with pytest.raises(UsageError, match=r"column 3 holds vote counts \('\(0,6\)'"):
        convert(tmp_path / "src", tmp_path / "out", **options)
    assert _no_records(tmp_path / "out")


def test_votes_under_a_header_stop(tmp_path: Path) -> None:
    rows = ["text,votes"] + [f"{_sentence(i)},\"[{i % 4}, {3 - i % 4}]\"" for i in range(8)]
    write_file(tmp_path / "src" / "agreement.csv", "\n".join(rows) + "\n")
    with pytest.raises(UsageError, match=r"'votes' holds vote counts"):
        convert(tmp_path / "src", tmp_path / "out", label_column="votes")


def test_a_data_file_of_numbers_is_no_table_of_texts(tmp_path: Path) -> None:
    lines = [f"{196 + i}\t{242 + i * 3}\t{1 + i % 5}\t{881250949 + i}" for i in range(12)]
    write_file(tmp_path / "src" / "u.data", "\n".join(lines) + "\n")
    write_file(tmp_path / "src" / "README", "MovieLens 100K. u.data: tab separated user id | item id | rating | timestamp\n")
    with pytest.raises(ShardifyError):
        convert(tmp_path / "src", tmp_path / "out")
    assert _no_records(tmp_path / "out")


@pytest.mark.parametrize("raw, whole, expected", [
    (b"51\t8 Mile\tThe last rap battle\tBut why\t1\n823\tCiroc\tThey making a new ciroc\tNo Ciroc\t4\n", True, True),
    (b"EU-Japan summit\nThe session is resumed.\nI declare\tresumed the session\n", True, False),  # free text
    (b"EU\tB-ORG\nrejects\tO\n\nPeter\tB-PER\nBlackburn\tI-PER\n", True, False),  # CoNLL blocks
    (b"\x00\x01\x02\t\x03\n" * 40, False, False),  # binary
    (b"a\tb\tc\nd\te\nf\tg\th\n", True, False),  # ragged
    (b"1\t2\n3\t4\n5\t6\n", True, False),  # no letters in any column
])
def test_sniffing_reads_only_constant_tab_rows(raw: bytes, whole: bool, expected: bool) -> None:
    assert looks_like_tab_separated(raw, whole=whole) is expected


def test_data_files_alone_stop_naming_layout_tables_which_reads_them(tmp_path: Path) -> None:
    _pit(tmp_path / "src")
    (tmp_path / "src" / "data" / "test.label").unlink()
    (tmp_path / "src" / "README.md").unlink()
    with pytest.raises(UsageError, match=r"hold tab-separated rows of one column count .*--layout tables"):
        convert(tmp_path / "src", tmp_path / "out")
    with pytest.raises(UsageError, match=r"columns hold text \(column 2, column 3, column 4\)"):  # read as tables
        convert(tmp_path / "src", tmp_path / "out", layout="tables")
