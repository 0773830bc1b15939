"""Kinds the fourteenth blind round's stops and exit 1 found (issue 30; the named datasets are in
test_blind_round_fourteen.py), each on neighbours beside an ambiguous twin:

- one test list beside a tree of class folders (Birdsnap's test_images.txt, `path` then paths, beside
  download/images/<species>/): the listed files are test and the rest train (tfds reads lists so); before,
  every unlisted image was a reject (exit 1) and the list's header `path` a file it named. A list of
  files under a lone word is read with that word as its header. Unlabelled inputs beside a test list
  stay as they were: the list names a subset of no tree.

The truth is each test's own, from the files it wrote.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError


def _tree(root: Path, classes: dict[str, int], under: str) -> list[str]:
    paths = []
    for c, (name, n) in enumerate(classes.items()):
        for i in range(n):
            rel = f"{name}/{name.lower()[:6]}_{100 + 7 * c + i}.jpg"
            write_file(root / under / rel, image_bytes(seed=10 * c + i))
            paths.append(rel)
    return paths


@pytest.mark.parametrize("list_name, header, under", [
    ("test_images.txt", "path\n", "download/images"),   # Birdsnap v1.1 (its readme.txt)
    ("lists/test.txt", "", "images"),                   # a test list alone, no header (one list kept of two)
    ("test_files.lst", "filename\n", "data"),           # another lone header word, .lst
])
def test_one_test_list_beside_class_folders_leaves_the_rest_train(tmp_path: Path, list_name: str, header: str, under: str) -> None:
    root = tmp_path / "birds"
    paths = _tree(root, {"Acadian_Flycatcher": 3, "Acorn_Woodpecker": 3, "American_Avocet": 2}, under)
    tests = paths[1::3]
    write_file(root / list_name, header + "".join(f"{p}\n" for p in tests))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert sorted(got) == sorted(f"{under}/{p}" for p in paths)
    for p in paths:
        split, labels = got[f"{under}/{p}"]
        assert (split, labels) == ("test" if p in tests else "train", frozenset({p.split("/")[0].lower()})), p


def test_a_test_list_beside_unlabelled_files_still_stops(tmp_path: Path) -> None:
    # the twin: no class folders, so the list names a subset of nothing the layout tells: it stops before writing
    root = tmp_path / "flat"
    for i in range(6):
        write_file(root / f"images/img_{i:03d}.jpg", image_bytes(seed=i))
    write_file(root / "test_images.txt", "path\n" + "".join(f"images/img_{i:03d}.jpg\n" for i in (1, 4)))
    with pytest.raises(UsageError, match="--label-level 0"):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


# ---- numbered levels: the stop names each with its count of folders -------------------------------------


def _numbered(root: Path, paths: list[str]) -> None:
    for i, rel in enumerate(paths):
        write_file(root / rel, image_bytes(seed=i))


def test_a_numbered_tree_stops_naming_each_level_and_the_level_named_converts(tmp_path: Path) -> None:
    # CompCars' data/image/<make>/<model>/<year>/<hash>.jpg (its README): the model (level 4) the class
    root = tmp_path / "cars"
    rels = [f"data/image/{make}/{model}/{year}/{h}.jpg" for make, model, year, h in
            [(78, 1, 2014, "a1"), (78, 1, 2014, "a2"), (78, 3, 2012, "b1"), (78, 3, 2013, "b2"),
             (81, 1063, 2011, "c1"), (81, 1064, 2010, "d1"), (81, 1064, 2010, "d2")]]
    _numbered(root, rels)
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    said = str(stop.value)
    for level, count in ((3, 2), (4, 4), (5, 5)):
        assert f"--label-level {level} (counted from SRC) for the {count} numbered folders" in said
    got = written_records(convert(root, tmp_path / "followed", label_level=4))["records"]
    assert {r: labels for r, (_, labels) in got.items()} == {r: frozenset({r.split("/")[3]}) for r in rels}


def test_an_index_of_two_numbered_levels_names_both(tmp_path: Path) -> None:
    # Herbarium 2020's images/<000>/<07>/<id>.jpg (the category id spread over two levels, names in metadata.json)
    root = tmp_path / "herbarium"
    _numbered(root, [f"nybg2020/train/images/{c // 100:03d}/{c % 100:02d}/{354100 + i}.jpg"
                     for i, c in enumerate((7, 7, 12, 4103, 4103, 8850))])
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    said = str(stop.value)
    assert "--labels FILE" in said and "for the 3 numbered folders at nybg2020/train/images/<n>/ " in said
    assert "for the 4 numbered folders at nybg2020/train/images/<n>/<n>/ " in said


def test_numbered_class_folders_holding_the_files_stay_the_classes(tmp_path: Path) -> None:
    # the twin: `0/`, `1/` holding their images (MNIST as PNG folders): classes, no stop
    root = tmp_path / "digits"
    rels = [f"training/{d}/{i}.png" for d in (0, 1, 2) for i in range(2)]
    for i, rel in enumerate(rels):
        write_file(root / rel, image_bytes(fmt="PNG", seed=i))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {r: labels for r, (_, labels) in got.items()} == {r: frozenset({r.split("/")[1]}) for r in rels}


# ---- a folder per language, each the same split tables ---------------------------------------------------


def _lang_tables(root: Path, langs: tuple[str, ...], files: dict[str, int], sep: str, header: str) -> int:
    n = 0
    for lang in langs:
        for file, rows in files.items():
            lines = [header] + [sep.join((f"{lang}{i}", f"a short review number {i} in {lang} for {file}",
                                          ("positive", "negative", "neutral")[i % 3])) for i in range(rows)]
            write_file(root / lang / file, "\n".join(lines) + "\n")
            n += rows
    return n


@pytest.mark.parametrize("langs, files, sep, header", [
    (("acehnese", "balinese", "javanese"), {"train.csv": 4, "valid.csv": 2, "test.csv": 2}, ",", "id,text,label"),  # NusaX-senti
    (("am", "ha"), {"train.tsv": 3, "dev.tsv": 2}, "\t", "ID\ttweet\tlabel"),                                     # AfriSenti
])
def test_a_folder_per_language_of_the_same_split_tables_is_read_as_tables(tmp_path: Path, langs, files, sep, header) -> None:
    root = tmp_path / "multi"
    n = _lang_tables(root / "data", langs, files, sep, header)
    got = written_records(convert(root, tmp_path / "out"))
    assert len(got["records"]) == n
    assert {split for split, _ in got["records"].values()} >= {"train", "test" if "test.csv" in files else "dev"} - {"dev"}
    assert all(labels in ({"positive"}, {"negative"}, {"neutral"}) for _, labels in got["records"].values())


def test_folders_of_different_tables_still_stop(tmp_path: Path) -> None:
    # the twin: one folder holds train and test, another train alone: no set of splits per language
    root = tmp_path / "uneven"
    _lang_tables(root / "data", ("hau",), {"train.tsv": 3, "test.tsv": 2}, "\t", "ID\ttweet\tlabel")
    _lang_tables(root / "data", ("ibo",), {"train.tsv": 3}, "\t", "ID\ttweet\tlabel")
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")


# ---- a pandas-written label file of several label-like columns: the stop names them --------------------------


def _meme_table(root: Path, columns: list[str], values: list[tuple[str, ...]]) -> list[str]:
    names = []
    lines = ["," + ",".join(["image_name", "text_ocr", *columns])]
    for i in range(8):
        name = f"image_{i + 1}.jpg"
        write_file(root / "images" / name, image_bytes(seed=i))
        lines.append(",".join([str(i), name, f"WHEN THE MEME {i} SAYS {'ABC'[i % 3]}", *(v[i % len(v)] for v in values)]))
        names.append(name)
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    return names


@pytest.mark.parametrize("columns, values, meant", [
    # Memotion 7k's labels.csv (an unnamed index first), task A the overall sentiment
    (["humour", "sarcasm", "motivational", "overall_sentiment"],
     [("funny", "not_funny"), ("general", "twisted_meaning", "not_sarcastic"), ("motivational", "not_motivational"),
      ("positive", "neutral", "negative")], "overall_sentiment"),
    # Memotion 2.0's columns (SemEval/CONSTRAINT 2022; from memory), the sentiment among four label-like columns
    (["humour", "sarcastic", "offensive", "overall_sentiment"],
     [("funny", "not_funny"), ("sarcastic", "not_sarcastic"), ("offensive", "not_offensive"),
      ("positive", "neutral", "negative")], "overall_sentiment"),
])
def test_a_label_file_without_a_label_column_names_its_candidates(tmp_path: Path, columns, values, meant) -> None:
    root = tmp_path / "memes"
    names = _meme_table(root, columns, values)
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    assert f"name it with --label-column {meant!r} (of the columns" in str(stop.value)
    got = written_records(convert(root, tmp_path / "followed", label_column=meant))["records"]
    column = values[columns.index(meant)]
    assert {r: labels for r, (_, labels) in got.items()} == {f"images/{n}": frozenset({column[i % len(column)]}) for i, n in enumerate(names)}


def test_candidates_none_named_as_a_label_are_named_without_a_choice(tmp_path: Path) -> None:
    # the twin: humour and sarcasm, neither named as a label: the stop lists them and suggests none
    root = tmp_path / "memes"
    _meme_table(root, ["humour", "sarcasm"], [("funny", "not_funny"), ("general", "not_sarcastic")])
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    assert "name it with --label-column, one (of the columns" in str(stop.value) and "'humour', 'sarcasm'" in str(stop.value)


def test_a_label_file_whose_column_ends_in_a_label_word_needs_no_stop(tmp_path: Path) -> None:
    # a pandas export of a meme table whose class column ends in `category`: read with no option, as before
    root = tmp_path / "memes"
    names = _meme_table(root, ["source", "offensive_category"], [("reddit", "twitter"), ("offensive", "non-offensive")])
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {r: labels for r, (_, labels) in got.items()} == {
        f"images/{n}": frozenset({("offensive", "non-offensive")[i % 2]}) for i, n in enumerate(names)}


def test_folders_of_split_tables_of_different_fields_are_not_merged(tmp_path: Path) -> None:
    # review13: GLUE's task folders (CoLA/ and SST-2/, each train/dev/test.tsv of its own columns) were
    # read as one dataset by a second rule beside subset_tables: CoLA's sentences written unlabelled
    # into SST-2's splits, under SST-2's label names, exit 0. Which is meant is not told: a stop.
    root = tmp_path / "glue"
    for split in ("train", "dev", "test"):
        write_file(root / "SST-2" / f"{split}.tsv", "sentence\tlabel\nthis is a good sentence here\t1\nbad sentence of words here\t0\n")
        write_file(root / "CoLA" / f"{split}.tsv", "source\tacceptable\tsentence\ngj04\t1\tOur friends will buy this.\ngj04\t0\tOur friends buy it.\n")
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")
