"""The wrong exit 0 of blind round twenty-four (tests/helpers/blind24.py), mended by kind: each case,
a neighbour not in the batch, and a hostile twin that must convert as before.

- class folders each named by a file of rows of numbers outside them (UAVDT's `M0101/` by
  `GT/M0101_gt_whole.txt`, beam_jobs/discover/sequence_rows.py): sequences, not classes;
- a held-out split's table read as labels while the training table beside it keys the inputs
  by other column names (RSNA Bone Age's 'Case ID,Sex' beside 'id,boneage,male',
  beam_jobs/discover/held_out_label_tables.check_unread_train_table).
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind24 import DATASETS
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _labels(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """{file name: (split, labels)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                labels = record.get(contract.LABEL_TEXT, [])
                labels = labels if isinstance(labels, list) else [labels]
                found[record[contract.IMAGE_FILENAME].decode()] = (split, tuple(sorted(v.decode() for v in labels if v)))
    return found



# ------------------------------------------------------------------------------------------------
# Sequence folders named by files of rows elsewhere
# ------------------------------------------------------------------------------------------------

def test_uavdt_like_sequences_whose_row_files_no_format_reads_stop(tmp_path: Path) -> None:
    """UAVDT itself is read since readers25c (tests/layouts/test_frame_rows.py: its `_gt_whole.txt` a FRAME_ROWS
    row); its tables under names no row reads (`M0101_rows.txt`) still make the folders sequences, not classes."""
    truth = DATASETS["uavdt"](tmp_path / "d")
    for table in sorted((truth.root / "UAV-benchmark-MOTD_v1.0" / "GT").iterdir()):
        table.rename(table.with_name(table.name.replace("_gt", "_rows")))
    message = refusal(truth.root, tmp_path / "out")
    assert "UAV-benchmark-M/M0101/" in message and "M0101_rows" in message and "--label-level 0" in message


def _sequences(root: Path, rows: bool) -> None:
    """A VisDrone-VID-like tree: sequences/<seq>/<frame>.jpg beside annotations/<seq>.txt (rows of numbers of a shape
    no format row reads, or words)."""
    for s, seq in enumerate(("uav0000013_00000_v", "uav0000072_04488_v", "uav0000161_00000_v")):
        lines = []
        for f in range(1, 4):
            _image(root / "sequences" / seq / f"{f:07d}.jpg", f"vid{s}{f}")
            # (seven fields: no FRAME_ROWS row's shape; VisDrone-VID's ten are read, tests/layouts/test_frame_rows.py)
            lines.append(f"{f},{s + 1},{10 + f},{20 + s},15,9,{1 + f % 4}" if rows else f"frame {f} of a street")
        _text(root / "annotations" / f"{seq}.txt", "\n".join(lines) + "\n")


def test_a_neighbour_of_sequences_with_one_annotation_file_each_stops(tmp_path: Path) -> None:
    _sequences(tmp_path / "vid", rows=True)
    message = refusal(tmp_path / "vid", tmp_path / "out")
    assert "sequences/uav0000013_00000_v/" in message and "annotations/uav0000013_00000_v.txt" in message


def test_class_folders_with_a_description_each_still_convert(tmp_path: Path) -> None:
    """Hostile twin: a text file named after each class folder, of words (a description), is no sequence's rows."""
    root = tmp_path / "animals"
    for k, name in enumerate(("cat", "dog", "fox")):
        for i in range(3):
            _image(root / "images" / name / f"{name}_{i}.jpg", f"an{k}{i}")
        _text(root / "about" / f"{name}_notes.txt", f"The {name} is a small mammal seen in towns and fields.\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert {labels for _, labels in _labels(tmp_path / "out").values()} == {("cat",), ("dog",), ("fox",)}


def test_class_folders_with_word_files_are_not_counted_as_sequences(tmp_path: Path) -> None:
    """Hostile twin: the files named after the folders hold words, no rows of numbers: the sign is not raised."""
    from shardify.beam_jobs.discover import sequence_rows

    _sequences(tmp_path / "vid", rows=False)
    sample = sorted(p.relative_to(tmp_path / "vid").as_posix() for p in (tmp_path / "vid").rglob("*") if p.is_file())

    class _Structure:
        label_levels = (("", 1),)

        @staticmethod
        def split_folder_of(relpath: str) -> str:
            return ""

    config = ConvertConfig(str(tmp_path / "vid"), str(tmp_path / "out"))
    media = [p for p in sample if p.endswith(".jpg")]
    assert sequence_rows.sequence_row_files(config, sample, media, _Structure()) == {}
    _sequences(tmp_path / "vid2", rows=True)
    config = ConvertConfig(str(tmp_path / "vid2"), str(tmp_path / "out"))
    assert len(sequence_rows.sequence_row_files(config, sample, media, _Structure())) == 3


# ------------------------------------------------------------------------------------------------
# A held-out table read as labels, the training table beside it unread
# ------------------------------------------------------------------------------------------------

def test_boneage_stops_naming_the_training_table(tmp_path: Path) -> None:
    truth = DATASETS["boneage"](tmp_path / "d")
    message = refusal(truth.root, tmp_path / "out")
    assert "--labels boneage-training-dataset.csv" in message and "--label-column 'boneage'" in message


def _tables(root: Path, train_header: str, train_cell, test_header: str, test_cell) -> None:
    rows, tests = [train_header], [test_header]
    for i in range(8):
        _image(root / "train_photos" / f"{700 + i}.jpg", f"tr{i}")
        rows.append(f"{700 + i},{train_cell(i)}")
    for i in range(4):
        _image(root / "test_photos" / f"{900 + i}.jpg", f"te{i}")
        tests.append(f"{900 + i},{test_cell(i)}")
    _text(root / "train.csv", "\n".join(rows) + "\n")
    _text(root / "test.csv", "\n".join(tests) + "\n")


def test_a_neighbour_with_a_regression_table_and_a_region_table_stops(tmp_path: Path) -> None:
    """A house-price-like download: train.csv 'house,price' (numbers) beside test.csv 'Listing,Region' (words)."""
    _tables(tmp_path / "houses", "house,price", lambda i: 150000 + i * 3250, "Listing,Region",
            lambda i: ("north", "south")[i % 2])
    message = refusal(tmp_path / "houses", tmp_path / "out")
    assert "--labels train.csv --label-column 'price'" in message and "test.csv" in message


def test_both_tables_of_words_still_label_their_splits(tmp_path: Path) -> None:
    """Hostile twin: train.csv and test.csv both give each image a class word: both read, no stop."""
    _tables(tmp_path / "pets", "file,label", lambda i: ("cat", "dog")[i % 2], "file,label", lambda i: ("dog", "cat")[i % 2])
    run_conversion(ConvertConfig(str(tmp_path / "pets"), str(tmp_path / "out")))
    written = _labels(tmp_path / "out")
    by_name = {Path(name).name: entry for name, entry in written.items()}
    assert by_name["700.jpg"][1] == ("cat",) and by_name["900.jpg"][1] == ("dog",), written


# ------------------------------------------------------------------------------------------------
# A useless stop mended: containers over classes, one of them of masks
# ------------------------------------------------------------------------------------------------

def test_fish4knowledge_stop_names_the_mask_tree_to_leave_out(tmp_path: Path) -> None:
    from helpers.blind24 import FOLLOW
    from helpers.unseen_judge import judge_first_command

    judge_first_command(DATASETS, "fish4knowledge", tmp_path, FOLLOW["fish4knowledge"])


def _containers(root: Path, names: tuple[str, str]) -> None:
    """Two containers over class folders: `<word>_images/<class>_<word>/<word>_<class><i>.png`; a container whose first
    word names masks holds few-valued masks."""
    from helpers.blind23 import _pic

    for c, container in enumerate(names):
        word = container.split("_")[0]
        for k, cls in enumerate(("oak", "elm", "ash")):
            for i in range(2):
                path = root / container / f"{cls}_{word}" / f"{word}_{cls}{i}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(_pic(f"ct{c}{k}{i}", values=[0, 0, 255]) if word == "mask" else _pic(f"ct{c}{k}{i}"))


def test_a_neighbour_of_leaf_images_beside_mask_images_names_the_exclude(tmp_path: Path) -> None:
    _containers(tmp_path / "leaves", ("leaf_images", "mask_images"))
    message = refusal(tmp_path / "leaves", tmp_path / "out")
    assert "--label-level 2 (counted from SRC) --exclude 'mask_images'" in message, message
    run_conversion(ConvertConfig(str(tmp_path / "leaves"), str(tmp_path / "out"), label_level=2, exclude=("mask_images",)))
    assert {labels for _, labels in _labels(tmp_path / "out").values()} == {("oak_leaf",), ("elm_leaf",), ("ash_leaf",)}


def test_two_containers_of_photos_offer_no_exclude(tmp_path: Path) -> None:
    """Hostile twin: neither container is named for masks: nothing is offered to leave out."""
    _containers(tmp_path / "trees", ("park_images", "forest_images"))
    message = refusal(tmp_path / "trees", tmp_path / "out")
    assert "--label-level 2" in message and "--exclude" not in message, message
