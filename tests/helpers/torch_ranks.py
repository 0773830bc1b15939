"""One rank of a real torch.distributed (gloo) group reading a ShardDataset through a DataLoader
with 2 workers; the rank and world size come from the process group, not from arguments.

Usage: python torch_ranks.py OUTPUT RANK WORLD_SIZE PORT -> one JSON line:
{"rank", "len", "sources", "gathered"}: the `source` of every record this rank read, and every
rank's list as all_gather_object collected it.
"""

from __future__ import annotations

import datetime
import json
import sys

import torch.distributed as dist
from torch.utils.data import DataLoader

import shardify.torch


def main(output: str, rank: int, world_size: int, port: int) -> None:
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=world_size,
        timeout=datetime.timedelta(seconds=60),
    )
    ds = shardify.torch.ShardDataset(output, split="train", features=["source"], seed=3)
    loader = DataLoader(ds, batch_size=4, num_workers=2, collate_fn=shardify.torch.collate)
    sources = [source for batch in loader for source in batch["source"]]
    gathered: list = [None] * world_size
    dist.all_gather_object(gathered, sources)  # the group is real: every rank sees every rank's list
    dist.destroy_process_group()
    print(json.dumps({"rank": rank, "len": len(ds), "sources": sources, "gathered": gathered}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
