"""Review of session nineteen's detection rules: each test here failed before its mend.

`--labels GLOB` on a local source is matched by `local_globs` (no backtracking), on an object store
by Beam's `FileSystems.match`: the two must name the same files for one glob, so the local reading
is checked against Beam's own matcher on one tree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import local_globs
from shardify.plan import beam_globs

_TREE = ("top.csv", ".hidden.csv", "a1.csv", "b1.csv", "]x.csv", "sub/a.csv", "sub/deep/b.csv", "sub/.d.csv",
         "sub/deep/c.txt", "a/b.csv", "axb.csv", "s[1].csv", "s1.csv")

_PATTERNS = ("**/*.csv", "*.csv", "[!a]*.csv", "[]]*.csv", ".*.csv", "*/*.csv", "**.csv", "a?b.csv", "sub/",
             "sub/**", "s[1].csv", "[a", "*/deep/*", "**/.*", "[!]]*.csv", "?[0-9].csv", "sub**/*.csv")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("globs")
    for name in _TREE:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x\n")
    return root


@pytest.mark.parametrize("pattern", _PATTERNS)
def test_a_local_labels_glob_names_the_files_beam_names(tree: Path, pattern: str) -> None:
    full = f"{tree}/{pattern}"
    beams = sorted(m.path for result in FileSystems.match([full]) for m in result.metadata_list)
    assert local_globs.local_matches(full) == beams, pattern


def test_a_double_star_folder_needs_one_folder(tree: Path) -> None:
    found = local_globs.local_matches(f"{tree}/**/*.csv")
    assert f"{tree}/top.csv" not in found and f"{tree}/sub/a.csv" in found, found


def test_a_pattern_of_no_glob_character_names_itself_or_nothing(tree: Path) -> None:
    assert local_globs.local_matches(f"{tree}/top.csv") == [f"{tree}/top.csv"]
    assert local_globs.local_matches(f"{tree}/none.csv") == []
    assert local_globs.local_matches(f"{tree}/sub") == []


def test_many_stars_are_matched_without_backtracking() -> None:
    # 200 stars against a 60-character name: Beam's regular expression does not end in minutes.
    assert not beam_globs.beam_glob_match("*" * 200 + ".csv", "a" * 60 + ".csv.x")
    assert beam_globs.beam_glob_match("**" * 100 + ".csv", "a/" * 30 + ".csv")
