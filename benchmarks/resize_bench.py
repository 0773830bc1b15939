"""`--resize shorter:256` against storing the originals, on photo-sized JPEGs (`data.make_photos`).

Three ratios, each resized / original:
  - bytes: the shards' bytes (target <= 0.4x);
  - reading with `random_crop` to 224 (and flips, batches of 64): CPU time per record of the
    reading process, and records/s beside it (target <= 0.7x CPU);
  - converting: wall time and CPU seconds of the whole process tree (the command, Beam's worker
    processes) (target <= 1.5x).
Commands A and B run in turns (A B A B ...), each a process of its own, after one warm-up of each;
the medians are kept. Wall time on a shared machine moves with the neighbours' load; CPU seconds
much less, so both are printed.

Usage: python -m benchmarks.resize_bench [--images 1200] [--repeats 3] [--data bench_data]
       python -m benchmarks.resize_bench --read OUT   (one reading pass, in this process: JSON)
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import data
from benchmarks.measure import python

SIZE = 256  # the shorter side ImageNet trainers resize to before a 224 crop
SHARDS = 8
IMAGE_SIZE = (224, 224)
BATCH = 64


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(command: Sequence[str], before: Callable[[], None] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process tree) of one run: the kernel's accounting of the
    reaped children (the command and every worker process it waited for)."""
    if before:
        before()
    cpu, started = _children_cpu_seconds(), time.perf_counter()
    subprocess.run(list(command), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - started, _children_cpu_seconds() - cpu


def _in_turns(commands: dict[str, tuple[list[str], Callable[[], None] | None]], repeats: int) -> dict[str, list[tuple[float, float]]]:
    """Each command once to warm up, then `repeats` rounds of each in turn."""
    for command, before in commands.values():
        _timed(command, before)
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, (command, before) in commands.items():
            runs[name].append(_timed(command, before))
    return runs


def _convert(src: Path, out: Path, *extra: str) -> list[str]:
    shardify = str(Path(sys.executable).with_name("shardify"))
    return [shardify, "convert", str(src), str(out), "--shards", str(SHARDS), "--overwrite", "-q", *extra]


def _shard_bytes(out: Path) -> int:
    manifest = json.loads((out / "manifest.json").read_text())
    return sum(split["num_bytes"] for split in manifest["splits"].values())


def _read_pass(out: str) -> dict[str, float]:
    """One warm-up pass, then one timed pass, in this process: records/s and CPU µs a record."""
    import shardify

    ds = shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE, fit="random_crop", flip=True, seed=0)
    for _ in ds:
        pass
    started, cpu, count = time.perf_counter(), time.process_time(), 0
    for element in ds:
        count += int(element["image"].shape[0])
    return {"rate": count / (time.perf_counter() - started), "cpu_us": 1e6 * (time.process_time() - cpu) / count}


def _median(values: list[float]) -> float:
    return statistics.median(values)


def rows(row: Callable[..., dict], data_dir: Path, *, images: int, repeats: int) -> list[dict]:
    """The three ratios as `python -m benchmarks` rows."""
    photos = data.make_photos(data_dir / f"photos_{images}", images)
    files, size = data.tree_bytes(photos)
    print(f"  photos: {files} JPEGs, {size / 1e6:.0f} MB ({size / files / 1e3:.0f} KB each)", file=sys.stderr)
    work = data_dir / "work"
    plain, resized = work / "photos_plain", work / f"photos_shorter{SIZE}"
    converts = _in_turns(
        {"original": (_convert(photos, plain), None), "resized": (_convert(photos, resized, "--resize", f"shorter:{SIZE}"), None)},
        repeats,
    )
    print(f"  convert (wall s, CPU s) per run: {json.dumps({k: [(round(w, 2), round(c, 2)) for w, c in v] for k, v in converts.items()})}", file=sys.stderr)
    reads: dict[str, list[dict[str, float]]] = {"original": [], "resized": []}
    for _ in range(repeats):
        for name, out in (("original", plain), ("resized", resized)):
            result = subprocess.run(python("-m", "benchmarks.resize_bench", "--read", str(out)), check=True, capture_output=True, text=True)
            reads[name].append(json.loads(result.stdout.strip().splitlines()[-1]))
    print(f"  read per process (rec/s, CPU µs/record): {json.dumps({k: [(round(r['rate']), round(r['cpu_us'])) for r in v] for k, v in reads.items()})}", file=sys.stderr)

    wall = {name: _median([w for w, _ in runs]) for name, runs in converts.items()}
    cpu = {name: _median([c for _, c in runs]) for name, runs in converts.items()}
    read_cpu = {name: _median([r["cpu_us"] for r in runs]) for name, runs in reads.items()}
    read_rate = {name: _median([r["rate"] for r in runs]) for name, runs in reads.items()}
    stored = {"original": _shard_bytes(plain), "resized": _shard_bytes(resized)}
    byte_ratio = stored["resized"] / stored["original"]
    cpu_ratio = read_cpu["resized"] / read_cpu["original"]
    convert_cpu = cpu["resized"] / cpu["original"]
    return [
        row(f"resize {SIZE}: shard bytes vs originals", f"{stored['resized'] / 1e6:.1f} MB", f"{stored['original'] / 1e6:.1f} MB", byte_ratio, "<= 0.4x", byte_ratio <= 0.4),
        row(f"resize {SIZE}: read random_crop 224, CPU per record", f"{read_cpu['resized']:,.0f} us", f"{read_cpu['original']:,.0f} us", cpu_ratio, "<= 0.7x", cpu_ratio <= 0.7),
        row(f"resize {SIZE}: read random_crop 224, records/s", f"{read_rate['resized']:,.0f} rec/s", f"{read_rate['original']:,.0f} rec/s", read_rate["resized"] / read_rate["original"], "(context)", None),
        row(f"resize {SIZE}: convert, CPU s of the process tree", f"{cpu['resized']:.1f} s", f"{cpu['original']:.1f} s", convert_cpu, "<= 1.5x", convert_cpu <= 1.5),
        row(f"resize {SIZE}: convert, wall time", f"{wall['resized']:.2f} s", f"{wall['original']:.2f} s", wall["resized"] / wall["original"], "(context)", None),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.resize_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=int, default=1200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--data", type=Path, default=Path("bench_data"))
    parser.add_argument("--read", metavar="OUT", help="one reading pass over OUT, printed as JSON")
    args = parser.parse_args()
    if args.read:
        print(json.dumps(_read_pass(args.read)))
        return
    from benchmarks.__main__ import _row, print_rows

    print_rows(rows(_row, args.data, images=args.images, repeats=args.repeats))


if __name__ == "__main__":
    main()
