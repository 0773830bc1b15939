"""Good stops that name the VALUE their dataset's follow-up needs, not the option alone (stopvalues33).

The blind tally marks a good stop "(OPTION NAMED, VALUE NOT)" where the user following it must guess the
value (`helpers.unseen_judge.names_value`). Four kinds of stop knew the value and now say it, each shown on
its batch case and on a neighbour not in any batch:

- a YOLO export with no names file beside it, a training run's `.yaml` elsewhere listing names
  (Construction Site Safety's `results_yolov8n_100e/kaggle/working/ppe_data.yaml`): the stop spells the names
  it read, in their order, for the `--label-names` file (beam_jobs/discover/yolo_unnamed.py).
- a column named like a label beside another holding words (ArSarcasm's `sentiment`, `original_sentiment`):
  the stop names the true/false columns too (`sarcasm`, the label the dataset is named for), never stopping
  for them alone (converters/label_columns.py `refuse_second_label`).
- texts in a JSON-lines table joined to a narrower table of labels by id (Webis Clickbait 2017's
  instances.jsonl and truth.jsonl): the stop names the text columns (`postText` first) and the folders of
  files beside the tables (`media/`, a glob where each split has its own) (given_label_joins.join_hint).
- YOLO lines beside their images in class folders, no names file (the African Wildlife set's buffalo/,
  elephant/, ...): where most boxes of each folder are of one number, its own, running 0..n-1, the stop spells
  the folders' names in that order (beam_jobs/discover/yolo_beside.py `_by_folder`).
- tables a split beside unlabelled inputs (APPA-REAL's `gt_avg_<split>.csv`): the stop names the glob that
  reads them as one, its split word as `*`, and only where it matches no other table (its per-rater
  `gt_<split>.csv` beside them) (shardify/plan/file_signs.py `_tables_glob`).

The judge's false "VALUE NOT" (a value spelled otherwise but alike) is mended in `names_value` and its
doctests: an --exclude glob by the files it leaves out (wikiart's `'wikiart_csv/artist_train.csv'` for
`wikiart_csv/artist_*`), a trailing slash or `/**`, a column number counted in words, comma-joined columns
each named, and a list of names by the file the stop names that holds them (mjsynth's lexicon.txt).
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

from helpers import blind15, blind17, blind19, blind22, blind28, blind34, unseen_judge
from helpers.blind23 import _pic
from helpers.refusals import refusal
from helpers.sources import write_file
from helpers.unseen_judge import names_value
from shardify.beam_jobs.discover import yolo_beside
from shardify.converters import label_columns
from shardify.plan import file_signs


def _stop(batch, name: str, tmp_path: Path) -> tuple[str, dict, Path]:
    """The stop of batch `batch`'s dataset `name`, its FOLLOW and its root."""
    truth = batch.DATASETS[name](tmp_path / "download")
    return refusal(truth.root, tmp_path / "out"), batch.FOLLOW[name], truth.root


def _named(message: str, follow: dict, root: Path) -> dict:
    return {key: names_value(message, key, value, root) for key, value in follow.items()}


def test_the_judges_spellings_and_the_new_helpers_doctests():
    for module in (unseen_judge, label_columns, file_signs, yolo_beside):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_yolo_names_elsewhere_spelled_construction(tmp_path):
    message, follow, root = _stop(blind34, "construction", tmp_path)
    assert all(_named(message, follow, root).values()), message
    assert "'Hardhat', 'Mask', 'NO-Hardhat'" in message  # in the yaml's order, the labels' numbers


def test_yolo_names_elsewhere_spelled_neighbour(tmp_path):
    src = tmp_path / "src"
    for split, count in (("train", 3), ("val", 2)):
        for i in range(count):
            write_file(src / f"export/{split}/images/f{split}{i}.jpg", _pic(f"{split}{i}", "JPEG"))
            write_file(src / f"export/{split}/labels/f{split}{i}.txt", f"{i % 3} 0.5 0.5 0.2 0.2\n")
    write_file(src / "runs/exp7/dataset.yaml", "train: train/images\nval: val/images\nnc: 3\nnames: ['kiwi', 'apple', 'fig']\n")
    message = refusal(src, tmp_path / "out")
    assert names_value(message, "label_names", ("kiwi", "apple", "fig")), message
    assert "'kiwi', 'apple', 'fig'" in message


def test_true_false_label_candidate_arsarcasm(tmp_path):
    message, follow, root = _stop(blind28, "arsarcasm", tmp_path)
    assert _named(message, follow, root) == {"label_column": True}, message


def test_true_false_label_candidate_neighbour(tmp_path):
    src = tmp_path / "src"
    words = [
        "the match was long and slow",
        "what a great goal that was",
        "rain again all week long",
        "I love this song so much",
        "the bus was late today",
        "a quiet evening at home",
        "best pizza in the whole town",
        "never going back there",
    ]
    for split, rows in (("train", range(6)), ("test", range(6, 8))):
        lines = ["text,emotion,sentiment,irony"]
        lines += [
            f"{words[i]},{('joy', 'anger', 'sadness')[i % 3]},{('positive', 'negative')[i % 2]},{('True', 'False')[i % 3 == 0]}"
            for i in rows
        ]
        write_file(src / f"tweets_{split}.csv", "\n".join(lines) + "\n")
    message = refusal(src, tmp_path / "out")
    assert names_value(message, "label_column", "irony"), message


def test_join_names_text_and_folders_webis(tmp_path):
    message, follow, root = _stop(blind17, "webis_clickbait17", tmp_path)
    assert all(_named(message, follow, root).values()), message


def test_join_names_text_and_folders_neighbour(tmp_path):
    src = tmp_path / "src"
    for folder, count in (("feed-train-2019", 4), ("feed-validation-2020", 3)):
        posts, verdicts = [], []
        for i in range(count):
            ident = f"{folder[-4:]}{i:03d}"
            pictures = [f"media/{ident}.jpg"] if i % 2 else []
            posts.append(
                json.dumps(
                    {
                        "id": ident,
                        "body": [f"is this the best post number {i} of {folder} ever seen"],
                        "pictures": pictures,
                        "headline": f"The Headline Of Post {i} In {folder} Today",
                    }
                )
            )
            verdicts.append(json.dumps({"id": ident, "scores": [0.1, 0.9], "verdict": ("bait", "no-bait")[i % 2]}))
            for picture in pictures:
                write_file(src / folder / picture, _pic(f"{folder}{i}", "JPEG"))
        write_file(src / folder / "posts.jsonl", "\n".join(posts) + "\n")
        write_file(src / folder / "verdicts.jsonl", "\n".join(reversed(verdicts)) + "\n")
    message = refusal(src, tmp_path / "out")
    assert names_value(message, "exclude", ("*/media",)), message
    assert names_value(message, "text_column", "body"), message


def test_tables_glob_appa_real(tmp_path):
    message, follow, root = _stop(blind22, "appa_real", tmp_path)
    # (its label column, real_age, is a header's: this stop reads file names alone)
    assert _named(message, follow, root) == {"labels_file": True, "label_column": False}, message


def test_tables_glob_neighbour():
    # (the stop's message from the sampled paths alone: faces in split folders, two kinds of table a split)
    media = [f"faces/{split}/{split}_{i:04d}.jpg" for split in ("train", "valid", "test") for i in range(2)]
    tables = [f"faces/ages{kind}-{split}.csv" for split in ("train", "valid", "test") for kind in ("", "-mean")]
    message = file_signs.no_labels_message("src", media, tables, [])
    assert "'faces/ages-mean-*.csv'" in message and names_value(message, "labels_file", "faces/ages-mean-*.csv"), message
    assert "'faces/ages-*.csv'" not in message  # (it would read the means too)


def test_judge_reads_equivalent_spellings_wikiart(tmp_path):
    message, follow, root = _stop(blind15, "wikiart", tmp_path)
    assert "'wikiart_csv/artist_*'" not in message  # the stop names the files, the follow-up a glob of them
    assert all(_named(message, follow, root).values()), message


def test_yolo_beside_folder_numbers_african_wildlife(tmp_path):
    message, follow, root = _stop(blind19, "african_wildlife", tmp_path)
    assert all(_named(message, follow, root).values()), message


def _darknet(src: Path, numbers: dict[str, list[int]]) -> Path:
    for folder, classes in numbers.items():
        for i, number in enumerate(classes):
            write_file(src / f"{folder}/{i:03d}.jpg", _pic(f"{folder}{i}", "JPEG"))
            write_file(src / f"{folder}/{i:03d}.txt", f"{number} 0.5 0.5 0.2 0.3\n")
    return src


def test_yolo_beside_folder_numbers_neighbour(tmp_path):
    src = _darknet(tmp_path / "src", {"weeds": [1, 1, 1, 0], "crops": [0, 0, 0]})
    message = refusal(src, tmp_path / "out")
    assert names_value(message, "label_names", ("crops", "weeds")), message
    # (two folders of the same number: no order the folders could give)
    mixed = _darknet(tmp_path / "mixed", {"weeds": [0, 0], "crops": [0, 1, 0]})
    message = refusal(mixed, tmp_path / "out2")
    assert "the file's lines are" not in message and "--label-names FILE" in message, message
