"""`shardify bench OUT` times the pipeline shardify.load builds, stage by stage, on real shards
with real tf.data, and names the stage that bounds it: here a stage is made slow on purpose
(real TensorFlow work added to it and to every later cut) and the report must name it. No figure
is compared with a speed: the tests check what is measured and how it is reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow", reason="shardify bench reads with tf.data: needs TensorFlow (the tf extra)")

from helpers.cli_runs import one_line_error, run_shardify  # noqa: E402
from helpers.sources import SAMPLE_DATA, convert  # noqa: E402
from shardify.read.bench import BenchReport, Stage, StageFigure, _bound, bench, pipeline_stages  # noqa: E402
from shardify.read.bench_step import TrainingStep  # noqa: E402
from shardify.read.options import ReadOptions  # noqa: E402


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return convert(SAMPLE_DATA / "texts", tmp_path_factory.mktemp("texts"), shards=2)


def test_every_stage_of_an_image_pipeline_is_timed_and_one_bounds_it(converted: Path) -> None:
    result = run_shardify(
        "bench", str(converted), "--records", "60", "--batch-size", "8", "--image-size", "32",
        "--fit", "random_crop", "--flip", "--json", timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert [stage["name"] for stage in report["stages"]] == ["read", "parse", "decode", "fit", "batch"]
    for stage in report["stages"]:
        assert stage["records_per_s"] > 0 and stage["mb_per_s"] > 0 and stage["cpu_us"] >= 0
    assert report["bound"] in {"read", "parse", "decode", "fit", "batch"} and report["lift"]
    assert report["decode_limit"] == report["stages"][2]["records_per_s"]
    assert report["records"] == 60 and report["cores"] >= 1


def test_a_text_pipeline_has_no_decode_stage_and_the_text_report_names_the_bound(texts: Path) -> None:
    result = run_shardify("bench", str(texts), "--records", "40", "--batch-size", "4", timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line.split()[0] for line in result.stdout.splitlines()[2:5]]
    assert rows == ["read", "parse", "batch"]
    assert "bound by: " in result.stdout and "decode limit" not in result.stdout


def _heavy(value):
    """Real CPU work in the graph, the same for every record (~0.6 GFLOP: several ms, far above what
    any stage costs on these small images, so that a noisy machine cannot hide it)."""
    # The matrix depends on the record (times 0), so that TensorFlow's graph optimizer cannot fold
    # the work into a constant: folded in one stage's map and not in another's, it named the wrong
    # stage on a loaded machine.
    size = tf.cast(tf.size(tf.nest.flatten(value)[0]), tf.float32)
    matrix = tf.random.stateless_uniform((200, 200), seed=(1, 2)) + size * 0.0
    for _ in range(40):
        matrix = tf.linalg.matmul(matrix, matrix) / 200.0
    return value, tf.reduce_sum(matrix)


@pytest.mark.parametrize("slow", ["parse", "decode", "fit"])
def test_the_stage_made_slow_is_named_as_the_bound(converted: Path, slow: str) -> None:
    options = ReadOptions(image_size=(32, 32), fit="random_crop", batch_size=4)
    stages = pipeline_stages(str(converted), "train", options)
    names = [stage.name for stage in stages]
    first_slow = names.index(slow)

    def slowed(stage: Stage, index: int) -> Stage:
        if index < first_slow:
            return stage
        if stage.name == "batch":  # batches: the work once per record, before batching
            return Stage(stage.name, lambda count, build=stage.build: build(count).unbatch().map(_heavy))
        return Stage(stage.name, lambda count, build=stage.build: build(count).map(_heavy))

    report = bench(str(converted), options=options, records=32, stages=[slowed(s, i) for i, s in enumerate(stages)])
    assert report.bound == slow, [(s.name, round(s.added_cpu_us)) for s in report.stages]


def test_reading_is_the_bound_only_where_the_whole_pipeline_runs_at_its_rate() -> None:
    """A slow disk: reading alone runs below what the cores could do, and the pipeline no faster. A
    short read pass slowed by a loaded machine beside a pipeline that runs at half its rate: the
    CPU work bounds it (reading was named so in a loaded CI run, where fit was made slow)."""

    def stage(name: str, rate: float, cpu_us: float, added: float) -> StageFigure:
        return StageFigure(name, records_per_s=rate, mb_per_s=1.0, cpu_us=cpu_us, added_us=0.0, added_cpu_us=added)

    slow_disk = [stage("read", 100.0, 50.0, 50.0), stage("decode", 95.0, 900.0, 850.0), stage("batch", 94.0, 950.0, 50.0)]
    assert _bound(slow_disk, cores=2) == "read"
    loaded = [stage("read", 300.0, 811.0, 811.0), stage("fit", 150.0, 5863.0, 5052.0), stage("batch", 150.0, 6204.0, 341.0)]
    assert _bound(loaded, cores=2) == "fit"


def test_a_training_step_gives_the_wait_and_the_accelerators_fed() -> None:
    figure = StageFigure("batch", records_per_s=1000.0, mb_per_s=1.0, cpu_us=1.0, added_us=1.0, added_cpu_us=1.0)

    def report(step: TrainingStep) -> BenchReport:
        return BenchReport("out", "train", 10, 1.0, 2, (figure,), "batch", "", None, 1000.0, step)

    slow_step = report(TrainingStep(step_ms=512.0, batch=256))  # 500 records/s: the input keeps up
    assert slow_step.input_wait_share == 0.0 and slow_step.accelerators_fed == pytest.approx(2.0)
    fast = report(TrainingStep(accelerator_rate=2500.0, accelerators=2))  # 5,000 records/s wanted
    assert fast.input_wait_share == pytest.approx(0.8) and fast.accelerators_fed == pytest.approx(0.4)
    with pytest.raises(ValueError):
        TrainingStep(step_ms=10.0)  # no batch: no rate


def test_bad_options_are_refused_in_one_line(converted: Path) -> None:
    for args, expected in (
        (["--image-size", "3x"], "--image-size '3x' must be N or HxW"),
        (["--model", "resnet50", "--accelerator", "tpu-v9"], "no training rate known for model 'resnet50'"),
        (["--fit", "squash", "--image-size", "8"], "fit='squash' must be one of"),
    ):
        result = run_shardify("bench", str(converted), *args, timeout=300)
        assert result.returncode == 2, result.stderr
        assert expected in one_line_error(result)
