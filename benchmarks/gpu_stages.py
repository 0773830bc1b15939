"""Where does the nvJPEG route wait? Each stage of gpu_train's "gpu" source timed alone on one held
batch, beside the training step it feeds, so the bounding stage has a number of its own.

Stages, each repeated on the same batch and synchronised with the GPU before the clock stops:
  parse     shardify.torch (decoder="none") gives a batch's stored bytes and labels, in this
            process (a DataLoader spreads this over its workers: divide by their number)
  decode    torchvision's decode_jpeg on the list, to the GPU (nvJPEG; its hardware decoder where
            the GPU has one and the JPEG is baseline)
  crop      the padded batch, one roi_align to the crop size, flips
  step      one ResNet-50 training step on a batch already on the GPU (the ceiling)

Usage (on a GPU machine; --dry-run runs it on the CPU with tiny sizes, as the tests do):
  python -m benchmarks.gpu_stages OUT [OUT ...] [--batch 256] [--repeats 10] [--json FILE]

Prints, per output and stage, images/s and CPU ms per image of this process (all its threads).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.gpu_train import CROP, _torch_model


@dataclass
class Stage:
    output: str
    stage: str
    images_per_s: float
    cpu_ms_per_image: float
    repeats: int
    batch: int


def _timed(work, repeats: int, sync) -> tuple[float, float]:
    """(seconds, CPU seconds of this process) per call of `work`, after one untimed call."""
    work()
    sync()
    cpu0, t0 = time.process_time(), time.perf_counter()
    for _ in range(repeats):
        work()
    sync()
    return (time.perf_counter() - t0) / repeats, (time.process_time() - cpu0) / repeats


def profile(out: str, batch: int, repeats: int, device: str, size: int) -> list[Stage]:
    import torch

    import shardify
    import shardify.torch
    from shardify.torch import GpuDecoder

    dataset = shardify.torch.IndexedDataset(out, split="train", decoder="none", as_supervised=True, seed=0)
    count = len(dataset)
    sync = torch.cuda.synchronize if device.startswith("cuda") else (lambda: None)
    held: list = []

    def parse() -> None:
        held[:] = [dataset[i % count] for i in range(batch)]

    figures = [("parse", *_timed(parse, max(1, repeats // 5), sync))]
    encoded = [item[0] for item in held]
    labels = torch.tensor([int(item[1]) for item in held]).to(device)
    decoder = GpuDecoder((size, size), fit="random_crop", flip=True, device=device, threads=1)
    decoded: list = []

    def decode() -> None:
        decoded[:] = decoder.decode(encoded)

    figures.append(("decode", *_timed(decode, repeats, sync)))
    figures.append(("crop", *_timed(lambda: decoder.fit_batch(decoded, 0), repeats, sync)))
    step = _torch_model(max(1, len(shardify.load_manifest(out).labels)), device)
    images = decoder.fit_batch(decoded, 0)
    figures.append(("step", *_timed(lambda: step(images, labels), repeats, sync)))
    return [Stage(out, name, batch / seconds, 1e3 * cpu / batch, repeats, batch) for name, seconds, cpu in figures]


def main(argv: list[str] | None = None) -> list[Stage]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--json", default=None)
    parser.add_argument("--dry-run", action="store_true", help="tiny sizes on the CPU: checks the script runs")
    args = parser.parse_args(argv)
    import torch

    torch.backends.cudnn.benchmark = True
    device = "cuda" if torch.cuda.is_available() and not args.dry_run else "cpu"
    batch, repeats, size = (4, 1, 64) if args.dry_run else (args.batch, args.repeats, CROP)
    stages: list[Stage] = []
    for out in args.outputs:
        for stage in profile(out, batch, repeats, device, size):
            stages.append(stage)
            print(f"{stage.stage:>7} {out}: {stage.images_per_s:8.0f} images/s, {stage.cpu_ms_per_image:.3f} CPU ms/image "
                  f"(batch {batch}, {device})", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(s) for s in stages], indent=1))
    return stages


if __name__ == "__main__":
    main(sys.argv[1:])
