"""Defects a twelfth review found in `shardify bench --reader torch` (shardify/read/bench_torch.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

from helpers.sources import convert, image_bytes, write_file  # noqa: E402
from shardify.read import bench_torch as bench  # noqa: E402
from shardify.torch import ShardDataset  # noqa: E402


def test_more_workers_than_records_time_the_records_they_report(tmp_path: Path) -> None:
    """A split of 2 records read by 3 workers: the third worker's part is empty, so the cut read 8
    records while the rates were of 12 (1.5 times too fast, exit 0). The workers are no more than
    the records, and each cut reads the records the report divides by."""
    for i, folder in enumerate("ab"):
        write_file(tmp_path / "src" / folder / f"{i}.png", image_bytes(fmt="PNG", seed=i))
    out = convert(tmp_path / "src", tmp_path / "out")
    report = bench.bench_torch(str(out), records=12, workers=3, batch_size=2)
    assert report.workers == 2 and report.records == 12, (report.workers, report.records)
    dataset = bench._cut_dataset(ShardDataset(str(out), "train"), "read")  # noqa: SLF001
    loader = torch.utils.data.DataLoader(bench._Repeated(dataset, 12), batch_size=None, num_workers=report.workers)  # noqa: SLF001
    assert sum(1 for _ in loader) == 12
