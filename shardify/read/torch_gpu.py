"""Decoding on the GPU without DALI: DataLoader workers only read and parse records, and the training
process decodes each batch's JPEGs with nvJPEG (torchvision's `decode_jpeg` to a CUDA device, the
GPU's hardware JPEG decoder where it has one) and fits them there, batches ahead of the step.

Why this shape (measured, docs/performance.md "Training on a GPU", session 5): on an H200 with 16
cores, nvJPEG alone decodes 19,000 photo-sized images/s and a ResNet-50 step takes 4,650 images/s,
yet decoding from the training process a batch at a time fed the step at 0.64x its ceiling. Two
costs were the pipeline's, not the decoder's: a batch of 256 byte tensors crossing from each worker
(a shared-memory segment and a pinned copy per tensor), and one thread doing the decode, the
padding and the crop in turn. Here a batch crosses as one flat tensor and its end offsets
(`collate_encoded`), and `threads` batches are decoded and fitted at once, each on a CUDA stream
of its own (torchvision serialises the decodes behind one lock; the threads overlap one batch's
fitting with the next one's decode). With 3 workers this fed the step at 0.89-0.96x, 2.0-4.2x
what CPU decoding gave with the same workers.

Fits are `ReadOptions`' "stretch", "center_crop" and "random_crop", their windows drawn as the CPU
reader draws them (`torch_records`), each one `roi_align` over the padded batch (bilinear, averaging
2 x 2 samples a pixel); "pad" is refused. Formats nvJPEG does not read are decoded as the CPU
reader decodes them (`_pillow_pixels`). A batch's crops and flips are drawn from the
seed, the epoch and the batch's number, so they do not depend on which thread takes it.
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import torch

from shardify.errors import CorruptShardError, ReadOptionError
from shardify.read.options import CENTER_CROP, RANDOM_CROP, STRETCH
from shardify.read.torch_records import _center_window, _pillow_pixels, _random_window

GPU_FITS = (STRETCH, CENTER_CROP, RANDOM_CROP)
# At most this many pixels padded for one roi_align call (x 3 channels x 4 bytes: 1.5 GB): a batch of
# 256 photos of 640 x 640 fits in one; a panorama among them is fitted in a part of its own.
MAX_PADDED_PIXELS = 128 * 1024 * 1024
JPEG_START = b"\xff\xd8"


@dataclass(frozen=True)
class EncodedBatch:
    """A batch's stored image bytes as one flat uint8 tensor, each record's end offset, its labels."""

    flat: torch.Tensor
    ends: torch.Tensor
    labels: torch.Tensor

    def pin_memory(self) -> EncodedBatch:  # DataLoader(pin_memory=True) calls this: one pinned copy a batch
        return EncodedBatch(self.flat.pin_memory(), self.ends, self.labels.pin_memory())

    def images(self) -> list[torch.Tensor]:
        """Each record's bytes, as a view of `flat`."""
        ends = self.ends.tolist()
        return [self.flat[start:end] for start, end in zip([0, *ends[:-1]], ends)]


def collate_encoded(batch: Sequence[tuple[torch.Tensor, Any]]) -> EncodedBatch:
    """The DataLoader's `collate_fn` for `(stored bytes, label)` records (`IndexedDataset` or
    `ShardDataset` with `decoder="none", as_supervised=True`)."""
    encoded = []
    for image, _ in batch:
        if image.dtype != torch.uint8 or image.dim() != 1:
            raise ReadOptionError(
                f"collate_encoded takes stored image bytes (a 1-D uint8 tensor), not a {tuple(image.shape)} "
                f"{image.dtype} tensor: an output of raw pixels has nothing to decode on the GPU"
            )
        encoded.append(image)
    labels = [label for _, label in batch]
    if any(isinstance(label, dict) for label in labels):
        raise ReadOptionError("collate_encoded takes one class a record: this output's records hold objects "
                              "(read a detection output with collate_detection)")
    if any(isinstance(label, torch.Tensor) and label.numel() != 1 or isinstance(label, (list, tuple)) for label in labels):
        raise ReadOptionError("collate_encoded takes one class a record: this output's labels are multi-label")
    ends = torch.tensor([len(image) for image in encoded], dtype=torch.int64).cumsum(0)
    flat = torch.cat(encoded) if encoded else torch.empty(0, dtype=torch.uint8)
    return EncodedBatch(flat, ends, torch.as_tensor([int(label) for label in labels], dtype=torch.int64))


def _or_none(decode: Any, data: torch.Tensor, **options: Any) -> torch.Tensor | None:
    """One image through `decode`, or None where it refuses it."""
    try:
        return decode(data, **options)
    except RuntimeError:
        return None


def _parts(shapes: list[tuple[int, int]], budget: int) -> list[tuple[int, int]]:
    """(start, end) runs of the batch whose padded size (count x largest height x largest width)
    stays within `budget` pixels, each at least one image.

    >>> _parts([(10, 10)] * 4, 250), _parts([(10, 10), (100, 100), (10, 10)], 1_000_000)
    ([(0, 2), (2, 4)], [(0, 3)])
    """
    runs, start, rows, columns = [], 0, 0, 0
    for i, (h, w) in enumerate(shapes):
        grown_rows, grown_columns = max(rows, h), max(columns, w)
        if i > start and (i + 1 - start) * grown_rows * grown_columns > budget:
            runs.append((start, i))
            start, grown_rows, grown_columns = i, h, w
        rows, columns = grown_rows, grown_columns
    runs.append((start, len(shapes)))
    return runs


def _window(height: int, width: int, fit: str, aspect: float, rng: random.Random) -> tuple[float, float, float, float]:
    """(x1, y1, x2, y2) of the image region that `fit` maps onto the output: the CPU reader's
    windows (`torch_records`), as `roi_align` boxes."""
    if fit == RANDOM_CROP:
        y, x, h, w = _random_window(height, width, rng)
    elif fit == CENTER_CROP:
        y, x, h, w = _center_window(height, width, aspect)
    else:
        y, x, h, w = 0, 0, height, width
    return float(x), float(y), float(x + w), float(y + h)


class GpuDecoder:
    """Wraps an iterable of `EncodedBatch`es into one of `(images, labels)` on `device`: images
    [N, 3, height, width] float32 in [0, 255] (or [0, 1] with `normalize`, or `dtype`)."""

    def __init__(
        self, image_size: tuple[int, int], *, fit: str = RANDOM_CROP, flip: bool = False, normalize: bool = False,
        dtype: torch.dtype | None = None, seed: int = 0, device: str | torch.device = "cuda", threads: int = 3,
    ) -> None:
        if fit not in GPU_FITS:
            raise ReadOptionError(f"fit={fit!r}: decoding on the GPU fits by {', '.join(GPU_FITS)}")
        if len(image_size) != 2 or min(image_size) < 1:
            raise ReadOptionError(f"image_size={image_size!r} must be (height, width), each at least 1")
        if threads < 1:
            raise ReadOptionError(f"threads={threads!r} must be at least 1")
        if torch.device(device).type == "cuda" and not torch.cuda.is_available():
            # (else the first batch fails deep in a worker with torch's "torch.cuda.Stream requires CUDA support")
            raise ReadOptionError(
                f"device={str(device)!r}: PyTorch sees no CUDA GPU here (torch.cuda.is_available() is False); "
                "read with shardify.torch.ShardDataset (JPEGs decoded on the CPU), or pass device='cpu'"
            )
        self.size = (int(image_size[0]), int(image_size[1]))
        self.fit, self.flip, self.normalize, self.dtype = fit, flip, normalize, dtype
        self.seed, self.device, self.threads = int(seed), torch.device(device), threads
        self.epoch = 0
        self._local = threading.local()

    def set_epoch(self, epoch: int) -> None:
        """Sets the epoch that crops and flips draw from (as the datasets' `set_epoch`)."""
        self.epoch = int(epoch)

    def decode(self, encoded: list[torch.Tensor], number: int | None = None) -> list[torch.Tensor]:
        """Each image as [3, H, W] uint8 on the device: JPEGs by nvJPEG in one call (one by one
        where the call fails: one JPEG it refuses, CMYK say, fails the whole call); other formats
        (PNG, GIF, WebP, BMP: whatever the output stored as it came), and JPEGs nvJPEG refuses, by
        Pillow on the CPU (as the CPU readers decode them), then copied.

        Raises:
          CorruptShardError: an image no decoder reads, naming batch `number` and its place.
        """
        from torchvision.io import ImageReadMode, decode_jpeg

        jpegs = [i for i, data in enumerate(encoded) if bytes(data[:2].tolist()) == JPEG_START]
        images: list[Any] = [None] * len(encoded)
        if jpegs:
            try:
                decoded = decode_jpeg([encoded[i] for i in jpegs], mode=ImageReadMode.RGB, device=self.device)
            except RuntimeError:
                decoded = [_or_none(decode_jpeg, encoded[i], mode=ImageReadMode.RGB, device=self.device) for i in jpegs]
            for i, image in zip(jpegs, decoded):
                images[i] = image
        for i in range(len(encoded)):
            if images[i] is None:
                try:
                    images[i] = _pillow_pixels(encoded[i].numpy().tobytes()).contiguous().to(self.device, non_blocking=True)
                except Exception as error:  # noqa: BLE001 - Pillow raises many kinds on bytes it cannot read
                    where = f"batch {number}, image {i}" if number is not None else f"image {i} of the batch"
                    raise CorruptShardError(where, f"the stored image does not decode ({error})") from None
        return images

    def fit_batch(self, images: list[torch.Tensor], number: int) -> torch.Tensor:
        """The batch fitted to `image_size`: `roi_align` over the padded batch (in parts of at most
        MAX_PADDED_PIXELS, so one panorama among photos cannot pad them all to its size), then flips."""
        rng = random.Random(f"{self.seed}/{self.epoch}/{number}")
        shapes = [(int(image.shape[1]), int(image.shape[2])) for image in images]
        height, width = self.size
        windows = [_window(h, w, self.fit, width / height, rng) for h, w in shapes]
        parts = [self._fitted(images[a:b], windows[a:b]) for a, b in _parts(shapes, MAX_PADDED_PIXELS)]
        out = parts[0] if len(parts) == 1 else torch.cat(parts)
        if self.flip:
            flips = torch.tensor([rng.random() < 0.5 for _ in images]).to(self.device)
            out = torch.where(flips.view(-1, 1, 1, 1), out.flip(-1), out)
        out = out.clamp_(0.0, 255.0)  # bilinear sums can pass 255 by a rounding
        if self.normalize:
            out = out / 255.0
        if self.dtype is not None and not self.dtype.is_floating_point:
            out = out.round()  # as the CPU reader casts to a whole-number dtype
        return out.to(self.dtype) if self.dtype is not None else out

    def _fitted(self, images: list[torch.Tensor], windows: list[tuple[float, float, float, float]]) -> torch.Tensor:
        """One `roi_align` over `images` padded to their largest; each image's last row and column
        are repeated into the padding (a sample in an edge's last half pixel blends with it)."""
        from torchvision.ops import roi_align

        rows, columns = max(int(image.shape[1]) for image in images), max(int(image.shape[2]) for image in images)
        padded = torch.zeros((len(images), 3, rows, columns), dtype=torch.float32, device=self.device)
        for i, image in enumerate(images):
            h, w = int(image.shape[1]), int(image.shape[2])
            padded[i, :, :h, :w] = image
            if w < columns:
                padded[i, :, :h, w] = image[:, :, w - 1]
            if h < rows:
                padded[i, :, h, : min(w + 1, columns)] = padded[i, :, h - 1, : min(w + 1, columns)]
        boxes = torch.tensor([[i, *box] for i, box in enumerate(windows)], dtype=torch.float32).to(self.device)
        return roi_align(padded, boxes, output_size=self.size, sampling_ratio=2, aligned=True)

    def _stream(self) -> torch.cuda.Stream | None:
        if self.device.type != "cuda":
            return None
        if getattr(self._local, "stream", None) is None:
            self._local.stream = torch.cuda.Stream(device=self.device)
        return self._local.stream

    def _prepare(self, batch: EncodedBatch, number: int) -> tuple[torch.Tensor, torch.Tensor, Any]:
        stream = self._stream()
        if stream is None:
            return self.fit_batch(self.decode(batch.images(), number), number), batch.labels.to(self.device), None
        with torch.cuda.stream(stream):
            images = self.fit_batch(self.decode(batch.images(), number), number)
            labels = batch.labels.to(self.device, non_blocking=True)
            done = torch.cuda.Event()
            done.record(stream)
        return images, labels, done

    def __call__(self, batches: Iterable[EncodedBatch]) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        with ThreadPoolExecutor(self.threads, thread_name_prefix="shardify-gpu-decode") as pool:
            pending: deque = deque()
            for number, batch in enumerate(batches):
                pending.append(pool.submit(self._prepare, batch, number))
                if len(pending) > self.threads:
                    yield self._take(pending.popleft().result())
            while pending:
                yield self._take(pending.popleft().result())

    @staticmethod
    def _take(prepared: tuple[torch.Tensor, torch.Tensor, Any]) -> tuple[torch.Tensor, torch.Tensor]:
        images, labels, done = prepared
        if done is not None:  # the consumer's stream waits for the batch, and keeps its memory until used
            current = torch.cuda.current_stream(images.device)
            current.wait_event(done)
            images.record_stream(current)
            labels.record_stream(current)
        return images, labels


class GpuLoader:
    """One epoch per iteration of a split's `(images, labels)` batches, decoded and fitted on the
    GPU: an `IndexedDataset` (decoder="none") read by DataLoader workers, a sampler that shuffles
    every record once an epoch, and a `GpuDecoder`. `set_epoch` moves the shuffle, crops and flips."""

    def __init__(self, dataset: Any, loader: Any, decoder: GpuDecoder, generator: torch.Generator) -> None:
        self.dataset, self.loader, self.decoder, self._generator = dataset, loader, decoder, generator

    def __len__(self) -> int:
        return len(self.loader)

    def set_epoch(self, epoch: int) -> None:
        self.dataset.set_epoch(epoch)
        self.decoder.set_epoch(epoch)
        self._generator.manual_seed(self.decoder.seed * 1_000_003 + int(epoch))

    def __iter__(self) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        return self.decoder(self.loader)


def gpu_loader(
    path: str, split: str = "train", *, batch_size: int, image_size: tuple[int, int], fit: str = RANDOM_CROP,
    flip: bool = False, normalize: bool = False, dtype: torch.dtype | None = None, shuffle: bool = True,
    seed: int = 0, device: str | torch.device = "cuda", num_workers: int = 4, threads: int = 3,
    drop_last: bool = False,
) -> GpuLoader:
    """A split of a shardify output of images and labels, decoded on the GPU (see the module's
    docstring for why it is built so). Every record comes once an epoch, with `IndexedDataset`'s
    label; `num_workers` DataLoader workers only read and parse."""
    from torch.utils.data import DataLoader, RandomSampler, SequentialSampler

    from shardify.read.torch import IndexedDataset

    decoder = GpuDecoder(image_size, fit=fit, flip=flip, normalize=normalize, dtype=dtype, seed=seed, device=device,
                         threads=threads)
    dataset = IndexedDataset(path, split, decoder="none", as_supervised=True, seed=seed)
    generator = torch.Generator().manual_seed(seed * 1_000_003)
    sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
    loader = DataLoader(
        dataset, batch_size=batch_size, sampler=sampler, num_workers=num_workers, collate_fn=collate_encoded,
        pin_memory=torch.device(device).type == "cuda", drop_last=drop_last,
        prefetch_factor=4 if num_workers > 0 else None, persistent_workers=num_workers > 0,
    )
    return GpuLoader(dataset, loader, decoder, generator)
