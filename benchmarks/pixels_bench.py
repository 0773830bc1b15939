"""Tiny images stored as pixels (`--store-pixels always`) against PNGs (`never`), read by
`shardify bench`: CPU µs per record of each stage, the two outputs in turns, and the ratio.

The source is CIFAR-10's Python layout, `benchmarks.data.make_tiny`: 32x32 photo-like images whose
PNGs compress as CIFAR's do (~2.4 KB). Both conversions are run once; then `shardify bench OUT
--json` (load's own pipeline, cut after each stage) on each output in turns, `--rounds` times, as
processes of their own. CPU per record is the process's CPU time over the records, every tf.data
thread included: the steadier figure on a shared machine.

Usage: python -m benchmarks.pixels_bench [--images N] [--records N] [--rounds R] [--work DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.data import make_tiny

_MODES = ("always", "never")  # raw pixels, PNGs
_STAGES = ("decode", "fit", "batch")


_CLI = "import sys; from shardify.cli.main import main; sys.argv[0] = 'shardify'; main()"  # the `shardify` command


def _shardify(*args: str) -> str:
    return subprocess.run([sys.executable, "-c", _CLI, *args], check=True, capture_output=True, text=True).stdout


def _convert(source: Path, out: Path, mode: str) -> int:
    """Converts `source` into `out` (once) and returns the shards' bytes."""
    if not (out / "manifest.json").exists():
        shutil.rmtree(out, ignore_errors=True)
        _shardify("convert", str(source), str(out), "--store-pixels", mode, "--shards", "8")
    return sum(p.stat().st_size for p in out.glob("*.tfrecord"))


def _bench(out: Path, records: int, batch_size: int) -> dict[str, float]:
    """{stage: CPU µs per record} of one `shardify bench` process."""
    report = json.loads(
        _shardify("bench", str(out), "--records", str(records), "--batch-size", str(batch_size), "--image-size", "32", "--json")
    )
    return {stage["name"]: stage["cpu_us"] for stage in report["stages"]} | {
        f"{stage['name']}_rate": stage["records_per_s"] for stage in report["stages"]
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--images", type=int, default=10_000)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", default="bench_data/pixels")
    args = parser.parse_args()
    work = Path(args.work)
    source = make_tiny(work / "source", args.images)
    outputs = {mode: work / f"out_{mode}" for mode in _MODES}
    sizes = {mode: _convert(source, outputs[mode], mode) for mode in _MODES}
    figures: dict[str, list[dict[str, float]]] = {mode: [] for mode in _MODES}
    for _ in range(args.rounds):
        for mode in _MODES:
            figures[mode].append(_bench(outputs[mode], args.records, args.batch_size))
    result = {"shard_bytes": sizes, "rounds": figures}
    print(f"shard bytes: raw {sizes['always']:,}, PNG {sizes['never']:,}, {sizes['always'] / sizes['never']:.2f}x")
    for stage in _STAGES:
        raw = statistics.median(f[stage] for f in figures["always"])
        png = statistics.median(f[stage] for f in figures["never"])
        raw_rate = statistics.median(f[f"{stage}_rate"] for f in figures["always"])
        png_rate = statistics.median(f[f"{stage}_rate"] for f in figures["never"])
        result[stage] = {"raw_cpu_us": raw, "png_cpu_us": png, "raw_rate": raw_rate, "png_rate": png_rate}
        print(
            f"{stage:>6}: CPU per record raw {raw:7.1f} µs, PNG {png:7.1f} µs, {raw / png:.2f}x; "
            f"records/s raw {raw_rate:,.0f}, PNG {png_rate:,.0f}, {raw_rate / png_rate:.2f}x"
        )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
