"""Does `shardify bench --reader torch` tell a GPU host what its training will see?

For each output and each number of DataLoader workers: `shardify bench OUT --reader torch` with the
options `benchmarks/gpu_train.py`'s `cpu` source reads with (random-resized crops to 224, flips,
uint8, (image, label) pairs, batch 256) and the synthetic ceiling as the accelerator's rate, beside
the images/s that source then trains ResNet-50 at on the GPU. Prints, per row, bench's records/s
and the share of each step it says would wait for input, against the trained images/s and the
share of the ceiling that training lost. One difference stays: bench reads `ShardDataset` (in
order, each worker a contiguous part), gpu_train `IndexedDataset` with a random sampler (a seek per
record); both decode, crop and flip alike.

Usage (on a GPU machine; the outputs made here with `shardify convert`, see gpu_train.py):
  python -m benchmarks.gpu_feed OUT [OUT ...] [--workers 3,14] [--records 4096] [--steps 40] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from benchmarks import gpu_train


# bench's own function in a process of its own (its DataLoader workers fork from a process that
# has not touched CUDA): `python -m shardify` needs the installed package's `shardify.cli`, which a
# checkout on PYTHONPATH (as on the GPU machine) does not have.
_BENCH = """
import json, sys
from shardify.read.bench_step import TrainingStep
from shardify.read.bench_torch import bench_torch
from shardify.read.options import ReadOptions
out, workers, records, batch, size, rate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
options = ReadOptions(image_size=(size, size), fit="random_crop", flip=True, dtype="uint8", as_supervised=True)
report = bench_torch(out, options=options, records=records, workers=workers, batch_size=batch, step=TrainingStep(accelerator_rate=rate))
print(json.dumps(report.as_dict()))
"""


def _bench(out: str, workers: int, records: int, batch: int, rate: float) -> dict:
    """`shardify bench OUT --reader torch --workers W --batch-size B --image-size 224 --fit random_crop
    --flip --dtype uint8 --as-supervised --records R --accelerator-rate RATE --json`, as a function."""
    command = [sys.executable, "-c", _BENCH, out, str(workers), str(records), str(batch), str(gpu_train.CROP), f"{rate:.3f}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise SystemExit(f"shardify bench failed on {out}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+")
    parser.add_argument("--workers", default="3,14", help="comma-separated numbers of DataLoader workers")
    parser.add_argument("--records", type=int, default=4096, help="records each bench cut reads")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    common = ["--steps", str(args.steps), "--warmup", "8", "--batch", str(args.batch)]
    ceiling = gpu_train.main([args.outputs[0], "--sources", "synthetic", *common])[0].images_per_s
    rows = []
    for out in args.outputs:
        for workers in (int(n) for n in args.workers.split(",")):
            report = _bench(out, workers, args.records, args.batch, ceiling)
            trained = gpu_train.main([out, "--sources", "cpu", "--workers", str(workers), *common])[0]
            row = {
                "output": out,
                "workers": workers,
                "ceiling": ceiling,
                "bench_records_per_s": report["pipeline_rate"],
                "bench_wait_share": report["input_wait_share"],
                "bench_bound": report["bound"],
                "bench_cpu_us": report["stages"][-1]["cpu_us"],
                "trained_images_per_s": trained.images_per_s,
                "trained_lost_share": max(0.0, 1.0 - trained.images_per_s / ceiling),
                "trained_cpu_us": 1e6 * (trained.cpu_s_per_image or 0.0),
            }
            rows.append(row)
            print(
                f"feed {out} workers={workers}: bench {row['bench_records_per_s']:,.0f} rec/s "
                f"(waits {row['bench_wait_share']:.0%}, bound {row['bench_bound']}, {row['bench_cpu_us']:,.0f} CPU µs/rec); "
                f"trained {row['trained_images_per_s']:,.0f} img/s of {ceiling:,.0f} (lost {row['trained_lost_share']:.0%}, "
                f"{row['trained_cpu_us']:,.0f} CPU µs/img); bench/trained {row['bench_records_per_s'] / max(row['trained_images_per_s'], 1e-9):.2f}x",
                flush=True,
            )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__":
    main()
