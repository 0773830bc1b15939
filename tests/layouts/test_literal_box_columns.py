"""A table column of box or polygon literals read as detection objects (readers22; issue 30).

Blind round twenty-one left two such tables as stops naming no option that converts right
(tests/helpers/blind21.py): Airbus Aircrafts' annotations.csv (`geometry` a polygon a row, `class` its
class) and the Great Barrier Reef's train.csv (`annotations` a list of x/y/width/height dicts a frame,
the frame named by `video_id` and `video_frame`). Both convert right with no option now
(`shardify/plan/literal_boxes.py`, `shardify/plan/literal_tables.py`); so do neighbours nobody named
(a TSV of `[[x, y], ...]` polygons under a label column, a per-image list of xmin/ymin/xmax/ymax dicts,
WKT polygons), and hostile twins stop or reject naming why: impossible cells (NaN, negative, reversed,
too deep, too long) are their image's reject; literals of fractions only (pixels or fractions: which
cannot be told) and a list column of positions are not read as boxes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import blind21
from helpers.shard_io import read_shard
from helpers.unseen4 import Put, Spec, _csv, aux, build, img
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.discover.detect import resolve_layout
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file


@pytest.mark.parametrize("name", ["airbus", "reef"])
def test_blind21s_literal_tables_are_right_with_no_option(name: str, tmp_path: Path) -> None:
    judge_first_command(blind21.DATASETS, name, tmp_path, None)


def _drone_polygons() -> Iterator[Put]:
    # a TSV of JSON point lists, a row an object, its class in `label`; the images named with their folder
    lines = ["file\tlabel\tpolygon"]
    for i in range(6):
        classes = ["car", "truck"][: 1 + i % 2]
        for j, cls in enumerate(classes):
            lines.append("\t".join([f"imgs/p{i}.png", cls, json.dumps([[1 + 6 * j, 2], [6 + 6 * j, 3], [4 + 6 * j, 11]])]))
        yield img(f"imgs/p{i}.png", "train", set(classes), kind="png", objects=classes)
    yield aux("objects.tsv", "\n".join(lines) + "\n")


def _shelf_boxes() -> Iterator[Put]:
    # a row an image, its objects a JSON list of corner dicts, no class column: one class, `object`
    lines = ["image_name,boxes,width,height"]
    for i in range(6):
        count = i % 3
        boxes = [{"xmin": 1 + 6 * j, "ymin": 2, "xmax": 5 + 6 * j, "ymax": 12} for j in range(count)]
        lines.append(_csv(f"shelf_{i}.jpg", json.dumps(boxes), "20", "16"))
        yield img(f"photos/shelf_{i}.jpg", "train", "object" if count else None, objects=[None] * count)
    yield aux("annotations.csv", "\n".join(lines) + "\n")


def _wkt_roofs() -> Iterator[Put]:
    # GIS exports: WKT polygons, a row an object, its class in `category`; the image named by its stem
    lines = ["tile,category,wkt"]
    for i in range(5):
        lines.append(_csv(f"tile_{i}", "roof", f"POLYGON (({2 + i} 2, {9 + i} 2, {9 + i} 10, {2 + i} 10, {2 + i} 2))"))
        yield img(f"tiles/tile_{i}.jpg", "train", "roof", objects=["roof"])
    yield aux("roofs.csv", "\n".join(lines) + "\n")


NEIGHBOURS = {"drone_polygons": _drone_polygons, "shelf_boxes": _shelf_boxes, "wkt_roofs": _wkt_roofs}
_BUILDERS = {name: (lambda dest, f=f, n=name: build(Spec(n, "image", f, "readers22 neighbour", ""), dest))
             for name, f in NEIGHBOURS.items()}


@pytest.mark.parametrize("name", sorted(NEIGHBOURS))
def test_neighbours_nobody_named_are_right(name: str, tmp_path: Path) -> None:
    judge_first_command(_BUILDERS, name, tmp_path, None)


def _boxes(out: Path) -> dict[str, list[tuple[float, float, float, float]]]:
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                values = [record.get(key, []) for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN,
                                                           contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
                edges = [list(v) if isinstance(v, (list, tuple)) else [v] for v in values]  # (one object: a scalar)
                found[record[contract.IMAGE_FILENAME].decode()] = [tuple(round(v, 4) for v in box) for box in zip(*edges)]
    return found


def test_a_polygon_is_its_envelope_over_the_image_size(tmp_path: Path) -> None:
    truth = _BUILDERS["drone_polygons"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    # images 20 x 16: the polygon (1, 2), (6, 3), (4, 11) spans x 1..6, y 2..11
    assert _boxes(tmp_path / "out")["imgs/p0.png"] == [(0.05, 0.125, 0.3, 0.6875)]


# ------------------------------------------------------------------------------------------------
# Hostile twins
# ------------------------------------------------------------------------------------------------

_HOSTILE = {
    "nan": '[{"x": NaN, "y": 2, "width": 4, "height": 5}]',
    "negative": "[{'x': -3, 'y': 2, 'width': 4, 'height': 5}]",
    "reversed": "[{'xmin': 9, 'ymin': 2, 'xmax': 3, 'ymax': 8}]",
    "deep": "[" * 3000 + "]" * 3000,
    "flat": "[(1, 2), (5, 2)]",
}


def _hostile_cells(tmp: Path) -> Path:
    puts = []
    lines = ["image,annotations"]
    for i in range(60):
        lines.append(_csv(f"f{i}.jpg", f"[{{'x': 1, 'y': 2, 'width': {3 + i % 5}, 'height': 5}}]"))
        puts.append(img(f"frames/f{i}.jpg", "train", "object", objects=[None]))
    for name, cell in _HOSTILE.items():
        lines.append(_csv(f"{name}.jpg", cell))
        puts.append(img(f"frames/{name}.jpg", "train"))
    puts.append(aux("labels.csv", "\n".join(lines) + "\n"))
    return build(Spec("hostile", "image", lambda: iter(puts), "readers22 twin", ""), tmp).root


def test_impossible_cells_are_their_images_rejects_with_a_reason(tmp_path: Path) -> None:
    root = _hostile_cells(tmp_path / "download")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    rejected = {json.loads(line)["path"]: json.loads(line)["reason"]
                for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()}
    reasons = {Path(path).stem: reason for path, reason in rejected.items() if path.startswith("frames/")}
    assert set(reasons) == set(_HOSTILE), rejected
    assert "not a finite number" in reasons["nan"] and "not negative" in reasons["negative"], reasons
    assert "no area" in reasons["reversed"] and "no list literal" in reasons["deep"], reasons
    assert "not the 3 or more of a polygon" in reasons["flat"], reasons
    assert len(_boxes(tmp_path / "out")) == 60


def _table_twin(tmp: Path, cells: list[str]) -> Path:
    puts = [img(f"imgs/i{i}.jpg", "train") for i in range(len(cells))]
    lines = ["name,where"] + [_csv(f"i{i}.jpg", cell) for i, cell in enumerate(cells)]
    puts.append(aux("table.csv", "\n".join(lines) + "\n"))
    return build(Spec("twin", "image", lambda: iter(puts), "readers22 twin", ""), tmp).root


def test_literals_of_fractions_only_are_not_read_and_the_stop_stays(tmp_path: Path) -> None:
    # fractions of the image, or pixels of boxes under one pixel: which, nothing says
    root = _table_twin(tmp_path / "download", [f"[{{'x': 0.1, 'y': 0.2, 'width': 0.{3 + i}, 'height': 0.4}}]" for i in range(4)])
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "table.csv" in str(refused.value), str(refused.value)  # (the label-table stop: its column is no label of one word)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_list_column_of_positions_is_no_box_column(tmp_path: Path) -> None:
    root = _table_twin(tmp_path / "download", [f"[52.{i}, 4.3]" for i in range(4)])
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        return  # (a stop is right too: nothing labels the images)
    assert all(not boxes for boxes in _boxes(tmp_path / "out").values())


def test_the_layout_files_box_format_line_names_the_one_class(tmp_path: Path) -> None:
    # the reef names no class: `object` is the placeholder; the line a layout file carries renames it
    truth = blind21.DATASETS["reef"](tmp_path / "download")
    guess = resolve_layout(ConvertConfig(str(truth.root), str(tmp_path / "plan")))
    text = layout_file.dumps(layout_file.LayoutSpec(guess, {}), source=str(truth.root))
    assert "box_format: Box literals in column 'annotations', image 'video_{video_id}/{video_frame}', one class 'object'" in text
    spec = layout_file.loads(text.replace("one class 'object'", "one class 'starfish'"), where="layout.yaml")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), layout_given=spec.layout))
    classes = {name for info in load_manifest(str(tmp_path / "out")).splits.values() for shard in info.shards
               for record in read_shard(tmp_path / "out" / shard.path)
               for name in _names(record.get(contract.OBJECT_TEXT, []))}
    assert classes == {"starfish"}


def _names(value) -> list[str]:
    return [v.decode() for v in (value if isinstance(value, (list, tuple)) else [value])]


def test_a_box_format_line_naming_a_column_the_table_lacks_stops_the_run(tmp_path: Path) -> None:
    # (an edited line whose column is misspelled: every image would have been written without its objects)
    truth = blind21.DATASETS["airbus"](tmp_path / "download")
    guess = resolve_layout(ConvertConfig(str(truth.root), str(tmp_path / "plan")))
    text = layout_file.dumps(layout_file.LayoutSpec(guess, {}), source=str(truth.root))
    spec = layout_file.loads(text.replace("column 'geometry'", "column 'geometrie'"), where="layout.yaml")
    with pytest.raises(ShardifyError, match="no column 'geometrie'"):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), layout_given=spec.layout))
    assert not (tmp_path / "out" / "manifest.json").exists()
