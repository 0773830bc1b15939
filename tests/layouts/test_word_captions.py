"""`.txt` files beside the images holding one word (or number) each, repeating as classes do, are the
images' labels, not captions (beam_jobs/discover/word_captions.py: a LABEL_FILES Evidence read by
read_evidence). Read as captions, every image was written unlabelled, its class as a caption (exit 0).
Found by the lead while looking at CK+'s one-number emotion files; neighbours: a class word per image,
a number per image (a code, an age), split folders; near misses that stay captions: sentences, one
distinct name per image; hostile twins: a sentence among the words, an image without its file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import images_by_name, read_report
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract


def _source(root: Path, texts: list[str | None], folder: str = "") -> Path:
    (root / folder).mkdir(parents=True, exist_ok=True)
    for i, text in enumerate(texts):
        (root / folder / f"img{i:03d}.jpg").write_bytes(_image_bytes(f"wc{folder}{i}", 20, 16, "JPEG"))
        if text is not None:
            (root / folder / f"img{i:03d}.txt").write_text(text + "\n")
    return root


def _labels(out: Path) -> dict[str, tuple[str, str]]:
    """{image path: (split, label text)}; "" for an unlabelled record."""
    return {name: (record["split"], record.get(contract.LABEL_TEXT, b"").decode()) for name, record in images_by_name(out).items()}


@pytest.mark.parametrize(("texts", "labels"), [
    (["cat", "dog", "bird"] * 4, ["cat", "dog", "bird"] * 4),
    (["   3.0000000e+00", "   5.0000000e+00", "   7.0000000e+00"] * 4, ["3", "5", "7"] * 4),
    ([str(20 + i) for i in range(12)], [str(20 + i) for i in range(12)]),
], ids=["class words", "emotion codes", "ages"])
def test_one_token_beside_each_image_is_its_label(tmp_path: Path, texts: list[str], labels: list[str]) -> None:
    src = _source(tmp_path / "src", texts)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == {f"img{i:03d}.jpg": ("train", label) for i, label in enumerate(labels)}


def test_split_folders_of_images_with_their_label_files(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["cat", "dog"] * 4, "train")
    _source(src, ["dog", "cat"] * 2, "test")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    want = {f"train/img{i:03d}.jpg": ("train", ["cat", "dog"][i % 2]) for i in range(8)}
    want |= {f"test/img{i:03d}.jpg": ("test", ["dog", "cat"][i % 2]) for i in range(4)}
    assert _labels(tmp_path / "out") == want


def test_an_image_without_its_file_is_unlabelled_and_a_sentence_rejects_its_image(tmp_path: Path) -> None:
    texts: list[str | None] = ["cat", "dog", "bird"] * 5
    texts[3], texts[13] = None, "a cat sitting on a mat"
    src = _source(tmp_path / "src", texts)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="10%"))
    labels = _labels(tmp_path / "out")
    assert labels["img003.jpg"] == ("train", "") and "img013.jpg" not in labels and len(labels) == 14
    assert all(labels[f"img{i:03d}.jpg"] == ("train", t) for i, t in enumerate(texts) if t and " " not in t)
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejects] == ["img013.jpg"] and "6 words" in rejects[0]["reason"], rejects


def test_the_layout_given_keeps_them_as_captions(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", ["cat", "dog", "bird"] * 4)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), layout="image_captions"))
    texts = [record[contract.TEXT].decode().strip() for record in images_by_name(tmp_path / "out").values()]
    assert sorted(texts) == sorted(["cat", "dog", "bird"] * 4)


@pytest.mark.parametrize("texts", [[f"a small {w} sits on the mat {i}" for i, w in enumerate(["cat", "dog", "bird"] * 4)],
                                   [f"Name{chr(65 + i)}" for i in range(12)]], ids=["sentences", "one name each"])
def test_captions_that_say_more_or_never_repeat_stay_captions(tmp_path: Path, texts: list[str]) -> None:
    src = _source(tmp_path / "src", texts)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = images_by_name(tmp_path / "out")
    assert sorted(r[contract.TEXT].decode().strip() for r in records.values()) == sorted(texts)
    assert all(contract.LABEL_TEXT not in r or not r[contract.LABEL_TEXT] for r in records.values())
