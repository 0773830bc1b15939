"""Split lists whose rows name clip folders and give their labels (`shardify.plan.folder_label_lists`).

20BN's video datasets ship a folder of frames per clip and one list per split, `<id>;<label>` a row,
the test list ids alone. The clip folders were taken for classes and the run stopped naming only a
layout file (newcomer seventeen's jester: a useless stop). Here: Jester itself (newcomer seventeen's
builder, judged as a newcomer would run it), Something-Something v1 as its loaders read it (lists
in `labels/`, `something-something-v1-labels.csv` of the class names), a near-miss that must not be
read so (TSN's `<folder> <frames> <class>` rows: numbers, no words), and hostile twins (a row without
its label, a row naming no folder, a clip in two splits' lists).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import newcomer_seventeen
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.discover.detect import resolve_layout
from shardify.beam_jobs.launch import run_conversion
from shardify.cli.convert_values import read_label_names
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import folder_label_lists

_ACTIONS = ["Holding something", "Turning something upside down", "Pushing something from left to right",
            "Something falling like a feather or paper"]


def _records(out: Path) -> dict[str, tuple[str, str]]:
    """{file name: (split, label text or "")} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                text = record.get(contract.LABEL_TEXT, b"")
                label = (text[0] if isinstance(text, list) else text).decode() if text else ""
                found[record[contract.IMAGE_FILENAME].decode()] = (split, label)
    return found


def _something(src: Path, *, train_rows: tuple[str, ...] = (), twice: bool = False) -> dict[str, tuple[str, str]]:
    """Something-Something v1's layout: 20bn-something-something-v1/<id>/0000N.jpg, labels/ holding the
    three lists and the class names; returns {clip: (split, label)} as the lists say."""
    truth = {}
    rows: dict[str, list[str]] = {"train": [], "validation": [], "test": []}
    for k in range(10):
        clip = str(100218 + k * 977)
        split = "test" if k % 5 == 4 else "validation" if k % 4 == 3 else "train"
        label = "" if split == "test" else _ACTIONS[k % len(_ACTIONS)]
        truth[clip] = (split, label)
        rows[split].append(clip if split == "test" else f"{clip};{label}")
        for f in range(1, 3 + k % 2):
            folder = src / "20bn-something-something-v1" / clip
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{f:05d}.jpg").write_bytes(_image_bytes(f"ss{clip}{f}", 16, 12, "JPEG"))
    rows["train"] += list(train_rows)
    if twice:  # a training clip listed again in the validation list
        rows["validation"].append(rows["train"][0])
    (src / "labels").mkdir(parents=True, exist_ok=True)
    for split, lines in rows.items():
        (src / "labels" / f"something-something-v1-{split}.csv").write_text("\n".join(lines) + "\n")
    (src / "labels" / "something-something-v1-labels.csv").write_text("\n".join(_ACTIONS) + "\n")
    return truth


def test_jester_converts_right_as_a_newcomer_runs_it(tmp_path: Path) -> None:
    # was a useless stop: the clip ids read as classes, the lists named only through a layout file
    judge_first_command(newcomer_seventeen.DATASETS, "jester", tmp_path / "jester", None)


def test_something_something_frames_take_their_clips_labels_and_splits(tmp_path: Path) -> None:
    src = tmp_path / "ssv1"
    truth = _something(src)
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    written = _records(out)
    frames = [p for p in src.rglob("*.jpg")]
    assert len(written) == len(frames)  # every frame a record, counted from the files
    by_clip = {}
    for path in frames:
        rel = str(path.relative_to(src))
        by_clip.setdefault(path.parent.name, set()).add(written[rel])
    for clip, records in by_clip.items():
        assert records == {truth[clip]}, clip  # the clip's split and label, the test clips unlabelled
    assert {label for _, label in truth.values() if label} <= {label for _, label in written.values()}


def test_the_plan_names_the_class_list_and_its_option(tmp_path: Path) -> None:
    src = tmp_path / "ssv1"
    _something(src)
    detected = resolve_layout(ConvertConfig(str(src), str(tmp_path / "plan")))
    said = "\n".join(detected.notes)
    assert "labels/something-something-v1-labels.csv lists the labels of" in said
    assert "--label-names labels/something-something-v1-labels.csv" in said
    # with it, the classes are numbered in the file's order (the order the dataset's models use)
    out = tmp_path / "out"
    names = read_label_names(Path("labels/something-something-v1-labels.csv"), str(src))
    run_conversion(ConvertConfig(str(src), str(out), label_names=names))
    ids = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                if record.get(contract.LABEL_TEXT):
                    text = record[contract.LABEL_TEXT]
                    ids[(text[0] if isinstance(text, list) else text).decode()] = record[contract.LABEL][0] if isinstance(
                        record[contract.LABEL], list) else record[contract.LABEL]
    assert ids and all(ids[name] == _ACTIONS.index(name) for name in ids)


def test_a_row_without_its_label_is_its_clips_reject_not_an_unlabelled_record(tmp_path: Path) -> None:
    src = tmp_path / "ssv1"
    truth = _something(src)
    clip = next(c for c, (split, _) in truth.items() if split == "train")
    lists = src / "labels" / "something-something-v1-train.csv"
    lists.write_text(lists.read_text().replace(f"{clip};{truth[clip][1]}", clip))
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    written = _records(out)
    frames = list((src / "20bn-something-something-v1" / clip).glob("*.jpg"))
    assert not any(clip in path for path in written)  # never written unlabelled
    rejected = [r for r in read_report(out, "rejected.jsonl") if clip in r.get("path", r.get("input", ""))]
    assert len(rejected) == len(frames)


def test_a_clip_listed_in_two_splits_is_rejected_naming_both_lists(tmp_path: Path) -> None:
    src = tmp_path / "ssv1"
    truth = _something(src, twice=True)
    clip = next(c for c, (split, _) in truth.items() if split == "train")  # the first training row, listed again
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    frames = {str(p.relative_to(src)) for p in (src / "20bn-something-something-v1" / clip).glob("*.jpg")}
    rejected = {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}
    assert set(rejected) == frames
    assert all("train, validation" in why and "something-something-v1-validation.csv" in why for why in rejected.values())
    assert len(_records(out)) + len(frames) == sum(1 for _ in src.rglob("*.jpg"))  # every other frame written


def test_rows_naming_no_folder_change_nothing(tmp_path: Path) -> None:
    src = tmp_path / "ssv1"
    truth = _something(src, train_rows=("999999;Holding something", "../../etc;Holding something"))
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    written = _records(out)
    assert len(written) == sum(1 for _ in src.rglob("*.jpg"))
    assert {path.split("/")[-2] for path in written} == set(truth)


def test_number_rows_are_not_read_as_labelled_folder_lists() -> None:
    # TSN's train_videofolder.txt: `<folder> <frames> <class>`; the rest is numbers, no label of words
    inputs = ["f/100218/00001.jpg", "f/101195/00001.jpg"]
    heads = {"train_videofolder.txt": ["100218 47 12", "101195 38 3"], "val_videofolder.txt": ["101195 38 3"]}
    assert folder_label_lists.recognise_folder_label_lists(heads, inputs, True) == []
    # rows naming files, not folders, are another reader's
    assert folder_label_lists.recognise_folder_label_lists({"clips-train.csv": ["100218/00001.jpg;Holding something"]},
                                                           inputs, True) == []
    # FlickrLogos-32's trainset.txt: `<class>,<file>` rows over class folders: keys repeat, the rest names a file
    logos = ["classes/jpg/adidas/1.jpg", "classes/jpg/adidas/2.jpg", "classes/jpg/google/3.jpg"]
    heads = {"trainset.txt": ["adidas,1.jpg", "adidas,2.jpg", "google,3.jpg"]}
    assert folder_label_lists.recognise_folder_label_lists(heads, logos, True) == []
    heads = {"trainset.txt": ["adidas,logo one", "adidas,logo two", "google,logo three"]}  # keys repeat: classes, not clips
    assert folder_label_lists.recognise_folder_label_lists(heads, logos, True) == []


# ------------------------------------------------------------------------------------------------
# Lists labelling folders beneath split and class folders: MURA's studies
# ------------------------------------------------------------------------------------------------

def test_mura_studies_label_their_radiographs(tmp_path: Path) -> None:
    # was a useless stop: the body-part folders read as classes holding the same names beneath them; the tables'
    # keys begin with the download's own folder (`MURA-v1.1/train/...`), end with '/', and have no header
    judge_first_command(newcomer_seventeen.DATASETS, "mura", tmp_path / "mura", None)


def _studies(src: Path, header: bool, drop_label: str = "") -> dict[str, tuple[str, str]]:
    """scans/<split>/<part>/<patient>/<study>/view<k>.png and `<split>_study_labels.csv` (`study,abnormal` header
    where asked, keys without the root's name or a trailing '/'); returns {image path: (split, label)}."""
    truth = {}
    for split in ("train", "valid"):
        rows = ["study,abnormal"] if header else []
        for p, part in enumerate(("HAND", "KNEE")):
            for patient in range(3):
                study = f"{split}/{part}/pt{p}{patient}{len(split)}/s1"
                label = str((p + patient) % 2)
                rows.append(f"{study},{'' if study == drop_label else label}")
                for k in range(2):
                    path = src / study / f"view{k}.png"
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(_image_bytes(f"{study}{k}", 14, 12, "PNG"))
                    truth[f"{study}/view{k}.png"] = ("validation" if split == "valid" else "train", label)
        (src / f"{split}_study_labels.csv").write_text("\n".join(rows) + "\n")
    return truth


@pytest.mark.parametrize("header", [False, True])
def test_study_tables_label_the_images_beneath_their_folders(tmp_path: Path, header: bool) -> None:
    src = tmp_path / "scans"
    truth = _studies(src, header)
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    written = _records(out)
    assert {path: (split if split != "valid" else "validation", label) for path, (split, label) in written.items()} == truth


def test_a_study_row_without_its_label_rejects_its_images(tmp_path: Path) -> None:
    src = tmp_path / "scans"
    truth = _studies(src, False, drop_label="train/KNEE/pt105/s1")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(src), str(out)))
    dropped = {p for p in truth if p.startswith("train/KNEE/pt105/s1/")}
    assert dropped and not dropped & set(_records(out))
    assert dropped <= {r["path"] for r in read_report(out, "rejected.jsonl")}


def test_a_split_list_of_the_family_that_cannot_be_read_stops(tmp_path: Path) -> None:
    # its split's images would have been written unlabelled beside the other split's labelled ones, with exit 0
    src = tmp_path / "scans"
    _studies(src, False)
    table = src / "train_study_labels.csv"
    table.write_text("".join(line + ",2019-01-01\n" for line in table.read_text().splitlines()))  # a third cell a row
    with pytest.raises(UsageError, match="train_study_labels.csv beside valid_study_labels.csv"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
