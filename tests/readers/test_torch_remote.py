"""shardify.torch reads outputs in S3 and GCS (the real emulators on 127.0.0.1): every record of an
epoch once across 2 ranks x 2 workers, each shard fetched once per epoch by each reader that reads
it (counted in the server's log), checksums checked, the cache folder never above its limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

from torch.utils.data import DataLoader, get_worker_info  # noqa: E402

import shardify.torch as st  # noqa: E402
from helpers.emulators import BUCKET, free_port, gcs_server, requests, s3_server  # noqa: E402
from helpers.sources import REPO, convert  # noqa: E402
from shardify.errors import CorruptShardError, ReadOptionError  # noqa: E402
from shardify.format.manifest import load_manifest  # noqa: E402

SAMPLES = REPO / "sample_data"
HELPERS = Path(__file__).parent.parent / "helpers"
_S3_ENV = {
    "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
}


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/texts: 30 train records in 4 shards."""
    return convert(SAMPLES / "texts", tmp_path_factory.mktemp("texts"), shards="train=4,test=1")


@pytest.fixture(scope="module")
def shard_of(texts: Path) -> dict[str, str]:
    """{source file: the name of the shard that holds its record}, read from the local output."""
    manifest = load_manifest(str(texts))
    indexed = st.IndexedDataset(str(texts), features=["source"])
    names, index = {}, 0
    for shard in manifest.split("train").shards:
        for _ in range(shard.num_records):
            names[indexed[index]["source"]] = shard.path
            index += 1
    return names


def _epoch() -> Counter:
    root = SAMPLES / "texts"
    return Counter(p.relative_to(root).as_posix() for p in (root / "train").rglob("*") if p.is_file())


def _upload(output: Path, put, prefix: str, *, skip: str = "", damage: str = "") -> None:
    for path in sorted(output.iterdir()):
        if path.name == skip:
            continue
        data = path.read_bytes()
        if path.name == damage:  # one byte changed, the size kept: only the checksum tells
            data = data[:40] + bytes([data[40] ^ 1]) + data[41:]
        put(f"{prefix}/{path.name}", data)


@pytest.fixture(scope="module")
def s3(texts: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict]]:
    """(the server's log, the environment that reaches it) of moto's S3 server holding the output
    at out/, one with a damaged shard at bad/, one with a shard missing at gone/."""
    boto3 = pytest.importorskip("boto3", reason="reading s3:// needs boto3 (shardify[aws])")
    port = free_port()
    log = tmp_path_factory.mktemp("moto") / "log"
    env = {**_S3_ENV, "AWS_ENDPOINT_URL_S3": f"http://127.0.0.1:{port}"}
    saved = {key: os.environ.get(key) for key in env}
    with s3_server(port, log):
        os.environ.update(env)
        try:
            client = boto3.client("s3")
            client.create_bucket(Bucket=BUCKET)
            put = lambda key, data: client.put_object(Bucket=BUCKET, Key=key, Body=data)  # noqa: E731
            _upload(texts, put, "out")
            _upload(texts, put, "bad", damage="train-00001-of-00004.tfrecord")
            _upload(texts, put, "gone", skip="train-00002-of-00004.tfrecord")
            yield log, env
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


class _Watch:
    """Polls folders' total file size in a thread: the most each held at once."""

    def __init__(self, folders: list[Path]) -> None:
        self.most = {folder: 0 for folder in folders}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            for folder in self.most:
                total = 0
                for root, _, files in os.walk(folder):
                    for name in files:
                        try:
                            total += os.path.getsize(os.path.join(root, name))
                        except OSError:  # deleted meanwhile
                            pass
                self.most[folder] = max(self.most[folder], total)
            self._stop.wait(0.005)

    def stop(self) -> dict[Path, int]:
        self._stop.set()
        self._thread.join()
        return self.most


def _expected_fetches(readers: list[list[str]], shard_of: dict[str, str]) -> Counter:
    """Shard name -> how many of these readers read a record of it."""
    return Counter(name for read in readers for name in {shard_of[source] for source in read})


def test_two_ranks_of_two_workers_read_s3_once_and_fetch_each_shard_once_per_reader(
    texts: Path, shard_of: dict[str, str], s3, tmp_path: Path
) -> None:
    log, env = s3
    largest = max(s.num_bytes for s in load_manifest(str(texts)).split("train").shards)
    limit = 2 * largest  # each of a rank's 2 workers may hold one shard: each must evict before its next
    caches = [tmp_path / f"cache{rank}" for rank in range(2)]
    since = log.stat().st_size
    port = free_port()
    command = [sys.executable, str(HELPERS / "torch_remote_ranks.py"), f"s3://{BUCKET}/out"]
    process_env = {**os.environ, **env, "PYTHONPATH": str(HELPERS)}
    watch = _Watch(caches)
    ranks = [
        subprocess.Popen([*command, str(rank), "2", str(port), str(caches[rank]), str(limit)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=process_env)
        for rank in range(2)
    ]
    results = []
    try:
        for process in ranks:
            out, err = process.communicate(timeout=240)
            assert process.returncode == 0, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for process in ranks:
            if process.poll() is None:
                process.kill()
    most = watch.stop()
    readers = [[r["epochs"][epoch][worker] for r in results for worker in r["epochs"][epoch]] for epoch in range(2)]
    for epoch in range(2):
        assert len(readers[epoch]) == 4
        assert Counter(source for read in readers[epoch] for source in read) == _epoch()
    counts = requests(log, since)
    shard_gets = Counter({name: n for (method, kind, name), n in counts.items() if name.startswith("train-") and method == "GET"})
    assert shard_gets == _expected_fetches(readers[0], shard_of) + _expected_fetches(readers[1], shard_of)
    assert not [key for key in counts if key[0] == "HEAD"]
    assert counts[("GET", "data", "manifest.json")] == 2  # once per rank: workers are given the dataset
    assert all(0 < held <= limit for held in most.values()), (most, limit)
    assert all(not any(folder.iterdir()) for folder in caches)  # every reader removed its folder


def _tag(batch: list) -> tuple[int, dict]:
    return get_worker_info().id, st.collate(batch)


def test_gcs_with_two_workers_reads_every_record_once_by_media_gets_only(
    texts: Path, shard_of: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = pytest.importorskip("google.cloud.storage", reason="reading gs:// needs google-cloud-storage (shardify[gcp])")
    port = free_port()
    log = tmp_path / "gcs.log"
    with gcs_server(port, log):
        monkeypatch.setenv("STORAGE_EMULATOR_HOST", f"http://127.0.0.1:{port}")
        bucket = storage.Client.create_anonymous_client().bucket(BUCKET)
        _upload(texts, lambda key, data: bucket.blob(key).upload_from_string(data), "out")
        since = log.stat().st_size
        ds = st.ShardDataset(f"gs://{BUCKET}/out", features=["source"], seed=1, cache_dir=str(tmp_path / "cache"),
                             cache_limit="1MiB")
        read: dict[int, list[str]] = {}
        for worker, batch in DataLoader(ds, batch_size=4, num_workers=2, collate_fn=_tag):
            read.setdefault(worker, []).extend(batch["source"])
        counts = requests(log, since)
    assert Counter(source for sources in read.values() for source in sources) == _epoch()
    shard_gets = Counter({name: n for (method, kind, name), n in counts.items() if name.startswith("train-")})
    assert shard_gets == _expected_fetches(list(read.values()), shard_of)
    assert {kind for (_, kind, name) in counts if name.startswith("train-") or name == "manifest.json"} == {"data"}


def test_a_damaged_or_missing_shard_is_named_after_bounded_tries(s3, tmp_path: Path) -> None:
    log, _ = s3
    since = log.stat().st_size
    ds = st.ShardDataset(f"s3://{BUCKET}/bad", features=["source"], shuffle=False, cache_dir=str(tmp_path), cache_limit="1MB")
    damaged = r"bad/train-00001-of-00004.tfrecord: could not be fetched after 3 tries: .*sha256"
    with pytest.raises(CorruptShardError, match=damaged):
        list(ds)
    assert requests(log, since)[("GET", "data", "train-00001-of-00004.tfrecord")] == 3
    gone = st.ShardDataset(f"s3://{BUCKET}/gone", features=["source"], shuffle=False, cache_dir=str(tmp_path), cache_limit="1MB")
    with pytest.raises(CorruptShardError, match=r"gone/train-00002-of-00004.tfrecord: is missing from the store"):
        list(gone)
    assert os.listdir(tmp_path) == []


def test_a_store_that_goes_away_is_retried_then_named(texts: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second S3 server, stopped once the reader has its manifest: every shard request fails."""
    boto3 = pytest.importorskip("boto3", reason="reading s3:// needs boto3 (shardify[aws])")
    port = free_port()
    for key, value in {**_S3_ENV, "AWS_ENDPOINT_URL_S3": f"http://127.0.0.1:{port}", "AWS_MAX_ATTEMPTS": "1"}.items():
        monkeypatch.setenv(key, value)  # boto3's own retries off: the reader's are the ones tested
    with s3_server(port, tmp_path / "log"):
        client = boto3.client("s3")
        client.create_bucket(Bucket=BUCKET)
        _upload(texts, lambda key, data: client.put_object(Bucket=BUCKET, Key=key, Body=data), "out")
        ds = st.ShardDataset(f"s3://{BUCKET}/out", features=["source"], shuffle=False, cache_dir=str(tmp_path / "cache"),
                             cache_limit="1MB")
    gone = r"out/train-00000-of-00004.tfrecord: could not be fetched after 3 tries: the fetch failed"
    with pytest.raises(CorruptShardError, match=gone):
        next(iter(ds))


def test_cache_options_are_checked_once(texts: Path, tmp_path: Path, s3) -> None:
    from shardify.read.options import ReadOptions, reader_options

    assert ReadOptions(cache_limit="20GB").cache_limit == 20 * 10**9
    assert ReadOptions(cache_limit="512MiB").cache_limit == 512 << 20
    with pytest.raises(ReadOptionError, match="must be a size"):
        ReadOptions(cache_limit="lots")
    with pytest.raises(ReadOptionError, match="local folder"):
        ReadOptions(cache_dir="s3://b/cache")
    with pytest.raises(ReadOptionError, match="ShardDataset only"):
        reader_options("load", None, {"cache_limit": "1GB"})
    with pytest.raises(ReadOptionError, match="read in place"):
        st.ShardDataset(str(texts), cache_limit="1GB")
    with pytest.raises(ReadOptionError, match="give cache_limit"):
        st.ShardDataset(f"s3://{BUCKET}/out")
    small = st.ShardDataset(f"s3://{BUCKET}/out", cache_dir=str(tmp_path), cache_limit="100B")
    with pytest.raises(ReadOptionError, match="less than the .* bytes of a shard"):
        next(iter(small))
