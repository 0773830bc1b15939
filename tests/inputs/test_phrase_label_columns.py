"""A table of a few rows whose two columns of text are a text and a short phrase (converters/
phrase_columns.py): the phrase column is the label where its values repeat, and the run stops where
so few rows cannot tell a label from a pair's second text. Read as a sentence pair, every record was
written unlabelled with exit 0, its class as a second text.

- the case: SST-5's five classes written out (`very positive`, `very negative`: the fine-grained
  Stanford Sentiment Treebank's label names), three `review,label` rows, no header;
- neighbours of the kind: an e-commerce sample in `label,text` order (its categories
  `Clothing & Accessories`, `Household`: the product-classification set of label_phrases' docstring);
  medical transcriptions with MTSamples' specialties (`Cardiovascular / Pulmonary`), text first;
- twins that must stop: a question beside its short answer (`William Shakespeare`, every value
  different: a pair's second text as likely as a label); two rows whose first was taken for a header.
A premise beside a short hypothesis (`A man plays music.`: a sentence, no phrase) stays a pair.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.unseen_judge import written_records

_REVIEWS = ["A gorgeous, witty film that earns every laugh", "The plot drags and the jokes fall flat",
            "One of the finest performances of the year"]
_CASES = {
    "sst5 phrases": ("train.csv", [(t, l) for t, l in zip(_REVIEWS, ["very positive", "very negative", "very positive"])], 1),
    "product categories first": ("train.csv", [
        ("Clothing & Accessories", "Mens Cotton Polo T-Shirt with a ribbed collar"),
        ("Household", "Stainless steel kitchen knife set with a wooden block"),
        ("Clothing & Accessories", "Womens cotton kurta with long sleeves and pockets"),
    ], 0),
    "medical specialties": ("train.tsv", [
        ("Patient presents with chest pain radiating to the left arm", "Cardiovascular / Pulmonary"),
        ("Laparoscopic gastric bypass was performed without complication", "Bariatrics"),
        ("Shortness of breath on exertion with a history of asthma", "Cardiovascular / Pulmonary"),
        ("Follow up after sleeve gastrectomy, weight loss as expected", "Bariatrics"),
    ], 1),
}


def _write(path: Path, rows) -> None:
    separator = "\t" if path.suffix == ".tsv" else ","
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(separator.join(f'"{c}"' if "," in c and separator == "," else c for c in row) + "\n" for row in rows))


@pytest.mark.parametrize("case", sorted(_CASES))
def test_short_repeated_phrases_beside_texts_are_the_label(case: str, tmp_path: Path) -> None:
    name, rows, label_at = _CASES[case]
    _write(tmp_path / "src" / name, rows)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    written = written_records(tmp_path / "out")
    # (the judge compares labels case-folded)
    assert written["records"] == {f"{name}:{i}": ("train", frozenset({row[label_at].casefold()})) for i, row in enumerate(rows)}
    assert written["texts"] == {f"{name}:{i}": row[1 - label_at] for i, row in enumerate(rows)}


def test_short_answers_all_different_stop(tmp_path: Path) -> None:
    _write(tmp_path / "src" / "train.csv", [
        ("Who wrote the play Hamlet?", "William Shakespeare"), ("Who painted the Mona Lisa?", "Leonardo da Vinci"),
        ("Who was the first president of the United States?", "George Washington"),
    ])
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    said = " ".join(result.stderr.split())
    assert "train.csv" in said and "short phrases beside longer texts" in said, said
    assert "--label-column 2" in said and "--keep-columns 2" in said, said


def test_two_rows_whose_first_was_taken_for_a_header_stop(tmp_path: Path) -> None:
    # a first row of no sentence's shape (six words, no full stop) is read as the header
    _write(tmp_path / "src" / "train.csv", [("I loved this movie so much", "very positive"),
                                            ("The plot was dull and slow", "very negative")])
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    said = " ".join(result.stderr.split())
    assert "--no-header --label-column 2" in said, said
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--no-header", "--label-column", "2")
    assert result.returncode == 0, result.stderr
    assert {r[1] for r in written_records(tmp_path / "out")["records"].values()} == {frozenset({"very positive"}), frozenset({"very negative"})}


def test_a_sentence_pair_with_short_hypotheses_stays_a_pair(tmp_path: Path) -> None:
    # SNLI-like premise and hypothesis: a short hypothesis ends as a sentence does, no phrase
    pairs = [("A man plays a guitar on a small stage.", "A man plays music."),
             ("Two children run along a sandy beach.", "Kids are outside."),
             ("A woman slices bread in a busy kitchen.", "A woman cooks.")]
    _write(tmp_path / "src" / "train.tsv", pairs)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert set(written_records(tmp_path / "out")["texts"].values()) == set(pairs)
