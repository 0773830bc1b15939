"""Images a download's README shows as previews are no records (`beam_jobs/discover/readme_previews.py`).

The Sign Language Digits Dataset (blind28's `sign_digits`, github.com/ardamavi/Sign-Language-Digits-
Dataset) holds `Dataset/<digit>/IMG_*.JPG` beside `Examples/example_0.JPG` .. `example_9.JPG`, which its
README.md draws as a preview table (`<img src="Examples/example_0.JPG">`). The run stopped with
"the class folders include Dataset" and `--label-level 2` then rejected the previews; now the README's
previews are left out, named in the plan, and the digits are the classes. The neighbour: a hand-gesture
repository whose README shows `assets/dataset_preview.png` beside `dataset/train/<digit>/`
(find_string '### Dataset Preview'). Hostile twins: a README showing an image of the dataset's own tree,
or of a flat images/ folder a label table names, leaves nothing out; a loose folder the README does not
show still stops the run as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.shard_io import images_by_name
from shardify.beam_jobs.discover.detect import resolve_layout
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract

_DIGITS = ("0", "3", "7")


def _digits(src: Path, readme: str, examples: int = 10) -> None:
    for d in _DIGITS:
        for k in range(3):
            image_file(src / f"Dataset/{d}/IMG_{1100 + 10 * int(d) + k}.JPG", f"sd{d}{k}")
    for d in range(examples):
        image_file(src / f"Examples/example_{d}.JPG", f"sdx{d}")
    text_file(src / "README.md", readme)
    text_file(src / "LICENSE", "Apache License\nVersion 2.0, January 2004\n")


def _labels(out: Path) -> dict[str, tuple[str, str]]:
    """{file's base name: (split, label text)} of every record."""
    return {Path(name).name: (r["split"], r[contract.LABEL_TEXT].decode()) for name, r in images_by_name(out).items()}


def _notes(src: Path) -> str:
    """Detection's notes on `src`, the plan's lines."""
    return " ".join(resolve_layout(ConvertConfig(str(src), str(src.parent / "plan"))).notes)


_TABLE = "|<img src=\"Examples/example_0.JPG\">|<img src=\"Examples/example_1.JPG\">|\n|:-:|:-:|\n|0|1|\n"


@pytest.mark.parametrize("readme", [
    "# Sign Language Digits Dataset\n### Dataset Preview:\n\n" + _TABLE,  # the release's HTML table
    "# Digits\n\n![zero](./Examples/example_0.JPG \"a zero\")\n",  # the same shown in Markdown
])
def test_readme_previews_are_no_records(tmp_path: Path, readme: str) -> None:
    src, out = tmp_path / "Sign-Language-Digits-Dataset", tmp_path / "out"
    _digits(src, readme)
    run_conversion(ConvertConfig(str(src), str(out)))
    labels = _labels(out)
    assert labels == {f"IMG_{1100 + 10 * int(d) + k}.JPG": ("train", d) for d in _DIGITS for k in range(3)}
    assert "previews, left out (Examples/)" in _notes(src)  # nothing left out silently


def test_neighbour_preview_asset_beside_split_tree(tmp_path: Path) -> None:
    # A gesture dataset: dataset/{train,test}/<digit>/ and assets/dataset_preview.png the README shows
    src, out = tmp_path / "gestures", tmp_path / "out"
    for split in ("train", "test"):
        for d in ("0", "1", "2"):
            for k in range(2):
                image_file(src / f"dataset/{split}/{d}/{split}_{d}_{k}.jpg", f"g{split}{d}{k}")
    image_file(src / "assets/dataset_preview.png", "preview", fmt="PNG")
    text_file(src / "README.md", "# Hand digits\n\n### Dataset Preview\n\n<img src=\"assets/dataset_preview.png\" width=\"400\"/>\n")
    run_conversion(ConvertConfig(str(src), str(out)))
    expected = {f"{s}_{d}_{k}.jpg": (s, d) for s in ("train", "test") for d in ("0", "1", "2") for k in range(2)}
    assert _labels(out) == expected
    assert "assets/dataset_preview.png" in _notes(src)


def test_readme_showing_a_record_leaves_nothing_out(tmp_path: Path) -> None:
    # Hostile: the README shows one image of the dataset's own tree, and an http URL: both stay records
    src, out = tmp_path / "digits", tmp_path / "out"
    for d in _DIGITS:
        for k in range(3):
            image_file(src / f"{d}/IMG_{10 * int(d) + k}.JPG", f"sd{d}{k}")
    text_file(src / "README.md", "<img src=\"3/IMG_30.JPG\"> ![x](https://example.org/7/IMG_70.JPG)\n")
    run_conversion(ConvertConfig(str(src), str(out)))
    assert _labels(out) == {f"IMG_{10 * int(d) + k}.JPG": ("train", d) for d in _DIGITS for k in range(3)}
    assert "previews" not in _notes(src)


def test_readme_showing_a_flat_input_folder_keeps_it(tmp_path: Path) -> None:
    # Hostile: images/ is flat and a label table names its files; the README shows one: no tree beside it, kept
    src, out = tmp_path / "flat", tmp_path / "out"
    rows = ["image,label"]
    for i in range(6):
        image_file(src / f"images/{i:04d}.jpg", f"fl{i}")
        rows.append(f"{i:04d}.jpg,{'cat' if i % 2 else 'dog'}")
    text_file(src / "labels.csv", "\n".join(rows) + "\n")
    text_file(src / "README.md", "![a sample](images/0001.jpg)\n")
    run_conversion(ConvertConfig(str(src), str(out)))
    assert _labels(out) == {f"{i:04d}.jpg": ("train", "cat" if i % 2 else "dog") for i in range(6)}


def test_loose_folder_the_readme_does_not_show_still_stops(tmp_path: Path) -> None:
    # Hostile: Examples/ beside Dataset/ but the README shows none of it: no evidence of previews
    src = tmp_path / "Sign-Language-Digits-Dataset"
    _digits(src, "# Sign Language Digits Dataset\n\nImage size: 100 x 100 pixels\n")
    assert "--label-level" in refusal(src, tmp_path / "out")


def test_readme_showing_a_flat_test_split_keeps_it(tmp_path: Path) -> None:
    # Hostile: train/<class>/ beside a flat, unlabelled test/ the README shows an image of: a split, not previews
    src = tmp_path / "kaggle"
    for c in ("cat", "dog"):
        for k in range(3):
            image_file(src / f"train/{c}/{c}{k}.jpg", f"tr{c}{k}")
    for k in range(4):
        image_file(src / f"test/{k:04d}.jpg", f"te{k}")
    text_file(src / "README.md", "Predict the class of each test image, e.g. ![a test image](test/0001.jpg)\n")
    assert "previews" not in _notes(src)



def test_previews_left_out_whole_where_the_sample_holds_a_few(tmp_path: Path) -> None:
    # Detection's sample may hold a few of the previews only: the folder is listed whole, so the
    # previews it did not sample are left out too, not rejected as "not inside a class folder"
    from shardify.beam_jobs.discover.readme_previews import preview_images

    src = tmp_path / "Sign-Language-Digits-Dataset"
    _digits(src, "# Sign Language Digits Dataset\n" + _TABLE)
    sample = ["Dataset/0/IMG_1100.JPG", "Dataset/3/IMG_1130.JPG", "Examples/example_0.JPG", "README.md"]
    config = ConvertConfig(str(src), str(tmp_path / "out"))
    assert preview_images(config, sample) == sorted(f"Examples/example_{d}.JPG" for d in range(10))
    image_file(src / "Examples/more/example_10.JPG", "deeper")  # a folder beneath: no preview table, read as before
    assert preview_images(config, sample) == []


def test_the_module_doctests() -> None:
    import doctest

    from shardify.beam_jobs.discover import readme_previews

    assert doctest.testmod(readme_previews).failed == 0
