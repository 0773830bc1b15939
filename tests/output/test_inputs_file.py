"""The version's inputs file, written a chunk at a time, holds what `json.dumps` of each input would."""

from __future__ import annotations

import hashlib
import json
import pickle
import random

from shardify.format import inputs_file
from shardify.format.inputs_file import HeldInput
from shardify.plan.batches import Batch

# Names a source folder can hold that JSON must escape or that are not ASCII.
_AWKWARD = ['quote"d.txt', "back\\slash.txt", "tab\there.txt", "ünï/ço∂e.txt", "emoji 🐈.txt", "new\nline.txt", "ctl\x01.txt", "a/b/c.txt"]


def _held(count: int) -> list[HeldInput]:
    rng = random.Random(3)
    names = [f"{rng.choice(_AWKWARD)}.{i}" for i in range(count)]
    rng.shuffle(names)
    return [
        HeldInput(name, rng.randint(0, 2**40), rng.randint(0, 2**63), hashlib.sha256(name.encode()).hexdigest(), "0" * 64, rng.choice(["train", "té\"st"]))
        for name in names
    ]


def test_inputs_file_is_json_lines_by_path_across_chunks() -> None:
    held = _held(inputs_file.INPUTS_CHUNK_LINES * 2 + 17)  # three chunks, the last a short one
    expected = "".join(json.dumps(h.to_json(), ensure_ascii=False) + "\n" for h in sorted(held, key=lambda h: h.path))
    chunks = list(inputs_file.inputs_chunks(iter(held)))
    assert len(chunks) == 3
    assert b"".join(chunks) == expected.encode("utf-8")
    assert inputs_file.inputs_text(held) == expected
    lines = b"".join(chunks).splitlines(keepends=True)
    assert list(inputs_file.parse_inputs(lines, "inputs-v00001.jsonl", 1)) == sorted(held, key=lambda h: h.path)


def test_no_inputs_no_bytes() -> None:
    assert list(inputs_file.inputs_chunks([])) == []
    assert inputs_file.inputs_text([]) == ""


def test_a_held_input_built_for_speed_is_the_same_input() -> None:
    fields = ("a/b.txt", 216, 17, "a" * 64, "b" * 64, "train", 2)
    fast, plain = HeldInput.of(*fields), HeldInput(*fields)
    assert fast == plain and hash(fast) == hash(plain) and vars(fast) == vars(plain)
    assert pickle.loads(pickle.dumps(Batch([fast, fast]))) == [plain, plain]  # as columns, as the writer sends them
