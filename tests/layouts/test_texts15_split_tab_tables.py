"""Tab-separated .txt tables that lie only in split-named folders (issue 30, blind round fifteen).

WASSA-2017 (saifmohammad.com EmoInt: training/, development/, test/, each `<emotion>-ratings-0to1.<split>.txt`
of headerless `id<TAB>tweet<TAB>emotion<TAB>score` rows) stopped as if SRC held no texts. Read now as
tables split by their folders; the emotion column, one word repeated, stops naming --label-column,
and with it the conversion is right. Neighbours from their documented layouts: SemEval-2018 Task 1's
EI-oc (SemEval2018-Task1-all-data/English_EI-oc/training/EI-oc-En-anger-train.txt, development/,
test-gold/, each under the header `ID<TAB>Tweet<TAB>Affect Dimension<TAB>Intensity Class`, as loaders'
READMEs list them) and SemEval-2017 Task 4 A (`twitter-2016train-A.txt`, `twitter-2016dev-A.txt`,
`twitter-2016test-A.txt` side by side, headerless `id<TAB>label<TAB>text`): not in split folders,
read as before, by their names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_EMOTIONS = ("anger", "fear", "joy", "sadness")


def _wassa(root: Path, *, second_word_column: bool = False) -> dict[str, tuple[str, str]]:
    truth, ident = {}, 100
    for folder, suffix, split in (("training", "train", "train"), ("development", "dev.gold", "validation"),
                                  ("test", "test.gold", "test")):
        for emotion in _EMOTIONS:
            lines = []
            for i in range(2):
                extra = f"\t{('en', 'fr')[i]}" if second_word_column else ""
                lines.append(f"{ident}\t@user tweet {ident} feels like {emotion} today #{emotion}\t{emotion}\t0.{ident % 9 + 1}{extra}")
                truth[f"{folder}/{emotion}-ratings-0to1.{suffix}.txt:{i}"] = (split, emotion)
                ident += 1
            write_file(root / folder / f"{emotion}-ratings-0to1.{suffix}.txt", "\n".join(lines) + "\n")
    return truth


def _judged(out: Path) -> dict[str, tuple[str, str]]:
    records = written_records(out)["records"]
    return {rid: (split, next(iter(labels)) if labels else None) for rid, (split, labels) in records.items()}


def test_split_folders_of_tab_rows_stop_naming_the_word_column(tmp_path: Path) -> None:
    _wassa(tmp_path / "src")
    with pytest.raises(UsageError, match=r"column 3.*--label-column 3") as stop:
        convert(tmp_path / "src", tmp_path / "out")
    assert "training/" in str(stop.value) or "development/" in str(stop.value)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.tfrecord*"))


def test_with_the_label_column_the_folders_give_the_splits(tmp_path: Path) -> None:
    truth = _wassa(tmp_path / "src")
    got = _judged(convert(tmp_path / "src", tmp_path / "out", label_column="3"))
    assert got == truth


def test_two_word_columns_still_stop(tmp_path: Path) -> None:
    """The ambiguous twin: an emotion column and a language column, both words repeated."""
    _wassa(tmp_path / "src", second_word_column=True)
    with pytest.raises(UsageError, match="--label-column"):
        convert(tmp_path / "src", tmp_path / "out")


def test_semeval2018_headed_files_in_split_folders(tmp_path: Path) -> None:
    root, truth, ident = tmp_path / "src", {}, 1
    for folder, stem, split in (("training", "EI-oc-En-{e}-train", "train"), ("development", "2018-EI-oc-En-{e}-dev", "validation"),
                                ("test-gold", "2018-EI-oc-En-{e}-test-gold", "test")):
        for emotion in _EMOTIONS:
            name = stem.format(e=emotion) + ".txt"
            rows = ["ID\tTweet\tAffect Dimension\tIntensity Class"]
            for i in range(2):
                rows.append(f"2018-En-{ident:05d}\tSome words about {emotion} number {ident}\t{emotion}\t{i}: some {emotion} can be inferred")
                truth[f"{folder}/{name}:{i}"] = (split, emotion)
                ident += 1
            write_file(root / folder / name, "\n".join(rows) + "\n")
    with pytest.raises(UsageError, match="--label-column 3"):
        convert(root, tmp_path / "out")
    assert _judged(convert(root, tmp_path / "out2", label_column="3")) == truth


def test_semeval2017_named_files_side_by_side_are_not_this_kind(tmp_path: Path) -> None:
    """Files named by split in one folder: split by their names, labelled by their label column, as before."""
    root, truth = tmp_path / "src" / "Subtask_A", {}
    for part, split in (("train", "train"), ("dev", "validation"), ("test", "test")):
        rows = []
        for i in range(8):  # (the real files hold thousands: a label column's repeats show in a few rows)
            label = ("positive", "negative", "neutral")[i % 3]
            rows.append(f"{6420000 + i}\t{label}\tA tweet of {part} number {i} that is {label} in tone")
            truth[f"twitter-2016{part}-A.txt:{i}"] = (split, label)
        write_file(root / f"twitter-2016{part}-A.txt", "\n".join(rows) + "\n")
    try:
        got = _judged(convert(root, tmp_path / "out"))
    except UsageError:
        return  # a stop is never wrong
    assert {split for split, _ in got.values()} == {"train", "validation", "test"}
    assert {rid.split("/")[-1]: v for rid, v in got.items()} == truth
