"""Hostile input, fourth round: the readers added last session (tables of images written out as
numbers, JSON files of records and question-answering JSON, raw arrays declared in a layout file,
MATLAB and HDF5 arrays, layout files themselves), each with its hostile twins, plus the surroundings
every reader meets: an input that is a pipe, a link leading outside SRC, OUT inside SRC, a file
changed between planning and writing. Each test builds real files and runs the real command (in a
process of its own with a timeout where its peak memory is measured, else in this one); it counts the inputs from what it built (never from the manifest) and holds each one to
exactly one record or one reject with its reason, or the run to a one-line refusal."""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.mid_run import stopped_at_plan
from helpers.shard_io import read_report, read_shard
from shardify.converters import qa_json
from shardify.errors import InvalidInputError, UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file

# Run as the command, reporting its process tree's peak resident memory (KiB) on its last stderr
# line (as round three measures it).
_PEAK_RSS = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=150)\n"
    "sys.stdout.write(done.stdout); sys.stderr.write(done.stderr)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(done.returncode)\n"
)
# A conversion of a few small files peaks near 250 MiB here (a row of 24 MB refused: ~420 MiB); the
# hostile files below took 0.9 to 2 GiB (and past 120 s) before their fixes.
_BOUNDED_RSS_KIB = 700 << 10


def _convert(source: Path, out: Path, *args: str) -> tuple[subprocess.CompletedProcess, int]:
    """`shardify convert SRC OUT --max-rejects 100% -q ARGS`, and its peak RSS in KiB."""
    args = ("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    result = run_shardify(*args, prefix=[sys.executable, "-c", _PEAK_RSS], timeout=170)
    *stderr, peak = result.stderr.rstrip("\n").split("\n")
    result.stderr = "\n".join(stderr)
    assert "Traceback" not in result.stderr, result.stderr
    return result, int(peak)


def _convert_here(source: Path, out: Path, *args: str) -> subprocess.CompletedProcess:
    """The same command in this process, where its memory is not what the test measures (a pipe
    among the inputs that hung it would fail the test at pytest-timeout's limit)."""
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _records(out: Path) -> list[tuple[str, dict]]:
    """(split, record) of every record the run wrote."""
    manifest = load_manifest(str(out))
    return [(split, record) for split, info in manifest.splits.items() for shard in info.shards for record in read_shard(out / shard.path)]


def _rejects(out: Path) -> dict[str, str]:
    """{path, or path#row for a table's row: reason} of the rejects report, each input once."""
    found: dict[str, str] = {}
    for line in read_report(out, naming.REJECTS_FILENAME):
        key = f"{line['path']}#{line['row']}" if line.get("row") is not None else line["path"]
        assert key not in found, f"{key} rejected twice"
        found[key] = line["reason"]
    return found


def _one_place_each(expected: dict[str, str | None], written: set[str], rejects: dict[str, str]) -> None:
    """Every input of `expected` ({input: None for a record, else a word of its reject's reason})
    is in exactly one record or one reject, that reject saying why; nothing else is."""
    assert not written & set(rejects), written & set(rejects)
    assert written | set(rejects) == set(expected), (sorted(set(expected) - written - set(rejects)), sorted((written | set(rejects)) - set(expected)))
    for key, reason in expected.items():
        if reason is None:
            assert key in written, (key, rejects.get(key))
        else:
            assert key in rejects and reason in rejects[key], (key, reason, rejects.get(key))


# --- tables of images written out as numbers (FER2013's fer2013.csv) ------------------------------

_EMOTIONS = ["Angry", "Disgust", "Fear", "Happy", "Sad", "Surprise", "Neutral"]
_SPLITS = {"Training": "train", "PublicTest": "validation", "PrivateTest": "test"}
_SIDE = 6


def _pixels(seed: int, side: int = _SIDE) -> str:
    return " ".join(str(v) for v in np.random.default_rng(seed).integers(0, 256, side * side))


def _fer_rows() -> list[tuple[str, str | None]]:
    """(the row's text, None where it is a record, else a word of its reject's reason): FER2013's
    `emotion,pixels,Usage`, good rows and their hostile twins."""
    same = lambda token: " ".join([token] * (_SIDE * _SIDE))  # noqa: E731 - a cell of one token
    good = [(f"{i % 7},{_pixels(i)},{usage}", None) for i, usage in enumerate(["Training"] * 6 + ["PublicTest"] * 3 + ["PrivateTest"] * 3)]
    hostile = [
        # label cells among the first rows: each its row's reject, never every row unlabelled
        (f"abc,{_pixels(50)},Training", "is not a whole number 0..999"),
        (f"-1,{_pixels(51)},Training", "is not a whole number 0..999"),
        (f",{_pixels(52)},Training", "empty label"),
        (f"9,{_pixels(53)},Training", "is not in --label-names"),  # FER2013 names 0..6
        # numbers that are no grey level, or no number Python's float should have read
        (f"1,{same('1_0')},Training", "not a number written in ASCII digits"),
        (f"1,{same('٣')},Training", "not a number written in ASCII digits"),
        (f"1,{same('１')},Training", "not a number written in ASCII digits"),
        (f"1,{same('1e308')},Training", "is not a grey level"),
        (f"1,{same('inf')},Training", "is not a grey level"),
        (f"1,{same('NaN')},Training", "is not a grey level"),
        (f"1,{same('256')},Training", "is not a grey level"),
        (f"1,{same('9' * 400)},Training", "is not a grey level"),
        (f"1,{same('0x10')},Training", "is not a number"),
        # counts: none square, another width (an image of its own size), a split named nowhere
        (f"1,{' '.join(['7'] * 50)},Training", "not a square image"),
        (f"2,{_pixels(54, side=9)},Training", None),
        (f"1,{_pixels(55)},Holdout", "names no split"),
        (f"1,{_pixels(56)}", "2 fields where the header has 3"),
        # 24 MB in one cell: refused before it is split (8 million tokens took ~500 MB more; 60 MB, 2 GB)
        ("1," + " ".join(["77"] * 8_000_000) + ",Training", "characters in 'pixels'"),
    ]
    return good + hostile


def test_hostile_rows_of_a_pixel_table_are_each_one_reject_and_memory_stays_bounded(tmp_path: Path) -> None:
    rows = _fer_rows()
    source = tmp_path / "src" / "fer2013"
    source.mkdir(parents=True)
    (source / "fer2013.csv").write_text("emotion,pixels,Usage\n" + "".join(text + "\n" for text, _ in rows))
    os.mkfifo(source / "piped.csv")
    (tmp_path / "elsewhere.csv").write_text("emotion,pixels,Usage\n" + "".join(text + "\n" for text, _ in rows[:3]))
    (source / "linked.csv").symlink_to(tmp_path / "elsewhere.csv")
    result, peak = _convert(source.parent, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    records = {record[contract.IMAGE_FILENAME].decode(): (split, record) for split, record in _records(tmp_path / "out")}
    written = {key.replace("fer2013/", "") for key in records}
    rejects = {key.replace("fer2013/", ""): reason for key, reason in _rejects(tmp_path / "out").items()}
    expected = {f"fer2013.csv#{n}": reason for n, (_, reason) in enumerate(rows, start=2)}
    expected.update({"piped.csv": "not a regular file (a named pipe)", "linked.csv": "leads outside the source folder"})
    _one_place_each(expected, written, rejects)
    for key, (split, record) in records.items():
        emotion, pixels, usage = rows[int(key.rpartition("#")[2]) - 2][0].split(",")
        image = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
        assert (split, record[contract.LABEL_TEXT].decode()) == (_SPLITS[usage], _EMOTIONS[int(emotion)]), key
        np.testing.assert_array_equal(image.reshape(-1), np.array(pixels.split(), np.uint8))
    assert peak < _BOUNDED_RSS_KIB, f"peak RSS {peak >> 10} MiB"


# --- JSON files of records, question-answering JSON, header rows; OUT inside SRC read back ---------


def _reviews(prefix: str, count: int) -> list[dict]:
    return [{"text": f"{prefix} review {i} was fine", "label": "pos" if i % 2 else "neg"} for i in range(count)]


def _json_source(root: Path) -> dict[str, str | None]:
    """A folder of hostile JSON files of records (and two CSV twins); returns the inputs as
    `_one_place_each` takes them (a record is `file#position from 1`; a CSV reject `file#row`)."""
    root.mkdir(parents=True)
    hostile = [
        ({"text": 5, "label": "pos"}, "non-text 'text' cell"),
        ({"text": None, "label": "neg"}, "non-text 'text' cell"),
        ({"text": ["a", "b"], "label": "neg"}, "non-text 'text' cell"),
        ({"text": "a NaN label", "label": float("nan")}, "label NaN is not a number"),
        ({"text": "an Infinity label", "label": float("inf")}, "label Infinity is not a number"),
        ({"text": "an object label", "label": {"a": 1}}, "is an object, not a label name"),
    ]
    train = _reviews("train", 6) + [row for row, _ in hostile]
    (root / "train.json").write_text(json.dumps({"version": "1.0", "data": train}))
    expected: dict[str, str | None] = {f"train.json#{i}": None for i in range(1, 7)}
    expected.update({f"train.json#{i}": reason for i, (_, reason) in enumerate(hostile, start=7)})
    (root / "test.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"data": _reviews("test", 4)}).encode())  # a BOM
    expected.update({f"test.json#{i}": None for i in range(1, 5)})
    (root / "validation.json").write_text(json.dumps({"data": _reviews("validation", 4)})[:-30])  # cut short
    (root / "repeated.json").write_text('{"data": [{"text": "a", "label": "neg", "text": "b"}, {"text": "fine", "label": "pos"}]}')
    (root / "nested.json").write_text('{"data": [' + "[" * 100_000 + "]" * 100_000 + "]}")
    big = _reviews("big", 2)
    big[1]["extra"] = list(range(2_000_000))  # 16 MB of numbers in one record's other key
    (root / "big.json").write_text(json.dumps({"data": big}))
    expected.update({"validation.json": "not JSON", "repeated.json": "repeats the key 'text'", "nested.json": "not a table"})
    expected.update({"big.json#1": None, "big.json#2": None})
    os.mkfifo(root / "piped.json")
    (root.parent / "elsewhere.json").write_text(json.dumps({"data": _reviews("elsewhere", 2)}))
    (root / "linked.json").symlink_to(root.parent / "elsewhere.json")
    expected.update({"piped.json": "not a regular file (a named pipe)", "linked.json": "leads outside the source folder"})
    # CSV twins beside them: a header of 100,000 columns, and a last line of 10 MB with no newline
    wide = ["text", "label", *(f"c{i}" for i in range(100_000))]
    (root / "wide.csv").write_text(",".join(wide) + "\n" + ",".join(["wide review 0 was fine", "neg", *["1"] * 100_000]) + "\n")
    (root / "endless.csv").write_text("text,label\nendless review 0 was fine,neg\nendless review 1 was fine,pos\n" + "x" * (10 << 20))
    expected.update({"wide.csv#1": None, "endless.csv#1": None, "endless.csv#2": None, "endless.csv#4": "1 fields where the header has 2"})
    return expected


def _json_written(out: Path) -> set[str]:
    """file#position of each record, from its text (`<file> review <i> was fine`, or the hostile rows')."""
    found = set()
    for split, record in _records(out):
        text = record[contract.TEXT].decode()
        name, _, number = text.removesuffix(" was fine").partition(" review ")
        found.add(f"{name}.{'csv' if name in ('wide', 'endless') else 'json'}#{int(number) + 1}")
        assert split == name, text  # each file its split, by its name
    return found


def test_hostile_json_files_of_records_converted_twice_with_out_inside_src(tmp_path: Path) -> None:
    """The second run finds the first one's manifest.json and rejected.jsonl inside SRC: neither is
    an input (a JSON of records and a JSON Lines table by their names)."""
    source = tmp_path / "src"
    expected = _json_source(source)
    out = source / "converted"
    for _ in range(2):
        result = _convert_here(source, out)
        assert result.returncode == 0, result.stderr
        _one_place_each(expected, _json_written(out), _rejects(out))
        assert load_manifest(str(out)).inputs["seen"] == len(expected)


def test_question_answering_json_repeating_a_key_is_refused_not_read_as_its_last_value() -> None:
    """The SQuAD twin of `{"text": "a", "label": "x", "text": "b"}`: a JSON file of records refuses it;
    question-answering JSON kept the last question silently."""
    document = (
        '{"version": "1.1", "data": [{"title": "T", "paragraphs": [{"context": "Paris is in France.", "qas": ['
        '{"id": "q1", "question": "Where is Paris?", "question": "Where is Lyon?", "answers": [{"text": "France", "answer_start": 12}]}'
        "]}]}]}"
    )
    with pytest.raises(InvalidInputError, match="repeats the key 'question'"):
        list(qa_json.read_questions(io.BytesIO(document.encode())))


# --- HDF5 and MATLAB arrays -----------------------------------------------------------------------


def _h5(path: Path, make) -> None:  # noqa: ANN001 - a function of the open h5py.File
    import h5py

    with h5py.File(path, "w") as f:
        make(f)


def _xy(x: dict, y: dict):  # noqa: ANN202 - a function of the open h5py.File
    """Writes datasets `x` and `y` with these keyword arguments."""
    return lambda f: (f.create_dataset("x", **x), f.create_dataset("y", **y))


def _good_h5(f, count: int = 6, seed: int = 0) -> None:  # noqa: ANN001
    f.create_dataset("x", data=np.random.default_rng(seed).integers(0, 256, (count, 8, 8), dtype=np.uint8))
    f.create_dataset("y", data=np.arange(count) % 3)


def _mat_element(kind: int, payload: bytes) -> bytes:
    return struct.pack("<II", kind, len(payload)) + payload + bytes(-len(payload) % 8)


def _mat_compressed(name: str, cls: int, dims: tuple[int, ...], data_kind: int, total: int, data: bytes) -> bytes:
    """A MATLAB v5 miCOMPRESSED variable whose data is `data` repeated to `total` bytes, streamed
    through zlib (MAT-File Format, ch. 1: miMATRIX of array flags, dimensions, name, real part)."""
    parts = _mat_element(6, struct.pack("<II", cls, 0)) + _mat_element(5, struct.pack(f"<{len(dims)}i", *dims)) + _mat_element(1, name.encode())
    pad = -total % 8
    compressor = zlib.compressobj(9)
    out = [compressor.compress(struct.pack("<II", 14, len(parts) + 8 + total + pad) + parts + struct.pack("<II", data_kind, total))]
    block = (data * ((1 << 20) // len(data) + 1))[: 1 << 20]
    for start in range(0, total, len(block)):
        out.append(compressor.compress(block[: min(len(block), total - start)]))
    out += [compressor.compress(bytes(pad)), compressor.flush()]
    stream = b"".join(out)
    return struct.pack("<II", 15, len(stream)) + stream


def _mat_file(path: Path, count: int) -> None:
    """SVHN's format 2 (`X` 32x32x3xN uint8, `y` Nx1 double), compressed: N blank images."""
    header = b"MATLAB 5.0 MAT-file, written by a hostile test".ljust(116, b" ") + bytes(8) + struct.pack("<H", 0x0100) + b"IM"
    images = _mat_compressed("X", 9, (32, 32, 3, count), 2, 32 * 32 * 3 * count, b"\0")
    labels = _mat_compressed("y", 6, (count, 1), 9, 8 * count, struct.pack("<d", 1.0))
    path.write_bytes(header + images + labels)


def test_hdf5_and_matlab_arrays_whose_values_lie_elsewhere_or_never_were_are_refused_unread(tmp_path: Path) -> None:
    """A 1.7 KB HDF5 file declaring 4 GB wrote a million blank records (past 120 s); external
    storage wrote another file's bytes (outside SRC) as pixels; a virtual dataset crashed the run
    (signal 11); a 600 KB .mat of compressed zeros wrote 200,000 blank records (1.6 GB; 60 KB and
    20,000 here); images of 0 x 8 pixels stopped the run on its first record, and a file of no
    images ended in no record and no reject."""
    import h5py

    source, outside = tmp_path / "src", tmp_path / "outside"
    source.mkdir()
    outside.mkdir()
    (outside / "secret.bin").write_bytes(b"SECRET!!" * 32)
    _h5(outside / "other.h5", lambda f: f.create_dataset("x", data=np.full((4, 8, 8), 7, np.uint8)))
    _h5(source / "digits_train.h5", _good_h5)
    million = dict(shape=(1_000_000, 64, 64), dtype=np.uint8)  # 4 GB declared, nothing written
    _h5(source / "huge_test.h5", _xy(million, dict(shape=(1_000_000,), dtype=np.int64)))
    _h5(source / "chunked_test.h5", _xy(dict(million, chunks=(100, 64, 64)), dict(data=np.zeros(1_000_000, np.int8))))
    external = dict(shape=(4, 8, 8), dtype=np.uint8, external=[(str(outside / "secret.bin"), 0, 256)])
    _h5(source / "external_test.h5", _xy(external, dict(data=np.arange(4))))

    def virtual(f) -> None:  # noqa: ANN001
        layout = h5py.VirtualLayout(shape=(4, 8, 8), dtype=np.uint8)
        layout[:] = h5py.VirtualSource(str(outside / "other.h5"), "x", shape=(4, 8, 8))
        f.create_virtual_dataset("x", layout)
        f.create_dataset("y", data=np.arange(4))

    _h5(source / "virtual_test.h5", virtual)
    _h5(source / "floats_test.h5", _xy(dict(data=np.full((4, 8, 8), np.nan)), dict(data=np.arange(4))))
    _h5(source / "scalar_test.h5", _xy(dict(data=5), dict(data=np.arange(4))))
    _h5(source / "fraction_test.h5", _xy(dict(data=np.zeros((3, 8, 8), np.uint8)), dict(data=np.array([0.5, np.nan, 1.0]))))
    _h5(source / "zero_test.h5", _xy(dict(data=np.zeros((3, 0, 8), np.uint8)), dict(data=np.arange(3))))
    _h5(source / "empty_test.h5", _xy(dict(data=np.zeros((0, 8, 8), np.uint8)), dict(data=np.zeros(0, np.int64))))
    _mat_file(source / "bomb_32x32.mat", 20_000)
    import scipy.io

    scipy.io.savemat(source / "zero_32x32.mat", {"X": np.zeros((0, 32, 3, 4), np.uint8), "y": np.ones((4, 1))})
    scipy.io.savemat(source / "seven_32x32.mat", {"X": np.zeros((32, 32, 7, 4), np.uint8), "y": np.ones((4, 1))})
    os.mkfifo(source / "pipe_test.h5")
    (source / "link_test.h5").symlink_to(outside / "other.h5")
    result, peak = _convert(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = {record[contract.IMAGE_FILENAME].decode() for _, record in _records(tmp_path / "out")}
    expected: dict[str, str | None] = {f"digits_train.h5#x:{i}": None for i in range(6)}
    expected.update({
        "huge_test.h5": "declares 4,096,000,000 bytes but stores 0",
        "chunked_test.h5": "declares 10,000 chunks but stores 0",
        "external_test.h5": f"keeps its values in another file ({outside / 'secret.bin'})",
        "virtual_test.h5": "is a virtual dataset",
        # an image of NaN is no pixels: each its own reject (float images are read since issue 30)
        **{f"floats_test.h5#x:{i}": "NaN or infinite values" for i in range(4)},
        "scalar_test.h5": "no uint8 image array",
        "fraction_test.h5": "no vector of 3 whole-number labels",
        "zero_test.h5": "no uint8 image array",  # images 0 pixels high stopped the whole run
        "empty_test.h5": "holds no images",  # ended in no record and no reject
        "bomb_32x32.mat": "times a MATLAB file's compressed variable may",  # (counted as it inflates: 200x, not 1,000x)
        "zero_32x32.mat": "X uint8 [0, 32, 3, 4]",  # stopped the whole run on its first record
        "seven_32x32.mat": "X uint8 [32, 32, 7, 4]",
        "pipe_test.h5": "not a regular file (a named pipe)",
        "link_test.h5": "leads outside the source folder",
    })
    _one_place_each(expected, written, _rejects(tmp_path / "out"))
    assert peak < _BOUNDED_RSS_KIB, f"peak RSS {peak >> 10} MiB"


def test_struct_annotation_values_no_dataset_holds_reject_their_element_saying_why() -> None:
    """Stanford Cars' `annotations` struct (bbox_x1..bbox_y2, class, fname), as scipy reads it back:
    a corner of 1e30 was called 'not a finite number'; a name of a number, a class as text, a box
    of two values are each their element's reject."""
    from shardify.converters import mat_structs

    fields = ["bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2", "class", "fname"]
    rows = [
        ((1.0, 1.0, 9.0, 9.0), 1.0, "00001.jpg"),
        ((1e30, 1.0, 9.0, 9.0), 1.0, "00002.jpg"),
        ((1.0, 1.0, 9.0, float("inf")), 1.0, "00003.jpg"),
        ((1.0, 1.0, 9.0, 9.0), "one", "00004.jpg"),
        ((1.0, 1.0, 9.0, 9.0), 1.0, 5.0),
        (([1.0, 2.0], 1.0, 9.0, 9.0), 1.0, "00006.jpg"),
        ((1.0, 1.0, 9.0, 9.0), 3e9, "00007.jpg"),
    ]
    struct = np.zeros((1, len(rows)), dtype=[(f, "O") for f in fields])
    for i, (box, cls, fname) in enumerate(rows):
        struct[0, i] = (*(np.array(v, ndmin=2) for v in box), np.array(cls, ndmin=2), np.array([fname]) if isinstance(fname, str) else np.array(fname, ndmin=2))
    found = {row.row: row for row in mat_structs.struct_rows({"annotations": struct}, "annotations", ["Hummer"])}
    assert found[1].error == "" and found[1].labels == ("Hummer",) and found[1].objects[0].box == (0.0, 0.0, 9.0, 9.0)
    said = {
        2: "bbox_x1 is 1e+30, past 1,000,000,000: no pixel coordinate or class number",
        3: "bbox_y2 is inf, not a finite number",
        4: "class is 'one', not a number",
        5: "its fname is not a file name",
        6: "bbox_x1 holds 2 values, not one number",
        7: "class is 3e+09, past 1,000,000,000",
    }
    for number, reason in said.items():
        assert reason in found[number].error, (number, found[number])
    assert sorted(found) == list(range(1, len(rows) + 1))


def test_an_npz_array_of_images_without_pixels_is_that_files_reject(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    np.savez(source / "train.npz", x_train=np.full((4, 8, 8), 3, np.uint8), y_train=np.arange(4))
    np.savez(source / "test.npz", x_test=np.zeros((3, 0, 8), np.uint8), y_test=np.arange(3))
    result = _convert_here(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = {record[contract.IMAGE_FILENAME].decode() for _, record in _records(tmp_path / "out")}
    assert len(written) == 4 and set(_rejects(tmp_path / "out")) == {"test.npz"}


# --- raw arrays declared in a layout file -----------------------------------------------------------

_RAW_LAYOUT = """shardify_layout: 1
layout: arrays
media: image
raw_arrays:
- files: 'data/*_images.bin'
  shape: [6, 5, 3]
  order: HWC
  header_bytes: 16
  labels_file: '{stem}_labels.bin'
  label_dtype: int32
  first_label: 1
  names_file: classes.txt
- files: 'sparse/*_images.bin'
  shape: [1, 1]
  labels_file: '{stem}_labels.bin'
  label_dtype: int64
"""
_RAW_RECORD_BYTES = 6 * 5 * 3


@pytest.fixture(scope="module")
def raw_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """A declared raw dataset whose labels file is a pipe, another's a link outside SRC, one images
    file a link outside SRC, one cut inside a record, one labelling past its names, one of 4 GiB
    with one label; converted once with OUT inside SRC. (source, out, rejects)."""
    root = tmp_path_factory.mktemp("raw")
    source, outside = root / "src", root / "outside"
    (source / "data").mkdir(parents=True)
    outside.mkdir()
    (source / "data/classes.txt").write_text("cat\ndog\nfox\n")
    rng = np.random.default_rng(0)

    def images(count: int) -> bytes:
        return b"MAGIC-HEADER-16B" + rng.integers(0, 256, (count, 6, 5, 3), dtype=np.uint8).tobytes()

    def labels(*values: int) -> bytes:
        return np.array(values, "<i4").tobytes()

    for name, count, given in (("train", 5, (1, 2, 3, 1, 2)), ("piped", 3, None), ("linked", 2, None), ("cut", 3, (1, 2, 3)), ("past", 2, (1, 4))):
        (source / f"data/{name}_images.bin").write_bytes(images(count)[: -7 if name == "cut" else None])
        if given:
            (source / f"data/{name}_images_labels.bin").write_bytes(labels(*given))
    os.mkfifo(source / "data/piped_images_labels.bin")
    (outside / "labels.bin").write_bytes(labels(1, 2))
    (source / "data/linked_images_labels.bin").symlink_to(outside / "labels.bin")
    (outside / "away_images.bin").write_bytes(images(2))
    (source / "data/away_images.bin").symlink_to(outside / "away_images.bin")
    # 4 GiB of one-byte records (sparse: no disk used) beside a labels file of one label: reading
    # the labels asked 32 GiB at once (the run failed on a MemoryError)
    (source / "sparse").mkdir()
    with open(source / "sparse/train_images.bin", "wb") as f:
        f.truncate(4 << 30)
    (source / "sparse/train_images_labels.bin").write_bytes(np.array([1], "<i8").tobytes())
    (root / "raw.yaml").write_text(_RAW_LAYOUT)
    out = source / "data" / "converted"
    result = _convert_here(source, out, "--layout-file", str(root / "raw.yaml"))
    assert result.returncode == 0, result.stderr
    return source, out, _rejects(out)


def test_declared_raw_arrays_with_pipes_links_and_cut_files_each_end_in_one_place(raw_run: tuple[Path, Path, dict[str, str]]) -> None:
    source, out, rejects = raw_run
    written = {record[contract.IMAGE_FILENAME].decode() for _, record in _records(out)}
    expected: dict[str, str | None] = {f"data/train_images.bin#{i}": None for i in range(5)}
    expected.update({
        "data/piped_images.bin": "named pipe",
        "data/linked_images.bin": "leads outside",
        "data/linked_images_labels.bin": "leads outside the source folder",
        "data/away_images.bin": "leads outside the source folder",
        "data/cut_images.bin": f"is not a header of 16 bytes and a whole number of records of {_RAW_RECORD_BYTES} bytes",
        "data/past_images.bin#0": None,
        "data/past_images.bin#1": "label 4 is outside 1..3",
        "data/piped_images_labels.bin": "named pipe",
        "sparse/train_images.bin": "the labels file holds 1 labels for the 4,294,967,296 images",
    })
    _one_place_each(expected, written, rejects)


def test_a_labels_file_that_is_a_pipe_is_named_in_the_reject(raw_run: tuple[Path, Path, dict[str, str]]) -> None:
    assert "piped_images_labels.bin" in raw_run[2]["data/piped_images.bin"]


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{files: 'a/*.bin', shape: [3, 8, 99999999999999999999999999999999]}", "every dimension must be 1..16384"),
        ("{files: 'a/*.bin', shape: [3, 0, 8]}", "every dimension must be 1..16384"),
        ("{files: 'a/*.bin', shape: [3, -8, 8]}", "every dimension must be 1..16384"),
        ("{files: 'a/*.bin', shape: [4, 16384, 16384]}", "more than 67,108,864"),
        ("{files: 'a/*.bin', shape: [3, 8, .inf]}", "must be a whole number, not inf"),
        ("{files: 'a\\\\..\\\\..\\\\etc\\\\*', shape: [3, 8, 8]}", "without '..'"),
        ("{files: '" + "*a" * 600 + "', shape: [3, 8, 8]}", "more than 1,024"),
    ],
    ids=["a side past int64", "a zero side", "a negative side", "a product past the record limit", "infinity", "backslashes", "a 1,200-character glob"],
)
def test_a_raw_declaration_of_impossible_shape_is_refused_naming_the_key(entry: str, said: str) -> None:
    text = f"shardify_layout: 1\nlayout: arrays\nmedia: image\nraw_arrays:\n- {entry}\n"
    with pytest.raises(UsageError, match="^raw.yaml: raw_arrays") as refused:
        layout_file.loads(text, where="raw.yaml")
    assert said in str(refused.value)


# --- layout files themselves ----------------------------------------------------------------------

_LAUGHS = "shardify_layout: 1\nlayout: classes\nmedia: image\n" + "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (_LAUGHS, "aliases (*name) repeat values"),  # refused before its unknown keys since round thirteen
        ("shardify_layout: 1\nlayout: classes\nmedia: image\nstructure: " + "[" * 20_000 + "]" * 20_000 + "\n", "nested too deeply"),
        ("shardify_layout: 1\nlayout: classes\nmedia: image\nstructure: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n", "nested too deeply"),
        ("- shardify_layout: 1\n- layout: classes\n", "not a shardify layout file"),
        ("shardify_layout: 1\nlayout: classes\n", "no `media:` key"),
        ("shardify_layout: 1\nlayout: \udcff\n", "not a YAML file: unacceptable character"),
        ("shardify_layout: 1\nlayout: classes\nmedia: image\nmatch: ['" + "*a" * 50 + "', '../../etc/*']\n", "match[1] '../../etc/*' leaves SRC"),
    ],
    ids=["a billion laughs", "20,000 lists deep", "5,000 mappings deep", "a list", "no media", "not UTF-8", "a glob leaving SRC"],
)
def test_a_hostile_layout_file_is_one_line_naming_it(text: str, said: str) -> None:
    with pytest.raises(UsageError) as refused:
        layout_file.loads(text, where="L.yaml")
    message = str(refused.value)
    assert message.startswith("L.yaml: ") and said in message and "\n" not in message, message


def test_a_layout_file_that_is_a_pipe_too_large_or_too_deep_exits_2_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "cat").mkdir(parents=True)
    (source / "cat/a.txt").write_text("a cat\n")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "large.yaml").write_text("shardify_layout: 1\n# " + "x" * (9 << 20) + "\n")
    (tmp_path / "deep.yaml").write_text("shardify_layout: 1\nlayout: classes\nmedia: text\nstructure: " + "[" * 20_000 + "]" * 20_000 + "\n")
    for name, said in (("pipe.yaml", "not a regular file"), ("large.yaml", "at most 8 MB"), ("deep.yaml", "nested too deeply")):
        result = run_shardify("convert", str(source), str(tmp_path / "out"), "--layout-file", str(tmp_path / name), timeout=60)
        assert result.returncode == 2, (name, result.stderr)
        assert said in one_line_error(result), (name, result.stderr)
        assert not (tmp_path / "out").exists()
    os.mkfifo(tmp_path / "src_pipe")  # SRC itself a pipe
    result = run_shardify("convert", str(tmp_path / "src_pipe"), str(tmp_path / "out"), timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "src_pipe" in "".join(message(result.stderr).split()) and not (tmp_path / "out").exists(), result.stderr


def test_a_glob_of_50_stars_matches_long_names_in_linear_time() -> None:
    """A catalog entry's or a declaration's glob against many long names: a hang fails the test."""
    script = (
        "from shardify.plan import globs\n"
        "pattern = '*a' * 50 + 'b'\n"
        "assert not any(globs.glob_match(pattern, 'x/' + 'a' * 4000) for _ in range(20))\n"
        "assert globs.glob_match('**/' + pattern, 'x/y/' + 'a' * 4000 + 'b')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


# --- one-hot label columns (ISIC 2018's ground truth) ----------------------------------------------

_ISIC = ("MEL", "NV", "BCC")


def _isic(root: Path, hostile: list[tuple[str, str, str]], first: int = 50) -> Path:
    """ISIC2018_Task3_Training_Input/ISIC_<n>.jpg, and outside it the ground truth: `first` good
    one-hot rows (each its image's one class), then `hostile` rows for the images after them."""
    from helpers.sources import image_bytes

    images = root / "ISIC2018_Task3_Training_Input"
    images.mkdir(parents=True)
    rows = ["image," + ",".join(_ISIC)]
    good = [tuple("1.0" if c == i % 3 else "0.0" for c in range(3)) for i in range(first)]
    for i, cells in enumerate(good + hostile):
        (images / f"ISIC_{i:07d}.jpg").write_bytes(image_bytes(seed=i, size=(8, 8)))
        rows.append(f"ISIC_{i:07d}," + ",".join(cells))
    truth = root.parent / f"GroundTruth_{root.name}.csv"
    truth.write_text("\n".join(rows) + "\n")
    return truth


def test_one_hot_rows_that_are_not_one_hot_are_each_one_reject(tmp_path: Path) -> None:
    """Past the rows the columns are judged on: two 1s make a multi-label record (documented); no 1,
    0.5, NaN, -0.0, 1e0, an empty cell or `true` reject their image; a row naming no image or
    contradicting an earlier one is a reject too. Within the rows judged, they stop the run."""
    hostile = [("1.0", "1.0", "0.0"), ("0.0", "0.0", "0.0"), ("0.5", "0.0", "0.0"), ("nan", "0.0", "1.0"),
               ("-0.0", "1.0", "0.0"), ("1e0", "0.0", "0.0"), ("", "0.0", "1.0"), ("true", "0.0", "0.0")]
    truth = _isic(tmp_path / "isic", hostile)
    with open(truth, "a") as f:
        f.write("ISIC_9999999,1.0,0.0,0.0\nISIC_0000001,0.0,0.0,1.0\n")  # no such image; image 1 again, otherwise
    out = tmp_path / "out"
    result = _convert_here(tmp_path / "isic", out, "--labels", str(truth))
    assert result.returncode == 0, result.stderr
    written = {
        record[contract.IMAGE_FILENAME].decode().rpartition("/")[2]: tuple(v.decode() for v in np.atleast_1d(record[contract.LABEL_TEXT]))
        for _, record in _records(out)
    }
    expected = {f"ISIC_{i:07d}.jpg": (_ISIC[i % 3],) for i in range(50) if i != 1}
    assert written == {**expected, "ISIC_0000050.jpg": ("MEL", "NV")}
    rejects = {line["path"].rpartition("/")[2]: line["reason"] for line in read_report(out, naming.REJECTS_FILENAME)}
    reasons = ["no one-hot column is 1", "'0.5', not 0 or 1", "'nan', not 0 or 1", "'-0.0', not 0 or 1", "'1e0', not 0 or 1", "'', not 0 or 1", "'true', not 0 or 1"]
    assert set(rejects) == {f"ISIC_{i:07d}.jpg" for i in range(51, 58)} | {"ISIC_0000001.jpg", "GroundTruth_isic.csv"}, rejects
    for i, said in enumerate(reasons, start=51):
        assert said in rejects[f"ISIC_{i:07d}.jpg"], (i, rejects)
    assert "give it different labels" in rejects["ISIC_0000001.jpg"] and "names no file" in rejects["GroundTruth_isic.csv"]

    judged = _isic(tmp_path / "early", hostile, first=4)  # the hostile rows among the rows judged
    result = run_shardify("convert", str(tmp_path / "early"), str(tmp_path / "out2"), "--labels", str(judged), "-q", timeout=120)
    assert result.returncode == 2 and "--label-column" in one_line_error(result), result.stderr
    assert not list((tmp_path / "out2").glob("*.tfrecord"))


# --- label tag cells ------------------------------------------------------------------------------


def test_label_cells_of_many_words_are_judged_in_bounded_time() -> None:
    script = (
        "from shardify.plan import tag_labels\n"
        "cells = [' '.join(f'w{j}' for j in range(2000 - i)) for i in range(50)]\n"
        "tag_labels.tag_lists(cells)\n"
    )
    subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=4)  # it ran past 60 s


# --- a file changed between planning and writing -------------------------------------------------


def test_arrays_and_pixel_rows_changed_after_planning_are_rejected_never_written_stale(tmp_path: Path) -> None:
    """After planning: an HDF5 file is replaced by one whose values lie in a file outside SRC, a
    .mat by a compressed bomb of the same variables, and a pixel table is cut short."""
    arrays, table = tmp_path / "arrays", tmp_path / "table"
    arrays.mkdir()
    (table / "fer2013").mkdir(parents=True)
    _h5(arrays / "kept_train.h5", _good_h5)
    _h5(arrays / "swapped_test.h5", lambda f: _good_h5(f, 4, seed=1))
    _mat_file(arrays / "swapped_32x32.mat", 3)
    secret = tmp_path / "secret.bin"
    secret.write_bytes(b"SECRET!!" * 32)

    def swap() -> None:
        external = dict(shape=(4, 8, 8), dtype=np.uint8, external=[(str(secret), 0, 256)])
        _h5(arrays / "swapped_test.h5", _xy(external, dict(data=np.arange(4))))
        _mat_file(arrays / "swapped_32x32.mat", 20_000)

    result = stopped_at_plan(arrays, tmp_path / "out_arrays", swap)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    written = {record[contract.IMAGE_FILENAME].decode() for _, record in _records(tmp_path / "out_arrays")}
    expected: dict[str, str | None] = {f"kept_train.h5#x:{i}": None for i in range(6)}
    expected.update({f"swapped_test.h5#x:{i}": "keeps its values in another file" for i in range(4)})
    expected.update({f"swapped_32x32.mat#{i}": "expands" for i in range(3)})
    rejects = _rejects(tmp_path / "out_arrays")
    _one_place_each(expected, written, rejects)

    rows = [f"{i % 7},{_pixels(i)},Training" for i in range(8)]
    csv = table / "fer2013/fer2013.csv"
    csv.write_text("emotion,pixels,Usage\n" + "".join(row + "\n" for row in rows))

    def cut() -> None:
        with open(csv, "r+b") as f:
            f.truncate(len(("emotion,pixels,Usage\n" + "".join(row + "\n" for row in rows[:5])).encode()) + 10)

    result = stopped_at_plan(table, tmp_path / "out_table", cut)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    written = {record[contract.IMAGE_FILENAME].decode() for _, record in _records(tmp_path / "out_table")}
    expected = {f"fer2013/fer2013.csv#{n}": None if n < 7 else "changed" for n in range(2, 10)}
    _one_place_each(expected, written, _rejects(tmp_path / "out_table"))


def test_json_records_changed_after_planning_are_rejected_never_written_with_stale_labels(tmp_path: Path) -> None:
    """A JSON file of records is parsed again by the writer and its rows fetched by position: after
    planning, one file's rows are reversed (each position now holds a row of the other label) and
    another's cut short."""
    source = tmp_path / "src"
    source.mkdir()
    rows = [{"text": f"review {i} was {'good' if i % 2 else 'bad'}", "label": "pos" if i % 2 else "neg"} for i in range(6)]
    (source / "train.json").write_text(json.dumps({"data": rows}))
    (source / "test.json").write_text(json.dumps({"data": rows[:4]}))

    def change() -> None:
        (source / "train.json").write_text(json.dumps({"data": rows[::-1]}))
        (source / "test.json").write_text(json.dumps({"data": rows[:2]}))

    result = stopped_at_plan(source, tmp_path / "out", change)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    written = {}
    for split, record in _records(tmp_path / "out"):
        text = record[contract.TEXT].decode()
        written[f"{split}.json#{int(text.split()[1]) + 1}"] = record[contract.TEXT_LABEL_TEXT].decode()
        assert written[f"{split}.json#{int(text.split()[1]) + 1}"] == ("pos" if "good" in text else "neg"), text
    expected: dict[str, str | None] = {f"train.json#{i}": "the row's label differs" for i in range(1, 7)}
    expected.update({"test.json#1": None, "test.json#2": None, "test.json#3": "row not found", "test.json#4": "row not found"})
    _one_place_each(expected, set(written), _rejects(tmp_path / "out"))
