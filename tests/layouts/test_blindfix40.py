"""Blind round forty's useless stops mended by kind (tests/helpers/blind40.py; no wrong exit 0 nor exit 1 to mend).

- class codes beneath group folders: bare-number folders (`0/`, `1/`) repeated in each of many folders above them
  (Breast Histopathology Images' `IDC_regular_ps50_idx5/<patient>/{0,1}/`, the card's "C indicates the class where
  0 is non-IDC and 1 is IDC"). `is_container_name` counts a name of no words as one that says what a folder holds
  (as `images/`), so the stop offered --label-level 0 and the patient folders as the classes, never the codes. Now
  names beneath that are two or more bare numbers are class codes or parts, which the names cannot tell: the stop
  names the codes' level first, then the folders above them, then no labels (shardify/plan/set_signs.py
  `_class_codes`).
"""

from __future__ import annotations

from pathlib import Path

from helpers import blind40
from helpers.made_files import image_file
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_STATIONS = ("S01", "S02", "S03", "S04", "S07")


def test_the_case_names_the_codes_level_and_it_converts_right(tmp_path: Path) -> None:
    """The case: the IDC patches' stop names --label-level 3 for the codes (before the patients' level 2), and
    following it writes the truth (0 non-IDC, 1 IDC), no patient as a label."""
    truth = blind40.DATASETS["breast_histopathology"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert said.index("--label-level 3 (counted from SRC) for the numbered folders beneath them (0, 1)") < said.index(
        "--label-level 2"
    ), said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_level=3))
    assert_right(truth, tmp_path / "followed")


def _stations(src: Path, beneath: tuple[str, ...]) -> None:
    """A neighbour kind not in the batch: camera-trap stations (`S01/` ..) each holding the same folders."""
    for s, station in enumerate(_STATIONS):
        for b, name in enumerate(beneath):
            for k in range(1 + (s + b) % 2):
                image_file(src / station / name / f"{station}_{k:04d}.jpg", f"{station}{name}{k}")


def test_a_neighbour_stations_of_three_codes(tmp_path: Path) -> None:
    """Not in the batch: five stations each holding `0/`, `1/`, `2/` (empty, animal, person): the stop names
    --label-level 2 for the codes; followed, each image labelled by its code, no station a label."""
    _stations(tmp_path / "src", ("0", "1", "2"))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-level 2 (counted from SRC) for the numbered folders beneath them (0, 1, 2)" in said, said
    assert "--label-level 1 (counted from SRC) for the folders above them as the classes" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=2))
    written = records(tmp_path / "followed")
    assert {path: labels for path, (_, labels, _) in written.items()} == {path: (path.split("/")[1],) for path in written}, (
        written
    )
    assert len(written) == sum(1 + (s + b) % 2 for s in range(5) for b in range(3))


def test_twin_container_names_beneath_offer_no_codes(tmp_path: Path) -> None:
    """Hostile twin: the stations each hold `images/` alone (a name of what the
    folder holds): still the stop on containers, offering no folder beneath as the classes."""
    _stations(tmp_path / "src", ("images",))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "numbered folders" not in said and "--label-level 0" in said, said


def test_twin_numbers_with_a_unit_are_no_codes() -> None:
    """Hostile twin: magnifications (`40X/`, `100X/`, BreakHis's parts of each patient) and one lone number are
    no class codes; two or more bare numbers are."""
    from shardify.plan.set_signs import _class_codes

    assert not _class_codes({"40X", "100X"}) and not _class_codes({"1"}) and not _class_codes({"images", "masks"})
    assert _class_codes({"0", "1"}) and _class_codes({"1", "2", "10"})


def test_codes_without_groups_still_convert(tmp_path: Path) -> None:
    """What converted before still converts: code folders at SRC (`0/`, `1/`) under train/ and test/ are the
    classes with no option, each split its folder's."""
    for split in ("train", "test"):
        for code in ("0", "1"):
            for k in range(2):
                image_file(tmp_path / "src" / split / code / f"{split}{code}{k}.jpg", f"{split}{code}{k}")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out")
    assert {path: (split, labels) for path, (split, labels, _) in written.items()} == {
        path: (path.split("/")[0], (path.split("/")[1],)) for path in written
    }, written
    assert len(written) == 8


def test_the_modules_examples() -> None:
    import doctest

    from shardify.plan import set_signs

    assert doctest.testmod(set_signs).failed == 0


# ------------------------------------------------------------------------------------------------
# Objects each naming a class and holding its example sentences as lists
# ------------------------------------------------------------------------------------------------


def test_the_case_intents_stop_names_where_the_sentences_lie(tmp_path: Path) -> None:
    """The case: the chatbot intents.json's stop names --json-records 'intents.*.text.*' --label-column intent
    (the replies' list last), and following it writes each sentence a record labelled by its intent."""
    truth = blind40.DATASETS["chatbot_intents"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--json-records 'intents.*.text.*' --label-column intent" in said, said
    assert said.index("'intents.*.text.*'") < said.index("'intents.*.responses.*'"), said
    run_conversion(
        ConvertConfig(str(truth.root), str(tmp_path / "followed"), json_records="intents.*.text.*", label_column="intent")
    )
    assert_right(truth, tmp_path / "followed")


_TAGS = {
    "greeting": ["Hi there", "Is anyone there?", "Good day"],
    "goodbye": ["See you later", "Goodbye for now"],
    "thanks": ["Thanks a lot", "That's helpful"],
}


def test_a_neighbour_tags_and_patterns(tmp_path: Path) -> None:
    """Not in the batch: the tutorial shape of intents (`tag`, `patterns`, `responses`, `context_set`; as the
    chatbot tutorials' intents.json in the code corpus has it): the stop names 'intents.*.patterns.*' and
    --label-column tag; followed, each pattern a record of its tag, its text the pattern, no reply a record."""
    import json

    intents = [
        {"tag": tag, "patterns": patterns, "responses": [f"A reply to {tag}", "Another one"], "context_set": ""}
        for tag, patterns in _TAGS.items()
    ]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bot.json").write_text(json.dumps({"intents": intents}))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--json-records 'intents.*.patterns.*' --label-column tag" in said, said
    run_conversion(
        ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), json_records="intents.*.patterns.*", label_column="tag")
    )
    written = sorted((labels, text) for _, labels, text in records(tmp_path / "followed").values())
    assert written == sorted(((tag,), p) for tag, patterns in _TAGS.items() for p in patterns), written


def _converts_or_stops_elsewhere(src: Path, out: Path) -> None:
    from shardify.errors import UsageError

    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except UsageError as stopped:
        assert "lists of sentences" not in str(stopped), stopped


def test_twin_records_with_a_text_and_a_tags_list_are_no_intents(tmp_path: Path) -> None:
    """Hostile twin: records each holding a text of their own beside a list of tags and a unique id (a
    questions file's `title`, `tags`): each object is a record, as before, never its tags' list."""
    import json

    rows = [
        {"id": f"q{i}", "title": f"how do I sort a list number {i} in place", "tags": [f"python {i % 2}", "sorting"]}
        for i in range(6)
    ]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "questions.json").write_text(json.dumps({"data": rows}))
    _converts_or_stops_elsewhere(tmp_path / "src", tmp_path / "out")


def test_twin_token_lists_under_ids_are_no_intents(tmp_path: Path) -> None:
    """Hostile twin: tagged tokens under numeric ids (CoNLL-style `id`, `tokens`, `ner_tags`): tokens hold no
    space and ids are no class names, so the sign stays silent."""
    from shardify.converters.sentence_lists import sentence_lists

    rows = [
        {"id": str(i), "tokens": ["EU", "rejects", "German", "call"], "ner_tags": ["B-ORG", "O", "B-MISC", "O"]} for i in range(4)
    ]
    assert sentence_lists({"data": rows}) is None
    assert sentence_lists([{"tag": "a", "patterns": ["hi there"]}, {"tag": "a", "patterns": ["bye now"]}]) is None


def test_flat_records_still_convert(tmp_path: Path) -> None:
    """What converted before still converts: a flat list of objects, each a text and its label."""
    import json

    rows = [{"text": f"this is review number {i} of the shop", "label": ("good", "bad")[i % 2]} for i in range(8)]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "reviews.json").write_text(json.dumps({"data": rows}))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert sorted(labels for _, labels, _ in records(tmp_path / "out").values()) == [("bad",)] * 4 + [("good",)] * 4


def test_the_sentence_modules_examples() -> None:
    import doctest

    from shardify.converters import sentence_lists

    assert doctest.testmod(sentence_lists).failed == 0


# ------------------------------------------------------------------------------------------------
# A crowd-judgment export: the judged answers offered first, the job's bookkeeping last
# ------------------------------------------------------------------------------------------------

_JOB = "_unit_id,_golden,_unit_state,_trusted_judgments,_last_judgment_at"


def test_the_case_offers_the_judged_answer_not_the_golden_flag(tmp_path: Path) -> None:
    """The case: the Economic News table's stop offers --label-column 'relevance' (beside relevance:confidence)
    first, never '_golden' (whether a row tested the workers). Its 'not sure' answers keep it a useless stop."""
    truth = blind40.DATASETS["economic_news"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "name the label with --label-column 'relevance'" in said, said
    assert said.index("'relevance'") < said.index("'_golden'"), said


def _disaster_tweets(src: Path) -> list[str]:
    """A neighbour not in the batch: Figure Eight's 'Disasters on social media' shape (the job's columns, then
    `choose_one` beside `choose_one:confidence` and `choose_one_gold`, `keyword`, `location`, `text`, `tweetid`)."""
    answers = ["Relevant", "Not Relevant", "Relevant", "Not Relevant", "Not Relevant", "Relevant", "Relevant", "Not Relevant"]
    lines = [f"{_JOB},choose_one,choose_one:confidence,choose_one_gold,keyword,location,text,tweetid"]
    for i, answer in enumerate(answers):
        golden = "TRUE" if i % 4 == 0 else "FALSE"
        lines.append(
            f"{778243823 + i},{golden},{'golden' if golden == 'TRUE' else 'finalized'},{5 + i % 3},8/27/15 {i}:01,"
            f"{answer},{0.6 + i % 4 / 10:.1f},,{('fire', 'flood', 'quake')[i % 3]},City {i % 2},"
            f"just saw the {('fire', 'flood', 'quake')[i % 3]} near street number {i} today,{6.29e17 + i:.0f}"
        )
    src.mkdir(parents=True)
    (src / "socialmedia-disaster-tweets-DFE.csv").write_text("\n".join(lines) + "\n")
    return answers


def test_a_neighbour_disaster_tweets_export(tmp_path: Path) -> None:
    """Followed, the neighbour's stop (--label-column 'choose_one', first) labels each tweet by its answer."""
    answers = _disaster_tweets(tmp_path / "src")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "name the label with --label-column 'choose_one'" in said, said
    run_conversion(
        ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="choose_one", text_column="text")
    )
    written = records(tmp_path / "followed")
    assert sorted(labels for _, labels, _ in written.values()) == sorted((a,) for a in answers), written


def test_twin_no_crowd_columns_keep_their_order() -> None:
    """Hostile twins: a table of no confidence columns and no underscored ones keeps the candidates' order, and
    a bookkeeping column alone is still offered (moved last, never dropped)."""
    from shardify.converters import crowd_columns

    assert crowd_columns.ranked(["topic", "sentiment"], ["text", "topic", "sentiment"]) == ["topic", "sentiment"]
    assert crowd_columns.ranked(["_golden"], ["_golden", "text"]) == ["_golden"]
    assert crowd_columns.ranked(["_1", "b"], ["_1", "b"]) == ["_1", "b"]  # `_1`: no job's word


def test_the_crowd_modules_examples() -> None:
    import doctest

    from shardify.converters import crowd_columns

    assert doctest.testmod(crowd_columns).failed == 0


# ------------------------------------------------------------------------------------------------
# A table compressed whole: the stop says so, never that the file is a label or split file
# ------------------------------------------------------------------------------------------------


def test_the_case_a_gzipped_table_is_read_as_its_table(tmp_path: Path) -> None:
    """The case: Covertype's covtype.data.gz beside covtype.info. blindfix40 made the stop say the file is compressed
    and how to open it (it had said shardify read it as a label or split file); since readers33f the file is read
    as the table it holds (shardify/inputs/compressed.py), and the stop names the options of a table of attributes
    (a good stop: tests/layouts/test_readers33f.py follows them)."""
    truth = blind40.DATASETS["covertype"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "covtype.data.gz" in said and "--label-column '55'" in said and "gunzip" not in said, said
    assert "label or split files" not in said, said


def test_a_neighbour_bzipped_jsonl(tmp_path: Path) -> None:
    """Not in the batch: a corpus shipped as `train.jsonl.bz2` and `test.jsonl.bz2` (as Amazon review dumps and
    Wikipedia extracts ship them): blindfix40's stop named both and `bunzip2`; since readers33f each is read as
    the JSON Lines table it holds, a row a record of its split."""
    import bz2

    (tmp_path / "src").mkdir()
    for split in ("train", "test"):
        rows = f'{{"text": "a b {split}", "label": "x"}}\n{{"text": "d e {split}", "label": "y"}}\n'
        (tmp_path / "src" / f"{split}.jsonl.bz2").write_bytes(bz2.compress(rows.encode()))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out", {})
    assert got["records"] == {
        f"{split}.jsonl.bz2:{i}": (split, frozenset({label})) for split in ("train", "test") for i, label in enumerate("xy")
    }
    assert got["texts"]["test.jsonl.bz2:1"] == "d e test"


def test_twin_a_tar_gz_is_an_archive_not_a_compressed_file(tmp_path: Path) -> None:
    """Hostile twin: a `.tar.gz` of class folders is an archive shardify reads (never 'decompress it'), and the
    pattern leaves `.tar.gz`, `.tgz` out."""
    import io
    import tarfile

    from helpers.made_files import _image_bytes
    from shardify.plan.file_signs import _COMPRESSED

    assert not _COMPRESSED.search("data.tar.gz") and not _COMPRESSED.search("data.tgz") and _COMPRESSED.search("a.csv.gz")
    (tmp_path / "src").mkdir()
    with tarfile.open(tmp_path / "src" / "photos.tar.gz", "w:gz") as tar:
        for cls in ("cat", "dog"):
            for k in range(3):
                data = _image_bytes(f"{cls}{k}", 20, 16, "JPEG")
                info = tarfile.TarInfo(f"photos/{cls}/{k}.jpg")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert sorted(labels for _, labels, _ in records(tmp_path / "out").values()) == [("cat",)] * 3 + [("dog",)] * 3


# ------------------------------------------------------------------------------------------------
# A YAML split file beside the images (`train: [...]`, `test: [...]`), read as a JSON one is
# ------------------------------------------------------------------------------------------------


def test_the_case_the_yaml_split_file_of_numbers_is_read(tmp_path: Path) -> None:
    """The case: CWFID's train_test_split.yaml of image numbers is read as a split file. At blindfix40 the stop named
    it and its whole numbers (no option read them); since readers35a its numbers are the images' numbers
    (`001_image.png` is 1, `KeyRule.inner`), and --label-level 0, which the stop over the annotation YAMLs names,
    writes each image in its split."""
    truth = blind40.DATASETS["cwfid"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--label-level 0" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_level=0))
    written = {path: split for path, (split, _, _) in records(tmp_path / "followed").items()}
    assert written == {f"images/{n:03d}_image.png": "test" if n in (3, 5, 8) else "train" for n in range(1, 9)}, written


def _yaml_split(src: Path, text: str) -> list[str]:
    """A neighbour not in the batch: photos in one folder beside a `splits.yaml` (as repositories publish a
    split, CWFID's `train: [...]` shape) naming them."""
    names = [f"field_{k:02d}.jpg" for k in range(6)]
    for name in names:
        image_file(src / "photos" / name, name)
    (src / "splits.yaml").write_text(text)
    return names


def test_a_neighbour_yaml_split_of_names_converts_right(tmp_path: Path) -> None:
    """Followed by nothing: a YAML split file of the images' names gives each its split (no option)."""
    text = "# the paper's split\ntrain:\n  - field_00.jpg\n  - field_01.jpg\n  - field_03.jpg\n  - field_04.jpg\ntest: [field_02.jpg, field_05.jpg]\n"
    _yaml_split(tmp_path / "src", text)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    written = {path: split for path, (split, _, _) in records(tmp_path / "out").items()}
    assert written == {f"photos/field_{k:02d}.jpg": "test" if k in (2, 5) else "train" for k in range(6)}, written


def test_twin_a_yaml_naming_one_input_twice_stops(tmp_path: Path) -> None:
    """Hostile twin: a YAML split file listing an image under train and test: never guessed, the run stops."""
    _yaml_split(
        tmp_path / "src",
        "train: [field_00.jpg, field_01.jpg, field_02.jpg]\ntest: [field_02.jpg, field_03.jpg, field_04.jpg, field_05.jpg]\n",
    )
    said = refusal(tmp_path / "src", tmp_path / "out", label_level=0)
    assert "splits.yaml" in said, said


def test_twin_a_yaml_of_no_splits_is_no_split_file(tmp_path: Path) -> None:
    """Hostile twin: a YAML of other keys (a config's `classes:` and `epochs:`) beside the photos is no split file:
    the photos convert as one split, as before."""
    _yaml_split(tmp_path / "src", "classes: [crop, weed]\nepochs: 30\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    assert {split for split, _, _ in records(tmp_path / "out").values()} == {"train"}
