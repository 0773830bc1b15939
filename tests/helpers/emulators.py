"""The object-store emulators on 127.0.0.1 (moto's S3 server, gcp-storage-emulator) for the tests
of readers that read gs:// and s3://, and the requests their logs show."""

from __future__ import annotations

import collections
import contextlib
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

BIN = Path(sys.executable).parent
BUCKET = "shardify-test"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serve(command: list[str], port: int, log: Path, timeout: float = 60) -> Iterator[None]:
    """Runs an emulator, its output into `log`, until the block ends."""
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            assert process.poll() is None, f"{command[0]} exited: {log.read_text(errors='replace')[-2000:]}"
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on port {port}")
            time.sleep(0.2)
        yield
    finally:
        process.kill()
        process.wait()


def s3_server(port: int, log: Path) -> contextlib.AbstractContextManager[None]:
    return serve([str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)], port, log)


def gcs_server(port: int, log: Path) -> contextlib.AbstractContextManager[None]:
    command = [str(BIN / "gcp-storage-emulator"), "start", "--host", "127.0.0.1", "--port", str(port), "--in-memory",
               f"--default-bucket={BUCKET}"]
    return serve(command, port, log)


def requests(log: Path, since: int = 0) -> collections.Counter:
    """{(method, kind, object name): count} of the requests in an emulator's log after byte
    `since`: kind "data" for a read of bytes (S3's GET of the object, GCS's `alt=media`),
    "metadata" for anything else on an object (S3's HEAD, GCS's JSON GET)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_bytes()[since:].decode(errors="replace"))  # moto colours its lines
    counts: collections.Counter = collections.Counter()
    for method, target in re.findall(r'"(GET|HEAD|PUT|POST) (\S+) HTTP', text):
        path = target.split("?")[0].replace("%2F", "/")
        data = method == "GET" and ("alt=media" in target or "/storage/v1/" not in path)
        counts[(method, "data" if data else "metadata", path.rsplit("/", 1)[-1])] += 1
    return counts
