"""A headerless table read by content (`beam_jobs/discover/box_content_tables.py`) that names each
image in one row only: its four numbers may be one box an image or measurements of each image (two
eye points beside a subject's name, as LFW-style landmark tables write them: `f1.jpg,Aaron_Eckhart,
22,20,42,21`), and no row tells which. With no option it must stop (exit 2) naming the table and the
layout file's `box_format` line, never write the points as boxes; a table where an image has two
rows (MIO-TCD, keras-retinanet: tests/objects/test_box_content_tables.py) still converts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.cli_runs import run_shardify

# Per image: (word column, four numbers). Each fits inside a 64 x 48 image read as corners only
# (x2 > x1, y2 > y1; read as x, y, w, h the box leaves the image), so the one-reading doubt of
# test_box_content_tables does not fire: only the one-row-per-image guard can stop them.
_LANDMARKS = [("Aaron_Eckhart", (30, 20, 50, 21)), ("Aaron_Guiel", (31, 19, 52, 22)), ("Aaron_Patterson", (29, 21, 49, 22))]
# Stanford Dogs-style one box an image, a class repeated over images: the same doubt (a neighbour).
_ONE_BOX = [("beagle", (20, 10, 50, 40)), ("beagle", (22, 12, 52, 44)), ("pug", (25, 8, 55, 38))]


def _build(root: Path, rows: list[tuple[str, tuple[int, ...]]], header: str = "") -> Path:
    lines = [header] if header else []
    for i, (word, numbers) in enumerate(rows):
        name = f"img_{i:03d}.jpg"
        box_kinds16._image(root, f"images/{name}")
        lines.append(",".join([name, word, *map(str, numbers)]))
    box_kinds16._text(root, "annotations.csv", "\n".join(lines) + "\n")
    return root


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, object]:
    done = {}
    for name, rows, header in (("landmarks", _LANDMARKS, ""), ("one_box", _ONE_BOX, ""),
                               ("named", _ONE_BOX, "filename,class,xmin,ymin,xmax,ymax")):
        base = tmp_path_factory.mktemp(name)
        src = _build(base / "src", rows, header)
        done[name] = run_shardify("convert", str(src), str(base / "out"))
    return done


@pytest.mark.parametrize("name", ["landmarks", "one_box"])
def test_a_headerless_table_of_one_row_per_image_stops_naming_the_table_and_the_line(runs, name: str) -> None:
    result = runs[name]
    said = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 2, said
    assert "annotations.csv has no header and one row per image" in said
    assert "box_format 'Box table of columns image,class,x1,y1,x2,y2 (pixels)'" in said and "--layout-file" in said


def test_a_header_naming_the_edges_decides_and_converts(runs) -> None:
    result = runs["named"]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "one row per image" not in result.stdout + result.stderr
