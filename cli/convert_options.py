"""The options of `shardify convert`, declared once each: type, flags, help text and help panel.

`convert`'s signature names these (`src: SrcArgument`, `shards: ShardsOption = None`); the defaults
stay there, beside the body that reads them. Each option's parser or check is in `convert_values`;
the label options are declared in `label_options` and re-exported here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from shardify.cli.convert_values import (
    BoxesOutside,
    BoxOrder,
    Layout,
    StorePixelsMode,
    Validation,
    existing_source,
    option_parser,
    parse_excludes,
    parse_shard_size,
)
from shardify.cli.label_options import (
    ClassIdsOption,
    KeyColumnOption,
    LabelAliasOption,
    LabelColumnOption,
    LabelFromNameOption,
    LabelFromVotesOption,
    LabelLevelOption,
    LabelNamesOption,
    LabelSeparatorOption,
    LabelsOption,
    UnlabelledFilesOption,
    UnlabelledValueOption,
)
from shardify.converters.resize import DEFAULT_JPEG_QUALITY, Resize, parse_resize
from shardify.plan.defaults import DEFAULT_MAX_REJECTS
from shardify.plan.layout import LAYOUTS
from shardify.plan.requests import RejectLimit, ShardRequest, SplitRatios, parse_max_rejects, parse_shards, parse_split_ratios

__all__ = [
    "AppendOption",
    "ApplyExifOrientationOption",
    "BoxOrderOption",
    "BoxesOutsideOption",
    "ClassIdsOption",
    "DaskAddressOption",
    "DryRunOption",
    "EncodingOption",
    "ExcludeOption",
    "FollowOutsideLinksOption",
    "HeaderOption",
    "JobEndpointOption",
    "JpegQualityOption",
    "JsonRecordsOption",
    "KeepColumnsOption",
    "KeyColumnOption",
    "KeypointsOption",
    "LabelAliasOption",
    "LabelColumnOption",
    "LabelFromNameOption",
    "UnlabelledFilesOption",
    "LabelFromVotesOption",
    "LabelLevelOption",
    "LabelNamesOption",
    "LabelSeparatorOption",
    "LabelsOption",
    "LayoutFileOption",
    "LayoutOption",
    "MasksOption",
    "MaxPixelsOption",
    "MaxRejectsOption",
    "OutArgument",
    "OverwriteOption",
    "QuietOption",
    "ResizeOption",
    "RunnerOption",
    "SeedOption",
    "ShardSizeOption",
    "ShardsOption",
    "SplitOption",
    "SrcArgument",
    "StorePixelsOption",
    "TextColumnOption",
    "UnlabelledValueOption",
    "ValidateOption",
    "WorkersOption",
]

# --help groups convert's options so that each fits 80 columns.
_INPUT, _OUTPUT, _IMAGES, _RUNNER = "Input", "Output", "Images", "Runner"  # "Labels": `label_options`

SrcArgument = Annotated[
    str,
    typer.Argument(
        metavar="SRC",
        help="A folder (class folders, tables, files + a label file, archives), or one table, "
        "label file or archive.",
        callback=existing_source,
        show_default=False,
    ),
]
OutArgument = Annotated[
    str,
    typer.Argument(metavar="OUT", help="Output folder: shards, manifest.json, reports.", show_default=False),
]
LayoutOption = Annotated[
    Optional[Layout],
    typer.Option(
        metavar="NAME",
        help=f"Force the layout: {', '.join(LAYOUTS)}. Default: detected, and said why.",
        case_sensitive=False,
        show_choices=False,
        rich_help_panel=_INPUT,
    ),
]
LayoutFileOption = Annotated[
    Optional[Path],
    typer.Option(
        "--layout-file",
        metavar="FILE",
        help="Read SRC as this layout file says, with no detection. With --dry-run and no FILE yet: "
        "write detection's guess there, to mend and run (docs/layout-files.md). A bare NAME: the known "
        "dataset's layout file (`shardify layouts` lists them).",
        dir_okay=False,
        rich_help_panel=_INPUT,
    ),
]
HeaderOption = Annotated[
    Optional[bool],
    typer.Option(
        "--header/--no-header",
        help="CSV/TSV: the first row is (not) a header. Default: decided from the row.",
        show_default=False,
        rich_help_panel=_INPUT,
    ),
]
TextColumnOption = Annotated[
    str,
    typer.Option(
        metavar="C[,C]",
        help="Tables: the text column, by name or number from 1; several are joined by a line "
        "break; none: no text, a row a record of its --keep-columns. Default: text, sentence, review, ...",
        rich_help_panel=_INPUT,
    ),
]
JsonRecordsOption = Annotated[
    str,
    typer.Option(
        metavar="PATH",
        help="JSON documents: where the records lie, a dotted path ('data.*.questions.*', '*' each element "
        "or value); '.': each document is one record. Default: found by structure.",
        rich_help_panel=_INPUT,
    ),
]
KeepColumnsOption = Annotated[
    str,
    typer.Option(metavar="A,B", help="Tables: other columns to keep as features; * for all.", rich_help_panel=_INPUT),
]
EncodingOption = Annotated[str, typer.Option(metavar="CODEC", help="Encoding of text files.", rich_help_panel=_INPUT)]
ExcludeOption = Annotated[
    Optional[list[str]],
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help="Leave out the files (or folders) of SRC this glob matches, relative to SRC ('LR/**', '**/*.mp4'): "
        "neither inputs nor label/split evidence; repeatable; the plan counts them.",
        callback=parse_excludes,
        show_default=False,
        rich_help_panel=_INPUT,
    ),
]
FollowOutsideLinksOption = Annotated[
    bool,
    typer.Option(
        "--follow-outside-links",
        help="Read files that symlinks in SRC point to outside SRC (else rejected).",
        rich_help_panel=_INPUT,
    ),
]
ShardsOption = Annotated[
    Optional[ShardRequest],
    typer.Option(
        "--shards",
        "-s",
        metavar="N|SPLIT=N,..",
        parser=option_parser(parse_shards),
        help="Shards of the largest split (others get as many records each), or per split: train=64,test=8. Default: 1.",
        show_default=False,
        rich_help_panel=_OUTPUT,
    ),
]
ShardSizeOption = Annotated[
    Optional[ShardRequest],
    typer.Option(
        metavar="SIZE",
        parser=option_parser(parse_shard_size),
        help="Instead of --shards: as many shards as make each about SIZE of input (128MB, 1GiB).",
        show_default=False,
        rich_help_panel=_OUTPUT,
    ),
]
SplitOption = Annotated[
    Optional[SplitRatios],
    typer.Option(
        metavar="SPLIT=F,..",
        parser=option_parser(parse_split_ratios),
        help="Split by a seeded hash of each record's id: train=0.8,test=0.2 (not with split folders).",
        show_default=False,
        rich_help_panel=_OUTPUT,
    ),
]
SeedOption = Annotated[
    int,
    typer.Option(
        metavar="N",
        min=0,  # -1 is "random" to many tools; here every seed gives one fixed order, so it is refused
        help="Seeds the record order and --split: same seed, same bytes (a whole number from 0).",
        rich_help_panel=_OUTPUT,
    ),
]
MaxRejectsOption = Annotated[
    RejectLimit,
    typer.Option(
        metavar="N|P%",
        parser=option_parser(parse_max_rejects),
        help=f"Fail, keeping the rejects report and writing no manifest, above this many rejects. Default: {DEFAULT_MAX_REJECTS}.",
        show_default=False,
        rich_help_panel=_OUTPUT,
    ),
]
OverwriteOption = Annotated[
    bool,
    typer.Option(
        "--overwrite",
        help="Write into a folder holding other files (never deleted), or replace a finished conversion of another source.",
        rich_help_panel=_OUTPUT,
    ),
]
AppendOption = Annotated[
    bool,
    typer.Option(
        "--append",
        help="Add the inputs of SRC that OUT does not hold yet as new shards and a new version of OUT; "
        "existing shards are never rewritten, every earlier version stays readable.",
        rich_help_panel=_OUTPUT,
    ),
]
DryRunOption = Annotated[
    bool,
    typer.Option("--dry-run", "-n", help="Print the layout and the plan; write nothing.", rich_help_panel=_OUTPUT),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only the summary: no plan, no progress.", rich_help_panel=_OUTPUT)
]
ValidateOption = Annotated[
    Validation,
    typer.Option(
        metavar="full|header",
        help="full: decode every image (catches damaged pixels); header: header and structure only.",
        show_choices=False,
        rich_help_panel=_IMAGES,
    ),
]
MaxPixelsOption = Annotated[
    int,
    typer.Option(metavar="N", min=1, help="Reject images with more pixels (decompression bombs).", rich_help_panel=_IMAGES),
]
MasksOption = Annotated[
    bool,
    typer.Option("--masks", help="Detection: store one PNG mask per object (COCO polygons and RLE).", rich_help_panel=_IMAGES),
]
KeypointsOption = Annotated[
    bool,
    typer.Option(
        "--keypoints",
        help="COCO: store each object's keypoints, from the person_keypoints_*.json files.",
        rich_help_panel=_IMAGES,
    ),
]
BoxesOutsideOption = Annotated[
    BoxesOutside,
    typer.Option(metavar="clip|drop", help="Detection: a box that leaves its image is clipped, or its object dropped.", show_choices=False, rich_help_panel=_IMAGES),
]
BoxOrderOption = Annotated[
    Optional[BoxOrder],
    typer.Option(
        metavar="xyxy|xxyy|xywh",
        help="Detection: the box columns of a headerless table of boxes whose rows fit more than one reading: corners "
        "x1,y1,x2,y2, x1,x2,y1,y2, or x,y,w,h.",
        show_choices=False,
        rich_help_panel=_IMAGES,
    ),
]
ApplyExifOrientationOption = Annotated[
    bool,
    typer.Option(
        "--apply-exif-orientation",
        help="Store photos upright (re-encoded) instead of recording their EXIF orientation.",
        rich_help_panel=_IMAGES,
    ),
]
ResizeOption = Annotated[
    Optional[Resize],
    typer.Option(
        metavar="shorter:N|longer:N",
        parser=option_parser(parse_resize),
        help="Store images whose shorter (or longer) side exceeds N pixels shrunk to N (bicubic); others unchanged.",
        show_default=False,
        rich_help_panel=_IMAGES,
    ),
]
JpegQualityOption = Annotated[
    Optional[int],
    typer.Option(
        metavar="Q",
        min=1,
        max=100,
        help=f"With --resize: the quality of the JPEGs it writes (default {DEFAULT_JPEG_QUALITY}; other formats stay PNG).",
        show_default=False,
        rich_help_panel=_IMAGES,
    ),
]
StorePixelsOption = Annotated[
    StorePixelsMode,
    typer.Option(
        metavar="never|auto|always",
        help="Store images as uint8 pixels, not encoded: auto for those of at most 64x64 (CIFAR, MNIST), or always.",
        show_choices=False,
        rich_help_panel=_IMAGES,
    ),
]
RunnerOption = Annotated[
    str,
    typer.Option(
        metavar="NAME",
        help="local (this machine's cores), dataflow, portable, dask, or a Beam runner class.",
        rich_help_panel=_RUNNER,
    ),
]
WorkersOption = Annotated[
    Optional[int],
    typer.Option(
        "--workers", "-w", metavar="N", min=1, help="Local worker processes, at most 4 per core (more are lowered to that). Default: one per core.", rich_help_panel=_RUNNER
    ),
]
JobEndpointOption = Annotated[
    Optional[str],
    typer.Option(metavar="HOST:PORT", help="--runner portable: the job service (Flink, Spark, Beam's).", rich_help_panel=_RUNNER),
]
DaskAddressOption = Annotated[
    Optional[str],
    typer.Option(metavar="ADDRESS", help="--runner dask: the scheduler, tcp://HOST:PORT.", rich_help_panel=_RUNNER),
]
