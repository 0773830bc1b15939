"""Useless stops of blind round twenty-three turned into right conversions, by kind (branch readers24b).

1. A label table keyed by file name whose names repeat in several split folders, the table's own name
   beginning with one of them (HC18's training_set_pixel_size_and_HC.csv beside training_set/ and test_set/,
   test_set's names repeating training_set's): the keys name that folder's files
   (plan/layout_guess.table_named_folder, label_key `under`), the other split folders' images are written
   unlabelled (their held-out split; label_file._in_other_split), and masks named `<stem>_<mask word>` beside
   the images are auxiliary, said in the plan. Before, each key named two files and every test image was
   rejected. Hostile twins: a table whose name begins with no folder's, a key found only outside the named
   folder, and an image of the named folder no row names keep the rejects.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind23 import DATASETS, FOLLOW
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _gray_png, _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """{path: (split, labels)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                text = record.get(contract.LABEL_TEXT, ())
                labels = tuple(v.decode() for v in (text if isinstance(text, list) else [text])) if text else ()
                found[record[contract.IMAGE_FILENAME].decode()] = (split, labels)
    return found


# ------------------------------------------------------------------------------------------------
# 1. A table keying one split folder's file names, the names repeating in another
# ------------------------------------------------------------------------------------------------

def test_hc18_follows_its_stop_right(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "hc18", tmp_path / "hc18", FOLLOW["hc18"])


def _scans(src: Path, table: str = "train_scores.csv", odd_key: str = "", unnamed: bool = False) -> Path:
    """train/ and test/ of scans named alike (s00.png ..), `<stem>_mask.png` beside each training scan,
    `table` keying the training scans by file name with a float score, a test list beside."""
    rows = ["image,score"]
    for i in range(5):
        (src / "train").mkdir(parents=True, exist_ok=True)
        (src / "train" / f"s{i:02d}.png").write_bytes(_image_bytes(f"tr{i}", 20, 16, "PNG"))
        (src / "train" / f"s{i:02d}_mask.png").write_bytes(_gray_png(f"m{i}", 20, 16, [0, 255]))
        if not (unnamed and i == 4):
            rows.append(f"s{i:02d}.png,{10.5 + i * 3.25:.2f}")
    for i in range(3):
        (src / "test").mkdir(parents=True, exist_ok=True)
        (src / "test" / f"s{i:02d}.png").write_bytes(_image_bytes(f"te{i}", 20, 16, "PNG"))
    (src / "test" / "t09.png").write_bytes(_image_bytes("te9", 20, 16, "PNG"))
    if odd_key:
        rows.append(f"{odd_key},99.00")
    (src / table).write_text("\n".join(rows) + "\n")
    return src


def test_a_table_named_after_its_split_folder_keys_that_folder(tmp_path: Path) -> None:
    """A neighbour in no batch: train/ and test/ scans named alike, train_scores.csv keying the training
    scans, masks `_mask` beside them: each training scan labelled by its score, every test scan written
    unlabelled in test, the masks no records."""
    src = _scans(tmp_path / "scans")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file="train_scores.csv", label_column="score"))
    assert _records(tmp_path / "out") == {
        **{f"train/s{i:02d}.png": ("train", (f"{10.5 + i * 3.25:.2f}",)) for i in range(5)},
        **{f"test/s{i:02d}.png": ("test", ()) for i in range(3)}, "test/t09.png": ("test", ()),
    }


@pytest.mark.parametrize(
    ("table", "odd_key", "unnamed", "reason"),
    [
        ("scores.csv", "", False, "'s00.png' names 2 files (test/s00.png, train/s00.png): a key must name one"),
        ("train_scores.csv", "t09.png", False, "'s00.png' names 2 files (test/s00.png, train/s00.png): a key must name one"),
        ("train_scores.csv", "", True, "no usable row in train_scores.csv names it"),
    ],
    ids=["no-folder-begins-the-name", "a-key-only-outside-the-folder", "a-training-image-no-row-names"],
)
def test_hostile_twins_keep_their_rejects(tmp_path: Path, table: str, odd_key: str, unnamed: bool, reason: str) -> None:
    """A table whose name begins with no folder's, one key found only in test/ (the keys then no
    folder's alone), a training scan no row names: never written unlabelled or under another's row."""
    src = _scans(tmp_path / "scans", table, odd_key, unnamed)
    out = tmp_path / "out"
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(src), str(out), labels_file=table, label_column="score",
                                      max_rejects=parse_max_rejects("0")))
    assert reason in {row["reason"] for row in read_report(out, "rejected.jsonl")}
