"""Hugging Face datasets: `load_dataset("imagefolder", data_dir=SRC)` (labels from the class
folders, the builder's Arrow files in a cache under OUT, emptied with it before each run) then
`Dataset.save_to_disk`; read back with `load_from_disk`, counting rows that hold image bytes.

Usage: python -m benchmarks.peer_hf SRC OUT
"""

from __future__ import annotations

import os
import sys

from benchmarks.peer_common import check_count, listing, require


def main(src: str, out: str) -> None:
    require("datasets", "bench-hf")
    from datasets import Image, load_dataset, load_from_disk

    items, _ = listing(src)
    dataset = load_dataset("imagefolder", data_dir=src, split="train", cache_dir=os.path.join(out, "cache"))
    dataset.save_to_disk(os.path.join(out, "saved"))
    saved = load_from_disk(os.path.join(out, "saved")).cast_column("image", Image(decode=False))
    count = sum(
        1
        for batch in saved.iter(batch_size=1_000)
        for image, label in zip(batch["image"], batch["label"])
        if image["bytes"] and label is not None
    )
    check_count("HF datasets", count, len(items))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
