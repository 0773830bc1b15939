"""Every source layout end to end: fixtures made here, converted by the real pipeline, read back."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from helpers.shard_io import read_report, records_by_split
from helpers.sources import convert, image_bytes
from shardify.beam_jobs.launch import plan_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest


def _rejects(output: Path) -> list[dict]:
    return read_report(output, naming.REJECTS_FILENAME)


def _as_list(value: object) -> list:
    return value if isinstance(value, list) else [value]


def _label_names(manifest: Manifest, record: dict, key: str) -> list[str]:
    return [manifest.labels[i] for i in _as_list(record[key])]


def test_text_folders_with_split_folders(make_tree, tmp_path: Path) -> None:
    files = {
        "train/pos/1.txt": "\ufeffa good film".encode(),
        "train/pos/2.txt": b"loved it",
        "train/neg/3.txt": b"dull",
        "train/neg/7.txt": b"long",
        "train/neg/8.txt": b"slow",
        "train/pos/9.txt": b"fun",
        "test/pos/4.txt": "très bien".encode(),
        "test/neg/5.txt": b"bad",
        "test/neg/6.txt": b"\xff\xfe not utf-8 \xff",
    }
    output = convert(make_tree(files), tmp_path / "out", shards=2)
    manifest = load_manifest(str(output))
    assert manifest.data["layout"] == "text_folders" and manifest.labels == ("neg", "pos")
    records = records_by_split(output)
    assert sorted(records) == ["test", "train"]
    texts = {r[contract.TEXT_SOURCE].decode(): r for split in records.values() for r in split}
    assert sorted(texts) == sorted(set(files) - {"test/neg/6.txt"})
    assert texts["train/pos/1.txt"][contract.TEXT].decode() == "a good film"  # BOM removed
    assert texts["test/pos/4.txt"][contract.TEXT].decode() == "très bien"
    for relpath, record in texts.items():
        assert _label_names(manifest, record, contract.TEXT_LABEL) == [relpath.split("/")[1]]
        assert record in records[relpath.split("/")[0]]
    assert [r["path"] for r in _rejects(output)] == ["test/neg/6.txt"]
    assert "UTF-8" in _rejects(output)[0]["reason"]
    assert {name: len(s.shards) for name, s in manifest.splits.items()} == {"train": 2, "test": 1}  # scaled


def test_csv_tsv_jsonl_tables_stream_rows_with_kept_columns(make_tree, tmp_path: Path) -> None:
    csv_text = (
        "\ufefftext,label,score,votes\r\n"
        '"hello, world",greeting,0.5,3\r\n'
        '"a line\r\nbreak and ""quotes""",other,1,4\r\n'
        "no label,,2,5\r\n"
        "too,many,fields,1,2\r\n"
    )
    tsv_text = "text\tlabel\tscore\tvotes\nfrom tsv\tgreeting\t7\t8\n"
    jsonl_text = (
        '{"text": "from jsonl", "label": "other", "score": 2.5, "votes": 9}\n'
        "\n"
        "not json\n"
        '{"text": "", "label": "other", "score": 1, "votes": 1}\n'
    )
    source = make_tree(
        {"a.csv": csv_text.encode("utf-8"), "b.tsv": tsv_text.encode(), "c.jsonl": jsonl_text.encode()}
    )
    output = convert(source, tmp_path / "out", shards=2, keep_columns=("score", "votes"))
    manifest = load_manifest(str(output))
    assert manifest.data["layout"] == "tables"
    features = manifest.features
    assert features[contract.column_key("score")]["dtype"] == "float32"
    assert features[contract.column_key("votes")]["dtype"] == "int64"
    rows = {r[contract.TEXT_SOURCE].decode(): r for r in records_by_split(output)["train"]}
    assert sorted(rows) == ["a.csv#2", "a.csv#3", "b.tsv#2", "c.jsonl#1"]
    assert rows["a.csv#2"][contract.TEXT] == b"hello, world"
    assert rows["a.csv#3"][contract.TEXT] == b'a line\r\nbreak and "quotes"'
    assert _label_names(manifest, rows["b.tsv#2"], contract.TEXT_LABEL) == ["greeting"]
    assert rows["c.jsonl#1"][contract.column_key("score")] == 2.5
    assert rows["a.csv#3"][contract.column_key("votes")] == 4
    assert {(r["path"], r.get("row")) for r in _rejects(output)} == {
        ("a.csv", 4),  # empty label
        ("a.csv", 5),  # five fields under a four-column header
        ("c.jsonl", 3),  # not JSON
        ("c.jsonl", 4),  # empty text
    }


LABELS_CSV = (
    "path,label\n"
    "a/1.jpg,cat\n"
    "a/2.jpg,dog\n"
    "./b/3.jpg,cat\n"  # normalised to b/3.jpg
    "a/2.jpg,cat\n"  # gives a/2.jpg a second, different label
    "missing.jpg,cat\n"
    "../outside.jpg,cat\n"
    "/etc/passwd,cat\n"
    "b/4.jpg,\n"
)


def test_label_file_joins_on_paths_and_reports_every_problem_with_its_row(make_tree, tmp_path: Path) -> None:
    (tmp_path / "outside.jpg").write_bytes(image_bytes(seed=9))
    files = {f"{d}/{i}.jpg": image_bytes(seed=i) for d, i in (("a", 1), ("a", 2), ("b", 3), ("b", 4), ("b", 5))}
    source = make_tree({**files, "labels.csv": LABELS_CSV.encode()})
    output = convert(source, tmp_path / "out")
    manifest = load_manifest(str(output))
    assert manifest.data["layout"] == "label_file" and manifest.labels == ("cat",)
    written = {r[contract.IMAGE_FILENAME].decode(): r for r in records_by_split(output)["train"]}
    assert sorted(written) == ["a/1.jpg", "b/3.jpg"]
    assert written["a/1.jpg"][contract.IMAGE_ENCODED] == files["a/1.jpg"]
    rejects = {(r["path"], r.get("row")): r["reason"] for r in _rejects(output)}
    assert set(rejects) == {
        ("a/2.jpg", 3),
        ("labels.csv", 6),
        ("labels.csv", 7),
        ("labels.csv", 8),
        ("b/4.jpg", 9),  # its row's label is empty: one reject, for the file (the row is not counted again)
        ("b/5.jpg", None),
    }
    assert "rows 3, 5" in rejects[("a/2.jpg", 3)] and "different labels" in rejects[("a/2.jpg", 3)]
    assert "names no file" in rejects[("labels.csv", 6)]
    assert "leaves SRC" in rejects[("labels.csv", 7)] and "leaves SRC" in rejects[("labels.csv", 8)]
    assert rejects[("b/4.jpg", 9)] == "labels.csv row 9: empty label for 'b/4.jpg'"
    assert "no usable row" in rejects[("b/5.jpg", None)]
    inputs = manifest.data["inputs"]
    assert inputs["written"] + inputs["rejected"] + inputs["skipped"] == inputs["seen"]
    assert inputs["seen"] == len(files) + 3  # the files, and the rows naming none (missing.jpg, ../, /etc)


def test_multi_label_ids_from_jsonl_and_label_names_order(make_tree, tmp_path: Path) -> None:
    rows = [
        {"id": "001", "labels": ["sky", "sea"], "caption": "blue over blue"},
        {"id": "002", "labels": ["sea"], "caption": "waves"},
        {"id": "003", "labels": [], "caption": "nothing"},
    ]
    source = make_tree(
        {
            "img/001.png": image_bytes(fmt="PNG", seed=1),
            "img/002.jpg": image_bytes(seed=2),
            "img/003.jpg": image_bytes(seed=3),
        }
    )
    labels_file = tmp_path / "tags.jsonl"
    labels_file.write_text("".join(json.dumps(r) + "\n" for r in rows))
    output = convert(source, tmp_path / "out", labels_file=str(labels_file), label_names=("sky", "sea", "land"))
    manifest = load_manifest(str(output))
    assert manifest.labels == ("sky", "sea", "land") and manifest.label_mode == "multi"
    assert manifest.split("train").label_counts == {"sky": 1, "sea": 2, "land": 0}
    written = {r[contract.IMAGE_FILENAME].decode(): r for r in records_by_split(output)["train"]}
    assert sorted(written) == ["img/001.png", "img/002.jpg", "img/003.jpg"]
    assert _as_list(written["img/001.png"][contract.LABEL]) == [0, 1]  # index order
    assert written["img/003.jpg"][contract.LABEL] == []  # an explicit [] is a record with no labels
    assert written["img/001.png"][contract.TEXT] == b"blue over blue"
    assert written["img/002.jpg"][contract.TEXT_SOURCE].decode().endswith("tags.jsonl#2")
    assert _rejects(output) == []


def test_image_caption_pairs_share_a_stem(make_tree, tmp_path: Path) -> None:
    source = make_tree(
        {
            "img/0001.jpg": image_bytes(seed=1),
            "img/0002.jpg": image_bytes(seed=2),
            "img/0003.jpg": image_bytes(seed=3),
            "txt/0001.txt": b"a red square",
            "txt/0002.txt": b"two circles",
        }
    )
    output = convert(source, tmp_path / "out")
    manifest = load_manifest(str(output))
    assert manifest.data["layout"] == "image_captions" and manifest.label_mode == "none"
    assert contract.LABEL not in manifest.features
    written = {r[contract.IMAGE_FILENAME].decode(): r[contract.TEXT] for r in records_by_split(output)["train"]}
    assert written == {"img/0001.jpg": b"a red square", "img/0002.jpg": b"two circles"}
    assert [(r["path"], "no caption" in r["reason"]) for r in _rejects(output)] == [("img/0003.jpg", True)]


def test_ratio_split_puts_every_file_in_one_split_and_scales_shards(sample_images: Path, tmp_path: Path) -> None:
    output = convert(sample_images, tmp_path / "out", split="train=0.5,validation=0.25,test=0.25", shards=8)
    manifest = load_manifest(str(output))
    records = records_by_split(output)
    names = Counter(r[contract.IMAGE_FILENAME] for split in records.values() for r in split)
    assert len(names) == 72 and set(names.values()) == {1}
    sizes = {name: len(split) for name, split in records.items()}
    assert sum(sizes.values()) == 72 and all(n >= 8 for n in sizes.values())
    train_shards = len(manifest.split("train").shards)
    assert train_shards == 8
    for name in ("validation", "test"):
        expected = round(sizes[name] / (sizes["train"] / 8))
        assert len(manifest.split(name).shards) == expected


def test_dry_run_plans_without_writing(make_tree, tmp_path: Path) -> None:
    source = make_tree({"pos/1.txt": b"yes", "pos/2.txt": b"sure", "neg/3.txt": b"no", ".hidden": b"x"})
    summary = plan_conversion(ConvertConfig(str(source), str(tmp_path / "out"), shards="3"), num_workers=1)
    assert not (tmp_path / "out").exists()
    assert summary.layout == "text_folders" and summary.num_records == 3 and summary.num_skipped == 1
    assert summary.splits["train"].label_counts == {"neg": 1, "pos": 2}
    assert summary.splits["train"].num_shards == 3


def test_split_folders_and_ratio_split_do_not_mix(make_tree, tmp_path: Path) -> None:
    source = make_tree({"train/a/1.txt": b"x", "test/a/2.txt": b"y"})
    with pytest.raises(UsageError, match="split folders"):
        convert(source, tmp_path / "out", split="train=0.5,test=0.5")


def test_class_folders_larger_than_the_detection_sample_are_all_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Microsoft's PetImages (`PetImages/Cat/`, `PetImages/Dog/`, 12,500 images each) against a
    sample of 2,000: the listing's first files all lie in one class folder, and the plan said
    "labels from: the one class folder, PetImages/Dog/; every record is labelled Dog". The sample
    is spread over the folders, so the plan names class folders. Here: 40 images a class, a
    sample of 30."""
    from shardify.beam_jobs.discover import detect

    src = tmp_path / "kagglecatsanddogs"
    made = Counter()
    for label in ("Cat", "Dog"):
        (src / "PetImages" / label).mkdir(parents=True)
        for i in range(40):
            (src / "PetImages" / label / f"{i}.jpg").write_bytes(image_bytes(seed=i))
            made[label] += 1
    monkeypatch.setattr(detect, "DETECT_SAMPLE_FILES", 30)
    config = ConvertConfig(str(src), str(tmp_path / "out"))
    found, scan = detect.detect_source(config)
    assert not scan.complete and scan.files == 30
    labels_from, _ = found.provenance()
    assert labels_from == "class folders: SRC/PetImages/<class>/", labels_from
    plan = plan_conversion(config)
    assert dict(plan.splits["train"].label_counts) == made
    assert not any("one class folder" in note for note in plan.notes), plan.notes


def _hf_imagefolder(root: Path, metadata: dict[str, str], images: dict[str, int]) -> Path:
    """A Hugging Face `imagefolder` as its docs show it: images, and metadata files whose
    `file_name` names each image relative to the metadata file's folder, `text` its caption."""
    for name, seed in images.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(image_bytes(fmt="PNG", seed=seed))
    for name, text in metadata.items():
        (root / name).write_text(text)
    return root


def test_hugging_face_metadata_at_the_top_gives_captions_not_labels(tmp_path: Path) -> None:
    """`metadata.csv` with `file_name,text` (the imagefolder docs' caption dataset): every image
    a record carrying its caption. Read as a label file, `text` was each image's label: 6
    captions, 6 classes, exit 0."""
    images = {f"train/{i:04d}.png": i for i in range(4)} | {f"test/{i:04d}.png": 10 + i for i in range(2)}
    csv = "file_name,text\n" + "".join(f'{name},"a picture, number {seed}"\n' for name, seed in images.items())
    src = _hf_imagefolder(tmp_path / "csv", {"metadata.csv": csv}, images)
    output = convert(src, tmp_path / "out_csv")
    manifest = load_manifest(str(output))
    assert manifest.label_mode == "none" and manifest.labels == ()
    records = records_by_split(output)
    captions = {
        r[contract.IMAGE_FILENAME].decode(): r[contract.TEXT].decode() for split in records.values() for r in split
    }
    assert captions == {name: f"a picture, number {seed}" for name, seed in images.items()}
    assert {split: len(rs) for split, rs in records.items()} == {"train": 4, "test": 2}
    # the JSON lines form, the same
    jsonl = "".join(json.dumps({"file_name": name, "text": f"caption {seed}"}) + "\n" for name, seed in images.items())
    src = _hf_imagefolder(tmp_path / "jsonl", {"metadata.jsonl": jsonl}, images)
    output = convert(src, tmp_path / "out_jsonl")
    texts = {r[contract.IMAGE_FILENAME].decode(): r[contract.TEXT].decode() for rs in records_by_split(output).values() for r in rs}
    assert texts == {name: f"caption {seed}" for name, seed in images.items()}


def test_hugging_face_metadata_in_each_split_folder_stops_before_writing(tmp_path: Path) -> None:
    """`train/metadata.csv` beside `train/0000.png`: not read yet, so a refusal naming the files
    and what to do, where it was read as tables of text (every image rejected)."""
    images = {f"train/{i:04d}.png": i for i in range(3)} | {"test/0000.png": 9}
    metadata = {
        "train/metadata.csv": "file_name,text\n" + "".join(f"{i:04d}.png,caption {i}\n" for i in range(3)),
        "test/metadata.csv": "file_name,text\n0000.png,caption 9\n",
    }
    src = _hf_imagefolder(tmp_path / "src", metadata, images)
    with pytest.raises(UsageError, match=r"Hugging Face imagefolder .*test/metadata.csv, train/metadata.csv.*--labels"):
        plan_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out").exists()
