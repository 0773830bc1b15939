"""review29: this session's rules (mask_named's joining words, code-name tables, flag pairs, ...) tried on
neighbours the authors did not build, near misses and hostile twins.

Face-mask datasets name their classes for the masks the faces wear: `with_mask/`, `without_mask/`
(Kaggle's "Face Mask Dataset", prithwirajmitra's COVID face-mask set), `Train/WithMask/` beside
`Train/WithoutMask/` (Face Mask 12K). `folder_names.mask_named` read the two-word names as mask folders
(its camel-case rule, PedMasks), so the images of one class were taken as the other's masks and the run
ended with exit 1, "no records written", every record rejected as a lossy JPEG mask. 5d7698b had taught
it the joining word only in names of three words or more (`RUGD_frames-with-annotations`).

readme_previews: a README showing one of a flat images/ folder's inputs beside a tree of their masks had the
inputs left out as previews and the masks written as records with exit 0.

code_name_tables: a table of ids and names beside tables naming another column their label (users by id) was
read as that label's vocabulary, relabelling 0/1 as user names with exit 0.

Short tab-labelled files beside a readme.txt were written a document each, labelled by their folder, exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError


@pytest.mark.parametrize(("top", "classes"), [
    ("", ("with_mask", "without_mask")),
    ("data/", ("with_mask", "without_mask", "mask_weared_incorrect")),
    ("", ("no_mask", "WithoutMask", "mask_weared_incorrect")),
])
def test_face_mask_classes_are_classes_not_masks(tmp_path: Path, top: str, classes: tuple[str, ...]) -> None:
    """Folders named for the masks their faces wear (or lack) are classes: every image written under its folder."""
    src = tmp_path / "src"
    for name in classes:
        for i in range(6):
            image_file(src / f"{top}{name}" / f"{i}.jpg", f"{name}{i}")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 6 * len(classes)
    assert all(records[f"{top}{name}/3.jpg"][1] == frozenset({name.casefold()}) for name in classes)


def test_split_folders_of_camel_case_mask_classes(tmp_path: Path) -> None:
    """Face Mask 12K's Train/WithMask/ beside Train/WithoutMask/, Test/ and Validation/ likewise: split and class."""
    src = tmp_path / "src"
    for split in ("Train", "Test", "Validation"):
        for name in ("WithMask", "WithoutMask"):
            for i in range(4):
                image_file(src / split / name / f"{i}.png", f"{split}{name}{i}", fmt="PNG")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 24
    assert records["Train/WithMask/1.png"] == ("train", frozenset({"withmask"}))
    assert records["Validation/WithoutMask/2.png"] == ("validation", frozenset({"withoutmask"}))


def _mask(path: Path, value: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pixels = bytearray(20 * 16)
    for row in range(4, 10):
        pixels[row * 20 + 5:row * 20 + 12] = bytes([value]) * 7
    Image.frombytes("L", (20, 16), bytes(pixels)).save(path)


@pytest.mark.parametrize("masks", ["annotations/trimaps", "seg/train"])
def test_a_readme_showing_an_input_paired_with_its_mask_leaves_nothing_out(tmp_path: Path, masks: str) -> None:
    """A README showing one of a flat images/ folder's inputs beside a tree of their masks (Oxford Pets'
    annotations/trimaps/; a tree under a plain name whose files share the images' stems): the images are no
    previews. They were left out and the masks written as records of the class 'trimaps' with exit 0; now the
    run stops as it does without the README, naming --label-level 0."""
    src = tmp_path / "src"
    for i in range(12):
        image_file(src / "images" / f"cat_{i}.jpg", f"im{i}")
        _mask(src / masks / f"cat_{i}.png", 1 + i % 2)
    text_file(src / "README.md", "# Small pets\n![a cat](images/cat_0.jpg)\n")
    said = refusal(src, tmp_path / "out")
    assert "--label-level 0" in said and "previews" not in said


def test_readme_previews_still_left_out_beside_a_class_tree(tmp_path: Path) -> None:
    """The neighbour the rule was built for stays right: Examples/ the README shows beside Dataset/<digit>/."""
    src = tmp_path / "src"
    for digit in ("0", "1"):
        for i in range(5):
            image_file(src / "Dataset" / digit / f"IMG_{digit}{i}.JPG", f"d{digit}{i}")
    for i in range(2):
        image_file(src / "Examples" / f"example_{i}.JPG", f"e{i}")
    text_file(src / "README.md", '|<img src="Examples/example_0.JPG">|<img src="Examples/example_1.JPG">|\n')
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert len(records) == 10 and records["Dataset/1/IMG_13.JPG"][1] == frozenset({"1"})


@pytest.mark.parametrize("first", [0, 1])
def test_a_names_table_of_another_column_is_no_vocabulary_of_the_label(tmp_path: Path, first: int) -> None:
    """code_name_tables' near miss: users.csv (user_id,user_name) beside reviews.csv (user_id,text,label of 0/1).
    The names are of users; read as the label's vocabulary they wrote every 0/1 label as 'user 0'/'user 1' with
    exit 0. Now they are never the labels: the run writes 0/1 or stops."""
    src = tmp_path / "src"
    text_file(src / "users.csv", "user_id,user_name\n" + "".join(f"{i},user {i}\n" for i in range(first, first + 5)))
    text_file(src / "reviews.csv", "user_id,text,label\n"
              + "".join(f"{first + i % 5},this was review number {i} fine,{i % 2}\n" for i in range(30)))
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except ShardifyError as stopped:
        assert "--label-names" not in str(stopped)  # (the user gave none: a vocabulary taken unasked said so)
        return
    labels = {label for _, labels in written_records(tmp_path / "out")["records"].values() for label in labels or ()}
    assert labels <= {"0", "1"}


def test_thirteen_features_beside_images_are_no_oriented_boxes(tmp_path: Path) -> None:
    """oriented_box_rows' near miss: per-image files of 13 numbers that are features, not a box (their 'centre'
    inside the corners' envelope, far from its middle). They were read as one box each, of the folder's class, with
    exit 0; a box's centre is its corners' mean, so now no box is made of them: the run stops naming a file."""
    src = tmp_path / "src"
    for folder in ("CAR", "PLANE"):
        for i in range(1, 4):
            image_file(src / folder / f"P{i:04d}.png", f"{folder}{i}", fmt="PNG")
            text_file(src / folder / f"P{i:04d}.txt", f"10 20 90 10 80 90 20 80 {i}5 75 30 60 40\n")
    said = refusal(src, tmp_path / "out")
    assert "P0001.txt" in said


def test_ucas_aod_boxes_with_rounded_centres_still_read(tmp_path: Path) -> None:
    """The neighbour stays right: whole-pixel corners whose written centre is their mean rounded."""
    src = tmp_path / "src"
    for folder in ("CAR", "PLANE"):
        for i in range(1, 4):
            image_file(src / folder / f"P{i:04d}.png", f"{folder}{i}", width=120, height=100, fmt="PNG")
            text_file(src / folder / f"P{i:04d}.txt", "10\t20\t15\t20\t15\t29\t10\t29\t0\t12\t24\t5\t9\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    found = written_records(tmp_path / "out")
    assert found["objects"]["CAR/P0002.png"] == ["CAR"]


@pytest.mark.parametrize("doc", ["readme.txt", "LICENSE", "_about.txt"])
def test_short_tab_labelled_files_beside_a_readme_are_read_by_their_column(tmp_path: Path, doc: str) -> None:
    """line_tables.too_short_to_judge's neighbour: UCI Sentiment Labelled Sentences keeps a readme.txt beside its
    `text<TAB>0|1` files. A small cut of it (6 lines a file) was written as 2 documents of the class 'sentiment
    labelled sentences' with exit 0: the readme, short and not tab-labelled, kept the files from being judged whole."""
    top = tmp_path / "src" / "sentiment labelled sentences"
    text_file(top / "amazon_cells_labelled.txt", "".join(f"phone number {i} {('broke', 'works')[i % 2]}\t{i % 2}\n" for i in range(6)))
    text_file(top / "yelp_labelled.txt", "".join(f"food number {i} {('cold', 'tasty')[i % 2]}\t{i % 2}\n" for i in range(6)))
    text_file(top / doc, "Created for the paper 'From Group to Individual Labels using Deep Features'.\nScore is 1 or 0\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    found = written_records(tmp_path / "out")
    assert len(found["records"]) == 12
    assert {labels for _, labels in found["records"].values()} == {frozenset({"0"}), frozenset({"1"})}
