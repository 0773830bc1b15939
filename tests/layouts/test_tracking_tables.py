"""Tables of boxes keyed by frame number beside numbered frames (tracking annotations): read as nothing, the
sequence folders were the classes and the boxes lost, exit 0 (blind18's mot17). Until readers25c they stopped
the run (beam_jobs/discover/frame_tables.py); since, the shapes FRAME_ROWS rows read are the frames' boxes
(shardify/plan/frame_row_formats.py; more cases in tests/layouts/test_frame_rows.py), and the stop stands for
tables no row reads.

Neighbours of the kind, built from their documented layouts (FROM the datasets' READMEs, shapes only):
DanceTrack (github.com/DanceTrack/DanceTrack: `train/dancetrack0001/img1/00000001.jpg`, `gt/gt.txt` in
MOTChallenge's `frame,id,left,top,width,height,1,1,1`, `seqinfo.ini`; `test/` without gt) and KITTI
tracking (cvlibs.net's devkit_tracking readme: `training/image_02/0000/000000.png`,
`training/label_02/0000.txt` of `frame track_id type truncated occluded alpha left top right bottom h w l
x y z rotation_y`, `DontCare` rows of track -1). Following the stop's options writes the frames alone,
unlabelled, split by their folders. The twin that must not be claimed: a per-sequence table of two
columns (frame, timestamp), and other tables of numbers (YOLO rows, a headed box table).
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind18 import DATASETS
from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records
from shardify.beam_jobs.discover.frame_tables import frame_rows


def _jpg(path: Path, shade: int, fmt: str = "JPEG") -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (20, 16), (shade % 256, 60, 120)).save(path, fmt)


def _dancetrack(root: Path) -> None:
    for part, seq, gt in (("train", "dancetrack0001", True), ("val", "dancetrack0004", True), ("test", "dancetrack0003", False)):
        folder = root / part / seq
        for f in range(1, 5):
            _jpg(folder / "img1" / f"{f:08d}.jpg", 30 * f)
        if gt:
            rows = [f"{f},{t},{2 + t},{3},5,8,1,1,1" for f in range(1, 5) for t in (1, 2)]
            (folder / "gt").mkdir()
            (folder / "gt" / "gt.txt").write_text("\n".join(rows) + "\n")
        (folder / "seqinfo.ini").write_text(f"[Sequence]\nname={seq}\nimDir=img1\nframeRate=20\nseqLength=4\n"
                                            "imWidth=20\nimHeight=16\nimExt=.jpg\n")


def test_dancetrack_gt_is_read_as_the_frames_boxes(tmp_path: Path) -> None:
    root = tmp_path / "dancetrack"
    _dancetrack(root)
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    written = written_records(tmp_path / "out")
    got, objects = written["records"], written["objects"]
    assert len(got) == 12
    assert objects["train/dancetrack0001/img1/00000001.jpg"] == ["pedestrian", "pedestrian"]  # MOT's class 1
    assert objects["test/dancetrack0003/img1/00000001.jpg"] == []  # no gt: no objects
    assert {rel.split("/")[0]: split[:3] for rel, (split, _) in got.items()} == {"train": "tra", "val": "val", "test": "tes"}


def test_a_dancetrack_gt_of_another_shape_still_stops(tmp_path: Path) -> None:
    """A MOT-placed gt.txt of seven fields (no row's shape): the stop over unread frame tables stands."""
    root = tmp_path / "dancetrack"
    _dancetrack(root)
    for table in root.glob("*/*/gt/gt.txt"):
        table.write_text("".join(",".join(line.split(",")[:7]) + "\n" for line in table.read_text().splitlines()))
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "train/dancetrack0001/gt/gt.txt" in result.stderr and "keyed by frame number" in result.stderr
    assert "--label-level 0 --exclude '**/gt/**'" in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_kitti_tracking_label_02_is_read_for_the_training_frames(tmp_path: Path) -> None:
    root = tmp_path / "kitti_tracking"
    for seq in ("0000", "0001"):
        for f in range(3):
            _jpg(root / "training" / "image_02" / seq / f"{f:06d}.png", 40 * f, "PNG")
            _jpg(root / "testing" / "image_02" / seq / f"{f:06d}.png", 50 * f, "PNG")
        rows = [f"{f} -1 DontCare -1 -1 -10.000000 2.0 3.0 6.0 9.0 -1000 -1000 -1000 -10 -1 -1 -1" for f in range(3)]
        rows += [f"{f} 0 Car 0 0 -1.793451 1.0 2.0 8.0 10.0 1.52 1.6 3.9 -4.5 1.8 13.4 -2.1" for f in range(3)]
        (root / "training" / "label_02").mkdir(parents=True, exist_ok=True)
        (root / "training" / "label_02" / f"{seq}.txt").write_text("\n".join(rows) + "\n")
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    objects = written_records(tmp_path / "out")["objects"]
    assert objects["training/image_02/0000/000000.png"] == ["Car"]
    # testing/image_02/0000/ is another sequence of the same number: the table nearest is training's
    assert objects["testing/image_02/0000/000000.png"] == []


def test_mot17_reads_gt_and_leaves_det_out(tmp_path: Path) -> None:
    truth = DATASETS["mot17"](tmp_path / "download")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "MOT17/train/MOT17-02-FRCNN/gt/gt.txt" in result.stderr and "det/det.txt (a public detector's boxes" in result.stderr
    objects = written_records(tmp_path / "out")["objects"]
    assert objects["MOT17/train/MOT17-02-FRCNN/img1/000001.jpg"] == ["pedestrian", "pedestrian"]  # flag 0 rows skipped


def test_other_tables_of_numbers_are_not_frame_tables() -> None:
    assert frame_rows(["1,0.033", "2,0.066", "3,0.100"]) == []  # frame, timestamp: no boxes
    assert frame_rows(["0 0.5 0.5 0.2 0.3", "1 0.4 0.6 0.1 0.2"]) == []  # YOLO rows
    assert frame_rows(["img x1 y1 x2 y2", "12 0 143 370 486"]) == []  # UEC FOOD's bb_info.txt
    assert frame_rows(["1,1,912,484,97,109,0,7,1", "2,1,912,484,97,109,0,7,1"]) == [1, 2]
