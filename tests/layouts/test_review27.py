"""review27: this session's new rules (0dcd05d..3b73815) met with neighbours their authors did not
build, near misses and hostile twins; each case here failed before its mend.

Pixel rows labelled by a table of their own (beam_jobs/discover/pixel_label_tables.py): a `y_train.csv`
of row ids (every number different) gave each image a class of its own, exit 0; a headed pixel table
with a label column of its own beside a table its name pairs (a legend of class names) stopped, saying
to add the labels the table already holds. Fold lists (fold_folders.check_fold_named_lists): any
`--exclude`, of a README, turned the stop off and read `fold01test.txt` as the test split.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind25
from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.shard_io import rejects_by_path
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


def _pixels(n: int, side: int = 8) -> list[str]:
    return [",".join(str((i * 7 + j * 3) % 256) for j in range(side * side)) for i in range(n)]


# ------------------------------------------------------------------------------------------------
# Pixel rows labelled by a table of their own
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("labels", [
    [str(1000 + i) for i in range(30)],  # row ids
    [str((i * 37) % 1000) for i in range(30)],  # values of each row, all different, not in order
], ids=["ids", "values"])
def test_a_label_table_of_numbers_all_different_stops_naming_it(tmp_path: Path, labels: list[str]) -> None:
    src = tmp_path / "src"
    text_file(src / "X_train.csv", "\n".join(_pixels(30)) + "\n")
    text_file(src / "y_train.csv", "\n".join(labels) + "\n")
    said = refusal(src, tmp_path / "out")  # (before: 30 records, 30 classes, exit 0)
    assert "y_train.csv" in said and "X_train.csv" in said and "all different" in said and "--exclude 'y_train.csv'" in said


def test_a_label_table_of_repeated_numbers_still_labels_its_rows(tmp_path: Path) -> None:
    src = tmp_path / "src"  # the twin: as many lines, classes repeated
    text_file(src / "X_train.csv", "\n".join(_pixels(30)) + "\n")
    text_file(src / "y_train.csv", "".join(f"{i % 10}\n" for i in range(30)))
    found = _convert(src, tmp_path / "out")
    assert found["records"]["X_train.csv:13"] == ("train", frozenset({"3"}))
    assert len(found["records"]) == 30


@pytest.mark.parametrize("legend", ["id,name\n0,ka\n1,kha\n2,ga\n", "0\n1\n2\n"], ids=["names", "numbers"])
def test_a_pixel_table_with_its_own_label_column_keeps_it_beside_a_table_its_name_pairs(tmp_path: Path, legend: str) -> None:
    src = tmp_path / "src"
    rows = ["label," + ",".join(f"pixel{j}" for j in range(64))]
    rows += [f"{i % 3}," + cells for i, cells in enumerate(_pixels(24))]
    text_file(src / "train_images.csv", "\n".join(rows) + "\n")
    text_file(src / "train_labels.csv", legend)  # a legend of the classes, not a label a row
    found = _convert(src, tmp_path / "out", max_rejects="50%")  # (before: a stop saying to add the labels it holds)
    images = {k: v for k, v in found["records"].items() if k.startswith("train_images.csv:")}
    assert len(images) == 24
    assert all(v == ("train", frozenset({str(int(k.rsplit(":", 1)[1]) % 3)})) for k, v in images.items())


# ------------------------------------------------------------------------------------------------
# Fold lists
# ------------------------------------------------------------------------------------------------

def test_fold_lists_stop_whatever_else_is_excluded(tmp_path: Path) -> None:
    truth = blind25.DATASETS["vedai"](tmp_path / "download")
    text_file(truth.root / "README.md", "VEDAI\n")
    said = refusal(truth.root, tmp_path / "out", exclude=("*.md",))  # (before: fold01test.txt read as the test split)
    assert "Annotations512/fold01test.txt" in said and "--exclude 'Annotations512/fold*'" in said


# ------------------------------------------------------------------------------------------------
# XML records joined by id to another XML document's attributes
# ------------------------------------------------------------------------------------------------

def _split_pairs(root: Path, parts: tuple[str, ...]) -> None:
    """Hyperpartisan's articles-<part>.xml beside ground-truth-<part>.xml for each of `parts`, each
    split's ids counted from 0000000 (as its by-publisher releases are): the text names its label."""
    for p, part in enumerate(parts):
        labels = {f"{i:07d}": ("true", "false")[(i + p) % 3 > 0] for i in range(12)}
        articles = "".join(f'<article id="{i}" title="t{i}"><p>Article {i} of {part}, which is {v} here.</p></article>\n'
                           for i, v in labels.items())
        text_file(root / "data" / f"articles-{part}-20181122.xml", f'<?xml version="1.0"?>\n<articles>\n{articles}</articles>\n')
        truth = "".join(f'<article id="{i}" hyperpartisan="{v}" labeled-by="publisher" url="https://x/{part}/{i}"/>\n'
                        for i, v in sorted(labels.items(), reverse=True))
        text_file(root / "data" / f"ground-truth-{part}-20181122.xml", f'<?xml version="1.0"?>\n<articles>\n{truth}</articles>\n')


@pytest.mark.parametrize("parts", [("training", "validation"), ("train", "dev", "test")], ids=["two", "three"])
def test_each_splits_records_take_their_own_truths_labels_where_ids_repeat_across_splits(tmp_path: Path, parts) -> None:
    _split_pairs(tmp_path / "src", parts)  # (before: each truth joined every split's records; disagreeing ids rejected, exit 1)
    found = _convert(tmp_path / "src", tmp_path / "out")
    assert len(found["records"]) == 12 * len(parts)
    for rid, (_, labels) in found["records"].items():
        assert labels == frozenset({found["texts"][rid].split()[-2]}), (rid, found["texts"][rid], labels)


# ------------------------------------------------------------------------------------------------
# A label table's split column (split_cells.split_codes)
# ------------------------------------------------------------------------------------------------

def _split_column_source(root: Path, codes: tuple[str, str], tests: range = range(0)) -> None:
    """images/000.jpg .. 029.jpg labelled cat/dog by train.csv of `image,label,split` (every fifth row
    `codes[1]`, the others `codes[0]`), and test.csv naming images of `tests` (no label)."""
    rows = ["image,label,split"] + [f"{i:03d}.jpg,{('cat', 'dog')[i % 2]},{codes[i % 5 == 0]}" for i in range(30)]
    for i in [*range(30), *tests]:
        image_file(root / "images" / f"{i:03d}.jpg", f"x{i}", 20, 20)
    text_file(root / "train.csv", "\n".join(rows) + "\n")
    if tests:
        text_file(root / "test.csv", "image\n" + "".join(f"{i:03d}.jpg\n" for i in tests))


def test_a_train_table_whose_column_holds_train_and_valid_rows_gives_both(tmp_path: Path) -> None:
    _split_column_source(tmp_path / "src", ("train", "valid"))  # (before: each valid row in two splits, rejected, exit 1)
    found = _convert(tmp_path / "src", tmp_path / "out")
    assert {k: v[0] for k, v in found["records"].items()} == {f"images/{i:03d}.jpg": "validation" if i % 5 == 0 else "train"
                                                             for i in range(30)}
    assert found["records"]["images/007.jpg"][1] == frozenset({"dog"})


def test_a_test_list_beside_the_split_column_gives_the_test_split(tmp_path: Path) -> None:
    _split_column_source(tmp_path / "src", ("train", "valid"), range(30, 40))  # (before: a stop whose --exclude lost the test)
    found = _convert(tmp_path / "src", tmp_path / "out")
    splits = {k: v[0] for k, v in found["records"].items()}
    assert sorted(k for k, s in splits.items() if s == "test") == [f"images/{i:03d}.jpg" for i in range(30, 40)]
    assert all(found["records"][f"images/{i:03d}.jpg"][1] is None for i in range(30, 40))
    assert sum(s == "validation" for s in splits.values()) == 6  # (the judge reads valid as validation)


def test_a_test_list_naming_a_split_the_column_holds_still_stops(tmp_path: Path) -> None:
    _split_column_source(tmp_path / "src", ("train", "test"), range(30, 40))  # the twin: two sources of test
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "train.csv" in said and "test.csv" in said and "--exclude test.csv" in said


def test_an_input_in_the_test_list_and_the_column_is_rejected_as_in_two_splits(tmp_path: Path) -> None:
    _split_column_source(tmp_path / "src", ("train", "valid"), range(29, 40))  # 029.jpg: a train row and a test one
    found = _convert(tmp_path / "src", tmp_path / "out", max_rejects="50%")
    assert "images/029.jpg" not in found["records"]
    assert "more than one split" in rejects_by_path(tmp_path / "out")["images/029.jpg"]


# ------------------------------------------------------------------------------------------------
# Per-image box tables mirroring class folders (sequence_rows, mirror_documents)
# ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def boxed_classes(tmp_path_factory) -> Path:
    """images/<class>/<class>_<n>.jpg mirrored by boxes/<class>/<class>_<n>.txt, a box a file (no frame number)."""
    root = tmp_path_factory.mktemp("boxed") / "src"
    for c in ("cat", "dog", "bird"):
        for i in range(6):
            image_file(root / "images" / c / f"{c}_{i:03d}.jpg", f"{c}{i}", 40, 30)
            text_file(root / "boxes" / c / f"{c}_{i:03d}.txt", f"{3 + i} 4 {20 + i} 25\n")
    return root


def test_per_image_box_files_named_as_their_images_are_no_sequences_files(boxed_classes: Path, tmp_path: Path) -> None:
    said = refusal(boxed_classes, tmp_path / "out")  # (before: 'sequences, not classes', offering --label-level 0 alone)
    assert "sequence" not in said and "boxes/" in said and "--label-level 2" in said


def test_the_named_label_level_keeps_the_classes_with_the_boxes_unread(boxed_classes: Path, tmp_path: Path) -> None:
    found = _convert(boxed_classes, tmp_path / "out", label_level=2)  # (before: the mirror stop again, whatever the level)
    assert found["records"]["images/dog/dog_004.jpg"] == ("train", frozenset({"dog"}))
    assert len(found["records"]) == 18

