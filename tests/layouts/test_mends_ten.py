"""Kinds the tenth mends read right (or stop on, where a guess could be wrong), each tested on a
neighbour of the dataset that showed it, never the dataset's own layout:

- several label tables over one folder of inputs, each named by a different split word, one
  header, no key in two (Mini-ImageNet's train.csv, val.csv, test.csv of `filename,label`): they
  stopped ("keep the one to read"); now each table is the split its name names. Tables sharing
  a key, or of other headers, or naming one split twice, still stop, saying which;
- tables naming no split whose rows repeat each other (Financial PhraseBank's agreement levels,
  each holding the next one's lines): they were one split, `train`, with exit 0; now each is a
  split named after its file. Parts of one split, holding no row twice, stay one split.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.one_place import one_place_each, records
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import UsageError


def _split_tables(root: Path, tables: dict[str, list[tuple[str, str]]], header: str = "image_id\tcategory") -> dict:
    """PNG images in data/, one TSV in labels/ per split (`labels/<table>`), rows `stem<TAB>class`
    under `header`; the expected (split, labels) of each image."""
    expected, seed = {}, 0
    for table, rows in tables.items():
        lines = [header]
        for stem, label in rows:
            seed += 1
            write_file(root / f"data/{stem}.png", image_bytes(fmt="PNG", seed=seed))
            lines.append(f"{stem}\t{label}")
            expected[f"data/{stem}.png"] = (table.split(".")[0], (label,))
        write_file(root / f"labels/{table}", "\n".join(lines) + "\n")
    return expected


_THREE = {
    "train.tsv": [("a01", "cat"), ("a02", "dog"), ("a03", "cat")],
    "dev.tsv": [("b01", "owl"), ("b02", "emu")],
    "test.tsv": [("c01", "yak"), ("c02", "gnu")],
}


def test_label_tables_named_by_split_words_are_each_their_split(tmp_path: Path) -> None:
    expected = _split_tables(tmp_path / "src", _THREE)
    written = one_place_each(expected, convert(tmp_path / "src", tmp_path / "out"))
    assert {split for split, _, _ in written.values()} == {"train", "dev", "test"}


def test_label_tables_sharing_a_key_stop_naming_it(tmp_path: Path) -> None:
    tables = {**_THREE, "test.tsv": [("c01", "yak"), ("a02", "dog")]}
    _split_tables(tmp_path / "src", tables)
    with pytest.raises(UsageError, match="both name the key 'a02'"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_label_tables_of_other_headers_stop(tmp_path: Path) -> None:
    _split_tables(tmp_path / "src", {"train.tsv": _THREE["train.tsv"]})
    _split_tables(tmp_path / "src", {"test.tsv": _THREE["test.tsv"]}, header="image_id\tlabel")
    with pytest.raises(UsageError, match="differ in their header"):
        convert(tmp_path / "src", tmp_path / "out")


def test_label_tables_naming_one_split_twice_stop(tmp_path: Path) -> None:
    _split_tables(tmp_path / "src", {"train.tsv": _THREE["train.tsv"], "train_extra.tsv": _THREE["test.tsv"]})
    with pytest.raises(UsageError, match="name the same split"):
        convert(tmp_path / "src", tmp_path / "out")


def _text_tables(root: Path, tables: dict[str, range]) -> None:
    """`text,label` CSVs naming no split, each holding the sentences numbered by its range."""
    for name, numbers in tables.items():
        rows = ["text,label"] + [f"sentence number {i} reads plainly here,{('good', 'bad')[i % 2]}" for i in numbers]
        write_file(root / name, "\n".join(rows) + "\n")


def test_tables_naming_no_split_that_repeat_each_others_rows_are_each_a_split(tmp_path: Path) -> None:
    """A neighbour of Financial PhraseBank's agreement levels: `all_votes.csv` holds every sentence,
    `unanimous.csv` the few that are also in it; each is a split named after its file."""
    _text_tables(tmp_path / "src", {"all_votes.csv": range(8), "unanimous.csv": range(0, 8, 2)})
    written = records(convert(tmp_path / "src", tmp_path / "out"))
    assert {key.split("#")[0]: split for key, (split, _, _) in written.items()} == {
        "all_votes.csv": "all_votes", "unanimous.csv": "unanimous"}
    assert len(written) == 12


def test_tables_naming_no_split_that_share_no_rows_stay_one_split(tmp_path: Path) -> None:
    """The guard: parts of one split (`part-0.csv`, `part-1.csv`) hold no row twice, and stay one."""
    _text_tables(tmp_path / "src", {"part-0.csv": range(5), "part-1.csv": range(5, 9)})
    written = records(convert(tmp_path / "src", tmp_path / "out"))
    assert len(written) == 9 and {split for split, _, _ in written.values()} == {"train"}
