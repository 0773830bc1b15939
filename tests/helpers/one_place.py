"""Test helper: hold every input a hostile test built to exactly one record or one reject.

The hostile rounds count inputs from the files they wrote (never from the manifest) and check
each ends in one place: a record holding the split and labels expected, or the rejects report
with a reason holding the word expected.
"""

from __future__ import annotations

from pathlib import Path

from helpers.shard_io import read_report, read_shard
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

__all__ = ["Reject", "one_place_each", "records", "rejects"]


def _labels(value: object) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    return tuple(sorted(v.decode() for v in values if v))


def records(out: Path) -> dict[str, tuple[str, tuple[str, ...], str]]:
    """{text source (`file#line`) or image path: (split, sorted label names, text)} of every record."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                if contract.TEXT_SOURCE in record:
                    key, labels = record[contract.TEXT_SOURCE].decode(), record.get(contract.TEXT_LABEL_TEXT, [])
                    text = record[contract.TEXT]
                    text = (text[0] if isinstance(text, list) else text).decode()
                else:
                    key, labels, text = record[contract.IMAGE_FILENAME].decode(), record.get(contract.LABEL_TEXT, []), ""
                assert key not in found, f"{key} written twice"
                found[key] = (split, _labels(labels), text)
    return found


def rejects(out: Path) -> dict[str, str]:
    """{path, or path#row: reason}, each once."""
    found: dict[str, str] = {}
    for line in read_report(out, naming.REJECTS_FILENAME):
        key = f"{line['path']}#{line['row']}" if line.get("row") else line["path"]
        assert key not in found, f"{key} rejected twice"
        found[key] = line["reason"]
    return found


def one_place_each(expected: dict[str, object], out: Path, ignored: set[str] = frozenset()) -> dict:
    """Every input of `expected` ({input: what its record holds, or `Reject('word')`}) is in exactly
    one record (holding that) or one reject saying why; nothing else is (but `ignored`)."""
    written, rejected = records(out), rejects(out)
    rejected = {k: v for k, v in rejected.items() if k not in ignored}
    assert not set(written) & set(rejected), set(written) & set(rejected)
    assert set(written) | set(rejected) == set(expected), (
        sorted(set(expected) - set(written) - set(rejected)), sorted((set(written) | set(rejected)) - set(expected)))
    for key, want in expected.items():
        if isinstance(want, Reject):
            assert key in rejected and want.word in rejected[key], (key, want.word, rejected.get(key), written.get(key))
        else:
            assert key in written and written[key][:2] == want, (key, want, written.get(key), rejected.get(key))
    return written


class Reject:
    """An input expected in the rejects report, its reason holding `word`."""

    def __init__(self, word: str) -> None:
        self.word = word

    def __repr__(self) -> str:
        return f"Reject({self.word!r})"
