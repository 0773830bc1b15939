"""Kinds of fault a ninth unseen round found, each on an unnamed neighbour beside a twin that must
not change (the named datasets themselves are in test_unseen_round_nine.py):

- a pixel table's key column (`id`, `ImageId`: 0, 1, 2 ... beside `pixel0..`) was the only other
  column of whole numbers and was written as each row's label, exit 0; a column named as a key
  (`columns.is_key_name`) is never a label found by its numbers, and a `label` column still is;
- a JSON-lines table whose text column no usual name names (`claim`, `utterance`) was "no text
  column" in every row (exit 1): detection judged its first rows' content, the writer only the
  names. Both now judge the same first rows (`converters/json_sample.py`);
- two text columns of which one holds the other (a cleaned copy, a span) were read as a sentence
  pair, which they are not; the choice is the user's (`--text-column`), as with three texts;
- sentences in scripts written without spaces (Chinese, Japanese) were "single words", a table of
  Chinese sentence pairs rejected whole (exit 1); five such characters or more are several words,
  a two-character class name still a word;
- COCO-like files named by their split alone (`train.json`, `val.json`) beside split folders of
  class folders stopped the run asking for one of them; they say what the folders say and are
  noted, not read; `instances_`, `captions_` files keep their reading;
- `train_val/` beside `TEST/` was no split (its two split words cancelled out), so its `images/`
  and `masks/` read as classes; it is a trainval split now;
- mask folders named with their files' format (`masks_png/`) were no mask folders; and class
  folders over folders whose names say what they hold (`images_png/`) stop naming `--label-level 0`
  (records without labels) and the level of the folders above them, not the container's level;
- sides of a parallel corpus (`train.de` beside `train.en`) stopped saying SRC "holds no images or
  texts"; the stop now says what they are and how to join them into a TSV of pairs (`paste`), which
  converts: a headerless TSV whose first row is sentences no longer loses that row as a header;
- per-image box files named by the image's whole name (`Annotations/x.jpg.txt`: a count line,
  then `class x1 y1 x2 y2`, WiderPerson's format, a row of `box_formats.FORMATS`) are the
  images' objects.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.converters import column_content, columns
from shardify.errors import ShardifyError, UsageError
from shardify.plan import box_formats
from shardify.plan.structure import mask_named, split_word


def _pixels(n: int, seed: int) -> list[str]:
    return [str((seed * 37 + i * 11) % 256) for i in range(n)]


# ---- a key column beside pixel columns ---------------------------------------------------------------


@pytest.mark.parametrize("key", ["id", "ImageId"])
def test_a_key_column_beside_pixel_columns_is_no_label(tmp_path: Path, key: str) -> None:
    root = tmp_path / "digits"
    header = ",".join(f"pixel{i}" for i in range(64))
    write_file(root / "train.csv", f"label,{header}\n" + "".join(f"{i % 3}," + ",".join(_pixels(64, i)) + "\n" for i in range(6)))
    write_file(root / "test.csv", f"{key},{header}\n" + "".join(f"{i}," + ",".join(_pixels(64, 50 + i)) + "\n" for i in range(4)))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert got == {**{f"train.csv:{i}": ("train", frozenset({str(i % 3)})) for i in range(6)},
                   **{f"test.csv:{i}": ("test", None) for i in range(4)}}


def test_key_names() -> None:
    assert [columns.is_key_name(n) for n in ("id", "ImageId", "textID", "image_id", "index", "label", "valid", "paid")] == [
        True, True, True, True, True, False, False, False]


# ---- JSON lines judged by their first rows ---------------------------------------------------------------


def test_a_json_lines_text_column_no_name_says_is_found_by_its_content(tmp_path: Path) -> None:
    root = tmp_path / "intents"
    rows = [{"idx": i, "utterance": f"please {w} my alarm for the morning", "label": lab}
            for i, (w, lab) in enumerate((("set", "alarm_set"), ("cancel", "alarm_remove"), ("move", "alarm_set"),
                                           ("delete", "alarm_remove")))]
    write_file(root / "train.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    got = written_records(convert(root, tmp_path / "out"))
    assert got["texts"] == {f"train.jsonl:{i}": r["utterance"] for i, r in enumerate(rows)}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"train.jsonl:{i}": frozenset({r["label"]}) for i, r in enumerate(rows)}


# ---- one text twice is no pair -------------------------------------------------------------------------------


def test_a_column_holding_another_is_no_pair_and_two_sentences_are() -> None:
    copies = [("Loved it, truly!!", "loved it truly"), ("so slow and dull...", "so slow and dull"),
              ("Never again, never", "never again never")]
    with pytest.raises(ShardifyError, match="hold one text twice"):
        columns.resolve_columns(("original", "cleaned", "label"), columns.TableOptions(),
                                sample=[(a, b, "x") for a, b in copies], header=True)
    pairs = [("A dog runs in the park.", "An animal is outside."), ("Kids play ball.", "Children are sleeping."),
             ("A man cooks rice.", "Someone makes food.")]
    found = columns.resolve_columns(("first", "second", "label"), columns.TableOptions(),
                                    sample=[(a, b, "x") for a, b in pairs], header=True)
    assert (found.texts, found.pair) == (("first",), "second")
    assert column_content.one_within_other(["text one here", "x y"], ["one here", "y"])


# ---- scripts written without spaces ---------------------------------------------------------------------------


def test_sentences_without_spaces_are_text_and_short_class_names_are_not() -> None:
    assert column_content.column_kind(["今日はとても良い天気ですね", "明日は雨が降るでしょう", "駅まで歩いて行きます"]) == column_content.TEXT
    assert column_content.column_kind(["体育", "财经", "娱乐"]) != column_content.TEXT
    assert column_content.column_kind(["ポジティブ", "ネガティブ", "ポジティブ"]) != column_content.TEXT  # katakana words


def test_a_headerless_table_of_chinese_sentence_pairs_converts(tmp_path: Path) -> None:
    root = tmp_path / "pairs"
    rows = [("怎么才能学好数学呢", "如何学好数学", "1"), ("今天天气怎么样啊", "明天会下雨吗", "0"),
            ("手机丢了怎么办呢", "手机丢失如何处理", "1"), ("哪里可以买到便宜的书", "这本书好看吗", "0"),
            ("为什么天空是蓝色的", "天空为什么是蓝的", "1")]
    write_file(root / "train.txt", "".join("\t".join(r) + "\n" for r in rows))
    got = written_records(convert(root, tmp_path / "out"))
    assert got["texts"] == {f"train.txt:{i}": (a, b) for i, (a, b, _) in enumerate(rows)}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"train.txt:{i}": frozenset({lab}) for i, (_, _, lab) in enumerate(rows)}


# ---- COCO-like files named by their split beside split and class folders ------------------------------------


def _coco(files: list[tuple[int, str, int]], names: dict[int, str]) -> str:
    return json.dumps({"images": [{"id": i, "file_name": f, "width": 24, "height": 16} for i, f, _ in files],
                       "annotations": [{"id": i, "image_id": i, "category_id": c} for i, _, c in files],
                       "categories": [{"id": c, "name": n} for c, n in names.items()]})


def test_split_named_coco_files_beside_class_folders_say_what_the_folders_say(tmp_path: Path) -> None:
    root = tmp_path / "birds"
    names = {1: "Turdus merula", 2: "Parus major"}
    folders = {1: "001_turdus_merula", 2: "002_parus_major"}
    truth = {}
    for folder, split, n in (("train", "train", 2), ("val", "val", 1)):
        files = []
        for cid, cls in folders.items():
            for k in range(n):
                path = f"{folder}/{cls}/{cid}{k}{split}.jpg"
                files.append((len(truth), path, cid))
                truth[path] = (split if split == "train" else "validation", frozenset({cls}))
                write_file(root / path, image_bytes(seed=len(truth)))
        write_file(root / f"{folder}.json", _coco(files, names))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert got == truth


def test_only_files_named_by_their_split_alone_are_read_so() -> None:
    from shardify.beam_jobs.discover.label_file_found import named_by_split_alone

    assert [named_by_split_alone(p) for p in ("train.json", "val2019.json", "public_test.json", "instances_train2017.json",
                                              "captions_val2017.json", "species.json")] == [True, True, True, False, False, False]


# ---- train_val, and masks named with their format ---------------------------------------------------------------


def test_a_train_val_folder_is_a_split_beside_test() -> None:
    assert [split_word(n) for n in ("train_val", "train-val", "train_test", "TEST")] == ["trainval", "trainval", None, "TEST"]


def _gray(seed: int) -> bytes:
    return image_bytes("L", "PNG", seed=seed)


def test_images_and_masks_under_split_folders_convert_each_image_once(tmp_path: Path) -> None:
    root = tmp_path / "reef"
    truth = {}
    for folder, split in (("train-val", "train-val"), ("Test", "test")):
        for n in range(3):
            truth[f"{folder}/images/r{n}{split}.jpg"] = (split, None)
            write_file(root / f"{folder}/images/r{n}{split}.jpg", image_bytes(seed=n))
            write_file(root / f"{folder}/masks/r{n}{split}.bmp", image_bytes(fmt="BMP", seed=20 + n))
    got = written_records(convert(root, tmp_path / "out"))["records"]
    assert {rid: (split_word(s) or s, labels) for rid, (s, labels) in got.items()} == {
        rid: (split_word(s) or s, labels) for rid, (s, labels) in truth.items()}


def test_mask_folders_named_with_their_format() -> None:
    assert [mask_named(n) for n in ("masks_png", "labels_tif", "images_png", "png")] == [True, True, False, False]


def test_groups_over_folders_of_images_stop_naming_label_level_zero_which_converts(tmp_path: Path) -> None:
    root = tmp_path / "landcover"
    images = []
    for split in ("Train", "Val"):
        for group in ("Coast", "Inland"):
            for n in range(2):
                stem = f"{split[0]}{group[0]}{n}"
                images.append(f"{split}/{group}/images_png/{stem}.png")
                write_file(root / images[-1], image_bytes(fmt="PNG", seed=len(images)))
                write_file(root / f"{split}/{group}/masks_png/{stem}.png", _gray(len(images)))
    with pytest.raises(UsageError, match=r"--label-level 0 for records without labels"):
        convert(root, tmp_path / "first")
    got = written_records(convert(root, tmp_path / "out", label_level=0))["records"]
    assert got == {p: ("train" if p.startswith("Train") else "validation", None) for p in images}


# ---- per-image box files named by the image's whole name ----------------------------------------------------


def test_box_files_named_by_the_images_whole_name_are_its_objects(tmp_path: Path) -> None:
    root = tmp_path / "people"
    boxes = {"a1": [1, 2], "a2": [4, 1, 5], "a3": [3]}
    for stem, classes in boxes.items():
        write_file(root / f"Images/{stem}.png", image_bytes(fmt="PNG", seed=len(stem) + classes[0]))
        lines = "".join(f"{c} {1 + k} {1 + k} {9 + k} {12 + k}\n" for k, c in enumerate(classes))
        write_file(root / f"Annotations/{stem}.png.txt", f"{len(classes)}\n{lines}")
    got = written_records(convert(root, tmp_path / "out"))
    named = {1: "pedestrians", 2: "riders", 3: "partially-visible persons", 5: "crowd"}
    assert {rid: sorted(objs) for rid, objs in got["objects"].items()} == {
        f"Images/{stem}.png": sorted(named[c] for c in classes if c != 4) for stem, classes in boxes.items()}


def test_a_count_line_then_lines_of_another_shape_is_no_such_box_file() -> None:
    assert box_formats.per_image_format("Annotations", ["2", "person 1 2 3 4 0.9", "car 5 6 7 8 0.3"]) is None


# ---- sides of a parallel corpus, and a headerless table of sentence pairs ----------------------------------


def test_three_sides_of_a_parallel_corpus_stop_saying_how_to_join_them(tmp_path: Path) -> None:
    """(Since the eleventh mends the sides alone are read a sentence pair a line, test_xfail_kinds_eleven.py;
    three sides of one stem make no one pair, and the stop names them.)"""
    root = tmp_path / "europarl-mini"
    for stem in ("train", "dev"):
        write_file(root / f"{stem}.fr", "Je suis ici.\nIl pleut.\n")
        write_file(root / f"{stem}.en", "I am here.\nIt rains.\n")
        write_file(root / f"{stem}.de", "Ich bin hier.\nEs regnet.\n")
    with pytest.raises(UsageError, match=r"sides of a parallel corpus \(dev\.de beside dev\.en beside dev\.fr\).*paste dev\.de"):
        convert(root, tmp_path / "out")
    from shardify.plan.line_files import corpus_sides

    assert corpus_sides(["r/rt-polarity.pos", "r/rt-polarity.neg", "r/README"]) == []


def test_a_headerless_table_of_sentence_pairs_keeps_its_first_row(tmp_path: Path) -> None:
    root = tmp_path / "pasted"
    pairs = [("Zwei Männer stehen draußen im Park.", "Two men stand outside in the park."),
             ("Ein Hund rennt über die Wiese.", "A dog runs across the meadow."),
             ("Kinder spielen am Strand.", "Children play on the beach."),
             ("Eine Frau liest ein Buch.", "A woman reads a book.")]
    write_file(root / "train.tsv", "".join(f"{a}\t{b}\n" for a, b in pairs))
    got = written_records(convert(root, tmp_path / "out"))
    assert got["texts"] == {f"train.tsv:{i}": pair for i, pair in enumerate(pairs)}
    header = ("premise\thypothesis\tlabel\nA man sleeps.\tA person rests.\tentailment\n"
              "A cat eats.\tA dog barks.\tcontradiction\nKids run.\tChildren move.\tentailment\n")
    write_file(tmp_path / "nli" / "train.tsv", header)
    got = written_records(convert(tmp_path / "nli", tmp_path / "out_nli"))
    assert sorted(got["records"]) == ["train.tsv:0", "train.tsv:1", "train.tsv:2"]  # the header named columns
