"""Kinds of fault a note left alone (issue 30), each on the case that showed it, two neighbours of
documented layouts, and a twin that must not change or must stop:

- a header row with an empty cell between its names (`id<TAB><TAB>label`): read as data, its
  names became a record. Where a named column holds numbers on every row below (`id` over 1, 2,
  3), the row is the header and the gap is named as pandas names it (`Unnamed: 1`); where none
  does, whether it is a header cannot be told and the table is refused naming `--header`;
- a split list of short numeric ids (`001` naming `001.jpg`): `recognise` leaves numbers of three
  digits or fewer to content, and the list was unread (test images in train, exit 0); now one column
  of short numbers, each once, naming the inputs as written, is a split list;
- an image no annotation file names, where the files list every image they annotate (FDDB's
  ellipse lists, a JSON document of images, VOC's XML per JPEG): written without objects with
  exit 0 before, a reject naming the files now; YOLO's, box tables' and sequence XMLs' documented
  "no file or row: no objects" stays;
- a sequence XML counting frames from 1 over files counted from 0 (`img00000.jpg`): every box on
  the frame before its own. The files' base and the document's first frame decide the shift; files
  from 0 under a document whose first frame tells no base stop.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_report
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records

# ---- a header with an empty cell between its names -----------------------------------------------------------

_REVIEWS = [("a slow start but a moving end", "pos"), ("dull and far too long", "neg"), ("the cast shines", "pos"),
            ("nothing happens at all", "neg")]


def _texts(out: Path) -> dict[str, tuple[str, frozenset[str] | None]]:
    got = written_records(out)
    return {got["texts"][key]: labels for key, (_, labels) in got["records"].items()}


@pytest.mark.parametrize("name, header, row", [
    # the case: an id, an unnamed text column, a label
    ("train.tsv", "id\t\tlabel", lambda i, text, label: f"{i}\t{text}\t{label}"),
    # a neighbour: a comma table of review id, rating and text, the text column unnamed (a spreadsheet export)
    ("reviews.csv", "review_id,rating,,sentiment", lambda i, text, label: f"r{i},{4 if label == 'pos' else 1},\"{text}\",{label}"),
    # a neighbour: SST-2's `sentence<TAB>label` behind a numbered index column whose name was lost in the middle
    ("dev.tsv", "index\t\tsentence\tlabel", lambda i, text, label: f"{i}\t{i * 10}\t{text}\t{label}"),
])
def test_a_header_with_a_gap_is_the_header(tmp_path: Path, name: str, header: str, row) -> None:
    lines = [header] + [row(i, text, label) for i, (text, label) in enumerate(_REVIEWS)]
    write_file(tmp_path / "src" / name, "\n".join(lines) + "\n")
    out = convert(tmp_path / "src", tmp_path / "out", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for text, label in _REVIEWS}


def test_a_headerless_row_with_a_gap_stays_data(tmp_path: Path) -> None:
    """The twin: GLUE CoLA's headerless in_domain_train.tsv (source, label, an empty column, sentence):
    its first row is data, a record like the others."""
    rows = [("gj04", "1", "Our friends won't buy this analysis, let alone the next one we propose."),
            ("gj04", "1", "One more pseudo generalization and I'm giving up."),
            ("gj04", "0", "They drank the pub."), ("cj99", "0", "The more you eat, the more fatter you get.")]
    write_file(tmp_path / "src" / "in_domain_train.tsv", "".join(f"{s}\t{label}\t\t{text}\n" for s, label, text in rows))
    out = convert(tmp_path / "src", tmp_path / "out", text_column="4", label_column="2", max_rejects="0")
    assert _texts(out) == {text: frozenset({label}) for _, label, text in rows}


def test_a_header_with_a_gap_over_words_alone_is_refused(tmp_path: Path) -> None:
    """The ambiguous twin: `Hamlet<TAB><TAB>Shakespeare` over rows of words only: a header, or a first
    row of data whose middle cell is missing, cannot be told; the table is refused naming --header,
    never read with its first row as a record. (It was `question<TAB><TAB>answer`, names the
    vocabulary of column names holds: read as the header now, tests/inputs/test_header_gaps.py.)"""
    rows = ["Hamlet\t\tShakespeare", "Emma\tthe book\tAusten", "Faust\tthe play\tGoethe"]
    write_file(tmp_path / "src" / "qa.tsv", "\n".join(rows) + "\n")
    with pytest.raises(Exception) as refused:
        convert(tmp_path / "src", tmp_path / "out")
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert any("--header" in r["reason"] for r in rejected), (rejected, refused.value)


# ---- split lists of short numeric ids ---------------------------------------------------------------------------


def _numbered_classes(root: Path, stems: dict[str, str]) -> None:
    for k, (stem, cls) in enumerate(stems.items()):
        write_file(root / cls / f"{stem}.jpg", image_bytes(seed=k))


_STEMS = {f"{n:03d}": ("cat" if n % 2 else "dog") for n in range(1, 9)}


@pytest.mark.parametrize("lists", [
    # the case: train.csv and test.csv of one column of ids, as NWPU VHR-10's numbered images are named
    {"train.csv": "001\n002\n003\n004\n005\n006\n", "test.csv": "007\n008\n"},
    # a neighbour: the same ids in .txt lists with a validation list, as Caltech-style split files
    {"train.txt": "001\n002\n003\n004\n", "val.txt": "005\n006\n", "test.txt": "007\n008\n"},
    # a neighbour: a headed list (`id` over the ids), ids of two digits, as a spreadsheet export writes them
    {"train.csv": "id\n001\n002\n003\n004\n005\n", "test.csv": "id\n006\n007\n008\n"},
])
def test_a_split_list_of_short_ids_naming_the_inputs_gives_the_splits(tmp_path: Path, lists: dict[str, str]) -> None:
    _numbered_classes(tmp_path / "src", _STEMS)
    split_of = {}
    for name, text in lists.items():
        write_file(tmp_path / "src" / name, text)
        split_of.update({stem: name.split(".")[0] for stem in text.split() if stem != "id"})
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    truth = {f"{cls}/{stem}.jpg": ({"val": "validation"}.get(split_of[stem], split_of[stem]), frozenset({cls}))
             for stem, cls in _STEMS.items()}
    assert got["records"] == truth


@pytest.mark.parametrize("train", ["1\n2\n3\n4\n5\n6\n", "1\n0\n1\n1\n0\n1\n"])
def test_short_numbers_that_name_no_input_are_no_split_list(train: str) -> None:
    """The twin: the numbers written without the files' zeros (`1` is no stem of 001.jpg), or
    repeating (values, not ids), are not read as a split list."""
    from shardify.plan import content_lists

    inputs = {stem for stem in _STEMS}
    found = content_lists.recognise_list("train.txt", train.splitlines(), lambda keys: sum(k in inputs for k in keys) * 2 > len(keys))
    assert found is None
    assert content_lists.recognise_list("train.txt", ["001", "002"], lambda keys: all(k in inputs for k in keys)).split == "train"


# ---- images no annotation file names -------------------------------------------------------------------------


def _judged(out: Path) -> tuple[dict, dict[str, str]]:
    got = written_records(out)
    objects = {path: sorted(names) for path, names in got["objects"].items()}
    return objects, {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}


def test_a_photo_outside_fddbs_ellipse_lists_is_a_reject(tmp_path: Path) -> None:
    """The case: FDDB's originalPics/ holds photos no fold's ellipse list names (2,845 of 28,204 are
    annotated): they were written as face-less photos, exit 0."""
    from helpers.unseen11 import SPECS
    from helpers.unseen4 import build

    build(SPECS["fddb"], tmp_path / "src")
    write_file(tmp_path / "src" / "originalPics/2002/08/11/big/img_999.jpg", image_bytes(seed=99))
    write_file(tmp_path / "src" / "originalPics/2003/01/01/big/img_7.jpg", image_bytes(seed=98))
    objects, rejected = _judged(convert(tmp_path / "src", tmp_path / "out"))
    assert set(rejected) == {"originalPics/2002/08/11/big/img_999.jpg", "originalPics/2003/01/01/big/img_7.jpg"}
    assert all("FDDB-folds/FDDB-fold-01-ellipseList.txt" in why for why in rejected.values()), rejected
    assert len(objects) == 5 and all(names and set(names) == {"face"} for names in objects.values())


def test_a_jpeg_without_its_voc_xml_is_a_reject(tmp_path: Path) -> None:
    """A neighbour: Pascal VOC's Annotations/ holds an XML per JPEG of JPEGImages/ (those without
    objects too); a JPEG without one is outside the annotated set."""
    for n, name in ((1, "dog"), (2, "cat"), (3, "dog")):
        stem = f"2008_{n:06d}"
        write_file(tmp_path / "src/VOC2012/JPEGImages" / f"{stem}.jpg", image_bytes(seed=n))
        write_file(tmp_path / "src/VOC2012/Annotations" / f"{stem}.xml",
                   f"<annotation><filename>{stem}.jpg</filename><size><width>24</width><height>16</height><depth>3</depth>"
                   f"</size><object><name>{name}</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>5</xmax><ymax>6</ymax>"
                   "</bndbox></object></annotation>")
    write_file(tmp_path / "src/VOC2012/JPEGImages/2008_000099.jpg", image_bytes(seed=9))
    objects, rejected = _judged(convert(tmp_path / "src", tmp_path / "out"))
    assert list(rejected) == ["VOC2012/JPEGImages/2008_000099.jpg"] and "VOC2012/Annotations/" in rejected["VOC2012/JPEGImages/2008_000099.jpg"]
    assert objects == {"VOC2012/JPEGImages/2008_000001.jpg": ["dog"], "VOC2012/JPEGImages/2008_000002.jpg": ["cat"],
                       "VOC2012/JPEGImages/2008_000003.jpg": ["dog"]}


def test_an_image_outside_a_json_document_of_images_is_a_reject(tmp_path: Path) -> None:
    """A neighbour: TT100K's annotations.json lists its images, those of no sign too (`507`, []);
    an image it does not list is a reject, the listed one without objects a record."""
    from test_round_eleven_kinds import _sign_document

    signs = _sign_document(tmp_path / "src")
    write_file(tmp_path / "src/signs/train/999.jpg", image_bytes(seed=99))
    objects, rejected = _judged(convert(tmp_path / "src", tmp_path / "out"))
    assert list(rejected) == ["signs/train/999.jpg"] and "signs/annotations.json" in rejected["signs/train/999.jpg"]
    assert objects == {path: sorted(cats) for path, cats in signs.items()}


def test_images_without_a_yolo_file_or_a_box_row_keep_no_objects(tmp_path: Path) -> None:
    """The twins: YOLO documents an image without its .txt as one of no object, and a table of a
    row per box (Global Wheat's train.csv) has no row for an image of none: records without
    objects, no reject."""
    for n in range(1, 4):
        write_file(tmp_path / "yolo/images/train" / f"{n}.jpg", image_bytes(seed=n))
        write_file(tmp_path / "yolo/labels/train" / f"{n}.txt", "0 0.5 0.5 0.25 0.25\n")
    write_file(tmp_path / "yolo/images/train/9.jpg", image_bytes(seed=9))
    write_file(tmp_path / "yolo/data.yaml", "path: .\ntrain: images/train\nnames:\n  0: person\n")
    objects, rejected = _judged(convert(tmp_path / "yolo", tmp_path / "out-yolo"))
    assert rejected == {} and objects == {**{f"images/train/{n}.jpg": ["person"] for n in range(1, 4)}, "images/train/9.jpg": []}

    rows = ["image_id,width,height,bbox,source"]
    for n, image in enumerate(("b53afdf5c", "7b72ea0fb", "91c9d9c38")):
        write_file(tmp_path / "wheat/train" / f"{image}.jpg", image_bytes(seed=n))
        if image != "91c9d9c38":  # no wheat head: no row
            rows.append(f'{image},24,16,"[1.0, 2.0, 5.0, 6.0]",usask_1')
    write_file(tmp_path / "wheat/train.csv", "\n".join(rows) + "\n")
    objects, rejected = _judged(convert(tmp_path / "wheat", tmp_path / "out-wheat"))
    assert rejected == {} and objects == {"train/b53afdf5c.jpg": ["wheat_head"], "train/7b72ea0fb.jpg": ["wheat_head"], "train/91c9d9c38.jpg": []}


# ---- a sequence XML counting frames from another base than its files -------------------------------------------


def _sequence(root: Path, name: str, frames: list[list[str]], *, listed_from: int, files_from: int, skip: int = 0) -> dict[str, list[str]]:
    """UA-DETRAC's shape (`Insight-MVT_Annotation_Train/<seq>/img<n:05d>.jpg`, `DETRAC-Train-Annotations-XML/<seq>.xml`)
    with the frames' files numbered from `files_from` and the document's from `listed_from`; the first
    `skip` frames hold no target and are left out of the document, as DETRAC's files leave them."""
    truth, body = {}, []
    for k, types in enumerate(frames):
        path = f"Insight-MVT_Annotation_Train/{name}/img{k + files_from:05d}.jpg"
        write_file(root / path, image_bytes(seed=k + len(name)))
        truth[path] = [] if k < skip else types
        if k < skip:
            continue
        targets = "".join(f'<target id="{j + 1}"><box left="{1.5 + j}" top="2.25" width="5.5" height="4.75"/>'
                          f'<attribute vehicle_type="{t}"/></target>' for j, t in enumerate(types))
        body.append(f'<frame density="{len(types)}" num="{k + listed_from}"><target_list>{targets}</target_list></frame>')
    write_file(root / f"DETRAC-Train-Annotations-XML/{name}.xml",
               f'<?xml version="1.0" encoding="utf-8"?>\n<sequence name="{name}">\n' + "\n".join(body) + "\n</sequence>\n")
    return truth


_FRAMES = [["car"], ["car", "van"], ["bus"], ["van", "van"]]


@pytest.mark.parametrize("listed_from, files_from", [(1, 0), (0, 1), (1, 1)])
def test_frames_are_paired_with_their_files_whatever_each_counts_from(tmp_path: Path, listed_from: int, files_from: int) -> None:
    """The case (frames from 1, files from 0: `img00000.jpg` exists), its mirror (frames from 0 over
    UA-DETRAC's files from 1) and UA-DETRAC's own (both from 1), two sequences each, one with its first
    frame left out where the files count from 1."""
    truth = _sequence(tmp_path / "src", "MVI_20011", _FRAMES, listed_from=listed_from, files_from=files_from)
    truth |= _sequence(tmp_path / "src", "MVI_20012", _FRAMES[:3], listed_from=listed_from, files_from=files_from,
                       skip=1 if files_from == 1 and listed_from == 1 else 0)
    objects, rejected = _judged(convert(tmp_path / "src", tmp_path / "out"))
    assert rejected == {}
    assert objects == {path: sorted(types) for path, types in truth.items()}


def test_files_from_zero_under_frames_that_tell_no_base_stop(tmp_path: Path) -> None:
    """The ambiguous twin: files from 0 and a document whose first listed frame is 2 (frames of no
    target left out): frame 2 is the second file or the third; the run stops naming both files."""
    from shardify.errors import UsageError

    _sequence(tmp_path / "src", "MVI_39031", _FRAMES, listed_from=0, files_from=0, skip=2)
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "src", tmp_path / "out")
    assert "MVI_39031.xml" in str(refused.value) and "img00000.jpg" in str(refused.value), str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
