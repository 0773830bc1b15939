"""Hostile input, twelfth round: the code the last two sessions added, given the hostile twins a
real user or a damaged download makes. `.json` files of JSON lines (a first line nested 10,000
deep or longer than detection's look, numbers past what a label may be); `.csv` tables whose
separator is sniffed (semicolons, tabs: cut mid-record, CR-only, NUL, BOM, Latin-1); nested JSON
fields named by path (deeper than four, or a key spelled with the path's dots beside the nested
field); parallel label files (cut short, a pipe, a link out); evaluation parts (`query/` beside
`image_query/`, a link out, a file in a folder's place); Hugging Face dataset cards naming the
classes (twice, as YAML booleans, NFC twins, control characters, Latin-1, empty, a pipe);
`--layout-file` (a key given twice, a BOM, Latin-1, NaN); what OUT keeps for the next run (the
kept probes as a pipe, a link, garbage; result files and reports as pipes); `--resize` records
forged (an original size of -5 or below the stored one, a hash of the wrong length) read back by
`verify` and the readers; `shardify bench` asked for images of 10^10 pixels.

Each test builds a tiny real source and runs the real command in this process (run_shardify),
or the reader alone. A test that could hang on a named pipe opens the pipe's other end after a
few seconds (`helpers.pipes.unblocked`), so a hang fails the test by its time instead of stalling the suite.
Every input ends in exactly one record or one reject, or the run stops with one clear line: never
a traceback, a hang, or a wrong output with exit 0.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from helpers.cli_runs import message, one_line_error, run_shardify
from helpers.one_place import records, rejects
from helpers.pipes import HANG_SECONDS, unblocked
from helpers.shard_io import forge_first_record
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import CorruptShardError
from shardify.format import contract, example_proto, naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output


def _convert(src: Path, out: Path, *options: str):  # noqa: ANN202
    return run_shardify("convert", str(src), str(out), "-q", "--max-rejects", "100%", *options)


def _no_traceback(result) -> None:  # noqa: ANN001
    assert "Traceback" not in result.stderr, result.stderr[-3000:]


def _accounted(out: Path, inputs: set[str]) -> dict:
    """Records by key, after checking every key of `inputs` is in exactly one record or reject."""
    written, rejected = records(out), rejects(out)
    assert not set(written) & set(rejected), set(written) & set(rejected)
    assert set(written) | set(rejected) == inputs, (sorted(inputs - set(written) - set(rejected)),
                                                    sorted(set(written) | set(rejected) - inputs))
    return written


def _reviews(count: int = 6, first: int = 0) -> list[str]:
    return [json.dumps({"text": f"review {i} was {'good' if i % 2 else 'bad'}", "label": "pos" if i % 2 else "neg"})
            for i in range(first, first + count)]


def _lines(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


# --- `.json` files of JSON lines (beam_jobs/discover/json_line_files.py) ---------------------------


def test_a_json_file_whose_first_line_nests_10000_deep_rejects_that_line_and_reads_the_rest(tmp_path: Path) -> None:
    deep = '{"text": ' + "[" * 10_000 + "]" * 10_000 + ', "label": "pos"}'
    write_file(tmp_path / "src" / "reviews.json", _lines([deep, *_reviews()]))
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, 8)})
    assert len(written) == 6 and "nested too deeply" in rejects(tmp_path / "out")["reviews.json#1"]


def test_a_json_file_whose_middle_line_nests_10000_deep_rejects_that_line(tmp_path: Path) -> None:
    deep = '{"text": ' + "[" * 10_000 + "]" * 10_000 + "}"
    lines = _reviews(3)
    write_file(tmp_path / "src" / "reviews.json", _lines([*lines, deep, *_reviews(2, 3)]))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, 7)})
    assert "nested too deeply" in rejects(tmp_path / "out")["reviews.json#4"]


def test_a_json_file_whose_first_line_is_longer_than_detection_looks_is_still_read_as_lines(tmp_path: Path) -> None:
    """A long first review (100 kB, past the 64 KiB detection reads of a file's head)."""
    long = json.dumps({"text": "a long review " * 7_500, "label": "pos"})
    write_file(tmp_path / "src" / "reviews.json", _lines([long, *_reviews()]))
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, 8)})
    assert written["reviews.json#1"][1] == ("pos",)


def test_a_json_lines_row_past_the_row_limit_is_one_reject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 64 MiB row limit made 64 KiB, so a 200 kB line stands for a 200 MB one."""
    from shardify.converters import row_ranges

    monkeypatch.setattr(row_ranges, "MAX_ROW_BYTES", 64 << 10)
    huge = json.dumps({"text": "x" * 200_000, "label": "pos"})
    write_file(tmp_path / "src" / "reviews.json", _lines([*_reviews(3), huge, *_reviews(2, 3)]))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, 7)})
    assert "longer than" in rejects(tmp_path / "out")["reviews.json#4"]


@pytest.mark.parametrize(
    ("name", "data", "why"),
    [
        ("byte-order mark", b"\xef\xbb\xbf" + _lines(_reviews()).encode(), None),
        ("cut mid-record", (_lines(_reviews()) + '{"text": "cut mid rec').encode(), "not JSON"),
        ("NUL in a string", (_lines(_reviews(5)) + '{"text": "a\x00b", "label": "pos"}\n').encode(), "not JSON"),
        ("Latin-1 line", _lines(_reviews(5)).encode() + b'{"text": "caf\xe9", "label": "pos"}\n', "UTF-8"),
        ("key given twice", (_lines(_reviews(5)) + '{"text": "x y", "label": "pos", "label": "neg"}\n').encode(), "repeats"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "",
)
def test_a_json_file_of_lines_with_one_damaged_line_loses_only_that_line(
    tmp_path: Path, name: str, data: bytes, why: str | None
) -> None:
    write_file(tmp_path / "src" / "reviews.json", data)
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
    written = _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, lines + 1)})
    if why is None:
        assert len(written) == lines
    else:
        assert len(written) == lines - 1 and why in rejects(tmp_path / "out")[f"reviews.json#{lines}"]


def test_json_lines_labels_of_nan_infinity_and_1e400_are_rejects(tmp_path: Path) -> None:
    bad = ['{"text": "x y z", "label": NaN}', '{"text": "x y", "label": 1e400}', '{"text": "x", "label": -Infinity}']
    write_file(tmp_path / "src" / "reviews.json", _lines([*_reviews(3), *bad]))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"reviews.json#{i}" for i in range(1, 7)})
    assert len(written) == 3 and all("not a number" in rejects(tmp_path / "out")[f"reviews.json#{i}"] for i in (4, 5, 6))


@pytest.mark.parametrize("value", ["1e300", str(2**70), "-1e19"])
def test_a_numbered_label_past_what_a_number_holds_exactly_is_a_reject_not_a_label_of_301_digits(
    tmp_path: Path, value: str
) -> None:
    """Labels 0 and 1, and one of 1e300: it was written as the label
    '1000000000000000052504760255204420248704468581108159...' (301 digits), exit 0."""
    rows = [f'{{"text": "text {i}", "label": {i % 2}}}' for i in range(5)] + [f'{{"text": "text x", "label": {value}}}']
    write_file(tmp_path / "src" / "train.jsonl", _lines(rows))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"train.jsonl#{i}" for i in range(1, 7)})
    assert {labels for _, labels, _ in written.values()} == {("0",), ("1",)}
    assert "train.jsonl#6" in rejects(tmp_path / "out")


def test_a_json_file_of_lines_beside_a_pipe_named_json_does_not_wait_on_the_pipe(tmp_path: Path) -> None:
    write_file(tmp_path / "src" / "a.json", _lines(_reviews()))
    os.mkfifo(tmp_path / "src" / "b.json")
    with unblocked(tmp_path / "src" / "b.json") as elapsed:
        result = _convert(tmp_path / "src", tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on a named pipe"
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"a.json#{i}" for i in range(1, 7)} | {"b.json"})


def test_a_json_file_of_lines_ending_in_bare_carriage_returns_is_one_reject_not_one_record(tmp_path: Path) -> None:
    write_file(tmp_path / "src" / "reviews.json", _lines(_reviews()).replace("\n", "\r"))
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode in (1, 2) and not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()
    assert "reviews.json" in one_line_error(result)


def test_a_json_lines_table_rewritten_as_a_pipe_between_plan_and_write_is_a_reject_not_a_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shardify.beam_jobs import launch

    src = tmp_path / "src"
    write_file(src / "a.json", _lines(_reviews()))
    write_file(src / "b.json", _lines(_reviews(4, 10)))
    ran = launch._run

    def swap_then_run(pipeline):  # noqa: ANN001, ANN202 - detection has read b.json; now it is a pipe
        (src / "b.json").unlink()
        os.mkfifo(src / "b.json")
        return ran(pipeline)

    monkeypatch.setattr(launch, "_run", swap_then_run)
    with unblocked(src / "b.json") as elapsed:
        result = _convert(src, tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on a named pipe"
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert "b.json" in rejects(tmp_path / "out") and len(records(tmp_path / "out")) == 6


# --- `.csv` tables whose separator is sniffed (converters/separators.py) ---------------------------


def _semicolons(count: int = 6, end: str = "\n") -> str:
    rows = ["id;text;label"] + [f"{i};review {i}, quite {'good' if i % 2 else 'bad'};{'pos' if i % 2 else 'neg'}"
                                for i in range(count)]
    return end.join(rows) + end


def test_a_semicolon_table_opening_with_a_byte_order_mark_is_read_by_its_header(tmp_path: Path) -> None:
    write_file(tmp_path / "src" / "t.csv", b"\xef\xbb\xbf" + _semicolons().encode())
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"t.csv#{i}" for i in range(2, 8)})
    assert written["t.csv#3"][1:] == (("pos",), "review 1, quite good")


def test_a_semicolon_table_cut_mid_record_keeps_its_whole_rows(tmp_path: Path) -> None:
    """A download cut inside a quoted text: the last line's two fields made the sniffer read the
    whole table with commas, one column `id;text;label`, and reject it whole (`no column holds
    text ()`)."""
    write_file(tmp_path / "src" / "t.csv", _semicolons() + '9;"a review cut mid')
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"t.csv#{i}" for i in range(2, 9)})
    assert len(written) == 6 and written["t.csv#2"][1:] == (("neg",), "review 0, quite bad")


def test_a_semicolon_table_with_bare_carriage_returns_is_read_row_by_row(tmp_path: Path) -> None:
    """Classic Mac OS line ends: the reject quoted Python's csv module ('do you need to open the
    file in universal-newline mode?'), a question about Python's API, not the file; since hostile
    round sixteen each lone CR ends a line (`converters/cr_lines.py`), so the table reads as its
    LF twin would, no text holding a CR."""
    write_file(tmp_path / "src" / "t.csv", _semicolons(end="\r"))
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"t.csv#{i}" for i in range(2, 8)})
    assert written["t.csv#3"][1:] == (("pos",), "review 1, quite good")
    assert not any("\r" in entry[2] for entry in written.values())


def test_a_semicolon_table_in_latin_1_is_read_as_western_text(tmp_path: Path) -> None:
    """A lone Latin-1 byte among ASCII (`r\xe9view`): read as Windows-1252, whose letters are Latin-1's
    (the files decide the encoding: docs/converting.md); it stopped naming --encoding before."""
    write_file(tmp_path / "src" / "t.csv", _semicolons().encode().replace(b"review 2", b"r\xe9view 2"))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"t.csv#{i}" for i in range(2, 8)})
    assert written["t.csv#4"][1:] == (("neg",), "r\u00e9view 2, quite bad")


def test_a_semicolon_table_in_two_byte_runs_of_latin_1_still_stops_naming_encoding(tmp_path: Path) -> None:
    """Two such bytes side by side (`Gr\xf6\xdfe`) may be another code page's letters: no guess."""
    write_file(tmp_path / "src" / "t.csv", _semicolons().encode().replace(b"review 2", b"Gr\xf6\xdfe 2"))
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 2 and "--encoding" in one_line_error(result)


def test_a_semicolon_table_row_of_other_fields_is_its_own_reject(tmp_path: Path) -> None:
    write_file(tmp_path / "src" / "t.csv", _semicolons() + "9;a;b;c;d\n")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"t.csv#{i}" for i in range(2, 9)})
    assert "fields" in rejects(tmp_path / "out")["t.csv#8"]


def test_a_tab_table_named_csv_with_nan_and_1e400_scores_keeps_every_row(tmp_path: Path) -> None:
    rows = [f"g\th{i}\t2016\t{i:04d}\t{x}\tA, b {i}.\tC d {i}." for i, x in enumerate(["4.0", "nan", "1e400", "-inf", "3.2"])]
    write_file(tmp_path / "src" / "sts.csv", "\n".join(rows) + "\n")
    result = _convert(tmp_path / "src", tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"sts.csv#{i}" for i in range(1, 6)})
    assert all("\t" not in text for _, _, text in written.values())


# --- nested JSON fields named by path (converters/nested_fields.py) --------------------------------


def _question(i: int, stem: object) -> str:
    return json.dumps({"id": i, "answerKey": "AB"[i % 2], "question": {"stem": stem, "choices": []}})


def test_nested_text_fields_that_are_no_text_are_rejects_naming_the_path(tmp_path: Path) -> None:
    rows = [_question(0, "fine?"), _question(1, 5), _question(2, {"deep": "x"}), _question(3, ["a"]),
            _question(4, None), _question(5, True), _question(6, "fine too?")]
    write_file(tmp_path / "src" / "train.jsonl", _lines(rows))
    result = _convert(tmp_path / "src", tmp_path / "out", "--text-column", "question.stem", "--label-column", "answerKey")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"train.jsonl#{i}" for i in range(1, 8)})
    # (a list of exactly one string is that string since converters/columns.py read Webis' `postText: ["..."]`)
    assert {key: text for key, (_, _, text) in written.items()} == {
        "train.jsonl#1": "fine?", "train.jsonl#4": "a", "train.jsonl#7": "fine too?"}
    assert len(rejects(tmp_path / "out")) == 4 and all("question.stem" in r for r in rejects(tmp_path / "out").values())


def test_a_nested_field_five_levels_deep_is_read(tmp_path: Path) -> None:
    """Every row was 'no text column 'a.b.c.d.e'; the columns are ['a', 'label']', exit 1: the
    path was followed four levels and no further, and nothing said so."""
    rows = [json.dumps({"a": {"b": {"c": {"d": {"e": f"text {i}"}}}}, "label": "x"}) for i in range(4)]
    write_file(tmp_path / "src" / "train.jsonl", _lines(rows))
    result = _convert(tmp_path / "src", tmp_path / "out", "--text-column", "a.b.c.d.e")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"train.jsonl#{i}" for i in range(1, 5)})
    assert written["train.jsonl#1"][2] == "text 0"


def test_a_key_spelled_as_the_path_beside_the_nested_field_is_no_silent_choice(tmp_path: Path) -> None:
    """`{"question.stem": "literal", "question": {"stem": "nested"}}`: the literal key won, unsaid."""
    rows = [json.dumps({"question.stem": f"literal {i}", "question": {"stem": f"nested {i}"}, "label": "x"}) for i in range(4)]
    write_file(tmp_path / "src" / "train.jsonl", _lines(rows))
    result = _convert(tmp_path / "src", tmp_path / "out", "--text-column", "question.stem")
    _no_traceback(result)
    assert result.returncode != 0 or not records(tmp_path / "out"), "one of two fields was chosen with exit 0"
    assert "question.stem" in message(result.stderr) + " ".join(rejects(tmp_path / "out").values())


def test_a_nested_row_5000_objects_deep_is_one_reject(tmp_path: Path) -> None:
    deep = '{"question": ' + '{"a":' * 5000 + "1" + "}" * 5000 + "}"
    write_file(tmp_path / "src" / "train.jsonl", _lines([_question(0, "fine?"), deep, _question(2, "fine too?")]))
    result = _convert(tmp_path / "src", tmp_path / "out", "--text-column", "question.stem", "--label-column", "answerKey")
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"train.jsonl#{i}" for i in range(1, 4)})
    assert "nested too deeply" in rejects(tmp_path / "out")["train.jsonl#2"]


def test_nested_label_values_of_nan_1e300_and_objects_are_rejects(tmp_path: Path) -> None:
    values = ["a", "b", float("nan"), 1e300, {"x": 1}, ["a", "b"]]
    rows = [json.dumps({"text": f"t {i}", "l": {"name": v}}) for i, v in enumerate(values)]
    write_file(tmp_path / "src" / "train.jsonl", _lines(rows))
    result = _convert(tmp_path / "src", tmp_path / "out", "--label-column", "l.name")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"train.jsonl#{i}" for i in range(1, 7)})
    assert set(written) == {"train.jsonl#1", "train.jsonl#2", "train.jsonl#6"}


# --- parallel label files (beam_jobs/discover/parallel_labels.py) ----------------------------------


def _goals(root: Path, count: int = 5) -> None:
    write_file(root / "train.jsonl", _lines([json.dumps({"goal": f"how to do thing {i}", "sol1": "a", "sol2": "b"})
                                             for i in range(count)]))


def test_a_parallel_labels_file_cut_short_still_stops_before_writing(tmp_path: Path) -> None:
    """PIQA's train-labels.lst cut one line short (a damaged download): the names pair them, the
    counts did not, and every question was written unlabelled beside the .lst's reject."""
    _goals(tmp_path / "src")
    write_file(tmp_path / "src" / "train-labels.lst", "0\n1\n0\n1\n")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 2, (result.returncode, result.stderr)
    line = one_line_error(result)
    assert "train-labels.lst" in line and "4" in line and "5" in line


def test_a_parallel_labels_file_of_bare_carriage_returns_is_counted_by_its_lines(tmp_path: Path) -> None:
    _goals(tmp_path / "src")
    write_file(tmp_path / "src" / "train-labels.lst", "0\r1\r0\r1\r0\r")
    result = _convert(tmp_path / "src", tmp_path / "out")
    assert result.returncode == 2 and "train-labels.lst" in one_line_error(result)


@pytest.mark.parametrize("kind", ["pipe", "link to /dev/zero", "link outside"])
def test_a_parallel_labels_file_that_is_no_file_of_src_is_a_reject_and_no_hang(tmp_path: Path, kind: str) -> None:
    src = tmp_path / "src"
    _goals(src)
    labels = src / "train-labels.lst"
    if kind == "pipe":
        os.mkfifo(labels)
    elif kind == "link to /dev/zero":
        os.symlink("/dev/zero", labels)
    else:
        write_file(tmp_path / "elsewhere.lst", "0\n1\n0\n1\n0\n")
        os.symlink(tmp_path / "elsewhere.lst", labels)
    with unblocked(labels) as elapsed:
        result = _convert(src, tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s"
    _no_traceback(result)
    assert "train-labels.lst" in rejects(tmp_path / "out") if result.returncode == 0 else "train-labels.lst" in result.stderr


# --- evaluation parts (shardify/plan/evaluation_parts.py) ------------------------------------------


def _market(root: Path, parts: tuple[str, ...] = ()) -> set[str]:
    made = set()
    for part in ("bounding_box_train", "bounding_box_test", "query", *parts):
        for pid in (1, 2):
            name = f"{part}/{pid:04d}_c1s1_000{pid}_00.jpg"
            write_file(root / name, image_bytes(seed=pid))
            made.add(name)
    return made


_PERSON = ("--label-from-name", r"^(\d+)_")


def test_an_evaluation_part_that_links_outside_src_is_one_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    made = _market(src)
    write_file(tmp_path / "elsewhere" / "0009_c1s1_0009_00.jpg", image_bytes())
    os.symlink(tmp_path / "elsewhere", src / "gallery")
    result = _convert(src, tmp_path / "out", *_PERSON)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", made | {"gallery"})
    assert written["query/0001_c1s1_0001_00.jpg"][:2] == ("query", ("0001",))


def test_two_folders_of_one_evaluation_part_keep_every_image(tmp_path: Path) -> None:
    src = tmp_path / "src"
    made = _market(src, ("image_query",))
    result = _convert(src, tmp_path / "out", *_PERSON)
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", made)
    assert {written[p][0] for p in made if "query" in p} == {"query"}


def test_an_evaluation_part_holding_a_pipe_rejects_the_pipe_and_waits_on_nothing(tmp_path: Path) -> None:
    src = tmp_path / "src"
    made = _market(src)
    os.mkfifo(src / "query" / "0003_c1s1_0003_00.jpg")
    with unblocked(src / "query" / "0003_c1s1_0003_00.jpg") as elapsed:
        result = _convert(src, tmp_path / "out", *_PERSON)
    assert elapsed[0] < HANG_SECONDS
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", made | {"query/0003_c1s1_0003_00.jpg"})


# --- Hugging Face dataset cards naming the classes (shardify/plan/dataset_card.py) -----------------

_CARD = (
    "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train.jsonl\n"
    "dataset_info:\n  features:\n  - name: text\n    dtype: string\n  - name: label\n    dtype:\n      class_label:\n"
    "        names:\n{names}\n---\n# A card\n"
)


def _card_source(root: Path, *names: str, labels: tuple[int, ...] = (0, 1, 1, 0), raw: bytes | None = None) -> Path:
    rows = [json.dumps({"text": f"i feel it number {i}", "label": label}) for i, label in enumerate(labels)]
    write_file(root / "data" / "train.jsonl", _lines(rows))
    text = _CARD.format(names="\n".join(f"          '{i}': {name}" for i, name in enumerate(names)))
    write_file(root / "README.md", raw if raw is not None else text)
    return root


def test_a_cards_class_names_name_the_numbered_labels(tmp_path: Path) -> None:
    result = _convert(_card_source(tmp_path / "src", "negative", "positive"), tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"data/train.jsonl#{i}" for i in range(1, 5)})
    assert written["data/train.jsonl#2"][1] == ("positive",)


@pytest.mark.parametrize(
    ("names", "word"),
    [
        (("same", "same"), "same"),  # failed after the shards were written: 'labels must be ... distinct'
        (("' neg'", "'neg '"), "neg"),  # equal once trimmed: failed after writing, the TFDS label file
        (("café", "cafe\u0301"), "caf"),  # equal under NFC: both classes written as one, exit 0
        (('"neg\\x1b[31m"', "pos"), "U+001B"),  # an ANSI escape written as a label, exit 0
        (("no", "yes"), "no"),  # YAML 1.1 booleans: the labels were 'False' and 'True', exit 0
        (("''", "pos"), "empty"),  # names refused unsaid: labels written as '0' and '1'
    ],
    ids=["twice", "trimmed twins", "NFC twins", "ANSI escape", "YAML booleans", "empty name"],
)
def test_class_names_a_card_gives_that_cannot_name_labels_stop_before_writing(
    tmp_path: Path, names: tuple[str, ...], word: str
) -> None:
    result = _convert(_card_source(tmp_path / "src", *names), tmp_path / "out")
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    line = one_line_error(result)
    assert "README.md" in line and word in line, line
    assert not list((tmp_path / "out").glob("*.tfrecord")) if (tmp_path / "out").exists() else True


def test_a_card_in_latin_1_does_not_write_replacement_characters_as_labels(tmp_path: Path) -> None:
    raw = _CARD.format(names="          '0': n\xe9gatif\n          '1': positif").encode("latin-1")
    result = _convert(_card_source(tmp_path / "src", raw=raw), tmp_path / "out")
    _no_traceback(result)
    if result.returncode == 0:
        assert all("\ufffd" not in label for _, labels, _ in records(tmp_path / "out").values() for label in labels)
    else:
        assert result.returncode == 2 and "UTF-8" in one_line_error(result)


def test_card_labels_past_its_names_are_rejects(tmp_path: Path) -> None:
    src = _card_source(tmp_path / "src", "negative", "positive", labels=(0, 1, 7, -1, 1))
    result = _convert(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    written = _accounted(tmp_path / "out", {f"data/train.jsonl#{i}" for i in range(1, 6)})
    assert len(written) == 3 and set(rejects(tmp_path / "out")) == {"data/train.jsonl#3", "data/train.jsonl#4"}


def test_a_card_that_is_a_pipe_is_a_reject_and_no_hang(tmp_path: Path) -> None:
    src = _card_source(tmp_path / "src", "negative", "positive")
    (src / "README.md").unlink()
    os.mkfifo(src / "README.md")
    with unblocked(src / "README.md") as elapsed:
        result = _convert(src, tmp_path / "out")
    assert elapsed[0] < HANG_SECONDS
    assert result.returncode == 0, result.stderr
    assert "README.md" in rejects(tmp_path / "out")


def test_a_card_nested_10000_deep_says_nothing_and_stops_nothing(tmp_path: Path) -> None:
    src = _card_source(tmp_path / "src", "negative", "positive")
    write_file(src / "README.md", "---\nconfigs: " + "[" * 10_000 + "]" * 10_000 + "\n---\n")
    result = _convert(src, tmp_path / "out")
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    _accounted(tmp_path / "out", {f"data/train.jsonl#{i}" for i in range(1, 5)})


# --- layout files (--layout-file, shardify/plan/layout_file.py) ------------------------------------

_LAYOUT = ("shardify_layout: 1\nlayout: text_folders\nmedia: text\nstructure:\n  label_levels:\n    '*': {level}\n"
           "options:\n  class_ids: label-map\n")


def _text_classes(root: Path) -> set[str]:
    for label in ("neg", "pos"):
        for i in range(3):
            write_file(root / label / f"{i}.txt", f"{label} text {i}\n")
    return {f"{label}/{i}.txt" for label in ("neg", "pos") for i in range(3)}


def test_a_layout_file_giving_a_key_twice_stops_naming_the_key(tmp_path: Path) -> None:
    """YAML keeps a repeated key's last value, unsaid: `layout:` given twice ran with one of them."""
    _text_classes(tmp_path / "src")
    write_file(tmp_path / "layout.yaml", _LAYOUT.format(level=0) + "layout: image_folders\n")
    result = _convert(tmp_path / "src", tmp_path / "out", "--layout-file", str(tmp_path / "layout.yaml"))
    assert result.returncode == 2, (result.returncode, result.stderr)
    line = one_line_error(result)
    assert "layout.yaml" in line and "'layout'" in line


def test_a_layout_file_giving_a_nested_key_twice_stops(tmp_path: Path) -> None:
    _text_classes(tmp_path / "src")
    text = _LAYOUT.format(level=0).replace("    '*': 0\n", "    '*': 0\n    '*': 1\n")
    write_file(tmp_path / "layout.yaml", text)
    result = _convert(tmp_path / "src", tmp_path / "out", "--layout-file", str(tmp_path / "layout.yaml"))
    assert result.returncode == 2 and "'*'" in one_line_error(result)


@pytest.mark.parametrize(
    ("name", "data"),
    [("byte-order mark", "\ufeff" + _LAYOUT.format(level=0)), ("CRLF", _LAYOUT.format(level=0).replace("\n", "\r\n"))],
)
def test_a_layout_file_saved_by_a_windows_editor_is_read(tmp_path: Path, name: str, data: str) -> None:
    made = _text_classes(tmp_path / "src")
    write_file(tmp_path / "layout.yaml", data)
    result = _convert(tmp_path / "src", tmp_path / "out", "--layout-file", str(tmp_path / "layout.yaml"))
    assert result.returncode == 0, result.stderr
    assert _accounted(tmp_path / "out", made)["neg/0.txt"][1] == ("neg",)


@pytest.mark.parametrize(
    ("name", "data", "word"),
    [
        ("NaN level", _LAYOUT.format(level=".nan").encode(), "nan"),
        ("level 10^30", _LAYOUT.format(level=10**30).encode(), "label_levels"),
        ("Latin-1 comment", _LAYOUT.format(level=0).encode() + b"# caf\xe9\n", "UTF-8"),
        ("a NUL", _LAYOUT.format(level=0).replace("media: text", "media: te\x00xt").encode(), "layout.yaml"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "",
)
def test_a_damaged_layout_file_stops_in_one_line(tmp_path: Path, name: str, data: bytes, word: str) -> None:
    _text_classes(tmp_path / "src")
    write_file(tmp_path / "layout.yaml", data)
    result = _convert(tmp_path / "src", tmp_path / "out", "--layout-file", str(tmp_path / "layout.yaml"))
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert word in one_line_error(result)


def test_a_layout_file_that_is_a_pipe_is_refused_unread(tmp_path: Path) -> None:
    _text_classes(tmp_path / "src")
    os.mkfifo(tmp_path / "layout.yaml")
    with unblocked(tmp_path / "layout.yaml") as elapsed:
        result = _convert(tmp_path / "src", tmp_path / "out", "--layout-file", str(tmp_path / "layout.yaml"))
    assert elapsed[0] < HANG_SECONDS
    assert result.returncode == 2 and "named pipe" in one_line_error(result)


# --- what OUT keeps for the next run (kept probes, result files, reports) --------------------------


def _cats(root: Path, classes: tuple[str, ...] = ("cat", "dog")) -> set[str]:
    for label in classes:
        for i in range(3):
            write_file(root / label / f"{i}.jpg", image_bytes(seed=i))
    return {f"{label}/{i}.jpg" for label in classes for i in range(3)}


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as f:
        f.truncate(size)


_KEPT = {
    "a pipe": lambda p: (p.unlink(), os.mkfifo(p)),
    "a link to /dev/zero": lambda p: (p.unlink(), os.symlink("/dev/zero", p)),
    "a link outside OUT": lambda p: (shutil.move(p, p.parent.parent / "away.npz"), os.symlink(p.parent.parent / "away.npz", p)),
    "cut short": lambda p: p.write_bytes(p.read_bytes()[:100]),
    "NUL bytes": lambda p: p.write_bytes(b"\x00" * 500),
    "a folder": lambda p: (p.unlink(), p.mkdir()),
    "past its limit": lambda p: _sparse(p, (64 << 20) + 5),
}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished conversion of six images, its kept probes file in OUT."""
    root = tmp_path_factory.mktemp("kept")
    _cats(root / "src")
    convert(root / "src", root / "out")
    assert list((root / "out").glob("probes-*.npz"))
    return root


@pytest.mark.parametrize("forge", list(_KEPT.values()), ids=list(_KEPT))
def test_an_append_over_damaged_kept_probes_probes_again_and_never_waits(
    tmp_path: Path, kept: Path, forge  # noqa: ANN001
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(kept / "src", src, symlinks=True)
    shutil.copytree(kept / "out", out, symlinks=True)
    probes = next(out.glob("probes-*.npz"))
    forge(probes)
    made = _cats(src, ("cat", "dog", "bird"))
    with unblocked(probes) as elapsed:
        result = _convert(src, out, "--append")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on OUT/{probes.name}"
    _no_traceback(result)
    assert result.returncode == 0, result.stderr
    assert set(records(out)) == made


def test_an_append_over_an_output_whose_inputs_file_is_a_pipe_stops_in_one_line(tmp_path: Path, kept: Path) -> None:
    name = naming.inputs_filename(1)
    src, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(kept / "src", src)
    shutil.copytree(kept / "out", out)
    (out / name).unlink()
    os.mkfifo(out / name)
    _cats(src, ("bird",))
    with unblocked(out / name) as elapsed:
        result = _convert(src, out, "--append")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on OUT/{name}"
    assert result.returncode in (1, 2) and name in one_line_error(result)


def test_a_resume_whose_result_file_is_a_pipe_writes_its_shard_again(tmp_path: Path) -> None:
    from helpers.sources import refused_run

    src, out = refused_run(tmp_path)
    result_file = next(out.glob("*.result.json"))
    result_file.unlink()
    os.mkfifo(result_file)
    (src / "pos" / "empty.txt").write_text("now a text\n")
    with unblocked(result_file) as elapsed:
        result = _convert(src, out, "--max-rejects", "0")
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s on OUT/{result_file.name}"
    assert result.returncode == 0, result.stderr
    assert len(records(out)) == 13


def test_a_refused_runs_report_that_is_a_pipe_is_not_waited_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The failed run's summary counts the reasons in OUT/rejected.jsonl: a pipe there (put by
    another user, or left by a tool) made it wait."""
    from shardify.beam_jobs.output import reject_reasons

    os.mkfifo(tmp_path / "rejected.jsonl")
    with unblocked(tmp_path / "rejected.jsonl") as elapsed:
        said = reject_reasons.common_reasons(str(tmp_path / "rejected.jsonl"))
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s"
    assert said == ""


def test_a_lock_file_that_is_a_pipe_is_not_waited_on(tmp_path: Path) -> None:
    from shardify.beam_jobs.output import lock

    os.mkfifo(tmp_path / "lock")
    with unblocked(tmp_path / "lock") as elapsed:
        holder = lock._read_holder(str(tmp_path / "lock"))
    assert elapsed[0] < HANG_SECONDS, f"waited {elapsed[0]:.1f} s"
    assert holder is None


def test_our_own_output_given_as_src_is_refused_or_read_as_an_output_never_as_tables(tmp_path: Path, kept: Path) -> None:
    """OUT's `.json` files (dataset_info.json, features.json) are no JSON-lines tables."""
    result = _convert(kept / "out", tmp_path / "out2")
    _no_traceback(result)
    assert result.returncode != 0
    assert "earlier shardify output" in message(result.stderr) or "shardify output" in message(result.stderr)


# --- `--resize` records read back (record_values, tf_checks) ---------------------------------------


@pytest.fixture(scope="module")
def resized(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("resized")
    for i in range(4):
        write_file(root / "src" / ("cat" if i % 2 else "dog") / f"{i}.jpg", image_bytes(size=(64, 48), seed=i))
    return convert(root / "src", root / "out", resize="shorter:16")


_ORIGINAL_LIES = {
    "original height -5": (contract.IMAGE_ORIGINAL_HEIGHT, example_proto.INT64, [-5], "image/original/height"),
    "original width 0": (contract.IMAGE_ORIGINAL_WIDTH, example_proto.INT64, [0], "image/original/width"),
    "original below stored": (contract.IMAGE_ORIGINAL_HEIGHT, example_proto.INT64, [8], "image/original/height"),
    "hash of 5 bytes": (contract.IMAGE_ORIGINAL_SHA256, example_proto.BYTES, [b"abcde"], "sha256"),
}


@pytest.mark.parametrize("lie", list(_ORIGINAL_LIES.values()), ids=list(_ORIGINAL_LIES))
def test_verify_fails_a_resized_record_whose_original_size_no_writer_writes(
    tmp_path: Path, resized: Path, lie  # noqa: ANN001
) -> None:
    key, kind, values, word = lie
    out = tmp_path / "out"
    shutil.copytree(resized, out)
    forge_first_record(out, "train", lambda features: features.__setitem__(key, (kind, values)))
    with pytest.raises(CorruptShardError) as error:
        verify_output(load_manifest(str(out)))
    assert word in str(error.value)


def test_load_fails_a_resized_record_whose_original_height_is_negative(tmp_path: Path, resized: Path) -> None:
    tf = pytest.importorskip("tensorflow")
    import shardify

    out = tmp_path / "out"
    shutil.copytree(resized, out)
    forge_first_record(out, "train", lambda f: f.__setitem__(contract.IMAGE_ORIGINAL_HEIGHT, (example_proto.INT64, [-5])))
    with pytest.raises(tf.errors.InvalidArgumentError) as error:
        for _ in shardify.load(str(out), "train", shuffle=False):
            pass
    assert "original" in error.value.message


def test_verify_passes_a_resized_output_as_written(resized: Path) -> None:
    assert verify_output(load_manifest(str(resized))) == 4


# --- shardify bench --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["100000x100000", "0", "-5", "nan", "3x"])
def test_bench_asked_for_images_no_memory_holds_stops_before_reading(resized: Path, size: str) -> None:
    """10^10 pixels a record (30 GB a decoded image): refused in one line, before TensorFlow
    decodes a record."""
    result = run_shardify("bench", str(resized), "--image-size", size, "--records", "4")
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "image" in message(result.stderr).lower() and "Traceback" not in result.stderr


def test_bench_of_a_split_the_output_lacks_names_the_splits(resized: Path) -> None:
    result = run_shardify("bench", str(resized), "--split", "../../etc", "--records", "4")
    assert result.returncode in (1, 2) and "train" in one_line_error(result)
