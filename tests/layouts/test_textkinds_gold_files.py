"""A data file beside a gold file of as many lines, named alike but for one word (shardify/plan/gold_files.py).

Shown by WiC (tests/helpers/blind14.py `wic`: `train/train.data.txt` of five tab-separated columns,
two sentences among them, beside `train/train.gold.txt` of T/F lines; `test/` without a gold
file). Its neighbours, from their documented layouts: SemEval STS (`STS.input.<source>.txt`,
`sentence 1<TAB>sentence 2`, beside `STS.gs.<source>.txt`, a score a line: the layout SentEval's
STS loader and the STS README's `cut -f5 ... > STS.gs.*.txt; cut -f 6-7 ... > STS.input.*.txt`
read and write), and SemEval-2018 Task 2's emoji prediction (`us_train.text`, a tweet a line,
beside `us_train.labels`, an emoji's id a line). The twins: a gold file one line short stops
naming both counts; a data file of tab rows beside one of plain lines is not this kind alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.one_place import records
from helpers.unseen_judge import written_records

_WORDS = ["bank", "cell", "go", "carry", "break", "plant"]


def _sentence(seed: int, word: str) -> str:
    return f"The {('old', 'new', 'red', 'far')[seed % 4]} {word} was seen {seed} times today ."


def _wic(root: Path, sizes: dict[str, int], gold_short: str = "") -> dict[str, tuple[str, tuple, tuple[str, str]]]:
    truth = {}
    for folder, n in sizes.items():
        data, gold = [], []
        for i in range(n):
            word = _WORDS[(i + n) % len(_WORDS)]
            one, two = _sentence(i, word), _sentence(i + 7, word)
            data.append(f"{word}\t{'NV'[i % 2]}\t{i}-{i + 1}\t{one}\t{two}")
            gold.append("TF"[(i * 5 + n) % 3 == 0])
            truth[f"{folder}/{folder}.data.txt:{i}"] = (folder, (gold[-1].lower(),) if folder != "test" else (), one + "|" + two)
        (root / folder).mkdir(parents=True)
        (root / folder / f"{folder}.data.txt").write_text("\n".join(data) + "\n")
        if folder != "test":
            lines = gold[:-1] if folder == gold_short else gold
            (root / folder / f"{folder}.gold.txt").write_text("\n".join(lines) + "\n")
    (root / "README.txt").write_text("WiC: *.data.txt five tab-separated columns; *.gold.txt T or F a line.\n")
    return truth


def _written(out: Path) -> dict[str, tuple[str, tuple, str]]:
    """{`<table>:<i>` (rows from 0): (split, labels lowercased, text)}, a pair's two texts joined by '|'."""
    found = written_records(out, splits_as_named=True)
    texts = found["texts"]
    return {key: (split, tuple(sorted(labels or ())), "|".join(texts[key]) if isinstance(texts[key], tuple) else texts[key])
            for key, (split, labels) in found["records"].items()}


@pytest.fixture(scope="module")
def wic(tmp_path_factory):
    root = tmp_path_factory.mktemp("wic")
    truth = _wic(root / "src", {"train": 6, "dev": 4, "test": 3})
    done = run_shardify("convert", str(root / "src"), str(root / "out"))
    return truth, done, root / "out"


def test_rows_of_a_data_file_are_labelled_by_the_lines_of_its_gold_file(wic) -> None:
    truth, done, out = wic
    assert done.returncode == 0, done.stderr
    written = _written(out)
    assert {k: v[1:] for k, v in written.items()} == {k: v[1:] for k, v in truth.items()}


def test_the_split_without_a_gold_file_is_unlabelled_and_no_column_is_taken_for_labels(wic) -> None:
    truth, done, out = wic
    written = _written(out)
    assert {v[0] for k, v in written.items() if k.startswith("test/")} == {"test"}
    assert all(not v[1] for k, v in written.items() if k.startswith("test/"))
    assert "none shipped for test/test.data.txt's rows" in done.stdout + done.stderr


def test_a_gold_file_a_line_short_stops_naming_both_counts(tmp_path: Path) -> None:
    _wic(tmp_path / "src", {"train": 6, "dev": 4, "test": 3}, gold_short="dev")
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "dev/dev.data.txt has 4 lines and dev/dev.gold.txt 3" in done.stderr


def test_sts_sentence_pairs_beside_their_gold_scores(tmp_path: Path) -> None:
    src, truth = tmp_path / "src" / "train", {}
    src.mkdir(parents=True)
    for source in ("MSRpar", "SMTeuroparl"):
        pairs = [(_sentence(i, source.lower()), _sentence(i + 3, "thing")) for i in range(5)]
        scores = [f"{(i * 1.25) % 5:.3f}" for i in range(5)]
        (src / f"STS.input.{source}.txt").write_text("".join(f"{a}\t{b}\n" for a, b in pairs))
        (src / f"STS.gs.{source}.txt").write_text("".join(f"{s}\n" for s in scores))
        for i, ((a, b), s) in enumerate(zip(pairs, scores)):
            truth[f"train/STS.input.{source}.txt:{i}"] = ((s,), f"{a}|{b}")
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert {k: v[1:] for k, v in _written(tmp_path / "out").items()} == truth


def test_emoji_tweets_a_line_beside_their_labels_by_extension(tmp_path: Path) -> None:
    src, truth = tmp_path / "src", {}
    src.mkdir()
    for split, n in (("train", 6), ("test", 4)):
        tweets = [f"so happy with {split} day number {i} @user" for i in range(n)]
        labels = [str(i % 3) for i in range(n)]
        (src / f"us_{split}.text").write_text("\n".join(tweets) + "\n")
        (src / f"us_{split}.labels").write_text("\n".join(labels) + "\n")
        truth.update({(split, tweet): (label,) for tweet, label in zip(tweets, labels)})
    done = run_shardify("convert", str(src), str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert {(split, text): labels for split, labels, text in records(tmp_path / "out").values()} == truth


def test_tab_rows_beside_plain_lines_are_not_this_kind_alone(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _wic(src, {"train": 6, "dev": 4})
    (src / "dev" / "dev.data.txt").write_text("".join(f"{_sentence(i, 'x')}\n" for i in range(4)))  # no tabs
    done = run_shardify("convert", "--dry-run", str(src), str(tmp_path / "out"))
    assert done.returncode == 2 and "labelled by the same line of its gold file" not in done.stdout + done.stderr
