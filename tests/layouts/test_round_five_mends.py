"""Kinds of fault round five's next steps found, each on a neighbour dataset the round did not use
(the named datasets themselves are in test_unseen_round_five.py):

- `--label-level N` naming a container: every input one label while the inputs sit in several
  folders below it. It wrote that one label with exit 0; it stops before writing naming the level
  that gives classes, which then converts right. A level that gives several labels converts as
  before;
- a table naming the inputs with no label column named: the refusal names `--labels <table>` with
  `--label-column` (alone, the next run stopped again on the images' folder);
- JSON Lines named `.json`: read as a `.jsonl` is (it was 'holds no images or texts');
- a sibling folder repeating the tables in a format that is no table (`.txt`): left aside, each
  row converted once (it was rejects, exit 1); two table formats stop naming both.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract


def _labels(out: Path) -> dict[str, str]:
    """{file name: label name} of every record written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found[record[contract.IMAGE_FILENAME].decode().rsplit("/", 1)[-1]] = record.get(contract.LABEL_TEXT, b"").decode()
    return found


def _flowers(root: Path) -> dict[str, str]:
    """A neighbour of notMNIST: TensorFlow's `flower_photos/<class>/<id>.jpg`, unpacked as one folder."""
    truth = {}
    for flower in ("daisy", "dandelion", "roses", "sunflowers", "tulips"):
        folder = root / "flower_photos" / flower
        folder.mkdir(parents=True)
        for i in range(3):
            name = f"{1000 + i * 37}_{flower[:3]}{i}.jpg"
            (folder / name).write_bytes(_image_bytes(f"{flower}{i}"))
            truth[name] = flower
    return truth


def test_a_label_level_naming_the_container_stops_naming_the_level_below(tmp_path: Path) -> None:
    truth = _flowers(tmp_path / "src")
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=1))
    assert "'flower_photos'" in str(stopped.value) and "--label-level 2" in str(stopped.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "next"), label_level=2))
    assert _labels(tmp_path / "next") == truth


def test_a_label_level_giving_several_labels_converts_as_before(tmp_path: Path) -> None:
    """Hostile twin: the classes at SRC's own folders, the level naming them: no stop."""
    truth = _flowers(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src" / "flower_photos"), str(tmp_path / "out"), label_level=1))
    assert _labels(tmp_path / "out") == truth


def _posters(root: Path, genre: str = "Genre") -> dict[str, str]:
    """A neighbour of the fashion products: Kaggle's movie genre posters, `MovieGenre.csv`
    (`imdbId,Title,Genre,Year`) beside `posters/<imdbId>.jpg`; `genre` names the label's column."""
    genres = ("Drama", "Comedy", "Horror", "Animation")
    (root / "posters").mkdir(parents=True)
    rows = [f"imdbId,Title,{genre},Year"]
    truth = {}
    for i in range(12):
        movie_id = str(114709 + i * 131)
        (root / "posters" / f"{movie_id}.jpg").write_bytes(_image_bytes(movie_id))
        rows.append(f"{movie_id},Film number {i} of the year,{genres[i % 4]},{1990 + i % 3}")
        truth[f"{movie_id}.jpg"] = genres[i % 4]
    (root / "MovieGenre.csv").write_text("\n".join(rows) + "\n")
    return truth


def test_a_table_whose_one_column_is_named_like_a_class_labels_the_images(tmp_path: Path) -> None:
    """`Genre`, filled and repeating, is the one column named like a class (since the session-12
    label candidates, `shardify/plan/label_candidates.py`): the first command is right. It
    stopped before, naming the table and --label-column."""
    truth = _posters(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == truth


def test_a_table_with_no_label_column_named_stops_naming_the_table_and_the_column(tmp_path: Path) -> None:
    truth = _posters(tmp_path / "src", genre="Mood")  # no column named like a class: which one labels is a guess
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "--labels MovieGenre.csv" in str(stopped.value) and "--label-column" in str(stopped.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "next"), labels_file="MovieGenre.csv", label_column="Mood"))
    assert _labels(tmp_path / "next") == truth


def _sarcasm(root: Path) -> dict[str, tuple[str, str]]:
    """A neighbour of the News Category Dataset: Kaggle's `Sarcasm_Headlines_Dataset.json`, JSON
    Lines under a .json name (`article_link`, `headline`, `is_sarcastic`)."""
    import json

    root.mkdir(parents=True)
    lines, truth = [], {}
    for i in range(12):
        headline = f"local man number {i} reports {('nothing', 'everything', 'the weather')[i % 3]} to the county board today"
        label = str(i % 2)
        lines.append(json.dumps({"article_link": f"https://www.example.com/story-{i}", "headline": headline, "is_sarcastic": i % 2}))
        truth[headline] = label
    (root / "Sarcasm_Headlines_Dataset.json").write_text("\n".join(lines) + "\n")
    return truth


def _texts(out: Path) -> dict[str, str]:
    """{text: label} of every record written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            label = record.get(contract.TEXT_LABEL_TEXT, record.get(contract.LABEL_TEXT, b""))
            found[record[contract.TEXT].decode()] = (label[0] if isinstance(label, list) else label).decode()
    return found


def test_json_lines_named_json_are_read_as_a_jsonl_is(tmp_path: Path) -> None:
    """Before, the .json was looked at only as COCO annotations or a records document: 'holds no
    images or texts'. (With no --label-column the 0/1 column is not found as the label, for a
    .jsonl too: not this kind.)"""
    truth = _sarcasm(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="is_sarcastic"))
    assert _texts(tmp_path / "out") == truth
    (tmp_path / "src" / "Sarcasm_Headlines_Dataset.json").rename(tmp_path / "src" / "Sarcasm_Headlines_Dataset.jsonl")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "as_jsonl"), label_column="is_sarcastic"))
    assert _texts(tmp_path / "as_jsonl") == truth


def _two_formats(root: Path, copy: str, copy_ext: str) -> dict[str, str]:
    """A neighbour of SciTail: `reviews/tsv/{train,dev}.tsv` (`sentence<TAB>label` under a header)
    beside the same rows in `reviews/<copy>/{train,dev}.<copy_ext>`."""
    import json

    truth = {}
    for folder in ("tsv", copy):
        (root / "reviews" / folder).mkdir(parents=True)
    for split, n in (("train", 6), ("dev", 4)):
        rows = [(f"the film number {i} of {split} was {('dull', 'moving')[i % 2]} and long in places", ("neg", "pos")[i % 2]) for i in range(n)]
        truth.update(dict(rows))
        (root / "reviews" / "tsv" / f"{split}.tsv").write_text("sentence\tlabel\n" + "".join(f"{t}\t{lab}\n" for t, lab in rows))
        if copy_ext == "txt":
            body = "".join(f"{lab}\t{t}\n" for t, lab in rows)  # `label<TAB>text` lines: readable on their own
        else:
            body = "".join(json.dumps({"sentence": t, "label": lab}) + "\n" for t, lab in rows)
        (root / "reviews" / copy / f"{split}.{copy_ext}").write_text(body)
    return truth


def test_a_folder_repeating_the_tables_in_a_format_not_a_table_is_left_aside(tmp_path: Path) -> None:
    truth = _two_formats(tmp_path / "src", "original", "txt")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _texts(tmp_path / "out") == truth  # each row once: the .txt copies not read
    assert sum(1 for shard in (tmp_path / "out").glob("*.tfrecord") for _ in read_shard(shard)) == len(truth)


def test_two_folders_of_the_same_tables_in_two_table_formats_stop_naming_both() -> None:
    """The rule alone (a conversion of such a source stops earlier today, 'holds no images or texts')."""
    from shardify.plan.second_readings import second_readings

    paths = [f"reviews/{folder}/{split}.{folder}" for folder in ("tsv", "jsonl") for split in ("train", "dev")]
    with pytest.raises(UsageError) as stopped:
        second_readings(paths)
    assert "reviews/jsonl/" in str(stopped.value) and "reviews/tsv/" in str(stopped.value)
    assert second_readings([p for p in paths if "/tsv/" in p]) == ((), "")
