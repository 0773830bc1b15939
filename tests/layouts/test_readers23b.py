"""Derived files (face crops, thumbnails) named as a label table's key plus a suffix
(`shardify.plan.derived_names`), on neighbours no blind batch names, and their hostile twins:

- APPA-REAL's kind (blind22's appa_real is the dataset itself): per-split tables keyed by the
  original's name (`0007.jpg`), each photograph beside its crop `0007.jpg_face.jpg`: the crops named
  no row and the conversion stopped over --max-rejects; now each crop is a record of its
  original's split with its original's label, and the plan says so and names the `--exclude`;
- one table keyed by stems, thumbnails `<stem>_thumb.png` beside the photographs: the same;
- hostile twins: numbered siblings (`a_1.jpg` beside `a.jpg`) are other photographs, not crops,
  and stay rejects; two suffixes at once (`_face.jpg` and `_thumb.jpg`) are no pattern;
- the stop before any option names `--label-column` beside `--labels` where tables lie unread.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan.derived_names import derived_rule

_SPLITS = (("train", 4), ("valid", 2), ("test", 2))


def _faces(root: Path) -> dict[str, tuple[str, str]]:
    """people/<split>/<n>.jpg and <n>.jpg_face.jpg, gt_<split>.csv keyed by the original's name with a
    score, an age and a rater count; returns {relpath: (split, age)} for both files."""
    truth, n = {}, 0
    for split, count in _SPLITS:
        lines = ["file_name,votes,mean_guess,age"]
        for _ in range(count):
            name, age = f"{n:04d}.jpg", str(20 + 7 * n)
            lines.append(f"{name},{30 + n},{20 + 7 * n + 0.25:.2f},{age}")
            for path in (f"people/{split}/{name}", f"people/{split}/{name}_face.jpg"):
                write_file(root / path, image_bytes(seed=len(truth)))
                truth[path] = ("validation" if split == "valid" else split, age)  # (the split written as named)
            n += 1
        write_file(root / f"people/gt_{split}.csv", "\n".join(lines) + "\n")
    return truth


def _records(out: Path) -> dict[str, tuple[str, str | None]]:
    got = written_records(out)["records"]
    return {path: (split, labels if labels is None else ",".join(sorted(labels)) if not isinstance(labels, str) else labels)
            for path, (split, labels) in got.items()}


@pytest.fixture(scope="module")
def faces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("faces") / "src"
    return root, _faces(root)


def test_crops_take_their_originals_row_and_split(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, truth = faces
    out = convert(root, tmp_path / "out", labels_file="people/gt_*.csv", label_column="age", max_rejects="0")
    assert _records(out) == truth
    assert not (out / "rejected.jsonl").exists() or not (out / "rejected.jsonl").read_text().strip()


def test_the_exclude_the_plan_names_leaves_the_crops_out(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, truth = faces
    out = convert(root, tmp_path / "out", labels_file="people/gt_*.csv", label_column="age", exclude=("**/*_face.jpg",))
    assert _records(out) == {p: v for p, v in truth.items() if not p.endswith("_face.jpg")}


def test_the_first_stop_names_labels_and_label_column(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, _ = faces
    with pytest.raises(UsageError, match=r"gt_test\.csv.*--labels FILE.*glob.*--label-column NAME"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_thumbnails_beside_a_table_of_stems(tmp_path: Path) -> None:
    root, truth = tmp_path / "src", {}
    lines = ["id,breed"]
    for i in range(6):
        breed = ("corgi", "husky", "pug")[i % 3]
        lines.append(f"dog{i:03d},{breed}")
        for path in (f"photos/dog{i:03d}.png", f"photos/dog{i:03d}_thumb.png"):
            write_file(root / path, image_bytes(fmt="PNG", seed=i))
            truth[path] = ("train", breed)
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out", labels_file="labels.csv", max_rejects="0")
    assert {p: labels for p, (_, labels) in _records(out).items()} == {p: labels for p, (_, labels) in truth.items()}


def test_numbered_siblings_are_no_crops(tmp_path: Path) -> None:
    root = tmp_path / "src"
    lines = ["file,label"]
    for i, label in enumerate(("cat", "dog", "cat", "dog")):
        lines.append(f"p{i}.jpg,{label}")
        write_file(root / f"p{i}.jpg", image_bytes(seed=i))
        write_file(root / f"p{i}_1.jpg", image_bytes(seed=10 + i))  # another photograph no row names
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out", labels_file="labels.csv")
    assert set(_records(out)) == {f"p{i}.jpg" for i in range(4)}
    rejected = (out / "rejected.jsonl").read_text()
    assert all(f"p{i}_1.jpg" in rejected for i in range(4))


def test_two_suffixes_are_no_pattern() -> None:
    sample = ["a.jpg", "a.jpg_face.jpg", "b.jpg", "b.jpg_face.jpg", "c.jpg", "c_thumb.jpg"]
    assert derived_rule(["a.jpg", "b.jpg", "c.jpg"], sample, "name") == ()
    assert derived_rule(["a.jpg", "b.jpg"], sample[:4], "name") == ("_face.jpg", "")
    assert derived_rule(["a", "b"], ["x/a.png", "x/a_thumb.png", "x/b.png", "x/b_thumb.png"], "stem") == ("_thumb.png", ".png")
    assert derived_rule(["a.jpg", "b.jpg"], sample[:4], "order") == ()  # lines in path order name no file by name
