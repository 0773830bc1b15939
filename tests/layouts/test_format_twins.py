"""One table shipped in two formats side by side (beam_jobs/discover/format_twins.py).

XNLI 1.0 (its README, the tfds and Hugging Face cards: `XNLI-1.0/xnli.{dev,test}.{tsv,jsonl}`, the
same rows twice) wrote every record twice with exit 0 in a newcomer's trial. Checked here: XNLI's
shape stops naming the `--exclude` that keeps one format, and with it converts once; a Hugging
Face export's `data/train.csv` beside `data/train.parquet` stops the same way, naming its folder;
tables of different names in different formats (`train.csv` beside `test.jsonl`) are no twins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from helpers.cli_runs import run_shardify
from shardify.format.manifest import load_manifest

_ROWS = {
    "dev": [("A man is eating.", "Someone eats.", "entailment"), ("A cat sleeps.", "A dog runs.", "neutral"),
            ("It rains.", "The sun is out and dry.", "contradiction"), ("Kids play ball.", "Children play.", "entailment")],
    "test": [("She reads a book.", "She is reading.", "entailment"), ("He sings loudly.", "He is silent.", "contradiction"),
             ("Two dogs bark.", "Animals make noise.", "entailment")],
}


def _xnli(root: Path) -> Path:
    folder = root / "XNLI-1.0"
    folder.mkdir(parents=True)
    for split, rows in _ROWS.items():
        lines = ["language\tgold_label\tsentence1\tsentence2"] + [f"en\t{label}\t{a}\t{b}" for a, b, label in rows]
        (folder / f"xnli.{split}.tsv").write_text("\n".join(lines) + "\n")
        records = [json.dumps({"language": "en", "gold_label": label, "sentence1": a, "sentence2": b}) for a, b, label in rows]
        (folder / f"xnli.{split}.jsonl").write_text("\n".join(records) + "\n")
    return folder


def test_a_split_in_two_formats_stops_naming_the_exclude_that_keeps_one(tmp_path: Path) -> None:
    source = _xnli(tmp_path)
    stopped = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert stopped.returncode == 2, stopped.stdout + stopped.stderr
    message = " ".join(stopped.stderr.split())
    assert "xnli.dev.jsonl and xnli.dev.tsv" in message and "--exclude '*.jsonl'" in message, message
    assert not (tmp_path / "out" / "manifest.json").exists()
    followed = run_shardify("convert", str(source), str(tmp_path / "kept"), "--exclude", "*.jsonl")
    assert followed.returncode == 0, followed.stderr
    splits = load_manifest(str(tmp_path / "kept")).splits
    assert {name: info.num_records for name, info in splits.items()} == {"dev": 4, "test": 3}


def test_an_export_in_csv_and_parquet_names_its_folder(tmp_path: Path) -> None:
    data = tmp_path / "export" / "data"
    data.mkdir(parents=True)
    rows = [("a fine film", "pos"), ("a dull film", "neg"), ("warm and funny", "pos"), ("too long", "neg")]
    (data / "train.csv").write_text("text,label\n" + "".join(f"{t},{label}\n" for t, label in rows))
    pq.write_table(pa.table({"text": [t for t, _ in rows], "label": [label for _, label in rows]}), data / "train.parquet")
    stopped = run_shardify("convert", str(tmp_path / "export"), str(tmp_path / "out"))
    assert stopped.returncode == 2
    message = " ".join(stopped.stderr.split())
    assert "--exclude 'data/*.csv'" in message and "--exclude 'data/*.parquet'" in message, message


def test_tables_of_other_names_in_other_formats_are_no_twins(tmp_path: Path) -> None:
    source = tmp_path / "reviews"
    source.mkdir()
    (source / "train.csv").write_text("text,label\na fine film,pos\na dull film,neg\nwarm and funny,pos\ntoo long,neg\n")
    (source / "test.jsonl").write_text("\n".join(json.dumps({"text": t, "label": label})
                                                 for t, label in (("so good", "pos"), ("so bad", "neg"))) + "\n")
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    splits = load_manifest(str(tmp_path / "out")).splits
    assert {name: info.num_records for name, info in splits.items()} == {"train": 4, "test": 2}
