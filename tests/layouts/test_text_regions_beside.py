"""Text regions in a `.txt` beside each image, named as it (SROIE's receipts: `X00016469612.txt` beside
`X00016469612.jpg`, lines `x1,y1,x2,y2,x3,y3,x4,y4,transcript`): the row "Text quadrilaterals beside their
images" of shardify/plan/box_format_rows.py, paired by beam_jobs/discover/box_beside.py's TXT_FORMATS.

Blind round twenty-three's sroie first wrote the rows as captions (exit 0), then stopped naming no
option; it is read now. A neighbour of ICDAR 2015's shape (`###` do-not-care regions) beside images in
split folders, and hostile twins: a line of another shape among the boxes rejects its image naming the
line; `.txt` captions beside images stay captions (tests/layouts/test_blindfix23.py holds that twin too).
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind23 import DATASETS
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _image(path: Path, key: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 40, 30, "JPEG"))


def _objects(out: Path) -> dict[str, tuple[str, int, list[float]]]:
    """{file name: (split, object count, its x-maxima)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                xmax = record.get(contract.OBJECT_XMAX, [])
                xmax = xmax if isinstance(xmax, list) else [xmax]
                found[record[contract.IMAGE_FILENAME].decode()] = (split, len(xmax), [round(x, 3) for x in xmax])
    return found


def test_sroie_receipts_are_read_as_text_regions(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "sroie", tmp_path / "sroie", None)


def test_quadrilaterals_with_do_not_care_regions_beside_images_in_split_folders(tmp_path: Path) -> None:
    """A neighbour: ICDAR 2015's line shape, but each file beside its image and named as it (no gt_ prefix),
    `###` regions skipped, a transcription holding commas, train/ and test/ splits."""
    src = tmp_path / "street_text"
    for split in ("train", "test"):
        for i in range(3):
            _image(src / split / f"scene_{i}.jpg", f"{split}{i}")
            lines = ["2,3,20,3,20,9,2,9,EXIT", f"4,12,36,12,36,20,4,20,Main St, {i}", "1,1,5,1,5,4,1,4,###"]
            (src / split / f"scene_{i}.txt").write_text("\n".join(lines[: 2 + i % 2]) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _objects(tmp_path / "out")
    assert sorted(written) == [f"{split}/scene_{i}.jpg" for split in ("test", "train") for i in range(3)]
    assert {split for split, _, _ in written.values()} == {"train", "test"}
    assert all(count == 2 for _, count, _ in written.values())  # (the ### region is no object)
    assert all(xmax == [0.5, 0.9] for _, _, xmax in written.values())  # 20/40 and 36/40


def test_a_line_of_another_shape_rejects_its_image_naming_it(tmp_path: Path) -> None:
    """The hostile twin: one file holds a line that is no box among box lines: that image is rejected with
    its line, the others written."""
    src = tmp_path / "receipts"
    for i in range(4):
        _image(src / f"R{i:03d}.jpg", f"r{i}")
        body = "3,4,30,4,30,10,3,10,TOTAL\n" + ("thank you for shopping\n" if i == 2 else "")
        (src / f"R{i:03d}.txt").write_text(body)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=parse_max_rejects("50%")))
    written = _objects(tmp_path / "out")
    assert sorted(written) == ["R000.jpg", "R001.jpg", "R003.jpg"]
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert len(rejected) == 1 and rejected[0]["path"] == "R002.jpg" and "its annotation R002.txt " in rejected[0]["reason"]
    assert "line 2" in rejected[0]["reason"]
    assert "9 to 64 fields" in rejected[0]["reason"]


def test_numbers_outside_the_image_or_not_finite_are_never_silent(tmp_path: Path) -> None:
    """The hostile twin: a corner far outside the image is clipped and the repair reported (as every box
    reader does, docs/records.md), a `nan` corner rejects its image naming the line."""
    src = tmp_path / "tickets"
    for i in range(4):
        _image(src / f"T{i}.jpg", f"t{i}")
        corner = {1: "9000", 3: "nan"}.get(i, "30")
        (src / f"T{i}.txt").write_text(f"3,4,{corner},4,{corner},10,3,10,PAID\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=parse_max_rejects("50%")))
    written = _objects(tmp_path / "out")
    assert sorted(written) == ["T0.jpg", "T1.jpg", "T2.jpg"] and written["T1.jpg"][2] == [1.0]
    repaired = read_report(tmp_path / "out", "repaired.jsonl")
    assert [(r["path"], "clipped" in r["repair"]) for r in repaired] == [("T1.jpg", True)]
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejected] == ["T3.jpg"] and "'nan'" in rejected[0]["reason"]
