"""The bad-input corpus: every awkward input ends up kept, repaired (and how), rejected (with the
reason) or skipped, in class folders and through a label file; whatever is written, TensorFlow
decodes to the shape its record gives."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf
from PIL import Image, features

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert, image_bytes
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

KEPT, REPAIRED, REJECTED, SKIPPED = "kept", "repaired", "rejected", "skipped"


def _animated(fmt: str) -> bytes:
    frames = [Image.new("RGB", (20, 12), (60 * i, 100, 200 - 60 * i)) for i in range(3)]
    buffer = io.BytesIO()
    frames[0].save(buffer, fmt, save_all=True, append_images=frames[1:], duration=50, loop=0)
    return buffer.getvalue()


def _rotated_jpeg(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[0x0112] = orientation
    return image_bytes(size=(24, 16), seed=5, exif=exif.tobytes())


def _png_bomb(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims width x height pixels."""
    data = bytearray(image_bytes(fmt="PNG", size=(1, 1)))
    ihdr = 8 + 8  # signature, then the IHDR chunk's length and type
    struct.pack_into(">II", data, ihdr, width, height)
    struct.pack_into(">I", data, ihdr + 13, zlib.crc32(bytes(data[ihdr - 4 : ihdr + 13])))
    return bytes(data)


def _damaged_png() -> bytes:
    """Sound header and structure, one flipped byte inside the compressed pixels."""
    data = bytearray(image_bytes(fmt="PNG", size=(64, 48)))
    data[data.index(b"IDAT") + 44] ^= 0xFF
    return bytes(data)


def _damaged_jpeg() -> bytes:
    """Sound header and end marker, a Huffman table whose code counts are impossible."""
    data = bytearray(image_bytes(size=(64, 48)))
    table = data.index(b"\xff\xc4")
    data[table + 5 : table + 21] = b"\xff" * 16
    return bytes(data)


def _pages_cmyk() -> bytes:
    """A two-page CMYK TIFF (formats TensorFlow cannot decode are stored as a PNG of page one)."""
    pages = [Image.frombytes("CMYK", (20, 12), bytes((i + j) % 256 for j in range(960))) for i in range(2)]
    buffer = io.BytesIO()
    pages[0].save(buffer, "TIFF", save_all=True, append_images=pages[1:])
    return buffer.getvalue()


def _float_tiff() -> bytes:
    """Float samples a PNG cannot hold (halves): rejected, never rounded."""
    buffer = io.BytesIO()
    Image.fromarray(np.full((12, 20), 0.5, np.float32)).save(buffer, "TIFF")
    return buffer.getvalue()


# Pillow reads AVIF when built with libavif (its 11.3+ wheels are).
_AVIF = (
    {"photo.avif": (image_bytes(fmt="AVIF", seed=15), REPAIRED, "AVIF (RGB): stored as 8-bit RGB PNG")}
    if features.check("avif")
    else {}
)

# name -> (bytes, outcome, what the reason or repair says)
CORPUS: dict[str, tuple[bytes, str, str]] = {
    "ok.jpg": (image_bytes(seed=1), KEPT, ""),
    "cmyk.jpg": (image_bytes("CMYK", seed=2), KEPT, ""),
    "gray16.png": (image_bytes("I;16", "PNG", seed=3), KEPT, ""),
    "palette.png": (image_bytes("P", "PNG", seed=4), KEPT, ""),
    "alpha.png": (image_bytes("RGBA", "PNG", seed=5), KEPT, ""),
    "gray_alpha.png": (image_bytes("LA", "PNG", seed=6), KEPT, ""),
    "still.gif": (image_bytes("P", "GIF", seed=7), KEPT, ""),
    "rotated.jpg": (_rotated_jpeg(6), KEPT, ""),
    "really_a_png.jpg": (image_bytes(fmt="PNG", seed=8), REPAIRED, "PNG named .jpg"),
    "animated.gif": (_animated("GIF"), REPAIRED, "animated GIF (3 frames): first frame stored as PNG"),
    "animated.webp": (_animated("WEBP"), REPAIRED, "animated WEBP (3 frames): first frame stored as PNG"),
    "palette.bmp": (image_bytes("P", "BMP", seed=9), REPAIRED, "8-bit P BMP"),
    "one_bit.bmp": (image_bytes("1", "BMP", seed=10), REPAIRED, "1-bit 1 BMP"),
    "truncated.jpg": (image_bytes(size=(64, 48))[:1000], REJECTED, "truncated JPEG"),
    "damaged.png": (_damaged_png(), REJECTED, "undecodable png"),
    "damaged.jpg": (_damaged_jpeg(), REJECTED, "undecodable jpeg"),
    "empty.jpg": (b"", REJECTED, "empty file"),
    "notes.jpg": (b"a text file with an image's name", REJECTED, "unknown signature"),
    "bomb.png": (_png_bomb(30_000, 30_000), REJECTED, "exceeds"),
    "gray16.tif": (image_bytes("I;16", "TIFF", seed=16), REPAIRED, "TIFF (16-bit grayscale): stored as 16-bit grayscale PNG"),
    "pages_cmyk.tif": (_pages_cmyk(), REPAIRED, "TIFF (8-bit CMYK, first of 2 pages): stored as 8-bit RGB PNG"),
    "mask.pbm": (image_bytes("1", "PPM", seed=17), REPAIRED, "PBM (1-bit black and white): stored as 8-bit grayscale PNG"),
    "gray16.pgm": (image_bytes("I;16", "PPM", seed=18), REPAIRED, "PGM (16-bit grayscale): stored as 16-bit grayscale PNG"),
    **_AVIF,
    "really_a_jpeg.tif": (image_bytes(seed=19), REPAIRED, "JPEG named .tif: stored as JPEG"),
    "floats.tif": (_float_tiff(), REJECTED, "not all whole numbers: a PNG holds whole numbers 0-65535"),
    "truncated.tif": (image_bytes(fmt="TIFF", size=(64, 48))[:2000], REJECTED, "undecodable tiff"),
    ".hidden.jpg": (image_bytes(seed=11), SKIPPED, ""),
    ".DS_Store": (b"\x00\x00\x00\x01Bud1", SKIPPED, ""),
    "Thumbs.db": (b"\xd0\xcf\x11\xe0", SKIPPED, ""),
    "._ok.jpg": (b"\x00\x05\x16\x07AppleDouble", SKIPPED, ""),
}
# Symlinks: name -> (target relative to the link's folder, reason).
LINKS = {
    "dangling.jpg": ("missing.jpg", "dangling symlink (or a symlink loop)"),
    "loop.jpg": ("loop.jpg", "dangling symlink (or a symlink loop)"),
    "outside.jpg": ("../../outside.jpg", "symlink leads outside the source folder"),
}


def _write_corpus(root: Path, folder: str) -> None:
    (root / folder).mkdir(parents=True)
    for name, (data, _, _) in CORPUS.items():
        (root / folder / name).write_bytes(data)
    for name, (target, _) in LINKS.items():
        (root / folder / name).symlink_to(target)
    (root.parent / "outside.jpg").write_bytes(image_bytes(seed=12))


def _reports(output: Path) -> tuple[dict[str, dict], dict[str, str], dict[str, dict]]:
    """(records by file name, reject reasons by path, repairs by path)."""
    manifest = load_manifest(str(output))
    records = {}
    for split in manifest.splits.values():
        for shard in split.shards:
            for record in read_shard(output / shard.path):
                records[record[contract.IMAGE_FILENAME].decode()] = record
    rejects = {r["path"]: r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    repairs = {r["path"]: r for r in read_report(output, naming.REPAIRS_FILENAME)}
    return records, rejects, repairs


def _check_outcomes(output: Path, prefix: str, extra_rejects: dict[str, str], extra_written: int = 0) -> dict[str, dict]:
    records, rejects, repairs = _reports(output)
    for name, (data, outcome, says) in CORPUS.items():
        path = prefix + name
        if outcome == KEPT:
            assert path in records and path not in repairs, (path, rejects.get(path))
            assert records[path][contract.IMAGE_ENCODED] == data, path
        elif outcome == REPAIRED:
            assert path in records, (path, rejects.get(path))
            assert says in repairs[path]["repair"], (path, repairs[path])
            assert repairs[path]["reencoded"] == (records[path][contract.IMAGE_ENCODED] != data)
        elif outcome == REJECTED:
            assert path not in records, path
            assert says in rejects[path], (path, rejects.get(path))
        else:
            assert path not in records and path not in rejects and path not in repairs, path
    for name, (_, reason) in LINKS.items():
        assert reason in rejects[prefix + name], name
    for path, reason in extra_rejects.items():
        assert reason in rejects[path], (path, rejects.get(path))
    counts = {outcome: sum(1 for _, o, _ in CORPUS.values() if o == outcome) for outcome in (KEPT, REPAIRED, REJECTED, SKIPPED)}
    inputs = load_manifest(str(output)).data["inputs"]
    assert inputs == {
        "seen": len(CORPUS) + len(LINKS) + len(extra_rejects) + extra_written,
        "written": counts[KEPT] + counts[REPAIRED] + extra_written,
        "rejected": counts[REJECTED] + len(LINKS) + len(extra_rejects),
        "skipped": counts[SKIPPED],
    }
    assert set(rejects) == {p for p in rejects if p.startswith(prefix) or p in extra_rejects}
    assert len(rejects) == inputs["rejected"] and len(repairs) == counts[REPAIRED]
    return records


def _assert_tensorflow_decodes_the_recorded_shape(records: dict[str, dict]) -> None:
    for path, record in records.items():
        decoded = tf.io.decode_image(record[contract.IMAGE_ENCODED], channels=0, expand_animations=False)
        recorded = [record[k] for k in (contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_CHANNELS)]
        assert list(decoded.shape) == recorded, path


@pytest.fixture(scope="module")
def corpus_in_class_folders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("classes") / "src"
    _write_corpus(root, "bad")
    (root / "good").mkdir()
    (root / "good" / "fine.png").write_bytes(image_bytes(fmt="PNG", seed=13))
    return convert(root, root.parent / "out", shards=2)


def test_every_input_of_the_corpus_is_kept_repaired_rejected_or_skipped(corpus_in_class_folders: Path) -> None:
    records = _check_outcomes(corpus_in_class_folders, "bad/", {}, extra_written=1)
    assert "good/fine.png" in records


def test_tensorflow_decodes_everything_written_to_the_recorded_shape(corpus_in_class_folders: Path) -> None:
    records, _, _ = _reports(corpus_in_class_folders)
    _assert_tensorflow_decodes_the_recorded_shape(records)
    assert records["bad/really_a_png.jpg"][contract.IMAGE_FORMAT] == b"png"
    assert records["bad/animated.gif"][contract.IMAGE_FORMAT] == b"png"
    assert records["bad/rotated.jpg"][contract.IMAGE_ORIENTATION] == 6
    assert records["bad/ok.jpg"][contract.IMAGE_ORIENTATION] == 1
    manifest = load_manifest(str(corpus_in_class_folders))
    assert records["bad/gray16.tif"][contract.IMAGE_FORMAT] == b"png"
    assert records["bad/really_a_jpeg.tif"][contract.IMAGE_FORMAT] == b"jpeg"
    # 4 TIFF/PBM/PGM files and the AVIF are re-encoded; the JPEG named .tif is not.
    new_formats = 4 + len(_AVIF)
    assert manifest.data["repaired"] == {"count": 6 + new_formats, "reencoded": 4 + new_formats, "path": naming.REPAIRS_FILENAME}


def test_corpus_through_a_label_file(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _write_corpus(root, "images")
    named = [n for n, (_, outcome, _) in CORPUS.items() if outcome != SKIPPED] + list(LINKS)
    rows = [f"images/{name},{'odd' if i % 2 else 'even'}" for i, name in enumerate(named)]
    rows.append("images/not_there.jpg,even")
    (root / "labels.csv").write_text("path,label\n" + "\n".join(rows) + "\n")
    output = convert(root, tmp_path / "out", shards=2, labels_file=str(root / "labels.csv"))
    records = _check_outcomes(output, "images/", {"labels.csv": "names no file: 'images/not_there.jpg'"})
    _assert_tensorflow_decodes_the_recorded_shape(records)


def test_header_validation_lets_damaged_pixels_through(make_tree, tmp_path: Path) -> None:
    """Why full is the default: header checks pass these, and TensorFlow cannot decode them."""
    damaged = {"a/damaged.png": _damaged_png(), "a/damaged.jpg": _damaged_jpeg()}
    output = convert(make_tree({**damaged, "a/ok.jpg": image_bytes()}), tmp_path / "out", validate="header")
    records, rejects, _ = _reports(output)
    assert set(records) == {"a/ok.jpg", *damaged} and not rejects
    for path in damaged:
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.io.decode_image(records[path][contract.IMAGE_ENCODED], channels=0, expand_animations=False)


def test_apply_exif_orientation_stores_the_photo_upright(make_tree, tmp_path: Path) -> None:
    source = make_tree({"a/rotated.jpg": _rotated_jpeg(6), "a/plain.jpg": image_bytes(size=(24, 16))})
    output = convert(source, tmp_path / "out", apply_exif_orientation=True)
    records, _, repairs = _reports(output)
    rotated = records["a/rotated.jpg"]
    # 6 = rotate 90 degrees clockwise to view: a 24x16 (w x h) photo becomes 16 wide, 24 high.
    assert (rotated[contract.IMAGE_WIDTH], rotated[contract.IMAGE_HEIGHT]) == (16, 24)
    assert rotated[contract.IMAGE_ORIENTATION] == 1
    assert repairs == {
        "a/rotated.jpg": {"path": "a/rotated.jpg", "repair": "EXIF orientation 6 applied: re-encoded as JPEG", "reencoded": True}
    }
    _assert_tensorflow_decodes_the_recorded_shape(records)
