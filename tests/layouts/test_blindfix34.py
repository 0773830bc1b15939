"""Blind round thirty-four's wrong exit 0 and exit 1 mended by kind (tests/helpers/blind34.py).

A label column named `category` beside a column named as a label of the vocabulary (`intent`) holding label
words: the Bitext customer-support table was written labelled by its category (ORDER, ACCOUNT), exit 0, where
the dataset's task is its intent. The label column chosen by a name that does not say "the label" alone now
stops where such a column holds label words beside it, naming both (converters/label_columns.py, `coarse_named`).
An image whose name doubles its extension (`noncrack_..._2_0.jpg.jpg`) beside a mask of the same name: the mask's
row had its last extension cut twice, so neither met the other, exit 1 over --max-rejects. Keys now cut an image's
doubled extension on both sides of the join (shardify/plan/evidence_keys.py, `_cut_suffix`).
Each kind is tested on the case, a neighbour not in the batch and a hostile twin.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind34 import DATASETS, FOLLOW
from helpers.one_place import records
from helpers.shard_io import read_shard
from helpers.sources import csv_text, image_bytes, write_file
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_WORDS = ["please", "order", "my", "refund", "where", "is", "the", "parcel", "account", "cancel", "help", "today"]


def _sentence(key: int, n: int = 7) -> str:
    return " ".join(_WORDS[(key * 5 + j * 7) % 12] for j in range(n)) + "?"


def _stop(src: Path, tmp: Path) -> str:
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp / "out")))
    assert not (tmp / "out" / "manifest.json").exists()
    return str(stopped.value)


# ------------------------------------------------------------------------------------------------
# A label column named `category` beside a column of label words named as a label
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["bitext", "construction", "crack_segmentation"])
def test_the_batch_case_is_right_or_a_good_stop(name: str, tmp_path: Path) -> None:
    """The case: the batch's own miniature, judged as the round judges it (bitext stops naming --label-column
    'intent' and --text-column, construction --label-names and --exclude for the run's and demo folders, with which
    each converts right; crack_segmentation converts right)."""
    judge_first_command(DATASETS, name, tmp_path / name, FOLLOW.get(name))


def test_a_category_beside_a_genre_of_words_stops_naming_both(tmp_path: Path) -> None:
    """A neighbour not in the batch: book blurbs with a coarse `category` and a finer `genre`, both words."""
    genres = [("Fiction", "Mystery"), ("Nonfiction", "History"), ("Fiction", "Romance"), ("Nonfiction", "Travel")]
    rows = [["blurb", "category", "genre"]] + [[_sentence(i, 9 + i % 3), *genres[i % 4]] for i in range(12)]
    write_file(tmp_path / "src" / "blurbs.csv", csv_text(rows))
    said = _stop(tmp_path / "src", tmp_path)
    assert "--label-column 'category'" in said and "--label-column 'genre'" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="genre"))
    written = records(tmp_path / "followed")
    assert sorted({labels for _, labels, _ in written.values()}) == [("History",), ("Mystery",), ("Romance",), ("Travel",)]


@pytest.mark.parametrize("columns, cells, label", [
    (["text", "category", "topic_id"], lambda i: [str(10 + i % 4)], "category"),  # a column named so, of numbers
    (["text", "label", "intent"], lambda i: [("cancel_order", "get_refund")[i % 2]], "label"),  # `label` decides alone
])
def test_a_column_merely_named_as_a_label_beside_is_no_second_label(tmp_path: Path, columns, cells, label) -> None:
    """Hostile twins: a column named with a label word that holds numbers (an id), and a label column named
    `label` beside an `intent` of words: converted as before, labelled by the one column, exit 0."""
    kinds = ["ORDER", "REFUND", "ACCOUNT"]
    rows = [columns] + [[_sentence(i), kinds[i % 3], *cells(i)] for i in range(12)]
    write_file(tmp_path / "src" / "tickets.csv", csv_text(rows))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 12
    assert {labels for _, labels, _ in written.values()} == {(k,) for k in kinds}, label


# ------------------------------------------------------------------------------------------------
# An image's extension doubled, its mask of the same name
# ------------------------------------------------------------------------------------------------

def _mask(seed: int) -> bytes:
    from PIL import Image

    mask = Image.new("L", (24, 16), 0)
    mask.paste(255, (2 + seed % 5, 3, 12 + seed % 7, 11))
    return _png(mask)


def _png(image) -> bytes:
    import io

    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def _segmented(out: Path) -> dict[str, bool]:
    """{image path: whether its record holds a segmentation mask} of every record."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.IMAGE_FILENAME].decode()] = contract.SEGMENTATION in record
    return found


def test_images_and_masks_named_with_a_doubled_extension_meet(tmp_path: Path) -> None:
    """A neighbour not in the batch: split folders of scans `<n>.jpg.jpg` beside PNG masks `<n>.jpg.png` (another
    extension doubled under the mask's own), and scans of single names beside theirs: each image one record of
    its split with its mask."""
    src = tmp_path / "src"
    names = {}
    for s, split in enumerate(("train", "val")):
        for i in range(4):
            image = f"scan_{i}.jpg.jpg" if i % 2 == 0 else f"scan_{i}.jpg"
            names[f"{split}/img/{image}"] = f"{split}/gt/scan_{i}{'.jpg' if i % 2 == 0 else ''}.png"
    for i, (image, mask) in enumerate(names.items()):
        write_file(src / image, image_bytes(seed=i))
        write_file(src / mask, _mask(i))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert _segmented(tmp_path / "out") == dict.fromkeys(names, True)


def test_a_doubled_extension_without_its_mask_is_no_other_images_mask(tmp_path: Path) -> None:
    """Hostile twin: `a.jpg.jpg` and `b.jpg` beside masks of `b.jpg` alone, and of the others: the doubled name
    is not taken for `a.jpg`'s or `b`'s; the image without a mask is never written with another's."""
    src = tmp_path / "src"
    for i in range(6):
        write_file(src / "images" / f"c_{i}.jpg", image_bytes(seed=i))
        write_file(src / "masks" / f"c_{i}.jpg", _jpeg_mask(i))
    write_file(src / "images" / "c_9.jpg.jpg", image_bytes(seed=9))
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except UsageError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    except ShardifyError as failed:  # exit 1 over the rejects: c_9's missing mask counted, never paired
        assert "c_9" in str(failed), failed
        return
    written = _segmented(tmp_path / "out")
    assert all(written[f"images/c_{i}.jpg"] for i in range(6))
    assert written.get("images/c_9.jpg.jpg") is not True


def _jpeg_mask(seed: int) -> bytes:
    import io

    from PIL import Image

    mask = Image.new("L", (24, 16), 0)
    mask.paste(255, (1 + seed % 4, 2, 14, 9 + seed % 5))
    buf = io.BytesIO()
    mask.save(buf, "JPEG", quality=90)
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------
# YOLO labels whose names lie only in a training run's copy of data.yaml, among the run's plots
# ------------------------------------------------------------------------------------------------

_YOLO_NAMES = ["helmet", "vest", "person"]


def _yolo_export(src: Path, *, run_yaml: bool = True, top_yaml: bool = False) -> None:
    for split in ("train", "val"):
        for i in range(3):
            write_file(src / "images" / split / f"f{i}.jpg", image_bytes(seed=i + 7 * len(split)))
            write_file(src / "labels" / split / f"f{i}.txt", f"{i % 3} 0.5 0.5 0.25 0.3\n{(i + 1) % 3} 0.3 0.4 0.2 0.2\n")
    run = src / "runs" / "detect" / "train2"
    write_file(run / "args.yaml", "task: detect\ndata: data.yaml\nepochs: 50\n")
    write_file(run / "val_batch0_labels.jpg", image_bytes(seed=40))
    write_file(run / "results.png", image_bytes(fmt="PNG", seed=41))
    names = "names:\n" + "".join(f"  {i}: {n}\n" for i, n in enumerate(_YOLO_NAMES))
    if run_yaml:
        write_file(run / "data.yaml", "path: ../datasets/ppe\ntrain: images/train\nval: images/val\n" + names)
    if top_yaml:
        write_file(src / "data.yaml", "train: images/train\nval: images/val\n" + names)


def test_yolo_names_in_a_run_folder_are_named_with_the_run_to_exclude(tmp_path: Path) -> None:
    """A neighbour not in the batch: an Ultralytics export (images/{train,val}, labels/{train,val}) beside the
    runs/detect/train2/ of a training, its data.yaml and plots: the stop names that data.yaml and --exclude
    'runs/**'; with the names and the exclusion every image is written with its objects, the plots none."""
    _yolo_export(tmp_path / "src")
    said = _stop(tmp_path / "src", tmp_path)
    assert "runs/detect/train2/data.yaml" in said and "--label-names" in said and "--exclude 'runs/**'" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_names=tuple(_YOLO_NAMES),
                                 exclude=("runs/**",)))
    written = records(tmp_path / "followed")
    assert sorted(written) == [f"images/{s}/f{i}.jpg" for s in ("train", "val") for i in range(3)]


def test_a_yolo_export_with_its_own_data_yaml_is_read_as_before(tmp_path: Path) -> None:
    """Hostile twin: the same export with its own data.yaml at the top: its names number the classes (no stop
    over the run's copy); and with no .yaml of names anywhere the stop names no file of names."""
    _yolo_export(tmp_path / "src", top_yaml=True)
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError as stopped:  # the run's plots, images no label folder mirrors: a stop, never records of them
        assert "data.yaml" not in str(stopped) or "runs/detect/train2/data.yaml" not in str(stopped), str(stopped)
    else:
        written = records(tmp_path / "out")
        assert all(key.startswith("images/") for key in written), sorted(written)
    _yolo_export(tmp_path / "bare", run_yaml=False)
    said = _stop(tmp_path / "bare", tmp_path / "b")
    assert "--label-names FILE" in said and ".yaml," not in said and "--exclude 'runs/**'" in said, said
