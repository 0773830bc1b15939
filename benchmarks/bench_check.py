"""Does `shardify bench` measure what an independent tf.data loop measures? Each stage's figure
beside a hand-written loop over the same shards (TFRecordDataset, parse_single_example of every
feature, decode_jpeg; parallel maps), in turns, in one process: the ratio of CPU µs per record (the
steadier figure on a shared machine) and of records/s, per stage. Target: within 15% (0.87-1.15x).

Usage: python -m benchmarks.bench_check OUT [--records N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import tensorflow as tf

from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.read.bench import bench
from shardify.read.options import ReadOptions


def _independent(out: str, split: str, count: int) -> dict[str, tuple[float, float]]:
    """{stage: (records/s, CPU µs per record)} of a hand-written loop, warm (one untimed pass)."""
    manifest = load_manifest(out)
    paths = [f"{out}/{shard.path}" for shard in manifest.split(split).shards]
    # every feature, as load parses them by default (its plan reads them all)
    dtypes = {"string": tf.string, "int64": tf.int64, "float32": tf.float32}
    spec = {
        key: tf.io.VarLenFeature(dtypes[f["dtype"]]) if list(f.get("shape", [])) == [None]
        else tf.io.FixedLenFeature([], dtypes[f["dtype"]])
        for key, f in manifest.features.items()
    }
    files = tf.data.Dataset.from_tensor_slices(paths)
    read = files.interleave(tf.data.TFRecordDataset, cycle_length=len(paths), num_parallel_calls=tf.data.AUTOTUNE)
    read = read.repeat().take(count)
    parse = read.map(lambda r: tf.io.parse_single_example(r, spec)[contract.IMAGE_ENCODED], num_parallel_calls=tf.data.AUTOTUNE)
    decode = parse.map(lambda b: tf.io.decode_jpeg(b, channels=3), num_parallel_calls=tf.data.AUTOTUNE)
    figures = {}
    for name, dataset in (("read", read), ("parse", parse), ("decode", decode)):
        for timed in (False, True):
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in dataset:
                pass
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        figures[name] = (count / wall, 1e6 * cpu / count)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--split", default="train")
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios: dict[str, list[tuple[float, float]]] = {"read": [], "parse": [], "decode": []}
    for _ in range(args.rounds):
        report = bench(args.out, args.split, options=ReadOptions(), records=args.records)
        ours = {stage.name: (stage.records_per_s, stage.cpu_us) for stage in report.stages}
        theirs = _independent(args.out, args.split, args.records)
        for name in ratios:
            ratios[name].append((ours[name][1] / theirs[name][1], ours[name][0] / theirs[name][0]))
    result = {
        name: {"cpu_us_ratio": statistics.median(r[0] for r in rows), "rate_ratio": statistics.median(r[1] for r in rows)}
        for name, rows in ratios.items()
    }
    print(json.dumps({"bench_vs_independent_loop": result, "records": args.records, "rounds": args.rounds}))


if __name__ == "__main__":
    main()
