"""Requests per input when SRC is on an object store: a conversion from moto's S3 server and from
gcp-storage-emulator (both on 127.0.0.1, from the `test` extra) into a local folder, counted in
the emulator's own request log. tfds reads each file once; the target is one GET per input plus
the listing, and no HEAD or metadata request per input.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["requests_per_input"]

_BUCKET = "shardify-bench"
_BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def _serving(command: list[str], port: int, log: Path) -> Iterator[None]:
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield
    finally:
        process.kill()
        process.wait()


def _count(log: Path, since: int) -> collections.Counter:
    """{"data": GETs of object bytes, "metadata": HEADs and metadata GETs} under raw/."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_bytes()[since:].decode(errors="replace"))
    counts: collections.Counter = collections.Counter()
    for method, target in re.findall(r'"(GET|HEAD) (\S+) HTTP', text):
        path = target.split("?")[0].replace("%2F", "/")
        if "/raw/" in path:
            data = method == "GET" and ("alt=media" in target or "/storage/v1/" not in path)
            counts["data" if data else "metadata"] += 1
    return counts


def _convert(src: str, out: Path, options: list[str], env: dict[str, str]) -> None:
    shutil.rmtree(out, ignore_errors=True)
    command = [str(_BIN / "shardify"), "convert", src, str(out), "--shards", "4", "-q", "--", *options]
    subprocess.run(command, check=True, capture_output=True, timeout=900, env={**os.environ, **env})


def _s3(files: list[tuple[str, bytes]], work: Path) -> collections.Counter:
    import boto3

    port, log = _free_port(), work / "moto.log"
    endpoint = f"http://127.0.0.1:{port}"
    with _serving([str(_BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)], port, log):
        client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="k", aws_secret_access_key="k", region_name="us-east-1")
        client.create_bucket(Bucket=_BUCKET)
        for key, data in files:
            client.put_object(Bucket=_BUCKET, Key=f"raw/{key}", Body=data)
        since = log.stat().st_size
        options = [f"--s3_endpoint_url={endpoint}", "--s3_access_key_id=k", "--s3_secret_access_key=k", "--s3_region_name=us-east-1"]
        _convert(f"s3://{_BUCKET}/raw", work / "out_s3", options, {})
        return _count(log, since)


def _gcs(files: list[tuple[str, bytes]], work: Path) -> collections.Counter:
    from google.cloud import storage

    port, log = _free_port(), work / "gcs.log"
    host = f"http://127.0.0.1:{port}"
    command = [str(_BIN / "gcp-storage-emulator"), "start", "--host", "127.0.0.1", "--port", str(port), "--in-memory", f"--default-bucket={_BUCKET}"]
    with _serving(command, port, log):
        os.environ["STORAGE_EMULATOR_HOST"] = host
        try:
            bucket = storage.Client.create_anonymous_client().bucket(_BUCKET)
            for key, data in files:
                bucket.blob(f"raw/{key}").upload_from_string(data)
            since = log.stat().st_size
            _convert(f"gs://{_BUCKET}/raw", work / "out_gcs", ["--direct_running_mode=in_memory"], {})
            time.sleep(0.5)  # the emulator's last log lines
            return _count(log, since)
        finally:
            del os.environ["STORAGE_EMULATOR_HOST"]


def requests_per_input(row: Callable[..., dict], images: Path, work: Path, count: int = 200) -> list[dict]:
    """Rows: data and metadata requests per input for `count` of the generated images, S3 and GCS."""
    work.mkdir(parents=True, exist_ok=True)
    paths = sorted(p for p in images.rglob("*") if p.is_file())[:count]
    files = [(p.relative_to(images).as_posix(), p.read_bytes()) for p in paths]
    rows = []
    for store, run, module in (("S3 (moto)", _s3, "moto"), ("GCS (emulator)", _gcs, "gcp_storage_emulator")):
        figure = f"{store}: requests per input, {len(files)} images"
        try:
            __import__(module)
        except ImportError:
            rows.append(row(figure, "not run (pip install '.[test]')", "", None, "<= 1 GET, 0 metadata", None))
            continue
        counts = run(files, work)
        data, metadata = counts["data"] / len(files), counts["metadata"] / len(files)
        rows.append(row(figure, f"{data:.2f} GET + {metadata:.2f} HEAD/metadata", "tfds: 1 read", data + metadata,
                        "<= 1 GET, 0 metadata", data <= 1 and metadata == 0))
    return rows
