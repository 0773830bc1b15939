"""Convert from and to object stores through Beam's file systems, against real local emulators on
127.0.0.1 (moto's S3 server, gcp-storage-emulator); the shards are the local run's bytes."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
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


def _comparable(files: dict[str, bytes]) -> dict[str, bytes]:
    """The output's files, but for what must differ between a local and a remote SRC: the version's
    `source` (the manifests) and the files' modification times (the inputs list; objects have none)."""
    import json

    from shardify.format import naming

    comparable = dict(files)
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
    _convert(str(sample_images), str(out))
    return {p.name: p.read_bytes() for p in out.iterdir()}


@pytest.fixture(scope="module")
def s3(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, list[str]]]:
    """(a boto3 client, the Beam options that reach it) of moto's S3 server with BUCKET created."""
    pytest.importorskip("boto3", reason="needs apache-beam[aws]")
    import boto3

    port = _free_port()
    endpoint = f"http://127.0.0.1:{port}"
    with _serve([str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)], port, tmp_path_factory.mktemp("moto") / "log"):
        client = boto3.client(
            "s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key="test", region_name="us-east-1"
        )
        client.create_bucket(Bucket=BUCKET)
        options = [
            f"--s3_endpoint_url={endpoint}", "--s3_access_key_id=test", "--s3_secret_access_key=test",
            "--s3_region_name=us-east-1",
        ]
        yield client, options


def test_s3_in_and_out_give_the_local_bytes(s3, sample_images: Path, local_output: dict[str, bytes]) -> None:
    client, options = s3
    _upload(sample_images, lambda key, data: client.put_object(Bucket=BUCKET, Key=key, Body=data))
    _convert(f"s3://{BUCKET}/raw", f"s3://{BUCKET}/out", *options)
    listed = client.list_objects_v2(Bucket=BUCKET, Prefix="out/")["Contents"]
    written = {o["Key"][len("out/"):]: client.get_object(Bucket=BUCKET, Key=o["Key"])["Body"].read() for o in listed}
    assert _comparable(written) == _comparable(local_output)


def test_split_folders_are_found_beyond_the_detection_sample(s3, monkeypatch: pytest.MonkeyPatch) -> None:
    """Object stores list in name order: a sample of the first files sees only test/, not train/."""
    from apache_beam.io.filesystems import FileSystems
    from apache_beam.options.pipeline_options import PipelineOptions

    from shardify.beam_jobs.discover import detect
    from shardify.config import ConvertConfig

    client, options = s3
    for split in ("test", "train"):
        for name in ("a/1.txt", "a/2.txt", "b/3.txt"):
            client.put_object(Bucket=BUCKET, Key=f"texts/{split}/{name}", Body=b"some words")
    monkeypatch.setattr(detect, "DETECT_SAMPLE_FILES", 2)
    FileSystems.set_options(PipelineOptions(options))
    try:
        found = detect.resolve_layout(ConvertConfig(f"s3://{BUCKET}/texts", "unused"))
    finally:
        FileSystems.set_options(PipelineOptions([]))
    assert (found.name, found.split_folders) == ("text_folders", ("test", "train"))


def test_gcs_in_and_out_give_the_local_bytes(
    tmp_path: Path, sample_images: Path, local_output: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("google.cloud.storage", reason="needs apache-beam[gcp]")
    port = _free_port()
    host = f"http://127.0.0.1:{port}"
    emulator = [str(BIN / "gcp-storage-emulator"), "start", "--host", "127.0.0.1", "--port", str(port), "--in-memory"]
    with _serve([*emulator, f"--default-bucket={BUCKET}"], port, tmp_path / "gcs.log"):
        from google.cloud import storage

        monkeypatch.setenv("STORAGE_EMULATOR_HOST", host)
        bucket = storage.Client.create_anonymous_client().bucket(BUCKET)
        _upload(sample_images, lambda key, data: bucket.blob(key).upload_from_string(data))
        # Without credentials, Beam retries finding them (4 times, ~22 s measured) in every
        # process: one process. (--no_auth does not reach Beam's GCS client.)
        _convert(f"gs://{BUCKET}/raw", f"gs://{BUCKET}/out", "--direct_running_mode=in_memory")
        written = {b.name[len("out/"):]: b.download_as_bytes() for b in bucket.client.list_blobs(BUCKET, prefix="out/")}
    assert _comparable(written) == _comparable(local_output)
