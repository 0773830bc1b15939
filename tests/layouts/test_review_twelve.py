"""Defects a twelfth review found in the eleventh round's box formats (FDDB's ellipse lists, one
JSON document of images, one XML document per sequence), each on a small neighbour. The truth is
each test's own, from the files it wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.shard_io import read_report
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records


def _ellipse_list(root: Path, faces: dict[str, list[str]]) -> None:
    """FDDB's blocks over another photo tree: the path without extension, the count, a line a face."""
    lines = []
    for k, (path, rows) in enumerate(faces.items()):
        write_file(root / "photos" / f"{path}.jpg", image_bytes(seed=k))
        lines += [path, str(len(rows)), *rows]
    write_file(root / "folds" / "ours-fold-01-ellipseList.txt", "\n".join(lines) + "\n")


def test_an_ellipse_of_a_negative_radius_rejects_its_image(tmp_path: Path) -> None:
    """A negative radius is no ellipse: its envelope (the radius squared) was written as a face, no
    reject, no repair (exit 0). The image is a reject naming the radius; the others convert."""
    _ellipse_list(tmp_path / "f", {"2019/a/p1": ["-4.0 2.0 0.0 10.0 8.0  1"], "2019/a/p2": ["4.0 -2.0 0.5 10.0 8.0  1"],
                                   "2019/b/p3": ["4.0 2.0 0.0 10.0 8.0  1"]})
    out = convert(tmp_path / "f", tmp_path / "out")
    rejected = {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}
    assert set(rejected) == {"photos/2019/a/p1.jpg", "photos/2019/a/p2.jpg"}, rejected
    assert all("radius" in why for why in rejected.values()), rejected
    assert written_records(out)["objects"] == {"photos/2019/b/p3.jpg": ["face"]}


# ---- one JSON document of images: recognised by its content, as the row says ----------------------------


def _frames_document(root: Path, labels_path: str) -> dict[str, list[str]]:
    """BDD100K's list of frames (`name`, `labels`: [{category, box2d}] or a lane's poly2d) as its 2020
    release names it: bdd100k/labels/det_20/det_train.json (the 2018 one: bdd100k_labels_images_train.json)."""
    import json

    truth, frames = {}, []
    for k, classes in enumerate([["car"], ["car", "pedestrian"], []]):
        name = f"c0{k}f-1a2b{k}.jpg"
        write_file(root / "bdd100k" / "images" / "100k" / "train" / name, image_bytes(seed=k))
        truth[f"bdd100k/images/100k/train/{name}"] = classes
        labels = [{"id": str(j), "category": c, "box2d": {"x1": 1.0 + j, "y1": 2.0, "x2": 9.5 + j, "y2": 12.25}}
                  for j, c in enumerate(classes)]
        labels.append({"id": "9", "category": "lane/road curb", "poly2d": [{"vertices": [[1, 2], [3, 4]], "closed": False}]})
        frames.append({"name": name, "attributes": {"weather": "clear"}, "timestamp": 10000, "labels": labels})
    write_file(root / labels_path, json.dumps(frames))
    return truth


def test_a_frames_document_of_another_name_gives_its_objects(tmp_path: Path) -> None:
    """BDD100K's 2020 labels (det_20/det_train.json, the same list as the 2018 file) stopped naming
    the file as one shardify does not read: the row matched the 2018 file's name, not the content."""
    truth = _frames_document(tmp_path / "b", "bdd100k/labels/det_20/det_train.json")
    got = written_records(convert(tmp_path / "b", tmp_path / "out", max_rejects="0"))
    assert {path: sorted(names) for path, names in got["objects"].items()} == {p: sorted(c) for p, c in truth.items()}


def test_a_list_of_images_and_their_class_names_is_no_document_of_boxes() -> None:
    """The twin: a multi-label list (`labels` of names, no box) and a document without the box's
    field are not the frames' format, whatever their names."""
    from shardify.plan import box_formats

    assert box_formats.file_format("det_train.json", ['[{"name": "a.jpg", "labels": ["cat", "dog"]}]']) is None
    assert box_formats.file_format("det_train.json", ['[{"name": "a.jpg", "labels": [{"category": "cat"}]}]']) is None
    found = box_formats.file_format("det_train.json", ['[{"name": "a.jpg", "labels": [{"category": "car", "box2d": {']) 
    assert found is not None and found.name == "BDD100K frames"


# ---- one XML document per sequence, its file's name a suffix longer ------------------------------------------


def test_sequence_documents_named_with_a_version_suffix_give_their_frames_objects(tmp_path: Path) -> None:
    """UA-DETRAC's v3 annotations are DETRAC-Train-Annotations-XML-v3/MVI_20011_v3.xml for the frames
    in MVI_20011/ (`<sequence name="MVI_20011">`): the document, named as no folder, was not read and
    the run stopped naming the sequences as groups, nothing that helps."""
    frames = {("Train", "MVI_20011"): [["car"], ["car", "van"], []], ("Train", "MVI_20012"): [["bus"]],
              ("Test", "MVI_39031"): [["car", "car"]]}
    truth = {}
    for (split, sequence), objects in frames.items():
        body = []
        for n, types in enumerate(objects, start=1):
            path = f"Insight-MVT_Annotation_{split}/{sequence}/img{n:05d}.jpg"
            write_file(tmp_path / "d" / path, image_bytes(seed=n + len(split)))
            truth[path] = types
            targets = "".join(f'<target id="{k}"><box left="{1 + 3 * k}" top="2" width="4" height="5"/>'
                              f'<attribute vehicle_type="{t}"/></target>' for k, t in enumerate(types))
            body.append(f'<frame density="{len(types)}" num="{n}"><target_list>{targets}</target_list></frame>')
        write_file(tmp_path / "d" / f"DETRAC-{split}-Annotations-XML-v3" / f"{sequence}_v3.xml",
                   f'<?xml version="1.0"?>\n<sequence name="{sequence}">\n' + "\n".join(body) + "\n</sequence>\n")
    got = written_records(convert(tmp_path / "d", tmp_path / "out", max_rejects="0"))
    assert {path: sorted(names) for path, names in got["objects"].items()} == {p: sorted(t) for p, t in truth.items()}


# ---- a document read whole that cannot be read -------------------------------------------------------------


def test_a_truncated_json_document_never_writes_its_images_without_their_objects(tmp_path: Path) -> None:
    """An interrupted download: TT100K's document cut 40 characters short. It was one reject for the
    document, its images written as images without objects, exit 0 under the default --max-rejects.
    The run stops naming the file; a sequence's XML that is no XML alike."""
    import json

    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig
    from shardify.errors import ShardifyError

    imgs = {}
    for k in range(12):
        split = "train" if k < 8 else "test"
        write_file(tmp_path / "d" / "signs" / split / f"{500 + k}.jpg", image_bytes(seed=k))
        imgs[str(500 + k)] = {"path": f"{split}/{500 + k}.jpg",
                              "objects": [{"category": "stop", "bbox": {"xmin": 2, "ymin": 1, "xmax": 9, "ymax": 7}}]}
    write_file(tmp_path / "d" / "signs" / "annotations.json", json.dumps({"types": ["stop"], "imgs": imgs})[:-40])
    with pytest.raises(ShardifyError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "d"), str(tmp_path / "out")))
    assert "signs/annotations.json cannot be read (not a JSON document" in str(stopped.value), str(stopped.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_sequence_document_that_is_no_xml_stops_the_run() -> None:
    """The XML twin, at the reader: a document cut short is no sequence's frames, never none."""
    import io

    from shardify.converters import box_text
    from shardify.plan import box_formats

    fmt = box_formats.format_named("UA-DETRAC sequences")
    with pytest.raises(box_text.UnreadableDocument, match="not well-formed XML"):
        list(box_text.frame_rows(io.BytesIO(b'<sequence name="s"><frame num="1"><target_list>'), fmt, "s"))
