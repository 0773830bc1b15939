"""A table's first row read as its header by its shape against the rows below (issue 30, blind round fourteen).

Two kinds that were read as data: a first row of names some of which are questions (CFPB's
`Consumer consent provided?`, `Timely response?`) over short values, and the header pandas'
`to_csv` writes with its index (an empty first cell over 0, 1, 2, ...) where a name also comes
again as a value of its column (Memotion's `motivational` over `not_motivational`). Each beside an
ambiguous twin that stays data. Layouts: CFPB's field list (cfpb.github.io/api/ccdb/fields.html);
the OSMI 2016 mental health in tech survey's question headers (Kaggle osmi/mental-health-in-tech-2016,
from memory); Memotion 7k's labels.csv (kaggle williamscott701/memotion-dataset-7k, as its loaders
read it); t-davidson/hate-speech-and-offensive-language's labeled_data.csv
(`,count,hate_speech,offensive_language,neither,class,tweet`).
"""

from __future__ import annotations

import io

import pytest

from shardify.converters import tables


def _header(text: str, fmt: str = "csv") -> tables.TableHeader:
    return tables.read_header(io.BytesIO(text.encode()), fmt)


_CFPB = ("Date received,Product,Issue,Consumer complaint narrative,Consumer consent provided?,Timely response?,"
         "Consumer disputed?,Complaint ID\n"
         + "".join(f"2019-01-{10 + i},{('Mortgage', 'Debt collection')[i % 2]},Managing an account,"
                   f"\"I was charged twice for the same payment in month {i}, and nobody answered.\","
                   f"Consent provided,{('Yes', 'No')[i % 2]},N/A,{3146310 + i}\n" for i in range(6)))
_OSMI = ("Are you self-employed?,How many employees does your company or organization have?,"
         "Is your employer primarily a tech company/organization?,What is your age?,What is your gender?\n"
         + "".join(f"{i % 2},{('26-100', '6-25', 'More than 1000')[i % 3]},{(1, 0)[i % 2]},{29 + i},"
                   f"{('Male', 'Female', 'non-binary')[i % 3]}\n" for i in range(6)))
_MEMOTION = (",image_name,text_ocr,humour,motivational,overall_sentiment\n"
             + "".join(f"{i},image_{i + 1}.jpg,LOOK AT THIS MEME NUMBER {i},funny,"
                       f"{('motivational', 'not_motivational')[i % 2]},{('positive', 'neutral')[i % 2]}\n" for i in range(6)))
_DAVIDSON = (",count,hate_speech,offensive_language,neither,class,tweet\n"
             + "".join(f"{i},3,0,{i % 3},{3 - i % 3},{1 + i % 2},\"!!! RT @user{i}: words of tweet {i}\"\n" for i in range(6)))


@pytest.mark.parametrize("text, first", [(_CFPB, "Date received"), (_OSMI, "Are you self-employed?"),
                                         (_MEMOTION, "Unnamed: 0"), (_DAVIDSON, "Unnamed: 0")])
def test_a_first_row_of_names_unlike_its_columns_is_the_header(text: str, first: str) -> None:
    header = _header(text)
    assert header.present and header.columns[0] == first and len(header.sample) == 6


def test_a_question_over_sentences_stays_data() -> None:
    # the twin: a headerless QA table, a question over answers as long as it
    rows = "".join(f"What is the capital of country number {i}?,The capital of country {i} is a city by a river.\n"
                   for i in range(6))
    header = _header(rows)
    assert not header.present and header.sample[0][0].startswith("What is the capital of country number 0")


def test_an_empty_first_cell_over_other_numbers_is_not_an_index_header() -> None:
    # the twin: a name repeated as its column's value, the first column no count from 0: data stays data
    rows = ",image,motivational\n" + "".join(f"{7 + 3 * i},x{i}.jpg,{('motivational', 'not')[i % 2]}\n" for i in range(6))
    assert not _header(rows).present


# ---- a label column named so but empty in most rows; the one stop naming text and label --------------------


_OPENINGS = ["I was charged twice", "My mortgage servicer lost my payment", "Collectors called me at work",
             "The loan company never sent my statement"]


def _complaints(tags: list[str]) -> str:
    # CFPB's complaints.csv columns (cfpb.github.io/api/ccdb/fields.html), a few of them
    rows = ["Product,Issue,Sub-issue,Consumer complaint narrative,Company public response,Tags,Complaint ID"]
    for i, tag in enumerate(tags):
        rows.append(f"{('Mortgage', 'Debt collection', 'Student loan')[i % 3]},Managing an account,"
                    f"{'' if i % 3 else 'Account status'},\"{_OPENINGS[i % 4]} in month {i}, and nobody at the company answered.\","
                    f"{'' if i % 2 else 'Company has responded to the consumer'},{tag},{3146310 + i}")
    return "\n".join(rows) + "\n"


def test_a_sparse_tags_column_is_no_label_and_one_stop_names_text_and_label(tmp_path) -> None:
    from helpers.sources import convert, write_file
    from helpers.unseen_judge import written_records
    from shardify.errors import UsageError

    root = tmp_path / "complaints"
    write_file(root / "complaints.csv", _complaints(["", "", "", "Older American", "", "", "", ""]))
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    said = str(stop.value)
    assert "--text-column" in said and "likeliest body is 'Consumer complaint narrative'" in said
    assert "no column is the label either: name it with --label-column" in said and "table's order): 'Product'" in said
    got = written_records(convert(root, tmp_path / "followed", text_column="Consumer complaint narrative", label_column="Product"))
    assert sorted(labels for _, labels in got["records"].values()) == sorted(
        frozenset({("mortgage", "debt collection", "student loan")[i % 3]}) for i in range(8))


def test_a_full_tags_column_stays_the_label(tmp_path) -> None:
    # the twin: a tag in every row is the label as before, and the stop names the text only
    from helpers.sources import convert, write_file
    from shardify.errors import UsageError

    root = tmp_path / "complaints"
    write_file(root / "complaints.csv", _complaints(["Servicemember", "Older American"] * 4))
    with pytest.raises(UsageError) as stop:
        convert(root, tmp_path / "out")
    assert "--text-column" in str(stop.value) and "no column is the label either" not in str(stop.value)
