"""One rank of a real torch.distributed (gloo) group reading one epoch through
`shardify.dali.torch_iterator` (CPU pipeline); the rank and world size come from the process
group, not from arguments.

Usage: python dali_ranks.py OUTPUT RANK WORLD_SIZE PORT -> one JSON line: {"rank", "labels"}, the
label of every record this rank read, in order.
"""

from __future__ import annotations

import datetime
import json
import sys

import torch.distributed as dist

import shardify.dali


def main(output: str, rank: int, world_size: int, port: int) -> None:
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=world_size,
        timeout=datetime.timedelta(seconds=60),
    )
    iterator = shardify.dali.torch_iterator(output, "train", batch_size=5, image_size=(8, 8), seed=3, num_threads=1)
    labels = [label for batch in iterator for label in batch[0]["label"].tolist()]
    dist.barrier()
    dist.destroy_process_group()
    print(json.dumps({"rank": rank, "labels": labels}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
