"""Hostile input, fifth round: the readers and guards added last (line files per class and parallel
text/label files, JSON `[text, label]` pairs, `text;label` lines, multi-hot 0/1 text tables, metadata
tables keyed by content, split lists that label, concept lists, DOTA's labelTxt and Global Wheat's
one-cell boxes, `line_files` in layout files, `--resize`), each beside the hostile twin of its valid
input: a label file that is a pipe or leads outside SRC, one bad line among the lines judged, a
byte-order mark, CRLF, NaN and numbers past any range, a key twice, a file changed after planning.

Each test builds real files, runs the real conversion (in process, or as the command with a
timeout where a pipe could hang it), counts the inputs from what it built (never from the
manifest) and holds each one to exactly one record or one reject with its reason, or the run to a
stop before writing with a clear message.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.cli_runs import message, one_line_error, run_shardify, without_permission_override
from helpers.mid_run import stopped_at_plan
from helpers.one_place import Reject
from helpers.one_place import one_place_each as _one_place_each
from helpers.one_place import records as _records
from helpers.one_place import rejects as _rejects
from helpers.shard_io import read_report
from helpers.sources import convert, image_bytes, write_file
from shardify.cli.main import app
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _command(source: Path, out: Path, *args: str) -> Path:
    """`shardify convert` in a process of its own (a pipe among the inputs could hang it), file
    permissions holding even for root: exit 0, no traceback."""
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args, timeout=120,
                          prefix=without_permission_override())
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return out


def _command_here(source: Path, out: Path, *args: str) -> Path:
    """The same command in this process, where no file's permissions are tested (a pipe that hung
    it would fail the test at pytest-timeout's limit): exit 0, no traceback."""
    result = run_shardify("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return out


def _lines(prefix: str, n: int) -> list[str]:
    return [f"{prefix} snippet number {i} , a film of some {'charm' if i % 2 else 'length'} ." for i in range(n)]


# --- one line file per class ----------------------------------------------------------------------


def test_class_line_files_of_crlf_a_huge_line_utf16_a_pipe_and_a_link_outside(tmp_path: Path) -> None:
    """`<class>.txt` files: CRLF line ends and a 3 MB line are records; a UTF-16 file is one reject
    (it holds NUL bytes); a class file that is a pipe, leads outside SRC or may not be read is its
    own reject, never a hang, never read."""
    root = tmp_path / "src"
    write_file(root / "positive.txt", "\n".join(_lines("pos", 8)) + "\n")
    write_file(root / "negative.txt", "\r\n".join(_lines("neg", 8)) + "\r\n")
    write_file(root / "neutral.txt", "\n".join(_lines("neu", 8)).encode("utf-16"))
    write_file(root / "angry.txt", "\n".join(_lines("ang", 7)) + "\n" + "x" * (3 << 20) + "\n")
    os.mkfifo(root / "happy.txt")
    write_file(tmp_path / "elsewhere.txt", "\n".join(_lines("out", 8)) + "\n")
    (root / "sad.txt").symlink_to(tmp_path / "elsewhere.txt")
    write_file(root / "bored.txt", "\n".join(_lines("bor", 8)) + "\n").chmod(0)
    out = _command(root, tmp_path / "out")
    expected: dict[str, object] = {f"{name}.txt#{i}": ("train", (name,)) for name in ("positive", "negative") for i in range(1, 9)}
    expected.update({f"angry.txt#{i}": ("train", ("angry",)) for i in range(1, 9)})
    expected.update({"neutral.txt": Reject("NUL bytes"), "happy.txt": Reject("named pipe"), "sad.txt": Reject("leads outside"),
                     "bored.txt": Reject("ermission denied")})
    written = _one_place_each(expected, out)
    assert written["negative.txt#3"][2] == _lines("neg", 8)[2] and len(written["angry.txt#8"][2]) == 3 << 20


# --- parallel text and label files (TweetEval) ------------------------------------------------------

_EMOTION = ["anger", "joy", "optimism", "sadness"]


def _tweeteval(root: Path, sizes: dict[str, int], *, crlf: bool = False) -> None:
    end = "\r\n" if crlf else "\n"
    for split, n in sizes.items():
        write_file(root / f"{split}_text.txt", end.join(f"@user tweet {split} {i} about #{_EMOTION[i % 4]}" for i in range(n)) + end)
        write_file(root / f"{split}_labels.txt", end.join(str(i % 4) for i in range(n)) + end)
    write_file(root / "mapping.txt", "".join(f"{i}\t{name}\n" for i, name in enumerate(_EMOTION)))


def test_label_lines_the_mapping_does_not_name_are_rejected_and_the_rest_still_mapped(tmp_path: Path) -> None:
    """TweetEval's `train_labels.txt` with `-1`, `nan`, `abc` and `7` among its numbers: those lines
    are rejects; a label that is no number used to switch the mapping off for every line (written
    as `0`..`3`, exit 0)."""
    root = tmp_path / "emotion"
    _tweeteval(root, {"train": 12, "test": 4}, crlf=True)
    write_file(root / "train_labels.txt", "0\n1\n2\n3\n-1\nnan\nabc\n7\n0\n1\n2\n3\n")
    out = convert(root, tmp_path / "out")
    expected: dict[str, object] = {f"train_text.txt#{i + 1}": ("train", (_EMOTION[i % 4],)) for i in (0, 1, 2, 3, 8, 9, 10, 11)}
    expected.update({f"train_text.txt#{n}": Reject(f"'{bad}'") for n, bad in ((5, "-1"), (6, "nan"), (7, "abc"), (8, "7"))})
    expected.update({f"test_text.txt#{i + 1}": ("test", (_EMOTION[i % 4],)) for i in range(4)})
    _one_place_each(expected, out)


def test_a_label_file_that_is_a_pipe_or_leads_outside_rejects_its_texts_naming_it(tmp_path: Path) -> None:
    """`test_labels.txt` a pipe and `val_labels.txt` a link outside SRC: the texts they label are
    rejected naming them, never written unlabelled (they were, exit 0), and the run does not hang."""
    root = tmp_path / "emotion"
    _tweeteval(root, {"train": 8, "val": 4, "test": 4})
    (root / "test_labels.txt").unlink()
    os.mkfifo(root / "test_labels.txt")
    (root / "val_labels.txt").rename(tmp_path / "val_labels.txt")
    (root / "val_labels.txt").symlink_to(tmp_path / "val_labels.txt")
    out = _command_here(root, tmp_path / "out")
    expected: dict[str, object] = {f"train_text.txt#{i + 1}": ("train", (_EMOTION[i % 4],)) for i in range(8)}
    expected.update({"test_text.txt": Reject("test_labels.txt"), "val_text.txt": Reject("val_labels.txt")})
    expected.update({"test_labels.txt": Reject("named pipe"), "val_labels.txt": Reject("leads outside")})
    _one_place_each(expected, out)


def test_text_lines_changed_after_planning_are_never_written_under_their_planned_labels(tmp_path: Path) -> None:
    """After planning, the text file's lines are reversed (each planned line now holds another
    tweet, lines of other lengths) and another text file is deleted: no record pairs a text with a
    label not its own (pieces of other lines were written under the planned labels, exit 0)."""
    root = tmp_path / "emotion"
    _tweeteval(root, {"train": 8, "test": 3})
    texts = [f"@user tweet train {i} about #{_EMOTION[i % 4]}" for i in range(8)]

    def change() -> None:
        write_file(root / "train_text.txt", "\n".join(texts[::-1]) + "\n")
        (root / "test_text.txt").unlink()

    result = stopped_at_plan(root, tmp_path / "out", change)
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr, result.stderr
    written = _records(tmp_path / "out") if (tmp_path / "out" / naming.MANIFEST_FILENAME).exists() else {}
    for key, (_, labels, text) in written.items():
        assert labels == (text.rpartition("#")[2],), (key, labels, text)
    rejects = _rejects(tmp_path / "out")
    assert set(written) | set(rejects) == {f"train_text.txt#{i}" for i in range(1, 9)} | {f"test_text.txt#{i}" for i in range(1, 4)}
    assert all("changed" in reason for key, reason in rejects.items() if key.startswith("train")), rejects
    assert not any(key.startswith("test") for key in written), written


# --- JSON [text, label] pairs (CLINC150) -------------------------------------------------------------


def test_json_pairs_that_are_no_pairs_are_each_their_own_reject(tmp_path: Path) -> None:
    document = {
        "train": [[f"train utterance {i} on apr", "apr"] for i in range(5)] + [
            ["nan label", float("nan")], ["null label", None], [7, "apr"], ["object label", {"a": 1}],
            ["list label", ["a", "b"]], ["three", "apr", "extra"], ["", "apr"], ["bool label", True], ["x" * 200_000, "apr"]],
        "test": [[f"test utterance {i}", "timer"] for i in range(3)],
    }
    root = tmp_path / "data"
    write_file(root / "data_full.json", b"\xef\xbb\xbf" + json.dumps(document).encode())
    out = convert(root, tmp_path / "out")
    expected: dict[str, object] = {f"data_full.json#{i}": ("train", ("apr",)) for i in (1, 2, 3, 4, 5, 14)}
    expected.update({f"data_full.json#{i}": Reject("not a [text, label] pair") for i in (6, 7, 8, 9, 10, 11, 13)})
    expected.update({"data_full.json#12": Reject("empty or non-text"), **{f"data_full.json#{i}": ("test", ("timer",)) for i in (15, 16, 17)}})
    _one_place_each(expected, out)


# --- `text;label` lines (dair-ai/emotion) -------------------------------------------------------------

_CARER = ("joy", "sadness", "anger")


def _feelings(n: int, start: int = 0) -> list[str]:
    return [f"i feel word{i} and a little lost today;{_CARER[i % 3]}" for i in range(start, start + n)]


def test_semicolon_lines_with_crlf_are_records(tmp_path: Path) -> None:
    root = tmp_path / "emotion"
    write_file(root / "train.txt", "\r\n".join(_feelings(9)) + "\r\n")
    write_file(root / "val.txt", "\n".join(_feelings(4)) + "\n")
    out = convert(root, tmp_path / "out")
    expected = {f"train.txt#{i + 1}": ("train", (_CARER[i % 3],)) for i in range(9)}
    expected.update({f"val.txt#{i + 1}": ("val", (_CARER[i % 3],)) for i in range(4)})
    _one_place_each(expected, out)


def test_a_few_lines_that_are_no_text_label_lines_are_each_a_reject_not_the_whole_file(tmp_path: Path) -> None:
    """Among a `text;label` file's first lines, one without `;`, one with an empty label, one of
    no text: each its own reject; one with two `;` is read up to its last (as documented) and
    one of 100,000 characters is a record. The whole file was one reject ('not a table'), its 20
    good lines with it."""
    root = tmp_path / "emotion"
    bad = ["i feel no label at all today", "i feel two;labels;joy", "i feel an empty label;", ";joy"]
    lines = _feelings(10) + bad + _feelings(10, start=10) + ["i feel " + "y" * 100_000 + ";joy"]
    write_file(root / "train.txt", "\n".join(lines) + "\n")
    write_file(root / "val.txt", "\n".join(_feelings(4)) + "\n")
    out = convert(root, tmp_path / "out")
    expected: dict[str, object] = {f"train.txt#{i + 1}": ("train", (_CARER[i % 3],)) for i in range(10)}
    expected.update({f"train.txt#{i + 15}": ("train", (_CARER[(i + 10) % 3],)) for i in range(10)})
    expected.update({f"train.txt#{n}": Reject("") for n in (11, 13, 14)})
    expected["train.txt#12"] = ("train", ("joy",))
    expected["train.txt#25"] = ("train", ("joy",))
    expected.update({f"val.txt#{i + 1}": ("val", (_CARER[i % 3],)) for i in range(4)})
    _one_place_each(expected, out)


# --- multi-hot 0/1 class columns (Jigsaw's toxic comments) ---------------------------------------

_WORDS = ("amber", "brisk", "cedar", "dune", "ember", "fjord", "glade", "heron", "inlet", "jade", "kelp", "larch")
_CLASSES = ("offensive", "sarcastic", "spam")


def _sentence(seed: int) -> str:
    return " ".join(_WORDS[(seed * 7 + k * 5) % len(_WORDS)] for k in range(6)) + f" number {seed}"


def test_multi_hot_rows_of_other_values_among_the_rows_judged_are_each_a_reject(tmp_path: Path) -> None:
    """`comment_id,text,spam,offensive,sarcastic` with, among its first rows, a 2, a NaN, an empty
    cell, `1.0`, a row short of a cell and the header repeated (two exports pasted together): each
    is its row's reject. Any of them made every row unlabelled (label mode none, exit 0), the
    repeated header a record 'text'."""
    rows: list[tuple[str, object]] = []
    for i in range(30):
        bits = (int(i % 3 == 0), int(i % 4 == 1), int(i % 5 == 0))
        want = ("train", tuple(sorted(c for c, b in zip(("spam", "offensive", "sarcastic"), bits) if b)))
        rows.append((f"k{i:04d},{_sentence(i)}," + ",".join(map(str, bits)), want))
        if i == 9:
            for n, (cells, why) in enumerate([("2,0,0", "'2'"), ("nan,0,1", "'nan'"), (",0,1", "''"), ("1.0,0,0", "'1.0'"),
                                              ("0,1", "4 fields where the header has 5")]):
                rows.append((f"h{n:04d},{_sentence(100 + n)},{cells}", Reject(why)))
            rows.append(("comment_id,text,spam,offensive,sarcastic", Reject("repeats the header row")))  # (review34's reason)
    root = write_file(tmp_path / "src" / "train.csv", "comment_id,text,spam,offensive,sarcastic\r\n" + "".join(r + "\r\n" for r, _ in rows)).parent
    out = convert(root, tmp_path / "out")
    _one_place_each({f"train.csv#{n}": want for n, (_, want) in enumerate(rows, start=2)}, out)
    assert load_manifest(str(out)).label_mode == contract.LABEL_MULTI


# --- headerless tables deciding their header together (table_agreement) -------------------------


def test_headerless_tables_of_two_labels_keep_every_row_and_their_labels(tmp_path: Path) -> None:
    root = tmp_path / "src"
    expected: dict[str, object] = {}
    for split, n in (("train", 12), ("dev", 4), ("test", 4)):
        labels = [("joy", "sad")[i % 2] for i in range(n)]
        write_file(root / f"{split}.tsv", "".join(f"{_sentence(i + 20 * len(split))} and more\t{label}\n" for i, label in enumerate(labels)))
        expected.update({f"{split}.tsv#{i + 1}": ({"dev": "dev"}.get(split, split), (label,)) for i, label in enumerate(labels)})
    write_file(root / "extra.tsv", bytes(range(256)) * 8)
    write_file(root / "empty.tsv", b"")
    expected.update({"extra.tsv": Reject(""), "empty.tsv": Reject("empty")})
    _one_place_each(expected, convert(root, tmp_path / "out"))


# --- metadata tables keyed by content (HAM10000's image_id) ---------------------------------------


def _registry(root: Path, extra_rows: list[str]) -> dict[str, object]:
    """scans/<scan>.png and metadata.csv `patient,visit,scan,diagnosis,age` keyed by its 3rd column."""
    rows, expected = ["patient,visit,scan,diagnosis,age"], {}
    for i in range(12):
        scan = f"SC{7300 + 11 * i:06d}"
        write_file(root / f"scans/{scan}.png", image_bytes(fmt="PNG", seed=i))
        rows.append(f"P{i // 2:04d},{i % 2},{scan},{('benign', 'malignant', 'normal')[i % 3]},{50 + i}")
        expected[f"scans/{scan}.png"] = ("train", (("benign", "malignant", "normal")[i % 3],))
    write_file(root / "metadata.csv", "\n".join(rows + extra_rows) + "\n")
    return expected


@pytest.mark.parametrize("row", ["P9001,0,SC007300,malignant,60", "P9002,0,,benign,61", "P9003,0,SC007311,,62", "P9004,0,SC007322"],
                         ids=["a key twice", "an empty key", "an empty label", "a ragged row"])
def test_one_bad_row_of_a_keyed_table_is_its_reject_or_named_by_the_stop(row: str, tmp_path: Path) -> None:
    root = tmp_path / "registry"
    expected = _registry(root, [row])
    try:
        out = convert(root, tmp_path / "out")
    except UsageError as error:
        assert "metadata.csv" in str(error) and "row 14" in str(error), str(error)
        return
    written = {path: (split, labels) for path, (split, labels, _) in _records(out).items()}
    assert all(written.get(p) == v for p, v in expected.items() if p.rsplit("/")[-1][:-4] not in row), written


def test_a_key_column_naming_no_column_or_given_twice_ways_is_one_line(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    _registry(root, [])
    for given, said in (("nope", "'nope' is no column of it"), ("99", "'99' is no column of it"), ("x" * 5000, "is no column")):
        with pytest.raises(UsageError, match=said):
            convert(root, tmp_path / "out", key_column=given)
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


# --- split lists that label (FGVC-Aircraft) ---------------------------------------------------------

_KINDS = ("707-320", "Cessna 172", "F-16A/B", "A300B4")


def _aircraft(root: Path, train_extra: list[str], *, crlf: bool = False) -> dict[str, object]:
    """data/images/<id>.png and data/images_variant_<split>.txt of `<id> <variant>`."""
    lists: dict[str, list[str]] = {"train": [], "val": [], "test": []}
    expected: dict[str, object] = {}
    n = 1000
    for kind in _KINDS:
        for split in ("train", "train", "train", "val", "test"):
            n += 7
            write_file(root / f"data/images/{n:07d}.png", image_bytes(fmt="PNG", seed=n))
            lists[split].append(f"{n:07d} {kind}")
            expected[f"data/images/{n:07d}.png"] = (split, (kind,))
    lists["train"] += train_extra
    end = "\r\n" if crlf else "\n"
    for split, lines in lists.items():
        write_file(root / f"data/images_variant_{split}.txt", end.join(lines) + end)
    return expected


def test_a_split_list_line_without_a_label_is_its_reject_not_the_whole_split_set_aside(tmp_path: Path) -> None:
    """One `<id>` line without its variant in images_variant_train.txt: the list was not read at
    all, and every train image set aside as in no split (counted as auxiliary, exit 0)."""
    root = tmp_path / "fgvc"
    expected = _aircraft(root, ["0002000"], crlf=True)
    write_file(root / "data/images/0002000.png", image_bytes(fmt="PNG", seed=2000))
    out = convert(root, tmp_path / "out")
    expected["data/images/0002000.png"] = Reject("row 13 of data/images_variant_train.txt: 1 fields: no label")
    _one_place_each(expected, out)


def test_a_split_list_giving_one_image_two_labels_rejects_it(tmp_path: Path) -> None:
    """`0002001 707-320` and `0002001 A300B4` in one list: never a multi-label record (it was)."""
    root = tmp_path / "fgvc"
    expected = _aircraft(root, ["0002001 707-320", "0002001 A300B4"])
    write_file(root / "data/images/0002001.png", image_bytes(fmt="PNG", seed=2001))
    out = convert(root, tmp_path / "out")
    expected["data/images/0002001.png"] = Reject("different labels")
    _one_place_each(expected, out)
    assert load_manifest(str(out)).label_mode == contract.LABEL_SINGLE


def test_split_lists_that_are_a_pipe_stop_or_reject_without_a_hang(tmp_path: Path) -> None:
    root = tmp_path / "fgvc"
    _aircraft(root, [])
    (root / "data/images_variant_val.txt").unlink()
    os.mkfifo(root / "data/images_variant_val.txt")
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q", timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 0:  # then the val images are rejected, each naming the list
        rejects = _rejects(tmp_path / "out")
        assert all("images_variant_val.txt" in rejects.get(p, "") for p, v in _aircraft(tmp_path / "twin", []).items() if v[0] == "val")
    else:
        assert "images_variant_val.txt" in one_line_error(result), result.stderr


# --- concept lists (MIRFLICKR-25k) ------------------------------------------------------------------


def _concepts(root: Path, lists: dict[str, bytes]) -> None:
    for i in range(1, 13):
        write_file(root / f"mirflickr/im{i}.png", image_bytes(fmt="PNG", seed=i))
    for name, data in lists.items():
        write_file(root / "concepts" / name, data)
    write_file(root / "concepts/README.txt", "one list of image numbers per concept\n")


def test_concept_lists_with_a_bom_crlf_and_numbers_no_image_has_keep_their_concepts(tmp_path: Path) -> None:
    """`night.txt` opening with a byte-order mark and `sea.txt` holding a 26-digit number, `-4` and
    a blank line: each concept was dropped without a word (its images written without it, exit 0)."""
    root = tmp_path / "mir"
    _concepts(root, {"clouds.txt": b"1\r\n3\r\n5\r\n7\r\n", "sea.txt": b"2\n3\n99999999999999999999999999\n-4\n4\n\n",
                     "night.txt": "\ufeff8\n9\n10\n".encode()})
    out = convert(root, tmp_path / "out")
    truth = {"clouds": (1, 3, 5, 7), "sea": (2, 3, 4), "night": (8, 9, 10)}
    expected: dict[str, object] = {f"mirflickr/im{i}.png": ("train", tuple(sorted(c for c, ns in truth.items() if i in ns))) for i in range(1, 13)}
    rejects = _rejects(out)
    _one_place_each(expected, out, ignored={k for k in rejects if k.startswith("concepts/sea.txt")})
    assert {k for k in rejects if k.startswith("concepts/sea.txt")} == {"concepts/sea.txt#3", "concepts/sea.txt#4"}, rejects


def test_a_concept_list_that_is_a_pipe_stops_the_run(tmp_path: Path) -> None:
    root = tmp_path / "mir"
    _concepts(root, {"clouds.txt": b"1\n3\n5\n7\n", "sea.txt": b"2\n3\n4\n"})
    os.mkfifo(root / "concepts/dog.txt")
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q", timeout=120)
    assert result.returncode == 2 and "dog.txt" in one_line_error(result), result.stderr


# --- DOTA's labelTxt and Global Wheat's one-cell boxes ---------------------------------------------


def _dota(root: Path) -> None:
    from PIL import Image

    for split, stems in (("train", ("P0001", "P0002", "P0003", "P0004", "P0005", "P0006", "P0007", "P0008", "P0009")), ("val", ("P0100",))):
        for stem in stems:
            write_file(root / f"{split}/images/{stem}.png", b"")
            Image.new("RGB", (80, 60), (len(stem), 2, 3)).save(root / f"{split}/images/{stem}.png")
    header = "imagesource:GoogleEarth\ngsd:0.146\n"
    write_file(root / "train/labelTxt/P0001.txt", header + "10 8 30 4 34 20 14 24 plane 0\n")
    write_file(root / "train/labelTxt/P0002.txt", header + "10 10 10 10 10 10 10 10 ship 0\n12 8 30 4 34 20 14 24 ship 1\n")
    write_file(root / "train/labelTxt/P0003.txt", header + "-50 -50 -40 -50 -40 -40 -50 -40 harbor 0\n0 0 80 0 80 60 0 60 harbor 0\n")
    write_file(root / "train/labelTxt/P0004.txt", header + "1e308 0 1e308 10 0 10 0 0 ship 0\n")
    write_file(root / "train/labelTxt/P0005.txt", bytes(range(256)) * 4)
    os.mkfifo(root / "train/labelTxt/P0006.txt")
    write_file(root.parent / "outside.txt", "10 8 30 4 34 20 14 24 plane 0\n")
    (root / "train/labelTxt/P0007.txt").symlink_to(root.parent / "outside.txt")
    write_file(root / "train/labelTxt/P0008.txt", "10 8 30 4 34 20 14 24 " + "p" * (2 << 20) + " 0\n")
    write_file(root / "train/labelTxt/P0009.txt", "10 8 30 4 34 20 14 24 plane 0\n").chmod(0)
    write_file(root / "val/labelTxt/P0100.txt", b"20 10 40 12 38 30 18 28 large-vehicle 1\r\n-inf 1 2 3 4 5 6 7 ship 0\r\n")


def test_dota_annotations_that_are_pipes_links_binary_huge_or_degenerate(tmp_path: Path) -> None:
    """An image's labelTxt that is a pipe or leads outside SRC rejects the image naming it (the
    image was written with no objects, exit 0); binary, 2 MB, inf and 1e308 boxes reject theirs; a
    quad of one point or wholly outside the image is dropped, saying so, the rest kept; one that may
    not be read rejects its image."""
    root = tmp_path / "DOTA"
    _dota(root)
    out = _command(root, tmp_path / "out")
    expected: dict[str, object] = {"train/images/P0001.png": ("train", ("plane",)), "train/images/P0002.png": ("train", ("ship",)),
                                   "train/images/P0003.png": ("train", ("harbor",))}
    expected.update({f"train/images/P000{n}.png": Reject(f"train/labelTxt/P000{n}.txt") for n in (4, 5, 6, 7, 8, 9)})
    expected["val/images/P0100.png"] = Reject("'-inf'")
    _one_place_each(expected, out, ignored={"train/labelTxt/P0006.txt", "train/labelTxt/P0007.txt"})
    repaired = {r["path"]: r["repair"] for r in read_report(out, "repaired.jsonl")}
    assert "no area" in repaired["train/images/P0002.png"] and "P0003.png" in "".join(repaired), repaired


def test_wheat_box_cells_of_other_shapes_reject_their_image(tmp_path: Path) -> None:
    """train.csv's `"[x, y, w, h]"` cell as `[inf, ...]`, three numbers, a nested list, 1e400, NaN:
    each rejects its image naming the row; the others keep their boxes."""
    root = tmp_path / "global-wheat-detection"
    good = ("b6ab77fd7", "[8.0, 4.0, 16.0, 12.0]")
    hostile = [("c1", "[inf, 1.0, 2.0, 3.0]"), ("c2", "[1.0, 2.0, 3.0]"), ("c3", "[[1.0, 2.0, 3.0, 4.0]]"), ("c4", "[1e400, 1, 2, 3]"),
               ("c6", "[nan, nan, nan, nan]")]
    rows = ["image_id,width,height,bbox,source"]
    for image_id, cell in [good, *hostile]:
        write_file(root / f"train/{image_id}.jpg", image_bytes(seed=len(rows), size=(64, 48)))
        rows.append(f'{image_id},64,48,"{cell}",usask_1')
    write_file(root / "train.csv", "\n".join(rows) + "\n")
    write_file(root / "test/2fd875eaa.jpg", image_bytes(seed=99, size=(64, 48)))
    out = convert(root, tmp_path / "out")
    expected: dict[str, object] = {"train/b6ab77fd7.jpg": ("train", ("wheat_head",)), "test/2fd875eaa.jpg": ("test", ())}
    expected.update({f"train/{image_id}.jpg": Reject("row") for image_id, _ in hostile})
    _one_place_each(expected, out)


def test_a_wheat_row_too_long_to_read_never_leaves_its_image_without_boxes(tmp_path: Path) -> None:
    root = tmp_path / "global-wheat-detection"
    rows = ["image_id,width,height,bbox,source", 'b6ab77fd7,64,48,"[8.0, 4.0, 16.0, 12.0]",usask_1',
            'c5,64,48,"[' + "9" * (1 << 20) + ', 1, 2, 3]",usask_1']
    for n, image_id in enumerate(("b6ab77fd7", "c5")):
        write_file(root / f"train/{image_id}.jpg", image_bytes(seed=n, size=(64, 48)))
    write_file(root / "train.csv", "\n".join(rows) + "\n")
    write_file(root / "test/2fd875eaa.jpg", image_bytes(seed=99, size=(64, 48)))
    out = convert(root, tmp_path / "out")
    assert "train/c5.jpg" in _rejects(out) or "train/c5.jpg" not in _records(out)


# --- line_files in a layout file ---------------------------------------------------------------------


def test_a_layout_file_naming_one_line_file_twice_is_refused(tmp_path: Path) -> None:
    """`pos.txt` as `positive` and again as `negative`: the last one won, every positive line
    written as negative with exit 0."""
    from shardify.plan import layout_file

    text = ("shardify_layout: 1\nlayout: tables\nmedia: text\nline_files:\n"
            "- {path: neg.txt, label: negative}\n- {path: pos.txt, label: positive}\n- {path: pos.txt, label: negative}\n")
    with pytest.raises(UsageError, match=r"line_files.*pos.txt.*twice"):
        layout_file.loads(text, where="L.yaml")


def test_a_layout_files_label_file_that_is_a_pipe_is_named_in_its_texts_reject(tmp_path: Path) -> None:
    root = tmp_path / "src"
    write_file(root / "pos.txt", "a fine film .\nwarm and funny .\n")
    write_file(root / "neg.txt", "a dull film .\n")
    os.mkfifo(root / "pipe.txt")
    layout = write_file(tmp_path / "L.yaml", "shardify_layout: 1\nlayout: tables\nmedia: text\nline_files:\n"
                                         "- {path: neg.txt, label: negative}\n- {path: pos.txt, labels: pipe.txt}\n")
    out = _command_here(root, tmp_path / "out", "--layout-file", str(layout))
    _one_place_each({"neg.txt#1": ("train", ("negative",)), "pos.txt": Reject("label file pipe.txt"),
                     "pipe.txt": Reject("named pipe")}, out)


# --- --resize and --jpeg-quality --------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--resize", "shorter:0"], ["--resize", "shorter:-5"], ["--resize", "longer:1e9"],
                                  ["--resize", "shorter:99999999999999999999"], ["--resize", "shorter:nan"], ["--resize", "side:10"],
                                  ["--resize", "shorter:8", "--jpeg-quality", "0"], ["--resize", "shorter:8", "--jpeg-quality", "nan"]],
                         ids=["zero", "negative", "exponent", "past int64", "nan", "no side", "quality 0", "quality nan"])
def test_hostile_resize_values_are_refused_before_anything_is_read(args: list[str], tmp_path: Path) -> None:
    write_file(tmp_path / "src/cat/a.jpg", image_bytes())
    write_file(tmp_path / "src/dog/b.jpg", image_bytes(seed=1))
    result = CliRunner().invoke(app, ["convert", str(tmp_path / "src"), str(tmp_path / "out"), *args])
    assert result.exit_code == 2 and result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output and args[-2] in message(result.output), result.output
    assert not (tmp_path / "out").exists()


def test_resize_meets_a_bomb_a_cut_jpeg_and_an_image_3_pixels_wide(tmp_path: Path) -> None:
    """A PNG declaring 50,000 x 50,000 pixels in 2 KB, a JPEG cut in half: each its reject; an image
    of 3 x 60,000 shrinks to 2 x 40,000."""
    import struct
    import zlib

    from PIL import Image

    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(3):
            write_file(root / f"{label}/{i}.jpg", image_bytes(seed=i, size=(40 + i, 30)))
    cut = image_bytes(size=(64, 48))
    write_file(root / "cat/cut.jpg", cut[: len(cut) // 2])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 0, 0, 0, 0)
    write_file(root / "dog/bomb.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(50_001 * 200), 9)) + chunk(b"IEND", b""))
    Image.new("RGB", (3, 60_000), (5, 5, 5)).save(root / "dog/tall.png")
    out = convert(root, tmp_path / "out", resize="shorter:2")
    expected: dict[str, object] = {f"{label}/{i}.jpg": ("train", (label,)) for label in ("cat", "dog") for i in range(3)}
    expected.update({"cat/cut.jpg": Reject("truncated JPEG"), "dog/bomb.png": Reject("decompression bomb"), "dog/tall.png": ("train", ("dog",))})
    _one_place_each(expected, out)


# --- our own output given back as SRC ---------------------------------------------------------------


def test_a_text_conversions_output_given_as_src_stops_naming_it(tmp_path: Path) -> None:
    root = tmp_path / "emotion"
    write_file(root / "train.txt", "\n".join(_feelings(9)) + "\n")
    write_file(root / "test.txt", "\n".join(_feelings(3)) + "\n")
    out = convert(root, tmp_path / "out")
    with pytest.raises(UsageError, match="is a shardify output"):
        convert(out, tmp_path / "again")
    assert not (tmp_path / "again" / naming.MANIFEST_FILENAME).exists()
