"""An append takes the layout OUT records instead of detecting it again (issue 34), only where the
sample shows nothing OUT does not hold; the output is byte for byte the one detection gives, and
whatever could change the layout (a new folder, a file of another kind, a label file, a folder
gone, other options) is detected as before."""

from __future__ import annotations

import contextlib
import logging
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.made_files import run_copy
from helpers.sources import SAMPLE_DATA, SAMPLE_IMAGES, image_bytes
from shardify.beam_jobs import held_layout, launch
from shardify.beam_jobs.launch import plan_conversion, run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import naming

_REUSED = "so not detected again"
_HELD_BACK = "*_019.jpg"  # one image of each class, added by the append


def _first_conversion(root: Path, source_data: Path, held_back: str) -> tuple[Path, Path, list[Path]]:
    """(SRC, OUT, the files put back): `source_data` converted without the files `held_back`
    matches and without `more/` folders, then those files put back (in folders OUT holds)."""
    source, out = root / "src", root / "out"
    shutil.copytree(source_data, source, ignore=shutil.ignore_patterns("more"))
    back = sorted(source.rglob(held_back))
    aside = root / "aside"
    for path in back:
        (aside / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
        path.rename(aside / path.relative_to(source))
    run_conversion(ConvertConfig(str(source), str(out), shards=2, max_rejects="100%"))
    for path in back:
        (aside / path.relative_to(source)).rename(path)
    return source, out, back


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    source, out, back = _first_conversion(tmp_path_factory.mktemp("reuse"), SAMPLE_IMAGES, _HELD_BACK)
    assert len(back) == 3
    return source, out


def _append(source: Path, out: Path, caplog: pytest.LogCaptureFixture, **options) -> bool:
    """Appends; True where the layout was OUT's, not detected."""
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="shardify"):
        run_conversion(ConvertConfig(str(source), str(out), max_rejects="100%", **options), append=True)
    return _REUSED in caplog.text


def _files(out: Path) -> dict[str, bytes]:
    """OUT's files and their bytes; not the kept probes, a cache stamped with the inputs' inodes,
    which differ between two copies of SRC."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name != ".lock" and not naming.is_probes_file(p.name)
    }


def _detecting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Appends from here on detect the layout, as before the reuse."""
    monkeypatch.setattr(launch, "held_layout_reuse", lambda output: lambda config, sample, top: None)


def _same_output_either_way(
    pair: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, **options
) -> bool:
    """Appends to two copies, one detecting; asserts the outputs are byte for byte the same and
    returns whether the first took OUT's layout."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    source, out = run_copy(pair, tmp_path)
    reused = _append(source, out, caplog, **options)
    taken = _files(out)
    shutil.rmtree(source)
    shutil.rmtree(out)
    with monkeypatch.context() as patched:
        _detecting(patched)
        run_copy(pair, tmp_path)  # (the same paths: the manifest records SRC's)
        assert not _append(source, out, caplog, **options)
    assert taken == _files(out)
    return reused


def test_more_of_the_same_takes_outs_layout_and_writes_the_same_bytes(
    images: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _same_output_either_way(images, tmp_path, caplog, monkeypatch)


def test_texts_in_split_and_class_folders_take_outs_layout_too(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, out, back = _first_conversion(tmp_path_factory.mktemp("texts"), SAMPLE_DATA / "texts", "003.txt")
    assert back
    assert _same_output_either_way((source, out), tmp_path, caplog, monkeypatch)


def _new_class(source: Path) -> None:
    (source / "hexagon").mkdir()
    for index in range(3):
        (source / "hexagon" / f"h{index}.png").write_bytes(image_bytes(fmt="PNG", seed=100 + index))


def _deeper_folder(source: Path) -> None:
    shutil.copytree(SAMPLE_IMAGES / "circle" / "more", source / "circle" / "more")


def _another_kind(source: Path) -> None:
    (source / "circle" / "circle_020.txt").write_text("a circle, drawn")


def _label_table(source: Path) -> None:
    rows = [f"{p.relative_to(source).as_posix()},{'odd' if i % 2 else 'even'}" for i, p in enumerate(sorted(source.rglob("*.*")))]
    (source / "labels.csv").write_text("filename,label\n" + "\n".join(rows) + "\n")


def _class_gone(source: Path) -> None:
    shutil.rmtree(source / "square")


@pytest.mark.parametrize("change", [_new_class, _deeper_folder, _another_kind, _label_table, _class_gone])
def test_what_could_change_the_layout_is_detected(
    images: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, change: Callable[[Path], None]
) -> None:
    source, out = run_copy(images, tmp_path)
    change(source)
    caplog.clear()
    # (a stop is detection's answer too: what matters is that it ran)
    with caplog.at_level(logging.INFO, logger="shardify"), contextlib.suppress(ShardifyError):
        plan_conversion(ConvertConfig(str(source), str(out), max_rejects="100%"), append=True)
    assert _REUSED not in caplog.text


def test_other_options_are_detected_with(
    images: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not _same_output_either_way(images, tmp_path, caplog, monkeypatch, label_level=0)


def test_a_damaged_manifest_is_left_to_the_appends_own_checks(images: tuple[Path, Path], tmp_path: Path) -> None:
    source, out = run_copy(images, tmp_path)
    (out / "manifest.json").write_text("{")
    reuse = held_layout.held_layout_reuse(str(out))
    assert reuse(ConvertConfig(str(source), str(out)), ["circle/circle_019.jpg"], ["circle"]) is None
