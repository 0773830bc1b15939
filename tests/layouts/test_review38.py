"""Review 38: mend49b's one-class-spelled-two-ways stop (shardify/plan/label_spellings.py) in an append and with
labels that hold a comma or a quote.

An append (`--append`, beam_jobs/append_version.py) read the near-spellings over the batch's records alone: a batch
of `Positive` texts and one `Neative` appended to an output holding 20 `Negative` records (none in the batch) wrote
`Neative` as a third class, exit 0. The held records' counts now stand beside the batch's (VersionPlan's
held_label_counts, checks.wrong_guess's held_counts).

A label that holds a comma (`Cat, domestic`, as an ontology-style class name: AudioSet's class names, e.g. "Domestic
animals, pets", are such) stopped with `--label-alias 'cat, domestic=Cat, domestic'`, which the option split at its
commas and refused: no way out. A value with one '=' whose comma-separated parts are not each a pair is now one
pair, and the stop suggests one option a pair where a label holds a comma, quoted for the shell where one holds a
quote.

Miniatures: text files in class folders (the shape of aclImdb's `train/pos/*.txt`) and a `text,label` table.
"""

from __future__ import annotations

import csv
import shlex
from pathlib import Path

import pytest

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format.manifest import load_manifest
from shardify.plan.label_spellings import near_spellings, parse_label_aliases


def _texts(root: Path, folders: dict[str, int]) -> Path:
    for folder, count in folders.items():
        (root / folder).mkdir(parents=True, exist_ok=True)
        for n in range(count):
            (root / folder / f"{root.name}_{folder}_{n}.txt").write_text(f"review {n} of {folder} in {root.name}, some words\n")
    return root


def test_a_new_spelling_of_a_held_class_in_an_append_stops_and_its_alias_appends_it(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(_texts(tmp_path / "v1", {"Negative": 20, "Positive": 20})), str(out)))
    batch = _texts(tmp_path / "v2", {"Positive": 20, "Neative": 1})
    with pytest.raises(UsageError, match=r"'Neative' \(1 record\) is 'Negative' \(20 records\)"):
        run_conversion(ConvertConfig(str(batch), str(out)), append=True)
    assert load_manifest(str(out)).labels == ("Negative", "Positive")  # (nothing appended)
    run_conversion(ConvertConfig(str(batch), str(out), label_alias="Neative=Negative"), append=True)
    manifest = load_manifest(str(out))
    assert manifest.labels == ("Negative", "Positive")
    assert manifest.data["splits"]["train"]["label_counts"] == {"Negative": 21, "Positive": 40}


def test_an_append_of_held_classes_alone_converts_as_before(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(_texts(tmp_path / "v1", {"Negative": 20, "Positive": 20})), str(out)))
    run_conversion(ConvertConfig(str(_texts(tmp_path / "v2", {"Positive": 5, "Negative": 1})), str(out)), append=True)
    assert load_manifest(str(out)).data["splits"]["train"]["label_counts"] == {"Negative": 21, "Positive": 25}


def _table(path: Path, labels: list[str]) -> Path:
    path.mkdir(parents=True)
    with open(path / "data.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["text", "label"])
        writer.writerows((f"review text number {i} about the animals here", label) for i, label in enumerate(labels))
    return path


def test_a_label_holding_a_comma_can_be_kept_by_the_alias_the_stop_names(tmp_path: Path) -> None:
    source = _table(tmp_path / "src", ["Cat, domestic", "Dog, wild"] * 20 + ["cat, domestic"])
    options = {"label_column": "label", "label_separator": "none"}
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out1"), **options))
    said = str(stopped.value)
    keep = shlex.split(said.split(" writes each rare spelling")[1].split(", or ")[1].split(" keeps each")[0])
    assert keep == ["--label-alias", "cat, domestic=cat, domestic"]
    run_conversion(ConvertConfig(str(source), str(tmp_path / "out2"), label_alias=keep[1], **options))
    assert sorted(load_manifest(str(tmp_path / "out2")).labels) == ["Cat, domestic", "Dog, wild", "cat, domestic"]


def test_alias_values_with_commas_in_labels_and_the_suggested_options_read_back() -> None:
    assert parse_label_aliases("cat, domestic=Cat, domestic") == (("cat, domestic", "Cat, domestic"),)
    assert parse_label_aliases("a=b,c=d") == (("a", "b"), ("c", "d"))  # (several pairs, as before)
    with pytest.raises(ValueError):
        parse_label_aliases("a,b=c,d=e")  # (which commas part pairs cannot be told)
    said = near_spellings({"Crohn's disease": 300, "Crohns disease": 1, "healthy": 280})
    merge = shlex.split(said.split("apart; ")[1].split(" writes")[0])
    assert merge == ["--label-alias", "Crohns disease=Crohn's disease"]


def test_an_alias_to_a_name_of_label_names_is_read_as_that_class(tmp_path: Path) -> None:
    """`--label-names` with `--label-alias 'Neative=Negative'`: discovery refused 'Neative' as not in the names
    (a reject) though the alias names its class; the writer already read it through the alias."""
    source = _texts(tmp_path / "src", {"Positive": 20, "Neative": 1})
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(source), str(out), label_names=("Negative", "Positive"), label_alias="Neative=Negative"))
    manifest = load_manifest(str(out))
    assert manifest.data["splits"]["train"]["label_counts"] == {"Negative": 1, "Positive": 20}
    assert not (out / "rejected.jsonl").exists() or not (out / "rejected.jsonl").read_text().strip()


def test_a_flag_that_is_a_fact_of_the_post_is_no_label_and_stops(tmp_path: Path) -> None:
    """A scraped tweets table `tweet_id,text,is_retweet` (0/1): goodstops35's flag rule (converters/flag_labels.py)
    took `is_retweet` as the label, exit 0; a retweet flag, a URL flag, are facts of the post, so the table stops
    naming --label-column as it did before that rule. `is_depression` beside the text still converts (goodstops35)."""
    source = tmp_path / "src"
    source.mkdir()
    lines = [
        "tweet_id,text,is_retweet",
        *(f"{1000 + i},some tweet number {i} about the news today,{i % 3 % 2}" for i in range(24)),
    ]
    (source / "tweets.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(UsageError, match="--label-column 'is_retweet'"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
