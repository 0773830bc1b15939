"""The GPU check (benchmarks/gpu_train.py, run on a lent GPU machine by benchmarks/gpu_check.sh)
runs here as a dry run on the CPU: a few tiny training steps from each input pipeline that this
machine can run (PyTorch's on ResNet-50, TensorFlow's on a two-layer model: tracing Keras's ResNet-50
was most of the test and checks Keras, not the script), so the script a GPU session relies on cannot
rot between GPU sessions."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.sources import REPO, convert

TIMEOUT_SECONDS = 600


def _dry_run(out: Path, tmp_path: Path, *args: str) -> list[dict]:
    figures = tmp_path / "figures.json"
    command = [sys.executable, "-m", "benchmarks.gpu_train", str(out), "--dry-run", "--json", str(figures), *args]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(figures.read_text())


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs TensorFlow (the test extra)")
def test_dry_run_trains_from_shardify_load(converted: Path, tmp_path: Path) -> None:
    (figure,) = _dry_run(converted, tmp_path, "--framework", "tf", "--sources", "tf")
    assert figure["source"] == "tf" and figure["steps"] == 2 and figure["batch"] == 4
    # CPU time is counted in clock ticks (10 ms): two steps of four tiny images can fall within one tick.
    assert figure["images_per_s"] > 0 and figure["cpu_s_per_image"] >= 0


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None or importlib.util.find_spec("torchvision") is None,
    reason="needs torch and torchvision (not in the test extra: see docs/testing.md)",
)
def test_dry_run_trains_from_shardify_torch(converted: Path, tmp_path: Path) -> None:
    figures = _dry_run(converted, tmp_path, "--sources", "synthetic,cpu,gpu")
    by_source = {figure["source"]: figure for figure in figures}
    assert by_source["synthetic"]["images_per_s"] > 0 and by_source["cpu"]["images_per_s"] > 0
    assert by_source["gpu"]["images_per_s"] > 0  # a dry run decodes the nvJPEG route's batches on the CPU


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None or importlib.util.find_spec("torchvision") is None,
    reason="needs torch and torchvision (not in the test extra: see docs/testing.md)",
)
def test_dry_run_times_each_stage_of_the_nvjpeg_route(converted: Path, tmp_path: Path) -> None:
    figures = tmp_path / "stages.json"
    command = [sys.executable, "-m", "benchmarks.gpu_stages", str(converted), "--dry-run", "--json", str(figures)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert result.returncode == 0, result.stderr[-3000:]
    stages = json.loads(figures.read_text())
    assert [s["stage"] for s in stages] == ["parse", "decode", "crop", "step"]
    assert all(s["images_per_s"] > 0 and s["batch"] == 4 for s in stages)


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None or importlib.util.find_spec("nvidia") is None
    or importlib.util.find_spec("nvidia.dali") is None,
    reason="needs torch and DALI (DALI is in the test extra, torch is not: see docs/testing.md)",
)
def test_the_dali_gpu_check_runs_its_checks_on_the_cpu(sample_images: Path, tmp_path: Path) -> None:
    source = tmp_path / "jpegs"  # DALI's decoders take no GIF (docs/reading.md): the sample's JPEGs alone
    for path in sample_images.rglob("*.jpg"):
        (source / path.relative_to(sample_images)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, source / path.relative_to(sample_images))
    converted = convert(source, tmp_path / "out", shards=2)
    command = [sys.executable, "-m", "benchmarks.gpu_dali", str(converted), "--cpu-only", "--threads", "1",
               "--batch", "4", "--size", "32"]  # fmt: skip
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    assert f"{converted}: ok" in result.stdout and "rec/s" in result.stdout
