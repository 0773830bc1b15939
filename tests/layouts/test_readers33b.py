"""Useless stops of blind batches 30, 38, 39 turned into good stops, by kind (readers33b).

- C4.5's case files (blind38's Adult: headerless `adult.data` and `adult.test` of `39, State-gov, ..., <=50K`
  beside `adult.names`, the test file opening with the comment `|1x3 Cross validator` and ending each case with
  a period, `>50K.`): read by C4.5's rules (converters/c45_cases.py: `|` comments, a period ending a case, cells
  stripped), each file its split where the stem's `.names` lies beside (shardify/plan/split_extensions.py's
  `c45_splits`), and the stop names the options of a table of attributes (shardify/plan/attribute_tables.py).
  Neighbour: UCI's Census-Income (KDD), values with spaces inside and every case ended by a period in both files;
  hostile twins: a case cut short, a truncated last case, a huge cell, `nan` cells, prose of commas, a `.test`
  with no `.names`, our own output as input.
- Weka's ARFF (blind30's Mulan Yeast: `yeast-train.arff`, `yeast-test.arff` beside `yeast.xml` naming the 14
  labels): read a row an instance (converters/arff_tables.py: header, dense and sparse instances, comments,
  quotes, `?`), and the stop names the labels the Mulan XML lists (shardify/plan/mulan_labels.py), else the last
  attribute. Neighbour: Mulan's Emotions, every cell checked against scipy's `loadarff`; hostile twins: a sparse
  instance, a short instance, an unclosed quote, a relational attribute, no `@data`, a cut-short XML, NaN and a
  huge value.
- a word in a label column that means "no label" (blind39's Wikipedia Movie Plots: Genre 'unknown' for films of
  no genre): `--unlabelled-value VALUE` writes such rows unlabelled (converters/no_label_values.py, read the same
  by discovery and the writer), the stops offering the column name it, and a plan whose labels include such a word
  unasked stops naming it (shardify/plan/checks.py). Neighbour: MovieLens' movies.csv, '(no genres listed)' among
  `|`-joined genres; hostile twins: 'NA' and 'none' stay classes, a column of one class beside 'unknown', an empty
  value in the option's list, `''` keeping the word a class.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers import blind30, blind38, blind39, blind40
from helpers.refusals import follows_stop, refusal
from helpers.shard_io import records_by_split
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import arff_tables, c45_cases, no_label_values
from shardify.errors import InvalidInputError
from shardify.plan import attribute_tables, mulan_labels, split_extensions

_TABLE_OPTIONS = {"layout": "tables", "text_column": "none", "keep_columns": ("*",)}


def _labels(out: Path) -> dict:
    return dict(written_records(out)["records"])


def _rejects(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


_follows = follows_stop  # (helpers.refusals: stop, options named, followed, right)


# ---- C4.5's case files -------------------------------------------------------------------------------------------


def test_adult_stops_naming_the_options_and_its_splits_and_then_converts_right(tmp_path: Path) -> None:
    _follows("adult", blind38, tmp_path)


_CENSUS_CLASSES = ("- 50000", "50000+")
_CENSUS_WORK = ("Not in universe", "Private", "Self-employed-not incorporated", "Federal government")
_CENSUS_EDU = ("High school graduate", "Some college but no degree", "Bachelors degree(BA AB BS)", "Children")


def _census(root: Path, train: int = 6, test: int = 3) -> dict[str, tuple[str, str]]:
    """UCI's Census-Income (KDD) as downloaded (archive.ics.uci.edu/ml/machine-learning-databases/census-income-mld/):
    `census-income.data`, `census-income.test` and `census-income.names`. CHECKED 2026-11-29 against a loader in
    the code corpus (find_string 'census-income.test': a notebook reading both files with
    "words = line.strip()[:-1].split(', ')" and "if len(words) != 42: continue", i.e. ', '-separated cases of
    42 values each ended by a period, and the names listing "income: - 50000, 50000+." after lines such as
    "citizenship: Native- Born in the United States, Foreign born- Not a citizen of U S , ..." and
    "instance weight: ignore."). Values with spaces inside ('Not in universe'), `?` missing. Simplified: 8
    columns of the 42 (age, class of worker, industry code, education, wage per hour, a `?` column, citizenship,
    the class); the `.names` opens with `|` comments and the class list, as C4.5's does.
    Returns {"<file>:<i>": (split, class)}."""
    root.mkdir(parents=True, exist_ok=True)
    truth = {}
    for name, split, count in (("census-income.data", "train", train), ("census-income.test", "test", test)):
        lines = []
        for i in range(count):
            k = i + 2 * len(split)
            label = _CENSUS_CLASSES[(k * 5 + 1) % 3 == 0]
            cells = [
                str(20 + k * 7 % 50),
                _CENSUS_WORK[k % 4],
                str(k * 3 % 50),
                _CENSUS_EDU[k % 4],
                str(k % 3 * 500),
                "?" if k % 2 else "Nonmover",
                "Native- Born in the United States" if k % 3 else "Foreign born- Not a citizen of U S ",
                label,
            ]
            lines.append(", ".join(cells) + ".")
            truth[f"{name}:{i}"] = (split, label)
        (root / name).write_text("\n".join(lines) + "\n")
    (root / "census-income.names").write_text(
        "| This data was extracted from the census bureau database found at\n| http://www.census.gov/ftp/pub/DES/www/welcome.html\n"
        "- 50000, 50000+.\n\nage: continuous.\nclass of worker: Not in universe, Federal government, Private.\n"
    )
    return truth


def test_a_neighbour_census_income_stops_naming_its_class_and_splits_and_converts_right(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census")
    message = refusal(tmp_path / "census", tmp_path / "out")
    assert "--label-column '8'" in message and "census-income.test test" in message and "--layout tables" in message
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "followed"), label_column="8", **_TABLE_OPTIONS))
    found = _labels(tmp_path / "followed")
    assert found == {rid: (split, frozenset({label.lower()})) for rid, (split, label) in truth.items()}
    assert _rejects(tmp_path / "followed") == []


def test_cases_are_read_by_c45s_rules() -> None:
    assert c45_cases.case_cells(" 52, Self-emp-not-inc, >50K.  | the last one\n", 3) == ["52", "Self-emp-not-inc", ">50K"]
    assert c45_cases.case_cells("1.5,2.,?,a.b", 4) == ["1.5", "2.", "?", "a.b"]  # a period inside a value stays
    assert c45_cases.case_line("|1x3 Cross validator") == ""


def test_hostile_twins_a_short_case_and_a_truncated_last_case_are_each_one_reject(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census", train=20)  # (one case in ten may be cut short: c45_cases._MIN_SHARE)
    data = tmp_path / "census" / "census-income.data"
    lines = data.read_text().splitlines()
    lines[4] = lines[4].rsplit(",", 3)[0] + "."  # a case cut short in the middle of the file
    data.write_text("\n".join(lines) + "\n" + lines[0][:20])  # and one truncated at the end, no line end
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    rejects = _rejects(tmp_path / "out")
    assert len(rejects) == 2 and all("C4.5 case of" in r["reason"] and "where the table has 8" in r["reason"] for r in rejects)
    found = _labels(tmp_path / "out")
    assert len(found) == len(truth) - 1  # the short case is out; the others keep their labels
    assert {label for _, label in found.values()} <= {frozenset({c.lower()}) for c in _CENSUS_CLASSES}


def test_hostile_twins_nan_cells_are_missing_values_not_rows_lost(tmp_path: Path) -> None:
    truth = _census(tmp_path / "census")
    for name in ("census-income.data", "census-income.test"):
        path = tmp_path / "census" / name
        path.write_text(path.read_text().replace(", 0, ", ", nan, "))
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    assert _labels(tmp_path / "out") == {rid: (split, frozenset({label.lower()})) for rid, (split, label) in truth.items()}


def test_hostile_twins_that_are_no_case_files() -> None:
    huge = ["1, a, 2, " + "x" * 10_000, "3, b, 4, y", "5, c, 6, z"]
    prose = ["pos, a film, in short, fine", "neg, dull, dull, dull", "neg, bad, worse, worst"]
    assert not c45_cases.looks_like_cases(huge) and not c45_cases.looks_like_cases(prose)
    assert attribute_tables.attribute_tables_message("src", {"a.data": prose, "a.test": prose}, ["a.names"]) == ""
    assert split_extensions.c45_splits(["a.data", "a.test"]) == ()  # no .names: `.data` is any table's name
    assert split_extensions.c45_splits(["a.data", "a.names", "b.test", "b.names"]) == ()  # no stem has both
    assert split_extensions.c45_splits(["a[1].data", "a[1].test", "a[1].names"]) == ()  # a glob character


def test_hostile_twin_our_own_output_is_not_read_as_cases(tmp_path: Path) -> None:
    _census(tmp_path / "census")
    run_conversion(ConvertConfig(str(tmp_path / "census"), str(tmp_path / "out"), label_column="8", **_TABLE_OPTIONS))
    message = refusal(tmp_path / "out", tmp_path / "again")
    assert "C4.5" not in message and "holds tables of attributes" not in message


# ---- Weka's ARFF -------------------------------------------------------------------------------------------------


def test_yeast_stops_naming_the_labels_its_xml_lists_and_then_converts_right(tmp_path: Path) -> None:
    _follows("yeast", blind30, tmp_path)


_EMOTIONS_LABELS = ("amazed-suprised", "happy-pleased", "relaxing-calm", "quiet-still", "sad-lonely", "angry-aggresive")


def _emotions(root: Path, train: int = 6, test: int = 3, features: int = 5) -> dict[str, tuple[str, frozenset]]:
    """Mulan's Emotions (Trohidis et al. 2008; mulan.sourceforge.net/datasets-mlc.html) as downloaded:
    `emotions-train.arff`, `emotions-test.arff` and `emotions.xml`. CHECKED 2026-11-29 against loaders in the code
    corpus (find_string 'emotions-train.arff': "new MultiLabelInstances("emotions-train.arff", "emotions.xml")" and
    "Instances: 391, Labels: 6"; "train_Data=emotions_train(:,1:1:72); train_Target=emotions_train(:,73:1:end)": 72
    numeric features, then the 6 labels; `arff.load` and scipy's `arff.loadarff` reading them). The label names
    (their spellings 'amazed-suprised', 'angry-aggresive' included), the `{0,1}` label types, the quoted relation
    name and `%` comments are as remembered. Simplified: 5 features of the 72, 6 train and 3 test rows.
    Returns {"<file>:<i>": (split, labels)}."""
    root.mkdir(parents=True, exist_ok=True)
    truth = {}
    for split, count in (("train", train), ("test", test)):
        lines = ["% Emotions in music", "@relation 'emotions: -C -6'", ""]
        lines += [f"@attribute Mean_Acc1298_Mean_Mem40_Centroid{k} numeric" for k in range(features)]
        lines += [f"@attribute {name} {{0,1}}" for name in _EMOTIONS_LABELS] + ["", "@data"]
        for i in range(count):
            bits = [(i * 7 + k * 3 + len(split)) % 4 == 0 for k in range(len(_EMOTIONS_LABELS))]
            bits[(i + len(split)) % len(bits)] = True  # every song evokes something
            values = [f"{((i + 1) * (k + 3) * 0.0137) % 1:.6f}" for k in range(features)]
            lines.append(",".join(values + [str(int(b)) for b in bits]))
            truth[f"emotions-{split}.arff:{i}"] = (split, frozenset(n.lower() for n, b in zip(_EMOTIONS_LABELS, bits) if b))
        (root / f"emotions-{split}.arff").write_text("\n".join(lines) + "\n")
    labels = "".join(f'<label name="{name}"></label>\n' for name in _EMOTIONS_LABELS)
    (root / "emotions.xml").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">\n' + labels + "</labels>\n"
    )
    return truth


def test_a_neighbour_emotions_converts_with_its_stops_options_every_cell_as_scipy_reads_it(tmp_path: Path) -> None:
    scipy_arff = pytest.importorskip("scipy.io.arff")
    truth = _emotions(tmp_path / "emotions")
    message = refusal(tmp_path / "emotions", tmp_path / "out")
    assert f"--label-column {','.join(_EMOTIONS_LABELS)!r}" in message and "--layout tables" in message
    options = {**_TABLE_OPTIONS, "label_column": ",".join(_EMOTIONS_LABELS)}
    run_conversion(ConvertConfig(str(tmp_path / "emotions"), str(tmp_path / "followed"), **options))
    assert _labels(tmp_path / "followed") == truth
    records = {r["text/source"].decode(): r for rs in records_by_split(tmp_path / "followed").values() for r in rs}
    data, meta = scipy_arff.loadarff(str(tmp_path / "emotions" / "emotions-train.arff"))
    first_line = 3 + 5 + 6 + 3  # comment, relation, blank, attributes, labels, blank, @data: the instances follow
    for i, row in enumerate(data):
        record = records[f"emotions-train.arff#{first_line + i}"]
        for name in meta.names()[:5]:
            assert record[f"column/{name}"] == pytest.approx(float(row[name]), rel=1e-6)


def test_instances_are_read_by_arffs_grammar() -> None:
    names = ["a", "b", "c"]
    assert arff_tables.instance_cells("1, 'x, y', ?", names) == {"a": "1", "b": "x, y", "c": "?"}
    assert arff_tables.instance_cells('1,"it\\"s",2, {3}', names) == {"a": "1", "b": 'it"s', "c": "2"}  # a weight
    assert arff_tables.instance_cells("{1 'p q'}", names) == {"a": "0", "b": "p q", "c": "0"}  # sparse
    assert arff_tables.instance_cells("{}", names) == {"a": "0", "b": "0", "c": "0"}


@pytest.mark.parametrize(
    "line",
    ["1, 2", "1, 'open, 2, 3", "{0 1, 0 2}", "{7 1}", "{x 1}", "1, 2, 3, 4"],
    ids=["short", "unclosed quote", "index twice", "index out of range", "no index", "long"],
)
def test_hostile_twin_instances_are_each_one_reject_with_a_reason(line: str) -> None:
    with pytest.raises(InvalidInputError):
        arff_tables.instance_cells(line, ["a", "b", "c"])


def _arff(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    return path


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("@relation r\n@attribute a numeric\n@attribute bag relational\n@end bag\n@data\n", "relational"),
        ("@relation r\n@attribute a numeric\n@attribute b numeric\n% only a header\n", "no @data"),
        ("@relation r\n@attribute a numeric\n@attribute b numeric\n1,2\n", "line 4 of the ARFF header is no"),
        ("@relation r\n@attribute a numeric\n@attribute a numeric\n@data\n1,2\n", "twice"),
        ("@relation r\n@data\n1,2\n", "no @attribute"),
    ],
    ids=["relational", "no data", "data without @data", "an attribute twice", "no attributes"],
)
def test_hostile_twin_headers_are_refused_by_name(body: str, said: str, tmp_path: Path) -> None:
    with open(_arff(tmp_path / "t.arff", body), "rb") as fileobj, pytest.raises(InvalidInputError, match=said):
        arff_tables.read_arff_header(fileobj)


def _converted_arff(tmp_path: Path, rows: list[str]) -> dict[str, dict]:
    header = "@relation t\n@attribute x numeric\n@attribute n numeric\n@attribute class {pos,neg}\n@data\n"
    _arff(tmp_path / "src" / "t.arff", header + "\n".join(rows) + "\n")
    options = {**_TABLE_OPTIONS, "label_column": "class", "max_rejects": "50%"}
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **options))
    return {r["text/source"].decode(): r for rs in records_by_split(tmp_path / "out").values() for r in rs}


def test_hostile_twins_nan_missing_sparse_and_short_instances_in_a_converted_arff(tmp_path: Path) -> None:
    records = _converted_arff(
        tmp_path, ["0.5,1,pos", "nan,2,neg", "?,3,pos", "1,2", "{0 1.5, 2 pos}", "% a comment", "", "3,'5',neg"]
    )
    assert math.isnan(records["t.arff#7"]["column/x"]) and math.isnan(records["t.arff#8"]["column/x"])
    assert records["t.arff#10"]["column/n"] == 0 and records["t.arff#10"]["text/class/text"] == b"pos"  # sparse: 0 left out
    assert records["t.arff#13"]["column/n"] == 5  # a quoted number
    assert len(records) == 5 and [(r["row"], r["reason"]) for r in _rejects(tmp_path / "out")] == [
        (9, "an ARFF instance of 2 values where the header has 3 attributes")
    ]


def test_hostile_twin_a_huge_value_is_kept_as_written(tmp_path: Path) -> None:
    huge = "9" * 400  # no float holds it: the column is kept as its cells are written (attribute_rows' typing)
    records = _converted_arff(tmp_path, ["0.5,1,pos", f"{huge},4,neg", "2.5,3,pos"])
    assert records["t.arff#7"]["column/x"] == huge.encode() and records["t.arff#6"]["column/x"] == b"0.5"
    assert len(records) == 3 and _rejects(tmp_path / "out") == []


def test_hostile_twins_of_the_mulan_label_file_and_the_stop(tmp_path: Path) -> None:
    cut = ['<labels xmlns="http://mulan.sourceforge.net/labels">', '<label name="Class1"></label>']
    assert mulan_labels.label_names(cut) == ()  # the list is not seen whole: nothing named
    assert mulan_labels.label_names(["<labels><label name='x'></label></labels>"]) == ()  # not Mulan's
    _emotions(tmp_path / "emotions")
    (tmp_path / "emotions" / "emotions.xml").write_text("\n".join(cut))
    message = refusal(tmp_path / "emotions", tmp_path / "out")
    assert "--label-column 'angry-aggresive' (the last attribute, Weka's class" in message  # the XML names nothing
    wide = tmp_path / "wide"  # a header longer than the lines detection reads: not even the last attribute is known
    _emotions(wide, features=60)
    (wide / "emotions.xml").write_text("\n".join(cut))
    assert "--label-column C (the class attribute by name" in refusal(wide, tmp_path / "out2")


def test_hostile_twin_our_own_output_is_not_read_as_arff(tmp_path: Path) -> None:
    _emotions(tmp_path / "emotions")
    options = {**_TABLE_OPTIONS, "label_column": ",".join(_EMOTIONS_LABELS)}
    run_conversion(ConvertConfig(str(tmp_path / "emotions"), str(tmp_path / "out"), **options))
    assert "ARFF" not in refusal(tmp_path / "out", tmp_path / "again")


# ---- a word that means "no label" ------------------------------------------------------------------------------


def test_wiki_movie_plots_stops_naming_the_value_that_means_no_genre_and_then_converts_right(tmp_path: Path) -> None:
    _follows("wiki_movie_plots", blind39, tmp_path)


def _movielens(root: Path) -> dict[str, tuple[str, frozenset | None]]:
    """MovieLens' `movies.csv` (GroupLens, ml-latest-small: `movieId,title,genres`, genres joined by `|`).
    CHECKED 2026-11-29 against loaders in the code corpus (find_string '(no genres listed)': "# "(no genres listed)"
    is the dataset's sentinel for "no genres". ... lambda g: [] if g == "(no genres listed)" else g.split("|")";
    "if genres[0]=="(no genres listed)": genres=[]"; "genres = row["genres"].split("|")"). The first titles ('Toy
    Story (1995)', 'Adventure|Animation|Children|Comedy|Fantasy') are as remembered. Simplified: 12 films, two of
    no genre. Returns {"movies.csv:<i>": (split, genres or None)}."""
    films = [
        ("Toy Story (1995)", "Adventure|Animation|Children|Comedy|Fantasy"),
        ("Jumanji (1995)", "Adventure|Children|Fantasy"),
        ("Grumpier Old Men (1995)", "Comedy|Romance"),
        ("Waiting to Exhale (1995)", "Comedy|Drama|Romance"),
        ("Father of the Bride Part II (1995)", "Comedy"),
        ("Heat (1995)", "Action|Crime|Thriller"),
        ("Sabrina (1995)", "Comedy|Romance"),
        ("Tom and Huck (1995)", "Adventure|Children"),
        ("Sudden Death (1995)", "Action"),
        ("GoldenEye (1995)", "Action|Adventure|Thriller"),
        ("Ward 13 (2003)", "(no genres listed)"),
        ("The Lost Film (2009)", "(no genres listed)"),
    ]
    root.mkdir(parents=True, exist_ok=True)
    (root / "movies.csv").write_text("movieId,title,genres\n" + "".join(f"{i + 1},{t},{g}\n" for i, (t, g) in enumerate(films)))
    return {
        f"movies.csv:{i}": ("train", None if g.startswith("(") else frozenset(x.lower() for x in g.split("|")))
        for i, (_, g) in enumerate(films)
    }


def test_a_neighbour_movielens_stops_on_its_no_genre_sentinel_and_converts_with_the_option(tmp_path: Path) -> None:
    truth = _movielens(tmp_path / "ml")
    options = {"text_column": "title", "label_column": "genres", "label_separator": "|"}
    message = refusal(tmp_path / "ml", tmp_path / "out", **options)  # '(no genres listed)' unasked: no class written
    assert "--unlabelled-value '(no genres listed)'" in message and "(2 records)" in message
    run_conversion(
        ConvertConfig(str(tmp_path / "ml"), str(tmp_path / "followed"), unlabelled_value="(no genres listed)", **options)
    )
    assert _labels(tmp_path / "followed") == truth
    manifest = json.loads((tmp_path / "followed" / "manifest.json").read_text())
    assert "(no genres listed)" not in manifest["labels"] and manifest["splits"]["train"]["num_unlabelled"] == 2


def _genres(root: Path, genres: list[str]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    rows = [f"{i},A plot of film {i} that runs on for a while,{g}" for i, g in enumerate(genres)]
    (root / "films.csv").write_text("id,plot,genre\n" + "\n".join(rows) + "\n")


@pytest.mark.parametrize("word", ["NA", "none"])
def test_hostile_twins_words_that_classes_use_are_not_refused(word: str, tmp_path: Path) -> None:
    _genres(tmp_path / "src", ["drama", "comedy", word, "drama", "comedy", word] * 2)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), text_column="plot", label_column="genre"))
    assert {labels for _, labels in _labels(tmp_path / "out").values()} == {
        frozenset({"drama"}),
        frozenset({"comedy"}),
        frozenset({word.lower()}),
    }


def test_hostile_twins_of_the_no_label_refusal_and_its_option(tmp_path: Path) -> None:
    _genres(tmp_path / "one", ["drama", "unknown"] * 4)  # one class beside the word: no table of classes to judge
    run_conversion(ConvertConfig(str(tmp_path / "one"), str(tmp_path / "out1"), text_column="plot", label_column="genre"))
    _genres(tmp_path / "src", ["drama", "comedy", "Unknown", "western"] * 3)
    assert "--unlabelled-value 'unknown'" in refusal(
        tmp_path / "src", tmp_path / "out2", text_column="plot", label_column="genre"
    )
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"), str(tmp_path / "kept"), text_column="plot", label_column="genre", unlabelled_value=""
        )
    )
    assert frozenset({"unknown"}) in {labels for _, labels in _labels(tmp_path / "kept").values()}  # '' keeps it a class
    with pytest.raises(ValueError, match="empty value"):
        ConvertConfig(str(tmp_path / "src"), str(tmp_path / "x"), unlabelled_value="unknown,,none")
    assert no_label_values.is_unlabelled("UNKNOWN ", ("unknown",)) and not no_label_values.is_unlabelled(
        ["unknown"], ("unknown",)
    )


def test_the_option_is_listed_in_convert_help() -> None:
    from helpers.cli_runs import run_shardify

    assert "--unlabelled-value" in run_shardify("convert", "--help").stdout


def test_the_option_travels_in_the_layout_file_a_dry_run_writes(tmp_path: Path) -> None:
    from helpers.cli_runs import run_shardify

    truth = blind39.DATASETS["wiki_movie_plots"](tmp_path / "download")
    layout = tmp_path / "layout.yaml"
    named = ("--text-column", "Plot", "--label-column", "Genre", "--unlabelled-value", "unknown")
    planned = run_shardify("convert", str(truth.root), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(layout), *named)
    assert planned.returncode == 0 and "unlabelled_value:\n  - unknown" in layout.read_text()
    done = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "--layout-file", str(layout))
    assert done.returncode == 0, done.stderr
    assert_right(truth, tmp_path / "out")


def test_a_crowd_answer_of_no_label_is_asked_about_and_its_option_converts(tmp_path: Path) -> None:
    # Figure Eight's judgment exports answer 'not sure' beside yes/no (blind40's economic_news): asked about by the
    # stop, and refused as a class unasked (written as one, a third class 'not sure' with exit 0)
    assert "--unlabelled-value 'not sure'" in no_label_values.hint("relevance", ["yes", "Not sure", "no"])
    assert "--unlabelled-value 'not sure'" in no_label_values.refusal(["no", "not sure", "yes"], {})
    truth = blind40.DATASETS["economic_news"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), **blind40.FOLLOW["economic_news"]))
    assert_right(truth, tmp_path / "out", blind40.SPECS["economic_news"].aliases)
