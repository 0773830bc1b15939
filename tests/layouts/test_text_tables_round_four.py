"""Text tables a fourth unseen round found wrong, by kind, each with an unnamed neighbour and a
hostile twin (the named datasets themselves are in test_unseen_round_four.py):

- headerless tables of one shape whose first row looks like column names (a short text, a list of
  class ids `0,15`): every row is one record, the tables decide their header together, and the
  plan names a header row wherever one is read;
- a headerless table's label column found by its content: class ids joined by commas, named by a
  names file beside (one name a line), or a column of few repeated words beside the text, read in
  the sibling tables too short to show it; two such columns beside the text stop before writing;
- a 0/1 column per class under a header (multi-hot): multi-label, a row of no 1s the empty label
  set, a later row of another value rejected naming its column;
- `text;label` lines; lines whose text holds a `;` are not read so.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.cli.main import app
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract

_WORDS = ("amber", "brisk", "cedar", "dune", "ember", "fjord", "glade", "heron", "inlet", "jade", "kelp", "larch")


def _sentence(seed: int, n: int = 6) -> str:
    return " ".join(_WORDS[(seed * 7 + k * 5) % len(_WORDS)] for k in range(n)) + f" number {seed}"


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _records(out: Path) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """{"<table>#<row>": (split, text, label names)} of every record written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        split = shard.name.split("-")[0]
        for record in read_shard(shard):
            value = record.get(contract.TEXT_LABEL_TEXT, [])
            names = tuple(sorted(n.decode() for n in (value if isinstance(value, list) else [value]) if n))
            text = record[contract.TEXT]
            found[record[contract.TEXT_SOURCE].decode()] = (split, (text[0] if isinstance(text, list) else text).decode(), names)
    return found


def _convert(source: Path, out: Path, **options) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    run_conversion(ConvertConfig(str(source), str(out), **options))
    return _records(out)


def _plan(out: Path) -> str:
    return (out / "plan.json").read_text()


def _id_lists(root: Path) -> tuple[Path, dict]:
    """An unnamed neighbour of GoEmotions: `id,ids,text` CSVs, a names file `names.txt` (line i =
    class i), each table's first row header-like (a short text, an id list); test.csv 2 rows."""
    names = ["calm", "eager", "fond", "grim", "hopeful"]
    truth, files = {}, {"names.txt": "\n".join(names) + "\n"}
    for split, count in (("train", 6), ("test", 2)):
        lines = []
        for i in range(count):
            ids = [i % 5] if i % 2 else [i % 5, (i + 2) % 5]
            text = f"short {_WORDS[i]} note" if i == 0 else _sentence(i + count)
            lines.append(f"c{i}x{split},\"{','.join(map(str, ids))}\",{text}")
            truth[f"{split}.csv#{i + 1}"] = (split, text, tuple(sorted(names[j] for j in ids)))
        files[f"{split}.csv"] = "\n".join(lines) + "\n"
    return _write(root, files), truth


def test_headerless_tables_with_id_lists_keep_every_row_and_name_their_classes(tmp_path: Path) -> None:
    source, truth = _id_lists(tmp_path / "src")
    assert _convert(source, tmp_path / "out") == truth
    assert "label names from names.txt" in _plan(tmp_path / "out")


def test_the_tables_agreed_options_travel_in_the_layout_file(tmp_path: Path) -> None:
    """--dry-run --layout-file writes the header and label column the tables agreed on; converting
    from that file alone (no detection) is right too."""
    source, truth = _id_lists(tmp_path / "src")
    layout = tmp_path / "layout.yaml"
    result = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / "dry"), "--dry-run", "--layout-file", str(layout)])
    assert result.exit_code == 0, result.output
    assert "header: false" in layout.read_text() and "label_column: '2'" in layout.read_text()
    result = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / "out"), "--layout-file", str(layout)])
    assert result.exit_code == 0, result.output
    assert _records(tmp_path / "out") == truth


def test_a_header_like_first_row_is_data_where_a_sibling_table_shows_it(tmp_path: Path) -> None:
    """Two tables of one shape: one starts with a short text and a word (it would pass for a
    header, its word found in no row below), the other with a long sentence: both are read without
    a header, and the plan says so."""
    first = {"train.tsv": "Lovely day\tcalm\n", "dev.tsv": f"{_sentence(50, 14)}\tsad\n"}
    for i in range(6):
        first["train.tsv"] += f"{_sentence(i)}\t{('joy', 'sad')[i % 2]}\n"
    source = _write(tmp_path / "src", first)
    records = _convert(source, tmp_path / "out")
    assert records["train.tsv#1"] == ("train", "Lovely day", ("calm",))
    assert len(records) == 8
    assert "first rows of train.tsv are read as data" in _plan(tmp_path / "out")


def test_a_header_like_first_row_is_data_where_its_cells_come_again_below(tmp_path: Path) -> None:
    """One headerless table alone: `Lovely day<TAB>joy` would pass for a header, but `joy` is a value
    of its column three rows down, and a column's name is not one of its values."""
    files = {"train.tsv": "Lovely day\tjoy\n" + "".join(f"{_sentence(i)}\t{('sad', 'joy')[i % 2]}\n" for i in range(5))}
    records = _convert(_write(tmp_path / "src", files), tmp_path / "out")
    assert records["train.tsv#1"] == ("train", "Lovely day", ("joy",)) and len(records) == 6


def test_a_header_the_tables_share_stays_a_header_and_is_named(tmp_path: Path) -> None:
    """The twin: tables that all start with the same names row keep it as their header, and the
    plan names its cells (a data row taken for one would be seen)."""
    files = {}
    for split in ("train", "test"):
        files[f"{split}.csv"] = "text,label\n" + "".join(f"{_sentence(i)},{('up', 'down')[i % 2]}\n" for i in range(5))
    source = _write(tmp_path / "src", files)
    records = _convert(source, tmp_path / "out")
    assert len(records) == 10 and all(labels in (("up",), ("down",)) for _, _, labels in records.values())
    assert "header row ('text', 'label')" in _plan(tmp_path / "out")


def _semeval(root: Path, extra_beside: bool = False) -> tuple[Path, dict]:
    """SemEval-like headerless TSVs: `id<TAB>label<TAB>text`; dev too short to show its labels."""
    truth, files = {}, {}
    for split, count in (("train", 9), ("dev", 3)):
        lines = []
        for i in range(count):
            label = ("positive", "negative", "neutral")[i % 3]
            text = _sentence(i + 20 * len(split))
            cells = [f"{6400 + i}", label, text] + ([("yes", "no")[i % 2]] if extra_beside else [])
            lines.append("\t".join(cells))
            truth[f"{split}.tsv#{i + 1}"] = (split, text, (label,))
        files[f"{split}.tsv"] = "\n".join(lines) + "\n"
    return _write(root, files), truth


def test_a_column_of_few_words_beside_the_text_is_the_label_of_every_table(tmp_path: Path) -> None:
    source, truth = _semeval(tmp_path / "src")
    assert {k: v[2] for k, v in _convert(source, tmp_path / "out").items()} == {k: v[2] for k, v in truth.items()}
    assert "label column 2 in every table" in _plan(tmp_path / "out")


def test_two_label_like_columns_beside_the_text_stop_before_writing(tmp_path: Path) -> None:
    """The twin: a column of yes/no on the text's other side; which is the label cannot be told."""
    source, _ = _semeval(tmp_path / "src", extra_beside=True)
    with pytest.raises(UsageError, match="--label-column"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_multi_hot_columns_are_a_multi_label_and_a_row_of_no_1s_the_empty_set(tmp_path: Path) -> None:
    """An unnamed neighbour of Jigsaw's train.csv: `comment_id,text,spam,offensive,sarcastic`;
    row 60 (past the sampled rows) holds -1 and is rejected naming its column."""
    classes = ("spam", "offensive", "sarcastic")
    lines, truth = ["comment_id,text," + ",".join(classes)], {}
    for i in range(60):
        bits = [int(i % 3 == 0), int(i % 4 == 1), int(i % 5 == 0)]
        text = _sentence(i)
        cells = bits if i < 59 else [-1, 0, 0]
        lines.append(f"k{i:04d},{text}," + ",".join(map(str, cells)))
        if i < 59:
            truth[f"train.csv#{i + 2}"] = ("train", text, tuple(sorted(c for c, b in zip(classes, bits) if b)))
    source = _write(tmp_path / "src", {"train.csv": "\n".join(lines) + "\n"})
    records = _convert(source, tmp_path / "out", max_rejects="5%")
    assert records == truth
    assert any(labels == () for _, _, labels in records.values())
    manifest = json.loads(next((tmp_path / "out").glob("manifest*.json")).read_text())
    assert manifest["label_mode"] == "multi" and manifest["splits"]["train"].get("num_unlabelled", 0) == 0
    rejects = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert [(r["path"], "'spam'" in r["reason"]) for r in rejects] == [("train.csv", True)]


def test_semicolon_lines_are_a_record_a_line(tmp_path: Path) -> None:
    """An unnamed neighbour of dair-ai/emotion: `text;label` lines in train.txt and test.txt."""
    truth, files = {}, {}
    for split, count in (("train", 10), ("test", 3)):
        lines = []
        for i in range(count):
            label = ("pos", "neg")[i % 2]
            text = _sentence(i + 11 * len(split))
            lines.append(f"{text};{label}")
            truth[text] = (split, (label,))
        files[f"{split}.txt"] = "\n".join(lines) + "\n"
    source = _write(tmp_path / "src", files)
    assert {text: (split, labels) for split, text, labels in _convert(source, tmp_path / "out").values()} == truth


def test_lines_whose_text_holds_a_semicolon_are_not_read_as_labelled(tmp_path: Path) -> None:
    """The twin: a `;` inside the text on some lines (two on a line): which `;` ends the text
    cannot be told, so the file is not read as `text;label` lines and nothing is written."""
    lines = [f"{_sentence(i)}; and then {_WORDS[i]};{('pos', 'neg')[i % 2]}" if i % 3 == 0 else f"{_sentence(i)};pos"
             for i in range(10)]
    source = _write(tmp_path / "src", {"train.txt": "\n".join(lines) + "\n"})
    with pytest.raises(Exception) as refused:
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert "Traceback" not in str(refused.value)
    written = defaultdict(int)
    for shard in (tmp_path / "out").glob("*.tfrecord"):
        written[shard.name] += 1
    assert not written and not (tmp_path / "out" / "manifest.json").exists()


def test_multi_hot_rows_of_one_1_or_none_are_still_multi_label(tmp_path: Path) -> None:
    """No row sets two columns: the rows of no 1s still make the data multi-label (the empty set),
    never rejected as '0 labels in single-label data'."""
    lines = ["id,text,spam,ham"] + [f"k{i},{_sentence(i)},{int(i % 3 == 0)},{int(i % 3 == 1)}" for i in range(9)]
    source = _write(tmp_path / "src", {"train.csv": "\n".join(lines) + "\n"})
    records = _convert(source, tmp_path / "out")
    assert sorted(labels for _, _, labels in records.values()) == [()] * 3 + [("ham",)] * 3 + [("spam",)] * 3
    assert json.loads((tmp_path / "out" / "manifest.json").read_text())["label_mode"] == "multi"


def test_a_first_row_of_usual_column_names_beside_a_data_row_stops_before_writing(tmp_path: Path) -> None:
    """The twin: `text<TAB>label` atop one table, a data row atop its sibling: a header or data
    cannot be told (read as data, `label` would become a class), so the run stops naming the options."""
    files = {"train.tsv": "text\tlabel\n", "dev.tsv": f"{_sentence(50, 14)}\tsad\n"}
    for i in range(6):
        files["train.tsv"] += f"{_sentence(i)}\t{('joy', 'sad')[i % 2]}\n"
    source = _write(tmp_path / "src", files)
    with pytest.raises(UsageError, match="--no-header"):
        run_conversion(ConvertConfig(str(source), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    # --header as told: train.tsv's six rows (dev.tsv's one row, then its header, is rejected)
    assert len(_convert(source, tmp_path / "out2", header=True, max_rejects="100%")) == 6
