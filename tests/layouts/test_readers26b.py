"""Useless stops and a wrong exit 0 on text and table datasets, mended by kind (readers26b):

- XML records labelled by the attributes of another XML document's records of the same ids
  (SemEval-2019 task 4's articles beside their ground truth: beam_jobs/discover/xml_label_joins.py;
  a record's <p> paragraphs its text: converters/xml_records.py);
- a keyed label table with a score column and a column of split names (KonIQ-10k's MOS and set):
  --label-column names the label, and the split column then gives the splits (shardify/plan/split_cells.py);
- 0/1 label columns nested in one (HatEval's TR and AG, 1 only where HS is): a task and its sub-labels,
  a stop naming --label-column HS and --label-column HS,TR,AG (converters/nested_labels.py).

Each case, a neighbour no batch holds, and hostile twins.
"""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

from helpers import blind24, blind25
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.unseen_judge import judge_first_command, written_records
from shardify.beam_jobs.discover import xml_label_joins
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import nested_labels, xml_records
from shardify.errors import ShardifyError, UsageError
from shardify.format.manifest import load_manifest
from shardify.plan import split_cells


@pytest.mark.parametrize("module", [nested_labels, xml_label_joins, xml_records, split_cells])
def test_doctests(module) -> None:
    assert doctest.testmod(module).failed == 0


def _labels(out: Path) -> dict[str, frozenset[str]]:
    """{record id: its labels} of what `out` holds."""
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


def _by_review(out: Path) -> dict[int, frozenset[str] | None]:
    """{review number its text names: its labels} (record ids count the rows written, not the document's)."""
    written = written_records(out)
    return {int(written["texts"][rid].split()[4]): labels for rid, (_, labels) in written["records"].items()}


def _splits(out: Path) -> dict[str, int]:
    return {name: info.num_records for name, info in load_manifest(str(out)).splits.items()}


# ------------------------------------------------------------------------------------------------
# XML records joined by id to another XML document's attributes
# ------------------------------------------------------------------------------------------------

def test_hyperpartisan_is_right(tmp_path: Path) -> None:
    judge_first_command(blind25.DATASETS, "hyperpartisan", tmp_path, blind25.FOLLOW.get("hyperpartisan"))


def _reviews(root: Path, truth_rows: list[str], *, key: str = "docid", prefix: bytes = b"", doctype: str = "") -> dict[str, str]:
    """reviews.xml of 8 <review docid=..> records of <p> paragraphs, and labels.xml of `truth_rows`; {docid: topic}."""
    topics = {f"d{i}": ("sport", "music", "food")[i % 3] for i in range(8)}
    records = "".join(f'<review {key}="d{i}" lang="en"><p>Paragraph one of review {i} about {topics[f"d{i}"]} <b>bold</b>.</p>'
                      f"<p>And a second paragraph, number {i}.</p></review>\n" for i in range(8))
    (root / "corpus").mkdir(parents=True, exist_ok=True)
    (root / "corpus" / "reviews.xml").write_bytes(prefix + f'<?xml version="1.0"?>\n{doctype}<reviews>\n{records}</reviews>\n'.encode())
    _text(root / "corpus" / "labels.xml", '<?xml version="1.0"?>\n<labels>\n' + "\n".join(truth_rows) + "\n</labels>\n")
    return topics


def _truth(topics: dict[str, str], skip: tuple[str, ...] = (), extra: str = 'source="web"') -> list[str]:
    rows = [f'  <label docid="{d}" topic="{t}" {extra}/>' for d, t in sorted(topics.items(), reverse=True) if d not in skip]
    return rows


def test_a_neighbour_xml_pair_keyed_by_another_attribute_is_right(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [])
    _text(tmp_path / "src" / "corpus" / "labels.xml", "<labels>\n" + "\n".join(_truth(topics)) + "\n</labels>\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = _labels(tmp_path / "out")
    assert got == {f"corpus/reviews.xml:{i}": frozenset({topics[f"d{i}"]}) for i in range(8)}
    texts = written_records(tmp_path / "out")["texts"]
    assert texts["corpus/reviews.xml:3"] == "Paragraph one of review 3 about sport bold.\nAnd a second paragraph, number 3."


def test_several_label_attributes_stop_then_the_named_one_is_read(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [])
    moods = {d: ("calm", "angry")[int(d[1:]) % 2] for d in topics}
    rows = [f'<label docid="{d}" topic="{t}" mood="{moods[d]}"/>' for d, t in topics.items()]
    _text(tmp_path / "src" / "corpus" / "labels.xml", "<labels>" + "".join(rows) + "</labels>")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "corpus/labels.xml" in said and "'topic', 'mood'" in said and "--label-column NAME" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out2"), label_column="mood"))
    assert _labels(tmp_path / "out2") == {f"corpus/reviews.xml:{i}": frozenset({moods[f"d{i}"]}) for i in range(8)}


def test_a_record_its_truth_leaves_out_is_rejected_not_written_unlabelled(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [])
    _text(tmp_path / "src" / "corpus" / "labels.xml", "<labels>" + "".join(_truth(topics, skip=("d5",))) + "</labels>")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    except ShardifyError:
        return  # (refusing is right too)
    assert _by_review(tmp_path / "out") == {i: frozenset({topics[f"d{i}"]}) for i in range(8) if i != 5}
    assert "'d5'" in (tmp_path / "out" / "rejected.jsonl").read_text()


def test_a_truth_repeating_an_id_with_another_label_rejects_that_record(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [])
    rows = _truth(topics) + ['<label docid="d2" topic="music" source="web"/>']  # d2 is food above
    _text(tmp_path / "src" / "corpus" / "labels.xml", "<labels>" + "".join(rows) + "</labels>")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    except ShardifyError:
        return
    assert _by_review(tmp_path / "out") == {i: frozenset({topics[f"d{i}"]}) for i in range(8) if i != 2}
    assert "different labels" in (tmp_path / "out" / "rejected.jsonl").read_text()


def test_a_truth_keyed_by_nothing_the_records_hold_stops(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [], key="ref")
    _text(tmp_path / "src" / "corpus" / "labels.xml", "<labels>" + "".join(_truth(topics)) + "</labels>")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "corpus/labels.xml" in said and "--exclude corpus/labels.xml" in said


def test_a_bom_before_the_records_still_joins(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [], prefix=b"\xef\xbb\xbf")
    _text(tmp_path / "src" / "corpus" / "labels.xml", "\ufeff<labels>" + "".join(_truth(topics)) + "</labels>")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out") == {f"corpus/reviews.xml:{i}": frozenset({topics[f"d{i}"]}) for i in range(8)}


def test_a_truth_declaring_entities_never_labels_with_exit_0(tmp_path: Path) -> None:
    topics = _reviews(tmp_path / "src", [])
    doctype = '<!DOCTYPE labels [<!ENTITY t "sport">]>\n'
    rows = [f'<label docid="{d}" topic="&t;" source="web"/>' if d == "d0" else f'<label docid="{d}" topic="{t}" source="web"/>'
            for d, t in topics.items()]
    _text(tmp_path / "src" / "corpus" / "labels.xml", f'<?xml version="1.0"?>\n{doctype}<labels>' + "".join(rows) + "</labels>")
    with pytest.raises(ShardifyError):  # refused (never expanded): its rows unusable, every record rejected
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ------------------------------------------------------------------------------------------------
# A label table with a score column and a split column
# ------------------------------------------------------------------------------------------------

def test_koniq_stops_naming_the_label_column_then_is_right(tmp_path: Path) -> None:
    assert blind25.FOLLOW["koniq"] == {"label_column": "MOS"}
    judge_first_command(blind25.DATASETS, "koniq", tmp_path, blind25.FOLLOW["koniq"])


def _scored(root: Path, stages: list[str]) -> dict[str, tuple[str, str]]:
    """shots/s<i>.png beside ratings.csv 'shot,aesthetic,raters,stage'; {file: (score, stage)}."""
    rows, truth = ["shot,aesthetic,raters,stage"], {}
    for i, stage in enumerate(stages):
        _image(root / "shots" / f"s{i}.png", f"sc{i}", fmt="PNG")
        score = f"{4 + (i * 7) % 5}.{(i * 3) % 10}{i % 7}"
        rows.append(f"s{i}.png,{score},{10 + i},{stage}")
        truth[f"shots/s{i}.png"] = (score, stage)
    _text(root / "ratings.csv", "\n".join(rows) + "\n")
    return truth


def test_a_neighbour_score_table_with_a_stage_column_reads_its_splits(tmp_path: Path) -> None:
    truth = _scored(tmp_path / "src", ["train", "dev", "train", "test", "train", "dev", "train", "test", "train"])
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "ratings.csv" in said and "'stage' names splits" in said and "--label-column NAME" in said and "'aesthetic'" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out2"), label_column="aesthetic"))
    assert _splits(tmp_path / "out2") == {"train": 5, "dev": 2, "test": 2}
    assert _labels(tmp_path / "out2") == {f: frozenset({score}) for f, (score, _) in truth.items()}


def test_a_blank_split_cell_rejects_its_row_never_another_split(tmp_path: Path) -> None:
    stages = ["train", "dev", "train", "test", "", "dev", "train", "test", "train", "train"]
    _scored(tmp_path / "src", stages)
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="aesthetic", max_rejects="50%"))
    except ShardifyError:
        return
    assert _splits(tmp_path / "out") == {"train": 5, "dev": 2, "test": 2}
    assert '"row": 6' in (tmp_path / "out" / "rejected.jsonl").read_text()  # s4.png's row, its stage blank


def test_the_split_column_named_as_the_label_is_the_users_word(tmp_path: Path) -> None:
    _scored(tmp_path / "src", ["train", "dev", "train", "test", "train", "dev"])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="stage"))
    assert _splits(tmp_path / "out") == {"train": 6}


# ------------------------------------------------------------------------------------------------
# 0/1 label columns nested in another
# ------------------------------------------------------------------------------------------------

def test_hateval_stops_naming_both_readings_then_hs_is_right(tmp_path: Path) -> None:
    assert blind24.FOLLOW["hateval"] == {"label_column": "HS"}
    judge_first_command(blind24.DATASETS, "hateval", tmp_path, blind24.FOLLOW["hateval"])
    said = refusal(blind24.DATASETS["hateval"](tmp_path / "again").root, tmp_path / "out3")
    assert "--label-column HS,TR,AG" in said and "'TR', 'AG'" in said


def _posts(root: Path, rows: list[tuple[int, int, int]], header: str = "post_id,post,offensive,targeted,insult") -> None:
    lines = [header]
    for i, bits in enumerate(rows):
        lines.append(f'{900 + i},"post number {i}, saying words of its own {i * 7}",' + ",".join(map(str, bits)))
    _text(root / "posts_train.csv", "\n".join(lines) + "\n")


_NESTED = [(1, 1, 0), (0, 0, 0), (1, 0, 1), (1, 1, 1), (0, 0, 0), (1, 0, 0), (0, 0, 0), (1, 1, 0), (0, 0, 0), (1, 0, 1)]


def test_a_neighbour_nested_table_stops_then_each_reading_is_right(tmp_path: Path) -> None:
    _posts(tmp_path / "src", _NESTED)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "'targeted', 'insult'" in said and "--label-column offensive " in said and "--label-column offensive,targeted,insult" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "main"), label_column="offensive"))
    assert _labels(tmp_path / "main") == {f"posts_train.csv:{i}": frozenset({str(b[0])}) for i, b in enumerate(_NESTED)}
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "all"), label_column="offensive,targeted,insult"))
    names = ("offensive", "targeted", "insult")
    assert _labels(tmp_path / "all") == {
        f"posts_train.csv:{i}": frozenset(n for n, bit in zip(names, b) if bit) or None for i, b in enumerate(_NESTED)}


def test_independent_0_1_columns_still_convert_as_one_multi_hot_set(tmp_path: Path) -> None:
    rnd = random.Random(7)
    rows = [(rnd.randint(0, 1), rnd.randint(0, 1), rnd.randint(0, 1)) for _ in range(30)]
    rows[0] = (0, 1, 0)  # (targeted beside offensive 0: no nesting)
    _posts(tmp_path / "src", rows)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    names = ("offensive", "targeted", "insult")
    assert _labels(tmp_path / "out") == {f"posts_train.csv:{i}": frozenset(n for n, bit in zip(names, b) if bit) or None
                                           for i, b in enumerate(rows)}


def test_a_column_the_sample_never_sets_is_no_evidence_of_nesting(tmp_path: Path) -> None:
    rows = [(a, b, 0) for a, b, _ in _NESTED]  # insult never 1: nothing shows it a sub-label
    _posts(tmp_path / "src", rows)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels(tmp_path / "out")["posts_train.csv:0"] == frozenset({"offensive", "targeted"})


def test_a_blank_cell_among_nested_columns_still_stops(tmp_path: Path) -> None:
    lines = ["post_id,post,offensive,targeted,insult"]
    for i, bits in enumerate(_NESTED):
        cells = ["" if (i == 4 and k == 2) else str(b) for k, b in enumerate(bits)]
        lines.append(f'{900 + i},"post number {i}, saying words of its own",' + ",".join(cells))
    _text(tmp_path / "src" / "posts_train.csv", "\ufeff" + "\n".join(lines) + "\n")  # (a BOM before the header)
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert "--label-column offensive" in str(stopped.value) or "posts_train.csv" in str(stopped.value)


def test_split_lists_beside_a_split_column_stop_naming_both(tmp_path: Path) -> None:
    _scored(tmp_path / "src", ["train", "dev", "train", "test", "train", "dev"])
    _text(tmp_path / "src" / "train.txt", "s0.png\ns2.png\ns4.png\n")
    _text(tmp_path / "src" / "test.txt", "s1.png\ns3.png\ns5.png\n")
    said = refusal(tmp_path / "src", tmp_path / "out", label_column="aesthetic")
    assert "'stage'" in said and "--exclude test.txt --exclude train.txt" in said
