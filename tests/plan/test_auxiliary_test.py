"""`SourceLayout.auxiliary_test()` (perf35): the listing stage asks it of every listed file instead
of `is_auxiliary`, whose kept answers only cost there; it must answer exactly as `is_auxiliary` does."""

from __future__ import annotations

import dataclasses

from shardify.plan import layout
from shardify.plan.structure import infer_structure

INPUTS = [f"{label}/{label}_{i}.txt" for label in ("neg", "pos") for i in range(6)]
OTHERS = ["README.md", "neg/LICENSE", "imdbEr.txt", "pos/notes.json", "kept_aside.txt", "neg/image.jpg"]


def _layout() -> layout.SourceLayout:
    structure, _ = infer_structure(INPUTS)
    found = layout.SourceLayout(layout.TEXT_FOLDERS, "text", structure=structure)
    return dataclasses.replace(found, left_out=("kept_aside.txt",))


def test_the_listing_test_answers_as_is_auxiliary() -> None:
    source = _layout()
    test = source.auxiliary_test()
    answers = {path: test(path) for path in INPUTS + OTHERS}
    assert answers == {path: source.is_auxiliary(path) for path in INPUTS + OTHERS}
    assert not any(answers[path] for path in INPUTS)
    assert answers["README.md"] and answers["imdbEr.txt"] and answers["kept_aside.txt"]
