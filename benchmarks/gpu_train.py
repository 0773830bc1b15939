"""Does the accelerator wait for its input? ResNet-50, mixed precision, trained for a fixed number
of steps from each input pipeline, with the GPU's busy share sampled beside it.

Sources, each run on every output given (e.g. stored originals, then shards stored at 256 px):
  synthetic  a batch already on the device: the ceiling, no input at all
  cpu        shardify.torch: DataLoader workers read, decode, random-crop to 224 and flip on the CPU
  gpu        shardify.torch.GpuDecoder: workers only read and parse (decoder="none"), a batch crosses
             as one flat tensor (collate_encoded), and the training process decodes its JPEGs on
             the GPU (torchvision's nvJPEG) and crops and flips them there (one roi_align),
             --decode-threads batches at once, each on a stream of its own, ahead of the step
  dali       shardify.dali: DALI reads the shards through the index files and decodes with
             device="mixed" (only where DALI imports)
  tf         shardify.load into a Keras ResNet-50 (only with --framework tf, where TensorFlow imports)

Usage (on a GPU machine; the outputs made here with `shardify convert`):
  python -m benchmarks.gpu_train OUT [OUT ...] [--steps 60] [--warmup 10] [--batch 256]
         [--workers N] [--sources synthetic,cpu,gpu,dali] [--framework torch|tf] [--json FILE]
  python -m benchmarks.gpu_train OUT --dry-run   # a few tiny steps on the CPU (the tests run this)

Prints one line per (source, output): images/s, its share of the synthetic ceiling, the GPU's busy
share (nvidia-smi's utilization.gpu, sampled every 100 ms over the timed steps) and CPU seconds per
image of this process and its workers; --json writes the same as a list of objects.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

CROP = 224
MEAN = (0.485 * 255, 0.456 * 255, 0.406 * 255)  # ImageNet's, as torchvision's references normalise
STD = (0.229 * 255, 0.224 * 255, 0.225 * 255)


@dataclass
class Figure:
    source: str
    output: str
    images_per_s: float
    ceiling_share: float | None
    gpu_busy: float | None
    cpu_s_per_image: float | None
    steps: int
    batch: int
    note: str = ""


class GpuBusy:
    """nvidia-smi's utilization.gpu sampled every 100 ms while `with` holds (None without nvidia-smi)."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._process: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None

    def __enter__(self) -> GpuBusy:
        if shutil.which("nvidia-smi"):
            command = ["nvidia-smi", "--query-gpu=utilization.gpu", "--format=csv,noheader,nounits", "-lms", "100"]
            self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            self._reader = threading.Thread(target=self._read, daemon=True)
            self._reader.start()
        return self

    def _read(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            try:
                self.samples.append(float(line.split(",")[0]))
            except ValueError:
                continue

    def __exit__(self, *exc: object) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=5)

    @property
    def share(self) -> float | None:
        return sum(self.samples) / len(self.samples) / 100 if self.samples else None


def _tree_cpu_seconds() -> float:
    """CPU seconds of this process and every live or ended child (DataLoader and DALI workers)."""
    try:
        import psutil
    except ImportError:
        times = os.times()
        return times.user + times.system + times.children_user + times.children_system
    me = psutil.Process()
    total = sum(me.cpu_times()[:4])  # user, system, children_user, children_system
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            continue
    return total


# ---------------------------------------------------------------- PyTorch


def _torch_model(num_classes: int, device: str):
    import torch
    import torchvision

    model = torchvision.models.resnet50(num_classes=num_classes).to(device, memory_format=torch.channels_last)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
    mean = torch.tensor(MEAN, device=device).view(1, 3, 1, 1)
    std = torch.tensor(STD, device=device).view(1, 3, 1, 1)
    loss_fn = torch.nn.CrossEntropyLoss()

    def step(images, labels) -> None:
        """One training step: images [N, 3, 224, 224] (uint8 or float 0-255) and labels on the device."""
        x = ((images.float() - mean) / std).contiguous(memory_format=torch.channels_last)
        with torch.autocast(device_type="cuda" if device.startswith("cuda") else "cpu", dtype=torch.bfloat16):
            loss = loss_fn(model(x), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    return step


def _torch_batches(source: str, out: str, args, device: str) -> tuple[Iterator, int]:
    """(batches of (images, labels) on `device`, number of classes) for one source."""
    import torch
    from torch.utils.data import DataLoader

    import shardify
    import shardify.torch

    manifest = shardify.load_manifest(out)
    num_classes = max(1, len(manifest.labels))
    if source == "synthetic":
        generator = torch.Generator().manual_seed(0)
        images = torch.randint(0, 256, (args.batch, 3, args.image_size, args.image_size), dtype=torch.uint8, generator=generator).to(device)
        labels = torch.randint(0, num_classes, (args.batch,), generator=generator).to(device)
        return iter(lambda: (images, labels), None), num_classes
    if source in ("cpu", "gpu"):
        # A map-style reader and a sampler that draws as many records as the run needs: batches go
        # to the workers in turn, whatever the output's size (an IterableDataset batches inside
        # each worker, so a small output would give each worker less than a batch an epoch).
        options = dict(split=args.split, as_supervised=True, seed=0)
        if source == "cpu":
            options.update(image_size=(args.image_size,) * 2, fit="random_crop", flip=True, dtype="uint8")
        else:
            options.update(decoder="none")
        dataset = shardify.torch.IndexedDataset(out, **options)
        draws = (args.warmup + args.steps + 1) * args.batch
        sampler = torch.utils.data.RandomSampler(
            dataset, num_samples=draws, generator=torch.Generator().manual_seed(0)
        )
        loader = DataLoader(
            dataset, batch_size=args.batch, sampler=sampler, num_workers=args.workers,
            collate_fn=shardify.torch.collate_encoded if source == "gpu" else shardify.torch.collate,
            pin_memory=device.startswith("cuda"), drop_last=True,
            prefetch_factor=4 if args.workers > 0 else None,
        )
        raw = iter(loader)
        if source == "cpu":
            batches = ((x.to(device, non_blocking=True), y.to(device, non_blocking=True)) for x, y in raw)
        else:
            decoder = shardify.torch.GpuDecoder(
                (args.image_size,) * 2, fit="random_crop", flip=True, seed=0, device=device, threads=args.decode_threads
            )
            batches = decoder(raw)
        return batches, num_classes
    if source == "dali":
        from shardify.dali import dali_torch_iterator  # noqa: PLC0415 - only where DALI imports

        iterator = dali_torch_iterator(
            out, split=args.split, batch_size=args.batch, image_size=(args.image_size,) * 2, fit="random_crop",
            flip=True, seed=0, num_threads=max(1, args.workers), device_id=0 if device.startswith("cuda") else None,
        )

        def dali_batches():
            while True:
                for batch in iterator:
                    images, labels = batch[0]["image"], batch[0]["label"]
                    yield images.to(device), labels.to(device).long().view(-1)
                iterator.reset()

        return dali_batches(), num_classes
    raise SystemExit(f"unknown source {source!r}")


def _run_torch(source: str, out: str, args) -> Figure:
    import torch

    device = "cuda" if torch.cuda.is_available() and not args.dry_run else "cpu"
    torch.backends.cudnn.benchmark = True
    batches, num_classes = _torch_batches(source, out, args, device)
    step = _torch_model(num_classes, device)
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    for _ in range(args.warmup):
        step(*next(batches))
    sync()
    with GpuBusy() as busy:
        cpu0, t0 = _tree_cpu_seconds(), time.perf_counter()
        for _ in range(args.steps):
            step(*next(batches))
        sync()
        elapsed, cpu = time.perf_counter() - t0, _tree_cpu_seconds() - cpu0
    images = args.steps * args.batch
    return Figure(source, out, images / elapsed, None, busy.share, cpu / images, args.steps, args.batch, device)


# ---------------------------------------------------------------- TensorFlow


def _run_tf(source: str, out: str, args) -> Figure:
    import tensorflow as tf

    import shardify

    gpu = bool(tf.config.list_physical_devices("GPU")) and not args.dry_run
    if gpu:
        tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")
    manifest = shardify.load_manifest(out)
    num_classes = max(1, len(manifest.labels))
    if source == "synthetic":
        images = tf.random.uniform((args.batch, args.image_size, args.image_size, 3), 0, 255, seed=0)
        labels = tf.random.uniform((args.batch,), 0, num_classes, dtype=tf.int64, seed=0)
        dataset = tf.data.Dataset.from_tensors((images, labels)).repeat()
    elif source == "tf":
        dataset = shardify.load(
            out, split=args.split, batch_size=args.batch, image_size=(args.image_size,) * 2, fit="random_crop", flip=True,
            as_supervised=True, shuffle=True, seed=0, repeat=True, drop_remainder=True,
            device="/gpu:0" if gpu else None,
        )
    else:
        raise SystemExit(f"source {source!r} runs with --framework torch")
    model = _tf_model(tf, num_classes, args.image_size, args.dry_run)
    optimizer = tf.keras.optimizers.SGD(0.1, momentum=0.9)
    mean, std = tf.constant(MEAN), tf.constant(STD)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False)

    @tf.function(jit_compile=False)
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model((tf.cast(x, tf.float32) - mean) / std, training=True))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    batches = iter(dataset)
    for _ in range(args.warmup):
        step(*next(batches))
    with GpuBusy() as busy:
        cpu0, t0 = _tree_cpu_seconds(), time.perf_counter()
        for _ in range(args.steps):
            loss = step(*next(batches))
        float(loss)  # waits for the last step
        elapsed, cpu = time.perf_counter() - t0, _tree_cpu_seconds() - cpu0
    images = args.steps * args.batch
    return Figure(source, out, images / elapsed, None, busy.share, cpu / images, args.steps, args.batch,
                  "gpu" if gpu else "cpu")


def _tf_model(tf, num_classes: int, size: int, dry_run: bool):
    """Keras's ResNet-50; for a dry run, two layers in its place. A dry run checks this script (the
    input pipeline, the traced training step, the figures) on the CPU: tracing ResNet-50's step and
    making its variables were ~3/4 of the test's minute there, and say nothing about the script."""
    shape = (size, size, 3)
    if not dry_run:
        return tf.keras.applications.ResNet50(weights=None, classes=num_classes, input_shape=shape)
    return tf.keras.Sequential([
        tf.keras.Input(shape), tf.keras.layers.Conv2D(8, 3, strides=2, activation="relu"),
        tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(num_classes, activation="softmax"),
    ])


# ---------------------------------------------------------------- main


def _available(source: str, framework: str, dry_run: bool = False) -> str | None:
    """Why `source` cannot run here, or None (a dry run decodes the gpu source's batches on the CPU)."""
    import importlib.util

    needs = {"dali": "nvidia.dali", "tf": "tensorflow"}.get(source)
    if needs and importlib.util.find_spec(needs.split(".")[0]) is None:
        return f"{needs} is not installed"
    if source == "gpu" and framework == "torch" and not dry_run:
        import torch

        if not torch.cuda.is_available():
            return "no CUDA device: nvJPEG decoding needs one"
    return None


def main(argv: list[str] | None = None) -> list[Figure]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outputs", nargs="+", help="shardify output folders (originals first, then resized)")
    parser.add_argument("--split", default="train")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 2))
    parser.add_argument("--image-size", type=int, default=CROP, help="the square crop the model trains on")
    parser.add_argument("--framework", choices=("torch", "tf"), default="torch")
    parser.add_argument("--decode-threads", type=int, default=3,
                        help="gpu source: batches decoded and cropped at once, each in a thread on its own stream")
    parser.add_argument("--sources", default=None, help="comma-separated; default: all that run here")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    parser.add_argument("--dry-run", action="store_true",
                        help="2 tiny steps on the CPU (TensorFlow's with a two-layer model): checks the script runs")
    args = parser.parse_args(argv)
    if args.dry_run:
        args.steps, args.warmup, args.batch, args.workers, args.image_size = 2, 1, 4, 0, 64
    default_sources = "synthetic,cpu,gpu,dali" if args.framework == "torch" else "synthetic,tf"
    sources = (args.sources or default_sources).split(",")
    run = _run_torch if args.framework == "torch" else _run_tf
    figures: list[Figure] = []
    ceiling = None  # the synthetic source's images/s, on the first output
    for out in args.outputs:
        for source in sources:
            if source == "synthetic" and out != args.outputs[0]:
                continue  # the ceiling does not depend on the output
            why_not = _available(source, args.framework, args.dry_run)
            if why_not:
                figures.append(Figure(source, out, 0.0, None, None, None, 0, args.batch, f"not run: {why_not}"))
                print(f"{source:>9} {out}: not run ({why_not})", flush=True)
                continue
            try:
                figure = run(source, out, args)
            except Exception as error:  # noqa: BLE001 - one source failing must not lose the others' figures
                if args.dry_run:
                    raise
                figures.append(Figure(source, out, 0.0, None, None, None, 0, args.batch, f"failed: {error!r:.300}"))
                print(f"{source:>9} {out}: failed ({error!r:.300})", flush=True)
                continue
            if source == "synthetic":
                ceiling = figure.images_per_s
            figure.ceiling_share = figure.images_per_s / ceiling if ceiling else None
            figures.append(figure)
            busy = f"{figure.gpu_busy:.0%}" if figure.gpu_busy is not None else "n/a"
            share = f"{figure.ceiling_share:.2f}x" if figure.ceiling_share is not None else "n/a"
            print(
                f"{source:>9} {out}: {figure.images_per_s:8.0f} images/s, {share} the ceiling, GPU busy {busy}, "
                f"{1e3 * (figure.cpu_s_per_image or 0):.2f} CPU ms/image ({figure.note})",
                flush=True,
            )
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(f) for f in figures], indent=1))
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
