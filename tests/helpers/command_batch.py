"""Test helper: many `shardify` commands run one after another in one fresh interpreter, under one
timeout, each through typer's CliRunner as the installed command runs it.

A hostile round holds dozens of refusals to one line each; started one process each, they cost a
few seconds apiece in interpreter and import start-up. Here they share one start. A command that
raised instead of exiting (what a user sees as a traceback) is reported with its traceback, and a
command that hangs (a pipe read) fails the whole batch by its timeout, never the test run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from helpers.cli_runs import TIMEOUT_SECONDS

__all__ = ["Outcome", "run_batch"]

_CHILD = r"""
import json, sys, traceback
from typer.testing import CliRunner
from shardify.cli.main import app

cases = json.loads(sys.stdin.read())
runner = CliRunner()
found = {}
for name, args in cases.items():
    result = runner.invoke(app, args, catch_exceptions=True)
    error = result.exception
    raised = "" if error is None or isinstance(error, SystemExit) else "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    found[name] = {"code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr, "raised": raised}
sys.stdout.write("\nBATCH " + json.dumps(found) + "\n")
"""


@dataclass(frozen=True)
class Outcome:
    """What one command did: its exit code, its output, and the traceback of what it raised ("" if none)."""

    code: int
    stdout: str
    stderr: str
    raised: str

    def error_line(self) -> str:
        """The command's one `error:` line, checked to be its only stderr line and no traceback."""
        assert not self.raised and "Traceback" not in self.stderr, self.raised or self.stderr
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), self.stderr
        return lines[0]


def run_batch(
    cases: Mapping[str, Sequence[str]], *, timeout: float = TIMEOUT_SECONDS, prefix: Sequence[str] = ()
) -> dict[str, Outcome]:
    """{case: Outcome} of `shardify ARGS` for each case's ARGS, in one process (after `prefix`)."""
    result = subprocess.run(
        [*prefix, sys.executable, "-c", _CHILD], input=json.dumps({k: list(v) for k, v in cases.items()}),
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    line = next((line for line in result.stdout.splitlines() if line.startswith("BATCH ")), None)
    assert line is not None, f"the batch did not finish (exit {result.returncode}):\n{result.stderr[-3000:]}"
    return {name: Outcome(**found) for name, found in json.loads(line.removeprefix("BATCH ")).items()}
