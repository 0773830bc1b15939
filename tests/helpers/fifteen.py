"""Test helper for hostile round fifteen: run `shardify convert` as a user types it (in process) and
judge the run the same way for every case: no traceback; a refused run says so in lines that name a
file or an option; a finished run holds every input in one record or one reject, never both.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from helpers.cli_runs import message, run_shardify
from helpers.one_place import records, rejects

__all__ = ["run", "finished", "refused"]


def run(src: Path, out: Path, *options: str) -> subprocess.CompletedProcess:
    """`shardify convert SRC OUT -q --max-rejects 100% OPTIONS...`, checked to hold no traceback."""
    result = run_shardify("convert", str(src), str(out), "-q", "--max-rejects", "100%", *options)
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    return result


def finished(result: subprocess.CompletedProcess, out: Path) -> tuple[dict, dict]:
    """(records, rejects) of a run that must have finished, checked to hold no input twice."""
    assert result.returncode == 0, message(result.stderr)[-2000:]
    written, rejected = records(out), rejects(out)
    assert not set(written) & set(rejected), set(written) & set(rejected)
    return written, rejected


def refused(result: subprocess.CompletedProcess, *named: str) -> str:
    """The one-line message of a run that must have stopped, checked to name each of `named`
    (a file, an option), or at least some file or option where none is given."""
    text = message(result.stderr)
    assert result.returncode != 0, text
    for name in named:  # (the usage box wraps long paths at its width: compared without spaces)
        assert name in text or name.replace(" ", "") in text.replace(" ", ""), (name, text)
    if not named:
        assert re.search(r"--[a-z]|\w\.\w|/", text), text
    return text
