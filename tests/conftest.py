"""Fixtures: real image files made by the tests, and real conversions of them."""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from shardify.beam_jobs.pipeline import ConvertConfig, run_conversion

REPO = Path(__file__).resolve().parent.parent
SAMPLE_IMAGES = REPO / "sample_data" / "images"


def image_bytes(mode: str = "RGB", fmt: str = "JPEG", size: tuple[int, int] = (24, 16), seed: int = 0, **save) -> bytes:
    """A small noisy image of `size` (width, height) in `mode`, encoded as `fmt`."""
    rng = np.random.default_rng(seed)
    image = Image.fromarray(rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8), "RGB")
    image = image.quantize(16) if mode == "P" else image.convert(mode)
    buffer = io.BytesIO()
    image.save(buffer, fmt, **save)
    return buffer.getvalue()


@pytest.fixture(scope="session")
def sample_images() -> Path:
    return SAMPLE_IMAGES


def convert(source: Path, output: Path, *, num_workers: int | None = None, **options) -> Path:
    """Converts like `shardify convert`, except that any number of rejects is accepted (tests of
    bad input are about the rejects; the limit has its own tests). Small sources run in process,
    as the command runs them; `num_workers=2` runs Beam's worker processes."""
    options.setdefault("max_rejects", "100%")
    run_conversion(ConvertConfig(str(source), str(output), **options), num_workers=num_workers)
    return output


@pytest.fixture(scope="session")
def converted(tmp_path_factory: pytest.TempPathFactory, sample_images: Path) -> Path:
    """sample_data/images converted once into 4 shards; tests must not modify it."""
    return convert(sample_images, tmp_path_factory.mktemp("converted"), shards=4)


@pytest.fixture
def make_tree(tmp_path: Path) -> Callable[[dict[str, bytes]], Path]:
    """Writes {relpath: bytes} under a fresh source folder and returns the folder."""

    def make(files: dict[str, bytes]) -> Path:
        root = tmp_path / "src"
        if root.exists():
            shutil.rmtree(root)
        for relpath, data in files.items():
            path = root / relpath
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return root

    return make


def source_files(root: Path) -> dict[str, bytes]:
    """{relpath: bytes} of every file under root."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = Path(dirpath) / name
            out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


SAMPLE_DATA = REPO / "sample_data"
# The layouts other readers (tfds, DALI) are tested on, from sample_data/ or made here.
READER_LAYOUTS = ("image_folders", "text_folders", "label_file", "image_captions")


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


@pytest.fixture(scope="session")
def reader_source(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """`reader_source(layout)`: the source folder of that layout (one of READER_LAYOUTS)."""
    made: dict[str, Path] = {}

    def source(layout: str) -> Path:
        if layout == "image_captions" and layout not in made:
            made[layout] = captioned_images(tmp_path_factory.mktemp("captions_src"))
        return made.get(layout) or SAMPLE_DATA / {"image_folders": "images", "text_folders": "texts", "label_file": "tagged"}[layout]

    return source


@pytest.fixture(scope="session")
def reader_output(converted: Path, reader_source: Callable[[str], Path], tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """`reader_output(layout)`: a fresh conversion of `reader_source(layout)`, made on first use and
    shared by the session's tests; they must not modify it."""
    made: dict[str, Path] = {"image_folders": converted}

    def output(layout: str) -> Path:
        if layout not in made:
            made[layout] = convert(reader_source(layout), tmp_path_factory.mktemp(layout), shards=2)
        return made[layout]

    return output
