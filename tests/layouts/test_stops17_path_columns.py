"""A table beside class folders that names several inputs a row (beam_jobs/discover/path_columns.py): the stop
names --key-column with both columns (kinds20: --labels reads them, key_paths.py), instead of offering a bare
--labels (which ended with exit 1).

Blind round seventeen's Derm7pt (`meta/meta.csv`: a case a row, `clinic` and `derm` image paths,
`diagnosis`). Neighbours of the kind: ODIR-5K's case table (`Left-Fundus`, `Right-Fundus`: `0_left.jpg`,
`0_right.jpg`, the Kaggle copy's full_df.csv) beside eye folders, and a table of image pairs
(`image_a`, `image_b`, `same`). The twin, one path column a row (`image,target`), keeps --labels offered.
(Labels are words, not ODIR's letters N, C, D: a table of single letters beside class folders is not
read as labels by the guard at all, left to the unread-annotations guard of others' work.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.refusals import command_refusal
from helpers.shipped import _image_bytes


def _tree(root: Path, header: str, rows: list[str], files: list[str]) -> Path:
    for rel in files:
        (root / "images" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "images" / rel).write_bytes(_image_bytes(rel, 12, 10))
    (root / "meta").mkdir()
    (root / "meta/meta.csv").write_text("\n".join([header, *rows]) + "\n")
    return root


def test_derm7pt_stop_names_its_two_image_columns(tmp_path: Path) -> None:
    said = command_refusal(DATASETS["derm7pt"](tmp_path / "download").root, tmp_path / "out")
    assert "names 2 inputs a row (columns 'clinic' and 'derm')" in said and "--key-column 'clinic,derm'" in said, said
    assert "--labels FILE to read a table's labels instead" not in said


@pytest.mark.parametrize("header, columns", [
    ("ID,Patient Age,Left-Fundus,Right-Fundus,target", "'Left-Fundus' and 'Right-Fundus'"),
    ("pair,group,image_a,image_b,same", "'image_a' and 'image_b'"),
])
def test_tables_of_two_inputs_a_row_beside_class_folders(tmp_path: Path, header: str, columns: str) -> None:
    files, rows = [], []
    for i in range(6):
        eye = ("normal", "cataract")[i % 2]
        left, right = f"{eye}/{i}_left.jpg", f"{eye}/{i}_right.jpg"
        files += [left, right]
        rows.append(f"{i},{50 + i},{i}_left.jpg,{i}_right.jpg,{('glaucoma', 'myopia', 'diabetes')[i % 3]}")
    said = command_refusal(_tree(tmp_path / "src", header, rows, files), tmp_path / "out")
    assert f"names 2 inputs a row (columns {columns})" in said, said


def test_one_path_column_a_row_keeps_labels_offered(tmp_path: Path) -> None:
    files = [f"{('normal', 'cataract')[i % 2]}/{i}_left.jpg" for i in range(6)]
    rows = [f"{i}_left.jpg,{('glaucoma', 'myopia', 'diabetes')[i % 3]}" for i in range(6)]
    said = command_refusal(_tree(tmp_path / "src", "image,target", rows, files), tmp_path / "out")
    assert "--labels FILE to read a table's labels instead" in said and "inputs a row" not in said, said
