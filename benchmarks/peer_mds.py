"""mosaicml streaming: `streaming.MDSWriter` with the image's bytes in a `bytes` column (no
re-encode: its `jpeg` encoding would decode and re-encode) and the class index in an `int` one,
its default 64 MB shards, uncompressed, one process (the documented basic conversion); read back
with `streaming.StreamingDataset` over the local folder.

Usage: python -m benchmarks.peer_mds SRC OUT
"""

from __future__ import annotations

import os
import sys

from benchmarks.peer_common import check_count, listing, require


def main(src: str, out: str) -> None:
    require("streaming", "bench-mds")
    from streaming import MDSWriter, StreamingDataset

    items, _ = listing(src)
    with MDSWriter(out=os.path.join(out, "mds"), columns={"jpg": "bytes", "cls": "int"}) as writer:
        for image, label in items:
            with open(image, "rb") as f:
                writer.write({"jpg": f.read(), "cls": label})
    dataset = StreamingDataset(local=os.path.join(out, "mds"), shuffle=False, batch_size=1)
    count = sum(1 for sample in dataset if sample["jpg"])
    check_count("MDS", count, len(items))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
