"""Blind batch 48's one refusal short of its value, mended by kind (tests/helpers/blind48.py), on neighbour layouts.

Batch 48 measured 7 right, 3 good stops, no useless stop, no exit 1, no wrong exit 0 (its baseline at c1fa10a8).
One good stop named its option but not the value: the Chinese traffic sign database (TSRD; read in the code corpus:
"pic_path = 'tsrd-train/' ... strint = filename[11:14] ... label = int(strint)", the class the name's first three
digits) lies in flat folders of `<class>_<number>_<part>.png` beside annotation files shardify does not read. The
stop offered `--label-from-name '^(\\d+)_'` only for names `<number>_<number>` (Food-11's `9_27.jpg`), so here it
showed the generic `'^(.+)_\\d+'`, which reads '000_0001' as the class. Now names with one more part after the
number (`012_0041_j.png`) get the same hint, and a first number of six digits or more (a date, a serial) none:
Raabin-WBC's `20190526_162951_0.jpg` repeats its day over a day's files as classes would
(shardify/plan/file_signs.py, `_numbered_classes`).

The neighbours are invented in the shape of such exports, not the batch's files: train/ and test/ flat folders of
`<class>_<subject>_<take>.jpg` (a gesture set's export), the hint naming the expression and following it right; the
hostile twins: date-stamped names and serial ids whose first numbers never repeat, which get no such hint, and
Food-11's two-part names, which keep theirs. Each is converted in-process as the tally converts (`run_conversion`
of a `ConvertConfig` of SRC and OUT).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen4 import Spec, build
from helpers.unseen4 import given as _file
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_HINT = "--label-from-name '^(\\d+)_'"


def _flat(names: dict[str, list[str]], labelled: bool = True):
    """Split folders of loose JPEGs named as given; the truth labels each by its name's first field."""

    def puts():
        for split, files in names.items():
            for name in files:
                label = name.split("_", 1)[0] if labelled else None
                yield _file(f"{split}/{name}", _pic(f"{split}{name}", "JPEG"), split, label)

    return puts


def _stop(puts, tmp_path: Path, **options) -> tuple[object, str]:
    truth = build(Spec("download", "image", puts, "", ""), tmp_path / "src")
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **options))
    assert not (tmp_path / "out" / "manifest.json").exists()
    return truth, str(stopped.value)


_GESTURES = {
    "train": [f"{c:02d}_{s:04d}_{t}.jpg" for c in (3, 7, 11) for s, t in ((1, 1), (1, 2), (4, 1))],
    "test": [f"{c:02d}_{s:04d}_{t}.jpg" for c in (3, 7, 11) for s, t in ((9, 1),)],
}


def test_three_part_names_led_by_a_class_number_stop_naming_the_expression(tmp_path: Path) -> None:
    truth, said = _stop(_flat(_GESTURES), tmp_path)
    assert _HINT in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_from_name=r"^(\d+)_"))
    assert_right(truth, tmp_path / "followed")


@pytest.mark.parametrize(
    "names",
    [
        # dates and times of capture: the day repeats over its files as a class would, six digits or more
        [f"2019{m:02d}{d:02d}_1{k}{k * 7 % 60:02d}{k * 13 % 60:02d}_{k % 3}.jpg" for m, d in ((5, 26), (6, 1)) for k in range(4)],
        # the same in two parts (`<day>_<time>`), which the two-part rule alone read as classes
        [f"2019{m:02d}{d:02d}_1{k}{k * 7 % 60:02d}{k * 13 % 60:02d}.jpg" for m, d in ((5, 26), (6, 1)) for k in range(4)],
        # serial ids in three parts whose first numbers never repeat
        [f"{1001 + k}_{k % 3:04d}_a.jpg" for k in range(8)],
    ],
    ids=["dated", "dated_two_parts", "serials"],
)
def test_names_whose_first_number_is_no_class_get_no_class_number_hint(tmp_path: Path, names: list[str]) -> None:
    _, said = _stop(_flat({"train": names}, labelled=False), tmp_path)
    assert _HINT not in said, said


def test_two_part_names_keep_the_hint(tmp_path: Path) -> None:
    # Food-11's `9_27.jpg` (tests/layouts/test_unseen_round_four.py follows it): unchanged
    names = {"train": [f"{c}_{n}.jpg" for c in (0, 4, 9) for n in (1, 2, 27)]}
    truth, said = _stop(_flat(names), tmp_path)
    assert _HINT in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_from_name=r"^(\d+)_"))
    assert_right(truth, tmp_path / "followed")
