"""x_/y_ line pairs (blind22's wili, beam_jobs/discover/pair_companions.py): `x_<split>.txt` a text a
line, labelled by the same line of `y_<split>.txt`, beside a table of the classes and a list of links
(read neither, both named); a neighbour spelled the other way (`train_X.txt`, `train_y.txt`, no
table); and the hostile twins: UCI HAR's `X_train.txt` of numbers is no text, and a `labels.csv` that
names the files beside the pairs is still the label table it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind22 import DATASETS, FOLLOW
from helpers.shard_io import read_shard
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found.setdefault(split, []).append(
                    (record[contract.TEXT].decode(), record.get(contract.TEXT_LABEL_TEXT, b"").decode()))
    return {split: sorted(rows) for split, rows in found.items()}


def _texts(n: int, tag: str) -> list[str]:
    return [f"{tag} paragraph {i} tells of a river and the town beside it ." for i in range(n)]


def test_wili_reads_each_paragraph_with_its_language(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "wili", tmp_path / "wili", FOLLOW.get("wili"))


def test_x_and_y_at_the_end_of_the_name_pair_too(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    want = {}
    for split, n in (("train", 7), ("val", 5)):
        texts, labels = _texts(n, split), [("ham", "spam", "eggs")[i % 3] for i in range(n)]
        (src / f"{split}_X.txt").write_text("\n".join(texts) + "\n")
        (src / f"{split}_y.txt").write_text("\n".join(labels) + "\n")
        want[split] = sorted(zip(texts, labels))
    (src / "README.txt").write_text("train_X.txt: a message a line; train_y.txt: its class\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == want


def test_uci_har_rows_of_numbers_are_no_texts(tmp_path: Path) -> None:
    """X_train.txt of feature numbers beside y_train.txt: never written as texts labelled by y (exit 0)."""
    src = tmp_path / "har"
    src.mkdir()
    for split, n in (("train", 8), ("test", 5)):
        (src / f"X_{split}.txt").write_text("".join(
            " ".join(f"{(i * 7 + k) % 19 / 10 - 0.9:.7e}" for k in range(12)) + "\n" for i in range(n)))
        (src / f"y_{split}.txt").write_text("".join(f"{1 + i % 6}\n" for i in range(n)))
    from shardify.beam_jobs.discover import pair_companions

    config = ConvertConfig(str(src), str(tmp_path / "out"))
    assert pair_companions.numeric_lines(config, "X_train.txt")
    (src / "activity_labels.txt").write_text("1 WALKING\n2 WALKING_UPSTAIRS\n3 WALKING_DOWNSTAIRS\n4 SITTING\n5 STANDING\n6 LAYING\n")
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except ShardifyError:
        return  # a stop: nothing written as texts
    for rows in _records(tmp_path / "out").values():
        assert not any(text[:1] in "-0123456789" and label for text, label in rows), rows[:3]


def test_a_labels_csv_naming_the_files_is_no_class_table(tmp_path: Path) -> None:
    """The hostile twin of WiLI's labels.csv: one whose rows name the files beside the pairs keys them,
    as before (never taken for a table of the classes and dropped)."""
    from shardify.beam_jobs.discover import pair_companions

    src = tmp_path / "src"
    src.mkdir()
    (src / "y_train.txt").write_text("cat\ndog\ncat\n")
    (src / "labels.csv").write_text("file,label\nx_train.txt,cat\nnotes.txt,dog\n")
    config = ConvertConfig(str(src), str(tmp_path / "out"))
    assert not pair_companions.class_table(config, "labels.csv", ["y_train.txt"], ["x_train.txt", "y_train.txt", "notes.txt"])
    (src / "classes.csv").write_text("code;name\ncat;Cat\ndog;Dog\nemu;Emu\n")
    assert pair_companions.class_table(config, "classes.csv", ["y_train.txt"], ["x_train.txt", "y_train.txt"])


@pytest.mark.parametrize("lines, links", [(["https://a.org/1", "http://b.org/x?y=2"], True), (["https://a.org/1", "a river"], False)])
def test_only_a_file_of_links_alone_is_a_list_of_links(lines: list[str], links: bool, tmp_path: Path) -> None:
    from shardify.beam_jobs.discover import pair_companions

    (tmp_path / "urls.txt").write_text("\n".join(lines) + "\n")
    assert pair_companions.link_list(ConvertConfig(str(tmp_path), str(tmp_path / "out")), "urls.txt") is links
