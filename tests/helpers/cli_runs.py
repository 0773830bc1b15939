"""Test helper: run the `shardify` command as a user would: in a process of its own, always with a
timeout, or (where the test is about what the command does rather than about the process) in this
one, which spares each call the interpreter's start and the ~2 s of importing Beam again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

import pytest

# No conversion in the tests takes a tenth of this; a hang fails the test instead of the suite.
TIMEOUT_SECONDS = 180


def shardify_command(*args: str) -> list[str]:
    return [str(Path(sys.executable).with_name("shardify")), *args]


def run_shardify(
    *args: str, timeout: float | None = None, prefix: Sequence[str] = (), isolated: bool = False, **popen
) -> subprocess.CompletedProcess:
    """`shardify ARGS...`, its output captured as text.

    In a process of its own (after `prefix`) wherever the process matters: asked for with
    `isolated=True`, or given a `prefix` or any `subprocess.run` keyword (environment, working
    folder, stdin). Otherwise in this process (`run_in_process`), where `timeout` is not enforced
    per call: pytest-timeout's limit on every test (pyproject.toml) ends a hang there instead.
    """
    if isolated or prefix or popen:
        command = [*prefix, *shardify_command(*args)]
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout or TIMEOUT_SECONDS, **popen)
    return run_in_process(*args)


def run_in_process(*args: str) -> subprocess.CompletedProcess:
    """`shardify ARGS...` run by the command's own entry point in this process, as the process would
    end: its exit code, stdout and stderr, and an uncaught exception written to stderr as the
    interpreter writes it (`Traceback ...`, exit 1), so a test that looks for a traceback still sees one.
    """
    from typer.testing import CliRunner

    from shardify.cli.main import app

    result = CliRunner().invoke(app, list(args), prog_name="shardify")
    stderr, code = result.stderr, result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(*result.exc_info))
        code = 1
    return subprocess.CompletedProcess(["shardify", *args], code, result.stdout, stderr)


def message(stderr: str) -> str:
    """stderr as one line: the parser's usage errors come in a box drawn over several lines."""
    return " ".join(stderr.translate(str.maketrans("", "", "│╭╮╰╯─")).split())


def one_line_error(result: subprocess.CompletedProcess) -> str:
    """The stderr of a refused run, checked to be one `error:` line and no traceback."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr, result.stderr
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def without_permission_override() -> list[str]:
    """A command prefix under which file permissions hold for this user: as root, `setpriv` drops
    the capabilities that let root read and enter anything (the process keeps uid 0, so the Python
    installation under /root stays usable). Nothing for other users. Skips the test when root has
    no `setpriv`.
    """
    if os.geteuid() != 0:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    caps = "-dac_override,-dac_read_search"
    return ["setpriv", f"--bounding-set={caps}", f"--inh-caps={caps}", "--"]


def packages_imported_by(args: Sequence[str], packages: Sequence[str]) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Runs `shardify ARGS` in a fresh interpreter and returns (the process, those of `packages`,
    or their submodules, that the command imported)."""
    script = (
        "import sys\n"
        "from shardify.cli.main import app\n"
        f"try:\n    app({list(args)!r})\n"
        "except SystemExit as e:\n    assert e.code in (0, None), e.code\n"
        f"print('IMPORTED', sorted(m for m in sys.modules if m.split('.')[0] in {tuple(packages)!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    line = next((line for line in result.stdout.splitlines() if line.startswith("IMPORTED ")), None)
    assert line is not None, f"the command did not finish:\n{result.stderr}"
    return result, eval(line.removeprefix("IMPORTED "))  # noqa: S307 - our own repr of a list of str
