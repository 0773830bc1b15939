"""python -m benchmarks [--quick] [--repeats N] [--json FILE] [--skip-tfds] [--data DIR] [--reader-only] [--torch-only] [--long-runs-only] [--object-store-only] [--resize-only] [--peers-only [--peer-python PY ...]]

Prints, in one run, shardify's figures next to the alternatives' on the same generated data, as
ratios, with the target each ratio should meet. Conversions are whole processes on a warm page
cache (a warm-up run first), median of the repeats. Memory is the peak RSS summed over the process
tree. Reader figures are the fastest of the repeats, each in a process of its own. CI never runs
this.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

from benchmarks import data, long_runs, object_store, peers, plan_scale, resize_bench
from benchmarks.measure import Measurement, cat_command, fresh_folder, median_of, python

SHARDS = 16
GB = 1e9


def _shardify(src: Path, out: Path, shards: int = SHARDS) -> list[str]:
    return [str(Path(sys.executable).with_name("shardify")), "convert", str(src), str(out), "--shards", str(shards), "-q"]


def _row(figure, ours, theirs, ratio, target, met) -> dict:
    return {"figure": figure, "shardify": ours, "alternative": theirs, "ratio": ratio, "target": target, "met": met}


def _describe(m: Measurement, files: int, size: int) -> str:
    return f"{m.seconds:.2f}s {files / m.seconds:,.0f} rec/s {size / m.seconds / 1e6:,.0f} MB/s {m.peak_rss_bytes / 1e6:,.0f} MB"


def _convert_rows(args: argparse.Namespace, repeats: int, images: Path, files: int, size: int) -> list[dict]:
    """Conversions: shardify against plain Beam, TFDS and `cat`; memory at scale 1 and 4; texts."""
    work = args.data / "work"
    rows = []

    def measure(name: str, command: list[str], out: Path, counts: tuple[int, int] = (files, size)) -> Measurement:
        m = median_of(command, repeats=repeats, before=fresh_folder(out))
        print(f"  {name:28} {_describe(m, *counts)}", file=sys.stderr)
        return m

    cat_out = work / "cat"
    cat = measure("cat", cat_command(images, cat_out), cat_out)
    ours = measure("shardify convert", _shardify(images, work / "shardify"), work / "shardify")
    header = measure("shardify convert --validate header", [*_shardify(images, work / "header"), "--validate", "header"], work / "header")
    rows.append(_row("convert: default full validation vs --validate header", f"{ours.seconds:.2f}s", f"{header.seconds:.2f}s", header.seconds / ours.seconds, "(what decoding costs)", None))
    beam = measure("Beam WriteToTFRecord", python("-m", "benchmarks.alt_beam_plain", str(images), str(work / "beam"), str(SHARDS)), work / "beam")
    rows.append(_row("convert images vs Beam WriteToTFRecord (speed)", f"{ours.seconds:.2f}s", f"{beam.seconds:.2f}s", beam.seconds / ours.seconds, ">= 10x", beam.seconds / ours.seconds >= 10))
    if args.skip_tfds or importlib.util.find_spec("tensorflow_datasets") is None:
        rows.append(_row("convert images vs TFDS writer (speed)", f"{ours.seconds:.2f}s", "not run (pip install '.[bench]')", None, ">= 2x", None))
    else:
        tfds = measure("TFDS GeneratorBasedBuilder", python("-m", "benchmarks.alt_tfds", str(images), str(work / "tfds")), work / "tfds")
        rows.append(_row("convert images vs TFDS writer (speed)", f"{ours.seconds:.2f}s", f"{tfds.seconds:.2f}s", tfds.seconds / ours.seconds, ">= 1x (validating; tfds does not)", tfds.seconds / ours.seconds >= 1))
        rows.append(_row("convert --validate header vs TFDS writer (speed)", f"{header.seconds:.2f}s", f"{tfds.seconds:.2f}s", tfds.seconds / header.seconds, ">= 2x", tfds.seconds / header.seconds >= 2))
    rows += long_runs.validation_floor(_row, images, ours, repeats)
    rows.append(_row("convert images throughput vs cat (scale 1)", f"{size / ours.seconds / 1e6:.0f} MB/s", f"{size / cat.seconds / 1e6:.0f} MB/s", cat.seconds / ours.seconds, "(context)", None))
    peak_1 = ours.peak_rss_bytes
    if not args.quick:
        images_4 = data.make_images(args.data / "images_x4", scale=4)
        files_4, size_4 = data.tree_bytes(images_4)
        ours_4 = measure("shardify convert (scale 4)", _shardify(images_4, work / "shardify4"), work / "shardify4", (files_4, size_4))
        cat_4 = measure("cat (scale 4)", cat_command(images_4, cat_out), cat_out, (files_4, size_4))
        ours_marginal = (size_4 - size) / (ours_4.seconds - ours.seconds)
        cat_marginal = (size_4 - size) / (cat_4.seconds - cat.seconds)
        rows.append(_row("convert marginal throughput vs cat (scale 1->4)", f"{ours_marginal / 1e6:.0f} MB/s", f"{cat_marginal / 1e6:.0f} MB/s", ours_marginal / cat_marginal, ">= 0.5x", ours_marginal / cat_marginal >= 0.5))
        growth = ours_4.peak_rss_bytes / peak_1 - 1
        rows.append(_row("convert peak memory, scale 1 -> 4", f"{peak_1 / 1e6:.0f} -> {ours_4.peak_rss_bytes / 1e6:.0f} MB", "", growth, "<= 1 GB, growth <= 10%", ours_4.peak_rss_bytes <= GB and growth <= 0.10))
    else:
        rows.append(_row("convert peak memory (scale 1)", f"{peak_1 / 1e6:.0f} MB", "", None, "<= 1 GB", peak_1 <= GB))
    texts = data.make_texts(args.data / ("texts_quick" if args.quick else "texts"), count=5_000 if args.quick else data.TEXTS)
    text_counts = data.tree_bytes(texts)
    ours_t = measure("shardify convert (texts)", _shardify(texts, work / "shardify_texts"), work / "shardify_texts", text_counts)
    beam_t = measure("Beam WriteToTFRecord (texts)", python("-m", "benchmarks.alt_beam_plain", str(texts), str(work / "beam_texts"), str(SHARDS), "text"), work / "beam_texts", text_counts)
    ratio_t = beam_t.seconds / ours_t.seconds
    rows.append(_row(f"convert {text_counts[0]:,} tiny texts vs Beam WriteToTFRecord", f"{ours_t.seconds:.2f}s", f"{beam_t.seconds:.2f}s", ratio_t, ">= 4x", ratio_t >= 4))
    return rows + _long_run_rows(args, repeats, images, ours)


def _long_run_rows(args: argparse.Namespace, repeats: int, images: Path, ours: Measurement) -> list[dict]:
    """Start-up, resume, cold disk, Dask and many files (see benchmarks/long_runs.py)."""
    work = args.data / "work"
    rows = long_runs.startup(_row, _shardify, work, repeats)
    rows += long_runs.resume(_row, _shardify, images, work, ours, SHARDS, repeats)
    rows += long_runs.cold_disk(_row, _shardify, images, work, repeats)
    rows += long_runs.dask(_row, _shardify, images, work, ours, repeats)
    rows += long_runs.append(_row, _shardify, images, work, repeats)
    if not args.quick:
        rows += long_runs.many_files(_row, _shardify, args.data, work, repeats)
        rows += plan_scale.planning_row(_row)
    rows += object_store.requests_per_input(_row, images, work / "object_store")
    return rows


def _reader_rows(quick: bool, repeats: int, work: Path, images: Path) -> list[dict]:
    """Reader figures against the decode limit, PyTorch and per-record parsing."""
    from benchmarks.read_bench import FIGURES

    rows = []
    # Each figure in `repeats` processes of its own, taken in turns, keeping the fastest: a process
    # now and then runs at half speed (one core of two busy), whatever its pipeline.
    read_runs: dict[str, list[dict[str, float]]] = {figure: [] for figure in FIGURES}
    for _ in range(repeats):
        for figure in FIGURES:
            command = python("-m", "benchmarks.read_bench", figure, str(work / "shardify"), str(images), str(work / "shardify_texts"), *(["--quick"] if quick else []))
            read_runs[figure].append(json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])[figure])
    best_runs = {figure: max(runs, key=lambda run: run["rate"]) for figure, runs in read_runs.items()}
    reads = {figure: run["rate"] for figure, run in best_runs.items()}
    print(f"  reader records/s per process: {json.dumps({k: [round(r['rate']) for r in v] for k, v in read_runs.items()})}", file=sys.stderr)
    print(f"  reader CPU µs/record (fastest process): {json.dumps({k: round(v['cpu_us']) for k, v in best_runs.items()})}", file=sys.stderr)
    rows.append(_row("reader raw TFRecord read (context)", f"{reads['raw_tfrecord_read']:,.0f} rec/s", "", None, "", None))
    ratio = reads["shardify_load"] / reads["decode_limit"]
    rows.append(_row("reader images vs decode limit", f"{reads['shardify_load']:,.0f} rec/s", f"{reads['decode_limit']:,.0f} rec/s", ratio, ">= 0.95x", ratio >= 0.95))
    ours_us, limit_us = best_runs["shardify_load"]["cpu_us"], best_runs["decode_limit"]["cpu_us"]
    rows.append(_row("reader images vs decode limit, CPU per record", f"{ours_us:,.0f} us", f"{limit_us:,.0f} us", limit_us / ours_us, "(context)", None))
    if importlib.util.find_spec("torch") is None:
        rows.append(_row("reader images vs PyTorch DataLoader + PIL", f"{reads['shardify_load']:,.0f} rec/s", "not run: pip install torch", None, ">= 2.5x", None))
    else:
        torch_command = python("-m", "benchmarks.alt_torch", str(images), *(["--quick"] if quick else []))
        torch_rate = max(json.loads(subprocess.run(torch_command, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])["torch_dataloader_pil"] for _ in range(repeats))
        ratio = reads["shardify_load"] / torch_rate
        rows.append(_row("reader images vs PyTorch DataLoader + PIL (2 workers)", f"{reads['shardify_load']:,.0f} rec/s", f"{torch_rate:,.0f} rec/s", ratio, ">= 2.5x", ratio >= 2.5))
    ratio = reads["texts_shardify_load"] / reads["texts_per_record_parse"]
    rows.append(_row("reader tiny texts vs per-record parse", f"{reads['texts_shardify_load']:,.0f} rec/s", f"{reads['texts_per_record_parse']:,.0f} rec/s", ratio, ">= 3x", ratio >= 3))
    ratio = reads["shardify_load_random_crop"] / reads["decode_limit"]
    rows.append(_row("reader with crop augmentation vs decode limit", f"{reads['shardify_load_random_crop']:,.0f} rec/s", f"{reads['decode_limit']:,.0f} rec/s", ratio, "> 1x", ratio > 1))
    ratio = reads["crop_limit"] / reads["decode_limit"]
    rows.append(_row("crop decode limit (same crops, bytes in memory) vs decode limit", f"{reads['crop_limit']:,.0f} rec/s", f"{reads['decode_limit']:,.0f} rec/s", ratio, "(context)", None))

    return rows


def _torch_rows(quick: bool, repeats: int, work: Path, images: Path) -> list[dict]:
    """The PyTorch reader against a DataLoader with Pillow over the raw files and against
    shardify.load: the same work (decode, resize 224, batch 64), 2 DataLoader workers (tf.data
    uses the 2 cores its own way). Each figure in `repeats` processes, in turns, the fastest kept."""
    if importlib.util.find_spec("torch") is None:
        return [_row("shardify.torch vs DataLoader + PIL (2 workers)", "not run: pip install torch", "", None, "", None)]
    quick_flag = ["--quick"] if quick else []
    commands = {
        "shardify_torch": python("-m", "benchmarks.torch_read", str(work / "shardify"), *quick_flag),
        "torch_dataloader_pil": python("-m", "benchmarks.alt_torch", str(images), *quick_flag),
        "shardify_load": python("-m", "benchmarks.read_bench", "shardify_load", str(work / "shardify"), str(images), "-", *quick_flag),
    }
    runs: dict[str, list[dict[str, float]]] = {figure: [] for figure in commands}
    for _ in range(repeats):
        for figure, command in commands.items():
            result = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])
            value = result[figure]
            runs[figure].append(value if isinstance(value, dict) else {"rate": value, "cpu_us": result[f"{figure}_cpu_us"]})
    print(f"  torch figures, records/s per process: {json.dumps({k: [round(r['rate']) for r in v] for k, v in runs.items()})}", file=sys.stderr)
    print(f"  torch figures, CPU µs/record per process: {json.dumps({k: [round(r['cpu_us']) for r in v] for k, v in runs.items()})}", file=sys.stderr)
    ours, pil, load = (max(runs[figure], key=lambda run: run["rate"]) for figure in commands)
    cpu = {figure: min(run["cpu_us"] for run in runs[figure]) for figure in commands}
    return [
        _row("shardify.torch vs DataLoader + PIL over raw files (2 workers)", f"{ours['rate']:,.0f} rec/s", f"{pil['rate']:,.0f} rec/s", ours["rate"] / pil["rate"], "(context)", None),
        _row("the same, CPU per record (least of the processes)", f"{cpu['shardify_torch']:,.0f} us", f"{cpu['torch_dataloader_pil']:,.0f} us", cpu["torch_dataloader_pil"] / cpu["shardify_torch"], "(context)", None),
        _row("shardify.torch vs shardify.load", f"{ours['rate']:,.0f} rec/s", f"{load['rate']:,.0f} rec/s", ours["rate"] / load["rate"], "(context)", None),
        _row("the same, CPU per record (least of the processes)", f"{cpu['shardify_torch']:,.0f} us", f"{cpu['shardify_load']:,.0f} us", cpu["shardify_load"] / cpu["shardify_torch"], "(context)", None),
    ]


def print_rows(rows: list[dict]) -> None:
    """The table on stdout: figure, shardify's, the alternative's, their ratio, the target, met."""
    print(f"\n{'figure':50} {'shardify':>22} {'alternative':>22} {'ratio':>7} {'target':>22} met")
    for r in rows:
        ratio = f"{r['ratio']:.2f}" if isinstance(r["ratio"], float) else "-"
        met = {True: "yes", False: "NO", None: "-"}[r["met"]]
        print(f"{r['figure']:50} {r['shardify']:>22} {r['alternative']:>22} {ratio:>7} {r['target']:>22} {met}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 images, 1 repeat, no scale-4 run (< 2 min)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--skip-tfds", action="store_true", help="skip TensorFlow Datasets' writer")
    parser.add_argument("--data", type=Path, default=Path("bench_data"), help="where generated inputs live")
    parser.add_argument("--reader-only", action="store_true", help="only the reader figures, on the outputs a full run left in --data")
    parser.add_argument("--long-runs-only", action="store_true", help="only start-up, validation floor, resume, cold disk, Dask and many files")
    parser.add_argument("--torch-only", action="store_true", help="only shardify.torch against DataLoader + PIL and shardify.load, on the outputs a full run left in --data")
    parser.add_argument("--object-store-only", action="store_true", help="only the requests per input from S3 and GCS emulators")
    parser.add_argument("--resize-only", action="store_true", help="only --resize shorter:256 against the originals, on photo-sized JPEGs (benchmarks/resize_bench.py)")
    parser.add_argument("--peers-only", action="store_true", help="only the peers (Ray Data, HF datasets, WebDataset, MDS, ArrayRecord) against both validation modes (benchmarks/peers.py)")
    parser.add_argument("--peer-python", action="append", default=[], help="an interpreter that has peers installed (repeatable)")
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    if args.resize_only:  # its own photo-sized data, not the 8,000 images below
        print_rows(resize_bench.rows(_row, args.data, images=1_000 if args.quick else 2_000, repeats=repeats))
        return
    work = args.data / "work"
    data.IMAGES_PER_SCALE = 1_000 if args.quick else data.IMAGES_PER_SCALE
    images = data.make_images(args.data / ("images_quick" if args.quick else "images"))
    files, size = data.tree_bytes(images)
    print(f"data: {files} JPEGs, {size / 1e6:.0f} MB ({size / files / 1e3:.0f} KB each); {os.cpu_count()} cores", file=sys.stderr)
    if args.torch_only:
        rows = _torch_rows(args.quick, repeats, work, images)
    elif args.object_store_only:
        rows = object_store.requests_per_input(_row, images, work / "object_store")
    elif args.peers_only:
        rows = peers.rows(_row, images, work / "peers", repeats, [sys.executable, *args.peer_python])

    elif args.long_runs_only:
        out = work / "shardify"
        ours = median_of(_shardify(images, out), repeats=repeats, before=fresh_folder(out))
        print(f"  shardify convert {_describe(ours, files, size)}", file=sys.stderr)
        rows = long_runs.validation_floor(_row, images, ours, repeats) + _long_run_rows(args, repeats, images, ours)
    else:
        rows = [] if args.reader_only else _convert_rows(args, repeats, images, files, size)
        rows += _reader_rows(args.quick, repeats, work, images)
        rows += _torch_rows(args.quick, repeats, work, images)
    print_rows(rows)
    if args.json:
        args.json.write_text(json.dumps({"files": files, "bytes": size, "cores": os.cpu_count(), "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
