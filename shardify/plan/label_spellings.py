"""One class spelled two ways among a plan's labels, and `--label-alias`, which says what each spelling is.

Why a module of its own: every label source (a table's column, class folders, a label file) is read right on
its own terms, and only the plan sees every label with its count. A hand-labelled table spells one class two
ways on a row or two: the Roman Urdu Data Set's one `Neative` among thousands of `Negative` (every reader of it
mends the typo), a `positive ` with a trailing space, `Sad` beside `sad`. Written as they stand, the rare spelling
is a class of its own that training tells apart, exit 0 (blind50). The sign is the labels and their counts alone,
dataset-blind: a RARE label (a few records, about 1% of the labelled ones or less) that is a near-spelling of a
FREQUENT one (equal but for case, spaces or punctuation; or, words of 4 letters on, one letter inserted, dropped
or changed, or two beside each other swapped). Real classes that are near-spellings (`cat`/`car`, `mild`/`mile`) are each frequent, so no sign;
numbers and codes (`0`/`1`, `T1`/`T2`, `ABCD`/`ABCE`) never are one. Which spelling is meant the files do not
say, so the plan stops and names the spellings, their counts and the files that gave labels, and the option
that decides: `--label-alias 'RARE=FREQUENT'` writes the rare spelling as the frequent class (and the manifest
records it), `--label-alias 'RARE=RARE'` keeps it a class of its own.

Plain functions of labels and counts; no I/O.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping

from shardify.plan.label_names import normalise_label

__all__ = ["LabelAliases", "decided", "near_pairs", "near_spellings", "parse_label_aliases"]

LabelAliases = tuple[tuple[str, str], ...]  # (spelling, class) pairs, in the order given
# A rare spelling is on at most this many records ...
_FEW = 3
# ... and on at most 1% of the labelled records (at least one record: a small dataset's one typo), while the
# spelling it is close to is on this many times as many records at least.
_PERCENT = 1
_RATIO = 3
# Words shorter than this are compared by case, spaces and punctuation only (`cat`/`car` are two words).
_MIN_EDIT_LETTERS = 4
# All-capital labels this short are codes (`ABCD`, `NEG`): compared by case, spaces and punctuation only.
_MAX_CODE_LETTERS = 5
# Pairs named in the message.
_SHOWN = 5


def parse_label_aliases(text: str | Iterable[str]) -> LabelAliases:
    """`--label-alias` values ('RARE=CLASS', several comma-separated or the option repeated) as (spelling, class)
    pairs; each side normalised as every label is (`label_names.normalise_label`). A value with one '=' whose
    comma-separated parts are not each a pair is one pair of labels that hold commas.

    >>> parse_label_aliases("Neative=Negative, positive =positive")
    (('Neative', 'Negative'), ('positive', 'positive'))
    >>> parse_label_aliases(["a=b", "c=d"])
    (('a', 'b'), ('c', 'd'))
    >>> parse_label_aliases(["cat, domestic=Cat, domestic", "x=y"])
    (('cat, domestic', 'Cat, domestic'), ('x', 'y'))

    Raises:
      ValueError: a value without '=' or with an empty side, or one spelling given two classes.
    """
    values = [text] if isinstance(text, str) else list(text)
    pairs: dict[str, str] = {}
    for value in values:
        items = [part for part in value.split(",") if part.strip()]
        if value.count("=") == 1 and any("=" not in item for item in items):
            items = [value]  # one pair whose labels hold a comma ('cat, domestic=Cat, domestic'): review38
        for item in items:
            spelling, sep, name = item.partition("=")
            spelling, name = normalise_label(spelling), normalise_label(name)
            if not sep or not spelling or not name:
                raise ValueError(f"--label-alias {item.strip()!r}: write SPELLING=CLASS (e.g. 'Neative=Negative')")
            if pairs.get(spelling, name) != name:
                raise ValueError(f"--label-alias gives {spelling!r} two classes: {pairs[spelling]!r} and {name!r}")
            pairs[spelling] = name
    return tuple(pairs.items())


def decided(aliases: LabelAliases) -> frozenset[str]:
    """The spellings `--label-alias` decided (either side of a pair): no sign, whatever their counts."""
    return frozenset(side for pair in aliases for side in pair)


def _folded(label: str) -> str:
    """`label` without case, spaces or punctuation: `Positive ` and `positive.` are one word."""
    return "".join(c for c in label.casefold() if c.isalnum())


def _is_code(label: str) -> bool:
    """A number or a code (`0`, `T1`, `B-PER`, `ABCD`): never compared but by case, spaces and punctuation."""
    letters = [c for c in label if c.isalpha()]
    return any(c.isdigit() for c in label) or not letters or (len(letters) <= _MAX_CODE_LETTERS and label.isupper())


def _deletions(word: str) -> set[str]:
    """`word` and each word one letter shorter: two words one edit apart share one of these (an insertion,
    a deletion or a change of one letter), found by lookup, not by comparing every pair of labels."""
    return {word, *(word[:i] + word[i + 1 :] for i in range(len(word)))}


def _close(rare: str, frequent: str) -> bool:
    """Whether `rare` is `frequent` spelled otherwise: equal folded; or, neither a code and both of 4 letters
    on, one letter apart (`_deletions` found them; checked here as one edit, not two deletions)."""
    a, b = _folded(rare), _folded(frequent)
    if a == b:
        return bool(a)
    if _is_code(rare) or _is_code(frequent) or min(len(a), len(b)) < _MIN_EDIT_LETTERS or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):  # one letter changed, or two beside each other swapped (`dasiy` for `daisy`)
        apart = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        return len(apart) == 1 or (
            len(apart) == 2 and apart[1] == apart[0] + 1 and a[apart[0]] == b[apart[1]] and a[apart[1]] == b[apart[0]]
        )
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def near_pairs(totals: Mapping[str, int], aliases: LabelAliases = ()) -> list[tuple[str, int, str, int]]:
    """(rare, its records, frequent, its records) for each rare label that is a near-spelling of a frequent one.

    >>> near_pairs({"Negative": 300, "Neative": 1, "Positive": 280})
    [('Neative', 1, 'Negative', 300)]
    >>> near_pairs({"cat": 40, "car": 38}), near_pairs({"0": 500, "1": 1}), near_pairs({"T1": 90, "T2": 1})
    ([], [], [])
    >>> near_pairs({"sad": 400, "Sad": 2}), near_pairs({"Neative": 1, "Negative": 300}, (("Neative", "Neative"),))
    ([('Sad', 2, 'sad', 400)], [])
    """
    labelled = sum(totals.values())
    limit = min(_FEW, max(1, labelled * _PERCENT // 100))
    skip = decided(aliases)
    rare_by_key: dict[str, list[str]] = {}  # (the rare labels are few: indexed, the rest looked up in them)
    for rare, count in totals.items():
        if rare not in skip and 0 < count <= limit:
            for key in _deletions(_folded(rare)):
                rare_by_key.setdefault(key, []).append(rare)
    if not rare_by_key:
        return []
    near: dict[str, set[str]] = {}
    for label, count in totals.items():
        if label not in skip and count > 0:
            for key in _deletions(_folded(label)):
                for rare in rare_by_key.get(key, ()):
                    near.setdefault(rare, set()).add(label)
    pairs = []
    for rare, labels in sorted(near.items()):
        count = totals[rare]
        matches = sorted(
            (label for label in labels if label != rare and totals[label] >= _RATIO * count and _close(rare, label)),
            key=lambda label: (-totals[label], label),
        )
        if matches:
            pairs.append((rare, count, matches[0], totals[matches[0]]))
    return pairs


def near_spellings(totals: Mapping[str, int], sources: Iterable[str] = (), aliases: LabelAliases = ()) -> str:
    """The refusal where a rare label is a near-spelling of a frequent one, or "". `totals`: each label's
    records over every split; `sources`: the files the labels were read from, as plans show them.

    >>> near_spellings({"Negative": 300, "Neative": 1, "Positive": 280}, ["Roman Urdu DataSet.csv"])[:60]
    "label 'Neative' (1 record) is 'Negative' (300 records) spell"
    >>> near_spellings({"cat": 40, "car": 38, "dog": 50})
    ''
    """
    pairs = near_pairs(totals, aliases)
    if not pairs:
        return ""
    shown = "; ".join(
        f"label {rare!r} ({count} record{'s' * (count != 1)}) is {frequent!r} ({many} records) spelled otherwise"
        for rare, count, frequent, many in pairs[:_SHOWN]
    )
    more = f" and {len(pairs) - _SHOWN} more" if len(pairs) > _SHOWN else ""
    files = sorted(set(sources))
    read = f" (labels read from {', '.join(files[:_SHOWN])})" if files else ""
    merge = _option([(rare, frequent) for rare, _, frequent, _ in pairs])
    keep = _option([(rare, rare) for rare, _, _, _ in pairs])
    return (
        f"{shown}{more}{read}: written as they stand, one class would be two that training tells apart; "
        f"{merge} writes each rare spelling as the class it is close to, or {keep} keeps each a class of its own"
    )


def _option(pairs: list[tuple[str, str]]) -> str:
    """`--label-alias` for `pairs` as a shell reads it back: one option for all, or one a pair where a label holds
    a comma; quoted for the shell where a label holds a quote (review38: `Crohn's` and `cat, domestic` were
    suggested in options that could not be given).

    >>> _option([("a", "b"), ("c", "d")]), _option([("x, y", "X, y"), ("a", "b")])
    ("--label-alias 'a=b,c=d'", "--label-alias 'x, y=X, y' --label-alias 'a=b'")
    >>> shlex.split(_option([("Crohns", "Crohn's")]))
    ['--label-alias', "Crohns=Crohn's"]
    """
    values = [f"{a}={b}" for a, b in pairs]
    if not any("," in value for value in values):
        values = [",".join(values)]
    return " ".join(f"--label-alias {_quoted(value)}" for value in values)


def _quoted(value: str) -> str:
    return shlex.quote(value) if "'" in value else f"'{value}'"
