"""The `shardify inspect --html` page in a real browser: headless Chromium (Debian's `chromium`
package) opens it offline with nothing at all in its console (no error, and no Content-Security-
Policy refusal, which is what any fetch or script in the page would cause), its DOM holds the
charts and the grid, and a screenshot shows them.

Kept out of the default run (Chromium is a ~300 MB system package CI does not install); run it with

    apt-get install chromium && .venv/bin/python -m pytest -m browser

Set SHARDIFY_SCREENSHOT_DIR to keep the screenshot there (to look at it); else it stays in pytest's
temporary folder, whose path the test prints.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from helpers.shard_io import read_shard
from shardify.cli.main import app
from shardify.format import contract, naming

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Chromium starts, renders and exits in 2-5 s here; a hang fails the test instead of the suite.
TIMEOUT_SECONDS = 120
# Headless, offline and quiet: no first-run pages, no background fetches, no GPU, a fresh profile.
_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    # Every console message (log, error, CSP refusal, uncaught exception) goes to stderr as
    # `...:CONSOLE:<line>] "<message>", source: <url>`.
    "--enable-logging=stderr",
    "--v=0",
)
_WINDOW = (1280, 3600)
# The first series colour of inspect_report's style (#3b6fb6) as pygal fills bars: at 70% opacity.
_CHART_BLUE = (117, 154, 204)


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    if CHROMIUM is None:
        pytest.skip("no chromium on PATH: apt-get install chromium")
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    command = [CHROMIUM, *_FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)


def _console(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def test_the_console_check_sees_what_a_page_logs(tmp_path: Path) -> None:
    """The check below is only worth something if it would see a message: here one is made."""
    page = tmp_path / "noisy.html"
    page.write_text('<!DOCTYPE html><html><body><script>console.error("inspect-check-probe")</script></body></html>')
    result = _chromium(tmp_path, "--dump-dom", page.as_uri())
    assert any("inspect-check-probe" in line for line in _console(result.stderr)), result.stderr[-2000:]


@pytest.fixture
def page(converted: Path, tmp_path: Path) -> Path:
    """The page of the sample images, with a `duplicates.jsonl` and manifest block written in the
    form the converter will write once main's duplicate detection lands (this branch's does not
    yet). The group is made up (its two records differ): it is here to be drawn side by side."""
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    first, second = read_shard(out / "train-00000-of-00004.tfrecord")[:2]
    ids = [record[contract.IMAGE_FILENAME].decode() for record in (first, second)]
    group = {"sha256": first[contract.IMAGE_SHA256].decode(), "records": [{"split": "train", "id": i} for i in ids]}
    (out / "duplicates.jsonl").write_text(json.dumps(group) + "\n")
    manifest = json.loads((out / naming.MANIFEST_FILENAME).read_text())
    manifest["duplicates"] = {"groups": 1, "records": 2, "across_splits": 0, "path": "duplicates.jsonl"}
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(manifest))
    path = out / naming.INSPECT_FILENAME
    result = CliRunner().invoke(app, ["inspect", str(out), "--html", str(path), "-q"])
    assert result.exit_code == 0, result.output
    return path


def test_the_page_opens_with_an_empty_console_and_shows_charts_and_grid(page: Path, tmp_path: Path) -> None:
    dom = _chromium(tmp_path, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert _console(dom.stderr) == []
    # The browser parsed what was written: 6 charts (records and bytes per shard, labels, width,
    # height, aspect), 3 labels x 8 thumbnails plus the duplicate pair, nothing else.
    assert len(re.findall(r"<svg\b", dom.stdout)) == 6
    assert len(re.findall(r'<img src="data:image/jpeg;base64,', dom.stdout)) == 3 * 8 + 2
    assert "Exact duplicates" in dom.stdout and "circle" in dom.stdout

    screenshot = tmp_path / "inspect.png"
    shot = _chromium(tmp_path, f"--window-size={_WINDOW[0]},{_WINDOW[1]}", f"--screenshot={screenshot}", page.as_uri())
    assert shot.returncode == 0 and screenshot.exists(), shot.stderr[-2000:]
    assert _console(shot.stderr) == []
    keep = os.environ.get("SHARDIFY_SCREENSHOT_DIR")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(screenshot, Path(keep) / "inspect.png")
    print(f"screenshot: {screenshot}")
    image = Image.open(screenshot).convert("RGB")
    assert image.size == _WINDOW
    # Drawn, not blank: chart bars in their colour near the top, and the many colours of thumbnails.
    top = image.crop((0, 0, _WINDOW[0], _WINDOW[1] // 3))
    colours = top.getcolors(maxcolors=1 << 20) or []
    assert sum(count for count, colour in colours if _close(colour, _CHART_BLUE)) > 5_000
    assert len(image.getcolors(maxcolors=1 << 20) or []) > 1_000


def _close(colour: tuple[int, int, int], target: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 24 for a, b in zip(colour, target))
