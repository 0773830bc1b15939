"""fix27a: two defects today's reviews left, each met with its case, a neighbour and a hostile twin.

A wide pixel table whose label column has an unusual name and holds words (Devanagari's `data.csv`:
`pixel_0000..pixel_1023,character`, `character_01_ka`) was written unlabelled with exit 0, the plan
noting "no label column" (converters/pixel_rows.py). A table of bare names found in two split folders
(beam_jobs/discover/split_folder_labels.py) stopped only without `--exclude`: any pattern, a README's,
turned the stop off (the pattern review27 mended for fold lists).
"""

from __future__ import annotations

from pathlib import Path

from helpers.kinds17 import DATASETS
from helpers.made_files import text_file
from helpers.refusals import refusal
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_SIDE = 8
_CLASSES = ("character_01_ka", "character_02_kha", "digit_0")


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


def _pixel_cells(i: int) -> str:
    return ",".join(str((i * 7 + j * 3) % 256) for j in range(_SIDE * _SIDE))


def _wide_table(path: Path, extra: dict[str, list[str]], first: bool = False, rows: int = 24) -> None:
    """`pixel_0000..` columns (a pixel each) and `extra` columns after them (or before, `first`)."""
    pixels = ",".join(f"pixel_{j:04d}" for j in range(_SIDE * _SIDE))
    names = ",".join(extra)
    header = f"{names},{pixels}" if first else f"{pixels},{names}"
    lines = []
    for i in range(rows):
        cells = ",".join(values[i] for values in extra.values())
        lines.append(f"{cells},{_pixel_cells(i)}" if first else f"{_pixel_cells(i)},{cells}")
    text_file(path, header + "\n" + "\n".join(lines) + "\n")


def test_a_column_of_repeated_words_beside_pixel_columns_is_the_label(tmp_path: Path) -> None:
    src = tmp_path / "src"  # (before: 24 records, no labels, exit 0)
    _wide_table(src / "data.csv", {"character": [_CLASSES[i % 3] for i in range(24)]})
    found = _convert(src, tmp_path / "out")
    assert len(found["records"]) == 24
    assert {labels for _, labels in found["records"].values()} == {frozenset({c}) for c in _CLASSES}
    assert found["records"]["data.csv:4"][1] == frozenset({_CLASSES[4 % 3]})


def test_a_numbered_label_column_first_is_unchanged(tmp_path: Path) -> None:
    src = tmp_path / "src"  # the neighbour: MNIST as CSV, `label` first
    _wide_table(src / "train.csv", {"label": [str(i % 10) for i in range(24)]}, first=True)
    found = _convert(src, tmp_path / "out")
    assert len(found["records"]) == 24
    assert found["records"]["train.csv:13"] == ("train", frozenset({"3"}))


def test_two_columns_of_repeated_words_stop_naming_both(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _wide_table(src / "data.csv", {"character": [_CLASSES[i % 3] for i in range(24)],
                                   "script": [("devanagari", "latin")[i % 2] for i in range(24)]})
    said = refusal(src, tmp_path / "out")
    assert "'character', 'script'" in said and "--label-column" in said


def test_a_column_of_words_all_different_is_no_label(tmp_path: Path) -> None:
    src = tmp_path / "src"  # a name a row, not a class: unlabelled, as before
    _wide_table(src / "data.csv", {"source": [f"scan_{chr(97 + i)}" for i in range(24)]})
    found = _convert(src, tmp_path / "out")
    assert len(found["records"]) == 24
    assert all(not labels for _, labels in found["records"].values())


def test_bare_names_in_two_split_folders_stop_whatever_else_is_excluded(tmp_path: Path) -> None:
    truth = DATASETS["one_table_both_folders"](tmp_path / "download")
    text_file(truth.root / "README.md", "images\n")
    said = refusal(truth.root, tmp_path / "out", exclude=("*.md",))  # (before: the stop turned off)
    assert "test/Image_1.jpg, train/Image_1.jpg" in said and "--exclude 'test/**'" in said


def test_bare_names_in_two_split_folders_convert_once_the_shown_folder_is_excluded(tmp_path: Path) -> None:
    truth = DATASETS["one_table_both_folders"](tmp_path / "download")
    found = _convert(truth.root, tmp_path / "out", exclude=("test/**",))  # the stop's own advice ends it
    assert found["records"] and all(not k.startswith("test/") for k in found["records"])
