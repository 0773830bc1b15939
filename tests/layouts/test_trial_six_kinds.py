"""Kinds of fault a newcomer's trial found on public downloads no test had named (UCI's drug
reviews, Jigsaw's unintended-bias comments, a flat plant-disease folder, PetFinder's lookup
tables), each tested here on an unnamed neighbour and its twin that must stay as it was:

- a split word run together in capitals in a table's name (`drugsComTrain_raw.tsv`,
  `drugsComTest_raw.tsv`): both tables were read as train, the test rows among them, exit 0;
- a label column found by its name (`target`) whose cells are fractions: scores, each value a class
  of its own, exit 0; it stops naming `--label-column` and `--keep-columns`, which keeps the scores
  as a feature of unlabelled records; whole numbers written as floats (`0.0`, `1.0`) stay classes;
- one folder holding every input, read as their one class (every record labelled `PlantaeK`,
  exit 0): it stops naming `--label-level 0`, which converts them unlabelled;
- a lookup table beside the images (`ColorID,ColorName`) read as a label file: every row a reject
  and exit 1; a table whose keys name no input is no label file.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, tuple[str, tuple[str, ...], dict]]:
    """{record id: (split, label names, record)} of every record in the shards."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.TEXT_LABEL_TEXT, record.get(contract.LABEL_TEXT, []))
                names = tuple(sorted(n.decode() for n in (value if isinstance(value, list) else [value]) if n))
                rid = record.get(contract.TEXT_SOURCE, record.get(contract.IMAGE_FILENAME)).decode()
                found[rid] = (split, names, record)
    return found


def _reviews(root: Path, stem: str) -> dict[str, str]:
    """`<stem>Train.tsv` and `<stem>Test.tsv` (UCI's naming) with a rating label; {row id: split}."""
    root.mkdir(parents=True)
    truth = {}
    for split, n in (("Train", 5), ("Test", 3)):
        rows = ["id\tproduct\treview\tlabel"]
        for i in range(n):
            rows.append(f"{i}\tp{i % 2}\tthe {split.lower()} review number {i} says it works\t{('good', 'bad')[i % 2]}")
            truth[f"{stem}{split}.tsv#{i + 2}"] = split.lower()  # line 1 is the header
        (root / f"{stem}{split}.tsv").write_text("\n".join(rows) + "\n")
    return truth


@pytest.mark.parametrize("stem", ["amazonReviews", "BookReviews_"])
def test_a_split_word_in_capitals_in_a_tables_name_gives_its_split(tmp_path: Path, stem: str) -> None:
    truth = _reviews(tmp_path / "src", stem)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {rid: split for rid, (split, _, _) in written.items()} == truth


def test_a_capital_inside_a_word_names_no_split(tmp_path: Path) -> None:
    """`Contest` holds `test` but no capital starts it: both tables stay one split."""
    root = tmp_path / "src"
    root.mkdir()
    for stem in ("photoContest", "essayContest"):
        (root / f"{stem}.csv").write_text("text,label\n" + "".join(f"entry {i} of {stem},{'ab'[i % 2]}\n" for i in range(4)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert {split for split, _, _ in _records(tmp_path / "out").values()} == {"train"}


def _excerpts(root: Path, targets: list[str]) -> Path:
    """CommonLit readability's `train.csv`: `id,excerpt,target,standard_error`."""
    root.mkdir(parents=True)
    rows = ["id,excerpt,target,standard_error"]
    rows += [f"c{i:05d},an excerpt of a book number {i} read aloud,{t},0.46" for i, t in enumerate(targets)]
    (root / "train.csv").write_text("\n".join(rows) + "\n")
    return root


def test_a_label_column_of_fractions_stops_and_keep_columns_writes_them_as_a_feature(tmp_path: Path) -> None:
    scores = ["-0.340259125", "-0.315372342", "-0.580117966", "-1.054013153", "0.247197168", "-0.861808614"]
    root = _excerpts(tmp_path / "src", scores)
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "'target'" in str(refused.value) and "--label-column" in str(refused.value)
    assert "--keep-columns target" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(root), str(tmp_path / "kept"), keep_columns=("target",)))
    written = _records(tmp_path / "kept")
    assert len(written) == len(scores)
    for rid, (_, names, record) in written.items():
        row = int(rid.rpartition("#")[2]) - 2  # line 1 is the header
        assert names == ()
        assert record.get(contract.TEXT_LABEL, contract.UNLABELLED) == contract.UNLABELLED
        assert record["column/target"] == pytest.approx(float(scores[row]), rel=1e-6)


def test_whole_numbers_written_as_floats_stay_classes(tmp_path: Path) -> None:
    root = _excerpts(tmp_path / "src", ["0.0", "1.0", "1.0", "0.0", "1.0", "0.0"])
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    labels = [names for _, names, _ in _records(tmp_path / "out").values()]
    # (written as whole numbers since readers35a, as a float Parquet column's are: converters/whole_decimal_labels.py)
    assert sorted(labels) == [("0",)] * 3 + [("1",)] * 3


def test_one_folder_of_every_input_is_no_class_and_label_level_0_converts_them(tmp_path: Path) -> None:
    root = tmp_path / "src"
    stems = [f"{fruit}_{state}{n}" for fruit in ("fig", "lime", "plum") for state in "dh" for n in (1, 2)]
    for stem in stems:
        (root / "LeafScans").mkdir(parents=True, exist_ok=True)
        (root / "LeafScans" / f"{stem}.JPG").write_bytes(_image_bytes(stem, 20, 16))
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "LeafScans" in str(refused.value) and "--label-level 0" in str(refused.value)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "unlabelled"), label_level=0))
    written = _records(tmp_path / "unlabelled")
    assert sorted(written) == sorted(f"LeafScans/{s}.JPG" for s in stems)
    assert all(names == () for _, names, _ in written.values())


def test_a_lookup_table_whose_keys_name_no_input_is_no_label_file(tmp_path: Path) -> None:
    """Beside images named by ids, `colour_codes.csv` (`ColourID,ColourName`) was read as labels:
    each row a reject, exit 1. Now it is left unread; the images, with nothing to label them,
    stop the run (exit 2) as any unlabelled folder of files does, and --label-level 0 converts them."""
    root = tmp_path / "src"
    stems = [f"{k:04x}-{n}" for k in (41, 42, 43, 44) for n in (1, 2)]
    root.mkdir()
    for stem in stems:
        (root / f"{stem}.jpg").write_bytes(_image_bytes(stem, 20, 16))
    (root / "colour_codes.csv").write_text("ColourID,ColourName\n1,Black\n2,Brown\n3,Golden\n7,White\n")
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        assert not (tmp_path / "out" / "manifest.json").exists()
    else:
        raise AssertionError("a folder of id-named images converted with labels from nowhere")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "unlabelled"), label_level=0))
    assert sorted(_records(tmp_path / "unlabelled")) == sorted(f"{s}.jpg" for s in stems)


def test_a_submission_format_beside_the_tables_is_left_out_not_rejected(tmp_path: Path) -> None:
    """Kaggle's `sample_submission.csv` (`qid,prediction`) beside `train.csv` and `test.csv` was read
    as a table of texts and rejected: one reject among few records took the run past
    --max-rejects (exit 1). It shows a format: left out, counted with the auxiliary files."""
    root = tmp_path / "src"
    root.mkdir()
    (root / "train.csv").write_text("qid,question_text,target\n" + "".join(f"t{i},is question {i} sincere or not,{i % 2}\n" for i in range(6)))
    (root / "test.csv").write_text("qid,question_text\n" + "".join(f"s{i},what is question {i}\n" for i in range(3)))
    (root / "sample_submission.csv").write_text("qid,prediction\n" + "".join(f"s{i},0\n" for i in range(3)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert sorted(written) == sorted([f"train.csv#{i + 2}" for i in range(6)] + [f"test.csv#{i + 2}" for i in range(3)])
    assert {rid: names for rid, (_, names, _) in written.items() if rid.startswith("train")} == {
        f"train.csv#{i + 2}": (str(i % 2),) for i in range(6)}
    assert not (tmp_path / "out" / "rejected.jsonl").exists() or not (tmp_path / "out" / "rejected.jsonl").read_text().strip()


def _class_tables(root: Path, names: tuple[str, ...], header: str = "title,text,subject,date") -> dict[str, str]:
    """One table per class, one header (ISOT's Fake.csv and True.csv); {row id: class}."""
    root.mkdir(parents=True)
    truth = {}
    for name in names:
        rows = [header] + [f"headline {i} of {name},the story {i} as {name} tells it,news,2017-12-{i + 1:02d}" for i in range(3)]
        (root / f"{name}.csv").write_text("\n".join(rows) + "\n")
        truth.update({f"{name}.csv#{i + 2}": name for i in range(3)})
    return truth


def test_tables_named_as_classes_stop_and_label_from_name_labels_their_rows(tmp_path: Path) -> None:
    """Two tables of one header, no label column, named by words that name no split: written
    unlabelled (exit 0) every row lost the class its table's name gives."""
    truth = _class_tables(tmp_path / "src", ("clickbait", "genuine"))
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "clickbait.csv" in str(refused.value) and "--label-from-name" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "named"), label_from_name=r"^(.+)\.csv$"))
    assert {rid: names for rid, (_, names, _) in _records(tmp_path / "named").items()} == {rid: (c,) for rid, c in truth.items()}


def test_tables_named_as_splits_stay_unlabelled_splits(tmp_path: Path) -> None:
    """The twin: `train.csv` and `test.csv` of one header and no label column name splits, not classes."""
    _class_tables(tmp_path / "src", ("train", "test"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {split for split, _, _ in written.values()} == {"train", "test"}
    assert all(names == () for _, names, _ in written.values())


def _characters(root: Path, test_folder: str) -> None:
    """Kaggle's Simpsons layout on other names: a class folder per character under one folder, and
    a test set's loose files, named by character, two folders deep under another."""
    for c in ("ada", "bea", "cyd", "dov"):
        for n in range(2):
            path = root / "characters" / c / f"pic_{n:04d}.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_image_bytes(f"{c}{n}", 20, 16))
        path = root / test_folder / test_folder / f"{c}_0.jpg"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_image_bytes(f"{c}t", 20, 16))


def test_a_chosen_class_level_that_takes_a_test_sets_folder_for_a_class_stops(tmp_path: Path) -> None:
    """At --label-level 2 the test set's folder `holdout_testset/` was a class of its own, its
    images merged into train with exit 0."""
    _characters(tmp_path / "src", "holdout_testset")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=2))
    assert "holdout_testset" in str(refused.value) and "--labels" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_chosen_class_level_over_folders_named_otherwise_converts(tmp_path: Path) -> None:
    _characters(tmp_path / "src", "extras")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=2))
    labels = {rid: names for rid, (_, names, _) in _records(tmp_path / "out").items()}
    assert labels["characters/ada/pic_0000.jpg"] == ("ada",) and labels["extras/extras/ada_0.jpg"] == ("extras",)


@pytest.mark.parametrize("vectors", ["embeddings/wiki-news-300d-1M/wiki-news-300d-1M.vec", "glove.6B.50d.txt"])
def test_word_vectors_beside_the_tables_are_left_out(tmp_path: Path, vectors: str) -> None:
    """Kaggle's text competitions ship embeddings beside the tables (Quora's
    `embeddings/glove.840B.300d/glove.840B.300d.txt`): read as a text dataset's folder they took the
    layout from the tables, and the refusal's own hint then rejected every row (exit 1)."""
    root = tmp_path / "src"
    root.mkdir()
    (root / "train.csv").write_text("id,comment_text,label\n" + "".join(f"r{i},comment number {i} on the thread,{'ab'[i % 2]}\n" for i in range(6)))
    (root / "test.csv").write_text("id,comment_text\n" + "".join(f"s{i},another comment {i}\n" for i in range(2)))
    path = root / vectors
    path.parent.mkdir(parents=True, exist_ok=True)
    head = "4 50\n" if vectors.endswith(".vec") else ""
    path.write_text(head + "".join(f"{w} " + " ".join(f"{0.01 * (k + i):.4f}" for k in range(50)) + "\n" for i, w in enumerate(["the", ",", "of", "to"])))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert sorted(written) == sorted([f"train.csv#{i + 2}" for i in range(6)] + [f"test.csv#{i + 2}" for i in range(2)])
    assert {written[f"train.csv#{i + 2}"][1] for i in range(6)} == {("a",), ("b",)}


def test_empty_header_cells_at_the_end_are_unnamed_columns_not_a_repeated_name(tmp_path: Path) -> None:
    """Kaggle's SMS spam `spam.csv` (`v1,v2,,,`, every row ending in empty cells) was refused as a
    header repeating '' (exit 1, nothing written). Its empty names are `Unnamed: 2`.. as pandas
    names them; `v1`, the one column of repeated words beside the text, is then its label (it
    stopped naming `--label-column v1` until the files were let decide: test_stops_to_right.py)."""
    root = tmp_path / "src"
    root.mkdir()
    rows = [("ham", "see you at the station at five then"), ("spam", "you have won a prize call now to claim"),
            ("ham", "ok thanks for letting me know"), ("ham", "running late be there soon"),
            ("spam", "free entry to win tickets text now"), ("ham", "did you get the notes from class")]
    (root / "messages.csv").write_text("v1,v2,,,\n" + "".join(f"{y},{t},,,\n" for y, t in rows), encoding="latin-1")
    for out, options in (("first", {}), ("named", {"label_column": "v1"})):
        run_conversion(ConvertConfig(str(root), str(tmp_path / out), **options))
        written = _records(tmp_path / out)
        assert {rid: names for rid, (_, names, _) in written.items()} == {f"messages.csv#{i + 2}": (y,) for i, (y, _) in enumerate(rows)}
        assert {record[contract.TEXT].decode() for _, _, record in written.values()} == {t for _, t in rows}


def test_a_headerless_label_of_short_repeated_phrases_labels_its_text(tmp_path: Path) -> None:
    """The e-commerce product table (`"Clothing & Accessories","Mens Cotton Polo ..."`, no header):
    labels of several words were no labels, and every record was written unlabelled (exit 0)."""
    root = tmp_path / "src"
    root.mkdir()
    rows = [("Home & Kitchen", "Ceramic mug with a blue glaze and a wide handle"), ("Books", "A field guide to the birds of the coast"),
            ("Sports & Outdoors", "Folding camping chair with a cup holder"), ("Books", "Poems written over a winter in the north"),
            ("Home & Kitchen", "Cast iron skillet seasoned and ready to cook"), ("Sports & Outdoors", "Yoga mat with a carrying strap"),
            ("Books", "Short stories about a town by the river"), ("Home & Kitchen", "Glass storage jars with bamboo lids")]
    (root / "products.csv").write_text("".join(f'"{y}","{t}"\n' for y, t in rows))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = {record[contract.TEXT].decode(): names for _, names, record in _records(tmp_path / "out").values()}
    assert written == {t: (y,) for y, t in rows}


def test_a_text_column_empty_in_some_rows_is_no_pair(tmp_path: Path) -> None:
    """A tweet's `Location` (`London`, ``, `Seattle, WA`) beside `OriginalTweet` was read as the
    second text of a pair (exit 0); a pair's texts are both in every row (the twin below)."""
    root = tmp_path / "src"
    root.mkdir()
    rows = [("London", "shops run out of pasta again this week"), ("", "stay home and keep your distance please"),
            ("Seattle, WA", "the hand sanitizer shelves are empty downtown"), ("", "my neighbour left groceries at the door")]
    (root / "tweets.csv").write_text("Location,OriginalTweet,Sentiment\n" + "".join(f'"{l}","{t}",{"ab"[i % 2]}\n' for i, (l, t) in enumerate(rows)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    for _, _, record in _records(tmp_path / "out").values():
        assert contract.TEXT_PAIR not in record
    assert {record[contract.TEXT].decode() for _, _, record in _records(tmp_path / "out").values()} == {t for _, t in rows}


def test_two_text_columns_filled_in_every_row_stay_a_pair(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    rows = [("a man plays a guitar on stage", "someone is making music"), ("two dogs run on the beach", "animals are outside"),
            ("a child reads a book in bed", "a kid is asleep"), ("the chef slices onions quickly", "food is being prepared")]
    (root / "pairs.csv").write_text("premise_text,hypothesis_text,label\n" + "".join(f"{p},{h},{'xy'[i % 2]}\n" for i, (p, h) in enumerate(rows)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    pairs = {(r[contract.TEXT].decode(), r[contract.TEXT_PAIR].decode()) for _, _, r in _records(tmp_path / "out").values()}
    assert pairs == set(rows)


@pytest.mark.parametrize("name", ["Headlines_Dataset.json", "headlines.jsonl"])
def test_json_lines_with_a_label_no_usual_name_names_stop_naming_it(tmp_path: Path, name: str) -> None:
    """Sarcasm Headlines (`{"article_link": ..., "headline": ..., "is_sarcastic": 1}` a line): read
    row by row, `is_sarcastic` was no label and every record was written unlabelled (exit 0). Judged
    from the first rows as a CSV's columns are, it stops naming `--label-column`, which converts it."""
    import json

    root = tmp_path / "src"
    root.mkdir()
    rows = [(f"https://example.com/{i}", f"local man number {i} does a perfectly ordinary thing today", i % 2) for i in range(8)]
    (root / name).write_text("".join(json.dumps({"article_link": a, "headline": h, "is_sarcastic": y}) + "\n" for a, h, y in rows))
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "is_sarcastic" in str(refused.value) and "--label-column" in str(refused.value)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "named"), label_column="is_sarcastic"))
    written = _records(tmp_path / "named")
    assert sorted(names for _, names, _ in written.values()) == [("0",)] * 4 + [("1",)] * 4


def test_a_keyed_tables_class_number_cell_that_is_no_class_number_rejects_its_row(tmp_path: Path) -> None:
    """EyePACS' `trainLabels.csv` (`image,level`) beside `train/`: a cell `nan`, `-1` or `2.5`
    among class numbers was a class of its own (written, exit 0); now that row's image is a reject naming
    the row and the cell (it went unlabelled beside the labelled ones until the session of 2026-11-29,
    the table's row alone reported; as a split list's and a `--labels` table's row, the image is the reject)."""
    root = tmp_path / "src"
    bad = ["nan", "-1", "2.5"]
    rows = ["image,level"]
    for i in range(15):
        path = root / "train" / f"{i}_left.jpeg"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_image_bytes(str(i), 20, 16))
        rows.append(f"{i}_left,{bad[i - 12] if i >= 12 else i % 3}")
    (root / "trainLabels.csv").write_text("\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), max_rejects="50%"))
    labels = {rid: names for rid, (_, names, _) in _records(tmp_path / "out").items()}
    assert {names for names in labels.values()} == {("0",), ("1",), ("2",)} and len(labels) == 12
    rejected = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert sorted(r["path"] for r in rejected) == [f"train/{i}_left.jpeg" for i in (12, 13, 14)]
    assert all(any(f"'{cell}' is no class number" in r["reason"] for r in rejected) for cell in bad)
