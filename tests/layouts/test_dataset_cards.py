"""Hugging Face dataset cards: the `configs:` / `data_files:` front matter of a download's README.md
decides its splits (https://huggingface.co/docs/hub/datasets-manual-configuration), in the three
forms the Hub documents: one path a split, a list of paths, globs. Records are counted from the
tables we wrote, not from the manifest."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.cli_runs import one_line_error, run_shardify
from helpers.shard_io import read_shard
from helpers.sources import convert
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import dataset_card


def _card(configs: str) -> str:
    return f"---\nlicense: mit\ntask_categories:\n- text-classification\n{configs}---\n\n# Dataset card\n\nSome prose.\n"


def _table(path: Path, rows: list[tuple[str, str]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("text,label\n" + "".join(f"{t},{label}\n" for t, label in rows))


def _texts_by_split(out: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            found.setdefault(split, set()).update(r[contract.TEXT].decode() for r in read_shard(out / shard.path))
    return found


def test_a_card_with_lists_and_globs_decides_every_split_and_what_is_data(tmp_path: Path) -> None:
    src = tmp_path / "my_dataset"
    _table(src / "data" / "abc.csv", [("the river is quiet", "pos"), ("a dull grey day", "neg")])
    _table(src / "data" / "def.csv", [("bright market garden", "pos")])
    _table(src / "holdout" / "ghi.csv", [("silver harbor winter", "neg"), ("thunder and velvet", "pos")])
    _table(src / "data" / "scratch.csv", [("a table the card does not list", "pos")])
    (src / "README.md").write_text(_card(
        "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path:\n    - data/abc.csv\n"
        "    - \"data/def.csv\"\n  - split: test\n    path: \"holdout/*.csv\"\n"
    ))
    convert(src, tmp_path / "out")
    assert _texts_by_split(tmp_path / "out") == {
        "train": {"the river is quiet", "a dull grey day", "bright market garden"},
        "test": {"silver harbor winter", "thunder and velvet"},
    }


def test_parquet_shards_under_data_follow_the_default_config(tmp_path: Path) -> None:
    """The Hub's own export: data/<split>-00000-of-0000N.parquet, several configs, one default."""
    pyarrow = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    src = tmp_path / "export"
    wanted = {"train": ["alpha beta", "gamma delta", "epsilon zeta"], "validation": ["eta theta"], "other": ["iota kappa"]}
    for split, files in (("train", 2), ("validation", 1)):
        rows = wanted[split]
        for i in range(files):
            part = rows[i::files]
            path = src / "data" / f"{split}-{i:05d}-of-{files:05d}.parquet"
            path.parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(pyarrow.table({"text": part, "label": [1] * len(part)}), path)
    pq.write_table(pyarrow.table({"text": wanted["other"], "label": [0]}), src / "data" / "other-00000-of-00001.parquet")
    (src / "README.md").write_text(_card(
        "configs:\n- config_name: extra\n  data_files:\n  - split: train\n    path: data/other-*\n"
        "- config_name: main\n  default: true\n  data_files:\n  - split: train\n    path: data/train-*\n"
        "  - split: validation\n    path: data/validation-*\n"
    ))
    convert(src, tmp_path / "out")
    assert _texts_by_split(tmp_path / "out") == {"train": set(wanted["train"]), "validation": set(wanted["validation"])}


def test_several_configs_and_no_default_stop_before_writing_naming_them(tmp_path: Path) -> None:
    src = tmp_path / "glue_like"
    _table(src / "cola" / "train.csv", [("one", "1")])
    _table(src / "sst2" / "train.csv", [("two", "0")])
    (src / "README.md").write_text(_card(
        "configs:\n- config_name: cola\n  data_files:\n  - split: train\n    path: cola/train.csv\n"
        "- config_name: sst2\n  data_files:\n  - split: train\n    path: sst2/train.csv\n"
    ))
    run = run_shardify("convert", str(src), str(tmp_path / "out"), "-q")
    line = one_line_error(run)
    assert run.returncode == 2 and "cola, sst2" in line and "--layout-file" in line
    assert not (tmp_path / "out").exists()


def test_a_card_and_split_ratios_together_are_refused(tmp_path: Path) -> None:
    src = tmp_path / "ds"
    _table(src / "a.csv", [("one", "x")])
    (src / "README.md").write_text(_card("configs:\n- config_name: default\n  data_files: a.csv\n"))
    with pytest.raises(UsageError, match="names the splits: drop --split"):
        convert(src, tmp_path / "out", split="train=0.5,test=0.5")


@pytest.mark.parametrize(
    ("front", "pairs"),
    [
        ("configs:\n- config_name: default\n  data_files: data.csv\n", (("data.csv", "train"),)),
        ("configs:\n- config_name: default\n  data_files:\n    train: a/*.csv\n    test: [b.csv, c.csv]\n",
         (("a/*.csv", "train"), ("b.csv", "test"), ("c.csv", "test"))),
        ("license: mit\n", ()),
        ("configs: [unclosed\n", ()),
    ],
)
def test_the_card_forms_the_hub_reads(front: str, pairs: tuple) -> None:
    assert dataset_card.card_splits(f"---\n{front}---\nprose\n", where="README.md") == pairs


@pytest.mark.parametrize(
    ("front", "said"),
    [
        ("configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: ../outside/*.csv\n", "leaves"),
        ("configs:\n- config_name: default\n  data_files:\n  - split: 'a/b'\n    path: x.csv\n", "data_files"),
        ("configs:\n- config_name: default\n  data_files: 7\n", "neither a path"),
        ("configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: {a: 1}\n", "needs a path"),
    ],
)
def test_a_hostile_card_is_refused_naming_it(front: str, said: str) -> None:
    with pytest.raises(UsageError, match=re.escape(said)):
        dataset_card.card_splits(f"---\n{front}---\n", where="README.md")


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("data/*.csv", "data/a.csv", True),
        ("data/*.csv", "data/sub/a.csv", False),
        ("data/**/*.csv", "data/sub/deeper/a.csv", True),
        ("data/**/*.csv", "data/a.csv", True),
        ("data/train-*", "data/train-00000-of-00002.parquet", True),
        ("data/train-*", "data/validation-00000-of-00001.parquet", False),
        ("img/?.png", "img/a.png", True),
        ("img/[ab].png", "img/c.png", False),
        ("img/[!a]?.png", "img/ab.png", False),
        ("img/[!a]?.png", "img/bb.png", True),
        ("data/**", "data/x/a.csv", True),
        ("data/**", "data", False),
        ("data/train**.csv", "data/sub/train.csv", False),  # `**` inside a name is `*`, as Python's glob reads it
    ],
)
def test_card_globs_read_as_the_hub_reads_them(pattern: str, path: str, matches: bool) -> None:
    assert dataset_card.split_of(((pattern, "train"),), path) == ("train" if matches else None)


def test_a_hostile_glob_is_matched_without_backtracking(tmp_path) -> None:
    """`*a*a*...*b` translated to a regular expression took 1.9 s against a 40-character name with 8
    stars, and each further star multiplied it: a card of such patterns stalled a conversion on each
    file. 40 stars against a 250-character name answer at once (a child process with a timeout, so
    a regression fails instead of hanging the suite)."""
    script = tmp_path / "match.py"
    script.write_text(
        "from shardify.plan import dataset_card\n"
        "card = '---\\nconfigs:\\n- config_name: default\\n  data_files:\\n  - split: train\\n    path: \"' + '*a' * 40 + 'b\"\\n---\\n'\n"
        "pairs = dataset_card.card_splits(card, where='README.md')\n"
        "print(dataset_card.split_of(pairs, 'a' * 250), dataset_card.split_of(pairs, 'a' * 250 + 'b'))\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "train"]
