"""Per-frame JSON documents of objects paired with their image by the tails of their names (batch 34's citypersons).

CityPersons (github.com/cvgroup-njust/CityPersons) ships `gtBboxCityPersons/<split>/<city>/<frame>_gtBboxCityPersons.json`
beside Cityscapes' `leftImg8bit/<split>/<city>/<frame>_leftImg8bit.png`: the cityscapesScripts document `{imgHeight,
imgWidth, objects: [{label, bbox [x, y, w, h], bboxVis, instanceId}]}`, the test frames without documents. It stopped
('no class folder is in two splits': the cities), the boxes unread. Now the two names meet on the image's stem
(`shardify/plan/box_file_names.TAIL_PAIRS`, data) and the `Cityscapes objects` row reads the document, recognised
only where `imgHeight` and `imgWidth` stand beside its objects (`BoxFormat.document_keys`): four numbers in one list
alone do not say `[x, y, w, h]` from two corners. An `ignore` region is an object labelled `ignore`, as the file
lists it (its evaluation needs it; dropped, it would be lost).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.blind34 import DATASETS, FOLLOW
from helpers.refusals import refusal
from helpers.shard_io import images_by_name
from helpers.sources import image_bytes, write_file
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import RejectLimitError
from shardify.format import contract
from shardify.plan import layout_file
from shardify.plan.box_file_names import annotated_image
from shardify.plan.box_format import PER_IMAGE, XYWH_PIXELS, BoxFormat
from shardify.plan.box_formats import format_named

_W, _H = 40, 20
_FRAMES = (("train", "ulm"), ("train", "jena"), ("val", "lindau"))


def _document(objects: list[dict], **beside) -> str:
    return json.dumps({"imgHeight": _H, "imgWidth": _W, "objects": objects, **beside}, indent=4)


def _objects(n: int) -> list[dict]:
    return [{"instanceId": 24001 + n, "label": "rider" if n % 2 else "pedestrian", "bbox": [4, 2, 8, 10],
             "bboxVis": [4, 3, 8, 8]},
            {"instanceId": 0, "label": "ignore", "bbox": [20, 4, 6, 6], "bboxVis": [20, 4, 6, 6]}]


def _build(root: Path, document: Callable[[int], str], test_frames: int = 0) -> list[str]:
    """A CityPersons-shaped tree of other cities and sizes than the batch's: two frames a city, each with the
    document `document(n)`; `test_frames` frames of leftImg8bit/test/ without documents. The images' paths."""
    images, n = [], 0
    for split, city in _FRAMES:
        for i in range(2):
            stem = f"{city}_{i:06d}_{100 + 7 * n:06d}"
            images.append(f"leftImg8bit/{split}/{city}/{stem}_leftImg8bit.png")
            write_file(root / images[-1], image_bytes(fmt="PNG", size=(_W, _H), seed=n))
            write_file(root / f"gtBboxCityPersons/{split}/{city}/{stem}_gtBboxCityPersons.json", document(n))
            n += 1
    for i in range(test_frames):
        images.append(f"leftImg8bit/test/bonn/bonn_{i:06d}_000019_leftImg8bit.png")
        write_file(root / images[-1], image_bytes(fmt="PNG", size=(_W, _H), seed=50 + i))
    return images


def test_the_batch_case_is_right(tmp_path: Path) -> None:
    """The case: batch 34's citypersons, judged as the round judges it (each frame its objects, 'ignore' kept, the
    test frames unlabelled)."""
    judge_first_command(DATASETS, "citypersons", tmp_path / "citypersons", FOLLOW.get("citypersons"))


def test_a_neighbour_tree_reads_each_box_as_x_y_width_height(tmp_path: Path) -> None:
    """A neighbour not in any batch (other cities, 40x20 frames, test frames of another city): every box read as
    its top-left corner and size in pixels, its class as the file names it, the test frames written without objects."""
    images = _build(tmp_path / "src", lambda n: _document(_objects(n)), test_frames=2)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = images_by_name(tmp_path / "out")
    assert sorted(written) == sorted(images)
    first = written[images[1]]
    assert [t.decode() for t in first[contract.OBJECT_TEXT]] == ["rider", "ignore"]
    boxes = [v for box in zip(first[contract.OBJECT_XMIN], first[contract.OBJECT_YMIN], first[contract.OBJECT_XMAX],
                              first[contract.OBJECT_YMAX]) for v in box]
    assert boxes == pytest.approx([4 / _W, 2 / _H, 12 / _W, 12 / _H, 20 / _W, 4 / _H, 26 / _W, 10 / _H])
    assert not written[images[-1]].get(contract.OBJECT_TEXT)


_LAYOUT = """shardify_layout: 1
layout: image_folders
media: image
split_folders: [train, val]
structure: {root: leftImg8bit/, split_level: 1, label_levels: {train: -1, val: -1}}
evidence:
- {path: gtBboxCityPersons, kind: box files, key: {parts: 64, extension: false}, box_format: Cityscapes objects,
   image_folder: leftImg8bit}
objects: {boxes: true}
options: {class_ids: label-map}
"""


def test_documents_without_the_keys_that_tell_the_convention_stop_naming_the_row(tmp_path: Path) -> None:
    """Hostile twin: the same tree whose documents lack `imgHeight`, `imgWidth`: `[4, 2, 8, 10]` may be a corner
    and a size or two corners. The run stops before writing, naming a document and the layout file's evidence
    whose `box_format` decides; with that layout file it converts, each box read as x, y, width, height."""
    images = _build(tmp_path / "src", lambda n: json.dumps({"objects": _objects(n)}))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "_gtBboxCityPersons.json" in said and "'imgHeight' and 'imgWidth'" in said, said
    assert "box_format: Cityscapes objects" in said and "path: gtBboxCityPersons" in said, said
    spec = layout_file.loads(_LAYOUT, where="layout.yaml")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), layout_given=spec.layout, **spec.options))
    first = images_by_name(tmp_path / "out")[images[0]]
    assert (first[contract.OBJECT_XMAX][0], first[contract.OBJECT_YMAX][0]) == pytest.approx((12 / _W, 12 / _H))


def test_a_list_for_a_document_stops_before_writing(tmp_path: Path) -> None:
    """Hostile twin: documents that are a bare list of objects: no row reads them, and the run stops before
    writing (as before this row: the cities named), no boxes guessed."""
    _build(tmp_path / "src", lambda n: json.dumps(_objects(n)))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "no class folder is in two splits" in said


def test_a_broken_box_or_a_huge_document_is_rejected_and_a_box_past_the_edge_clipped(tmp_path: Path) -> None:
    """Hostile twins in one tree: a NaN box number and a document over the 1 MiB a frame's boxes take are each
    their image's reject, named (never written without its objects); a box past the image's right edge (the full
    body of a person the frame cuts) is clipped to the edge by the writer, as every format's is."""
    def document(n: int) -> str:
        objects = _objects(n)
        if n == 1:
            objects[0]["bbox"] = [float("nan"), 2, 8, 10]
        if n == 2:
            objects[0]["bbox"] = [30, 2, 30, 10]
        return _document(objects, pad="x" * (1 << 20) if n == 4 else "")

    images = _build(tmp_path / "src", document)
    with pytest.raises(RejectLimitError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    said = str(stopped.value)
    assert "2 of 6 inputs were rejected" in said and "'NaN', not a finite number" in said and "larger than 1 MiB" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "kept"), max_rejects="2"))
    written = images_by_name(tmp_path / "kept")
    assert sorted(written) == sorted(images[i] for i in (0, 2, 3, 5))
    clipped = written[images[2]]
    assert (clipped[contract.OBJECT_XMIN][0], clipped[contract.OBJECT_XMAX][0]) == pytest.approx((30 / _W, 1.0))


def test_tails_pair_only_as_the_table_names_them() -> None:
    """The tail table swaps a documented annotation tail for its image's; a stem that is the tail alone, or of
    another tail, is kept as it is (an image named without `_leftImg8bit` meets no document)."""
    assert annotated_image("ulm_000000_000100_gtBboxCityPersons") == "ulm_000000_000100_leftImg8bit"
    assert annotated_image("_gtBboxCityPersons") == "_gtBboxCityPersons"
    assert annotated_image("ulm_000000_000100_gtFine_polygons") == "ulm_000000_000100_gtFine_polygons"
    assert format_named("Cityscapes objects").document_keys == ("imgHeight", "imgWidth")


def test_keys_beside_the_boxes_belong_to_a_per_image_json_row() -> None:
    with pytest.raises(ValueError, match="per-image JSON"):
        BoxFormat(name="x", pairing=PER_IMAGE, files=r"x", box_fields=("0", "1", "2", "3"), convention=XYWH_PIXELS,
                  fields=(5,), class_field="4", document_keys=("imgWidth",))
