"""`shardify.load` read locally against the same pipeline run on tf.data service workers.

Starts a real dispatcher and N real workers with `shardify serve` (processes of their own, on
127.0.0.1), then reads one split of OUT twice in turns, local then service, and prints, per pass,
records/s, CPU seconds of every process involved (trainer, dispatcher, workers: summed from
/proc through psutil) and of the trainer's process alone, plus the ratios. On one machine the service cannot be faster: the same
cores decode, and the batches cross gRPC on top. What the row shows is that overhead, per record;
the gain of a fleet needs more machines than this benchmark has (docs/performance.md says so).

Usage: python -m benchmarks.service_read OUT [--workers 1] [--batch 64] [--size 224] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil

_START_TIMEOUT = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(*args: str, log: Path) -> subprocess.Popen:
    command = [str(Path(sys.executable).with_name("shardify")), "serve", *args]
    return subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT)


def _cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for p in processes:
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def _wait_for_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"no dispatcher on port {port} after {_START_TIMEOUT} s")


def _pass(out: str, split: str, batch: int, size: int, service: str, watched: list[psutil.Process]) -> dict:
    import shardify

    ds = shardify.load(out, split, batch_size=batch, image_size=(size, size), **({"service": service} if service else {}))
    for _ in ds.take(2):  # warm-up: graph built, workers started
        pass
    cpu0, own0, wall0, count = _cpu_seconds(watched), _cpu_seconds(watched[:1]), time.perf_counter(), 0
    for element in ds:
        count += int(element[0].shape[0]) if isinstance(element, tuple) else int(next(iter(element.values())).shape[0])
    wall, cpu, own = time.perf_counter() - wall0, _cpu_seconds(watched) - cpu0, _cpu_seconds(watched[:1]) - own0
    return {
        "records": count,
        "rate": count / wall,
        "cpu_ms_per_record": 1000 * cpu / max(count, 1),
        "trainer_cpu_ms_per_record": 1000 * own / max(count, 1),  # the process that trains: what a fleet relieves
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--split", default="train")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--logs", default=os.environ.get("TMPDIR", "/tmp"))
    args = parser.parse_args()
    port, logs = _free_port(), Path(args.logs)
    servers = [_serve("dispatcher", "--port", str(port), "--host", "127.0.0.1", log=logs / "service-dispatcher.log")]
    try:
        _wait_for_port(port, time.monotonic() + _START_TIMEOUT)
        servers += [
            _serve("worker", "--dispatcher", f"127.0.0.1:{port}", "--host", "127.0.0.1", log=logs / f"service-worker{i}.log")
            for i in range(args.workers)
        ]
        time.sleep(3)  # the workers register with the dispatcher
        me = psutil.Process()
        watched = [me, *(psutil.Process(s.pid) for s in servers)]
        results: dict[str, list[dict]] = {"local": [], "service": []}
        for _ in range(args.rounds):  # in turns, so that the machine's noise falls on both alike
            results["local"].append(_pass(args.out, args.split, args.batch, args.size, "", watched))
            results["service"].append(_pass(args.out, args.split, args.batch, args.size, f"grpc://127.0.0.1:{port}", watched))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    summary = {
        name: {
            "records": runs[0]["records"],
            "rate_median": statistics.median(r["rate"] for r in runs),
            "cpu_ms_per_record_median": statistics.median(r["cpu_ms_per_record"] for r in runs),
            "trainer_cpu_ms_per_record_median": statistics.median(r["trainer_cpu_ms_per_record"] for r in runs),
        }
        for name, runs in results.items()
    }
    if summary["local"]["records"] != summary["service"]["records"]:
        raise SystemExit(f"the service gave {summary['service']['records']} records, local reading {summary['local']['records']}")
    summary["service/local"] = {
        "rate": summary["service"]["rate_median"] / summary["local"]["rate_median"],
        "cpu_per_record": summary["service"]["cpu_ms_per_record_median"] / summary["local"]["cpu_ms_per_record_median"],
        "trainer_cpu_per_record": summary["service"]["trainer_cpu_ms_per_record_median"]
        / summary["local"]["trainer_cpu_ms_per_record_median"],
    }
    summary["runs"] = results
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
