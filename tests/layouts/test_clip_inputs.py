"""Audio or video clips as a folder layout's inputs stop before writing (media_beside_tables.check_clip_inputs).

FSD50K (newcomer seventeen's builder: `FSD50K.dev_audio/*.wav`, labels in `FSD50K.ground_truth/dev.csv`)
stopped over its two label tables, and following that advice read every clip as a text, each rejected
"binary file, not UTF-8 text", exit 1. A neighbour (ESC-50's `audio/1-100032-A-0.wav` beside
`meta/esc50.csv`, as its README lists them) and a video neighbour (clips in class folders) stop too; a
near-miss (photos in class folders with a few clips among them) converts its photos.
"""

from __future__ import annotations

import wave
from pathlib import Path

from helpers import newcomer_seventeen
from helpers.refusals import refusal
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format.manifest import load_manifest


def _wav(path: Path, seed: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(bytes((seed * 7 + i) % 256 for i in range(400)))


def test_fsd50k_says_audio_is_not_converted(tmp_path: Path) -> None:
    truth = newcomer_seventeen.DATASETS["fsd50k"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "audio or video" in said and ".wav" in said and "FSD50K.dev_audio/" in said


def test_esc50_and_video_class_folders_stop_alike(tmp_path: Path) -> None:
    esc = tmp_path / "ESC-50-master"
    rows = ["filename,fold,target,category,esc10,src_file,take"]
    for i, (target, category) in enumerate([(0, "dog"), (1, "rooster"), (0, "dog"), (40, "helicopter")]):
        name = f"{1 + i % 5}-1000{i}-A-{target}.wav"
        _wav(esc / "audio" / name, i)
        rows.append(f"{name},{1 + i % 5},{target},{category},False,1000{i},A")
    (esc / "meta").mkdir()
    (esc / "meta" / "esc50.csv").write_text("\n".join(rows) + "\n")
    assert ".wav in audio/" in refusal(esc, tmp_path / "out")
    videos = tmp_path / "clips"
    for i, action in enumerate(["jump", "jump", "run", "run"]):
        (videos / action).mkdir(parents=True, exist_ok=True)
        (videos / action / f"v_{action}_{i:02d}.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(64))
    assert ".mp4" in refusal(videos, tmp_path / "out2")


def test_photos_with_a_few_clips_among_them_convert_their_photos(tmp_path: Path) -> None:
    src = tmp_path / "pets"
    for i in range(6):
        for cls in ("cat", "dog"):
            (src / cls).mkdir(parents=True, exist_ok=True)
            (src / cls / f"{cls}{i}.jpg").write_bytes(_image_bytes(f"{cls}{i}", 16, 12, "JPEG"))
    _wav(src / "cat" / "purr.wav", 1)
    out = tmp_path / "out"
    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except UsageError as refused:  # another guard may name the clip; this one must not claim the dataset is of clips
        assert "the inputs are audio or video files" not in str(refused)
        return
    written = [r for info in load_manifest(str(out)).splits.values() for shard in info.shards for r in read_shard(out / shard.path)]
    assert len(written) == 12  # every photo, counted from the shards
