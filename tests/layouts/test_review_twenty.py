"""Review of session nineteen's detection rules: each test here failed before its mend.

`--labels GLOB` on a local source is matched by `local_globs` (no backtracking), on an object store
by Beam's `FileSystems.match`: the two must name the same files for one glob, so the local reading
is checked against Beam's own matcher on one tree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apache_beam.io.filesystems import FileSystems

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from helpers.sources import write_file
from shardify.beam_jobs.discover import local_globs, yolo_unnamed
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import beam_globs

_TREE = ("top.csv", ".hidden.csv", "a1.csv", "b1.csv", "]x.csv", "sub/a.csv", "sub/deep/b.csv", "sub/.d.csv",
         "sub/deep/c.txt", "a/b.csv", "axb.csv", "s[1].csv", "s1.csv", "back\\slash.csv")

_PATTERNS = ("**/*.csv", "*.csv", "[!a]*.csv", "[]]*.csv", ".*.csv", "*/*.csv", "**.csv", "a?b.csv", "sub/",
             "sub/**", "s[1].csv", "[a", "*/deep/*", "**/.*", "[!]]*.csv", "?[0-9].csv", "sub**/*.csv", "back?slash.csv",
             "[\\\\]*", "*[!a-z0-9]*.csv")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("globs")
    for name in _TREE:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x\n")
    return root


@pytest.mark.parametrize("pattern", _PATTERNS)
def test_a_local_labels_glob_names_the_files_beam_names(tree: Path, pattern: str) -> None:
    full = f"{tree}/{pattern}"
    beams = sorted(m.path for result in FileSystems.match([full]) for m in result.metadata_list)
    assert local_globs.local_matches(full) == beams, pattern


def test_a_double_star_folder_needs_one_folder(tree: Path) -> None:
    found = local_globs.local_matches(f"{tree}/**/*.csv")
    assert f"{tree}/top.csv" not in found and f"{tree}/sub/a.csv" in found, found


def test_a_pattern_of_no_glob_character_names_itself_or_nothing(tree: Path) -> None:
    assert local_globs.local_matches(f"{tree}/top.csv") == [f"{tree}/top.csv"]
    assert local_globs.local_matches(f"{tree}/none.csv") == []
    assert local_globs.local_matches(f"{tree}/sub") == []


def test_many_stars_are_matched_without_backtracking() -> None:
    # 200 stars against a 60-character name: Beam's regular expression does not end in minutes.
    assert not beam_globs.beam_glob_match("*" * 200 + ".csv", "a" * 60 + ".csv.x")
    assert beam_globs.beam_glob_match("**" * 100 + ".csv", "a/" * 30 + ".csv")


def test_per_image_attribute_bits_beside_the_images_are_no_yolo_boxes(tmp_path: Path) -> None:
    """`im3.txt` of `1 1 0 0 1` (five 0/1 attributes) beside `im3.jpg`, and the attribute names in
    `classes.txt`: five numbers in [0, 1] are YOLO's shape, but no line is a box (no width or
    height, or a centre on the image's edge). Read as YOLO, every box was dropped as of no area and
    the images written with no labels, exit 0."""
    src = tmp_path / "src"
    for i in range(8):
        write_file(src / f"data/im{i}.jpg", _image_bytes(f"im{i}"))
        write_file(src / f"data/im{i}.txt", " ".join(str((i >> b) & 1) for b in range(5)) + "\n")
    write_file(src / "data/classes.txt", "smiling\nglasses\nhat\nbeard\nyoung\n")
    result = run_shardify("convert", str(src), str(tmp_path / "out"))
    said = result.stdout + result.stderr
    assert "YOLO" not in said, said
    if result.returncode == 0:  # whatever else reads them, the attributes are not lost as boxes of no area
        assert not (tmp_path / "out" / "repaired.jsonl").exists() or "no area" not in (tmp_path / "out" / "repaired.jsonl").read_text()


@pytest.mark.parametrize(("lines", "boxes"), [
    (["0 1 0 1 1", "1 0 0 1 0"], False),  # bits
    (["3 1 1 1 1"], False),  # a centre on the corner
    (["0 0.5 0.5 1 1"], True),  # the whole image
    (["0 0.41 0.52 0 0.1", "2 0.3 0.6 0.2 0.25"], True),  # one box of no width among boxes
])
def test_yolo_text_needs_one_box_inside_the_image(lines: list[str], boxes: bool) -> None:
    assert yolo_unnamed.is_yolo_text(lines) is boxes


def _texts_written(out: Path) -> dict[str, tuple[str, ...]]:
    """{text: labels} read back from every shard."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.TEXT_LABEL_TEXT, [])
                names = value if isinstance(value, list) else [value]
                found[record[contract.TEXT].decode()] = tuple(n.decode() for n in names)
    return found


def test_a_json_lines_labels_table_is_read_by_its_keys_names_in_any_order(tmp_path: Path) -> None:
    """`--labels truth.jsonl --key-column id --label-column label`: JSON objects keep no column order,
    and the join read each row's key and label by their places in the first row. A row written
    `{"rater": "4", "id": "4", "label": "pos"}` then gave text 4 the label `4` (its `id`), exit 0
    where few rows are so; `{"label": "neg", "id": "5"}` keyed the row by `neg` and passed it over."""
    src = tmp_path / "src"
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    texts = {str(i): " ".join(words[(i + k) % 8] for k in range(6)) for i in range(1, 7)}
    labels = {ident: ("pos", "neg")[int(ident) % 2] for ident in texts}
    rows = []
    for ident, label in labels.items():
        order = int(ident) % 3
        rows.append({"id": ident, "label": label} if order == 0 else {"rater": ident, "id": ident, "label": label}
                    if order == 1 else {"label": label, "id": ident})
    write_file(src / "texts.jsonl", "".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in texts.items()))
    write_file(src / "truth.jsonl", "".join(json.dumps(r) + "\n" for r in sorted(rows, key=lambda r: r["id"] != "3")))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file="truth.jsonl", key_column="id",
                                 label_column="label"))
    assert _texts_written(tmp_path / "out") == {texts[i]: (labels[i],) for i in texts}
