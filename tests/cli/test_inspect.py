"""`shardify inspect`: its numbers equal the manifest's and the reports', it reads a bounded sample
and never the whole dataset, its page is self-contained, and hostile output folders give a note or
one `error:` line, never a traceback. (The page in a real browser: test_inspect_browser.py.)"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.cli_runs import TIMEOUT_SECONDS, one_line_error, run_shardify
from helpers.shard_io import read_report, read_shard
from helpers.sources import REPO, convert, image_bytes
from shardify.cli.main import app
from shardify.format import contract, example_proto, naming
from shardify.format.manifest import load_manifest
from shardify.format.tfrecord import TFRecordWriter, iter_records, masked_crc32c
from shardify.inspect.facts import inspect_output
from shardify.inspect.record_sample import SampleLimits, read_sample
from shardify.inspect.run_reports import scan_jsonl

runner = CliRunner()


# --- helpers -------------------------------------------------------------------------------------


def _inspect(out: Path, *args: str) -> str:
    """`shardify inspect OUT ARGS` in-process; its stdout, after checking it exited 0."""
    result = runner.invoke(app, ["inspect", str(out), "-q", *args])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def _manifest(out: Path) -> dict:
    """The manifest as plain JSON, read independently of shardify's parser."""
    return json.loads((out / naming.MANIFEST_FILENAME).read_text())


def _columns(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in line)


def _records(out: Path) -> list[tuple[str, dict]]:
    """(split, record) of every record, read with the test's own decoder."""
    return [
        (split, record)
        for split, info in _manifest(out)["splits"].items()
        for shard in info["shards"]
        for record in read_shard(out / shard["path"])
    ]


def _kind(reason: str) -> str:
    """A reason's kind as a person reads it: the words before ': ' or ' ('."""
    return re.split(r": | \(", reason, maxsplit=1)[0]


def _section(stdout: str, title: str) -> str:
    """The lines of one section of the terminal report (from its title to the next blank line)."""
    start = stdout.index("\n" + title) + 1
    end = stdout.find("\n\n", start)
    return stdout[start : end if end >= 0 else None]


def _add_duplicates(out: Path) -> dict:
    """Writes `duplicates.jsonl` and the manifest's `duplicates` block as the converter will once
    main's duplicate detection lands (this branch's converter does not write them yet): one line
    per group of records sharing a content hash, found here from the shards themselves."""
    groups: dict[str, list[dict]] = {}
    for split, record in _records(out):
        digest = record[contract.IMAGE_SHA256].decode()
        groups.setdefault(digest, []).append({"split": split, "id": record[contract.IMAGE_FILENAME].decode()})
    found = {digest: sorted(members, key=lambda m: (m["split"], m["id"])) for digest, members in groups.items() if len(members) > 1}
    lines = [json.dumps({"sha256": digest, "records": members}) for digest, members in sorted(found.items())]
    block = {
        "groups": len(found),
        "records": sum(len(m) for m in found.values()),
        "across_splits": sum(1 for m in found.values() if len({r["split"] for r in m}) > 1),
    }
    if found:
        (out / "duplicates.jsonl").write_text("\n".join(lines) + "\n")
        block["path"] = "duplicates.jsonl"
    data = _manifest(out)
    data["duplicates"] = block
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(data, indent=2))
    return block


# --- outputs -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bad_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Class folders with an empty .jpg, a truncated one and a PNG named .jpg among good images."""
    root = tmp_path_factory.mktemp("bad") / "src"
    files = {
        "cat/empty.jpg": b"",
        "cat/truncated.jpg": image_bytes(size=(64, 48))[:1000],
        "cat/also_truncated.jpg": image_bytes(size=(64, 48), seed=3)[:900],
        "dog/really_a_png.jpg": image_bytes(fmt="PNG", seed=4),
        **{f"cat/ok{i}.jpg": image_bytes(size=(40 + i, 30), seed=10 + i) for i in range(5)},
        **{f"dog/ok{i}.png": image_bytes(fmt="PNG", size=(30, 40 + i), seed=20 + i) for i in range(5)},
    }
    for relpath, data in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_bytes(data)
    return convert(root, root.parent / "out", shards=2)


@pytest.fixture(scope="module")
def texts_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return convert(REPO / "sample_data" / "texts", tmp_path_factory.mktemp("texts") / "out", shards=3)


@pytest.fixture(scope="module")
def tagged_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return convert(REPO / "sample_data" / "tagged", tmp_path_factory.mktemp("tagged") / "out", shards=2)


@pytest.fixture(scope="module")
def duplicated_output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """train and test split folders where one picture is in both (leakage) and one twice in train."""
    root = tmp_path_factory.mktemp("dups") / "src"
    leak, twice = image_bytes(size=(60, 40), seed=100), image_bytes(fmt="PNG", size=(50, 50), seed=101)
    files = {
        "train/cat/leak_a.jpg": leak,
        "test/cat/leak_b.jpg": leak,
        "train/dog/twice_1.png": twice,
        "train/dog/twice_2.png": twice,
        **{f"train/{c}/u{i}.jpg": image_bytes(size=(40, 30), seed=200 + i + 10 * n) for n, c in enumerate(("cat", "dog")) for i in range(4)},
        **{f"test/{c}/t{i}.jpg": image_bytes(size=(30, 40), seed=300 + i + 10 * n) for n, c in enumerate(("cat", "dog")) for i in range(2)},
    }
    for relpath, data in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_bytes(data)
    out = convert(root, root.parent / "out", shards=2)
    _add_duplicates(out)
    return out


# --- numbers -------------------------------------------------------------------------------------


def test_numbers_equal_the_manifest(converted: Path) -> None:
    stdout = _inspect(converted)
    data = _manifest(converted)
    for name, split in data["splits"].items():
        row = re.search(rf"^  {name} +([\d,]+) +(\S+ \S+) +([\d,]+)$", _section(stdout, "splits"), re.M)
        assert row, stdout
        assert int(row[1].replace(",", "")) == split["num_records"]
        assert int(row[3].replace(",", "")) == len(split["shards"]) == split["num_shards"]
        for label, count in split["label_counts"].items():
            assert re.search(rf"^  {label} +{count:,} +{100 * count / split['num_records']:.1f}%$", stdout, re.M), label
        shard_counts = sorted(shard["num_records"] for shard in split["shards"])
        spread = f"{shard_counts[0]:,} / {statistics.median(shard_counts):,.0f} / {shard_counts[-1]:,}"
        assert spread in _section(stdout, "per shard"), stdout
    facts = inspect_output(str(converted))
    assert {name: s.num_records for name, s in facts.manifest.splits.items()} == {n: s["num_records"] for n, s in data["splits"].items()}
    assert [s.num_bytes for s in facts.manifest.split("train").shards] == [s["num_bytes"] for s in data["splits"]["train"]["shards"]]
    assert "rejected: none" in stdout and "repaired: none" in stdout
    assert "duplicates: none (no two records share their content)" in stdout


def test_image_sizes_come_from_the_sample_and_say_so(converted: Path) -> None:
    stdout = _inspect(converted)
    records = [r for _, r in _records(converted)]
    widths = [r[contract.IMAGE_WIDTH] for r in records]
    heights = [r[contract.IMAGE_HEIGHT] for r in records]
    aspects = [w / h for w, h in zip(widths, heights)]
    # 72 records: fewer than the sample's minimum, so all of them are the sample.
    assert "image sizes, from 72 sampled records" in stdout
    sizes = _section(stdout, "image sizes")
    assert re.search(rf"width \(px\) +{min(widths)} +{statistics.median(widths):,.0f} +{max(widths)}$", sizes, re.M), sizes
    assert re.search(rf"height \(px\) +{min(heights)} +{statistics.median(heights):,.0f} +{max(heights)}$", sizes, re.M), sizes
    assert re.search(rf"aspect .* +{min(aspects):.2f} +{statistics.median(aspects):.2f} +{max(aspects):.2f}$", sizes, re.M)
    formats = Counter(r[contract.IMAGE_FORMAT].decode() for r in records)
    assert all(f"{name} {count}" in sizes for name, count in formats.items()), sizes


def test_the_sample_is_bounded_and_never_the_whole_dataset(converted: Path) -> None:
    manifest = load_manifest(str(converted))
    sample = read_sample(manifest, SampleLimits(per_label=2, min_records=0))
    assert sample.total_records < manifest.split("train").num_records
    assert sample.total_shards == 1  # the first shard holds two of each label: nothing else is opened
    assert {label: len(picks) for label, picks in sample.shown["train"].items()} == {label: 2 for label in manifest.labels}
    assert all(r.image is not None for picks in sample.shown["train"].values() for r in picks)
    shown = {id(r) for picks in sample.shown["train"].values() for r in picks}
    assert all(r.image is None for r in sample.records if id(r) not in shown)  # only what is shown is kept
    capped = read_sample(manifest, SampleLimits(per_label=50, min_records=0, max_records=10))
    assert capped.total_records == 10
    assert any("labels have no record" in note for note in read_sample(manifest, SampleLimits(per_label=50, max_bytes=1)).notes)


def test_rejects_and_repairs_by_reason_equal_the_reports(bad_output: Path) -> None:
    stdout = _inspect(bad_output)
    rejects = read_report(bad_output, naming.REJECTS_FILENAME)
    repairs = read_report(bad_output, naming.REPAIRS_FILENAME)
    assert len(rejects) == 3 and len(repairs) == 1  # empty, truncated x2; the PNG named .jpg
    rejected = _section(stdout, "rejected")
    assert rejected.startswith("rejected: 3 inputs (rejected.jsonl)")
    for kind, count in Counter(_kind(r["reason"]) for r in rejects).items():
        assert re.search(rf"^ +{count}  {re.escape(kind)}$", rejected, re.M), (kind, rejected)
    assert Counter(_kind(r["reason"]) for r in rejects) == Counter({"empty file": 1, "truncated JPEG": 2})
    for reject in rejects:
        assert f"{reject['path']}: {reject['reason']}"[:70] in rejected
    repaired = _section(stdout, "repaired")
    assert repaired.startswith("repaired: 1 input, 0 re-encoded (repaired.jsonl)")
    assert re.search(r"^ +1  PNG named \.jpg$", repaired, re.M)
    labels = _manifest(bad_output)["splits"]["train"]["label_counts"]
    assert labels == {"cat": 5, "dog": 6}
    assert re.search(r"^  cat +5 +45\.5%$", stdout, re.M) and re.search(r"^  dog +6 +54\.5%$", stdout, re.M)


def test_a_text_dataset(texts_output: Path) -> None:
    stdout = _inspect(texts_output)
    data = _manifest(texts_output)
    assert set(data["splits"]) == {"train", "test"}
    lengths = [len(r[contract.TEXT].decode()) for _, r in _records(texts_output)]
    assert f"text lengths, from {len(lengths)} sampled records" in stdout
    assert re.search(rf"characters +{min(lengths)} +{statistics.median(lengths):,.0f} +{max(lengths)}$", stdout, re.M)
    assert "image sizes" not in stdout
    header = [line for line in _section(stdout, "labels").splitlines() if "test" in line and "train" in line]
    assert header, stdout
    for label in data["labels"]:
        test, train = data["splits"]["test"]["label_counts"][label], data["splits"]["train"]["label_counts"][label]
        assert re.search(rf"^  {label} +{test} +[\d.]+% +{train} +[\d.]+%$", stdout, re.M), label
    assert re.search(r"^  total +42 ", stdout, re.M)


def test_a_multi_label_dataset(tagged_output: Path) -> None:
    stdout = _inspect(tagged_output)
    data = _manifest(tagged_output)
    assert data["label_mode"] == "multi"
    assert "% of records with the label" in stdout and "multi-label" in stdout
    counted = Counter(
        name.decode() for _, record in _records(tagged_output) for name in _as_list(record.get(contract.LABEL_TEXT, []))
    )
    for label, count in data["splits"]["train"]["label_counts"].items():
        assert counted[label] == count
        assert re.search(rf"^  {label} +{count} +{100 * count / 12:.1f}%$", stdout, re.M), label
    assert "image sizes, from 12 sampled records" in stdout and "text lengths, from 12 sampled records" in stdout


def _as_list(value: object) -> list:
    return value if isinstance(value, list) else [value]


def test_every_line_fits_80_columns(converted: Path, bad_output: Path, texts_output: Path, tagged_output: Path, duplicated_output: Path) -> None:
    for out in (converted, bad_output, texts_output, tagged_output, duplicated_output):
        stdout = _inspect(out)
        assert max(_columns(line) for line in stdout.splitlines()) <= 80, out


# --- duplicates ----------------------------------------------------------------------------------


def test_duplicates_across_splits_come_first(duplicated_output: Path) -> None:
    stdout = _inspect(duplicated_output)
    block = _manifest(duplicated_output)["duplicates"]
    assert block == {"groups": 2, "records": 4, "across_splits": 1, "path": "duplicates.jsonl"}
    section = _section(stdout, "duplicates")
    assert section.startswith("duplicates: 2 groups of identical records, 4 records (duplicates.jsonl)")
    across, within = section.index("across splits"), section.index("within one split")
    assert across < within
    assert "leakage): 1 group\n" in section[across:within]
    assert "test:test/cat/leak_b.jpg, train:train/cat/leak_a.jpg" in section[across:within]
    assert "within one split: 1 group\n" in section[within:] + "\n"
    assert "train:train/dog/twice_1.png, train:train/dog/twice_2.png" in section[within:]


def test_the_page_shows_duplicated_images_side_by_side(duplicated_output: Path, tmp_path: Path) -> None:
    page = tmp_path / "dups.html"
    _inspect(duplicated_output, "--html", str(page))
    text = page.read_text()
    groups = re.findall(r'<div class="group( leak)?">(.*?)</div></div>', text)
    assert [bool(leak) for leak, _ in groups] == [True, False]  # leakage first
    for _, group in groups:
        assert group.count('<img src="data:image/jpeg;base64,') == 2, group
    assert "leak_a.jpg" in groups[0][1] and "leak_b.jpg" in groups[0][1]


def test_duplicates_none_and_not_in_the_sample(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    assert _add_duplicates(out) == {"groups": 0, "records": 0, "across_splits": 0}
    assert "duplicates: none" in _inspect(out)
    # A group whose records the sample did not read shows their ids.
    data = _manifest(out)
    data["duplicates"] = {"groups": 1, "records": 2, "across_splits": 0, "path": "duplicates.jsonl"}
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(data))
    line = {"sha256": "ab" * 32, "records": [{"split": "train", "id": "circle/x.png"}, {"split": "train", "id": "circle/y.png"}]}
    (out / "duplicates.jsonl").write_text(json.dumps(line) + "\n")
    page = tmp_path / "page.html"
    stdout = _inspect(out, "--html", str(page))
    assert "train:circle/x.png, train:circle/y.png" in stdout
    assert page.read_text().count("(not in the sample)") == 2


# --- the HTML page -------------------------------------------------------------------------------


def test_the_page_is_self_contained(converted: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    stdout = _inspect(converted, "--html", str(page))
    assert f"wrote {page}" in stdout
    text = page.read_text()
    links = re.findall(r'(?:src|href)\s*=\s*["\']?([^"\'\s>]*)', text, re.I)
    assert links and all(link.startswith("data:") for link in links), [link[:40] for link in links if not link.startswith("data:")]
    assert "<script" not in text.lower() and "http-equiv=\"Content-Security-Policy\"" in text
    assert "@import" not in text and "url(" not in text
    # Charts: records and bytes per shard, labels, width, height, aspect.
    assert text.count("<svg") == 6
    # The grid: 8 thumbnails of each of the 3 labels, decoded from the records.
    assert text.count('<img src="data:image/jpeg;base64,') == 3 * 8
    assert not [p for p in os.listdir(tmp_path) if naming.is_temp_filename(p) or ".incomplete-" in p]


def test_the_page_of_texts_rejects_and_captions(bad_output: Path, texts_output: Path, tagged_output: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    _inspect(bad_output, "--html", str(bad))
    text = bad.read_text()
    assert "Rejected" in text and "truncated JPEG" in text and "empty file" in text and "PNG named .jpg" in text
    texts = tmp_path / "texts.html"
    _inspect(texts_output, "--html", str(texts))
    text = texts.read_text()
    assert "Sample texts" in text and "<img" not in text and "characters per text" in text
    first = next(r for split, r in _records(texts_output) if split == "train")[contract.TEXT].decode().strip()
    assert first[:40].replace("'", "&#x27;") in text
    tagged = tmp_path / "tagged.html"
    _inspect(tagged_output, "--html", str(tagged))
    assert "<i>a green circle</i>" in tagged.read_text()  # captions under the thumbnails


def test_the_page_goes_into_out_and_a_rerun_replaces_it(make_tree, tmp_path: Path) -> None:
    source = make_tree({f"{c}/{i}.png": image_bytes(fmt="PNG", seed=i + 7 * n) for n, c in enumerate("ab") for i in range(3)})
    out = convert(source, tmp_path / "out")
    _inspect(out, "--html", str(out / naming.INSPECT_FILENAME))
    assert naming.is_shardify_file(naming.INSPECT_FILENAME)
    convert(source, out)  # the folder check knows the page; the new run removes the stale one
    assert not (out / naming.INSPECT_FILENAME).exists()


# --- hostile output folders ----------------------------------------------------------------------


def test_usage_errors_exit_2(converted: Path, tmp_path: Path) -> None:
    assert runner.invoke(app, ["inspect", str(tmp_path / "missing")]).exit_code == 2
    assert runner.invoke(app, ["inspect", str(converted), "--samples", "0"]).exit_code == 2
    assert runner.invoke(app, ["inspect", str(converted), "--html", str(tmp_path)]).exit_code == 2  # a folder
    before = (converted / naming.MANIFEST_FILENAME).read_bytes()
    result = runner.invoke(app, ["inspect", str(converted), "--html", str(converted / naming.MANIFEST_FILENAME)])
    assert result.exit_code == 2 and "would replace a file of the output" in result.output
    assert (converted / naming.MANIFEST_FILENAME).read_bytes() == before


def test_a_folder_without_a_manifest_is_one_error_line(tmp_path: Path) -> None:
    result = run_shardify("inspect", str(tmp_path))
    assert result.returncode == 1
    assert "no manifest" in one_line_error(result)


def test_a_page_that_cannot_be_written_is_one_error_line(converted: Path, tmp_path: Path) -> None:
    result = run_shardify("inspect", str(converted), "--html", str(tmp_path / "no" / "such" / "page.html"))
    assert result.returncode == 1
    assert "cannot write" in one_line_error(result)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d["splits"]["train"]["shards"][0].update(path="../secret.tfrecord"), "must be a plain file name"),
        (lambda d: d.update(labels="cat"), "labels must be a list"),
        (lambda d: d.update(duplicates={"groups": "2", "records": 1, "across_splits": 0}), "duplicates.groups must be a whole number"),
        (lambda d: d.update(duplicates={"groups": 1, "records": 2, "across_splits": 0, "path": "/etc/passwd"}), "duplicates.path"),
        (lambda d: d["rejected"].update(path="../../etc/passwd", count=1), "rejected.path must be a plain file name"),
    ],
    ids=["shard path", "labels", "duplicates count", "duplicates path", "report path"],
)
def test_a_crafted_manifest_is_one_error_line(converted: Path, tmp_path: Path, edit, says: str) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    data = _manifest(out)
    edit(data)
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(data))
    result = run_shardify("inspect", str(out))
    assert result.returncode == 1
    assert says in one_line_error(result)


def test_reports_with_garbage_lines_give_notes(bad_output: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(bad_output, out)
    lines = (out / naming.REJECTS_FILENAME).read_bytes().splitlines(keepends=True)
    garbage = [b"not json\n", b"[1, 2]\n", b'{"path": 3, "reason": "x"}\n', b"\xff\xfe\x00\n", b"{" * 100_000 + b"\n",
               b'{"path": "\\u001b[2Jx.jpg", "reason": "empty file"}\n', b"x" * (2 << 20) + b"\n"]
    (out / naming.REJECTS_FILENAME).write_bytes(lines[0] + b"".join(garbage) + b"".join(lines[1:]))
    result = run_shardify("inspect", str(out))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    notes = " ".join(_section(result.stdout, "notes:").split())  # the notes wrap at 80 columns
    assert "rejected.jsonl line 2 skipped: not JSON" in notes
    assert "line 3 skipped: a JSON list, not an object" in notes
    assert "line 4 skipped: not" in notes
    assert "rejected.jsonl: 3 more lines skipped" in notes  # the other bad lines are counted, not each named
    assert "rejected.jsonl has 10 lines, but the manifest counts 3 entries" in notes
    assert "\x1b" not in result.stdout and "\\x1b[2Jx.jpg" in result.stdout  # no terminal control codes
    assert re.search(r"^ +2  empty file$", result.stdout, re.M)  # the crafted line counts, its path made printable


def test_a_report_that_is_a_pipe_or_missing_gives_a_note(bad_output: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(bad_output, out)
    (out / naming.REJECTS_FILENAME).unlink()
    os.mkfifo(out / naming.REJECTS_FILENAME)  # opening it to read would block without O_NONBLOCK
    (out / naming.REPAIRS_FILENAME).unlink()
    result = run_shardify("inspect", str(out), timeout=60)
    assert result.returncode == 0, result.stderr
    stdout = " ".join(result.stdout.split())
    assert "rejected.jsonl cannot be read: not a regular file (a named pipe)" in stdout
    assert "repaired.jsonl cannot be read: No such file or directory" in stdout


def test_a_huge_report_is_counted_not_parsed(tmp_path: Path) -> None:
    lines = [json.dumps({"path": f"x/{i}.jpg", "reason": "empty file" if i % 3 else "truncated JPEG: cut"}) for i in range(5000)]
    (tmp_path / "rejected.jsonl").write_text("\n".join(lines))  # no newline after the last line
    seen: list[int] = []
    scan = scan_jsonl(str(tmp_path), "rejected.jsonl", lambda number, _: seen.append(number), max_parsed_lines=100)
    assert (scan.lines, scan.parsed, scan.bad_lines) == (5000, 100, 0)
    assert seen == list(range(1, 101))
    assert scan.notes == ("rejected.jsonl: only the first 100 of 5,000 lines were read for details",)


def test_damaged_shards_and_undecodable_images_give_notes(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    shards = [s["path"] for s in _manifest(out)["splits"]["train"]["shards"]]
    # Shard 0: its first record's image replaced by bytes that are no image (framing intact).
    with open(out / shards[0], "rb") as f:
        records = list(iter_records(f, shards[0]))
    first = example_proto.decode_example(records[0])
    broken_id = first[contract.IMAGE_FILENAME][1][0].decode()
    first[contract.IMAGE_ENCODED] = (example_proto.BYTES, [b"no image here"])
    with open(out / shards[0], "wb") as f:
        writer = TFRecordWriter(f)
        for data in [example_proto.encode_example(first), *records[1:]]:
            writer.write(data)
    # Shard 1: a flipped byte in the middle; shard 2: a record length of 2**62 with valid CRCs.
    data = bytearray((out / shards[1]).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (out / shards[1]).write_bytes(bytes(data))
    length = (1 << 62).to_bytes(8, "little")
    (out / shards[2]).write_bytes(length + masked_crc32c(length).to_bytes(4, "little") + b"x" * 100)
    (out / shards[3]).unlink()
    page = tmp_path / "page.html"
    result = run_shardify("inspect", str(out), "--html", str(page), "--samples", "30")
    assert result.returncode == 0, result.stderr
    notes = " ".join(_section(result.stdout, "notes:").split())  # the notes wrap at 80 columns
    assert f"{shards[1]}, record" in notes and "CRC mismatch" in notes
    assert f"{shards[2]}, record 0: file ends inside a record (truncated)" in notes
    assert f"shard {shards[3]} not read: No such file or directory" in notes
    assert f"{shards[0]} record 0 ({broken_id}): image does not decode" in notes
    assert "image does not decode" in page.read_text()


def test_inspect_needs_no_tensorflow_and_help_no_plotting(converted: Path, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    script = (
        "import sys\n"
        "from shardify.cli.main import app\n"
        "def run(args):\n"
        "    try:\n        app(args)\n    except SystemExit as e:\n        assert e.code in (0, None), e.code\n"
        "run(['--help'])\n"
        "print('AFTER-HELP', sorted(m for m in ('pygal', 'PIL', 'tensorflow', 'apache_beam') if m in sys.modules))\n"
        f"run(['inspect', {str(converted)!r}, '--html', {str(page)!r}, '-q'])\n"
        "print('AFTER-INSPECT', sorted(m for m in ('tensorflow', 'apache_beam') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert result.returncode == 0, result.stderr
    assert "AFTER-HELP []" in result.stdout and "AFTER-INSPECT []" in result.stdout
    assert page.exists()


def test_many_splits_and_shards_stay_bounded(converted: Path, texts_output: Path, tmp_path: Path) -> None:
    manifest = load_manifest(str(texts_output))
    sample = read_sample(manifest, SampleLimits(max_total_bytes=1))
    assert sample.records_read == {"train": 1} and "1 splits not sampled (test)" in " ".join(sample.notes)
    # A manifest listing 400 shards, 396 of them missing: drawn as histograms, missing ones counted.
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    data = _manifest(out)
    shards = data["splits"]["train"]["shards"]
    shards += [{"path": f"gone-{i}.tfrecord", "num_records": 0, "num_bytes": 0, "sha256": "0" * 64} for i in range(396)]
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(data))
    page = tmp_path / "page.html"
    stdout = " ".join(_inspect(out, "--html", str(page), "--samples", "64").split())
    assert "shard gone-0.tfrecord not read: No such file or directory" in stdout
    assert "split train: 393 more shards not read whole" in stdout
    assert "train: shards by records" in page.read_text() and page.read_text().count("<svg") == 6
