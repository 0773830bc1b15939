"""`shardify bench OUT --reader torch` times the PyTorch reader (`shardify.torch.ShardDataset` in a
real DataLoader with worker processes), stage by stage, and names the stage that bounds it. The
stage made slow here is made so by real work, as a user's data would: images stored large and read
small (decoding bounds), tiny images fitted to a large size (resizing bounds). No figure is
compared with a speed; what is checked is what is measured and how it is reported."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the PyTorch reader's tests need torch: pip install 'shardify[torch]'")

from PIL import Image  # noqa: E402

from helpers.cli_runs import one_line_error, run_shardify  # noqa: E402
from helpers.sources import SAMPLE_DATA, convert  # noqa: E402
from shardify.read.bench_torch import bench_torch  # noqa: E402
from shardify.read.options import ReadOptions  # noqa: E402


def _images(root: Path, side: int, count: int) -> Path:
    """`count` noise JPEGs of side x side in two class folders (noise: a JPEG that decodes slowly)."""
    rng = np.random.default_rng(side)
    for i in range(count):
        folder = root / ("a", "b")[i % 2]
        folder.mkdir(parents=True, exist_ok=True)
        pixels = rng.integers(0, 256, (side, side, 3), dtype=np.uint8)
        Image.fromarray(pixels).save(folder / f"{i}.jpg", quality=95)
    return root


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("large")
    return convert(_images(root / "src", 1400, 6), root / "out", shards=2)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tiny")
    return convert(_images(root / "src", 16, 6), root / "out", shards=2)


def test_every_stage_is_timed_in_worker_processes_and_their_cpu_is_counted(large: Path) -> None:
    """Decoding a 1400 x 1400 noise JPEG costs tens of ms: counted only in the workers, it shows in
    the CPU time per record (without the workers' CPU, this process spends well under 1 ms each)."""
    report = bench_torch(str(large), options=ReadOptions(image_size=(8, 8)), records=12, workers=2, batch_size=4)
    assert [stage.name for stage in report.stages] == ["read", "parse", "decode", "fit", "batch"]
    assert report.reader == "torch" and report.workers == 2 and report.records == 12
    for stage in report.stages:
        assert stage.records_per_s > 0 and stage.mb_per_s > 0 and stage.cpu_us >= 0
    decode = next(stage for stage in report.stages if stage.name == "decode")
    assert decode.cpu_us > 3000, [(s.name, round(s.cpu_us)) for s in report.stages]
    assert report.decode_limit == decode.records_per_s
    assert report.bound == "decode", [(s.name, round(s.added_cpu_us)) for s in report.stages]
    assert "decode JPEGs on the GPU" in report.lift


def test_fitting_tiny_images_to_a_large_size_is_named_as_the_bound(tiny: Path) -> None:
    options = ReadOptions(image_size=(900, 900), fit="random_crop", flip=True)
    report = bench_torch(str(tiny), options=options, records=12, workers=0, batch_size=2)
    assert report.bound == "fit", [(s.name, round(s.added_cpu_us)) for s in report.stages]


def test_a_text_output_has_no_decode_stage(tmp_path: Path) -> None:
    texts = convert(SAMPLE_DATA / "texts", tmp_path / "texts", shards=2)
    report = bench_torch(str(texts), records=20, workers=0, batch_size=4)
    assert [stage.name for stage in report.stages] == ["read", "parse", "batch"] and report.decode_limit is None


def test_the_command_reports_the_torch_reader_and_a_training_step(large: Path) -> None:
    result = run_shardify(
        "bench", str(large), "--reader", "torch", "--workers", "1", "--records", "6", "--batch-size", "2",
        "--image-size", "8", "--dtype", "uint8", "--as-supervised", "--accelerator-rate", "1000000", "--json",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["reader"] == "torch" and report["workers"] == 1
    assert 0 < report["input_wait_share"] <= 1 and report["accelerators_fed"] < 1
    text = run_shardify("bench", str(large), "--reader", "torch", "--workers", "0", "--records", "4", "--image-size", "8")
    assert text.returncode == 0, text.stderr[-2000:]
    assert "read by shardify.torch in 0 DataLoader workers" in text.stdout and "bound by: " in text.stdout


def test_options_of_the_other_reader_are_refused_in_one_line(large: Path) -> None:
    for args, expected in (
        (["--reader", "jax"], "--reader 'jax' must be one of: tf.data, torch"),
        (["--workers", "2"], "--workers is the DataLoader's num_workers: give it with --reader torch"),
        (["--reader", "torch", "--cache"], "--cache is shardify.load's (tf.data)"),
        (["--reader", "torch", "--scaled-decode"], "--scaled-decode is shardify.load's (tf.data)"),
    ):
        result = run_shardify("bench", str(large), *args)
        assert result.returncode == 2, result.stderr
        assert expected in one_line_error(result)
