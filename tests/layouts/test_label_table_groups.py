"""Several tables of one shape, each labelling part of the images, read together (`shardify.plan.table_groups`).

MLRSNet's kind (round four): `Labels/<category>.csv` beside `Images/<category>/`, each table an
image name and 0/1 columns. Here an unnamed neighbour of the same kind, made differently (TSV, the
key column third and keyed by stems, two folders of photos), must convert right with no option and
with `--labels GLOB`; each hostile twin (one fact changed so that reading the tables together could
be wrong) must stop before writing with no option, naming the files and the option, and with
`--labels GLOB` either stop or reject exactly the rows it cannot use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_COLUMNS = ("water", "forest", "filename", "road")
# (part, stem, labels) of the neighbour: photos/<part>/<stem>.png, tags/<part>.tsv
_PHOTOS = (
    ("north", "n_001", {"water", "forest"}), ("north", "n_002", {"road"}), ("north", "n_003", {"forest", "road"}),
    ("south", "s_001", {"water"}), ("south", "s_002", {"water", "road"}), ("south", "s_003", {"forest"}),
)


def _row(stem: str, labels: set[str], columns=_COLUMNS) -> str:
    return "\t".join(stem if c == "filename" else str(int(c in labels)) for c in columns)


def _source(root: Path, change: str = "") -> Path:
    """The neighbour, or a hostile twin of it (`change`)."""
    tables: dict[str, list[str]] = {}
    for n, (part, stem, labels) in enumerate(_PHOTOS):
        path = root / "photos" / part / f"{stem}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(image_bytes(fmt="PNG", seed=n))
        tables.setdefault(part, ["\t".join(_COLUMNS)]).append(_row(stem, labels))
    if change == "another header":
        tables["south"] = ["\t".join(("water", "forest", "filename", "bridge")), *tables["south"][1:]]
    elif change == "a key in two tables":
        tables["south"].append(_row("n_001", {"road"}))
    elif change == "a key naming no input":
        tables["north"].append(_row("n_009", {"water"}))
    elif change == "a 0/1 column holding 2":
        tables["south"][2] = _row("s_002", {"water", "road"}).replace("\t0\ts_002", "\t2\ts_002")
    (root / "tags").mkdir()
    names = {"north": "train", "south": "test"} if change == "tables named for splits" else {}
    for part, lines in tables.items():
        (root / "tags" / f"{names.get(part, part)}.tsv").write_text("\n".join(lines) + "\n")
    (root / "README.txt").write_text("Photos by site; tags/<site>.tsv gives each photo's tags.\n")
    return root


def _truth(without: tuple[str, ...] = ()) -> dict[str, tuple[str, frozenset[str]]]:
    return {f"photos/{part}/{stem}.png": ("train", frozenset(labels)) for part, stem, labels in _PHOTOS if stem not in without}


def test_the_tables_are_read_together_with_no_option(tmp_path: Path) -> None:
    source = _source(tmp_path / "src")
    out = convert(source, tmp_path / "out", max_rejects="0")
    assert written_records(out)["records"] == _truth()


def test_labels_glob_reads_the_tables_together(tmp_path: Path) -> None:
    source = _source(tmp_path / "src")
    out = convert(source, tmp_path / "out", labels_file=str(source / "tags" / "*.tsv"), max_rejects="0")
    assert written_records(out)["records"] == _truth()


@pytest.mark.parametrize(
    ("change", "shown"),
    [
        ("another header", "tables of different shapes"),
        ("a key in two tables", "a key in two tables"),
        ("a key naming no input", "'n_009', which is no input here"),
        ("a 0/1 column holding 2", "column 'forest' holds '2'"),
    ],
)
def test_a_hostile_twin_stops_before_writing_naming_the_tables_and_the_option(change: str, shown: str, tmp_path: Path) -> None:
    source = _source(tmp_path / "src", change)
    with pytest.raises(UsageError, match=shown) as refused:
        convert(source, tmp_path / "out")
    assert "tags/*.tsv" in str(refused.value) and "--labels" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("change", ["another header", "a 0/1 column holding 2"])
def test_labels_glob_over_tables_that_differ_stops(change: str, tmp_path: Path) -> None:
    source = _source(tmp_path / "src", change)
    with pytest.raises(UsageError, match="south.tsv") as refused:
        convert(source, tmp_path / "out", labels_file=str(source / "tags" / "*.tsv"))
    assert "one header and one reading" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize(
    ("change", "rejected", "reason"),
    [
        ("a key in two tables", "photos/north/n_001.png", "give it different labels"),
        ("a key naming no input", "tags/north.tsv", "names no file: 'n_009'"),
    ],
)
def test_labels_glob_rejects_the_rows_it_cannot_use(change: str, rejected: str, reason: str, tmp_path: Path) -> None:
    source = _source(tmp_path / "src", change)
    out = convert(source, tmp_path / "out", labels_file=str(source / "tags" / "*.tsv"))
    lines = (out / "rejected.jsonl").read_text().splitlines()
    assert len(lines) == 1 and rejected in lines[0] and reason in lines[0], lines
    assert written_records(out)["records"] == _truth(without=("n_001",) if "two" in change else ())


def test_the_command_takes_a_glob_under_src_and_a_refusal_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`shardify convert SRC OUT --labels 'tags/*.tsv'` from another folder: the glob is read under SRC."""
    from typer.testing import CliRunner

    from shardify.cli.main import app

    source = _source(tmp_path / "src", "a key in two tables")
    monkeypatch.chdir(tmp_path)
    refused = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / "refused"), "-q"])
    assert refused.exit_code == 2 and "--labels 'tags/*.tsv'" in refused.output, refused.output
    done = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / "out"), "--labels", "tags/*.tsv", "--max-rejects", "100%", "-q"])
    assert done.exit_code == 0, done.output
    assert written_records(tmp_path / "out")["records"] == _truth(without=("n_001",))


def test_tables_named_for_splits_are_not_read_as_one(tmp_path: Path) -> None:
    """`tags/train.tsv` and `tags/test.tsv`: read as one table their splits would be lost; the run
    stops as for any table holding labels beside class folders."""
    source = _source(tmp_path / "src", "tables named for splits")
    with pytest.raises(UsageError, match="hold labels of their own") as refused:
        convert(source, tmp_path / "out")
    assert "tags/*.tsv" not in str(refused.value)
