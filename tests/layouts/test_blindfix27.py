"""The exit 1 and the wrong exit 0 behind it of blind round twenty-seven (tests/helpers/blind27.py), mended by
kind: each case, a neighbour not in the batch, and a hostile twin that must convert as before.

(The brief named this file test_blindfix26.py; blind26's branch holds a file of that name, so this one is
test_blindfix27.py, for the merge.)

- a path in a text file that names no folder ('./00001.jpg', a URL's '//host/data.') crashed the check of
  folders listed one by one (IceVisionSet's annotations/README.md: IndexError in listed_folders._listed, exit 1);
  a URL is no file of SRC and a path of one part names no folder;
- behind that crash, folders mirrored image by image by unread per-image tables of boxes under another folder
  were written as the images' classes with exit 0 (IceVisionSet's images/<sequence>/<frame>.jpg beside
  annotations/training/<sequence>/<frame>.tsv); they stop, as per-image JSON documents did
  (beam_jobs/discover/mirror_documents.py).

And one useless stop mended: a stop over text folders whose every input is a CSV or TSV table names
`--layout tables` (HumAID's events_set1/<event>/<event>_<split>.tsv: the stop had named only folder levels, which
write the tables as texts or none of their rows; beam_jobs/discover/guards._tables_hint).
"""

from __future__ import annotations

import doctest
from pathlib import Path

from helpers.blind27 import DATASETS, FOLLOW
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import read_shard
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import guards, mirror_documents
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _labels(out: Path) -> dict[str, list[str]]:
    """{file name: its label texts} of every record written."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.LABEL_TEXT, [])
                found[record[contract.IMAGE_FILENAME].decode()] = [
                    v.decode() if isinstance(v, bytes) else str(v) for v in (value if isinstance(value, list) else [value])]
    return found


# ------------------------------------------------------------------------------------------------
# Paths that name no folder in a file beside class folders
# ------------------------------------------------------------------------------------------------

def _pets(root: Path, notes: str) -> None:
    for cls in ("cat", "dog"):
        for n in range(3):
            _image(root / cls / f"{cls}{n}.jpg", f"{cls}{n}")
    _text(root / "notes.txt", notes)


def test_a_neighbour_with_paths_of_no_folder_and_a_url_converts_without_a_crash(tmp_path: Path) -> None:
    # lines naming './<file>' (one part once stripped) and a URL ('http://host/data.'): no folder of SRC named
    _pets(tmp_path / "src", "Images come from http://pets.example.org/data.\n./00001.jpg 12 15 40 44\n./00002.jpg 3 3 9 9\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == {f"{c}/{c}{n}.jpg": [c] for c in ("cat", "dog") for n in range(3)}


def test_the_twin_whose_lines_box_the_class_folders_images_still_stops(tmp_path: Path) -> None:
    # the same file naming the folders' images one by one with boxes: the check still sees them
    _pets(tmp_path / "src", "".join(f"./{c}/{c}{n}.jpg 12 15 40 44\n" for c in ("cat", "dog") for n in range(3)))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "notes.txt names the images of cat, dog one by one" in said and "--label-level 0" in said


# ------------------------------------------------------------------------------------------------
# Folders mirrored by per-image tables of boxes
# ------------------------------------------------------------------------------------------------

def test_icevision_converts_right_its_tables_read_as_the_frames_objects(tmp_path: Path) -> None:
    # (it stopped here naming the tables and the sequence folders until readers27a read IceVision's header rows:
    # shardify/plan/header_box_rows.py; the neighbours below, tables of no known header, still stop)
    truth = DATASETS["icevision"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _flights(root: Path, row: str, every: int = 1, flights: tuple[str, ...] = ("flight_a", "flight_b")) -> None:
    """frames/<flight>/<n>.png, every `every`-th with gt/<flight>/<n>.txt holding `row` twice (a box a row)."""
    for flight in flights:
        for n in range(3 * every):
            _image(root / "frames" / flight / f"{n:04d}.png", f"{flight}{n}")
            if n % every == 0:
                _text(root / "gt" / flight / f"{n:04d}.txt", f"{row}\n{row}\n")


def test_a_neighbour_of_flight_folders_mirrored_by_box_rows_stops(tmp_path: Path) -> None:
    # a drone set: each frame's boxes 'x,y,w,h,score,category' in gt/<flight>/<n>.txt, one folder level shared
    _flights(tmp_path / "src", "684,8,273,116,0,0")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "flight_a, flight_b" in said and "gt/flight_a/0000.txt" in said


def test_a_neighbour_annotated_one_frame_in_four_stops_too(tmp_path: Path) -> None:
    # boxes for every fourth frame only (videos are annotated sparsely): the folders are still no classes
    _flights(tmp_path / "src", "684,8,273,116,0,0", every=4)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "flight_a, flight_b" in said and "gt/flight_a/0000.txt" in said


def test_the_twin_with_box_tables_for_one_folder_of_four_converts_as_before(tmp_path: Path) -> None:
    # only flight_a's frames have box tables elsewhere; flight_b .. flight_d none: the folders stay classes
    _flights(tmp_path / "src", "684,8,273,116,0,0", flights=("flight_a",))
    for flight in ("flight_b", "flight_c", "flight_d"):
        for n in range(3):
            _image(tmp_path / "src" / "frames" / flight / f"{n:04d}.png", f"{flight}{n}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert {labels[0] for labels in _labels(tmp_path / "out").values()} == {"flight_a", "flight_b", "flight_c", "flight_d"}


def test_the_twin_whose_mirrored_texts_hold_words_converts_as_before(tmp_path: Path) -> None:
    # the same tree, each .txt a sentence about the frame: no rows of numbers, no annotation of boxes
    _flights(tmp_path / "src", "a grey car passes the gate")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert sorted(_labels(tmp_path / "out")) == [f"frames/{f}/{n:04d}.png" for f in ("flight_a", "flight_b") for n in range(3)]


# ------------------------------------------------------------------------------------------------
# Text folders whose inputs are tables
# ------------------------------------------------------------------------------------------------

def test_humaid_stops_naming_layout_tables_which_converts_it_right(tmp_path: Path) -> None:
    truth = DATASETS["humaid"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--layout tables to read the tables in events_set1/canada_wildfires_2016/" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW["humaid"]))
    assert_right(truth, tmp_path / "followed")


def _reviews(root: Path, ext: str) -> None:
    """part2/<domain>/<domain>_<split>.<ext>: tables 'id,review,label' (ext csv), or one review a file (ext txt),
    beside part2/terms_of_use.txt and part2/citation.txt (two texts no name marks as documentation)."""
    _text(root / "part2" / "terms_of_use.txt", "The reviews may be used for research only; do not redistribute them.\n")
    _text(root / "part2" / "citation.txt", "Please cite: Reviews of two domains, 2021.\n")
    for domain in ("books", "kitchen"):
        for split in ("train", "test"):
            if ext == "csv":
                rows = ["id,review,label"] + [f"{i},the {domain} item number {i} was fine,{('positive', 'negative')[i % 2]}"
                                              for i in range(3)]
                _text(root / "part2" / domain / f"{domain}_{split}.csv", "\n".join(rows) + "\n")
            else:
                for i in range(2):
                    _text(root / "part2" / domain / f"{domain}_{split}_{i}.txt", f"the {domain} item number {i} was fine\n")


def test_a_neighbour_of_review_tables_in_domain_folders_names_layout_tables(tmp_path: Path) -> None:
    _reviews(tmp_path / "src", "csv")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--layout tables to read the tables in part2/books/, part2/kitchen/" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), layout="tables"))
    records = written_records(tmp_path / "followed")["records"]
    assert len(records) == 12 and records["part2/books/books_train.csv:1"] == ("train", frozenset({"negative"}))


def test_the_twin_of_one_text_a_file_converts_as_before(tmp_path: Path) -> None:
    # one review a .txt file in the domain folders: texts labelled by their domain, no table to offer
    _reviews(tmp_path / "src", "txt")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in records.items() if rid.count("/") == 2} == {
        f"part2/{d}/{d}_{s}_{i}.txt": frozenset({d}) for d in ("books", "kitchen") for s in ("train", "test") for i in range(2)}


def test_the_module_doctests() -> None:
    assert doctest.testmod(mirror_documents).failed == 0 and doctest.testmod(guards).failed == 0
