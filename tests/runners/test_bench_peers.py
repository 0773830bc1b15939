"""The peer benchmark's helpers (benchmarks/tree_usage.py, benchmarks/peer_common.py), without any
peer installed: the CPU of a process the command leaves behind is counted (what Ray's daemons
are), and the split between processes loses and repeats no image."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import peer_common, tree_usage

BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < {seconds}: pass\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_CHILD_SUBREAPER is Linux's")
def test_cpu_of_an_orphaned_descendant_is_counted():
    # The shell starts a burner in the background and exits at once: the burner is orphaned.
    script = f"{sys.executable} -c '{BURN.format(seconds=0.4)}' & exit 0"
    command = [sys.executable, "-m", "benchmarks.tree_usage", "--", "sh", "-c", script]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[2])
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["rc"] == 0
    assert figures["stragglers"] >= 1
    assert figures["cpu_s"] >= 0.35  # what `time` would report for `sh` alone is ~0


def test_parts_cover_every_item_once():
    items = list(range(8_003))
    parts = [peer_common.part(items, i, 3) for i in range(3)]
    assert [x for p in parts for x in p] == items
    assert max(map(len, parts)) - min(map(len, parts)) <= 1


def test_listing_labels_by_sorted_class_folder(tmp_path):
    for name in ("b_class/2.jpg", "a_class/1.jpg", "a_class/.hidden", "b_class/1.jpg"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"x")
    items, classes = peer_common.listing(tmp_path)
    assert classes == ["a_class", "b_class"]
    assert [(Path(p).relative_to(tmp_path).as_posix(), label) for p, label in items] == [("a_class/1.jpg", 0), ("b_class/1.jpg", 1), ("b_class/2.jpg", 1)]


def test_a_short_count_fails(capsys):
    with pytest.raises(SystemExit) as stopped:
        peer_common.check_count("peer", 7_999, 8_000)
    assert stopped.value.code == 1
    assert "expected 8000" in capsys.readouterr().err
