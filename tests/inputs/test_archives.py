"""Archives read in place: .tar, .tar.gz and .zip as SRC or inside SRC, a tar of tars (ImageNet's
training archive), tables inside a zip; the members that cannot be inputs are rejected, and the
archive is never extracted. Inputs are counted from what the test packed."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.shard_io import read_report, read_shard
from helpers.sources import image_bytes
from shardify.cli.main import app
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

runner = CliRunner()


def _tar(files: dict[str, bytes], *, links: dict[str, str] | None = None) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            tar.addfile(info)
    return buffer.getvalue()


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            method = zipfile.ZIP_STORED if name.endswith(".jpg") else zipfile.ZIP_DEFLATED  # as zip tools do
            archive.writestr(name, data, compress_type=method)
    return buffer.getvalue()


PACKERS = {"tar": _tar, "tar.gz": lambda files: gzip.compress(_tar(files), mtime=0), "zip": _zip}


def _convert(*args: str) -> str:
    result = runner.invoke(app, ["convert", *args, "--max-rejects", "100%"])
    assert result.exit_code == 0, result.output
    return result.output


def _records(out: Path) -> dict[str, dict]:
    manifest = load_manifest(str(out))
    return {
        (record.get(contract.IMAGE_FILENAME) or record[contract.TEXT_SOURCE]).decode(): record
        for split in manifest.splits.values()
        for shard in split.shards
        for record in read_shard(out / shard.path)
    }


@pytest.mark.parametrize("kind", sorted(PACKERS))
def test_an_archive_of_class_folders_as_src(kind: str, tmp_path: Path) -> None:
    """aclImdb-style: everything under one top folder, with split and class folders inside."""
    files = {f"dataset/{split}/{label}/{i}.jpg": image_bytes(seed=hash((split, label, i)) % 1000) for split in ("train", "test") for label in ("cat", "dog") for i in range(3)}
    files["dataset/__MACOSX/._junk"] = b"resource fork"
    archive = tmp_path / f"dataset.{kind}"
    archive.write_bytes(PACKERS[kind](files))
    out = tmp_path / "out"
    output = _convert(str(archive), str(out), "--shards", "2")
    assert "wrote 12 records" in output
    records = _records(out)
    assert set(records) == {name.removeprefix("dataset/") for name in files if name.endswith(".jpg")}
    for name, data in files.items():
        if name.endswith(".jpg"):
            record = records[name.removeprefix("dataset/")]
            assert record[contract.IMAGE_ENCODED] == data
            assert record[contract.LABEL_TEXT].decode() == name.split("/")[2]
    manifest = load_manifest(str(out))
    assert set(manifest.splits) == {"train", "test"} and manifest.inputs["skipped"] == 1
    assert not list(out.glob("*.gzindex")) and not list(tmp_path.glob("dataset/"))  # nothing extracted, nothing left


def test_archives_inside_src_read_as_folders_and_a_tar_of_tars(tmp_path: Path) -> None:
    """ImageNet's training archive holds one tar per class: n01440764.tar, ..."""
    classes = {f"n0{i}": {f"n0{i}_{j}.JPEG": image_bytes(seed=10 * i + j) for j in range(2)} for i in range(3)}
    source = tmp_path / "src"
    source.mkdir()
    (source / "ILSVRC2012_img_train.tar").write_bytes(_tar({f"{c}.tar": _tar(members) for c, members in classes.items()}))
    out = tmp_path / "out"
    _convert(str(source / "ILSVRC2012_img_train.tar"), str(out))
    records = _records(out)
    expected = {f"{c}/{name}": data for c, members in classes.items() for name, data in members.items()}
    assert {path: r[contract.IMAGE_ENCODED] for path, r in records.items()} == expected
    assert {path: r[contract.LABEL_TEXT].decode() for path, r in records.items()} == {p: p.split("/")[0] for p in expected}

    (source / "extra.zip").write_bytes(_zip({"n09/x.jpg": image_bytes(seed=99)}))  # now a folder of archives
    out2 = tmp_path / "out2"
    _convert(str(source), str(out2))
    assert set(_records(out2)) == {f"ILSVRC2012_img_train/{p}" for p in expected} | {"extra/n09/x.jpg"}


def test_archives_of_one_stem_and_a_folder_of_that_name_never_share_paths(tmp_path: Path) -> None:
    """train.tar, train.zip and the folder train/ would all read as train/: each archive keeps its
    whole name instead, and every member is a record of its own."""
    source = tmp_path / "src"
    (source / "train" / "cat").mkdir(parents=True)
    (source / "train" / "cat" / "1.jpg").write_bytes(image_bytes(seed=1))
    (source / "train.tar").write_bytes(_tar({"cat/1.jpg": image_bytes(seed=2)}))
    (source / "train.zip").write_bytes(_zip({"cat/1.jpg": image_bytes(seed=3)}))
    (source / "val.tar").write_bytes(_tar({"cat/1.jpg": image_bytes(seed=4)}))
    (source / "val.tgz").write_bytes(gzip.compress(_tar({"cat/1.jpg": image_bytes(seed=5)}), mtime=0))
    out = tmp_path / "out"
    _convert(str(source), str(out), "--layout", "image_folders")
    written = {path: r[contract.IMAGE_ENCODED] for path, r in _records(out).items()}
    assert written == {
        "train/cat/1.jpg": image_bytes(seed=1),
        "train.tar/cat/1.jpg": image_bytes(seed=2),
        "train.zip/cat/1.jpg": image_bytes(seed=3),
        "val.tar/cat/1.jpg": image_bytes(seed=4),
        "val.tgz/cat/1.jpg": image_bytes(seed=5),
    }


def test_members_that_cannot_be_inputs_are_rejected(tmp_path: Path) -> None:
    files = {"cat/ok.jpg": image_bytes(seed=1), "../../escape.jpg": image_bytes(seed=2), "dog/bad.jpg": b"not an image"}
    archive = tmp_path / "src.tar"
    archive.write_bytes(_tar(files, links={"cat/link.jpg": "/etc/passwd"}))
    out = tmp_path / "out"
    _convert(str(archive), str(out))
    assert set(_records(out)) == {"cat/ok.jpg"}
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert rejects["../../escape.jpg"] == "its path leaves the archive"
    assert rejects["cat/link.jpg"].startswith("not a regular file")
    assert "unknown signature" in rejects["dog/bad.jpg"]
    assert load_manifest(str(out)).inputs == {"seen": 4, "written": 1, "rejected": 3, "skipped": 0}


@pytest.mark.parametrize("kind", ["tar.gz", "zip"])
def test_tables_inside_an_archive(kind: str, tmp_path: Path) -> None:
    rows = [(f"row {i}, with a comma", "ab"[i % 2]) for i in range(40)]
    csv = "text,label\n" + "".join(f'"{t}",{lab}\n' for t, lab in rows)
    archive = tmp_path / f"reviews.{kind}"
    archive.write_bytes(PACKERS[kind]({"reviews/train.csv": csv.encode()}))
    out = tmp_path / "out"
    _convert(str(archive), str(out), "--shards", "3")
    records = _records(out)
    assert sorted((r[contract.TEXT].decode(), r[contract.TEXT_LABEL_TEXT].decode()) for r in records.values()) == sorted(rows)


def test_a_damaged_archive_is_one_reject(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "cat").mkdir(parents=True)
    (source / "cat" / "1.jpg").write_bytes(image_bytes(seed=1))
    (source / "broken.tar.gz").write_bytes(gzip.compress(_tar({"dog/2.jpg": image_bytes(seed=2)}))[:200])
    out = tmp_path / "out"
    _convert(str(source), str(out))
    assert set(_records(out)) == {"cat/1.jpg"}
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert rejects["broken.tar.gz"].startswith("unreadable tar.gz archive")


def test_webdataset_tars_make_one_record_per_key(tmp_path: Path) -> None:
    """WebDataset shards: `000001.jpg` + `000001.cls` (+ `000001.txt`); labels as numbers through
    --label-names, captions from txt, an unused field named in the plan, a key without an image
    rejected."""
    source = tmp_path / "wds"
    source.mkdir()
    expected = {}
    for shard in range(2):
        files = {}
        for i in range(4):
            key = f"{shard}{i:05d}"
            files[f"{key}.jpg"] = image_bytes(seed=10 * shard + i)
            files[f"{key}.cls"] = str(i % 2).encode()
            files[f"{key}.txt"] = f"caption {key}".encode()
            files[f"{key}.npy"] = b"\x93NUMPY"
            expected[f"shard-{shard:06d}/{key}.jpg"] = (files[f"{key}.jpg"], ("tabby", "tiger")[i % 2], f"caption {key}")
        files[f"{shard}99999.cls"] = b"1"  # a label with no image
        (source / f"shard-{shard:06d}.tar").write_bytes(_tar(files))
    (tmp_path / "names.txt").write_text("tabby\ntiger\n")
    out = tmp_path / "out"
    output = _convert(str(source), str(out), "--label-names", str(tmp_path / "names.txt"))
    assert "wrote 8 records" in output
    records = _records(out)
    assert {path: (r[contract.IMAGE_ENCODED], r[contract.LABEL_TEXT].decode(), r[contract.TEXT].decode()) for path, r in records.items()} == expected
    assert all(r[contract.TEXT_SOURCE].decode() == path.replace(".jpg", ".txt") for path, r in records.items())
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert set(rejects) == {"shard-000000/099999.cls", "shard-000001/199999.cls"}
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "dry"), "--label-names", str(tmp_path / "names.txt"), "--dry-run"])
    assert "layout: webdataset" in result.output and "fields no record holds: npy" in result.output
