"""Hostile input, third round (issue 31): version histories and inputs lists that lie, what a small
file can make large once decompressed, refusals that must say which file was set aside and why,
and one bad item that must not stop the good ones. Each test builds real files and runs the real
command (or the real conversion) and counts inputs from what it built, never from the manifest."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from helpers.cli_runs import one_line_error, run_shardify
from helpers.sources import convert
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import CorruptShardError, ManifestError
from shardify.format import naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output


def _texts(root: Path, labels: tuple[str, ...] = ("neg", "pos"), count: int = 4) -> Path:
    for label in labels:
        (root / label).mkdir(parents=True, exist_ok=True)
        for i in range(count):
            (root / label / f"{i}.txt").write_text(f"{label} review number {i}\n")
    return root


def _appended(tmp_path: Path) -> tuple[Path, Path]:
    """A text source converted (version 1) and then grown by one class and appended (version 2)."""
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    _texts(source, labels=("mixed",))
    run_conversion(ConvertConfig(str(source), str(out), max_rejects="100%"), append=True)
    assert load_manifest(str(out)).version == 2
    return source, out


def _edit(path: Path, change) -> None:  # noqa: ANN001 - a function changing the parsed JSON
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))


def _refused_by_every_command(source: Path, out: Path, expected: str) -> None:
    """`verify` and `inspect --versions` end in one `error:` line, exit 1; `convert --append` too,
    with exit 2 (nothing to append to: the option is refused before any work)."""
    for args in (("verify", str(out)), ("inspect", str(out), "--versions"), ("convert", str(source), str(out), "--append", "-q")):
        result = run_shardify(*args)
        assert result.returncode == (2 if args[0] == "convert" else 1), (args, result.stderr)
        assert expected in one_line_error(result), (args, result.stderr)


# --- version histories: numbers in range, each parent the version before, no loops --------------


def test_a_history_past_the_last_version_number_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)

    def claim_100000(document: dict) -> None:
        first = document["dataset_version"]
        history = [
            {**first, "number": n, "parent": n - 1 if n > 1 else None, "manifest": f"manifest-v{n:05d}.json", "inputs": f"inputs-v{n:05d}.jsonl"}
            for n in range(1, 100_000)
        ]
        document["history"] = history
        document["dataset_version"] = {**first, "number": 100_000, "parent": 99_999}

    _edit(out / naming.MANIFEST_FILENAME, claim_100000)
    with pytest.raises(ManifestError, match="at most 99999 versions"):
        load_manifest(str(out))
    _refused_by_every_command(source, out, "at most 99999 versions")


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["dataset_version"].update(parent=2), "parent is 2, not 1"),
        (lambda d: d["history"][0].update(parent=2), "version 1, the conversion, has no parent"),
        (lambda d: d["dataset_version"].update(number=True), "number must be 2"),
        (lambda d: d["dataset_version"]["added"].update(records="many"), "added.records is \"many\", not a count"),
    ],
    ids=["its own parent", "1 -> 2 -> 1", "a bool for a number", "a count that is not one"],
)
def test_a_version_chain_that_loops_is_refused_by_load_verify_inspect_and_append(
    tmp_path: Path, change, expected: str  # noqa: ANN001
) -> None:
    source, out = _appended(tmp_path)
    _edit(out / naming.MANIFEST_FILENAME, change)
    with pytest.raises(ManifestError, match=expected.replace("(", r"\(")):
        load_manifest(str(out))
    _refused_by_every_command(source, out, expected)


def test_an_earlier_versions_manifest_telling_another_history_fails_verify(tmp_path: Path) -> None:
    _, out = _appended(tmp_path)
    _edit(out / naming.version_manifest_filename(1), lambda d: d["dataset_version"].update(source="/elsewhere"))
    with pytest.raises(CorruptShardError, match="tells version 1's history unlike manifest.json"):
        verify_output(load_manifest(str(out)))


# --- inputs lists: a line no shard holds is never counted -----------------------------------------


def _inputs_lines(out: Path, version: int) -> list[dict]:
    return [json.loads(line) for line in (out / naming.inputs_filename(version)).read_text().splitlines()]


@pytest.mark.parametrize(
    "forged_path, replacing, expected",
    [
        ("neg/ghost.txt", False, "inputs-v00001.jsonl lists 9 inputs in split \"train\", but version 1's shards hold 8"),
        ("../../../../etc/passwd", False, 'inputs-v00001.jsonl lists "../../../../etc/passwd", which is not a path inside the source'),
        ("../../../../etc/passwd", True, 'inputs-v00001.jsonl lists "../../../../etc/passwd", which is not a path inside the source'),
    ],
    ids=["an extra line inside SRC", "an extra line outside SRC", "a line replaced"],
)
def test_a_forged_inputs_line_is_caught_by_verify_and_refused_by_append(
    tmp_path: Path, forged_path: str, replacing: bool, expected: str
) -> None:
    source, out = _texts(tmp_path / "src"), tmp_path / "out"
    convert(source, out)
    lines = _inputs_lines(out, 1)
    # The forged line claims the content of a file the append will bring: it would be reported as a
    # duplicate of a record no shard holds.
    _texts(source, labels=("mixed",))
    forged = {**lines[0], "path": forged_path}
    kept = [forged, *lines[1:]] if replacing else [*lines, forged]
    (out / naming.inputs_filename(1)).write_text("".join(json.dumps(line) + "\n" for line in kept))
    with pytest.raises(CorruptShardError, match=re.escape(expected)):
        verify_output(load_manifest(str(out)))
    result = run_shardify("convert", str(source), str(out), "--append", "-q")
    assert result.returncode == 1, result.stderr
    assert expected in one_line_error(result)
    assert load_manifest(str(out)).version == 1 and not (out / naming.DUPLICATES_FILENAME).exists()

