"""COCO-style files whose annotations carry one category per level of a hierarchy: several category
lists `categories_1`, `categories_2`, ... and, on each annotation, `category_id_1`, `category_id_2`, ...

DENTEX's `train_quadrant_enumeration_disease.json` gives each tooth box a quadrant (`categories_1`), a
tooth number (`categories_2`) and a diagnosis (`categories_3`), and no plain `categories` at all. Read as
COCO, no annotation had a `category_id`: every X-ray was written unlabelled, with exit 0. Which level is
the class is the user's to say (the challenge's task is the diagnosis; a tooth-numbering model wants the
second level): `--label-column categories_3` (or `category_id_3`, the annotations' own key) chooses it.
A file with such lists and no choice is refused naming each list and its first names. A file of the
plain `categories` alone is read as before, whatever `--label-column` says (a table's option).

Plain functions of parsed JSON, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from shardify.errors import InvalidInputError

__all__ = ["PLAIN", "category_lists", "chosen_level", "level_named", "levels_said"]

# COCO's own list and the key each annotation names an entry of it by.
PLAIN = ("categories", "category_id")
# A level's list: `categories_<suffix>`; its annotations' key: `category_id_<suffix>`.
_LEVEL_LIST = re.compile(r"^categories_(\w{1,32})$")
_LEVEL_KEY = re.compile(r"^category_id_(\w{1,32})$")
# Names of a list shown in a refusal.
_SHOWN_NAMES = 4


def category_lists(document: Mapping[str, object]) -> dict[str, str]:
    """{list name: the annotations' key naming its ids} of the levels' lists the document holds
    (`categories_<s>` with `category_id_<s>`), in the document's order; {} where it holds none. A
    `categories_<s>` field is a level's where it holds a list or an annotation names its ids (then a
    list of another type is the file's fault, said when that level is read); else it is other data.

    >>> category_lists({"images": [], "categories_1": [], "categories_3": [], "categories": []})
    {'categories_1': 'category_id_1', 'categories_3': 'category_id_3'}
    >>> category_lists({"categories": [], "categories_count": 3}), category_lists({"categories_2": "x", "annotations": [{"category_id_2": 1}]})
    ({}, {'categories_2': 'category_id_2'})
    """
    annotations = document.get("annotations")
    named = {key for a in annotations if isinstance(a, dict) for key in a} if isinstance(annotations, list) else set()
    return {
        key: f"category_id_{found.group(1)}"
        for key in document
        if (found := _LEVEL_LIST.match(key)) and (isinstance(document[key], list) or f"category_id_{found.group(1)}" in named)
    }


def chosen_level(document: Mapping[str, object], label_column: str) -> tuple[str, str]:
    """(the category list read, the annotations' key naming its ids): COCO's own (`PLAIN`) where the
    document holds no levels' lists; else the list `label_column` names (`categories_3`, or its
    annotations' key `category_id_3`), or the one list where it holds one and no plain `categories`.

    >>> doc = {"categories_1": [{"id": 0, "name": "1"}], "categories_2": [{"id": 0, "name": "Caries"}]}
    >>> chosen_level(doc, "category_id_2"), chosen_level({"categories": []}, "x")
    (('categories_2', 'category_id_2'), ('categories', 'category_id'))

    Raises:
      InvalidInputError: levels' lists and no `label_column` naming one of them (the message names each).
    """
    levels = category_lists(document)
    if not levels:
        return PLAIN
    wanted = label_column.strip()
    by_key = _LEVEL_KEY.match(wanted)
    if by_key:
        wanted = f"categories_{by_key.group(1)}"
    if wanted in levels:
        return wanted, levels[wanted]
    if wanted == PLAIN[0] and isinstance(document.get(PLAIN[0]), list):
        return PLAIN
    if len(levels) == 1 and not wanted and not isinstance(document.get(PLAIN[0]), list):
        return next(iter(levels.items()))  # (one list of classes, whatever its name: nothing to choose)
    asked = f"--label-column {label_column!r} names none of them: " if label_column else ""
    choices = [repr(name) for name in levels] + ([repr(PLAIN[0])] if isinstance(document.get(PLAIN[0]), list) else [])
    either = " or ".join([", ".join(choices[:-1]), choices[-1]] if len(choices) > 1 else choices)
    raise InvalidInputError(f"{levels_said(document)}: {asked}choose the level that is the class with --label-column {either}")


def levels_said(document: Mapping[str, object]) -> str:
    """What the document's levels' lists hold, for a refusal: each list, its size and first names.

    >>> levels_said({"categories_1": [{"id": 0, "name": "1"}], "categories_2": [{"id": 0, "name": "Caries"}]})
    "its annotations carry one category per level, from 2 category lists (categories_1: 1 name, '1'; categories_2: 1 name, 'Caries')"
    """
    levels = category_lists(document)
    shown = []
    for name in levels:
        entries = document.get(name)
        names = (
            [e["name"] for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)]
            if isinstance(entries, list)
            else []
        )
        first = ", ".join(repr(n) for n in names[:_SHOWN_NAMES]) + (", ..." if len(names) > _SHOWN_NAMES else "")
        count = f"{len(names)} name{'s' if len(names) != 1 else ''}"
        shown.append(f"{name}: {count}, {first}" if names else f"{name}: no names")
    plain = " beside the plain 'categories'" if isinstance(document.get(PLAIN[0]), list) else ""
    return f"its annotations carry one category per level, from {len(levels)} category lists{plain} ({'; '.join(shown)})"


def level_named(label_column: str) -> str:
    """The level's list `label_column` names (`categories_3`, or `category_id_3`), or "": for reading that list's
    full declared order (`class_lists`) without parsing the file.

    >>> level_named("category_id_3"), level_named("categories_2"), level_named("label"), level_named("categories")
    ('categories_3', 'categories_2', '', '')
    """
    wanted = label_column.strip()
    if by_key := _LEVEL_KEY.match(wanted):
        return f"categories_{by_key.group(1)}"
    return wanted if _LEVEL_LIST.match(wanted) else ""
