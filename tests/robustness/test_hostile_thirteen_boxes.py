"""Hostile input, thirteenth round: the box formats the last two sessions added, given damaged twins.

JSON documents of images and their boxes (TT100K's `{"imgs": {id: {path, objects: [{category,
bbox}]}}}`), one XML document per sequence of frames (UA-DETRAC's `<frame num>`), FDDB's ellipse
lists (`path`, count, `ra rb angle cx cy 1`): boxes NaN, inverted, outside the image, numbers of
10^300, keys or paths given twice, frames numbered below 1, entries leading out of SRC. Each image
ends in a record holding its objects, a reject naming why, or a repair the repairs report names;
an entry that names no image is its own reject. Nothing is a traceback, nothing is lost with exit 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.one_place import rejects
from helpers.shard_io import read_report
from helpers.sources import image_bytes, write_file
from helpers.unseen_judge import written_records

_SIGNS = {"train/501.jpg": ["stop", "yield"], "train/502.jpg": ["stop"], "test/601.jpg": ["speed_30"], "test/602.jpg": ["yield"]}


def _convert(src: Path, out: Path):  # noqa: ANN202
    return run_shardify("convert", str(src), str(out), "-q", "--max-rejects", "100%")


def _document(root: Path, text) -> dict:  # noqa: ANN001
    """TT100K's shape; `text(doc)` returns the document's text (or None: dumped as built)."""
    imgs = {}
    for k, (path, cats) in enumerate(_SIGNS.items()):
        write_file(root / "signs" / path, image_bytes(seed=k))
        ident = path.split("/")[1].split(".")[0]
        imgs[ident] = {"path": path, "id": int(ident), "objects": [
            {"category": c, "bbox": {"xmin": 2.0 + j, "ymin": 1.0, "xmax": 9.0 + j, "ymax": 7.5}} for j, c in enumerate(cats)]}
    doc = {"types": ["speed_30", "stop", "yield"], "imgs": imgs}
    written = text(doc)
    write_file(root / "signs" / "annotations.json", written if written is not None else json.dumps(doc))
    return doc


def _box(**values):  # noqa: ANN202
    def forge(doc: dict) -> None:
        doc["imgs"]["501"]["objects"][0]["bbox"].update(values)
    return forge


def _outcome(out: Path) -> tuple[dict, dict, dict]:
    got = written_records(out)
    repairs = {r["path"]: r["repair"] for r in read_report(out, "repaired.jsonl")} if (out / "repaired.jsonl").exists() else {}
    return got["objects"], rejects(out), repairs


_REJECTED = {
    "xmin NaN": (lambda d: json.dumps(d).replace('"xmin": 2.0', '"xmin": NaN', 1), "nan"),
    "xmax Infinity": (lambda d: json.dumps(d).replace('"xmax": 9.0', '"xmax": Infinity', 1), "inf"),
    "xmax 1e400": (lambda d: json.dumps(d).replace('"xmax": 9.0', '"xmax": 1e400', 1), "inf"),
    "xmin true": (_box(xmin=True), "not a number"),
    "xmin null": (_box(xmin=None), "not a number"),
    "objects an object": (lambda d: d["imgs"]["501"].__setitem__("objects", {"a": 1}), "no list"),
    "category of control characters": (lambda d: d["imgs"]["501"]["objects"][0].__setitem__("category", "a\nb"), "control"),
}


@pytest.mark.parametrize(("forge", "word"), list(_REJECTED.values()), ids=list(_REJECTED))
def test_a_box_of_a_json_document_no_image_has_rejects_its_image(tmp_path: Path, forge, word: str) -> None:  # noqa: ANN001
    _document(tmp_path / "src", forge)
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    objects, rejected, _ = _outcome(tmp_path / "out")
    assert set(rejected) == {"signs/train/501.jpg"} and word in rejected["signs/train/501.jpg"], rejected
    assert set(objects) == {f"signs/{p}" for p in _SIGNS} - {"signs/train/501.jpg"}


_REPAIRED = {
    "inverted": (_box(xmin=9.0, xmax=2.0), "no area"),
    "past the right edge": (_box(xmax=900.0), "clipped"),
    "left of the image": (_box(xmin=-50.0), "clipped"),
}


@pytest.mark.parametrize(("forge", "word"), list(_REPAIRED.values()), ids=list(_REPAIRED))
def test_a_box_outside_or_inverted_is_a_named_repair_never_silent(tmp_path: Path, forge, word: str) -> None:  # noqa: ANN001
    _document(tmp_path / "src", lambda d: forge(d))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    objects, rejected, repairs = _outcome(tmp_path / "out")
    assert not rejected and set(objects) == {f"signs/{p}" for p in _SIGNS}
    assert word in repairs.get("signs/train/501.jpg", ""), repairs


def test_a_json_document_giving_an_images_key_twice_is_no_silent_choice(tmp_path: Path) -> None:
    """`"501": {...}, "501": {...}`: json.loads kept the second unsaid, and image 501 was written
    without its two signs with exit 0 (its first entry lost, the second naming another image)."""
    def forge(doc: dict) -> str:
        text = json.dumps(doc)
        return text.replace('"502": {', '"501": {"path": "train/502.jpg", "objects": []}, "502": {', 1)

    _document(tmp_path / "src", forge)
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr
    if result.returncode == 0:
        objects, rejected, _ = _outcome(tmp_path / "out")
        assert objects.get("signs/train/501.jpg") == ["stop", "yield"] or "signs/train/501.jpg" in rejected, (objects, rejected)
    else:
        assert result.returncode == 1 and "annotations.json" in message(result.stderr) and "501" in message(result.stderr)


def test_a_json_document_giving_a_box_number_twice_is_no_silent_choice(tmp_path: Path) -> None:
    _document(tmp_path / "src", lambda d: json.dumps(d).replace('"xmin": 2.0', '"xmin": 2.0, "xmin": 20.0', 1))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert "Traceback" not in result.stderr
    if result.returncode == 0:
        assert "signs/train/501.jpg" in rejects(tmp_path / "out")
    else:
        assert result.returncode == 1 and "annotations.json" in message(result.stderr) and "xmin" in message(result.stderr)


@pytest.mark.parametrize("path", ["../../../etc/passwd", "/etc/passwd", "train/../../x.jpg"])
def test_a_json_entry_leading_out_of_src_is_its_own_reject(tmp_path: Path, path: str) -> None:
    _document(tmp_path / "src", lambda d: d["imgs"]["501"].__setitem__("path", path))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    rejected = rejects(tmp_path / "out")
    assert any(key.startswith("signs/annotations.json#") and "outside" in why for key, why in rejected.items()), rejected


def test_an_entry_naming_an_image_twice_rejects_that_image(tmp_path: Path) -> None:
    def forge(doc: dict) -> None:
        doc["imgs"]["999"] = {"path": "train/501.jpg", "objects": [{"category": "stop", "bbox": {"xmin": 1, "ymin": 1, "xmax": 3, "ymax": 3}}]}

    _document(tmp_path / "src", lambda d: forge(d))
    assert _convert(tmp_path / "src", tmp_path / "out").returncode == 0
    assert "both give its boxes" in rejects(tmp_path / "out")["signs/train/501.jpg"]


# --- one XML document per sequence (UA-DETRAC's shape) ---------------------------------------------


def _frame(num: object, *types: str, box: str = 'left="1" top="2" width="4" height="5"') -> str:
    targets = "".join(f'<target id="{k}"><box {box}/><attribute vehicle_type="{t}"/></target>' for k, t in enumerate(types))
    return f'<frame density="{len(types)}" num="{num}"><target_list>{targets}</target_list></frame>'


def _sequence(root: Path, frames: str) -> None:
    for num in (1, 2, 3):
        write_file(root / f"frames/train/cam_north/frame_{num:04d}.png", image_bytes(fmt="PNG", seed=num))
    write_file(root / "xml/cam_north.xml", f'<?xml version="1.0"?>\n<sequence name="cam_north">\n{frames}\n</sequence>\n')


_FRAME = "frames/train/cam_north/frame_{:04d}.png"
_SEQUENCES = {
    "frame -1": (_frame(-1, "car") + _frame(2, "bus") + _frame(3, "car"), "xml/cam_north.xml#1", "whole number"),
    "frame 1.5": (_frame("1.5", "car") + _frame(2, "bus") + _frame(3, "car"), "xml/cam_north.xml#1", "whole number"),
    "frame 10^30": (_frame(10**30, "car") + _frame(2, "bus") + _frame(3, "car"), "xml/cam_north.xml#1", "names no file"),
    "frame past the last": (_frame(1, "car") + _frame(2, "bus") + _frame(99, "car"), "xml/cam_north.xml#3", "names no file"),
    "frame 2 twice": (_frame(1, "car") + _frame(2, "bus") + _frame(2, "car") + _frame(3, "car"), _FRAME.format(2), "both number 2"),
    "a box of NaN": (_frame(1, "car") + _frame(2, "bus", box='left="nan" top="2" width="4" height="5"') + _frame(3, "car"),
                     _FRAME.format(2), "nan"),
    "a box of 1e308": (_frame(1, "car") + _frame(2, "bus", box='left="1" top="2" width="1e308" height="1e308"') + _frame(3, "car"),
                       _FRAME.format(2), "finite"),
    "a target of no class": (_frame(1, "") + _frame(2, "bus") + _frame(3, "car"), _FRAME.format(1), "no class"),
}


@pytest.mark.parametrize(("frames", "key", "word"), list(_SEQUENCES.values()), ids=list(_SEQUENCES))
def test_a_damaged_frame_of_a_sequence_is_one_reject_and_the_rest_convert(tmp_path: Path, frames: str, key: str, word: str) -> None:
    _sequence(tmp_path / "src", frames)
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    objects, rejected, _ = _outcome(tmp_path / "out")
    assert key in rejected and word in rejected[key], rejected
    assert set(objects) | {k for k in rejected if k.startswith("frames/")} == {_FRAME.format(n) for n in (1, 2, 3)}


def test_a_sequence_declaring_entities_stops_naming_it(tmp_path: Path) -> None:
    laughs = '<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    _sequence(tmp_path / "src", laughs + _frame(1, "&b;") + _frame(2, "bus") + _frame(3, "car"))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 1 and "cam_north.xml" in message(result.stderr) and "Traceback" not in result.stderr


# --- FDDB's ellipse lists ----------------------------------------------------------------------------

_OK = "4.0 2.0 0.0 10.0 8.0  1"
_PHOTOS = ("2019/05/a", "2019/05/b", "2020/11/c")


def _ellipses(root: Path, text: str) -> None:
    for i, path in enumerate(_PHOTOS):
        write_file(root / "photos" / f"{path}.jpg", image_bytes(seed=i))
    write_file(root / "folds" / "ours-fold-01-ellipseList.txt", text)


def _blocks(first: list[str], extra: str = "") -> str:
    lines = []
    for path, ellipses in zip(_PHOTOS, [first, [_OK], [_OK]]):
        lines += [path, str(len(ellipses)), *ellipses]
    return "\n".join(lines) + "\n" + extra


_ELLIPSES = {
    "radii 1e300": (_blocks(["1e300 1e300 0.0 10.0 8.0 1"]), "finite"),
    "angle NaN": (_blocks(["4.0 2.0 nan 10.0 8.0 1"]), "nan"),
    "angle inf": (_blocks(["4.0 2.0 inf 10.0 8.0 1"]), "inf"),
    "a radius of -4": (_blocks(["-4.0 2.0 0.0 10.0 8.0 1"]), "radius"),
    "count says 5": (_blocks([_OK, _OK]).replace("\n2\n", "\n5\n", 1), "count says 5"),
    "the image listed twice": (_blocks([_OK], extra=f"2019/05/a\n1\n{_OK}\n"), "both give its"),
}


@pytest.mark.parametrize(("text", "word"), list(_ELLIPSES.values()), ids=list(_ELLIPSES))
def test_a_damaged_ellipse_block_rejects_its_image_alone(tmp_path: Path, text: str, word: str) -> None:
    """Twice listed: the two blocks' faces were written together as one image's, exit 0; FDDB lists an
    image once, and the JSON and XML formats already reject an image two entries give."""
    _ellipses(tmp_path / "src", text)
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    objects, rejected, _ = _outcome(tmp_path / "out")
    assert set(rejected) == {"photos/2019/05/a.jpg"} and word in rejected["photos/2019/05/a.jpg"], rejected
    assert objects == {"photos/2019/05/b.jpg": ["face"], "photos/2020/11/c.jpg": ["face"]}


def test_an_ellipse_centred_outside_the_image_is_a_named_repair(tmp_path: Path) -> None:
    _ellipses(tmp_path / "src", _blocks(["4.0 2.0 0 -100.0 8.0 1"]))
    assert _convert(tmp_path / "src", tmp_path / "out").returncode == 0
    objects, rejected, repairs = _outcome(tmp_path / "out")
    assert not rejected and objects["photos/2019/05/a.jpg"] == [] and "leaves the image" in repairs["photos/2019/05/a.jpg"]


def test_an_ellipse_block_leading_out_of_src_names_no_file(tmp_path: Path) -> None:
    _ellipses(tmp_path / "src", _blocks([_OK], extra=f"../../etc/passwd\n1\n{_OK}\n"))
    assert _convert(tmp_path / "src", tmp_path / "out").returncode == 0
    objects, rejected, _ = _outcome(tmp_path / "out")
    assert len(objects) == 3 and any(k.startswith("folds/") for k in rejected), rejected
