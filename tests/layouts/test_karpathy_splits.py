"""A JSON of entries each naming its image and its split (Karpathy's caption files: `dataset_rsicd.json`,
`dataset_flickr8k.json`: `{"images": [{"filename", "split", "sentences": [...]}], "dataset"}`) read as
the images' split file (converters/split_sources.split_names), and its captions never lost silently
(beam_jobs/discover/image_split_fields.check_unread_captions).

Blind round twenty-three's rsicd first wrote every image in one split (exit 0), then stopped naming no
option; with the split file read, its images take the scene their txtclasses list names and the JSON's
split. A neighbour of Flickr8k's shape (no class lists: captions the only thing said of the images)
stops naming --label-level 0, with which the images are written in the file's splits; hostile twins: an
entry without a split, a split that is no split word (`restval`) keep the stop of one split.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind23 import DATASETS
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _flickr(root: Path, splits: list[str | None]) -> Path:
    """Flickr8k in Karpathy's files: Flicker8k_Dataset/<id>.jpg beside dataset_flickr8k.json."""
    images = []
    for i, split in enumerate(splits):
        name = f"{1000268201 + i}_693b08cb0e.jpg"
        path = root / "Flicker8k_Dataset" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_image_bytes(f"fl{i}", 24, 20, "JPEG"))
        entry = {"filename": name, "imgid": i, "sentids": [i * 2, i * 2 + 1],
                 "sentences": [{"tokens": ["a", "dog"], "raw": "A dog.", "imgid": i, "sentid": i * 2}]}
        if split is not None:
            entry["split"] = split
        images.append(entry)
    (root / "dataset_flickr8k.json").write_text(json.dumps({"images": images, "dataset": "flickr8k"}))
    return root


def _splits(out: Path) -> dict[str, str]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.IMAGE_FILENAME].decode().rsplit("/", 1)[-1]] = split
    return found


def test_rsicd_takes_its_scenes_and_the_json_splits(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "rsicd", tmp_path / "rsicd", None)


def test_captions_the_only_thing_said_stop_naming_label_level_zero(tmp_path: Path) -> None:
    splits = ["train", "train", "val", "test", "train", "train", "val", "test"]
    src = _flickr(tmp_path / "flickr8k", splits)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "dataset_flickr8k.json" in str(stop.value) and "--label-level 0" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out2"), label_level=0))
    written = _splits(tmp_path / "out2")
    assert written == {f"{1000268201 + i}_693b08cb0e.jpg": s for i, s in enumerate(splits)}


@pytest.mark.parametrize("odd", [None, "restval"])
def test_an_entry_without_a_split_word_keeps_the_stop(tmp_path: Path, odd: str | None) -> None:
    """The hostile twins: one entry without its split, or with COCO's `restval` (no split word): no split
    file is read (never a partial reading), and the run stops before writing, naming the file."""
    src = _flickr(tmp_path / "flickr8k", ["train", "val", "test", odd, "train", "train"])
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "dataset_flickr8k.json" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
