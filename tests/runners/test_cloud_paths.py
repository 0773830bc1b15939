"""Convert from and to object stores through Beam's file systems, against real local emulators on
127.0.0.1 (moto's S3 server, gcp-storage-emulator); the shards are the local run's bytes."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.cli_runs import run_shardify
from test_runners import _free_port, _wait_for

BIN = Path(sys.executable).parent
SHARDIFY = str(BIN / "shardify")
BUCKET = "shardify-test"


@contextlib.contextmanager
def _serve(command: list[str], port: int, log: Path) -> Iterator[None]:
    """Runs an emulator until the block ends."""
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_for(port, process)
        yield
    finally:
        process.kill()
        process.wait()


def _upload(tree: Path, put: Callable[[str, bytes], None]) -> None:
    for path in sorted(tree.rglob("*")):
        if path.is_file():
            put(f"raw/{path.relative_to(tree).as_posix()}", path.read_bytes())


def _requests(log: Path, prefix: str, since: int = 0) -> collections.Counter:
    """{(method, kind): count} of the requests for objects under `prefix` in an emulator's log
    after byte `since`: kind "data" for a read of bytes (S3's GET of the object, GCS's
    `alt=media`), "metadata" for anything else on the object (S3's HEAD, GCS's JSON GET)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_bytes()[since:].decode(errors="replace"))  # moto colours its lines
    counts: collections.Counter = collections.Counter()
    for method, target in re.findall(r'"(GET|HEAD|PUT|POST) (\S+) HTTP', text):
        path = target.split("?")[0].replace("%2F", "/")
        if f"/{prefix}" not in path:
            continue
        data = method == "GET" and ("alt=media" in target or "/storage/v1/" not in path)
        counts[(method, "data" if data else "metadata")] += 1
    return counts


def _comparable(files: dict[str, bytes]) -> dict[str, bytes]:
    """The output's files, but for what must differ between a local and a remote SRC: the version's
    `source` (the manifests) and the files' modification times (the inputs list; objects have none)."""

    from shardify.format import naming

    # Kept probes (a local output's cache of header probes, docs/output.md) are not output bytes.
    # So are an inputs list's columns (a cache of the list, holding its times and digest).
    comparable = {
        name: data
        for name, data in files.items()
        if not naming.is_probes_file(name) and (naming.parse_version_filename(name) or ("",))[0] != "columns"
    }
    for name, data in files.items():
        kind = naming.parse_version_filename(name)
        if name == naming.MANIFEST_FILENAME or (kind and kind[0] == "manifest"):
            document = json.loads(data)
            document["dataset_version"]["source"] = "SRC"
            comparable[name] = json.dumps(document).encode()
        elif kind and kind[0] == "inputs":
            rows = [{**json.loads(line), "mtime_ns": 0} for line in data.splitlines()]
            comparable[name] = json.dumps(rows).encode()
    return comparable


def _convert(src: str, out: str, *beam_options: str, env: dict | None = None) -> None:
    command = [SHARDIFY, "convert", src, out, "--shards", "4", "-q", "--", *beam_options]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def local_output(tmp_path_factory: pytest.TempPathFactory, sample_images: Path) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("local") / "out"
    result = run_shardify("convert", str(sample_images), str(out), "--shards", "4", "-q")  # in this process: a local run
    assert result.returncode == 0, result.stderr
    return {p.name: p.read_bytes() for p in out.iterdir()}


@pytest.fixture(scope="module")
def s3(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, list[str], Path]]:
    """(a boto3 client, the Beam options that reach it, the server's request log) of moto's S3
    server with BUCKET created."""
    pytest.importorskip("boto3", reason="needs apache-beam[aws]")
    import boto3

    port = _free_port()
    endpoint = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("moto") / "log"
    with _serve([str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)], port, log):
        client = boto3.client(
            "s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key="test", region_name="us-east-1"
        )
        client.create_bucket(Bucket=BUCKET)
        options = [
            f"--s3_endpoint_url={endpoint}", "--s3_access_key_id=test", "--s3_secret_access_key=test",
            "--s3_region_name=us-east-1",
        ]
        yield client, options, log


def test_s3_in_and_out_give_the_local_bytes(s3, sample_images: Path, local_output: dict[str, bytes]) -> None:
    client, options, log = s3
    _upload(sample_images, lambda key, data: client.put_object(Bucket=BUCKET, Key=key, Body=data))
    since = log.stat().st_size
    _convert(f"s3://{BUCKET}/raw", f"s3://{BUCKET}/out", *options)
    listed = client.list_objects_v2(Bucket=BUCKET, Prefix="out/")["Contents"]
    written = {o["Key"][len("out/"):]: client.get_object(Bucket=BUCKET, Key=o["Key"])["Body"].read() for o in listed}
    assert _comparable(written) == _comparable(local_output)
    # Each input is read with two GETs (its header probed while planning, then read whole by the
    # shard's writer) and no HEAD: Beam's own reader sent a HEAD before each.
    inputs = sum(1 for p in sample_images.rglob("*") if p.is_file())
    assert _requests(log, "raw/", since) == {("GET", "data"): 2 * inputs}


def test_an_object_replaced_while_it_is_read_is_refused(s3) -> None:
    """Reads of one object are pinned to the ETag of its first response: bytes of two versions
    are never spliced into one input."""
    from shardify.inputs.object_reader import ObjectChangedError, ObjectReader, s3_fetch

    client, _, _ = s3
    client.put_object(Bucket=BUCKET, Key="changing.bin", Body=bytes(range(256)) * 4)
    reader = ObjectReader(s3_fetch(client, BUCKET, "changing.bin"), f"s3://{BUCKET}/changing.bin", chunk_bytes=16, later_chunk_bytes=16)
    assert reader.read(16) == bytes(range(16))
    assert reader.seek(0, os.SEEK_END) == 1024  # the size, from the first response's Content-Range
    reader.seek(100)
    assert reader.read(4) == bytes(range(100, 104))
    client.put_object(Bucket=BUCKET, Key="changing.bin", Body=b"x" * 1024)
    reader.seek(200)
    with pytest.raises(ObjectChangedError, match="changed while it was being read"):
        reader.read(4)
    missing = ObjectReader(s3_fetch(client, BUCKET, "missing.bin"), f"s3://{BUCKET}/missing.bin")
    with pytest.raises(FileNotFoundError, match="no such object"):
        missing.read()
    client.put_object(Bucket=BUCKET, Key="empty.bin", Body=b"")
    assert ObjectReader(s3_fetch(client, BUCKET, "empty.bin"), "empty").read() == b""


def _detect_on_s3(options: list[str], source: str, sample_files: int, monkeypatch: pytest.MonkeyPatch) -> object:
    """The layout detection finds for `source` on moto's S3, with a sample of `sample_files`."""
    from apache_beam.io.filesystems import FileSystems
    from apache_beam.options.pipeline_options import PipelineOptions

    from shardify.beam_jobs.discover import detect
    from shardify.config import ConvertConfig

    monkeypatch.setattr(detect, "DETECT_SAMPLE_FILES", sample_files)
    FileSystems.set_options(PipelineOptions(options))
    try:
        return detect.resolve_layout(ConvertConfig(source, "unused"))
    finally:
        FileSystems.set_options(PipelineOptions([]))


def test_split_folders_are_found_beyond_the_detection_sample(s3, monkeypatch: pytest.MonkeyPatch) -> None:
    """Object stores list in name order: a sample of the first files sees only test/, not train/."""
    client, options, _ = s3
    for split in ("test", "train"):
        for name in ("a/1.txt", "a/2.txt", "b/3.txt"):
            client.put_object(Bucket=BUCKET, Key=f"texts/{split}/{name}", Body=b"some words")
    found = _detect_on_s3(options, f"s3://{BUCKET}/texts", 2, monkeypatch)
    assert (found.name, found.split_folders) == ("text_folders", ("test", "train"))


def test_class_folders_beyond_the_detection_sample_are_class_folders(s3, monkeypatch: pytest.MonkeyPatch) -> None:
    """PetImages/Cat/ lists before PetImages/Dog/: a sample of the first files sees one class."""
    client, options, _ = s3
    for label in ("Cat", "Dog"):
        for i in range(4):
            client.put_object(Bucket=BUCKET, Key=f"pets/PetImages/{label}/{i}.txt", Body=f"a {label}".encode())
    found = _detect_on_s3(options, f"s3://{BUCKET}/pets", 3, monkeypatch)
    assert found.provenance()[0] == "class folders: SRC/PetImages/<class>/"


def test_gcs_in_and_out_give_the_local_bytes(
    tmp_path: Path, sample_images: Path, local_output: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("google.cloud.storage", reason="needs apache-beam[gcp]")
    port = _free_port()
    host = f"http://127.0.0.1:{port}"
    emulator = [str(BIN / "gcp-storage-emulator"), "start", "--host", "127.0.0.1", "--port", str(port), "--in-memory"]
    log = tmp_path / "gcs.log"
    with _serve([*emulator, f"--default-bucket={BUCKET}"], port, log):
        from google.cloud import storage

        monkeypatch.setenv("STORAGE_EMULATOR_HOST", host)
        bucket = storage.Client.create_anonymous_client().bucket(BUCKET)
        _upload(sample_images, lambda key, data: bucket.blob(key).upload_from_string(data))
        since = log.stat().st_size
        # Without credentials, Beam retries finding them (4 times with backoff, ~22-30 s measured)
        # in every process before it connects anonymously (--no_auth does not reach Beam's GCS
        # client): an authorized-user file with an unexpired token is found at once and never
        # refreshed (the emulator takes any token). One process all the same.
        credentials = tmp_path / "credentials.json"
        expiry = "2999-01-01T00:00:00Z"
        fake = {"type": "authorized_user", "client_id": "test", "client_secret": "test", "refresh_token": "test"}
        credentials.write_text(json.dumps({**fake, "token": "test", "expiry": expiry}))
        _convert(
            f"gs://{BUCKET}/raw", f"gs://{BUCKET}/out", "--direct_running_mode=in_memory",
            env={"GOOGLE_APPLICATION_CREDENTIALS": str(credentials), "GOOGLE_CLOUD_PROJECT": "test"},
        )
        written = {b.name[len("out/"):]: b.download_as_bytes() for b in bucket.client.list_blobs(BUCKET, prefix="out/")}
    assert _comparable(written) == _comparable(local_output)
    # Two media GETs per input (probe, then the shard's read) and no metadata request: Beam's
    # reader asked for each object's metadata before reading it.
    inputs = sum(1 for p in sample_images.rglob("*") if p.is_file())
    assert _requests(log, "raw/", since) == {("GET", "data"): 2 * inputs}
