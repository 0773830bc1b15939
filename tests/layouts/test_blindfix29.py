"""The wrong exit 0 of blind round twenty-nine (tests/helpers/blind29.py), mended by kind: the case, a neighbour
not in the batch, and hostile twins that must convert as before.

- folders read as classes that each hold one annotation file of their own beside their frames (EgoHands'
  `_LABELLED_SAMPLES/<video>/polygons.mat`, the hands of each frame) were written labelled by the video's name with
  exit 0; they stop naming the files and the options that decide (shardify/plan/folder_annotations.py,
  beam_jobs/discover/folder_annotation_checks.py). The neighbour, VOT2014's `<sequence>/groundtruth.txt` of
  polygons by frame beside the frames, stopped with exit 1 (its `.label` files taken as images) and stops the same
  way. Class folders holding a text of words each, a stray data file in one folder, or a level the user gave
  convert as before.

- the stop that finds no labels offered `--label-level 0` without saying that sibling folders of masks would then be
  inputs (DeepCrack's `train_lab/` beside `train_img/`: following it stopped again, a useless stop); it names them and
  their `--exclude`, as the groups' stop did (beam_jobs/discover/guards.py, `mirror_masks.twin_masks_hint`). A twin of
  photos under the same names gets no such words.
"""

from __future__ import annotations

import doctest
import io
from pathlib import Path

from helpers.blind29 import DATASETS
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import folder_annotations


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(folder_annotations).failed == 0


def _mat(value) -> bytes:
    from scipy.io import savemat

    buf = io.BytesIO()
    savemat(buf, {"data": value})
    return buf.getvalue()


def test_egohands_polygons_files_of_no_known_shape_stop_naming_each_videos_file(tmp_path: Path) -> None:
    # Since readers33a EgoHands' own polygons.mat (a struct of hands per frame) is read, and the download converts
    # right (tests/layouts/test_readers33a.py); a file of another shape in each video folder still stops.
    import numpy as np

    truth = DATASETS["egohands"](tmp_path / "download")
    for mat in truth.root.rglob("polygons.mat"):
        mat.write_bytes(_mat(np.arange(8.0).reshape(4, 2)))
    said = refusal(truth.root, tmp_path / "out")
    assert "CARDS_COURTYARD_B_T/polygons.mat" in said and "--label-level 0" in said and "--label-level 3" in said


def _vot(root: Path) -> None:
    """VOT2014 as the toolkit reads it: `<sequence>/<8 digits>.jpg` beside `groundtruth.txt` (8 numbers a frame,
    a polygon) and per-frame attribute files `camera_motion.label`, `occlusion.label` (0 or 1 a line); `list.txt`."""
    for seq in ("ball", "bicycle", "bolt", "car"):
        for f in range(1, 4):
            _image(root / seq / f"{f:08d}.jpg", f"vot{seq}{f}")
        _text(root / seq / "groundtruth.txt",
              "".join(f"{198.0 + f},214.0,{232.0 + f},214.0,232.0,295.0,198.0,295.0\n" for f in range(3)))
        for tag in ("camera_motion", "occlusion"):
            _text(root / seq / f"{tag}.label", "0\n1\n0\n")
    _text(root / "list.txt", "ball\nbicycle\nbolt\ncar\n")


def test_a_neighbour_of_sequences_with_their_ground_truth_rows_stops(tmp_path: Path) -> None:
    _vot(tmp_path / "vot2014")
    said = refusal(tmp_path / "vot2014", tmp_path / "out")
    assert "ball/groundtruth.txt" in said and "rows of numbers" in said and "--label-level 0" in said


def _classes(root: Path, extra: dict[str, bytes | str]) -> None:
    for cls in ("apple", "pear", "plum"):
        for n in range(3):
            _image(root / cls / f"{cls}_{n}.jpg", f"{cls}{n}")
    for rel, data in extra.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data) if isinstance(data, bytes) else _text(root / rel, data)


def _labels(out: Path) -> set:
    return {labels for _, labels in written_records(out)["records"].values()}


def test_class_folders_with_a_text_of_words_each_convert_as_before(tmp_path: Path) -> None:
    _classes(tmp_path / "fruit", {f"{c}/about.txt": f"a {c}, sold by weight\nkept cool\n" for c in ("apple", "pear", "plum")})
    run_conversion(ConvertConfig(str(tmp_path / "fruit"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == {frozenset({c}) for c in ("apple", "pear", "plum")}


def test_one_stray_data_file_or_a_level_given_converts_as_before(tmp_path: Path) -> None:
    import numpy as np

    _classes(tmp_path / "fruit", {"apple/weights.mat": _mat(np.arange(6.0))})
    run_conversion(ConvertConfig(str(tmp_path / "fruit"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == {frozenset({c}) for c in ("apple", "pear", "plum")}
    each = {f"{c}/polygons.mat": _mat(np.arange(8.0).reshape(4, 2)) for c in ("apple", "pear", "plum")}
    _classes(tmp_path / "given", each)
    refusal(tmp_path / "given", tmp_path / "stopped")
    run_conversion(ConvertConfig(str(tmp_path / "given"), str(tmp_path / "kept"), label_level=1))
    assert _labels(tmp_path / "kept") == {frozenset({c}) for c in ("apple", "pear", "plum")}


def test_per_input_files_are_not_one_per_folder() -> None:
    files = {"v1": ["v1/img_1_ann.mat", "v1/img_2_ann.mat"], "v2": ["v2/img_3_ann.mat", "v2/img_4_ann.mat"]}
    assert folder_annotations.per_folder(files, {}) is None
    assert folder_annotations.per_folder({"v1": ["v1/gt.mat"], "v2": [], "v3": [], "v4": [], "v5": []}, {}) is None


def test_a_file_named_after_one_input_is_that_inputs_not_the_folders() -> None:
    inputs = ["heron/heron_0001.png", "heron/heron_0002.png", "puffin/puffin_0001.png", "puffin/puffin_0002.png"]
    sample = [*inputs, "heron/heron_0001.npz", "puffin/puffin_0002_ann.mat"]
    files = folder_annotations.folder_files(sample, inputs, lambda p: p.split("/")[0], lambda p: False)
    assert files == {"heron": [], "puffin": []}



# ------------------------------------------------------------------------------------------------
# The stop that finds no labels names the sibling mask folders too (a useless stop mended)
# ------------------------------------------------------------------------------------------------

def test_deepcrack_stop_names_its_mask_folders_and_following_it_is_right(tmp_path: Path) -> None:
    from helpers.blind29 import FOLLOW
    from helpers.unseen_judge import assert_right

    truth = DATASETS["deepcrack"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-level 0" in said and "--exclude 'DeepCrack/train_lab'" in said and "--exclude 'DeepCrack/test_lab'" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW["deepcrack"]))
    assert_right(truth, tmp_path / "followed")


def _pairs(root: Path, splits: tuple[str, ...], masks: bool) -> None:
    import numpy as np
    from PIL import Image

    for split in splits:
        for i in range(5, 9):
            _image(root / f"{split}_img" / f"{split}{i:03d}.jpg", f"pr{split}{i}")
            if masks:
                (root / f"{split}_lab").mkdir(parents=True, exist_ok=True)
                mask = np.zeros((16, 20), np.uint8)
                mask[3:9, 2:4 + i] = 255
                Image.fromarray(mask, "L").save(root / f"{split}_lab" / f"{split}{i:03d}.png")
            else:
                _image(root / f"{split}_lab" / f"{split}{i:03d}.jpg", f"pl{split}{i}")


def test_a_neighbour_under_other_split_names_is_named_and_a_twin_of_photos_is_not(tmp_path: Path) -> None:
    _pairs(tmp_path / "masks", ("training", "validation"), masks=True)
    said = refusal(tmp_path / "masks", tmp_path / "out")
    assert "--exclude 'training_lab'" in said and "--exclude 'validation_lab'" in said
    run_conversion(ConvertConfig(str(tmp_path / "masks"), str(tmp_path / "followed"), label_level=0,
                                 exclude=("training_lab", "validation_lab")))
    assert set(written_records(tmp_path / "followed")["records"]) == {
        f"{s}_img/{s}{i:03d}.jpg" for s in ("training", "validation") for i in range(5, 9)}
    _pairs(tmp_path / "photos", ("training", "validation"), masks=False)  # the sibling holds photos: no masks to leave out
    try:
        run_conversion(ConvertConfig(str(tmp_path / "photos"), str(tmp_path / "photos_out")))
    except UsageError as stopped:
        assert "--exclude" not in str(stopped)
