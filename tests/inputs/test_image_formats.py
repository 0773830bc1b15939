"""Image formats TensorFlow cannot decode (TIFF, PBM/PGM/PPM, HEIF/HEIC, AVIF), each made here by a
real encoder from synthetic pixels and converted in class folders. Every file made is written as a
PNG of its first page, the repair line naming the original format (TensorFlow decodes it to the
recorded shape and, where the source is lossless, to the source's values), or rejected with a
reason; counts are taken from the files made, not from the manifest."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf
from PIL import Image, features
from test_bad_inputs import _assert_tensorflow_decodes_the_recorded_shape

from helpers.shard_io import read_report, read_shard
from helpers.sources import REPO, convert, encoded, image_bytes
from shardify.converters import images, png_reencode
from shardify.errors import InvalidInputError
from shardify.format import contract, image_formats, naming
from shardify.format.manifest import load_manifest

SIZE = (24, 16)  # (width, height) of most test images


def _noise(
    channels: int, dtype: type = np.uint8, high: int = 255, seed: int = 0, size: tuple[int, int] = SIZE
) -> np.ndarray:
    shape = (size[1], size[0]) + ((channels,) if channels > 1 else ())
    return np.random.default_rng(seed).integers(0, high, shape, dtype=dtype, endpoint=True)


def _tiff(pixels: np.ndarray, photometric: int, sample_format: int = 1) -> bytes:
    """A baseline little-endian TIFF of one uncompressed strip, written by hand: Pillow cannot
    write 16-bit RGB. Tags: ImageWidth, ImageLength, BitsPerSample, Compression (1 = none),
    PhotometricInterpretation, StripOffsets, SamplesPerPixel, RowsPerStrip, StripByteCounts,
    SampleFormat."""
    height, width = pixels.shape[:2]
    samples = 1 if pixels.ndim == 2 else pixels.shape[2]
    data = pixels.astype(pixels.dtype.newbyteorder("<")).tobytes()
    tags = [
        (256, [width]), (257, [height]), (258, [pixels.dtype.itemsize * 8] * samples), (259, [1]),
        (262, [photometric]), (273, [0]), (277, [samples]), (278, [height]), (279, [len(data)]),
        (339, [sample_format] * samples),
    ]
    ifd_bytes = 2 + 12 * len(tags) + 4
    entries, extra = b"", b""
    for tag, values in tags:
        packed = b"".join(struct.pack("<I", v) for v in values)  # LONG (type 4) values
        if len(values) == 1:
            entries += struct.pack("<HHI", tag, 4, 1) + packed
        else:
            entries += struct.pack("<HHII", tag, 4, len(values), 8 + ifd_bytes + len(extra))
            extra += packed
    pixels_at = 8 + ifd_bytes + len(extra)
    entries = entries.replace(struct.pack("<HHII", 273, 4, 1, 0), struct.pack("<HHII", 273, 4, 1, pixels_at))
    return b"II*\x00" + struct.pack("<IH", 8, len(tags)) + entries + b"\x00" * 4 + extra + data


def _pages() -> bytes:
    pages = [Image.fromarray(_noise(3, seed=20 + i, size=(24 + 8 * i, 16))) for i in range(3)]
    buffer = io.BytesIO()
    pages[0].save(buffer, "TIFF", save_all=True, append_images=pages[1:])
    return buffer.getvalue()


def _rotated_tiff() -> bytes:
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to view
    return encoded(Image.fromarray(_noise(3, seed=30)), "TIFF", exif=exif.tobytes())


def _avif(frames: int = 1) -> bytes:
    if not features.check("avif"):
        pytest.skip("this Pillow has no AVIF codec (Pillow 11.3+ wheels carry libavif)")
    images_ = [Image.fromarray(_noise(3, seed=40 + i)) for i in range(frames)]
    return encoded(images_[0], "AVIF", quality=90, save_all=frames > 1, append_images=images_[1:])


def _heic() -> bytes:
    pillow_heif = pytest.importorskip("pillow_heif", reason="pillow-heif (the HEIC encoder) is a test dependency")
    if not pillow_heif.libheif_info()["HEIF"]:
        pytest.skip("this pillow-heif build has no HEVC encoder to make a HEIC file")
    buffer = io.BytesIO()
    pillow_heif.from_pillow(Image.fromarray(_noise(3, seed=50))).save(buffer, format="HEIF", quality=90)
    return buffer.getvalue()


def _cmyk() -> Image.Image:
    return Image.frombytes("CMYK", SIZE, _noise(4, seed=6).tobytes())


@dataclass(frozen=True)
class Case:
    """A file made by the test and what must become of it.

    Attributes:
      make: builds the file's bytes (may skip the test when its encoder is missing here).
      says: the repair line (written) or a part of the reject reason (rejected).
      expected: the pixels the stored PNG must hold; None: what Pillow decodes from the source
        (lossy sources); a callable: computed from the source's bytes.
      rejected: the file must be rejected.
      sixteen_bit: compare values as uint16.
    """

    make: Callable[[], bytes]
    says: str
    expected: np.ndarray | None = None
    rejected: bool = False
    sixteen_bit: bool = False


GRAY8, GRAY16, RGB, RGBA = _noise(1, seed=1), _noise(1, np.uint16, 65535, seed=2), _noise(3, seed=3), _noise(4, seed=4)
RGB16 = _noise(3, np.uint16, 65535, seed=5)
WHOLE_FLOATS = _noise(1, np.uint16, 65535, seed=7).astype(np.float32)
PLAIN_PGM = b"P2\n3 1\n1023\n0 512 1023\n"  # 10-bit, ASCII

CASES: dict[str, Case] = {
    "tiff/gray8.tif": Case(
        lambda: encoded(Image.fromarray(GRAY8), "TIFF"), "TIFF (8-bit grayscale): stored as 8-bit grayscale PNG", GRAY8
    ),
    "tiff/gray16.tif": Case(
        lambda: encoded(Image.fromarray(GRAY16), "TIFF"),
        "TIFF (16-bit grayscale): stored as 16-bit grayscale PNG", GRAY16, sixteen_bit=True,
    ),
    "tiff/gray16_lzw.tiff": Case(
        lambda: encoded(Image.fromarray(GRAY16), "TIFF", compression="tiff_lzw"),
        "TIFF (16-bit grayscale): stored as 16-bit grayscale PNG", GRAY16, sixteen_bit=True,
    ),
    "tiff/rgb.tif": Case(lambda: encoded(Image.fromarray(RGB), "TIFF"), "TIFF (8-bit RGB): stored as 8-bit RGB PNG", RGB),
    "tiff/rgba.tif": Case(lambda: encoded(Image.fromarray(RGBA), "TIFF"), "TIFF (8-bit RGBA): stored as 8-bit RGBA PNG", RGBA),
    "tiff/rgb16.tif": Case(
        lambda: _tiff(RGB16, photometric=2),
        "TIFF (16-bit RGB): stored as 8-bit RGB PNG (16 bits per channel reduced to 8)",
        (RGB16 >> 8).astype(np.uint8),
    ),
    "tiff/pages.tif": Case(_pages, "TIFF (8-bit RGB, first of 3 pages): stored as 8-bit RGB PNG", _noise(3, seed=20)),
    "tiff/cmyk.tif": Case(
        lambda: encoded(_cmyk(), "TIFF"),
        "TIFF (8-bit CMYK): stored as 8-bit RGB PNG (CMYK converted to RGB)",
        np.asarray(_cmyk().convert("RGB")),  # Pillow's conversion, no colour management
    ),
    "tiff/whole_floats.tif": Case(
        lambda: encoded(Image.fromarray(WHOLE_FLOATS), "TIFF"),
        "TIFF (32-bit float grayscale): stored as 16-bit grayscale PNG (values kept exactly: all whole numbers 0-65535)",
        WHOLE_FLOATS.astype(np.uint16), sixteen_bit=True,
    ),
    "tiff/rotated.tif": Case(
        _rotated_tiff, "TIFF (8-bit RGB): stored as 8-bit RGB PNG (its Orientation 6 applied)", np.rot90(_noise(3, seed=30), -1)
    ),
    "tiff/floats.tif": Case(
        lambda: encoded(Image.fromarray(np.linspace(-0.5, 1.5, 24 * 16, dtype=np.float32).reshape(16, 24)), "TIFF"),
        "TIFF (32-bit float grayscale): values -0.5 to 1.5, not all whole numbers: a PNG holds whole numbers 0-65535",
        rejected=True,
    ),
    "tiff/int32.tif": Case(
        lambda: encoded(Image.fromarray(np.full((16, 24), 70_000, np.int32)), "TIFF"),
        "TIFF (32-bit signed grayscale): values 70000 to 70000: a PNG holds whole numbers 0-65535",
        rejected=True,
    ),
    "tiff/signed16.tif": Case(
        lambda: _tiff(np.full((16, 24), -3, np.int16), photometric=1, sample_format=2),
        "TIFF (16-bit signed grayscale): values -3 to -3", rejected=True,
    ),
    "tiff/truncated.tif": Case(
        lambda: encoded(Image.fromarray(RGB), "TIFF")[:600], "undecodable tiff: image file is truncated", rejected=True
    ),
    "tiff/really_a_jpeg.tif": Case(lambda: image_bytes(seed=8), "JPEG named .tif: stored as JPEG"),
    "netpbm/photo.ppm": Case(lambda: encoded(Image.fromarray(RGB), "PPM"), "PPM (8-bit RGB): stored as 8-bit RGB PNG", RGB),
    "netpbm/gray.pgm": Case(
        lambda: encoded(Image.fromarray(GRAY8), "PPM"), "PGM (8-bit grayscale): stored as 8-bit grayscale PNG", GRAY8
    ),
    "netpbm/gray16.pgm": Case(
        lambda: encoded(Image.fromarray(GRAY16), "PPM"),
        "PGM (16-bit grayscale): stored as 16-bit grayscale PNG", GRAY16, sixteen_bit=True,
    ),
    "netpbm/ten_bit.pgm": Case(
        lambda: PLAIN_PGM,
        "PGM (10-bit grayscale): stored as 16-bit grayscale PNG (values scaled from 0-1023 to 0-65535)",
        np.array([[0, 32800, 65535]], np.uint16), sixteen_bit=True,  # round(512 / 1023 * 65535) = 32800
    ),
    "netpbm/mask.pbm": Case(
        lambda: encoded(Image.fromarray(GRAY8 > 127), "PPM"),
        "PBM (1-bit black and white): stored as 8-bit grayscale PNG", np.where(GRAY8 > 127, 255, 0).astype(np.uint8),
    ),
    "phone/photo.avif": Case(_avif, "AVIF (RGB): stored as 8-bit RGB PNG"),
    "phone/burst.avif": Case(lambda: _avif(frames=3), "AVIF (RGB, first of 3 frames): stored as 8-bit RGB PNG"),
    "phone/photo.heic": Case(_heic, "HEIC (8-bit RGB): stored as 8-bit RGB PNG"),
}
WRITTEN = {name for name, case in CASES.items() if not case.rejected}


def _made(name: str) -> bytes:
    """The case's bytes, or a skip naming the missing encoder."""
    return CASES[name].make()


def _buildable() -> dict[str, bytes]:
    made = {}
    for name in CASES:
        try:
            made[name] = _made(name)
        except pytest.skip.Exception:
            pass  # its own test reports the skip and why
    return made


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return _buildable()


@pytest.fixture(scope="module")
def converted(files: dict[str, bytes], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("formats") / "src"
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return convert(root, root.parent / "out", shards=3)


def _outputs(output: Path) -> tuple[dict[str, dict], dict[str, str], dict[str, dict]]:
    """(records by file name, reject reasons by path, repair lines by path)."""
    records = {}
    for split in load_manifest(str(output)).splits.values():
        for shard in split.shards:
            for record in read_shard(output / shard.path):
                records[record[contract.IMAGE_FILENAME].decode()] = record
    rejects = {r["path"]: r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    repairs = {r["path"]: r for r in read_report(output, naming.REPAIRS_FILENAME)}
    return records, rejects, repairs


def test_every_file_made_is_written_or_rejected(files: dict[str, bytes], converted: Path) -> None:
    records, rejects, repairs = _outputs(converted)
    written = {name for name in files if name in WRITTEN}
    assert set(records) == written
    assert set(rejects) == set(files) - written
    assert set(repairs) == written
    manifest = load_manifest(str(converted)).data
    assert manifest["inputs"] == {"seen": len(files), "written": len(written), "rejected": len(files) - len(written), "skipped": 0}
    assert manifest["layout"] == "image_folders"  # the extensions count as images
    _assert_tensorflow_decodes_the_recorded_shape(records)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_format(name: str, converted: Path) -> None:
    data, case = _made(name), CASES[name]
    records, rejects, repairs = _outputs(converted)
    if case.rejected:
        assert case.says in rejects[name], rejects.get(name)
        return
    record, repair = records[name], repairs[name]
    assert repair["repair"] == case.says, repair
    stored = record[contract.IMAGE_ENCODED]
    if name.endswith("really_a_jpeg.tif"):
        assert record[contract.IMAGE_FORMAT] == b"jpeg" and stored == data and not repair["reencoded"]
        return
    assert record[contract.IMAGE_FORMAT] == b"png" and repair["reencoded"]
    shape = [record[k] for k in (contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_CHANNELS)]
    assert list(tf.io.decode_image(stored, channels=0, expand_animations=False).shape) == shape
    values = tf.io.decode_png(stored, dtype=tf.uint16 if case.sixteen_bit else tf.uint8).numpy()
    expected = case.expected
    if expected is None:  # lossy source: the PNG holds exactly what the decoder gave
        assert not image_formats.sniff(data[: image_formats.SNIFF_BYTES]).decoder_missing()  # registers pi-heif's plugin
        expected = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    assert values.dtype == (np.uint16 if case.sixteen_bit else np.uint8)
    assert np.array_equal(values, expected.reshape(values.shape)), name


def test_a_rerun_is_byte_identical(files: dict[str, bytes], converted: Path) -> None:
    again = convert(converted.parent / "src", converted.parent / "again", shards=3)
    names = sorted(p.name for p in converted.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    for name in names:
        assert (converted / name).read_bytes() == (again / name).read_bytes(), name


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_the_plan_read_from_the_header_is_the_record(name: str) -> None:
    """Discovery's ImageInfo already gives the stored PNG's height, width and channels."""
    data = _made(name)
    planned = images.probe_bytes(data)
    for validate in ("full", "header"):
        stored = images.store_image(data, probed=planned, filename=name, validate=validate)
        assert (stored.info.height, stored.info.width, stored.info.channels) == (planned.height, planned.width, planned.channels)


def test_formats_are_told_by_their_bytes() -> None:
    expected = {
        "tiff/gray8.tif": "tiff", "tiff/rgb16.tif": "tiff", "netpbm/gray.pgm": "pnm", "netpbm/ten_bit.pgm": "pnm",
        "netpbm/mask.pbm": "pnm", "tiff/really_a_jpeg.tif": "jpeg",
    }
    for name, fmt in expected.items():
        assert images.sniff_format(_made(name)[: images.SNIFF_BYTES]) == fmt, name
    assert images.sniff_format(b"MM\x00*\x00\x00\x00\x08") == "tiff"  # big-endian
    assert images.sniff_format(b"\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic") == "heif"
    assert images.sniff_format(b"\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf") == "avif"
    assert images.sniff_format(b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2") is None  # an MP4 video
    assert images.sniff_format(b"P5 is a note, not a picture") is None  # a magic number, then a number
    assert images.sniff_format(b"P5\n# made by hand\n24 16\n255\n") == "pnm"
    assert png_reencode.display_name("heif", b"\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic") == "HEIC"


def _tiff_header_claiming(width: int, height: int) -> bytes:
    """A TIFF whose header claims width x height 8-bit gray pixels and holds almost none."""
    return _tiff(np.zeros((1, 1), np.uint8), photometric=1).replace(
        struct.pack("<HHII", 256, 4, 1, 1), struct.pack("<HHII", 256, 4, 1, width), 1
    ).replace(struct.pack("<HHII", 257, 4, 1, 1), struct.pack("<HHII", 257, 4, 1, height), 1)


def test_pixel_limit_applies_at_the_header(make_tree, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="exceeds the limit|decompression bomb"):
        images.probe_bytes(_tiff_header_claiming(30_000, 30_000))
    for name in ("tiff/gray16.tif", "netpbm/gray16.pgm", "phone/photo.avif", "phone/photo.heic"):
        try:
            data = _made(name)
        except pytest.skip.Exception:
            continue
        with pytest.raises(InvalidInputError, match="24x16 pixels exceeds the limit of 383"):
            images.probe_bytes(data, max_pixels=24 * 16 - 1)
    source = make_tree({"a/bomb.tif": _tiff_header_claiming(30_000, 30_000), "a/ok.pgm": _made("netpbm/gray.pgm")})
    output = convert(source, tmp_path / "out")
    _, rejects, _ = _outputs(output)
    assert set(rejects) == {"a/bomb.tif"} and "exceeds" in rejects["a/bomb.tif"]  # Pillow's bomb check or ours


def test_orientation_of_an_avif_is_recorded_or_applied() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6
    _avif()  # skips without an AVIF codec
    data = encoded(Image.fromarray(_noise(3, seed=60)), "AVIF", exif=exif.tobytes())
    planned = images.probe_bytes(data)
    kept = images.store_image(data, probed=planned, filename="a.avif")
    assert kept.orientation == 6 and (kept.info.width, kept.info.height) == SIZE
    upright = images.store_image(data, probed=planned, filename="a.avif", apply_orientation=True)
    assert upright.orientation == 1 and (upright.info.width, upright.info.height) == SIZE[::-1]
    assert upright.repair == "AVIF (RGB): stored as 8-bit RGB PNG; EXIF orientation 6 applied"


def test_the_heif_decoder_is_loaded_only_when_a_heif_file_is_met(tmp_path: Path) -> None:
    heic = _made("phone/photo.heic")
    (tmp_path / "a.heic").write_bytes(heic)
    (tmp_path / "a.tif").write_bytes(_made("tiff/gray16.tif"))
    (tmp_path / "a.jpg").write_bytes(image_bytes())
    script = """
import sys
from pathlib import Path
from shardify.converters import images
def store(name):
    data = Path(sys.argv[1], name).read_bytes()
    images.store_image(data, probed=images.probe_bytes(data), filename=name)
store("a.jpg"); store("a.tif")
assert "pi_heif" not in sys.modules, "imported before a HEIF file was met"
store("a.heic")
assert "pi_heif" in sys.modules
"""
    subprocess.run([sys.executable, "-c", script, str(tmp_path)], check=True, cwd=REPO)
