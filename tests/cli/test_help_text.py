"""Every command's `--help` reads as a command line's (cli/help_text.py): typer 0.2x had written Python's type
names in the type column (`--append <bool>`, `SRC <str>`, `--seed <int>`) and `{SRC}` on the usage line.

Each command's help is read through the app itself (typer's CliRunner), wide enough that no row wraps.
"""

from __future__ import annotations

import re

import click
import pytest
import typer
from typer.testing import CliRunner

from shardify.cli.main import app

# typer's type names as it writes them in the type column; a word in angle brackets in an option's help
# (`SRC/<class>/...`) is prose, not one of these
_PYTHON_TYPES = re.compile(r"<(?:str|int|float|bool|int range|float range|path|dir|file|datetime|uuid|list\[[^>]*\])>")


def _commands() -> list[tuple[str, ...]]:
    """Every command path of the app: (), ("convert",), ..., ("serve", "dispatcher")."""
    found: list[tuple[str, ...]] = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return found


def _help(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, [*path, "--help"], terminal_width=240, env={"COLUMNS": "240"})
    assert result.exit_code == 0, result.output
    return result.output


def _row(text: str, option: str) -> str:
    """The help row of `option`, its box edges and runs of spaces cut."""
    rows = (" ".join(line.strip("│ ").split()) for line in text.splitlines())
    return next(row for row in rows if re.match(rf"(\* )?{re.escape(option)}(?![\w-])", row))


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "shardify")
def test_no_help_shows_a_python_type_name(path: tuple[str, ...]) -> None:
    text = _help(path)
    assert not _PYTHON_TYPES.search(text), _PYTHON_TYPES.findall(text)
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage, usage


def test_flags_show_no_value_and_arguments_their_names_alone() -> None:
    text = _help(("convert",))
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert usage.split("convert", 1)[1].split() == ["[OPTIONS]", "SRC", "OUT"]
    assert _row(text, "--append").startswith("--append Add the inputs of SRC")
    assert _row(text, "--dry-run").startswith("--dry-run -n Print the layout")
    assert _row(text, "--header").startswith("--header --no-header CSV/TSV")
    assert _row(text, "OUT").startswith("* OUT Output folder")
    assert _row(text, "--seed").startswith("--seed N [x>=0]")  # a metavar given stays as it is


def test_a_value_of_no_metavar_shows_its_type_as_a_word() -> None:
    text = _help(("bench",))
    assert _row(text, "--seed").startswith("--seed INTEGER The seed")
    assert _row(text, "--records").startswith("--records INTEGER [1<=x<=1000000000]")
    assert _row(text, "--split").startswith("--split TEXT The split to read")
    assert _row(text, "--flip").startswith("--flip --no-flip Random left-right flips")
