"""Blind round thirty-seven's exit 1 and useless stops mended by kind (tests/helpers/blind37.py).

- inputs whose pixels no record holds (Sen1Floods11's float32 backscatter chips and int32 -1/0/1 label chips):
  every TIFF was rejected while writing and the run exited 1, the reason only in rejected.jsonl. The reason is
  known from the files before writing, so where every sampled input is a 32-bit grayscale TIFF of values a PNG
  cannot hold the run stops (exit 2), naming the pixel types, the files, and that no option stores them
  (beam_jobs/discover/pixel_types.py). One such file among 8-bit images is rejected alone, as before, and float
  TIFFs of whole values 0-65535 convert as 16-bit PNGs.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image

from helpers import blind37
from helpers.made_files import image_file
from helpers.one_place import records, rejects
from helpers.refusals import command_refusal, refusal
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def _tiff(path: Path, values: np.ndarray, mode: str) -> None:
    """A grayscale TIFF of `values` in Pillow's `mode` ('F' float32, 'I' int32, 'I;16' uint16)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    Image.fromarray(values, mode).save(buf, "TIFF")
    path.write_bytes(buf.getvalue())


def test_sen1floods11_float_chips_stop_before_writing_with_exit_2(tmp_path: Path) -> None:
    """The case: every chip float32 or int32 of negative values; it was exit 1 after the pipeline ran."""
    root = blind37.DATASETS["sen1floods11"](tmp_path / "download").root
    said = command_refusal(root, tmp_path / "out")
    assert "32-bit float grayscale" in said and "_S1Hand.tif" in said and "32-bit integer grayscale" in said, said
    assert "no option of shardify stores float" in said and "8- or 16-bit unsigned integers" in said, said


def test_a_neighbour_float_reflectance_classes_stop_and_whole_valued_floats_convert(tmp_path: Path) -> None:
    """Not in the batch: EuroSAT-style class folders of float32 reflectance chips in [0, 1] stop the same way;
    float elevation chips of whole metres and uint16 chips (SpaceNet's panchromatic) convert, value for value."""
    rng = np.random.default_rng(7)
    for cls in ("AnnualCrop", "Forest", "River"):
        for n in range(3):
            _tiff(tmp_path / "ms" / cls / f"{cls}_{n}.tif", rng.uniform(0, 1, (8, 8)).astype(np.float32), "F")
            _tiff(tmp_path / "dem" / cls / f"{cls}_{n}.tif", rng.integers(0, 4000, (8, 8)).astype(np.float32), "F")
            _tiff(tmp_path / "pan" / cls / f"{cls}_{n}.tif", rng.integers(0, 2048, (8, 8)).astype(np.uint16), "I;16")
    said = refusal(tmp_path / "ms", tmp_path / "out")
    assert "32-bit float grayscale" in said and "AnnualCrop/AnnualCrop_0.tif (values 0." in said, said
    for kind in ("dem", "pan"):
        run_conversion(ConvertConfig(str(tmp_path / kind), str(tmp_path / f"{kind}-out")))
        written = records(tmp_path / f"{kind}-out")
        assert {key: labels for key, (_, labels, _) in written.items()} == {
            f"{cls}/{cls}_{n}.tif": (cls,) for cls in ("AnnualCrop", "Forest", "River") for n in range(3)}, written


def test_twin_one_float_tiff_among_8_bit_images_is_rejected_alone(tmp_path: Path) -> None:
    """Hostile twin: one float TIFF of negative values among 8-bit images: no stop; that file alone is rejected,
    the others written."""
    for cls in ("cats", "dogs"):
        for n in range(10):  # (1 reject of 21 is under --max-rejects' 10%)
            image_file(tmp_path / "src" / cls / f"{cls}{n}.png", f"tw{cls}{n}", fmt="PNG")
    _tiff(tmp_path / "src" / "cats" / "odd.tif", np.full((8, 8), -2.5, np.float32), "F")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert set(records(tmp_path / "out")) == {f"{cls}/{cls}{n}.png" for cls in ("cats", "dogs") for n in range(10)}
    assert list(rejects(tmp_path / "out")) == ["cats/odd.tif"], rejects(tmp_path / "out")


# - one set of classes shipped twice (Casting Product's raw `casting_512x512/casting_512x512/{def_front,ok_front}/`
#   beside its split `casting_data/casting_data/{train,test}/{def_front,ok_front}/`): the stop named `class_leaf`,
#   which then refused every leaf name under two class paths. Copies of one class set, whose side-by-side folders
#   are all split names, are now one class each leaf name (given_layout_checks' `_class_set_copies`), and the stop
#   names the `split_patterns` of the split folders beneath, which a layout file needs (detection is skipped).


def _layout_file(text: str) -> object:
    from shardify.plan import layout_file

    return layout_file.loads(text, where="layout.yaml").layout


def test_casting_stop_names_class_leaf_and_split_patterns_which_convert_right(tmp_path: Path) -> None:
    """The case: a useless stop (class_leaf refused def_front/ under two paths); now a good stop."""
    from helpers.unseen_judge import assert_right

    truth = blind37.DATASETS["casting"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "`class_leaf: true`" in said and "'casting_data/casting_data/test/**': test" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"),
                                 layout_given=_layout_file(blind37.CASTING_LAYOUT)))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_flower_copies_convert_by_leaf_and_a_twin_of_coarse_classes_is_refused(tmp_path: Path) -> None:
    """Not in the batch: flowers shipped raw (`flowers/daisy/`) and split (`split/flowers/val/daisy/`): class_leaf with
    split_patterns labels every image by its own folder. Hostile twin: `Fruit/Apple/{Red,Green}/` beside `Fruit/Pepper/{Red,Green}/`
    (coarse classes, not split names, side by side): class_leaf still refused, Red apples never Red peppers."""
    for cls in ("daisy", "rose"):
        for n in range(2):
            image_file(tmp_path / "src" / "flowers" / cls / f"{cls}{n}.jpg", f"nf{cls}{n}")
            for split in ("train", "val"):
                image_file(tmp_path / "src" / "split" / "flowers" / split / cls / f"{split}{cls}{n}.jpg", f"ns{split}{cls}{n}")
            for coarse in ("Apple", "Pepper"):
                image_file(tmp_path / "twin" / "Fruit" / coarse / ("Red" if cls == "daisy" else "Green") / f"{coarse}{n}.jpg",
                           f"tw{coarse}{cls}{n}")
    leaf = "shardify_layout: 1\nlayout: image_folders\nmedia: image\n{}structure:\n  label_levels:\n    '*': 0\n  class_leaf: true\n"
    given = _layout_file(leaf.format("split_patterns:\n  'flowers/**': train\n  'split/flowers/train/**': train\n"
                                     "  'split/flowers/val/**': validation\n"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), layout_given=given))
    written = {key: (split, labels) for key, (split, labels, _) in records(tmp_path / "out").items()}
    assert written == {
        **{f"flowers/{c}/{c}{n}.jpg": ("train", (c,)) for c in ("daisy", "rose") for n in range(2)},
        **{f"split/flowers/{s}/{c}/{s}{c}{n}.jpg": ("train" if s == "train" else "validation", (c,))
           for s in ("train", "val") for c in ("daisy", "rose") for n in range(2)}}, written
    said = refusal(tmp_path / "twin", tmp_path / "twin-out", layout_given=_layout_file(leaf.format("")))
    assert "Red/ lies under two class paths" in said or "Green/ lies under two class paths" in said, said
