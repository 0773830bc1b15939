"""`shardify convert SRC OUT`: options parsed once into a `ConvertConfig`, then run (`convert_run`).

Each option is parsed at the edge (declared in `convert_options`, its value parsed by
`convert_values`) into the type the library takes (a `ShardRequest`, a
`SplitRatios`, a `RejectLimit`): a malformed or conflicting one is a usage error (exit 2) before
any work. Beam is imported only once the options are good, and TensorFlow never, so `--help`
answers at once. Results go to stdout; the plan, progress and errors to stderr.
"""

from __future__ import annotations

import logging

import typer

from shardify.cli import convert_run
from shardify.cli.convert_options import (
    AppendOption,
    ApplyExifOrientationOption,
    BoxesOutsideOption,
    BoxOrderOption,
    ClassIdsOption,
    DaskAddressOption,
    DryRunOption,
    EncodingOption,
    ExcludeOption,
    FollowOutsideLinksOption,
    HeaderOption,
    JobEndpointOption,
    JpegQualityOption,
    JsonRecordsOption,
    KeepColumnsOption,
    KeyColumnOption,
    KeypointsOption,
    LabelColumnOption,
    LabelFromNameOption,
    LabelFromVotesOption,
    LabelLevelOption,
    LabelNamesOption,
    LabelSeparatorOption,
    UnlabelledValueOption,
    LabelAliasOption,
    LabelsOption,
    LayoutFileOption,
    LayoutOption,
    MasksOption,
    MaxPixelsOption,
    MaxRejectsOption,
    OutArgument,
    OverwriteOption,
    QuietOption,
    ResizeOption,
    RunnerOption,
    SeedOption,
    ShardSizeOption,
    ShardsOption,
    SplitOption,
    SrcArgument,
    StorePixelsOption,
    TextColumnOption,
    UnlabelledFilesOption,
    ValidateOption,
    WorkersOption,
)
from shardify.cli.convert_values import BoxesOutside, ClassIds, StorePixelsMode, Validation, labels_file_under, read_label_names, split_columns
from shardify.cli.exit_codes import fail
from shardify.cli.help_text import PlainHelpCommand
from shardify.cli.layout_option import apply_layout_file, known_layout_file
from shardify.config import ConvertConfig
from shardify.converters.resize import Resize
from shardify.errors import ShardifyError
from shardify.format.contract import DEFAULT_CLASS_IDS
from shardify.plan.defaults import DEFAULT_MAX_PIXELS, DEFAULT_MAX_REJECTS, DEFAULT_VALIDATE
from shardify.plan.requests import ShardRequest

__all__ = ["OptionsThenBeamArgs", "convert"]

# Beam pipeline options come after `--`, and only there: the parser sees the rest, so that a
# misspelled shardify option is an error with a hint, never an option silently handed to Beam.
_BEAM_ARGS = "beam_args"


class OptionsThenBeamArgs(PlainHelpCommand):
    """Parses the arguments before `--`; keeps those after it, untouched, in `ctx.meta`."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        if "--" in args:
            at = args.index("--")
            args, ctx.meta[_BEAM_ARGS] = args[:at], args[at + 1 :]
        return super().parse_args(ctx, args)


def convert(
    ctx: typer.Context,
    src: SrcArgument,
    out: OutArgument,
    layout: LayoutOption = None,
    layout_file: LayoutFileOption = None,
    header: HeaderOption = None,
    text_column: TextColumnOption = "",
    json_records: JsonRecordsOption = "",
    keep_columns: KeepColumnsOption = "",
    encoding: EncodingOption = "utf-8",
    exclude: ExcludeOption = None,
    follow_outside_links: FollowOutsideLinksOption = False,
    labels: LabelsOption = None,
    label_column: LabelColumnOption = "",
    label_from_votes: LabelFromVotesOption = None,
    key_column: KeyColumnOption = "",
    label_from_name: LabelFromNameOption = "",
    unlabelled_files: UnlabelledFilesOption = None,
    label_names: LabelNamesOption = None,
    label_level: LabelLevelOption = None,
    class_ids: ClassIdsOption = ClassIds(DEFAULT_CLASS_IDS),
    label_separator: LabelSeparatorOption = "",
    unlabelled_value: UnlabelledValueOption = None,
    label_alias: LabelAliasOption = None,
    shards: ShardsOption = None,
    shard_size: ShardSizeOption = None,
    split: SplitOption = None,
    seed: SeedOption = 0,
    max_rejects: MaxRejectsOption = DEFAULT_MAX_REJECTS,
    overwrite: OverwriteOption = False,
    append: AppendOption = False,
    dry_run: DryRunOption = False,
    quiet: QuietOption = False,
    validate: ValidateOption = Validation(DEFAULT_VALIDATE),
    max_pixels: MaxPixelsOption = DEFAULT_MAX_PIXELS,
    masks: MasksOption = False,
    keypoints: KeypointsOption = False,
    boxes_outside: BoxesOutsideOption = BoxesOutside("clip"),
    box_order: BoxOrderOption = None,
    apply_exif_orientation: ApplyExifOrientationOption = False,
    resize: ResizeOption = None,
    jpeg_quality: JpegQualityOption = None,
    store_pixels: StorePixelsOption = StorePixelsMode("never"),
    runner: RunnerOption = "local",
    workers: WorkersOption = None,
    job_endpoint: JobEndpointOption = None,
    dask_address: DaskAddressOption = None,
) -> None:
    """Convert SRC into shards in OUT. Beam options go after `--`, e.g. `-- --project=P`."""
    if shards is not None and shard_size is not None:
        fail("give --shards or --shard-size, not both")
    if jpeg_quality is not None and resize is None:
        fail("--jpeg-quality goes with --resize (images are otherwise stored as found)")
    if resize is not None and jpeg_quality is not None:
        resize = Resize(resize.side, resize.max_side, jpeg_quality)
    for option, value, wanted in (("--job-endpoint", job_endpoint, "portable"), ("--dask-address", dask_address, "dask")):
        if value and runner != wanted:
            fail(f"{option} goes with --runner {wanted}, not --runner {runner}")
    if missing := labels_file_under(src, labels or ""):
        fail(missing)
    options = dict(
        source=src,
        output=out,
        shards=shard_size or shards or ShardRequest(largest=1),
        seed=seed,
        max_pixels=max_pixels,
        layout=layout.value if layout else "",
        labels_file=labels or "",
        split=split,
        label_names=read_label_names(label_names, src),
        text_column=text_column,
        label_column=label_column,
        label_votes=label_from_votes.value if label_from_votes else "",
        key_column=key_column,
        keep_columns=split_columns(keep_columns),
        label_separator=label_separator,
        unlabelled_value=unlabelled_value,
        label_alias=tuple(label_alias or ()),
        header=header,
        label_from_name=label_from_name,
        unlabelled_files=tuple(unlabelled_files or ()),
        label_level=label_level,
        class_ids=class_ids.value,
        masks=masks,
        keypoints=keypoints,
        boxes_outside=boxes_outside.value,
        box_order=box_order.value if box_order else "",
        encoding=encoding,
        json_records=json_records,
        max_rejects=max_rejects,
        follow_outside_links=follow_outside_links,
        exclude=tuple(exclude or ()),
        validate=validate.value,
        apply_exif_orientation=apply_exif_orientation,
        resize=resize,
        store_pixels=store_pixels.value,
    )
    if layout_file is not None:
        try:
            layout_file = known_layout_file(layout_file)  # a bare name: the catalog's entry (`shardify layouts`)
        except ShardifyError as error:
            fail(str(error))
    writes_layout = layout_file is not None and dry_run and not layout_file.exists()
    if layout_file is not None and not writes_layout:
        if not layout_file.exists():
            fail(f"layout file {layout_file} does not exist: write detection's guess there with --dry-run --layout-file {layout_file}")
        try:
            options = apply_layout_file(layout_file, options)
        except ShardifyError as error:
            fail(str(error))
    try:
        config = ConvertConfig(**options)
    except ValueError as error:
        fail(str(error))
    beam_args = [
        *([f"--job_endpoint={job_endpoint}"] if job_endpoint else []),
        *([f"--dask_client_address={dask_address}"] if dask_address else []),
        *ctx.meta.get(_BEAM_ARGS, []),
    ]
    # Beam warns at import that optional GCP client libraries are missing; irrelevant offline.
    logging.getLogger().addFilter(lambda record: "apitools not found" not in record.getMessage())
    if dry_run:
        convert_run.dry_run(config, beam_args, workers, append=append, write_layout=layout_file if writes_layout else None)
    else:
        convert_run.convert(config, beam_args, runner=runner, workers=workers, overwrite=overwrite, quiet=quiet, append=append)
