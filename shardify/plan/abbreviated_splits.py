"""Split words some downloads abbreviate (`TR`, `TE`, `VA`), read as splits only where their
siblings show them to be: sibling folders differing in that word alone (DUTS's `DUTS-TR/`,
`DUTS-TE/`), or a list named by one beside a list named by a whole split word (Vireo Food-172's
`TR.txt`, `TE.txt` beside `VAL.txt`).

Its own module because alone an abbreviation names nothing (`te` is a word of many languages):
these readings ask a name's siblings, where `folder_names.split_word` reads a name by itself.
Plain functions of names, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from shardify.plan.folder_names import ABBREVIATED_SPLITS, split_word

__all__ = ["abbreviated_list_split", "abbreviated_splits"]


def abbreviated_splits(names: Iterable[str]) -> dict[str, str]:
    """The folders read as splits (folder -> split) where sibling names differ in one word alone,
    an abbreviated split word in each (`ABBREVIATED_SPLITS`), train among them; else {}.

    >>> abbreviated_splits(["DUTS-TR", "DUTS-TE"]), abbreviated_splits(["set_trn", "set_tst", "set_va"])
    ({'DUTS-TE': 'test', 'DUTS-TR': 'train'}, {'set_trn': 'train', 'set_tst': 'test', 'set_va': 'validation'})
    >>> abbreviated_splits(["CAT-TR", "DOG-TE"]), abbreviated_splits(["tr", "te"]), abbreviated_splits(["A-TE", "B-TE"])
    ({}, {}, {})

    (Bare `tr/`, `te/` are as likely languages' folders, Turkish and Telugu: a shared word is asked.)
    """
    split = {name: re.split(r"([_\-. ]+)", name) for name in sorted(names)}
    if len(split) < 2 or len({len(words) for words in split.values()}) != 1 or len(next(iter(split.values()))) < 3:
        return {}
    differ = {i for i in range(len(next(iter(split.values())))) if len({words[i] for words in split.values()}) > 1}
    if len(differ) != 1:
        return {}
    at = differ.pop()
    found = {name: ABBREVIATED_SPLITS.get(words[at].lower()) for name, words in split.items()}
    named = list(found.values())
    if None in named or len(set(named)) != len(named) or "train" not in named:
        return {}
    return {name: found[name] for name in sorted(found)}  # type: ignore[misc]


def abbreviated_list_split(stem: str, siblings: Iterable[str]) -> str | None:
    """The split a list's name gives where the name is an abbreviated split word alone (`TR`, `TE`) and
    a sibling list of its folder is named by a whole split word of another split (Vireo Food-172's
    SplitAndIngreLabel/TR.txt and TE.txt beside VAL.txt): the sibling says the names are a family of
    split lists. Alone, `tr` and `te` name nothing (languages: `abbreviated_splits`); None then.

    >>> abbreviated_list_split("TR", ["VAL", "TE", "FoodList"]), abbreviated_list_split("TE", ["VAL"])
    ('train', 'test')
    >>> abbreviated_list_split("TR", ["TE"]), abbreviated_list_split("tr", ["train"]), abbreviated_list_split("val", ["TR"])
    (None, None, None)
    """
    split = ABBREVIATED_SPLITS.get(stem.lower())
    if split is None:
        return None
    whole = {_SAME_SPLITS.get(word, word) for word in (split_word(s) for s in siblings) if word}
    return split if whole and _SAME_SPLITS.get(split, split) not in whole else None


# Split words that name one split (`val` and `validation`), for comparing what two names give.
_SAME_SPLITS = {"val": "validation", "valid": "validation", "dev": "validation"}
