"""shardify.torch doing alt_torch.py's work: decode every image, resize it to 224x224, batches of 64,
through a DataLoader with 2 worker processes. The same measure as alt_torch.py (records/s of the
faster of two passes after a warm-up pass), so the two figures compare.

Usage: python -m benchmarks.torch_read SHARDIFY_OUT [--quick] -> one JSON line of records/s.
"""

from __future__ import annotations

import json
import sys
import time

from torch.utils.data import DataLoader

import shardify.torch

IMAGE_SIZE = (224, 224)
BATCH = 64
WORKERS = 2
QUICK_RECORDS = 2000  # as alt_torch.py's --quick


def main(out: str, quick: bool) -> None:
    ds = shardify.torch.ShardDataset(out, split="train", image_size=IMAGE_SIZE, as_supervised=True)
    loader = DataLoader(ds, batch_size=BATCH, num_workers=WORKERS, collate_fn=shardify.torch.collate)
    limit = QUICK_RECORDS if quick else len(ds)
    best = 0.0
    for epoch in range(3):  # the first pass warms up, as for the other readers
        ds.set_epoch(epoch)
        started, count = time.perf_counter(), 0
        for images, _ in loader:
            count += images.shape[0]
            if count >= limit:
                break
        if epoch:
            best = max(best, count / (time.perf_counter() - started))
    print(json.dumps({"shardify_torch": best}))


if __name__ == "__main__":
    main(sys.argv[1], "--quick" in sys.argv)
