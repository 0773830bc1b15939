"""Text datasets whose records are lines and whose labels are not in the line, read with the first
command (`shardify convert SRC OUT`): one line file per class, parallel text and label files, JSON
`[text, label]` pairs under split keys; with the neighbours of each kind and their hostile twins.

Miniatures copy the downloads' layouts: sentence polarity v1.0 (`rt-polaritydata/rt-polarity.pos`
and `.neg`, Latin-1, a snippet a line; www.cs.cornell.edu/people/pabo/movie-review-data), TweetEval
(`datasets/<task>/<split>_text.txt`, `<split>_labels.txt`, `mapping.txt`; github.com/cardiffnlp/
tweeteval), CLINC150 (`data/data_full.json`: `train`, `val`, `test`, `oos_train`, `oos_val`,
`oos_test` lists of `[text, intent]`; github.com/clinc/oos-eval, tfds `clinc_oos`). Records are
read back from the shards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.shard_io import read_shard, rejects_by_path
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import RejectLimitError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file
from shardify.plan.requests import parse_max_rejects


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def _convert(source: Path, out: Path, **options) -> Path:
    run_conversion(ConvertConfig(str(source), str(out), **options))
    return out


def _records(out: Path) -> dict[str, list[tuple[str, str, str]]]:
    """{split: sorted [(text/source, text, label name)]}."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for split, info in load_manifest(str(out)).splits.items():
        rows = []
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                label = record.get(contract.TEXT_LABEL_TEXT, b"")
                rows.append((record[contract.TEXT_SOURCE].decode(), record[contract.TEXT].decode(), label.decode()))
        found[split] = sorted(rows)
    return found


def _lines(prefix: str, n: int) -> list[str]:
    return [f"{prefix} snippet number {i} , a film of some {'charm' if i % 2 else 'length'} ." for i in range(n)]


# --- one line file per class ---------------------------------------------------------------------


def test_sentence_polarity_reads_a_record_a_line_labelled_by_the_extension(tmp_path: Path) -> None:
    root = tmp_path / "rt-polaritydata"
    pos = _lines("pos", 6) + ["a charming \u00e9clair of a film ."]  # Latin-1, as the download is
    _write(root / "rt-polarity.pos", ("\n".join(pos) + "\n").encode("latin-1"))
    _write(root / "rt-polarity.neg", ("\n".join(_lines("neg", 5)) + "\n").encode("latin-1"))
    _write(root / "rt-polaritydata.README.1.0.txt", "sentence polarity dataset v1.0\n\nrt-polarity.pos: 5331 snippets\n")
    records = _records(_convert(root, tmp_path / "out"))
    assert list(records) == ["train"]
    want = sorted([(f"rt-polarity.pos#{i + 1}", t, "pos") for i, t in enumerate(pos)]
                  + [(f"rt-polarity.neg#{i + 1}", t, "neg") for i, t in enumerate(_lines("neg", 5))])
    assert records["train"] == want  # the Latin-1 line read as Windows-1252: its é kept


def test_a_class_a_txt_file_names_the_class_by_its_stem(tmp_path: Path) -> None:
    root = tmp_path / "sentiment"
    classes = {"positive": 6, "negative": 7, "neutral": 5}
    for name, n in classes.items():
        _write(root / f"{name}.txt", "\n".join(_lines(name, n)) + "\n")
    _write(root / "README.md", "# three classes, a sentence a line\n")
    records = _records(_convert(root, tmp_path / "out"))
    labels = [label for _, _, label in records["train"]]
    assert {name: labels.count(name) for name in classes} == classes and len(labels) == sum(classes.values())


def test_files_of_paragraphs_are_documents_not_lines(tmp_path: Path) -> None:
    root = tmp_path / "letters"
    for name in ("alpha", "beta"):
        _write(root / f"{name}.txt", f"Dear {name},\n\nThe meeting moved to Monday.\n\nRegards,\nthe board\n")
    with pytest.raises(UsageError) as refused:
        _convert(root, tmp_path / "out")  # as before: no class folders label whole files
    assert "--label-from-name" in str(refused.value) and "--layout tables" not in str(refused.value)


def test_too_few_lines_to_tell_stop_naming_the_option_that_decides(tmp_path: Path) -> None:
    root = tmp_path / "tiny"
    _write(root / "pos.txt", "a fine film .\nwarm and funny .\n")
    _write(root / "neg.txt", "a dull film .\ncold .\n")
    with pytest.raises(UsageError, match=r"--layout tables reads a record per line") as refused:
        _convert(root, tmp_path / "out")
    assert "pos.txt" in str(refused.value) and not (tmp_path / "out" / "manifest.json").exists()
    records = _convert(root, tmp_path / "followed", layout="tables")
    assert [(s, label) for s, _, label in _records(records)["train"]] == [
        ("neg.txt#1", "neg"), ("neg.txt#2", "neg"), ("pos.txt#1", "pos"), ("pos.txt#2", "pos")]


def test_class_files_in_split_folders_take_the_folder_as_the_split(tmp_path: Path) -> None:
    root = tmp_path / "sst"
    for split, n in (("train", 7), ("test", 5)):
        for name in ("positive", "negative", "neutral"):
            _write(root / split / f"{name}.txt", "\n".join(_lines(f"{split} {name}", n)) + "\n")
    _write(root / "README.md", "# a sentence a line, a file a class\n")
    records = _records(_convert(root, tmp_path / "out"))
    assert sorted(records) == ["test", "train"]
    for split, n in (("train", 7), ("test", 5)):
        labels = [label for _, _, label in records[split]]
        assert {name: labels.count(name) for name in set(labels)} == {"positive": n, "negative": n, "neutral": n}


def test_articles_a_paragraph_a_line_are_no_records_by_guess(tmp_path: Path) -> None:
    """Paragraphs without blank lines between them look like lines of records, but are as long as
    an article's: reading each file as a class would write wrong labels, so the run stops."""
    root = tmp_path / "articles"
    paragraph = "The council met on Monday and agreed the budget for the coming year, " * 6
    for name in ("economy", "politics"):
        _write(root / f"{name}.txt", "\n".join(f"{paragraph}({name} {i})" for i in range(8)) + "\n")
    with pytest.raises(UsageError, match=r"--layout tables reads a record per line.*--label-from-name"):
        _convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_an_empty_and_a_binary_class_file_are_rejected_with_why(tmp_path: Path) -> None:
    root = tmp_path / "sentiment"
    _write(root / "positive.txt", "\n".join(_lines("p", 6)) + "\n")
    _write(root / "negative.txt", "\n".join(_lines("n", 6)) + "\n")
    _write(root / "neutral.txt", b"")
    _write(root / "mixed.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(RejectLimitError, match=r"binary file .*empty: no lines"):  # more than 10% of the inputs
        _convert(root, tmp_path / "refused")
    out = _convert(root, tmp_path / "out", max_rejects=parse_max_rejects("2"))
    assert sorted({label for _, _, label in _records(out)["train"]}) == ["negative", "positive"]
    rejects = rejects_by_path(out)
    assert "empty" in rejects["neutral.txt"] and "binary" in rejects["mixed.txt"]


def _split_of(name: str) -> str:
    return {"train.src": "train", "test.src": "test"}.get(name, "train")


@pytest.mark.parametrize("names", [("corpus.src", "corpus.tgt"), ("train.src", "train.tgt", "test.src", "test.tgt"),
                                   ("europarl-v7.de-en.de", "europarl-v7.de-en.en")], ids=["src-tgt", "split-src-tgt", "languages"])
def test_a_translation_corpus_is_no_class_file_per_line(names: tuple[str, ...], tmp_path: Path) -> None:
    """`train.src` beside `train.tgt` (and Europarl's `.de` beside `.en`): a parallel corpus's
    sides, line by line, never classes `src` and `tgt`: since the eleventh mends each line is one
    unlabelled record, the first side's line its text (it stopped naming `paste`)."""
    root = tmp_path / "wmt"
    for name in names:
        _write(root / name, "\n".join(_lines(name, 8)) + "\n")
    found = _records(_convert(root, tmp_path / "out"))
    firsts = names[::2]
    assert {split: [(source, label) for source, _, label in rows] for split, rows in found.items()} == {
        _split_of(first): sorted((f"{first}#{i + 1}", "") for i in range(8)) for first in firsts}
    assert all(text.startswith(source.split("#")[0]) for rows in found.values() for source, text, _ in rows)


# --- parallel text and label files ---------------------------------------------------------------

_EMOTION = ["anger", "joy", "optimism", "sadness"]


def _tweeteval(root: Path, sizes: dict[str, int], *, mapping: bool = True) -> dict[str, list[tuple[str, str, str]]]:
    want: dict[str, list[tuple[str, str, str]]] = {}
    for split, n in sizes.items():
        texts = [f"@user tweet {split} {i} about the #{_EMOTION[i % 4]} of it " for i in range(n)]
        _write(root / f"{split}_text.txt", "\n".join(texts) + "\n")
        _write(root / f"{split}_labels.txt", "\n".join(str(i % 4) for i in range(n)) + "\n")
        want[split] = sorted((f"{split}_text.txt#{i + 1}", t, _EMOTION[i % 4]) for i, t in enumerate(texts))
    if mapping:
        _write(root / "mapping.txt", "".join(f"{i}\t{name}\n" for i, name in enumerate(_EMOTION)))
    return want


def test_tweeteval_text_lines_take_the_same_line_of_the_label_file_and_the_mapping(tmp_path: Path) -> None:
    root = tmp_path / "emotion"
    want = _tweeteval(root, {"train": 9, "dev": 4, "test": 5})  # `dev_` as other tasks of the kind name it
    records = _records(_convert(root, tmp_path / "out"))
    assert records == want


def test_parallel_files_of_different_lengths_stop_before_writing(tmp_path: Path) -> None:
    root = tmp_path / "emotion"
    _tweeteval(root, {"train": 9, "val": 4})
    _write(root / "val_labels.txt", "0\n1\n2\n")  # a line lost
    with pytest.raises(UsageError, match=r"val_text.txt has 4 lines and val_labels.txt 3"):
        _convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_blank_text_line_is_rejected_naming_its_label_line(tmp_path: Path) -> None:
    root = tmp_path / "emotion"
    _tweeteval(root, {"train": 9}, mapping=False)
    lines = (root / "train_text.txt").read_text().split("\n")
    lines[2] = "   "
    _write(root / "train_text.txt", "\n".join(lines))
    out = _convert(root, tmp_path / "out", max_rejects=parse_max_rejects("1"))
    records = _records(out)["train"]
    assert len(records) == 8 and {label for _, _, label in records} <= {"0", "1", "2", "3"}  # no mapping: as written
    assert "line 3 of train_labels.txt" in rejects_by_path(out)["train_text.txt"]


# --- JSON [text, label] pairs under split keys ----------------------------------------------------


def test_clinc150_pairs_are_texts_with_labels_and_out_of_scope_splits_of_their_own(tmp_path: Path) -> None:
    intents = ["apr", "pay_bill", "timer"]
    document: dict[str, list] = {}
    for split, n in (("train", 6), ("val", 3), ("test", 3)):
        document[split] = [[f"{split} utterance {i} on {intents[i % 3]}", intents[i % 3]] for i in range(n)]
    for split, n in (("oos_train", 2), ("oos_val", 1), ("oos_test", 2)):
        document[split] = [[f"{split} question {i} out of scope", "oos"] for i in range(n)]
    _write(tmp_path / "data" / "data_full.json", json.dumps(document))
    records = _records(_convert(tmp_path / "data", tmp_path / "out"))
    assert sorted(records) == sorted(document)  # never oos_train merged into train
    for split, pairs in document.items():
        assert sorted((text, label) for _, text, label in records[split]) == sorted(map(tuple, pairs))


def test_a_json_list_element_that_is_no_pair_is_rejected(tmp_path: Path) -> None:
    document = {"train": [["a fine question", "apr"]] * 3 + [["only text"]], "test": [["one more", "apr"]]}
    _write(tmp_path / "data" / "data_small.json", json.dumps(document))
    out = _convert(tmp_path / "data", tmp_path / "out", max_rejects=parse_max_rejects("1"))
    assert {split: len(rows) for split, rows in _records(out).items()} == {"train": 3, "test": 1}
    assert "not a [text, label] pair" in rejects_by_path(out)["data_small.json"]


def test_a_layout_file_names_the_line_files_and_their_labels(tmp_path: Path) -> None:
    """The user's say where content cannot tell: `line_files` in a layout file (docs/layout-files.md)."""
    root = tmp_path / "tiny"
    _write(root / "pos.txt", "a fine film .\nwarm and funny .\n")
    _write(root / "neg.txt", "a dull film .\n")
    text = ("shardify_layout: 1\nlayout: tables\nmedia: text\nline_files:\n"
            "- {path: neg.txt, label: negative}\n- {path: pos.txt, label: positive}\n")
    spec = layout_file.loads(text, where="layout.yaml")
    out = _convert(root, tmp_path / "out", **spec.options, layout_given=spec.layout)
    assert [(s, label) for s, _, label in _records(out)["train"]] == [
        ("neg.txt#1", "negative"), ("pos.txt#1", "positive"), ("pos.txt#2", "positive")]
    with pytest.raises(UsageError, match=r"line_files .* leaves SRC"):
        layout_file.loads(text.replace("path: neg.txt", "path: ../neg.txt"), where="layout.yaml")


def test_a_layout_files_parallel_files_of_different_lengths_are_rejected_at_the_scan(tmp_path: Path) -> None:
    """Detection (which counts the lines first) is skipped by a layout file: the scan compares the
    counts and rejects the text file whole, never shifting its labels."""
    root = tmp_path / "emotion"
    want = _tweeteval(root, {"train": 9, "val": 4}, mapping=False)
    _write(root / "train_labels.txt", "0\n1\n2\n3\n0\n1\n2\n3\n")  # 8 labels for 9 texts
    text = ("shardify_layout: 1\nlayout: tables\nmedia: text\nline_files:\n"
            "- {path: train_text.txt, labels: train_labels.txt}\n- {path: val_text.txt, labels: val_labels.txt}\n")
    spec = layout_file.loads(text, where="layout.yaml")
    out = _convert(root, tmp_path / "out", layout_given=spec.layout, max_rejects=parse_max_rejects("1"))
    assert "9 lines where its label file train_labels.txt has 8" in rejects_by_path(out)["train_text.txt"]
    assert _records(out) == {"val": [(s, t, str(_EMOTION.index(label))) for s, t, label in want["val"]]}


def _clinc(n: int) -> dict[str, list]:
    return {split: [[f"{split} query {i} of {n}", "oos" if split.startswith("oos") else f"intent{i % 2}"] for i in range(n)]
            for split in ("train", "val", "test", "oos_train", "oos_val", "oos_test")}


def test_versions_of_one_dataset_side_by_side_stop_naming_one_to_convert(tmp_path: Path) -> None:
    """CLINC150's data/ ships data_full.json, data_small.json ... each with its own train, val and
    test: read together every train would be one split, each query in it several times."""
    data = tmp_path / "oos-eval" / "data"
    _write(data / "data_full.json", json.dumps(_clinc(4)))
    _write(data / "data_small.json", json.dumps(_clinc(2)))
    with pytest.raises(UsageError, match=r"data_full.json, data_small.json each hold their own splits") as refused:
        _convert(data, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
    one = str(refused.value).split("as SRC: shardify convert ", 1)[1].split(" OUT")[0]
    records = _records(_convert(Path(one), tmp_path / "followed"))
    assert {split: len(rows) for split, rows in records.items()} == {split: 4 for split in _clinc(4)}


def test_documents_of_different_splits_convert_together(tmp_path: Path) -> None:
    _write(tmp_path / "src" / "train.json", json.dumps({"train": [["a fine question", "apr"], ["another one", "bill"]]}))
    _write(tmp_path / "src" / "test.json", json.dumps({"test": [["a test question", "apr"]]}))
    records = _records(_convert(tmp_path / "src", tmp_path / "out"))
    assert {split: len(rows) for split, rows in records.items()} == {"train": 2, "test": 1}
