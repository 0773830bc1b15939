"""The wrong exit 0 of blind round twenty-three (tests/helpers/blind23.py), mended by kind: each case,
a neighbour not in the batch, and a hostile twin that must convert as before.

- box rows with their text beside each image (SROIE's `x1,y1,...,y4,TEXT`, shardify/plan/file_signs.py's
  `number_rows`): annotations, never captions;
- a `.json` beside each image that holds no label field (LabelMe's, beam_jobs/discover/sample_documents.py):
  no WebDataset label member;
- one JSON giving each image a split while the plan has one (RSICD's dataset_rsicd.json,
  beam_jobs/discover/image_split_fields.py);
- a held-out split's table read as labels beside the training table that holds its columns and the
  target (Pawpularity's test.csv, beam_jobs/discover/held_out_label_tables.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers.blind23 import DATASETS, FOLLOW
from helpers.refusals import refusal
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _image(path: Path, key: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = _image_bytes(key, 20, 16, "JPEG")
    path.write_bytes(data)
    return data


def _written(out: Path) -> dict[str, tuple[str, tuple[str, ...], str]]:
    """{file name: (split, labels, caption)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                labels = record.get(contract.LABEL_TEXT, [])
                labels = labels if isinstance(labels, list) else [labels]
                caption = record.get(contract.TEXT, b"")
                found[record[contract.IMAGE_FILENAME].decode()] = (
                    split, tuple(sorted(v.decode() for v in labels if v)), caption.decode() if isinstance(caption, bytes) else "")
    return found



# (sroie, strawberry and rsicd, the cases stopped here at first, are read right since: tests/layouts/
# test_text_regions_beside.py, test_labelme_shapes.py, test_karpathy_splits.py)


def test_pawpularity_stops_naming_the_training_table_and_its_target(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "pawpularity", tmp_path / "paw", FOLLOW["pawpularity"])


# ------------------------------------------------------------------------------------------------
# Box rows with their text beside each image
# ------------------------------------------------------------------------------------------------

def test_corner_boxes_and_words_beside_images_in_split_folders_are_no_captions(tmp_path: Path) -> None:
    """A neighbour: ICDAR 2013's shape without quotes (`x1,y1,x2,y2,word`) beside each image of train/, test/."""
    src = tmp_path / "signs"
    for split in ("train", "test"):
        for i in range(4):
            _image(src / split / f"sign_{i}.jpg", f"{split}{i}")
            (src / split / f"sign_{i}.txt").write_text(f"3,4,15,9,EXIT\n1,10,12,14,Gate {i}, north\n")
    assert "hold rows of numbers named like the inputs" in refusal(src, tmp_path / "out")


def test_captions_with_commas_and_numbers_stay_captions(tmp_path: Path) -> None:
    """The hostile twin: captions that hold numbers between commas are still read as captions."""
    src = tmp_path / "captions"
    for i in range(5):
        _image(src / f"{i:04d}.jpg", f"c{i}")
        (src / f"{i:04d}.txt").write_text(f"{i + 2} dogs, 3 cats, 4 birds and a fox run across a field number {i}\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert sorted(written) == [f"{i:04d}.jpg" for i in range(5)]
    assert written["0003.jpg"][2].startswith("5 dogs, 3 cats")


# ------------------------------------------------------------------------------------------------
# A .json beside each image that labels nothing
# ------------------------------------------------------------------------------------------------

def test_region_documents_beside_each_image_stop(tmp_path: Path) -> None:
    """A neighbour: a VIA-like per-image export (`regions` of shapes, `filename`), one folder, no splits."""
    src = tmp_path / "fruit"
    for i in range(6):
        _image(src / f"apple_{i}.jpg", f"f{i}")
        regions = [{"shape_attributes": {"name": "rect", "x": 2, "y": 3, "width": 5, "height": 4},
                    "region_attributes": {"fruit": "apple"}}]
        (src / f"apple_{i}.json").write_text(json.dumps({"filename": f"apple_{i}.jpg", "size": 912, "regions": regions}))
    message = refusal(src, tmp_path / "out")
    assert "apple_0.json" in message and "regions" in message


def test_a_json_member_with_a_label_field_still_labels(tmp_path: Path) -> None:
    """The hostile twin: WebDataset samples in a folder whose .json holds `label` convert as before."""
    src = tmp_path / "wds"
    for i in range(6):
        _image(src / f"{i:06d}.jpg", f"w{i}")
        (src / f"{i:06d}.json").write_text(json.dumps({"label": ("cat", "dog")[i % 2], "width": 20}))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert {name: labels for name, (_, labels, _) in written.items()} == {
        f"{i:06d}.jpg": (("cat", "dog")[i % 2],) for i in range(6)}


# ------------------------------------------------------------------------------------------------
# One JSON giving each image a split
# ------------------------------------------------------------------------------------------------

def _scenes(src: Path, subsets: tuple[str, ...], document: str) -> None:
    """One folder of images, labels.csv 'image,scene', and a document of entries naming each image with its subset."""
    entries, rows = [], ["image,scene"]
    for i in range(9):
        name = f"{i:05d}.jpg"
        _image(src / "jpg" / name, f"s{i}")
        rows.append(f"{name},{('beach', 'forest', 'harbour')[i % 3]}")
        entries.append({"image": name, "subset": subsets[i % len(subsets)], "caption": f"scene {i}"})
    (src / "labels.csv").write_text("\n".join(rows) + "\n")
    (src / document).write_text(json.dumps(entries, indent=1))


def test_a_list_of_images_with_a_subset_field_stops(tmp_path: Path) -> None:
    """A neighbour: a top-level list of entries `{"image", "subset"}` (training/validation/testing) beside
    one folder of images labelled by a table."""
    _scenes(tmp_path / "scenes", ("training", "validation", "testing"), "meta.json")
    message = refusal(tmp_path / "scenes", tmp_path / "out")
    assert "meta.json gives each image a split" in message and "training" in message


def test_a_json_of_one_split_beside_the_images_changes_nothing(tmp_path: Path) -> None:
    """The hostile twin: the same document with every image `train` splits nothing: converts as before."""
    _scenes(tmp_path / "one", ("train",), "meta.json")
    run_conversion(ConvertConfig(str(tmp_path / "one"), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    assert written["jpg/00004.jpg"][:2] == ("train", ("forest",)) and len(written) == 9


# ------------------------------------------------------------------------------------------------
# A held-out split's table beside the training table
# ------------------------------------------------------------------------------------------------

def _competition(src: Path, train_extra: str, test_has_label: bool) -> None:
    flags = ("Flash", "Outdoor", "Blurred", "Group", "Collage", "Human", "Dark", "Text")
    train = ["image_id," + ",".join(flags) + train_extra]
    test = ["image_id," + ",".join(flags) + (train_extra if test_has_label else "")]
    for i in range(14):
        _image(src / "train" / f"t{i:03d}.jpg", f"tr{i}")
        cells = ",".join(str((i * 2654435761 + 97 >> (k + 5)) & 1) for k in range(8))
        train.append(f"t{i:03d},{cells},{('old', 'young')[i % 2] if test_has_label else 20 + i * 3}")
    for i in range(5):
        _image(src / "test" / f"q{i:03d}.jpg", f"te{i}")
        cells = ",".join(str((i * 40503 + 11 >> (k + 3)) & 1) for k in range(8))
        test.append(f"q{i:03d},{cells}" + (f",{('old', 'young')[i % 2]}" if test_has_label else ""))
    (src / "train.csv").write_text("\n".join(train) + "\n")
    (src / "test.csv").write_text("\n".join(test) + "\n")


def test_a_test_table_of_flags_beside_a_training_table_with_a_score_stops(tmp_path: Path) -> None:
    """A neighbour: 'image_id,Flash,Outdoor,...,Text,age' beside the same less age."""
    src = tmp_path / "ages"
    _competition(src, ",age", test_has_label=False)
    message = refusal(src, tmp_path / "out")
    assert "--labels train.csv --label-column 'age'" in message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), labels_file="train.csv", label_column="age"))
    written = _written(tmp_path / "followed")
    assert written["train/t004.jpg"][:2] == ("train", ("32",)) and written["test/q001.jpg"][:2] == ("test", ())


def test_a_test_table_with_the_same_columns_is_no_held_out_table(tmp_path: Path) -> None:
    """The hostile twin: train.csv and test.csv of the same columns, the label in both: not stopped here."""
    src = tmp_path / "both"
    _competition(src, ",grade", test_has_label=True)
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except UsageError as refused:
        assert "held-out table" not in str(refused)


# ------------------------------------------------------------------------------------------------
# A training table's target beside images labelled by nothing
# ------------------------------------------------------------------------------------------------

def test_hc18_stops_naming_the_training_table(tmp_path: Path) -> None:
    truth = DATASETS["hc18"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "--labels training_set_pixel_size_and_HC.csv --label-column 'head circumference (mm)'" in message


def _scans(src: Path, extra: bool) -> None:
    """train/ and test/ scans with a `<stem>_mask.png` beside each training scan, train.csv and test.csv."""
    from helpers.shipped import _gray_png

    train, test = ["scan,mm_per_px" + (",volume_ml" if extra else "")], ["scan,mm_per_px"]
    for i in range(6):
        _image(src / "train" / f"k{i:02d}.png", f"k{i}")
        (src / "train" / f"k{i:02d}_mask.png").write_bytes(_gray_png(f"m{i}", 20, 16, [0, 255]))
        train.append(f"k{i:02d}.png,0.{3 + i}" + (f",{40 + i * 7}" if extra else ""))
    for i in range(3):
        _image(src / "test" / f"u{i:02d}.png", f"u{i}")
        test.append(f"u{i:02d}.png,0.{5 + i}")
    (src / "train.csv").write_text("\n".join(train) + "\n")
    (src / "test.csv").write_text("\n".join(test) + "\n")


def test_a_volume_column_only_the_training_table_has_stops(tmp_path: Path) -> None:
    """A neighbour: masked scans in train/, unmasked in test/, the training table one column (the volume) more."""
    _scans(tmp_path / "scans", extra=True)
    assert "--labels train.csv --label-column 'volume_ml'" in refusal(tmp_path / "scans", tmp_path / "out")


def test_tables_of_the_same_columns_are_metadata(tmp_path: Path) -> None:
    """The hostile twin: both tables the scans' pixel sizes alone: no target, not stopped by this sign."""
    _scans(tmp_path / "scans", extra=False)
    try:
        run_conversion(ConvertConfig(str(tmp_path / "scans"), str(tmp_path / "out")))
    except UsageError as refused:
        assert "the training split's targets" not in str(refused)


# ------------------------------------------------------------------------------------------------
# Hashed folders beside a table keying every input by its id
# ------------------------------------------------------------------------------------------------

def test_gldv2_stops_naming_the_table_of_ids(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "gldv2", tmp_path / "gldv2", FOLLOW["gldv2"])


def _hashed(src: Path, table: str, rows: list[str]) -> list[str]:
    import hashlib

    ids = [hashlib.sha1(f"h{i}".encode()).hexdigest()[:20] for i in range(24)]
    for i, image_id in enumerate(ids):
        _image(src / "train" / image_id[0] / image_id[1] / f"{image_id}.png", f"h{i}")
    for i in range(6):  # test images, in no table
        held = hashlib.sha1(f"t{i}".encode()).hexdigest()[:20]
        _image(src / "test" / held[0] / held[1] / f"{held}.png", f"t{i}")
    (src / table).write_text("\n".join(rows + [f"{image_id}\t{('wren', 'robin', 'finch')[i % 3]}" for i, image_id in enumerate(ids)]
                                       if "\t" in rows[0] else rows) + "\n")
    return ids


def test_two_levels_of_hashed_folders_beside_a_tsv_of_ids_name_it(tmp_path: Path) -> None:
    """A neighbour: {train,test}/<id[0]>/<id[1]>/<id>.png beside labels.tsv 'image_id<TAB>species' of the train ids."""
    src = tmp_path / "birds"
    _hashed(src, "labels.tsv", ["image_id\tspecies"])
    message = refusal(src, tmp_path / "out")
    assert "--labels labels.tsv --label-column 'species'" in message
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), labels_file="labels.tsv", label_column="species"))
    written = _written(tmp_path / "followed")
    assert {labels for split, labels, _ in written.values() if split == "train"} == {("finch",), ("robin",), ("wren",)}
    assert {labels for split, labels, _ in written.values() if split == "test"} == {()} and len(written) == 30


def test_a_table_that_names_no_input_adds_no_option(tmp_path: Path) -> None:
    """The hostile twin: the same folders beside a table of class ids and URLs (no input named): the stop names no table."""
    src = tmp_path / "marks"
    _hashed(src, "train_label_to_category.csv",
            ["landmark_id,category"] + [f"{k},http://commons.wikimedia.org/wiki/Category:Place_{k}" for k in range(6)])
    assert "--labels train_label_to_category.csv" not in refusal(src, tmp_path / "out")


# ------------------------------------------------------------------------------------------------
# Mask folders of one name in every split, beside two image folders
# ------------------------------------------------------------------------------------------------

def test_levir_cd_stops_naming_one_glob_for_every_split(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "levir_cd", tmp_path / "levir", FOLLOW["levir_cd"])


def _pairs(src: Path, splits: tuple[str, ...]) -> None:
    """<split>/im1/<n>.jpg, <split>/im2/<n>.jpg and <split>/label/<n>.png masks: each mask names two images."""
    from helpers.shipped import _gray_png

    for split in splits:
        for n in range(1, 5):
            for side in ("im1", "im2"):
                _image(src / split / side / f"{n}.jpg", f"{split}{side}{n}")
            (src / split / "label").mkdir(parents=True, exist_ok=True)
            (src / split / "label" / f"{n}.png").write_bytes(_gray_png(f"{split}c{n}", 20, 16, [0, 255]))


def test_change_masks_in_every_split_are_named_by_one_glob(tmp_path: Path) -> None:
    """A neighbour: {train,val}/{im1,im2,label}/ (SECOND-like), a mask of each pair named as both its images."""
    _pairs(tmp_path / "pairs", ("train", "val"))
    message = refusal(tmp_path / "pairs", tmp_path / "out")
    assert "--label-level 0 --exclude '*/label'" in message
    run_conversion(ConvertConfig(str(tmp_path / "pairs"), str(tmp_path / "followed"), label_level=0, exclude=("*/label",)))
    written = _written(tmp_path / "followed")
    assert len(written) == 16 and {split for split, _, _ in written.values()} == {"train", "val"}


def test_change_masks_of_one_split_keep_their_folder(tmp_path: Path) -> None:
    """The hostile twin: the same folders under one split: no glob, the folder as before."""
    _pairs(tmp_path / "pairs", ("train",))
    message = refusal(tmp_path / "pairs", tmp_path / "out")
    assert "--exclude 'train/label'" in message and "'*/label'" not in message


# ------------------------------------------------------------------------------------------------
# Tables in folders, and nothing else
# ------------------------------------------------------------------------------------------------

def test_masakhanews_stops_naming_layout_tables(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "masakhanews", tmp_path / "news", FOLLOW["masakhanews"])


def test_sentence_tables_in_language_folders_beside_class_lists_name_layout_tables(tmp_path: Path) -> None:
    """A neighbour: corpus/<lang>/{train,dev}.tsv 'label<TAB>sentence' beside corpus/<lang>/labels.txt; followed, right."""
    src = tmp_path / "langs"
    for lang in ("fin", "est"):
        for split in ("train", "dev"):
            rows = ["label\tsentence"] + [f"{('pos', 'neg')[i % 2]}\tthe {lang} sentence number {i} reads well enough"
                                          for i in range(6)]
            (src / "corpus" / lang).mkdir(parents=True, exist_ok=True)
            (src / "corpus" / lang / f"{split}.tsv").write_text("\n".join(rows) + "\n")
        (src / "corpus" / lang / "labels.txt").write_text("pos\nneg\n")
    assert "--layout tables to read the tables in corpus/est/, corpus/fin/" in refusal(src, tmp_path / "out")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), layout="tables"))
    counts = {split: info.num_records for split, info in load_manifest(str(tmp_path / "followed")).splits.items()}
    assert counts == {"train": 12, "dev": 12} or counts == {"train": 12, "validation": 12}


def test_split_lists_alone_name_no_tables(tmp_path: Path) -> None:
    """The hostile twin: a folder of split lists (.txt) and nothing else: no table to name."""
    src = tmp_path / "lists"
    (src / "splits").mkdir(parents=True)
    for split in ("train", "test"):
        (src / "splits" / f"{split}.txt").write_text("\n".join(f"img_{i}.jpg" for i in range(5)) + "\n")
    assert "--layout tables" not in refusal(src, tmp_path / "out")
