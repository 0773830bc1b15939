"""Text files whose lines are a text and a label separated by a tab, the label on either side,
are tables of `label text` lines, read by content: UCI's "Sentiment Labelled Sentences"
(`sentiment labelled sentences/{amazon_cells,imdb,yelp}_labelled.txt`, `sentence<TAB>0|1`, in
one wrapper folder with a readme.txt) once converted as 3 records, each a whole file, labelled
with the wrapper folder's name, exit 0. Text files that only hold tabs stay texts.

The truth is this file's own, counted from what it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from shardify.format import contract

SOURCES = ("amazon_cells", "imdb", "yelp")


def _sentences(root: Path) -> dict[str, str]:
    """The miniature, and {text: its label}."""
    folder = root / "sentiment labelled sentences"
    folder.mkdir(parents=True)
    truth = {}
    for source in SOURCES:
        lines = []
        for i in range(12):
            label = str(i % 2)
            text = f"{'Works great, would buy again' if label == '1' else 'Broke after a week, do not buy'} ({source} {i})."
            truth[text] = label
            lines.append(f"{text}\t{label}")
        (folder / f"{source}_labelled.txt").write_text("\n".join(lines) + "\n")
    (folder / "readme.txt").write_text("This dataset was created for the paper 'From Group to Individual Labels using Deep Features'.\n")
    return truth


def _records(out: Path) -> dict[str, str]:
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found[record[contract.TEXT].decode()] = record[contract.TEXT_LABEL_TEXT].decode()
    return found


def test_label_last_tab_lines_in_a_wrapper_folder_are_a_record_a_line(tmp_path: Path) -> None:
    truth = _sentences(tmp_path / "sls")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "sls"), str(out))
    assert result.returncode == 0, result.stderr
    assert _records(out) == truth


def test_texts_that_only_hold_tabs_stay_texts(tmp_path: Path) -> None:
    """Class folders of texts whose lines hold a tab (a poem's indents, a pasted table) are not
    taken for label lines: their first fields do not repeat as labels do."""
    for label in ("poems", "notes"):
        (tmp_path / "src" / label).mkdir(parents=True)
        for i in range(3):
            lines = [f"line {j} of {label} {i}\tindented words {j}" for j in range(10)]
            (tmp_path / "src" / label / f"{i}.txt").write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "src"), str(out))
    assert result.returncode == 0, result.stderr
    records = _records(out)
    assert len(records) == 6 and sorted(set(records.values())) == ["notes", "poems"]
