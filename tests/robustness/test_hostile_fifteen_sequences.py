"""Hostile input, fifteenth round: one XML document of frames per sequence (UA-DETRAC's shape), whose
frame numbers are negative, repeated, missing, past every file, or no numbers; and whose files count
from another base than the document. Every frame's file ends in one record holding exactly its own
frame's objects, or one reject saying why, or the run stops in one line naming the document; never
a record holding another frame's boxes with exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file
from helpers.unseen_judge import written_records

_TYPES = ["car", "van", "bus", "truck"]


def _sequence(root: Path, files: list[int], frames: list[tuple[str, str]]) -> dict[str, str]:
    """Frames `img<n>.jpg` for each of `files`, and a document of (num attribute, vehicle type) frames:
    {file path: the type its own frame gives}."""
    for n in files:
        write_file(root / "Insight-MVT_Annotation_Train" / "MVI_20011" / f"img{n:05d}.jpg", image_bytes(seed=n))
    body = [f'<frame density="1" num="{num}"><target_list><target id="1"><box left="2" top="2" width="4" '
            f'height="5"/><attribute vehicle_type="{kind}"/></target></target_list></frame>' for num, kind in frames]
    write_file(root / "DETRAC-Train-Annotations-XML" / "MVI_20011.xml",
               '<?xml version="1.0"?>\n<sequence name="MVI_20011">\n' + "\n".join(body) + "\n</sequence>\n")
    return {f"Insight-MVT_Annotation_Train/MVI_20011/img{int(num):05d}.jpg": kind for num, kind in frames
            if num.lstrip("-").isdigit()}


def _judged(tmp_path: Path, files: list[int], truth: dict[str, str]) -> None:
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    paths = {f"Insight-MVT_Annotation_Train/MVI_20011/img{n:05d}.jpg" for n in files}
    assert paths <= set(written) | set(rejected), (sorted(paths - set(written) - set(rejected)))
    objects = written_records(tmp_path / "out")["objects"]
    for path in paths & set(written):
        got = objects.get(path, [])
        assert got in ([], [truth.get(path)]) and (not got or truth.get(path)), (path, got, truth.get(path))


@pytest.mark.parametrize("frames", [
    [("-1", "car"), ("1", "van"), ("2", "bus")],
    [("1", "car"), ("1", "van"), ("2", "bus")],
    [("1", "car"), ("2", "van"), ("99", "bus")],
    [("1", "car"), ("2.5", "van"), ("3", "bus")],
    [("1", "car"), ("two", "van"), ("3", "bus")],
    [("1", "car"), ("2", "van"), ("1" + "0" * 30, "bus")],
    [("0", "car"), ("1", "van"), ("2", "bus")],
], ids=["negative", "repeated", "past every file", "fraction", "a word", "30 digits", "from 0 over files from 1"])
def test_frame_numbers_of_odd_values_give_no_frame_anothers_boxes(tmp_path: Path, frames: list) -> None:
    files = [1, 2, 3]
    truth = _sequence(tmp_path / "src", files, frames)
    if frames[0][0] == "0":  # the document counts from 0, the files from 1: frame 0 is img00001 (`frame_shift`)
        truth = {f"Insight-MVT_Annotation_Train/MVI_20011/img{int(num) + 1:05d}.jpg": kind for num, kind in frames}
    if [num for num, _ in frames].count("1") > 1:
        truth.pop("Insight-MVT_Annotation_Train/MVI_20011/img00001.jpg")  # two frames: neither is its own
    _judged(tmp_path, files, truth)


def test_frames_missing_from_the_files_leave_the_others_their_own_boxes(tmp_path: Path) -> None:
    files = [1, 3, 5]
    truth = _sequence(tmp_path / "src", files, [(str(n), _TYPES[n % 4]) for n in range(1, 6)])
    _judged(tmp_path, files, truth)


def test_files_from_0_under_frames_from_1_shift_each_box_to_its_own_frame(tmp_path: Path) -> None:
    files = [0, 1, 2]
    _sequence(tmp_path / "src", files, [(str(n), _TYPES[n]) for n in (1, 2, 3)])
    truth = {f"Insight-MVT_Annotation_Train/MVI_20011/img{n - 1:05d}.jpg": _TYPES[n] for n in (1, 2, 3)}
    _judged(tmp_path, files, truth)
