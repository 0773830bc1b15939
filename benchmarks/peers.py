"""Peers side by side: the tools users would pick instead of shardify, converting the same
benchmark JPEGs with each one's documented writer, against `shardify convert --validate header`
and the default (`--validate full`).

Every command runs under `benchmarks.tree_usage` (a subreaper: the CPU seconds of every process
the command starts, Ray's daemons included, and the peak of their summed RSS); one warm-up of each
first, then the commands in turns (header, default, each peer; `repeats` rounds), so a drift in
the shared machine's speed reaches every command alike; medians. Each peer script reads its output
back with the peer's own reader and fails unless it holds every image (benchmarks/peer_common.py).

A peer whose library is not importable by any of the given interpreters gets a row saying which
extra installs it. The peers do not resolve into one environment (mosaicml-streaming pins
huggingface-hub below 1.0 through transformers, HF datasets 5 needs 1.x, and streaming needs
torch), so `--peer-python` takes several interpreters; each peer runs under the first that has it.

Usage: python -m benchmarks.peers [--data DIR] [--repeats N] [--peer-python PY ...] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

SHARDS = 16
MB = 1e6


@dataclass(frozen=True)
class Peer:
    name: str
    module: str  # what must be importable
    distribution: str  # whose version is reported
    extra: str  # the pyproject extra that installs it
    script: str
    args: tuple[str, ...] = ()


PEERS = (
    Peer("WebDataset ShardWriter, 1 process", "webdataset", "webdataset", "bench-wds", "benchmarks.peer_wds", ("1",)),
    Peer("WebDataset ShardWriter, 2 processes", "webdataset", "webdataset", "bench-wds", "benchmarks.peer_wds", ("2",)),
    Peer("ArrayRecord writer, raw bytes, 1 process", "array_record", "array-record", "bench-arrayrecord", "benchmarks.peer_arrayrecord", ("1",)),
    Peer("mosaicml streaming MDSWriter", "streaming", "mosaicml-streaming", "bench-mds", "benchmarks.peer_mds"),
    Peer("HF datasets imagefolder -> save_to_disk", "datasets", "datasets", "bench-hf", "benchmarks.peer_hf"),
    Peer("Ray Data read_binary_files -> write_tfrecords", "ray", "ray", "bench-ray", "benchmarks.peer_ray"),
)


def _version(python: str, module: str, distribution: str) -> str | None:
    """The distribution's version if `python` can import `module`, else None."""
    probe = (
        "import importlib.util, importlib.metadata, sys\n"
        f"sys.exit(3) if importlib.util.find_spec({module!r}) is None else print(importlib.metadata.version({distribution!r}))"
    )
    result = subprocess.run([python, "-c", probe], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def _measured(command: list[str], out: Path) -> dict:
    """One run under the tree wrapper, OUT emptied first; its JSON figures."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    wrapped = [sys.executable, "-m", "benchmarks.tree_usage", "--", *command]
    result = subprocess.run(wrapped, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def _median(runs: list[dict]) -> dict:
    return {key: statistics.median(run[key] for run in runs) for key in ("wall_s", "cpu_s", "peak_tree_rss_bytes", "processes")}


def measure(images: Path, work: Path, repeats: int, pythons: list[str]) -> dict:
    """{name: {median figures, version, runs}} for shardify's two modes and every installed peer;
    {name: reason} under "not_run" for the others."""
    shardify = str(Path(sys.executable).with_name("shardify"))
    commands: dict[str, tuple[list[str], Path]] = {}
    for name, extra in (("shardify --validate header", ["--validate", "header"]), ("shardify (default)", [])):
        out = work / ("header" if extra else "default")
        commands[name] = ([shardify, "convert", str(images), str(out), "--shards", str(SHARDS), "-q", *extra], out)
    versions: dict[str, str] = {}
    not_run: dict[str, str] = {}
    for peer in PEERS:
        found = next(((py, v) for py in pythons if (v := _version(py, peer.module, peer.distribution))), None)
        if found is None:
            not_run[peer.name] = f"not run: pip install '.[{peer.extra}]'"
            continue
        python, versions[peer.name] = found
        out = work / peer.script.rsplit("_", 1)[-1] / "-".join(peer.args or ("1",))
        commands[peer.name] = ([python, "-m", peer.script, str(images), str(out), *peer.args], out)
    runs: dict[str, list[dict]] = {name: [] for name in commands}
    for name, (command, out) in commands.items():  # warm-up: page cache, imports, Ray's first start
        print(f"  warm-up: {name}", file=sys.stderr)
        _measured(command, out)
    for round_ in range(repeats):
        for name, (command, out) in commands.items():
            runs[name].append(_measured(command, out))
            r = runs[name][-1]
            figures = f"{r['wall_s']:6.2f} s wall {r['cpu_s']:6.2f} s CPU {r['peak_tree_rss_bytes'] / MB:6,.0f} MB {r['processes']:3} proc"
            print(f"  [{round_ + 1}/{repeats}] {name:48} {figures}", file=sys.stderr)
    results = {name: {**_median(r), "version": versions.get(name), "runs": r} for name, r in runs.items()}
    return {"results": results, "not_run": not_run}


def table(measured: dict) -> list[str]:
    """Markdown rows: figures and ratios (peer / shardify) against both shardify modes."""
    results = measured["results"]
    header, default = results["shardify --validate header"], results["shardify (default)"]
    lines = [
        "| converter | version | wall s | CPU s (tree) | peak MB (tree) | processes "
        "| wall / header | CPU / header | memory / header | wall / default | CPU / default |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results.items():
        ratios = [
            r["wall_s"] / header["wall_s"],
            r["cpu_s"] / header["cpu_s"],
            r["peak_tree_rss_bytes"] / header["peak_tree_rss_bytes"],
            r["wall_s"] / default["wall_s"],
            r["cpu_s"] / default["cpu_s"],
        ]
        figures = f"{r['wall_s']:.2f} | {r['cpu_s']:.2f} | {r['peak_tree_rss_bytes'] / MB:,.0f} | {r['processes']:.0f}"
        lines.append(f"| {name} | {r['version'] or '-'} | {figures} | " + " | ".join(f"{x:.2f}x" for x in ratios) + " |")
    lines += [f"| {name} | {reason} | | | | | | | | | |" for name, reason in measured["not_run"].items()]
    return lines


def rows(row, images: Path, work: Path, repeats: int, pythons: list[str]) -> list[dict]:
    """The harness's rows (ratio = peer / shardify, as for TFDS and Beam); the table on stderr."""
    measured = measure(images, work, repeats, pythons)
    print("\n".join(table(measured)), file=sys.stderr)
    results = measured["results"]
    header = results["shardify --validate header"]
    out = []
    for name, r in results.items():
        if name.startswith("shardify"):
            continue
        ratio = r["wall_s"] / header["wall_s"]
        target, met = ("(context)", None)
        if name == "WebDataset ShardWriter, 2 processes":  # issue 34: header <= 2x this floor for framing
            target, met = ">= 0.5x", ratio >= 0.5
        ours, theirs = (f"{x['wall_s']:.2f}s {x['cpu_s']:.1f} CPU-s" for x in (header, r))
        out.append(row(f"--validate header vs {name} {r['version']}", ours, theirs, ratio, target, met))
    for name, reason in measured["not_run"].items():
        out.append(row(f"--validate header vs {name}", f"{header['wall_s']:.2f}s", reason, None, "", None))
    return out


def main() -> None:
    from benchmarks import data

    parser = argparse.ArgumentParser(prog="python -m benchmarks.peers", description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("bench_data"))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--peer-python", action="append", default=[], help="an interpreter with peers installed (repeatable; this one is tried first)"
    )
    parser.add_argument("--json", type=Path, help="also write every run's figures here")
    args = parser.parse_args()
    images = data.make_images(args.data / "images")
    measured = measure(images, args.data / "work" / "peers", args.repeats, [sys.executable, *args.peer_python])
    print("\n".join(table(measured)))
    if args.json:
        args.json.write_text(json.dumps(measured, indent=2))


if __name__ == "__main__":
    main()
