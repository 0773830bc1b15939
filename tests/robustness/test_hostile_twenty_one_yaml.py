"""Hostile input, round twenty-one: YAML box files (Bosch Small Traffic Lights' train.yaml, kinds20).

The file is untrusted text read whole: an alias bomb (billion laughs) under a box's number, a
`!!python/object` tag, an int of 5,000 digits, nesting 10,000 deep, boxes of NaN, inf, negative,
reversed or outside-the-image numbers, a path leading out of SRC. What a user should get: each
image one record or one reject saying why, or a stop naming train.yaml; never a traceback, a hang,
code run, or a box outside [0, 1] written with exit 0.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.format import contract
from shardify.format.manifest import load_manifest

_BOX = "{{label: {label}, occluded: false, x_max: {x_max}, x_min: {x_min}, y_max: {y_max}, y_min: {y_min}}}"
_OK = {"label": "Green", "x_max": 9.0, "x_min": 2.0, "y_max": 9.0, "y_min": 1.0}


def _bosch(root: Path, odd: str | None = None) -> Path:
    """Four 20x16 PNGs under rgb/train/b/ and a train.yaml giving each one box; image 2's entry is
    `odd` where given (its whole YAML text)."""
    (root / "rgb/train/b").mkdir(parents=True)
    entries = []
    for i in range(4):
        (root / f"rgb/train/b/{i}.png").write_bytes(_image_bytes(str(i), 20, 16, "PNG"))
        label = ("Green", "Red")[i % 2]
        entry = f"- boxes:\n  - {_BOX.format(**{**_OK, 'label': label})}\n  path: ./rgb/train/b/{i}.png\n"
        entries.append(odd if (odd is not None and i == 2) else entry)
    (root / "train.yaml").write_text("".join(entries))
    return root


def _box(**numbers: object) -> str:
    return f"- boxes:\n  - {_BOX.format(**{**_OK, **numbers})}\n  path: ./rgb/train/b/2.png\n"


def _boxes(out: Path) -> dict[str, list[tuple[float, ...]]]:
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                edges = [record.get(k, []) for k in (contract.OBJECT_XMIN, contract.OBJECT_YMIN,
                                                     contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
                edges = [e if isinstance(e, list) else [e] for e in edges]
                found[record[contract.IMAGE_FILENAME].decode()] = list(zip(*edges))
    return found


def _image_two_rejected_or_stopped(tmp_path: Path, odd: str, why: tuple[str, ...], own_process: bool = False) -> None:
    """The others are written with their boxes, image 2 rejected naming one of `why`; or the run stops
    naming train.yaml. Every written box lies inside the image. (`own_process`: run where a hang
    can be ended, within 40 s.)"""
    src = _bosch(tmp_path / "src", odd)
    if own_process:
        result = run_shardify("convert", str(src), str(tmp_path / "out"), "-q", "--max-rejects", "100%", isolated=True, timeout=40)
        assert "Traceback" not in result.stderr, result.stderr[-3000:]
    else:
        result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "rgb/train/b/2.png" in rejected and any(w in rejected["rgb/train/b/2.png"] for w in why), (written, rejected)
    assert {k: v[1] for k, v in written.items()} == {f"rgb/train/b/{i}.png": (("Green", "Red")[i % 2],) for i in (0, 1, 3)}
    for name, boxes in _boxes(tmp_path / "out").items():
        assert boxes and all(0 <= v <= 1 for box in boxes for v in box), (name, boxes)


_BOMB = "".join(f"  l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * 9)}]\n" for k in range(1, 10))


@pytest.mark.timeout(120)
def test_an_alias_bomb_as_a_box_number_ends_at_once(tmp_path: Path) -> None:
    odd = f"- bomb:\n  l0: &l0 [lol]\n{_BOMB}  boxes:\n  - {{label: Red, occluded: false, x_max: *l9, x_min: 2, y_max: 9, y_min: 1}}\n" \
          "  path: ./rgb/train/b/2.png\n"
    _image_two_rejected_or_stopped(tmp_path, odd, ("number", "box", "list", "array"), own_process=True)


@pytest.mark.timeout(120)
def test_an_alias_bomb_as_a_label_ends_at_once(tmp_path: Path) -> None:
    odd = f"- bomb:\n  l0: &l0 [lol]\n{_BOMB}  boxes:\n  - {{label: *l9, occluded: false, x_max: 9, x_min: 2, y_max: 9, y_min: 1}}\n" \
          "  path: ./rgb/train/b/2.png\n"
    _image_two_rejected_or_stopped(tmp_path, odd, ("class", "array"), own_process=True)


@pytest.mark.timeout(120)
def test_an_alias_bomb_as_the_boxes_ends_at_once(tmp_path: Path) -> None:
    odd = f"- bomb:\n  l0: &l0 [lol]\n{_BOMB}  boxes: *l9\n  path: ./rgb/train/b/2.png\n"
    _image_two_rejected_or_stopped(tmp_path, odd, ("box", "object"), own_process=True)


def test_a_python_object_tag_runs_nothing(tmp_path: Path) -> None:
    mark = tmp_path / "ran"
    odd = f"- boxes: !!python/object/apply:os.system ['touch {mark}']\n  path: ./rgb/train/b/2.png\n"
    src = _bosch(tmp_path / "src", odd)
    result = run(src, tmp_path / "out")
    assert not mark.exists()
    if result.returncode != 0:
        refused(result, "train.yaml")
    else:  # (the document unread: no image may be written as one of no objects)
        written, _ = finished(result, tmp_path / "out")
        assert not any(v[1] == () for v in written.values()), written


@pytest.mark.parametrize("where", ["x_max", "label"])
def test_an_int_of_five_thousand_digits_is_no_traceback(tmp_path: Path, where: str) -> None:
    odd = _box(**{where: "9" * 5000})
    _image_two_rejected_or_stopped(tmp_path, odd, ("number", "class", "digits", "long"))


def test_a_document_nested_ten_thousand_deep_is_no_traceback(tmp_path: Path) -> None:
    odd = "- boxes: " + "[" * 10000 + "]" * 10000 + "\n  path: ./rgb/train/b/2.png\n"
    src = _bosch(tmp_path / "src", odd)
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
    else:
        written, rejected = finished(result, tmp_path / "out")
        assert "rgb/train/b/2.png" in rejected or not any(v[1] == () for v in written.values()), (written, rejected)


@pytest.mark.parametrize("numbers", [
    {"x_max": ".nan"}, {"x_max": ".inf"}, {"x_min": "-.inf"}, {"y_max": "nan"}, {"x_min": "1e400"},
], ids=["nan", "inf", "-inf", "word nan", "1e400"])
def test_a_box_number_not_finite_rejects_its_image(tmp_path: Path, numbers: dict) -> None:
    _image_two_rejected_or_stopped(tmp_path, _box(**numbers), ("finite", "number"))


@pytest.mark.parametrize("numbers", [
    {"x_min": -5.0}, {"x_min": 9.0, "x_max": 2.0}, {"x_max": 500.0}, {"y_min": 30.0, "y_max": 40.0},
    {"x_min": 9.0, "x_max": 9.0},
], ids=["negative", "reversed", "past the right edge", "below the image", "empty"])
def test_a_box_outside_the_image_is_never_written_outside(tmp_path: Path, numbers: dict) -> None:
    """Rejected saying why (or clipped: every written box inside [0, 1])."""
    src = _bosch(tmp_path / "src", _box(**numbers))
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert "rgb/train/b/2.png" in written or "rgb/train/b/2.png" in rejected, (written, rejected)
    repaired = tmp_path / "out" / "repaired.jsonl"
    for name, boxes in _boxes(tmp_path / "out").items():  # (a box dropped is said in repaired.jsonl)
        assert boxes or name in (repaired.read_text() if repaired.exists() else ""), (name, boxes)
        assert all(0 <= v <= 1 for box in boxes for v in box), (name, boxes)
        assert all(box[0] < box[2] and box[1] < box[3] for box in boxes), (name, boxes)


@pytest.mark.parametrize("path", ["../outside.png", "/etc/passwd", "./rgb/train/b/../../../../outside.png"])
def test_a_path_leading_out_of_src_labels_nothing_outside(tmp_path: Path, path: str) -> None:
    (tmp_path / "outside.png").write_bytes(_image_bytes("x", 20, 16, "PNG"))
    odd = f"- boxes:\n  - {_BOX.format(**_OK)}\n  path: {path}\n"
    src = _bosch(tmp_path / "src", odd)
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not any("outside" in k or "passwd" in k for k in written), written
    # image 2 named by no entry now: written with no objects only if the plan says so; never labelled by the odd row
    assert written.get("rgb/train/b/2.png", ("", ()))[1] in ((), ("Green",)) or "rgb/train/b/2.png" in rejected


def test_two_documents_in_one_file_stop_or_reject(tmp_path: Path) -> None:
    src = _bosch(tmp_path / "src")
    text = (src / "train.yaml").read_text()
    (src / "train.yaml").write_text(text + "---\n" + text.replace("Green", "Blue"))
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
        return
    written, _ = finished(result, tmp_path / "out")
    assert not any("Blue" in v[1] for v in written.values()) and not any(v[1] == () for v in written.values()), written


@pytest.mark.timeout(60)
def test_many_entries_sharing_one_long_box_list_end_quickly(tmp_path: Path) -> None:
    """Aliases make a file of n lines n^2 boxes: 400 entries over one list of 400 boxes."""
    src = tmp_path / "src"
    (src / "rgb/train/b").mkdir(parents=True)
    many = ", ".join([_BOX.format(**_OK)] * 400)
    lines = [f"- boxes: &all [{many}]\n  path: ./rgb/train/b/0.png\n"]
    (src / "rgb/train/b/0.png").write_bytes(_image_bytes("0", 20, 16, "PNG"))
    for i in range(1, 400):
        lines.append(f"- boxes: *all\n  path: ./rgb/train/b/{i}.png\n")
        if i < 6:
            (src / f"rgb/train/b/{i}.png").write_bytes(_image_bytes(str(i), 20, 16, "PNG"))
    (src / "train.yaml").write_text("".join(lines))
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "train.yaml")
        return
    written, _ = finished(result, tmp_path / "out")
    assert set(written) == {f"rgb/train/b/{i}.png" for i in range(6)}, written
    assert os.path.getsize(tmp_path / "out" / "manifest.json") > 0
