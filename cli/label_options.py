"""The label options of `shardify convert` (the --help panel "Labels"): where labels come from (a label file,
its columns, a file's name, folder levels, votes) and how they are written (names, class ids, separators,
aliases, values that mean no label).

They are their own module because this group grew fastest (`--label-alias`, `--label-from-votes`,
`--unlabelled-value`) until `convert_options` passed the house's line limit. `convert_options` re-exports
every name, so `convert`'s signature reads them from there as before; each value's parser or check is in
`convert_values`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from shardify.cli.convert_values import ClassIds, VoteRule, existing_labels_file, parse_unlabelled_files

__all__ = [
    "ClassIdsOption",
    "KeyColumnOption",
    "LabelAliasOption",
    "LabelColumnOption",
    "LabelFromNameOption",
    "LabelFromVotesOption",
    "LabelLevelOption",
    "LabelNamesOption",
    "LabelSeparatorOption",
    "LabelsOption",
    "UnlabelledFilesOption",
    "UnlabelledValueOption",
]

LABELS = "Labels"  # the --help panel these options are listed in

LabelsOption = Annotated[
    Optional[str],
    typer.Option(
        "--labels",
        metavar="FILE",
        help="Label file: CSV, TSV, JSONL, Parquet, .txt or COCO .json naming files by path, name or id; "
        "a glob ('Labels/*.csv', under SRC) reads tables of one header together.",
        callback=existing_labels_file,
        rich_help_panel=LABELS,
    ),
]
LabelColumnOption = Annotated[
    str,
    typer.Option(
        metavar="C",
        help="The label column, by name or number. Default: label, class, ... COCO of one category list per level "
        "(categories_1, categories_2, ...): the list read, e.g. categories_3",
        rich_help_panel=LABELS,
    ),
]
LabelFromVotesOption = Annotated[
    VoteRule | None,
    typer.Option(
        metavar="majority",
        help="With --labels: a table of vote counts, a column per class (FER+'s fer2013new.csv), labels each row with the "
        "class holding more than half of its votes; a row of no majority is rejected with its counts.",
        show_choices=False,
        rich_help_panel=LABELS,
    ),
]
KeyColumnOption = Annotated[
    str,
    typer.Option(
        metavar="C",
        help="A metadata table beside the inputs: the column naming them, by name or number. Default: the one whose values do. With --labels: the column naming the inputs where its cells are file names (several joined by a comma, each a record: clinic,derm), else the id column joining its labels onto tables of texts.",
        rich_help_panel=LABELS,
    ),
]
LabelFromNameOption = Annotated[
    str,
    typer.Option(
        metavar="REGEX",
        help=r"Label a file by REGEX's one group over its name: '^(.+)_\d+' for Abyssinian_12.jpg.",
        rich_help_panel=LABELS,
    ),
]
UnlabelledFilesOption = Annotated[
    Optional[list[str]],
    typer.Option(
        "--unlabelled-files",
        metavar="GLOB",
        help="With --label-from-name: the files of SRC this glob matches ('scenes/**') that REGEX does not are written "
        "as records without a label, not rejected; repeatable.",
        callback=parse_unlabelled_files,
        show_default=False,
        rich_help_panel=LABELS,
    ),
]
LabelNamesOption = Annotated[
    Optional[Path],
    typer.Option(
        dir_okay=False,
        metavar="FILE",
        help="Label names in index order, one per line; numbered labels map through it (a relative name not found "
        "from the working folder is looked for under SRC).",
        rich_help_panel=LABELS,
    ),
]
LabelLevelOption = Annotated[
    Optional[int],
    typer.Option(
        metavar="N",
        min=0,
        help="The folder level that names the class, from SRC: 1 for SRC/<class>/..., 0 for none. Default: read from the folders.",
        rich_help_panel=LABELS,
    ),
]
ClassIdsOption = Annotated[
    ClassIds,
    typer.Option(
        metavar="HOW",
        help="Detection: how object classes are numbered: label-map, from 1 (default; 0 is the background to detection trainers; writes label_map.pbtxt); contiguous, from 0; source, by the source's ids (COCO's).",
        show_choices=False,
        rich_help_panel=LABELS,
    ),
]
LabelSeparatorOption = Annotated[
    str, typer.Option(metavar="SEP", help="Multi-label: split label cells on SEP (e.g. ';').", rich_help_panel=LABELS)
]
LabelAliasOption = Annotated[
    list[str] | None,
    typer.Option(
        "--label-alias",
        metavar="SPELLING=CLASS[,..]",
        help="Write records labelled SPELLING as CLASS (a typo of a class: 'Neative=Negative'); 'X=X' keeps X a class "
        "of its own. Repeatable.",
        show_default=False,
        rich_help_panel=LABELS,
    ),
]
UnlabelledValueOption = Annotated[
    str | None,
    typer.Option(
        "--unlabelled-value",
        metavar="VALUE[,VALUE..]",
        help="Tables: a label cell that means no label (e.g. 'unknown'): such rows are written unlabelled; '' for none.",
        show_default=False,
        rich_help_panel=LABELS,
    ),
]
