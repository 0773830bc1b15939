"""Kinds the fourteenth blind round's stops and exit 1 found (issue 30; the named datasets are in
test_blind_round_fourteen.py), each on neighbours beside an ambiguous twin:

- one test list beside a tree of class folders (Birdsnap's test_images.txt, `path` then paths, beside
  download/images/<species>/): the listed files are test and the rest train (tfds reads lists so); before,
  every unlisted image was a reject (exit 1) and the list's header `path` a file it named. A list of
  files under a lone word is read with that word as its header. Unlabelled inputs beside a test list
  stay as they were: the list names a subset of no tree.

The truth is each test's own, from the files it wrote.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError


def _tree(root: Path, classes: dict[str, int], under: str) -> list[str]:
    paths = []
    for c, (name, n) in enumerate(classes.items()):
        for i in range(n):
            rel = f"{name}/{name.lower()[:6]}_{100 + 7 * c + i}.jpg"
            write_file(root / under / rel, image_bytes(seed=10 * c + i))
            paths.append(rel)
    return paths


@pytest.mark.parametrize("list_name, header, under", [
    ("test_images.txt", "path\n", "download/images"),   # Birdsnap v1.1 (its readme.txt)
    ("lists/test.txt", "", "images"),                   # a test list alone, no header (one list kept of two)
    ("test_files.lst", "filename\n", "data"),           # another lone header word, .lst
])
def test_one_test_list_beside_class_folders_leaves_the_rest_train(tmp_path: Path, list_name: str, header: str, under: str) -> None:
    root = tmp_path / "birds"
    paths = _tree(root, {"Acadian_Flycatcher": 3, "Acorn_Woodpecker": 3, "American_Avocet": 2}, under)
    tests = paths[1::3]
    write_file(root / list_name, header + "".join(f"{p}\n" for p in tests))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert sorted(got) == sorted(f"{under}/{p}" for p in paths)
    for p in paths:
        split, labels = got[f"{under}/{p}"]
        assert (split, labels) == ("test" if p in tests else "train", frozenset({p.split("/")[0].lower()})), p


def test_a_test_list_beside_unlabelled_files_still_stops(tmp_path: Path) -> None:
    # the twin: no class folders, so the list names a subset of nothing the layout tells: it stops before writing
    root = tmp_path / "flat"
    for i in range(6):
        write_file(root / f"images/img_{i:03d}.jpg", image_bytes(seed=i))
    write_file(root / "test_images.txt", "path\n" + "".join(f"images/img_{i:03d}.jpg\n" for i in (1, 4)))
    with pytest.raises(UsageError, match="--label-level 0"):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
