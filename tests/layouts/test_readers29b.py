"""Useless stops of blind batch 29 on text and table datasets, read by kind (readers29b).

- a table of texts beside a table of `id,<cell of name-0;name-1;... pairs>` keyed by the same ids (Disaster
  Response's disaster_messages.csv and disaster_categories.csv): was a stop calling the labels table a side table
  naming nothing that converts; now each text row is labelled by the names its id's cell marks 1
  (converters/flag_pairs.py, shardify/plan/label_joins.py). Neighbour: other names, a TSV-free tweet set whose
  `tags` cell is `sarcasm-1;irony-0`. Hostile twins: a `name-2` cell, a cell of other names, an id twice with
  two readings, a BOM on the header.
- rootless pseudo-XML files of `<review>` blocks (`&` bare, Latin-1), `positive.review`, `negative.review` and
  `unlabeled.review` per domain folder (Multi-Domain Sentiment): was a stop saying the download held no texts; now
  each review a record of its file's class, unlabeled.review's unlabelled (converters/pseudo_xml.py,
  beam_jobs/discover/xml_record_files.py, the layout's table_labels). Neighbour: the release's other domains with
  no unlabeled file, in Latin-1. Hostile twins: a BOM; `all.review` beside them (a stop naming its --exclude,
  which then converts right); a bare `<` (the file rejected, saying why); a review longer than the head read;
  restaurants.xml beside laptops.xml (domains, never classes).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind29 import DATASETS, SPECS
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import read_report
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import utterance_lines, xml_record_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import flag_pairs, pseudo_xml, xml_records
from shardify.errors import ShardifyError
from shardify.format import naming
from shardify.plan import label_joins, path_parts


def test_the_docstring_examples_hold() -> None:
    for module in (flag_pairs, label_joins, pseudo_xml, xml_records, xml_record_files, path_parts, utterance_lines):
        assert doctest.testmod(module).failed == 0


def _rejects(out: Path) -> list[dict]:
    return read_report(out, naming.REJECTS_FILENAME)


def _labels_by_text(out: Path) -> dict[str, frozenset | None]:
    got = written_records(out)
    return {got["texts"][rid]: labels for rid, (_, labels) in got["records"].items()}


# ------------------------------------------------------------------------------------------------
# A table of texts labelled by another table's cells of `name-0/1` pairs, joined by id (Disaster Response)
# ------------------------------------------------------------------------------------------------

def test_disaster_response_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["disaster_response"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out", SPECS["disaster_response"].aliases)


_TAGS = ("sarcasm", "irony", "satire", "understatement")
_TWEETS = ["oh great another monday at the office", "i just love waiting in line for hours", "the weather is nice today",
           "what a wonderful surprise the train is late again", "we finally shipped the release on time"]


def _tweets(src: Path, cells: list[str] | None = None, ids: list[str] | None = None, bom: bool = False) -> None:
    ids = ids or [f"9{i}17" for i in range(len(_TWEETS))]
    cells = cells or [";".join(f"{t}-{int((i + k) % 3 == 0)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    _text(src / "tweets.csv", ("\ufeff" if bom else "") + "tweet_id,text\n"
          + "".join(f"{i},{t}\n" for i, t in zip(ids, _TWEETS)))
    _text(src / "tweet_tags.csv", ("\ufeff" if bom else "") + "tweet_id,tags\n"
          + "".join(f"{i},{c}\n" for i, c in zip(ids, cells)))


def test_a_neighbour_of_other_names_is_labelled_by_the_names_marked_1(tmp_path: Path) -> None:
    _tweets(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    labels = {rid: labels for rid, (_, labels) in got["records"].items()}
    assert labels == {"tweets.csv:0": frozenset({"sarcasm", "understatement"}), "tweets.csv:1": frozenset({"satire"}),
                      "tweets.csv:2": frozenset({"irony"}), "tweets.csv:3": frozenset({"sarcasm", "understatement"}),
                      "tweets.csv:4": frozenset({"satire"})}
    assert got["texts"]["tweets.csv:2"] == _TWEETS[2]
    assert not _rejects(tmp_path / "out")


def test_a_bom_on_both_headers_changes_nothing(tmp_path: Path) -> None:
    _tweets(tmp_path / "src", bom=True)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["records"]["tweets.csv:2"][1] == frozenset({"irony"})


def test_a_value_other_than_0_or_1_rejects_its_row_saying_so(tmp_path: Path) -> None:
    cells = [";".join(f"{t}-{int(k == i % 4)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    cells[3] = cells[3].replace("sarcasm-0", "sarcasm-2")
    _tweets(tmp_path / "src", cells)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    assert _labels_by_text(tmp_path / "out") == {t: frozenset({_TAGS[i % 4]}) for i, t in enumerate(_TWEETS) if i != 3}
    (reject,) = _rejects(tmp_path / "out")
    assert reject["path"] == "tweets.csv" and "sarcasm-2" in reject["reason"] and "not 0 or 1" in reject["reason"]


def test_a_cell_of_other_names_rejects_its_row(tmp_path: Path) -> None:
    cells = [";".join(f"{t}-{int(k == i % 4)}" for k, t in enumerate(_TAGS)) for i in range(len(_TWEETS))]
    cells[4] = cells[4].replace("irony", "humour")
    _tweets(tmp_path / "src", cells)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    (reject,) = _rejects(tmp_path / "out")
    assert "other categories" in reject["reason"]
    assert _TWEETS[4] not in _labels_by_text(tmp_path / "out")


def test_an_id_twice_with_two_readings_rejects_its_text_never_picks_one(tmp_path: Path) -> None:
    ids = ["11", "12", "13", "14", "15"]
    _tweets(tmp_path / "src", ids=ids)
    with (tmp_path / "src" / "tweet_tags.csv").open("a") as extra:
        extra.write("13,sarcasm-1;irony-1;satire-1;understatement-1\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    assert set(_labels_by_text(tmp_path / "out")) == set(_TWEETS) - {_TWEETS[2]}
    assert any("different labels" in r["reason"] for r in _rejects(tmp_path / "out"))


# ------------------------------------------------------------------------------------------------
# Rootless pseudo-XML files of reviews, each file of the class its name names (Multi-Domain Sentiment)
# ------------------------------------------------------------------------------------------------

def test_multi_domain_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["multi_domain"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out", SPECS["multi_domain"].aliases)


def _review(text: str, rating: str = "4.0") -> str:
    return (f"<review>\n<unique_id>\n0312{len(text)}:a_title\n</unique_id>\n<rating>\n{rating}\n</rating>\n<title>\nA title\n</title>\n"
            f"<review_text>\n{text}\n</review_text>\n</review>\n")


_GOOD = ["Sturdy pan, heats evenly & cleans up fast.", "Works as described, would buy again for the kitchen."]
_BAD = ["The handle broke after a week of use.", "Arrived scratched and the lid does not fit at all."]


def _write(path: Path, text: str, encoding: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))


def _domains(src: Path, extra: dict[str, str] | None = None, bom: str = "", encoding: str = "utf-8") -> None:
    for domain in ("toys_&_games", "apparel"):
        _write(src / domain / "positive.review", bom + "".join(_review(t) for t in _GOOD), encoding)
        _write(src / domain / "negative.review", bom + "".join(_review(t, "2.0") for t in _BAD), encoding)
        for name, body in (extra or {}).items():
            _write(src / domain / name, body, encoding)


def test_other_domains_without_unlabelled_files_are_labelled_by_file_name(tmp_path: Path) -> None:
    # the release's other domains (apparel, toys_&_games ...) hold positive.review and negative.review; Latin-1 bytes
    _domains(tmp_path / "src", encoding="latin-1")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = _labels_by_text(tmp_path / "out")
    assert got == {**{t: frozenset({"positive"}) for t in _GOOD}, **{t: frozenset({"negative"}) for t in _BAD}}
    assert not _rejects(tmp_path / "out")


def test_a_bom_and_latin1_bytes_read_as_the_text(tmp_path: Path) -> None:
    _domains(tmp_path / "src", extra={"unlabeled.review": _review("Caf\u00e9 grade kettle, so-so.", "3.0") + _review("Fine.")}, bom="\ufeff")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = _labels_by_text(tmp_path / "out")
    assert got["Caf\u00e9 grade kettle, so-so."] is None
    assert got[_GOOD[0]] == frozenset({"positive"})


def test_a_file_of_every_review_again_is_no_class(tmp_path: Path) -> None:
    # `all.review` beside them (every review again): never a class 'all', never each review written twice unlabelled
    _domains(tmp_path / "src", extra={"all.review": "".join(_review(t) for t in _GOOD + _BAD)})
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--exclude 'apparel/all.review'" in said and "--exclude 'toys_&_games/all.review'" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), exclude=("apparel/all.review", "toys_&_games/all.review")))
    assert _labels_by_text(tmp_path / "out") == {**{t: frozenset({"positive"}) for t in _GOOD}, **{t: frozenset({"negative"}) for t in _BAD}}


def test_a_bare_less_than_rejects_its_file_saying_why(tmp_path: Path) -> None:
    _domains(tmp_path / "src", extra={"unlabeled.review": _review("Fine.") + _review("Good.") + _review("Size 3 < size 4, runs small.")})
    with pytest.raises(ShardifyError) as stopped:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "pseudo-XML" in str(stopped.value) or any("pseudo-XML" in r["reason"] for r in _rejects(tmp_path / "out"))


def test_same_stems_in_one_folder_of_xml_documents_are_no_classes(tmp_path: Path) -> None:
    # SemEval-like domains as files (restaurants.xml beside laptops.xml): no unlabelled file, one folder: no class family
    for domain in ("restaurants", "laptops"):
        _text(tmp_path / "src" / f"{domain}.xml", "<sentences>" + "".join(
            f'<sentence id="{i}"><text>The {domain} item {i} was fine.</text></sentence>' for i in range(3)) + "</sentences>")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert set(_labels_by_text(tmp_path / "out").values()) == {None}


def test_a_huge_review_is_read_whole(tmp_path: Path) -> None:
    long = "word " * 200_000
    _domains(tmp_path / "src", extra={"unlabeled.review": _review("Fine.") + _review(long.strip())})
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _labels_by_text(tmp_path / "out")[long.strip()] is None


def test_two_messages_of_one_id_are_both_rejected_never_one_picked(tmp_path: Path) -> None:
    # the release's messages table holds some ids twice (duplicate rows): which message its categories are for is
    # not told by the id, so both are rejected, saying so; the labels row given twice alike is one reading
    ids = ["21", "22", "23", "24", "23"]
    _tweets(tmp_path / "src", ids=ids)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    assert set(_labels_by_text(tmp_path / "out")) == {_TWEETS[0], _TWEETS[1], _TWEETS[3]}
    assert sum("share the id '23'" in r["reason"] for r in _rejects(tmp_path / "out")) == 2


# ------------------------------------------------------------------------------------------------
# Lines of '__eou__'-ended utterances beside files of a number per utterance (DailyDialog): a stop naming them
# ------------------------------------------------------------------------------------------------

def test_dailydialog_stops_naming_the_files_and_no_option_that_labels_by_name(tmp_path: Path) -> None:
    truth = DATASETS["dailydialog"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "'__eou__'" in said and "dialogues_emotion" in said and "dialogues_act" in said
    assert "--label-from-name" not in said  # (each file labelled by its name: no record is a file)


_TURNS = [["Hi , how are you ?", "Fine , thanks ."], ["Is the shop open ?", "Yes .", "Great ."]]


def _dialogues(src: Path, marker: str = "__eou__", counts: list[int] | None = None) -> None:
    _text(src / "dialogues.txt", "".join(" ".join(f"{t} {marker}" for t in turns) + "\n" for turns in _TURNS * 3))
    counts = counts or [len(turns) for turns in _TURNS * 3]
    _text(src / "dialogues_emotion.txt", "".join(" ".join("0" for _ in range(n)) + " \n" for n in counts))


def test_a_neighbour_of_another_marker_stops_alike(tmp_path: Path) -> None:
    # the Ubuntu Dialogue Corpus ends its turns with __eot__ (and utterances with __eou__): another marker, same kind
    _dialogues(tmp_path / "src", marker="__eot__")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "'__eot__'" in said and "dialogues_emotion.txt" in said


def test_one_number_a_line_is_named_as_such_never_read_as_class_files(tmp_path: Path) -> None:
    # a number per dialogue (DailyDialog's dialogues_topic.txt) beside it: read as class files, each file was a
    # class and its lines of '0' records (exit 0); now a stop that says what the numbers are counted against
    _dialogues(tmp_path / "src", counts=[1, 1, 1, 1, 1, 1])
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "one number a line" in said and "one per part" not in said


def test_numbers_of_other_counts_than_the_parts_stop_saying_so(tmp_path: Path) -> None:
    # three numbers on every line beside lines of two and three parts (a line count mismatch): read as class
    # files, each file was a class with exit 0; now a stop naming the mismatch, never the numbers as the parts' labels
    _dialogues(tmp_path / "src", counts=[3, 3, 3, 3, 3, 3])
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "whose counts are not its lines' parts" in said and "one per part" not in said
