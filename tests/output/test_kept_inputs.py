"""The version's inputs file is merged from the shards' result files in OUT (each writer leaves its
shard's inputs there, a resume keeps an earlier run's), not carried through the pipeline: a kept
shard's inputs come out as an uninterrupted run lists them, a result file listing an input that
cannot be one means its shard is written again, and one that changes under the manifest step stops
the run without a manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import refused_run
from shardify.beam_jobs import counters
from shardify.beam_jobs.launch import run_conversion
from shardify.beam_jobs.output import resume
from shardify.config import ConvertConfig
from shardify.errors import OutputError
from shardify.format import naming
from shardify.format.manifest import load_manifest
from shardify.plan.shard_plans import ShardResult



def test_kept_shards_inputs_come_from_their_result_files_as_an_uninterrupted_run_lists_them(tmp_path: Path) -> None:
    source, out = refused_run(tmp_path)
    results = sorted(out.glob("*.result.json"))
    document = json.loads(results[0].read_text())
    row = document["inputs"][0]
    row[0] = -1  # an input of no size, its checksum made again: only the inputs' own checks catch it
    document["checksum"] = resume._checksum(document, document["fingerprint"])
    results[0].write_text(json.dumps(document))
    result = run_conversion(ConvertConfig(str(source), str(out), shards=3, max_rejects="100%"))
    assert counters.total(result, counters.SHARDS_KEPT) == 2  # the crafted one was written again
    clean = tmp_path / "clean"
    run_conversion(ConvertConfig(str(source), str(clean), shards=3, max_rejects="100%"))
    name = naming.inputs_filename(1)
    assert (out / name).read_bytes() == (clean / name).read_bytes()
    lines = [json.loads(line) for line in (out / name).read_text().splitlines()]
    assert len(lines) == load_manifest(str(out)).inputs["written"] == 12
    assert [line["path"] for line in lines] == sorted(line["path"] for line in lines)
    assert all(line["size"] > 0 for line in lines)
    assert not list(out.glob("*.result.json"))  # merged, then removed with the other leftovers


def _result(r: dict) -> ShardResult:
    fields = ("split", "index", "num_shards", "path", "index_path", "num_records", "num_bytes", "sha256")
    return ShardResult(**{name: r[name] for name in fields})


def test_a_result_file_gone_or_altered_under_the_manifest_step_stops_it(tmp_path: Path) -> None:
    _, out = refused_run(tmp_path)
    results = [_result(json.loads(path.read_text())["result"]) for path in sorted(out.glob("*.result.json"))]
    assert sum(1 for _ in resume.recorded_inputs(str(out), results)) == 12  # the empty text was rejected
    altered = out / naming.shard_result_filename(results[1].path)
    document = json.loads(altered.read_text())
    document["inputs"][0][2] = "not a digest"
    altered.write_text(json.dumps(document))
    with pytest.raises(OutputError, match=altered.name):
        list(resume.recorded_inputs(str(out), results))
    altered.unlink()
    with pytest.raises(OutputError, match="run the same command again"):
        list(resume.recorded_inputs(str(out), results))
