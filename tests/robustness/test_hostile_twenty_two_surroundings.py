"""Hostile input, round twenty-two: where OUT lies and what happens to SRC while the run goes, for
the label-table keys of layout21 (a layout file's row_splits, merge_rows).

OUT inside SRC (a second run then finds the first's shards and manifest among its inputs), and SRC
changed between planning and writing: the label table's rows rewritten, a row list cut, an image
swapped for another of another size. What a user should get: the run stops naming OUT, or writes only SRC's own
images with their labels; a file changed mid-run is its record's reject (or a stop) naming it;
never the first run's output read as inputs, or a label from a table the plan did not read, with
exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.hostile22 import CLASSES, LAYOUT, TRUTH, image_table, right_or_stopped
from helpers.mid_run import stopped_at_plan
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes
from shardify.format import contract


def test_out_inside_src_twice_never_reads_the_first_output(tmp_path: Path) -> None:
    src = image_table(tmp_path / "src")
    for _ in range(2):
        result = run(src, src / "out")
        if result.returncode != 0:
            refused(result, "out")
            return
        written, _ = finished(result, src / "out")
        assert sorted(k.rsplit("/", 1)[-1] for k in written) == sorted(TRUTH), sorted(written)


def test_out_inside_src_with_a_layout_file_reads_only_src(tmp_path: Path) -> None:
    src = image_table(tmp_path / "src")
    (tmp_path / "l.yaml").write_text(LAYOUT)
    for _ in range(2):
        right_or_stopped(src, src / "images" / "out", TRUTH, "--layout-file", str(tmp_path / "l.yaml"), named=("out",))


@pytest.mark.parametrize("change", ["labels rewritten", "image swapped", "row list cut"])
def test_src_changed_while_converting_is_never_written_as_the_plan_read_it(change: str, tmp_path: Path) -> None:
    src = image_table(tmp_path / "src")
    (src / "train_rows.csv").write_text("0\n1\n2\n3\n4\n5\n")
    (src / "test_rows.csv").write_text("6\n7\n")
    (tmp_path / "l.yaml").write_text(LAYOUT.replace("options:", "row_splits:\n  train: train_rows.csv\n  test: test_rows.csv\noptions:"))

    def mutate() -> None:
        if change == "labels rewritten":
            (src / "labels.csv").write_text("image,label\n" + "".join(f"{i}.png,{c}\n" for i, c in enumerate(reversed(CLASSES))))
        elif change == "image swapped":
            (src / "images/3.png").write_bytes(_image_bytes("other", 24, 20, "PNG"))
        else:
            (src / "train_rows.csv").write_text("0\n1\n")

    out = tmp_path / "out"
    result = stopped_at_plan(src, out, mutate, "--layout-file", str(tmp_path / "l.yaml"))
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    if result.returncode != 0:
        assert any(n in result.stderr for n in ("labels.csv", "3.png", "train_rows.csv")), result.stderr
        return
    written, rejected = finished(result, out)
    encoded, sizes = {}, {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            key = record[contract.IMAGE_FILENAME].decode()
            encoded[key], sizes[key] = record[contract.IMAGE_ENCODED], (record[contract.IMAGE_HEIGHT], record[contract.IMAGE_WIDTH])
    for key, (_, labels, _) in written.items():
        name = key.rsplit("/", 1)[-1]
        if change == "image swapped" and name == "3.png":  # the bytes now there, their own size: never the planned one's
            assert (encoded[key], sizes[key]) == (_image_bytes("other", 24, 20, "PNG"), (20, 24)), (key, sizes[key])
        else:
            assert frozenset(labels) == TRUTH[name] or not labels, (key, labels, "a label the plan did not read")
    if change == "row list cut":
        assert len(written) + len(rejected) >= 8, (written, rejected)
