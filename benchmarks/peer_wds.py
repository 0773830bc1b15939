"""WebDataset: `webdataset.ShardWriter` writing each image's bytes as `jpg` and its class index as
`cls` (tar members, no re-encode), shards of at most 500 samples, in 1 process or split over N;
read back with `webdataset.WebDataset` over every shard.

Usage: python -m benchmarks.peer_wds SRC OUT [PROCESSES]
"""

from __future__ import annotations

import glob
import multiprocessing
import os
import sys

from benchmarks.peer_common import check_count, listing, part, require

MAXCOUNT = 500


def _write(job: tuple[list[tuple[str, int]], str]) -> int:
    import webdataset as wds

    items, pattern = job
    with wds.ShardWriter(pattern, maxcount=MAXCOUNT, verbose=0) as sink:
        for image, label in items:
            with open(image, "rb") as f:
                data = f.read()
            key = os.path.splitext(os.path.basename(image))[0]
            sink.write({"__key__": key, "jpg": data, "cls": label})
    return len(items)


def main(src: str, out: str, processes: int = 1) -> None:
    require("webdataset", "bench-wds")
    items, _ = listing(src)
    os.makedirs(out, exist_ok=True)
    jobs = [(part(items, i, processes), os.path.join(out, f"images-p{i}-%06d.tar")) for i in range(processes)]
    if processes == 1:
        _write(jobs[0])
    else:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            pool.map(_write, jobs)
    import webdataset as wds

    shards = sorted(glob.glob(os.path.join(out, "*.tar")))
    count = sum(1 for sample in wds.WebDataset(shards, shardshuffle=False) if "jpg" in sample and "cls" in sample)
    check_count("WebDataset", count, len(items))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:4]))
