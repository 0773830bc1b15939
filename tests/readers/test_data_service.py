"""A decode fleet on tf.data service: `shardify serve` starts a real dispatcher and two real workers
as processes on 127.0.0.1, and `shardify.load(..., service=...)` reads through them. Records are
counted against the source files: once per epoch across the workers (distributed_epoch), once per
worker (parallel_epochs). Every process has a timeout, and is ended by the fixtures. Not tested: a
worker killed mid-epoch (on TensorFlow 2.21 the trainer sometimes finishes and sometimes waits
for the dead worker past minutes; docs/reading.md says so and what to do)."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow", reason="tf.data service is TensorFlow's: needs the tf extra")

from helpers.cli_runs import shardify_command  # noqa: E402
from helpers.sources import SAMPLE_IMAGES, convert  # noqa: E402

START_SECONDS = 60
TRAINER_SECONDS = 180
_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(log: Path, *args: str) -> tuple[subprocess.Popen, str]:
    """`shardify serve ARGS` in its own process, and the address it prints once serving. Its
    output goes to the file `log`, never to a pipe nobody drains (a full pipe would stop it)."""
    with log.open("w") as sink:
        process = subprocess.Popen(shardify_command("serve", *args), stdout=sink, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        address = next((line for line in log.read_text().splitlines() if line.startswith("grpc://")), None)
        if address:
            return process, address
        time.sleep(0.2)
    process.kill()
    pytest.fail(f"shardify serve {' '.join(args)} did not start: {log.read_text()[-2000:]}")


def _stop(process: subprocess.Popen) -> int | None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    return process.returncode


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """A dispatcher (a 2 s worker timeout) and two workers (heartbeats every 0.2 s) on 127.0.0.1:
    (address, [workers]). One fleet for the module (each `load` is a job of its own on it; no test
    stops a worker): starting and stopping three TensorFlow processes was most of each test's time."""
    tmp_path = tmp_path_factory.mktemp("fleet")
    port = _free_port()
    dispatcher, address = _start(tmp_path / "dispatcher.log", "dispatcher", "--port", str(port), "--host", "127.0.0.1", "--worker-timeout", "2")
    workers = [
        _start(tmp_path / f"worker{i}.log", "worker", "--dispatcher", f"127.0.0.1:{port}", "--host", "127.0.0.1", "--heartbeat", "0.2")[0]
        for i in range(2)
    ]
    try:
        yield address, workers
    finally:
        for process in [*workers, dispatcher]:
            _stop(process)


@pytest.fixture(scope="module")
def twelve_shards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return convert(SAMPLE_IMAGES, tmp_path_factory.mktemp("service"), shards=12)


def _source_files() -> Counter:
    return Counter(
        p.relative_to(SAMPLE_IMAGES).as_posix() for p in SAMPLE_IMAGES.rglob("*") if p.suffix in _IMAGE_SUFFIXES
    )


def _names(ds: tf.data.Dataset) -> Counter:
    return Counter(name.decode() for batch in ds for name in batch["filename"].numpy())


def test_a_fleet_of_two_workers_gives_each_record_once_per_epoch(fleet, twelve_shards: Path) -> None:
    address, _ = fleet
    for cycle_length in (None, 1):  # one shard at a time too: it must still be split among the workers
        import shardify

        loaded = shardify.load(
            str(twelve_shards), "train", service=address, batch_size=4, image_size=(16, 16),
            fit="random_crop", flip=True, seed=0, cycle_length=cycle_length,
        )
        assert _names(loaded) == _source_files()


def test_parallel_epochs_give_each_worker_its_own_epoch(fleet, twelve_shards: Path) -> None:
    import shardify

    address, _ = fleet
    loaded = shardify.load(str(twelve_shards), "train", service=address, service_mode="parallel_epochs", batch_size=4, image_size=(16, 16))
    assert _names(loaded) == Counter({name: 2 for name in _source_files()})


def test_bad_service_options_are_refused() -> None:
    import shardify
    from shardify.errors import ReadOptionError

    with pytest.raises(ReadOptionError, match="must be a tf.data service dispatcher's address"):
        shardify.ReadOptions(service="localhost")
    with pytest.raises(ReadOptionError, match="service_mode='each' must be one of"):
        shardify.ReadOptions(service="grpc://localhost:5050", service_mode="each")
    result = subprocess.run(
        shardify_command("serve", "worker", "--dispatcher", "nohost"), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2 and "must be HOST:PORT" in result.stderr
