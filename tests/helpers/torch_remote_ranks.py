"""One rank of a real torch.distributed (gloo) group reading a ShardDataset from an object store
through a DataLoader with 2 workers, for two epochs.

Usage: python torch_remote_ranks.py URL RANK WORLD_SIZE PORT CACHE_DIR CACHE_LIMIT -> one JSON line:
{"rank", "len", "epochs": [{worker: [source, ...]}, ...]}: what each DataLoader worker read, by epoch.
The store is reached as its SDK's environment says (AWS_ENDPOINT_URL_S3, STORAGE_EMULATOR_HOST).
"""

from __future__ import annotations

import datetime
import json
import sys

import torch.distributed as dist
from torch.utils.data import DataLoader, get_worker_info

import shardify.torch


def tagged(batch: list) -> tuple[int, dict]:
    """The batch and the worker that made it (collate runs in the worker)."""
    return get_worker_info().id, shardify.torch.collate(batch)


def main(url: str, rank: int, world_size: int, port: int, cache_dir: str, cache_limit: str) -> None:
    dist.init_process_group(
        "gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world_size,
        timeout=datetime.timedelta(seconds=60),
    )
    ds = shardify.torch.ShardDataset(url, split="train", features=["source"], seed=3, cache_dir=cache_dir,
                                     cache_limit=cache_limit)
    loader = DataLoader(ds, batch_size=3, num_workers=2, collate_fn=tagged)
    epochs = []
    for epoch in range(2):
        ds.set_epoch(epoch)
        read: dict[int, list[str]] = {}
        for worker, batch in loader:
            read.setdefault(worker, []).extend(batch["source"])
        epochs.append(read)
    dist.barrier()
    dist.destroy_process_group()
    print(json.dumps({"rank": rank, "len": len(ds), "epochs": epochs}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6])
