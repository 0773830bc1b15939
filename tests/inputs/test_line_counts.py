"""Lines are counted one way (`converters/line_files.count_lines`) wherever line i of one file goes
with line i of another: the scan that reads a text file beside its labels, the check of named pairs
before the run, and the guard that offers a file of numbers as the labels of a file of texts beside
it (beam_jobs/discover/guards.py). The guard counted non-blank lines split at any line end; the scan
counts line feeds. So a pair the guard offered (a labels file with a blank last line) was refused by
the scan when the user followed the stop, and a pair the scan takes (a blank text line, its label
still on its line) was never offered. Each edge is tested on the count and on a conversion."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from helpers.sources import convert
from shardify.converters.line_files import count_lines, read_lines
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file
from helpers.shard_io import read_shard

_BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize(("data", "lines"), [
    (b"", 0),
    (b"a\nb\n", 2),
    (b"a\nb", 2),  # a last line without a line end counts
    (b"a\r\nb\r\n", 2),  # CRLF: one line end
    (b"a\rb\n", 1),  # a bare carriage return ends no line (the reader's lines end at line feeds)
    (b"a\n\nb\n", 3),  # a blank line holds its place
    (b"a\nb\n\n", 3),
    (b"\n", 1),
    (_BOM, 0),  # a byte-order mark alone: no line
    (_BOM + b"a\nb", 2),
    (_BOM + b"\n", 1),
])
def test_a_count_is_the_number_of_lines_the_reader_reads(data: bytes, lines: int) -> None:
    assert count_lines(io.BytesIO(data)) == lines
    assert len(list(read_lines(io.BytesIO(data)))) == lines


def test_a_count_within_a_range_stops_at_its_end() -> None:
    assert count_lines(io.BytesIO(b"a\nb\nc\n"), end=4) == 2


_TEXTS = ["the man turned on the faucet", "so the toilet filled with water", "while my body cast a shadow", "over the grass"]
_ABSTRACTS = [f"An abstract numbered {n} of the survey: {_TEXTS[n % 4]} and {_TEXTS[(n + 1) % 4]}. Results follow." for n in range(4)]


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _labelled(output: Path) -> list[tuple[str, str]]:
    manifest = load_manifest(str(output))
    return sorted((r[contract.TEXT].decode(), r.get(contract.TEXT_LABEL_TEXT, b"").decode())
                  for split in manifest.splits.values() for shard in split.shards for r in read_shard(output / shard.path))


def _stop(source: Path, output: Path) -> str:
    with pytest.raises(UsageError) as stopped:
        convert(source, output)
    return str(stopped.value)


def _web_of_science(root: Path, texts: bytes) -> Path:
    """Web of Science's shape: subset folders each holding `X.txt` (an abstract a line) beside
    `Y.txt` (a class number a line), names that do not tie them; `texts` is WOS11967's X.txt."""
    _write(root / "WebOfScience/WOS5736/X.txt", "".join(f"{t}\n" for t in _ABSTRACTS).encode())
    _write(root / "WebOfScience/WOS5736/Y.txt", b"3\n2\n3\n2\n")
    _write(root / "WebOfScience/WOS11967/X.txt", texts)
    _write(root / "WebOfScience/WOS11967/Y.txt", b"1\n0\n1\n0\n")
    return root


def test_numbers_beside_texts_with_a_blank_line_and_crlf_are_offered_and_following_the_stop_converts(tmp_path: Path) -> None:
    """One subset's texts in CRLF after a byte-order mark, one blank, no last line end. The scan
    takes the pair (the blank line a reject, its label on its line), so the guard offers it, and
    the layout file it names converts."""
    lines = [_ABSTRACTS[0], _ABSTRACTS[1], "", _ABSTRACTS[3]]
    source = _web_of_science(tmp_path / "src", _BOM + "\r\n".join(lines).encode())
    said = _stop(source, tmp_path / "out")
    assert "as many lines as WebOfScience/WOS11967/X.txt, WebOfScience/WOS5736/X.txt" in said
    entries = re.search(r"`line_files: (\[.*?\])`", said).group(1)
    spec = layout_file.loads(f"shardify_layout: 1\nlayout: tables\nmedia: text\nline_files: {entries}\n", where="layout.yaml")
    convert(source, tmp_path / "followed", layout_given=spec.layout)
    assert _labelled(tmp_path / "followed") == sorted([(_ABSTRACTS[0], "1"), (_ABSTRACTS[1], "0"), (_ABSTRACTS[3], "0"),
                                                       *zip(_ABSTRACTS, ["3", "2", "3", "2"])])


def test_numbers_beside_texts_of_one_line_more_are_not_offered(tmp_path: Path) -> None:
    """The twin: a blank last line in one subset's texts makes them a line longer than their
    labels; the scan would refuse that pair (line i no longer labels line i), so it is not offered."""
    source = _web_of_science(tmp_path / "src", ("\n".join(_ABSTRACTS) + "\n\n").encode())
    said = _stop(source, tmp_path / "out")
    assert "as many lines as WebOfScience/WOS5736/X.txt beside" in said and "WOS11967/X.txt" not in said.split("beside")[0]


def test_named_pairs_in_crlf_after_a_mark_convert_and_a_blank_last_label_line_stops(tmp_path: Path) -> None:
    """The neighbour whose names tie the pair (TweetEval's `train_text.txt` + `train_labels.txt`):
    texts in CRLF after a byte-order mark with no last line end convert labelled line by line; a
    labels file one blank line longer stops before writing, naming both counts."""
    _write(tmp_path / "src/train_text.txt", _BOM + "\r\n".join(_TEXTS).encode())
    _write(tmp_path / "src/train_labels.txt", b"joy\nanger\njoy\nanger\n")
    assert _labelled(convert(tmp_path / "src", tmp_path / "out")) == sorted(zip(_TEXTS, ["joy", "anger", "joy", "anger"]))
    _write(tmp_path / "src/train_labels.txt", b"joy\nanger\njoy\nanger\n\n")
    said = _stop(tmp_path / "src", tmp_path / "out2")
    assert "4 lines and train_labels.txt 5" in said


def test_parallel_sides_count_the_same_way(tmp_path: Path) -> None:
    """The third neighbour, a parallel corpus's sides (Europarl's `europarl-v7.de-en.{de,en}`): one
    side in CRLF without its last line end pairs with the other in LF; a side with one more line stops."""
    _write(tmp_path / "src/europarl-v7.de-en.en", "\r\n".join(_TEXTS).encode())
    _write(tmp_path / "src/europarl-v7.de-en.de", "".join(f"der Satz {n}\n" for n in range(4)).encode())
    convert(tmp_path / "src", tmp_path / "out")
    _write(tmp_path / "src/europarl-v7.de-en.de", "".join(f"der Satz {n}\n" for n in range(5)).encode())
    said = _stop(tmp_path / "src", tmp_path / "out2")
    assert "has 5 lines and europarl-v7.de-en.en 4" in said
