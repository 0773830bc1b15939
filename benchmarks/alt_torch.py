"""What a PyTorch user writes: a Dataset that opens each JPEG with PIL, resizes it to 224x224 and
converts it to a tensor, read by a DataLoader with 2 worker processes and batches of 64.

Usage: python -m benchmarks.alt_torch IMAGE_SRC [--quick] -> one JSON line of records/s and CPU
microseconds per record (workers included).
"""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

IMAGE_SIZE = (224, 224)
BATCH = 64
WORKERS = 2


class JpegFolder(Dataset):
    def __init__(self, root: str, limit: int | None = None) -> None:
        self.paths = sorted(os.path.join(d, n) for d, _, names in os.walk(root) for n in names if n.endswith(".jpg"))[:limit]
        labels = sorted({os.path.basename(os.path.dirname(p)) for p in self.paths})
        self.index = {name: i for i, name in enumerate(labels)}

    def __len__(self) -> int:
        return len(self.paths)

    def __getitem__(self, i: int) -> tuple[torch.Tensor, int]:
        path = self.paths[i]
        with Image.open(path) as image:
            pixels = np.asarray(image.convert("RGB").resize(IMAGE_SIZE[::-1], Image.BILINEAR), dtype=np.float32)
        return torch.from_numpy(pixels), self.index[os.path.basename(os.path.dirname(path))]


def main(root: str, quick: bool) -> None:
    from benchmarks.torch_read import cpu_seconds

    loader = DataLoader(JpegFolder(root, 2000 if quick else None), batch_size=BATCH, shuffle=True, num_workers=WORKERS)
    for _ in loader:  # warm-up pass, as for the other readers
        pass
    best, best_cpu_us = 0.0, 0.0
    for _ in range(2):
        started, cpu_started, count = time.perf_counter(), cpu_seconds(), 0
        for images, _ in loader:  # the workers end, and are waited for, with the pass
            count += images.shape[0]
        rate = count / (time.perf_counter() - started)
        if rate > best:
            best, best_cpu_us = rate, 1e6 * (cpu_seconds() - cpu_started) / count
    print(json.dumps({"torch_dataloader_pil": best, "torch_dataloader_pil_cpu_us": best_cpu_us}))


if __name__ == "__main__":
    main(sys.argv[1], "--quick" in sys.argv)
