"""`shardify inspect OUT`: look at a converted dataset before training on it.

Thin: the facts come from `shardify.inspect.facts` (the manifest, the reports and a bounded sample of
the shards), the text from `shardify.inspect.text_view`, the page from `shardify.inspect.html_page`. The
report goes to stdout, progress to stderr. Neither TensorFlow nor, without `--html`, the
plotting library is imported, so the command answers in well under a second on small outputs.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from shardify.errors import ShardifyError
from shardify.format import naming

__all__ = ["inspect"]


def inspect(
    out: Annotated[
        Path,
        typer.Argument(metavar="OUT", help="A finished shardify output folder.", exists=True, file_okay=False),
    ],
    html: Annotated[
        Optional[Path],
        typer.Option(
            metavar="FILE",
            dir_okay=False,
            help="Also write a self-contained HTML page (charts, sample images, duplicates) to FILE, e.g. OUT/inspect.html.",
        ),
    ] = None,
    samples: Annotated[
        int, typer.Option(min=1, max=64, help="Records shown per label (thumbnails, texts); each split is read only until it has them.")
    ] = 8,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")] = False,
    versions: Annotated[
        bool, typer.Option("--versions", help="List the output's versions (the conversion, then each --append) and what each added.")
    ] = False,
) -> None:
    """Show a converted dataset: splits, shards, labels, image sizes, text lengths, rejects, repairs, duplicates."""
    if versions:
        from shardify.format.manifest import load_manifest
        from shardify.inspect.text_view import describe_versions

        try:
            typer.echo(describe_versions(load_manifest(str(out))), nl=False)
        except ShardifyError as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(code=1) from None
        return
    from shardify.inspect.facts import inspect_output
    from shardify.inspect.record_sample import SampleLimits
    from shardify.inspect.text_view import describe, human_bytes, plural

    if html is not None and _replaces_output_file(out, html):
        typer.echo(
            f"error: --html {html} would replace a file of the output; name it {out / naming.INSPECT_FILENAME}", err=True
        )
        raise typer.Exit(code=2)
    started = time.monotonic()
    try:
        facts = inspect_output(str(out), limits=SampleLimits(per_label=samples))
        render_notes: tuple[str, ...] = ()
        if html is not None:
            from shardify.inspect.html_page import render_html, write_report

            page = render_html(facts, seconds=time.monotonic() - started)
            write_report(str(html), page.html)
            render_notes = page.notes
    except ShardifyError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(describe(facts, extra_notes=render_notes), nl=False)
    if html is not None:
        typer.echo(f"\nwrote {html} ({human_bytes(os.path.getsize(html))})")
    if not quiet:
        sample = facts.sample
        typer.echo(
            f"inspected in {time.monotonic() - started:.1f} s: read {plural(sample.total_records, 'record')} "
            f"({human_bytes(sample.total_bytes)}) from {plural(sample.total_shards, 'shard')}",
            err=True,
        )


def _replaces_output_file(out: Path, html: Path) -> bool:
    """True when the page would be written over a file shardify writes in OUT (the manifest, a
    report, a shard) other than the page's own name."""
    in_out = html.resolve().parent == out.resolve()
    return in_out and naming.is_shardify_file(html.name) and html.name != naming.INSPECT_FILENAME
