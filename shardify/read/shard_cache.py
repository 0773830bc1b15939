"""Shards of an output in an object store (gs://, s3://), fetched whole into a local cache folder
ahead of the PyTorch reader that reads them, within a size limit, and deleted once read.

Why whole shards, fetched ahead: a reader reads a shard's records one after another, so the next
shards it needs are known; fetching them while it decodes the current one hides the store's
latency, and a local file reads as fast as a local output. Why per reader: each reader (a rank's
DataLoader worker) fetches only the shards of its own part of the epoch (see
`shardify.read.epoch_order`), so a shard is fetched once per epoch by each reader that reads it,
and readers never wait for one another (a reader waiting on another's room in a shared cache can
deadlock a DataLoader, whose main process takes batches from its workers in turn).

The limit (`cache_limit`, bytes, for one process: its DataLoader workers split it evenly) is
never exceeded: a reader fetches its next shard only while what it holds plus that shard fits its
part, and one whose part cannot hold its largest shard is refused before fetching anything. Each
shard is fetched by ranged GETs (`shardify.inputs.object_reader`'s fetches: no HEAD or metadata
request), FETCH_CHUNK_BYTES at a time, written under a temporary name, its SHA-256 checked against
the manifest's, then renamed. A failed request or a checksum that does not match is retried
(FETCH_ATTEMPTS tries of the shard in all), then the reader fails naming the shard.

Stores are reached with their SDKs' own configuration: boto3's (AWS_ENDPOINT_URL_S3 or
AWS_ENDPOINT_URL, credentials and region from the environment or ~/.aws), google-cloud-storage's
(application default credentials; STORAGE_EMULATOR_HOST for an emulator).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from shardify.errors import CorruptShardError, InvalidInputError, ReadOptionError
from shardify.inputs.object_reader import Fetch, ObjectReader, gcs_fetch, s3_fetch

__all__ = [
    "STORE_SCHEMES",
    "FETCH_ATTEMPTS",
    "FETCH_CHUNK_BYTES",
    "is_store_path",
    "read_store_text",
    "store_fetch",
    "CachedShard",
    "ShardCache",
]

STORE_SCHEMES = ("gs", "s3")
# Tries of one shard before the reader fails: a dropped connection or a garbled byte is usually
# gone on the next try; one that persists is the store's or the file's, and retrying longer hides it.
FETCH_ATTEMPTS = 3
# Bytes one GET asks for: large enough that a request's latency is small beside its transfer,
# small enough that a retry after a failure repeats little and the reader holds little in memory.
FETCH_CHUNK_BYTES = 64 * 1024 * 1024
# Seconds before the n-th retry of a shard: n times this.
_RETRY_PAUSE_SECONDS = 0.5
# A reader's folder in the cache folder: its host and process id, so that a later reader on the
# same host can remove the folders of processes that are gone (killed before they cleaned up);
# another host's (a shared disk, a container) are never touched.
_FOLDER_PREFIX = "shardify-reader-"
_FOLDER_RE = re.compile(rf"^{_FOLDER_PREFIX}(.+)-(\d+)-[^-]+$")

_CLIENTS: dict[tuple[int, str, str | None], Any] = {}


def is_store_path(path: str) -> bool:
    return path.partition("://")[0] in STORE_SCHEMES and "://" in path


def _client(scheme: str) -> Any:
    """This process's client for `scheme` (clients do not survive a fork: each process its own)."""
    # Keyed by the environment that configures the endpoint too: a changed endpoint gets a new client.
    endpoint = os.environ.get("STORAGE_EMULATOR_HOST") if scheme == "gs" else (
        os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL")
    )
    key = (os.getpid(), scheme, endpoint)
    if key not in _CLIENTS:
        if scheme == "s3":
            import boto3

            _CLIENTS[key] = boto3.session.Session().client("s3")
        else:
            from google.cloud import storage

            if os.environ.get("STORAGE_EMULATOR_HOST"):
                _CLIENTS[key] = storage.Client.create_anonymous_client()
            else:
                _CLIENTS[key] = storage.Client()
    return _CLIENTS[key]


def store_fetch(url: str) -> Fetch:
    """The ranged read of object `url` (gs:// or s3://), through this process's client."""
    scheme, _, rest = url.partition("://")
    bucket, _, key = rest.partition("/")
    if scheme == "s3":
        return s3_fetch(_client("s3"), bucket, key)
    if scheme == "gs":
        return gcs_fetch(_client("gs").bucket(bucket), key)
    raise ValueError(f"{url} is not in an object store ({', '.join(STORE_SCHEMES)})")


def read_store_text(url: str) -> str:
    """The text of a small object (a manifest): one GET, no HEAD."""
    with ObjectReader(store_fetch(url), url) as reader:
        return reader.read().decode("utf-8")


@dataclass(frozen=True)
class CachedShard:
    """A shard one reader will fetch: its position in the split, URL, size and SHA-256 (the
    manifest's)."""

    shard: int
    url: str
    num_bytes: int
    sha256: str


def _download(shard: CachedShard, path: str, stopped: Any = lambda: False) -> None:
    """`shard` into the file `path`, checked against its SHA-256, by ranged GETs.

    Raises:
      CorruptShardError: naming the shard, after FETCH_ATTEMPTS tries that failed or gave bytes
        other than the manifest's; at once where the object does not exist.
    """
    problem = ""
    for attempt in range(FETCH_ATTEMPTS):
        if attempt:
            time.sleep(_RETRY_PAUSE_SECONDS * attempt)
        digest, written = hashlib.sha256(), 0
        try:
            fetch = store_fetch(shard.url)  # a new fetch a try: an object replaced since is read anew
            with open(path, "wb") as out:
                while written < shard.num_bytes or (written == 0 and shard.num_bytes == 0):
                    stop = min(shard.num_bytes, written + FETCH_CHUNK_BYTES)
                    data, _ = fetch(written, stop)
                    if not data:
                        break
                    out.write(data)
                    digest.update(data)
                    written += len(data)
                    if shard.num_bytes == 0 or stopped():
                        break
        except FileNotFoundError:
            raise CorruptShardError(shard.url, "is missing from the store: the output is incomplete there") from None
        except (OSError, InvalidInputError) as error:  # InvalidInputError: the object changed during the try
            problem = f"the fetch failed: {error}"
            continue
        if stopped():
            return
        if written != shard.num_bytes:
            problem = f"the store gave {written} bytes where the manifest gives {shard.num_bytes}"
        elif digest.hexdigest() != shard.sha256:
            problem = "its bytes do not match the manifest's sha256"
        else:
            return
    raise CorruptShardError(shard.url, f"could not be fetched after {FETCH_ATTEMPTS} tries: {problem}")


def _remove_abandoned(folder: str) -> None:
    """Removes the folders readers of processes that no longer exist left in `folder`."""
    for name in os.listdir(folder):
        match = _FOLDER_RE.match(name)
        if not match or match[1] != _host() or int(match[2]) == os.getpid():
            continue
        try:
            os.kill(int(match[2]), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
        except PermissionError:  # another user's live process
            pass


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9.]", "_", socket.gethostname()) or "host"


class ShardCache:
    """One reader's shards, fetched in the order it reads them by a background thread.

    Args:
      folder: the cache folder (made if missing); the reader works in its own folder inside it.
      budget_bytes: the most this reader's fetched shards may take at once.
      shards: the shards it reads, in order, each once.

    Raises:
      ReadOptionError: `budget_bytes` cannot hold the largest of `shards`.
    """

    def __init__(self, folder: str, budget_bytes: int, shards: Sequence[CachedShard]) -> None:
        largest = max((shard.num_bytes for shard in shards), default=0)
        if largest > budget_bytes:
            raise ReadOptionError(
                f"cache_limit leaves this reader {budget_bytes} bytes, less than the {largest} bytes of a shard "
                "it must hold while reading it: raise cache_limit to at least the largest shard times the "
                "DataLoader workers of one process"
            )
        os.makedirs(folder, exist_ok=True)
        _remove_abandoned(folder)
        self._folder = tempfile.mkdtemp(prefix=f"{_FOLDER_PREFIX}{_host()}-{os.getpid()}-", dir=folder)
        self._budget = budget_bytes
        self._shards = list(shards)
        self._ready: dict[int, str] = {}
        self._held = 0  # bytes fetched or being fetched, not yet released
        self._failed: BaseException | None = None
        self._closed = False
        self._condition = threading.Condition()
        self._thread = threading.Thread(target=self._fetch_all, name="shardify-shard-cache", daemon=True)
        self._thread.start()

    def _fetch_all(self) -> None:
        for shard in self._shards:
            with self._condition:
                while not self._closed and self._held and self._held + shard.num_bytes > self._budget:
                    self._condition.wait()
                if self._closed:
                    return
                self._held += shard.num_bytes
            final = os.path.join(self._folder, f"{shard.shard:06d}.tfrecord")
            try:
                _download(shard, final + ".part", lambda: self._closed)
                if self._closed:
                    return
                os.replace(final + ".part", final)
            except BaseException as error:  # noqa: BLE001 - handed to the reader, which raises it
                with self._condition:
                    self._failed = error
                    self._condition.notify_all()
                return
            with self._condition:
                self._ready[shard.shard] = final
                self._condition.notify_all()

    def path(self, shard: int) -> str:
        """The local file of `shard`, once fetched (waiting for it).

        Raises:
          CorruptShardError: it (or a shard before it) could not be fetched.
        """
        with self._condition:
            while shard not in self._ready:
                if self._failed is not None:
                    raise self._failed
                self._condition.wait()
            return self._ready[shard]

    def release(self, shard: int) -> None:
        """Deletes `shard`'s file: it has been read. Makes room for the next."""
        size = next(s.num_bytes for s in self._shards if s.shard == shard)
        with self._condition:
            path = self._ready.pop(shard, None)
            if path is not None:
                with contextlib.suppress(FileNotFoundError):
                    os.remove(path)
                self._held -= size
            self._condition.notify_all()

    def close(self) -> None:
        """Stops fetching and removes this reader's folder (its shards with it)."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        self._thread.join()
        shutil.rmtree(self._folder, ignore_errors=True)
