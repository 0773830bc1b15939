"""docs/converting.md's synopsis names every option the commands take.

A newcomer reads the page's command block before `--help`; on 2026-11-29 five detection options
(`--class-ids`, `--masks`, `--keypoints`, `--boxes-outside`, `--box-order`) and inspect's `--samples`
were in `--help` but not in the block. The options are read from the click commands themselves, so
an option added later without a line in the block fails here.
"""

import pathlib
import re

import typer.main

from cli.main import app

_DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "converting.md"


def _synopsis() -> str:
    """The fenced block under '## The commands'."""
    text = _DOC.read_text(encoding="utf-8")
    section = text.split("## The commands", 1)[1]
    return section.split("```", 2)[1]


def _options(name: str) -> list[tuple[str, ...]]:
    """Each option of the command as its spellings (`('--quiet', '-q')`): the block may use either."""
    command = typer.main.get_command(app).commands[name]
    return [tuple(p.opts) for p in command.params if p.opts and p.opts[0].startswith("-") and p.opts[0] != "--help"]


def _named(spelling: str, synopsis: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(spelling) + r"(?![\w-])", synopsis) is not None


def test_every_option_of_convert_verify_inspect_is_in_the_synopsis() -> None:
    synopsis = _synopsis()
    missing = {
        name: sorted(opts[0] for opts in _options(name) if not any(_named(o, synopsis) for o in opts))
        for name in ("convert", "verify", "inspect")
    }
    assert missing == {"convert": [], "verify": [], "inspect": []}


def test_every_command_is_in_the_synopsis() -> None:
    synopsis = _synopsis()
    commands = typer.main.get_command(app).commands
    assert sorted(n for n in commands if f"shardify {n} " not in synopsis) == []
