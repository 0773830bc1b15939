"""Tables whose text is not one column named `text`: sentence pairs, headerless tables with ids and
dates, one split per table file, tables that hold no text; each beside its hostile twin. Sources are
built in the shapes the datasets ship (GLUE's TSVs as tfds' glue builder reads them, Sentiment140's
headerless CSV, AG News' CSV), converted by the real pipeline and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, records_by_split, rejects_by_path
from helpers.sources import convert
from shardify.beam_jobs.launch import plan_conversion
from shardify.config import ConvertConfig
from shardify.converters import column_content
from shardify.converters.columns import TableOptions, resolve_columns
from shardify.errors import InvalidInputError, SourceError, UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

# MNLI's TSV columns (GLUE's MNLI/train.tsv; dev_matched.tsv adds label1..label5 before gold_label).
_MNLI_HEADER = (
    "index\tpromptID\tpairID\tgenre\tsentence1_binary_parse\tsentence2_binary_parse\tsentence1_parse\t"
    "sentence2_parse\tsentence1\tsentence2\tlabel1\tgold_label"
)
_PAIRS = [
    ("Conceptually cream skimming has two basic dimensions.", "Product and geography are what make cream skimming work.", "neutral"),
    ("you know during the season and i guess", "You lose the things to the following level if the people recall.", "entailment"),
    ("One of our number will carry out your instructions minutely.", "A member of my team will execute your orders.", "entailment"),
    ("How do you know? All this is their information again.", "This information belongs to them.", "contradiction"),
]


def _write(root: Path, files: dict[str, str]) -> Path:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")
    return root


def _pairs(rows: list[dict]) -> list[tuple[str, str, str]]:
    """(text, text/pair, label name) of each record, sorted."""
    return sorted((r[contract.TEXT].decode(), r[contract.TEXT_PAIR].decode(), r[contract.TEXT_LABEL_TEXT].decode()) for r in rows)


def _mnli(rows: list[tuple[str, str, str]], offset: int) -> str:
    lines = [_MNLI_HEADER]
    for i, (premise, hypothesis, label) in enumerate(rows):
        parses = "( x )\t( y )\t(ROOT x)\t(ROOT y)"
        lines.append(f"{i}\t{offset + i}\t{offset + i}n\tfiction\t{parses}\t{premise}\t{hypothesis}\t{label}\t{label}")
    return "\n".join(lines) + "\n"


def test_mnli_pairs_stay_apart_and_each_dev_table_is_its_own_split(tmp_path: Path) -> None:
    source = _write(
        tmp_path / "MNLI",
        {
            "train.tsv": _mnli(_PAIRS, 100),
            "dev_matched.tsv": _mnli(_PAIRS[:2], 200),
            "dev_mismatched.tsv": _mnli(_PAIRS[2:], 300),
        },
    )
    plan = plan_conversion(ConvertConfig(str(source), str(tmp_path / "dry")))
    assert any("split 'dev_matched', after its file (other tables name 'dev' too)" in note for note in plan.notes), plan.notes
    output = convert(source, tmp_path / "out")
    manifest = load_manifest(str(output))
    assert sorted(manifest.splits) == ["dev_matched", "dev_mismatched", "train"]
    assert manifest.features[contract.TEXT_PAIR]["output_name"] == "text_pair"
    records = records_by_split(output)
    got = {split: _pairs(rows) for split, rows in records.items()}
    assert got == {"train": sorted(_PAIRS), "dev_matched": sorted(_PAIRS[:2]), "dev_mismatched": sorted(_PAIRS[2:])}
    assert rejects_by_path(output) == {}


def test_qqp_and_mrpc_pairs_by_their_own_column_names(tmp_path: Path) -> None:
    qqp = "id\tqid1\tqid2\tquestion1\tquestion2\tis_duplicate\n" + "".join(
        f"{i}\t{2 * i}\t{2 * i + 1}\t{a}\t{b}\t{i % 2}\n" for i, (a, b, _) in enumerate(_PAIRS)
    )
    # MRPC's msr_paraphrase_train.txt, as tfds' glue builder reads it: Quality, #1 ID, #2 ID, #1 String, #2 String.
    mrpc = "\ufeffQuality\t#1 ID\t#2 ID\t#1 String\t#2 String\n" + "".join(
        f"{i % 2}\t{700 + i}\t{800 + i}\t{a}\t{b}\n" for i, (a, b, _) in enumerate(_PAIRS)
    )
    for name, text in (("qqp", qqp), ("mrpc", mrpc)):
        source = _write(tmp_path / name, {"train.tsv": text})
        output = convert(source, tmp_path / f"{name}_out")
        assert _pairs(records_by_split(output)["train"]) == sorted((a, b, str(i % 2)) for i, (a, b, _) in enumerate(_PAIRS)), name


def test_pairs_read_back_with_tensorflow_datasets(tmp_path: Path) -> None:
    tfds = pytest.importorskip("tensorflow_datasets")
    source = _write(tmp_path / "rte", {"train.tsv": "index\tsentence1\tsentence2\tlabel\n" + "".join(
        f"{i}\t{a}\t{b}\t{c}\n" for i, (a, b, c) in enumerate(_PAIRS))})
    output = convert(source, tmp_path / "out")
    builder = tfds.builder_from_directory(str(output))
    examples = tfds.as_numpy(builder.as_dataset(split="train"))
    got = sorted((e[contract.TEXT].decode(), e[contract.TEXT_PAIR].decode()) for e in examples)
    assert got == sorted((a, b) for a, b, _ in _PAIRS)


# Sentiment140's training.1600000.processed.noemoticon.csv: no header; polarity, id, date, query, user, text.
_TWEETS = [
    ("0", "1467810369", "Mon Apr 06 22:19:45 PDT 2009", "NO_QUERY", "_TheSpecialOne_", "@switchfoot http://twitpic.com/2y1zl - Awww, that's a bummer."),
    ("0", "1467810672", "Mon Apr 06 22:19:49 PDT 2009", "NO_QUERY", "scotthamilton", "is upset that he can't update his Facebook by texting it"),
    ("0", "1467810917", "Mon Apr 06 22:19:53 PDT 2009", "NO_QUERY", "mattycus", "@Kenichan I dived many times for the ball. Managed to save 50%"),
    ("4", "1467822272", "Mon Apr 06 22:22:45 PDT 2009", "NO_QUERY", "ersle", "I LOVE @Health4UandPets u guys r the best!!"),
    ("4", "1467822273", "Mon Apr 06 22:22:45 PDT 2009", "NO_QUERY", "becca210", "im meeting up with one of my besties tonight! Cant wait!!"),
]


def _csv(rows: list[tuple[str, ...]]) -> str:
    return "".join(",".join('"' + c.replace('"', '""') + '"' for c in row) + "\n" for row in rows)


def test_headerless_table_with_ids_and_dates_keeps_only_the_text(tmp_path: Path) -> None:
    source = _write(tmp_path / "sentiment140", {"train.csv": _csv(_TWEETS)})
    output = convert(source, tmp_path / "out")
    records = records_by_split(output)["train"]
    assert sorted((r[contract.TEXT].decode(), r[contract.TEXT_LABEL_TEXT].decode()) for r in records) == sorted((t[5], t[0]) for t in _TWEETS)
    assert contract.TEXT_PAIR not in load_manifest(str(output)).features


def test_a_table_of_ids_is_set_aside_beside_a_table_of_texts(tmp_path: Path) -> None:
    """MNLI ships dev_ids.tsv (two id columns): it is no dataset of texts, and one id is no label."""
    ids = "".join(f"{100 + i}n\t{100 + i}\n" for i in range(6))
    source = _write(tmp_path / "MNLI", {"dev_matched.tsv": _mnli(_PAIRS, 0), "dev_ids.tsv": ids})
    output = convert(source, tmp_path / "out")
    assert "dev_ids.tsv" in rejects_by_path(output) and "no column holds text" in rejects_by_path(output)["dev_ids.tsv"]
    assert "--text-column" in rejects_by_path(output)["dev_ids.tsv"]
    assert list(records_by_split(output)) == ["dev_matched"]  # two tables named dev: each its own split
    assert len(records_by_split(output)["dev_matched"]) == len(_PAIRS)


def test_too_many_text_columns_stop_before_writing_naming_the_option(tmp_path: Path) -> None:
    rows = [(str(i % 2), f"title number {i} here", f"a body of text {i}", f"and a summary {i} too") for i in range(6)]
    source = _write(tmp_path / "news", {"train.csv": _csv(rows), "test.csv": _csv(rows[:2])})
    # the headerless tables of one shape refuse alike: the run stops before writing (table_agreement)
    with pytest.raises(UsageError, match=r"test.csv, train.csv.*3 columns hold text.*--text-column"):
        convert(source, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
    output = convert(source, tmp_path / "out2", text_column="3")
    assert sorted(r[contract.TEXT].decode() for r in records_by_split(output)["train"]) == sorted(r[2] for r in rows)


def test_a_header_repeating_a_column_name_rejects_that_table_only(tmp_path: Path) -> None:
    source = _write(
        tmp_path / "src",
        {
            "a.csv": "text,label,text\nhello there friend,pos,again here\nanother one,neg,more\n",
            "b.csv": "text,label\nA fine film indeed,pos\nDull and long,neg\n",
        },
    )
    output = convert(source, tmp_path / "out")
    assert "repeats 'text'" in rejects_by_path(output)["a.csv"] and "--no-header" in rejects_by_path(output)["a.csv"]
    assert sorted(r[contract.TEXT_SOURCE].decode() for r in records_by_split(output)["train"]) == ["b.csv#2", "b.csv#3"]
    assert all(r[contract.TEXT_LABEL] >= 0 for r in records_by_split(output)["train"])


def test_column_kinds() -> None:
    assert column_content.column_kind([t[5] for t in _TWEETS]) == column_content.TEXT
    assert column_content.column_kind([t[1] for t in _TWEETS]) == "numbers"
    assert column_content.column_kind([t[2] for t in _TWEETS]) == "dates, times or ids"
    assert column_content.column_kind([t[4] for t in _TWEETS]) == "single words (names or codes)"
    assert column_content.column_kind(["NO QUERY"] * 10) == "a few repeated values (codes)"


def test_pair_names_come_before_single_text_names() -> None:
    """QNLI's `question`, `sentence`: a pair, not the `sentence` alone."""
    columns = resolve_columns(("index", "question", "sentence", "label"), TableOptions())
    assert (columns.texts, columns.pair, columns.label) == (("question",), "sentence", "label")
    joined = resolve_columns(("question", "sentence"), TableOptions(text_columns=("question", "sentence")))
    assert (joined.texts, joined.pair) == (("question", "sentence"), "")  # asked for: joined
    with pytest.raises(InvalidInputError, match="no text column"):
        resolve_columns(("a", "b", "c"), TableOptions())


def test_json_booleans_are_a_two_class_label(tmp_path: Path) -> None:
    """BoolQ's JSONL: question, title, answer (true/false), passage: a pair labelled false or true."""
    import json

    rows = [
        {"question": "do iran and afghanistan speak the same language", "title": "Persian language", "answer": True,
         "passage": "Persian, also known by its endonym Farsi, is one of the Western Iranian languages."},
        {"question": "is elder scrolls online the same as skyrim", "title": "The Elder Scrolls Online", "answer": False,
         "passage": "As with other games in The Elder Scrolls series, the game is set on the continent of Tamriel."},
        {"question": "is there a word with q without u", "title": "Q", "answer": None, "passage": "Some words do."},
    ]
    source = _write(tmp_path / "boolq", {"train.jsonl": "".join(json.dumps(r) + "\n" for r in rows)})
    output = convert(source, tmp_path / "out")
    assert load_manifest(str(output)).labels == ("false", "true")
    got = sorted((r[contract.TEXT].decode(), r[contract.TEXT_PAIR].decode(), r[contract.TEXT_LABEL]) for r in records_by_split(output)["train"])
    assert got == sorted((r["question"], r["passage"], int(r["answer"])) for r in rows[:2])
    assert "empty label" in rejects_by_path(output)["train.jsonl"]  # null: no label, said


def test_the_console_names_the_commonest_reject_reasons(tmp_path: Path) -> None:
    """A run that writes nothing says why on its one error line, not only where the report is."""
    ids = "".join(f"{100 + i}n\t{100 + i}\n" for i in range(6))
    source = _write(tmp_path / "ids", {"a.tsv": ids, "b.tsv": ids, "c.csv": "text,label\n,x\n"})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    line = result.stderr.strip().splitlines()[-1]
    assert line.startswith("error: no records written"), result.stderr
    # each row of a table refused whole is a reject of its own (unread_rows): 6 + 6 + 1
    assert "13 rejected (12 x no column holds text" in line and "1 x empty or non-text 'text' cell" in line, line


# TREC's question classification files (train_5500.label, TREC_10.label): `FINE:label question` lines.
_TREC = [
    ("DESC:manner", "How did serfdom develop in and then leave Russia ?"),
    ("ENTY:cremat", "What films featured the character Popeye Doyle ?"),
    ("DESC:manner", "How can I find a list of celebrities ' real names ?"),
    ("ENTY:animal", "What fowl grabs the spotlight after the Chinese Year of the Monkey ?"),
    ("ABBR:exp", "What is the full form of .com ?"),
    ("HUM:ind", "What contemptible scoundrel stole the cork from my lunch ?"),
    ("HUM:gr", "What team did baseball 's St. Louis Browns become ?"),
    ("HUM:title", "What is the oldest profession ?"),
    ("DESC:def", "What are liver enzymes ?"),
    ("HUM:ind", "Name the scar-faced bounty hunter of The Old West ."),
]


def test_label_text_line_files_are_label_and_text_one_split_each(tmp_path: Path) -> None:
    lines = "".join(f"{label} {text}\n" for label, text in _TREC)
    source = _write(tmp_path / "trec", {"train_5500.label": lines, "TREC_10.label": lines[: lines.index("ABBR")]})
    output = convert(source, tmp_path / "out")
    records = records_by_split(output)
    assert sorted(records) == ["TREC_10", "train"]  # the test file names no split: its own, not more of train
    got = sorted((r[contract.TEXT].decode(), r[contract.TEXT_LABEL_TEXT].decode()) for r in records["train"])
    assert got == sorted((text, label) for label, text in _TREC)
    assert len(records["TREC_10"]) == 4


def test_a_label_file_of_prose_or_bad_lines_is_refused_not_misread(tmp_path: Path) -> None:
    prose = "".join(f"{word} went to the market on day {i} .\n" for i, word in enumerate(
        ["Anna", "Bert", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jan"]))
    good = "".join(f"{label} {text}\n" for label, text in _TREC)
    hostile = good + "DESC:manner\n" + "HUM:ind caf\xe9 ?\n"
    source = _write(tmp_path / "src", {"train.label": hostile, "notes.label": prose})
    (source / "train.label").write_bytes(hostile.encode("latin-1"))
    output = convert(source, tmp_path / "out")
    rejects = read_report(output, naming.REJECTS_FILENAME)
    assert {(r["path"], r.get("row")) for r in rejects} == {("notes.label", None), ("train.label", 11), ("train.label", 12)}
    reasons = {(r["path"], r.get("row")): r["reason"] for r in rejects}
    assert "not a file of `label text` lines" in reasons[("notes.label", None)]
    assert "no text after the label" in reasons[("train.label", 11)]
    assert "not valid UTF-8" in reasons[("train.label", 12)]
    assert len(records_by_split(output)["train"]) == len(_TREC)


def test_an_answer_column_of_texts_is_no_label(tmp_path: Path) -> None:
    """`answer` is a label only as BoolQ's true/false; a QA table's answer text would be one class
    per answer."""
    import json

    rows = [{"question": f"who wrote book {i} of the series", "context": f"Book {i} was written by author {i}.", "answer": f"author {i}"} for i in range(3)]
    source = _write(tmp_path / "qa", {"train.jsonl": "".join(json.dumps(r) + "\n" for r in rows)})
    with pytest.raises(SourceError, match=r"3 x column 'answer' holds text, not true or false.*--label-column"):
        convert(source, tmp_path / "out")


def test_a_question_and_its_answer_are_a_pair_not_a_label() -> None:
    columns = resolve_columns(("question", "answer"), TableOptions())
    assert (columns.texts, columns.pair, columns.label) == (("question",), "answer", "")
    boolq = resolve_columns(("question", "title", "answer", "passage"), TableOptions())
    assert (boolq.texts, boolq.pair, boolq.label) == (("question",), "passage", "answer")


def _squad(articles: list[dict], version: str = "1.1") -> str:
    import json

    return json.dumps({"version": version, "data": articles})


_CONTEXT = "Architecturally, the school has a Catholic character. Atop the Main Building's gold dome is a golden statue of the Virgin Mary."
_ARTICLE = {
    "title": "University_of_Notre_Dame",
    "paragraphs": [{
        "context": _CONTEXT,
        "qas": [
            {"id": "5733be284776f41900661182", "question": "What sits on top of the Main Building?",
             "answers": [{"answer_start": _CONTEXT.index("a golden statue"), "text": "a golden statue of the Virgin Mary"}]},
            {"id": "5733be284776f4190066117f", "question": "What character does the school have?",
             "answers": [{"answer_start": _CONTEXT.index("Catholic"), "text": "Catholic"},
                         {"answer_start": _CONTEXT.index("a Catholic"), "text": "a Catholic character"}]},
        ],
    }],
}


def test_squad_json_is_a_record_per_question_with_its_context_and_answers(tmp_path: Path) -> None:
    unanswerable = {"title": "Normans", "paragraphs": [{"context": "The Normans gave their name to Normandy.", "qas": [
        {"id": "u1", "question": "Who gave their name to Brittany?", "answers": [], "is_impossible": True,
         "plausible_answers": [{"text": "The Normans", "answer_start": 0}]}]}]}
    source = _write(tmp_path / "squad", {
        "train-v2.0.json": _squad([_ARTICLE, unanswerable], "v2.0"),
        "dev-v2.0.json": _squad([_ARTICLE], "v2.0"),
    })
    output = convert(source, tmp_path / "out")
    records = records_by_split(output)
    assert sorted(records) == ["dev", "train"]
    got = {r[contract.TEXT_SOURCE].decode(): r for r in records["train"]}
    assert sorted(got) == ["train-v2.0.json#1", "train-v2.0.json#2", "train-v2.0.json#3"]
    first = got["train-v2.0.json#2"]
    assert first[contract.TEXT] == b"What character does the school have?" and first[contract.TEXT_PAIR] == _CONTEXT.encode()
    assert first[contract.ANSWER_TEXT] == [b"Catholic", b"a Catholic character"]
    assert first[contract.ANSWER_START] == [_CONTEXT.index("Catholic"), _CONTEXT.index("a Catholic")]
    for text, start in zip(first[contract.ANSWER_TEXT], first[contract.ANSWER_START]):
        assert _CONTEXT[start : start + len(text)] == text.decode()
    assert got["train-v2.0.json#3"][contract.ANSWER_TEXT] == []  # unanswerable: no answers
    assert load_manifest(str(output)).features[contract.ANSWER_START]["shape"] == [None]


def test_hostile_squad_questions_are_rejected_one_by_one(tmp_path: Path) -> None:
    bad = {"title": "Bad", "paragraphs": [
        {"context": "Short context.", "qas": [
            {"id": "b1", "question": "Where?", "answers": [{"answer_start": 999, "text": "nowhere"}]},
            {"id": "b2", "question": "What?", "answers": "not a list"},
            {"id": "b3", "question": 7, "answers": []},
        ]},
        {"context": "No questions here."},
    ]}
    source = _write(tmp_path / "squad", {
        "train-v1.1.json": _squad([_ARTICLE, bad]),
        "dev-v1.1.json": '{"version": "1.1", "data": [{"paragraphs": [{"qas": [',  # cut short
    })
    output = convert(source, tmp_path / "out")
    rejects = {(r["path"], r.get("row")): r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    assert "not a place in the context" in rejects[("train-v1.1.json", 3)]
    assert "not a list of objects" in rejects[("train-v1.1.json", 4)]
    assert "non-text 'question'" in rejects[("train-v1.1.json", 5)]
    assert 'without a "qas" list' in rejects[("train-v1.1.json", 6)]
    assert "not JSON" in rejects[("dev-v1.1.json", None)]
    assert len(records_by_split(output)["train"]) == 2


def test_fasttext_lines_in_txt_files_are_label_and_text(tmp_path: Path) -> None:
    """Amazon reviews' fastText files (train.ft.txt): `__label__2 Great CD: ...`; several labels make
    a multi-label record; a README beside them is no table, and no record."""
    train = [("2", "Great CD: My lovely Pat has one of the GREAT voices."), ("1", "Batteries died within a year."),
             ("2", "works fine, but Maha Energy is better.")]
    source = _write(tmp_path / "amazon", {
        "train.ft.txt": "".join(f"__label__{label} {text}\n" for label, text in train),
        "test.ft.txt": "__label__1 __label__2 two labels here\n__label__2\n",
        "readme.txt": "Amazon reviews in fastText's format.\n",
    })
    output = convert(source, tmp_path / "out")
    records = records_by_split(output)
    got = sorted((r[contract.TEXT].decode(), r[contract.TEXT_LABEL_TEXT]) for r in records["train"])
    assert got == sorted((text, label.encode()) for label, text in train)  # one label: unwrapped by read_shard
    assert [r[contract.TEXT_LABEL_TEXT] for r in records["test"]] == [[b"1", b"2"]]
    rejects = {(r["path"], r.get("row")): r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}
    assert "no text after the labels" in rejects[("test.ft.txt", 2)]
    assert ("readme.txt", None) not in rejects  # a download's documentation: auxiliary, not a reject
    assert load_manifest(str(output)).data["inputs"]["auxiliary"] == 1


def test_tables_in_the_downloads_wrapper_folder_read_as_at_the_top(tmp_path: Path) -> None:
    """GLUE unpacks to `glue_data/MNLI/*.tsv`, AG News to `ag_news_csv/*.csv` beside its
    classes.txt: SRC pointed at the download gives the splits and records SRC pointed at the
    wrapper gives, never one merged split."""
    files = {
        "train.tsv": _mnli(_PAIRS, 100),
        "dev_matched.tsv": _mnli(_PAIRS[:2], 200),
        "dev_mismatched.tsv": _mnli(_PAIRS[2:], 300),
    }
    download = _write(tmp_path / "glue_data", {f"MNLI/{name}": text for name, text in files.items()})
    wrapped = records_by_split(convert(download, tmp_path / "wrapped"))
    inner = records_by_split(convert(download / "MNLI", tmp_path / "inner"))
    assert sorted(wrapped) == sorted(inner) == ["dev_matched", "dev_mismatched", "train"]
    for split in inner:
        assert _pairs(wrapped[split]) == _pairs(inner[split])
    assert _pairs(wrapped["dev_mismatched"]) == sorted(_PAIRS[2:][i][:2] + (_PAIRS[2:][i][2],) for i in range(2))


def test_nli_labels_are_numbered_as_their_datasets_document(tmp_path: Path) -> None:
    """MNLI's gold labels are numbered as GLUE and tfds number them (entailment 0, neutral 1,
    contradiction 2), not by name: a model's output index means what the dataset's papers mean."""
    source = _write(tmp_path / "MNLI", {"train.tsv": _mnli(_PAIRS, 100)})
    output = convert(source, tmp_path / "out")
    assert load_manifest(str(output)).labels == ("entailment", "neutral", "contradiction")
    for record in records_by_split(output)["train"]:
        index = {"entailment": 0, "neutral": 1, "contradiction": 2}[record[contract.TEXT_LABEL_TEXT].decode()]
        assert record[contract.TEXT_LABEL] == index

