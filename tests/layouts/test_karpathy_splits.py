"""A JSON of entries each naming its image and its split (Karpathy's caption files: `dataset_rsicd.json`,
`dataset_flickr8k.json`: `{"images": [{"filename", "split", "sentences": [...]}], "dataset"}`) read as
the images' split file (converters/split_sources.split_names), and its captions never lost silently
(beam_jobs/discover/image_split_fields.with_entry_captions: each image's captions its record's text).

Blind round twenty-three's rsicd first wrote every image in one split (exit 0), then stopped naming no
option; with the split file read, its images take the scene their txtclasses list names, the JSON's
split and its captions. A neighbour of Flickr8k's shape (no class lists: captions the only thing said of
the images) converts right on the first command; hostile twins: one entry's captions no list, an
entry without a split, a split that is no split word (`unused`) keep the stop of one split.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind23 import DATASETS
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
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
                 "sentences": [{"tokens": ["a", "dog"], "raw": "A dog.", "imgid": i, "sentid": i * 2},
                               {"tokens": ["two", "dogs", "run"], "raw": "Two dogs run. ", "imgid": i, "sentid": i * 2 + 1}]}
        if split is not None:
            entry["split"] = split
        images.append(entry)
    (root / "dataset_flickr8k.json").write_text(json.dumps({"images": images, "dataset": "flickr8k"}))
    return root


def _records(out: Path) -> dict[str, tuple[str, str, str]]:
    """{file name: (split, text, text/source)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                name = record[contract.IMAGE_FILENAME].decode().rsplit("/", 1)[-1]
                found[name] = (split, record[contract.TEXT].decode(), record[contract.TEXT_SOURCE].decode())
    return found


def test_rsicd_takes_its_scenes_and_the_json_splits(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "rsicd", tmp_path / "rsicd", None)


def test_flickr8k_images_take_their_captions_and_splits(tmp_path: Path) -> None:
    """A neighbour of Flickr8k's shape: no class lists, the captions the only thing said of the images: each
    record holds its image's captions (joined with a line break, as COCO captions are), its split the file's,
    its text/source the file and the entry's place."""
    splits = ["train", "train", "val", "test", "train", "train", "val", "test"]
    src = _flickr(tmp_path / "flickr8k", splits)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert {name: split for name, (split, _, _) in written.items()} == {
        f"{1000268201 + i}_693b08cb0e.jpg": s for i, s in enumerate(splits)}
    assert {text for _, text, _ in written.values()} == {"A dog.\nTwo dogs run."}
    assert written["1000268203_693b08cb0e.jpg"][2] == "dataset_flickr8k.json#3"


def test_an_entry_whose_captions_are_no_list_rejects_its_image_alone(tmp_path: Path) -> None:
    """The hostile twin: one entry's `sentences` a string: that image rejected naming the entry, the others
    written with their captions."""
    src = _flickr(tmp_path / "flickr8k", ["train", "val", "test", "train", "train", "val", "train", "test", "train", "train"])
    document = json.loads((src / "dataset_flickr8k.json").read_text())
    document["images"][4]["sentences"] = "A dog."
    (src / "dataset_flickr8k.json").write_text(json.dumps(document))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=parse_max_rejects("30%")))
    written = _records(tmp_path / "out")
    assert len(written) == 9 and "1000268205_693b08cb0e.jpg" not in written
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert any("no list" in r["reason"] for r in rejected)


@pytest.mark.parametrize("odd", [None, "unused"])
def test_an_entry_without_a_split_word_keeps_the_stop(tmp_path: Path, odd: str | None) -> None:
    """The hostile twins: one entry without its split, or with a spelling no split word (`unused`; COCO's
    `restval` is Karpathy's training data, read as train: tests/layouts/test_readers24b.py): no split
    file is read (never a partial reading), and the run stops before writing, naming the file."""
    src = _flickr(tmp_path / "flickr8k", ["train", "val", "test", odd, "train", "train"])
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "dataset_flickr8k.json" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
