"""Tables whose column holds a grey image as space-separated numbers (issue 30), FER2013's kind:
`fer2013.csv` is `emotion,pixels,Usage`, a 48 x 48 face a row (2,304 numbers, row by row), Usage
Training / PublicTest / PrivateTest (Kaggle's challenges-in-representation-learning download;
torchvision's `datasets/fer2013.py` reads the pixels with `np.array(..split(), dtype=uint8)
.reshape(48, 48)`). The images here are noise chosen by the test and small sides other than 48,
so that a transposed or mis-sized reading cannot match; every record's split, label and pixels
are checked against them. Hostile rows (a count no square, NaN, negative, 256, a fraction, a
split named nowhere, a cut-short last row, a count past the size limit) are rejected alone, each
with its reason; the table's other rows are kept.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.converters import pixel_rows
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

_EMOTIONS = ["Angry", "Disgust", "Fear", "Happy", "Sad", "Surprise", "Neutral"]
_SPLIT = {"Training": "train", "PublicTest": "validation", "PrivateTest": "test"}


def _image(seed: int, side: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (side, side), dtype=np.uint8)


def _cell(image: np.ndarray) -> str:
    return " ".join(str(int(v)) for v in image.reshape(-1))  # row by row, as FER2013 writes them


def _written(out: Path) -> dict[int, tuple[str, str, np.ndarray]]:
    """{row number: (split, label name, pixels [H, W])} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                row = int(record[contract.IMAGE_FILENAME].decode().rpartition("#")[2])
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                found[row] = (split, record[contract.LABEL_TEXT].decode(), pixels)
    return found


def _fer_like(root: Path, side: int, rows: list[tuple[int, str, str]]) -> Path:
    """`fer2013/fer2013.csv` with `rows` of (emotion, pixels cell, usage), its README beside it."""
    folder = root / "fer2013"
    folder.mkdir(parents=True)
    lines = ["emotion,pixels,Usage", *(f"{emotion},{cell},{usage}" for emotion, cell, usage in rows)]
    (folder / "fer2013.csv").write_text("\n".join(lines) + "\n")
    (folder / "README").write_text(f"emotion 0=Angry ... 6=Neutral; pixels {side}x{side}; Usage.\n")
    return root


def test_each_row_becomes_its_grey_image_with_its_label_and_its_split(tmp_path: Path) -> None:
    usages = ["Training"] * 5 + ["PublicTest"] * 3 + ["PrivateTest"] * 2
    truth = {}
    rows = []
    for i, usage in enumerate(usages):
        image = _image(i, 12)
        rows.append(((i * 2) % 7, _cell(image), usage))
        truth[i + 2] = (_SPLIT[usage], _EMOTIONS[(i * 2) % 7], image)  # row 1 is the header
    root = _fer_like(tmp_path / "src", 12, rows)
    out = convert(root, tmp_path / "out", max_rejects="0")
    assert read_report(out, naming.REJECTS_FILENAME) == []
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for row, (split, label, image) in truth.items():
        got_split, got_label, pixels = written[row]
        assert (got_split, got_label) == (split, label), row
        np.testing.assert_array_equal(pixels, image)
    counts = {}
    for split, _, _ in written.values():
        counts[split] = counts.get(split, 0) + 1
    assert counts == {"train": 5, "validation": 3, "test": 2}  # counted apart from the truth's rows


def test_hostile_rows_are_rejected_alone_each_with_its_reason(tmp_path: Path) -> None:
    good = [_image(100 + i, 8) for i in range(6)]
    cells = [_cell(image) for image in good]
    bad = {
        "count": " ".join(["7"] * 63),  # 63 numbers: no square
        "nan": "nan " + " ".join(["1"] * 63),
        "negative": "-3 " + " ".join(["1"] * 63),
        "too bright": "256 " + " ".join(["1"] * 63),
        "fraction": "1.5 " + " ".join(["1"] * 63),
        "word": "x1 " + " ".join(["1"] * 63),
    }
    rows = [(i % 7, cell, "Training") for i, cell in enumerate(cells[:4])]
    rows += [(0, cell, "Training") for cell in bad.values()]
    rows += [(1, cells[4], "Holdout")]  # a split value no table names
    rows += [(2, cells[5], "Training")]
    root = _fer_like(tmp_path / "src", 8, rows)
    table = root / "fer2013/fer2013.csv"
    table.write_bytes(table.read_bytes() + b"3," + cells[0][:40].encode())  # the file cut short in its last row
    out = convert(root, tmp_path / "out")
    rejects = read_report(out, naming.REJECTS_FILENAME)
    reasons = [r["reason"] for r in rejects]
    assert len(rejects) == len(bad) + 2, reasons
    assert all(r["path"] == "fer2013/fer2013.csv" for r in rejects)
    assert sum("not a square image" in reason for reason in reasons) == 1  # 63 numbers
    assert sum("not a grey level" in reason for reason in reasons) == 4  # nan, -3, 256, 1.5
    assert sum("2 fields where the header has 3" in reason for reason in reasons) == 1  # the cut-short row
    assert sum("is not a number" in reason for reason in reasons) == 1
    assert sum("'Holdout'" in reason and "names no split" in reason for reason in reasons) == 1
    written = _written(out)
    assert len(written) == 5
    kept = sorted(written.values(), key=lambda v: v[2].tobytes())
    expected = sorted([*good[:4], good[5]], key=lambda image: image.tobytes())
    for (_, _, pixels), image in zip(kept, expected):
        np.testing.assert_array_equal(pixels, image)


def test_a_cell_past_the_size_limit_is_refused_without_building_it() -> None:
    columns = pixel_rows.PixelColumns("pixels")
    huge = "1 " * (pixel_rows.MAX_SIDE * pixel_rows.MAX_SIDE + 1)
    with pytest.raises(InvalidInputError, match="more than a 1024 x 1024 image"):
        pixel_rows.image_of({"pixels": huge}, columns)
    with pytest.raises(InvalidInputError, match="not a square image"):
        pixel_rows.image_of({"pixels": "5"}, columns)  # a 1 x 1 is below MIN_SIDE
    with pytest.raises(InvalidInputError, match="empty 'pixels' cell"):
        pixel_rows.image_of({"pixels": " "}, columns)


def test_columns_are_found_by_content_and_named_columns_decide() -> None:
    cells = " ".join(["9"] * 16)
    sample = [("3", cells, "Training"), ("5", cells, "PrivateTest"), ("3", cells, "PublicTest")]
    found = pixel_rows.pixel_columns(("emotion", "pixels", "Usage"), sample, TableOptions())
    assert found == pixel_rows.PixelColumns("pixels", "emotion", "Usage", numbered=True)  # found by its whole numbers
    # a text column the user names that is not the pixels: a table of texts, not read here
    assert pixel_rows.pixel_columns(("emotion", "pixels", "Usage"), sample, TableOptions(text_columns=("Usage",))) is None
    # two columns of whole numbers beside the images: which is the label is for the user to say
    two = [("3", "17", cells), ("5", "18", cells)]
    with pytest.raises(InvalidInputError, match="--label-column"):
        pixel_rows.pixel_columns(("a", "b", "pixels"), two, TableOptions())
    assert pixel_rows.pixel_columns(("a", "b", "pixels"), two, TableOptions(label_column="b")).label == "b"
    # a table of texts is none of this
    texts = [("1", "a fine film, I would watch it again"), ("0", "dull and long")]
    assert pixel_rows.pixel_columns(("label", "text"), texts, TableOptions()) is None


def test_a_table_of_images_read_as_texts_by_a_layout_file_stops_naming_the_line_to_mend(tmp_path: Path) -> None:
    from shardify.errors import UsageError
    from shardify.plan import layout_file

    root = _fer_like(tmp_path / "src", 4, [(i, _cell(_image(i, 4)), "Training") for i in range(3)])
    spec = layout_file.loads("shardify_layout: 1\nlayout: tables\nmedia: text\n", where="layout.yaml")
    with pytest.raises(UsageError, match="set `media: image`"):
        convert(root, tmp_path / "out", layout_given=spec.layout)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_table_of_vectors_beside_class_folders_of_images_leaves_the_images_the_inputs(tmp_path: Path) -> None:
    """Number rows beside images are features or annotations, not the dataset's images."""
    src = tmp_path / "src"
    for cls in ("cat", "dog"):
        for i in range(3):
            (src / cls).mkdir(parents=True, exist_ok=True)
            Image.fromarray(_image(10 * ("cat", "dog").index(cls) + i, 8)).save(src / cls / f"{i}.png")
    rows = [(i % 2, _cell(_image(50 + i, 4)), "Training") for i in range(4)]
    (src / "embeddings.csv").write_text("cls,vector,Usage\n" + "".join(f"{a},{b},{c}\n" for a, b, c in rows))
    out = convert(src, tmp_path / "out")
    labels = sorted(label for _, label, _ in _written_by_name(out).values())
    assert labels == ["cat"] * 3 + ["dog"] * 3


def _written_by_name(out: Path) -> dict[str, tuple[str, str, np.ndarray]]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                found[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.LABEL_TEXT].decode(), pixels)
    return found
