"""0/1 class columns each beside its annotators' confidence (issue 30's blind round eighteen: the
Unhealthy Comment Corpus' `_unit_id,_trusted_judgments,comment,antagonize,antagonize:confidence,...`,
a Figure Eight export): the run stopped offering one `--label-column` among the eight, and no option
read them together. The confidence columns and the export's bookkeeping are now set aside, and the
0/1 columns read as one multi-label set (`converters/one_hot.py`), as Jigsaw's toxic comments are:

- the case, a crowd export of three attributes, one confidence column all 1 in every row (the
  annotators agreed: still no class);
- a neighbour named `<class>_confidence` beside an `id`;
- twins: a feature column of numbers among them (`age`) keeps the stop, and nothing is written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_ATTRS = ("hostile", "sarcastic", "healthy")
_TEXTS = ("you clearly never read the article before posting", "oh sure, because that always works out so well",
          "thanks for sharing, this was a useful summary", "nobody asked for your opinion on this at all",
          "great point, i had not thought of it that way", "what a surprise, another late train again today",
          "i agree with most of this but not the ending", "this is the worst take i have seen this week")


def _on(i: int) -> set[str]:
    return {"healthy"} if i % 3 == 0 else {_ATTRS[i % 2], *(("sarcastic",) if i % 4 == 1 else ())}


def _table(root: Path, sep: str, lead: tuple[str, ...], extra: tuple[str, ...] = ()) -> dict[str, frozenset]:
    header = [*lead, "comment", *extra, *[c for a in _ATTRS for c in (a, f"{a}{sep}confidence")]]
    lines = [",".join(header)]
    for i, text in enumerate(_TEXTS):
        cells = [str(2319000 + i), *(("3",) if len(lead) > 1 else ()), f"\"{text}\"", *((str(20 + i * 7),) if extra else ())]
        for a in _ATTRS:
            cells += ["1" if a in _on(i) else "0", "1" if a in _on(i) or a == "sarcastic" else f"0.{6 + i % 3}"]
        lines.append(",".join(cells))
    write_file(root / "train.csv", "\n".join(lines) + "\n")
    return {f"train.csv:{i}": frozenset(_on(i)) for i in range(len(_TEXTS))}


@pytest.mark.parametrize(("sep", "lead"), [(":", ("_unit_id", "_trusted_judgments")), ("_", ("id",))], ids=["crowd_export", "id_named"])
def test_class_columns_beside_their_confidence_are_one_multi_label(tmp_path: Path, sep: str, lead: tuple[str, ...]) -> None:
    truth = _table(tmp_path / "src", sep, lead)
    found = {rid: labels for rid, (_, labels) in written_records(convert(tmp_path / "src", tmp_path / "out"))["records"].items()}
    assert found == truth


def test_a_feature_column_among_them_keeps_the_stop(tmp_path: Path) -> None:
    _table(tmp_path / "src", ":", ("_unit_id", "_trusted_judgments"), extra=("age",))
    with pytest.raises(UsageError, match=r"train\.csv"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
