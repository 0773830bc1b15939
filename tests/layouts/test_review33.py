"""review33: this session's rules (5007f5c2..842e41f3) met neighbours and hostile twins their authors did not build.

Each defect found, with the layout that showed it, mended by kind:

- splits labelled in two vocabularies (shardify/plan/label_vocabularies.py, left open by review32): C-NMC's kind,
  class folders `train/cat/`, `train/dog/` beside `val/labels.csv` of `name,label` whose labels are 0 and 1, was
  written with four labels (cat, dog, 0, 1), the validation split's classes never seen in training, exit 0. One
  split's labels all numbers and another's all names, none shared, now stops naming `--label-names FILE`, which
  converts it right. The same for tables of texts (`train.csv` in words beside `test.csv` in 0/1). The judges
  (unseen_judge.stops_name_all, blind_tally) count a stop whose named options, followed, stop again naming the rest as
  naming them: C-NMC's layout file (blind37) then stops naming `--label-names`.
- C4.5 case files (converters/c45_cases.py, readers33b): a `|` anywhere cut a line as a comment, so a headerless
  `.data` whose last cell lists genres (`Action|Comedy`) was shown to the user cut at the bar, while following the
  stop wrote the lists whole. A `|` between two values opens no comment.

Looked at and left alone (no wrong exit 0 found): numbered class folders under split folders (MNIST as PNGs) still
convert and under writer folders stop (set_signs); a Titanic twin with names in upper case, Cyrillic or Chinese
stops (name_columns, or no text column); a config YAML of split words beside class folders is no split file; a
keyed table's blank label cells are rejects, over --max-rejects exit 1 (as before).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.made_files import image_file
from helpers.one_place import records
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import RejectLimitError, UsageError


def _converted_or_stopped(src: Path, out: Path, **options) -> dict | str:
    """The records written (by input), or the stop's message (or the failure's: over --max-rejects, exit 1)."""
    try:
        run_conversion(ConvertConfig(str(src), str(out), **options))
    except (UsageError, RejectLimitError) as stopped:
        assert not (out / "manifest.json").exists()
        return str(stopped)
    return records(out)


def _folders_and_coded_table(src: Path, val_labels: list[str]) -> Path:
    """C-NMC's kind in small (test_review32's `_split_folder_table`; its users' code reads
    `validation_data/C-NMC_test_prelim_phase_data_labels.csv` as `labels` 0/1 beside the class folders `all/`,
    `hem/` of the training folds): class folders in train/, numbered images in val/imgs/ named by val/labels.csv."""
    for i in range(4):
        image_file(src / "train" / "cat" / f"c{i}.jpg", f"c{i}")
        image_file(src / "train" / "dog" / f"d{i}.jpg", f"d{i}")
    for i, label in enumerate(val_labels, 1):
        image_file(src / "val" / "imgs" / f"{i}.jpg", f"v{i}")
    write_file(src / "val" / "labels.csv", "name,label\n" + "".join(f"{i}.jpg,{v}\n" for i, v in enumerate(val_labels, 1)))
    return src


_CODES = ["0", "1", "1", "0", "1", "0"]


def test_class_numbers_in_one_split_beside_class_names_in_another_stop(tmp_path: Path) -> None:
    """Before: four labels (cat, dog, 0, 1), exit 0. Now a stop naming both vocabularies and --label-names."""
    src = _folders_and_coded_table(tmp_path / "src", _CODES)
    stopped = _converted_or_stopped(src, tmp_path / "out")
    assert isinstance(stopped, str), sorted({labels for _, labels, _ in stopped.values()})
    assert "--label-names" in stopped and "'val'" in stopped and "cat, dog" in stopped and "0, 1" in stopped, stopped


def test_following_the_stop_names_the_numbers(tmp_path: Path) -> None:
    src = _folders_and_coded_table(tmp_path / "src", _CODES)
    written = _converted_or_stopped(src, tmp_path / "out", label_names=("cat", "dog"))
    assert isinstance(written, dict), written
    assert {written[f"val/imgs/{i}.jpg"][1] for i in range(1, 7)} <= {("cat",), ("dog",)}
    assert [written[f"val/imgs/{i}.jpg"][1][0] for i in range(1, 7)] == [["cat", "dog"][int(c)] for c in _CODES]


@pytest.mark.parametrize("val_labels", [["cat", "dog", "dog", "cat", "dog", "cat"], ["cat", "2", "dog", "cat", "2", "dog"]])
def test_a_shared_vocabulary_or_a_mixed_split_is_no_sign(tmp_path: Path, val_labels: list[str]) -> None:
    """Near misses: the table's labels are the folders' names (converts as it did), or a split mixes names and a
    number (no split of numbers alone: not this sign)."""
    src = _folders_and_coded_table(tmp_path / "src", val_labels)
    written = _converted_or_stopped(src, tmp_path / "out")
    if val_labels[1] == "dog":
        assert isinstance(written, dict), written
        assert [written[f"val/imgs/{i}.jpg"][1] for i in range(1, 7)] == [(v,) for v in val_labels]
    elif isinstance(written, str):
        assert "labelled by numbers" not in written, written


def test_tables_of_texts_labelled_by_words_and_by_numbers_stop(tmp_path: Path) -> None:
    """A neighbour of another kind: `train.csv` of `text,label` in words beside `test.csv` labelled 0/1 (a sentiment
    set whose test file was exported from a model's labels). Before: four labels, exit 0; `--label-names` maps them."""
    words = ["a fine film with a good cast", "dull and far too long", "I would watch it again", "never again, what a waste"]
    write_file(
        tmp_path / "src" / "train.csv",
        "text,label\n" + "".join(f'"{words[i % 4]} {i}",{("positive", "negative")[i % 2]}\n' for i in range(24)),
    )
    write_file(tmp_path / "src" / "test.csv", "text,label\n" + "".join(f'"{words[i % 4]} t{i}",{i % 2}\n' for i in range(12)))
    stopped = _converted_or_stopped(tmp_path / "src", tmp_path / "out")
    assert isinstance(stopped, str) and "--label-names" in stopped and "'test'" in stopped, stopped
    written = _converted_or_stopped(tmp_path / "src", tmp_path / "followed", label_names=("positive", "negative"))
    assert isinstance(written, dict), written
    assert {labels for split, labels, _ in written.values()} == {("positive",), ("negative",)}


def test_a_bar_joining_values_of_a_headerless_data_table_opens_no_comment(tmp_path: Path) -> None:
    """Hostile twin of readers33b's C4.5 cases: a headerless `movies.data` whose last cell lists genres joined by `|`
    (MovieLens' spelling). C4.5's reading cut each line at the `|`, so the stop showed the class cells as
    `Action, Comedy, Drama` while following it wrote `Action|Comedy` as a class of its own; a `|` between two values is
    no comment: the stop shows the lists as the table holds them."""
    genres = ["Action|Comedy", "Drama", "Comedy|Drama|Romance", "Action", "Drama|Thriller", "Comedy"]
    rows = [f"{i},{1990 + i},{5 + i % 4}.{i % 10},{90 + i},{genres[i % 6]}" for i in range(30)]
    write_file(tmp_path / "src" / "movies.data", "\n".join(rows) + "\n")
    stopped = _converted_or_stopped(tmp_path / "src", tmp_path / "out")
    assert isinstance(stopped, str), stopped
    assert "Action|Comedy" in stopped, stopped
