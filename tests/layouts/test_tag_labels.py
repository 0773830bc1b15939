"""Label cells that hold lists of tags (Planet's `train_v2.csv`: `train_1,agriculture clear primary
water`) are never read as one class per combination, nor cut to their first word, with exit 0:
the run stops naming `--label-separator`, and either choice it names converts as chosen.

The miniature follows Kaggle's "Planet: Understanding the Amazon from Space" download:
`train-jpg/train_<n>.jpg` beside `train_v2.csv` (`image_name,tags`, the tags one space-separated
cell, in a fixed order). The truth below is this file's own, never the manifest's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import one_line_error, run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes
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


def _labels_by_stem(out: Path) -> dict[str, tuple[str, ...]]:
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            names = record[contract.LABEL_TEXT]
            names = names if isinstance(names, list) else [names]
            stem = Path(record[contract.IMAGE_FILENAME].decode()).stem
            found[stem] = tuple(sorted(name.decode() for name in names))
    return found


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
