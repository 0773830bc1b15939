"""Tracking tables read as the boxes of numbered frames (FRAME_ROWS: shardify/plan/frame_row_formats.py,
beam_jobs/discover/frame_row_tables.py, converters/frame_row_tables.py).

UAVDT right as blind24 builds it (its splits from M_attr/train|test); VisDrone-VID and KITTI tracking
neighbours built from their documented formats (the toolkit readme's ten fields, the devkit's
seventeen, frames from 0); a near-miss (a table of per-frame sensor values beside the frames) that must
not become boxes; hostile twins: a row naming frame 99999, a NaN box, a table of a sequence with no
frames, a second camera's frames of the same sequences, a 100 MB table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind24 import DATASETS, SPECS
from helpers.made_files import text_file as _text
from helpers.shipped import _image_bytes
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import frame_row_tables
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.plan import box_formats
from shardify.plan.requests import parse_max_rejects


def _image(path: Path, key: str, fmt: str = "JPEG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 40, 30, fmt))


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


_VID = (("train", "uav0000013_00000_v"), ("train", "uav0000072_04488_v"), ("val", "uav0000086_00000_v"))
_FIRST = (4, 6, 4)  # the first box's category in frame 1 of each sequence: car, truck, car


def _visdrone_vid(root: Path, twins: bool = False) -> None:
    """VisDrone2019-VID-<split>/sequences/<seq>/0000001.jpg beside annotations/<seq>.txt, rows
    `frame,target,x,y,w,h,score,category,truncation,occlusion` (the VID toolkit's readme): frame 1 a car
    (the second sequence's a truck: frame 1 twice, in two sequences) and a bus, frame 2 a pedestrian and a bus, frame 3 no row; in every frame an ignored region
    (category 0, score 0) and a van of score 0 (not considered)."""
    for s, (split, seq) in enumerate(_VID):
        base = root / f"VisDrone2019-VID-{split}"
        rows = []
        for f in range(1, 4):
            _image(base / "sequences" / seq / f"{f:07d}.jpg", f"{seq}{f}")
            if f == 3:
                continue
            rows += [f"{f},{s + 1},{2 + f},{3 + s},10,8,1,{_FIRST[s] if f == 1 else 1},0,0", f"{f},{s + 5},5,6,6,5,1,9,1,2",
                     f"{f},0,0,0,12,12,0,0,-1,-1", f"{f},{s + 7},1,1,5,5,0,5,0,0"]
        if twins and s == 0:
            rows += ["99999,3,1,1,4,4,1,4,0,0", "2,4,1,1,nan,4,1,4,0,0"]
        _text(base / "annotations" / f"{seq}.txt", "\n".join(rows) + "\n")
    if twins:  # a table of a sequence whose frames are not here
        _text(root / "VisDrone2019-VID-val" / "annotations" / "uav0000999_00000_v.txt", "1,1,2,3,10,8,1,4,0,0\n")


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("frame_rows")


def test_uavdt_converts_right(work: Path) -> None:
    truth = DATASETS["uavdt"](work / "uavdt")
    run_conversion(ConvertConfig(str(truth.root), str(work / "uavdt_out")))
    assert_right(truth, work / "uavdt_out", SPECS["uavdt"].aliases)
    plan = (work / "uavdt_out" / "plan.json").read_text()
    assert "M0101_gt_ignore.txt" in plan and "ignored regions" in plan  # left out, and named


def test_visdrone_vid_frames_take_their_rows_boxes(work: Path) -> None:
    _visdrone_vid(work / "vid")
    found = _convert(work / "vid", work / "vid_out")
    for (split, seq), first in zip(_VID, ("car", "truck", "car")):
        frames = f"VisDrone2019-VID-{split}/sequences/{seq}"
        assert found["objects"][f"{frames}/0000001.jpg"] == [first, "bus"]
        assert found["objects"][f"{frames}/0000002.jpg"] == ["pedestrian", "bus"]
        assert found["objects"][f"{frames}/0000003.jpg"] == []  # no row: no objects
        assert found["records"][f"{frames}/0000001.jpg"][0] == {"train": "train", "val": "validation"}[split]


def test_visdrone_vid_twins_reject_what_names_nothing_and_what_is_no_box(work: Path) -> None:
    _visdrone_vid(work / "vid_twins", twins=True)
    found = _convert(work / "vid_twins", work / "vid_twins_out", max_rejects=parse_max_rejects("50%"))
    rejects = (work / "vid_twins_out" / "rejected.jsonl").read_text()
    assert "names no file: 'VisDrone2019-VID-train/sequences/uav0000013_00000_v/99999'" in rejects  # the row of no frame: its reject
    frames = "VisDrone2019-VID-train/sequences/uav0000013_00000_v"
    assert f"{frames}/0000002.jpg" not in found["records"] and "'nan'" in rejects  # never written without the box
    assert found["objects"][f"{frames}/0000001.jpg"] == ["car", "bus"]
    # frame 1 of each sequence holds its own sequence's boxes, not the other's
    assert found["objects"]["VisDrone2019-VID-train/sequences/uav0000072_04488_v/0000001.jpg"] == ["truck", "bus"]
    assert "uav0000999_00000_v.txt" in (work / "vid_twins_out" / "plan.json").read_text()  # left out, named


def _kitti_tracking(root: Path, second_camera: bool = False) -> None:
    """training/image_02/<seq>/000000.png beside training/label_02/<seq>.txt, 17 space-separated fields a row
    (the tracking devkit's readme), frames from 0, DontCare rows of track -1."""
    for s, seq in enumerate(("0000", "0001")):
        rows = []
        for f in range(3):
            _image(root / "training" / "image_02" / seq / f"{f:06d}.png", f"k{s}{f}", "PNG")
            if second_camera:
                _image(root / "training" / "image_03" / seq / f"{f:06d}.png", f"r{s}{f}", "PNG")
            kind = ("Car", "Pedestrian", "")[f]
            if kind:
                rows.append(f"{f} {s} {kind} 0 0 -1.79 {2 + f}.5 3.0 {20 + f}.25 25.0 1.5 1.6 3.7 -3.9 1.7 13.4 -1.6")
            rows.append(f"{f} -1 DontCare -1 -1 -10.0 1.0 1.0 9.0 9.0 -1000 -1000 -1000 -10 -1 -1 -1")
        _text(root / "training" / "label_02" / f"{seq}.txt", "\n".join(rows) + "\n")


def test_kitti_tracking_frames_count_from_zero(work: Path) -> None:
    _kitti_tracking(work / "kitti")
    found = _convert(work / "kitti", work / "kitti_out")
    for seq in ("0000", "0001"):
        frames = f"training/image_02/{seq}"
        assert found["objects"][f"{frames}/000000.png"] == ["Car"]  # frame 0 is 000000.png, not 000001.png
        assert found["objects"][f"{frames}/000001.png"] == ["Pedestrian"]
        assert found["objects"][f"{frames}/000002.png"] == []  # only a DontCare region


def test_a_second_cameras_frames_of_the_same_sequences_stop(work: Path) -> None:
    _kitti_tracking(work / "kitti2", second_camera=True)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(work / "kitti2"), str(work / "kitti2_out")))
    assert "training/image_03/0000" in str(stop.value) and "--exclude 'training/image_03/0000/**'" in str(stop.value)
    assert not (work / "kitti2_out" / "manifest.json").exists()


def test_a_table_of_sensor_values_beside_numbered_frames_is_no_boxes(work: Path) -> None:
    """Near-miss: `frame,timestamp,speed,lat,lon,alt,heading,pitch,roll,yaw` per frame, named as the
    VisDrone-VID tables are: never read as boxes (a stop, or frames without objects)."""
    root = work / "drive"
    for seq in ("run_a", "run_b"):
        rows = []
        for f in range(1, 4):
            _image(root / "sequences" / seq / f"{f:07d}.jpg", f"{seq}{f}")
            rows.append(f"{f},{1606000000 + f / 10:.3f},{12 + f},48.1,11.5,520,{90 + f},1,0,{f}")
        _text(root / "annotations" / f"{seq}.txt", "\n".join(rows) + "\n")
    try:
        found = _convert(root, work / "drive_out")
    except ShardifyError:
        assert not (work / "drive_out" / "manifest.json").exists()
        return
    assert not any(found["objects"].values())


def test_a_100_mb_table_is_read_as_a_stream(work: Path) -> None:
    """Hostile: a sequence's table of 100 MB (its rows, then one line of 100 MB): its rows read, the line
    too long a reject naming the table, never the whole file held at once."""
    root = work / "big"
    _visdrone_vid(root)
    table = root / "VisDrone2019-VID-train" / "annotations" / "uav0000013_00000_v.txt"
    with table.open("r+b") as handle:
        handle.seek(100 << 20)  # (a sparse file: the hole reads as one line of NUL bytes)
        handle.write(b"\n")
    found = _convert(root, work / "big_out", max_rejects=parse_max_rejects("50%"))
    assert found["objects"]["VisDrone2019-VID-train/sequences/uav0000013_00000_v/0000001.jpg"] == ["car", "bus"]
    assert "line longer than" in (work / "big_out" / "rejected.jsonl").read_text()


def test_a_table_among_read_ones_of_another_shape_stops(work: Path) -> None:
    """Hostile twin: one sequence's table holds VisDrone-DET's eight fields while the others are read: its frames
    would be written without objects; the run stops naming it."""
    root = work / "odd"
    _visdrone_vid(root)
    _text(root / "VisDrone2019-VID-train" / "annotations" / "uav0000072_04488_v.txt", "3,4,10,8,1,4,0,0\n")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(work / "odd_out")))
    assert "annotations/uav0000072_04488_v.txt" in str(stop.value) and "--exclude" in str(stop.value)
    assert not (work / "odd_out" / "manifest.json").exists()


def test_tables_no_row_reads_are_not_evidence() -> None:
    """The rows' shapes: a path of no row's, rows of another count of fields, numbers naming no frame."""
    uavdt = box_formats.format_named("UAVDT sequences")
    assert frame_row_tables._sequence_of(uavdt, "GT/M0101_gt_whole.txt") == "M0101"
    assert frame_row_tables._sequence_of(uavdt, "GT/M0101_gt.txt") == ""
    assert frame_row_tables._rows_fit(uavdt, ["1,1,10,20,5,5,1,0,2"]) == [1]
    assert frame_row_tables._rows_fit(uavdt, ["1,1,10,20,5,5,1,0"]) == []  # eight fields
    assert frame_row_tables._rows_fit(uavdt, ["1,1.5,10,20,5,5,1,0,2"]) == []  # no track id
    kitti = box_formats.format_named("KITTI tracking labels")
    assert frame_row_tables._shift(kitti, {0, 1, 2}) == 0 and frame_row_tables._shift(uavdt, {0, 1, 2}) == -1


def test_sequence_splits_come_from_files_named_after_every_sequence() -> None:
    """A file named after each sequence (its name holding `_` too) in a split-word folder gives its split; where one
    sequence has none, no sequence takes a split, and the note says why."""
    seqs = ["uav0000013_00000_v", "uav0000072_04488_v"]
    sample = ["attr/train/uav0000013_00000_v_attr.txt", "attr/test/uav0000072_04488_v_attr.txt", "attr/test/uav0000072_0_x.txt"]
    assert frame_row_tables._sequence_splits(sample, seqs, set()) == (
        {"uav0000013_00000_v": "train", "uav0000072_04488_v": "test"}, "attr/train/uav0000013_00000_v_attr.txt")
    splits, why = frame_row_tables._sequence_splits(sample[:1], seqs, set())
    assert splits == {} and "1 of the 2 sequences" in why


def test_tables_and_frames_the_sample_left_out_are_read_too(work: Path) -> None:
    """A download of many sequences keeps their tables in one folder, of which detection samples a share: every
    table of that folder whose sequence's frames lie beside the others' is read (else its frames were written
    without their objects, exit 0); one whose frames are nowhere stays an orphan."""
    truth = DATASETS["uavdt"](work / "uavdt_sampled")
    root = truth.root
    sample = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    partial = [p for p in sample if "M1005" not in p and "M0203_gt_whole" not in p]  # M1005 unseen, M0203's table unseen
    _text(root / "UAV-benchmark-MOTD_v1.0" / "GT" / "M9999_gt_whole.txt", "1,1,2,3,4,4,1,1,1\n")
    found = frame_row_tables.frame_row_evidence(ConvertConfig(str(root), str(work / "unused")), partial, set())
    assert {(e.path.rsplit("/", 1)[-1], e.image_folder) for e in found} == {
        ("M0101_gt_whole.txt", "UAV-benchmark-M/M0101"), ("M0203_gt_whole.txt", "UAV-benchmark-M/M0203"),
        ("M1005_gt_whole.txt", "UAV-benchmark-M/M1005")}
    # the split folders' files the sample left out are listed for the sequences' splits (M1005's attribute file)
    config = ConvertConfig(str(root), str(work / "unused"))
    listed = frame_row_tables._with_split_folders(config, partial, ["M0101", "M0203", "M1005"])
    assert "M_attr/train/M1005_attr.txt" in listed and "M_attr/train/M1005_attr.txt" not in partial
    assert frame_row_tables._sequence_splits(listed, ["M0101", "M0203", "M1005"], set())[0] == {
        "M0101": "train", "M0203": "test", "M1005": "train"}
