"""Hostile input, third round (issue 31): version histories and inputs lists that lie, what a small
file can make large once decompressed, refusals that must say which file was set aside and why,
and one bad item that must not stop the good ones. Each test builds real files and runs the real
command (or the real conversion) and counts inputs from what it built, never from the manifest."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import numpy as np
import pytest

from helpers import shipped
from helpers.cli_runs import one_line_error, run_shardify
from helpers.made_files import run_copy
from helpers.shard_io import read_report, read_shard
from helpers.sources import convert, image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.beam_jobs.runners import runner
from shardify.config import ConvertConfig
from shardify.converters import archives, arrays, evidence_files, label_files
from shardify.errors import CorruptShardError, InvalidInputError, ManifestError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.inputs.files import size_of
from shardify.inspect.verify import verify_output


def _texts(root: Path, labels: tuple[str, ...] = ("neg", "pos"), count: int = 4) -> Path:
    for label in labels:
        (root / label).mkdir(parents=True, exist_ok=True)
        for i in range(count):
            (root / label / f"{i}.txt").write_text(f"{label} review number {i}\n")
    return root


def _appended(tmp_path: Path) -> tuple[Path, Path]:
    """A text source converted (version 1) and then grown by one class and appended (version 2)."""
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    _texts(source, labels=("mixed",))
    run_conversion(ConvertConfig(str(source), str(out), max_rejects="100%"), append=True)
    assert load_manifest(str(out)).version == 2
    return source, out


@pytest.fixture(scope="module")
def appended(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """`_appended` made once; each test edits its own copy (`run_copy`)."""
    return _appended(tmp_path_factory.mktemp("appended"))


def _edit(path: Path, change) -> None:  # noqa: ANN001 - a function changing the parsed JSON
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))


def _refused_by_every_command(source: Path, out: Path, expected: str) -> None:
    """`verify` and `inspect --versions` end in one `error:` line, exit 1; `convert --append` too,
    with exit 2 (nothing to append to: the option is refused before any work)."""
    for args in (("verify", str(out)), ("inspect", str(out), "--versions"), ("convert", str(source), str(out), "--append", "-q")):
        result = run_shardify(*args)
        assert result.returncode == (2 if args[0] == "convert" else 1), (args, result.stderr)
        assert expected in one_line_error(result), (args, result.stderr)


# --- version histories: numbers in range, each parent the version before, no loops --------------


def test_a_history_past_the_last_version_number_is_one_line_not_a_traceback(
    converted_texts: tuple[Path, Path], tmp_path: Path
) -> None:
    source, out = run_copy(converted_texts, tmp_path)

    def claim_100000(document: dict) -> None:
        first = document["dataset_version"]
        # 99,999 links of a chain (number, parent, files): the count is refused before any link is
        # read, so the rest of each record (what it added, when) would only make the file 15x larger
        history = [
            {
                "number": n,
                "parent": n - 1 if n > 1 else None,
                "manifest": naming.version_manifest_filename(n),
                "inputs": naming.inputs_filename(n),
            }
            for n in range(1, 100_000)
        ]
        document["history"] = history
        document["dataset_version"] = {**first, "number": 100_000, "parent": 99_999}

    _edit(out / naming.MANIFEST_FILENAME, claim_100000)
    with pytest.raises(ManifestError, match="at most 99999 versions"):
        load_manifest(str(out))
    _refused_by_every_command(source, out, "at most 99999 versions")


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["dataset_version"].update(parent=2), "parent is 2, not 1"),
        (lambda d: d["history"][0].update(parent=2), "version 1, the conversion, has no parent"),
        (lambda d: d["dataset_version"].update(number=True), "number must be 2"),
        (lambda d: d["dataset_version"]["added"].update(records="many"), "added.records is \"many\", not a count"),
    ],
    ids=["its own parent", "1 -> 2 -> 1", "a bool for a number", "a count that is not one"],
)
def test_a_version_chain_that_loops_is_refused_by_load_verify_inspect_and_append(
    appended: tuple[Path, Path], tmp_path: Path, change, expected: str  # noqa: ANN001
) -> None:
    source, out = run_copy(appended, tmp_path)
    _edit(out / naming.MANIFEST_FILENAME, change)
    with pytest.raises(ManifestError, match=expected.replace("(", r"\(")):
        load_manifest(str(out))
    _refused_by_every_command(source, out, expected)


def test_an_earlier_versions_manifest_telling_another_history_fails_verify(appended: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = run_copy(appended, tmp_path)
    _edit(out / naming.version_manifest_filename(1), lambda d: d["dataset_version"].update(source="/elsewhere"))
    with pytest.raises(CorruptShardError, match="tells version 1's history unlike manifest.json"):
        verify_output(load_manifest(str(out)))


# --- inputs lists: a line no shard holds is never counted -----------------------------------------


def _inputs_lines(out: Path, version: int) -> list[dict]:
    return [json.loads(line) for line in (out / naming.inputs_filename(version)).read_text().splitlines()]


_OUTSIDE = 'inputs-v00001.jsonl lists "../../../../etc/passwd", which is not a path inside the source'


@pytest.fixture(scope="module")
def converted_texts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Eight texts converted once (source, output); each forged-line case edits its own copy (copies
    keep the files' mtimes, so the copied inputs list still matches its source)."""
    root = tmp_path_factory.mktemp("texts")
    source, out = _texts(root / "src"), root / "out"
    convert(source, out)
    return source, out


@pytest.mark.parametrize(
    "forged_path, replacing, expected",
    [
        ("neg/ghost.txt", False, "inputs-v00001.jsonl lists 9 inputs in split \"train\", but version 1's shards hold 8"),
        ("../../../../etc/passwd", False, _OUTSIDE),
        ("../../../../etc/passwd", True, _OUTSIDE),
    ],
    ids=["an extra line inside SRC", "an extra line outside SRC", "a line replaced"],
)
def test_a_forged_inputs_line_is_caught_by_verify_and_refused_by_append(
    converted_texts: tuple[Path, Path], tmp_path: Path, forged_path: str, replacing: bool, expected: str
) -> None:
    source, out = run_copy(converted_texts, tmp_path)
    lines = _inputs_lines(out, 1)
    # The forged line claims the content of a file the append will bring: it would be reported as a
    # duplicate of a record no shard holds.
    _texts(source, labels=("mixed",))
    forged = {**lines[0], "path": forged_path}
    kept = [forged, *lines[1:]] if replacing else [*lines, forged]
    (out / naming.inputs_filename(1)).write_text("".join(json.dumps(line) + "\n" for line in kept))
    with pytest.raises(CorruptShardError, match=re.escape(expected)):
        verify_output(load_manifest(str(out)))
    result = run_shardify("convert", str(source), str(out), "--append", "-q")
    assert result.returncode == 1, result.stderr
    assert expected in one_line_error(result)
    assert load_manifest(str(out)).version == 1 and not (out / naming.DUPLICATES_FILENAME).exists()


# --- what a small file can make large: every decompression bounded, sizes checked before reading --

# Run as the command, reporting its process tree's peak resident memory (KiB) on its last stderr line.
_PEAK_RSS = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=240)\n"
    "sys.stdout.write(done.stdout); sys.stderr.write(done.stderr)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(done.returncode)\n"
)
# What a conversion of a few small files takes here, with room to spare (measured about 250 MiB):
# far below the 1 GiB the hostile files below would inflate to when read whole.
_SMALL_RUN_RSS_KIB = 600 << 10


def _convert_measured(source: Path, out: Path, *args: str) -> tuple[subprocess.CompletedProcess, int]:
    args = ("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    result = run_shardify(*args, prefix=[sys.executable, "-c", _PEAK_RSS])
    *stderr, peak = result.stderr.rstrip("\n").split("\n")
    result.stderr = "\n".join(stderr)
    return result, int(peak)


def _zeros_gzip(path: Path, header: bytes, total: int) -> None:
    """A gzip file of `header` then zeros up to `total` bytes, written block by block."""
    block = bytes(1 << 20)
    with gzip.open(path, "wb", compresslevel=1) as f:
        f.write(header)
        for _ in range((total - len(header)) >> 20):
            f.write(block)


def _idx_header(magic: int, shape: tuple[int, ...]) -> bytes:
    return struct.pack(f">I{len(shape)}I", magic, *shape)


def test_a_gzipped_idx_file_is_read_only_as_far_as_its_header_promises(tmp_path: Path) -> None:
    source, out = tmp_path / "mnist", tmp_path / "out"
    source.mkdir()
    # train: 10 images by its header, then 1 GiB of zeros (about 1 MB gzipped); t10k: whole and right.
    _zeros_gzip(source / "train-images-idx3-ubyte.gz", _idx_header(0x803, (10, 28, 28)), 1 << 30)
    with gzip.open(source / "train-labels-idx1-ubyte.gz", "wb") as f:
        f.write(_idx_header(0x801, (10,)) + bytes(range(10)))
    # t10k: a header promising 2 GiB of pixels in a 2 kB file.
    with gzip.open(source / "t10k-images-idx3-ubyte.gz", "wb") as f:
        f.write(_idx_header(0x803, (2_800_000, 28, 28)) + bytes(1000))
    with gzip.open(source / "t10k-labels-idx1-ubyte.gz", "wb") as f:
        f.write(_idx_header(0x801, (3,)) + bytes(3))
    result, peak_kib = _convert_measured(source, out)
    assert peak_kib < _SMALL_RUN_RSS_KIB, f"{peak_kib >> 10} MiB resident"
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert rejects["train-images-idx3-ubyte.gz"] == "holds more bytes of values than the 7,840 its header gives"
    promised = "an idx file's values would take 2,195,200,000 bytes, more than 2048 MiB"
    assert rejects["t10k-images-idx3-ubyte.gz"].startswith(promised)
    assert result.returncode == 1 and "error: " in result.stderr  # nothing usable: no manifest


class _Zeros(io.RawIOBase):
    """`size` zero bytes, read as a file (a tar member written without holding it in memory)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self._left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001 - the io protocol's buffer
        count = min(len(buffer), self._left)
        buffer[:count] = bytes(count)
        self._left -= count
        return count


def test_a_tar_gz_member_that_inflates_1000_times_is_refused_before_it_is_decompressed(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    with gzip.open(source / "pets.tar.gz", "wb", compresslevel=9) as stream, tarfile.open(fileobj=stream, mode="w") as archive:
        for index in range(4):
            for label in ("cat", "dog"):
                data = image_bytes(seed=index + (10 if label == "dog" else 0))
                info = tarfile.TarInfo(f"{label}/{index}.jpg")
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
        info = tarfile.TarInfo("cat/bomb.jpg")
        info.size = 512 << 20
        archive.addfile(info, io.BufferedReader(_Zeros(info.size)))
    assert (source / "pets.tar.gz").stat().st_size < 1 << 20
    result, peak_kib = _convert_measured(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert peak_kib < _SMALL_RUN_RSS_KIB, f"{peak_kib >> 10} MiB resident"
    rejects = [(r["path"], r["reason"]) for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)]
    assert [path for path, _ in rejects] == ["pets/cat/bomb.jpg"], rejects
    assert re.fullmatch(r"expands [\d,]+ times \([\d,]+ bytes to 536,870,912\), more than the 200 times an archive member may \(a zip bomb\?\)", rejects[0][1])
    assert load_manifest(str(tmp_path / "out")).inputs["written"] == 8


def _npz_with_bomb(path: Path, expanded: int) -> None:
    """mnist.npz: x_test and y_test whole and right; x_train a [N, 28, 28] uint8 array of zeros
    `expanded` bytes long, compressed about 1000 times (written block by block)."""
    good = {"x_test": np.arange(2 * 28 * 28, dtype=np.uint8).reshape(2, 28, 28), "y_test": np.array([1, 2], np.uint8)}
    count = expanded // (28 * 28)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in good.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, array)
            archive.writestr(name + ".npy", buffer.getvalue())
        buffer = io.BytesIO()
        np.lib.format.write_array_header_1_0(buffer, {"descr": "|u1", "fortran_order": False, "shape": (count, 28, 28)})
        info = zipfile.ZipInfo("x_train.npy", (2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w", force_zip64=True) as member:
            member.write(buffer.getvalue())
            left = count * 28 * 28
            while left:
                member.write(bytes(min(left, 1 << 20)))
                left -= min(left, 1 << 20)
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, np.random.default_rng(0).integers(0, 10, count, np.uint8))
        archive.writestr("y_train.npy", buffer.getvalue())


def test_an_npz_array_that_inflates_1000_times_is_refused_before_it_is_decompressed(tmp_path: Path) -> None:
    source, out = tmp_path / "keras", tmp_path / "out"
    source.mkdir()
    _npz_with_bomb(source / "mnist.npz", 1 << 30)
    assert (source / "mnist.npz").stat().st_size < 2 << 20
    result, peak_kib = _convert_measured(source, out)
    assert peak_kib < _SMALL_RUN_RSS_KIB, f"{peak_kib >> 10} MiB resident"
    rejects = [(r["path"], r["reason"]) for r in read_report(out, naming.REJECTS_FILENAME)]
    assert [path for path, _ in rejects] == ["mnist.npz"], rejects
    assert "more than the 200 times the array 'x_train' may" in rejects[0][1]
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "header, expected",
    [
        ({"descr": "|O", "fortran_order": False, "shape": (2, 28, 28)}, "holds Python objects"),
        (
            {"descr": "|u1", "fortran_order": False, "shape": (3, 28, 28)},
            "header gives 2,352 bytes of values, its member holds 1,568",
        ),
    ],
    ids=["objects (a pickle)", "a header larger than its data"],
)
def test_an_npz_array_whose_header_lies_is_refused(tmp_path: Path, header: dict, expected: str) -> None:
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, header)
    with open(tmp_path / "mnist.npz", "wb") as f, zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("x_train.npy", buffer.getvalue() + bytes(2 * 28 * 28))
        labels = io.BytesIO()
        np.lib.format.write_array(labels, np.array([1, 2], np.uint8))
        archive.writestr("y_train.npy", labels.getvalue())
    with open(tmp_path / "mnist.npz", "rb") as f:
        with pytest.raises(InvalidInputError, match=re.escape(expected)):
            arrays.read_images(f, "mnist.npz", arrays.ArrayFile(arrays.NPZ, "train", part="x_train"))


def test_a_coco_file_over_its_limit_given_with_labels_is_refused_unread(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "images").mkdir(parents=True)
    for index in range(3):
        (source / "images" / f"{index}.jpg").write_bytes(image_bytes(seed=index))
    labels = tmp_path / "instances.json"
    with open(labels, "wb") as f:  # sparse: 1.1 GB that would be read whole to be refused
        f.write(b'{"images": [{"id": 1, "file_name": "images/0.jpg"}], "annotations": [], "categories": []}')
        f.truncate(1_100_000_000)
    result, peak_kib = _convert_measured(source, tmp_path / "out", "--labels", str(labels))
    assert peak_kib < _SMALL_RUN_RSS_KIB, f"{peak_kib >> 10} MiB resident"
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    reasons = {r["reason"] for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME) if r["path"] == str(labels)}
    assert reasons == {"unusable label file: annotation file larger than 1024 MiB: split it"}, reasons


def test_an_annotation_file_over_its_limit_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size is checked before a byte is read: a sparse file of 1.1 GB would otherwise be read whole."""
    path = tmp_path / "instances.json"
    with open(path, "wb") as f:
        f.truncate(label_files.MAX_ANNOTATION_BYTES + 1)
    with open(path, "rb") as f:
        reads = []
        monkeypatch.setattr(f, "read", lambda *a: reads.append(a) or b"", raising=False)
        with pytest.raises(InvalidInputError, match="annotation file larger than 1024 MiB"):
            list(label_files.read_label_rows(f, str(path), size_bytes=size_of(f)))
        assert reads == []


# --- refusals name the file detection set aside, and why --------------------------------------------

_MAT_73_HEADER = (
    b"MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 00:00:00 2024 HDF5 schema 1.00 .".ljust(116)
    + bytes(8)
    + struct.pack("<H", 0x0200)
    + b"IM"
)


def _flowers_with_v73_labels(root: Path) -> Path:
    truth = shipped.build_oxford_flowers102(root)
    (truth.root / "imagelabels.mat").write_bytes(_MAT_73_HEADER + bytes(512))  # the HDF5 file follows the header
    return truth.root


def _flowers_with_labels_not_whole(root: Path) -> Path:
    truth = shipped.build_oxford_flowers102(root)
    labels = np.array([1.5, -1, 0, 1e300] + [1.0] * 23).reshape(1, -1)
    (truth.root / "imagelabels.mat").write_bytes(shipped.mat5_bytes({"labels": labels}))
    return truth.root


def _voc_nested_200000_deep(root: Path) -> Path:
    truth = shipped.build_pascal_voc2012(root)
    first = sorted((truth.root / "VOC2012" / "Annotations").glob("*.xml"))[0]
    first.write_text("<annotation>" + "<a>" * 200_000 + "</a>" * 200_000 + "</annotation>")
    return truth.root


def _coco_over_its_limit(root: Path) -> Path:
    (root / "images").mkdir(parents=True)
    for index in range(4):
        (root / "images" / f"{index}.jpg").write_bytes(image_bytes(seed=index))
    with open(root / "instances.json", "wb") as f:  # sparse: 1.1 GB on no disk
        f.write(b'{"images": [{"id": 1, "file_name": "images/0.jpg"}], "annotations": []}')
        f.truncate(1_100_000_000)
    return root


def test_a_voc_annotation_nested_200000_deep_is_its_images_reject_naming_it(tmp_path: Path) -> None:
    """Detection reads several of a folder's XML files (beam_jobs/discover/voc_folders.py), so one
    hostile first file no longer hides the folder's kind: it is its image's reject, with why, and
    the others are read (here 1 of 8 is over --max-rejects 10%: nothing is written, exit 1)."""
    source = _voc_nested_200000_deep(tmp_path / "src")
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 1, result.stderr
    said = " ".join(result.stderr.split())
    assert "its annotation VOC2012/Annotations/2008_000002.xml is unusable: larger than 1 MiB" in said, said[-2000:]
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize(
    "make, expected",
    [
        (
            _flowers_with_v73_labels,
            "set aside: imagelabels.mat (not a MATLAB file scipy reads: NotImplementedError: Please use HDF reader",
        ),
        (_flowers_with_labels_not_whole, "set aside: imagelabels.mat (labels: not a vector of whole numbers >= 0"),
        (_coco_over_its_limit, "set aside: instances.json (1,100,000,000 bytes, more than the 1024 MiB an annotation file"),
    ],
    ids=["flowers102, a v7.3 .mat", "flowers102 labels 1.5, -1, 0, 1e300", "a 1.1 GB COCO file"],
)
def test_a_refusal_names_the_file_detection_set_aside_and_why(tmp_path: Path, make, expected: str) -> None:  # noqa: ANN001
    source = make(tmp_path / "src")
    result = run_shardify("convert", str(source), str(tmp_path / "out"), "--dry-run")
    assert result.returncode == 2, result.stderr
    line = one_line_error(result)
    assert "holds files but no class folders" in line and expected in line, line


# --- one bad item never stops the good ones ----------------------------------------------------------


def test_an_s3_key_with_a_double_slash_is_one_reject_and_the_rest_converts(tmp_path: Path) -> None:
    """Against moto's S3 server on 127.0.0.1, as tests/runners/test_cloud_paths.py runs it."""
    boto3 = pytest.importorskip("boto3", reason="needs apache-beam[aws]")
    from runners.test_runners import _free_port, _wait_for

    port = _free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("moto_server")), "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(port, server)
        endpoint = f"http://127.0.0.1:{port}"
        keys = {"aws_access_key_id": "test", "aws_secret_access_key": "test", "region_name": "us-east-1"}
        client = boto3.client("s3", endpoint_url=endpoint, **keys)
        client.create_bucket(Bucket="hostile-keys")
        good = [f"{label}/{i}.txt" for label in ("neg", "pos") for i in range(4)]
        odd = ["/a/x.txt", "neg/../up.txt", "./here.txt"]  # src//a/x.txt, src/neg/../up.txt, src/./here.txt
        for relpath in good + odd:
            client.put_object(Bucket="hostile-keys", Key=f"src/{relpath}", Body=f"text of {relpath}\n".encode())
        client.put_object(Bucket="hostile-keys", Key="src/pos/", Body=b"")  # a console's folder marker: no file
        options = [
            f"--s3_endpoint_url={endpoint}",
            "--s3_access_key_id=test",
            "--s3_secret_access_key=test",
            "--s3_region_name=us-east-1",
        ]
        out = tmp_path / "out"
        result = run_shardify("convert", "s3://hostile-keys/src", str(out), "--max-rejects", "100%", "-q", "--", *options)
    finally:
        server.kill()
        server.wait()
    assert result.returncode == 0, result.stderr
    rejects = {r["path"]: r["reason"] for r in read_report(out, naming.REJECTS_FILENAME)}
    assert set(rejects) == set(odd), rejects
    assert rejects["/a/x.txt"].startswith("the object's key holds an empty folder name (two slashes in a row")
    assert rejects["neg/../up.txt"].startswith("the object's key holds a '..' folder")
    written = {record[contract.TEXT_SOURCE].decode() for shard in out.glob("*.tfrecord") for record in read_shard(shard)}
    assert written == set(good)
    assert load_manifest(str(out)).inputs["seen"] == len(good) + len(odd)


def _tar(path: Path, members: list[tuple[str, bytes]]) -> None:
    with tarfile.open(path, "w") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def test_webdataset_members_sharing_a_key_and_field_are_each_counted(tmp_path: Path) -> None:
    """Samples are the inputs; of two members giving one sample the same field, neither is chosen
    (both and the sample's other members are rejected, saying why); a path twice keeps its last copy."""
    source = tmp_path / "src"
    source.mkdir()
    members = [(f"{i:04d}.cls", b"%d" % (i % 2)) for i in range(4)] + [(f"{i:04d}.jpg", image_bytes(seed=i)) for i in range(4)]
    members.sort()
    members += [("a.cls", b"0"), ("a.jpg", image_bytes(seed=20)), ("a.JPG", image_bytes(seed=21))]  # one field, two members
    members += [("b.cls", b"1"), ("b.jpg", image_bytes(seed=22)), ("b.jpg", image_bytes(seed=23))]  # one path twice
    _tar(source / "shard-000.tar", members)
    out = convert(source, tmp_path / "out")
    written = sorted(record[contract.IMAGE_FILENAME].decode() for shard in out.glob("*.tfrecord") for record in read_shard(shard))
    rejects = sorted((r["path"], r["reason"]) for r in read_report(out, naming.REJECTS_FILENAME))
    assert written == [f"shard-000/{i:04d}.jpg" for i in range(4)] + ["shard-000/b.jpg"]
    doubled = "sample 'shard-000/a' already has a jpg member: which one is meant cannot be told"
    assert rejects == [
        ("shard-000/a.JPG", doubled),
        ("shard-000/a.cls", doubled),
        ("shard-000/a.jpg", doubled),
        ("shard-000/b.jpg", archives.EARLIER_COPY),
    ]
    manifest = load_manifest(str(out))
    assert manifest.inputs["seen"] == len(written) + len(rejects) == manifest.inputs["written"] + manifest.inputs["rejected"]


# --- processes: --workers against the machine ---------------------------------------------------------


def test_workers_1000_under_a_process_limit_of_80_fail_at_once_in_one_line(tmp_path: Path) -> None:
    """As another user (root is exempt from RLIMIT_NPROC): `--workers 1000` is lowered to the cap
    with a warning, then refused before any worker starts, since 80 processes and threads leave no
    room for them; never a fork storm, never a hang."""
    from robustness.test_hostile_round_two import _as_another_user

    if not shutil.which("prlimit"):
        pytest.skip("no prlimit")
    source = _texts(tmp_path / "src", count=5)
    tmp_path.chmod(0o777)
    result = run_shardify(
        "convert", str(source), str(tmp_path / "out"), "--workers", "1000", "-q",
        prefix=[*_as_another_user(), "prlimit", "--nproc=80", "--"], timeout=60,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr and len(lines) == 2, result.stderr
    cap, per_core = runner.worker_cap(), runner.MAX_WORKERS_PER_CORE
    assert lines[0] == f"--workers 1000: capped at {cap} worker processes ({per_core} per core on {os.cpu_count()} cores)"
    assert lines[1].startswith(f"error: cannot start {cap} worker processes: this user may run 80 processes"), lines


def test_a_mat_file_over_its_limit_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "imagelabels.mat"
    with open(path, "wb") as f:  # sparse
        f.truncate(evidence_files.MAX_MAT_BYTES + 1)
    with open(path, "rb") as f:
        reads = []
        monkeypatch.setattr(f, "read", lambda *a: reads.append(a) or b"", raising=False)
        with pytest.raises(InvalidInputError, match="larger than 64 MiB"):
            evidence_files.read_mat(f)
        assert reads == []
