"""Hostile input, thirteenth round: OUT's own files read again as the untrusted bytes they are.

An append and a resume read what an earlier run left in OUT: each version's manifest
(`manifest-v<N>.json`), the inputs columns (`inputs-v<N>.npz`), the kept probes. A user's tool,
a damaged disk or a hostile neighbour can replace any of them: a named pipe, a foreign `.npz`, a
column that pickles objects (never unpickled), a zip member that inflates to gigabytes from a
megabyte (never inflated). `shardify bench OUT` reads shards that may be cut short or foreign;
`--resize` takes sizes of 0, NaN or 10^30. Each ends in a record, a reject, or one clear line:
never a traceback, a hang, memory that grows with what a file claims, or exit 0 over a broken output.
"""

from __future__ import annotations

import io
import os
import resource
import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.made_files import run_copy
from helpers.one_place import records
from helpers.pipes import HANG_SECONDS, unblocked
from helpers.sources import convert, image_bytes, write_file
from shardify.format import inputs_columns, naming, npz_columns


def _cats(root: Path, classes: tuple[str, ...] = ("cat", "dog")) -> set[str]:
    for label in classes:
        for i in range(3):
            write_file(root / label / f"{i}.jpg", image_bytes(seed=i + 7 * len(label)))
    return {f"{label}/{i}.jpg" for label in classes for i in range(3)}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished conversion of six images (version 1)."""
    root = tmp_path_factory.mktemp("kept13")
    _cats(root / "src")
    convert(root / "src", root / "out")
    return root


def _append(src: Path, out: Path):  # noqa: ANN202
    return run_shardify("convert", str(src), str(out), "-q", "--append")


# --- each version's own manifest (manifest-v<N>.json) ---------------------------------------------

_VERSION_FILE = {
    "a named pipe": lambda p: (p.unlink(), os.mkfifo(p)),
    "garbage": lambda p: p.write_bytes(b"\x00garbage"),
    "missing": lambda p: p.unlink(),
    "a folder": lambda p: (p.unlink(), p.mkdir()),
    "a link to manifest.json": lambda p: (p.unlink(), os.symlink("manifest.json", p)),
    "another version's": lambda p: p.write_text(p.read_text().replace('"number": 1', '"number": 7')),
}


@pytest.mark.parametrize("forge", list(_VERSION_FILE.values()), ids=list(_VERSION_FILE))
@pytest.mark.parametrize("new", [True, False], ids=["new inputs", "nothing new"])
def test_an_append_over_a_damaged_version_manifest_stops_naming_it(
    tmp_path: Path, kept: Path, forge, new: bool  # noqa: ANN001
) -> None:
    """`load(version=1)` reads manifest-v00001.json: an append that keeps it broken and says exit 0
    leaves an output whose history cannot be read. It was exit 0 with a pipe there."""
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    name = naming.version_manifest_filename(1)
    forge(out / name)
    if new:
        _cats(src, ("bird",))
    with unblocked(out / name) as elapsed:
        result = _append(src, out)
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on OUT/{name}"
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert name in one_line_error(result)
    assert not (out / naming.version_manifest_filename(2)).exists()


def test_an_append_over_whole_version_manifests_still_appends(tmp_path: Path, kept: Path) -> None:
    """The twin: an untouched output appends, twice (the second reads both version files)."""
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    _cats(src, ("bird",))
    assert _append(src, out).returncode == 0
    _cats(src, ("fish",))
    result = _append(src, out)
    assert result.returncode == 0, result.stderr
    assert len(records(out)) == 12


# --- the inputs columns (inputs-v<N>.npz) and the kept probes --------------------------------------


def _npz(members: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _npy(array: np.ndarray, allow_pickle: bool = False) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=allow_pickle)
    return buffer.getvalue()


class _Exploded(Exception):
    pass


class _Trap:
    """Unpickling it raises: a column read with pickles allowed would run it."""

    def __reduce__(self):  # noqa: ANN204
        return (_explode, ())


def _explode() -> None:
    raise _Exploded("an object column was unpickled")


def test_a_column_of_pickled_objects_is_never_unpickled() -> None:
    data = _npz({"checksum.npy": _npy(np.array([_Trap()], dtype=object), allow_pickle=True)})
    with pytest.raises(inputs_columns.NotUsable):
        inputs_columns.read_columns(data, "0" * 64, None)


def test_a_column_deflated_from_a_megabyte_to_a_gigabyte_is_refused_unread() -> None:
    """np.savez stores its members; a deflated member claiming 2^30 elements (1 MB on disk) made
    the reader allocate 2 GB (the header was checked only against the member's claimed size)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        with archive.open("checksum.npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(member, {"descr": "|u1", "fortran_order": False, "shape": (1 << 30,)})
            block = b"\0" * (1 << 24)
            for _ in range(64):
                member.write(block)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(inputs_columns.NotUsable):
        inputs_columns.read_columns(buffer.getvalue(), "0" * 64, None)
    grew_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grew_mb < 200, f"reading a 1 MB file grew the process by {grew_mb:.0f} MB"


def test_read_column_refuses_a_compressed_member_and_reads_a_stored_one() -> None:
    stored = zipfile.ZipFile(io.BytesIO(_npz({"a.npy": _npy(np.arange(5, dtype=np.int64))})))
    assert npz_columns.read_column(stored, "a", np.dtype(np.int64)).tolist() == [0, 1, 2, 3, 4]
    deflated = zipfile.ZipFile(io.BytesIO(_npz({"a.npy": _npy(np.arange(5, dtype=np.int64))}, zipfile.ZIP_DEFLATED)))
    with pytest.raises(npz_columns.ColumnError):
        npz_columns.read_column(deflated, "a", np.dtype(np.int64))


_COLUMNS_FILE = {
    "pickled objects": lambda p: p.write_bytes(_npz({f"{n}.npy": _npy(np.array([_Trap()], dtype=object), allow_pickle=True)
                                                     for n in ("checksum", "paths", "size")})),
    "a foreign npz": lambda p: p.write_bytes(_npz({"x.npy": _npy(np.zeros((3, 3))), "y.npy": _npy(np.arange(3))})),
    "columns cut short": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    "deflated": lambda p: p.write_bytes(_npz(dict((i.filename, zipfile.ZipFile(p).read(i)) for i in zipfile.ZipFile(p).infolist()),
                                             zipfile.ZIP_DEFLATED)),
    "an empty zip": lambda p: p.write_bytes(_npz({})),
}


@pytest.mark.parametrize("forge", list(_COLUMNS_FILE.values()), ids=list(_COLUMNS_FILE))
def test_an_append_over_damaged_inputs_columns_reads_the_inputs_list_instead(
    tmp_path: Path, kept: Path, forge  # noqa: ANN001
) -> None:
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    forge(out / naming.inputs_columns_filename(1))
    made = _cats(src, ("cat", "dog", "bird"))
    result = _append(src, out)
    assert "Traceback" not in result.stderr and "_Exploded" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0, result.stderr
    assert set(records(out)) == made


def test_a_kept_probes_file_of_pickled_objects_is_probed_again(tmp_path: Path, kept: Path) -> None:
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    probes = next(out.glob("probes-*.npz"))
    probes.write_bytes(_npz({f"{n}.npy": _npy(np.array([_Trap()], dtype=object), allow_pickle=True)
                             for n in ("fingerprint", "checksum", "paths")}))
    made = _cats(src, ("cat", "dog", "bird"))
    result = _append(src, out)
    assert "_Exploded" not in result.stderr and result.returncode == 0, result.stderr[-2000:]
    assert set(records(out)) == made


# --- shardify bench OUT over damaged or foreign shards ---------------------------------------------


def _shard(out: Path) -> Path:
    return next(out.glob("train-*.tfrecord"))


_SHARDS = {
    "cut short": lambda p: p.write_bytes(p.read_bytes()[:-30]),
    "zeros": lambda p: p.write_bytes(b"\0" * p.stat().st_size),
    "a named pipe": lambda p: (p.unlink(), os.mkfifo(p)),
    "a link out of OUT": lambda p: (p.unlink(), os.symlink("/etc/hostname", p)),
    "missing": lambda p: p.unlink(),
}


@pytest.mark.parametrize("forge", list(_SHARDS.values()), ids=list(_SHARDS))
def test_bench_over_a_damaged_shard_stops_in_one_line_naming_it(tmp_path: Path, kept: Path, forge) -> None:  # noqa: ANN001
    pytest.importorskip("tensorflow")
    out = tmp_path / "out"
    shutil.copytree(kept / "out", out)
    shard = _shard(out)
    forge(shard)
    with unblocked(shard) as elapsed:
        result = run_shardify("bench", str(out), "--records", "8", "--batch-size", "2", "--image-size", "16")
    assert elapsed[0] < HANG_SECONDS
    assert result.returncode != 0, result.stdout[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert shard.name in message(result.stderr), result.stderr[-2000:]


def test_bench_over_a_folder_of_foreign_json_named_manifest_stops_in_one_line(tmp_path: Path) -> None:
    write_file(tmp_path / "out" / "manifest.json", '{"splits": {"train": {"shards": [{"path": "/etc/passwd"}]}}}')
    result = run_shardify("bench", str(tmp_path / "out"), "--records", "4")
    assert result.returncode in (1, 2) and "manifest" in one_line_error(result)


# --- --resize given sizes no image has -------------------------------------------------------------


@pytest.mark.parametrize("value", ["shorter:0", "shorter:-5", "shorter:nan", "longer:1e400", "shorter:" + "9" * 40,
                                   "shorter:", "wider:16", "shorter:16:32", "shorter:16px", "shorter:0x10"])
def test_a_resize_no_image_can_have_is_refused_before_anything_is_written(tmp_path: Path, value: str) -> None:
    _cats(tmp_path / "src")
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "-q", "--resize", value)
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr and "resize" in message(result.stderr).lower()
    assert not list((tmp_path / "out").glob("*.tfrecord")) if (tmp_path / "out").exists() else True


def test_an_append_asking_for_another_resize_than_the_output_holds_stops(tmp_path: Path, kept: Path) -> None:
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    _cats(src, ("bird",))
    result = run_shardify("convert", str(src), str(out), "-q", "--append", "--resize", "shorter:8")
    assert result.returncode == 2 and "resize" in one_line_error(result)


def test_an_append_whose_manifest_says_a_resize_of_nan_stops_in_one_line(tmp_path: Path, kept: Path) -> None:
    src, out = run_copy((kept / "src", kept / "out"), tmp_path)
    for name in ("manifest.json", naming.version_manifest_filename(1)):
        text = (out / name).read_text()
        (out / name).write_text(text.replace('"resize": null', '"resize": {"side": "shorter", "max_side": NaN}'))
    _cats(src, ("bird",))
    result = _append(src, out)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
