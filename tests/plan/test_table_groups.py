"""Which tables are read together as one label table (`shardify.plan.table_groups`), on first lines alone."""

from __future__ import annotations

import pytest

from shardify.errors import UsageError
from shardify.plan.table_groups import check_given, find_group

_SEEN = {"a_1.jpg", "a_2.jpg", "b_1.jpg", "b_2.jpg"}


def _names(keys) -> bool:
    return any(k in _SEEN for k in keys)


def _strays(keys) -> set[str]:
    return {k for k in keys if k not in _SEEN}


def _heads(**tables: list[str]) -> dict[str, list[str]]:
    return {f"Labels/{name}.csv": ["image,x,y", *rows] for name, rows in tables.items()}


def test_tables_of_one_shape_are_one_group_keyed_by_content() -> None:
    found = find_group(_heads(a=["a_1.jpg,1,0", "a_2.jpg,0,1"], b=["b_1.jpg,1,1", "b_2.jpg,0,1"]), _names, _strays)
    assert (found.pattern, found.key, found.classes) == ("Labels/*.csv", "image", ("x", "y"))


def test_a_table_whose_images_the_partial_sample_missed_still_belongs() -> None:
    heads = _heads(a=["a_1.jpg,1,0", "a_2.jpg,0,1"], b=["b_1.jpg,1,1", "b_2.jpg,0,1"], c=["c_1.jpg,1,0", "c_2.jpg,1,1"])
    assert find_group(heads, _names, None).files == ("Labels/a.csv", "Labels/b.csv", "Labels/c.csv")
    with pytest.raises(UsageError, match="Labels/c.csv names the inputs in no one column"):
        find_group(heads, _names, _strays)  # the whole source seen: c's keys name nothing


def test_tables_named_for_splits_or_alone_are_no_group() -> None:
    assert find_group(_heads(train=["a_1.jpg,1,0", "a_2.jpg,0,1"], val=["b_1.jpg,1,1", "b_2.jpg,0,1"]), _names, _strays) is None
    assert find_group(_heads(a=["a_1.jpg,1,0", "a_2.jpg,0,1"]), _names, _strays) is None


def test_two_folders_of_such_tables_stop() -> None:
    heads = {**_heads(a=["a_1.jpg,1,0"], b=["b_1.jpg,1,1"]), "Other/a.csv": ["image,x,y", "a_2.jpg,1,0"],
             "Other/b.csv": ["image,x,y", "b_2.jpg,0,1"]}
    with pytest.raises(UsageError, match="Labels/\\*.csv and Other/\\*.csv"):
        find_group(heads, _names, _strays)


def test_check_given_names_the_table_of_another_header() -> None:
    with pytest.raises(UsageError, match="L/b.csv has the columns"):
        check_given("L/*.csv", {"L/a.csv": ["image,a,b", "x.jpg,1,0"], "L/b.csv": ["image,a,c", "y.jpg,1,0"]})
    check_given("L/*.csv", {"L/a.csv": ["image,a,b", "x.jpg,1,0"], "L/b.csv": ["image,a,b", "y.jpg,0,1"]})
