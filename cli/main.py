"""The `shardify` command: `convert`, `verify`, `inspect`, `export-metadata`, `bench`, `serve`, `layouts`,
one module each.

TensorFlow is never imported here and Beam only inside `convert`, so `--help` answers at once.
Results go to stdout, progress and the plan to stderr; exit codes are in `exit_codes.py`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from shardify._version import __version__
from shardify.cli.bench import bench
from shardify.cli.convert import OptionsThenBeamArgs, convert
from shardify.cli.export_metadata import export_metadata
from shardify.cli.help_text import PlainHelpCommand, PlainHelpGroup
from shardify.cli.inspect import inspect
from shardify.cli.layouts import layouts
from shardify.cli.serve import serve_app
from shardify.cli.verify import verify

__all__ = ["app", "main"]

app = typer.Typer(
    cls=PlainHelpGroup,
    help="Convert raw files into balanced, deterministic TFRecord shards with a manifest.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"shardify {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version_callback, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """shardify: raw images to TFRecord shards, and back as tf.data."""


app.command(cls=OptionsThenBeamArgs)(convert)
app.command(cls=PlainHelpCommand)(verify)
app.command(cls=PlainHelpCommand)(inspect)
app.command("export-metadata", cls=PlainHelpCommand)(export_metadata)
app.command(cls=PlainHelpCommand)(bench)
app.add_typer(serve_app, name="serve")
app.command(cls=PlainHelpCommand)(layouts)


def main() -> None:
    app()


if __name__ == "__main__":  # python -m shardify.cli.main
    main()
