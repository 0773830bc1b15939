"""What a person at a terminal sees while a conversion lists and checks its inputs, before the plan
exists: running counts, so a run of a million files never looks hung. The command runs in a
pseudo-terminal (the progress line is for terminals only) and its screen output is read back."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from helpers.cli_runs import run_shardify

SHARDIFY = str(Path(sys.executable).with_name("shardify"))


def _run_in_terminal(command: list[str], timeout: float = 300, *, sized: bool = True) -> tuple[int, str]:
    """(exit code, everything the command wrote to its terminal) for `command` on a 160x40 pty
    (on a pty of no size, as a new one is, where not `sized`)."""
    main, secondary = pty.openpty()
    if sized:
        fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=secondary, stderr=secondary)
    os.close(secondary)
    output, deadline = bytearray(), time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # the command ended and closed its side
                    break
                if not chunk:
                    break
                output += chunk
            elif process.poll() is not None:
                break
        else:
            raise AssertionError(f"{command} did not finish in {timeout} s")
        return process.wait(timeout=30), output.decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)


def test_listing_and_checking_show_running_counts_before_the_plan(tmp_path: Path) -> None:
    src = tmp_path / "src"
    made = 0
    for label in ("ant", "bee", "cow"):
        (src / label).mkdir(parents=True)
        for i in range(1_200):
            (src / label / f"{i}.txt").write_text(f"{label} number {i}")
            made += 1
    out = tmp_path / "out"
    code, screen = _run_in_terminal([SHARDIFY, "convert", str(src), str(out), "--shards", "3"])
    assert code == 0, screen
    counts = re.findall(r"listing and planning: ([\d,]+) files listed, ([\d,]+) inputs checked", screen)
    assert counts, f"no running counts on the terminal:\n{screen}"
    numbers = [(int(listed.replace(",", "")), int(checked.replace(",", ""))) for listed, checked in counts]
    assert numbers == sorted(numbers), "the counts only grow"
    assert numbers[-1] == (made, made), "the last line before the plan counts every input"
    # the counts were kept outside OUT, which holds what a run without a terminal leaves (this
    # process's run: no terminal, no progress line)
    quiet = tmp_path / "quiet"
    assert run_shardify("convert", str(src), str(quiet), "--shards", "3", "-q").returncode == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in quiet.iterdir())


def test_a_terminal_that_reports_no_size_still_shows_the_progress(sample_images: Path, tmp_path: Path) -> None:
    """A terminal of 0x0 (a new pseudo-terminal, `docker exec -t` before its first resize): tqdm
    hides every bar at or below the screen's height, so it showed nothing at all."""
    code, screen = _run_in_terminal([SHARDIFY, "convert", str(sample_images), str(tmp_path / "out")], sized=False)
    assert code == 0, screen
    assert "listing and planning" in screen
    assert re.search(r"writing +\d+%.*records", screen), screen
