"""End to end: the Beam conversion on real files, checked by reading the shards back."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import convert, image_bytes, source_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import OutputError, SourceError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _records(output: Path) -> list[dict]:
    manifest = load_manifest(str(output))
    return [r for shard in manifest.split("train").shards for r in read_shard(output / shard.path)]


def test_round_trip_every_file_in_exactly_one_record(converted: Path, sample_images: Path) -> None:
    files = source_files(sample_images)
    records = _records(converted)
    by_name = Counter(r[contract.IMAGE_FILENAME].decode() for r in records)
    assert by_name == Counter(list(files))  # every file exactly once, nothing else
    manifest = load_manifest(str(converted))
    for record in records:
        relpath = record[contract.IMAGE_FILENAME].decode()
        assert record[contract.IMAGE_ENCODED] == files[relpath]
        label_text = relpath.split("/")[0]
        assert record[contract.LABEL_TEXT].decode() == label_text
        assert manifest.labels[record[contract.LABEL]] == label_text
        assert record[contract.IMAGE_SHA256].decode() == hashlib.sha256(files[relpath]).hexdigest()


def test_manifest_describes_the_shards(converted: Path, sample_images: Path) -> None:
    manifest = load_manifest(str(converted))
    assert manifest.labels == ("circle", "square", "triangle")  # first-level folders, sorted
    split = manifest.split("train")
    assert [s.path for s in split.shards] == [f"train-{i:05d}-of-00004.tfrecord" for i in range(4)]
    assert split.num_records == len(source_files(sample_images)) == sum(s.num_records for s in split.shards)
    for shard in split.shards:
        data = (converted / shard.path).read_bytes()
        assert len(data) == shard.num_bytes
        assert hashlib.sha256(data).hexdigest() == shard.sha256
        assert len(read_shard(converted / shard.path)) == shard.num_records
    assert split.label_counts == {"circle": 24, "square": 24, "triangle": 24}
    assert manifest.data["features"] == contract.feature_spec(contract.record_schema(image=True, text=False))
    assert manifest.data["inputs"] == {"seen": 72, "written": 72, "rejected": 0, "skipped": 0}
    assert not [p.name for p in converted.iterdir() if naming.is_temp_filename(p.name)]


def test_shards_are_balanced_and_mix_labels(converted: Path) -> None:
    manifest = load_manifest(str(converted))
    counts = [shard.num_records for shard in manifest.split("train").shards]
    assert max(counts) - min(counts) <= 1
    for shard in manifest.split("train").shards:
        labels = {r[contract.LABEL] for r in read_shard(converted / shard.path)}
        assert len(labels) >= 2, f"{shard.path} holds a single label: records are not shuffled"


def test_same_input_and_seed_give_identical_bytes(converted: Path, sample_images: Path, tmp_path: Path) -> None:
    again = convert(sample_images, tmp_path / "again", shards=4)
    names = sorted(p.name for p in converted.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    for name in names:
        assert (converted / name).read_bytes() == (again / name).read_bytes(), name


def test_another_seed_gives_another_order(converted: Path, sample_images: Path, tmp_path: Path) -> None:
    other = convert(sample_images, tmp_path / "seed1", shards=4, seed=1)
    order = lambda out: [r[contract.IMAGE_FILENAME] for r in _records(out)]  # noqa: E731
    assert order(other) != order(converted)
    assert sorted(order(other)) == sorted(order(converted))


def test_more_shards_than_files_writes_one_record_per_shard(make_tree, tmp_path: Path) -> None:
    source = make_tree({f"a/{i}.jpg": image_bytes(seed=i) for i in range(3)})
    output = convert(source, tmp_path / "out", shards=8)
    split = load_manifest(str(output)).split("train")
    assert [s.path for s in split.shards] == [naming.shard_filename("train", i, 3) for i in range(3)]
    assert [s.num_records for s in split.shards] == [1, 1, 1]


def test_bad_files_are_rejected_with_reasons_and_junk_is_counted(make_tree, tmp_path: Path) -> None:
    good_png = image_bytes(fmt="PNG", seed=1)
    source = make_tree(
        {
            "cats/ok.jpg": image_bytes(seed=0),
            "cats/really_a_png.jpg": good_png,  # format comes from the bytes
            "cats/empty.jpg": b"",
            "cats/notes.jpg": b"just some text, not an image",
            "cats/truncated.png": good_png[:20],
            "dogs/.DS_Store": b"junk",
            "dogs/._ok.jpg": b"AppleDouble",
            "dogs/Thumbs.db": b"junk",
            "dogs/ok.png": good_png,
            "loose.jpg": image_bytes(seed=2),  # not inside a class folder
        }
    )
    output = convert(source, tmp_path / "out", shards=2)
    manifest = load_manifest(str(output))
    written = {r[contract.IMAGE_FILENAME].decode(): r for r in _records(output)}
    assert sorted(written) == ["cats/ok.jpg", "cats/really_a_png.jpg", "dogs/ok.png"]
    assert written["cats/really_a_png.jpg"][contract.IMAGE_FORMAT] == b"png"
    rejects = {
        r["path"]: r["reason"] for r in map(json.loads, (output / naming.REJECTS_FILENAME).read_text().splitlines())
    }
    assert set(rejects) == {"cats/empty.jpg", "cats/notes.jpg", "cats/truncated.png", "loose.jpg"}
    assert "empty" in rejects["cats/empty.jpg"]
    assert "signature" in rejects["cats/notes.jpg"]
    assert "class folder" in rejects["loose.jpg"]
    assert manifest.data["inputs"] == {"seen": 10, "written": 3, "rejected": 4, "skipped": 3}


def test_dangling_symlink_is_rejected_not_dropped(make_tree, tmp_path: Path) -> None:
    source = make_tree({"a/ok.jpg": image_bytes()})
    (source / "a" / "gone.jpg").symlink_to(source / "a" / "missing.jpg")
    output = convert(source, tmp_path / "out")
    rejects = [json.loads(line) for line in (output / naming.REJECTS_FILENAME).read_text().splitlines()]
    assert rejects == [{"path": "a/gone.jpg", "stage": "discover", "reason": "dangling symlink (or a symlink loop)"}]


def test_foreign_files_in_output_are_refused_and_kept(sample_images: Path, tmp_path: Path) -> None:
    output = tmp_path / "out"
    output.mkdir()
    (output / "precious.txt").write_text("mine")
    with pytest.raises(OutputError, match="precious.txt"):
        convert(sample_images, output)
    assert not (output / naming.MANIFEST_FILENAME).exists()
    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig

    run_conversion(ConvertConfig(str(sample_images), str(output)), overwrite=True, num_workers=1)
    assert (output / "precious.txt").read_text() == "mine"
    assert (output / naming.MANIFEST_FILENAME).exists()


def test_rerun_with_fewer_shards_removes_the_old_shards(sample_images: Path, tmp_path: Path) -> None:
    output = convert(sample_images, tmp_path / "out", shards=4)
    convert(sample_images, output, shards=2)
    shard_files = sorted(p.name for p in output.glob("*.tfrecord*"))
    assert shard_files == [naming.shard_filename("train", i, 2) for i in range(2)]
    assert load_manifest(str(output)).split("train").num_records == 72


def test_no_usable_input_writes_no_manifest(make_tree, tmp_path: Path) -> None:
    source = make_tree({"a/bad.jpg": b"nope"})
    output = tmp_path / "out"
    with pytest.raises(SourceError, match="no records written"):
        convert(source, output)
    assert not (output / naming.MANIFEST_FILENAME).exists()
    assert "bad.jpg" in (output / naming.REJECTS_FILENAME).read_text()


def test_symlinks_inside_are_followed_outside_and_folders_are_rejected(make_tree, tmp_path: Path) -> None:
    outside = tmp_path / "outside.jpg"
    outside.write_bytes(image_bytes(seed=9))
    source = make_tree({"a/ok.jpg": image_bytes(seed=1), "b/real.jpg": image_bytes(seed=2)})
    (source / "a" / "inside_link.jpg").symlink_to(source / "b" / "real.jpg")
    (source / "a" / "outside_link.jpg").symlink_to(outside)
    (source / "a" / "folder_link").symlink_to(source / "b")
    output = convert(source, tmp_path / "out")
    written = sorted(r[contract.IMAGE_FILENAME].decode() for r in _records(output))
    assert written == ["a/inside_link.jpg", "a/ok.jpg", "b/real.jpg"]
    reasons = {
        r["path"]: r["reason"] for r in map(json.loads, (output / naming.REJECTS_FILENAME).read_text().splitlines())
    }
    assert reasons == {
        "a/outside_link.jpg": "symlink leads outside the source folder (allow with --follow-outside-links)",
        "a/folder_link": "symlink to a folder: not followed",
    }
    allowed = convert(source, tmp_path / "allowed", follow_outside_links=True)
    written = {r[contract.IMAGE_FILENAME].decode(): r[contract.IMAGE_ENCODED] for r in _records(allowed)}
    assert written["a/outside_link.jpg"] == outside.read_bytes()


def test_beam_counters_report_records_bytes_and_rejects(make_tree, tmp_path: Path) -> None:
    from apache_beam.metrics.metric import MetricsFilter

    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig

    source = make_tree({"a/ok.jpg": image_bytes(seed=1), "a/anim.gif": _animated_gif(), "a/bad.jpg": b"nope"})
    config = ConvertConfig(str(source), str(tmp_path / "out"), max_rejects="100%")
    result = run_conversion(config, num_workers=1)
    counters: Counter[str] = Counter()  # a counter is reported per step: sum the steps
    for r in result.metrics().query(MetricsFilter().with_namespace("shardify"))["counters"]:
        counters[r.key.metric.name] += r.committed
    manifest = load_manifest(str(tmp_path / "out"))
    assert counters["records_written"] == manifest.data["inputs"]["written"] == 2
    assert counters["bytes_written"] == manifest.split("train").num_bytes
    assert counters["inputs_rejected"] == manifest.data["inputs"]["rejected"] == 1
    assert counters["images_reencoded"] == manifest.data["repaired"]["reencoded"] == 1


def _animated_gif() -> bytes:
    import io

    from PIL import Image

    frames = [Image.new("RGB", (8, 8), (80 * i, 0, 0)) for i in range(3)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:])
    return buffer.getvalue()


def test_a_finished_conversion_of_another_source_is_not_replaced_without_overwrite(tmp_path: Path) -> None:
    """A typo in OUT must not cost a finished dataset: converting another SRC into it is refused,
    every file of it kept; the same SRC re-runs as before; --overwrite replaces it."""
    first, second = tmp_path / "first", tmp_path / "second"
    for root, name in ((first, "a"), (second, "b")):
        (root / name).mkdir(parents=True)
        for i in range(3):
            (root / name / f"{i}.png").write_bytes(image_bytes(fmt="PNG", seed=i))
    out = convert(first, tmp_path / "out", shards=1)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(OutputError, match="holds a finished conversion of .*first.*--overwrite to replace it"):
        convert(second, out, shards=1)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    convert(first, out, shards=1)  # the same source: a re-run, as ever
    run_conversion(ConvertConfig(str(second), str(out), shards=1), overwrite=True)
    assert load_manifest(str(out)).labels == ("b",)
