"""Hostile input, sixteenth round: the table kinds round fifteen added, and line ends no round tried.

Tables and label lists ended by CR alone; a split column of NaN, empty or unknown splits; a union
table beside its split tables that holds one row more, or one row changed; gold files of more lines
than their data, of CR-only ends, of an empty line; blocks of lines (SemEval-2010 Task 8) of a line
of megabytes or a block that never ends; `'`-quoted tables whose quote never closes; tab pairs and
tab tables in split folders whose rows change shape. Every row ends in one record or one reject, or
the run stops in one line naming the file or the option; never a traceback or a hang, never a
record whose text or label is not its row's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file

_W = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho".split()


def _text(seed: int, n: int = 8) -> str:
    return " ".join(_W[(seed * 7 + k * 3) % len(_W)] for k in range(n))


def _keys_of(written: dict, rejected: dict, name: str) -> list[str]:
    return [k for k in (*written, *rejected) if k.split("#")[0] == name]


# ------------------------------------------------------------------------------------------------
# CR-only line ends: label lists and tables
# ------------------------------------------------------------------------------------------------


def _images(root: Path, n: int = 6, folder: str = "images") -> list[str]:
    names = [f"img{i}.jpg" for i in range(n)]
    for i, name in enumerate(names):
        write_file(root / folder / name, image_bytes(seed=i))
    return names


@pytest.mark.parametrize("name", ["labels.csv", "labels.txt"])
def test_a_label_list_ended_by_cr_alone_labels_each_image_or_stops(tmp_path: Path, name: str) -> None:
    names = _images(tmp_path / "src")
    sep = "," if name.endswith(".csv") else " "
    head = f"id{sep}label\r" if name.endswith(".csv") else ""
    write_file(tmp_path / "src" / name, head + "".join(f"images/{n}{sep}{('cat', 'dog')[i % 2]}\r" for i, n in enumerate(names)))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, name)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert {f"images/{n}" for n in names} <= set(written) | set(rejected), (written, rejected)
    for i, n in enumerate(names):
        got = written.get(f"images/{n}")
        assert got is None or got[1] == (("cat", "dog")[i % 2],), (n, got)


def test_a_split_list_ended_by_cr_alone_puts_each_image_in_its_split(tmp_path: Path) -> None:
    names = _images(tmp_path / "src", 8)
    write_file(tmp_path / "src" / "train.txt", "".join(f"images/{n}\r" for n in names[:5]))
    write_file(tmp_path / "src" / "test.txt", "".join(f"images/{n}\r" for n in names[5:]))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert {f"images/{n}" for n in names} <= set(written) | set(rejected), (written, rejected)
    for i, n in enumerate(names):
        got = written.get(f"images/{n}")
        assert got is None or got[0] == ("train" if i < 5 else "test"), (n, got)


def test_a_headerless_tab_table_ended_by_cr_alone_is_rows(tmp_path: Path) -> None:
    rows = [f"{('neg', 'pos')[i % 2]}\t{_text(i)}" for i in range(12)]
    write_file(tmp_path / "src" / "train.tsv", "\r".join(rows) + "\r")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.tsv")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert all("\r" not in text and "\t" not in text for _, _, text in written.values()), written
    assert len(_keys_of(written, rejected, "train.tsv")) in (12, 1), (written, rejected)


def test_a_jsonl_ended_by_cr_alone_is_rows_or_one_reject(tmp_path: Path) -> None:
    import json

    rows = [json.dumps({"text": _text(i), "label": ("neg", "pos")[i % 2]}) for i in range(10)]
    write_file(tmp_path / "src" / "train.jsonl", "\r".join(rows) + "\r")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.jsonl")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "train.jsonl")) in (10, 1), (written, rejected)
    for _, labels, text in written.values():
        assert "\r" not in text and "{" not in text, text


# ------------------------------------------------------------------------------------------------
# A split column of NaN, empty or unknown splits
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("odd", ["NaN", "", "holdout-2", "TRAIN ", "null"], ids=["NaN", "empty", "unknown", "spaced", "null"])
def test_a_split_column_with_an_odd_value_puts_no_row_in_an_invented_split(tmp_path: Path, odd: str) -> None:
    splits = ["train", "test", "train", "validation", "train", odd, "test", "train", "train", "test"]
    lines = [f"{_text(i)},{('neg', 'pos')[i % 2]},{s}" for i, s in enumerate(splits)]
    write_file(tmp_path / "src" / "data.csv", "text,label,split\n" + "\n".join(lines) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "data.csv")) == 10, (written, rejected)
    for key, (split, labels, _) in written.items():
        assert split in ("train", "test", "validation", "data"), (key, split)
    odd_row = written.get("data.csv#7")
    assert odd_row is None or odd_row[0] not in ("train", "test", "validation") or odd.strip().lower() == odd_row[0], odd_row


# ------------------------------------------------------------------------------------------------
# Union tables beside their split tables
# ------------------------------------------------------------------------------------------------


def _split_tables(root: Path, n: int = 6) -> list[str]:
    lines = [f"{_text(i)},{('neg', 'pos')[i % 2]}" for i in range(2 * n)]
    write_file(root / "train.csv", "text,label\n" + "\n".join(lines[:n]) + "\n")
    write_file(root / "test.csv", "text,label\n" + "\n".join(lines[n:]) + "\n")
    return lines


@pytest.mark.parametrize("change", ["one row more", "one row changed", "rows repeated", "CRLF ends"])
def test_an_all_table_not_quite_the_union_is_not_left_out_unsaid(tmp_path: Path, change: str) -> None:
    lines = _split_tables(tmp_path / "src")
    every = list(lines)
    end = "\n"
    if change == "one row more":
        every.append(f"{_text(99)},pos")
    elif change == "one row changed":
        every[3] = every[3].replace("neg", "pos").replace(",pos", ",neg") if every[3].endswith("neg") else every[3][:-3] + "neg"
    elif change == "rows repeated":
        every = every + every[:2]
    else:
        end = "\r\n"
    write_file(tmp_path / "src" / "all.csv", end.join(["text,label", *every]) + end)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "train.csv")) == 6 and len(_keys_of(written, rejected, "test.csv")) == 6
    kept = _keys_of(written, rejected, "all.csv")
    if change in ("one row more", "one row changed"):  # not their union: read as a split of its own, each row
        assert len(kept) == len(every), (change, len(kept), rejected)


# ------------------------------------------------------------------------------------------------
# Gold files beside their data files
# ------------------------------------------------------------------------------------------------


def _wic(root: Path, n: int = 6, gold: list[str] | None = None, end: str = "\n") -> None:
    data = [f"bank\t{'NV'[i % 2]}\t{i}-{i + 1}\tThe old bank {i} was seen today .\tA new bank {i} stood there ."
            for i in range(n)]
    gold = ["TF"[i % 2] for i in range(n)] if gold is None else gold
    write_file(root / "train" / "train.data.txt", "\n".join(data) + "\n")
    write_file(root / "train" / "train.gold.txt", end.join(gold) + end)
    write_file(root / "README.txt", "WiC: *.data.txt five tab-separated columns; *.gold.txt T or F a line.\n")


@pytest.mark.parametrize("gold", [["T", "F", "T", "F", "T", "F", "T"], ["T", "F", "T", "F", "T", "F", "", ""],
                                  ["T", "F", "T", "", "T", "F"]],
                         ids=["one line more", "two blank lines more", "a blank line among them"])
def test_a_gold_file_of_other_lines_than_its_data_labels_no_row_with_a_shifted_line(tmp_path: Path, gold: list[str]) -> None:
    _wic(tmp_path / "src", 6, gold)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.gold.txt")
        return
    written, rejected = finished(result, tmp_path / "out")
    for key, (_, labels, _) in written.items():
        if key.startswith("train/train.data.txt"):
            row = int(key.rsplit("#", 1)[1]) - 1 if "#" in key else None
            assert row is None or labels in ((gold[row].lower(),), ()) , (key, labels)


def test_a_gold_file_ended_by_cr_alone_is_read_line_by_line_or_stops(tmp_path: Path) -> None:
    _wic(tmp_path / "src", 6, end="\r")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.gold.txt")
        return
    written, rejected = finished(result, tmp_path / "out")
    gold = ["t", "f"] * 3
    assert len(_keys_of(written, rejected, "train/train.data.txt")) == 6, (written, rejected)
    for key, (_, labels, _) in written.items():
        row = int(key.rsplit("#", 1)[1]) - 1
        assert labels == (gold[row],), (key, labels)


def test_an_empty_gold_file_beside_its_data_labels_nothing_unsaid(tmp_path: Path) -> None:
    _wic(tmp_path / "src", 6, gold=[])
    write_file(tmp_path / "src" / "train" / "train.gold.txt", "")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not any(labels for _, labels, _ in written.values()), written


# ------------------------------------------------------------------------------------------------
# Blocks of lines
# ------------------------------------------------------------------------------------------------


def _blocks(n: int, first: int = 1) -> list[str]:
    return [f'{first + i}\t"The <e1>cup{i}</e1> of the old <e2>tea</e2> was spilled {i} times."\n'
            f"{('Cause-Effect(e1,e2)', 'Other')[i % 2]}\nComment:\n\n" for i in range(n)]


def _block_source(root: Path, blocks: list[str], name: str = "TRAIN_FILE.TXT") -> None:
    write_file(root / name, "".join(blocks))
    write_file(root / "README.txt", "Each example: a line with the sentence, a line with the relation, a comment.\n")


def test_a_block_of_a_line_of_megabytes_is_a_reject_or_a_record_and_no_hang(tmp_path: Path) -> None:
    blocks = _blocks(6)
    blocks[4] = f'5\t"{"word " * 3_000_000}"\nOther\nComment:\n\n'
    _block_source(tmp_path / "src", blocks)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "TRAIN_FILE.TXT")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "TRAIN_FILE.TXT")) == 6, (sorted(written), rejected)


def test_a_block_that_never_ends_is_one_reject_not_the_file_in_memory(tmp_path: Path) -> None:
    """After the blocks, 400,000 lines of one label each and no blank line: one block of 4 MB."""
    blocks = _blocks(4) + ['5\t"A last sentence."\n' + "Other\n" * 400_000]
    _block_source(tmp_path / "src", blocks)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "TRAIN_FILE.TXT")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "TRAIN_FILE.TXT")) == 5, (sorted(written), rejected)
    assert "TRAIN_FILE.TXT#5" in rejected, rejected


def test_blocks_reader_holds_no_more_than_a_row_in_memory(tmp_path: Path) -> None:
    """`_scan_blocks` on 1.5 MB of blocks reads it line by line: what it holds at once is
    bounded by a block, not by the file (measured by tracemalloc's peak)."""
    import io
    import tracemalloc

    from shardify.converters import table_scans

    data = "".join(_blocks(15_000)).encode()
    assert len(data) > 1_000_000
    tracemalloc.start()
    try:
        rows = sum(1 for _ in table_scans._scan_blocks(io.BytesIO(data), None))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rows == 15_000
    assert peak < len(data) // 4, (peak, len(data))


def test_blocks_ended_by_cr_alone_are_blocks_or_no_blocks_never_one_record(tmp_path: Path) -> None:
    blocks = [b.replace("\n", "\r") for b in _blocks(6)]
    _block_source(tmp_path / "src", blocks)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert all("\r" not in text for _, _, text in written.values())
    assert len(_keys_of(written, rejected, "TRAIN_FILE.TXT")) in (6, 1), (sorted(written), rejected)


# ------------------------------------------------------------------------------------------------
# '-quoted tables, tab pairs, tab tables in split folders
# ------------------------------------------------------------------------------------------------


def test_an_apostrophe_quoted_table_whose_quote_never_closes_swallows_no_rows_unsaid(tmp_path: Path) -> None:
    lines = [f"{('Sport', 'Kultur')[i % 2]};'{_text(i)}{', and more' * (i % 3)}; with ''quotes'''" for i in range(12)]
    lines[6] = f"Sport;'{_text(6)} opened and never closed"
    write_file(tmp_path / "src" / "train.csv", "\n".join(lines) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "train.csv")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "train.csv")) == 12 or any("lines" in r for r in rejected.values()), (
        sorted(written), rejected)
    for _, labels, text in written.values():  # (one line unquoted makes the `'` reading unsure: then a line a text,
        # unlabelled, the rows of other shapes rejected; never a label cut from a text)
        assert ("Kultur;" not in text and "Sport;" not in text) or not labels, (text, labels)


def test_tab_pairs_one_line_of_two_tabs_is_that_lines_reject(tmp_path: Path) -> None:
    lines = [f"{_text(i, 5)}\t{_text(i + 3, 6)}" for i in range(20)]
    lines[7] = f"{_text(7, 5)}\t{_text(8, 4)}\t{_text(9, 4)}"
    write_file(tmp_path / "src" / "STS.input.MSRpar.txt", "\n".join(lines) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, "STS.input.MSRpar.txt")) in (20, 1), (sorted(written), rejected)
    assert all(text.count("\t") == 0 for _, _, text in written.values())


@pytest.mark.parametrize("odd", ["a row of two cells", "a file of no rows", "a NUL byte"])
def test_tab_tables_in_split_folders_with_an_odd_file_put_each_row_in_one_place(tmp_path: Path, odd: str) -> None:
    root, n = tmp_path / "src", 0
    for split in ("training", "development", "test"):
        for emotion in ("anger", "joy"):
            rows = [f"{10000 + n + i}\t{_text(n + i)}\t{emotion}\t0.{(n + i) % 9 + 1}" for i in range(4)]
            n += 4
            if split == "development" and emotion == "joy":
                if odd == "a row of two cells":
                    rows[2] = f"{10099}\t{_text(99)}"
                elif odd == "a file of no rows":
                    rows = []
                else:
                    rows[1] = rows[1].replace(" ", "\0", 1)
            write_file(root / split / f"{emotion}-ratings-0to1.{split}.txt", "\n".join(rows) + ("\n" if rows else ""))
    result = run(root, tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    for path in root.rglob("*.txt"):
        rel = path.relative_to(root).as_posix()
        count = len(path.read_text().splitlines())
        got = len(_keys_of(written, rejected, rel))
        assert got == count or (count == 0 and got <= 1), (rel, count, got)
    assert all("\0" not in text for _, _, text in written.values())


@pytest.mark.parametrize("name,line", [
    ("train_5500.label", "{label}:sub {text}"),
    ("train.txt", "__label__{label} {text}"),
    ("train.tsv", "{text}\t{label}"),
], ids=["TREC label lines", "fastText lines", "TSV"])
def test_rows_read_back_from_a_file_of_cr_ends_hold_no_cr(tmp_path: Path, name: str, line: str) -> None:
    """Rows are scanned through the CR-as-LF view and read back by their byte ranges from the file
    itself: the bytes read back end in CR, which must not reach a text or a label."""
    rows = [line.format(label=("NUM", "LOC")[i % 2], text=_text(i)) for i in range(12)]
    write_file(tmp_path / "src" / name, "\r".join(rows) + "\r")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, name)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len(_keys_of(written, rejected, name)) == 12, (sorted(written), rejected)
    for _, labels, text in written.values():
        assert "\r" not in text and not any("\r" in label for label in labels), (text, labels)


def test_a_file_of_cr_ends_converts_to_the_same_bytes_twice(tmp_path: Path) -> None:
    rows = "".join(f"{_text(i)},{('neg', 'pos')[i % 2]}\r" for i in range(12))
    write_file(tmp_path / "src" / "train.csv", "text,label\r" + rows)
    first, second = run(tmp_path / "src", tmp_path / "one"), run(tmp_path / "src", tmp_path / "two")
    assert first.returncode == second.returncode == 0, (first.stderr[-500:], second.stderr[-500:])
    one = [p.read_bytes() for p in sorted((tmp_path / "one").glob("*.tfrecord"))]
    assert one and one == [p.read_bytes() for p in sorted((tmp_path / "two").glob("*.tfrecord"))]


def test_a_union_candidate_of_one_endless_line_is_not_held_whole(tmp_path: Path, monkeypatch) -> None:
    """`union_tables` compares a table naming no split with the split tables beside it, up to its
    byte bound; a file of one line past the bound was read whole before the bound was checked."""
    import tracemalloc

    from shardify.beam_jobs.discover import union_tables
    from shardify.config import ConvertConfig

    monkeypatch.setattr(union_tables, "_MAX_BYTES", 1 << 20)
    write_file(tmp_path / "src" / "all.csv", "text,label\n" + "word " * 1_600_000)
    tracemalloc.start()
    try:
        found = union_tables._digests(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")), "all.csv")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found is None
    assert peak < 4 << 20, peak
