"""Kinds behind the strict xfails mended in the eleventh session (issue 30), each tested on a
neighbour no round names (the rounds test the datasets themselves):

- a headerless tab-separated table some of whose rows carry a few more cells at their end than its
  first row (STS Benchmark's source columns on later years' rows): read at the first row's columns
  (each such row was a reject, exit 1); a row whose extra cells are words, a text cut at a tab,
  stays a reject (read at the first row's width its text would be cut short with exit 0);
- the two sides of a parallel corpus (`<stem>.<lang>` beside `<stem>.<lang>`, Multi30k's `train.de`
  and `train.en`): a sentence pair a line, the first side's line the text and the other's its pair
  (the run stopped naming `paste`); sides of other lengths, or three sides of one stem, stop before
  writing;
- a JSON-lines table's labels in a file of their own named after it (PIQA's `train-labels.lst`):
  line i labels row i (the run stopped saying they were not read); files that do not agree line for
  line (a blank line inside) are one reject, no row written with another's label;
- JSON-lines tables beside the images, named by split words, keyed by a column naming the images
  (Hateful Memes' `data/train.jsonl`, `dev.jsonl`, `test.jsonl`): read as the CSV tables are, each
  its split's labels, the one without labels an unlabelled split (the run stopped saying the labels
  may be there); tables whose keys repeat across splits still stop;
- one JSON document per image in a folder mirroring the images' (`box_formats.PER_IMAGE_JSON`:
  FUNSD's `annotations/<id>.json` `form` entities, DeepFashion2's `annos/<id>.json` `item1`,
  `item2`...): each image's objects, its labels their classes (the run stopped naming the files as
  labels it does not read); documents whose boxes are not corners in order stay unread (a stop);
- per-image files of sentences, PASCAL Annotation Version 1.00 (VOC 2005's and INRIA Person's
  `annotations/<stem>.txt`, Latin-1): each `Bounding box for object N "class" ...` line an object (the
  run stopped naming the files as a format no reader reads); a box line of another shape is its
  image's reject, never an image written without that box. `.lst` lists beside the images are
  auxiliary (INRIA's `Train/pos.lst` was an input, rejected as no image).

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import SourceError, UsageError

_PAIRS = [("A dog runs on the beach.", "A dog is running on sand."), ("Two men play chess.", "Two people play a board game."),
          ("A woman slices an onion.", "Someone is cutting an onion."), ("The train leaves at noon.", "A bus arrives late."),
          ("Kids swim in a lake.", "Children are swimming outdoors."), ("A cat sleeps on a sofa.", "A cat is napping.")]


def _paraphrase_rows(extra: dict[int, list[str]]) -> str:
    """A headerless `source<TAB>id<TAB>score<TAB>sentence1<TAB>sentence2` table, row i with `extra[i]` appended."""
    return "".join("\t".join([("news", "captions")[i % 2], f"{i + 1:04d}", f"{i * 0.8:.2f}", a, b, *extra.get(i, [])]) + "\n"
                   for i, (a, b) in enumerate(_PAIRS))


def test_a_headerless_tab_tables_appended_token_cells_are_read_at_its_columns(tmp_path: Path) -> None:
    write_file(tmp_path / "src/pairs/train.tsv", _paraphrase_rows({2: ["2019", "forum-posts"], 4: ["2020", "q-and-a"]}))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"pairs/train.tsv:{i}": pair for i, pair in enumerate(_PAIRS)}


def test_a_headerless_rows_extra_words_after_a_tab_stay_a_reject(tmp_path: Path) -> None:
    """Its twin: the second sentence of row 3 holds a tab; what follows is words, not a token."""
    write_file(tmp_path / "src/pairs/train.tsv", _paraphrase_rows({3: ["and then it rains."]}))
    out = convert(tmp_path / "src", tmp_path / "out")
    got = written_records(out)
    assert sorted(got["texts"].values()) == sorted(pair for i, pair in enumerate(_PAIRS) if i != 3)
    rejects = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert [(r["row"], r["reason"]) for r in rejects] == [(4, "6 fields where the first row has 5")]


_EUROPARL = [("Resumption of the session", "Reprise de la session"), ("I declare the session resumed", "Je declare la session reprise"),
             ("Please rise for a minute", "Je vous invite a vous lever"), ("The minutes were approved", "Le proces-verbal est adopte")]


def _sides(root: Path, pairs: list[tuple[str, str]], stem: str = "europarl-v7.fr-en", sides: tuple[str, ...] = ("en", "fr")) -> Path:
    for index, side in enumerate(sides):
        write_file(root / f"{stem}.{side}", "".join(pair[min(index, 1)] + "\n" for pair in pairs))
    write_file(root / "README", "Europarl v7, sentence aligned.\n")
    return root


def test_the_sides_of_a_parallel_corpus_are_read_a_sentence_pair_a_line(tmp_path: Path) -> None:
    """Europarl's `europarl-v7.fr-en.en` beside `.fr`: each line the English text and its French pair."""
    out = convert(_sides(tmp_path / "src", _EUROPARL), tmp_path / "out", max_rejects="0")
    got = written_records(out)
    assert got["texts"] == {f"europarl-v7.fr-en.en:{i}": pair for i, pair in enumerate(_EUROPARL)}
    assert {split for split, _ in got["records"].values()} == {"train"}


def test_sides_of_other_lengths_stop_before_writing(tmp_path: Path) -> None:
    """Its twin: a line lost from one side shifts every pair after it: a stop naming both files."""
    src = _sides(tmp_path / "src", _EUROPARL)
    write_file(src / "europarl-v7.fr-en.fr", "".join(fr + "\n" for _, fr in _EUROPARL[1:]))
    with pytest.raises(UsageError, match=r"europarl-v7\.fr-en\.en has 4 lines and europarl-v7\.fr-en\.fr 3"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_three_sides_of_one_stem_are_no_pair(tmp_path: Path) -> None:
    """Its twin: `.de`, `.en` and `.fr` of one stem: which two make a record is no guess to make."""
    src = _sides(tmp_path / "src", _EUROPARL, stem="newstest", sides=("de", "en", "fr"))
    with pytest.raises(UsageError, match=r"sides of a parallel corpus"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_REVIEWS = [("a warm and funny film", "pos"), ("dull, slow and far too long", "neg"), ("I would watch it again", "pos"),
            ("the plot never goes anywhere", "neg"), ("fine acting; a weak script", "neg"), ("a joy from start to end", "pos")]


def _reviews(root: Path, table: str = "") -> Path:
    write_file(root / "reviews.jsonl", table or "".join(json.dumps({"id": i, "review": t}) + "\n" for i, (t, _) in enumerate(_REVIEWS)))
    write_file(root / "reviews_labels.txt", "".join(y + "\n" for _, y in _REVIEWS))
    return root


def test_a_json_lines_tables_labels_file_labels_its_rows_line_by_line(tmp_path: Path) -> None:
    got = written_records(convert(_reviews(tmp_path / "src"), tmp_path / "out", max_rejects="0"))
    assert {rid: (labels, got["texts"][rid]) for rid, (_, labels) in got["records"].items()} == {
        f"reviews.jsonl:{i}": (frozenset({y}), t) for i, (t, y) in enumerate(_REVIEWS)}


def test_a_labels_file_that_does_not_agree_line_for_line_labels_no_row(tmp_path: Path) -> None:
    """Its twin: a row of the table left blank (its label still a line of the labels file, the
    counts of filled lines agreeing once a row is added at the end): which label is whose cannot be
    told, and the table is one reject."""
    rows = [json.dumps({"id": i, "review": t}) for i, (t, _) in enumerate(_REVIEWS)]
    rows[2] = ""
    table = "\n".join(rows) + "\n" + json.dumps({"id": 9, "review": "an extra row at the end"}) + "\n"
    with pytest.raises(SourceError, match=r"line 3 is blank: which label is its cannot be told"):
        run_conversion(ConvertConfig(str(_reviews(tmp_path / "src", table)), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_BIRDS = {"train": [("0001", "wren"), ("0002", "robin"), ("0003", "wren"), ("0004", "finch")],
          "val": [("0005", "robin"), ("0006", "finch")], "test": [("0007", None), ("0008", None)]}


def _bird_tables(root: Path, repeat: bool = False) -> Path:
    for split, rows in _BIRDS.items():
        if repeat and split == "val":
            rows = [(_BIRDS["train"][0][0], "robin"), *rows[1:]]
        lines = [json.dumps({"uid": 48000 + int(stem), "photo": f"photos/{stem}.jpg", **({"category": y} if y else {})}) for stem, y in rows]
        write_file(root / f"{split}.jsonl", "\n".join(lines) + "\n")
    for rows in _BIRDS.values():
        for stem, _ in rows:
            write_file(root / f"photos/{stem}.jpg", image_bytes(seed=int(stem)))
    return root


def test_json_lines_tables_named_by_splits_label_and_split_the_images(tmp_path: Path) -> None:
    got = written_records(convert(_bird_tables(tmp_path / "src"), tmp_path / "out", max_rejects="0"))
    assert got["records"] == {f"photos/{stem}.jpg": ({"val": "validation"}.get(split, split), frozenset({y}) if y else None)
                              for split, rows in _BIRDS.items() for stem, y in rows}


def test_json_lines_tables_whose_keys_repeat_across_splits_stop(tmp_path: Path) -> None:
    """Its twin: photo 0001 in train.jsonl as a wren and in val.jsonl as a robin: no one split and label."""
    with pytest.raises(UsageError, match=r"both name the key 'photos/0001\.jpg': an input in two splits"):
        run_conversion(ConvertConfig(str(_bird_tables(tmp_path / "src", repeat=True)), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_RECEIPTS = {"train": {"r001": ["header", "question", "answer"], "r002": ["question", "answer", "other"]},
             "test": {"r101": ["question", "answer"]}}


def _receipts(root: Path, corners: bool = True) -> Path:
    for split, images in _RECEIPTS.items():
        for stem, labels in images.items():
            form = [{"id": k, "text": f"FIELD {k}", "label": label, "linking": [],
                     "box": [2 + k, 3 + k, 20 + k, 9 + k] if corners else [20 + k, 3 + k, 6, 6]} for k, label in enumerate(labels)]
            write_file(root / f"{split}/annotations/{stem}.json", json.dumps({"form": form}, indent=2))
            write_file(root / f"{split}/images/{stem}.png", image_bytes(fmt="PNG", size=(40, 30), seed=len(stem)))
    return root


def test_per_image_json_annotations_give_each_image_its_objects(tmp_path: Path) -> None:
    """Scanned receipts annotated in FUNSD's format, under split folders (not FUNSD's `<split>_data/`)."""
    got = written_records(convert(_receipts(tmp_path / "src"), tmp_path / "out", max_rejects="0"))
    assert got["records"] == {f"{split}/images/{stem}.png": (split, frozenset(labels))
                              for split, images in _RECEIPTS.items() for stem, labels in images.items()}
    assert got["objects"] == {f"{split}/images/{stem}.png": labels for split, images in _RECEIPTS.items() for stem, labels in images.items()}


def test_per_image_json_whose_boxes_are_not_corners_is_not_read_so(tmp_path: Path) -> None:
    """Its twin: the same documents with `[x, y, w, h]` boxes (x2 < x1 in every box): no format of the
    table, so not read with the wrong convention; the run stops as before, naming the files."""
    with pytest.raises(UsageError, match=r"annotations"):
        run_conversion(ConvertConfig(str(_receipts(tmp_path / "src", corners=False)), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


_TUGRAZ = {"carsgraz_001": [("PAScarSide", (3, 4, 30, 20))], "carsgraz_002": [("PAScarSide", (1, 2, 20, 12)), ("PASbicycle", (22, 5, 36, 25))],
           "bikes_003": [("PASbicycle", (5, 5, 25, 28))]}


def _pascal_1(stem: str, boxes: list, odd: bool = False) -> bytes:
    lines = ["# PASCAL Annotation Version 1.00", "", f'Image filename : "TUGraz/{stem}.png"', "Image size (X x Y x C) : 40 x 30 x 3",
             'Database : "The TU Graz-02 Database (Graz, \u00d6sterreich)"',
             f"Objects with ground truth : {len(boxes)} {{ {' '.join(chr(34) + c + chr(34) for c, _ in boxes)} }}", ""]
    for n, (name, (x1, y1, x2, y2)) in enumerate(boxes, 1):
        box = f"({x1}, {y1}, {x2}, {y2})" if odd else f"({x1}, {y1}) - ({x2}, {y2})"
        lines += [f'# Details for object {n} ("{name}")', f'Original label for object {n} "{name}" : "{name}"',
                  f'Bounding box for object {n} "{name}" (Xmin, Ymin) - (Xmax, Ymax) : {box}', ""]
    return "\n".join(lines).encode("latin-1")


def _tugraz(root: Path, odd: str = "") -> Path:
    for stem, boxes in _TUGRAZ.items():
        write_file(root / f"TUGraz/annotations/{stem}.txt", _pascal_1(stem, boxes, odd=stem == odd))
        write_file(root / f"TUGraz/images/{stem}.png", image_bytes(fmt="PNG", size=(40, 30), seed=len(stem)))
    write_file(root / "TUGraz/images.lst", "".join(f"TUGraz/images/{stem}.png\n" for stem in _TUGRAZ))
    return root


def test_pascal_1_annotations_give_each_image_its_objects(tmp_path: Path) -> None:
    got = written_records(convert(_tugraz(tmp_path / "src"), tmp_path / "out", max_rejects="0"))
    assert got["objects"] == {f"TUGraz/images/{stem}.png": [c for c, _ in boxes] for stem, boxes in _TUGRAZ.items()}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"TUGraz/images/{stem}.png": frozenset(c.casefold() for c, _ in boxes) for stem, boxes in _TUGRAZ.items()}


def test_a_pascal_1_box_line_of_another_shape_rejects_its_image(tmp_path: Path) -> None:
    """Its twin: carsgraz_002's box lines give the four numbers in one pair of brackets."""
    out = convert(_tugraz(tmp_path / "src", odd="carsgraz_002"), tmp_path / "out")
    assert set(written_records(out)["records"]) == {"TUGraz/images/carsgraz_001.png", "TUGraz/images/bikes_003.png"}
    rejects = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert [(r["path"], "is not a PASCAL Annotation 1.00 box line" in r["reason"]) for r in rejects] == [
        ("TUGraz/images/carsgraz_002.png", True)]
