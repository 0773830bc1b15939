"""Review eleven, the readers (mended the same day): a defect found while reviewing the readers' per-record checks (it
predates them: `shardify.read.bench` builds its parse map with `tf_data._parse_fn(...)` (now `tf_parse.parse_fn`) and no
`lowest_label`, so -1, an unlabelled record, is taken for a label index out of range).

`shardify bench OUT --split test` on a split that counts unlabelled records (a test split of text
or image folders) fails its first batch with a traceback, TensorFlow's InvalidArgumentError telling
the user the output holds a record no writer writes and to run `shardify verify` (which passes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("tensorflow", reason="shardify bench reads with tf.data: needs TensorFlow (the tf extra)")

from helpers.cli_runs import run_shardify  # noqa: E402
from helpers.sources import convert, write_file  # noqa: E402


def test_bench_reads_a_split_of_unlabelled_records(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for i in range(3):
        write_file(source / "train" / "pos" / f"{i}.txt", f"a good sample {i}\n")
        write_file(source / "train" / "neg" / f"{i}.txt", f"a bad sample {i}\n")
        write_file(source / "test" / f"{i}.txt", f"an unknown sample {i}\n")
    out = convert(source, tmp_path / "out")
    result = run_shardify("bench", str(out), "--split", "test", "--records", "3", "--batch-size", "1", timeout=300)
    assert "Traceback" not in result.stderr, result.stderr[-1500:]
    assert result.returncode == 0, result.stderr[-1500:]
