"""review31: this morning's merged rules (2026-11-29) met near misses and hostile twins their authors did not build.

Each defect found, mended by kind, with the case that showed it, a neighbour and a hostile twin:

- label runs (converters/label_runs.py, labelcols31): a headerless multilingual table `text, sentiment, language`
  (Amazon's multilingual reviews keep `language` beside `stars`) stopped as a shared task's coarse and fine labels;
  a column of language codes is the records' language (converters/language_tags.py), no rival label.
- COCO rivals (beam_jobs/discover/coco_like.py): a training config's `"images": "images/"` beside the one COCO
  file made two "annotation files" and a stop asking which; an "images" key holding no list is no COCO file.
- score lists (shardify/plan/score_lists.py, readers31a): one `<file> nan` row made its list no score list, and
  with the stop's own `--label-column 2` its inputs were written unlabelled beside the other list's scored ones,
  exit 0; now a stop naming the row. Scores in exponent form (`1e308`) are scores.
- wrapped class folders (part_signs.wrapped_classes, blind37): one stray folder beside `cats/cats/` let the
  archives' names be written as the classes with exit 0; most inputs in the namesake is the sign.
- classes per split (group_signs.classes_per_split): a sample of Cityscapes with one city in each split
  (`leftImg8bit/train/aachen/`, `leftImg8bit/val/frankfurt/`) fell under the rule's three-folder floor and was
  written with each split's city as every image's class, exit 0; one class folder in each split, each another's,
  now stops as more cities do.
- Label Studio exports (beam_jobs/discover/label_studio_exports.py, guards31): an export saved with a UTF-8
  byte-order mark was no export and got the generic "no labels" stop; now the export's own stop.
- doubled image extensions (evidence_keys, blind34): `c0.jpg` beside `c0.jpg.jpg`, each with its mask (`c0.png`,
  `c0.jpg.png`), shared one key once the doubled extension was cut, and every image was a reject (exit 1; right
  before blind34's rule); files sharing a key now pair with the row files of their own whole names
  (beam_jobs/discover/evidence.py `_exact_pairs`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.made_files import image_file
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_WORDS = ["the", "movie", "was", "good", "bad", "fine", "plot", "acting", "great", "terrible", "story", "long", "short",
          "boring", "fun"]
_SENTIMENT = ["positive", "negative"]


def _text(i: int) -> str:
    return " ".join(_WORDS[(i * 3 + j * 5) % len(_WORDS)] for j in range(6 + i % 5)) + f" n{i}"


def _table(src: Path, third: list[str], *, language_first: bool = False) -> Path:
    rows = []
    for i in range(24):
        cells = [_SENTIMENT[i % 2], third[i % len(third)]]
        rows.append("\t".join([_text(i), *(reversed(cells) if language_first else cells)]) + "\n")
    write_file(src / "train.tsv", "".join(rows))
    return src


@pytest.mark.parametrize(("codes", "language_first"), [
    (["en", "de", "fr"], False),  # the case
    (["en-US", "de-DE", "ja-JP", "zh-CN"], False),  # neighbour: Amazon multilingual reviews' language tags
    (["pt_BR", "es"], True),  # hostile twin: the language beside the text, the label beyond it
])
def test_language_codes_beside_a_label_are_no_rival_label(tmp_path: Path, codes: list[str], language_first: bool) -> None:
    src = _table(tmp_path / "src", codes, language_first=language_first)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 24, written
    for i in range(24):
        assert written[f"train.tsv#{i + 1}"][1] == (_SENTIMENT[i % 2],), (i, written[f"train.tsv#{i + 1}"])


def test_two_label_columns_of_words_still_stop_when_neither_is_languages(tmp_path: Path) -> None:
    """Near miss the mend must not pass: a source column (twitter/reddit) is as good a label as any word column."""
    src = _table(tmp_path / "src", ["twitter", "twitter", "reddit"])
    said = refusal(src, tmp_path / "out")
    assert "--label-column 2" in said and "--label-column 3" in said, said


def test_two_columns_of_language_codes_still_stop(tmp_path: Path) -> None:
    """Hostile twin: a translation table's source and target languages, both codes: which is meant is a guess."""
    rows = "".join(f"{_text(i)}\t{['en', 'de'][i % 2]}\t{['fr', 'it', 'es'][i % 3]}\n" for i in range(24))
    write_file(tmp_path / "src" / "train.tsv", rows)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column 2" in said and "--label-column 3" in said, said


def _coco(src: Path) -> None:
    images = [{"id": i + 1, "file_name": f"im{i}.jpg", "width": 20, "height": 16} for i in range(4)]
    annotations = [{"id": i + 1, "image_id": i + 1, "category_id": 1 + i % 2, "bbox": [1, 2, 8, 6], "area": 48,
                    "iscrowd": 0} for i in range(4)]
    categories = [{"id": 1, "name": "car"}, {"id": 2, "name": "bus"}]
    for i in range(4):
        image_file(src / "images" / f"im{i}.jpg", f"coco{i}")
    import json
    write_file(src / "annotations" / "instances_train.json",
               json.dumps({"images": images, "annotations": annotations, "categories": categories}))


@pytest.mark.parametrize("config", [
    '{"epochs": 10, "images": "images/", "labels": "labels/"}',  # the case: a training config
    '\ufeff{"images" : 4, "name": "cars"}',  # hostile twin: a count under "images", after a byte-order mark
])
def test_json_with_an_images_key_holding_no_list_is_no_second_coco_file(tmp_path: Path, config: str) -> None:
    src = tmp_path / "src"
    _coco(src)
    write_file(src / "config.json", config)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert {key: labels for key, (_, labels, _) in written.items()} == {
        f"images/im{i}.jpg": (("car", "bus")[i % 2],) for i in range(4)}, written


def test_a_second_coco_file_beside_the_first_still_stops(tmp_path: Path) -> None:
    """Near miss the mend must not pass: a second file with an "images" list is a second annotation file."""
    src = tmp_path / "src"
    _coco(src)
    write_file(src / "other.json", '{"images": [{"id": 1, "file_name": "im0.jpg"}], "annotations": []}')
    said = refusal(src, tmp_path / "out")
    assert "--labels" in said, said


def _score_lists(src: Path, odd: str) -> Path:
    names = [f"CF{i}.jpg" for i in range(16)]
    for name in names:
        image_file(src / "Images" / name, name)
    lists = src / "train_test_files" / "split_of_60%training and 40%testing"
    write_file(lists / "train.txt", "".join(f"{n} {2 + i / 7:.6f}\n" for i, n in enumerate(names[:9])) + f"{names[9]} {odd}\n")
    write_file(lists / "test.txt", "".join(f"{n} {2 + i / 9:.6f}\n" for i, n in enumerate(names[10:])))
    return src


@pytest.mark.parametrize("odd", ["nan", "?"])
def test_a_score_list_row_of_no_number_stops_naming_it(tmp_path: Path, odd: str) -> None:
    src = _score_lists(tmp_path / "src", odd)
    for options in ({}, {"label_column": "2"}):
        said = refusal(src, tmp_path / "out", **options)
        assert "train.txt" in said and f"CF9.jpg {odd}" in said, said


def test_a_score_in_exponent_form_is_a_score(tmp_path: Path) -> None:
    """Neighbour: a float printed with an exponent (`1e+02`, `3.5e-01`) labels its row as written."""
    src = _score_lists(tmp_path / "src", "1e+02")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="2"))
    written = records(tmp_path / "out")
    assert len(written) == 16 and all(labels for _, labels, _ in written.values()), written
    assert written["Images/CF9.jpg"][1] == ("1e+02",), written["Images/CF9.jpg"]


def _wrapped(src: Path, stray: bool) -> Path:
    for cls in ("shipsnet", "scenes"):
        for n in range(5):
            image_file(src / cls / cls / f"{cls}_{n}.png", f"w{cls}{n}", fmt="PNG")
    if stray:
        image_file(src / "shipsnet" / "extra" / "x.png", "stray", fmt="PNG")
    return src


@pytest.mark.parametrize("stray", [False, True])
def test_wrapped_class_folders_stop_with_a_stray_folder_beside(tmp_path: Path, stray: bool) -> None:
    said = refusal(_wrapped(tmp_path / "src", stray), tmp_path / "out")
    assert "shipsnet/shipsnet/" in said and "--label-level 1" in said, said


def test_class_folders_holding_a_few_files_in_a_namesake_are_classes(tmp_path: Path) -> None:
    """Near miss: real class folders whose inputs lie mostly beside a small namesake subfolder convert."""
    src = tmp_path / "src"
    for cls in ("cats", "dogs"):
        for n in range(5):
            image_file(src / cls / f"{n}.jpg", f"n{cls}{n}")
        image_file(src / cls / cls / "extra.jpg", f"x{cls}")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 12 and all(labels == (key.split("/")[0],) for key, (_, labels, _) in written.items()), written


@pytest.mark.parametrize("layout", [
    ("leftImg8bit/train/aachen", "leftImg8bit/val/frankfurt"),  # the case: a sample of Cityscapes, one city a split
    ("train/normal", "test/abnormal"),  # hostile twin: class-like words, still one label a split
])
def test_one_class_folder_in_each_split_each_another_stops(tmp_path: Path, layout: tuple[str, str]) -> None:
    src = tmp_path / "src"
    for folder in layout:
        for n in range(3):
            image_file(src / folder / f"{n}.png", f"{folder}{n}", fmt="PNG")
    said = refusal(src, tmp_path / "out")
    assert "no class folder is in two splits" in said and "--label-level 0" in said, said


def test_the_same_class_folder_in_each_split_still_converts(tmp_path: Path) -> None:
    """Near miss: `train/cat/`, `val/cat/` is one class in both splits, read as before."""
    for split in ("train", "val"):
        for n in range(3):
            image_file(tmp_path / "src" / split / "cat" / f"{n}.jpg", f"{split}{n}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert len(written) == 6 and all(labels == ("cat",) for _, labels, _ in written.values()), written


def test_a_label_studio_export_behind_a_byte_order_mark_stops_as_one(tmp_path: Path) -> None:
    import json
    src = tmp_path / "src"
    tasks = []
    for i in range(4):
        image_file(src / "images" / f"a{i}.jpg", f"ls{i}")
        result = {"from_name": "label", "to_name": "image", "type": "rectanglelabels",
                  "value": {"x": 10, "y": 10, "width": 20, "height": 20, "rectanglelabels": [("cat", "dog")[i % 2]]}}
        tasks.append({"id": i + 1, "data": {"image": f"/data/upload/1/x{i}-a{i}.jpg"}, "annotations": [{"result": [result]}]})
    write_file(src / "project-1.json", "\ufeff" + json.dumps(tasks))
    said = refusal(src, tmp_path / "out")
    assert "project-1.json is a Label Studio export" in said, said


def test_an_image_and_its_doubled_extension_twin_each_meet_their_own_mask(tmp_path: Path) -> None:
    import io

    import numpy as np
    from PIL import Image

    from helpers.shard_io import images_by_name

    src = tmp_path / "src"
    for k in range(4):
        image_file(src / "images" / f"c{k}.jpg", f"a{k}")
        image_file(src / "images" / f"c{k}.jpg.jpg", f"b{k}")
        for name, value in ((f"c{k}.png", 1), (f"c{k}.jpg.png", 2)):
            mask = np.zeros((16, 20), np.uint8)
            mask[: k + 1] = value
            buffer = io.BytesIO()
            Image.fromarray(mask).save(buffer, format="PNG")
            write_file(src / "masks" / name, buffer.getvalue())
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = images_by_name(tmp_path / "out")
    assert len(written) == 8, sorted(written)
    for name, record in written.items():
        mask = np.array(Image.open(io.BytesIO(record["image/segmentation/class/encoded"])))
        assert mask.max() == (2 if name.endswith(".jpg.jpg") else 1), name
