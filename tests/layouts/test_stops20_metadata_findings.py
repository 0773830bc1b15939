"""A metadata table of images whose label cells are paths of increasing detail (issue 30's blind round
eighteen: the COVID-19 image data collection's metadata.csv, `finding` `Pneumonia/Viral/COVID-19` beside
`No Finding`, a pandas `Unnamed: 29` column last). The header's `Unnamed: 29` (a colon) made the file no
table, and the run stopped offering `--labels FILE` without the column; now the table is read, and its
label column of several-word cells stops naming `--labels metadata.csv --label-column finding`, which
keeps each finding whole (`shardify/plan/keyed_tables.py`):

- the case, and the option it names; `--labels metadata.csv` alone stops offering `finding` first among the
  label columns (its digits and slashes had left it out, `converters/sparse_labels.class_paths`);
- a neighbour: `Unnamed: 0` first (pandas' index), one-word path-like findings: read at once, whole;
- a twin: the only other column holds file paths (`masks/x.png`), no label: the no-label stop, nothing written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_FINDINGS = ("Pneumonia/Viral/COVID-19", "No Finding", "Pneumonia/Bacterial/Streptococcus", "Pneumonia/Viral/SARS")
_NAMES = tuple(f"covid-19-pneumonia-{i}-PA.jpg" if i % 2 else f"{i:05x}a1-2b3c-{i:04d}.jpeg" for i in range(8))


def _source(root: Path, header: list[str], row) -> None:
    for i, name in enumerate(_NAMES):
        write_file(root / "images" / name, image_bytes(size=(20, 16), seed=i))
    write_file(root / "metadata.csv", "\n".join([",".join(header), *(",".join(row(i, name)) for i, name in enumerate(_NAMES))]) + "\n")


def _labels(out: Path) -> dict[str, frozenset | None]:  # (casefolded, as the judge compares labels)
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


def _collection(root: Path) -> None:
    _source(root, ["patientid", "sex", "age", "finding", "view", "folder", "filename", "Unnamed: 29"],
            lambda i, name: [str(2 + i // 2), "MF"[i % 2], str(40 + i), _FINDINGS[i % 4], ("PA", "AP")[i % 2], "images", name, ""])


def test_labels_of_several_words_stop_naming_the_table_and_column(tmp_path: Path) -> None:
    _collection(tmp_path / "src")
    with pytest.raises(UsageError, match=r"metadata\.csv.*'finding'.*--labels metadata\.csv --label-column finding"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_the_named_options_keep_each_finding_whole(tmp_path: Path) -> None:
    _collection(tmp_path / "src")
    labels = _labels(convert(tmp_path / "src", tmp_path / "out", labels_file="metadata.csv", label_column="finding"))
    assert labels == {f"images/{name}": frozenset({_FINDINGS[i % 4].casefold()}) for i, name in enumerate(_NAMES)}


def test_the_labels_file_alone_offers_the_findings_first(tmp_path: Path) -> None:
    _collection(tmp_path / "src")
    with pytest.raises(UsageError, match=r"--label-column 'finding'|as labels do: 'finding', "):
        convert(tmp_path / "src", tmp_path / "out", labels_file="metadata.csv")


def test_a_pandas_index_column_and_one_word_paths_are_read_at_once(tmp_path: Path) -> None:
    findings = ("Pneumonia/Viral", "Normal", "Pneumonia/Bacterial")
    _source(tmp_path / "src", ["Unnamed: 0", "filename", "finding"], lambda i, name: [str(i), name, findings[i % 3]])
    labels = _labels(convert(tmp_path / "src", tmp_path / "out"))
    assert labels == {f"images/{name}": frozenset({findings[i % 3].casefold()}) for i, name in enumerate(_NAMES)}


def test_a_column_of_file_paths_is_no_label(tmp_path: Path) -> None:
    _source(tmp_path / "src", ["Unnamed: 0", "filename", "mask"], lambda i, name: [str(i), name, f"masks/{i}.png"])
    with pytest.raises(UsageError):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
