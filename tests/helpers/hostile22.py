"""Test helper for hostile round twenty-two: a small image table to turn hostile (`images/<i>.png`
beside `labels.csv`), and one judgement for every case: the run stops naming what decides (a file,
a key, an option), or it finishes with each listed input written with exactly its labels, the others
rejected or left unlabelled; never a traceback, never a wrong label with exit 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from helpers.fifteen import finished, refused, run
from helpers.shipped import _image_bytes

__all__ = ["CLASSES", "LAYOUT", "TRUTH", "image_table", "right_or_stopped"]

CLASSES = ("cat", "dog", "cat", "dog", "cat", "dog", "cat", "dog")

# A hand-written layout file reading `image_table` with every label-table key (docs/layout-files.md).
LAYOUT = """shardify_layout: 1
layout: label_file
media: image
labels_file: labels.csv
label_key: under
key_column: image
key_folder: images
options:
  label_column: label
"""


def image_table(root: Path, rows: list[str] | None = None, head: str = "image,label", *, text: str | None = None,
                images: int = len(CLASSES)) -> Path:
    """`images/0.png` .. and `labels.csv`: `head` and `rows` (default: `<i>.png,<CLASSES[i]>`),
    or its whole `text`."""
    (root / "images").mkdir(parents=True, exist_ok=True)
    for i in range(images):
        (root / "images" / f"{i}.png").write_bytes(_image_bytes(str(i), 16, 12, "PNG"))
    if text is None:
        rows = [f"{i}.png,{label}" for i, label in enumerate(CLASSES)] if rows is None else rows
        text = "\n".join([head, *rows]) + "\n"
    (root / "labels.csv").write_text(text, encoding="utf-8") if isinstance(text, str) else (root / "labels.csv").write_bytes(text)
    return root


def right_or_stopped(src: Path, out: Path, want: Mapping[str, frozenset | None], *options: str,
                     named: tuple[str, ...] = ("labels.csv",)) -> tuple[dict, dict] | str:
    """The run stops naming each of `named`, or finishes with every input of `want` ({image file
    name: its labels, None for a reject or no label}) written as it says (None: rejected or
    unlabelled), and no other input labelled. The stop's message, or (records, rejects)."""
    result = run(src, out, *options)
    if result.returncode != 0:
        return refused(result, *named)
    written, rejected = finished(result, out)
    by_name = {key.rsplit("/", 1)[-1]: (labels, key) for key, (_, labels, _) in written.items()}
    for name, labels in want.items():
        got = by_name.get(name, (None,))[0]
        got = frozenset(got) or None if got is not None else None
        assert got == labels, (name, got, labels, written, rejected)
    assert not {n: v for n, (v, _) in by_name.items() if n not in want and v}, written
    return written, rejected


TRUTH = {f"{i}.png": frozenset({label}) for i, label in enumerate(CLASSES)}
