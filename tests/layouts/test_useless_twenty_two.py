"""Older useless stops made good: a text table's 0/1 class columns beside other columns; alpha mattes one folder down;
YOLO files beside images in class folders.

blind20's pubmed_mesh (`Title,abstractText,meshMajor,pmid,meshid,meshroot,A,...,Z`, tests/helpers/blind20.py) stopped
naming one letter as `--label-column` (the other labels lost) and no option that read the fourteen 0/1 columns as one
multi-label: `text_table_classes` reads 0/1 columns only beside the text and a key. The stop now names the options
that do (`one_hot.multi_hot_remedy`): the text column, and every other column kept as a feature. Here: the case, a
neighbour no batch has (GoEmotions' raw export: `text,id,author,subreddit,...,rater_id,example_very_unclear,
admiration,...`, one text), and hostile twins the clause must not be offered for (one 0/1 column; 0/1 columns named as
a record's features; a 2 among the sampled cells): each still stops before writing.

blind20's aisegment (`matting_human_half/clip_img/...jpg` beside `matting_human_half/matting/...png`, RGBA) stopped
on the date folders offering `--label-level 0`, which wrote every matte as a record: the alpha mattes' stop
(`beam_jobs/discover/alpha_mattes.py`) looked at SRC's top folders only. It now finds the trees where they part, at
any depth. Here: the case; a neighbour two wrappers down (`shop/v2/photos/` beside `shop/v2/cutouts/`, flat); hostile
twins: the same trees of all-opaque PNGs (no mattes: no such stop), and PNGs in a folder beneath the photos' own (no
two trees: no such stop).

blind19's african_wildlife (`buffalo/001.jpg` beside `buffalo/001.txt` of YOLO rows, no names file) stops naming
`--label-names`; with it each image was labelled by its folder alone where its boxes name a second animal (exit 0).
The boxes' classes now label each image where every folder of images holds YOLO files (`yolo_beside_read`). Here:
the case; a neighbour with its `obj.names` (no option needed) and splits above the class folders; a hostile twin, a
class folder of images with no YOLO files beside the others: the folders stay classes.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from helpers import blind19, blind20
from helpers.blind20 import _rgba
from helpers.shipped import _image_bytes
from helpers.unseen4 import Put, Spec, _csv, aux, build, img, row
from helpers.unseen_judge import assert_right, judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

_EMOTIONS = ["admiration", "amusement", "anger", "curiosity", "gratitude", "sadness"]
_SUBS = ["AskReddit", "nba", "movies"]
_GO_KEEP = ("id", "author", "subreddit", "link_id", "parent_id", "created_utc", "rater_id", "example_very_unclear")


def _goemotions() -> Iterator[Put]:
    """goemotions_1.csv as the GoEmotions raw export ships it (github.com/google-research/google-research/tree/master/
    goemotions: one row per rater): the comment, its thread's ids, the rater, a TRUE/FALSE flag, a 0/1 column per
    emotion. Truth: each row a record, text the comment, its 1 columns its labels."""
    lines = [",".join(("text", *_GO_KEEP, *_EMOTIONS))]
    for i in range(12):
        on = {_EMOTIONS[i % 6], _EMOTIONS[(i * 5 + 1) % 6]} if i % 3 else {_EMOTIONS[(i * 2) % 6]}
        text = f"That was comment number {i} about the {['game', 'film', 'thread'][i % 3]}, {'really' if i % 2 else 'truly'} {i}."
        lines.append(_csv(text, f"ee{i:04x}", f"user{i % 5}", _SUBS[i % 3], f"t3_{i % 4}", f"t1_{i % 6}",
                          str(1548084169 + i * 37), str(i % 4 + 1), "FALSE", *("1" if e in on else "0" for e in _EMOTIONS)))
        yield row(f"goemotions_1.csv:{i}", "train", on, text)
    yield aux("goemotions_1.csv", "\n".join(lines) + "\n")


GO = Spec("goemotions", "text", _goemotions, "built here", "each row a record: text the text, its 1 columns its labels.")
_PUBMED_KEEP = "Title,meshMajor,pmid,meshid,meshroot"


def test_pubmed_mesh_stop_names_the_text_and_kept_columns_and_following_is_right(tmp_path):
    follow = blind20.FOLLOW["pubmed_mesh"]
    assert follow == {"text_column": "abstractText", "keep_columns": tuple(_PUBMED_KEEP.split(","))}
    truth = blind20.DATASETS["pubmed_mesh"](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert f"--text-column 'abstractText' --keep-columns '{_PUBMED_KEEP}'" in str(stop.value)
    judge_first_command(blind20.DATASETS, "pubmed_mesh", tmp_path / "judged", follow)


def test_a_neighbour_goemotions_export_stop_names_its_kept_columns_and_following_is_right(tmp_path):
    truth = build(GO, tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert f"--keep-columns '{','.join(_GO_KEEP)}'" in str(stop.value), str(stop.value)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), keep_columns=_GO_KEEP))
    assert_right(truth, tmp_path / "out")


def _hostile(kind: str) -> Iterator[Put]:
    """A table of a text, a column of repeated words and 0/1 columns that are no multi-hot set: 'one' a single 0/1
    column, 'flags' two 0/1 columns named as a record's features, 'two' a 2 among a class column's cells."""
    names = {"one": ["toxic"], "flags": ["has_link", "is_reply"], "two": ["toxic", "insult"]}[kind]
    lines = [",".join(("comment", "topic", *names))]
    for i in range(12):
        bits = [str((i + k) % 2) for k in range(len(names))]
        if kind == "two" and i == 4:
            bits[1] = "2"
        lines.append(_csv(f"Some words about thing {i}, said {'loudly' if i % 2 else 'softly'} {i}.",
                          ["sports", "news", "music"][i % 3], *bits))
    yield aux("comments.csv", "\n".join(lines) + "\n")


@pytest.mark.parametrize("kind", ["one", "flags", "two"])
def test_hostile_twins_stop_before_writing_without_offering_a_multi_hot_reading(kind, tmp_path):
    truth = build(Spec("comments", "text", lambda: _hostile(kind), "built here", "stops"), tmp_path / "download")
    out = tmp_path / "out"
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    assert "multi-hot set of classes (a record's labels" not in str(stop.value), str(stop.value)
    assert not (out / "manifest.json").exists()


def test_aisegment_stop_names_the_mattes_tree_under_the_download_folder_and_following_is_right(tmp_path):
    follow = blind20.FOLLOW["aisegment"]
    assert follow == {"label_level": 0, "exclude": ("matting_human_half/matting/**",)}
    truth = blind20.DATASETS["aisegment"](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert "--exclude 'matting_human_half/matting/**' --label-level 0" in str(stop.value), str(stop.value)
    judge_first_command(blind20.DATASETS, "aisegment", tmp_path / "judged", follow)


def _shop(kind: str = "") -> Iterator[Put]:
    """shop/v2/photos/<n>.jpg beside shop/v2/cutouts/<n>.png (the product cut out, RGBA). `kind`: "opaque" PNGs of
    an all-opaque alpha (a PNG copy, no matte); "beneath" the PNGs in photos/alpha/ (no second tree)."""
    for n in range(6):
        yield img(f"shop/v2/photos/{n:04d}.jpg", "train")
        png = f"shop/v2/photos/alpha/{n:04d}.png" if kind == "beneath" else f"shop/v2/cutouts/{n:04d}.png"
        yield aux(png, _image_bytes(f"op{n}", 20, 16, "PNG") if kind == "opaque" else _rgba(f"shop{n}"))


def test_a_neighbour_two_folders_down_stops_naming_the_cutouts_tree_and_following_is_right(tmp_path):
    truth = build(Spec("shop-cutouts", "image", _shop, "built here", "each photo a record, unlabelled"), tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "first")))
    assert "--exclude 'shop/v2/cutouts/**' --label-level 0" in str(stop.value), str(stop.value)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), label_level=0, exclude=("shop/v2/cutouts/**",)))
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize("kind", ["opaque", "beneath"])
def test_hostile_twins_of_the_mattes_raise_no_mattes_stop(kind, tmp_path):
    truth = build(Spec("shop-cutouts", "image", lambda: _shop(kind), "built here", "no mattes"), tmp_path / "download")
    try:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    except UsageError as stop:
        assert "alpha mattes" not in str(stop), str(stop)


def test_african_wildlife_following_label_names_labels_each_image_by_its_boxes(tmp_path):
    judge_first_command(blind19.DATASETS, "african_wildlife", tmp_path, blind19.FOLLOW["african_wildlife"])


_FRUIT = ["apple", "pear", "plum"]


def _orchard(*, bare: bool = False) -> Iterator[Put]:
    """<split>/<fruit>/<n>.jpg beside <n>.txt of YOLO rows, obj.names at SRC; some images hold a second fruit.
    `bare`: a fourth folder, plum_bare/, of images with no .txt (its images a class of their own, no objects)."""
    yield aux("obj.names", "\n".join(_FRUIT) + "\n")
    for split in ("train", "valid"):
        for k, fruit in enumerate(_FRUIT):
            for n in range(3):
                ids = [k] + ([(k + 1) % 3] if n == 1 else [])
                rows = [f"{c} {0.3 + 0.2 * j:.6f} 0.500000 0.200000 0.300000" for j, c in enumerate(ids)]
                objects = [_FRUIT[c] for c in ids]
                labels = fruit if bare else {_FRUIT[c] for c in ids}
                yield img(f"{split}/{fruit}/{n:03d}.jpg", split, labels, objects=objects)
                yield aux(f"{split}/{fruit}/{n:03d}.txt", "\n".join(rows) + "\n")
        if bare:
            for n in range(3):
                yield img(f"{split}/plum_bare/{n:03d}.jpg", split, "plum_bare")


def test_a_neighbour_with_its_names_file_and_splits_is_labelled_by_its_boxes(tmp_path):
    truth = build(Spec("orchard", "image", _orchard, "built here", "each image its boxes' classes"), tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_hostile_a_class_folder_without_yolo_files_keeps_the_folders_as_classes(tmp_path):
    truth = build(Spec("orchard", "image", lambda: _orchard(bare=True), "built here", "folders stay classes"),
                  tmp_path / "download")
    out = tmp_path / "out"
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    except UsageError:
        assert not (out / "manifest.json").exists()
        return
    import json

    manifest = json.loads((out / "manifest.json").read_text())
    assert "plum_bare" in manifest["labels"], "the images without YOLO files lost their folder's class"
