"""Blind round thirty-three's useless stop mended by kind: numbers files beside texts in split folders.

UIT-VSFC (tests/helpers/blind33.py's uit_vsfc) lies as train/, dev/, test/, each holding sents.txt beside
sentiments.txt and topics.txt, a number a line. The stop for numbers beside texts named a layout file of one
pair, dev/'s, and no split folders: written as it said (and extended to the other folders), every dev/ and test/
line was written as train. Now the stop pairs every text file with a numbers file of its own folder, names the
split folders the texts lie in, and names the other numbers files (topics.txt) as the other choice
(beam_jobs/discover/line_files.py, `NumbersBesideTexts`). Each test writes the stop's own layout, as a user
copies it from the message, and checks what it converts: the case, a neighbour not in the batch (training/ and
validation/, one numbers file each) and hostile twins (folders that are no splits; numbers in another folder).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.one_place import records
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout_file

_WORDS = ["the", "lecturer", "explains", "clearly", "room", "is", "hot", "slides", "are", "late", "good", "course"]


def _texts(key: int, n: int) -> str:
    return "".join(" ".join(_WORDS[(key + i * 5 + j * 7) % 12] for j in range(5 + i % 3)) + " .\n" for i in range(n))


def _stop_and_follow(src: Path, tmp: Path) -> tuple[str, dict]:
    """The stop's message, and the records its own layout file (its backquoted keys) writes."""
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp / "out")))
    assert not (tmp / "out" / "manifest.json").exists()
    said = str(stopped.value)
    keys = re.findall(r"`([a-z_]+: [^`]+)`", said)
    given = layout_file.loads("\n".join(keys) + "\n", where="layout.yaml").layout
    run_conversion(ConvertConfig(str(src), str(tmp / "followed"), layout_given=given))
    return said, records(tmp / "followed")


def _by_file(written: dict) -> dict[str, set[tuple[str, tuple[str, ...]]]]:
    found: dict[str, set] = {}
    for key, (split, labels, _) in written.items():
        found.setdefault(key.rsplit("#", 1)[0], set()).add((split, labels))
    return found


def test_split_folders_of_texts_and_numbers_stop_naming_every_pair_and_the_folders(tmp_path: Path) -> None:
    """The case: train/, dev/, test/ each sents.txt, sentiments.txt and topics.txt."""
    src = tmp_path / "UIT-VSFC"
    for k, (split, n) in enumerate((("train", 8), ("dev", 4), ("test", 4))):
        write_file(src / split / "sents.txt", _texts(k, n))
        write_file(src / split / "sentiments.txt", "".join(f"{(i + k) % 3}\n" for i in range(n)))
        write_file(src / split / "topics.txt", "".join(f"{(i * 2 + k) % 4}\n" for i in range(n)))
    said, written = _stop_and_follow(src, tmp_path)
    assert "split_folders: [dev, test, train]" in said and "train/topics.txt" in said, said
    assert len(written) == 16, written
    assert {f: {s for s, _ in v} for f, v in _by_file(written).items()} == {
        "train/sents.txt": {"train"}, "dev/sents.txt": {"dev"}, "test/sents.txt": {"test"}}
    labels = {int(key.rsplit("#", 1)[1]): lab for key, (_, lab, _) in written.items() if key.startswith("dev/")}
    assert labels == {i + 1: (str((i + 1) % 3),) for i in range(4)}, labels


def test_a_neighbour_training_and_validation_folders_one_numbers_file_each(tmp_path: Path) -> None:
    """Not in the batch: reviews.txt beside stars.txt in training/ and validation/ (other words, one numbers file)."""
    src = tmp_path / "reviews"
    for k, (folder, n) in enumerate((("training", 7), ("validation", 5))):
        write_file(src / folder / "reviews.txt", _texts(k + 3, n))
        write_file(src / folder / "stars.txt", "".join(f"{1 + (i + k) % 5}\n" for i in range(n)))
    said, written = _stop_and_follow(src, tmp_path)
    assert "label the same lines otherwise" not in said, said  # one numbers file a folder: no other choice named
    splits = {f: {s for s, _ in v} for f, v in _by_file(written).items()}
    assert splits == {"training/reviews.txt": {"train"}, "validation/reviews.txt": {"validation"}}, splits  # by meaning


def test_a_hostile_twin_folders_that_are_no_splits_name_no_split_folders(tmp_path: Path) -> None:
    """Texts and numbers side by side in books/ and films/ (no split words): the stop names both pairs and no split
    folders, and its layout writes every line as train, labelled by its own folder's numbers."""
    src = tmp_path / "two"
    for k, folder in enumerate(("books", "films")):
        write_file(src / folder / "lines.txt", _texts(k + 5, 6))
        write_file(src / folder / "scores.txt", "".join(f"{(i + k) % 2}\n" for i in range(6)))
    said, written = _stop_and_follow(src, tmp_path)
    assert "split_folders" not in said, said
    assert {f: {s for s, _ in v} for f, v in _by_file(written).items()} == {
        "books/lines.txt": {"train"}, "films/lines.txt": {"train"}}
    films = {int(key.rsplit("#", 1)[1]): lab for key, (_, lab, _) in written.items() if key.startswith("films/")}
    assert films == {i + 1: (str((i + 1) % 2),) for i in range(6)}, films


def test_a_hostile_twin_numbers_in_another_folder_keep_the_one_pair_example(tmp_path: Path) -> None:
    """Numbers with no folder of their text's: no pairing by folder is guessed; the first pair stays the example."""
    from shardify.beam_jobs.discover.line_files import NumbersBesideTexts

    stop = NumbersBesideTexts(["a/texts.txt", "b/texts.txt"], ["c/labels.txt"])
    assert "`line_files: [{path: a/texts.txt, labels: c/labels.txt}]`" in str(stop), str(stop)
    assert "split_folders" not in str(stop)
    assert isinstance(stop, UsageError)
