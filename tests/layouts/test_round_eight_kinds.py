"""Kinds of fault an eighth unseen round found, each on an unnamed neighbour beside a twin that must
not change (the named datasets themselves are in test_unseen_round_eight.py):

- one folder per sample holding a folder per part, each named after the sample
  (`case_00/case_00_imaging/case_00.png` beside `case_00/case_00_kidney/case_00_kidney.png`): every
  part was written as a record of a class named by its sample, exit 0. The parts whose files
  extend the sample's name are masks (`sample_parts`), and the run stops as for any folder per
  sample, naming `--label-level 0`, which writes each image once. Subfolders whose files are not
  named after their sample (`birds/birds_2019/x1.jpg`) are not set aside;
- a flat split beside class-folder splits whose files are named by those classes (`Test/apple.jpg`,
  `Test/kiwi_test.jpg` beside `Train/apple/`): written unlabelled with exit 0, the classes lost;
  they label the files now (`class_named_files`). A flat split of numbered files, or one of whose
  files names no class, stays unlabelled;
- a table read row by row (JSON lines, Parquet) whose only text column is named by a text word at
  its end (`tweet_text`, `verse_text`): "no text column", exit 1; it is the text now. Two such
  columns (`raw_text`, `clean_text`) still leave the choice to the user, and `label_text` (a class's
  name as text) is no text;
- a Hugging Face dataset card's `class_label` names (`dataset_info.features`): labels written as
  the numbers the files hold; the card names them now. A card declaring two class_label features
  names none;
- a headerless, space-separated one-row-per-box `labels.csv` with quoted classes and an optional
  attribute (Udacity's Autti format, a row of `box_formats.FORMATS`): "does not read" (a stop
  naming nothing that helps); its boxes are the objects now. A comma label table named
  `labels.csv` is no box table;
- JSON-lines annotation files (`.odgt`) of an object a line, the image's `ID` and its `gtboxes`
  (CrowdHuman's format, a row of `box_formats.FORMATS`): the run stopped asking where the labels
  are; the boxes are the objects, `mask` regions none, each file's name its images' split. A
  `.odgt` whose lines hold no list of boxes is no box file;
- folders holding the same class folders whose names are words, not numbered parts (Office-31's
  domains, PACS's styles): the stop names the layout file's `split_level` and `label_levels`,
  which convert each folder as a split of its own (the plan's `splits from:` line names them; it
  said "none: one split, train"). Numbered parts (`part1/`, `part2/`) are not offered it.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.converters import column_texts
from shardify.errors import ShardifyError, UsageError
from shardify.plan import box_formats, dataset_card, layout_file, sample_parts
from shardify.plan.structure import infer_structure

# ---- a folder per sample holding its parts --------------------------------------------------------


def _kidney_cases(root: Path, cases: int = 4) -> list[str]:
    """A KiTS-like layout: one folder per case, its image and two masks each in a part folder."""
    images = []
    for n in range(cases):
        case = f"case_{n:02d}"
        images.append(f"cases/{case}/{case}_imaging/{case}.png")
        write_file(root / images[-1], image_bytes(fmt="PNG", seed=n))
        for part in ("kidney", "tumour"):
            write_file(root / f"cases/{case}/{case}_{part}/{case}_{part}.png", image_bytes("L", "PNG", seed=10 + n))
    return images


def test_part_folders_of_a_folder_per_sample_are_masks_and_the_run_stops_then_converts(tmp_path: Path) -> None:
    root = tmp_path / "kidney-cases"
    images = _kidney_cases(root)
    with pytest.raises(UsageError, match=r"a folder per sample.*--label-level 0"):
        convert(root, tmp_path / "first")
    assert not (tmp_path / "first" / "manifest.json").exists()
    got = written_records(convert(root, tmp_path / "out", label_level=0))
    assert got["records"] == {path: ("train", None) for path in images}  # each image once, no mask, no class


def test_subfolders_not_named_for_their_files_are_not_parts() -> None:
    paths = [f"photos/{cls}/{cls}_{year}/x{i}.jpg" for cls in ("birds", "cats", "dogs") for year in (2019, 2020) for i in (1, 2)]
    assert sample_parts.part_mask_folders(paths) == set()
    structure, _ = infer_structure(paths)
    assert structure.mask_folders == ()


# ---- a flat split named by its sibling splits' classes ---------------------------------------------

_FRUIT = ("apple", "banana", "kiwi")


def test_a_flat_split_named_by_the_classes_beside_it_is_labelled_by_them(tmp_path: Path) -> None:
    root = tmp_path / "fruit-photos"
    truth = {}
    for cls in _FRUIT:
        for i in range(2):
            truth[f"Train/{cls}/{cls}{i}.jpg"] = ("train", frozenset({cls}))
    for name, cls in (("apple.jpg", "apple"), ("banana_2.jpg", "banana"), ("kiwi_test.jpg", "kiwi")):
        truth[f"Test/{name}"] = ("test", frozenset({cls}))
    for seed, path in enumerate(truth):
        write_file(root / path, image_bytes(seed=seed))
    assert written_records(convert(root, tmp_path / "out"))["records"] == truth


@pytest.mark.parametrize("names", [("0001.jpg", "0002.jpg", "0003.jpg"), ("apple.jpg", "banana.jpg", "mango.jpg")])
def test_a_flat_split_not_named_by_the_classes_stays_unlabelled(names: tuple[str, ...]) -> None:
    paths = [f"Train/{cls}/{cls}{i}.jpg" for cls in _FRUIT for i in range(2)] + [f"Test/{n}" for n in names]
    structure, _ = infer_structure(paths)
    assert structure.name_pattern is None and structure.named_splits == ()


# ---- a text column named by its last word ------------------------------------------------------------


def test_a_column_ending_in_a_text_word_is_the_text(tmp_path: Path) -> None:
    root = tmp_path / "tweets"
    rows = [{"tweet_id": 1000 + i, "tweet_text": f"so {w} today, really {w}", "label": lab}
            for i, (w, lab) in enumerate((("happy", "joy"), ("sad", "sadness"), ("glad", "joy"), ("down", "sadness")))]
    write_file(root / "tweets.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    got = written_records(convert(root, tmp_path / "out"))
    assert got["texts"] == {f"tweets.jsonl:{i}": r["tweet_text"] for i, r in enumerate(rows)}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"tweets.jsonl:{i}": frozenset({r["label"]}) for i, r in enumerate(rows)}


def test_two_columns_ending_in_a_text_word_or_a_label_named_as_text_name_none(tmp_path: Path) -> None:
    root = tmp_path / "tweets"
    rows = [{"tweet_id": i, "raw_text": f"so {w} today", "clean_text": f"{w} today", "label": "joy"}
            for i, w in enumerate(("happy", "glad", "merry"))]
    write_file(root / "tweets.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(ShardifyError, match="no text column among"):
        convert(root, tmp_path / "out")
    assert column_texts.named_as_text(["tweet", "label", "label_text"]) == ""  # the class's name as text is no text


# ---- a dataset card's class_label names ----------------------------------------------------------------

_CARD = """---
dataset_info:
  features:
  - name: text
    dtype: string
  - name: label
    dtype:
      class_label:
        names:
        - sadness
        - joy
        - anger
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train.jsonl
  - split: test
    path: data/test.jsonl
---
"""


def test_a_dataset_cards_class_label_names_name_the_numbered_labels(tmp_path: Path) -> None:
    root = tmp_path / "feelings"
    write_file(root / "README.md", _CARD)
    truth = {}
    for split, labels in (("train", [0, 1, 2, 1]), ("test", [2, 0])):
        write_file(root / f"data/{split}.jsonl", "".join(
            json.dumps({"text": f"i feel it number {i} in {split}", "label": lab}) + "\n" for i, lab in enumerate(labels)))
        truth.update({f"data/{split}.jsonl:{i}": (split, frozenset({("sadness", "joy", "anger")[lab]}))
                      for i, lab in enumerate(labels)})
    assert written_records(convert(root, tmp_path / "out"))["records"] == truth


def test_a_card_with_two_class_label_features_names_none() -> None:
    two = _CARD.replace("  - name: text\n    dtype: string\n",
                        "  - name: topic\n    dtype:\n      class_label:\n        names: [a, b]\n")
    assert dataset_card.card_class_names(_CARD) == ("sadness", "joy", "anger")
    assert dataset_card.card_class_names(two) == ()


# ---- headerless space-separated box rows -----------------------------------------------------------------

_DASHCAM = {"1479498371963069978.jpg": ["car", "pedestrian"], "1479498372942264998.jpg": ["biker"],
            "1479498373462797835.jpg": ["truck", "car", "car"]}


def test_headerless_space_separated_box_rows_are_the_objects(tmp_path: Path) -> None:
    root = tmp_path / "dashcam"
    lines = []
    for seed, (frame, classes) in enumerate(_DASHCAM.items()):
        write_file(root / f"frames/{frame}", image_bytes(size=(40, 30), seed=seed))
        lines += [f'{frame} {2 + k} {3 + k} {12 + 2 * k} {14 + k} {k % 2} "{cls}"' for k, cls in enumerate(classes)]
    write_file(root / "frames/labels.csv", "\n".join(lines) + "\n")
    got = written_records(convert(root, tmp_path / "out"))
    assert {rid: sorted(names) for rid, names in got["objects"].items()} == {
        f"frames/{frame}": sorted(classes) for frame, classes in _DASHCAM.items()}


def test_a_comma_label_table_named_labels_is_no_box_table() -> None:
    assert box_formats.file_format("labels.csv", ["img_1.jpg,cat", "img_2.jpg,dog"]) is None
    assert box_formats.file_format("labels.csv", ['a.jpg 1 2 9 10 0 "car" "Red"']).name == "Udacity Autti boxes"


# ---- JSON lines of boxes ------------------------------------------------------------------------------------

_HEADS = {"train": {"cam1_0001": ["person", "person"], "cam1_0002": ["person", "mask"], "cam2_0001": ["person"]},
          "val": {"cam3_0001": ["person", "person", "person"], "cam3_0002": ["mask", "person"]}}


def test_json_lines_of_boxes_are_the_objects_each_files_name_its_split(tmp_path: Path) -> None:
    root = tmp_path / "platform-crowds"
    truth, objects = {}, {}
    for split, images in _HEADS.items():
        lines = []
        for seed, (ident, tags) in enumerate(images.items()):
            write_file(root / f"frames/{ident}.jpg", image_bytes(size=(40, 30), seed=seed))
            boxes = [{"tag": tag, "fbox": [1 + k, 2, 9, 12], "hbox": [1, 1, 3, 3], "extra": {"ignore": int(tag == "mask")}}
                     for k, tag in enumerate(tags)]
            lines.append(json.dumps({"ID": ident, "gtboxes": boxes}))
            persons = [t for t in tags if t != "mask"]
            truth[f"frames/{ident}.jpg"] = (split if split == "train" else "validation", frozenset(persons))
            objects[f"frames/{ident}.jpg"] = persons
        write_file(root / f"annotation_{split}.odgt", "\n".join(lines) + "\n")
    got = written_records(convert(root, tmp_path / "out"))
    assert got["records"] == truth
    assert got["objects"] == objects


def test_json_lines_without_a_list_of_boxes_are_no_box_file() -> None:
    assert box_formats.file_format("annotation_train.odgt", ['{"ID": "a", "boxes": 3}']) is None
    assert box_formats.file_format("annotation_train.jsonl", ['{"ID": "a", "gtboxes": []}']) is None


# ---- named parts holding the same class folders -----------------------------------------------------------

_STYLES = ("art_painting", "cartoon", "photo")


def test_named_parts_holding_the_same_classes_stop_naming_split_level_which_converts(tmp_path: Path) -> None:
    root = tmp_path / "styles"
    truth = {}
    for style in _STYLES:
        for cls in ("dog", "horse", "house"):
            for i in range(2):
                truth[f"kfold/{style}/{cls}/pic_{i:03d}.jpg"] = (style, frozenset({cls}))
    for seed, path in enumerate(truth):
        write_file(root / path, image_bytes(seed=seed))
    with pytest.raises(UsageError, match=r"`split_level: 1` and `label_levels: \{art_painting: 2, \.\.\.\}`") as refused:
        convert(root, tmp_path / "first")
    assert "--label-level 3" in str(refused.value)  # (the level of the classes, merging the parts, is still offered)
    text = ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  root: kfold/\n  split_level: 1\n"
            "  label_levels:\n" + "".join(f"    {style}: 2\n" for style in _STYLES))
    given = layout_file.loads(text, where="styles.yaml").layout
    assert given.provenance()[1].startswith("split folders: art_painting, cartoon, photo")  # the plan's line, not "none"
    out = convert(root, tmp_path / "out", layout_given=given)
    assert written_records(out, splits_as_named=True)["records"] == truth


def test_numbered_parts_are_not_offered_as_splits(tmp_path: Path) -> None:
    root = tmp_path / "parts"
    for part in ("part1", "part2", "part3"):
        for cls in ("cat", "dog"):
            for i in range(2):
                write_file(root / f"{part}/{cls}/{i}.jpg", image_bytes(seed=i))
    with pytest.raises(UsageError, match="same names beneath them") as refused:
        convert(root, tmp_path / "out")
    assert "--label-level 2" in str(refused.value) and "split_level" not in str(refused.value)
