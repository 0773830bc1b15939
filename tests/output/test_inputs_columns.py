"""An inputs list's columns (`inputs-v<N>.npz`, shardify/format/inputs_columns.py): an append reads
them in place of the JSON lines only where they stand for those lines exactly; a damaged, truncated,
altered or mismatched columns file is ignored (said in one line) and the .jsonl decides, as it did
before columns were kept."""

from __future__ import annotations

import hashlib
import io
import logging
import shutil
from pathlib import Path

import numpy as np
import pytest

from helpers.sources import SAMPLE_IMAGES
from shardify.beam_jobs.discover import held as held_module
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ManifestError
from shardify.format import naming
from shardify.format.inputs_columns import InputsTable, NotUsable, read_columns
from shardify.format.inputs_file import HeldInput, bounded_lines, inputs_text, parse_inputs
from shardify.format.manifest import load_manifest

_DIGEST = "ab" * 32


def _held(path: str = "cat/a.jpg", split: str = "train", size: int = 10) -> HeldInput:
    return HeldInput(path, size, 1_700_000_000_000_000_000, _DIGEST, "cd" * 32, split)


def _table(held: list[HeldInput]) -> InputsTable:
    table = InputsTable()
    for h in held:
        table.add(h.path, h.size, h.mtime_ns, h.sha256, h.record_sha256, h.split)
    return table


def _columns(held: list[HeldInput], inputs_sha256: str = "0" * 64) -> bytes:
    content = _table(held).content(inputs_sha256)
    assert content is not None
    return bytes(content)


def test_columns_give_back_what_was_written() -> None:
    held = [_held("cat/a.jpg"), _held("dog/b.jpg", "test", 0), _held("été/c.jpg")]
    columns = read_columns(_columns(held), "0" * 64, {"train": 2, "test": 1})
    assert columns.paths == ["cat/a.jpg", "dog/b.jpg", "été/c.jpg"]
    assert columns.size == [10, 0, 10] and columns.split == ["train", "test", "train"]
    assert columns.sha256 == _DIGEST * 3 and columns.record_sha256 == "cd" * 96


def test_rows_added_in_any_order_are_written_by_path() -> None:
    """The manifest step adds each shard's inputs in turn (shuffled); the list and its columns are
    by path, the splits coded in the order the rows by path first name them."""
    held = [_held("cat/a.jpg"), _held("dog/b.jpg", "test", 0), _held("ant/z.jpg", "test", 3), _held("été/c.jpg")]
    table = _table(held)
    assert b"".join(table.lines()).decode("utf-8") == inputs_text(held)
    content = table.content("0" * 64)
    assert content is not None and len(table) == 0  # emptied as its columns are built
    columns = read_columns(bytes(content), "0" * 64, {"train": 2, "test": 2})
    assert columns.paths == ["ant/z.jpg", "cat/a.jpg", "dog/b.jpg", "été/c.jpg"]
    assert columns.size == [3, 10, 0, 10] and columns.split == ["test", "train", "test", "train"]
    assert np.load(io.BytesIO(bytes(content)))["split_names"].tobytes() == b"test\0train"


def test_a_size_no_column_holds_is_still_listed() -> None:
    held = [_held("cat/a.jpg"), _held("cat/b.jpg", size=1 << 64)]
    table = _table(held)
    assert b"".join(table.lines()).decode("utf-8") == inputs_text(held)
    assert table.content("0" * 64) is None


@pytest.mark.parametrize(
    "spoil",
    [
        lambda c: c[: len(c) // 2],
        lambda c: c[:-40] + bytes(40),
        lambda c: c.replace(b"cat/a.jpg", b"cat/b.jpg"),
        lambda c: b"not a zip at all",
    ],
    ids=["truncated", "tail zeroed", "a path altered", "not ours"],
)
def test_a_damaged_columns_file_is_not_used(spoil) -> None:
    with pytest.raises(NotUsable):
        read_columns(spoil(_columns([_held()])), "0" * 64, None)


def test_columns_of_another_inputs_list_or_other_counts_are_not_used() -> None:
    content = _columns([_held()], "1" * 64)
    with pytest.raises(NotUsable, match="another inputs list"):
        read_columns(content, "0" * 64, None)
    with pytest.raises(NotUsable, match="per split"):
        read_columns(content, "1" * 64, {"train": 2})


@pytest.mark.parametrize("path", ["../x.jpg", "/etc/x", "a//b.jpg", "a/./b.jpg", "a/..", ".", "a/"])
def test_columns_checksummed_yet_naming_a_path_outside_src_are_not_used(path: str) -> None:
    content = _columns([_held("cat/a.jpg"), _held(path)])  # a consistent file, crafted
    with pytest.raises(NotUsable, match="inside SRC"):
        read_columns(content, "0" * 64, None)


def test_digests_that_are_not_lower_case_hex_are_not_used() -> None:
    crafted = HeldInput("a.jpg", 1, 0, "AB" * 32, "cd" * 32, "train")
    with pytest.raises(NotUsable, match="hex"):
        read_columns(_columns([crafted]), "0" * 64, None)


def test_inputs_a_path_no_file_system_gives_keep_no_columns() -> None:
    assert _table([_held("a\udcff.jpg")]).content("0" * 64) is None


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/images' circles converted (version 1), its columns kept."""
    root = tmp_path_factory.mktemp("columns")
    shutil.copytree(SAMPLE_IMAGES / "circle", root / "src" / "circle")
    run_conversion(ConvertConfig(str(root / "src"), str(root / "out"), shards=2, max_rejects="100%"))
    return root


def _appended(converted: Path, tmp_path: Path, spoil=None) -> Path:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(converted / "src", source)
    shutil.copytree(converted / "out", out)
    if spoil is not None:
        spoil(out)
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    run_conversion(ConvertConfig(str(source), str(out), max_rejects="100%"), append=True)
    return out


def test_a_conversion_keeps_its_inputs_list_as_columns(converted: Path) -> None:
    out = converted / "out"
    listed = (out / naming.inputs_filename(1)).read_bytes()
    with open(out / naming.inputs_filename(1), "rb") as f:
        lines = list(parse_inputs(bounded_lines(f), "inputs", 1))
    columns = read_columns(
        (out / naming.inputs_columns_filename(1)).read_bytes(), hashlib.sha256(listed).hexdigest(), None
    )
    assert columns.paths == [h.path for h in lines] == sorted(columns.paths)  # in the list's order
    assert (columns.size, columns.mtime_ns, columns.split) == ([h.size for h in lines], [h.mtime_ns for h in lines], [h.split for h in lines])
    assert columns.record_sha256 == "".join(h.record_sha256 for h in lines)


def test_an_append_over_damaged_columns_reads_the_inputs_list_and_writes_the_same(
    converted: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_read(*_args, **_kwargs):
        raise AssertionError("the inputs list was decoded where its columns could stand for it")

    with monkeypatch.context() as patch, caplog.at_level(logging.WARNING, logger="shardify"):
        patch.setattr(held_module, "checked_inputs", not_read)
        patch.setattr(held_module, "parse_inputs", not_read)
        sound = _appended(converted, tmp_path / "sound")
    assert naming.inputs_columns_filename(1) not in caplog.text  # sound columns: used, no word
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="shardify"):
        damaged = _appended(
            converted,
            tmp_path / "damaged",
            lambda out: (out / naming.inputs_columns_filename(1)).write_bytes(
                (out / naming.inputs_columns_filename(1)).read_bytes()[:300]
            ),
        )
    assert f"ignoring {damaged / naming.inputs_columns_filename(1)}" in caplog.text
    assert load_manifest(str(damaged)).version == 2
    for name in (naming.inputs_filename(2), naming.DUPLICATES_FILENAME):
        if (sound / name).exists() or (damaged / name).exists():
            assert (sound / name).read_bytes() == (damaged / name).read_bytes()
    names = [{p.name for p in out.iterdir() if not naming.is_probes_file(p.name)} for out in (sound, damaged)]
    assert names[0] == names[1] and naming.inputs_columns_filename(2) in names[0]


def test_sound_columns_beside_an_edited_inputs_list_are_not_used(converted: Path, tmp_path: Path) -> None:
    """The columns match their checksum but not the .jsonl now: the list's own checks refuse it."""

    def drop_a_line(out: Path) -> None:
        inputs = out / naming.inputs_filename(1)
        with open(inputs, "rb") as f:
            held = list(parse_inputs(bounded_lines(f), "inputs", 1))
        inputs.write_text(inputs_text(held[1:]))

    with pytest.raises(ManifestError, match=naming.inputs_filename(1)):
        _appended(converted, tmp_path, drop_a_line)
