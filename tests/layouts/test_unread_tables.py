"""A table refused whole at discover counts each of its rows as a reject (beam_jobs/discover/unread_rows).

It used to be one line of rejected.jsonl: a `test.csv` of 30 rows whose columns hold no text was
lost with exit 0 while the console said "1 rejected", under the 10% default limit. Kinds: a CSV
split with no text column beside a labelled one, a JSON lines split alike, a table refused after
some rows; twins: a small stray table under the limit (its rows counted, exit 0), a header-only
table (no row lost: one reject), a submission's format beside the splits (auxiliary, no reject).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report
from shardify.beam_jobs.discover.unread_rows import unread_rows
from shardify.converters import tables
from shardify.format import naming

_WORDS = "the a movie was good bad great awful plot acting fine terrible".split()


def _text(i: int) -> str:
    return " ".join(_WORDS[(i * 7 + k * 3) % len(_WORDS)] for k in range(8))


def _train_csv(rows: int) -> str:
    return "text,label\n" + "".join(f"{_text(i)},{'pos' if i % 3 else 'neg'}\n" for i in range(rows))


def _write(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _rows_rejected(output: Path, path: str) -> list[int]:
    return sorted(r.get("row", 0) for r in read_report(output, naming.REJECTS_FILENAME) if r["path"] == path)


def test_a_csv_split_without_text_counts_its_rows_and_goes_over_the_limit(tmp_path: Path) -> None:
    test = "id,score,when\n" + "".join(f"{i},{i / 40:.3f},2020-01-{i % 28 + 1:02d}\n" for i in range(30))
    source = _write(tmp_path / "src", {"train.csv": _train_csv(40), "test.csv": test})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 1, result.stderr
    assert "30 of 70 inputs were rejected" in result.stderr
    assert _rows_rejected(tmp_path / "out", "test.csv") == list(range(2, 32))


def test_a_json_lines_split_without_text_counts_its_rows(tmp_path: Path) -> None:
    train = "".join(json.dumps({"text": _text(i), "label": "pos" if i % 3 else "neg"}) + "\n" for i in range(20))
    test = "".join(json.dumps({"id": i, "score": i / 7}) + "\n" for i in range(12))
    source = _write(tmp_path / "src", {"train.jsonl": train, "test.jsonl": test})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 1, result.stderr
    assert "12 of 32 inputs were rejected" in result.stderr


def test_a_small_stray_table_under_the_limit_is_counted_by_its_rows(tmp_path: Path) -> None:
    stray = "id,score\n1,0.5\n2,0.25\n"
    source = _write(tmp_path / "src", {"train.csv": _train_csv(60), "scores.csv": stray})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert _rows_rejected(tmp_path / "out", "scores.csv") == [2, 3]
    assert "2 rejected" in result.stdout + result.stderr


def test_a_submission_format_beside_the_splits_is_no_reject(tmp_path: Path) -> None:
    submission = "id,pos,neg\n" + "".join(f"{i},0.5,0.5\n" for i in range(20))
    test = "id,text\n" + "".join(f"{i},{_text(i + 5)}\n" for i in range(20))
    source = _write(tmp_path / "src", {"train.csv": _train_csv(30), "test.csv": test, "sample_submission.csv": submission})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "out" / naming.REJECTS_FILENAME).exists()


def test_a_format_example_refused_whole_stays_one_reject(tmp_path: Path) -> None:
    """Kaggle's movie-review phrases ship `sampleSubmission.csv` (PhraseId,Sentiment): no text, no inputs."""
    submission = "PhraseId,Sentiment\n" + "".join(f"{156061 + i},2\n" for i in range(8))
    source = _write(tmp_path / "src", {"train.csv": _train_csv(30), "sampleSubmission.csv": submission})
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert _rows_rejected(tmp_path / "out", "sampleSubmission.csv") in ([], [0])  # never a reject per row


def test_rows_are_counted_as_the_format_reads_them() -> None:
    csv_text = b'text,label\n"two\nlines",a\nb,c\n'
    opened = lambda: io.BytesIO(csv_text)  # noqa: E731
    assert list(unread_rows(opened, tables.CSV, "utf-8", 0, True, None)) == [2, 3]
    assert list(unread_rows(opened, tables.CSV, "utf-8", 2, True, None)) == [3]  # refused after row 2
    assert list(unread_rows(opened, tables.CSV, "utf-8", 0, False, None)) == [1, 2, 3]
    assert list(unread_rows(lambda: io.BytesIO(b'{"a": 1}\n\n{"a": 2}\n'), tables.JSONL, "utf-8", 0, None, None)) == [1, 3]
    assert unread_rows(lambda: io.BytesIO(b"x"), tables.PARQUET, "utf-8", 0, None, None) is None
