"""Does `shardify.dali` give on a GPU what it gives on the CPU, and how fast does it decode there?

Run on a GPU machine over an output (the GPU check runs it on its two outputs); the tests run the
DALI pipeline on its CPU backend only (tests/readers/test_dali_reader.py), since no machine here has
a GPU. Checks, for `torch_iterator(device_id=0)` (JPEGs decoded by nvJPEG, `device="mixed"`):

- every record once an epoch with `IndexedDataset`'s label, batches on the GPU of the asked shape;
- a second epoch (after `reset()`) gives every record once again;
- with `fit="stretch"`, the pixels are those the CPU backend (`device_id=None`, libjpeg-turbo)
  gives within a small mean difference (two JPEG decoders round differently; the figure is printed).

Then it times one pass of decoding alone (no model): records/s of the GPU pipeline and of the CPU
backend, each after a warm-up epoch, with the CPU seconds this process spent (DALI's threads are in
it). Prints "ok" or each failure per output; exit status 1 on a failure.

Usage: python -m benchmarks.gpu_dali OUT [OUT ...] [--threads N] [--batch B] [--size S]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter


def _epoch(iterator) -> tuple[Counter, list]:
    labels: Counter = Counter()
    shapes = []
    for batch in iterator:
        images, label = batch[0]["image"], batch[0]["label"]
        shapes.append((tuple(images.shape), images.device.type, str(images.dtype)))
        labels.update(int(x) for x in label.view(-1).tolist())
    return labels, shapes


def check(out: str, *, threads: int, batch: int, size: int, gpu_id: int | None = 0) -> list[str]:
    """What differs from the expected behaviour, as lines (none: all right); prints the figures."""
    import torch

    from shardify.dali import torch_iterator
    from shardify.torch import IndexedDataset

    failures: list[str] = []
    dataset = IndexedDataset(out, decoder="none", as_supervised=True)
    truth = Counter(int(dataset[i][1]) for i in range(len(dataset)))
    shape = (size, size)

    gpu = torch_iterator(out, "train", batch_size=batch, image_size=shape, fit="random_crop", flip=True, seed=1,
                         device_id=gpu_id, num_threads=threads)  # fmt: skip
    where = "cpu" if gpu_id is None else "cuda"
    for epoch in (0, 1):
        seen, shapes = _epoch(gpu)
        gpu.reset()
        if seen != truth:
            failures.append(f"epoch {epoch}: labels {dict(sorted(seen.items()))} != the records' {dict(sorted(truth.items()))}")
        odd = [s for s in shapes if s[0][1:] != (3, *shape) or s[1] != where]
        if odd:
            failures.append(f"epoch {epoch}: batches not (N, 3, {size}, {size}) on {where}: {odd[:3]}")

    def first_batches(device_id, n: int = 4):
        it = torch_iterator(out, "train", batch_size=batch, image_size=shape, fit="stretch", shuffle=False,
                            device_id=device_id, num_threads=threads)  # fmt: skip
        got = []
        for i, b in enumerate(it):
            got.append((b[0]["image"].float().cpu(), b[0]["label"].view(-1).cpu()))
            if i + 1 == n:
                break
        return got

    on_gpu, on_cpu = first_batches(gpu_id), first_batches(None)
    if [torch.equal(a[1], b[1]) for a, b in zip(on_gpu, on_cpu)] != [True] * len(on_cpu):
        failures.append("the GPU and CPU pipelines gave other labels in order (shuffle=False)")
    diff = max(float((a[0] - b[0]).abs().mean()) for a, b in zip(on_gpu, on_cpu))
    print(f"  stretch pixels, GPU (nvJPEG) against CPU (libjpeg-turbo): mean |difference| {diff:.2f} of 255")
    if diff > 4.0:
        failures.append(f"GPU pixels differ from the CPU's by {diff:.2f} on average (> 4 of 255)")

    for name, device_id in (("gpu (mixed)", gpu_id), ("cpu", None)):
        it = torch_iterator(out, "train", batch_size=batch, image_size=shape, fit="random_crop", flip=True, seed=2,
                            device_id=device_id, num_threads=threads)  # fmt: skip
        _epoch(it)
        it.reset()
        if device_id is not None:
            torch.cuda.synchronize()
        cpu0, t0 = time.process_time(), time.perf_counter()
        seen, _ = _epoch(it)
        if device_id is not None:
            torch.cuda.synchronize()
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        n = sum(seen.values())
        print(f"  decode only, {name:11s} {threads} threads: {n / wall:8.0f} rec/s, {1e6 * cpu / n:7.0f} CPU µs per record ({n} records)")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--cpu-only", action="store_true", help="the GPU's part on the CPU too: checks the script runs")
    args = parser.parse_args(argv)
    status = 0
    for out in args.outputs:
        print(out, flush=True)
        failures = check(out, threads=args.threads, batch=args.batch, size=args.size, gpu_id=None if args.cpu_only else 0)
        print(f"{out}: " + ("ok" if not failures else "FAILED\n  " + "\n  ".join(failures)), flush=True)
        status |= bool(failures)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
