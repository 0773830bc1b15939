"""Side tables keyed by a text table's ids, and id<TAB>text lines beside metadata of the same ids (issue 30, round sixteen).

EmoBank (github.com/JULIELab/EmoBank: corpus/emobank.csv `id,split,V,A,D,text`, beside reader.csv and
writer.csv, the scores by perspective `id,V,A,D,stdV,...`, and meta.tsv `id<TAB>document<TAB>category`)
stopped on "split 'dev' has no labels while 'train' has": meta.tsv's genres had become labels of its own
rows. The CMU Movie Summary corpus (plot_summaries.txt `id<TAB>plot` beside movie.metadata.tsv of the same
Wikipedia ids) exited 1, and read as a table its metadata rows became records. Both now stop before
writing, naming the side tables (`beam_jobs/discover/keyed_texts`); EmoBank's `--exclude` then converts
it right. Neighbours: Jigsaw Unintended Bias (Kaggle: train.csv `id,target,comment_text` beside
toxicity_individual_annotations.csv `id,worker,toxic,...`, a row per rater), and the CMU Book Summary
corpus's shape as a keyed file (booksummaries.txt ids beside a metadata table). Twin: a questions table
beside an answers table with ids of its own converts as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_WORDS = "she smiled at the news while rain fell on the old town and everyone cheered loudly".split()


def _text(seed: int, n: int = 10) -> str:
    return " ".join(_WORDS[(seed * 5 + k * 3) % len(_WORDS)] for k in range(n)).capitalize() + "."


def _emobank(root: Path) -> None:
    rows, reader, meta = ["id,split,V,A,D,text"], ["id,V,A,D,stdV,stdA,stdD,N"], ["id\tdocument\tcategory"]
    for i in range(8):
        ident = f"doc{i // 3}_{1000 + i * 40}_{1040 + i * 40}"
        rows.append(f"{ident},{('train', 'train', 'dev', 'test')[i % 4]},{3 + i % 3 * 0.2:.2f},3.10,2.90,{_text(i)}")
        reader.append(f"{ident},3.0,3.1,2.9,0.4,0.5,0.3,5")
        meta.append(f"{ident}\tdoc{i // 3}.txt\t{('blog', 'fiction')[i % 2]}")
    write_file(root / "corpus" / "emobank.csv", "\n".join(rows) + "\n")
    write_file(root / "corpus" / "reader.csv", "\n".join(reader) + "\n")
    write_file(root / "corpus" / "meta.tsv", "\n".join(meta) + "\n")


def _no_records(out: Path) -> bool:
    return not out.exists() or not any(out.rglob("*.tfrecord*"))


def test_emobank_side_tables_stop_and_their_exclusion_converts_the_texts(tmp_path: Path) -> None:
    _emobank(tmp_path / "src")
    with pytest.raises(UsageError, match=r"corpus/meta.tsv, corpus/reader.csv are keyed by the ids of corpus/emobank.csv") as stop:
        convert(tmp_path / "src", tmp_path / "out")
    assert "--exclude 'corpus/reader.csv'" in str(stop.value) and _no_records(tmp_path / "out")
    out = convert(tmp_path / "src", tmp_path / "out2", exclude=("corpus/reader.csv", "corpus/meta.tsv"))
    records = written_records(out)["records"]
    assert sorted(records) == [f"corpus/emobank.csv:{i}" for i in range(8)]
    assert all(labels is None for _, labels in records.values())


def test_jigsaw_rater_table_is_named_as_a_side_table(tmp_path: Path) -> None:
    ids = [59848, 59849, 59852, 59855, 59856, 59859, 59861, 59863]  # train.csv's first ids, with gaps
    rows = ["id,target,comment_text"] + [f"{ids[i]},{(i % 5) / 5:.1f},{_text(i, 12)}" for i in range(8)]
    raters = ["id,worker,toxic,severe_toxic,identity_attack,insult,obscene,sexual_explicit,threat"]
    raters += [f"{ids[i // 2]},{i * 7},{i % 2},0,0,0,0,0,0" for i in range(16)]
    write_file(tmp_path / "src" / "train.csv", "\n".join(rows) + "\n")
    write_file(tmp_path / "src" / "toxicity_individual_annotations.csv", "\n".join(raters) + "\n")
    with pytest.raises(UsageError, match=r"toxicity_individual_annotations.csv is keyed by the ids of train.csv"):
        convert(tmp_path / "src", tmp_path / "out")


@pytest.mark.parametrize("name", ["plot_summaries.txt", "booksummaries.txt"])
def test_id_text_lines_beside_metadata_of_their_ids_stop(tmp_path: Path, name: str) -> None:
    ids = [975900 + i * 4217 for i in range(8)]
    write_file(tmp_path / "src" / name, "".join(f"{k}\t{_text(i, 14)}\n" for i, k in enumerate(ids[:6])))
    write_file(tmp_path / "src" / "metadata.tsv", "".join(
        f"{k}\t/m/0{i}x\tTitle {i}\t{1960 + i}\t{{\"/m/07s9rl0\": \"Drama\"}}\n" for i, k in enumerate(ids)))
    with pytest.raises(UsageError, match=rf"{name} holds `id<TAB>text` lines .* metadata.tsv hold ids of the same kind"):
        convert(tmp_path / "src", tmp_path / "out")
    assert _no_records(tmp_path / "out")


def test_questions_beside_answers_with_ids_of_their_own_convert(tmp_path: Path) -> None:
    questions = ["id,question,label"] + [f"q{i},{_text(i)},{('yes', 'no')[i % 2]}" for i in range(6)]
    answers = ["id,answer,label"] + [f"a{i},{_text(i + 9)},{('yes', 'no')[i % 2]}" for i in range(6)]
    write_file(tmp_path / "src" / "questions.csv", "\n".join(questions) + "\n")
    write_file(tmp_path / "src" / "answers.csv", "\n".join(answers) + "\n")
    records = written_records(convert(tmp_path / "src", tmp_path / "out"))["records"]
    assert len(records) == 12


def test_split_tables_numbering_their_rows_alike_are_no_side_tables(tmp_path: Path) -> None:
    # Quora Question Pairs: train.csv `id,qid1,qid2,question1,question2,is_duplicate`, test.csv `test_id,...`, both from 0
    train = ["id,qid1,qid2,question1,question2,is_duplicate"] + [
        f"{i},{2 * i + 1},{2 * i + 2},{_text(i)},{_text(i + 3)},{i % 2}" for i in range(8)]
    test = ["test_id,question1,question2"] + [f"{i},{_text(i + 5)},{_text(i + 7)}" for i in range(4)]
    write_file(tmp_path / "src" / "train.csv", "\n".join(train) + "\n")
    write_file(tmp_path / "src" / "test.csv", "\n".join(test) + "\n")
    records = written_records(convert(tmp_path / "src", tmp_path / "out"))["records"]
    assert len(records) == 12
