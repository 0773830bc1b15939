"""Kinds that wrote wrong or meaningless labels with exit 0 (hostile and unseen round six), each
tested on an unnamed neighbour and a twin that must stay as it was:

- a label file (`--labels`, or `labels.csv` at the top) whose label column holds class numbers, some cells of which are none
  (`NaN`, `-3`, `1.5`): each was a class of its own; now each rejects its input naming the cell;
  a label column of names (one of them `nan`) keeps every name as a class;

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

from helpers.one_place import Reject, one_place_each
from helpers.sources import convert, image_bytes


def _write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def _labelled(root: Path, labels: list[str]) -> None:
    """`photos/p<i>.png` and a top-level `annotations.tsv` (`file<TAB>category`) labelling each."""
    rows = ["file\tcategory"]
    for i, label in enumerate(labels):
        _write(root / f"photos/p{i:03d}.png", image_bytes(fmt="PNG", seed=i))
        rows.append(f"p{i:03d}.png\t{label}")
    _write(root / "annotations.tsv", "\n".join(rows) + "\n")


def test_a_label_files_class_number_cells_that_are_none_reject_their_inputs(tmp_path: Path) -> None:
    labels = [str(i % 4) for i in range(10)] + ["NaN", "-3", "1.5"]
    _labelled(tmp_path / "src", labels)
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/annotations.tsv"))
    expected: dict[str, object] = {f"photos/p{i:03d}.png": ("train", (str(i % 4),)) for i in range(10)}
    for n, cell in enumerate(labels[10:]):
        expected[f"photos/p{10 + n:03d}.png#{12 + n}"] = Reject(repr(cell))
    one_place_each(expected, out)


def test_a_label_files_names_stay_classes_whatever_they_read(tmp_path: Path) -> None:
    labels = ["cat", "dog", "nan", "cat", "dog", "nan", "-1", "bird"]
    _labelled(tmp_path / "src", labels)
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/annotations.tsv"))
    one_place_each({f"photos/p{i:03d}.png": ("train", (label,)) for i, label in enumerate(labels)}, out)
