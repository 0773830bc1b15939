"""`--labels FILE --key-column C --label-column L`: a labels table joined onto tables of texts by id.

The kind (issue 30, blind17's webis_clickbait17): a corpus whose texts and labels lie in two
tables joined by an id, neither shape detection joins by itself. Built from documented layouts:
Webis Clickbait 17 (webis.de/data/webis-clickbait-17.html: instances.jsonl `{id, postText: [..],
targetTitle, ...}`, truth.jsonl `{id, truthJudgments, truthMean, truthClass}` in its own order,
media/), a Kaggle competition's released solution (`test.csv` `id,text` beside `solution.csv`
`id,target,Usage`), and a per-language shared-task layout (`en/`, `es/` each `texts.jsonl` +
`truth.jsonl` by `id`) named by one glob. Twins that must stop: two tables of texts the labels
table could label, a key column the labels table lacks. Records are read back from the shards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa".split()


def _text(i: int) -> str:
    return " ".join(_WORDS[(i * 3 + k) % len(_WORDS)] for k in range(6 + i % 3)).capitalize()


def _written(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """{text: (split, labels)} read back from every shard."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.TEXT_LABEL_TEXT, [])
                names = value if isinstance(value, list) else [value]
                found[record[contract.TEXT].decode()] = (split, tuple(n.decode() for n in names))
    return found


def _webis(root: Path, n: int = 6) -> dict[str, str]:
    """One Webis Clickbait 17 set: texts as one-string lists, labels by id in another order."""
    instances, truths, truth = [], [], {}
    for i in range(n):
        ident = str(608310377143799810 + i * 104729)
        label = ("clickbait", "no-clickbait")[i % 3 == 0]
        truth[_text(i)] = label
        instances.append({"id": ident, "postText": [_text(i)], "postMedia": [f"media/{ident}.jpg"] if i % 2 else [],
                          "targetTitle": _text(i + 20), "targetDescription": _text(i + 40),
                          "targetParagraphs": [_text(i + 60)], "targetCaptions": []})
        truths.append({"id": ident, "truthJudgments": [0.0, 0.33, 1.0], "truthMean": 0.44, "truthClass": label})
    root.mkdir(parents=True, exist_ok=True)
    (root / "instances.jsonl").write_text("".join(json.dumps(r) + "\n" for r in instances))
    (root / "truth.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reversed(truths)))
    return truth


def test_webis_texts_join_their_labels_by_id(tmp_path: Path) -> None:
    root = tmp_path / "clickbait17"
    truth = _webis(root)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="truth.jsonl", key_column="id",
                                 label_column="truthClass", text_column="postText"))
    assert _written(tmp_path / "out") == {text: ("train", (label,)) for text, label in truth.items()}


def test_a_kaggle_solution_file_labels_the_test_texts(tmp_path: Path) -> None:
    root = tmp_path / "competition"
    root.mkdir()
    rows = [(f"q{i:03d}", _text(i), ("positive", "negative", "neutral")[i % 3]) for i in range(7)]
    (root / "test.csv").write_text("id,text\n" + "".join(f"{i},{t}\n" for i, t, _ in rows))
    (root / "solution.csv").write_text("id,target,Usage\n" + "".join(
        f"{i},{label},{('Public', 'Private')[k % 2]}\n" for k, (i, _, label) in enumerate(reversed(rows))))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="solution.csv", key_column="id",
                                 label_column="target"))
    assert _written(tmp_path / "out") == {t: ("test", (label,)) for _, t, label in rows}


def test_a_glob_labels_each_folder_s_texts(tmp_path: Path) -> None:
    root = tmp_path / "profiling"
    truth = {}
    for lang, offset in (("en", 0), ("es", 30)):
        folder = root / lang
        folder.mkdir(parents=True)
        rows = [(f"{lang}{i}", _text(i + offset), ("bot", "human")[i % 2]) for i in range(4)]
        (folder / "texts.jsonl").write_text("".join(json.dumps({"id": i, "text": t, "lang": lang}) + "\n" for i, t, _ in rows))
        (folder / "truth.jsonl").write_text("".join(json.dumps({"id": i, "label": label}) + "\n" for i, _, label in rows))
        truth.update({t: label for _, t, label in rows})
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="*/truth.jsonl", key_column="id"))
    assert {t: labels for t, (_, labels) in _written(tmp_path / "out").items()} == {t: (label,) for t, label in truth.items()}


def test_two_tables_of_texts_beside_one_labels_table_stop(tmp_path: Path) -> None:
    root = tmp_path / "twin"
    _webis(root)
    (root / "instances_copy.jsonl").write_text((root / "instances.jsonl").read_text())
    with pytest.raises(UsageError, match="cannot be told") as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="truth.jsonl", key_column="id",
                                     label_column="truthClass", text_column="postText"))
    assert "instances.jsonl" in str(stop.value) and "instances_copy.jsonl" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_key_column_the_labels_table_lacks_stops(tmp_path: Path) -> None:
    root = tmp_path / "keyless"
    _webis(root)
    with pytest.raises(UsageError, match="--key-column 'post_id' is no column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="truth.jsonl", key_column="post_id",
                                     label_column="truthClass", text_column="postText"))


def test_the_first_command_names_the_join(tmp_path: Path) -> None:
    """Webis's download: two sets, each with media/ pictures its texts name beside the two tables; the
    stop names the join, one glob for both sets."""
    root = tmp_path / "webis-clickbait-17"
    for folder in ("clickbait17-train-170331", "clickbait17-validation-170630"):
        _webis(root / folder)
        (root / folder / "media").mkdir()
        for line in (root / folder / "instances.jsonl").read_text().splitlines():
            for path in json.loads(line)["postMedia"]:
                (root / folder / path).write_bytes(image_bytes(seed=len(path)))
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "--labels '*/truth.jsonl' --key-column id --label-column truthClass" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_tables_in_folders_named_for_a_split_take_its_name(tmp_path: Path) -> None:
    """The folder kind webis showed (`clickbait17-train-170331/`): a set's table in a folder whose name
    holds a split word among others takes that split (a SemEval-style `task-dev-2016/` beside
    `task-train-2016/`), where before every table was `train`; a folder naming two splits names none.
    (Tables only in folders stop the first command, as files no reader takes: `--layout tables` reads them.)"""
    root = tmp_path / "semeval"
    truth = {}
    for folder, split, offset in (("task-train-2016", "train", 0), ("task-dev-2016", "dev", 20)):
        (root / folder).mkdir(parents=True)
        rows = [(_text(i + offset), ("pos", "neg")[i % 2]) for i in range(4)]
        (root / folder / "data.csv").write_text("text,label\n" + "".join(f"{t},{label}\n" for t, label in rows))
        truth.update({t: (split, (label,)) for t, label in rows})
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), layout="tables"))
    assert _written(tmp_path / "out") == truth


def test_a_folder_naming_two_splits_names_none() -> None:
    from shardify.beam_jobs.discover.table_splits import split_of

    assert split_of("corpus-train-2017/test-subset/data.csv", frozenset()) == ""
    assert split_of("corpus-train-2017/data.csv", frozenset()) == "train"


# The metadata kind (blind16's cmu_movie_summary): texts keyed by an item id beside a table of more items'
# metadata whose label cell holds several names. The CMU Movie Summary corpus (its README: plot_summaries.txt
# '<Wikipedia movie id><TAB><plot>', movie.metadata.tsv nine columns, the genres a JSON {freebase id: name});
# a book-descriptions neighbour whose genres are list literals; an arXiv-like JSON-lines pair whose
# `categories` are JSON lists. Metadata rows of items without a text are passed over, never rejects.

_GENRES = {"/m/07s9rl0": "Drama", "/m/01z4y": "Comedy", "/m/03npn": "Horror", "/m/02l7c8": "Romance Film"}


def _written_sets(out: Path) -> dict[str, frozenset[str] | None]:
    return {text: frozenset(labels) or None for text, (_, labels) in _written(out).items()}


def _cmu(root: Path) -> dict[str, frozenset[str] | None]:
    root.mkdir(parents=True)
    plots, meta, truth = [], [], {}
    keys = list(_GENRES)
    for i in range(8):
        wiki = 975900 + i * 4217
        genres = {keys[(i + j) % 4] for j in range(i % 3)}
        meta.append("\t".join([str(wiki), f"/m/0{i}x", f"Film {i}", str(1960 + i), "", "90.0",
                               json.dumps({"/m/02h40lc": "English Language"}), json.dumps({"/m/09c7w0": "United States"}),
                               json.dumps({k: _GENRES[k] for k in sorted(genres)})]))
        if i % 4 == 3:
            continue  # metadata without a plot
        plots.append(f"{wiki}\t{_text(i)}. {_text(i + 9)}.")
        truth[f"{_text(i)}. {_text(i + 9)}."] = frozenset(_GENRES[k] for k in genres) or None
    (root / "plot_summaries.txt").write_text("\n".join(plots) + "\n")
    (root / "movie.metadata.tsv").write_text("\n".join(meta) + "\n")
    (root / "character.metadata.tsv").write_text("".join(f"{975900 + i * 4217}\t/m/0{i}c\t1990\tRole {i}\n" for i in range(3)))
    return truth


def test_cmu_plots_take_their_movie_s_genres(tmp_path: Path) -> None:
    root = tmp_path / "MovieSummaries"
    truth = _cmu(root)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="movie.metadata.tsv", key_column="1",
                                 label_column="9", exclude=("character.metadata.tsv",)))
    assert _written_sets(tmp_path / "out") == truth
    manifest = load_manifest(str(tmp_path / "out"))
    assert sum(s.num_records for s in manifest.splits.values()) == len(truth)
    assert not (tmp_path / "out" / "rejected.jsonl").exists() or not (tmp_path / "out" / "rejected.jsonl").read_text().strip()


def test_the_first_command_over_plots_and_metadata_names_the_join(tmp_path: Path) -> None:
    root = tmp_path / "MovieSummaries"
    _cmu(root)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    said = str(stop.value)
    assert "--labels movie.metadata.tsv --key-column 1 --label-column N --exclude character.metadata.tsv" in said
    assert "columns 7, 8, 9 of movie.metadata.tsv" in said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_book_descriptions_take_list_literal_genres(tmp_path: Path) -> None:
    root = tmp_path / "books"
    root.mkdir()
    rows = [(f"{31000 + i * 7}", f"{_text(i)} {_text(i + 5)}", ("fantasy", "young-adult", "history")[: 1 + i % 3]) for i in range(6)]
    (root / "descriptions.txt").write_text("".join(f"{k}\t{t}\n" for k, t, _ in rows))
    (root / "books.tsv").write_text("".join(f"{k}\tTitle {k}\t{list(g)}\n" for k, _, g in rows) + "99999\tNo text\t['poetry']\n")
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="books.tsv", key_column="1", label_column="3"))
    assert _written_sets(tmp_path / "out") == {t: frozenset(g) for _, t, g in rows}


def test_json_lines_abstracts_take_their_category_lists(tmp_path: Path) -> None:
    root = tmp_path / "arxiv"
    root.mkdir()
    rows = [(f"2101.{i:05d}", _text(i + 3), (["cs.LG", "stat.ML"], ["cs.CL"], ["math.OC", "cs.LG"])[i % 3]) for i in range(6)]
    (root / "abstracts.jsonl").write_text("".join(json.dumps({"id": k, "abstract": t}) + "\n" for k, t, _ in rows))
    (root / "metadata.jsonl").write_text("".join(json.dumps({"id": k, "title": f"T{k}", "categories": c}) + "\n"
                                                 for k, _, c in [*reversed(rows), ("2101.99999", "", ["q-bio"])]))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), labels_file="metadata.jsonl", key_column="id",
                                 label_column="categories"))
    assert _written_sets(tmp_path / "out") == {t: frozenset(c) for _, t, c in rows}
