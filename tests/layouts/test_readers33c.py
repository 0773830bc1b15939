"""Useless stops of batches 26 to 31 turned into good stops, by kind (readers33c).

- a headerless table of boxes whose four numbers fit every image read both as corners and as x, y, w, h
  (blind30's RSOD `aircraft_13.jpg<TAB>aircraft<TAB>1<TAB>2<TAB>5<TAB>9` per image, SIXray's per-image
  `core_battery00000020.jpg 带电芯充电宝 2 3 6 11`): the stop named only a layout file's `box_format:` lines,
  one per table (thousands of per-image files); now it names `--box-order xyxy|xywh` too, one word for every
  such table (box_columns.BOX_ORDER_NAMES, beam_jobs/discover/box_content_tables.py). Neighbour: a
  keras-retinanet CSV (fizyr/keras-retinanet's README, "CSV datasets": one annotation a line,
  `path/to/image.jpg,x1,y1,x2,y2,class_name`, `path/to/image.jpg,,,,,` an image of no object). Hostile twins:
  `--box-order xywh` on rows that leave their images so read stops saying so (never overruled in silence);
  a NaN row and a huge value among the rows; the option's value checked at the edge.
- split lists whose names end in a number each holds alone (SIXray's `train_3850.txt` beside `test_1650.txt`,
  the lists' sizes: its README's "core_500.txt, coreless_5000.txt, all5500.txt, train_3850.txt, test_1650.txt"):
  one partition, not two folds of which the first, `test_1650`, was read alone and every training image
  rejected (shardify/plan/list_folds.py). Twin: DTD's numbered folds (`labels/train1.txt`, `test1.txt`,
  `train2.txt`, `test2.txt`) stay folds, the first read.
- blind31's D-Fire: its stop names --label-names, and the README's names (0 smoke, 1 fire) convert it right:
  FOLLOW set, no code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import blind30, blind31
from helpers.cli_runs import run_shardify
from helpers.made_files import image_file
from helpers.refusals import follows_stop, refusal
from helpers.shard_io import read_shard
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import list_folds


_follows = follows_stop  # (helpers.refusals: stop, options named, followed, right)


def _boxes(out: Path) -> dict[str, list[tuple[float, float, float, float]]]:
    """Each record's boxes (xmin, ymin, xmax, ymax as fractions of its image), by file name."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                edges = [
                    record.get(key, [])
                    for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)
                ]
                edges = [edge if isinstance(edge, list) else [edge] for edge in edges]  # (one object: a scalar)
                found[record[contract.IMAGE_FILENAME].decode()] = [tuple(round(v, 4) for v in box) for box in zip(*edges)]
    return found


# ---- a table of boxes whose rows fit two readings ------------------------------------------------------------


def test_sixray_stops_naming_box_order_which_converts_it_right(tmp_path: Path) -> None:
    message = _follows("sixray", blind30, tmp_path)
    assert "--box-order xyxy or --box-order xywh" in message and "box_format" in message


def test_rsod_is_right_its_voc_files_deciding_the_tables_reading(tmp_path: Path) -> None:
    # RSOD ships each image's boxes twice: Annotation/labels/<stem>.txt (open: corners or x, y, w, h) and the Pascal
    # VOC Annotation/xml/<stem>.xml, whose elements name the corners (shardify/plan/box_witness.py)
    truth = blind30.DATASETS["rsod"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    boxes = _boxes(tmp_path / "out")["aircraft/JPEGImages/aircraft_4.jpg"]
    assert boxes == [(round(1 / 20, 4), round(2 / 16, 4), round(5 / 20, 4), round(9 / 16, 4))]  # corners (1,2)-(5,9)


_XML_BOX = "<bndbox><xmin>{}</xmin><ymin>{}</ymin><xmax>{}</xmax><ymax>{}</ymax></bndbox>"


@pytest.mark.parametrize(
    "witness",
    [
        "<annotation><object><name>{cls}</name>" + _XML_BOX.format(7, 7, 9, 9) + "</object></annotation>",  # agrees with none
        "<annotation><object><name>{cls}</name>" + _XML_BOX.format("nan", 2, 5, 9) + "</object></annotation>",  # NaN
        "<annotation><object><name>{cls}</name>" + _XML_BOX.format(1, 2, "9" * 400, 9) + "</object></annotation>",  # huge
        '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxxxx">]><annotation>&x;</annotation>',  # an entity declared
        "<annotation><object><name>aircraft</name><bndbox><xmin>1</xmin>",  # truncated
    ],
    ids=["disagrees", "nan", "huge", "entity", "truncated"],
)
def test_a_voc_file_that_decides_nothing_leaves_the_stop(witness: str, tmp_path: Path) -> None:
    truth = blind30.DATASETS["rsod"](tmp_path / "download")
    for xml in truth.root.glob("*/Annotation/xml/*.xml"):  # (each naming its own folder's class, as RSOD's do)
        xml.write_text(witness.replace("{cls}", xml.parts[-4]))
    message = refusal(truth.root, tmp_path / "out")  # (a stop before writing, whatever else: never exit 0 on a guess)
    if "<xmin>1</xmin>" not in witness[-20:]:  # (truncated, the XML is its own guard's: it names other objects)
        assert "--box-order xyxy or --box-order xywh" in message


def _retinanet(root: Path, rows: list[str]) -> None:
    """keras-retinanet's CSV layout (fizyr/keras-retinanet README, "CSV datasets"): images/ beside a headerless
    annotations.csv of `path,x1,y1,x2,y2,class_name`, an image with two boxes two rows; 40x30 images, boxes near the
    top left, so read as x, y, w, h they fit as well."""
    for i in range(3):
        image_file(root / "images" / f"img_{i:03d}.jpg", f"r33c{i}", width=40, height=30)
    (root / "annotations.csv").write_text("\n".join(rows) + "\n")


_ROWS = [
    "images/img_000.jpg,2,3,10,12,cow",
    "images/img_000.jpg,4,1,12,9,cat",
    "images/img_001.jpg,1,2,8,14,cat",
    "images/img_002.jpg,3,3,9,11,bird",
]


def test_a_neighbours_csv_stops_and_each_box_order_reads_its_own_boxes(tmp_path: Path) -> None:
    _retinanet(tmp_path / "src", _ROWS)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "annotations.csv" in message and names_option(message, "box_order"), message
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "corners"), box_order="xyxy"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "sized"), box_order="xywh"))
    corners, sized = _boxes(tmp_path / "corners"), _boxes(tmp_path / "sized")
    assert corners["images/img_001.jpg"] == [(round(1 / 40, 4), round(2 / 30, 4), round(8 / 40, 4), round(14 / 30, 4))]
    assert sized["images/img_001.jpg"] == [(round(1 / 40, 4), round(2 / 30, 4), round(9 / 40, 4), round(16 / 30, 4))]
    records = written_records(tmp_path / "corners")
    assert records["objects"]["images/img_000.jpg"] == ["cow", "cat"] and len(records["records"]) == 3


def test_a_box_order_the_rows_refute_stops_instead_of_being_overruled(tmp_path: Path) -> None:
    # Boxes to the right of their images' middle: corners fit, x, y, w, h leave the image (25 + 35 > 40).
    rows = ["images/img_000.jpg,25,3,35,12,cow", "images/img_000.jpg,22,1,30,9,cat", "images/img_001.jpg,21,2,38,14,cat"]
    _retinanet(tmp_path / "src", rows)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "plain")))  # the rows decide: corners
    assert _boxes(tmp_path / "plain")["images/img_001.jpg"] == [
        (round(21 / 40, 4), round(2 / 30, 4), round(38 / 40, 4), round(14 / 30, 4))
    ]
    message = refusal(tmp_path / "src", tmp_path / "out", box_order="xywh")
    assert "--box-order xywh" in message and "--box-order xyxy" in message and "leaving their images" in message


def test_a_nan_row_and_a_huge_value_do_not_open_or_close_the_doubt_wrongly(tmp_path: Path) -> None:
    # A NaN row is damage, set aside while the rows decide (box_damaged_rows; before, it left the table unread and the
    # stop named label options): the doubt stays, and with --box-order the NaN row's image is rejected naming its row.
    _retinanet(tmp_path / "nan", [*_ROWS, "images/img_002.jpg,NaN,3,9,11,bird"])
    message = refusal(tmp_path / "nan", tmp_path / "out")
    assert "--box-order xyxy or --box-order xywh" in message
    config = ConvertConfig(str(tmp_path / "nan"), str(tmp_path / "nan_out"), box_order="xyxy", max_rejects="1")
    run_conversion(config)
    assert set(_boxes(tmp_path / "nan_out")) == {"images/img_000.jpg", "images/img_001.jpg"}
    assert "NaN" in (tmp_path / "nan_out" / "rejected.jsonl").read_text()
    # A huge x2 fits no reading inside its image: no longer open two ways, so --box-order is not offered as if it
    # could help, and none is written with exit 0 as a box
    _retinanet(tmp_path / "huge", [*_ROWS, "images/img_002.jpg,3,3,9" + "9" * 30 + ",11,bird"])
    result = run_shardify("convert", str(tmp_path / "huge"), str(tmp_path / "huge_out"), "--box-order", "xywh", timeout=120)
    assert "--box-order xyxy or --box-order xywh" not in result.stderr
    assert result.returncode != 0 or all(x2 <= 1.0 for boxes in _boxes(tmp_path / "huge_out").values() for *_, x2, _ in boxes)


def test_box_order_is_checked_at_the_edge(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--box-order 'yxyx'"):
        ConvertConfig(str(tmp_path), str(tmp_path / "out"), box_order="yxyx")
    result = run_shardify("convert", str(tmp_path), str(tmp_path / "out"), "--box-order", "corners", timeout=60)
    assert result.returncode == 2 and not (tmp_path / "out" / "manifest.json").exists()
    assert "--box-order" in run_shardify("convert", "--help", timeout=60).stdout
    # beside a layout file (which skips detection) it would be ignored in silence: refused, naming the file's lines
    _retinanet(tmp_path / "src", _ROWS)
    written = tmp_path / "layout.yaml"
    run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(written))
    assert "box_format: Box table of columns image,x1,y1,x2,y2,class (pixels)" in written.read_text()
    result = run_shardify(
        "convert", str(tmp_path / "src"), str(tmp_path / "o2"), "--layout-file", str(written), "--box-order", "xywh", timeout=60
    )
    assert result.returncode == 2 and "box_format" in result.stderr and not (tmp_path / "o2" / "manifest.json").exists()


def test_our_own_output_is_no_table_of_boxes(tmp_path: Path) -> None:
    # A converted folder (shards, manifest, label_map) handed back as SRC holds no annotations.csv to doubt.
    _retinanet(tmp_path / "src", _ROWS)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), box_order="xyxy"))
    result = run_shardify("convert", str(tmp_path / "out"), str(tmp_path / "again"), "--box-order", "xyxy", timeout=120)
    assert "box-order" not in result.stderr.replace("--box-order xyxy", "")


# ---- split lists named by their sizes ------------------------------------------------------------------------


def _lists(*names: str) -> list:
    from types import SimpleNamespace

    return [SimpleNamespace(path=f"{name}.txt", split=name.split("_")[0].rstrip("0123456789")) for name in names]


def test_sizes_are_no_folds_but_dtd_numbers_are() -> None:
    assert sorted(list_folds.folds(_lists("train_3850", "test_1650"))) == [0]
    assert sorted(list_folds.folds(_lists("train_700", "val_100", "test_200"))) == [0]
    assert not list_folds.fold_numbered(_lists("train_3850", "test_1650"))
    # DTD's labels/train1.txt .. test2.txt: two splits under each number, folds; test1 .. test3 alone: folds of one split
    assert sorted(list_folds.folds(_lists("train1", "test1", "train2", "test2"))) == [1, 2]
    assert sorted(list_folds.folds(_lists("test1", "test2", "test3"))) == [1, 2, 3]
    assert list_folds.fold_numbered(_lists("train1", "test1"))
    # one list alone, or a number shared: as before
    assert sorted(list_folds.folds(_lists("train_5"))) == [5]


def _sized_lists(root: Path, fold_names: tuple[str, str] = ("train_6", "test_3")) -> dict[str, str]:
    split_of = {}
    for i in range(9):
        stem = f"img{i:03d}"
        image_file(root / "images" / f"{stem}.jpg", f"r33cl{i}")
        split_of[stem] = "test" if i % 3 == 0 else "train"
    for name in fold_names:
        kept = [stem for stem, split in split_of.items() if name.startswith(split)]
        (root / f"{name}.txt").write_text("\n".join(kept) + "\n")
    return split_of


def test_a_neighbours_sized_lists_split_every_image(tmp_path: Path) -> None:
    split_of = _sized_lists(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    records = written_records(tmp_path / "out")["records"]
    assert {rid.split("/")[-1][:-4]: split for rid, (split, _) in records.items()} == split_of


def test_numbered_folds_still_read_the_first_fold_only(tmp_path: Path) -> None:
    root = tmp_path / "src"
    split_of = _sized_lists(root, ("train1", "test1"))
    stems = sorted(split_of)
    (root / "train2.txt").write_text("\n".join(stems[:4]) + "\n")  # another partition of the same images
    (root / "test2.txt").write_text("\n".join(stems[4:]) + "\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_level=0))
    records = written_records(tmp_path / "out")["records"]
    assert {rid.split("/")[-1][:-4]: split for rid, (split, _) in records.items()} == split_of


# ---- D-Fire: names given on the command line -----------------------------------------------------------------


def test_dfire_stop_names_label_names_which_converts_it_right(tmp_path: Path) -> None:
    assert "--label-names" in _follows("dfire", blind31, tmp_path)
