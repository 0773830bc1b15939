"""The nvJPEG route of the GPU check: a batch's stored bytes, decoded on the GPU by torchvision's
nvJPEG and random-resized-cropped there, ahead of the training step (benchmarks/gpu_train.py's
"gpu" source; benchmarks/gpu_stages.py times its stages alone)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

# Random-resized-crop ranges, as torchvision's and shardify's readers draw them.
AREA = (0.08, 1.0)
ASPECT = (3 / 4, 4 / 3)


def _crop_windows(shapes: list[tuple[int, int]], rng, size: int) -> list[tuple[float, float, float, float, bool]]:
    """(x1, y1, x2, y2, flip) per image: torchvision's random-resized-crop draw (10 tries, then the
    whole image), from the decoded shapes alone (host metadata: no wait for the GPU)."""
    import math

    windows = []
    for height, width in shapes:
        window = (0.0, 0.0, float(width), float(height))
        for _ in range(10):
            area = height * width * rng.uniform(*AREA)
            ratio = math.exp(rng.uniform(math.log(ASPECT[0]), math.log(ASPECT[1])))
            w, h = round(math.sqrt(area * ratio)), round(math.sqrt(area / ratio))
            if 0 < w <= width and 0 < h <= height:
                x, y = rng.randint(0, width - w), rng.randint(0, height - h)
                window = (float(x), float(y), float(x + w), float(y + h))
                break
        windows.append((*window, rng.random() < 0.5))
    return windows


class GpuDecoder:
    """Batches of stored bytes -> cropped, flipped [N, 3, size, size] float batches on the GPU, ahead
    of the training step: nvJPEG decodes the batch at once (torchvision's `decode_jpeg` on a list),
    the crops and resizes are one `roi_align` over the padded batch, and both run in worker threads,
    each on a CUDA stream of its own, while the step of the batch before runs. `threads` batches are
    in flight at once: torchvision holds one decoder behind a lock, so a second thread overlaps one
    batch's padding and cropping (Python, kernel launches) with the next one's decode, not two
    decodes. Crop windows are drawn from the batch's number and the seed, so they do not depend on
    which thread takes a batch."""

    def __init__(self, device: str, size: int, seed: int = 0, threads: int = 1) -> None:
        self.device, self.size, self.seed, self.threads = device, size, seed, max(1, threads)
        self._local = threading.local()

    def _stream(self):
        import torch

        if not self.device.startswith("cuda"):
            return None
        if getattr(self._local, "stream", None) is None:
            self._local.stream = torch.cuda.Stream()
        return self._local.stream

    def decode(self, encoded: list) -> list:
        """The batch's images as [3, H, W] uint8 tensors on the device (PNG and others decoded on the CPU)."""
        from torchvision.io import ImageReadMode, decode_image, decode_jpeg

        jpegs = [i for i, data in enumerate(encoded) if bytes(data[:2].tolist()) == b"\xff\xd8"]
        images = [None] * len(encoded)
        for i, image in zip(jpegs, decode_jpeg([encoded[i] for i in jpegs], device=self.device)):
            images[i] = image
        for i in sorted(set(range(len(encoded))) - set(jpegs)):
            images[i] = decode_image(encoded[i], mode=ImageReadMode.RGB).to(self.device)
        return images

    def crop(self, images: list, number: int):
        """One random-resized crop and flip per image, as one `roi_align` over the padded batch."""
        import random

        import torch
        from torchvision.ops import roi_align

        shapes = [(int(image.shape[1]), int(image.shape[2])) for image in images]
        height, width = max(h for h, _ in shapes), max(w for _, w in shapes)
        padded = torch.zeros((len(images), 3, height, width), dtype=torch.float32, device=self.device)
        for i, image in enumerate(images):
            padded[i, :, : image.shape[1], : image.shape[2]] = image[:3]
        windows = _crop_windows(shapes, random.Random(self.seed * 1_000_003 + number), self.size)
        boxes = torch.tensor([[i, *w[:4]] for i, w in enumerate(windows)], dtype=torch.float32, device=self.device)
        out = roi_align(padded, boxes, output_size=(self.size, self.size), sampling_ratio=2, aligned=True)
        flips = torch.tensor([w[4] for w in windows], device=self.device)
        return torch.where(flips.view(-1, 1, 1, 1), out.flip(-1), out)

    def _on_side_stream(self, number: int, batch: tuple):
        import torch

        encoded, labels = _unpacked(batch)
        stream = self._stream()
        if stream is None:
            return self.crop(self.decode(encoded), number), labels.to(self.device), None
        with torch.cuda.stream(stream):
            images = self.crop(self.decode(encoded), number)
            targets = labels.to(self.device, non_blocking=True)
            done = torch.cuda.Event()
            done.record(stream)
        return images, targets, done

    def __call__(self, stream: Iterator) -> Iterator:
        from collections import deque
        from concurrent.futures import ThreadPoolExecutor

        import torch

        with ThreadPoolExecutor(self.threads) as pool:
            pending: deque = deque()
            for number, batch in enumerate(stream):
                pending.append(pool.submit(self._on_side_stream, number, batch))
                if len(pending) <= self.threads:
                    continue  # keep `threads` batches in flight before the first is taken
                yield self._take(pending.popleft().result(), torch)
            while pending:
                yield self._take(pending.popleft().result(), torch)

    @staticmethod
    def _take(result, torch):
        images, targets, done = result
        if done is not None:
            torch.cuda.current_stream().wait_event(done)
            images.record_stream(torch.cuda.current_stream())
            targets.record_stream(torch.cuda.current_stream())
        return images, targets


def packed(batch: list) -> tuple:
    """A batch of (stored bytes, label) as (one flat uint8 tensor, end offsets, labels): one tensor
    crosses from a DataLoader worker (one shared-memory segment, one pinned copy) where a list of
    the batch's byte tensors costs one each."""
    import torch

    encoded = [item[0] for item in batch]
    ends = torch.tensor([len(e) for e in encoded], dtype=torch.int64).cumsum(0)
    return torch.cat(encoded), ends, torch.tensor([int(item[1]) for item in batch])


def _unpacked(batch: tuple) -> tuple[list, object]:
    """(list of per-image byte tensors, labels) from `packed`'s form or the list form."""
    if len(batch) == 3:
        flat, ends, labels = batch
        starts = [0, *ends[:-1].tolist()]
        return [flat[a:b] for a, b in zip(starts, ends.tolist())], labels
    return batch[0], batch[1]
