"""Blind round thirty-seven's wrong exit 0 mended by kind (tests/helpers/blind37.py).

One kind, with its case, a neighbour not in the batch and hostile twins:

- class folders each only wrapping a folder of its own name (Ships in Satellite Imagery's Kaggle download:
  `shipsnet/shipsnet/1__<scene>__<lon>_<lat>.png` beside `scenes/scenes/sfbay_1.png`): the two archives' names
  were written as the classes, `shipsnet` and `scenes`, exit 0, while the chips' labels are their names' first
  field and the scenes have none. The folders cannot tell an archive named for a class (`cats/cats/`) from one
  named for a part of the download, so the run now stops before writing, naming the folders and the level that
  keeps them as the classes beside the options that label otherwise (plan/part_signs.py's `wrapped_classes`).
"""

from __future__ import annotations

from pathlib import Path

from helpers import blind37
from helpers.made_files import image_file
from helpers.one_place import records
from helpers.refusals import refusal
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def test_ships_archives_wrapped_in_their_own_names_stop_before_writing(tmp_path: Path) -> None:
    """The case: shipsnet/shipsnet/ and scenes/scenes/ were written as two classes, exit 0."""
    root = blind37.DATASETS["ships"](tmp_path / "download").root
    said = refusal(root, tmp_path / "out")
    assert "scenes/scenes/" in said and "shipsnet/shipsnet/" in said, said
    assert "--label-level 1" in said and "--labels FILE" in said and "--label-level 0" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_neighbour_class_archives_stop_and_the_named_level_keeps_them(tmp_path: Path) -> None:
    """Not in the batch: a cats-and-dogs download of one archive a class (`cats/cats/`, `dogs/dogs/`, `birds/birds/`):
    the same stop; its `--label-level 1` then labels every image by its folder."""
    for cls in ("birds", "cats", "dogs"):
        for n in range(3):
            image_file(tmp_path / "src" / cls / cls / f"{cls}.{n}.jpg", f"nb{cls}{n}")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "cats/cats/" in said and "--label-level 1" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=1))
    written = records(tmp_path / "followed")
    assert {key: labels for key, (_, labels, _) in written.items()} == {
        f"{cls}/{cls}/{cls}.{n}.jpg": (cls,) for cls in ("birds", "cats", "dogs") for n in range(3)}, written


def test_twin_one_class_wrapped_beside_plain_class_folders_is_not_this_stop(tmp_path: Path) -> None:
    """Hostile twin: `cats/cats/` beside a plain `dogs/`: not every class folder is a wrapper, so no archive names
    the classes alone, and this sign does not stop it (whatever else the run does)."""
    for n in range(3):
        image_file(tmp_path / "src" / "cats" / "cats" / f"c{n}.jpg", f"tc{n}")
        image_file(tmp_path / "src" / "dogs" / f"d{n}.jpg", f"td{n}")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except Exception as stopped:  # noqa: BLE001 - any outcome but this sign's
        assert "only wraps a folder of its own name" not in str(stopped), stopped


def test_twin_split_archives_over_class_folders_stay_right(tmp_path: Path) -> None:
    """Hostile twin: split folders wrapped in their own names over classes (`seg_train/seg_train/forest/`,
    Intel-style): the wrappers are splits, read before the classes; converted right, no stop."""
    for split in ("seg_train", "seg_test"):
        for cls in ("forest", "sea"):
            for n in range(3):
                image_file(tmp_path / "src" / split / split / cls / f"{n}.jpg", f"sp{split}{cls}{n}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 12 and all(labels == (key.split("/")[2],) for key, (_, labels, _) in written.items()), written


def test_twin_a_chosen_level_is_the_users_word(tmp_path: Path) -> None:
    """Hostile twin: the ships' download with --label-level 1 given: the user said the folders are the classes; no
    stop, each image labelled by its archive's name."""
    root = blind37.DATASETS["ships"](tmp_path / "download").root
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_level=1))
    written = records(tmp_path / "out")
    assert {labels for _, labels, _ in written.values()} == {("scenes",), ("shipsnet",)}, written


def test_twin_masks_beside_the_inner_folder_are_no_archive_wrapping(tmp_path: Path) -> None:
    """Hostile twin (A Large-Scale Fish Dataset's shape, blind round nineteen): `<Species>/<Species>/` beside
    `<Species>/<Species> GT/` masks of the same names. The class folder holds more than its inner folder, so no
    archive wrapped it: no stop, each image labelled by its species and the masks no records."""
    from PIL import Image

    species = ("Red Mullet", "Sea Bass", "Shrimp")
    for k, name in enumerate(species):
        for n in range(3):
            image_file(tmp_path / "src" / name / name / f"{n:05d}.png", f"fish{k}{n}", fmt="PNG")
            mask = Image.new("L", (20, 16), 0)
            mask.paste(255, (2 + n, 2, 12, 10))
            (tmp_path / "src" / name / f"{name} GT").mkdir(parents=True, exist_ok=True)
            mask.save(tmp_path / "src" / name / f"{name} GT" / f"{n:05d}.png")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert {key: labels for key, (_, labels, _) in written.items()} == {
        f"{name}/{name}/{n:05d}.png": (name,) for name in species for n in range(3)}, written
