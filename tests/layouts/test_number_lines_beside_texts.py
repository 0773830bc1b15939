"""Files read a class per file, some of texts and some of whole numbers alone (DailyDialog's
`dialogues_text.txt` beside `dialogues_emotion.txt`): the numbers label the texts' lines, so the run
stops, naming both and a layout file's `line_files` that reads them so (readers29b's note: each file
had been a class, `3` a record labelled `dialogues_emotion`, with exit 0).
"""

from __future__ import annotations

import re
from pathlib import Path

from helpers.fifteen import run
from helpers.one_place import records
from helpers.sources import write_file

_WORDS = ["hello", "how", "are", "you", "fine", "thanks", "see", "later", "good", "morning", "what", "time"]


def _texts(n: int) -> str:
    return "".join(" ".join(_WORDS[(i * 5 + j * 7) % 12] for j in range(6)) + "\n" for i in range(n))


def test_a_file_of_numbers_beside_texts_stops_and_its_layout_converts(tmp_path: Path) -> None:
    src = tmp_path / "src"
    write_file(src / "dialogues_text.txt", _texts(20))
    write_file(src / "dialogues_emotion.txt", "".join(f"{i % 7}\n" for i in range(20)))
    stopped = run(src, tmp_path / "out")
    assert stopped.returncode == 2 and not (tmp_path / "out" / "manifest.json").exists(), stopped.stderr[-2000:]
    said = " ".join(stopped.stderr.split())
    assert "dialogues_emotion.txt" in said and "dialogues_text.txt" in said and "line_files" in said, said
    # The message's own layout file, written as it says, converts: line i of the numbers labels line i.
    keys = re.findall(r"`([a-z_]+: [^`]+)`", said)
    layout = tmp_path / "layout.yaml"
    layout.write_text("\n".join(keys) + "\n")
    done = run(src, tmp_path / "out2", "--layout-file", str(layout))
    assert done.returncode == 0, done.stderr[-2000:]
    written = records(tmp_path / "out2")
    assert len(written) == 20, written
    by_line = {int(key.rsplit("#", 1)[1]): labels for key, (_, labels, _) in written.items()}
    assert by_line == {i + 1: (str(i % 7),) for i in range(20)}, by_line


def test_files_of_texts_alone_are_still_a_class_each(tmp_path: Path) -> None:
    """The near-miss: two files of texts, one of them holding a number among its lines, stay a class a file."""
    src = tmp_path / "src"
    write_file(src / "rt-polarity.pos", _texts(12) + "42\n")
    write_file(src / "rt-polarity.neg", _texts(12)[::-1].strip() + "\n")
    done = run(src, tmp_path / "out")
    assert done.returncode == 0, done.stderr[-2000:]
    assert {labels for _, labels, _ in records(tmp_path / "out").values()} == {("pos",), ("neg",)}
