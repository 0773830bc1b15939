"""How every command's `--help` shows its parameters: as a command-line user reads them.

Typer (0.2x) fills the help's type column from the Python annotation wherever a parameter names
no metavar: `--append <bool>`, `SRC <str>`, `--seed <int>`, `--samples <int range>`, and writes a
required argument `{SRC}` on the usage line. Those are Python's words, not a command line's: a flag
takes no value, an argument's name is already its metavar, and a value is TEXT, INTEGER or FLOAT as
click and most command-line tools write it. `PlainHelpCommand` and `PlainHelpGroup` (the `cls` of
every command and of the app) show them so, by one table (`_TYPE_WORDS`) of typer's type names:

  - a flag (`--append`, `--flip/--no-flip`, `--help`) shows no value;
  - an argument shows its name alone (`SRC`), on the usage line too (`[OPTIONS] SRC OUT`);
  - an option of no metavar shows its type's word (`--seed INTEGER`, `--split TEXT`), its range
    still after it (`INTEGER [x>=1]`); a metavar given (`N`, `GLOB`, `full|header`) stays as it is.

Only what help shows changes: parsing, defaults and errors are typer's. Versions of typer before
the type column existed never call the methods overridden here, and read as they did.
"""

from __future__ import annotations

import re
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

__all__ = ["PlainHelpCommand", "PlainHelpGroup", "plain_type"]

# typer's type names (`<int range>` without its brackets) -> the word a command line writes.
_TYPE_WORDS = {
    "str": "TEXT",
    "int": "INTEGER",
    "float": "FLOAT",
    "bool": "BOOLEAN",
    "int range": "INTEGER",
    "float range": "FLOAT",
    "path": "PATH",
    "dir": "DIRECTORY",
    "file": "FILE",
    "datetime": "DATETIME",
    "uuid": "UUID",
}
_TYPER_TYPE = re.compile(r"<([^<>]+)>")


def plain_type(shown: str | None) -> str | None:
    """The type column a command-line user reads for typer's `<type>` (unknown types in capitals).

    >>> plain_type("<int range>"), plain_type("<str>"), plain_type("<list[str]>"), plain_type("N"), plain_type(None)
    ('INTEGER', 'TEXT', 'LIST[STR]', 'N', None)
    """
    if shown is None:
        return None
    return _TYPER_TYPE.sub(lambda found: _TYPE_WORDS.get(found.group(1), found.group(1).upper()), shown)


class _PlainOption(TyperOption):
    """An option whose type column is a command line's: nothing for a flag, TEXT/INTEGER/... for a value."""

    def display_type_rich(self, ctx: typer.Context) -> str | None:
        if self.is_flag and not self.count:
            return None
        return plain_type(super().display_type_rich(ctx))


class _PlainArgument(TyperArgument):
    """An argument shown by its name alone: in the name column, not again as `<str>`, and bare on the usage line."""

    def display_type_rich(self, ctx: typer.Context) -> str | None:
        return None if self.metavar is not None else plain_type(super().display_type_rich(ctx))

    def _usage_display_name(self) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")


def _plain(param: Any) -> Any:
    """`param` shown plainly (its class swapped once for the plain subclass; a click parameter kept as it is)."""
    if type(param) is TyperOption:
        param.__class__ = _PlainOption
    elif type(param) is TyperArgument:
        param.__class__ = _PlainArgument
    return param


class PlainHelpCommand(TyperCommand):
    """A command whose help shows its parameters plainly (see the module's docstring)."""

    def get_params(self, ctx: typer.Context) -> list[Any]:
        return [_plain(param) for param in super().get_params(ctx)]


class PlainHelpGroup(TyperGroup):
    """The app, or a group of commands, whose help shows its own options plainly (`--version`, `--help`);
    each of its commands is given `PlainHelpCommand` (or a subclass) as its own `cls`."""

    def get_params(self, ctx: typer.Context) -> list[Any]:
        return [_plain(param) for param in super().get_params(ctx)]
