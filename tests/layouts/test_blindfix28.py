"""The three wrong exits 0 of blind round twenty-eight (tests/helpers/blind28.py), mended by kind: each
case, a neighbour not in the batch, and a hostile twin that must convert as before.

- line files read a class per file whose every line is wrapped in a tag naming its own class (Emotion-Stimulus'
  `Emotion Cause.txt`, `No Cause.txt` of `<happy>..<\\happy>` lines) were labelled by their file names with exit 0;
  they stop naming the files and the tags (shardify/plan/tagged_lines.py); since readers28b such files at the top
  of SRC (or in its lone folder) are read a record a line labelled by its tag, and in split folders the stop names
  --layout tables, which does;
- masks sharing their image's folder and name in another format (FSS-1000's `<class>/1.png` beside `1.jpg`) were
  written as images of the folder's class; they stop naming the pairs and the `--exclude` that leaves the masks
  out (beam_jobs/discover/stem_masks.py).

- numbered split lists in one folder whose test lists partition the inputs (the Freiburg Groceries Dataset's
  `splits/train0.txt` .. `test4.txt`, each image tested once) had their first set written as the split; they stop
  as folds, naming the lists, a layout file's `evidence` and the `--exclude` of each role
  (beam_jobs/discover/fold_lists.py). Random splits whose test lists overlap (DTD's) are read as before.
"""

from __future__ import annotations

import doctest
import io
from pathlib import Path

from helpers.blind28 import DATASETS, FOLLOW
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import fold_lists, stem_masks
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import tagged_lines


def test_the_docstring_examples_hold() -> None:
    for module in (tagged_lines, stem_masks, fold_lists):
        assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------------------------------------------
# Lines wrapped in their class's tag
# ------------------------------------------------------------------------------------------------

def test_emotion_stimulus_is_read_a_record_a_line_labelled_by_its_tag(tmp_path: Path) -> None:
    # (a stop since blindfix28; read since readers28b: the files at the top of SRC are tables of tagged lines)
    truth = DATASETS["emotion_stimulus"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _tagged(root: Path, close: str, tags: list[str]) -> None:
    for name in ("positive.txt", "negative.txt"):
        lines = [f"<{tags[(i + len(name)) % len(tags)]}>the {name[:3]} line number {i} reads well {close}"
                 f"{tags[(i + len(name)) % len(tags)]}>" for i in range(8)]
        _text(root / name, "\n".join(lines) + "\n")


def test_a_neighbour_of_slash_closed_tags_in_split_folders_stops_naming_layout_tables(tmp_path: Path) -> None:
    # '</joy>' closing tags (XML's), in class-named files whose names are not the lines' classes, in split folders
    # (at the top of SRC or in its lone folder they are read: tests/layouts/test_readers28b.py)
    for split in ("train", "test"):
        _tagged(tmp_path / "src" / split, "</", ["joy", "anger", "fear"])
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "positive.txt" in said and "joy" in said and "anger" in said and "--layout tables" in said


def test_the_twin_of_one_tag_throughout_is_read_a_class_per_file_as_before(tmp_path: Path) -> None:
    # '<s>..</s>' around every line: markup, not a class; the files' names stay the classes
    _tagged(tmp_path / "src", "</", ["s"])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    labels = {labels for _, labels in written_records(tmp_path / "out")["records"].values()}
    assert labels == {frozenset({"positive"}), frozenset({"negative"})}


# ------------------------------------------------------------------------------------------------
# Masks beside their images under the same name
# ------------------------------------------------------------------------------------------------

def _mask(path: Path, seed: int) -> None:
    import numpy as np
    from PIL import Image

    array = np.zeros((16, 20), dtype=np.uint8)
    array[2 + seed % 3 : 12, 3 : 15 - seed % 4] = 255
    buffer = io.BytesIO()
    Image.fromarray(array, "L").save(buffer, "PNG")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def test_fss1000_stops_and_its_exclude_converts_it_right(tmp_path: Path) -> None:
    truth = DATASETS["fss1000"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "fewshot_data/bus/1.jpg beside fewshot_data/bus/1.png" in said or "1.jpg beside" in said
    assert "--exclude '**/*.png'" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW["fss1000"]))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_of_bmp_photos_and_png_masks_stops(tmp_path: Path) -> None:
    # saliency-style class folders: '<id>.bmp' photos, '<id>.png' masks
    for cls in ("kettle", "lamp", "vase"):
        for n in range(3):
            _image(tmp_path / "src" / "objects" / cls / f"{n:04d}.bmp", f"{cls}{n}", fmt="BMP")
            _mask(tmp_path / "src" / "objects" / cls / f"{n:04d}.png", n)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert ".png of the same name" in said and "--exclude '**/*.png'" in said


def test_the_twin_of_each_photo_in_two_formats_is_not_taken_for_masks(tmp_path: Path) -> None:
    # every picture shipped as JPEG and PNG: both photos, no masks; this check says nothing of them
    for cls in ("kettle", "lamp"):
        for n in range(3):
            _image(tmp_path / "src" / cls / f"{n}.jpg", f"{cls}{n}")
            _image(tmp_path / "src" / cls / f"{n}.png", f"{cls}{n}p", fmt="PNG")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError as other:
        assert "of the same name in their folder" not in str(other)


# ------------------------------------------------------------------------------------------------
# Numbered split lists whose test lists partition the inputs: folds
# ------------------------------------------------------------------------------------------------

def test_freiburg_stops_and_its_excludes_convert_it_right(tmp_path: Path) -> None:
    truth = DATASETS["freiburg"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "splits/test0.txt" in said and "--exclude 'splits/test*' --exclude 'splits/train*'" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW["freiburg"]))
    assert_right(truth, tmp_path / "followed")


def test_freiburg_still_stops_beside_an_exclude_of_other_files(tmp_path: Path) -> None:
    """An --exclude of unrelated files leaves the folds as they are: the stop holds (it had been switched off
    by any --exclude, the first fold read as the splits with exit 0)."""
    truth = DATASETS["freiburg"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out", exclude=("*.md",))
    assert "splits/test0.txt" in said and "--exclude 'splits/test*' --exclude 'splits/train*'" in said


def _numbered(root: Path, roles: tuple[str, ...], test_of) -> None:
    """Class folders of 6 images each, and lists `<role>_<k>.txt` (k = 1..3) naming them: an image is in the
    test list of each number `test_of(i)` gives, and in the other roles' lists otherwise."""
    paths = []
    for cls in ("apple", "pear"):
        for i in range(6):
            _image(root / "photos" / cls / f"{cls}_{i}.jpg", f"{cls}{i}")
            paths.append((i, f"{cls}/{cls}_{i}.jpg"))
    for k in (1, 2, 3):
        tested = [p for i, p in paths if k in test_of(i)]
        rest = [p for i, p in paths if k not in test_of(i)]
        _text(root / "photos" / f"test_{k}.txt", "\n".join(tested) + "\n")
        for r, role in enumerate(roles):
            _text(root / "photos" / f"{role}_{k}.txt", "\n".join(rest[r::len(roles)]) + "\n")


def test_a_neighbour_of_three_folds_named_role_underscore_number_stops(tmp_path: Path) -> None:
    _numbered(tmp_path / "src", ("train",), lambda i: {1 + i % 3})
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "photos/test_1.txt" in said and "--exclude 'photos/test*'" in said


def test_the_twin_of_random_splits_sharing_test_images_reads_the_first_set_as_before(tmp_path: Path) -> None:
    # DTD's kind: train/val/test per number, test lists overlapping (random splits): the first set is read
    _numbered(tmp_path / "src", ("train", "val"), lambda i: {1, 2, 3} if i < 2 else ({2} if i == 2 else set()))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    splits = {split for split, _ in written_records(tmp_path / "out")["records"].values()}
    assert "test" in splits and "train" in splits
