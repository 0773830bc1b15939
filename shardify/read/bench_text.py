"""`shardify bench`'s report as text for a person (the figures come from `shardify.read.bench`).
Imports no TensorFlow: it formats a report's plain values."""

from __future__ import annotations

from typing import Any

__all__ = ["describe_bench"]


def _number(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 else f"{value:,.1f}"


def describe_bench(report: Any) -> str:
    """The report as lines: one row per stage, the decode limit, the bounding stage and what lifts
    it, and, given a training step, its wait for input and the accelerators this host feeds."""
    torch_reader = getattr(report, "reader", "tf.data") == "torch"
    reader = f"shardify.torch in {report.workers} DataLoader workers" if torch_reader else "shardify.load (tf.data)"
    lines = [
        f"{report.path} ({report.split}): {report.records:,} records per stage, "
        f"{report.mean_record_bytes / 1000:,.1f} kB each, {report.cores} cores, read by {reader}",
        f"{'stage':<8}{'records/s':>12}{'MB/s':>10}{'CPU µs/record':>15}{'adds µs/record':>16}{'adds CPU µs':>13}",
    ]
    for stage in report.stages:
        lines.append(
            f"{stage.name:<8}{_number(stage.records_per_s):>12}{_number(stage.mb_per_s):>10}"
            f"{_number(stage.cpu_us):>15}{_number(stage.added_us):>16}{_number(stage.added_cpu_us):>13}"
        )
    if report.decode_limit is not None:
        cpu = next(stage.cpu_us for stage in report.stages if stage.name == "decode")
        share = report.pipeline_rate / report.decode_limit
        decoder = "the reader's decoder, in as many workers" if torch_reader else "TensorFlow's decoder"
        lines.append(
            f"decode limit ({decoder} on these records, this machine): {_number(report.decode_limit)} "
            f"records/s, {_number(cpu)} CPU µs/record; the whole pipeline runs at {share:.2f}x it"
        )
    total = sum(stage.added_cpu_us for stage in report.stages) or 1.0
    added = next(stage.added_cpu_us for stage in report.stages if stage.name == report.bound)
    lines.append(f"bound by: {report.bound} ({added / total:.0%} of the CPU time per record). {report.lift}")
    step = report.step
    if step is not None and step.rate:
        wait = report.input_wait_share or 0.0
        needs = f"{_number(step.rate)} records/s for {step.accelerators} accelerator" + ("s" if step.accelerators > 1 else "")
        verdict = "no step waits for input" if wait == 0 else f"each step waits {wait:.0%} of its time for input"
        lines.append(
            f"training: {needs}; the pipeline gives {_number(report.pipeline_rate)}: {verdict}; this host feeds "
            f"{report.accelerators_fed:.1f} accelerators at {_number(step.rate / step.accelerators)} records/s each"
        )
    return "\n".join(lines) + "\n"
