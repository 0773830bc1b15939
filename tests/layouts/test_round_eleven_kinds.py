"""Kinds of fault an eleventh unseen round (images with annotations, tests/helpers/unseen11.py) found,
each on an unnamed neighbour beside a twin that must not change (the named datasets are in
test_unseen_round_eleven.py):

- a folder of one annotation file per image, numbered, beside two image folders numbered alike
  (NWPU VHR-10's `ground truth/001.txt` beside `positive image set/001.jpg` and `negative image
  set/001.jpg`): the folders were every image's label, the annotations set aside (exit 0). Where the
  files' numbers are exactly one folder's, and every other folder's a strict part of them, the files
  annotate that folder: the folders say "annotated or not", and an unread format stops the run
  (`unread_mirrors`); two folders of exactly those numbers say nothing of which;
- box lines written as points, `(x1,y1),(x2,y2),class` (NWPU VHR-10's), a row of `box_formats.FORMATS`
  now: `drop` names the characters a format's lines hold around its fields, and only lines holding
  them are of it;
- class folders holding the same few members beneath each (KTH-TIPS2's `sample_a/` .. `sample_d/` in
  each material; BreakHis's `40X/`, `100X/` in each patient): the stop named the members' level as
  the classes (wrong) or no level at all; it names each level above them whose names differ, the
  classes being one of those, where the members are named alike, the same beneath every parent and
  fewer than the parents.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError
from shardify.plan import box_formats, unread_mirrors

# ---- numbered annotations of one of two folders numbered alike --------------------------------------------


def _with_and_without(root: Path, annotation: str, lines: dict[str, list[str]]) -> None:
    """A defect set (surface photos `defect/0001.png`, clean ones `clean/0001.png` numbered alike) with
    `annotation/<n>.<ext>` for the defect photos alone."""
    for n in range(1, 5):
        write_file(root / "defect" / f"{n:04d}.png", image_bytes(fmt="PNG", seed=n))
    for n in range(1, 4):
        write_file(root / "clean" / f"{n:04d}.png", image_bytes(fmt="PNG", seed=10 + n))
    for stem, rows in lines.items():
        write_file(root / annotation / stem, "\n".join(rows) + "\n")


def test_numbered_annotations_of_one_folder_stop_when_unread(tmp_path: Path) -> None:
    _with_and_without(tmp_path / "surface", "regions", {f"{n:04d}.reg": [f"scratch @ {n} {n + 4} 6 3"] for n in range(1, 5)})
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "surface", tmp_path / "out")
    assert "regions/" in str(refused.value) and "regions/0001.reg beside defect/0001.png" in str(refused.value), str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_numbered_annotations_of_every_folder_leave_the_folders_standing() -> None:
    """The twin: files numbered as two folders' inputs both, exactly, say nothing of which they annotate."""
    inputs = ["cat/1.jpg", "cat/2.jpg", "dog/1.jpg", "dog/2.jpg"]
    assert unread_mirrors.unread_mirrors(inputs, ["notes/1.txt", "notes/2.txt"]) == {}
    # and the one folder's numbers: a sign
    assert unread_mirrors.unread_mirrors(inputs[:3], ["notes/1.txt", "notes/2.txt"]) == {"notes": ["notes/1.txt", "notes/2.txt"]}


# ---- box lines written as points ---------------------------------------------------------------------------


def test_point_box_lines_are_objects(tmp_path: Path) -> None:
    """A neighbour in NWPU VHR-10's format (its `groundtruth/` spelled as one word, other classes)."""
    boxes = {"0001": ["(3,2),(12,11),1", "(5,4),(9,9),10"], "0002": ["(1,1),(7,8),2"], "0003": ["(2,3),(10,12),10"],
             "0004": ["(4,4),(11,13),5"]}
    _with_and_without(tmp_path / "aerial", "groundtruth", {f"{stem}.txt": rows for stem, rows in boxes.items()})
    got = written_records(convert(tmp_path / "aerial", tmp_path / "out", max_rejects="0"))
    names = {"1": "airplane", "2": "ship", "5": "tennis court", "10": "vehicle"}
    assert {path: sorted(objects) for path, objects in got["objects"].items()} == {
        **{f"defect/{stem}.png": sorted(names[row.rsplit(",", 1)[1]] for row in rows) for stem, rows in boxes.items()},
        **{f"clean/{n:04d}.png": [] for n in range(1, 4)}}


def test_comma_lines_without_points_are_not_point_boxes() -> None:
    """The twin: the same numbers without their parentheses (a track's `frame,x,y,w,h` rows) are no
    box of this format."""
    assert box_formats.per_image_format("groundtruth", ["3,2,12,11,1"]) is None
    assert box_formats.per_image_format("ground truth", ["(3,2),(12,11),1"]).name == "NWPU VHR-10 boxes"


# ---- a few members beneath each class folder ---------------------------------------------------------------


def _textures(root: Path, members: tuple[str, ...], parents: tuple[str, ...]) -> dict[str, str]:
    """CUReT-like textures: `<material>/<member>/<n>.png`, each material photographed as a few members."""
    labels = {}
    for m, material in enumerate(parents):
        for member in members:
            for n in range(2):
                path = f"textures/{material}/{member}/{m}{n}.png"
                write_file(root / path, image_bytes(fmt="PNG", seed=100 * m + 10 * members.index(member) + n))
                labels[path] = material
    return labels


def test_a_few_members_beneath_each_class_stop_naming_the_class_level(tmp_path: Path) -> None:
    labels = _textures(tmp_path / "t", ("view_1", "view_2"), ("cork", "felt", "linen"))
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "t", tmp_path / "out")
    message = str(refused.value)
    assert "--label-level 2 (counted from SRC) for cork, felt, ... as the classes" in message, message
    assert "--label-level 3" not in message, message  # the views are no classes
    got = written_records(convert(tmp_path / "t", tmp_path / "classes", label_level=2, max_rejects="0"))["records"]
    assert got == {path: ("train", frozenset({material})) for path, material in labels.items()}


def test_classes_beneath_each_domain_are_not_members(tmp_path: Path) -> None:
    """The twin: class names beneath each domain (`clipart/cat/`), fewer than the domains, are classes,
    not members: no level above them is offered as the classes."""
    _textures(tmp_path / "d", ("cat", "dog"), ("clipart", "sketch", "real"))
    with pytest.raises(UsageError) as refused:
        convert(tmp_path / "d", tmp_path / "out")
    assert "for clipart, real, ... as the classes" not in str(refused.value), str(refused.value)


# ---- face ellipses in path / count / lines blocks ----------------------------------------------------------


def _ellipse_lists(root: Path) -> dict[str, int]:
    """FDDB's ellipse lists over another photo tree (`photos/<year>/<n>/<name>.jpg`, the paths written
    without extension, a fold a file): the year folders are where the photos came from, no class."""
    faces = {"2019/05/dsc_0001": 2, "2019/05/dsc_0002": 1, "2020/11/dsc_0107": 1, "2020/12/dsc_0203": 3}
    lines = []
    for k, (path, n) in enumerate(faces.items()):
        write_file(root / "photos" / f"{path}.jpg", image_bytes(seed=k))
        lines += [path, str(n)] + [f"4.000000 2.000000 0.000000 {10 + j}.000000 8.000000  1" for j in range(n)]
    write_file(root / "folds" / "ours-fold-01-ellipseList.txt", "\n".join(lines) + "\n")
    return {f"photos/{path}.jpg": n for path, n in faces.items()}


def test_ellipse_lists_are_face_objects_as_envelopes(tmp_path: Path) -> None:
    faces = _ellipse_lists(tmp_path / "faces")
    out = convert(tmp_path / "faces", tmp_path / "out", max_rejects="0")
    got = written_records(out)
    assert got["records"] == {path: ("train", frozenset({"face"})) for path in faces}
    assert {path: len(names) for path, names in got["objects"].items()} == faces
    from helpers.shard_io import read_shard
    from shardify.format import contract

    (shard,) = sorted(out.glob("train*.tfrecord*")) or sorted(out.rglob("*.tfrecord*"))
    first = next(r for r in read_shard(shard) if r[contract.IMAGE_FILENAME] == b"photos/2019/05/dsc_0002.jpg")
    # the ellipse (radii 4 and 2, angle 0, centre 10,8) in a 24 x 16 image: x 6..14, y 6..10
    box = [first[k] for k in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
    assert box == pytest.approx([6 / 24, 6 / 16, 14 / 24, 10 / 16], abs=1e-4)


def test_a_block_list_not_named_for_ellipses_is_not_read_as_them() -> None:
    """The twin: the same blocks in a file not named as an ellipse list, and WIDER FACE's own blocks,
    keep their readings."""
    blocks = ["2019/05/dsc_0001", "1", "4.0 2.0 0.0 10.0 8.0  1"]
    assert box_formats.file_format("fold-01.txt", blocks) is None
    wider = ["0--Parade/0_Parade_marchingband_1_465.jpg", "1", "345 211 4 4 2 0 0 0 0 0"]
    assert box_formats.file_format("wider_face_val_bbx_gt.txt", wider).name == "WIDER FACE boxes"


# ---- one JSON document of images and their boxes -----------------------------------------------------------


def _sign_document(root: Path, broken: str = "") -> dict[str, list[str]]:
    """TT100K's document shape over another sign set (`signs/<split>/<id>.jpg`, `signs/annotations.json`:
    {"types", "imgs": {id: {"path", "id", "objects": [{"category", "bbox": {xmin, ymin, xmax, ymax}}]}}})."""
    signs = {"train/501.jpg": ["stop", "yield"], "train/502.jpg": ["stop"], "train/507.jpg": [],
             "test/601.jpg": ["speed_30"], "test/602.jpg": ["yield", "yield"]}
    imgs = {}
    for k, (path, cats) in enumerate(signs.items()):
        write_file(root / "signs" / path, image_bytes(seed=k))
        ident = path.split("/")[1].split(".")[0]
        objects = [{"category": c, "bbox": {"xmin": 2.0 + j, "ymin": 1.0, "xmax": 9.0 + j, "ymax": 7.5}} for j, c in enumerate(cats)]
        if path == broken:
            del objects[0]["bbox"]["xmax"]
        imgs[ident] = {"path": path, "id": int(ident), "objects": objects}
    import json

    write_file(root / "signs" / "annotations.json", json.dumps({"types": ["speed_30", "stop", "yield"], "imgs": imgs}))
    return {f"signs/{path}": cats for path, cats in signs.items()}


def test_a_json_document_of_images_gives_their_objects(tmp_path: Path) -> None:
    signs = _sign_document(tmp_path / "d")
    got = written_records(convert(tmp_path / "d", tmp_path / "out", max_rejects="0"))
    assert got["records"] == {path: (path.split("/")[1], frozenset(cats) or None)
                              for path, cats in signs.items()}
    assert {path: sorted(names) for path, names in got["objects"].items()} == {p: sorted(c) for p, c in signs.items()}


def test_a_box_of_a_json_document_missing_a_number_rejects_its_image(tmp_path: Path) -> None:
    """The twin: an entry whose box lacks `xmax` is never written without its objects: its image is a
    reject naming the entry, the others convert."""
    signs = _sign_document(tmp_path / "d", broken="train/501.jpg")
    out = convert(tmp_path / "d", tmp_path / "out")
    from helpers.shard_io import read_report

    rejected = read_report(out, "rejected.jsonl")
    assert [r["path"] for r in rejected] == ["signs/train/501.jpg"], rejected
    assert "entry 1" in rejected[0]["reason"], rejected
    assert set(written_records(out)["records"]) == set(signs) - {"signs/train/501.jpg"}


# ---- one XML document per sequence of frames -----------------------------------------------------------------


def _sequences(root: Path, twice: bool = False) -> dict[str, list[str]]:
    """UA-DETRAC's sequence XML over another video set (`frames/<split>/<sequence>/frame_0001.png`,
    `xml/<sequence>.xml`: <sequence name><frame num><target_list><target><box/><attribute vehicle_type/>)."""
    frames = {("train", "cam_north"): [["truck"], ["truck", "car"], []], ("test", "cam_east"): [["car", "car"]]}
    truth = {}
    for (split, sequence), objects in frames.items():
        body = []
        for num, types in enumerate(objects, start=1):
            path = f"frames/{split}/{sequence}/frame_{num:04d}.png"
            write_file(root / path, image_bytes(fmt="PNG", seed=num + len(sequence)))
            truth[path] = types
            if not types:
                continue  # a frame with no target is not listed, as DETRAC's files leave it out
            targets = "".join(f'<target id="{k}"><box left="{1 + 3 * k}" top="2" width="4" height="5"/>'
                              f'<attribute vehicle_type="{t}"/></target>' for k, t in enumerate(types))
            body.append(f'<frame density="{len(types)}" num="{num}"><target_list>{targets}</target_list></frame>')
        if twice:
            body.append(body[0])
        write_file(root / "xml" / f"{sequence}.xml", f'<?xml version="1.0"?>\n<sequence name="{sequence}">\n'
                   + "\n".join(body) + "\n</sequence>\n")
    return truth


def test_sequence_documents_give_their_frames_objects(tmp_path: Path) -> None:
    truth = _sequences(tmp_path / "v")
    got = written_records(convert(tmp_path / "v", tmp_path / "out", max_rejects="0"))
    assert got["records"] == {path: (path.split("/")[1], frozenset(types) or None) for path, types in truth.items()}
    assert {path: sorted(names) for path, names in got["objects"].items()} == {p: sorted(t) for p, t in truth.items()}


def test_a_frame_numbered_twice_rejects_its_image(tmp_path: Path) -> None:
    """The twin: two frames of one number: which boxes are meant cannot be told, the image is a reject."""
    _sequences(tmp_path / "v", twice=True)
    out = convert(tmp_path / "v", tmp_path / "out")
    from helpers.shard_io import read_report

    rejected = {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}
    assert set(rejected) == {"frames/train/cam_north/frame_0001.png", "frames/test/cam_east/frame_0001.png"}, rejected
    assert all("both number 1" in why for why in rejected.values()), rejected
