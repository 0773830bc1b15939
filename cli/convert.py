"""`shardify convert SRC OUT`: options parsed once into a `ConvertConfig`, then run (`convert_run`).

Each option is parsed here, at the edge, into the type the library takes (a `ShardRequest`, a
`SplitRatios`, a `RejectLimit`): a malformed or conflicting one is a usage error (exit 2) before
any work. Beam is imported only once the options are good, and TensorFlow never, so `--help`
answers at once. Results go to stdout; the plan, progress and errors to stderr.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional, TypeVar

import typer
from typer.core import TyperCommand

from shardify.cli import convert_run
from shardify.cli.exit_codes import fail
from shardify.config import ConvertConfig
from shardify.converters.raw_pixels import MODES as STORE_PIXELS_MODES
from shardify.converters.resize import DEFAULT_JPEG_QUALITY, Resize, parse_resize
from shardify.cli.layout_option import apply_layout_file, known_layout_file
from shardify.errors import InvalidInputError, ShardifyError
from shardify.format.contract import CLASS_ID_CONVENTIONS, DEFAULT_CLASS_IDS
from shardify.inputs.excludes import parse_exclude
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import is_local_path
from shardify.plan import table_groups
from shardify.plan.defaults import DEFAULT_MAX_PIXELS, DEFAULT_MAX_REJECTS, DEFAULT_VALIDATE, VALIDATION_LEVELS
from shardify.plan.layout import LAYOUTS
from shardify.plan.requests import (
    RejectLimit,
    ShardRequest,
    SplitRatios,
    parse_max_rejects,
    parse_shards,
    parse_size,
    parse_split_ratios,
)

__all__ = ["OptionsThenBeamArgs", "convert"]

T = TypeVar("T")

# The choices of `--layout` (shardify.plan.layout imports nothing heavy, so `--help` stays fast).
Layout = Enum("Layout", {name.upper(): name for name in LAYOUTS}, type=str)
Validation = Enum("Validation", {name.upper(): name for name in VALIDATION_LEVELS}, type=str)
ClassIds = Enum("ClassIds", {name.upper().replace("-", "_"): name for name in CLASS_ID_CONVENTIONS}, type=str)
StorePixelsMode = Enum("StorePixelsMode", {name.upper(): name for name in STORE_PIXELS_MODES}, type=str)
BoxesOutside = Enum("BoxesOutside", {"CLIP": "clip", "DROP": "drop"}, type=str)
# --help groups convert's options so that each fits 80 columns.
_INPUT, _LABELS, _OUTPUT, _IMAGES, _RUNNER = "Input", "Labels", "Output", "Images", "Runner"


# Beam pipeline options come after `--`, and only there: the parser sees the rest, so that a
# misspelled shardify option is an error with a hint, never an option silently handed to Beam.
_BEAM_ARGS = "beam_args"


class OptionsThenBeamArgs(TyperCommand):
    """Parses the arguments before `--`; keeps those after it, untouched, in `ctx.meta`."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        if "--" in args:
            at = args.index("--")
            args, ctx.meta[_BEAM_ARGS] = args[:at], args[at + 1 :]
        return super().parse_args(ctx, args)


def _existing_source(value: str) -> str:
    if is_local_path(value) and not os.path.exists(value):
        raise typer.BadParameter(f"{value} does not exist")
    if is_local_path(value) and not (os.path.isdir(value) or os.path.isfile(value)):
        raise typer.BadParameter(f"{value} is neither a folder nor a regular file")
    return value


def _existing_labels_file(value: Optional[str]) -> Optional[str]:
    if value and is_local_path(value) and not table_groups.is_glob(value):  # a glob's matches: checked at detection
        if not os.path.exists(value):
            raise typer.BadParameter(f"{value} does not exist")
        if not os.path.isfile(value):
            raise typer.BadParameter(f"{value} is not a regular file")
    return value


# A label vocabulary file lists names, one per line: ImageNet-21k's 21,843 fit in well under this.
_MAX_LABEL_NAMES_BYTES = 16 << 20


def _label_names(path: Optional[Path]) -> tuple[str, ...]:
    """The names in a `--label-names` file (normalised and checked by ConvertConfig).

    Raises:
      typer.BadParameter: it cannot be read, or lists no names.
    """
    if path is None:
        return ()
    try:
        with open_local_input(str(path)) as f:
            data = f.read(_MAX_LABEL_NAMES_BYTES + 1)
        if len(data) > _MAX_LABEL_NAMES_BYTES:
            raise InvalidInputError(f"larger than {_MAX_LABEL_NAMES_BYTES >> 20} MiB")
        text = data.decode("utf-8-sig")
    except (OSError, InvalidInputError, UnicodeDecodeError) as error:
        raise typer.BadParameter(f"cannot read {path}: {getattr(error, 'reason', None) or error}") from None
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if not names:
        raise typer.BadParameter(f"{path} lists no label names (one per line)")
    return tuple(names)


def _parser(parse: Callable[[str], T]) -> Callable[[str], T]:
    """`parse` as the option's parser: its ValueError becomes the parser's usage error (exit 2),
    worded as `parse` words it."""

    def parse_option(text: str) -> T:
        try:
            return parse(text)
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None

    return parse_option


def _shard_size(text: str) -> ShardRequest:
    """`--shard-size 128MB`: shards of about that many input bytes each."""
    size = parse_size(text)
    if size < 1:
        raise ValueError(f"{text!r} must be at least one byte")
    return ShardRequest(bytes_per_shard=size)


def _excludes(values: Optional[list[str]]) -> list[str]:
    """Each `--exclude` pattern checked at the edge (`parse_exclude`): a bad one is a usage error."""
    try:
        return [parse_exclude(value) for value in values or ()]
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def _columns(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.split(",") if name.strip())


def convert(
    ctx: typer.Context,
    src: Annotated[
        str,
        typer.Argument(
            metavar="SRC",
            help="A folder (class folders, tables, files + a label file, archives), or one table, "
            "label file or archive.",
            callback=_existing_source,
            show_default=False,
        ),
    ],
    out: Annotated[
        str,
        typer.Argument(metavar="OUT", help="Output folder: shards, manifest.json, reports.", show_default=False),
    ],
    layout: Annotated[
        Optional[Layout],
        typer.Option(
            metavar="NAME",
            help=f"Force the layout: {', '.join(LAYOUTS)}. Default: detected, and said why.",
            case_sensitive=False,
            show_choices=False,
            rich_help_panel=_INPUT,
        ),
    ] = None,
    layout_file: Annotated[
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
    ] = None,
    header: Annotated[
        Optional[bool],
        typer.Option(
            "--header/--no-header",
            help="CSV/TSV: the first row is (not) a header. Default: decided from the row.",
            show_default=False,
            rich_help_panel=_INPUT,
        ),
    ] = None,
    text_column: Annotated[
        str,
        typer.Option(
            metavar="C[,C]",
            help="Tables: the text column, by name or number from 1; several are joined by a line "
            "break. Default: text, sentence, review, ...",
            rich_help_panel=_INPUT,
        ),
    ] = "",
    json_records: Annotated[
        str,
        typer.Option(
            metavar="PATH",
            help="JSON documents: where the records lie, a dotted path ('data.*.questions.*', '*' each element "
            "or value). Default: found by structure.",
            rich_help_panel=_INPUT,
        ),
    ] = "",
    keep_columns: Annotated[
        str,
        typer.Option(metavar="A,B", help="Tables: other columns to keep as features; * for all.", rich_help_panel=_INPUT),
    ] = "",
    encoding: Annotated[str, typer.Option(metavar="CODEC", help="Encoding of text files.", rich_help_panel=_INPUT)] = "utf-8",
    exclude: Annotated[
        Optional[list[str]],
        typer.Option(
            "--exclude",
            metavar="GLOB",
            help="Leave out the files (or folders) of SRC this glob matches, relative to SRC ('LR/**', '**/*.mp4'): "
            "neither inputs nor label/split evidence; repeatable; the plan counts them.",
            callback=_excludes,
            show_default=False,
            rich_help_panel=_INPUT,
        ),
    ] = None,
    follow_outside_links: Annotated[
        bool,
        typer.Option(
            "--follow-outside-links",
            help="Read files that symlinks in SRC point to outside SRC (else rejected).",
            rich_help_panel=_INPUT,
        ),
    ] = False,
    labels: Annotated[
        Optional[str],
        typer.Option(
            "--labels",
            metavar="FILE",
            help="Label file: CSV, TSV, JSONL, Parquet, .txt or COCO .json naming files by path, name or id; "
            "a glob ('Labels/*.csv', under SRC) reads tables of one header together.",
            callback=_existing_labels_file,
            rich_help_panel=_LABELS,
        ),
    ] = None,
    label_column: Annotated[
        str,
        typer.Option(metavar="C", help="The label column, by name or number. Default: label, class, ...", rich_help_panel=_LABELS),
    ] = "",
    key_column: Annotated[
        str,
        typer.Option(
            metavar="C",
            help="A metadata table beside the inputs: the column naming them, by name or number. Default: the one whose values do.",
            rich_help_panel=_LABELS,
        ),
    ] = "",
    label_from_name: Annotated[
        str,
        typer.Option(
            metavar="REGEX",
            help=r"Label a file by REGEX's one group over its name: '^(.+)_\d+' for Abyssinian_12.jpg.",
            rich_help_panel=_LABELS,
        ),
    ] = "",
    label_names: Annotated[
        Optional[Path],
        typer.Option(
            exists=True,
            dir_okay=False,
            metavar="FILE",
            help="Label names in index order, one per line; numbered labels map through it.",
            rich_help_panel=_LABELS,
        ),
    ] = None,
    label_level: Annotated[
        Optional[int],
        typer.Option(
            metavar="N",
            min=0,
            help="The folder level that names the class, from SRC: 1 for SRC/<class>/..., 0 for none. Default: read from the folders.",
            rich_help_panel=_LABELS,
        ),
    ] = None,
    class_ids: Annotated[
        ClassIds,
        typer.Option(
            metavar="label-map|contiguous|source",
            help="Detection: number object classes from 1 (default; 0 is the background to detection trainers; writes label_map.pbtxt), from 0, or by the source's ids (COCO's).",
            show_choices=False,
            rich_help_panel=_LABELS,
        ),
    ] = ClassIds(DEFAULT_CLASS_IDS),
    label_separator: Annotated[
        str, typer.Option(metavar="SEP", help="Multi-label: split label cells on SEP (e.g. ';').", rich_help_panel=_LABELS)
    ] = "",
    shards: Annotated[
        Optional[ShardRequest],
        typer.Option(
            "--shards",
            "-s",
            metavar="N|SPLIT=N,..",
            parser=_parser(parse_shards),
            help="Shards of the largest split (others get as many records each), or per split: train=64,test=8. Default: 1.",
            show_default=False,
            rich_help_panel=_OUTPUT,
        ),
    ] = None,
    shard_size: Annotated[
        Optional[ShardRequest],
        typer.Option(
            metavar="SIZE",
            parser=_parser(_shard_size),
            help="Instead of --shards: as many shards as make each about SIZE of input (128MB, 1GiB).",
            show_default=False,
            rich_help_panel=_OUTPUT,
        ),
    ] = None,
    split: Annotated[
        Optional[SplitRatios],
        typer.Option(
            metavar="SPLIT=F,..",
            parser=_parser(parse_split_ratios),
            help="Split by a seeded hash of each record's id: train=0.8,test=0.2 (not with split folders).",
            show_default=False,
            rich_help_panel=_OUTPUT,
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=0,  # -1 is "random" to many tools; here every seed gives one fixed order, so it is refused
            help="Seeds the record order and --split: same seed, same bytes (a whole number from 0).",
            rich_help_panel=_OUTPUT,
        ),
    ] = 0,
    max_rejects: Annotated[
        RejectLimit,
        typer.Option(
            metavar="N|P%",
            parser=_parser(parse_max_rejects),
            help=f"Fail, keeping the rejects report and writing no manifest, above this many rejects. Default: {DEFAULT_MAX_REJECTS}.",
            show_default=False,
            rich_help_panel=_OUTPUT,
        ),
    ] = DEFAULT_MAX_REJECTS,
    overwrite: Annotated[
        bool,
        typer.Option(
            "--overwrite",
            help="Write into a folder holding other files (never deleted), or replace a finished conversion of another source.",
            rich_help_panel=_OUTPUT,
        ),
    ] = False,
    append: Annotated[
        bool,
        typer.Option(
            "--append",
            help="Add the inputs of SRC that OUT does not hold yet as new shards and a new version of OUT; "
            "existing shards are never rewritten, every earlier version stays readable.",
            rich_help_panel=_OUTPUT,
        ),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", "-n", help="Print the layout and the plan; write nothing.", rich_help_panel=_OUTPUT),
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only the summary: no plan, no progress.", rich_help_panel=_OUTPUT)
    ] = False,
    validate: Annotated[
        Validation,
        typer.Option(
            metavar="full|header",
            help="full: decode every image (catches damaged pixels); header: header and structure only.",
            show_choices=False,
            rich_help_panel=_IMAGES,
        ),
    ] = Validation(DEFAULT_VALIDATE),
    max_pixels: Annotated[
        int,
        typer.Option(metavar="N", min=1, help="Reject images with more pixels (decompression bombs).", rich_help_panel=_IMAGES),
    ] = DEFAULT_MAX_PIXELS,
    masks: Annotated[
        bool,
        typer.Option("--masks", help="Detection: store one PNG mask per object (COCO polygons and RLE).", rich_help_panel=_IMAGES),
    ] = False,
    keypoints: Annotated[
        bool,
        typer.Option(
            "--keypoints",
            help="COCO: store each object's keypoints, from the person_keypoints_*.json files.",
            rich_help_panel=_IMAGES,
        ),
    ] = False,
    boxes_outside: Annotated[
        BoxesOutside,
        typer.Option(metavar="clip|drop", help="Detection: a box that leaves its image is clipped, or its object dropped.", show_choices=False, rich_help_panel=_IMAGES),
    ] = BoxesOutside("clip"),
    apply_exif_orientation: Annotated[
        bool,
        typer.Option(
            "--apply-exif-orientation",
            help="Store photos upright (re-encoded) instead of recording their EXIF orientation.",
            rich_help_panel=_IMAGES,
        ),
    ] = False,
    resize: Annotated[
        Optional[Resize],
        typer.Option(
            metavar="shorter:N|longer:N",
            parser=_parser(parse_resize),
            help="Store images whose shorter (or longer) side exceeds N pixels shrunk to N (bicubic); others unchanged.",
            show_default=False,
            rich_help_panel=_IMAGES,
        ),
    ] = None,
    jpeg_quality: Annotated[
        Optional[int],
        typer.Option(
            metavar="Q",
            min=1,
            max=100,
            help=f"With --resize: the quality of the JPEGs it writes (default {DEFAULT_JPEG_QUALITY}; other formats stay PNG).",
            show_default=False,
            rich_help_panel=_IMAGES,
        ),
    ] = None,
    store_pixels: Annotated[
        StorePixelsMode,
        typer.Option(
            metavar="never|auto|always",
            help="Store images as uint8 pixels, not encoded: auto for those of at most 64x64 (CIFAR, MNIST), or always.",
            show_choices=False,
            rich_help_panel=_IMAGES,
        ),
    ] = StorePixelsMode("never"),
    runner: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="local (this machine's cores), dataflow, portable, dask, or a Beam runner class.",
            rich_help_panel=_RUNNER,
        ),
    ] = "local",
    workers: Annotated[
        Optional[int],
        typer.Option(
            "--workers", "-w", metavar="N", min=1, help="Local worker processes, at most 4 per core (more are lowered to that). Default: one per core.", rich_help_panel=_RUNNER
        ),
    ] = None,
    job_endpoint: Annotated[
        Optional[str],
        typer.Option(metavar="HOST:PORT", help="--runner portable: the job service (Flink, Spark, Beam's).", rich_help_panel=_RUNNER),
    ] = None,
    dask_address: Annotated[
        Optional[str],
        typer.Option(metavar="ADDRESS", help="--runner dask: the scheduler, tcp://HOST:PORT.", rich_help_panel=_RUNNER),
    ] = None,
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
    options = dict(
        source=src,
        output=out,
        shards=shard_size or shards or ShardRequest(largest=1),
        seed=seed,
        max_pixels=max_pixels,
        layout=layout.value if layout else "",
        labels_file=labels or "",
        split=split,
        label_names=_label_names(label_names),
        text_column=text_column,
        label_column=label_column,
        key_column=key_column,
        keep_columns=_columns(keep_columns),
        label_separator=label_separator,
        header=header,
        label_from_name=label_from_name,
        label_level=label_level,
        class_ids=class_ids.value,
        masks=masks,
        keypoints=keypoints,
        boxes_outside=boxes_outside.value,
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
