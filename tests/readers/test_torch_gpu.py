"""`shardify.torch.gpu_loader`, the nvJPEG route, run on the CPU (device="cpu": torchvision's JPEG
decoder where nvJPEG would be): the checks benchmarks/gpu_epoch.py runs on a GPU machine, on the
sample images (JPEG, PNG, GIF, WebP and BMP as they were stored). Needs torch and torchvision
(not in the test extra: docs/testing.md); the GPU check ran it on an H200 (docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
try:
    import torchvision.ops  # noqa: F401 - a torchvision built for another torch fails here, not at find_spec
except Exception as error:  # noqa: BLE001
    pytest.skip(f"needs a torchvision that imports beside this torch ({error!r:.120})", allow_module_level=True)

from benchmarks.gpu_epoch import check  # noqa: E402
from shardify.errors import ReadOptionError  # noqa: E402
from shardify.torch import collate_encoded  # noqa: E402


def test_every_record_once_an_epoch_with_the_cpu_readers_labels(converted: Path) -> None:
    assert check(str(converted), "cpu", batch_size=8, workers=2) == []


def test_a_batch_of_pixels_or_several_labels_is_refused_with_a_reason() -> None:
    with pytest.raises(ReadOptionError, match="raw pixels"):
        collate_encoded([(torch.zeros((4, 4, 3), dtype=torch.uint8), 0)])
    with pytest.raises(ReadOptionError, match="multi-label"):
        collate_encoded([(torch.zeros(8, dtype=torch.uint8), torch.tensor([1, 2]))])
    with pytest.raises(ReadOptionError, match="objects"):
        collate_encoded([(torch.zeros(8, dtype=torch.uint8), {"bbox": torch.zeros((1, 4))})])


def _jpeg(width: int, height: int, seed: int) -> torch.Tensor:
    import io

    import numpy as np
    from PIL import Image

    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "JPEG", quality=90)
    return torch.frombuffer(bytearray(buffer.getvalue()), dtype=torch.uint8)


def test_a_batch_is_fitted_the_same_in_parts_and_beside_larger_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """One panorama among photos is fitted in a part of its own (the padded batch stays bounded),
    and an image beside a larger one comes out as it does alone (its edges not blended with padding)."""
    from shardify.read import torch_gpu

    decoder = torch_gpu.GpuDecoder((24, 24), fit="stretch", device="cpu", threads=1)
    images = decoder.decode([_jpeg(40, 30, 1), _jpeg(200, 20, 2), _jpeg(32, 32, 3)])
    whole = decoder.fit_batch(images, 0)
    monkeypatch.setattr(torch_gpu, "MAX_PADDED_PIXELS", 40 * 40)
    assert torch_gpu._parts([(30, 40), (20, 200), (32, 32)], torch_gpu.MAX_PADDED_PIXELS) == [(0, 1), (1, 2), (2, 3)]
    assert torch.allclose(decoder.fit_batch(images, 0), whole, atol=1e-3)
    alone = decoder.fit_batch(images[:1], 0)
    assert torch.allclose(alone[0], whole[0], atol=1e-3)


def test_an_image_no_decoder_reads_names_its_batch_and_place() -> None:
    from shardify.errors import CorruptShardError
    from shardify.read.torch_gpu import GpuDecoder

    decoder = GpuDecoder((24, 24), device="cpu", threads=1)
    with pytest.raises(CorruptShardError, match=r"batch 7, image 1: the stored image does not decode"):
        decoder.decode([_jpeg(16, 16, 1), torch.frombuffer(bytearray(b"\x89PNG not really"), dtype=torch.uint8)], 7)


def test_cuda_asked_where_torch_sees_none_is_refused_naming_the_cpu_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's gpu_loader(...) on a machine with no GPU is refused when made, naming what reads
    there (it was torch's "torch.cuda.Stream requires CUDA support" from the first batch)."""
    from shardify.errors import ReadOptionError
    from shardify.read.torch_gpu import GpuDecoder

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(ReadOptionError, match=r"device='cuda'.*no CUDA GPU.*ShardDataset.*device='cpu'"):
        GpuDecoder((24, 24))
    assert GpuDecoder((24, 24), device="cpu").device.type == "cpu"
