"""Kinds of fault a tenth unseen round (vision, tests/helpers/unseen10.py) found, each on an unnamed
neighbour beside a twin that must not change (the named datasets are in test_unseen_round_ten.py):

- landmark annotations beside folders read as classes: per-image point files (`.pts`, 300-W's) were
  inputs, each rejected as no image (exit 1); as auxiliary files the folders above (`01_Indoor/`)
  were every image's label, as were WIDER's event folders (`0--Parade/`) under split lists whose rows
  hold 196 coordinates beside each path (WFLW's, exit 0). Both now stop before writing, naming
  `--label-level 0` and the folders' level (`file_signs.annotated_points_message`); split folders
  over point files (no class folders) convert as before, unlabelled. A split list known by its
  name (`list_train.txt`) whose rows name the files in a later field is read at that field, as a
  list known by its content is (its first field, a coordinate, named no file: every row a reject);
- split folders beneath group folders that each hold the same ones (ShanghaiTech's
  `part_A/train_data/images/`, `part_B/...`) were no splits: the run asked for `--label-level 0`,
  which then wrote every image to train (exit 0); they are splits now, the groups no classes, where
  nothing but files or a folder naming what it holds (`images/`) lies beneath them;
- parts holding one chain of folders above the same classes (Chars74K's `GoodImg/Bmp/Sample001/`
  beside `BadImag/Bmp/Sample001/`, masks in `Msk/` beside `Bmp/`: `msk` is a mask folder's word
  now) stopped naming no level; the stop names the classes' level wherever one chain of folders
  lies between the parts and them, not only where the classes lie just beneath;
- a label table whose label cells hold several words (`East Asian`) was "no label file" even with
  `--label-column` naming that column; it stops naming `--label-separator none` (one label a cell)
  or `' '` (tags), and the stop asking which column labels says so too;
- per-image text-region files `gt_<image stem>.txt` in a `*_gt` folder beside the images' (ICDAR's
  Robust Reading format: a byte-order mark, then `x1,y1,...,x4,y4,transcription` a line, `###` a
  region not to care about) were no format read: the run stopped naming nothing that helps. They
  are a row of `box_formats.FORMATS` now (its `stem_prefix` pairs `gt_img_1.txt` with `img_1.jpg`),
  every region a `text` object; a byte-order mark is no content in any annotation's first lines.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError
from shardify.plan import box_formats


def _pts(seed: int) -> str:
    points = np.random.default_rng(seed).uniform(1, 15, (68, 2))
    return "version: 1\nn_points:  68\n{\n" + "".join(f"{x:.3f} {y:.3f}\n" for x, y in points) + "}\n"


# ---- landmark annotations beside folders read as classes --------------------------------------------


def _menpo(root: Path) -> Path:
    """Menpo 2D's test set as the DAN authors read it (`Menpo testset/semifrontal/`, `profile/`): an
    image and its `.pts` a face, the folders the pose of the face, no class."""
    for k, pose in enumerate(("semifrontal", "profile")):
        for n in range(3):
            stem = f"aflw__face_{39844 + 17 * n + k}"
            write_file(root / "testset" / pose / f"{stem}.jpg", image_bytes(seed=10 * k + n))
            write_file(root / "testset" / pose / f"{stem}.pts", _pts(10 * k + n))
    return root


def test_point_files_beside_folders_read_as_classes_stop_naming_the_level(tmp_path: Path) -> None:
    root = _menpo(tmp_path / "menpo")
    with pytest.raises(UsageError) as refused:
        convert(root, tmp_path / "out")
    message = str(refused.value)
    assert "testset/profile/aflw__face_39845.pts" in message and "--label-level 0" in message, message
    assert "--label-level 2" in message, message  # the pose folders' level
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = written_records(convert(root, tmp_path / "unlabelled", label_level=0))["records"]
    assert got == {f"testset/{pose}/aflw__face_{39844 + 17 * n + k}.jpg": ("test", None)
                   for k, pose in enumerate(("semifrontal", "profile")) for n in range(3)}


def test_point_files_under_split_folders_are_no_inputs(tmp_path: Path) -> None:
    """The twin: iBUG's LFPW (`trainset/image_0001.png` + `.pts`, `testset/`): split folders, no
    class folder to doubt; the point files are auxiliary, never rejected inputs, and the run asks
    for labels as any unlabelled source does."""
    root = tmp_path / "lfpw"
    for split, n in (("trainset", 4), ("testset", 2)):
        for i in range(1, n + 1):
            write_file(root / split / f"image_{i:04d}.png", image_bytes(fmt="PNG", seed=i + len(split)))
            write_file(root / split / f"image_{i:04d}.pts", _pts(i))
    with pytest.raises(UsageError, match="--label-level 0"):
        convert(root, tmp_path / "out")
    got = written_records(convert(root, tmp_path / "unlabelled", label_level=0, max_rejects="0"))["records"]
    assert got == {**{f"trainset/image_{i:04d}.png": ("train", None) for i in range(1, 5)},
                   **{f"testset/image_{i:04d}.png": ("test", None) for i in range(1, 3)}}


def _landmark_lists(root: Path, with_numbers: bool) -> dict[str, str]:
    """WFLW's list format (196 coordinates, a face box, 6 attributes, the path) over another photo
    tree: folders of the sources the photos came from; without numbers, plain split lists."""
    files = {"train": ["flickr/flickr_face_0001.jpg", "flickr/flickr_face_0007.jpg", "news/news_face_0003.jpg",
                       "news/news_face_0004.jpg"],
             "test": ["flickr/flickr_face_0010.jpg", "news/news_face_0012.jpg"]}
    for split, paths in files.items():
        rows = []
        for k, path in enumerate(paths):
            write_file(root / "images" / path, image_bytes(seed=k + 7 * len(split)))
            numbers = " ".join(f"{v:.4f}" for v in np.random.default_rng(k).uniform(1, 15, 196)) + " 1 1 18 14 0 1 0 0 0 1 "
            rows.append((numbers if with_numbers else "") + path)
        write_file(root / "lists" / f"list_{split}.txt", "\n".join(rows) + "\n")
    return {f"images/{p}": s for s, paths in files.items() for p in paths}


def test_split_lists_of_number_rows_over_class_folders_stop(tmp_path: Path) -> None:
    splits = _landmark_lists(tmp_path / "faces", with_numbers=True)
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "faces", tmp_path / "out")
    assert "lists/list_train.txt" in str(refused.value) and "--label-level 2" in str(refused.value), str(refused.value)
    got = written_records(convert(tmp_path / "faces", tmp_path / "unlabelled", label_level=0))["records"]
    assert got == {path: (split, None) for path, split in splits.items()}


def test_plain_split_lists_over_class_folders_keep_the_classes(tmp_path: Path) -> None:
    """The twin: lists of paths alone leave the class folders standing."""
    splits = _landmark_lists(tmp_path / "photos", with_numbers=False)
    got = written_records(convert(tmp_path / "photos", tmp_path / "out"))["records"]
    assert got == {path: (split, frozenset({path.split("/")[1]})) for path, split in splits.items()}


# ---- split folders beneath group folders -------------------------------------------------------------------


def _llvip(root: Path) -> None:
    """LLVIP's image trees (`infrared/train/010001.jpg` paired with `visible/train/010001.jpg`,
    `test/` alike; its Annotations/ left out: one XML names both images of a pair, another matter)."""
    for split, stems in (("train", ["010001", "010002", "010003"]), ("test", ["190001", "190002"])):
        for k, stem in enumerate(stems):
            for group in ("infrared", "visible"):
                write_file(root / group / split / f"{stem}.jpg", image_bytes(seed=k + len(group) + 7 * len(split)))


def test_split_folders_beneath_groups_are_splits(tmp_path: Path) -> None:
    _llvip(tmp_path / "LLVIP")
    with pytest.raises(UsageError, match="--label-level 0"):  # nothing labels the images: the user says so
        convert(tmp_path / "LLVIP", tmp_path / "out")
    got = written_records(convert(tmp_path / "LLVIP", tmp_path / "unlabelled", label_level=0))["records"]
    assert got == {f"{group}/{split}/{stem}.jpg": (split, None) for split, stems in
                   (("train", ["010001", "010002", "010003"]), ("test", ["190001", "190002"]))
                   for stem in stems for group in ("infrared", "visible")}


def test_classes_beneath_split_folders_beneath_groups_are_not_read_so(tmp_path: Path) -> None:
    """The twin: classes beneath the splits (a domain generalisation download's `mnist/train/0/`):
    the domains may be what the user keeps, and the reading stays a stop naming what decides."""
    root = tmp_path / "digits_dg"
    for k, domain in enumerate(("mnist", "svhn")):
        for split in ("train", "val"):
            for digit in ("0", "1"):
                write_file(root / domain / split / digit / f"{k}{digit}.jpg", image_bytes(seed=k * 10 + int(digit) + len(split)))
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")


# ---- a chain of folders between parts and their classes ----------------------------------------------------


def _kannada_img(root: Path) -> dict[str, str]:
    """Chars74K's Kannada archive (KannadaImg.tgz: `Kannada/Img/GoodImg/Bmp/Sample001/img001-001.png`, the
    masks in `.../Msk/` of the same names, `BadImag/` alike; 657 classes numbered as folders)."""
    labels = {}
    for quality, first in (("GoodImg", 1), ("BadImag", 30)):
        for sample in ("Sample001", "Sample002", "Sample117"):
            for n in range(first, first + 2):
                name = f"img{sample[-3:]}-{n:03d}.png"
                write_file(root / "Kannada/Img" / quality / "Bmp" / sample / name, image_bytes(fmt="PNG", seed=n + len(sample)))
                write_file(root / "Kannada/Img" / quality / "Msk" / sample / name, image_bytes(mode="L", fmt="PNG", seed=n))
                labels[f"Kannada/Img/{quality}/Bmp/{sample}/{name}"] = sample
    return labels


def test_classes_under_one_chain_beneath_parts_are_named_by_level(tmp_path: Path) -> None:
    labels = _kannada_img(tmp_path / "chars")
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "chars", tmp_path / "out")
    assert "--label-level 5 (counted from SRC) for the folders beneath them as the classes" in str(refused.value), str(refused.value)
    got = written_records(convert(tmp_path / "chars", tmp_path / "classes", label_level=5, max_rejects="0"))["records"]
    assert got == {path: ("train", frozenset({sample.lower()})) for path, sample in labels.items()}


# ---- label cells of several words ----------------------------------------------------------------------------


def _fitzpatrick(root: Path) -> dict[str, str]:
    """Fitzpatrick 17k's table (github.com/mattgroh/fitzpatrick17k: fitzpatrick17k.csv, md5hash,fitzpatrick_scale,
    fitzpatrick_centaur,label,nine_partition_label,three_partition_label,qc,url,url_alphanumeric), the images
    fetched from its urls into images/<md5hash>.jpg; rows of its quality-checked subset (`qc` filled in,
    `1 Diagnostic`)."""
    conditions = [("drug induced pigmentary changes", "inflammatory"), ("psoriasis", "inflammatory"),
                  ("basal cell carcinoma", "malignant"), ("psoriasis", "inflammatory"), ("basal cell carcinoma", "malignant")]
    rows, labels = [], {}
    for i, (label, three) in enumerate(conditions):
        md5 = f"{0x5e82a45bc5d78bd24ae9202d194423f8 + 977 * i:032x}"
        write_file(root / "images" / f"{md5}.jpg", image_bytes(seed=i))
        rows.append(f"{md5},{3 + i % 3},{3 + i % 3},{label},{three} epidermal,{three},1 Diagnostic,https://example.org/{md5}.jpg,x{i}")
        labels[f"images/{md5}.jpg"] = label
    write_file(root / "fitzpatrick17k.csv", "md5hash,fitzpatrick_scale,fitzpatrick_centaur,label,nine_partition_label,"
               "three_partition_label,qc,url,url_alphanumeric\n" + "\n".join(rows) + "\n")
    return labels


def test_a_named_label_column_of_several_words_stops_naming_the_separator(tmp_path: Path) -> None:
    labels = _fitzpatrick(tmp_path / "fitz")
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "fitz", tmp_path / "out", label_column="label")
    assert "--label-separator none" in str(refused.value) and "drug induced pigmentary changes" in str(refused.value)
    got = written_records(convert(tmp_path / "fitz", tmp_path / "one", label_column="label", label_separator="none"))["records"]
    assert got == {path: ("train", frozenset({label})) for path, label in labels.items()}


def test_a_named_label_column_of_single_words_reads_as_before(tmp_path: Path) -> None:
    """The twin: one-word cells need no separator."""
    labels = _fitzpatrick(tmp_path / "fitz")
    got = written_records(convert(tmp_path / "fitz", tmp_path / "three", label_column="three_partition_label"))["records"]
    three = {"drug induced pigmentary changes": "inflammatory", "psoriasis": "inflammatory", "basal cell carcinoma": "malignant"}
    assert got == {path: ("train", frozenset({three[label]})) for path, label in labels.items()}


# ---- ICDAR text regions ------------------------------------------------------------------------------------


def test_icdar_text_regions_are_objects(tmp_path: Path) -> None:
    """ICDAR 2017 MLT's validation set (ch8_validation_images/img_N.jpg, ch8_validation_localization_
    transcription_gt_v2/gt_img_N.txt: a BOM, `x1,...,y4,script,transcription`, ### not to care about)."""
    root = tmp_path / "mlt"
    regions = {"img_1": ["Latin,Hello", "Arabic,مرحبا", "None,###"], "img_2": ["Latin,EXIT"], "img_3": ["Chinese,出口", "Latin,OPEN"]}
    for k, (stem, lines) in enumerate(regions.items()):
        write_file(root / "ch8_validation_images" / f"{stem}.jpg", image_bytes(seed=k))
        rows = [f"{1 + i},{2 + i},{9 + i},{2 + i},{9 + i},{8 + i},{1 + i},{8 + i},{line}" for i, line in enumerate(lines)]
        write_file(root / "ch8_validation_localization_transcription_gt_v2" / f"gt_{stem}.txt",
                   ("\ufeff" + "\r\n".join(rows) + "\r\n").encode("utf-8"))
    got = written_records(convert(root, tmp_path / "out", max_rejects="0"))
    assert got["records"] == {f"ch8_validation_images/{stem}.jpg": ("validation", frozenset({"text"})) for stem in regions}
    assert {path: len(names) for path, names in got["objects"].items()} == {
        "ch8_validation_images/img_1.jpg": 2, "ch8_validation_images/img_2.jpg": 1, "ch8_validation_images/img_3.jpg": 2}


def test_other_box_lines_in_a_gt_folder_are_not_icdar_regions() -> None:
    """The twin: ICDAR 2013's `gt_100.txt` (`38, 43, 920, 215, "Tiredness"`: a box's two corners) is
    another shape, never read as a quadrilateral (it is its own row of two corners now,
    tests/objects/test_text_detection_files.py), and DOTA's `labelTxt/` keeps its row."""
    assert box_formats.per_image_format("Challenge2_Training_Task1_GT", ['38, 43, 920, 215, "Tiredness"']).name == "ICDAR 2013 text boxes"
    found = box_formats.per_image_format("labelTxt", ["imagesource:GoogleEarth", "2753 2408 2861 2385 2888 2468 2805 2502 plane 0"])
    assert found.name == "DOTA oriented boxes"
    found = box_formats.per_image_format("ch4_training_localization_transcription_gt", ["377,117,463,117,465,130,378,130,Genaxis Theatre"])
    assert found.name == "ICDAR text quadrilaterals"
