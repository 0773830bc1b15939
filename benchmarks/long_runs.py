"""Figures for start-up, cold disks, resuming, many files and Dask, each against its comparison
(issue 18's targets), on the harness's data. Each function returns rows for `__main__`'s table.
"""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import data
from benchmarks.measure import Measurement, children_cpu, cat_command, fresh_folder, median_of, python, run_once
from shardify.format import naming

SAMPLE_IMAGES = Path(__file__).resolve().parents[1] / "sample_data" / "images"
DROP_CACHES = Path("/proc/sys/vm/drop_caches")
# Where the kill lands in the resume figure: once this share of the shards is whole.
KILL_AT = 0.8
MANY_FILES = (50_000, 200_000)

Row = dict
MakeRow = Callable[..., Row]
Convert = Callable[..., list[str]]  # (SRC, OUT[, shards]) -> the `shardify convert` command


def startup(row: MakeRow, shardify: Convert, work: Path, repeats: int) -> list[Row]:
    """The 72 sample images, whole process; `import apache_beam` alone for context."""
    out = work / "startup"
    ours = median_of(shardify(SAMPLE_IMAGES, out, 4), repeats=max(repeats, 5), before=fresh_folder(out))
    beam = median_of(python("-c", "import apache_beam"), repeats=max(repeats, 5))
    print(f"  start-up: 72 sample images {ours.seconds:.2f}s; import apache_beam {beam.seconds:.2f}s", file=sys.stderr)
    return [
        row("start-up: convert the 72 sample images, whole process", f"{ours.seconds:.2f}s", f"import apache_beam {beam.seconds:.2f}s", ours.seconds / beam.seconds, "<= 2.0 s", ours.seconds <= 2.0),
    ]


def validation_floor(row: MakeRow, images: Path, ours: Measurement, repeats: int) -> list[Row]:
    """The default conversion against the least work that validates every image (benchmarks/floor.py)."""
    floor = median_of(python("-m", "benchmarks.floor", str(images)), repeats=repeats)
    print(f"  validation floor {floor.seconds:.2f}s", file=sys.stderr)
    ratio = ours.seconds / floor.seconds
    return [row("convert (full validation) vs validation floor (time)", f"{ours.seconds:.2f}s", f"{floor.seconds:.2f}s", ratio, "<= 1.5x", ratio <= 1.5)]


def _drop_caches() -> None:
    subprocess.run(["sync"], check=True)
    DROP_CACHES.write_text("3\n")


def cold_disk(row: MakeRow, shardify: Convert, images: Path, work: Path, repeats: int) -> list[Row]:
    """What a cold page cache adds to `--validate header` against what it adds to `cat`."""
    figure = "cold-disk penalty: convert --validate header vs cat"
    if os.geteuid() != 0 or not os.access(DROP_CACHES, os.W_OK):
        return [row(figure, "not run: dropping caches needs root", "", None, "<= 1.3x", None)]
    cat_out = work / "cat_cold"
    cat = cat_command(images, cat_out)
    out = work / "header_cold"
    ours = [*shardify(images, out), "--validate", "header"]

    def cold(clear: Callable[[], None]) -> Callable[[], None]:
        def before() -> None:
            clear()
            _drop_caches()

        return before

    results = {}
    for name, command, folder in (("cat", cat, cat_out), ("convert", ours, out)):
        warm = median_of(command, repeats=repeats, before=fresh_folder(folder))
        chilled = median_of(command, repeats=repeats, before=cold(fresh_folder(folder)))
        results[name] = (warm.seconds, chilled.seconds)
        print(f"  {name}: warm {warm.seconds:.2f}s, cold {chilled.seconds:.2f}s", file=sys.stderr)
    ours_penalty = results["convert"][1] - results["convert"][0]
    cat_penalty = results["cat"][1] - results["cat"][0]
    ratio = ours_penalty / cat_penalty
    return [row(figure, f"+{ours_penalty:.2f}s", f"+{cat_penalty:.2f}s", ratio, "<= 1.3x", ratio <= 1.3)]


def _whole_shards(out: Path) -> int:
    try:
        return sum(1 for name in os.listdir(out) if naming.is_shard_result(name))
    except OSError:
        return 0


def _linked(files: list[Path], root: Path, folder: Path) -> Path:
    """`files` (under `root`) as hard links under `folder`, same relative paths: a source of its own."""
    shutil.rmtree(folder, ignore_errors=True)
    for path in files:
        target = folder / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, target)
    return folder


def _timed(command: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the command's whole process tree, its stdout)."""
    cpu_before, started = children_cpu(), time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, children_cpu() - cpu_before, result.stdout


def resume(row: MakeRow, shardify: Convert, images: Path, work: Path, full: Measurement, shards: int, repeats: int) -> list[Row]:
    """Killed once KILL_AT of the shards are whole, the same command run again; against a full run,
    and against converting the unwritten part alone (as many images, a source of their own), the
    two timed in turns, in wall time and in CPU seconds of the whole process tree (a shared
    machine moves the first much more than the second)."""
    out, rest_out = work / "resume", work / "resume_rest_out"
    command = shardify(images, out)
    files = sorted(images.rglob("*.jpg"))
    rest = _linked(files[:: round(1 / (1 - KILL_AT))], images, work / "resume_rest")
    reruns, alone, rerun_cpu, alone_cpu = [], [], [], []
    for _ in range(repeats):
        fresh_folder(out)()
        run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while _whole_shards(out) < KILL_AT * shards and run.poll() is None:
            time.sleep(0.01)
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        kept = _whole_shards(out)
        seconds, cpu, stdout = _timed(command)
        reruns.append(seconds)
        rerun_cpu.append(cpu)
        if "resumed: kept" not in stdout:
            raise RuntimeError(f"the re-run did not resume ({kept} whole shards at the kill):\n{stdout}")
        fresh_folder(rest_out)()
        seconds, cpu, _ = _timed(shardify(rest, rest_out))
        alone.append(seconds)
        alone_cpu.append(cpu)
        print(
            f"  resume: {kept} of {shards} shards whole at the kill, re-run {reruns[-1]:.2f}s ({rerun_cpu[-1]:.2f}s CPU); "
            f"the rest alone {alone[-1]:.2f}s ({alone_cpu[-1]:.2f}s CPU)",
            file=sys.stderr,
        )
    rerun, rest_alone = statistics.median(reruns), statistics.median(alone)
    ratio, to_rest = rerun / full.seconds, rerun / rest_alone
    cpu_ratio = statistics.median(r / a for r, a in zip(rerun_cpu, alone_cpu))  # pair by pair
    return [
        row(f"resume after a kill at {KILL_AT:.0%} vs a full run", f"{rerun:.2f}s", f"{full.seconds:.2f}s", ratio, "<= 0.3x", ratio <= 0.3),
        row(f"resume after a kill at {KILL_AT:.0%} vs converting the unwritten {1 - KILL_AT:.0%} alone", f"{rerun:.2f}s", f"{rest_alone:.2f}s", to_rest, "<= 1.2x", to_rest <= 1.2),
        row(
            "the same, CPU seconds of the process tree (median of the pairs' ratios)",
            f"{statistics.median(rerun_cpu):.2f}s CPU",
            f"{statistics.median(alone_cpu):.2f}s CPU",
            cpu_ratio,
            "<= 1.2x",
            cpu_ratio <= 1.2,
        ),
    ]


# The share of the data an append adds in the append figure, and the images class folder it goes to.
APPEND_SHARE = 0.01


def append(row: MakeRow, shardify: Convert, images: Path, work: Path, repeats: int) -> list[Row]:
    """`--append` of APPEND_SHARE more images to a conversion of the rest, against a full conversion
    of all of them; both whole processes, warm cache. The source is hard links to `images`. Most of
    a small append's time is fixed (starting Python and Beam, ~5 s here), so the ratio falls as the
    dataset grows: `python -m benchmarks.long_runs append --scale 4` measures 32,000 images."""
    source, out, base = work / "append_src", work / "append_out", work / "append_base"
    files = sorted(p for p in images.rglob("*.jpg"))
    added = files[:: round(1 / APPEND_SHARE)]
    shutil.rmtree(source, ignore_errors=True)
    for path in files:
        target = source / path.relative_to(images)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, target)
    held_back = work / "append_held_back"
    shutil.rmtree(held_back, ignore_errors=True)
    for path in added:  # out of SRC for the first conversion
        target = held_back / path.relative_to(images)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.rename(source / path.relative_to(images), target)
    fresh_folder(base)()
    subprocess.run(shardify(source, base), check=True, capture_output=True)
    for path in added:
        os.rename(held_back / path.relative_to(images), source / path.relative_to(images))

    def from_base() -> None:  # hard links: an append never writes into an existing file, only beside it
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(base, out, copy_function=os.link)

    full = median_of(shardify(source, work / "append_full"), repeats=repeats, before=fresh_folder(work / "append_full"))
    alone_source, alone_out = _linked(added, images, work / "append_alone"), work / "append_alone_out"
    appended_runs, alone_runs = [], []
    for turn in range(repeats + 1):  # in turns, so that a change in the machine's load hits both; the first warms up
        appended = run_once([*shardify(source, out), "--append"], before=from_base)
        alone_run = run_once(shardify(alone_source, alone_out), before=fresh_folder(alone_out))
        if turn:
            appended_runs.append(appended)
            alone_runs.append(alone_run)
    appended = Measurement(statistics.median(m.seconds for m in appended_runs), max(m.peak_rss_bytes for m in appended_runs))
    alone = statistics.median(m.seconds for m in alone_runs)
    ratio, to_alone = appended.seconds / full.seconds, appended.seconds / alone
    print(
        f"  append {len(added)} of {len(files)} images: {appended.seconds:.2f}s; full conversion {full.seconds:.2f}s; "
        f"the {len(added)} alone {alone:.2f}s",
        file=sys.stderr,
    )
    cpu_ratio = statistics.median(a.cpu_seconds / b.cpu_seconds for a, b in zip(appended_runs, alone_runs))  # pair by pair
    return [
        row(f"append {APPEND_SHARE:.0%} more images vs a full conversion ({len(files):,} images)", f"{appended.seconds:.2f}s", f"{full.seconds:.2f}s", ratio, "<= 0.05x", ratio <= 0.05),
        row(f"append {len(added):,} images to {len(files) - len(added):,} vs converting the {len(added):,} alone", f"{appended.seconds:.2f}s", f"{alone:.2f}s", to_alone, "<= 1.2x", to_alone <= 1.2),
        row(
            "the same, CPU seconds of the process tree (median of the pairs' ratios)",
            f"{statistics.median(m.cpu_seconds for m in appended_runs):.2f}s CPU",
            f"{statistics.median(m.cpu_seconds for m in alone_runs):.2f}s CPU",
            cpu_ratio,
            "<= 1.2x",
            cpu_ratio <= 1.2,
        ),
    ]


def many_files(row: MakeRow, shardify: Convert, root: Path, work: Path, repeats: int) -> list[Row]:
    """Tiny text files at two counts: the cost of one more file, in time and in peak memory."""
    measured: dict[int, Measurement] = {}
    for count in MANY_FILES:
        texts = data.make_texts(root / f"texts_{count}", count=count)
        out = work / f"many_{count}"
        measured[count] = median_of(shardify(texts, out), repeats=repeats, before=fresh_folder(out))
        print(f"  {count:,} tiny texts: {measured[count].seconds:.2f}s ({measured[count].cpu_seconds:.1f} CPU s), {measured[count].peak_rss_bytes / 1e6:,.0f} MB", file=sys.stderr)
    small, large = MANY_FILES
    files = large - small
    us = (measured[large].seconds - measured[small].seconds) / files * 1e6
    cpu_us = (measured[large].cpu_seconds - measured[small].cpu_seconds) / files * 1e6
    print(f"  CPU per extra file (process tree): {cpu_us:.1f} us", file=sys.stderr)
    kb = (measured[large].peak_rss_bytes - measured[small].peak_rss_bytes) / files / 1e3
    span = f"{small // 1000}k -> {large // 1000}k"
    return [
        row(f"many files: time per extra file ({span} tiny texts)", f"{us:.1f} us", f"{measured[small].seconds:.1f} -> {measured[large].seconds:.1f}s", None, "<= 30 us", us <= 30),
        row(f"many files: peak memory per extra file ({span})", f"{kb:.2f} KB", f"{measured[small].peak_rss_bytes / 1e6:,.0f} -> {measured[large].peak_rss_bytes / 1e6:,.0f} MB", None, "<= 1 KB", kb <= 1),
    ]


def dask(row: MakeRow, shardify: Convert, images: Path, work: Path, local: Measurement, repeats: int) -> list[Row]:
    """The same conversion on a local Dask cluster of two single-threaded worker processes."""
    figure = "convert on a 2-worker Dask cluster vs the local runner"
    try:
        from dask.distributed import LocalCluster
    except ImportError:
        return [row(figure, "not run: pip install '.[dask]'", "", None, "<= 1.3x", None)]
    out = work / "dask"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        command = [*shardify(images, out), "--runner", "dask", "--dask-address", cluster.scheduler_address]
        on_dask = median_of(command, repeats=repeats, before=fresh_folder(out))
    print(f"  dask: {on_dask.seconds:.2f}s against {local.seconds:.2f}s locally", file=sys.stderr)
    ratio = on_dask.seconds / local.seconds
    return [row(figure, f"{on_dask.seconds:.2f}s", f"{local.seconds:.2f}s", ratio, "<= 1.3x", ratio <= 1.3)]



if __name__ == "__main__":  # one figure on its own: python -m benchmarks.long_runs {append,resume} [--scale N] [--repeats N]
    import argparse
    import json

    from benchmarks.__main__ import SHARDS, _row, _shardify

    parser = argparse.ArgumentParser(prog="python -m benchmarks.long_runs")
    parser.add_argument("figure", choices=["append", "resume"])
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--data", type=Path, default=Path("bench_data"))
    args = parser.parse_args()
    images = data.make_images(args.data / ("images" if args.scale == 1 else f"images_x{args.scale}"), scale=args.scale)
    work = args.data / "work"
    if args.figure == "append":
        rows = append(_row, _shardify, images, work, args.repeats)
    else:  # the full run the first row compares with, once
        full_out = work / "resume_full"
        full = median_of(_shardify(images, full_out), repeats=1, before=fresh_folder(full_out))
        rows = resume(_row, _shardify, images, work, full, SHARDS, args.repeats)
    print(json.dumps(rows, indent=1))
