"""Useless stops of batches 40 and 42 turned into good stops, by kind (readers33f).

- a table compressed whole (blind40's UCI Covertype, `covtype.data.gz`, read by everyone as
  `pd.read_csv(gzip.open(...), header=None)`): the stop said "decompress them", and no option read it; now
  the file is read as the table it holds, in place and under its own name (`shardify/inputs/compressed.py`:
  gzip, bzip2 and xz, for .csv, .tsv, .data and .jsonl), and the tables-of-attributes stop names the options
  that convert it. Neighbour: UCI's KDD Cup 1999 `kddcup.data.gz` beside `kddcup.names` (kdd.ics.uci.edu's
  task page: "The full data set (18M; 743M Uncompressed) kddcup.data.gz"; readers in the code corpus read it
  with `pd.read_csv(path + "kddcup.data_10_percent.gz", header=None, names=...)`, the class last, 'normal.',
  'smurf.'), 41 features of numbers and words (tcp, http, SF) before the class. Hostile twins: a truncated
  stream (the rows before the cut written, the rest rejected naming the damage), a `.csv.gz` that is no gzip
  file, a row decompressing past the row limit (a bomb of one line), a NaN cell, an image compressed whole
  (still the "decompress" stop: images are read whole), a .tar.gz (still an archive), our own output as SRC.
- per-video CSVs of a row per box (blind40's BIRDSAI, `TrainReal/annotations/<video>.csv` of `frame,id,x,y,w,h,
  class,species,occlusion,noise` beside `TrainReal/images/<video>/<video>_<frame>.jpg`, as LILA's conversion script
  reads it): the stop offered --label-level 0 (frames without boxes); now a FRAME_ROWS row of the format table
  (shardify/plan/frame_row_formats.py: data, beside its neighbours UAVDT, VisDrone-VID, KITTI tracking and
  MOTChallenge, tested in tests/layouts/test_frame_rows.py) and right with no option. Hostile twins: a class
  number the format does not document (its frame rejected, never a label '7'), a NaN box (rejected), tables whose
  frame numbers name no file (not read as boxes: the sequence stop stands).
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from pathlib import Path

import pytest

from helpers import blind40
from helpers.refusals import follows_stop, refusal
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters.row_ranges import MAX_ROW_BYTES
from shardify.errors import ShardifyError
from shardify.inputs import compressed
from shardify.plan.path_parts import extension

_ATTRIBUTES = {"text_column": "none", "keep_columns": "*", "layout": "tables"}


_follows = follows_stop  # (helpers.refusals: stop, options named, followed, right)


# ---- a table compressed whole --------------------------------------------------------------------------------


def test_covertype_stops_naming_the_attribute_options_which_convert_it_right(tmp_path: Path) -> None:
    message = _follows("covertype", blind40, tmp_path)
    assert "covtype.data.gz" in message and "decompress" not in message


_KDD_CLASSES = ["normal.", "smurf.", "neptune.", "normal.", "back.", "smurf.", "normal.", "neptune.", "smurf."]


def _kdd_row(i: int, label: str) -> str:
    protocol, service = [("tcp", "http"), ("udp", "smtp"), ("icmp", "ecr_i")][i % 3]
    return f"{i},{protocol},{service},SF,{181 + i},{5450 - i},0,0,0,0,0,1," + ",".join(["0"] * 29) + f",{label}"


def _kdd(root: Path, data: bytes | None = None, name: str = "kddcup.data.gz") -> Path:
    """KDD Cup 1999 as UCI serves it: kddcup.data.gz (headerless, 41 features then the class) beside kddcup.names."""
    root.mkdir(parents=True)
    rows = "\n".join(_kdd_row(i, label) for i, label in enumerate(_KDD_CLASSES)) + "\n"
    (root / name).write_bytes(gzip.compress(rows.encode(), mtime=0) if data is None else data)
    (root / "kddcup.names").write_text("back,buffer_overflow,neptune,normal,smurf.\nduration: continuous.\n")
    return root


def _labels(out: Path) -> dict[str, str]:
    records = written_records(out, {})["records"]
    return {rid: next(iter(labels)) for rid, (_, labels) in records.items()}


@pytest.mark.parametrize("codec", ["gz", "bz2", "xz"])
def test_kdd_cup_compressed_whole_stops_naming_its_class_column_and_converts(tmp_path: Path, codec: str) -> None:
    rows = ("\n".join(_kdd_row(i, label) for i, label in enumerate(_KDD_CLASSES)) + "\n").encode()
    packed = {"gz": lambda b: gzip.compress(b, mtime=0), "bz2": bz2.compress, "xz": lzma.compress}[codec](rows)
    name = f"kddcup.data.{codec}"
    root = _kdd(tmp_path / "kdd", packed, name)
    message = refusal(root, tmp_path / "out")
    assert name in message and "--label-column '42'" in message and "--layout tables" in message, message
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_column="42", **_ATTRIBUTES))
    assert _labels(tmp_path / "followed") == {f"{name}:{i}": label for i, label in enumerate(_KDD_CLASSES)}


def test_a_truncated_stream_writes_the_rows_before_the_cut_and_rejects_the_rest_saying_why(tmp_path: Path) -> None:
    labels = [_KDD_CLASSES[i % 9] for i in range(4000)]
    whole = gzip.compress(("\n".join(_kdd_row(i, label) for i, label in enumerate(labels)) + "\n").encode(), mtime=0)
    root = _kdd(tmp_path / "kdd", whole[: len(whole) // 2])  # the second half of the stream lost
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="42", **_ATTRIBUTES))
    written = _labels(tmp_path / "out")
    assert 0 < len(written) < len(labels)
    assert written == {f"kddcup.data.gz:{i}": labels[i] for i in range(len(written))}  # a whole prefix, each row right
    reasons = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert [(r["path"], r["row"]) for r in reasons] == [("kddcup.data.gz", len(written))], reasons
    assert "unread: damaged gzip stream" in reasons[0]["reason"], reasons


def test_a_csv_gz_that_is_no_gzip_file_is_rejected_naming_it_never_a_crash(tmp_path: Path) -> None:
    root = _kdd(tmp_path / "kdd", b"a,b\n1,2\n", name="plain.csv.gz")
    with pytest.raises(ShardifyError) as stopped:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="b", **_ATTRIBUTES))
    rejected = tmp_path / "out" / "rejected.jsonl"
    said = str(stopped.value) + (rejected.read_text() if rejected.exists() else "")
    assert "gzip" in said and "plain.csv.gz" in said, said


def test_a_row_decompressing_past_the_row_limit_is_rejected_not_held(tmp_path: Path) -> None:
    bomb = gzip.compress(b"1," + b"0" * (MAX_ROW_BYTES + 10) + b"\n2,3\n", mtime=0)  # ~64 KB -> 64 MB
    assert len(bomb) < MAX_ROW_BYTES // 100
    root = tmp_path / "bomb"
    root.mkdir()
    (root / "rows.csv.gz").write_bytes(bomb)
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), header=False, label_column="1", **_ATTRIBUTES))
    reasons = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "rows.csv.gz" in reasons and "bytes" in reasons, reasons


def test_a_nan_cell_of_a_compressed_table_is_kept_as_it_reads(tmp_path: Path) -> None:
    rows = "\n".join(_kdd_row(i, label) for i, label in enumerate(_KDD_CLASSES)).replace("5450", "nan", 1) + "\n"
    root = _kdd(tmp_path / "kdd", gzip.compress(rows.encode(), mtime=0))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="42", **_ATTRIBUTES))
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "kddcup.data").write_text(rows)
    (plain / "kddcup.names").write_text((root / "kddcup.names").read_text())
    run_conversion(ConvertConfig(str(plain), str(tmp_path / "plain_out"), label_column="42", **_ATTRIBUTES))
    # the same records as the table uncompressed: the compression changes nothing but the name
    assert {k.replace(".gz", ""): v for k, v in _labels(tmp_path / "out").items()} == _labels(tmp_path / "plain_out")


def test_an_image_compressed_whole_still_stops_saying_decompress(tmp_path: Path) -> None:
    root = tmp_path / "scans"
    root.mkdir()
    (root / "scan.png.gz").write_bytes(gzip.compress(b"\x89PNG\r\n\x1a\n" + b"\0" * 64, mtime=0))
    message = refusal(root, tmp_path / "out")
    assert "gunzip scan.png.gz" in message, message


def test_names_compressed_whole_and_those_that_are_not() -> None:
    assert compressed.inner_name("uci/covtype.data.gz") == "uci/covtype.data"
    assert extension("uci/covtype.data.gz") == "data" and extension("t/train.CSV.xz") == "csv"
    for other in ("a.tar.gz", "a.png.gz", "a.gz", "a/.csv.gz", "a.csv", "a.json.gz", "a.gz.csv"):
        assert compressed.inner_name(other) == "", other
    assert extension("a.tar.gz") == "gz" and extension("a.png.gz") == "gz"


def test_our_own_output_as_src_reads_no_compressed_table(tmp_path: Path) -> None:
    root = _kdd(tmp_path / "kdd")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="42", **_ATTRIBUTES))
    with pytest.raises(ShardifyError) as stopped:  # shards and a manifest: never records of records
        run_conversion(ConvertConfig(str(tmp_path / "out"), str(tmp_path / "again")))
    assert not (tmp_path / "again" / "manifest.json").exists(), stopped.value


# ---- per-video CSVs of one row per box (MOT-shaped) ------------------------------------------------------------


def _birdsai(tmp_path: Path):
    truth = blind40.DATASETS["birdsai"](tmp_path / "download")
    return truth, sorted(truth.root.glob("*/annotations/*.csv"))


def test_birdsai_is_right_its_video_tables_read_as_the_frames_objects(tmp_path: Path) -> None:
    truth, _ = _birdsai(tmp_path)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")  # objects named animal/human by class 0/1, frames split TrainReal/TestReal


def _rejected(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]


def test_a_class_number_birdsai_does_not_document_is_never_a_silent_label(tmp_path: Path) -> None:
    truth, tables = _birdsai(tmp_path)
    first = tables[0].read_text().splitlines()
    fields = first[0].split(",")
    fields[6] = "7"  # BIRDSAI's classes are 0 animal and 1 human
    tables[0].write_text("\n".join([",".join(fields), *first[1:]]) + "\n")
    with pytest.raises(ShardifyError, match="no class"):  # its frame rejected: 1 of 8, past --max-rejects
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert [r["reason"] for r in _rejected(tmp_path / "out")] == ["row 1 (frame 900): no class"]


def test_a_nan_box_of_a_video_table_is_rejected_not_written(tmp_path: Path) -> None:
    truth, tables = _birdsai(tmp_path)
    first = tables[0].read_text().splitlines()
    fields = first[0].split(",")
    fields[4] = "nan"
    tables[0].write_text("\n".join([*first[1:], ",".join(fields)]) + "\n")  # (the first rows still the format's)
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert [r["reason"] for r in _rejected(tmp_path / "out")] == ["row 3 (frame 900): a box number is 'nan', not a finite number"]


def test_video_tables_naming_frames_no_folder_holds_are_not_read_as_boxes(tmp_path: Path) -> None:
    truth, tables = _birdsai(tmp_path)
    for table in tables:  # every row's frame moved far past the video's files: not this format's tables
        rows = [line.split(",") for line in table.read_text().splitlines()]
        table.write_text("\n".join(",".join([str(int(r[0]) + 50000), *r[1:]]) for r in rows) + "\n")
    message = refusal(truth.root, tmp_path / "out")
    assert "are each named by a file of rows of numbers outside them" in message, message


def test_a_compressed_table_inside_a_zip_is_read_as_its_table_too(tmp_path: Path) -> None:
    """The same KDD download zipped as it is mirrored (a zip of `kddcup.data.gz` and `kddcup.names`): detection's
    head of the member and the scan's stream both decompress it (archive_heads, InputOpener)."""
    import zipfile

    rows = ("\n".join(_kdd_row(i, label) for i, label in enumerate(_KDD_CLASSES)) + "\n").encode()
    root = tmp_path / "src"
    root.mkdir()
    with zipfile.ZipFile(root / "kdd.zip", "w") as archive:
        archive.writestr("kddcup.data.gz", gzip.compress(rows, mtime=0))
        archive.writestr("kddcup.names", "back,neptune,normal,smurf.\nduration: continuous.\n")
    message = refusal(root, tmp_path / "out")
    assert "--label-column '42'" in message, message
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_column="42", **_ATTRIBUTES))
    assert _labels(tmp_path / "followed") == {f"kdd/kddcup.data.gz:{i}": label for i, label in enumerate(_KDD_CLASSES)}


def test_a_compressed_table_of_many_rows_in_several_shards_writes_every_row_as_the_plain_table_does(tmp_path: Path) -> None:
    """A shard's rows come scattered over the table; a decompressor seeks back only from the top, so each row
    had decompressed the table again (20,000 rows of 5 MB: over 5 minutes; now copied once per worker). Tests
    time nothing: this checks that 4,000 rows over 4 shards come out as the plain table's, row for row."""
    rows = "\n".join(f"{i},{i * 7 % 1000},{i * 13 % 997},{i % 5}" for i in range(4000)) + "\n"
    labels = {}
    for name, data in (("rows.data", rows.encode()), ("rows.data.gz", gzip.compress(rows.encode(), mtime=0))):
        root = tmp_path / name.replace(".", "_")
        root.mkdir()
        (root / name).write_bytes(data)
        run_conversion(ConvertConfig(str(root), str(tmp_path / f"out_{name}"), label_column="4", shards=4, **_ATTRIBUTES))
        labels[name] = {rid.split(":")[-1]: label for rid, label in _labels(tmp_path / f"out_{name}").items()}
    assert len(labels["rows.data"]) == 4000 and labels["rows.data.gz"] == labels["rows.data"]
