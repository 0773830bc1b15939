"""Raw binary image arrays declared in a layout file (issue 30): a dataset whose raw layout no row
of `raw_formats.RAW_FORMATS` knows converts once its documentation's shape, byte order, header and
labels are written under `raw_arrays:`. The files are written here from images and labels chosen
by the test (noise, so that a transposed reading cannot match), in the orders the known formats'
documentation describes (CIFAR's binary version: a label byte then 1024 R, G, B, each row-major;
channels-last records with a header, as many ad hoc exports write); every record's split, label
and pixels are checked against them. Hostile twins: a file of no whole number of records, a labels
file too short, and declarations the layout file's reader must refuse naming the key.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file


def _images(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def _run(src: Path, out: Path, layout_text: str) -> Path:
    spec = layout_file.loads(layout_text, where="raw.yaml")
    return convert(src, out, layout_given=spec.layout, **spec.options)


def _written(out: Path) -> dict[str, tuple[str, str | None, np.ndarray]]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                label = record[contract.LABEL_TEXT].decode() if record[contract.LABEL] != contract.UNLABELLED else None
                found[record[contract.IMAGE_FILENAME].decode()] = (split, label, pixels)
    return found


_HWC = """shardify_layout: 1
layout: arrays
media: image
raw_arrays:
- files: 'data/*_images.bin'
  shape: [6, 5, 3]
  order: HWC
  header_bytes: 16
  labels_file: '{stem}_labels.bin'
  label_dtype: int32
  first_label: 1
  names_file: classes.txt
"""


def _hwc_source(root: Path) -> dict[str, tuple[str, str, np.ndarray]]:
    """data/{train,test}_images.bin: a 16-byte header, then HWC records; int32 labels 1..3 beside."""
    (root / "data").mkdir(parents=True)
    names = ["cat", "dog", "fox"]
    (root / "data/classes.txt").write_text("\n".join(names) + "\n")
    truth = {}
    for seed, (split, labels) in enumerate((("train", [3, 1, 2, 3, 1]), ("test", [2, 2, 1]))):
        images = _images(seed, (len(labels), 6, 5, 3))
        (root / f"data/{split}_images.bin").write_bytes(b"MAGIC-HEADER-16B" + images.tobytes())
        (root / f"data/{split}_images_labels.bin").write_bytes(np.array(labels, "<i4").tobytes())
        for index, (label, image) in enumerate(zip(labels, images)):
            truth[f"data/{split}_images.bin#{index}"] = (split, names[label - 1], image)
    return truth


def test_a_declared_channels_last_format_with_a_header_and_a_labels_file(tmp_path: Path) -> None:
    truth = _hwc_source(tmp_path / "src")
    out = _run(tmp_path / "src", tmp_path / "out", _HWC)
    assert read_report(out, naming.REJECTS_FILENAME) == []
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for key, (split, label, image) in truth.items():
        assert written[key][:2] == (split, label), key
        np.testing.assert_array_equal(written[key][2], image)


def test_a_declared_channel_first_format_with_label_bytes_and_no_names(tmp_path: Path) -> None:
    """CIFAR's record shape under names no row knows (`batch_a.dat`): the label byte, then planes."""
    (tmp_path / "src").mkdir()
    truth = {}
    for seed, (name, labels) in enumerate((("batch_a.dat", [4, 0, 9]), ("batch_b.dat", [7, 7]))):
        images = _images(10 + seed, (len(labels), 4, 4, 3))
        records = b"".join(bytes([label]) + np.ascontiguousarray(image.transpose(2, 0, 1)).tobytes() for label, image in zip(labels, images))
        (tmp_path / "src" / name).write_bytes(records)
        for index, (label, image) in enumerate(zip(labels, images)):
            truth[f"{name}#{index}"] = ("test", str(label), image)  # no names file: the numbers
    layout_text = "shardify_layout: 1\nlayout: arrays\nmedia: image\nraw_arrays:\n- {files: '*.dat', shape: [3, 4, 4], label_bytes: 1, split: test}\n"
    out = _run(tmp_path / "src", tmp_path / "out", layout_text)
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for key, (split, label, image) in truth.items():
        assert written[key][:2] == (split, label), key
        np.testing.assert_array_equal(written[key][2], image)


def test_a_file_of_no_whole_number_of_records_and_a_short_labels_file_are_refused_by_name(tmp_path: Path) -> None:
    truth = _hwc_source(tmp_path / "src")
    data = tmp_path / "src/data"
    (data / "validation_images.bin").write_bytes((data / "test_images.bin").read_bytes())  # kept whole
    (data / "validation_images_labels.bin").write_bytes((data / "test_images_labels.bin").read_bytes())
    train = tmp_path / "src/data/train_images.bin"
    train.write_bytes(train.read_bytes()[:-7])  # cut inside its last record
    labels = tmp_path / "src/data/test_images_labels.bin"
    labels.write_bytes(labels.read_bytes()[:-4])  # one int32 label short
    out = _run(tmp_path / "src", tmp_path / "out", _HWC)
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    record = 6 * 5 * 3
    assert rejects["data/train_images.bin"].startswith(
        f"{16 + 5 * record - 7:,} bytes is not a header of 16 bytes and a whole number of records of {record:,} bytes"
    )
    assert "holds 2 labels for the 3 images" in rejects["data/test_images.bin"]
    assert len(rejects) == 2
    written = _written(out)
    assert sorted(written) == [f"data/validation_images.bin#{i}" for i in range(3)]
    for index in range(3):  # the kept file is the test file's copy: its records, as the validation split
        split, label, image = truth[f"data/test_images.bin#{index}"]
        assert written[f"data/validation_images.bin#{index}"][:2] == ("validation", label)
        np.testing.assert_array_equal(written[f"data/validation_images.bin#{index}"][2], image)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{files: 'a/*.bin', shape: [0, 32, 32]}", "every dimension must be 1..16384"),
        ("{files: 'a/*.bin', shape: [3]}", "[channels, height, width]"),
        ("{files: 'a/*.bin', shape: [32, 32], order: HWC}", "[channels, height, width]"),
        ("{files: 'a/*.bin', shape: [3, 16384, 16384]}", "more than 67,108,864"),
        ("{files: 'a/*.bin', shape: [5, 8, 8]}", "5 channels"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], dtype: float32}", "uint8 only"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], order: WHC}", "order 'WHC' must be one of"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], header_bytes: -1}", "header_bytes -1"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], label_bytes: 1, labels_file: y.bin}", "not both"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], label_bytes: 1, label_index: 1}", "label_index"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], label_dtype: float64}", "label_dtype"),
        ("{files: '../a/*.bin', shape: [3, 8, 8]}", "without '..'"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], names_file: ../n.txt}", "beside the images files"),
        ("{files: 'a/*.bin', shape: [3, 8, '8']}", "raw_arrays[0].shape[2] must be a whole number"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], rows: 4}", "unknown key rows"),
    ],
)
def test_a_declaration_the_reader_refuses_names_the_file_and_the_key(entry: str, said: str) -> None:
    text = f"shardify_layout: 1\nlayout: arrays\nmedia: image\nraw_arrays:\n- {entry}\n"
    with pytest.raises(UsageError, match="^raw.yaml: ") as refused:
        layout_file.loads(text, where="raw.yaml")
    assert said in str(refused.value)


def test_raw_arrays_belong_to_the_arrays_layout() -> None:
    text = "shardify_layout: 1\nlayout: tables\nmedia: text\nraw_arrays:\n- {files: '*.bin', shape: [3, 8, 8]}\n"
    with pytest.raises(UsageError, match="layout: arrays"):
        layout_file.loads(text, where="raw.yaml")


def test_a_declaration_is_written_back_as_read() -> None:
    spec = layout_file.loads(_HWC, where="raw.yaml")
    again = layout_file.loads(layout_file.dumps(spec, source="src"), where="again.yaml")
    assert again.layout.raw_arrays == spec.layout.raw_arrays
