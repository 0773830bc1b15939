"""`shardify bench OUT`: time the reading pipeline a training run would build, stage by stage, and
say which stage bounds it, what lifts it, and whether a training step would wait for it.

Thin: the measuring is `shardify.read.bench`, the text `shardify.read.bench_text`. Imports
TensorFlow only once the options are checked (it needs the `tf` extra), so `--help` answers at once.
"""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer

from shardify.cli.exit_codes import fail, reporting_errors

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
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON, for scripts.")] = False,
) -> None:
    """Time each stage of the reading pipeline (read, parse, decode, fit, batch) and name the one that bounds it."""
    size = _image_size(image_size)
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
            batch_size=batch_size, image_size=size, fit=fit, flip=flip, shuffle=shuffle, seed=seed, cache=cache,
            scaled_decode=scaled_decode,
        )
        step = None
        if step_ms is not None or accelerator_rate is not None:
            step = TrainingStep(
                step_ms=step_ms, batch=step_batch or batch_size, accelerator_rate=accelerator_rate, accelerators=accelerators
            )
    from shardify.read.bench import bench as run_bench
    from shardify.read.bench_text import describe_bench

    with reporting_errors():
        report = run_bench(out, split, options=options, records=records, step=step)
    typer.echo(json.dumps(report.as_dict(), indent=1) if as_json else describe_bench(report), nl=as_json)
