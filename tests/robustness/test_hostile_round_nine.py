"""Hostile input, ninth round: the hostile twins no earlier round held. JSON-lines annotation
files (CrowdHuman's `.odgt`, Hugging Face's `metadata.jsonl`) whose lines repeat a key, nest past
the parser, hold 5,000-digit numbers, bytes that are not UTF-8 or a line of 100 MB, open with a
byte-order mark, or name one image twice; the JSON-lines reader they share, alone; a YOLO
`data.yaml` whose names are an alias bomb; our own lock file and reports edited by hand (numbers
past any process id, nesting, a line of 100 MB); images cut mid-scan or of zero or enormous
declared size in the formats no round held (progressive JPEG, TIFF, PNG); a zip holding one name
twice; a label table whose rows end in a delimiter.

Each test builds real files from the formats' own documentation (crowdhuman.org's annotation
format, Hugging Face's imagefolder guide, Ultralytics' data.yaml, the TIFF 6.0 and PNG
specifications) and runs the real conversion or reader in this process (the command with a
timeout where a hang is the hostile outcome). Every input ends in exactly one record or one
reject with its reason, counted from the files the test wrote, or the run stops with one clear
line: never a traceback, a hang, or a wrong record with exit 0.
"""

from __future__ import annotations

import io
import json
import socket
import struct
import tracemalloc
import zipfile
import zlib
from pathlib import Path

import pytest
from PIL import Image

from helpers import box_text
from helpers.cli_runs import one_line_error, run_shardify
from helpers.one_place import records, rejects
from helpers.shard_io import read_shard
from helpers.sources import convert, image_bytes, write_file
from shardify.converters import jsonl_objects, tables
from shardify.converters.evidence_files import text_lines
from shardify.format import contract, naming

_TIMEOUT_SECONDS = 120
_DEEP = b"[" * 100_000 + b"]" * 100_000
_HUGE_INT = b"1" + b"0" * 5000
_100_MB = 100 << 20


def _objects(out: Path) -> dict[str, list[bytes]]:
    """{image file name: its objects' class names} of every record in OUT."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            names = record.get(contract.OBJECT_TEXT, [])
            found[record[contract.IMAGE_FILENAME].decode()] = names if isinstance(names, list) else [names]
    return found


def _accounted(out: Path, inputs: set[str]) -> tuple[dict, dict]:
    """(records, rejects by path) after checking every input of `inputs` is in exactly one: rows
    of an annotation file that name no input (`file#row`) are left out of the count."""
    written, rejected = records(out), rejects(out)
    by_path = {k: v for k, v in rejected.items() if "#" not in k}
    assert not set(written) & set(by_path), set(written) & set(by_path)
    found = set(written) | set(by_path)
    assert found == inputs, (sorted(inputs - found), sorted(found - inputs))
    return written, rejected


# --- CrowdHuman's .odgt: a JSON object a line naming its image by ID, its boxes in gtboxes ----------


def _box(tag: str = "person", fbox: tuple = (1, 2, 9, 12)) -> dict:
    """One gtboxes entry as crowdhuman.org documents it (tag, hbox, fbox, vbox, extra, head_attr)."""
    return {"tag": tag, "hbox": [1, 1, 3, 3], "head_attr": {"ignore": 0, "occ": 0, "unsure": 0}, "fbox": list(fbox),
            "vbox": list(fbox), "extra": {"box_id": 0, "occ": 0}}  # fmt: skip


def _good_line(ident: str, boxes: int = 1) -> bytes:
    return json.dumps({"ID": ident, "gtboxes": [_box() for _ in range(boxes)]}).encode()


def _crowd(root: Path, images: list[str], lines: list[bytes], *, head: bytes = b"") -> Path:
    """A CrowdHuman download: Images/<ID>.jpg and annotation_train.odgt of `lines` (after a good
    first line naming `good`, the line detection reads), `head` before it (a byte-order mark)."""
    for seed, name in enumerate(["good", *images]):
        write_file(root / f"Images/{name}.jpg", image_bytes(size=(40, 30), seed=seed))
    write_file(root / "annotation_train.odgt", head + b"\n".join([_good_line("good"), *lines]) + b"\n")
    return root


def test_odgt_lines_repeating_a_key_reject_every_image_they_could_name(tmp_path: Path) -> None:
    """`{"ID": "a", "gtboxes": [], "gtboxes": [...]}`: json.loads keeps the last list silently, so
    the image was written with boxes its line also denies; a line naming two IDs could mean
    either image. Each image such a line names is a reject saying the key repeats."""
    lines = [b'{"ID": "twice_boxes", "gtboxes": [], "gtboxes": [{"tag": "person", "fbox": [1, 2, 9, 12]}]}',
             b'{"ID": "first_id", "gtboxes": [{"tag": "person", "fbox": [1, 2, 9, 12]}], "ID": "second_id"}']  # fmt: skip
    source = _crowd(tmp_path / "src", ["twice_boxes", "first_id", "second_id"], lines)
    out = convert(source, tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {f"Images/{n}.jpg" for n in ("good", "twice_boxes", "first_id", "second_id")})
    assert set(written) == {"Images/good.jpg"} and _objects(out)["Images/good.jpg"] == [b"person"]
    assert "repeats the key 'gtboxes'" in rejected["Images/twice_boxes.jpg"]
    for name in ("first_id", "second_id"):
        assert "repeats the key 'ID'" in rejected[f"Images/{name}.jpg"], rejected


def test_odgt_lines_nested_past_the_parser_or_of_5000_digit_numbers_reject_the_image_they_name(tmp_path: Path) -> None:
    """A line nesting 100,000 brackets raised RecursionError out of the run (a traceback); a box
    number of 5,001 digits made a reject of the line alone, and its image was written with no
    boxes at exit 0. Each is now its image's reject, the ID read from where the line names it."""
    lines = [b'{"ID": "deep", "gtboxes": [], "extra": ' + _DEEP + b"}",
             b'{"ID": "huge", "gtboxes": [{"tag": "person", "fbox": [' + _HUGE_INT + b", 2, 9, 12]}]}"]  # fmt: skip
    out = convert(_crowd(tmp_path / "src", ["deep", "huge"], lines), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"Images/good.jpg", "Images/deep.jpg", "Images/huge.jpg"})
    assert set(written) == {"Images/good.jpg"}
    assert "nested too deeply" in rejected["Images/deep.jpg"]
    assert "4300 digits" in rejected["Images/huge.jpg"] and "sys.set_int_max_str_digits" not in rejected["Images/huge.jpg"]


def test_an_odgt_line_of_100_mb_rejects_the_image_its_start_names_unread(tmp_path: Path) -> None:
    """A line of 100 MB (its boxes cut by a disk that filled, say) is never read whole: its image,
    named at its start, is a reject saying the line is too long, never written without boxes."""
    source = _crowd(tmp_path / "src", ["long", "after"], [])
    with open(source / "annotation_train.odgt", "ab") as f:
        f.write(b'{"ID": "long", "gtboxes": [{"tag": "person", "fbox": [1, 2, 9, 12]}, ')
        f.truncate(f.tell() + _100_MB)  # sparse: 100 MB of NUL bytes and no line break
        f.seek(0, 2)
        f.write(b"\n" + _good_line("after", 2) + b"\n")
    out = convert(source, tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"Images/good.jpg", "Images/long.jpg", "Images/after.jpg"})
    assert "longer than" in rejected["Images/long.jpg"]
    assert _objects(out)["Images/after.jpg"] == [b"person", b"person"], "the line after the long one is read"


def test_odgt_lines_of_nan_infinity_or_bytes_no_utf8_has_reject_their_image(tmp_path: Path) -> None:
    """`NaN` and `1e999` are no box numbers; a line whose bytes are not UTF-8 was a reject of the
    line alone and its image written with no boxes. Each rejects its image."""
    lines = [b'{"ID": "nan", "gtboxes": [{"tag": "person", "fbox": [NaN, 2, 9, 12]}]}',
             b'{"ID": "inf", "gtboxes": [{"tag": "person", "fbox": [1, 2, 1e999, 12]}]}',
             b'{"ID": "latin1", "gtboxes": [{"tag": "pi\xe9ton", "fbox": [1, 2, 9, 12]}]}']  # fmt: skip
    out = convert(_crowd(tmp_path / "src", ["nan", "inf", "latin1"], lines), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {f"Images/{n}.jpg" for n in ("good", "nan", "inf", "latin1")})
    assert set(written) == {"Images/good.jpg"}
    assert "NaN" in rejected["Images/nan.jpg"] and "Infinity" in rejected["Images/inf.jpg"]
    assert "UTF-8" in rejected["Images/latin1.jpg"]


def test_an_odgt_file_opening_with_a_byte_order_mark_is_still_a_file_of_boxes(tmp_path: Path) -> None:
    """RFC 8259 lets a reader skip a leading UTF-8 mark; with one, detection did not know the file
    and every image was written labelled by its folder (`Images`), its boxes lost at exit 0."""
    source = _crowd(tmp_path / "src", ["second"], [_good_line("second", 3)], head=b"\xef\xbb\xbf")
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, {"Images/good.jpg", "Images/second.jpg"})
    assert _objects(out) == {"Images/good.jpg": [b"person"], "Images/second.jpg": [b"person"] * 3}
    assert all(labels == ("person",) for _, labels, _ in records(out).values())


def test_an_image_named_by_two_odgt_lines_is_rejected_never_given_both_lines_boxes(tmp_path: Path) -> None:
    """CrowdHuman writes one line per image; two lines naming one ID (1 box, then 2) were merged
    into 3 boxes at exit 0. Which line is meant cannot be told: the image is a reject naming both."""
    lines = [_good_line("twice", 1), _good_line("once", 1), _good_line("twice", 2)]
    out = convert(_crowd(tmp_path / "src", ["twice", "once"], lines), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"Images/good.jpg", "Images/twice.jpg", "Images/once.jpg"})
    assert set(written) == {"Images/good.jpg", "Images/once.jpg"}
    assert "lines 2 and 4" in rejected["Images/twice.jpg"], rejected


def test_an_odgt_id_or_metadata_file_name_leading_outside_src_labels_no_image_inside(tmp_path: Path) -> None:
    """An ID of `../../../etc/outside` named, by its last part, the image `Images/outside.jpg`, which
    was written with that line's boxes; a metadata.jsonl `file_name` of `../outside.png` likewise.
    A key leading out of its folder names no image: its line is a reject saying so, and the image
    of the same name inside is written as no line annotates it (no objects)."""
    source = _crowd(tmp_path / "crowd", ["outside"], [_good_line("../../../etc/outside", 2), _good_line("/abs/outside", 1)])
    out = convert(source, tmp_path / "crowd_out", shards=1)
    written, rejected = _accounted(out, {"Images/good.jpg", "Images/outside.jpg"})
    assert _objects(out) == {"Images/good.jpg": [b"person"], "Images/outside.jpg": []}
    assert sum("outside" in reason for reason in rejected.values()) == 2, rejected
    hf_line = b'{"file_name": "../outside.png", "objects": {"bbox": [[1.0, 1.0, 4.0, 4.0]], "categories": [0]}}'
    out = convert(_hf(tmp_path / "hf" / "data", [hf_line], ["outside.png"]), tmp_path / "hf_out", shards=1)
    written, rejected = _accounted(out, {"good.png", "outside.png"})
    assert _objects(out)["outside.png"] == [], "never the boxes of a file outside"


def test_odgt_tags_that_are_objects_lists_or_booleans_reject_their_image_never_become_a_class(tmp_path: Path) -> None:
    """A box's `tag` is its class name; one written as `{"name": "person"}`, `["person"]` or `true`
    became the class `{'name': 'person'}`, `["person"]` or `True` (exit 0). Each rejects its image
    naming the tag's JSON type; a whole number stays a class, as a class id is one."""
    tags = {"as_object": {"name": "person"}, "as_list": ["person"], "as_bool": True, "as_number": 3}
    lines = [json.dumps({"ID": name, "gtboxes": [dict(_box(), tag=tag)]}).encode() for name, tag in tags.items()]
    out = convert(_crowd(tmp_path / "src", list(tags), lines), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"Images/good.jpg", *(f"Images/{name}.jpg" for name in tags)})
    assert _objects(out) == {"Images/good.jpg": [b"person"], "Images/as_number.jpg": [b"3"]}
    for name, kind in (("as_object", "object"), ("as_list", "array"), ("as_bool", "boolean")):
        assert f"its tag is a JSON {kind}" in rejected[f"Images/{name}.jpg"], rejected


def test_box_tables_saved_with_a_byte_order_mark_and_crlf_keep_every_box(tmp_path: Path) -> None:
    """Open Images' box tables and class names as Excel saves them (a UTF-8 mark, CRLF line
    ends): detection read the header's first cell as `\\ufeffImageID`, did not know the table and
    the run stopped (no labels). The mark is skipped, and every image keeps its boxes."""
    root, truth = box_text.build_open_images(tmp_path)
    for table in [*root.glob("*-annotations-bbox.csv"), root / "class-descriptions-boxable.csv"]:
        table.write_bytes(b"\xef\xbb\xbf" + table.read_bytes().replace(b"\n", b"\r\n"))
    out = convert(root, tmp_path / "out")
    _accounted(out, set(truth))
    found = {k: sorted(v) for k, v in _objects(out).items()}
    assert found == {k: sorted(name.encode() for name, *_ in boxes) for k, (_, boxes) in truth.items()}, found


def test_a_box_table_row_of_bytes_no_utf8_has_rejects_its_image_never_writes_it_short_a_box(tmp_path: Path) -> None:
    """One Open Images row whose bytes are not UTF-8 (a Latin-1 `Source` cell) was a reject of the
    row alone, and its image written with its other boxes at exit 0: one box short. The image is
    the reject, named by the row's key; the other images keep every box."""
    root, truth = box_text.build_open_images(tmp_path)
    table = root / "train-annotations-bbox.csv"
    table.write_bytes(table.read_bytes().replace(b"000002b66c9c498e,xclick,/m/0199g", b"000002b66c9c498e,cl\xe9,/m/0199g"))
    out = convert(root, tmp_path / "out")
    written, rejected = _accounted(out, set(truth))
    assert "UTF-8" in rejected["train/000002b66c9c498e.jpg"], rejected
    found = {k: sorted(v) for k, v in _objects(out).items()}
    assert found == {k: sorted(name.encode() for name, *_ in boxes) for k, (_, boxes) in truth.items() if k in written}


# --- Hugging Face imagefolder's metadata.jsonl ----------------------------------------------------


def _hf(root: Path, lines: list[bytes], names: list[str]) -> Path:
    """An imagefolder: PNGs beside metadata.jsonl (a good first line for `good.png`, then `lines`)."""
    for seed, name in enumerate(["good.png", *names]):
        write_file(root / name, image_bytes(fmt="PNG", size=(20, 10), seed=seed))
    good = {"file_name": "good.png", "objects": {"bbox": [[1.0, 1.0, 4.0, 4.0]], "categories": [0]}}
    write_file(root / "metadata.jsonl", b"\n".join([json.dumps(good).encode(), *lines]) + b"\n")
    return root


def test_metadata_jsonl_rows_repeating_file_name_or_objects_reject_every_image_they_name(tmp_path: Path) -> None:
    """A row giving `file_name` twice labelled the last name with the row's objects, and the first
    image was written with none; a row giving `objects` twice kept the last. Each image such a row
    names is a reject saying which key repeats."""
    box = b'{"bbox": [[1.0, 1.0, 4.0, 4.0]], "categories": [0]}'
    lines = [b'{"file_name": "first.png", "objects": ' + box + b', "file_name": "second.png"}',
             b'{"file_name": "objects.png", "objects": {"bbox": [], "categories": []}, "objects": ' + box + b"}"]  # fmt: skip
    out = convert(_hf(tmp_path / "src", lines, ["first.png", "second.png", "objects.png"]), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"good.png", "first.png", "second.png", "objects.png"})
    assert set(written) == {"good.png"}
    assert "repeats the key 'file_name'" in rejected["first.png"] and "repeats the key 'file_name'" in rejected["second.png"]
    assert "repeats the key 'objects'" in rejected["objects.png"]


def test_metadata_jsonl_rows_nested_too_deep_or_too_long_reject_the_image_they_name(tmp_path: Path) -> None:
    """A row nesting 100,000 brackets, or one of 2 MiB, was a reject of the row alone and its
    image written with no objects at exit 0: its image is now the reject."""
    boxes = b"[1.0, 1.0, 4.0, 4.0], " * 100_000 + b"[1, 1, 4, 4]"
    lines = [b'{"file_name": "deep.png", "objects": ' + _DEEP + b"}",
             b'{"file_name": "long.png", "objects": {"bbox": [' + boxes + b'], "categories": []}}']  # fmt: skip
    out = convert(_hf(tmp_path / "src", lines, ["deep.png", "long.png"]), tmp_path / "out", shards=1)
    written, rejected = _accounted(out, {"good.png", "deep.png", "long.png"})
    assert set(written) == {"good.png"}
    assert "nested too deeply" in rejected["deep.png"] and "longer than" in rejected["long.png"]


def test_a_metadata_jsonl_of_a_byte_order_mark_and_crlf_line_ends_keeps_every_images_objects(tmp_path: Path) -> None:
    """Windows tools write JSON Lines with a UTF-8 mark and CRLF: the mark is skipped (RFC 8259)
    and each line's CR is its line end, never part of the last value."""
    source = _hf(tmp_path / "src", [], ["second.png"])
    rows = [{"file_name": name, "objects": {"bbox": [[1.0, 1.0, 4.0, 4.0]] * count, "categories": [0] * count}}
            for name, count in (("good.png", 1), ("second.png", 2))]  # fmt: skip
    write_file(source / "metadata.jsonl", b"\xef\xbb\xbf" + b"".join(json.dumps(r).encode() + b"\r\n" for r in rows))
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, {"good.png", "second.png"})
    assert {k: len(v) for k, v in _objects(out).items()} == {"good.png": 1, "second.png": 2}


# --- the JSON-lines reader both share ---------------------------------------------------------------


def test_the_shared_json_lines_reader_gives_every_hostile_line_a_reason_and_its_image() -> None:
    """One reader for every JSON-lines annotation file: a line that is no JSON object with unique
    keys is a RowError with the reason, naming (as `key`) the image its start names where it does."""
    data = b"\n".join([
        b'{"ID": "ok", "gtboxes": []}', b'{"ID": "deep", "x": ' + _DEEP + b"}", b'{"ID": "big", "x": ' + _HUGE_INT + b"}",
        b'{"ID": "twice", "ID": "other"}', b'{"ID": "bad\xffbyte"}', b'{"ID": "lone", "x": "\\ud800"}', b"[1, 2]", b"",
        b'{"ID": "last"}',
    ])  # fmt: skip
    found = list(jsonl_objects.json_objects(text_lines(io.BytesIO(data)), "ID"))
    good = [item for item in found if not isinstance(item, tables.RowError)]
    bad = {(item.row, item.key): item.reason for item in found if isinstance(item, tables.RowError)}
    assert good == [(1, {"ID": "ok", "gtboxes": []}), (9, {"ID": "last"})]
    assert "nested too deeply" in bad[2, "deep"] and "4300 digits" in bad[3, "big"]
    assert "repeats the key 'ID'" in bad[4, "twice"] and "repeats the key 'ID'" in bad[4, "other"]
    assert "UTF-8" in bad[5, ""] and "surrogate" in bad[6, "lone"] and "not a JSON object" in bad[7, ""]


def test_the_shared_reader_never_holds_a_line_of_100_mb() -> None:
    """A line of 100 MB without a break is a RowError saying it is too long, read in bounded
    pieces: the memory it takes stays far below the line's size."""

    class _Stream(io.RawIOBase):  # a line's start, then 100 MB of NUL bytes in pieces, never held whole
        def __init__(self) -> None:
            zeros = bytes(1 << 20)
            self.parts = iter([b'{"ID": "long", "gtboxes": [', *[zeros] * (_100_MB >> 20), b'\n{"ID": "next"}\n'])
            self.pending = b""

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            while not self.pending:
                self.pending = next(self.parts, None)
                if self.pending is None:
                    self.pending = b""
                    return 0
            size = min(len(buffer), len(self.pending))
            buffer[:size], self.pending = self.pending[:size], self.pending[size:]
            return size

    tracemalloc.start()
    try:
        found = list(jsonl_objects.json_objects(text_lines(io.BufferedReader(_Stream())), "ID"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(found[0], tables.RowError) and "longer than" in found[0].reason and found[0].key == "long"
    assert found[1:] == [(2, {"ID": "next"})]
    assert peak < 16 << 20, f"{peak >> 20} MiB held for a line of 100 MB"


# --- YAML: a data.yaml whose names are an alias bomb ------------------------------------------------


_LAUGHS = "".join(f"{a}: &{a} [{', '.join([f'*{p}'] * 10)}]\n" for p, a in zip("abcdefgh", "bcdefghi"))


def test_a_data_yaml_whose_names_are_an_alias_bomb_stops_in_one_line_at_once(tmp_path: Path) -> None:
    """YAML aliases make a few hundred bytes a list of 10^9 names (the billion laughs): the
    loader shares them, but printing the bad name to say why it is refused walked all 10^9, and
    the run hung. It stops in one line naming data.yaml, in seconds."""
    export = tmp_path / "src" / "coco8"
    for seed, split in enumerate(("train", "val")):
        write_file(export / "images" / split / f"{split}.jpg", image_bytes(size=(24, 16), seed=seed))
        write_file(export / "labels" / split / f"{split}.txt", "1 0.5 0.5 0.2 0.2\n0 0.25 0.25 0.1 0.1\n")
    write_file(export / "data.yaml", f"path: ../datasets/coco8\ntrain: images/train\nval: images/val\n"
               f"a: &a [x, x, x, x, x, x, x, x, x, x]\n{_LAUGHS}names: [person, *i]\n")  # fmt: skip
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), isolated=True, timeout=60)
    assert result.returncode in (1, 2), result.stderr
    line = " ".join(result.stderr.translate(str.maketrans("", "", "│╭╮╰╯─")).split())
    assert "Traceback" not in result.stderr and "data.yaml" in line and "names" in line and len(line) < 600, line
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


# --- our own files edited by hand: the lock, the rejects report ------------------------------------


@pytest.mark.parametrize(
    "lock",
    [b'{"pid": 1e400, "host": "%s", "started": "x", "token": "t"}',
     b'{"pid": 1' + b"0" * 30 + b', "host": "%s", "started": "x", "token": "t"}',
     b'{"pid": ' + b"[" * 50_000 + b"]" * 50_000 + b', "host": "%s"}',
     b'{"pid": 1, "pid": 2, "host": "%s", "started": "x", "token": "t"}'],
    ids=["infinite_pid", "pid_of_31_digits", "nested", "pid_twice"],
)  # fmt: skip
def test_a_lock_file_edited_to_numbers_past_any_pid_or_nesting_is_taken_over(tmp_path: Path, lock: bytes) -> None:
    """A lock left in OUT by no running process is taken over (the one line of warning names who
    left it, or "a run" where the file names no one): `1e400` raised OverflowError and 100,000
    brackets RecursionError out of the command as tracebacks."""
    for label in ("cat", "dog"):
        write_file(tmp_path / "src" / label / "a.jpg", image_bytes(seed=len(label)))
    write_file(tmp_path / "out" / naming.LOCK_FILENAME, lock.replace(b"%s", socket.gethostname().encode()))
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--shards", "1")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert set(records(tmp_path / "out")) == {"cat/a.jpg", "dog/a.jpg"}


def test_verify_reads_a_rejects_report_line_of_300_mb_in_bounded_memory_and_names_it(tmp_path: Path) -> None:
    """`verify` read each report line whole, however long: a line of 300 MB (a hand edit gone
    wrong) was held whole. It fails in one line naming the report's line, holding no more memory
    than verifying the same output untouched (which reads the manifest into a bounded buffer)."""
    write_file(tmp_path / "src" / "cat" / "a.jpg", image_bytes())
    write_file(tmp_path / "src" / "dog" / "b.jpg", b"not an image")
    out = convert(tmp_path / "src", tmp_path / "out", shards=1)
    peaks = []
    for edit in (False, True):
        if edit:
            with open(out / naming.REJECTS_FILENAME, "wb") as f:
                f.write(b'{"path": "')
                f.truncate(300 << 20)  # sparse: a line of 300 MB of NUL bytes
        tracemalloc.start()
        try:
            result = run_shardify("verify", str(out))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert result.returncode == int(edit), result.stderr
    line = one_line_error(result)
    assert naming.REJECTS_FILENAME in line and "line 1" in line, line
    assert peaks[1] < peaks[0] + (16 << 20), f"{(peaks[1] - peaks[0]) >> 20} MiB more held for a report line of 300 MB"


def test_the_run_summary_counts_reasons_of_a_report_holding_hostile_lines() -> None:
    """The one line a failed run prints counts the report's commonest reasons; a line nested past
    the parser, a 5,000-digit number or a reason that is no text is skipped, never a traceback."""
    from shardify.beam_jobs.output.reject_reasons import common_reasons

    import tempfile

    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl") as report:
        report.write(b"\n".join([b'{"path": "a", "reason": "empty file"}', b'{"reason": ' + _DEEP + b"}",
                                 b'{"path": "b", "reason": ' + _HUGE_INT + b"}", b'{"path": "c", "reason": "empty file"}',
                                 b"[1]", b'{"path": "d", "reason": {"x": 1}}']) + b"\n")  # fmt: skip
        report.flush()
        assert common_reasons(report.name) == "2 x empty file"


# --- images: cut mid-scan, zero or enormous declared sizes --------------------------------------------


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(width: int, height: int, rows: bytes = b"\0\0\0\0") -> bytes:
    """A grey PNG as the specification lays it out (IHDR, IDAT, IEND), its IHDR's size as given."""
    header = _png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + header + _png_chunk(b"IDAT", zlib.compress(rows)) + _png_chunk(b"IEND", b"")


def _tiff(width: int, height: int) -> bytes:
    """A little-endian grey TIFF (TIFF 6.0's baseline tags) of 16 bytes of pixels declaring `width` x `height`."""
    tags = [(256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 0), (277, 3, 1),
            (278, 4, height), (279, 4, 16)]  # fmt: skip
    ifd_size = 2 + 12 * len(tags) + 4
    tags[5] = (273, 4, 8 + ifd_size)
    ifd = struct.pack("<H", len(tags)) + b"".join(struct.pack("<HHII", t, k, 1, v) for t, k, v in tags) + b"\0\0\0\0"
    return b"II*\0" + struct.pack("<I", 8) + ifd + b"\x80" * 16


def _progressive_cut() -> bytes:
    """A progressive JPEG cut in the middle of its scans (a download stopped short)."""
    buffer = io.BytesIO()
    Image.open(io.BytesIO(image_bytes(size=(64, 48), seed=3))).save(buffer, "JPEG", progressive=True, quality=90)
    data = buffer.getvalue()
    scans = [i for i in range(len(data) - 1) if data[i : i + 2] == b"\xff\xda"]
    assert len(scans) > 3, "a progressive JPEG holds several scans"
    return data[: scans[2] + 40]


def test_images_cut_mid_scan_or_of_zero_or_enormous_declared_size_are_rejects_saying_why(tmp_path: Path) -> None:
    """A progressive JPEG cut mid-scan and a PNG whose pixel data stops short are each a reject,
    never a record of grey; a PNG or TIFF declaring 0 pixels across, or 10^10 pixels in a few
    bytes, is a reject before any decoding. Their good twins are records."""
    images = {
        "cat/good.png": _png(2, 2, b"\0\x10\x20\0\x30\x40"), "cat/good.tif": _tiff(4, 4),
        "cat/cut_progressive.jpg": _progressive_cut(), "dog/short_rows.png": _png(50, 50, b"\0\1\2"),
        "dog/zero_wide.png": _png(0, 10), "dog/zero_tall.tif": _tiff(4, 0),
        "dog/bomb.tif": _tiff(100_000, 100_000), "dog/bomb.png": _png(100_000, 100_000),
    }  # fmt: skip
    for relpath, data in images.items():
        write_file(tmp_path / "src" / relpath, data)
    out = convert(tmp_path / "src", tmp_path / "out", shards=1)
    written, rejected = _accounted(out, set(images))
    assert set(written) == {"cat/good.png", "cat/good.tif"}, (written, rejected)
    assert "decompression bomb" in rejected["dog/bomb.tif"] and "decompression bomb" in rejected["dog/bomb.png"]
    assert all(rejected[k] for k in rejected)


# --- archives and tables ---------------------------------------------------------------------------------


def test_a_zip_holding_one_name_twice_keeps_the_last_as_extracting_does_and_rejects_the_first(tmp_path: Path) -> None:
    """A zip may hold two members of one name (`zipfile` warns and writes both); extracting it
    leaves the last. That one is the record, holding the last member's bytes; the first is a
    reject saying so, never lost and never written twice."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive, pytest.warns(UserWarning, match="Duplicate name"):
        archive.writestr("cat/a.jpg", image_bytes(seed=1))
        archive.writestr("dog/b.jpg", image_bytes(seed=2))
        archive.writestr("cat/a.jpg", image_bytes(seed=3))
    write_file(tmp_path / "src" / "pets.zip", buffer.getvalue())
    out = convert(tmp_path / "src", tmp_path / "out", shards=1)
    written, rejected = records(out), rejects(out)
    assert set(written) == {"pets/dog/b.jpg", "pets/cat/a.jpg"} and list(rejected) == ["pets/cat/a.jpg"], rejected
    assert "the last copy is kept" in rejected["pets/cat/a.jpg"]
    encoded = {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            encoded[record[contract.IMAGE_FILENAME].decode()] = record[contract.IMAGE_ENCODED]
    assert encoded["pets/cat/a.jpg"] == image_bytes(seed=3)


def test_a_label_table_whose_rows_end_in_a_delimiter_keeps_every_label(tmp_path: Path) -> None:
    """Spreadsheets export `a.jpg,cat,` (an empty last column on every row, header included):
    the empty column is no label, and every image keeps its label or the run stops naming the file."""
    for index, label in enumerate(("cat", "dog", "cat", "dog")):
        write_file(tmp_path / "src" / "images" / f"{index}.jpg", image_bytes(seed=index))
    rows = "".join(f"{index}.jpg,{label},\r\n" for index, label in enumerate(("cat", "dog", "cat", "dog")))
    write_file(tmp_path / "src" / "labels.csv", "image,label,\r\n" + rows)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--shards", "1")
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode:
        assert result.returncode in (1, 2) and "labels.csv" in one_line_error(result)
        return
    found = {k: v[1] for k, v in records(tmp_path / "out").items()}
    assert found == {f"images/{i}.jpg": (label,) for i, label in enumerate(("cat", "dog", "cat", "dog"))}, found


def test_a_class_grouping_json_beside_tables_nested_past_the_parser_is_no_grouping(tmp_path: Path) -> None:
    """GoEmotions ships `ekman_mapping.json` (class -> its fine classes) beside its tables; one
    nested 5,000 deep raised RecursionError in detection and failed the run (exit 1). It is no
    grouping: the tables convert, each row labelled by the class names file, and the file is a
    reject saying why."""
    names = ["anger", "joy", "neutral"]
    write_file(tmp_path / "src" / "data" / "emotions.txt", "\n".join(names) + "\n")
    write_file(tmp_path / "src" / "data" / "ekman_mapping.json", b'{"anger": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    rows = {"train": [("so cross", "0"), ("so glad", "1"), ("fine", "2"), ("cross and glad", "0,1")],
            "dev": [("glad again", "1"), ("angry again", "0")]}  # fmt: skip
    for split, lines in rows.items():
        text = "".join(f"{t}\t{ids}\ted{i}x\n" for i, (t, ids) in enumerate(lines))
        write_file(tmp_path / "src" / "data" / f"{split}.tsv", text)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--shards", "1", "--max-rejects", "100%")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    texts = {v[2]: v[1] for v in records(tmp_path / "out").values()}
    expected = {t: tuple(sorted(names[int(i)] for i in ids.split(","))) for lines in rows.values() for t, ids in lines}
    assert texts == expected, texts
    assert "not a table" in rejects(tmp_path / "out")["data/ekman_mapping.json"]
