"""Lines split into parts by a marker token, beside files of as many numbers a line: a stop naming them.

DailyDialog (Li et al., 2017) ships `train/dialogues_train.txt`, a dialogue a line, its utterances each
ended by ` __eou__`, beside `dialogues_emotion_train.txt` and `dialogues_act_train.txt`: a line of
space-separated numbers each, one per utterance of that line (an emotion 0..6, a dialogue act 1..4), in
train/, validation/ and test/ folders, and the whole set again at the top (`dialogues_text.txt`). Read
as text folders, each file was a record and the stop offered `--label-from-name`, which would label each
file by its name: no record is a dialogue's file, none an utterance.

Told here from the first lines of the sample's `.txt` files: a file whose lines (most of them) hold the
same marker token (`__eou__`: a word wrapped in two underscores each side) two or more times, ending
the line, beside a file of the same folder whose first lines are whole numbers separated by spaces, as
many on each line as that line has parts. shardify reads no record from a part of a line, so the run
stops before writing, naming the files, the marker, and what converts (a table of a part a row, its
label the chosen file's number). Nothing here guesses which numbers are the labels (emotion or act).
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.whole_numbers import numbers_per_line
from shardify.plan import layout

__all__ = ["check_utterance_lines", "marker_of", "parts_per_line"]

# Text files looked at (first lines only).
_LOOKED_AT = 24
_HEAD = 50
# A marker: a word wrapped in two underscores each side (`__eou__`, `__eot__`), never a word of its own.
_MARKER = re.compile(r"(?<!\S)(__[A-Za-z]+__)(?!\S)")
# Share of a file's non-blank first lines that hold the marker at their end, twice or more in most.
_MOST = 0.8


def marker_of(lines: Sequence[str]) -> str:
    """The marker token most non-blank `lines` end with (`__eou__`), or "".

    >>> marker_of(["Hi . __eou__ Hello ! __eou__", "Tea ? __eou__ Yes . __eou__ Good . __eou__"]), marker_of(["a b", "c d"])
    ('__eou__', '')
    """
    kept = [line.strip() for line in lines if line.strip()]
    if not kept:
        return ""
    ends = Counter(match[-1] for line in kept if (match := _MARKER.findall(line)) and line.endswith(match[-1]))
    if not ends:
        return ""
    marker, count = ends.most_common(1)[0]
    several = sum(line.count(marker) >= 2 for line in kept)
    return marker if count >= _MOST * len(kept) and several * 2 >= len(kept) else ""


def parts_per_line(lines: Sequence[str], marker: str) -> list[int]:
    """How many parts each line splits into at `marker` (the empty part after its last one not counted).

    >>> parts_per_line(["a __eou__ b __eou__", "c __eou__"], "__eou__")
    [2, 1]
    """
    return [len([p for p in line.split(marker) if p.strip()]) for line in lines]


def check_utterance_lines(config: ConvertConfig, sample: Sequence[str]) -> None:
    """Raises UsageError where a sampled `.txt` file's lines split into parts at a marker token beside a
    file of as many numbers a line (see the module's docstring).

    Raises:
      UsageError: naming the text file, the marker, the files of numbers and what converts.
    """
    texts = [p for p in sample if layout.extension(p) == "txt"][:_LOOKED_AT]
    heads = {p: head_lines(config, p, lines=_HEAD) for p in texts}
    for path, lines in heads.items():
        marker = marker_of(lines)
        if not marker:
            continue
        kept = [line for line in lines if line.strip()]
        parts = parts_per_line(kept, marker)
        beside, whole, odd = [], [], []
        for other in sorted(heads):
            if other == path or posixpath.dirname(other) != posixpath.dirname(path):
                continue
            counts = numbers_per_line(heads[other])
            n = min(len(parts), len(counts or []))
            if counts and n and counts[:n] == parts[:n]:
                beside.append(other)
            elif counts and set(counts) == {1}:
                whole.append(other)  # a number a line: one per dialogue (a topic), never read as a class file's lines
            elif counts:
                odd.append(other)  # numbers of other counts than the parts: never a class file's lines either
        if not beside and not whole and not odd:
            continue
        said = []
        if beside:
            said.append(f"{', '.join(beside[:4])}: as many numbers on each line as its parts, one per part")
        if whole:
            said.append(f"{', '.join(whole[:4])}: one number a line, one per line of parts")
        if odd:
            said.append(f"{', '.join(odd[:4])}: lines of numbers whose counts are not its lines' parts (line i no "
                        "longer labels line i's parts?)")
        raise UsageError(
            f"{path} holds a line of several parts each ended by {marker!r} (a dialogue of utterances), beside "
            f"{'; and '.join(said)} (its labels: which file is the task's is the dataset's to say). shardify reads no "
            "record from a part of a line, and a file of numbers is no class of its own: write a table of one part "
            "(or one line) a row with its label from the chosen file (`text,label`) and convert that (docs/converting.md)"
        )
