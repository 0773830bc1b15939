"""Does `shardify.torch.gpu_loader` give what the CPU reader gives? Run on a GPU machine over an
output (the GPU check runs it on its two outputs); tests/readers/test_torch_gpu.py runs the same
checks on the CPU wherever torchvision imports.

Checks: every record once an epoch with `IndexedDataset`'s label; batches of the asked shape,
dtype, range and device for each fit; the same seed and epoch give the same pixels whatever the
number of decode threads, and another epoch other crops; "pad" is refused.

Usage: python -m benchmarks.gpu_epoch OUT [OUT ...] [--device cuda]   (prints "ok" or each failure;
exit status 1 on a failure)
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter


def check(out: str, device: str, *, batch_size: int = 32, workers: int = 2) -> list[str]:
    """What differs from the expected behaviour, as lines (none: all right)."""
    import torch

    from shardify.errors import ReadOptionError
    from shardify.torch import IndexedDataset, gpu_loader

    failures: list[str] = []
    dataset = IndexedDataset(out, decoder="none", as_supervised=True)
    truth = Counter(int(dataset[i][1]) for i in range(len(dataset)))
    size = (64, 48)

    def batches(**options) -> list[tuple]:
        loader = gpu_loader(out, batch_size=batch_size, image_size=size, device=device, num_workers=workers, **options)
        return list(loader)

    seen: Counter = Counter()
    for images, labels in batches(fit="random_crop", flip=True, seed=1, threads=3):
        if tuple(images.shape[1:]) != (3, *size) or images.dtype != torch.float32 or images.device.type != device:
            failures.append(f"random_crop batch {tuple(images.shape)} {images.dtype} on {images.device}")
        if images.min() < 0 or images.max() > 255:
            failures.append(f"random_crop pixels outside [0, 255]: {float(images.min())}..{float(images.max())}")
        seen.update(labels.tolist())
    if seen != truth:
        failures.append(f"an epoch's labels {dict(sorted(seen.items()))} != the records' {dict(sorted(truth.items()))}")
    one = batches(fit="random_crop", flip=True, seed=1, threads=1, shuffle=False)
    three = batches(fit="random_crop", flip=True, seed=1, threads=3, shuffle=False)
    if len(one) != len(three) or not all(torch.equal(a[0], b[0]) for a, b in zip(one, three)):
        failures.append("the same seed gave other pixels with 3 decode threads than with 1")
    loader = gpu_loader(out, batch_size=batch_size, image_size=size, device=device, num_workers=0, shuffle=False, seed=1)
    loader.set_epoch(1)
    if torch.equal(next(iter(loader))[0], one[0][0]):
        failures.append("epoch 1 gave epoch 0's crops")
    for fit in ("stretch", "center_crop"):
        images, _ = batches(fit=fit, shuffle=False, normalize=True)[0]
        if tuple(images.shape[1:]) != (3, *size) or images.min() < 0 or images.max() > 1:
            failures.append(f"{fit} with normalize: {tuple(images.shape)}, {float(images.min())}..{float(images.max())}")
    images, _ = batches(fit="stretch", shuffle=False, dtype=torch.uint8)[0]
    if images.dtype != torch.uint8:
        failures.append(f"dtype=torch.uint8 gave {images.dtype}")
    try:
        gpu_loader(out, batch_size=batch_size, image_size=size, fit="pad", device=device)
        failures.append('fit="pad" was taken')
    except ReadOptionError:
        pass
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+")
    parser.add_argument("--device", default="cuda")
    args = parser.parse_args(argv)
    status = 0
    for out in args.outputs:
        failures = check(out, args.device)
        print(f"{out}: " + ("ok" if not failures else "FAILED\n  " + "\n  ".join(failures)), flush=True)
        status |= bool(failures)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
