"""Kinds of fault the twelfth, blind round found (issue 30), each on an unnamed neighbour beside a
hostile or ambiguous twin that must not change (the named datasets are in test_blind_round_twelve.py):

- an `.npz` array file whose arrays say no split (`images`/`labels`, `x`/`y`) was train whatever
  its file name said (CMATERdb's `testing-images.npz`: test merged into train, exit 0); it takes
  its name's split now, as `.mat`, `.h5` and `.npy` files did; arrays that name a split keep theirs;
- a table whose label column was chosen by a name that does not decide alone (`target`,
  `sentiment`, `category`) beside another column named as a label (SemEval-2016 stance's `Target`,
  the topic, beside `Stance` and `Sentiment`) was written with the first as the label, exit 0; it
  stops naming the columns and `--label-column`. A column named `label` still decides;
- class folders named for what they hold (`veg200_images/`, `fru92_images/`) over folders of
  inputs were written as the few labels (VegFru, exit 0): they stop naming the deeper level; one
  `images/` folder above the splits' class folders stays a container, never a class;
- numbered folders over numbered folders (Herbarium 2020's `images/000/07/`, an index spreading the
  files) were written as classes (`000`), exit 0: they stop naming `--labels FILE`; numbered class
  folders holding the files (`0/`, `1/`) stay the classes;
- COCO-like classification files one per split folder (Herbarium 2020's `train/metadata.json`,
  `test/metadata.json`: images, annotations with a category and no box, categories) were not read;
  they give their split folder's labels now, the numbered folders unread. Two that name the same
  path (each relative to its own folder) stop: the join cannot tell whose image a row is;
- per-image box files of `x1 y1 x2 y2 1` (CARPK's, the class a trailing number) in `Annotations/`
  were read as WiderPerson's `class x1 y1 x2 y2` (x1 the class; past 5 "no class", exit 1):
  WiderPerson's files open with their count line, which they lack; they now stop naming the folder.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from helpers.cli_runs import run_shardify
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import ShardifyError, UsageError


def _npz(**arrays: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _digits(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (n, 8, 8), dtype=np.uint8)


# ---- an array file's name gives its split --------------------------------------------------------------


def test_unsplit_arrays_take_the_split_their_file_name_gives(tmp_path: Path) -> None:
    root = tmp_path / "glyphs"
    write_file(root / "arrays/glyphs_train_set.npz", _npz(x=_digits(4, 1), y=np.array([1, 0, 2, 1])))
    write_file(root / "arrays/glyphs_test_set.npz", _npz(x=_digits(3, 2), y=np.array([2, 2, 0])))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert got == {**{f"arrays/glyphs_train_set.npz#x:{i}": ("train", frozenset({str(v)})) for i, v in enumerate([1, 0, 2, 1])},
                   **{f"arrays/glyphs_test_set.npz#x:{i}": ("test", frozenset({str(v)})) for i, v in enumerate([2, 2, 0])}}


def test_arrays_that_name_their_split_keep_it_whatever_the_file_is_called(tmp_path: Path) -> None:
    # hostile twin: a file named for the train split whose arrays are Keras' x_train / x_test
    root = tmp_path / "glyphs"
    write_file(root / "training.npz", _npz(x_train=_digits(3, 3), y_train=np.array([0, 1, 0]),
                                           x_test=_digits(2, 4), y_test=np.array([1, 1])))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {k: v[0] for k, v in got.items()} == {**{f"training.npz#x_train:{i}": "train" for i in range(3)},
                                                  **{f"training.npz#x_test:{i}": "test" for i in range(2)}}


# ---- two columns named as labels -------------------------------------------------------------------------


def _table(header: str, rows: list[tuple[str, ...]]) -> str:
    return header + "\n" + "".join(",".join(r) + "\n" for r in rows)


_REVIEWS = [(f"the {w} was {a} and I would say so again to anyone", c, s)
            for w, a, c, s in (("soup", "cold", "food", "negative"), ("room", "quiet", "hotel", "positive"),
                               ("bread", "fresh", "food", "positive"), ("bed", "hard", "hotel", "negative"),
                               ("tea", "weak", "food", "negative"), ("lobby", "bright", "hotel", "positive"))]


def test_two_columns_named_as_labels_stop_naming_both(tmp_path: Path) -> None:
    root = tmp_path / "reviews"
    write_file(root / "train.csv", _table("review,category,sentiment", _REVIEWS))
    with pytest.raises(ShardifyError, match=r"'category' is named like a label, but 'sentiment'.*--label-column"):
        convert(root, tmp_path / "out")


def test_a_column_named_label_still_decides_beside_another_label_name(tmp_path: Path) -> None:
    # twin: `label` says it alone; `category` beside it is a feature
    root = tmp_path / "reviews"
    write_file(root / "train.csv", _table("review,category,label", _REVIEWS))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert got == {f"train.csv:{i}": ("train", frozenset({s})) for i, (_, _, s) in enumerate(_REVIEWS)}


# ---- class folders a level too high ----------------------------------------------------------------------


def _images(root: Path, paths: list[str]) -> None:
    for i, path in enumerate(paths):
        write_file(root / path, image_bytes(seed=i))


def test_container_named_class_folders_over_class_folders_stop(tmp_path: Path) -> None:
    root = tmp_path / "flowers"
    _images(root, [f"{tree}/{cls}/{n}.jpg" for tree, classes in (("garden_images", ("rose", "tulip")),
                                                                   ("wild_images", ("poppy", "daisy", "clover")))
                   for cls in classes for n in range(2)])
    with pytest.raises(UsageError, match=r"named for what they hold.*garden_images/.*--label-level 2"):
        convert(root, tmp_path / "out")


def test_one_images_folder_above_class_folders_is_still_a_container(tmp_path: Path) -> None:
    root = tmp_path / "flowers"
    paths = [f"images/{cls}/{n}.jpg" for cls in ("rose", "tulip", "poppy") for n in range(2)]
    _images(root, paths)
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {k: v[1] for k, v in got.items()} == {p: frozenset({p.split("/")[1]}) for p in paths}


def test_numbered_folders_over_numbered_folders_stop(tmp_path: Path) -> None:
    root = tmp_path / "specimens"
    _images(root, [f"train/images/{a:03d}/{b:02d}/{9000 + a * 7 + b}.jpg" for a, b in ((0, 7), (0, 12), (41, 3), (88, 50))])
    with pytest.raises(UsageError, match=r"numbers over numbered folders.*images/000/.*--labels FILE"):
        convert(root, tmp_path / "out")


def test_numbered_class_folders_holding_their_files_stay_classes(tmp_path: Path) -> None:
    root = tmp_path / "digits"
    paths = [f"{d}/{d}_{n}.png" for d in range(3) for n in range(2)]
    for i, path in enumerate(paths):
        write_file(root / path, image_bytes(fmt="PNG", seed=i))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {k: v[1] for k, v in got.items()} == {p: frozenset({p.split("/")[0]}) for p in paths}


# ---- a COCO-like classification file in each split folder ------------------------------------------------


def _specimens(root: Path, splits: dict[str, list[int]], name: str, *, shared_names: bool = False) -> dict[str, tuple]:
    """Per split folder: numbered index folders of images, and `<split>/<name>` naming them
    relative to that folder with one category each (no box). Returns the truth."""
    categories = [{"id": 12, "name": "Quercus alba"}, {"id": 407, "name": "Acer rubrum"}]
    truth = {}
    for s, (split, labels) in enumerate(splits.items()):
        images, annotations = [], []
        for i, cid in enumerate(labels):
            number = i if shared_names else 100 * s + i
            file = f"images/{cid // 100:03d}/{cid % 100:02d}/{number}.jpg"
            write_file(root / split / file, image_bytes(seed=10 * s + i))
            images.append({"id": number + 1, "file_name": file, "width": 24, "height": 16})
            annotations.append({"id": number + 1, "image_id": number + 1, "category_id": cid})
            truth[f"{split}/{file}"] = (split, frozenset({next(c["name"].lower() for c in categories if c["id"] == cid)}))
        write_file(root / split / name, json.dumps({"images": images, "annotations": annotations, "categories": categories}))
    return truth


def test_coco_classification_files_in_split_folders_label_their_images(tmp_path: Path) -> None:
    root = tmp_path / "specimens"
    truth = _specimens(root, {"train": [12, 407, 12, 407], "test": [407, 12]}, "annotations.json")
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {k: (s, frozenset(x.lower() for x in v)) for k, (s, v) in got.items()} == truth


def test_split_folders_coco_files_naming_the_same_paths_label_each_its_own(tmp_path: Path) -> None:
    # both files name images/000/12/0.jpg, each relative to its own folder: each file annotates the
    # split folder it lies in (fixes35, shardify/plan/split_annotation_folders.py), so each split's
    # images are its own; before, the run stopped naming both files
    root = tmp_path / "specimens"
    truth = _specimens(root, {"train": [12, 407], "test": [407, 12]}, "metadata.json", shared_names=True)
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {k: (s, frozenset(x.lower() for x in v)) for k, (s, v) in got.items()} == truth


# ---- per-image box lines whose class is a trailing number ------------------------------------------------


def _box_files(root: Path) -> None:
    boxes = {"lot_001": 3, "lot_017": 1, "lot_042": 2}
    for stem, n in boxes.items():
        write_file(root / f"data/Images/{stem}.png", image_bytes(fmt="PNG", seed=n))
        lines = "".join(f"{1 + 3 * k} {2 + k} {6 + 3 * k} {9 + k} 1\n" for k in range(n))
        write_file(root / f"data/Annotations/{stem}.txt", lines)


def test_box_lines_with_a_trailing_class_number_stop_naming_their_folder(tmp_path: Path) -> None:
    # `x1 y1 x2 y2 1` (a parking lot's cars) was read as WiderPerson's `class x1 y1 x2 y2`, x1 the
    # class: boxes labelled by their corner, or 'no class' past 5, and the run exited 1; it stopped
    # naming the folder, and now names --label-names too (the one class's name: test_one_class_boxes.py)
    root = tmp_path / "lots"
    _box_files(root)
    with pytest.raises(UsageError, match=r"data/Annotations/ holds a box a line.*--label-names"):
        convert(root, tmp_path / "out")


def test_box_lines_after_their_count_are_still_widerpersons(tmp_path: Path) -> None:
    # twin: the same folder and five numbers a line, opened by the count WiderPerson's files carry
    root = tmp_path / "people"
    boxes = {"street_1": [1, 2, 2], "street_2": [3]}
    for stem, classes in boxes.items():
        write_file(root / f"data/Images/{stem}.jpg", image_bytes(seed=len(classes)))
        lines = "".join(f"{c} {1 + 3 * k} {2 + k} {6 + 3 * k} {9 + k}\n" for k, c in enumerate(classes))
        write_file(root / f"data/Annotations/{stem}.jpg.txt", f"{len(classes)}\n{lines}")
    got = written_records(convert(root, tmp_path / "out"))
    named = {1: "pedestrians", 2: "riders", 3: "partially-visible persons"}
    assert {rid: sorted(objs) for rid, objs in got["objects"].items()} == {
        f"data/Images/{stem}.jpg": sorted(named[c] for c in classes) for stem, classes in boxes.items()}


def test_class_folders_whose_folders_repeat_their_names_stop_and_real_classes_with_an_images_folder_do_not() -> None:
    """DUTS's `DUTS-TR/DUTS-TR-Image/` and `DUTS-TE/DUTS-TE-Image/` (blind round thirteen: written as
    two labels, every image train, exit 0) are parts of the download; Tiny ImageNet's
    `n01443537/images/` beside `n01443537_boxes.txt` are classes each holding a container, which
    stay classes, as do classes whose files (not folders) repeat their names."""
    from shardify.plan import guards
    from shardify.plan.structure import infer_structure

    parts = [f"SOD-{p}/SOD-{p}_img/{i}.jpg" for p in ("A", "B", "C") for i in range(3)]
    structure, _ = infer_structure(parts)
    found = guards.find_sign(parts, structure)
    assert found is not None and found.sign == "named within", found
    assert "structure.split_names" in found.message() and "--label-level 0" in found.message()
    for classes in (
        [f"train/n0{c}/images/n0{c}_{i}.JPEG" for c in (1443537, 1629819, 1641577) for i in range(3)],
        [f"{c}/{c}_{i:04d}.jpg" for c in ("George_W_Bush", "Ann_Veneman", "Tom_Hanks") for i in range(3)],
    ):
        structure, _ = infer_structure(classes)
        found = guards.find_sign(classes, structure)
        assert found is None or found.sign != "named within", found


def test_text_files_of_a_number_a_line_stop_and_the_layout_file_they_name_converts(tmp_path: Path) -> None:
    """Web of Science's `X.txt` (an abstract a line) beside `Y.txt` (its class number a line) was
    written as one record a file, each labelled by its folder (blind round thirteen, exit 0). A
    neighbour: a corpus of `sentences.txt` beside `codes.txt` and `ids.txt` in two folders."""
    src = tmp_path / "src"
    for folder, n in (("set_a", 4), ("set_b", 3)):
        write_file(src / "corpus" / folder / "sentences.txt", "".join(f"sentence number {i} of {folder} here\n" for i in range(n)))
        write_file(src / "corpus" / folder / "codes.txt", "".join(f"{i % 2}\n" for i in range(n)))
        write_file(src / "corpus" / folder / "ids.txt", "".join(f"{1000 + i}\n" for i in range(n)))
    with pytest.raises(UsageError, match="hold a number a line") as stop:
        convert(src, tmp_path / "out")
    assert "codes.txt" in str(stop.value) and "line_files" in str(stop.value)
    layout = tmp_path / "layout.yaml"
    layout.write_text(
        "shardify_layout: 1\nlayout: tables\nmedia: text\nline_files:\n" + "".join(f"- {{path: corpus/{f}/sentences.txt, labels: corpus/{f}/codes.txt}}\n" for f in ("set_a", "set_b"))
    )
    done = run_shardify("convert", str(src), str(tmp_path / "followed"), "-q", "--layout-file", str(layout))
    assert done.returncode == 0, done.stderr
    got = written_records(tmp_path / "followed")["records"]
    assert len(got) == 7 and {labels for _, labels in got.values()} == {frozenset({"0"}), frozenset({"1"})}


def test_text_files_of_numbered_lines_with_words_stay_texts(tmp_path: Path) -> None:
    """Numbered verses (`1 In the beginning...`) and a file of one number are texts, as before."""
    src = tmp_path / "src"
    for cls in ("psalms", "proverbs"):
        write_file(src / cls / "a.txt", "1 Blessed is the one\n2 who walks not in the counsel\n")
        write_file(src / cls / "b.txt", "42\n")
    out = convert(src, tmp_path / "out")
    assert len(written_records(out)["records"]) == 4
