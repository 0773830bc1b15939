"""shardify.torch doing alt_torch.py's work: decode every image, resize it to 224x224, batches of 64,
through a DataLoader with 2 worker processes. The same measure as alt_torch.py (records/s of the
faster of two passes after a warm-up pass), so the two figures compare; with the CPU time per
record of that pass, workers included, which stays put on a busy machine where records/s do not.

Usage: python -m benchmarks.torch_read SHARDIFY_OUT [--quick]
  -> one JSON line: {"shardify_torch": {"rate": records/s, "cpu_us": CPU microseconds per record}}
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time

from torch.utils.data import DataLoader

import shardify.torch

IMAGE_SIZE = (224, 224)
BATCH = 64
WORKERS = 2
QUICK_RECORDS = 2000  # as alt_torch.py's --quick


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (DataLoader workers end, and
    are waited for, when a pass ends)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main(out: str, quick: bool) -> None:
    ds = shardify.torch.ShardDataset(out, split="train", image_size=IMAGE_SIZE, as_supervised=True)
    loader = DataLoader(ds, batch_size=BATCH, num_workers=WORKERS, collate_fn=shardify.torch.collate)
    limit = QUICK_RECORDS if quick else len(ds)
    best = {"rate": 0.0, "cpu_us": 0.0}
    for epoch in range(3):  # the first pass warms up, as for the other readers
        ds.set_epoch(epoch)
        started, cpu_started, count = time.perf_counter(), cpu_seconds(), 0
        batches = iter(loader)
        for images, _ in batches:
            count += images.shape[0]
            if count >= limit:
                break
        del batches  # ends and waits for the workers, so that their CPU time is counted
        gc.collect()
        rate = count / (time.perf_counter() - started)
        if epoch and rate > best["rate"]:
            best = {"rate": rate, "cpu_us": 1e6 * (cpu_seconds() - cpu_started) / count}
    print(json.dumps({"shardify_torch": best}))


if __name__ == "__main__":
    main(sys.argv[1], "--quick" in sys.argv)
