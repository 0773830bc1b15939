"""Label cells that hold several labels (Planet's `train_v2.csv`: `train_1,agriculture clear primary
water`; NIH ChestX-ray14's `Data_Entry_2017.csv`: `Cardiomegaly|Emphysema`) are never read as one
class per combination, nor cut to their first word, with exit 0: the run stops naming
`--label-separator`, and either choice it names converts as chosen.

The miniatures follow the downloads: Kaggle's "Planet: Understanding the Amazon from Space"
(`train-jpg/train_<n>.jpg` beside `train_v2.csv`, `image_name,tags`, the tags one space-separated
cell in a fixed order) and the NIH Clinical Center's ChestX-ray14 (`images/<8 digits>_<3>.png`,
`Data_Entry_2017.csv` whose header and rows end in a comma, `Finding Labels` joined by `|`,
`train_val_list.txt` and `test_list.txt` naming the images, `BBox_List_2017.csv`). The truth below
is this file's own, never the manifest's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import one_line_error, run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes
from shardify.converters import tables
from shardify.format import contract

TAGS = ["haze primary", "agriculture clear primary water", "clear primary", "cloudy", "partly_cloudy primary road"]


def _planet(root: Path, count: int = 10) -> dict[str, str]:
    """The miniature, and {image stem: its tag cell}."""
    (root / "train-jpg").mkdir(parents=True)
    truth = {f"train_{i}": TAGS[i % len(TAGS)] for i in range(count)}
    for i, stem in enumerate(truth):
        (root / "train-jpg" / f"{stem}.jpg").write_bytes(image_bytes(seed=i))
    rows = ["image_name,tags"] + [f"{stem},{tags}" for stem, tags in truth.items()]
    (root / "train_v2.csv").write_text("\n".join(rows) + "\n")
    return truth


def _chest_xrays(root: Path) -> dict[str, tuple[str, str]]:
    """The miniature, and {image name: (its `Finding Labels` cell, its split)}."""
    findings = ["Cardiomegaly", "Cardiomegaly|Emphysema", "No Finding", "Hernia", "Effusion|Infiltration|Mass", "No Finding"]
    (root / "images").mkdir(parents=True)
    header = (
        "Image Index,Finding Labels,Follow-up #,Patient ID,Patient Age,Patient Gender,View Position,"
        "OriginalImage[Width,Height],OriginalImagePixelSpacing[x,y],"
    )
    rows, truth = [header], {}
    for i in range(12):
        name = f"{i + 1:08d}_000.png"
        (root / "images" / name).write_bytes(image_bytes(mode="L", fmt="PNG", seed=i))
        truth[name] = (findings[i % len(findings)], "test" if i % 4 == 0 else "trainval")
        rows.append(f"{name},{truth[name][0]},0,{i + 1},{50 + i},M,PA,2682,2749,0.143,0.143,")
    (root / "Data_Entry_2017.csv").write_text("\n".join(rows) + "\n")
    for listed, split in (("train_val_list.txt", "trainval"), ("test_list.txt", "test")):
        (root / listed).write_text("".join(f"{name}\n" for name, (_, s) in truth.items() if s == split))
    (root / "BBox_List_2017.csv").write_text("Image Index,Finding Label,Bbox [x,y,w,h],,,\n00000001_000.png,Cardiomegaly,95.4,435.7,706.8,316.4\n")
    return truth


def _records(out: Path) -> dict[str, tuple[tuple[str, ...], str]]:
    """{image file name: (its label names sorted, its split)}, read from the shards."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            names = record[contract.LABEL_TEXT]
            names = names if isinstance(names, list) else [names]
            name = Path(record[contract.IMAGE_FILENAME].decode()).name
            found[name] = (tuple(sorted(n.decode() for n in names)), shard.name.split("-")[0])
    return found


def _labels_by_stem(out: Path) -> dict[str, tuple[str, ...]]:
    return {Path(name).stem: labels for name, (labels, _) in _records(out).items()}


def test_the_first_command_does_not_cut_tags_to_their_first_word(tmp_path: Path) -> None:
    """`name word word` lines once read as `name label` (the first word only: `haze primary` ->
    `haze`), with exit 0."""
    _planet(tmp_path / "planet")
    result = run_shardify("convert", str(tmp_path / "planet"), str(tmp_path / "out"), "-q")
    assert result.returncode != 0, result.stdout
    assert "train_v2.csv" in one_line_error(result)
    assert not list((tmp_path / "out").glob("*.tfrecord"))


def test_tag_cells_stop_naming_the_option_that_decides(tmp_path: Path) -> None:
    _planet(tmp_path / "planet")
    result = run_shardify("convert", str(tmp_path / "planet"), str(tmp_path / "out"), "-q", "--labels", str(tmp_path / "planet" / "train_v2.csv"))
    assert result.returncode == 2, result.stdout
    error = one_line_error(result)
    assert "train_v2.csv" in error and "--label-separator ' '" in error and "--label-separator none" in error
    assert not list((tmp_path / "out").glob("*.tfrecord"))


@pytest.mark.parametrize("separator", [" ", "none"])
def test_either_choice_converts_as_chosen(tmp_path: Path, separator: str) -> None:
    truth = _planet(tmp_path / "planet")
    out = tmp_path / "out"
    result = run_shardify(
        "convert", str(tmp_path / "planet"), str(out), "--labels", str(tmp_path / "planet" / "train_v2.csv"), "--label-separator", separator
    )
    assert result.returncode == 0, result.stderr
    expected = {
        stem: tuple(sorted(tags.split())) if separator == " " else (tags,) for stem, tags in truth.items()
    }
    assert _labels_by_stem(out) == expected


def test_class_names_with_spaces_are_not_taken_for_tags(tmp_path: Path) -> None:
    """Names that share a word at the same place (`tiger shark`, `tiger cat`), or one inside another
    where it keeps its place (`lion`, `sea lion`), convert as one label each without asking."""
    names = ["tiger", "tiger shark", "tiger cat", "Norfolk terrier", "Norwich terrier", "sea lion", "lion", "great white shark"]
    (tmp_path / "src" / "img").mkdir(parents=True)
    rows = ["file_name,label"]
    for i, name in enumerate(names * 2):
        (tmp_path / "src" / "img" / f"{i:03d}.jpg").write_bytes(image_bytes(seed=i))
        rows.append(f"{i:03d}.jpg,{name}")
    (tmp_path / "labels.csv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "src"), str(out), "--labels", str(tmp_path / "labels.csv"))
    assert result.returncode == 0, result.stderr
    assert _labels_by_stem(out) == {f"{i:03d}": (name,) for i, name in enumerate(names * 2)}


def test_names_joined_by_a_bar_stop_then_convert_with_the_lists_splits(tmp_path: Path) -> None:
    """ChestX-ray14 with its table as the label file: the `|`-joined findings stop the run naming
    `--label-separator '|'`; with it, every image has its findings and the split its list gives
    (the lists once lay unread beside a label file: every image in one split, exit 0), and the box
    list and the split lists are auxiliary files, not rejected inputs."""
    truth = _chest_xrays(tmp_path / "cxr")
    labels = str(tmp_path / "cxr" / "Data_Entry_2017.csv")
    refused = run_shardify("convert", str(tmp_path / "cxr"), str(tmp_path / "refused"), "-q", "--labels", labels)
    assert refused.returncode == 2 and "--label-separator '|'" in one_line_error(refused)
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "cxr"), str(out), "--labels", labels, "--label-separator", "|")
    assert result.returncode == 0, result.stderr
    assert _records(out) == {name: (tuple(sorted(cell.split("|"))), split) for name, (cell, split) in truth.items()}
    assert not (out / "rejected.jsonl").exists()


ISIC_CLASSES = ["MEL", "NV", "BCC", "AKIEC", "BKL", "DF", "VASC"]


def _isic(root: Path, count: int = 14) -> dict[str, str]:
    """ISIC 2018 Task 3 as unpacked: ISIC2018_Task3_Training_Input/<ISIC_id>.jpg (and its
    LICENSE.txt), ISIC2018_Task3_Training_GroundTruth/ISIC2018_Task3_Training_GroundTruth.csv with a
    one-hot row of 0.0 and 1.0 per image. Returns {image stem: its class}."""
    images, truth_folder = root / "ISIC2018_Task3_Training_Input", root / "ISIC2018_Task3_Training_GroundTruth"
    images.mkdir(parents=True)
    truth_folder.mkdir()
    truth, rows = {}, ["image," + ",".join(ISIC_CLASSES)]
    for i in range(count):
        stem = f"ISIC_{24306 + i:07d}"
        (images / f"{stem}.jpg").write_bytes(image_bytes(seed=i))
        truth[stem] = ISIC_CLASSES[(i * 3) % len(ISIC_CLASSES)]
        rows.append(stem + "," + ",".join("1.0" if name == truth[stem] else "0.0" for name in ISIC_CLASSES))
    (images / "LICENSE.txt").write_text("CC-BY-NC 4.0\n")
    (truth_folder / "ISIC2018_Task3_Training_GroundTruth.csv").write_text("\n".join(rows) + "\n")
    return truth


def test_one_hot_columns_are_the_labels(tmp_path: Path) -> None:
    """A label file of a key and a 0/1 column per class once gave every image no label, exit 0."""
    truth = _isic(tmp_path / "isic")
    labels = tmp_path / "isic" / "ISIC2018_Task3_Training_GroundTruth" / "ISIC2018_Task3_Training_GroundTruth.csv"
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "isic"), str(out), "--labels", str(labels))
    assert result.returncode == 0, result.stderr
    assert _labels_by_stem(out) == {stem: (name,) for stem, name in truth.items()}


def test_a_one_hot_row_that_is_not_0_or_1_is_rejected_alone(tmp_path: Path) -> None:
    truth = _isic(tmp_path / "isic", count=tables.SAMPLE_ROWS + 5)  # the bad row past the rows judged
    labels = tmp_path / "isic" / "ISIC2018_Task3_Training_GroundTruth" / "ISIC2018_Task3_Training_GroundTruth.csv"
    lines = labels.read_text().splitlines()
    lines[-1] = lines[-1].replace("1.0", "0.5")
    labels.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "isic"), str(out), "--labels", str(labels))
    assert result.returncode == 0, result.stderr
    last = list(truth)[-1]
    assert _labels_by_stem(out) == {stem: (name,) for stem, name in truth.items() if stem != last}
    assert "not 0 or 1" in (out / "rejected.jsonl").read_text()


def test_a_label_file_that_labels_nothing_stops(tmp_path: Path) -> None:
    """Metadata (`image,age,sex`) given as the label file gave every image no label, exit 0."""
    _isic(tmp_path / "isic")
    meta = tmp_path / "meta.csv"
    meta.write_text("image,age,sex\nISIC_0024306,45,male\nISIC_0024307,50,female\n")
    result = run_shardify("convert", str(tmp_path / "isic"), str(tmp_path / "out"), "-q", "--labels", str(meta))
    assert result.returncode == 2
    assert "--label-column" in one_line_error(result)
    assert not list((tmp_path / "out").glob("*.tfrecord"))
