"""Hostile input, sixteenth round: the kinds round fifteen taught detection, fed cells they were not
built for.

A per-split multi-hot table (ISIC 2018's, `split_multi_hot`) with a cell of NaN, 2 or -1, an id given
twice, a table in CR line ends; sentence pairs whose second column nests a thousand deep
(`nested_pairs`); `--labels` naming a split's list whose twin is a link out of SRC
(`label_file_twins`). Every input ends in one record or one reject, or the run stops naming the
file or the option; never a traceback, never a class invented from a cell.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.sources import image_bytes, write_file

_ISIC = ["MEL", "NV", "BCC", "AKIEC", "BKL", "DF", "VASC"]


def _isic(root: Path, odd: str = "", end: str = "\n") -> dict[str, str]:
    truth = {}
    for split, name, start, n in (("train", "Training", 24306, 6), ("validation", "Validation", 34321, 3)):
        lines = ["image," + ",".join(_ISIC)]
        for i in range(n):
            stem, cls = f"ISIC_{start + i:07d}", _ISIC[(i * 3 + start) % 7]
            write_file(root / f"ISIC2018_Task3_{name}_Input" / f"{stem}.jpg", image_bytes(seed=i + n))
            cells = ["1.0" if c == cls else "0.0" for c in _ISIC]
            if split == "train" and i == 2 and odd in ("nan", "2.0", "-1.0"):
                cells[_ISIC.index(cls)] = odd
            lines.append(stem + "," + ",".join(cells))
            truth[f"ISIC2018_Task3_{name}_Input/{stem}.jpg"] = cls
        if split == "train" and odd == "id twice":
            lines.append(lines[1].replace("1.0", "0.0").replace("0.0", "1.0", 1))
        write_file(root / f"ISIC2018_Task3_{name}_GroundTruth" / f"ISIC2018_Task3_{name}_GroundTruth.csv", end.join(lines) + end)
    return truth


@pytest.mark.parametrize("odd,end", [("", "\r"), ("nan", "\n"), ("2.0", "\n"), ("-1.0", "\n"), ("id twice", "\n")],
                         ids=["CR line ends", "a NaN cell", "a cell of 2", "a cell of -1", "an id twice"])
def test_a_per_split_multi_hot_table_with_an_odd_cell_invents_no_class(tmp_path: Path, odd: str, end: str) -> None:
    truth = _isic(tmp_path / "src", odd, end)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(truth) <= set(written) | set(rejected), (sorted(written), rejected)
    for image, cls in truth.items():
        got = written.get(image)
        assert got is None or not got[1] or set(got[1]) <= {cls} | set(_ISIC), (image, got)
        assert got is None or got[1] in ((cls,), ()) or image.endswith("24306.jpg") and odd == "id twice", (image, got, cls)


def test_a_pair_column_nested_a_thousand_deep_is_no_traceback(tmp_path: Path) -> None:
    deep = "[" * 1000 + '"x"' + "]" * 1000
    rows = [json.dumps({"question": f"What is item {i} made of?", "context": [["title", [f"Item {i} is made of wood."]]]})
            for i in range(8)]
    rows[3] = '{"question": "What is deep?", "context": ' + deep + "}"
    write_file(tmp_path / "src" / "train.jsonl", "\n".join(rows) + "\n")
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert len([k for k in (*written, *rejected) if k.startswith("train.jsonl")]) in (8, 1), (written, rejected)


def test_labels_naming_one_split_whose_twin_links_out_of_src_reads_nothing_outside(tmp_path: Path) -> None:
    root = tmp_path / "src"
    secret = write_file(tmp_path / "outside" / "secret-labels-test.txt", "".join(f"{i}.jpg secret\n" for i in range(6)))
    for i in range(6):
        write_file(root / "covers" / f"{i}.jpg", image_bytes(seed=i))
    write_file(root / "bookcover30-labels-train.txt", "".join(f"{i}.jpg {('art', 'law')[i % 2]}\n" for i in range(4)))
    os.symlink(secret, root / "bookcover30-labels-test.txt")
    result = run(root, tmp_path / "out", "--labels", str(root / "bookcover30-labels-train.txt"))
    if result.returncode:
        refused(result)
        return
    written, rejected = finished(result, tmp_path / "out")
    assert not any("secret" in labels for _, labels, _ in written.values()), written
