"""Files of lines under a chain of lone folders (`download/data/Emotion-Stimulus/*.txt`): the chain is
one wrapper, its innermost folder's files are read as the top of SRC would be (`top_data_files`).

Before, only one wrapper was looked through: the tagged lines of Emotion-Stimulus two lone folders
down were written as the documents of one class folder labelled `Emotion-Stimulus`, with exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import run
from helpers.one_place import records
from helpers.sources import image_bytes, write_file

_TAGGED = "<happy>The sun is out <\\happy>\n<sad>He lost the game again <\\sad>\n<fear>A noise in the night <\\fear>\n"
_OTHER = "<anger>They broke the door <\\anger>\n<happy>A gift came today <\\happy>\n"


@pytest.mark.parametrize("chain", ["", "download/", "download/data/", "a/b/c/"])
def test_tagged_lines_under_lone_folders_are_labelled_by_their_tags(tmp_path: Path, chain: str) -> None:
    src = tmp_path / "src"
    write_file(src / f"{chain}Emotion-Stimulus/Emotion Cause.txt", _TAGGED)
    write_file(src / f"{chain}Emotion-Stimulus/No Cause.txt", _OTHER)
    result = run(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert sorted(labels for _, labels, _ in written.values()) == [("anger",), ("fear",), ("happy",), ("happy",), ("sad",)], written


def test_class_folders_under_lone_folders_stay_classes(tmp_path: Path) -> None:
    """The hostile twin: a chain of lone folders over class folders of images is no wrapper of
    line files; the classes are read as before."""
    src = tmp_path / "src"
    for i in range(6):
        write_file(src / f"download/data/{('cat', 'dog')[i % 2]}/{i}.jpg", image_bytes(seed=i))
    result = run(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert sorted(labels for _, labels, _ in written.values()) == [("cat",)] * 3 + [("dog",)] * 3, written


def test_a_lone_folder_beside_macos_leftovers_is_still_the_wrapper(tmp_path: Path) -> None:
    """`sentence<TAB>0|1` files in `<zip name>/<folder>/`, with the archiver's `__MACOSX/` beside (as
    UCI's Sentiment Labelled Sentences unzips on a Mac): `__MACOSX/` is junk, not a second top
    folder, so the files are read a row a line. Before, 3 whole documents were written labelled by
    the folder's name, with exit 0 (blind30's note)."""
    src = tmp_path / "src"
    inner = "sentiment_zip/sentiment labelled sentences"
    words = ["good", "bad", "great", "awful", "movie", "phone", "food", "service", "love", "hate", "nice", "terrible"]
    rows = {name: "".join(" ".join(words[(i * 7 + j * 5 + k) % 12] for j in range(6)).capitalize() + f".\t{i % 2}\n"
                          for i in range(20))
            for k, name in enumerate(("amazon_cells_labelled", "imdb_labelled", "yelp_labelled"))}
    for name, text in rows.items():
        write_file(src / f"{inner}/{name}.txt", text)
        write_file(src / f"__MACOSX/sentiment labelled sentences/._{name}.txt", b"\x00\x05\x16\x07" + b"\x00" * 60)
    write_file(src / f"{inner}/readme.txt", "This dataset was created for the paper ...\n")
    result = run(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr[-2000:]
    written = records(tmp_path / "out")
    assert len(written) == 60, written
    assert sorted(labels for _, labels, _ in written.values()) == [("0",)] * 30 + [("1",)] * 30, written
