"""`shardify convert --exclude GLOB`: files of SRC left out, neither inputs nor evidence, and said.

One small source of class folders with a low-resolution twin tree and a stray split list; each test
reads one conversion (module-scoped where several do) run in-process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from helpers.cli_runs import message, run_shardify
from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import Excludes, parse_exclude


def _png(path: Path, shade: int, size: int = 8) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (size, size), (shade, 40, 90)).save(path)


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """cat/, dog/ of 3 images each; LR/cat/ of a small twin, notes/readme.txt."""
    root = tmp_path_factory.mktemp("exclude") / "src"
    for c, label in enumerate(("cat", "dog")):
        for i in range(3):
            _png(root / label / f"{i}.png", 30 * i + 100 * c)
    _png(root / "LR" / "cat" / "0.png", 30, size=4)
    return root


def _said(result) -> str:
    """What the run printed: the plan (stdout on a dry run) and its messages."""
    return result.stdout + result.stderr


def _ids(out: Path) -> list[str]:
    ids = (r["image/filename"] for p in sorted(out.glob("*.tfrecord")) for r in read_shard(p))
    return sorted(i.decode() if isinstance(i, bytes) else str(i) for i in ids)


@pytest.fixture(scope="module")
def excluded_run(source: Path, tmp_path_factory) -> tuple[object, Path]:
    out = tmp_path_factory.mktemp("out") / "out"
    return run_shardify("convert", str(source), str(out), "--exclude", "LR"), out


def test_parse_refuses_absolute_climbing_and_unclosed_patterns() -> None:
    for text, said in (("/data/LR", "absolute"), ("../LR", "climbs out"), ("a/../b", "climbs out"), ("[ab", "never closes"), ("", "names no file")):
        with pytest.raises(ValueError, match=said):
            parse_exclude(text)
    assert parse_exclude("./LR/") == "LR"


@pytest.mark.parametrize("bad", ["/abs/**", "../up", "x[1"])
def test_bad_pattern_is_a_usage_error(source: Path, tmp_path: Path, bad: str) -> None:
    result = run_shardify("convert", str(source), str(tmp_path / "o"), "--exclude", bad, "--dry-run")
    assert result.returncode == 2 and "--exclude" in message(result.stderr), result.stderr
    assert "Traceback" not in result.stderr


def test_globs_match_paths_and_their_folders_case_sensitively() -> None:
    excludes = Excludes(("LR", "**/*.mp4", "a/*.txt", "fold-[0-9]"))
    assert [excludes(p) for p in ("LR/x/y.png", "LRx/a.png", "lr/a.png")] == [True, False, False]
    assert [excludes(p) for p in ("clips/a.mp4", "a.mp4", "a.MP4")] == [True, True, False]
    assert [excludes(p) for p in ("a/b.txt", "a/b/c.txt", "fold-1/t.csv", "fold-x/t.csv")] == [True, False, True, False]


def test_excluded_files_are_not_inputs_and_the_plan_names_them(excluded_run) -> None:
    result, out = excluded_run
    assert result.returncode == 0, result.stderr
    assert "left out by --exclude: 1 (LR/cat/0.png)" in _said(result)
    assert _ids(out) == [f"{label}/{i}.png" for label in ("cat", "dog") for i in range(3)]


def test_manifest_records_the_patterns(excluded_run) -> None:
    _, out = excluded_run
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["exclude"] == ["LR"]
    assert any("left out by --exclude: 1" in note for note in manifest["options"]["source_layout"]["notes"])


def test_same_patterns_same_bytes(source: Path, excluded_run, tmp_path: Path) -> None:
    _, out = excluded_run
    again = tmp_path / "again"
    assert run_shardify("convert", str(source), str(again), "--exclude", "LR/**").returncode == 0  # another spelling
    assert [p.read_bytes() for p in sorted(again.glob("*.tfrecord"))] == [p.read_bytes() for p in sorted(out.glob("*.tfrecord"))]


def test_without_the_option_the_twins_are_inputs(source: Path, tmp_path: Path) -> None:
    result = run_shardify("convert", str(source), str(tmp_path / "o"), "--label-level", "0", "--dry-run")
    assert "7 records" in _said(result), _said(result)  # the twin is read: what --exclude is for


def test_pattern_matching_nothing_stops(source: Path, tmp_path: Path) -> None:
    result = run_shardify("convert", str(source), str(tmp_path / "o"), "--exclude", "HR", "--dry-run")
    assert result.returncode == 2 and "--exclude 'HR' matches no file" in message(result.stderr), result.stderr


def test_append_with_other_patterns_stops(excluded_run, source: Path) -> None:
    _, out = excluded_run
    result = run_shardify("convert", str(source), str(out), "--append")
    assert result.returncode == 2 and "--exclude 'LR'" in message(result.stderr), result.stderr
    same = run_shardify("convert", str(source), str(out), "--append", "--exclude", "LR")
    assert same.returncode == 0 and "nothing new to append" in same.stdout, same.stdout + same.stderr


def test_an_excluded_split_list_is_no_evidence(tmp_path: Path) -> None:
    """A split list left out is not read: the inputs it alone would place are in the one split."""
    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(4):
            _png(root / label / f"{i}.png", 20 * i + (label == "dog") * 100)
    (root / "lists").mkdir()
    (root / "lists" / "test.txt").write_text("cat/0.png\ndog/0.png\n")
    (root / "lists" / "train.txt").write_text("".join(f"{label}/{i}.png\n" for label in ("cat", "dog") for i in (1, 2, 3)))
    split = _said(run_shardify("convert", str(root), str(tmp_path / "a"), "--dry-run"))
    assert "test: 2 records" in split, split
    result = run_shardify("convert", str(root), str(tmp_path / "b"), "--exclude", "lists", "--dry-run")
    said = _said(result)
    assert result.returncode == 0 and "test:" not in said and "train: 8 records" in said, said
    assert "left out by --exclude: 2 (lists/test.txt, lists/train.txt)" in said


def test_a_label_row_naming_an_excluded_file_is_a_reject(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i in range(4):
        _png(root / "img" / f"{i}.png", 20 * i)
    (root / "labels.csv").write_text("file,label\n" + "".join(f"img/{i}.png,{'ab'[i % 2]}\n" for i in range(4)))
    result = run_shardify("convert", str(root), str(tmp_path / "o"), "--exclude", "img/3.png", "--dry-run")
    said = _said(result)
    assert "left out by --exclude: 'img/3.png'" in said and "left out by --exclude: 1 (img/3.png)" in said, said


def test_a_table_naming_clips_stops_naming_their_folder(tmp_path: Path) -> None:
    root = tmp_path / "src"
    (root / "clips").mkdir(parents=True)
    rows = [["client_id", "path", "sentence", "up_votes"]]
    for i in range(6):
        (root / "clips" / f"voice_{1000 + i}.mp3").write_bytes(b"ID3\x03\x00\x00\x00")
        rows.append([f"{i:040x}", f"voice_{1000 + i}.mp3", f"the sentence read aloud here number {i}", "2"])
    (root / "train.tsv").write_text("".join("\t".join(r) + "\n" for r in rows))
    result = run_shardify("convert", str(root), str(tmp_path / "o"), "--dry-run")
    assert result.returncode == 2 and "--exclude 'clips'" in message(result.stderr), _said(result)
    followed = run_shardify("convert", str(root), str(tmp_path / "o"), "--exclude", "clips", "--label-column", "up_votes", "--dry-run")
    assert followed.returncode == 0 and "left out by --exclude: 6 (clips/voice_1000.mp3" in _said(followed), _said(followed)


# The stops of blind batch fifteen that a file left out decides: each names the --exclude.


@pytest.mark.parametrize(
    "name, said",
    [
        ("div2k", "--exclude 'DIV2K_train_LR_bicubic' --exclude 'DIV2K_valid_LR_bicubic'"),
        ("wikiart", "--exclude 'wikiart_csv/artist_train.csv'"),
        ("hasyv2", "--exclude '10-fold-cross-validation'"),
        ("ccpd", "--exclude 'splits/ccpd_blur.txt'"),
    ],
)
def test_stops_name_the_exclude_that_decides(name: str, said: str, tmp_path: Path) -> None:
    from helpers.blind15 import DATASETS

    truth = DATASETS[name](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert said in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
