"""One rank of a real torch.distributed (gloo) group reading an epoch of a ShardDataset, for the
resize tests: either taking a state mid-epoch or resuming from a merged one.

Usage:
  python torch_resize_ranks.py take OUTPUT RANK WORLD_SIZE PORT WORKERS BATCHES
    reads BATCHES batches of 2 through a torchdata StatefulDataLoader, takes its state, gathers
    every rank's (all_gather_object) -> {"rank", "read", "states"}
  python torch_resize_ranks.py resume OUTPUT RANK WORLD_SIZE PORT WORKERS STATE_FILE
    loads the merged state from STATE_FILE and reads the rest of the epoch through a plain
    DataLoader -> {"rank", "len", "read"}
One JSON line on stdout; `read` is the `source` of every record this rank read. Seed 3, epoch 1.
"""

from __future__ import annotations

import datetime
import json
import sys

import torch.distributed as dist
from torch.utils.data import DataLoader

import shardify.torch


def main(mode: str, output: str, rank: int, world_size: int, port: int, workers: int, extra: str) -> None:
    dist.init_process_group(
        "gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world_size,
        timeout=datetime.timedelta(seconds=60),
    )
    ds = shardify.torch.ShardDataset(output, split="train", features=["source"], seed=3)
    ds.set_epoch(1)
    if mode == "take":
        from torchdata.stateful_dataloader import StatefulDataLoader

        loader = StatefulDataLoader(ds, batch_size=2, num_workers=workers, collate_fn=shardify.torch.collate)
        iterator = iter(loader)
        read = [source for _ in range(int(extra)) for source in next(iterator)["source"]]
        state = loader.state_dict()
        states: list = [None] * world_size
        dist.all_gather_object(states, state)
        result = {"rank": rank, "read": read, "states": states}
    else:
        with open(extra) as f:
            ds.load_state_dict(json.load(f))
        loader = DataLoader(ds, batch_size=2, num_workers=workers, collate_fn=shardify.torch.collate)
        read = [source for batch in loader for source in batch["source"]]
        result = {"rank": rank, "len": len(ds), "read": read}
    dist.barrier()
    dist.destroy_process_group()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7])
