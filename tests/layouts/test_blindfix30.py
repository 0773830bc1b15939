"""The wrong exit 0 of blind round thirty (tests/helpers/blind30.py), mended by kind: the case, a neighbour not in
the batch, and hostile twins that must convert as before.

- texts named by the ids a line file beside them lists (Twitter15/16's `tree/<tweet id>.txt` propagation trees
  beside `label.txt` of `label:id` lines and `source_tweets.txt` of `id<TAB>tweet` lines) were written as documents
  labelled by their collection's folder with exit 0; they stop, naming the lists, the documents, the folders the
  labels would have come from and the --exclude that leaves the documents out
  (beam_jobs/discover/keyed_documents.py). Class folders of texts beside a list that names no document, or numbers
  its lines as the documents are numbered, convert as before.

And a useless stop made good: a copy of the download inside itself (Tobacco3482's Kaggle download,
`Tobacco3482-jpg/Tobacco3482-jpg/`) was named with only 'point SRC at one copy', which changes the records' paths;
the stop now names first the `--exclude` of the inner copy, which converts the outer copy right
(shardify/plan/part_signs.py). A wrapper of one name (`seg_train/seg_train/`) is no copy, as before.

And another: a folder whose name joins its inputs to their masks with 'with' (RUGD's `RUGD_frames-with-annotations/`
beside `RUGD_annotations/`) was itself read as a mask folder, its last word naming annotations; it holds the inputs
(shardify/plan/folder_names.py `_WITH_WORDS`), and the stop now offers --label-level 0, which writes the frames
alone. A name whose last word names masks with no 'with' before it (Penn-Fudan's `PedMasks/`) is a mask folder, as
before.
"""

from __future__ import annotations

import doctest
from pathlib import Path

from helpers.blind30 import DATASETS
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import keyed_documents
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(keyed_documents).failed == 0


def test_twitter15_16_stops_naming_its_lists_and_trees(tmp_path: Path) -> None:
    truth = DATASETS["twitter15_16"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "twitter15/label.txt" in said and "twitter15/tree/" in said and "--exclude 'twitter16/tree/**'" in said


def test_a_neighbour_of_news_files_listed_by_id_with_their_labels_stops_too(tmp_path: Path) -> None:
    # FakeNewsNet-like: each collection's <id>.txt beside a headerless `<id><TAB>fake|real` labels.txt (at beb2bce
    # written as texts of the classes 'politifact' and 'gossipcop', exit 0)
    src = tmp_path / "src"
    for collection, base in (("politifact", 15014), ("gossipcop", 846200)):
        rows = []
        for i in range(6):
            news_id = f"{collection}{base + 37 * i}"
            _text(src / collection / f"{news_id}.txt", f"Headline {i} of {collection}.\nThe body of story {i}.\n")
            rows.append(f"{news_id}\t{'fake' if i % 2 else 'real'}")
        _text(src / collection / "labels.txt", "\n".join(rows) + "\n")
    said = refusal(src, tmp_path / "out")
    assert "politifact/labels.txt" in said and "gossipcop/gossipcop846200.txt" in said and "--exclude 'politifact/**'" in said


def _class_texts(src: Path) -> None:
    for cls in ("pos", "neg"):
        for i in range(1, 7):
            _text(src / cls / f"{i}.txt", f"A {cls} review, number {i}, of a film worth {'seeing' if cls == 'pos' else 'skipping'}.\n")


def test_class_folders_beside_a_list_numbering_its_lines_convert_as_before(tmp_path: Path) -> None:
    # hostile twin: the documents are named 1.txt .. 6.txt and notes.txt numbers its lines '1: ...': no ids
    src = tmp_path / "src"
    _class_texts(src)
    _text(src / "notes.txt", "".join(f"{i}: batch {i} collected by hand\n" for i in range(1, 7)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert records["pos/3.txt"][1] == {"pos"} and records["neg/5.txt"][1] == {"neg"} and len(records) == 12


def test_class_folders_beside_a_list_of_urls_convert_as_before(tmp_path: Path) -> None:
    # hostile twin: aclImdb's urls_pos.txt beside the class folders names no document
    src = tmp_path / "src"
    _class_texts(src)
    _text(src / "urls_pos.txt", "".join(f"http://www.imdb.com/title/tt0{453418 + i}/usercomments\n" for i in range(6)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert records["pos/1.txt"][1] == {"pos"} and len(records) == 12


# ------------------------------------------------------------------------------------------------
# A copy of the download inside itself: the stop names the --exclude of the inner copy
# ------------------------------------------------------------------------------------------------

def _copies(src: Path, top: str, inner_too: bool = True) -> None:
    from helpers.made_files import image_file

    for copy in ("", f"/{top}") if inner_too else ("",):
        for split in ("train", "test"):
            for cls in ("NORMAL", "PNEUMONIA"):
                for i in range(2):
                    image_file(src / f"{top}{copy}/{split}/{cls}/{cls.lower()}{i}.jpeg", f"{split}{cls}{i}")


def test_tobacco3482_stops_naming_the_exclude_of_its_nested_copy(tmp_path: Path) -> None:
    truth = DATASETS["tobacco3482"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--exclude 'Tobacco3482-jpg/Tobacco3482-jpg/**'" in said and "point SRC at one copy" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), exclude=("Tobacco3482-jpg/Tobacco3482-jpg/**",)))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_of_split_folders_copied_inside_themselves_converts_with_the_exclude_it_names(tmp_path: Path) -> None:
    # Kaggle's chest X-ray download: chest_xray/{train,test}/ and chest_xray/chest_xray/{train,test}/
    _copies(tmp_path / "src", "chest_xray")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--exclude 'chest_xray/chest_xray/**'" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), exclude=("chest_xray/chest_xray/**",)))
    records = written_records(tmp_path / "followed")["records"]
    assert len(records) == 8 and records["chest_xray/test/PNEUMONIA/pneumonia1.jpeg"] == ("test", frozenset({"pneumonia"}))


def test_a_wrapper_of_one_name_is_no_copy_and_converts_as_before(tmp_path: Path) -> None:
    # hostile twin: seg_train/seg_train/ holds nothing beside its inner folder
    from helpers.made_files import image_file

    for cls in ("buildings", "forest"):
        for i in range(3):
            image_file(tmp_path / "src" / f"seg_train/seg_train/{cls}/{i}.jpg", f"w{cls}{i}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 6 and {labels for _, labels in records.values()} == {frozenset({"buildings"}), frozenset({"forest"})}


# ------------------------------------------------------------------------------------------------
# A folder named for the inputs that come with masks is no mask folder
# ------------------------------------------------------------------------------------------------

def _twin_trees(src: Path, frames: str, masks: str) -> None:
    from helpers.made_files import image_file

    for seq in ("creek", "village"):
        for i in range(3):
            image_file(src / frames / seq / f"{seq}_{i:05d}.png", f"f{seq}{i}", fmt="PNG")
            image_file(src / masks / seq / f"{seq}_{i:05d}.png", f"m{seq}{i}", fmt="PNG")


def test_rugd_stops_naming_label_level_0_which_writes_the_frames_alone(tmp_path: Path) -> None:
    truth = DATASETS["rugd"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-level 0" in said and "RUGD_frames-with-annotations/creek/" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_level=0))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_of_images_with_masks_beside_masks_writes_the_images_alone(tmp_path: Path) -> None:
    # `images_with_masks/<seq>/` beside `masks/<seq>/`, the same names: at beb2bce both trees were mask folders
    _twin_trees(tmp_path / "src", "images_with_masks", "masks")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    records = written_records(tmp_path / "out")["records"]
    assert sorted(records) == sorted(f"images_with_masks/{s}/{s}_{i:05d}.png" for s in ("creek", "village") for i in range(3))


def test_a_mask_folder_named_in_capitals_is_one_as_before(tmp_path: Path) -> None:
    # hostile twin: Penn-Fudan's `PNGImages/` beside `PedMasks/` (the last word names masks, no `with` before it)
    _twin_trees(tmp_path / "src", "PNGImages", "PedMasks")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 6 and all(r.startswith("PNGImages/") for r in records)
