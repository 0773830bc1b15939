"""`shardify verify OUT`: re-read every shard and check it against the manifest, without TensorFlow."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from shardify.cli.exit_codes import reporting_errors

__all__ = ["verify"]


def verify(
    out: Annotated[str, typer.Argument(metavar="OUT", help="A shardify output folder.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Re-read every shard: checksums, record framing, schema and counts against the manifest."""
    from tqdm import tqdm

    from shardify.format.manifest import load_manifest
    from shardify.inspect.verify import verify_output

    with reporting_errors():
        manifest = load_manifest(out)
        total = sum(split.num_bytes for split in manifest.splits.values())
        with tqdm(total=total, unit="B", unit_scale=True, file=sys.stderr, disable=quiet or None, leave=False) as bar:
            records = verify_output(manifest, on_bytes=bar.update)
    typer.echo(f"ok: {records} records in {sum(len(s.shards) for s in manifest.splits.values())} shards match {out}")
