"""`.txt` files beside the images holding one word (or number) each, repeating as classes do, are
labels, not captions (beam_jobs/discover/word_captions.py): the run stops before writing, where it
wrote every image unlabelled with its class as a caption (exit 0). Found by the lead while looking at
CK+'s one-number emotion files; neighbours: a class word per image, a number per image (a code or an
age); near misses that stay captions: sentences, one distinct name per image.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _source(root: Path, texts: list[str]) -> Path:
    root.mkdir(parents=True)
    for i, text in enumerate(texts):
        (root / f"img{i:03d}.jpg").write_bytes(_image_bytes(f"wc{i}", 20, 16, "JPEG"))
        (root / f"img{i:03d}.txt").write_text(text + "\n")
    return root


@pytest.mark.parametrize("texts", [["cat", "dog", "bird"] * 4, ["   3.0000000e+00", "   5.0000000e+00", "   7.0000000e+00"] * 4,
                                   [str(20 + i) for i in range(12)]], ids=["class words", "emotion codes", "ages"])
def test_one_token_beside_each_image_stops_naming_the_options(tmp_path: Path, texts: list[str]) -> None:
    src = _source(tmp_path / "src", texts)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "--layout image_captions" in str(stop.value) and "--labels FILE" in str(stop.value)
    assert "img000.txt" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_the_layout_given_keeps_them_as_captions(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["cat", "dog", "bird"] * 4)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), layout="image_captions"))
    texts = [record[contract.TEXT].decode().strip() for info in load_manifest(str(tmp_path / "out")).splits.values()
             for shard in info.shards for record in read_shard(tmp_path / "out" / shard.path)]
    assert sorted(texts) == sorted(["cat", "dog", "bird"] * 4)


@pytest.mark.parametrize("texts", [[f"a small {w} sits on the mat {i}" for i, w in enumerate(["cat", "dog", "bird"] * 4)],
                                   [f"Name{chr(65 + i)}" for i in range(12)]], ids=["sentences", "one name each"])
def test_captions_that_say_more_or_never_repeat_stay_captions(tmp_path: Path, texts: list[str]) -> None:
    src = _source(tmp_path / "src", texts)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert load_manifest(str(tmp_path / "out")).inputs["written"] == 12
