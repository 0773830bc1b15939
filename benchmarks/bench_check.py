"""Does `shardify bench` measure what an independent tf.data loop measures? Each stage's figure
beside a hand-written loop over the same shards (TFRecordDataset, parse_single_example of every
feature, decode_jpeg; parallel maps), each stage's two cuts one after the other, in turns, in one
process: the ratio of CPU µs per record (the
steadier figure on a shared machine) and of records/s, per stage. Target: within 15% (0.87-1.15x).

Usage: python -m benchmarks.bench_check OUT [--records N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import statistics

import tensorflow as tf

from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.read.bench import _time, pipeline_stages  # noqa: PLC2701 - the cuts bench times
from shardify.read.options import ReadOptions


def _independent(out: str, split: str, count: int) -> dict[str, tf.data.Dataset]:
    """The hand-written loop's cuts: {stage: dataset of `count` elements}."""
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
    parse = read.map(lambda r: tf.io.parse_single_example(r, spec), num_parallel_calls=tf.data.AUTOTUNE)
    decode = parse.map(
        lambda example: tf.io.decode_jpeg(example[contract.IMAGE_ENCODED], channels=3), num_parallel_calls=tf.data.AUTOTUNE
    )
    return {"read": read, "parse": parse, "decode": decode}


def _figures(dataset: tf.data.Dataset, count: int) -> tuple[float, float]:
    """(records/s, CPU µs per record) of a warm pass (one untimed pass first)."""
    _time(dataset)
    wall, cpu = _time(dataset)
    return count / wall, 1e6 * cpu / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--split", default="train")
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios: dict[str, list[tuple[float, float]]] = {"read": [], "parse": [], "decode": []}
    ours = {stage.name: stage for stage in pipeline_stages(args.out, args.split, ReadOptions())}
    theirs = _independent(args.out, args.split, args.records)
    for _ in range(args.rounds):
        for name in ratios:  # each stage's two cuts one after the other, in turns
            our_rate, our_cpu = _figures(ours[name].build(args.records), args.records)
            their_rate, their_cpu = _figures(theirs[name], args.records)
            ratios[name].append((our_cpu / their_cpu, our_rate / their_rate))
    result = {
        name: {"cpu_us_ratio": statistics.median(r[0] for r in rows), "rate_ratio": statistics.median(r[1] for r in rows)}
        for name, rows in ratios.items()
    }
    print(json.dumps({"bench_vs_independent_loop": result, "records": args.records, "rounds": args.rounds}))


if __name__ == "__main__":
    main()
