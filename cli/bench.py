"""`shardify bench OUT`: time the reading pipeline a training run would build, stage by stage, and
say which stage bounds it, what lifts it, and whether a training step would wait for it.

Thin: the measuring is `shardify.read.bench` (tf.data) or `shardify.read.bench_torch` (PyTorch),
the text `shardify.read.bench_text`. Imports TensorFlow or torch only once the options are checked
(they need the `tf` extra, or a torch build), so `--help` answers at once.
"""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from shardify.cli.exit_codes import fail, reporting_errors
from shardify.read.bench_report import TF_DATA, TORCH

__all__ = ["bench"]


def _image_size(value: str | None) -> tuple[int, int] | None:
    """"224" or "224x160" (height x width) -> (224, 224) or (224, 160)."""
    if value is None:
        return None
    parts = value.lower().split("x")
    if len(parts) > 2 or not all(part.strip().isdigit() and int(part) > 0 for part in parts):
        fail(f"--image-size {value!r} must be N or HxW in pixels, e.g. 224 or 224x160")
    height, width = int(parts[0]), int(parts[-1])
    return height, width


# Past this a bench would run for days at any rate measured here, and past int64 TensorFlow failed
# with a traceback ("out-of-range integer"); refused by the parser instead.
MAX_BENCH_RECORDS = 10**9
# The readers bench times: bench_report's own names (it imports neither TensorFlow nor torch, so
# --help stays free of both).
READERS = (TF_DATA, TORCH)


def bench(
    out: Annotated[str, typer.Argument(metavar="OUT", help="A shardify output folder.")],
    split: Annotated[str, typer.Option(help="The split to read.")] = "train",
    records: Annotated[
        int, typer.Option(min=1, max=MAX_BENCH_RECORDS, help="Records each stage reads (a smaller split is repeated).")
    ] = 2000,
    batch_size: Annotated[Optional[int], typer.Option(min=1, help="As shardify.load's batch_size.")] = None,
    image_size: Annotated[Optional[str], typer.Option(metavar="N|HxW", help="As load's image_size, e.g. 224.")] = None,
    fit: Annotated[str, typer.Option(help="As load's fit: stretch, pad, center_crop, random_crop.")] = "stretch",
    flip: Annotated[bool, typer.Option(help="Random left-right flips, as load's flip.")] = False,
    scaled_decode: Annotated[
        bool, typer.Option(help="JPEGs decoded at 1/2, 1/4 or 1/8 scale where image_size allows, as load's scaled_decode.")
    ] = False,
    shuffle: Annotated[bool, typer.Option(help="Shuffle records, as load's shuffle.")] = False,
    dtype: Annotated[
        Optional[str], typer.Option(help="Cast images to this dtype last, as load's dtype (e.g. uint8, bfloat16).")
    ] = None,
    as_supervised: Annotated[bool, typer.Option(help="(input, label) pairs only, as load's as_supervised.")] = False,
    seed: Annotated[int, typer.Option(help="The seed of shuffles, crops and flips.")] = 0,
    cache: Annotated[bool, typer.Option(help="Cache the records in memory, as load's cache=True.")] = False,
    step_ms: Annotated[
        Optional[float], typer.Option(min=0.001, help="A training step's time in ms, for --step-batch records.")
    ] = None,
    step_batch: Annotated[Optional[int], typer.Option(min=1, help="Records a training step trains on (default: --batch-size).")] = None,
    model: Annotated[Optional[str], typer.Option(help="A model with a known training rate, with --accelerator (e.g. resnet50).")] = None,
    accelerator: Annotated[Optional[str], typer.Option(help="The accelerator --model trains on (e.g. a100, h200).")] = None,
    accelerator_rate: Annotated[
        Optional[float], typer.Option(min=0.001, help="Records/s one accelerator trains at (instead of --step-ms or --model).")
    ] = None,
    accelerators: Annotated[int, typer.Option(min=1, help="Accelerators on this host, each fed by this pipeline's share.")] = 1,
    reader: Annotated[
        str, typer.Option(help="The reader to time: tf.data (shardify.load) or torch (shardify.torch in a DataLoader).")
    ] = "tf.data",
    workers: Annotated[
        Optional[int], typer.Option(min=0, help="--reader torch: the DataLoader's num_workers (default: the cores).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON, for scripts.")] = False,
) -> None:
    """Time each stage of the reading pipeline (read, parse, decode, fit, batch) and name the one that bounds it."""
    size = _image_size(image_size)
    if reader not in READERS:
        fail(f"--reader {reader!r} must be one of: {', '.join(READERS)}")
    torch_reader = reader == "torch"
    if workers is not None and not torch_reader:
        fail("--workers is the DataLoader's num_workers: give it with --reader torch (tf.data tunes its own parallelism)")
    if torch_reader and (cache or scaled_decode):
        fail(f"--{'cache' if cache else 'scaled-decode'} is shardify.load's (tf.data): drop it with --reader torch")
    # Every option is checked before TensorFlow is imported: a bad one is refused at once, in one line.
    from shardify.format.manifest import load_manifest
    from shardify.inputs.paths import is_local_path
    from shardify.read.bench_step import TrainingStep, accelerator_rate_of
    from shardify.read.options import ReadOptions

    with reporting_errors():
        if is_local_path(out):  # OUT and its split too: TensorFlow's start-up lines would bury the error line
            load_manifest(out).split(split)
        if model or accelerator:
            accelerator_rate = accelerator_rate_of(model, accelerator)
        options = ReadOptions(
            batch_size=None if torch_reader else batch_size, image_size=size, fit=fit, flip=flip, shuffle=shuffle,
            seed=seed, cache=cache, scaled_decode=scaled_decode, dtype=dtype, as_supervised=as_supervised,
        )
        step = None
        if step_ms is not None or accelerator_rate is not None:
            step = TrainingStep(
                step_ms=step_ms, batch=step_batch or batch_size, accelerator_rate=accelerator_rate, accelerators=accelerators
            )
    from shardify.read.bench_text import describe_bench

    with reporting_errors():
        if torch_reader:
            try:
                from shardify.read.bench_torch import bench_torch
            except ImportError as missing:
                fail(f"--reader torch needs PyTorch beside shardify ({missing}); install the torch build you train with")
            report = bench_torch(
                out, split, options=options, records=records, workers=workers, batch_size=batch_size, step=step
            )
        else:
            try:
                from shardify.read.bench import bench as run_bench
            except ImportError as missing:
                fail(f"--reader tf.data (the default) needs TensorFlow beside shardify ({missing}): install the `tf` extra "
                     "(pip install 'shardify[tf]'), or time the PyTorch reader with --reader torch")
            report = run_bench(out, split, options=options, records=records, step=step)
    typer.echo(json.dumps(report.as_dict(), indent=1) if as_json else describe_bench(report), nl=as_json)
