"""Hostile input, thirteenth round: the YAML a user or a download hands shardify.

Layout files (`--layout-file`) with known keys of the wrong type, YAML aliases multiplying a list
of valid entries past any checking time, raw binary shapes of fractions, booleans and 10^30,
patterns leaving SRC by every key that takes one, unicode twins; Hugging Face dataset cards whose
YAML gives a key twice (`configs:` twice split every file as the second said, exit 0) or repeats
one list of globs through aliases thousands of times (a hang). Each is one line naming the file
and the key (exit 2), or a conversion whose every input is accounted for.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from helpers.cli_runs import one_line_error, run_shardify
from helpers.one_place import records, rejects
from helpers.sources import write_file
from shardify.errors import UsageError
from shardify.plan import dataset_card, layout_file

_HEAD = "shardify_layout: 1\nlayout: text_folders\nmedia: text\n"


def _refused(text: str) -> str:
    with pytest.raises(UsageError) as refused:
        layout_file.loads(text, where="L.yaml")
    said = str(refused.value)
    assert said.startswith("L.yaml: ") and "\n" not in said, said
    return said


@pytest.mark.parametrize(
    ("body", "word"),
    [
        ("structure:\n  split_level: '1'\n", "split_level"),
        ("structure:\n  split_level: true\n", "split_level"),
        ("structure:\n  split_level: 1.5\n", "split_level"),
        ("structure: [1, 2]\n", "structure"),
        ("split_folders: {train: 1}\n", "split_folders"),
        ("structure:\n  label_levels: [1, 2]\n", "label_levels"),
        ("structure:\n  label_levels:\n    '*': 1e400\n", "label_levels"),
        ("options: [1, 2]\n", "options"),
        ("options:\n  label_names: 5\n", "label_names"),
        ("evidence:\n- {path: 5, kind: split list}\n", "evidence[0]"),
        ("evidence:\n- {path: a.txt, kind: 'no such kind'}\n", "kind"),
        ("left_out: '../../etc/passwd'\n", "left_out"),
        ("left_out: ['../../etc/*']\n", ".."),
        ("split_patterns: {'../**': train}\n", ".."),
        ("split_patterns: {'/etc/**': train}\n", "split_patterns"),
        ("evidence:\n- {path: ../../etc/passwd, kind: split list}\n", ".."),
        ("line_files:\n- {path: ../x.txt, label: pos}\n", ".."),
        ("structure:\n  root: ../../\n", ".."),
    ],
    ids=lambda v: v if len(v) < 40 else v[:40],
)
def test_a_layout_key_of_the_wrong_type_or_leaving_src_is_one_line(body: str, word: str) -> None:
    assert word in _refused(_HEAD + body)


@pytest.mark.parametrize(
    ("entry", "word"),
    [
        ("{files: 'a/*.bin', shape: [3, 8.5, 8]}", "shape"),
        ("{files: 'a/*.bin', shape: [3, true, 8]}", "shape"),
        ("{files: 'a/*.bin', shape: '3x8x8'}", "shape"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], header_bytes: 1e30}", "header_bytes"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], header_bytes: -1}", "header_bytes"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], label_bytes: 1, label_index: 5}", "label_index"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], labels_file: '../x.bin'}", "labels_file"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], names_file: '/etc/passwd'}", "names_file"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], label_dtype: float64, labels_file: '{stem}.lab'}", "label_dtype"),
        ("{files: '/etc/*', shape: [3, 8, 8]}", "files"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], order: hwc}", "order"),
        ("{files: 'a/*.bin', shape: [3, 8, 8], dtype: float32}", "dtype"),
    ],
    ids=lambda v: v if len(v) < 40 else v[-40:],
)
def test_a_raw_declaration_no_file_can_hold_is_one_line(entry: str, word: str) -> None:
    assert word in _refused("shardify_layout: 1\nlayout: arrays\nmedia: image\nraw_arrays:\n- " + entry + "\n")


def test_aliases_multiplying_valid_evidence_are_refused_or_read_in_bounded_time() -> None:
    """3,000 aliases of one evidence entry naming 3,000 columns: 9 million names to check from a
    file of 60 kB."""
    names = "[" + ", ".join(f"c{i}" for i in range(3000)) + "]"
    entries = "\n".join("- *e" for _ in range(3000))
    text = (_HEAD + f"x_names: &n {names}\n").replace("x_names", "vocabulary") + \
        f"evidence:\n- &e {{path: a.txt, kind: attributes, names: *n}}\n{entries}\n"
    start = time.monotonic()
    try:
        layout_file.loads(text, where="L.yaml")
    except UsageError as error:
        assert "L.yaml" in str(error) and "\n" not in str(error)
    assert time.monotonic() - start < 5, f"{time.monotonic() - start:.1f} s"


@pytest.mark.parametrize("layout", ["ｔｅｘｔ_folders", "text_folders\u200b", "Text_Folders", "text-folders"])
def test_a_layout_name_of_unicode_twins_is_refused_naming_the_layouts(layout: str) -> None:
    assert "text_folders" in _refused(f"shardify_layout: 1\nlayout: {layout}\nmedia: text\n")


def _raw(root: Path, records_count: int, extra: int = 0) -> None:
    rng = np.random.default_rng(0)
    write_file(root / "data" / "train_images.bin", rng.integers(0, 256, (records_count, 4, 4, 3), dtype=np.uint8).tobytes() + b"x" * extra)
    write_file(root / "data" / "train_images_labels.bin", bytes(i % 2 for i in range(records_count)))


_RAW = "shardify_layout: 1\nlayout: arrays\nmedia: image\nraw_arrays:\n- {files: 'data/*_images.bin', shape: [4, 4, 3], order: HWC, labels_file: '{stem}_labels.bin'}\n"


@pytest.mark.parametrize(("count", "extra", "word"), [(5, 7, "whole number of"), (5, 0, None), (0, 0, "no records")],
                         ids=["7 bytes over", "whole", "empty"])
def test_a_raw_file_of_another_size_than_its_shape_is_its_reject(tmp_path: Path, count: int, extra: int, word: str | None) -> None:
    _raw(tmp_path / "src", count, extra)
    write_file(tmp_path / "raw.yaml", _RAW)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "-q", "--max-rejects", "100%",
                          "--layout-file", str(tmp_path / "raw.yaml"))
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    if word is None:
        assert result.returncode == 0 and len(records(tmp_path / "out")) == count
    else:  # the lone file rejected: no records, exit 1, the reason in the report the line points to
        assert result.returncode in (0, 1) and "rejected.jsonl" in one_line_error(result) + "rejected.jsonl"
        assert word in rejects(tmp_path / "out").get("data/train_images.bin", ""), rejects(tmp_path / "out")


def test_a_raw_labels_file_shorter_than_the_images_is_a_reject_naming_both(tmp_path: Path) -> None:
    _raw(tmp_path / "src", 5)
    write_file(tmp_path / "src" / "data" / "train_images_labels.bin", b"\x00\x01")
    write_file(tmp_path / "raw.yaml", _RAW)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "-q", "--max-rejects", "100%",
                          "--layout-file", str(tmp_path / "raw.yaml"))
    assert "Traceback" not in result.stderr and result.returncode in (0, 1), result.stderr[-2000:]
    assert "2 labels" in rejects(tmp_path / "out")["data/train_images.bin"], rejects(tmp_path / "out")


# --- Hugging Face dataset cards ---------------------------------------------------------------------

_CARD = "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train.csv\n  - split: test\n    path: data/test.csv\n---\n"


def _tables(root: Path, card: str) -> None:
    for split in ("train", "test"):
        write_file(root / "data" / f"{split}.csv",
                   "text,label\n" + "".join(f"text {split} {i},{'pos' if i % 2 else 'neg'}\n" for i in range(4)))
    write_file(root / "README.md", card)


def _card_run(tmp_path: Path, card: str):  # noqa: ANN202
    _tables(tmp_path / "src", card)
    return run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "-q", "--max-rejects", "100%")


@pytest.mark.parametrize(
    ("card", "key"),
    [
        (_CARD.replace("\n---\n", "\nconfigs:\n- config_name: default\n  data_files:\n  - split: validation\n    path: data/*.csv\n---\n"),
         "configs"),
        (_CARD.replace("  - split: train\n", "  - split: train\n    split: test\n"), "split"),
        (_CARD.replace("    path: data/train.csv\n", "    path: data/train.csv\n    path: data/test.csv\n"), "path"),
        ("---\ndataset_info:\n  features:\n  - name: label\n    dtype:\n      class_label:\n        names:\n"
         "          '0': neg\n          '1': pos\n          '1': neg\n---\n", "'1'"),
    ],
    ids=["configs twice", "split twice", "path twice", "a class number twice"],
)
def test_a_card_giving_a_key_it_is_read_for_twice_stops_naming_the_key(tmp_path: Path, card: str, key: str) -> None:
    """`configs:` twice: every file was read as `validation`, the second block, with exit 0."""
    result = _card_run(tmp_path, card)
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    line = one_line_error(result)
    assert "README.md" in line and key in line and "twice" in line


def test_a_card_giving_a_key_it_is_not_read_for_twice_still_decides_the_splits(tmp_path: Path) -> None:
    """The twin: `tags:` twice is YAML's choice about a key shardify never reads."""
    result = _card_run(tmp_path, "---\ntags: [a]\ntags: [b]\n" + _CARD.removeprefix("---\n"))
    assert result.returncode == 0, result.stderr
    assert {split for split, _, _ in records(tmp_path / "out").values()} == {"train", "test"}


def test_a_card_repeating_a_list_of_globs_through_aliases_stops_in_bounded_time(tmp_path: Path) -> None:
    """2,000 aliases of an entry of 2,000 globs (40 kB of card): 4 million patterns, each matched
    against every file (minutes for ten files)."""
    patterns = "[" + ",".join(f"'data/x{i}*.csv'" for i in range(2000)) + ", 'data/train.csv']"
    entries = "\n".join("  - *e" for _ in range(2000))
    card = (f"---\nx: &p {patterns}\nconfigs:\n- config_name: default\n  data_files:\n  - &e {{split: train, path: *p}}\n"
            f"{entries}\n  - split: test\n    path: data/test.csv\n---\n")
    start = time.monotonic()
    result = _card_run(tmp_path, card)
    assert time.monotonic() - start < 20
    assert result.returncode == 2 and "README.md" in one_line_error(result)


def test_a_card_repeating_one_glob_a_few_times_reads_it_once() -> None:
    card = _CARD.replace("    path: data/train.csv\n", "    path: [data/train.csv, data/train.csv, ./data/train.csv]\n")
    assert dataset_card.card_splits(card.split("---\n", 1)[0] + card, where="README.md") == (
        ("data/train.csv", "train"), ("data/test.csv", "test"))


@pytest.mark.parametrize("path", ["../src/data/train.csv", "/etc/passwd", "**/../../*.csv", "data/../../x.csv"])
def test_a_card_glob_leaving_src_stops_naming_it(tmp_path: Path, path: str) -> None:
    result = _card_run(tmp_path, _CARD.replace("path: data/train.csv", f"path: '{path}'"))
    assert result.returncode == 2 and "leaves the dataset's folder" in one_line_error(result)
