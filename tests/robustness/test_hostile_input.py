"""Hostile input: what is not a regular file, names that are not UTF-8, paths too long, folders
that cannot be entered, tables with huge fields or no rows, files changed after planning, labels
that print alike. Every input ends up written or rejected with a reason, and nothing hangs: the
conversions run as `shardify` processes with a timeout.

Inputs are counted here, from what each test built, never from the manifest's own sums.
"""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import stat
import subprocess
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from helpers.cli_runs import run_shardify, shardify_command, without_permission_override
from helpers.shard_io import read_shard, rejects_by_path
from helpers.sources import convert, image_bytes
from shardify.converters import row_ranges, table_scans, tables
from shardify.errors import InvalidInputError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

UNDECODABLE_FILE = os.fsdecode(b"caf\xe9.jpg")  # Latin-1 bytes, as an old archive would hold them
UNDECODABLE_FOLDER = os.fsdecode(b"\xff\xfe")
MAX_PATH_BYTES = 4096  # Linux's PATH_MAX


def _records(out: Path) -> dict[str, dict]:
    """Every record written, by its source path (image/filename or text/source)."""
    records = {}
    for split in load_manifest(str(out)).splits.values():
        for shard in split.shards:
            for record in read_shard(out / shard.path):
                key = record.get(contract.IMAGE_FILENAME, record.get(contract.TEXT_SOURCE))
                records[key.decode()] = record
    return records


def _make_deep_folder(parent: Path, levels: int) -> str:
    """Folders nested until the path is longer than PATH_MAX, made relative to open folders (a
    path that long cannot be passed whole); returns the relative path of the first one too deep to list."""
    name = "d" * 250
    fd = os.open(parent, os.O_RDONLY)
    try:
        for _ in range(levels):
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        image = os.open("img.jpg", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(image, image_bytes())
        os.close(image)
    finally:
        os.close(fd)
    depth = next(n for n in range(1, levels + 1) if len(str(parent)) + n * (len(name) + 1) >= MAX_PATH_BYTES)
    return "/".join([parent.name] + [name] * depth)


@pytest.fixture(scope="module")
def hostile_tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str], set[str]]]:
    """Class folders holding good images beside pipes, sockets, devices, undecodable names and a
    folder nested past PATH_MAX. Yields (SRC, {rejected relpath: reason it must give}, written relpaths)."""
    root = tmp_path_factory.mktemp("hostile") / "src"
    good = root / "good"
    good.mkdir(parents=True)
    written = set()
    for i in range(6):
        (good / f"img{i}.jpg").write_bytes(image_bytes(seed=i))
        written.add(f"good/img{i}.jpg")
    rejected = {}
    os.mkfifo(good / "pipe.jpg")
    rejected["good/pipe.jpg"] = "not a regular file (a named pipe)"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(good / "sock.jpg"))
    rejected["good/sock.jpg"] = "not a regular file (a socket)"
    if os.geteuid() == 0:  # only root may make device nodes
        os.mknod(good / "zero.txt", stat.S_IFCHR | 0o644, os.makedev(1, 5))  # what /dev/zero is
        rejected["good/zero.txt"] = "not a regular file (a character device)"
        os.mknod(good / "disk.jpg", stat.S_IFBLK | 0o600, os.makedev(7, 250))
        rejected["good/disk.jpg"] = "not a regular file (a block device)"
    (good / UNDECODABLE_FILE).write_bytes(image_bytes(seed=20))
    rejected["good/caf\\xe9.jpg"] = "path is not valid UTF-8"
    (root / UNDECODABLE_FOLDER).mkdir()
    (root / UNDECODABLE_FOLDER / "x.jpg").write_bytes(image_bytes(seed=21))
    rejected["\\xff\\xfe/x.jpg"] = "path is not valid UTF-8"
    with open(good / "huge.jpg", "wb") as f:  # sparse: 2.2 GB on paper, nothing on disk
        f.write(image_bytes(seed=23))
        f.truncate(2_200_000_000)
    rejected["good/huge.jpg"] = "bytes: larger than a record can hold"
    (root / "deep").mkdir()
    (root / "deep" / "shallow.jpg").write_bytes(image_bytes(seed=22))
    written.add("deep/shallow.jpg")
    rejected[_make_deep_folder(root / "deep", 20)] = "cannot list folder: File name too long"
    yield root, rejected, written
    server.close()


def test_what_cannot_be_an_input_is_rejected_with_its_reason_and_nothing_hangs(hostile_tree, tmp_path: Path) -> None:
    source, expected_rejects, expected_written = hostile_tree
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "--shards", "2", "--max-rejects", "100%", "-q")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert set(_records(out)) == expected_written
    rejects = rejects_by_path(out)
    assert set(rejects) == set(expected_rejects)
    for path, reason in expected_rejects.items():
        assert reason in rejects[path], (path, rejects[path])
    inputs = load_manifest(str(out)).inputs
    assert inputs == {
        "seen": len(expected_written) + len(expected_rejects),
        "written": len(expected_written),
        "rejected": len(expected_rejects),
        "skipped": 0,
    }


def test_a_device_is_never_read(hostile_tree, tmp_path: Path) -> None:
    """`/dev/zero` under a .txt name in a text layout: rejected at listing, never opened (reading it
    would never end, and memory would grow with every read)."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    source = tmp_path / "texts"
    (source / "a").mkdir(parents=True)
    (source / "a" / "one.txt").write_text("a real text")
    os.mknod(source / "a" / "zero.txt", stat.S_IFCHR | 0o644, os.makedev(1, 5))
    out = tmp_path / "out"
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", timeout=120)
    assert result.returncode == 0, result.stderr
    assert set(_records(out)) == {"a/one.txt"}
    assert "not a regular file (a character device)" in rejects_by_path(out)["a/zero.txt"]


def test_folders_and_files_that_cannot_be_read_are_rejected_without_root_powers(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for relpath in ("ok/a.jpg", "ok/b.jpg", "ok/secret.jpg", "locked/c.jpg", "noexec/d.jpg"):
        (source / relpath).parent.mkdir(parents=True, exist_ok=True)
        (source / relpath).write_bytes(image_bytes(seed=len(relpath)))
    (source / "ok" / "secret.jpg").chmod(0o000)
    (source / "locked").chmod(0o000)  # cannot be listed
    (source / "noexec").chmod(0o644)  # can be listed, not entered
    out = tmp_path / "out"
    try:
        result = run_shardify(
            "convert", str(source), str(out), "--max-rejects", "100%", "-q", prefix=without_permission_override()
        )
    finally:
        (source / "locked").chmod(0o755)
        (source / "noexec").chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert set(_records(out)) == {"ok/a.jpg", "ok/b.jpg"}
    rejects = rejects_by_path(out)
    assert set(rejects) == {"ok/secret.jpg", "locked", "noexec/d.jpg"}
    assert "cannot read" in rejects["ok/secret.jpg"] and "Permission denied" in rejects["ok/secret.jpg"]
    assert rejects["locked"] == "cannot list folder: Permission denied"
    assert rejects["noexec/d.jpg"] == "cannot stat: Permission denied"


def test_table_fields_beyond_the_csv_limit_convert_and_tables_without_rows_are_reported(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    long_text = "word " * 40_000  # 200 KB: the csv module's default field limit is 128 KiB
    rows = [("short one", "a"), (long_text, "b"), ("after the long one", "a"), ('with "quotes", and a\nline break', "b")]
    with open(source / "reviews.csv", "w", newline="", encoding="utf-8") as f:
        f.write("text,label\n")
        for text, label in rows:
            f.write('"' + text.replace('"', '""') + f'",{label}\n')
    (source / "header_only.csv").write_text("text,label\n")
    (source / "empty.jsonl").write_text("")
    (source / "blank_lines.jsonl").write_text("\n\n")
    out = convert(source, tmp_path / "out", shards=2)
    records = _records(out)
    assert sorted(r[contract.TEXT].decode() for r in records.values()) == sorted(text for text, _ in rows)
    assert {f"reviews.csv#{n}" for n in range(2, 2 + len(rows))} == set(records)
    assert rejects_by_path(out) == {
        "header_only.csv": "no rows: the table holds a header only",
        "empty.jsonl": "empty table: no rows",
        "blank_lines.jsonl": "empty table: no rows",
    }
    assert load_manifest(str(out)).inputs == {"seen": len(rows) + 3, "written": len(rows), "rejected": 3, "skipped": 0}


@pytest.mark.parametrize("fmt", ["csv", "tsv", "jsonl"])
def test_a_row_over_the_row_limit_is_rejected_alone(fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows after a too-long row are still read, each on its own (here with a 64-byte limit)."""
    monkeypatch.setattr(row_ranges, "MAX_ROW_BYTES", 64)
    long = "x" * 100
    if fmt == "csv":  # the long row is a quoted field holding line breaks and a delimiter
        data = f'text,label\nfirst,a\n"{long}\n,more\n""quoted""",b\n"two\nlines",c\nlast,d\n'
        expected = [{"text": "first", "label": "a"}, {"text": "two\nlines", "label": "c"}, {"text": "last", "label": "d"}]
    elif fmt == "tsv":
        data = f"text\tlabel\nfirst\ta\n{long}\tb\r\nlast\td\n"
        expected = [{"text": "first", "label": "a"}, {"text": "last", "label": "d"}]
    else:
        data = "\n".join(json.dumps(row) for row in ({"text": "first"}, {"text": long}, {"text": "last"})) + "\n"
        expected = [{"text": "first"}, {"text": "last"}]
    encoded = data.encode()
    _, rows = table_scans.read_table(io.BytesIO(encoded), fmt, len(encoded))
    rows = list(rows)
    errors = [row for row in rows if isinstance(row, tables.RowError)]
    assert len(errors) == 1 and "row longer than 64 bytes" in errors[0].reason
    assert [dict(row.cells) for row in rows if isinstance(row, tables.Row)] == expected
    for row in rows:  # each row's byte range parses back to the same cells
        if isinstance(row, tables.Row):
            header = ["text", "label"] if fmt != "jsonl" else []
            assert table_scans.parse_row(encoded[row.offset : row.offset + row.length], fmt, header) == dict(row.cells)


def _bmp(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (10, 200, 30)).save(buffer, "BMP")
    return buffer.getvalue()


def test_files_changed_after_planning_are_rejected_never_written_with_stale_fields(tmp_path: Path) -> None:
    """The run is stopped the moment plan.json appears, inputs are changed, and it goes on: each
    changed input is rejected as changed, and every record written describes its own bytes."""
    wide, tall = _bmp(24, 16), _bmp(16, 24)
    assert len(wide) == len(tall)  # same size, other shape: only the header can tell
    source = tmp_path / "src"
    files = {"a/wide.bmp": wide, "a/grows.jpg": image_bytes(seed=1), "a/becomes_pipe.jpg": image_bytes(seed=2)}
    files["a/becomes_link.jpg"] = image_bytes(seed=3)
    outside = tmp_path / "outside.jpg"
    outside.write_bytes(image_bytes(seed=3))
    files.update({f"a/same{i}.jpg": image_bytes(seed=10 + i) for i in range(5)})
    for relpath, data in files.items():
        (source / relpath).parent.mkdir(parents=True, exist_ok=True)
        (source / relpath).write_bytes(data)
    out = tmp_path / "out"
    command = shardify_command("convert", str(source), str(out), "--max-rejects", "100%", "-q")
    run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not (out / naming.PLAN_FILENAME).exists():
            assert run.poll() is None and time.monotonic() < deadline, "the run ended before planning was done"
            time.sleep(0.002)
        os.killpg(run.pid, signal.SIGSTOP)
        assert not [p for p in out.iterdir() if naming.parse_shard_filename(naming.final_filename(p.name))]
        (source / "a/wide.bmp").write_bytes(tall)
        with open(source / "a/grows.jpg", "ab") as f:
            f.write(b"appended")
        (source / "a/becomes_pipe.jpg").unlink()
        os.mkfifo(source / "a/becomes_pipe.jpg")
        (source / "a/becomes_link.jpg").unlink()
        (source / "a/becomes_link.jpg").symlink_to(outside)  # same bytes, outside SRC
        os.killpg(run.pid, signal.SIGCONT)
        _, stderr = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 0, stderr.decode()
    rejects = rejects_by_path(out)
    assert "file changed since it was listed (header now gives 16x24x3, planned 24x16x3)" in rejects["a/wide.bmp"]
    assert rejects["a/grows.jpg"].startswith("file changed since it was listed")
    assert rejects["a/becomes_pipe.jpg"] == "not a regular file (a named pipe)"
    assert rejects["a/becomes_link.jpg"].startswith(f"leads outside {os.path.realpath(source)}")
    records = _records(out)
    assert set(records) | set(rejects) == set(files) and not set(records) & set(rejects)
    for relpath, record in records.items():
        image = Image.open(io.BytesIO(record[contract.IMAGE_ENCODED]))
        assert (record[contract.IMAGE_WIDTH], record[contract.IMAGE_HEIGHT]) == image.size, relpath
        assert record[contract.IMAGE_ENCODED] == (source / relpath).read_bytes(), relpath


def test_a_table_row_whose_label_changed_after_scanning_is_rejected(tmp_path: Path) -> None:
    from shardify.converters.records import RecordBuilder
    from shardify.plan.entries import ROW, Entry
    from shardify.plan.shard_plans import PlanSummary, SplitPlan

    table = tmp_path / "t.csv"
    table.write_bytes(b"text,label\nhello,cat\n")
    summary = PlanSummary("tables", "text", False, ("cat", "dog"), contract.LABEL_SINGLE, (), "1", {"train": SplitPlan(1, 10, 1, {})})
    entry = Entry(ROW, "t.csv", 10, "train", 0, ("cat",), row=2, offset=11)
    builder = RecordBuilder(summary, lambda relpath, location=None: open(tmp_path / relpath, "rb"))
    assert builder.build(entry, number=0).data
    builder.close()
    table.write_bytes(b"text,label\nhello,dog\n")  # same length, another label
    builder = RecordBuilder(summary, lambda relpath, location=None: open(tmp_path / relpath, "rb"))
    with pytest.raises(InvalidInputError, match="the row.s label differs"):
        builder.build(entry, number=0)
    builder.close()


def test_labels_that_print_alike_are_one_label_or_refused(tmp_path: Path) -> None:
    composed, decomposed = unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café")
    assert composed != decomposed
    source = tmp_path / "src"
    files = {
        f"{composed}/1.jpg": image_bytes(seed=1),
        f"{decomposed}/2.jpg": image_bytes(seed=2),  # as macOS writes folder names
        "dog/3.jpg": image_bytes(seed=3),
        "dog\u200b/4.jpg": image_bytes(seed=4),  # a zero-width space: prints as "dog"
    }
    for relpath, data in files.items():
        (source / relpath).parent.mkdir(parents=True, exist_ok=True)
        (source / relpath).write_bytes(data)
    out = convert(source, tmp_path / "out")
    manifest = load_manifest(str(out))
    assert manifest.labels == (composed, "dog")
    assert manifest.splits["train"].label_counts == {composed: 2, "dog": 1}
    assert "invisible character U+200B" in rejects_by_path(out)["dog\u200b/4.jpg"]

    table = tmp_path / "table"
    table.mkdir()
    rows = [{"text": "one", "label": "\ufeffdog"}, {"text": "two", "label": "dog "}, {"text": "three", "label": decomposed}]
    (table / "rows.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    out = convert(table, tmp_path / "out_table")
    manifest = load_manifest(str(out))
    assert manifest.labels == (composed, "dog") and manifest.inputs["written"] == 3
