"""Errors to exit codes, in one place: every command says what went wrong in one line on stderr
and exits with

  0  success
  1  the work failed (a ShardifyError: bad source, output not writable, too many rejects, ...)
  2  a usage error: options that cannot work, alone or with this source and output (a UsageError
     or RunnerError, raised before any work, or a plan the whole source refused), as the
     parser's own errors do
  130 interrupted (Ctrl-C), with what was kept
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import NoReturn

import typer

from shardify.errors import RunnerError, ShardifyError, UsageError

__all__ = [
    "SUCCESS", "FAILURE", "USAGE", "INTERRUPTED", "exit_code", "fail", "printable", "reporting_errors", "without_beam_step",
]

SUCCESS, FAILURE, USAGE, INTERRUPTED = 0, 1, 2, 130


def exit_code(error: ShardifyError) -> int:
    """USAGE for options that cannot work, else FAILURE."""
    return USAGE if isinstance(error, (UsageError, RunnerError)) else FAILURE


def without_beam_step(message: str) -> str:
    """An error's message without the " [while running 'Step']" Beam appends to one raised in a step."""
    return re.sub(r" \[while running '[^']*'\]$", "", message)


# What a terminal acts on or hides rather than shows: C0 and C1 controls but tab and line feed (an
# ANSI escape in a file name can clear the screen or recolour what follows; a carriage return
# overwrites the line) and Unicode's invisible formatting (a right-to-left override prints
# `\u202egpj.exe` as `exe.jpg`). File names and reasons quote inputs, so they are shown escaped.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_UNPRINTABLE_IN_A_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, *, one_line: bool = False) -> str:
    """`text` with every character a terminal would act on or hide written as its escape (`\\x1b`);
    `one_line`: line feeds too (one reject is one line).

    >>> printable("a\\x1b[2Jb.jpg: not an image")
    'a\\\\x1b[2Jb.jpg: not an image'
    """
    pattern = _UNPRINTABLE_IN_A_LINE if one_line else _UNPRINTABLE
    return pattern.sub(lambda found: found[0].encode("unicode_escape").decode("ascii"), text)


def fail(message: str, code: int = USAGE) -> NoReturn:
    """One line on stderr, then exit `code` (a usage error unless told otherwise)."""
    typer.echo(f"error: {printable(without_beam_step(message))}", err=True)
    raise typer.Exit(code=code)


@contextlib.contextmanager
def reporting_errors(
    *, interrupted: Callable[[], str] = lambda: "nothing was changed", also: Callable[[str], str] = lambda message: ""
) -> Iterator[None]:
    """Turns shardify's errors and Ctrl-C into their one line and exit code; `interrupted` says
    what an interrupted command leaves, `also` what to add to an error's message (a layout-file
    run's fields for the options it names)."""
    try:
        yield
    except ShardifyError as error:
        fail(str(error) + also(str(error)), exit_code(error))
    except KeyboardInterrupt:
        typer.echo(f"\ninterrupted: {interrupted()}", err=True)
        raise typer.Exit(code=INTERRUPTED) from None
