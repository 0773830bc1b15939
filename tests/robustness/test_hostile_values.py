"""Hostile values inside inputs that are otherwise fine: member names that are not UTF-8, digits
that are not ASCII, JSON nested past the parser or holding integers too long to convert, an archive
damaged part-way, WebDataset samples with a field twice, option values that name what the source
has not. Each is one reject with its reason or a one-line usage error (exit 2), never a traceback;
inputs are counted from what each test built."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path

from helpers.cli_runs import one_line_error, run_shardify
from helpers.shard_io import read_report, read_shard, rejects_by_path
from helpers.sources import image_bytes
from shardify.converters import archives
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _tar(members: list[tuple[str | bytes, bytes]]) -> bytes:
    """A ustar archive of (name, data); a bytes name is stored as those bytes."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT, encoding="utf-8", errors="surrogateescape") as tar:
        for name, data in members:
            info = tarfile.TarInfo(name.decode("utf-8", "surrogateescape") if isinstance(name, bytes) else name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _convert(source: Path, out: Path, *args: str) -> None:
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


def _records(out: Path) -> dict[str, dict]:
    return {
        (record.get(contract.IMAGE_FILENAME) or record[contract.TEXT_SOURCE]).decode(): record
        for split in load_manifest(str(out)).splits.values()
        for shard in split.shards
        for record in read_shard(out / shard.path)
    }


def test_an_archive_member_named_in_latin_1_is_rejected_and_the_others_convert(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    members = [("cat/1.jpg", image_bytes(seed=1)), (b"cat/caf\xe9.jpg", image_bytes(seed=2)), ("dog/3.jpg", image_bytes(seed=3))]
    (source / "pets.tar").write_bytes(_tar(members))
    out = tmp_path / "out"
    _convert(source, out)
    assert set(_records(out)) == {"pets/cat/1.jpg", "pets/dog/3.jpg"}
    assert rejects_by_path(out) == {"pets/cat/caf\\xe9.jpg": "its name is not valid UTF-8"}


def test_a_tar_gz_damaged_part_way_keeps_the_members_before_the_damage(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    members = [(f"cat/{i}.png", image_bytes(fmt="PNG", size=(200, 200), seed=i)) for i in range(6)]
    whole = gzip.compress(_tar(members), mtime=0)
    (source / "pets.tar.gz").write_bytes(whole[: len(whole) * 2 // 3])
    out = tmp_path / "out"
    _convert(source, out)
    written = set(_records(out))
    assert written and written < {f"pets/cat/{i}.png" for i in range(6)}
    assert written == {f"pets/cat/{i}.png" for i in range(len(written))}  # the first ones, in archive order
    rejects = rejects_by_path(out)
    assert f"(the {len(written)} members before the damage are converted; any after it are not)" in rejects["pets.tar.gz"]
    # Every member is accounted for: written, or named by the archive's reject (the truncated one
    # may also be a reject of its own).
    assert set(rejects) <= {"pets.tar.gz"} | {f"pets/cat/{i}.png" for i in range(6)} - written


def test_jsonl_rows_nested_too_deep_or_with_huge_integers_are_rejected_alone(tmp_path: Path) -> None:
    source = tmp_path / "reviews.jsonl"
    rows = [json.dumps({"text": "fine", "label": "pos"}), "[" * 100_000 + "]" * 100_000, '{"text": "big", "label": ' + "9" * 5000 + "}"]
    rows.append(json.dumps({"text": "also fine", "label": "neg"}))
    source.write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    _convert(source, out)
    assert sorted(r[contract.TEXT].decode() for r in _records(out).values()) == ["also fine", "fine"]
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert sorted(r["row"] for r in rejects) == [2, 3], rejects
    assert {r["row"]: r["reason"] for r in rejects} == {
        2: "JSON nested too deeply",
        3: "JSON value cannot be read (Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits)",
    }


def test_digits_that_are_not_ascii_are_label_names_not_numbers(tmp_path: Path) -> None:
    """`"²".isdigit()` holds and `int("²")` fails: such a folder is a label of its own."""
    source = tmp_path / "src"
    for folder, seed in (("1", 1), ("2", 2), ("²", 3), ("٣", 4)):
        (source / folder).mkdir(parents=True)
        (source / folder / "a.jpg").write_bytes(image_bytes(seed=seed))
    names = tmp_path / "names.txt"
    names.write_text("neg\npos\n")
    out = tmp_path / "out"
    _convert(source, out, "--label-names", str(names))
    labels = {path.split("/")[0]: r[contract.LABEL_TEXT].decode() for path, r in _records(out).items()}
    rejected = set(rejects_by_path(out))
    assert labels["1"] == "neg" and labels["2"] == "pos"
    assert {"²/a.jpg", "٣/a.jpg"} <= {f"{label}/a.jpg" for label in labels} | rejected
    assert all(labels.get(folder, folder) == folder for folder in ("²", "٣"))


def test_a_webdataset_sample_with_a_field_twice_is_rejected_whole_naming_the_other(tmp_path: Path) -> None:
    """`a.JPG` beside `a.jpg` is one field twice: which is meant cannot be told. A name the tar
    holds twice (`tar -r` appends the updated copy) is the last copy, as extracting the tar leaves
    it; the earlier copy is a reject of its own (tests/robustness/test_hostile_archives.py)."""
    source = tmp_path / "wds"
    source.mkdir()
    members = [("000.jpg", image_bytes(seed=0)), ("000.cls", b"0"), ("001.jpg", image_bytes(seed=1)), ("001.cls", b"1")]
    members.append(("001.cls", b"0"))  # appended to the tar again, as `tar -r` does
    members += [("002.jpg", image_bytes(seed=2)), ("002.JPG", image_bytes(seed=3)), ("002.cls", b"1")]
    (source / "shard-000.tar").write_bytes(_tar(members))
    out = tmp_path / "out"
    _convert(source, out, "--label-names", str(_names(tmp_path)))  # jpg + cls, the commonest WebDataset shape: detected
    records = _records(out)
    assert set(records) == {"shard-000/000.jpg", "shard-000/001.jpg"}
    assert records["shard-000/000.jpg"][contract.IMAGE_ENCODED] == members[0][1]
    assert records["shard-000/001.jpg"][contract.LABEL_TEXT] == b"cat"  # the last 001.cls: "0"
    rejects = read_report(out, naming.REJECTS_FILENAME)
    twice = "sample 'shard-000/002' already has a jpg member: which one is meant cannot be told"
    assert sorted((r["path"], r["reason"]) for r in rejects) == [
        ("shard-000/001.cls", archives.EARLIER_COPY),
        ("shard-000/002.JPG", twice),
        ("shard-000/002.cls", twice),
        ("shard-000/002.jpg", twice),
    ]
    assert load_manifest(str(out)).inputs["seen"] == len(members) - 2  # the written samples' cls members are part of their records


def _names(tmp_path: Path) -> Path:
    names = tmp_path / "names.txt"
    names.write_text("cat\ndog\n")
    return names


def test_shards_for_a_split_the_source_lacks_and_coco_without_annotations_are_usage_errors(
    sample_images: Path, tmp_path: Path
) -> None:
    result = run_shardify("convert", str(sample_images), str(tmp_path / "a"), "--shards", "validation=2", "-q")
    assert result.returncode == 2
    assert "--shards names validation, which this source has no records for (its splits: train)" in one_line_error(result)
    result = run_shardify("convert", str(sample_images), str(tmp_path / "b"), "--layout", "coco", "-q")
    assert result.returncode == 2
    assert "--layout coco needs an annotation file" in one_line_error(result)
    assert not (tmp_path / "a" / naming.MANIFEST_FILENAME).exists()
