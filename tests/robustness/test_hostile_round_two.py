"""Hostile input, second round (issue 24): archives that lie, resume state that lies, values that
are not what they seem, and what a small input can make large. Each class is closed at its root;
each test builds real files (zips and tars with the stdlib, Parquet with pyarrow) and counts the
inputs from what it built, never from the manifest, then checks the manifest agrees."""

from __future__ import annotations

import collections
import io
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.shard_io import forge_first_record, read_report, read_shard
from helpers.sources import convert, image_bytes
from shardify.beam_jobs import counters
from shardify.beam_jobs.launch import run_conversion
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.runners import runner
from shardify.config import ConvertConfig
from shardify.converters import archives
from shardify.errors import CorruptShardError, ManifestError, OutputError, RejectLimitError
from shardify.format import contract, example_proto, naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output

# --- helpers: what a conversion wrote, read back without the manifest's counts -------------------


def _records(out: Path) -> dict[str, dict]:
    """Every record of every shard file in OUT, by its id (image file name, or text source)."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            key = record.get(contract.IMAGE_FILENAME) or record[contract.TEXT_SOURCE]
            assert key.decode() not in found, f"{key!r} written twice"
            found[key.decode()] = record
    return found


def _rejects(out: Path) -> list[tuple[str, str]]:
    return [(r["path"], r["reason"]) for r in read_report(out, naming.REJECTS_FILENAME)]


def _accounted(out: Path, inputs: list[str]) -> None:
    """Each input the test built is written or rejected exactly once (a path an archive holds twice
    is two inputs), and the manifest counts as many."""
    done = collections.Counter(list(_records(out))) + collections.Counter(path for path, _ in _rejects(out))
    assert done == collections.Counter(inputs), (done, inputs)
    manifest = load_manifest(str(out))
    assert manifest.inputs["seen"] == len(inputs) and manifest.inputs["skipped"] == 0, manifest.inputs


# --- zips: a member is what its own header, data and CRC say ----------------------------------------

_CD = struct.Struct("<IHHHHHHIIIHHHHHII")  # a central directory entry
_LOCAL = struct.Struct("<IHHHHHIIIHH")  # a local file header
_EOCD = struct.Struct("<IHHHHIIH")  # the end of the central directory


def _zip(members: list[tuple[str, bytes]], method: int = zipfile.ZIP_STORED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in members:
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data, compress_type=method)
    return buffer.getvalue()


def _cd_entries(data: bytes) -> tuple[int, list[bytearray]]:
    """(where the central directory starts, its entries' bytes)."""
    eocd = data.rindex(b"PK\x05\x06")
    _, _, _, _, count, _, start, _ = _EOCD.unpack_from(data, eocd)
    entries, at = [], start
    for _ in range(count):
        fields = _CD.unpack_from(data, at)
        length = _CD.size + fields[10] + fields[11] + fields[12]
        entries.append(bytearray(data[at : at + length]))
        at += length
    return start, entries


def _with_cd(data: bytes, start: int, entries: list[bytes]) -> bytes:
    """The archive's members with a new central directory."""
    directory = b"".join(entries)
    return data[:start] + directory + _EOCD.pack(0x06054B50, 0, 0, len(entries), len(entries), len(directory), start, 0)


def _patch(buffer: bytearray, offset: int, value: int) -> None:
    struct.pack_into("<I", buffer, offset, value)


def _lying_zips(folder: Path) -> list[str]:
    """Zips whose central directory, headers or CRCs lie; returns the member paths, as inputs."""
    inputs = []
    # longer.zip: the central directory says a stored member is 600 bytes longer than it is.
    members = [(f"cat/{i}.jpg", image_bytes(seed=i)) for i in range(3)]
    data = _zip(members)
    start, entries = _cd_entries(data)
    for offset in (20, 24):  # compressed and uncompressed sizes
        _patch(entries[1], offset, len(members[1][1]) + 600)
    (folder / "longer.zip").write_bytes(_with_cd(data, start, entries))
    inputs += [f"longer/{name}" for name, _ in members]
    # overlap.zip: local header and central directory agree on a size that runs into the next member.
    data = bytearray(_zip(members))
    start, entries = _cd_entries(bytes(data))
    for offset in (18, 22):
        _patch(data, offset, len(members[0][1]) + 100)
    for offset in (20, 24):
        _patch(entries[0], offset, len(members[0][1]) + 100)
    (folder / "overlap.zip").write_bytes(_with_cd(bytes(data), start, entries))
    inputs += [f"overlap/{name}" for name, _ in members]
    # crc.zip: a stored image with a byte flipped; a deflated image whose CRC-32 (both headers) is wrong.
    stored = [("dog/stored.jpg", image_bytes(size=(160, 120), seed=7)), ("dog/fine.jpg", image_bytes(seed=8))]
    data = bytearray(_zip(stored))
    header = _LOCAL.unpack_from(data, 0)
    data[_LOCAL.size + header[9] + header[10] + len(stored[0][1]) * 3 // 4] ^= 0xFF
    deflated = bytearray(_zip([("dog/deflated.jpg", image_bytes(size=(160, 120), seed=9))], zipfile.ZIP_DEFLATED))
    start, entries = _cd_entries(bytes(deflated))
    _patch(deflated, 14, 0x12345678)
    _patch(entries[0], 16, 0x12345678)
    (folder / "crc.zip").write_bytes(bytes(data))
    (folder / "crc2.zip").write_bytes(_with_cd(bytes(deflated), start, entries))
    inputs += ["crc/dog/stored.jpg", "crc/dog/fine.jpg", "crc2/dog/deflated.jpg"]
    # shared.zip: 100 entries of 10 kB that all share one 4 MiB member (a zip bomb's shape).
    data = _zip([("cat/s000.jpg", bytes(4 << 20))], zipfile.ZIP_DEFLATED)
    start, (first,) = _cd_entries(data)
    entries = [first]
    for i in range(1, 100):
        name = f"cat/s{i:03d}.jpg".encode()
        fields = list(_CD.unpack_from(first))
        fields[10] = len(name)
        entries.append(_CD.pack(*fields) + name)
    (folder / "shared.zip").write_bytes(_with_cd(data, start, entries))
    inputs += [f"shared/cat/s{i:03d}.jpg" for i in range(100)]
    assert (folder / "shared.zip").stat().st_size < 16 << 10
    return inputs


def test_zip_members_are_what_their_own_headers_and_crcs_say(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    inputs = _lying_zips(source)
    # The zips each hold cat/ or dog/: the classes are a level below the archives' names (taking the
    # archive names for classes was a wrong guess that detection now refuses: issue 30).
    out = convert(source, tmp_path / "out", label_level=2)
    _accounted(out, inputs)
    assert set(_records(out)) == {"longer/cat/0.jpg", "longer/cat/2.jpg", "overlap/cat/2.jpg", "crc/dog/fine.jpg"}
    rejects = dict(_rejects(out))
    assert "the central directory" in rejects["longer/cat/1.jpg"], rejects["longer/cat/1.jpg"]
    for name in ("overlap/cat/0.jpg", "overlap/cat/1.jpg"):  # which of them is genuine cannot be told
        assert "overlap those of" in rejects[name], rejects[name]
    for name in ("crc/dog/stored.jpg", "crc2/dog/deflated.jpg"):
        assert "fail their CRC-32" in rejects[name], rejects[name]
    assert "times an archive member may (a zip bomb?)" in rejects["shared/cat/s000.jpg"]
    assert all("its own header names 'cat/s000.jpg'" in rejects[f"shared/cat/s{i:03d}.jpg"] for i in range(1, 100))
    # Every record holds its member's own bytes, never another member's.
    assert all(len(r[contract.IMAGE_ENCODED]) < 4096 for r in _records(out).values())


# --- tars: sparse members, a path twice, tars nested past any reason, .tar.gz that is not gzip ---


def _tar_header(name: str, size: int, kind: bytes = tarfile.REGTYPE, fmt: int = tarfile.USTAR_FORMAT) -> bytes:
    info = tarfile.TarInfo(name)
    info.size, info.type, info.mtime = size, kind, 0
    return info.tobuf(fmt, "utf-8", "surrogateescape")


def _padded(data: bytes) -> bytes:
    return data + bytes(-len(data) % tarfile.BLOCKSIZE)


def _sparse_header(name: str, stored: int, real: int) -> bytes:
    """A GNU sparse member's header: one stored region at offset 0, the rest a hole."""
    header = bytearray(_tar_header(name, stored, tarfile.GNUTYPE_SPARSE, tarfile.GNU_FORMAT))
    header[386:398] = b"%011o\0" % 0  # the region's offset
    header[398:410] = b"%011o\0" % stored  # and length
    header[483:495] = b"%011o\0" % real  # the file's real size
    header[148:156] = b" " * 8
    header[148:155] = b"%06o\0" % sum(header)
    return bytes(header)


def _nested_tar(depth: int, leaf: tuple[str, bytes]) -> bytes:
    """A tar holding a tar holding a tar ... `depth` deep, the innermost holding `leaf`: each inner
    tar is its header's data, without an end marker (as tar allows), so the whole is one block a level."""
    body = _tar_header(leaf[0], len(leaf[1])) + _padded(leaf[1])
    headers = [_tar_header("d.tar", len(body) + (depth - 1 - level) * tarfile.BLOCKSIZE) for level in range(depth - 1)]
    return b"".join(headers) + body + bytes(2 * tarfile.BLOCKSIZE)


def _hostile_tars(folder: Path) -> tuple[list[str], dict[str, bytes]]:
    """Tars with a sparse member, a path twice, 1,200 levels of nesting, and .tar.gz files that are
    not gzip; returns (the inputs, the bytes each written record must hold)."""
    one, two, five = image_bytes(seed=1), image_bytes(seed=2), image_bytes(seed=5)
    sparse = (
        _tar_header("cat/1.jpg", len(one)) + _padded(one)
        + _sparse_header("cat/2.jpg", len(two), len(two) + 4096) + _padded(two)
        + _tar_header("dog/5.jpg", len(five)) + _padded(five) + bytes(1024)
    )
    (folder / "sparse.tar").write_bytes(sparse)
    old, new, four = image_bytes(seed=3), image_bytes(seed=6), image_bytes(seed=4)
    updated = b"".join(_tar_header(n, len(d)) + _padded(d) for n, d in (("cat/3.jpg", old), ("dog/4.jpg", four), ("cat/3.jpg", new)))
    (folder / "updated.tar").write_bytes(updated + bytes(1024))  # what `tar -r` leaves after updating cat/3.jpg
    (folder / "deep.tar").write_bytes(_nested_tar(1200, ("cat/deep.jpg", image_bytes(seed=9))))
    (folder / "plain.tar.gz").write_bytes(updated + bytes(1024))
    (folder / "noise.tar.gz").write_bytes(os.urandom(4096).replace(b"\x1f\x8b", b"xx").lstrip(b"\x1f"))
    deep_tar = "deep/" + "d/" * archives.MAX_NESTED_ARCHIVES + "d.tar"
    inputs = [
        "sparse/cat/1.jpg", "sparse/cat/2.jpg", "sparse/dog/5.jpg",
        "updated/cat/3.jpg", "updated/dog/4.jpg", "updated/cat/3.jpg",
        deep_tar, "plain.tar.gz", "noise.tar.gz",
    ]
    expected = {"sparse/cat/1.jpg": one, "sparse/dog/5.jpg": five, "updated/cat/3.jpg": new, "updated/dog/4.jpg": four}
    return inputs, expected


def test_sparse_repeated_deeply_nested_and_mislabelled_tar_members(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    inputs, expected = _hostile_tars(source)
    out = convert(source, tmp_path / "out")
    _accounted(out, inputs)
    records = _records(out)
    assert {name: r[contract.IMAGE_ENCODED] for name, r in records.items()} == expected  # the last copy of cat/3.jpg
    rejects = dict(_rejects(out))
    assert rejects["sparse/cat/2.jpg"].startswith("a sparse file inside the archive")
    assert ("updated/cat/3.jpg", archives.EARLIER_COPY) in _rejects(out)
    assert rejects[inputs[6]] == f"a tar nested more than {archives.MAX_NESTED_ARCHIVES} archives deep: not listed"
    assert rejects["plain.tar.gz"] == "unreadable tar.gz archive: not a gzip file: it is named .tar.gz but holds a plain tar (rename it .tar)"
    assert rejects["noise.tar.gz"].startswith("unreadable tar.gz archive: not a gzip file")
    assert "ZRAN" not in json.dumps(rejects)


# --- tables: one row, one outcome; one row-size limit for every format -------------------------


def test_a_bare_carriage_return_makes_its_row_one_reject_and_nothing_else(tmp_path: Path) -> None:
    source = tmp_path / "tables"
    source.mkdir()
    (source / "reviews.tsv").write_bytes(b"text\tlabel\none\tpos\nbad\rtail\tneg\nthree\tneg\nfour\tpos\n")
    (source / "more.csv").write_bytes(b'text,label\nfive,pos\nbad\rtail,neg\n"quoted\rcr",neg\n')
    inputs = ["reviews.tsv", "reviews.tsv", "reviews.tsv", "reviews.tsv", "more.csv", "more.csv", "more.csv"]  # rows
    out = convert(source, tmp_path / "out")
    texts = sorted(r[contract.TEXT].decode() for r in _records(out).values())
    assert texts == ["five", "four", "one", "quoted\rcr", "three"]  # nothing after a bare \r became a record
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert sorted((r["path"], r["row"]) for r in rejects) == [("more.csv", 3), ("reviews.tsv", 3)]
    assert all("a carriage return (\\r) inside the row" in r["reason"] for r in rejects)
    assert load_manifest(str(out)).inputs["seen"] == len(inputs)


def _parquet(path: Path, groups: list[list[tuple[str, str]]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([("text", pa.large_string()), ("label", pa.string())])
    with pq.ParquetWriter(path, schema, compression="zstd") as writer:
        for rows in groups:
            writer.write_table(pa.table({"text": [t for t, _ in rows], "label": [lab for _, lab in rows]}, schema=schema))


def test_a_parquet_cell_over_the_row_limit_is_one_reject_never_read_into_memory(tmp_path: Path) -> None:
    """CSV and JSONL rows over 64 MiB were rejected; a small Parquet file can hold a far larger cell."""
    from shardify.converters import tables

    big = "x" * (tables.MAX_ROW_BYTES + (8 << 20))
    source = tmp_path / "tables"
    source.mkdir()
    _parquet(source / "alone.parquet", [[("one", "pos")], [(big, "neg")], [("two", "neg")]])  # the big row is its own group
    _parquet(source / "shared.parquet", [[("three", "pos"), (big, "neg"), ("four", "neg")]])
    assert (source / "alone.parquet").stat().st_size < 64 << 10
    out = convert(source, tmp_path / "out")
    assert sorted(r[contract.TEXT].decode() for r in _records(out).values()) == ["four", "one", "three", "two"]
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert sorted((r["path"], r["row"]) for r in rejects) == [("alone.parquet", 2), ("shared.parquet", 2)]
    assert all(f"more than the {tables.MAX_ROW_BYTES:,} a row may hold" in r["reason"] for r in rejects)
    assert load_manifest(str(out)).inputs["seen"] == 6
    # A row group of one oversized row is refused from the file's metadata: pyarrow never holds it.
    script = (
        "import sys, pyarrow as pa\n"
        "from shardify.converters import table_scans\n"
        "with open(sys.argv[1], 'rb') as f:\n"
        "    header, rows = table_scans.read_table(f, 'parquet')\n"
        "    kinds = [type(row).__name__ for row in rows]\n"
        "print(kinds, pa.default_memory_pool().max_memory())\n"
    )
    result = subprocess.run([sys.executable, "-c", script, str(source / "alone.parquet")], capture_output=True, text=True, timeout=60)
    kinds, peak = result.stdout.rsplit(" ", 1)
    assert kinds == "['Row', 'RowError', 'Row']" and int(peak) < 8 << 20, result.stdout + result.stderr


# --- names, labels and ids: the same under any locale; label values that are names ---------------


def _latin1_locale(tmp_path: Path) -> dict[str, str]:
    """Environment for an ISO-8859-1 locale compiled here (glibc reads it from LOCPATH)."""
    if not shutil.which("localedef"):
        pytest.skip("no localedef to make an ISO-8859-1 locale")
    locales = tmp_path / "locales"
    locales.mkdir()
    made = subprocess.run(["localedef", "-i", "en_US", "-f", "ISO-8859-1", str(locales / "en_US.ISO-8859-1")], capture_output=True, timeout=60)
    if not (locales / "en_US.ISO-8859-1").exists():
        pytest.skip(f"cannot make an ISO-8859-1 locale: {made.stderr[-200:]!r}")
    return {"LOCPATH": str(locales), "LC_ALL": "en_US.ISO-8859-1"}


@pytest.mark.parametrize("locale", ["latin-1", "posix"])
def test_names_are_read_as_utf8_whatever_the_callers_locale(locale: str, tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "chats_été").mkdir(parents=True)
    (source / "chiens").mkdir()
    (source / "chats_été" / "ä1.jpg").write_bytes(image_bytes(seed=1))
    (source / "chiens" / "2.jpg").write_bytes(image_bytes(seed=2))
    (source / "chiens" / "3.jpg").write_bytes(image_bytes(seed=3))
    with open(os.path.join(os.fsencode(source / "chiens"), b"caf\xe9.jpg"), "wb") as f:  # not UTF-8 on disk
        f.write(image_bytes(seed=4))
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE", "PYTHONUTF8")}
    env.update(_latin1_locale(tmp_path) if locale == "latin-1" else {"LC_ALL": "POSIX", "PYTHONUTF8": "0"})
    probe = subprocess.run([sys.executable, "-c", "import sys; print(sys.getfilesystemencoding())"], env=env, capture_output=True, text=True, timeout=60)
    assert probe.stdout.strip() in ("iso8859-1", "ascii"), probe.stdout  # the locale really is not UTF-8
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", env=env, errors="replace")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    records = _records(out)
    assert set(records) == {"chats_été/ä1.jpg", "chiens/2.jpg", "chiens/3.jpg"}
    assert records["chats_été/ä1.jpg"][contract.LABEL_TEXT].decode() == "chats_été"
    assert load_manifest(str(out)).labels == ("chats_été", "chiens")
    assert _rejects(out) == [("chiens/caf\\xe9.jpg", "path is not valid UTF-8 (shown with its bytes escaped as \\xNN)")]


def test_label_values_that_are_not_names_are_one_reject_each(tmp_path: Path) -> None:
    """{"a": 1}, [["x"]], 1.5 and null name no label: each file they would label is rejected once,
    with the reason, and counted once (a null label was counted twice). true is the label `true`."""
    source = tmp_path / "src"
    source.mkdir()
    values = ["cat", None, {"a": 1}, True, [["x"]], 1.5, "dog", 3]
    for i in range(len(values)):
        (source / f"{i}.jpg").write_bytes(image_bytes(seed=i))
    rows = [json.dumps({"path": f"{i}.jpg", "label": value}) for i, value in enumerate(values)]
    (source / "labels.jsonl").write_text("\n".join(rows) + "\n")
    out = convert(source, tmp_path / "out")
    _accounted(out, [f"{i}.jpg" for i in range(len(values))])
    assert {name: r[contract.LABEL_TEXT] for name, r in _records(out).items()} == {
        "0.jpg": b"cat", "3.jpg": b"true", "6.jpg": b"dog", "7.jpg": b"3"
    }
    rejects = dict(_rejects(out))
    assert rejects["1.jpg"] == "labels.jsonl row 2: empty label for '1.jpg'"
    # an object names no label, and which of its fields would is the user's choice (nested fields by path)
    assert rejects["2.jpg"] == "labels.jsonl row 3: 'label' is an object: name its field with --label-column (label.a)"
    assert 'label ["x"] is a list inside a list' in rejects["4.jpg"]
    assert "label 1.5 is a number with a fraction" in rejects["5.jpg"]
    assert load_manifest(str(out)).labels == ("3", "cat", "dog", "true")


def test_coco_image_ids_are_unique_and_unknown_categories_label_nothing(tmp_path: Path) -> None:
    source = tmp_path / "coco"
    (source / "val2017").mkdir(parents=True)
    (source / "annotations").mkdir()
    images = [(7, "a.jpg"), (7, "b.jpg"), (3, "c.jpg"), (4, "d.jpg"), (5, "e.jpg")]
    for seed, (_, name) in enumerate(images):
        (source / "val2017" / name).write_bytes(image_bytes(seed=seed))
    annotations = [
        {"id": 1, "image_id": 7, "category_id": 1},
        {"id": 2, "image_id": 3, "category_id": 1},
        {"id": 3, "image_id": 3, "category_id": 99},  # "categories" does not list 99
        {"id": 4, "image_id": 4, "category_id": 99},
        {"id": 5, "image_id": 5, "category_id": 2},
    ]
    document = {
        "images": [{"id": i, "file_name": name, "width": 24, "height": 16} for i, name in images],
        "annotations": annotations,
        "categories": [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}],
    }
    (source / "annotations" / "instances_val2017.json").write_text(json.dumps(document))
    out = convert(source, tmp_path / "out")
    _accounted(out, [f"val2017/{name}" for _, name in images])
    labels = {name: r[contract.LABEL_TEXT] for name, r in _records(out).items()}
    assert labels == {"val2017/c.jpg": b"cat", "val2017/e.jpg": b"dog"}  # c.jpg keeps its listed category
    rejects = dict(_rejects(out))
    for name in ("val2017/a.jpg", "val2017/b.jpg"):
        assert "image id 7 is given to 2 images" in rejects[name], rejects[name]
    assert 'name only categories "categories" does not list (99)' in rejects["val2017/d.jpg"]


# --- resume: result files and kept shards are checked, not trusted ---------------------------------


def _texts(root: Path, bad: int = 3) -> Path:
    for label in ("neg", "pos"):
        (root / label).mkdir(parents=True)
        for i in range(6):
            (root / label / f"{i}.txt").write_text(f"{label} review number {i}\n")
    for i in range(bad):
        (root / "pos" / f"empty{i}.txt").write_text("")
    return root


def test_a_resumed_run_keeps_only_shards_whose_result_and_bytes_hold(tmp_path: Path) -> None:
    source = _texts(tmp_path / "src")
    out = tmp_path / "out"
    with pytest.raises(RejectLimitError):  # stops short of the manifest: the shards and their results stay
        run_conversion(ConvertConfig(str(source), str(out), shards=3, max_rejects="0"))
    results = sorted(out.glob("*.result.json"))
    assert len(results) == 3 and not (out / naming.MANIFEST_FILENAME).exists()
    edited = json.loads(results[0].read_text())
    label = next(iter(edited["result"]["label_counts"]))
    edited["result"]["label_counts"][label] += 1000  # an edit that keeps the JSON valid and the shard whole
    results[0].write_text(json.dumps(edited))
    shard = out / json.loads(results[1].read_text())["result"]["path"]
    data = bytearray(shard.read_bytes())
    data[len(data) // 2] ^= 0x01  # one bit, same size
    shard.write_bytes(bytes(data))
    result = run_conversion(ConvertConfig(str(source), str(out), shards=3, max_rejects="100%"))
    assert counters.total(result, counters.SHARDS_KEPT) == 1  # only the untouched one
    # Had either been kept, the manifest would give the edited count, or a checksum the flipped
    # shard's bytes do not have: verify re-reads every byte against it.
    assert verify_output(load_manifest(str(out))) == 12
    assert sum(load_manifest(str(out)).splits["train"].label_counts.values()) == 12


# --- readers and verify: label indices within the labels; only the files themselves -------------


def _set_label(out: Path, split: str, value: int) -> str:
    """Rewrites the first record of the split's first shard with label index `value` (shard bytes,
    index and manifest checksums made to match, in the version's manifest too); returns the shard's path."""
    old = []

    def change(features: dict) -> None:
        old.append(features[contract.LABEL][1][0])
        features[contract.LABEL] = (example_proto.INT64, [value])
        if value == contract.UNLABELLED:  # as the writer writes an unlabelled record: no label name either
            features[contract.LABEL_TEXT] = (example_proto.BYTES, [b""])

    def amend(manifest: dict) -> None:
        if value == contract.UNLABELLED:  # the manifest counts it: a split with unlabelled records
            counts = manifest["splits"][split]
            counts["label_counts"][manifest["labels"][old[0]]] -= 1
            counts["num_unlabelled"] = 1

    return forge_first_record(out, split, change, amend)


def test_a_label_index_outside_the_labels_fails_verify_and_every_reader(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    shard = _set_label(out, "train", 7)
    num_labels = len(load_manifest(str(out)).labels)
    with pytest.raises(CorruptShardError) as error:
        verify_output(load_manifest(str(out)))
    assert str(error.value) == (
        f"{shard}, record 0: {contract.LABEL} is 7, not a label index (0 to {num_labels - 1}: the manifest names {num_labels} labels)"
    )
    unlabelled = tmp_path / "unlabelled"
    shutil.copytree(converted, unlabelled)
    _set_label(unlabelled, "train", -1)  # -1 is an unlabelled record, where the split counts one
    assert verify_output(load_manifest(str(unlabelled))) == 72
    torch_reader = pytest.importorskip("shardify.torch")
    with pytest.raises(CorruptShardError, match=r"record 0: image/class/label is 7, not a label index"):
        list(torch_reader.ShardDataset(str(out), "train", shuffle=False))
    assert sum(1 for _ in torch_reader.ShardDataset(str(unlabelled), "train", shuffle=False)) == 72
    tf = pytest.importorskip("tensorflow")
    import shardify

    with pytest.raises(tf.errors.InvalidArgumentError, match="is not a label index"):
        list(shardify.load(str(out), "train", shuffle=False))


def test_readers_and_verify_never_open_a_shard_or_manifest_through_a_link(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    name = load_manifest(str(out)).splits["train"].shards[0].path
    outside = tmp_path / "elsewhere.tfrecord"
    shutil.move(out / name, outside)
    (out / name).symlink_to(outside)  # the same bytes, outside OUT
    with pytest.raises(CorruptShardError, match="a symbolic link"):
        verify_output(load_manifest(str(out)))
    torch_reader = pytest.importorskip("shardify.torch")
    with pytest.raises(ManifestError, match="a symbolic link"):
        torch_reader.ShardDataset(str(out), "train")
    (out / name).unlink()
    shutil.copy(outside, out / name)
    assert verify_output(load_manifest(str(out))) == 72  # the file itself is read
    linked = tmp_path / "linked"
    shutil.copytree(out, linked)
    (linked / naming.MANIFEST_FILENAME).unlink()
    (linked / naming.MANIFEST_FILENAME).symlink_to(out / naming.MANIFEST_FILENAME)
    with pytest.raises(ManifestError, match="a symbolic link"):
        load_manifest(str(linked))
    result = run_shardify("verify", str(linked))
    assert result.returncode == 1 and "symbolic link" in one_line_error(result)


def test_a_manifest_of_200000_labels_parses_in_seconds_not_minutes(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    manifest = json.loads((out / naming.MANIFEST_FILENAME).read_text())
    extra = [f"label_{i:06d}" for i in range(200_000)]
    manifest["labels"] += extra
    manifest["splits"]["train"]["label_counts"].update(dict.fromkeys(extra, 0))
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(manifest))
    assert (out / naming.MANIFEST_FILENAME).stat().st_size > 5 << 20
    started = time.perf_counter()
    parsed = load_manifest(str(out))  # what every reader and `verify` do first (quadratic: minutes)
    parsed_in = time.perf_counter() - started
    assert verify_output(parsed) == 72  # its arithmetic, and every shard
    # A quadratic check took minutes; linear takes ~0.3 s here. The bound is far above that, so a
    # loaded machine (the suite's own workers) cannot fail it (it failed once at 1.12 s against 1 s).
    assert parsed_in < 30.0 and time.perf_counter() - started < 60.0, parsed_in
    assert len(parsed.labels) == 200_003


# --- the output's surroundings: a full disk, processes that cannot start, too many workers --------


def test_a_full_disk_while_the_reports_are_written_names_the_file(tmp_path: Path) -> None:
    """The file-size limit stands in for a full disk: the shards, their results and the plan fit,
    the rejects report does not."""
    source = _texts(tmp_path / "src", bad=0)
    for i in range(60):  # rejected while listing: a report of ~7 kB
        with open(os.path.join(os.fsencode(source / "neg"), b"caf\xe9-%d.txt" % i), "wb") as f:
            f.write(b"a review whose name is not UTF-8\n")
    out = tmp_path / "out"
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # noqa: E731
    command = ["convert", str(source), str(out), "--max-rejects", "100%", "-q"]
    result = run_shardify(*command, preexec_fn=limit)
    assert result.returncode == 1
    line = one_line_error(result)
    assert line.startswith(f"error: cannot write {out / naming.REJECTS_FILENAME}: [Errno 27] File too large"), line
    assert not (out / naming.MANIFEST_FILENAME).exists()
    assert all(naming.is_shardify_file(p.name) and not naming.is_temp_filename(p.name) for p in out.iterdir())
    with pytest.raises(OutputError, match=r"^cannot write .*/taken/manifest.json: .*File exists"):
        (tmp_path / "taken").write_text("a file where a folder should be")
        output_folder.write_text_atomically(str(tmp_path / "taken"), naming.MANIFEST_FILENAME, "{}")


def _as_another_user() -> list[str]:
    """A prefix that runs a command as `nobody`, where RLIMIT_NPROC holds (root is exempt), still
    able to read the Python installation and the test's files."""
    if os.geteuid() != 0:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: a process limit cannot be tested")
    caps = "+dac_read_search,+dac_override"
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", f"--inh-caps={caps}", f"--ambient-caps={caps}", "--"]
    probe = subprocess.run([*prefix, sys.executable, "-c", "import os; print(os.getuid())"], capture_output=True, text=True, timeout=60)
    if probe.stdout.strip() != "65534":
        pytest.skip(f"setpriv cannot run Python as another user here: {probe.stderr[-200:]}")
    return prefix


def test_worker_processes_that_cannot_start_fail_the_run_in_one_line(tmp_path: Path) -> None:
    if not shutil.which("prlimit"):
        pytest.skip("no prlimit")
    source = _texts(tmp_path / "src", bad=0)
    tmp_path.chmod(0o777)
    prefix = [*_as_another_user(), "prlimit", "--nproc=40", "--"]
    started = time.monotonic()
    result = run_shardify("convert", str(source), str(tmp_path / "out"), "--workers", "4", "-q", prefix=prefix, timeout=120)
    assert result.returncode == 1, result.stderr
    line = one_line_error(result)
    assert line.startswith("error: cannot start 4 worker processes: this user may run 40 processes and threads (ulimit -u)"), line
    assert time.monotonic() - started < 60


def test_workers_are_capped_per_core_and_help_says_so(tmp_path: Path) -> None:
    from apache_beam.options.pipeline_options import DirectOptions
    from typer.testing import CliRunner

    from shardify.cli.main import app

    for args, workers in (([], 1000), (["--direct_num_workers=1000"], None)):
        pipeline = runner.make_pipeline(runner.LOCAL, args, num_workers=workers)
        try:
            assert pipeline.options.view_as(DirectOptions).direct_num_workers == runner.worker_cap()
        finally:
            runner.discard(pipeline)
    assert runner.worker_cap() == runner.MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
    help_text = message(CliRunner().invoke(app, ["convert", "--help"], terminal_width=200).output)
    assert f"at most {runner.MAX_WORKERS_PER_CORE} per core" in help_text


def test_list_members_streams_a_tar_while_last_copies_waits_for_its_end() -> None:
    """Detection samples an archive's first members without listing it whole; the pipeline's
    listing sees every copy of a path before it hands any on."""
    data = b"".join(_tar_header(f"cat/{i}.jpg", 3) + _padded(b"abc") for i in range(3)) + _tar_header("cat/0.jpg", 3) + _padded(b"xyz") + bytes(1024)
    streamed = archives.list_members(io.BytesIO(data), "a.tar", archives.TAR, len(data))
    assert next(streamed).name == "cat/0.jpg"
    unique = list(archives.list_members(io.BytesIO(data), "a.tar", archives.TAR, len(data), last_copy_only=True))
    assert [(m.name, isinstance(m, archives.Member)) for m in unique] == [
        ("cat/0.jpg", False), ("cat/1.jpg", True), ("cat/2.jpg", True), ("cat/0.jpg", True)
    ]
