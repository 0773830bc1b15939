"""Hostile input, sixth round: the hostile twins of the inputs the last rounds added and no hostile
test held yet: segmentation masks (`converters/masks.py`), keyed label tables (`plan/table_groups.py`,
`label_joins.py`, `discover/label_join.py`), our own earlier output inside SRC (tampered), files of
tokens tagged CoNLL's way, layout files of hostile values, `--labels` naming no regular file, and
inputs that change while the run reads them.

Each test builds real files and runs the real conversion (the command, with a timeout, where a
pipe could hang it); it counts the inputs from what it built (never from the manifest) and holds
each one to exactly one record or one reject with its reason, or the run to a one-line stop
(exit 2) before writing: never a traceback, never a hang, never a wrong record with exit 0.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.mid_run import stopped_at_plan
from helpers.one_place import Reject, one_place_each, records, rejects
from helpers.sources import convert, encoded, image_bytes, write_file
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file


def _command(source: Path, out: Path, *args: str) -> Path:
    """`shardify convert` as typed, in this process: exit 0, no traceback. (Its callers' hostile
    files are links and pipes, not permissions, so it needs no process without root's powers; a
    pipe that hung it would fail the test at pytest-timeout's limit.)"""
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return out


def _stopped(source: Path, out: Path, *args: str) -> str:
    """The one `error:` line of a run that stops (exit 2) before writing a shard."""
    result = run_shardify("convert", str(source), str(out), "-q", *args, timeout=120)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert not list(out.glob("*.tfrecord")) if out.exists() else True
    return one_line_error(result)


# --- segmentation masks -----------------------------------------------------------------------------

_SIZE = (24, 16)


def _mask(seed: int, size: tuple[int, int] = _SIZE) -> bytes:
    classes = np.random.default_rng(seed).integers(0, 4, (size[1], size[0]), dtype=np.uint8)
    return encoded(Image.fromarray(classes, "L"), "PNG")


def _masked(root: Path, count: int = 6) -> dict[str, object]:
    """`images/car<i>.png` beside `masks/car<i>.png`, Carvana's shape: {image: ('train', ())}."""
    expected: dict[str, object] = {}
    for i in range(count):
        write_file(root / f"images/car{i}.jpg", image_bytes(size=_SIZE, seed=i))
        write_file(root / f"masks/car{i}.png", _mask(100 + i))
        expected[f"images/car{i}.jpg"] = ("train", ())
    return expected


def test_masks_of_another_size_or_cut_short_reject_their_image(tmp_path: Path) -> None:
    """A mask 1 pixel narrower than its image; a PNG mask cut after its header (its size still read
    right: it was stored as found, a mask no reader can decode, exit 0): each rejects its image,
    naming the mask."""
    root = tmp_path / "cars"
    expected = _masked(root, 8)
    write_file(root / "masks/car0.png", _mask(100, size=(_SIZE[0] - 1, _SIZE[1])))
    whole = _mask(101)
    write_file(root / "masks/car1.png", whole[: len(whole) // 2])
    out = convert(root, tmp_path / "out")
    expected.update({"images/car0.jpg": Reject("masks/car0.png is 23x16"), "images/car1.jpg": Reject("masks/car1.png cannot be read")})
    one_place_each(expected, out)


def test_a_mask_that_leads_outside_src_rejects_its_image_naming_it(tmp_path: Path) -> None:
    root = tmp_path / "cars"
    expected = _masked(root, 8)
    write_file(tmp_path / "elsewhere.png", _mask(102))
    (root / "masks/car2.png").unlink()
    (root / "masks/car2.png").symlink_to(tmp_path / "elsewhere.png")
    out = _command(root, tmp_path / "out")
    expected["images/car2.jpg"] = Reject("masks/car2.png")
    one_place_each(expected, out, ignored={"masks/car2.png"})


def test_palette_masks_of_256_indices_and_16_bit_tiff_masks_keep_every_class(tmp_path: Path) -> None:
    """A palette PNG using all 256 indices is stored as its indices (not its colours); a 16-bit
    TIFF mask of classes past 255 keeps them (never cut to 8 bits)."""
    root = tmp_path / "scenes"
    _masked(root, 4)
    indices = (np.arange(_SIZE[0] * _SIZE[1]) % 256).astype(np.uint8).reshape(_SIZE[1], _SIZE[0])
    palette = Image.fromarray(indices, "P")
    palette.putpalette([v for i in range(256) for v in (255 - i, i, (i * 7) % 256)])
    write_file(root / "masks/car0.png", encoded(palette, "PNG"))
    (root / "masks/car1.png").unlink()
    deep = (np.arange(_SIZE[0] * _SIZE[1]) * 97 % 60_000).astype(np.uint16).reshape(_SIZE[1], _SIZE[0])
    write_file(root / "masks/car1.tif", encoded(Image.fromarray(deep), "TIFF"))
    out = convert(root, tmp_path / "out")
    stored = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            from helpers.shard_io import read_shard

            for record in read_shard(out / shard.path):
                stored[record[contract.IMAGE_FILENAME].decode()] = np.asarray(Image.open(io.BytesIO(record[contract.SEGMENTATION])))
    np.testing.assert_array_equal(stored["images/car0.jpg"], indices)
    np.testing.assert_array_equal(stored["images/car1.jpg"].astype(np.int64), deep.astype(np.int64))


def test_a_mask_folder_that_is_a_pipe_is_named_never_read(tmp_path: Path) -> None:
    """`masks` a named pipe beside `images/`: no hang; the pipe is its reject (or the run stops
    naming it), and no image is written with a mask."""
    root = tmp_path / "cars"
    for i in range(4):
        write_file(root / f"images/car{i}.jpg", image_bytes(size=_SIZE, seed=i))
    os.mkfifo(root / "masks")
    out = _command(root, tmp_path / "out", "--label-level", "0")
    one_place_each({**{f"images/car{i}.jpg": ("train", ()) for i in range(4)}, "masks": Reject("named pipe")}, out)


# --- keyed label tables -----------------------------------------------------------------------------


def _keyed(root: Path, rows: list[str], count: int = 12, *, header: str = "id,label", end: str = "\n", bom: bool = False) -> dict[str, object]:
    """`images/<id>.jpg` for ids 0..count-1 and `labels.csv` of good rows (`<id>,cat|dog`) then
    `rows`: {image: ('train', (label,))} of the good rows."""
    good = [f"{i:04d},{'cat' if i % 2 else 'dog'}" for i in range(count)]
    for i in range(count):
        write_file(root / f"images/{i:04d}.jpg", image_bytes(seed=i))
    text = end.join([header, *good, *rows]) + end
    write_file(root / "labels.csv", (b"\xef\xbb\xbf" if bom else b"") + text.encode())
    return {f"images/{i:04d}.jpg": ("train", ("cat" if i % 2 else "dog",)) for i in range(count)}


def test_a_key_given_two_labels_is_its_images_reject(tmp_path: Path) -> None:
    root = tmp_path / "pets"
    expected = _keyed(root, ["0003,dog"], end="\r\n", bom=True)
    out = convert(root, tmp_path / "out")
    del expected["images/0003.jpg"]
    expected["images/0003.jpg#5"] = Reject("different labels")  # the image, naming the table's first row of its key
    one_place_each(expected, out, ignored={k for k in rejects(out) if k.startswith("labels.csv")})


def test_keys_of_nul_separators_dots_and_quoted_newlines_name_no_file_and_say_so(tmp_path: Path) -> None:
    """Rows keyed `../0001`, `images/../0002`, `00\\x0004`, `"00\\n05"`, `/etc/passwd`: none labels
    an image it does not name (the images keep their own rows' labels), none leads a read
    outside SRC, and each is its row's reject."""
    root = tmp_path / "pets"
    hostile = ["../0001,dog", "images/../0002,cat", "00\x0004,cat", '"00\n05",dog', "/etc/passwd,cat", "..,cat"]
    expected = _keyed(root, hostile)
    out = convert(root, tmp_path / "out")
    written = one_place_each(expected, out, ignored={k for k in rejects(out) if k.startswith("labels.csv")})
    assert len(written) == 12
    assert {k for k in rejects(out) if k.startswith("labels.csv")}, rejects(out)


def test_class_numbers_that_are_no_class_number_reject_their_row(tmp_path: Path) -> None:
    """A table of class numbers (`0,1,2`) with cells NaN, inf, -1, a 26-digit number, 1e400 and
    2.5: each such image is a reject naming its cell, never a class of its own named `nan`."""
    root = tmp_path / "digits"
    bad = ["nan", "inf", "-1", "99999999999999999999999999", "1e400", "2.5"]
    for i in range(12 + len(bad)):
        write_file(root / f"images/{i:04d}.png", image_bytes(fmt="PNG", seed=i))
    rows = ["id,label", *(f"{i:04d},{i % 3}" for i in range(12)), *(f"{12 + n:04d},{cell}" for n, cell in enumerate(bad))]
    write_file(root / "labels.csv", "\n".join(rows) + "\n")
    out = convert(root, tmp_path / "out")
    written, rejected = records(out), rejects(out)
    assert {labels for _, labels, _ in written.values()} == {("0",), ("1",), ("2",)}, written
    for n, cell in enumerate(bad):
        reasons = (rejected.get(key, "") for key in (f"images/{12 + n:04d}.png", f"images/{12 + n:04d}.png#{14 + n}", f"labels.csv#{14 + n}"))
        assert any(cell in reason for reason in reasons), (cell, rejected)


def test_a_label_table_of_100000_columns_is_read_in_bounded_time(tmp_path: Path) -> None:
    root = tmp_path / "pets"
    header = "id,label," + ",".join(f"c{i}" for i in range(100_000))
    good = [f"{i:04d},{'cat' if i % 2 else 'dog'}," + ",".join(["0"] * 100_000) for i in range(4)]
    for i in range(4):
        write_file(root / f"images/{i:04d}.jpg", image_bytes(seed=i))
    write_file(root / "labels.csv", "\n".join([header, *good]) + "\n")
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q", "--labels", str(root / "labels.csv"), timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 0:
        one_place_each({f"images/{i:04d}.jpg": ("train", ("cat" if i % 2 else "dog",)) for i in range(4)}, tmp_path / "out")
    else:
        assert result.returncode == 2 and "labels.csv" in one_line_error(result), result.stderr


def test_a_row_split_by_another_delimiter_is_its_reject(tmp_path: Path) -> None:
    """`0012;cat` in a comma table: never a key `0012;cat` quietly unmatched (its image unlabelled)."""
    root = tmp_path / "pets"
    expected = _keyed(root, ["0012;cat"], count=12)
    write_file(root / "images/0012.jpg", image_bytes(seed=12))
    out = convert(root, tmp_path / "out")
    expected["images/0012.jpg"] = Reject("")
    one_place_each(expected, out, ignored={k for k in rejects(out) if k.startswith("labels.csv")})


def test_a_concept_list_leading_outside_src_stops_naming_it(tmp_path: Path) -> None:
    """MIRFLICKR's `annotations/dog.txt` a link to a list outside SRC beside two readable lists:
    the run stops naming it (every image was written without the concept, exit 0)."""
    root = tmp_path / "mir"
    for i in range(1, 13):
        write_file(root / f"mirflickr/im{i}.png", image_bytes(fmt="PNG", seed=i))
    write_file(root / "annotations/clouds.txt", "1\n3\n5\n7\n")
    write_file(root / "annotations/sea.txt", "2\n3\n4\n")
    write_file(tmp_path / "dog.txt", "6\n8\n")
    (root / "annotations/dog.txt").symlink_to(tmp_path / "dog.txt")
    said = _stopped(root, tmp_path / "out")
    assert "annotations/dog.txt" in said and "leads outside" in said, said


# --- our own earlier output inside SRC, tampered ----------------------------------------------------


def _converted_inside(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(4):
            write_file(root / f"{label}/{i}.jpg", image_bytes(seed=i + (10 if label == "dog" else 0)))
    out = convert(root, root / "converted")
    return root, out


def test_a_tampered_manifest_inside_src_naming_shards_outside_is_never_followed(tmp_path: Path) -> None:
    """Our manifest inside SRC rewritten to name `/etc/passwd` and `../../secret.tfrecord` as
    shards, and one shard cut in half: converting SRC again never reads outside SRC, never writes
    the cut shard's bytes as a record, and ends with each image in one place (or stops naming
    the output folder)."""
    root, out = _converted_inside(tmp_path)
    manifest = json.loads((out / naming.MANIFEST_FILENAME).read_text())
    shards = manifest["splits"]["train"]["shards"]
    shard = out / shards[0]["path"]
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    shards.append(dict(shards[0], path="/etc/passwd"))
    shards.append(dict(shards[0], path="../../secret.tfrecord"))
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(manifest))
    write_file(tmp_path / "secret.tfrecord", b"SECRET" * 100)
    result = run_shardify("convert", str(root), str(tmp_path / "again"), "--max-rejects", "100%", "-q", timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 2:
        assert "converted" in one_line_error(result)
        return
    assert result.returncode == 0, result.stderr
    written, rejected = records(tmp_path / "again"), rejects(tmp_path / "again")
    assert {k for k in written} == {f"{label}/{i}.jpg" for label in ("cat", "dog") for i in range(4)}, (written, rejected)
    assert not any("secret" in k or "passwd" in k for k in rejected), rejected


# --- files of tokens tagged CoNLL's way -------------------------------------------------------------

_CONLL = ["-DOCSTART- -X- -X- O", "", "EU NNP B-NP B-ORG", "rejects VBZ B-VP O", "German JJ B-NP B-MISC", "call NN I-NP O",
          "to TO B-VP O", "boycott VB I-VP O", "British JJ B-NP B-MISC", "lamb NN I-NP O", ". . O O", ""]


@pytest.mark.parametrize("shape", ["bom and crlf", "a few garbled lines", "a pipe beside"])
def test_token_tagged_files_in_hostile_shapes_still_stop_naming_them(tmp_path: Path, shape: str) -> None:
    """CoNLL-2003's `train.txt`/`valid.txt`/`test.txt` with a byte-order mark and CRLF, with a
    binary line and a line of 100,000 characters among the tokens, or beside a `test.txt` that is
    a pipe: still one line naming them (exit 2), never each token a record labelled by its tag."""
    root = tmp_path / "conll2003"
    lines = _CONLL * 4
    for split in ("train", "valid", "test"):
        if shape == "bom and crlf":
            write_file(root / f"{split}.txt", b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n")
        elif shape == "a few garbled lines":
            write_file(root / f"{split}.txt", "\n".join(lines[:8] + ["\x00\x01\x02 O", "y" * 100_000, *lines[8:]]) + "\n")
        else:
            write_file(root / f"{split}.txt", "\n".join(lines) + "\n")
    if shape == "a pipe beside":
        (root / "test.txt").unlink()
        os.mkfifo(root / "test.txt")
    said = _stopped(root, tmp_path / "out")
    assert "train.txt" in said and "CoNLL" in said, said


# --- layout files of hostile values ------------------------------------------------------------------

_HEAD = "shardify_layout: 1\nlayout: image_folders\nmedia: image\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (_HEAD + "split_patterns:\n  '/etc/**': train\n", "split_patterns"),
        (_HEAD + "split_patterns:\n  'a/../../**': train\n", "split_patterns"),
        (_HEAD + "structure:\n  root: ../\n  split_level: -1\n  label_levels: {'*': 1}\n", "structure.root"),
        (_HEAD + "structure:\n  root: /etc/\n  split_level: -1\n  label_levels: {'*': 1}\n", "structure.root"),
        (_HEAD + "structure:\n  split_level: 99999999999999999999999\n  label_levels: {'*': 1}\n", "split_level"),
        (_HEAD + "structure:\n  split_level: -1\n  label_levels: {'*': 99999999999999999999999}\n", "label_levels"),
        (_HEAD + "structure:\n  split_level: -1\n  label_levels: {'*': .nan}\n", "label_levels"),
        (_HEAD + "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 9)) + "split_folders: *a8\n", "aliases"),
    ],
    ids=["absolute glob", "glob up and out", "root up", "root absolute", "split level past int64", "label level past int64",
         "label level nan", "anchors bomb in a known key"],
)
def test_a_layout_file_of_hostile_values_is_refused_in_one_line(text: str, said: str) -> None:
    def load() -> None:
        layout_file.loads(text, where="L.yaml")

    with pytest.raises(UsageError) as refused:
        load()
    message = str(refused.value)
    assert message.startswith("L.yaml: ") and said in message and "\n" not in message, message


def test_a_name_pattern_that_backtracks_catastrophically_ends_in_bounded_time(tmp_path: Path) -> None:
    """`structure.name_pattern.regex: '((?:a+)+)b'` against stems of 40 `a`s: a run of exponential
    time (hours) unless refused, or bounded."""
    root = tmp_path / "src"
    for i in range(4):
        write_file(root / f"{'a' * 40}{i}.jpg", image_bytes(seed=i))
    layout = write_file(tmp_path / "L.yaml", _HEAD + "structure:\n  split_level: -1\n  label_levels: {'*': -1}\n"
                                                 "  name_pattern:\n    regex: '((?:a+)+)b'\n    labels: [a]\n")
    try:
        result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q", "--layout-file", str(layout), timeout=40)
    except subprocess.TimeoutExpired:
        pytest.fail("a backtracking name pattern hung the run")
    assert result.returncode in (0, 2) and "Traceback" not in result.stderr, result.stderr


# --- --labels naming no regular file ------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["pipe", "directory", "/dev/zero"])
def test_labels_naming_a_pipe_a_directory_or_dev_zero_stops_in_one_line(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "pets"
    _keyed(root, [])
    target = {"pipe": tmp_path / "labels_pipe", "directory": tmp_path / "labels_dir", "/dev/zero": Path("/dev/zero")}[kind]
    if kind == "pipe":
        os.mkfifo(target)
    elif kind == "directory":
        target.mkdir()
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q", "--labels", str(target), timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    # (the console's box wraps a long path anywhere: compared without whitespace)
    assert "".join(f"{target} is not a regular file".split()) in "".join(message(result.stderr).split()), result.stderr
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


# --- inputs that change while the run reads them ------------------------------------------------------


def test_an_image_that_grows_or_goes_after_planning_is_rejected_never_written_stale(tmp_path: Path) -> None:
    """After planning, one image has 1 MB appended (it grows while the run reads), one is removed,
    one replaced by another's bytes of another size: each is its reject saying it changed or is
    gone, the rest records."""
    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(4):
            write_file(root / f"{label}/{i}.jpg", image_bytes(seed=i + (10 if label == "dog" else 0)))

    def change() -> None:
        with open(root / "cat/0.jpg", "ab") as f:
            f.write(b"\0" * (1 << 20))
        (root / "cat/1.jpg").unlink()
        (root / "dog/0.jpg").write_bytes(image_bytes(seed=99, size=(40, 30)))

    result = stopped_at_plan(root, tmp_path / "out", change)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    expected: dict[str, object] = {f"{label}/{i}.jpg": ("train", (label,)) for label in ("cat", "dog") for i in range(4)}
    expected.update({"cat/0.jpg": Reject("changed"), "cat/1.jpg": Reject(""), "dog/0.jpg": Reject("changed")})
    one_place_each(expected, tmp_path / "out")


def test_a_label_table_that_changes_after_planning_never_labels_with_its_new_rows(tmp_path: Path) -> None:
    """`labels.csv` rewritten after planning with every label swapped: the records keep the planned
    labels or are rejected, never a mix of both tables."""
    root = tmp_path / "pets"
    expected = _keyed(root, [])

    def change() -> None:
        rows = ["id,label", *(f"{i:04d},{'dog' if i % 2 else 'cat'}" for i in range(12))]
        (root / "labels.csv").write_text("\n".join(rows) + "\n")

    result = stopped_at_plan(root, tmp_path / "out", change, "--labels", str(root / "labels.csv"))
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    one_place_each(expected, tmp_path / "out")
