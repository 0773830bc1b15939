"""One table shipped in two formats side by side: a stop, never both read.

Downloads ship a split in several formats in one folder: XNLI 1.0's `xnli.dev.tsv` beside
`xnli.dev.jsonl`, Hugging Face exports' `train.csv` beside `train.parquet`, a `train.json` beside
its `train.jsonl`. Read as tables, each file was a table of its own: every row written twice, the
duplicates report the only sign, exit 0 (a newcomer's trial, 2026-11-28). Whether two such files
hold the same rows cannot be told without parsing both formats alike, and they may differ (one a
newer edition), so the plan stops (exit 2) naming the pairs and the `--exclude` that keeps one
format. A folder that repeats another's tables in another format (SciTail's `snli_format/`
beside `tsv_format/`) is `shardify.plan.second_readings`' case, not this one: here the twins share
one folder and one name but for the extension.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["TABLE_FORMATS", "format_twins", "check_format_twins"]

# The table formats a split is shipped in side by side (`.txt` is left out: a `train.txt` beside a
# `train.csv` is as often a split list beside its table).
TABLE_FORMATS = ("csv", "tsv", "jsonl", "json", "parquet")
_SHOWN = 3


def format_twins(paths: Sequence[str]) -> list[tuple[str, ...]]:
    """The groups of paths in one folder with one name but for a table extension of TABLE_FORMATS.

    >>> format_twins(["x/xnli.dev.tsv", "x/xnli.dev.jsonl", "x/xnli.test.tsv", "x/README.md", "y/train.csv"])
    [('x/xnli.dev.jsonl', 'x/xnli.dev.tsv')]
    """
    groups: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        stem, dot, extension = path.rpartition(".")
        if dot and extension.lower() in TABLE_FORMATS:
            groups[stem].append(path)
    return sorted(tuple(sorted(group)) for group in groups.values() if len(group) > 1)


def check_format_twins(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the tables read include one table in two formats (module docstring).

    Raises:
      UsageError: naming the pairs and the `--exclude` that keeps each format.
    """
    if detected.name != layout.TABLES or config.layout_given is not None or detected.source_file:
        return
    left_out = set(detected.left_out)
    twins = format_twins([path for path in sample if path not in left_out])
    if not twins:
        return
    shown = "; ".join(" and ".join(group) for group in twins[:_SHOWN]) + (f"; and {len(twins) - _SHOWN} more" if len(twins) > _SHOWN else "")
    formats = sorted({path.rpartition(".")[2].lower() for group in twins for path in group})
    folders = {posixpath.dirname(group[0]) for group in twins}
    where = folders.pop() if len(folders) == 1 else "**"  # (twins in several folders: one pattern for them all)
    keeps = " or ".join(f"--exclude '{posixpath.join(where, '*.' + fmt)}'" for fmt in formats)
    raise UsageError(
        f"{shown}: one table in {len(formats)} formats side by side ({', '.join('.' + f for f in formats)}, the same name); "
        f"reading each would write every row twice, and whether they hold the same rows is not checked: keep one "
        f"format with {keeps}"
    )
