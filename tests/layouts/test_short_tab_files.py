"""Files of `text<TAB>label` lines too short for the line-table rule (fewer than 8 lines each): each
is judged on its whole lines, labels repeating within it (`line_tables.too_short_to_judge`).

Before, three 6-line files of `sentence<TAB>0|1` (a small cut of UCI's Sentiment Labelled
Sentences) were read as one class a file, the 0/1 column kept in each text, with exit 0.
"""

from __future__ import annotations

from pathlib import Path

from helpers.fifteen import run
from helpers.one_place import records
from helpers.sources import write_file

_WORDS = ["good", "bad", "great", "awful", "movie", "phone", "food", "service", "love", "hate", "nice", "terrible"]


def _lines(k: int, label) -> str:
    return "".join(" ".join(_WORDS[(i * 7 + j * 5 + k) % 12] for j in range(5)).capitalize() + f".\t{label(i)}\n"
                   for i in range(6))


def test_short_files_of_text_and_a_repeating_label_are_rows(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for k, name in enumerate(("amazon_labelled", "imdb_labelled", "yelp_labelled")):
        write_file(src / f"{name}.txt", _lines(k, lambda i: i % 2))
    result = run(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert sorted(labels for _, labels, _ in written.values()) == [("0",)] * 9 + [("1",)] * 9, written
    assert not any("\t" in text for _, _, text in written.values()), written


def test_short_files_of_ids_and_texts_are_no_label_rows(tmp_path: Path) -> None:
    """The hostile twin: `<n><TAB>text` lines, the number unique within each file (an id, repeating
    only across files): never a label column; the files stay one class a file, as before."""
    src = tmp_path / "src"
    for k, name in enumerate(("a", "b", "c")):
        write_file(src / f"{name}.txt", "".join(f"{i}\t{_WORDS[(i + k) % 12]} words of line {i}\n" for i in range(1, 7)))
    result = run(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert {labels for _, labels, _ in written.values()} == {("a",), ("b",), ("c",)}, written
