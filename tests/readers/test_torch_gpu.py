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
