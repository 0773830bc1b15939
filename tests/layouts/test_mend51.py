"""Blind batch 51's exit 1 and useless stop, mended by kind (tests/helpers/blind51.py), on neighbour layouts.

Batch 51 measured 6 right, 1 good stop, 2 useless stops, 1 exit 1 (its baseline at c9bdc901). Two kinds mended:

- Image and mask folders named `<prefix>-<role>` side by side: TN3K's `trainval-image/`, `trainval-mask/`,
  `test-image/`, `test-mask/`, both splits numbered from `0000`; each mask named two images (one per split), 4 of 7
  inputs were rejected and no manifest written. Each mask folder now pairs with the image folder of its own prefix
  (shardify/plan/role_folders.py, used by beam_jobs/discover/object_evidence.py `_near_images`).
- Tables of attributes under an extension no kind of file has: UCI's Sonar `sonar.all-data` (60 numbers and `R` or
  `M` a row, no header) beside `sonar.names` was called "only label or split files". A file whose extension nothing
  else uses, or that has none, whose rows are numbers and a last class cell is now such a table
  (shardify/plan/attribute_tables.py `class_rows`): the stop names `--layout tables --text-column none
  --keep-columns '*' --label-column` with its column; without an extension `--layout tables` reads it as such a CSV
  (converters/tables.py).

The neighbours are public layouts of the same kinds, not the batch's: a segmentation export of `train_images/`,
`train_masks/`, `val_images/`, `val_masks/`, `test_images/`, `test_masks/` (read in the code corpus: "val_img_path =
AUG_PATH + 'val_images/'; val_mask_path = AUG_PATH + 'val_masks/' ... test_img_path = AUG_PATH + 'test_images/';
test_mask_path = AUG_PATH + 'test_masks/'"; a wound set's "test_img_dir: .../u_net_images/test_images/, test_mask_dir:
.../u_net_images/test_masks/"), the role word first (`images_train/`, `masks_train/`), and UCI's Connectionist Bench
(Vowel) `vowel.tr-orig-order` (read in the code corpus: "dataset = pd.read_csv('datasets/vowel/vowel.tr-orig-order',
header=None); dataset_x = array[:, :-1].astype(float); dataset_y = array[:, -1]": ten numbers and the class last).
The hostile twins: a split with no mask folder of its own (its images must get no other split's masks), a mask
folder whose prefix names no image folder (no pairing: it must not write the wrong masks with exit 0), and files of
unknown extensions whose comma rows are not numbers and a class (the old stop stands). Each is converted in-process
as the tally converts (`run_conversion` of a `ConvertConfig` of SRC and OUT).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import images_by_name
from helpers.sources import encoded, image_bytes
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.plan import attribute_tables, role_folders


def _mask(value: int) -> bytes:
    """A one-channel PNG mask, a rectangle of `value` on 0: its value tells which folder it came from."""
    pixels = np.zeros((16, 24), np.uint8)
    pixels[3:11, 4:15] = value
    return encoded(Image.fromarray(pixels, "L"), "PNG")


def _segmentation(root: Path, folders: dict[str, int | None], count: dict[str, int]) -> None:
    """Each folder of `folders` under root: images (None) or masks of the value given, `count` of them numbered
    from 0000 (the number of files goes by the folder's prefix, its first or last word)."""
    for folder, value in folders.items():
        (root / folder).mkdir(parents=True)
        for n in range(count[folder]):
            data = image_bytes(seed=hash((folder, n)) % 997) if value is None else _mask(value)
            (root / folder / f"{n:04d}.{'jpg' if value is None else 'png'}").write_bytes(data)


def _mask_values(out: Path) -> dict[str, int]:
    """{image file name: the largest value of its record's mask}."""
    found = {}
    for name, record in images_by_name(out).items():
        mask = record.get(contract.SEGMENTATION)
        found[name] = int(np.asarray(Image.open(io.BytesIO(mask))).max()) if mask else -1
    return found


@pytest.mark.parametrize(
    ("folders", "count"),
    [
        # `<split>_images/` beside `<split>_masks/`, three splits each numbered from 0000
        (
            {
                "d/train_images": None,
                "d/train_masks": 1,
                "d/val_images": None,
                "d/val_masks": 2,
                "d/test_images": None,
                "d/test_masks": 3,
            },
            {"d/train_images": 4, "d/train_masks": 4, "d/val_images": 2, "d/val_masks": 2, "d/test_images": 2, "d/test_masks": 2},
        ),
        # TN3K's own shape with another parent and `-` (trainval and test)
        (
            {"tn/trainval-image": None, "tn/trainval-mask": 1, "tn/test-image": None, "tn/test-mask": 3},
            {"tn/trainval-image": 5, "tn/trainval-mask": 5, "tn/test-image": 3, "tn/test-mask": 3},
        ),
        # the role word first: `images_train/` beside `masks_train/`
        (
            {"d/images_train": None, "d/masks_train": 1, "d/images_test": None, "d/masks_test": 3},
            {"d/images_train": 4, "d/masks_train": 4, "d/images_test": 2, "d/masks_test": 2},
        ),
    ],
    ids=["split_underscore", "tn3k_shape", "role_first"],
)
def test_each_mask_folder_pairs_with_the_image_folder_of_its_own_prefix(folders, count, tmp_path: Path) -> None:
    _segmentation(tmp_path / "src", folders, count)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    values = _mask_values(tmp_path / "out")
    want = {}
    for folder, value in folders.items():
        if value is not None:
            prefix = role_folders.prefix_and_role(folder.rpartition("/")[2])
            images = next(
                f
                for f in folders
                if folders[f] is None and role_folders.prefix_and_role(f.rpartition("/")[2]) == (prefix[0], "image")
            )
            want.update({f"{images}/{n:04d}.jpg": value for n in range(count[images])})
    assert values == want
    splits = {record["split"] for record in images_by_name(tmp_path / "out").values()}
    assert splits == {role_folders.prefix_and_role(f.rpartition("/")[2])[0] for f in folders}


def test_a_split_without_masks_gets_no_other_splits_masks(tmp_path: Path) -> None:
    folders = {"d/trainval-image": None, "d/trainval-mask": 1, "d/test-image": None}
    _segmentation(tmp_path / "src", folders, {"d/trainval-image": 4, "d/trainval-mask": 4, "d/test-image": 2})
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    values = _mask_values(tmp_path / "out")
    assert values == {
        **{f"d/trainval-image/{n:04d}.jpg": 1 for n in range(4)},
        **{f"d/test-image/{n:04d}.jpg": -1 for n in range(2)},
    }


def test_a_mask_folder_of_a_prefix_no_image_folder_has_writes_no_wrong_masks(tmp_path: Path) -> None:
    # `trainval-mask/` beside `train-image/` and `test-image/`: which images it masks the names do not say
    folders = {"d/train-image": None, "d/test-image": None, "d/trainval-mask": 1}
    _segmentation(tmp_path / "src", folders, {"d/train-image": 3, "d/test-image": 2, "d/trainval-mask": 3})
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except ShardifyError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    values = _mask_values(tmp_path / "out")  # (written: then every image of both splits, none of them masked twice)
    assert set(values) == {*(f"d/train-image/{n:04d}.jpg" for n in range(3)), *(f"d/test-image/{n:04d}.jpg" for n in range(2))}


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("trainval-mask", ["d/test-image", "d/trainval-image"]),
        ("masks_val", ["d/images_train", "d/images_val"]),
    ],
)
def test_role_folders_pair_only_by_their_own_prefix(name: str, other: list[str]) -> None:
    own = role_folders.own_image_folder(f"d/{name}", other)
    assert own is not None and role_folders.prefix_and_role(own.rpartition("/")[2])[0] == role_folders.prefix_and_role(name)[0]
    assert role_folders.own_image_folder(f"elsewhere/{name}", other) is None
    assert role_folders.own_image_folder("d/masks", other) is None


# UCI's Connectionist Bench (Vowel) `vowel.tr-orig-order`: ten numbers and the class (0..10) last, no header
_VOWEL = [",".join([*(f"{((i * 7 + k * 11) % 97 - 48) / 10:.3f}" for k in range(10)), str(i % 11)]) for i in range(14)]
_SONAR = [",".join([*(f"{((i * 7 + k * 13) % 997) / 1000:.4f}" for k in range(60)), "R" if i % 3 else "M"]) for i in range(12)]


def _stop(root: Path, tmp_path: Path) -> str:
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    return str(stopped.value)


@pytest.mark.parametrize(
    ("table", "rows", "column", "classes"),
    [("vowel.tr-orig-order", _VOWEL, "11", 11), ("sonar", _SONAR, "61", 2)],
    ids=["unknown_extension", "no_extension"],
)
def test_rows_of_numbers_and_a_class_are_a_table_of_attributes(table, rows, column, classes, tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    (root / table).write_text("\n".join(rows) + "\n")
    (root / f"{table.split('.')[0]}.names").write_text("NAME: a UCI data set\n\nNUMBER OF ATTRIBUTES: as the rows\n")
    said = _stop(root, tmp_path)
    assert "holds tables of attributes" in said and table in said, said
    assert f"--label-column {column!r}" in said and "--layout tables" in said and "--text-column none" in said, said
    options = {"layout": "tables", "text_column": "none", "keep_columns": ("*",), "label_column": column}
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), **options))
    records = written_records(tmp_path / "followed")["records"]  # ({id: (split, labels)}, the labels canonical)
    assert set(records) == {f"{table}:{i}" for i in range(len(rows))}
    assert [sorted(records[f"{table}:{i}"][1]) for i in range(len(rows))] == [[r.rsplit(",", 1)[1].lower()] for r in rows]
    assert len({label for _, labels in records.values() for label in labels}) == classes


@pytest.mark.parametrize(
    "lines",
    [
        # words among the numbers: not measurements and a class (a log of runs, `<name>,<n>,<n>,<n>,<name>`)
        ["alice,3,4,5,bob", "carol,1,2,3,dave", "erin,7,8,9,frank"],
        # prose with commas
        ["It was, as they say, a dark night", "and then, at last, the morning came", "slowly, slowly, it came"],
    ],
    ids=["names_among_numbers", "prose"],
)
def test_other_rows_under_an_unknown_extension_keep_the_old_stop(lines, tmp_path: Path) -> None:
    assert not attribute_tables.class_rows(lines)
    root = tmp_path / "src"
    root.mkdir()
    (root / "records.all-data").write_text("\n".join(lines) + "\n")
    (root / "records.names").write_text("NAME: notes\n")
    said = _stop(root, tmp_path)
    assert "tables of attributes" not in said, said
