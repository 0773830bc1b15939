"""A JSON split file beside a folder layout with no other split source is read where its reading is
sure, else the run stops before writing naming it (beam_jobs/discover/split_files.py).

The case: blind18's potholes (`annotated-images/img-<n>.jpg` beside `img-<n>.xml`, `splits.json`
`{"train": ["img-1.xml", ...], "test": [...]}` naming the annotation files): its test images were
written as train with exit 0 (now right: test_blind_round_eighteen). Neighbours of the kind, built from
documented layouts (FROM the repositories' own loaders and READMEs, shapes only): a `dataset.json`
`{"train": [paths], "validation": [...], "test": [...]}` beside class folders, as split scripts
publish them (fetal-sam's utils/datasplit.py writes that shape); the inverse `{name: split}` over text
class folders; a wrapper `{"splits": {"train": [...], "val": [...]}}` of image stems, as LILA's
camera-trap split files are wrapped. Ambiguous twins that must stop: names matching half the
inputs; ScienceQA's `pid_splits.json` keys (`train`, `val`, `test`, `trainval`, `minitrain`: inputs
under two keys). And one that says nothing of the inputs (its names match none: LILA's location ids)
converts as before, one split, with a note.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records


def _png(path: Path, shade: int) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (20, 16), (shade % 256, 90, 30)).save(path, "PNG")


def _convert(root: Path, out: Path, *options: str):
    return run_shardify("convert", str(root), str(out), *options)


def _splits(out: Path) -> dict[str, tuple[str, frozenset | None]]:
    return written_records(out)["records"]


def test_split_paths_beside_class_folders_give_the_splits(tmp_path: Path) -> None:
    root = tmp_path / "birds"
    want = {}
    parts = {"train": [], "validation": [], "test": []}
    for c, name in enumerate(("finch", "wren")):
        for k in range(5):
            rel = f"{name}/{k:03d}.png"
            _png(root / rel, 50 * c + 9 * k)
            split = "test" if k == 4 else "validation" if k == 3 else "train"
            parts[split].append(rel)
            want[rel] = (split, frozenset({name}))
    (root / "dataset.json").write_text(json.dumps(parts, indent=2))
    result = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    got = _splits(tmp_path / "out")
    assert {k: (v[0][:3], v[1]) for k, v in got.items()} == {k: (v[0][:3], v[1]) for k, v in want.items()}
    assert "splits from: dataset.json" in result.stderr


def test_name_to_split_mapping_over_text_class_folders(tmp_path: Path) -> None:
    root = tmp_path / "reviews"
    mapping, want = {}, {}
    for label in ("neg", "pos"):
        for k in range(4):
            rel = f"{label}/{k}.txt"
            (root / label).mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(f"a {label} review number {k}, long enough to read as a text.\n")
            mapping[rel] = "test" if k == 0 else "train"
            want[rel] = (mapping[rel], frozenset({label}))
    (root / "split_map.json").write_text(json.dumps(mapping))
    result = _convert(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert _splits(tmp_path / "out") == want


def test_wrapped_split_lists_of_stems_in_one_folder(tmp_path: Path) -> None:
    root = tmp_path / "traps"
    splits = {"train": [], "val": []}
    for k in range(6):
        stem = f"cam{k:04d}"
        _png(root / "images" / f"{stem}.png", 20 * k)
        splits["val" if k % 3 == 0 else "train"].append(stem)
    (root / "splits.json").write_text(json.dumps({"splits": splits}))
    result = _convert(root, tmp_path / "out", "--label-level", "0")
    assert result.returncode == 0, result.stderr
    got = _splits(tmp_path / "out")
    want = {f"images/{s}.png": split[:3] for split, stems in splits.items() for s in stems}
    assert {k: v[0][:3] for k, v in got.items()} == want


@pytest.mark.parametrize(
    "shape",
    [
        "half",  # its names match half the inputs
        "overlap",  # ScienceQA's pid_splits.json: trainval and minitrain beside train, val, test
    ],
)
def test_an_unsure_split_file_stops_naming_it_and_what_decides(tmp_path: Path, shape: str) -> None:
    root = tmp_path / shape
    stems = [f"{k}" for k in range(1, 9)]
    for k, stem in enumerate(stems):
        _png(root / "images" / f"{stem}.png", 25 * k)
    if shape == "half":
        document = {"train": stems[:3], "test": stems[3:4]}
    else:
        document = {"train": stems[:5], "val": stems[5:7], "test": stems[7:], "trainval": stems[:7], "minitrain": stems[:2]}
    (root / "pid_splits.json").write_text(json.dumps(document))
    result = _convert(root, tmp_path / "out", "--label-level", "0")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "pid_splits.json" in result.stderr and "--exclude pid_splits.json" in result.stderr
    assert ("names 4 of the 8" in result.stderr) if shape == "half" else ("minitrain" in result.stderr)
    assert not (tmp_path / "out" / "manifest.json").exists()
    followed = _convert(root, tmp_path / "followed", "--label-level", "0", "--exclude", "pid_splits.json")
    assert followed.returncode == 0, followed.stderr
    assert {v[0] for v in _splits(tmp_path / "followed").values()} == {"train"}


def test_a_split_file_naming_no_input_is_left_with_a_note(tmp_path: Path) -> None:
    root = tmp_path / "locations"
    for k in range(4):
        _png(root / "images" / f"img{k}.png", 40 * k)
    (root / "splits.json").write_text(json.dumps({"splits": {"train": ["loc_0001", "loc_0002"], "val": ["loc_0003"]}}))
    result = _convert(root, tmp_path / "out", "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert {v[0] for v in _splits(tmp_path / "out").values()} == {"train"}
    assert "not used: splits.json" in result.stderr


def _voc(name: str, objects: int) -> str:
    boxes = "".join(f"<object><name>pothole</name><bndbox><xmin>{1 + k}</xmin><ymin>1</ymin><xmax>{9 + k}</xmax><ymax>8</ymax>"
                    "</bndbox></object>" for k in range(objects))
    size = "<size><width>20</width><height>16</height><depth>3</depth></size>"
    return f"<annotation><filename>{name}</filename>{size}{boxes}</annotation>"


@pytest.mark.parametrize("extra", [False, True])
def test_a_split_column_table_beside_voc_gives_the_splits_not_labels(tmp_path: Path, extra: bool) -> None:
    # a `filename,split` table beside images and their VOC XMLs was read as `name label` lines: `train` and
    # `test` written as labels beside `pothole`, every image in train (exit 0); with another column, it stops
    root = tmp_path / "roads"
    rows, want = [], {}
    for k in range(1, 7):
        _png(root / "images" / f"road{k}.png", 30 * k)
        (root / "images" / f"road{k}.xml").write_text(_voc(f"road{k}.png", 1 + k % 2))
        split = "test" if k % 3 == 0 else "train"
        rows.append(f"road{k}.png,{split}" + (f",{k * 7}" if extra else ""))
        want[f"images/road{k}.png"] = (split, frozenset({"pothole"}))
    (root / "metadata.csv").write_text(("filename,split,width\n" if extra else "filename,split\n") + "\n".join(rows) + "\n")
    result = _convert(root, tmp_path / "out")
    if extra:
        assert result.returncode == 2, result.stdout + result.stderr
        assert "metadata.csv" in result.stderr and "width" in result.stderr and "--exclude metadata.csv" in result.stderr
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    assert result.returncode == 0, result.stderr
    assert _splits(tmp_path / "out") == want


@pytest.mark.parametrize("written", ["numbers", "number strings"])
def test_a_split_file_of_the_inputs_numbers_keys_them_by_their_number(tmp_path: Path, written: str) -> None:
    """`{"train": [1, ..., 8], "test": [9, ..., 12]}` beside `jpg/image_00001.jpg` .. `image_00012.jpg`
    (indices into the images' numbering, as Oxford Flowers' setid.mat gives them): no name is an
    input's, so the file was set aside with a note and the test images written as train, exit 0; then
    it stopped naming the file. Since readers35a each input is keyed by the one number in its name
    (`KeyRule.inner`, every sampled input's number its own): the splits are the file's."""
    root = tmp_path / "flowers"
    for i in range(1, 13):
        _png(root / f"jpg/image_{i:05d}.jpg", 17 * i)
    ids = {"train": list(range(1, 9)), "test": list(range(9, 13))}
    if written == "number strings":
        ids = {split: [str(n) for n in numbers] for split, numbers in ids.items()}
    (root / "splits.json").write_text(json.dumps(ids))
    result = _convert(root, tmp_path / "out", "--label-level", "0")
    assert result.returncode == 0, result.stderr
    got = {path: split for path, (split, _labels) in _splits(tmp_path / "out").items()}
    assert got == {f"jpg/image_{i:05d}.jpg": "train" if i <= 8 else "test" for i in range(1, 13)}
