"""`shardify layouts`: the known public datasets' layout files, one line each.

The catalog itself is `shardify.plan.known_layouts`; `--layout-file NAME` runs from an entry.
"""

from __future__ import annotations

import typer

from shardify.plan import known_layouts

__all__ = ["layouts"]


def layouts() -> None:
    """List the known datasets' layout files: `shardify convert SRC OUT --layout-file NAME` reads SRC as NAME's file says."""
    entries = known_layouts.catalog()
    width = max((len(known.name) for known in entries), default=0)
    for known in entries:
        typer.echo(f"{known.name:<{width}}  {known.dataset}")
