"""One table of boxes for many images whose columns no format row documents, read by content
(`shardify/plan/box_columns.py`, `beam_jobs/discover/box_content_tables.py`), on miniatures laid
out as MIO-TCD localization, keras-retinanet's CSV and DeepForest's annotations (tests/helpers/
box_kinds16.py), each converted with `shardify convert SRC OUT` and no option; twins whose box
numbers fit several readings, or contradict their header, must stop naming the table and the
`box_format:` line that decides, and that line, mended in a layout file, converts.

The truth is what the builder wrote (each box in pixels), read back from the shards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import box_kinds16
from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, read_shard
from shardify.format import contract
from shardify.format.manifest import load_manifest

_BOXES = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)


def _list(value: object) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


def records(out: Path) -> dict[str, tuple[str, list[tuple[str, tuple[float, ...], int]]]]:
    """Every record by its image's path: its split, its objects (class name, box in pixels, difficult)."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                names = [n.decode() for n in _list(record.get(contract.OBJECT_TEXT))]
                edges = [_list(record.get(key)) for key in _BOXES]
                flags = _list(record.get(contract.OBJECT_DIFFICULT)) or [0] * len(names)
                boxes = [(x1 * box_kinds16.W, y1 * box_kinds16.H, x2 * box_kinds16.W, y2 * box_kinds16.H)
                         for x1, y1, x2, y2 in zip(*edges)]
                found[record[contract.IMAGE_FILENAME].decode()] = (split, list(zip(names, boxes, flags)))
    return found


def assert_objects(out: Path, truth: dict) -> None:
    """Every image of the truth in its split with its objects (None: none), boxes within 0.01 pixel."""
    written = records(out)
    assert sorted(written) == sorted(truth)
    for path, (split, objects) in truth.items():
        have_split, have = written[path]
        assert have_split == split, path
        want = sorted(objects or [])
        assert [(n, d) for n, _, d in sorted(have)] == [(n, d) for n, _, d in want], path
        for (_, box, _), (_, expected, _) in zip(sorted(have), want):
            assert box == pytest.approx(expected, abs=0.01), path


@pytest.fixture(scope="module")
def converted(tmp_path_factory) -> dict[str, tuple[object, Path, dict]]:
    """Each right-shaped miniature converted once: name -> (the run, OUT, the truth)."""
    done = {}
    for name in ("mio_tcd", "mio_tcd_sizes", "retinanet", "deepforest"):
        base = tmp_path_factory.mktemp(name)
        truth = box_kinds16.BUILDERS[name](base / "src")
        src = next((base / "src").iterdir())
        done[name] = (run_shardify("convert", str(src), str(base / "out")), base / "out", truth)
    return done


@pytest.mark.parametrize("name", ["mio_tcd", "mio_tcd_sizes", "retinanet", "deepforest"])
def test_a_table_of_boxes_read_by_content_converts_right(converted, name: str) -> None:
    result, out, truth = converted[name]
    assert result.returncode == 0, result.stdout + result.stderr
    assert_objects(out, truth)


def test_the_plan_names_the_columns_it_read(converted) -> None:
    said = {name: converted[name][0].stdout + converted[name][0].stderr for name in converted}
    assert "gt_train.csv: objects of the images it names" in said["mio_tcd"]
    assert "Box table of columns image,class,x1,y1,x2,y2 (pixels)" in said["mio_tcd"]
    assert "Box table of columns image,class,x,y,w,h (pixels)" in said["mio_tcd_sizes"]  # the other reading, by the sizes
    assert "as its header names it" in said["deepforest"]
    assert "(class column 'class', boxes x1 y1 x2 y2 pixels)" in said["mio_tcd"] and "class class" not in said["mio_tcd"]


def test_an_unannotated_folder_is_its_own_split_and_an_empty_row_an_image_without_objects(converted) -> None:
    _, out, _ = converted["mio_tcd"]
    assert sorted(path for path, (split, _) in records(out).items() if split == "test") == ["test/00110000.jpg", "test/00110001.jpg"]
    written = records(converted["retinanet"][1])
    assert written["images/img_009.jpg"] == ("train", [])


def test_a_row_naming_no_image_is_rejected_with_its_line(tmp_path: Path) -> None:
    box_kinds16.mio_tcd(tmp_path / "src", stray=True)
    result = run_shardify("convert", str(tmp_path / "src/MIO-TCD-Localization"), str(tmp_path / "out"), "--max-rejects", "50%")
    assert result.returncode == 0, result.stdout + result.stderr
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert [(r["path"], r.get("row")) for r in rejected] == [("gt_train.csv", 6)]
    assert "names no file: '00099999'" in rejected[0]["reason"]


def test_boxes_that_fit_several_readings_stop_and_the_layout_file_decides(tmp_path: Path) -> None:
    box_kinds16.mio_tcd(tmp_path / "src", "ambiguous")
    src, out, spec = tmp_path / "src/MIO-TCD-Localization", tmp_path / "out", tmp_path / "mio.yaml"
    stopped = run_shardify("convert", str(src), str(out))
    assert stopped.returncode == 2
    said = " ".join((stopped.stdout + stopped.stderr).split())
    assert "gt_train.csv is a table of boxes" in said and "as x1,y1,x2,y2 and as x1,x2,y1,y2 and as x,y,w,h" in said
    assert "'Box table of columns image,class,x,y,w,h (pixels)'" in said and "--layout-file" in said
    assert not out.exists() or not (out / "manifest.json").exists()
    # the guess written with its doubt; its box_format line mended to x, y, w, h: converts so
    written = run_shardify("convert", str(src), str(out), "--dry-run", "--layout-file", str(spec))
    assert written.returncode == 2 and spec.exists()
    text = spec.read_text()
    assert "box_format: Box table of columns image,class,x1,y1,x2,y2 (pixels)" in text
    spec.write_text(text.replace("image,class,x1,y1,x2,y2 (pixels)", "image,class,x,y,w,h (pixels)"))
    result = run_shardify("convert", str(src), str(out), "--layout-file", str(spec))
    assert result.returncode == 0, result.stdout + result.stderr
    written_boxes = records(out)["train/00000007.jpg"][1]
    assert [box for _, box, _ in written_boxes] == [pytest.approx((2, 3, 12, 15), abs=0.01)]
    # a line mended into no reading (a role that is none) stops when the file is read, naming the line
    spec.write_text(text.replace("image,class,x1,y1,x2,y2 (pixels)", "image,class,foo,y1,x2,y2 (pixels)"))
    refused = run_shardify("convert", str(src), str(tmp_path / "out2"), "--layout-file", str(spec))
    assert refused.returncode == 2
    assert "box_format 'Box table of columns image,class,foo,y1,x2,y2 (pixels)' is no row" in " ".join(refused.stderr.split())


def test_a_header_the_rows_contradict_stops(tmp_path: Path) -> None:
    box_kinds16.deepforest(tmp_path / "src", "image_path,xmin,xmax,ymin,ymax,label")
    result = run_shardify("convert", str(tmp_path / "src/deepforest_training"), str(tmp_path / "out"))
    assert result.returncode == 2
    said = " ".join((result.stdout + result.stderr).split())
    assert "annotations.csv is a table of boxes whose header ('image_path,xmin,xmax,ymin,ymax,label')" in said
    assert "read as x1,y1,x2,y2 they are" in said


@pytest.mark.parametrize("header", ["image_path,lefteye_x,lefteye_y,righteye_x,righteye_y,label"])
def test_a_header_naming_its_numbers_as_no_box_edges_is_not_read_as_boxes(tmp_path: Path, header: str) -> None:
    # two landmarks: the rows fit a box reading, but the header says they are not its edges (a centre
    # and a size are a box in centre format: tests/objects/test_centre_box_tables.py)
    box_kinds16.deepforest(tmp_path / "src", header)
    result = run_shardify("convert", str(tmp_path / "src/deepforest_training"), str(tmp_path / "out"), "--dry-run")
    said = result.stdout + result.stderr
    assert "Box table of columns" not in said and "objects:" not in said, said


def test_the_tf_object_detection_csv_reads_its_corners_beside_the_images_size(tmp_path: Path) -> None:
    # the TF Object Detection API's CSV (generate_tfrecord.py's input; Roboflow's "Tensorflow Object Detection CSV"):
    # 'filename,width,height,class,xmin,ymin,xmax,ymax' a box a row, the image's own size beside its box
    root = tmp_path / "raccoon"
    rows, truth = [], {}
    for i, image_boxes in enumerate(box_kinds16._CORNERS):
        name = f"raccoon-{i + 1}.jpg"
        box_kinds16._image(root, name)
        rows += [f"{name},{box_kinds16.W},{box_kinds16.H},raccoon,{a},{b},{c},{d}" for a, b, c, d in image_boxes]
        truth[name] = ("train", [("raccoon", box, 0) for box in image_boxes])
    box_kinds16._text(root, "train_labels.csv", "filename,width,height,class,xmin,ymin,xmax,ymax\n" + "\n".join(rows) + "\n")
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert_objects(tmp_path / "out", truth)
