"""An image label table of one-hot columns with a patient's or a record's 0/1 attribute among them
(`image,smoker,diabetic,melanoma,nevus`): the flag was written as one more class, exit 0. Such a
column (`label_candidates.FEATURE_WORDS`) stops the run naming it and `--keep-columns`, which then
reads the other 0/1 columns as the classes; a table whose 0/1 columns are all classes converts.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.sources import image_bytes


def _source(src: Path, columns: tuple[str, ...], classes: int = 2) -> None:
    """`images/im<i>.jpg` and `labels.csv` (`image,<columns>`, all 0/1), each row setting one of
    the last `classes` columns to 1 (a one-hot row has a class)."""
    (src / "images").mkdir(parents=True)
    rnd = random.Random(7)
    lines = ["image," + ",".join(columns)]
    for i in range(30):
        (src / "images" / f"im{i}.jpg").write_bytes(image_bytes(size=(12, 10), seed=i))
        bits = [rnd.randint(0, 1) for _ in columns]
        bits[len(columns) - 1 - i % classes] = 1
        lines.append(f"im{i}.jpg," + ",".join(map(str, bits)))
    (src / "labels.csv").write_text("\n".join(lines) + "\n")


def _label_counts(out: Path) -> dict[str, int]:
    return json.loads((out / "manifest.json").read_text())["splits"]["train"]["label_counts"]


@pytest.mark.parametrize("flags", [("smoker", "diabetic"), ("verified",), ("is_smoker",)])
def test_a_flag_among_an_image_tables_one_hot_columns_stops_and_keep_columns_reads_the_rest(
    flags: tuple[str, ...], tmp_path: Path
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    _source(src, (*flags, "melanoma", "nevus"))
    stopped = run_shardify("convert", str(src), str(out))
    assert stopped.returncode == 2 and "Traceback" not in stopped.stderr, stopped.stderr  # a stop (exit 1 before classes22)
    assert not (out / "manifest.json").exists()
    assert f"--keep-columns {flags[0]}" in stopped.stderr and "labels.csv" in stopped.stderr, stopped.stderr
    done = run_shardify("convert", str(src), str(out), "--keep-columns", ",".join(flags))
    assert done.returncode == 0, done.stderr
    assert sorted(_label_counts(out)) == ["melanoma", "nevus"], _label_counts(out)


def test_an_image_table_whose_0_1_columns_are_all_classes_converts(tmp_path: Path) -> None:
    """The twin: Plant Pathology's `healthy,multiple_diseases,rust,scab` holds no flag: all classes."""
    src, out = tmp_path / "src", tmp_path / "out"
    _source(src, ("healthy", "multiple_diseases", "rust", "scab"), classes=4)
    done = run_shardify("convert", str(src), str(out))
    assert done.returncode == 0, done.stderr
    assert sorted(_label_counts(out)) == ["healthy", "multiple_diseases", "rust", "scab"], _label_counts(out)
