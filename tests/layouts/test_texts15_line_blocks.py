"""Records in blocks of lines (issue 30, blind round fifteen: semeval2010_task8).

SemEval-2010 Task 8 (its README and loaders seen by search: `<id><TAB>"<sentence>"`, the relation,
`Comment: ...`, a blank line; CRLF) stopped as if SRC held no texts; each block is now a record.
Neighbours: KBP37's train.txt, dev.txt, test.txt (the same blocks without the comment line, LF; from
memory of zhangdongxu/kbp37), read alike and split by their names; CoNLL-2003's blank-separated
sentences (`EU B-NP B-ORG`, a token a line) are token tables and never blocks; a file whose blocks
differ in shape is not read as blocks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.converters import line_blocks
from shardify.errors import ShardifyError

_RELATIONS = ("Cause-Effect(e1,e2)", "Other", "Component-Whole(e2,e1)")


def _judged(out: Path) -> dict[str, tuple[str, str | None, str | None]]:
    found = written_records(out)
    return {rid: (split, next(iter(labels)).casefold() if labels else None, found["texts"][rid])
            for rid, (split, labels) in found["records"].items()}


def test_semeval2010_blocks_are_records(tmp_path: Path) -> None:
    root, truth = tmp_path / "SemEval2010_task8_all_data", {}
    for folder, file, split, first in (("SemEval2010_task8_training", "TRAIN_FILE.TXT", "train", 1),
                                       ("SemEval2010_task8_testing_keys", "TEST_FILE_FULL.TXT", "test", 8001)):
        blocks = []
        for i in range(3):
            sentence = f"The <e1>cup{i}</e1> of the old <e2>tea{first}</e2> was spilled {i} times."
            comment = "Comment:" if i % 2 else "Comment: the head is ambiguous"
            blocks.append(f'{first + i}\t"{sentence}"\r\n{_RELATIONS[i]}\r\n{comment}\r\n\r\n')
            truth[f"{folder}/{file}:{i}"] = (split, _RELATIONS[i].casefold(), sentence)
        write_file(root / folder / file, "".join(blocks))
    write_file(root / "README.txt", "Each example: a line with the sentence, a line with the relation, a comment.\r\n")
    assert _judged(convert(root, tmp_path / "out")) == truth


def test_kbp37_blocks_without_comments_split_by_name(tmp_path: Path) -> None:
    root, truth, n = tmp_path / "kbp37", {}, 0
    for part, split in (("train", "train"), ("dev", "validation"), ("test", "test")):
        blocks = []
        for i in range(3):
            label = ("per:title(e1,e2)", "no_relation", "org:founded_by(e2,e1)")[i]
            sentence = f" <e1> Person {n} </e1> works at <e2> Company {i} </e2> in town . "
            blocks.append(f'{n}\t"{sentence}"\n{label}\n\n')
            truth[f"{part}.txt:{i}"] = (split, label.casefold(), sentence)
            n += 1
        write_file(root / f"{part}.txt", "".join(blocks))
    assert _judged(convert(root, tmp_path / "out")) == truth


def test_conll_sentences_are_not_blocks() -> None:
    conll = ["-DOCSTART- -X- -X- O", "", "EU NNP B-NP B-ORG", "rejects VBZ B-VP O", "German JJ B-NP B-MISC", "",
             "Peter NNP B-NP B-PER", "Blackburn NNP I-NP I-PER", ""]
    assert not line_blocks.looks_like_blocks(conll, whole=True)
    tabbed = [line.replace(" ", "\t") for line in conll]
    assert not line_blocks.looks_like_blocks(tabbed, whole=True)


def test_blocks_of_two_shapes_are_not_read_as_records(tmp_path: Path) -> None:
    """The twin: one block with a comment, one without: which lines are a record is not told."""
    root = tmp_path / "src"
    write_file(root / "train.txt", '1\t"A <e1>b</e1> c <e2>d</e2>."\nOther\nComment: x\n\n2\t"E <e1>f</e1> g <e2>h</e2>."\nOther\n\n'
               '3\t"I <e1>j</e1> k <e2>l</e2>."\nOther\nComment:\n\n')
    try:
        records = written_records(convert(root, tmp_path / "out"))["records"]
    except ShardifyError:
        return  # a stop (or a refusal) is never wrong
    assert not any(labels and "other" in {l.casefold() for l in labels} for _, labels in records.values()), records
