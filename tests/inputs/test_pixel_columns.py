"""Tables of grey images written a pixel per column (converters/pixel_wide.py), as Kaggle's Digit
Recognizer (`label,pixel0..pixel783`, its test.csv without the label), Sign Language MNIST
(`label,pixel1..pixel784`, each table in a folder of its own name) and EMNIST's headerless CSVs ship
them. Before, such a table was read as a table of texts and rejected ("no column holds text"), or,
in folders, the source "held no images". Each record's pixels are compared with the cells written.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
import io

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_SIDE = 28


def _rows(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.choice((0, 0, 17, 128, 255)) for _ in range(_SIDE * _SIDE)] for _ in range(count)]


def _written(out: Path) -> dict[str, tuple[str, str, np.ndarray]]:
    """{record id: (split, label name, pixels)} read back from the shards."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                label = record.get(contract.LABEL_TEXT, b"")
                found[record[contract.IMAGE_FILENAME].decode()] = (split, label.decode() if isinstance(label, bytes) else "", pixels)
    return found


def test_digit_recognizer_tables_are_images_labelled_by_their_label_column(tmp_path: Path) -> None:
    root = tmp_path / "digit-recognizer"
    root.mkdir()
    train, test = _rows(1, 5), _rows(2, 3)
    labels = [7, 0, 3, 7, 9]
    head = ",".join(f"pixel{i}" for i in range(_SIDE * _SIDE))
    (root / "train.csv").write_text(f"label,{head}\n" + "".join(f"{y}," + ",".join(map(str, r)) + "\n" for y, r in zip(labels, train)))
    (root / "test.csv").write_text(f"{head}\n" + "".join(",".join(map(str, r)) + "\n" for r in test))
    (root / "sample_submission.csv").write_text("ImageId,Label\n1,0\n2,0\n3,0\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    written = _written(tmp_path / "out")
    expected = {**{f"train.csv#{i + 2}": ("train", str(y), r) for i, (y, r) in enumerate(zip(labels, train))},
                **{f"test.csv#{i + 2}": ("test", "", r) for i, r in enumerate(test)}}
    assert sorted(written) == sorted(expected)
    for rid, (split, label, pixels) in written.items():
        want_split, want_label, row = expected[rid]
        assert (split, label) == (want_split, want_label), rid
        assert np.array_equal(pixels.reshape(-1), np.array(row, dtype=np.uint8)), rid


def test_headerless_rows_of_a_label_and_a_square_of_grey_levels_are_images(tmp_path: Path) -> None:
    """EMNIST's CSVs: no header, the label first, then 784 grey levels; a row with a level past 255
    or a word is that row's reject, the others written."""
    root = tmp_path / "emnist"
    root.mkdir()
    rows = _rows(3, 4)
    lines = [f"{k + 1}," + ",".join(map(str, r)) for k, r in enumerate(rows)]
    bad = list(rows[0])
    bad[100] = 256
    lines.append("5," + ",".join(map(str, bad)))
    (root / "emnist-letters-train.csv").write_text("\n".join(lines) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), max_rejects="50%"))
    written = _written(tmp_path / "out")
    assert sorted((label, split) for split, label, _ in written.values()) == [(str(k + 1), "train") for k in range(4)]
    for split, label, pixels in written.values():
        assert np.array_equal(pixels.reshape(-1), np.array(rows[int(label) - 1], dtype=np.uint8))
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "256" in rejected and rejected.count("\n") == 1


def test_a_table_in_a_folder_named_as_its_own_split_takes_that_split(tmp_path: Path) -> None:
    """Sign Language MNIST: `sign_mnist_train/sign_mnist_train.csv`, `sign_mnist_test/sign_mnist_test.csv`
    (archives unpacked into folders of their names): both were read as train."""
    root = tmp_path / "sign-language-mnist"
    head = "label," + ",".join(f"pixel{i}" for i in range(1, _SIDE * _SIDE + 1))
    for split, seed in (("train", 4), ("test", 5)):
        (root / f"sign_mnist_{split}").mkdir(parents=True)
        rows = _rows(seed, 3)
        (root / f"sign_mnist_{split}" / f"sign_mnist_{split}.csv").write_text(
            head + "\n" + "".join(f"{k}," + ",".join(map(str, r)) + "\n" for k, r in enumerate(rows)))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    splits = {rid: split for rid, (split, _, _) in _written(tmp_path / "out").items()}
    assert splits == {f"sign_mnist_{s}/sign_mnist_{s}.csv#{k + 2}": s for s in ("train", "test") for k in range(3)}


@pytest.mark.parametrize("names", [[f"f{i}" for i in range(64)], [f"pixel{i}" for i in range(0, 128, 2)]])
def test_columns_that_are_not_a_run_of_pixels_are_no_image(tmp_path: Path, names: list[str]) -> None:
    """64 measurements named f0..f63, or pixel columns numbered with gaps: not an image a row."""
    from shardify.converters import pixel_wide

    sample = [["1", *(["3"] * len(names))]]
    assert pixel_wide.pixel_per_column(["label", *names], sample) == ()


def _sign_tables(root: Path) -> None:
    head = "label," + ",".join(f"pixel{i}" for i in range(1, _SIDE * _SIDE + 1))
    root.mkdir(parents=True)
    (root / "sign_mnist_train.csv").write_text(head + "\n" + "".join(f"{k}," + ",".join(map(str, r)) + "\n" for k, r in enumerate(_rows(6, 3))))


def test_a_few_illustrations_at_the_top_beside_pixel_tables_are_left_out(tmp_path: Path) -> None:
    """Sign Language MNIST ships `amer_sign2.png` and `american_sign_language.PNG` beside its tables:
    they made the download a folder of images, and the run stopped."""
    from helpers.shipped import _image_bytes

    root = tmp_path / "src"
    _sign_tables(root)
    for name in ("amer_sign2.png", "american_sign_language.PNG"):
        (root / name).write_bytes(_image_bytes(name, 20, 16, "PNG"))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert sorted(_written(tmp_path / "out")) == [f"sign_mnist_train.csv#{k + 2}" for k in range(3)]


def test_images_in_folders_beside_pixel_tables_are_the_inputs(tmp_path: Path) -> None:
    """The twin: images in class folders beside such a table are the dataset; the table is not read as images."""
    from helpers.shipped import _image_bytes

    root = tmp_path / "src"
    _sign_tables(root)
    for c in ("a", "b"):
        for n in range(3):
            (root / "photos" / c).mkdir(parents=True, exist_ok=True)
            (root / "photos" / c / f"{c}{n}.jpg").write_bytes(_image_bytes(f"{c}{n}", 20, 16))
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), max_rejects="100%"))
    except UsageError:
        return  # a stop before writing is as safe
    written = _written(tmp_path / "out")
    assert all(not rid.startswith("sign_mnist_train.csv") for rid in written)
