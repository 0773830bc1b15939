"""Small headerless tables of `<text><TAB><label>` rows: a file that labels its rows never writes them unlabelled.

A table of two `text<TAB>pos` rows, or of one to three `text<TAB>1` rows, was written unlabelled with
exit 0: the label column is found by content where labels repeat, and `converters/word_labels.py`,
which stops where short words cannot be told from names, judged three rows or more only. Its tables
are headerless (their rows are data), so it now judges from one row, and small whole numbers in fewer
than four rows stop alike. Neighbours: a per-split table of two rows beside a longer one follows the
longer one's label column (`table_agreement`), a headed table of two rows is read by its header, and
five rows of repeated labels are read as before; a year beside each text is no label, as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_TEXTS = ("a quiet film with a warm heart and slow pace", "the plot drags and the acting is flat",
          "bright funny and sharp from start to end", "i would not watch this again at all",
          "a lovely score carries the whole story")


def _table(root: Path, name: str, labels: list[str], header: str = "") -> None:
    write_file(root / name, header + "".join(f"{_TEXTS[i % 5]}\t{label}\n" for i, label in enumerate(labels)))


def _labels(out: Path) -> dict:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


@pytest.mark.parametrize("labels", [["pos"], ["pos", "neg"], ["pos", "pos"], ["1", "0"], ["1", "0", "1"]])
def test_a_few_rows_stop_naming_the_label_column(tmp_path: Path, labels: list[str]) -> None:
    _table(tmp_path / "src", "train.tsv", labels)
    with pytest.raises(UsageError, match=r"train\.tsv.*--label-column 2.*--keep-columns 2"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_following_the_stop_labels_every_row(tmp_path: Path) -> None:
    _table(tmp_path / "src", "train.tsv", ["pos", "neg"])
    assert sorted(map(sorted, _labels(convert(tmp_path / "src", tmp_path / "out", label_column="2")).values())) == [["neg"], ["pos"]]


def test_a_two_row_split_table_follows_its_longer_sibling(tmp_path: Path) -> None:
    _table(tmp_path / "src", "train.tsv", ["pos", "neg", "pos", "neg", "pos"])
    _table(tmp_path / "src", "dev.tsv", ["neg", "pos"])
    labels = _labels(convert(tmp_path / "src", tmp_path / "out"))
    assert len(labels) == 7 and all(labels.values()), labels


def test_a_headed_table_of_two_rows_reads_its_header(tmp_path: Path) -> None:
    _table(tmp_path / "src", "train.tsv", ["pos", "neg"], header="sentence\tlabel\n")
    assert sorted(map(sorted, _labels(convert(tmp_path / "src", tmp_path / "out")).values())) == [["neg"], ["pos"]]


def test_a_year_beside_each_text_is_no_label(tmp_path: Path) -> None:
    _table(tmp_path / "src", "train.tsv", ["1999", "2004", "2011"])
    labels = _labels(convert(tmp_path / "src", tmp_path / "out"))
    assert len(labels) == 3 and not any(labels.values())
