"""Blind round thirty-six's exit 1 and useless stops mended by kind (tests/helpers/blind36.py).

Three kinds, each with its case, a neighbour not in the batch and a hostile twin:

- a source whose every table holds no text (Water Quality's `water_potability.csv`, measurements and a 0/1
  column): every row was rejected and the run failed, exit 1. Now it stops before writing, naming the tables
  and `--text-column` (beam_jobs/discover/text_columns.py, `column_texts.NoTextColumn`); a table of numbers
  beside a table of texts is still left to the scan (its rows rejected, the texts written).
- folders named `scans` beneath case folders (UW-Madison GI Tract's `case2/case2_day1/scans/`): read as parts
  beneath classes, the stop named `--labels` and a layout file; `scan`/`scans` now name what a folder holds
  (plan/folder_names.py), and the stop names `--label-level 0`, which writes the slices unlabelled.
- a table of texts at the top beside text folders the layout read instead (Financial News' `all-data.csv`
  beside `FinancialPhraseBank/`, its sentences again): the stop named label options only; it now names
  `--exclude` of the folders, which reads the table alone (beam_jobs/discover/table_beside.py).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from helpers import blind36
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_WORDS = ["profit", "rose", "sales", "fell", "the", "company", "said", "quarter", "shares", "market", "net", "orders"]


def _sentence(key: int, n: int = 7) -> str:
    return " ".join(_WORDS[(key * 5 + j * 7) % 12] for j in range(n)).capitalize() + " ."


def _numbers(rows: int, columns: int, key: int = 0) -> str:
    return "".join(",".join(f"{(r * 7 + c * 3 + key) % 19 + 0.25 * c:.4f}" if (r + c) % 5 else ""
                            for c in range(columns)) + f",{(r + key) % 2}\n" for r in range(rows))


# ------------------------------------------------------------------------------------------------
# Tables that hold no text
# ------------------------------------------------------------------------------------------------

def test_a_table_of_measurements_alone_converts_as_its_stop_once_said(tmp_path: Path) -> None:
    """The case: water_potability.csv, nine measurements (some empty) and Potability 0/1. It stopped naming
    `--text-column none --keep-columns '*' --label-column Potability`; since goodstops35 `Potability` is a word for
    the thing to predict (label_words' ATTRIBUTE rows), and the first command writes what those options write."""
    root = blind36.DATASETS["water_potability"](tmp_path / "download").root
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "told"), text_column="none", keep_columns=("*",),
                                 label_column="Potability"))
    written = records(tmp_path / "out")
    assert written and written == records(tmp_path / "told")
    assert {labels for _, labels, _ in written.values()} == {("0",), ("1",)}, written


def test_a_neighbour_two_split_tables_of_numbers_convert_together(tmp_path: Path) -> None:
    """Not in the batch: a diabetes-like train.csv and test.csv of numbers with an Outcome column. Stopped naming
    both tables until attrtables33; `Outcome` is named as a class and holds 0/1, so the first command reads both
    as the stop's options would (tests/layouts/test_attrtables33.py), each table its split."""
    header = "Pregnancies,Glucose,BloodPressure,SkinThickness,Insulin,BMI,Age,Outcome\n"
    write_file(tmp_path / "src" / "train.csv", header + _numbers(12, 7))
    write_file(tmp_path / "src" / "test.csv", header + _numbers(5, 7, key=3))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "told"), text_column="none", keep_columns=("*",),
                                 label_column="Outcome"))
    written = records(tmp_path / "out")
    assert written == records(tmp_path / "told")
    assert Counter(split for split, _, _ in written.values()) == {"train": 12, "test": 5}, written
    assert {labels for _, labels, _ in written.values()} == {("0",), ("1",)}, written


def test_twin_a_table_of_numbers_beside_a_table_of_texts_is_left_to_the_scan(tmp_path: Path) -> None:
    """Hostile twin: stats.csv of numbers beside reviews.csv of texts: the texts are the data, no stop; the
    numbers' rows are rejects with their reason, as before."""
    write_file(tmp_path / "src" / "reviews.csv", "review,label\n" + "".join(
        f"{_sentence(i, 6 + i % 4)},{('good', 'bad')[i % 2]}\n" for i in range(30)))
    write_file(tmp_path / "src" / "stats.csv", "a,b,c,d\n" + _numbers(2, 3))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 30 and all(key.startswith("reviews.csv#") for key in written), written
    assert "no column holds text" in (tmp_path / "out" / "rejected.jsonl").read_text()


def test_twin_a_named_text_column_is_the_users_word(tmp_path: Path) -> None:
    """Hostile twin: --text-column given over a table of numbers: not this stop (the user said which)."""
    write_file(tmp_path / "src" / "numbers.csv", "a,b,c,label\n" + _numbers(6, 3))
    with pytest.raises(Exception) as failed:  # whatever it is, not this stop
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), text_column="a"))
    assert "No table here holds text" not in str(failed.value)


# ------------------------------------------------------------------------------------------------
# Folders of scans beneath case folders
# ------------------------------------------------------------------------------------------------

def test_case_folders_over_scans_stop_naming_label_level_zero(tmp_path: Path) -> None:
    """The case: train/case<n>/case<n>_day<d>/scans/slice_*.png beside train.csv's organ rows."""
    truth = blind36.DATASETS["uw_madison"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-level 0" in said and "scans/" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_level=0))
    written = records(tmp_path / "followed")
    assert set(written) == set(truth.records) and all(labels == () for _, labels, _ in written.values()), written


def test_a_neighbour_subject_folders_over_one_scan_folder(tmp_path: Path) -> None:
    """Not in the batch: subject_<nn>/scan/<n>.png, three subjects, a series each."""
    from helpers.made_files import image_file

    for s in (1, 2, 7):
        for n in (1, 2, 3):
            image_file(tmp_path / "src" / f"subject_{s:02d}" / "scan" / f"{n:03d}.png", f"sb{s}{n}", fmt="PNG")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-level 0" in said, said


def test_twin_class_folders_over_scans_keep_their_classes_as_an_option(tmp_path: Path) -> None:
    """Hostile twin: benign/scans/ and malignant/scans/: the folders above may be the classes; the stop names
    that level too, and with it every image is labelled by its class."""
    from helpers.made_files import image_file

    for cls in ("benign", "malignant"):
        for n in range(3):
            image_file(tmp_path / "src" / cls / "scans" / f"{cls[0]}{n}.jpg", f"tw{cls}{n}")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-level 0" in said and "--label-level 1" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=1))
    written = records(tmp_path / "followed")
    assert {key: labels for key, (_, labels, _) in written.items()} == {
        f"{cls}/scans/{cls[0]}{n}.jpg": (cls,) for cls in ("benign", "malignant") for n in range(3)}, written


# ------------------------------------------------------------------------------------------------
# A table of texts beside text folders
# ------------------------------------------------------------------------------------------------

def test_a_table_of_texts_beside_its_sentences_again_names_the_exclude(tmp_path: Path) -> None:
    """The case: all-data.csv (latin-1, no header) beside FinancialPhraseBank/FinancialPhraseBank-v1.0/."""
    truth = blind36.DATASETS["financial_news"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--exclude FinancialPhraseBank to read all-data.csv alone" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), exclude=("FinancialPhraseBank",)))
    written = records(tmp_path / "followed")
    assert len(written) == 12 and all(key.startswith("all-data.csv#") for key in written), written
    want = Counter(tuple(sorted(labels)) for _, labels in truth.records.values())
    assert Counter(labels for _, labels, _ in written.values()) == want, written
    assert {text for _, _, text in written.values()} == set(truth.texts.values())


def test_a_neighbour_headlines_table_beside_a_numbered_source_folder(tmp_path: Path) -> None:
    """Not in the batch: headlines.csv 'headline,category' beside source_v2/batch_<n>.txt."""
    write_file(tmp_path / "src" / "headlines.csv", "headline,category\n" + "".join(
        f"{_sentence(i, 5 + i % 3)},{('sport', 'business', 'tech')[i % 3]}\n" for i in range(9)))
    for n in (1, 2, 3):
        write_file(tmp_path / "src" / "source_v2" / f"batch_{n}.txt", "\n".join(_sentence(n * 3 + i) for i in range(3)) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--exclude source_v2 to read headlines.csv alone" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), exclude=("source_v2",)))
    written = records(tmp_path / "followed")
    assert len(written) == 9 and {labels for _, labels, _ in written.values()} == {("sport",), ("business",), ("tech",)}


def test_twin_a_table_of_scores_beside_the_folder_is_no_data_to_offer(tmp_path: Path) -> None:
    """Hostile twin: scores.csv 'id,score' (no text) beside source_v2/: the stop names no --exclude of it."""
    write_file(tmp_path / "src" / "scores.csv", "id,score\n" + "".join(f"{i},{i % 5}\n" for i in range(9)))
    for n in (1, 2, 3):
        write_file(tmp_path / "src" / "source_v2" / f"batch_{n}.txt", "\n".join(_sentence(n * 3 + i) for i in range(3)) + "\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "to read scores.csv alone" not in said, said
