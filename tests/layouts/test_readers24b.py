"""Useless stops of blind round twenty-three turned into right conversions, by kind (branch readers24b).

1. A label table keyed by file name whose names repeat in several split folders, the table's own name
   beginning with one of them (HC18's training_set_pixel_size_and_HC.csv beside training_set/ and test_set/,
   test_set's names repeating training_set's): the keys name that folder's files
   (plan/layout_guess.table_named_folder, label_key `under`), the other split folders' images are written
   unlabelled (their held-out split; label_file._in_other_split), and masks named `<stem>_<mask word>` beside
   the images are auxiliary, said in the plan. Before, each key named two files and every test image was
   rejected. Hostile twins: a table whose name begins with no folder's, a key found only outside the named
   folder, and an image of the named folder no row names keep the rejects.
2. A file of entries each naming its image and split (Karpathy's `dataset_coco.json`) beside folders named
   like splits (COCO's train2014/, val2014/) gives the splits over the folders'
   (beam_jobs/discover/split_files._over_folders): his splits re-divide the folders' images. Its `restval`
   is train, as his files' readers take it (converters/split_sources). Before, the folders' splits won and
   the file was left unread (a `restval` entry left it unread anyway: a stop naming no option that reads it).
   Hostile twins: a folder of images it does not name (test2014/) stops naming `--exclude test2014` and
   `--exclude dataset_coco.json`; a plain `{split: [names]}` file beside split folders is not read over them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind23 import DATASETS, FOLLOW
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _gray_png, _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import ShardifyError, UsageError
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


@pytest.mark.parametrize("wrapper", ["", "scans/"])
def test_a_table_named_after_its_split_folder_keys_that_folder(tmp_path: Path, wrapper: str) -> None:
    """A neighbour in no batch: train/ and test/ scans named alike, train_scores.csv keying the training
    scans, masks `_mask` beside them: each training scan labelled by its score, every test scan written
    unlabelled in test, the masks no records; alike where SRC is the folder above (a download's wrapper)."""
    _scans(tmp_path / "src" / "scans")
    src = tmp_path / "src" if wrapper else tmp_path / "src" / "scans"
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=f"{wrapper}train_scores.csv", label_column="score"))
    assert _records(tmp_path / "out") == {
        **{f"{wrapper}train/s{i:02d}.png": ("train", (f"{10.5 + i * 3.25:.2f}",)) for i in range(5)},
        **{f"{wrapper}test/s{i:02d}.png": ("test", ()) for i in range(3)}, f"{wrapper}test/t09.png": ("test", ()),
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


# ------------------------------------------------------------------------------------------------
# 2. Karpathy's split file over folders named like splits
# ------------------------------------------------------------------------------------------------

_KARPATHY = [("train2014", "train"), ("train2014", "train"), ("train2014", "train"), ("val2014", "val"), ("val2014", "test"),
             ("val2014", "restval"), ("val2014", "restval"), ("val2014", "val"), ("val2014", "test"), ("train2014", "train")]


def _karpathy(src: Path, plain: bool = False) -> Path:
    """COCO 2014's train2014/ and val2014/ beside Karpathy's dataset_coco.json (`filepath`, `filename`,
    `split`, `sentences`); `plain`: a `{split: [names]}` file instead, named splits.json."""
    entries, by_split = [], {}
    for i, (folder, split) in enumerate(_KARPATHY):
        name = f"COCO_{folder}_{i + 100:012d}.jpg"
        (src / folder).mkdir(parents=True, exist_ok=True)
        (src / folder / name).write_bytes(_image_bytes(f"k{i}", 20, 16, "JPEG"))
        entries.append({"filepath": folder, "filename": name, "imgid": i, "split": split, "cocoid": i + 100,
                        "sentences": [{"tokens": ["a"], "raw": f"Picture {i}.", "imgid": i, "sentid": i}]})
        by_split.setdefault("train" if split == "restval" else split, []).append(name)
    if plain:
        (src / "splits.json").write_text(json.dumps(by_split))
    else:
        (src / "dataset_coco.json").write_text(json.dumps({"images": entries, "dataset": "coco"}))
    return src


def _splits(out: Path) -> dict[str, int]:
    return {split: info.num_records for split, info in load_manifest(str(out)).splits.items()}


def test_karpathy_splits_win_over_the_split_folders(tmp_path: Path) -> None:
    """Each image in the split the file gives (restval train), whatever its folder; its captions its text."""
    src = _karpathy(tmp_path / "coco")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = {}
    for split, info in load_manifest(str(tmp_path / "out")).splits.items():
        for shard in info.shards:
            for record in read_shard(tmp_path / "out" / shard.path):
                written[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.TEXT].decode())
    assert written == {f"{folder}/COCO_{folder}_{i + 100:012d}.jpg": ("train" if split == "restval" else split, f"Picture {i}.")
                       for i, (folder, split) in enumerate(_KARPATHY)}


def test_images_the_karpathy_file_does_not_name_stop_naming_their_folder(tmp_path: Path) -> None:
    """The hostile twin: COCO's test2014/ beside, no entry naming its images: the stop names both choices."""
    src = _karpathy(tmp_path / "coco")
    (src / "test2014").mkdir()
    for i in range(2):
        (src / "test2014" / f"COCO_test2014_{i + 900:012d}.jpg").write_bytes(_image_bytes(f"t{i}", 20, 16, "JPEG"))
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "--exclude test2014" in str(stop.value) and "--exclude dataset_coco.json" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), exclude=("test2014",)))
    assert _splits(tmp_path / "followed") == {"train": 6, "val": 2, "test": 2}


def test_a_plain_split_file_beside_split_folders_is_not_read_over_them(tmp_path: Path) -> None:
    """The hostile twin: `{split: [names]}` (no entries of their own) beside train2014/ and val2014/: the
    folders keep their splits, as before; only a file of entries re-divides them."""
    src = _karpathy(tmp_path / "coco", plain=True)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_level=0))
    assert _splits(tmp_path / "out") == {"train": 4, "val": 6}
