"""Layout files (`--layout-file`): detection's guess written down, mended by hand, run as written.

Every public download the suite ships a miniature of (tests/helpers/shipped.py, unseen.py) is held
to the round trip: the layout written for it reads back equal, so a layout file can say anything
detection can. A guess detection doubts is written with its doubt, mended in the file, and converts
to the dataset's truth. The file is untrusted input: each fault is one `error:` line, exit 2.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest

from helpers import box_text
from helpers.cli_runs import one_line_error, run_shardify
from helpers.shard_io import read_shard
from helpers.shipped import DATASETS as SHIPPED
from helpers.sources import image_bytes
from helpers.unseen import DATASETS as UNSEEN
from helpers.unseen4 import DATASETS as UNSEEN4
from shardify.beam_jobs.discover import detect
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import DoubtedGuess, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import layout_file

ALL = {**{f"shipped/{k}": v for k, v in SHIPPED.items()}, **{f"unseen/{k}": v for k, v in UNSEEN.items()}}
# Boxes written as text (tests/helpers/box_text.py): their builders return (root, truth).
BOX_TEXT = {"wider_face": box_text.build_wider_face, "open_images": box_text.build_open_images}
# Round four's tables read together (a glob as the label file) and tables joined by id (keyed labels).
ROUND_FOUR = {"mlrsnet": UNSEEN4["mlrsnet"], "jigsaw_toxic": UNSEEN4["jigsaw_toxic"]}


def _guess(root: Path, out: Path) -> tuple:
    """(detection's layout, whether it doubted it)."""
    try:
        return detect.detect_source(ConvertConfig(str(root), str(out)))[0], False
    except DoubtedGuess as doubt:
        return doubt.guess, True


@pytest.mark.parametrize(
    "name", sorted(ALL) + [f"box_text/{k}" for k in sorted(BOX_TEXT)] + [f"round_four/{k}" for k in sorted(ROUND_FOUR)]
)
def test_every_detected_layout_reads_back_equal_from_its_file(name: str, tmp_path: Path) -> None:
    if name.startswith("box_text/"):
        root, _ = BOX_TEXT[name.split("/", 1)[1]](tmp_path / "download")
    elif name.startswith("round_four/"):
        root = ROUND_FOUR[name.split("/", 1)[1]](tmp_path / "download").root
    else:
        root = ALL[name](tmp_path / "download").root
    guess, doubted = _guess(root, tmp_path / "out")
    options = {key: getattr(ConvertConfig(str(root), "o"), key) for key in layout_file.READING_OPTIONS}
    options["split"] = ""
    text = layout_file.dumps(layout_file.LayoutSpec(guess, options), source=str(root), doubt="x" if doubted else "")
    read = layout_file.loads(text, where="l.yaml")
    assert read.layout == dataclasses.replace(guess, notes=())
    assert read.options == {"class_ids": contract.DEFAULT_CLASS_IDS}  # only what differs from defaults, and the numbering
    assert all(f"#   - {note}" in text for note in guess.notes), "detection's notes are kept as comments"


def _records(out: Path) -> dict[str, tuple[str, str | None]]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                index = record.get(contract.LABEL, contract.UNLABELLED)
                label = None if index == contract.UNLABELLED else record[contract.LABEL_TEXT].decode()
                found[record[contract.IMAGE_FILENAME].decode()] = (split, label)
    return found


def _without_class_folders(text: str) -> str:
    """The layout file with every split's class level set to -1 (no class folders), as a user edits it."""
    block = re.search(r"^  label_levels:\n((?:    \S+: \d+\n)+)", text, re.M)
    assert block, text
    return text[: block.start(1)] + re.sub(r": \d+\n", ": -1\n", block[1]) + text[block.end(1) :]


def test_a_run_from_the_written_file_writes_the_same_bytes_as_detection(tmp_path: Path) -> None:
    truth = SHIPPED["oxford_iiit_pet"](tmp_path / "download")  # labels and splits from list files
    src, layout = str(truth.root), tmp_path / "pets.yaml"
    written = run_shardify("convert", src, str(tmp_path / "plan"), "--dry-run", "--layout-file", str(layout))
    assert written.returncode == 0, written.stderr
    assert "layout written to" in written.stdout and layout.exists()
    assert run_shardify("convert", src, str(tmp_path / "a"), "-q").returncode == 0
    from_file = run_shardify("convert", src, str(tmp_path / "b"), "-q", "--layout-file", str(layout))
    assert from_file.returncode == 0, from_file.stderr
    shards = sorted(p.name for p in (tmp_path / "a").glob("*.tfrecord*"))
    assert shards and shards == sorted(p.name for p in (tmp_path / "b").glob("*.tfrecord*"))
    for name in shards:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_doubted_guess_is_written_with_its_doubt_and_converts_once_mended(tmp_path: Path) -> None:
    truth = UNSEEN["cityscapes"](tmp_path / "download")  # cities are no classes: detection doubts them
    src, layout = str(truth.root), tmp_path / "cityscapes.yaml"
    refused = run_shardify("convert", src, str(tmp_path / "plan"), "--dry-run", "--layout-file", str(layout))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "groups" in refused.stderr and f"--layout-file {layout}" in refused.stderr
    text = layout.read_text()
    assert "DETECTION DOUBTED THIS GUESS" in text
    # The mend: cities are groups, not classes; the records are unlabelled (their labels are the masks).
    layout.write_text(_without_class_folders(text))
    run = run_shardify("convert", src, str(tmp_path / "out"), "-q", "--layout-file", str(layout))
    assert run.returncode == 0, run.stderr
    assert _records(tmp_path / "out") == {rid: (split, None) for rid, (split, _) in truth.records.items()}


def test_split_ratios_in_the_file_are_used_without_the_option_on_the_command_line(tmp_path: Path) -> None:
    """`--split` not given is no clash with the file's `split` (it was refused as one: '' against the file's)."""
    src = tmp_path / "src"
    from helpers.sources import image_bytes

    for i in range(8):
        (src / "cat").mkdir(parents=True, exist_ok=True)
        (src / "cat" / f"{i}.png").write_bytes(image_bytes(fmt="PNG", seed=i))
    layout = tmp_path / "l.yaml"
    layout.write_text("shardify_layout: 1\nlayout: image_folders\nmedia: image\noptions:\n  split: train=0.5,test=0.5\n")
    run = run_shardify("convert", str(src), str(tmp_path / "out"), "-q", "--layout-file", str(layout))
    assert run.returncode == 0, run.stderr
    splits = load_manifest(str(tmp_path / "out")).splits
    assert set(splits) == {"train", "test"} and sum(info.num_records for info in splits.values()) == 8
    clash = run_shardify("convert", str(src), str(tmp_path / "o2"), "--layout-file", str(layout), "--split", "train=0.9,test=0.1")
    assert clash.returncode == 2 and "give it in one place" in one_line_error(clash)


def test_a_misspelt_split_folder_in_the_file_is_named_not_ignored(tmp_path: Path) -> None:
    truth = UNSEEN["cityscapes"](tmp_path / "download")
    layout = tmp_path / "c.yaml"
    assert run_shardify("convert", str(truth.root), str(tmp_path / "p"), "-n", "-q", "--layout-file", str(layout)).returncode == 2
    layout.write_text(_without_class_folders(layout.read_text()).replace("    train: -1", "    trian: -1"))
    run = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "-q", "--layout-file", str(layout))
    assert run.returncode == 2 and "trian" in one_line_error(run) and "train" in one_line_error(run)
    assert not (tmp_path / "out").exists()


def test_an_edited_label_level_relabels_every_record(tmp_path: Path) -> None:
    truth = SHIPPED["imagenette"](tmp_path / "download")
    src, layout = str(truth.root), tmp_path / "l.yaml"
    assert run_shardify("convert", src, str(tmp_path / "p"), "-n", "--layout-file", str(layout)).returncode == 0
    layout.write_text(_without_class_folders(layout.read_text()))
    assert run_shardify("convert", src, str(tmp_path / "out"), "-q", "--layout-file", str(layout)).returncode == 0
    records = _records(tmp_path / "out")
    assert len(records) == len(truth.records) and {label for _, label in records.values()} == {None}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("layout: [unclosed\n", "not a YAML file (line"),
        ("layout: image_folders\nmedia: image\n", "not a shardify layout file"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\ncolour: red\n", "unknown key colour"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\ncaptions: maybe\n", "captions must be true or false"),
        ("shardify_layout: 1\nlayout: pictures\nmedia: image\n", "is not one of"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  label_levels: [1, 2]\n", "must be a mapping"),
        ("shardify_layout: 1\nlayout: label_file\nmedia: image\nlabels_file: ../../etc/passwd\nlabel_key: path\n", "leaves SRC"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\noptions:\n  shards: 4\n", "unknown shards"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\noptions:\n  masks: 1\n", "must be true or false"),
        ("shardify_layout: 1\nmedia: image\n", "no `layout:` key"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  name_pattern:\n    regex: '(open'\n"
         "    labels: [a]\n", "is not a regular expression"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  name_pattern:\n    regex: 'x'\n"
         "    labels: [a]\n", "exactly one group"),
        ("[1, 2, 3]\n", "not a shardify layout file"),
        ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nevidence:\n- {path: gold.csv, kind: keyed labels, "
         "names: [a, b], rows_of: test.csv, rows_key: id}\n", "they go with layout: tables"),
        ("shardify_layout: 1\nlayout: tables\nmedia: text\nevidence:\n- {path: gold.csv, kind: keyed labels, "
         "names: [a, b], rows_of: ../test.csv, rows_key: id}\n", "leaves SRC"),
        ("shardify_layout: 1\nlayout: tables\nmedia: text\nevidence:\n- {path: gold.csv, kind: keyed labels, names: [a]}\n",
         "keyed labels name the table they label"),
    ],
)
def test_a_faulty_layout_file_is_refused_in_one_line(content: str, said: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=re.escape(said)):
        layout_file.loads(content, where="l.yaml")


def test_the_command_line_refuses_a_faulty_or_missing_file_and_a_conflicting_option(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "cat").mkdir(parents=True)
    from helpers.sources import image_bytes

    (src / "cat" / "a.png").write_bytes(image_bytes(fmt="PNG"))
    missing = run_shardify("convert", str(src), str(tmp_path / "o"), "--layout-file", str(tmp_path / "none.yaml"))
    assert missing.returncode == 2 and "--dry-run --layout-file" in one_line_error(missing)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe not text")
    assert "cannot be read" in one_line_error(run_shardify("convert", str(src), str(tmp_path / "o"), "--layout-file", str(bad)))
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)  # never opened for reading: a writer that never comes would hang the run
    piped = run_shardify("convert", str(src), str(tmp_path / "o"), "--layout-file", str(pipe))
    assert piped.returncode == 2 and f"layout file {pipe} cannot be read: not a regular file" in one_line_error(piped)
    good = tmp_path / "good.yaml"
    good.write_text("shardify_layout: 1\nlayout: image_folders\nmedia: image\noptions:\n  class_ids: source\n")
    clash = run_shardify("convert", str(src), str(tmp_path / "o"), "--layout-file", str(good), "--class-ids", "contiguous")
    assert clash.returncode == 2 and "give it in one place" in one_line_error(clash)
    both = run_shardify("convert", str(src), str(tmp_path / "o"), "--layout-file", str(good), "--layout", "image_folders")
    assert both.returncode == 2 and "layout file says how SRC is read" in one_line_error(both)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("name", "label"), [("places365", lambda rid: rid.split("/", 1)[1].rsplit("/", 1)[0]),
                                             ("omniglot", lambda rid: "/".join(rid.split("/")[2:4]))])
def test_classes_one_level_cannot_name_convert_once_class_path_is_set(name, label, tmp_path: Path) -> None:
    """Places365's classes lie one or two folders below a letter index; Omniglot's are alphabet and
    character together. Detection doubts both; `class_path: true` in the file it wrote reads them."""
    truth = UNSEEN[name](tmp_path / "download")
    layout = tmp_path / f"{name}.yaml"
    refused = run_shardify("convert", str(truth.root), str(tmp_path / "p"), "-n", "-q", "--layout-file", str(layout))
    assert refused.returncode == 2 and "class_path: true" in refused.stderr
    layout.write_text(layout.read_text().replace("\nstructure:\n", "\nstructure:\n  class_path: true\n"))
    run = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "-q", "--layout-file", str(layout))
    assert run.returncode == 0, run.stderr
    expected = {re.sub(r"\.zip/", "/", rid): (split, label(re.sub(r"\.zip/", "/", rid))) for rid, (split, _) in truth.records.items()}
    assert _records(tmp_path / "out") == expected
    if name == "omniglot":  # the same character number in two alphabets is two classes
        assert {"Greek/character01", "Latin/character01"} <= {lab for _, lab in expected.values()}


def _bird_lists(root: Path) -> dict[str, tuple[str, str]]:
    """An unnamed neighbour of FGVC-Aircraft's lists: photos/<id>.jpg, lists/<split>_species.txt of
    `<id> <species>`, some species names holding a space."""
    species = ["wren", "Barn owl", "robin", "Great tit"]
    truth = {}
    for n in range(8):
        split = "train" if n < 5 else "test"
        truth[f"{n:05d}"] = (split, species[n % 4])
        (root / "photos").mkdir(parents=True, exist_ok=True)
        (root / "photos" / f"{n:05d}.jpg").write_bytes(image_bytes(seed=n))
    (root / "lists").mkdir()
    for split in ("train", "test"):
        rows = [f"{i} {name}" for i, (s, name) in truth.items() if s == split]
        (root / "lists" / f"{split}_species.txt").write_text("\n".join(rows) + "\n")
    return truth


_BIRD_LAYOUT = "shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  label_levels:\n    '*': -1\nevidence:\n" + "".join(
    f"- {{path: lists/{split}_species.txt, kind: split list, split: {split}, key: {{parts: 1, extension: false}}, "
    "column: 0, label_column: 1}\n" for split in ("train", "test")
)


def test_a_split_list_whose_labels_hold_spaces_stops_before_writing_naming_label_rest(tmp_path: Path) -> None:
    """Without `label_rest` its rows of three fields were rejected one by one (exit 1); now the run
    stops before writing, and with the line it names converts right."""
    truth = _bird_lists(tmp_path / "src")
    spec = layout_file.loads(_BIRD_LAYOUT, where="layout.yaml")
    with pytest.raises(UsageError, match="label_rest: true"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), layout_given=spec.layout))
    assert not (tmp_path / "out" / "manifest.json").exists()
    mended = layout_file.loads(_BIRD_LAYOUT.replace("label_column: 1}", "label_column: 1, label_rest: true}"), where="layout.yaml")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "mended"), layout_given=mended.layout))
    written = _records(tmp_path / "mended")
    assert written == {f"photos/{i}.jpg": (split, name) for i, (split, name) in truth.items()}
