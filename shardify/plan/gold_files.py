"""A data file beside a gold file of as many lines, named alike but for one word: line i of the gold labels line i.

Shared tasks ship each split's inputs and answers apart, named by one word that differs:

- WiC: `train/train.data.txt` (`word<TAB>PoS<TAB>i-j<TAB>sentence 1<TAB>sentence 2`) beside
  `train/train.gold.txt` (`T` or `F` a line); `test/` holds only `test.data.txt` (unlabelled);
- SemEval STS 2012-2017: `STS.input.MSRpar.txt` (`sentence 1<TAB>sentence 2`) beside
  `STS.gs.MSRpar.txt` (a similarity score a line);
- SemEval-2018 Task 2 (emoji prediction): `us_train.text` (a tweet a line) beside
  `us_train.labels` (an emoji's id a line).

The names' words are data (GOLD_WORDS), not code: a name is cut into words at `.`, `_` and `-`,
and two files of one folder pair where their words are the same but one, a data word in the
first and one of its gold words in the second (in any place: the stem's first word, a middle one,
the extension). Plain functions of relative paths; detection (beam_jobs/discover/line_files.py)
reads the files: their line counts must agree, and a data file of tab-separated rows is read as a
table's rows (`SourceLayout.row_labels`), one of plain lines a record a line.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

__all__ = ["GOLD_WORDS", "data_word", "gold_pairs", "gold_twins"]

# (a data file's word, the words its gold file has in its place). A new pairing is a row here.
GOLD_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("gold",)),  # WiC: train.data.txt, train.gold.txt
    ("input", ("gs", "gold")),  # SemEval STS: STS.input.MSRpar.txt, STS.gs.MSRpar.txt
    ("text", ("labels",)),  # SemEval-2018 Task 2: us_train.text, us_train.labels
)
_DATA_WORDS = {data: golds for data, golds in GOLD_WORDS}
_CUT = re.compile(r"([._-])")


def _words(path: str) -> list[str]:
    """The name's words with the separators between them (`train.data.txt` -> train . data . txt)."""
    return _CUT.split(posixpath.basename(path))


def gold_twins(path: str) -> list[str]:
    """The names the gold file of a data file may have, in the order they are looked for.

    >>> gold_twins("train/train.data.txt")
    ['train/train.gold.txt']
    >>> gold_twins("STS.input.MSRpar.txt"), gold_twins("us_train.text")
    (['STS.gs.MSRpar.txt', 'STS.gold.MSRpar.txt'], ['us_train.labels'])
    >>> gold_twins("train.csv")
    []
    """
    words, twins = _words(path), []
    for i in range(0, len(words), 2):  # (the odd places hold the separators)
        for gold in _DATA_WORDS.get(words[i].lower(), ()):
            spelled = gold.upper() if words[i].isupper() else gold.capitalize() if words[i][:1].isupper() else gold
            twins.append(posixpath.join(posixpath.dirname(path), "".join([*words[:i], spelled, *words[i + 1:]])))
    return twins


def data_word(path: str) -> str:
    """The data word a file's name holds (`test.data.txt` -> "data"), or ""."""
    return next((w.lower() for w in _words(path)[::2] if w.lower() in _DATA_WORDS), "")


def gold_pairs(paths: Iterable[str]) -> list[tuple[str, str]]:
    """(data file, gold file) pairs among `paths`, each file in one pair at most.

    >>> gold_pairs(["d/train.data.txt", "d/train.gold.txt", "d/test.data.txt", "README.txt"])
    [('d/train.data.txt', 'd/train.gold.txt')]
    """
    present, found, taken = set(paths), [], set()
    for path in sorted(present):
        twin = next((t for t in gold_twins(path) if t in present and t != path), None)
        if twin is not None and not {path, twin} & taken:
            found.append((path, twin))
            taken |= {path, twin}
    return found
