"""Fixtures: real image files made by the tests, and real conversions of them (helpers in helpers/)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.sources import SAMPLE_DATA, SAMPLE_IMAGES, captioned_images, convert

# Each version records when it was made; fixed here (the reproducible-builds convention) so that
# tests comparing two runs' bytes compare equal runs. Processes the tests start inherit it.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")


@pytest.fixture(scope="session")
def sample_images() -> Path:
    return SAMPLE_IMAGES


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
