"""review32: yesterday afternoon's rules (554a7c8..5007f5c2) met neighbours and hostile twins their authors did not build.

Each defect found, with the layout that showed it, mended by kind:

- a label table inside a split folder (shardify/plan/inner_split_tables.py, readers32; C-NMC's validation table):
  a table of two columns took its second column as the label whatever it held, so `val/ids.csv` of
  `name,patient` (every cell another patient id) or `name,score` (a measurement of fractions) wrote each
  validation image a class of its own, exit 0; a headerless table lost its first row to a header (that
  image written unlabelled among labelled ones, exit 0); and the files of its folder no row named were
  written unlabelled beside the named ones, exit 0, where a whole-source table rejects them ("no usable
  row in ... names it").
- tables of measurements (converters/attribute_rows.py, tables31; `--text-column none --keep-columns '*'
  --label-column C`): a class cell written as UCI writes a missing value (`?`, `NA`) was written as a class of
  its own, exit 0, while the kept columns read the same cell as no value; now its row's reject.
- files of lines whose extension names their split (shardify/plan/line_files.py `class_families`, met through
  split_extensions' optdigits): `optdigits.tra`/`optdigits.tes` without their `.names` got the textless stop, and
  its own options (`--text-column none --keep-columns '*' --label-column '9'`) wrote every row labelled `tra` or
  `tes`, all train, exit 0, as one line file per class by its extension; `corpus.train`/`corpus.test` of
  sentences were written labelled `train` and `test` with no option at all. An extension naming a split is no
  class.
- `--exclude` of a folder named in a stop or the reject limit's line (table_beside, blind36; reject_reasons'
  unmasked_folder, blindfix38; the unmasked folders of unread_annotation_checks): the folder's name was written
  bare, so `source v2/` was offered as `--exclude source v2` (two words to a shell: `v2` taken for OUT's place)
  and `data[1]/` as a glob of a class that names no such folder. Now one rendering, quoted for a shell and its
  glob characters escaped (shardify/inputs/excludes.py `exclude_option`); the unnamed-YOLO stop (blind34) and the
  clip stop (readers32) write theirs `'<folder>/**'` through it too (`runs[2]/` had been offered as a class glob).
- a training table without the named label column (beam_jobs/discover/withheld_labels.py, blindfix39's Mobile
  Price): `train.csv` of `f1,f2,label` beside `test.csv` of `f1,f2,predicted`; the textless stop offered
  `--label-column 'predicted'` (test.csv read first), and following it wrote train unlabelled beside test labelled
  by its predictions, exit 0 (texts alike). A table of train, or of no split, without the named column now stops;
  test and dev tables without it are still their splits published unlabelled (Mobile Price, ASAP).
- one class spelled two ways across the splits (shardify/plan/spelling_signs.py, blind38's Chest CT-Scan): only a
  name lengthened at a separator was the sign; `train/golden retriever/` beside `test/golden_retriever/` (or
  `Golden_Retriever/`), `pug/` in both, was written as two labels, exit 0. Case and separators alone now count.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from helpers.made_files import image_file
from helpers.one_place import records, rejects
from helpers.sources import write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.beam_jobs.output import reject_reasons
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import RejectLimitError, UsageError
from shardify.inputs.excludes import Excludes


def _converted_or_stopped(src: Path, out: Path) -> dict | str:
    """The records written (by input), or the stop's message (or the failure's: over --max-rejects, exit 1)."""
    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except (UsageError, RejectLimitError) as stopped:
        assert not (out / "manifest.json").exists()
        return str(stopped)
    return records(out)


def _split_folder_table(src: Path, table: str) -> Path:
    """C-NMC's kind in small (blind37's `_cnmc`, read from its users' code: `validation_labels[row['new_names']] =
    row['labels']` over `validation_data/C-NMC_test_prelim_phase_data_labels.csv`): class folders in train/,
    numbered images in val/imgs/ named by `val/labels.csv`, test/imgs/ of the same numbers, unlabelled."""
    for i in range(4):
        image_file(src / "train" / "cat" / f"c{i}.jpg", f"c{i}")
        image_file(src / "train" / "dog" / f"d{i}.jpg", f"d{i}")
    for i in range(1, 7):
        image_file(src / "val" / "imgs" / f"{i}.jpg", f"v{i}")
        image_file(src / "test" / "imgs" / f"{i}.jpg", f"t{i}")
    write_file(src / "val" / "labels.csv", table)
    return src


_CLASS = {i: "cat" if i % 2 else "dog" for i in range(1, 7)}


def test_a_split_folders_table_of_names_and_classes_labels_its_folder(tmp_path: Path) -> None:
    """The case the rule was written for (its neighbour in test_readers32 is valid/): still read."""
    src = _split_folder_table(tmp_path / "src", "name,label\n" + "".join(f"{i}.jpg,{_CLASS[i]}\n" for i in range(1, 7)))
    written = _converted_or_stopped(src, tmp_path / "out")
    assert isinstance(written, dict), written
    assert {i: written[f"val/imgs/{i}.jpg"] for i in range(1, 7)} == {i: ("val", (_CLASS[i],), "") for i in range(1, 7)}


@pytest.mark.parametrize(
    "second",
    [
        lambda i: f"P{i:03d}",  # a patient id each: no class
        lambda i: f"{0.1 * i + 0.37:.3f}",  # a measurement (a score, a width in mm): no class
    ],
)
def test_a_second_column_of_ids_or_fractions_is_no_class(tmp_path: Path, second) -> None:
    """Hostile twins: two columns, the second naming no class. Before: each validation image written a class of its own."""
    src = _split_folder_table(tmp_path / "src", "name,other\n" + "".join(f"{i}.jpg,{second(i)}\n" for i in range(1, 7)))
    written = _converted_or_stopped(src, tmp_path / "out")
    if isinstance(written, dict):
        labels = {labels for split, labels, _ in written.values() if split == "val"}
        assert labels <= {()}, labels


def test_a_headerless_split_folders_table_keeps_its_first_row(tmp_path: Path) -> None:
    """Hostile twin: no header line (the first row names `1.jpg`). Before: 1.jpg written unlabelled among labelled images."""
    src = _split_folder_table(tmp_path / "src", "".join(f"{i}.jpg,{_CLASS[i]}\n" for i in range(1, 7)))
    written = _converted_or_stopped(src, tmp_path / "out")
    if isinstance(written, dict):
        assert {i: written[f"val/imgs/{i}.jpg"] for i in range(1, 7)} == {i: ("val", (_CLASS[i],), "") for i in range(1, 7)}


def test_files_a_split_folders_table_leaves_unnamed_are_rejects(tmp_path: Path) -> None:
    """Hostile twin: the table names 1-4 of val/imgs' six images. Before: 5.jpg and 6.jpg written unlabelled, exit 0."""
    src = _split_folder_table(tmp_path / "src", "name,label\n" + "".join(f"{i}.jpg,{_CLASS[i]}\n" for i in range(1, 5)))
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=parse_max_rejects("50%")))
    except UsageError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    written, rejected = records(tmp_path / "out"), rejects(tmp_path / "out")
    assert {i: written[f"val/imgs/{i}.jpg"] for i in range(1, 5)} == {i: ("val", (_CLASS[i],), "") for i in range(1, 5)}
    assert all("labels.csv" in rejected[f"val/imgs/{i}.jpg"] for i in (5, 6)), rejected


def _measurements(src: Path, classes: list[str]) -> Path:
    """A table of measurements and a class (tables31's kind: Kaggle's water_potability.csv `ph,Hardness,...,Potability`;
    UCI writes a missing cell `?`, as its zoo and horse-colic `.data` do)."""
    rows = "".join(f"{7 + i / 10:.1f},{200 + i},{c}\n" for i, c in enumerate(classes))
    write_file(src / "data.csv", "ph,hardness,Potability\n" + rows)
    return src


@pytest.mark.parametrize("missing", ["?", "NaN", "NA"])
def test_a_missing_class_cell_of_a_table_of_measurements_is_a_reject(tmp_path: Path, missing: str) -> None:
    """Hostile twin: one row's class written as UCI writes a missing value. Before: `?` written as a third class, exit 0
    (the kept columns take `?` for no value, the label column took it for a class)."""
    classes = ["0", "1"] * 5
    classes[3] = missing
    src = _measurements(tmp_path / "src", classes)
    out = tmp_path / "out"
    config = ConvertConfig(
        str(src),
        str(out),
        text_column="none",
        keep_columns=("*",),
        label_column="Potability",
        max_rejects=parse_max_rejects("20%"),
    )
    run_conversion(config)
    written, rejected = records(out), rejects(out)
    assert {labels for _, labels, _ in written.values()} == {("0",), ("1",)}, written
    assert "data.csv#5" in rejected and missing in rejected["data.csv#5"], rejected


def _digit_rows(count: int, seed: int) -> str:
    """UCI optdigits' rows in small: integer attributes, the digit last (blind35's optdigits, its `.names`)."""
    return "".join(",".join(str((i * 7 + j * 3 + seed) % 17) for j in range(8)) + f",{(i + seed) % 3}\n" for i in range(count))


def test_uci_split_extensions_without_their_names_file_are_no_classes(tmp_path: Path) -> None:
    """Hostile twin of readers32's optdigits: no `optdigits.names` beside. Before: the options the stop named wrote
    each row labelled by its file's extension (`tra`, `tes`), all train, exit 0."""
    src = tmp_path / "src"
    write_file(src / "optdigits.tra", _digit_rows(12, 0))
    write_file(src / "optdigits.tes", _digit_rows(6, 1))
    written = _converted_or_stopped(src, tmp_path / "out")
    assert isinstance(written, str) and "--text-column none" in written, written
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out2"), text_column="none", keep_columns=("*",), label_column="9"))
    except UsageError as stopped:
        assert "--layout tables" in str(stopped), stopped
        return
    found = records(tmp_path / "out2")
    assert {labels for _, labels, _ in found.values()} <= {("0",), ("1",), ("2",)}, found
    assert {split for split, _, _ in found.values()} == {"train", "test"}, found


def test_line_files_whose_extension_names_a_split_are_no_classes(tmp_path: Path) -> None:
    """Neighbour: `corpus.train` and `corpus.test`, a sentence a line. Before: labelled `train` and `test`, exit 0."""
    src = tmp_path / "src"
    for name, count in (("corpus.train", 12), ("corpus.test", 6)):
        write_file(src / name, "".join(f"this is sentence number {i} of the {name} file with words\n" for i in range(count)))
    written = _converted_or_stopped(src, tmp_path / "out")
    if isinstance(written, dict):
        assert not {labels for _, labels, _ in written.values()} & {("train",), ("test",)}, written


def _sentence(i: int, words: int = 7) -> str:
    return " ".join(_WORDS[(i * 5 + j * 3) % len(_WORDS)] for j in range(words)) + f" {i}"


_WORDS = ["the", "market", "rose", "shares", "fell", "profit", "quarter", "sales", "growth", "bank", "stock", "rates"]


@pytest.mark.parametrize("folder", ["source v2", "batches[1]"])
def test_an_offered_exclude_of_a_folder_is_one_word_matching_that_folder(tmp_path: Path, folder: str) -> None:
    """Hostile twin of blindfix36's headlines neighbour (a table of texts beside a folder repeating them): the folder's
    name holds a space, or a glob's class. Before: `--exclude source v2` / `--exclude batches[1]`, neither leaving it out."""
    src = tmp_path / "src"
    write_file(
        src / "headlines.csv",
        "headline,category\n" + "".join(f"{_sentence(i, 5 + i % 3)},{('sport', 'business', 'tech')[i % 3]}\n" for i in range(9)),
    )
    for n in (1, 2, 3):
        write_file(src / folder / f"batch_{n}.txt", "\n".join(_sentence(n * 3 + i) for i in range(3)) + "\n")
    said = _converted_or_stopped(src, tmp_path / "out")
    assert isinstance(said, str), said
    words = shlex.split(said.split(" to read headlines.csv alone")[0])
    assert words[-2] == "--exclude", said
    pattern = words[-1]
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), exclude=(pattern,)))
    written = records(tmp_path / "followed")
    assert len(written) == 9 and all(key.startswith("headlines.csv#") for key in written), written


def test_the_reject_limits_unmasked_folder_is_one_word(tmp_path: Path) -> None:
    """Hostile twin of blindfix38's volumes beside masked slices: the volumes' folder named `CT 3d`."""
    report = tmp_path / "rejected.jsonl"
    report.write_text(
        "".join(json.dumps({"path": f"CT 3d/v{i}.nii.gz", "reason": "no mask in m/ shares its path"}) + "\n" for i in range(3))
    )
    assert shlex.split(reject_reasons.unmasked_folder(str(report))) == ["--exclude", "CT 3d"]


@pytest.mark.parametrize("aside", ["demo pictures", "runs[2]"])
def test_the_unnamed_yolo_stops_exclude_is_one_word_matching_the_folder(tmp_path: Path, aside: str) -> None:
    """Hostile twin of blind34's Construction Site Safety (a YOLO export beside a folder of images no label folder
    mirrors): that folder named with a space, or a glob's class. Before: `--exclude 'runs[2]/**'`, a class matching
    `runs2/`, not the folder."""
    from shardify.beam_jobs.discover import yolo_unnamed

    src = tmp_path / "src"
    write_file(src / "train" / "labels" / "a.txt", "0 0.5 0.5 0.2 0.2\n")
    with pytest.raises(UsageError) as stopped:
        yolo_unnamed.check_named(
            ConvertConfig(str(src), str(tmp_path / "out")), {"train/labels": ["train/labels/a.txt"]}, aside=[aside]
        )
    said = str(stopped.value)
    words = shlex.split(said.split(" leaves them out")[0].rsplit(":", 1)[1])
    assert words[0] == "--exclude" and Excludes((words[1],))(f"{aside}/x.jpg") and not Excludes((words[1],))("runs2/x.jpg")


@pytest.mark.parametrize("no_text", [False, True])
def test_a_training_table_without_the_named_label_column_stops(tmp_path: Path, no_text: bool) -> None:
    """Hostile twin of blindfix39's Mobile Price (test.csv withholds the class train.csv ends in): here train.csv lacks
    the named column and test.csv holds it (a column of predictions, `predicted`, which the textless stop itself
    offered, test.csv read first). Before: train.csv's rows written unlabelled, test.csv's labelled, exit 0."""
    src = tmp_path / "src"
    if no_text:
        write_file(src / "train.csv", "f1,f2,label\n" + "".join(f"{i},{i * 3},{i % 2}\n" for i in range(12)))
        write_file(src / "test.csv", "f1,f2,predicted\n" + "".join(f"{i},{i * 3},{i % 2}\n" for i in range(5)))
        options = {"text_column": "none", "keep_columns": ("*",), "label_column": "predicted"}
    else:
        write_file(src / "train.csv", "text,score\n" + "".join(f"a fine review number {i} of words,{i % 5}\n" for i in range(12)))
        write_file(
            src / "test.csv",
            "text,predicted\n" + "".join(f"another review {i} here,{'pos' if i % 2 else 'neg'}\n" for i in range(6)),
        )
        options = {"label_column": "predicted"}
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), **options))
    assert "train.csv" in str(stopped.value) and "--label-column" in str(stopped.value), stopped.value
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_test_table_without_the_named_label_column_is_still_read_unlabelled(tmp_path: Path) -> None:
    """The case blindfix39 mended (Mobile Price's test.csv of no price_range): still written, test unlabelled."""
    src = tmp_path / "src"
    write_file(
        src / "train.csv", "battery_power,ram,price_range\n" + "".join(f"{500 + i},{1000 + i * 7},{i % 4}\n" for i in range(12))
    )
    write_file(src / "test.csv", "id,battery_power,ram\n" + "".join(f"{i},{600 + i},{1100 + i * 7}\n" for i in range(5)))
    run_conversion(
        ConvertConfig(str(src), str(tmp_path / "out"), text_column="none", keep_columns=("*",), label_column="price_range")
    )
    written = records(tmp_path / "out")
    assert {(split, bool(labels)) for split, labels, _ in written.values()} == {("train", True), ("test", False)}, written


@pytest.mark.parametrize(
    ("train_name", "test_name"), [("golden retriever", "golden_retriever"), ("Golden_Retriever", "golden_retriever")]
)
def test_one_class_spelled_with_another_separator_or_case_across_splits_stops(
    tmp_path: Path, train_name: str, test_name: str
) -> None:
    """Neighbour of blind38's Chest CT-Scan (a class spelled two ways across the splits, spelling_signs): the same name
    with a space for an underscore, or in other case, beside a class spelled alike in both. Before: two labels, exit 0."""
    src = tmp_path / "src"
    for split, golden, count in (("train", train_name, 4), ("test", test_name, 2)):
        for i in range(count):
            image_file(src / split / golden / f"g{i}.jpg", f"{split}g{i}")
            image_file(src / split / "pug" / f"p{i}.jpg", f"{split}p{i}")
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert train_name in str(stopped.value) and test_name in str(stopped.value) and "--labels" in str(stopped.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_classes_alike_in_every_split_still_convert(tmp_path: Path) -> None:
    """Near miss: `golden retriever/` and `golden_retriever/` are never both in play when each split spells it alike."""
    src = tmp_path / "src"
    for split, count in (("train", 3), ("test", 2)):
        for i in range(count):
            image_file(src / split / "golden retriever" / f"g{i}.jpg", f"{split}g{i}")
            image_file(src / split / "pug" / f"p{i}.jpg", f"{split}p{i}")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert {labels for _, labels, _ in records(tmp_path / "out").values()} == {("golden retriever",), ("pug",)}
