"""Class folders that each join one split word to their class (issue 30's blind round eighteen: the Yonsei
CIPLAB real-and-fake-face download's `real_and_fake_face/training_fake/`, `training_real/`, read as two
folders of the split `train` and no class; the run stopped offering nothing that read the classes,
and `--label-level 2` stopped again), on neighbours and twins:

- the download as it unpacks, SRC at its top and SRC at the folder holding the two, and a
  `<class>_train/` naming (`benign_train/`, `malignant_train/`, `normal_train/` under `data/`):
  each folder a class (its name without the split word), one split;
- two split words over the same classes (`train_cats/`, `test_cats/`, `train_dogs/`, `test_dogs/` at
  SRC; CycleGAN's `horse2zebra/trainA/` .. `testB/`, tensorflow/datasets' cycle_gan builder; a
  neighbour `Train_Benign/` .. `Validation_Malignant/` of three splits): split and class from each
  name, the label without the split word;
- twins: a class under one split word only stops before writing, naming the folder and the layout
  file's `class_names`; versions (`train_2017/`, `test_2017/`, ...) and a folder of no split beside
  them (`extra/`) are no such reading (stop as before); split folders sharing one other word
  (`seg_train/`, `seg_test/`, Intel Image Classification's) stay splits with the classes beneath them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract


def _write(root: Path, paths: list[str]) -> None:
    for i, path in enumerate(paths):
        write_file(root / path, image_bytes(size=(20, 16), seed=i))


def _records(out: Path) -> dict[str, tuple[str, bytes | None]]:
    return {record[contract.IMAGE_FILENAME].decode(): (shard.name.split("-")[0], record.get(contract.LABEL_TEXT))
            for shard in sorted(out.glob("*.tfrecord")) for record in read_shard(shard)}


def _faces(wrapper: str) -> list[str]:
    return ([f"{wrapper}training_fake/{level}_{i * 17 + 3}_1100.jpg" for i, level in enumerate(("easy", "mid", "hard"))]
            + [f"{wrapper}training_real/real_{i * 53 + 1:05d}.jpg" for i in range(3)])


@pytest.mark.parametrize("paths", [_faces("real_and_fake_face/"), _faces(""),
                                   [f"data/{c}_train/{c}{i}.png" for c in ("benign", "malignant", "normal") for i in (1, 2)]],
                         ids=["faces", "faces_at_src", "class_train"])
def test_each_folder_is_a_class_of_one_split(paths: list[str], tmp_path: Path) -> None:
    _write(tmp_path / "src", paths)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    # the class is the folder's name without its split word (review21: `test_positive/` is split test, class positive)
    assert _records(tmp_path / "out") == {p: ("train", re.sub(r"^training_|_train$", "", p.split("/")[-2]).encode()) for p in paths}


_TWO_SPLITS = {
    "cats_dogs": [f"{s}_{c}/{c}.{i}.jpg" for s in ("train", "test") for c in ("cats", "dogs") for i in (1, 2)],
    "cycle_gan": [f"horse2zebra/{s}{c}/n0{i}_{c}.jpg" for s in ("train", "test") for c in ("A", "B") for i in (1, 2)],
    "three_splits": [f"skin/{s}_{c}/{i}.png" for s in ("Train", "Validation", "Test") for c in ("Benign", "Malignant") for i in (1, 2)],
}


def _split_class(path: str) -> tuple[str, bytes]:
    folder = path.split("/")[-2]
    for word in ("train", "validation", "test"):
        if folder.lower().startswith(word):
            return word, folder[len(word):].lstrip("_").encode()
    raise AssertionError(path)


@pytest.mark.parametrize("name", sorted(_TWO_SPLITS))
def test_two_split_words_over_the_same_classes_give_split_and_class(name: str, tmp_path: Path) -> None:
    paths = _TWO_SPLITS[name]
    _write(tmp_path / "src", paths)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == {p: _split_class(p) for p in paths}


def test_a_class_under_one_split_word_stops_naming_it(tmp_path: Path) -> None:
    _write(tmp_path / "src", [f"{s}_{c}/{c}.{i}.jpg" for s, c in (("train", "cats"), ("train", "dogs"), ("test", "cats")) for i in (1, 2)])
    with pytest.raises(UsageError, match=r"train_dogs/.*structure\.class_names"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("paths", [
    [f"{s}_{v}/{i}.jpg" for s in ("train", "test") for v in ("2017", "2018") for i in (1, 2)],
    [f"{s}_{c}/{c}.{i}.jpg" for s in ("train", "test") for c in ("cats", "dogs") for i in (1, 2)] + ["extra/1.jpg", "extra/2.jpg"],
], ids=["versions", "folder_beside"])
def test_versions_or_a_folder_beside_are_no_split_and_class(paths: list[str], tmp_path: Path) -> None:
    _write(tmp_path / "src", paths)
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_split_folders_sharing_one_other_word_stay_splits(tmp_path: Path) -> None:
    paths = [f"seg_{s}/seg_{s}/{c}/{i}.jpg" for s in ("train", "test") for c in ("buildings", "forest") for i in (1, 2)]
    _write(tmp_path / "src", paths)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == {p: (p.split("/")[0][4:], p.split("/")[2].encode()) for p in paths}
