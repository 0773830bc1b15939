"""The same conversion on another Beam runner gives the same bytes: Beam's portable job service,
with SDK workers started as separate processes by a worker pool, and a Dask cluster of two worker
processes, all on 127.0.0.1; and shardify's DaskRunner spreads a Reshuffle and runs nothing twice."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import apache_beam as beam
import pytest

from helpers.cli_runs import run_shardify
from helpers.sources import REPO
from shardify.format import naming

PYTHON = sys.executable
SHARDIFY = str(Path(PYTHON).with_name("shardify"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, f"service on port {port} exited"
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listens on port {port}")


@pytest.fixture(scope="module")
def portable_services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """(job endpoint, worker pool address, worker pool log) of a local job service and worker pool."""
    logs = tmp_path_factory.mktemp("services")
    # The pool starts each SDK worker as `python ...`: this interpreter's folder comes first.
    env = {**os.environ, "PATH": f"{Path(PYTHON).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    job_port, pool_port = _free_port(), _free_port()
    commands = {
        "job_service": [PYTHON, "-m", "apache_beam.runners.portability.local_job_service_main", f"--port={job_port}"],
        "worker_pool": [PYTHON, "-m", "apache_beam.runners.worker.worker_pool_main", f"--service_port={pool_port}"],
    }
    processes = {}
    try:
        for name, command in commands.items():
            with open(logs / f"{name}.log", "wb") as log:
                processes[name] = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        _wait_for(job_port, processes["job_service"])
        _wait_for(pool_port, processes["worker_pool"])
        yield f"localhost:{job_port}", f"localhost:{pool_port}", logs / "worker_pool.log"
    finally:
        for process in processes.values():
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def local(sample_images: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """{name: bytes} of the files of the local run the other runners' outputs must equal: one run for
    the module, in this process (the local runner's process is not what these tests test)."""
    out = tmp_path_factory.mktemp("local") / "out"
    result = run_shardify("convert", str(sample_images), str(out), "--shards", "4", "-q")
    assert result.returncode == 0, result.stderr
    return {p.name: p.read_bytes() for p in out.iterdir()}


def _same_files(out: Path, local: dict[str, bytes]) -> None:
    assert sorted(p.name for p in out.iterdir()) == sorted(local)
    for name, data in local.items():
        assert (out / name).read_bytes() == data, name


def test_portable_runner_with_worker_processes_gives_the_local_bytes(
    portable_services: tuple[str, str, Path], sample_images: Path, local: dict[str, bytes], tmp_path: Path
) -> None:
    job_endpoint, pool, pool_log = portable_services

    def convert(out: str, *options: str) -> subprocess.CompletedProcess:
        command = [SHARDIFY, "convert", str(sample_images), str(tmp_path / out), "--shards", "4", "-q", *options]
        return subprocess.run(command, capture_output=True, text=True, timeout=300)

    portable = convert(
        "portable",
        *("--runner", "portable", "--job-endpoint", job_endpoint),
        *("--", "--environment_type=EXTERNAL", f"--environment_config={pool}"),
    )
    assert portable.returncode == 0, portable.stderr
    assert "wrote 72 records in 4 shards" in portable.stdout
    assert "Starting worker" in pool_log.read_text()  # the SDK workers ran as the pool's processes

    _same_files(tmp_path / "portable", local)
    manifest = json.loads((tmp_path / "portable" / naming.MANIFEST_FILENAME).read_text())
    assert manifest["inputs"]["written"] == 72


def test_dataflow_dry_run_builds_the_job_with_shardify_staged(sample_images: Path, tmp_path: Path) -> None:
    """Beam's --dry_run builds the Dataflow job offline; the CLI's generated worker package is staged."""
    pytest.importorskip("apache_beam.runners.dataflow.internal.apiclient", reason="needs apache-beam[gcp]")
    import tarfile

    from apache_beam.portability.api import beam_runner_api_pb2

    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig

    result = run_conversion(
        ConvertConfig(str(sample_images), str(tmp_path / "out"), shards="4"),
        runner_name="dataflow",
        beam_args=[
            "--dry_run=True", "--no_auth", "--sdk_location=container",
            "--project=test-project", "--region=us-central1", "--temp_location=gs://test-bucket/tmp",
        ],
    )
    assert not (tmp_path / "out").exists()  # a dry run writes nothing
    pipeline = result.job.proto_pipeline
    labels = {t.unique_name for t in pipeline.components.transforms.values()}
    assert {"Discover", "Plan", "WriteShards/WriteShardFiles", "WriteManifest"} <= labels
    staged = {}
    for environment in pipeline.components.environments.values():
        for dependency in environment.dependencies:
            role = beam_runner_api_pb2.ArtifactStagingToRolePayload.FromString(dependency.role_payload)
            staged[role.staged_name] = beam_runner_api_pb2.ArtifactFilePayload.FromString(dependency.type_payload).path
    with tarfile.open(staged["workflow.tar.gz"]) as package:
        names = {name.split("/", 1)[1] for name in package.getnames() if "/" in name}
        assert {
            "shardify/beam_jobs/write_shards.py",
            "shardify/beam_jobs/discover/stage.py",
            "shardify/converters/images.py",
            "shardify/format/contract.py",
        } <= names
        requires = package.extractfile(next(n for n in package.getnames() if n.endswith("requires.txt"))).read().decode()
    assert "pillow" in requires and "google-crc32c" in requires and "tensorflow" not in requires


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a Dask scheduler with two single-threaded worker processes on 127.0.0.1."""
    pytest.importorskip("distributed", reason="needs apache-beam[dask]")
    logs = tmp_path_factory.mktemp("dask")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = str(Path(PYTHON).with_name("dask"))
    commands = {
        "scheduler": [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        "workers": [dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"],
    }
    processes = []
    try:
        for name, command in commands.items():
            with open(logs / f"{name}.log", "wb") as log:
                processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
            if name == "scheduler":
                _wait_for(port, processes[0])
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in processes:
            process.kill()
            process.wait()


def test_dask_cluster_gives_the_local_bytes(
    dask_cluster: str, sample_images: Path, local: dict[str, bytes], tmp_path: Path
) -> None:
    from distributed import Client

    def convert(out: str, *options: str) -> subprocess.CompletedProcess:
        command = [SHARDIFY, "convert", str(sample_images), str(tmp_path / out), "--shards", "4", "-q", *options]
        return subprocess.run(command, capture_output=True, text=True, timeout=300)

    on_dask = convert("dask", "--runner", "dask", "--dask-address", dask_cluster)
    assert on_dask.returncode == 0, on_dask.stderr
    with Client(dask_cluster) as client:  # both worker processes did part of the job
        executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
    assert len(executed) == 2 and all(count > 0 for count in executed.values()), executed
    _same_files(tmp_path / "dask", local)


# How long an in-process pipeline on the test cluster may take before the test fails (Beam's
# wait_until_finish takes milliseconds); the runs here take about 2 s.
_DASK_PIPELINE_TIMEOUT_MS = 120_000


def _run_on_dask(address: str, build: Callable[[beam.Pipeline], None]) -> None:
    """Builds a pipeline with `build` and runs it on shardify's DaskRunner at `address`."""
    from apache_beam.options.pipeline_options import PipelineOptions

    from shardify.beam_jobs.runners.dask_runner import DaskRunner

    pipeline = beam.Pipeline(runner=DaskRunner(), options=PipelineOptions([f"--dask_client_address={address}"]))
    build(pipeline)
    result = pipeline.run()
    try:
        assert result.wait_until_finish(duration=_DASK_PIPELINE_TIMEOUT_MS) == "DONE"
    finally:
        result.client.close()


def _marker(folder: Path, seconds: float = 0.0) -> Callable[[int], int]:
    """A function (defined here, so Dask ships it by value) that leaves a file named
    `element-pid-call` in `folder` for every call, after `seconds` of work."""

    def mark(element: int) -> int:
        time.sleep(seconds)
        (folder / f"{element}-{os.getpid()}-{uuid.uuid4().hex}").touch()
        return element

    return mark


def test_dask_reshuffle_spreads_elements_over_both_workers(dask_cluster: str, tmp_path: Path) -> None:
    """A one-partition Create then Reshuffle: Beam's translation left all eight elements on one
    worker; the spread gives each of the two single-threaded workers four."""
    mark = _marker(tmp_path, seconds=0.2)  # long enough that one worker could not take all first
    _run_on_dask(dask_cluster, lambda p: p | beam.Create(range(8)) | beam.Reshuffle() | beam.Map(mark))
    marks = [name.split("-") for name in os.listdir(tmp_path)]
    assert sorted(int(element) for element, _, _ in marks) == list(range(8))
    assert sorted(Counter(pid for _, pid, _ in marks).values()) == [4, 4], marks


def test_dask_computes_a_side_inputs_producer_once(dask_cluster: str, tmp_path: Path) -> None:
    """A step read both as a main input and as a side input runs once per element (a side input
    built from an optimized copy of the graph re-ran its whole upstream: every shard was written twice)."""
    mark = _marker(tmp_path)

    def build(p: beam.Pipeline) -> None:
        marked = p | beam.Create(range(4)) | "Mark" >> beam.Map(mark)
        # Two consumers, as WriteShards' two outputs have: the side input's own graph then fuses
        # Mark with Odd, which the whole graph cannot.
        odd = marked | "Odd" >> beam.Filter(lambda element: element % 2)
        even = marked | "Even" >> beam.Filter(lambda element: not element % 2)
        _ = even | "WithOdd" >> beam.Map(lambda element, odds: (element, odds), beam.pvalue.AsList(odd))

    _run_on_dask(dask_cluster, build)
    assert sorted(name.split("-")[0] for name in os.listdir(tmp_path)) == ["0", "1", "2", "3"]


def test_workers_get_every_dependency_of_the_write_path() -> None:
    """The worker package's requirements are pyproject.toml's dependencies, but for Beam (the
    workers' image has it) and what only the launching process uses."""
    tomllib = pytest.importorskip("tomllib", reason="Python 3.11+ reads TOML")
    import re

    from shardify.beam_jobs.runners import worker_package

    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    name = re.compile(r"[A-Za-z0-9._-]+")
    expected = [r for r in declared if name.match(r)[0] not in ("apache-beam", *worker_package.CLI_ONLY_REQUIREMENTS)]
    assert list(worker_package.WORKER_REQUIREMENTS) == expected
