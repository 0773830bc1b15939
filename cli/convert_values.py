"""The values of `shardify convert`'s options: their choices, and the parsers and checks that turn
each one's text into the type the library takes, at the edge.

A malformed value raises `typer.BadParameter`, the parser's usage error (exit 2), before any work.
Nothing here imports Beam or TensorFlow, so `--help` answers at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Optional, TypeVar

import typer

from shardify.converters.raw_pixels import MODES as STORE_PIXELS_MODES
from shardify.converters.vote_majority import VOTE_RULES
from shardify.errors import InvalidInputError
from shardify.format.contract import CLASS_ID_CONVENTIONS
from shardify.inputs.excludes import parse_exclude
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import is_local_path
from shardify.plan import table_groups
from shardify.plan.box_columns import BOX_ORDER_NAMES
from shardify.plan.defaults import VALIDATION_LEVELS
from shardify.plan.layout import LAYOUTS
from shardify.plan.requests import ShardRequest, parse_size

__all__ = [
    "BoxOrder",
    "VoteRule",
    "BoxesOutside",
    "ClassIds",
    "Layout",
    "StorePixelsMode",
    "Validation",
    "existing_labels_file",
    "existing_source",
    "option_parser",
    "parse_excludes",
    "parse_unlabelled_files",
    "parse_shard_size",
    "read_label_names",
    "labels_file_under",
    "split_columns",
]

T = TypeVar("T")

# The choices of `--layout` (shardify.plan.layout imports nothing heavy, so `--help` stays fast).
Layout = Enum("Layout", {name.upper(): name for name in LAYOUTS}, type=str)
Validation = Enum("Validation", {name.upper(): name for name in VALIDATION_LEVELS}, type=str)
ClassIds = Enum("ClassIds", {name.upper().replace("-", "_"): name for name in CLASS_ID_CONVENTIONS}, type=str)
StorePixelsMode = Enum("StorePixelsMode", {name.upper(): name for name in STORE_PIXELS_MODES}, type=str)
BoxesOutside = Enum("BoxesOutside", {"CLIP": "clip", "DROP": "drop"}, type=str)
BoxOrder = Enum("BoxOrder", {name.upper(): name for name in BOX_ORDER_NAMES}, type=str)
VoteRule = Enum("VoteRule", {name.upper(): name for name in VOTE_RULES}, type=str)


def existing_source(value: str) -> str:
    """SRC checked before any work: a local path must exist and be a folder or a regular file."""
    if is_local_path(value) and not os.path.exists(value):
        raise typer.BadParameter(f"{value} does not exist")
    if is_local_path(value) and not (os.path.isdir(value) or os.path.isfile(value)):
        raise typer.BadParameter(f"{value} is neither a folder nor a regular file")
    return value


def existing_labels_file(value: Optional[str]) -> Optional[str]:
    """`--labels` checked before any work: a local file found must be a regular file (one not found
    from the working folder may lie under SRC: `labels_file_under`; a glob is checked at detection)."""
    if value and is_local_path(value) and not table_groups.is_glob(value) and os.path.exists(value) and not os.path.isfile(value):
        raise typer.BadParameter(f"{value} is not a regular file")
    return value


def labels_file_under(src: str, value: str) -> str:
    """'' where the local `--labels FILE` is found as given (from the working folder) or under SRC
    (SRC's folder where SRC is a file), as a glob is (`--labels 'Labels/*.csv'`); else why not, naming
    both places looked in. Detection reads a name not found as given from SRC."""
    if not value or not is_local_path(value) or not is_local_path(src) or table_groups.is_glob(value) or os.path.exists(value):
        return ""
    if os.path.isabs(value):
        return f"--labels {value} does not exist"
    folder = src if os.path.isdir(src) else os.path.dirname(src) or "."
    under = os.path.join(folder, value)
    if os.path.isfile(under):
        return ""
    if os.path.exists(under) or os.path.islink(under):  # a pipe, a device, a folder, a link to nothing: it is there, but no table
        return f"--labels {value}: {under} under SRC is not a regular file (a folder, a named pipe, a device or a broken link)"
    return (f"--labels {value} does not exist: not from the working folder ({os.path.abspath(value)}) nor under SRC "
            f"({under}); a relative name is looked for in both (docs/converting.md)")


# A label vocabulary file lists names, one per line: ImageNet-21k's 21,843 fit in well under this.
_MAX_LABEL_NAMES_BYTES = 16 << 20


def read_label_names(path: Optional[Path], src: str = "") -> tuple[str, ...]:
    """The names in a `--label-names` file (normalised and checked by ConvertConfig): a relative name
    not found from the working folder is read under SRC (SRC's folder where SRC is a file), as
    `--labels` is (a refusal names SRC's `classes.txt`).

    Raises:
      typer.BadParameter: it cannot be read, or lists no names.
    """
    if path is None:
        return ()
    if src and is_local_path(src) and not path.is_absolute() and not path.exists():
        under = Path(src if os.path.isdir(src) else os.path.dirname(src) or ".") / path
        if not under.is_file():
            raise typer.BadParameter(f"{path} does not exist: not from the working folder ({path.absolute()}) nor under SRC ({under})")
        path = under
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


def option_parser(parse: Callable[[str], T]) -> Callable[[str], T]:
    """`parse` as the option's parser: its ValueError becomes the parser's usage error (exit 2),
    worded as `parse` words it."""

    def parse_option(text: str) -> T:
        try:
            return parse(text)
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None

    return parse_option


def parse_shard_size(text: str) -> ShardRequest:
    """`--shard-size 128MB`: shards of about that many input bytes each."""
    size = parse_size(text)
    if size < 1:
        raise ValueError(f"{text!r} must be at least one byte")
    return ShardRequest(bytes_per_shard=size)


def parse_unlabelled_files(values: Optional[list[str]]) -> list[str]:
    """Each `--unlabelled-files` glob checked at the edge, as an `--exclude` glob is: a bad one is a usage error."""
    try:
        return [parse_exclude(value) for value in values or ()]
    except ValueError as error:
        raise typer.BadParameter(str(error).replace("--exclude", "--unlabelled-files")) from None


def parse_excludes(values: Optional[list[str]]) -> list[str]:
    """Each `--exclude` pattern checked at the edge (`parse_exclude`): a bad one is a usage error."""
    try:
        return [parse_exclude(value) for value in values or ()]
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def split_columns(value: str) -> tuple[str, ...]:
    """`--keep-columns A,B`: the names, blanks dropped."""
    return tuple(name.strip() for name in value.split(",") if name.strip())
