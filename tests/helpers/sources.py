"""Test inputs made here: real image files, source trees, and conversions run as the command runs them."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import numpy as np
from PIL import Image

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

REPO = Path(__file__).resolve().parent.parent.parent
SAMPLE_DATA = REPO / "sample_data"
SAMPLE_IMAGES = SAMPLE_DATA / "images"
# The layouts other readers (tfds, DALI) are tested on, from sample_data/ or made here.
READER_LAYOUTS = ("image_folders", "text_folders", "label_file", "image_captions")


def image_bytes(mode: str = "RGB", fmt: str = "JPEG", size: tuple[int, int] = (24, 16), seed: int = 0, **save) -> bytes:
    """A small noisy image of `size` (width, height) in `mode`, encoded as `fmt`."""
    rng = np.random.default_rng(seed)
    image = Image.fromarray(rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8), "RGB")
    image = image.quantize(16) if mode == "P" else image.convert(mode)
    return encoded(image, fmt, **save)


def encoded(image: Image.Image, fmt: str, **save) -> bytes:
    """`image` encoded as `fmt` (PIL's `save` options); several test files each kept a copy."""
    buffer = io.BytesIO()
    image.save(buffer, fmt, **save)
    return buffer.getvalue()


def csv_text(rows: list[list[str]]) -> str:
    """`rows` written as CSV (quoted where a cell needs it, LF line ends); several test files each
    kept a copy."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def convert(source: Path, output: Path, *, num_workers: int | None = None, **options) -> Path:
    """Converts like `shardify convert`, except that any number of rejects is accepted (tests of
    bad input are about the rejects; the limit has its own tests). Small sources run in process,
    as the command runs them; `num_workers=2` runs Beam's worker processes."""
    options.setdefault("max_rejects", "100%")
    run_conversion(ConvertConfig(str(source), str(output), **options), num_workers=num_workers)
    return output


def refused_run(root: Path) -> tuple[Path, Path]:
    """(SRC, OUT) after a run stopped short of its manifest by an empty text over `--max-rejects 0`:
    its 3 shards and their result files stay in OUT, as a resume finds them."""
    from shardify.errors import RejectLimitError
    from shardify.format import naming

    source = root / "src"
    for label in ("neg", "pos"):
        (source / label).mkdir(parents=True)
        for i in range(6):
            (source / label / f"{i}.txt").write_text(f"{label} review number {i}\n")
    (source / "pos" / "empty.txt").write_text("")
    out = root / "out"
    try:
        run_conversion(ConvertConfig(str(source), str(out), shards=3, max_rejects="0"))
    except RejectLimitError:
        pass
    else:
        raise AssertionError("the run with an empty text over --max-rejects 0 was not refused")
    assert len(list(out.glob("*.result.json"))) == 3 and not (out / naming.MANIFEST_FILENAME).exists()
    return source, out


def write_file(path: Path, data: bytes | str) -> Path:
    """Writes `data` (a str as UTF-8) at `path`, its folders made first; returns `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def source_files(root: Path) -> dict[str, bytes]:
    """{relpath: bytes} of every file under root."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = Path(dirpath) / name
            out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


def captioned_images(root: Path) -> Path:
    """An `image_captions` source (unlabelled): img/<stem>.<ext> beside txt/<stem>.txt, in every format
    but GIF (which DALI cannot decode)."""
    formats = {"JPEG": ".jpg", "PNG": ".png", "BMP": ".bmp", "WEBP": ".webp"}
    for index, (fmt, extension) in enumerate(list(formats.items()) * 2):
        (root / "img").mkdir(parents=True, exist_ok=True)
        (root / "txt").mkdir(exist_ok=True)
        (root / "img" / f"{index:04d}{extension}").write_bytes(image_bytes(fmt=fmt, size=(20 + index, 12 + index), seed=index))
        (root / "txt" / f"{index:04d}.txt").write_text(f"caption {index}: a {fmt} picture\n", encoding="utf-8")
    return root


def labelled_texts(root: Path, classes: dict[str, int]) -> Path:
    """A folder of texts: `count` files in each class folder, each text naming its class
    (`a cat text number 3`), so that a record's label can be checked against its own text."""
    for label, count in classes.items():
        (root / label).mkdir(parents=True)
        for i in range(count):
            (root / label / f"{i:03d}.txt").write_text(f"a {label} text number {i}\n")
    return root



def sample_smaller_than_the_source(monkeypatch, files: int) -> None:
    """Detection samples only `files` files (DETECT_SAMPLE_FILES lowered), as it samples a source of
    thousands; the tests of what it does beyond its sample use this on a few dozen files.

    The conversion still runs in this process, as a tiny source's does: a source seen in part would
    start Beam's worker processes (~6 s of each such test here), which is not what these tests test
    (the worker processes have tests of their own). The listing is still incomplete: archives are
    still listed by the pipeline, as for a large source."""
    from shardify.beam_jobs.discover import detect

    monkeypatch.setattr(detect, "DETECT_SAMPLE_FILES", files)
    monkeypatch.setattr(detect.SourceScan, "small", property(lambda scan: scan.num_bytes <= detect.SMALL_SOURCE_BYTES))
