"""Tables of fields separated by a token of several characters (` ::: `, ` ||| `: converters/token_tables.py),
a column counting the rows read as their numbers (never a label), a table copying another's rows with
columns left out (a held-out split given out without its answers: shardify/plan/copied_tables.py) and a
`description.txt` beside tables read as their documentation.

Blind round twenty's imdb_genres (Kaggle's IMDb genre files, `ID ::: TITLE ::: GENRE ::: DESCRIPTION`)
stopped naming no option that read them; read as tables, test_data.txt's ids 1..3 became its labels and
its rows were written a second time beside test_data_solution.txt's (exit 0). Now its stop names the
genre column and the text. Neighbours not in any batch: a `sentence ||| label` file with a header, of
enough rows for the label to be told by its cells; a CSV test table beside its labelled copy. Hostile
twins: a description holding the token, a row of too few fields, a BOM, a file mentioning the token
once in prose.

Several label columns of a row named together (`--label-column Type1,Type2`): blind round sixteen's
pokemon (`Name,Type1,Type2`, Type2 often empty) stopped naming one column at a time, and either lost a
type; now the stop says NAME,NAME and the union of the given cells is each image's labels. Neighbour:
posters with `genre_1,genre_2,genre_3`. Hostile twins: a name that is no column, one named twice, a row
whose named cells are all empty.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind16, kinds17
from helpers.blind20 import DATASETS
from helpers.shard_io import read_report, read_shard
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import SourceError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_WORDS = ("amber", "bright", "cobalt", "delta", "ember", "forest", "granite", "harbor", "island", "jasmine", "kettle")


def _sentence(i: int, n: int = 8) -> str:
    return " ".join(_WORDS[(i * 7 + k * 3) % len(_WORDS)] for k in range(n)).capitalize() + f" number {i}."


def _records(out: Path) -> dict[str, tuple[str, str, str, str]]:
    """{text/source: (split, text, pair, label text)} of every record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.TEXT_SOURCE].decode()] = (
                    split, record[contract.TEXT].decode(), record.get(contract.TEXT_PAIR, b"").decode(),
                    record.get(contract.TEXT_LABEL_TEXT, b"").decode())
    return found


def test_imdb_genres_stops_naming_the_genre_and_the_text_which_convert_right(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "imdb_genres", tmp_path, {"label_column": "3", "text_column": "4"})


def test_a_bar_separated_file_with_a_header_converts_right_on_the_first_command(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    labels = ("pos", "neg", "neutral")
    for split, count in (("train", 30), ("test", 12)):
        lines = ["sentence ||| label"] + [f"{_sentence(i)} ||| {labels[i % 3]}" for i in range(count)]
        (src / f"{split}.txt").write_text("\n".join(lines) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 42
    assert {s for s, *_ in records.values()} == {"train", "test"}
    for source, (split, text, pair, label) in records.items():
        row = int(source.rsplit("#", 1)[1]) - 2  # (`<file>#<line>`, the header on line 1)
        assert (text, pair, label) == (_sentence(row), "", labels[row % 3]), source


def test_a_test_table_beside_its_labelled_copy_is_left_out_and_its_rows_written_once(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    labels = ("sports", "world", "business")
    (src / "train.csv").write_text("id,text,label\n" + "".join(f"{i},{_sentence(i)},{labels[i % 3]}\n" for i in range(20)))
    test = [(100 + i, _sentence(100 + i), labels[(i + 1) % 3]) for i in range(9)]
    (src / "test.csv").write_text("id,text\n" + "".join(f"{i},{t}\n" for i, t, _ in test))
    (src / "test_with_labels.csv").write_text("id,text,label\n" + "".join(f"{i},{t},{c}\n" for i, t, c in test))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert not any(source.startswith("test.csv") for source in records)
    tested = {text: (split, label) for split, text, _, label in records.values() if split != "train"}
    assert tested == {t: (tested[t][0], c) for _, t, c in test}
    assert len({split for split, _ in tested.values()}) == 1


def test_a_description_holding_the_token_stays_whole_and_a_short_row_is_one_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    genres = ("drama", "comedy", "short")
    lines = [f"{i + 1} ::: {genres[i % 3]} ::: {_sentence(i)}" for i in range(24)]
    lines[5] = f"6 ::: {genres[5 % 3]} ::: {_sentence(5)} It says ::: in its text."
    lines[9] = "10 ::: drama"  # a row cut short
    (src / "train_data.txt").write_bytes(b"\xef\xbb\xbf" + ("\n".join(lines) + "\n").encode())
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert len(records) == 23
    by_text = {text: label for _, text, _, label in records.values()}
    assert by_text[f"{_sentence(5)} It says ::: in its text."] == "short"
    assert by_text[_sentence(0)] == "drama"
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert len(rejects) == 1 and "2 fields separated by ':::' where the table has 3" in rejects[0]["reason"]


def test_row_numbers_in_a_small_table_are_never_its_labels(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "train.csv").write_text("".join(f"{i + 1},{_sentence(i)}\n" for i in range(5)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert sorted(text for _, text, _, _ in records.values()) == sorted(_sentence(i) for i in range(5))
    assert {label for *_, label in records.values()} == {""}  # 1..5 count the rows: no class


def test_prose_mentioning_the_token_is_no_table(tmp_path: Path) -> None:
    from shardify.converters import token_tables

    assert token_tables.separator_of_lines(["The ::: token is used", "in some files", "but not here"]) == ""
    assert token_tables.separator_of_lines(["a ||| b ||| c", "d ||| e ||| f", "g ||| h"]) == ""  # fewer fields
    assert token_tables.separator_of_lines(["a ||| b ||| c", "d ||| e ||| f ||| g"]) == ""  # no one shape
    assert token_tables.split_fields("d ||| e ||| f ||| g", "|||", 3) == ["d", "e", "f ||| g"]  # the last takes the rest


# --- Several label columns of a row (Pokemon's Type1, Type2): multi-label over their given cells ---


def _png(path: Path, shade: int) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (4, 4), (shade, 40, 90)).save(path)


def _image_labels(out: Path) -> dict[str, set[str]]:
    """{image/filename: its label names} of every record written."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                names = record.get(contract.LABEL_TEXT, [])
                names = [names] if isinstance(names, bytes) else names
                found[record[contract.IMAGE_FILENAME].decode()] = {n.decode() for n in names}
    return found


def test_pokemon_stops_naming_several_label_columns_which_convert_right(tmp_path: Path) -> None:
    judge_first_command(blind16.DATASETS, "pokemon", tmp_path, {"labels_file": "pokemon.csv", "label_column": "Type1,Type2"})


def test_the_stop_of_two_label_columns_names_both_together(tmp_path: Path) -> None:
    truth = kinds17.DATASETS["pokemon"](tmp_path / "download")
    src = next((tmp_path / "download").iterdir())
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "--label-column Type1,Type2 reads both as the row's labels (multi-label)" in str(stop.value)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").glob("*.tfrecord")), truth


_GENRES = [("a1", "Drama", "Romance", ""), ("a2", "Comedy", "", ""), ("a3", "Action", "Crime", "Thriller"),
           ("a4", "Drama", "", ""), ("a5", "Horror", "Thriller", ""), ("a6", "Comedy", "Romance", "Drama"),
           ("a7", "Action", "", ""), ("a8", "Crime", "Drama", "")]


@pytest.fixture(scope="module")
def posters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Movie posters with `poster,genre_1,genre_2,genre_3` (genres 2 and 3 often empty), not in any batch."""
    src = tmp_path_factory.mktemp("posters") / "src"
    for k, (stem, *_) in enumerate(_GENRES):
        _png(src / "posters" / f"{stem}.png", 20 * k)
    lines = ["poster,genre_1,genre_2,genre_3"] + [",".join(row) for row in _GENRES]
    (src / "movies.csv").write_text("\n".join(lines) + "\n")
    return src


def test_three_genre_columns_named_together_are_each_posters_genres(posters: Path, tmp_path: Path) -> None:
    run_conversion(ConvertConfig(str(posters), str(tmp_path / "out"), label_column="genre_1,genre_2,genre_3",
                                 labels_file=str(posters / "movies.csv")))
    assert _image_labels(tmp_path / "out") == {f"posters/{stem}.png": {g for g in genres if g} for stem, *genres in _GENRES}


@pytest.mark.parametrize(("given", "said"), [("genre_1,genre_9", "genre_9"), ("genre_1,genre_1", "twice")])
def test_a_label_column_list_naming_no_column_or_one_twice_stops(posters: Path, tmp_path: Path, given: str, said: str) -> None:
    with pytest.raises(SourceError) as stop:  # (the label file's reading fails before anything is written)
        run_conversion(ConvertConfig(str(posters), str(tmp_path / "out"), label_column=given, labels_file=str(posters / "movies.csv")))
    assert said in str(stop.value) and "--label-column" in str(stop.value)
    assert not list((tmp_path / "out").glob("**/*.tfrecord"))


def test_a_row_whose_label_columns_are_all_empty_is_its_reject(posters: Path, tmp_path: Path) -> None:
    src = tmp_path / "src"
    for path in posters.rglob("*.png"):
        _png(src / path.relative_to(posters), 7)
    rows = [list(row) for row in _GENRES]
    rows[1] = ["a2", "", "", ""]
    (src / "movies.csv").write_text("poster,genre_1,genre_2,genre_3\n" + "".join(",".join(r) + "\n" for r in rows))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(src / "movies.csv"),
                                 label_column="genre_1,genre_2,genre_3", max_rejects=parse_max_rejects("2")))
    written = _image_labels(tmp_path / "out")
    assert "posters/a2.png" not in written and len(written) == len(_GENRES) - 1
    assert any("a2" in json.dumps(r) for r in read_report(tmp_path / "out", "rejected.jsonl"))



# --- XML documents of text records (converters/xml_records.py): a label in the record's own attribute ---


@pytest.fixture(scope="module")
def news_xml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`<corpus><doc id topic><text>` files per split, not in any batch: the label an attribute of the record."""
    src = tmp_path_factory.mktemp("news") / "src"
    src.mkdir()
    topics = ("sports", "world", "business")
    for split, count, first in (("train", 24, 0), ("test", 9, 100)):
        body = "".join(f'<doc id="{split}{i}" topic="{topics[i % 3]}"><text>{_sentence(first + i)}</text></doc>' for i in range(count))
        (src / f"news_{split}.xml").write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<corpus>{body}</corpus>\n')
    return src


def test_an_xml_label_attribute_no_name_names_stops_naming_it_and_then_converts_right(news_xml: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError) as stop:  # (before: every record a reject, exit 1)
        run_conversion(ConvertConfig(str(news_xml), str(tmp_path / "first")))
    assert "--label-column 'topic'" in str(stop.value) and not (tmp_path / "first" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(news_xml), str(tmp_path / "out"), label_column="topic"))
    records = _records(tmp_path / "out")
    topics = ("sports", "world", "business")
    expected = {_sentence(i): ("train", topics[i % 3]) for i in range(24)} | {_sentence(100 + i): ("test", topics[i % 3]) for i in range(9)}
    assert {text: (split, label) for split, text, _, label in records.values()} == expected


def test_xml_nested_too_deep_or_too_large_is_refused_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from shardify.converters import xml_records
    from shardify.errors import InvalidInputError

    records = b"".join(b'<sentence id="%d"><text>Words here %d.</text></sentence>' % (i, i) for i in range(3))
    deep = b"<sentences>" + b"<a>" * 100_000 + records + b"</a>" * 100_000 + b"</sentences>"
    with pytest.raises(InvalidInputError, match="nested deeper"):
        xml_records.records(deep)
    monkeypatch.setattr(xml_records, "MAX_XML_BYTES", 64)
    with pytest.raises(InvalidInputError, match="larger than 64 bytes"):
        xml_records.records(b"<sentences>" + records + b"</sentences>")
