"""Blind batch 43's faults mended by kind (tests/helpers/blind43.py), each on a neighbour layout the batch does not hold.

1. A table of boxes read by content whose class is a column of NUMBERS named by its header (`class_id`,
   `category_id`): the drinks set's labels_train.csv `frame,xmin,xmax,ymin,ymax,class_id` (read in the code
   corpus: "print('frame,xmin,xmax,ymin,ymax,class_id')" of a VIA-to-CSV converter; "classes = {0: 'background',
   1: 'Summit Drinking Water', 2: 'Coca-Cola', 3: 'Pineapple Juice'}" in a reader, the names in no file) had no
   column of words to be the class, so it was no box table: read as a label file, each image of two boxes was
   rejected ("rows 2, 3 ... give it different labels"), exit 1. Now a header word of `box_columns.HEADER_ROLES`
   naming a class by its number makes that column the class where no column of words is there
   (shardify/plan/box_columns.py); headerless, the rows never tell a class number from a box's edge.
2. Such tables named by split words (labels_train.csv, labels_test.csv) over ONE folder of images gave no
   split: once read as boxes, every test image was written as train with exit 0 (seen on the way to mend 1).
   A table read by content now carries the split its name gives, as a documented table's does
   (`box_content_tables.split_of_name`, used by both); `box_tables.with_box_annotations` keeps it only where two
   or more tables name different splits and no folder gives them.
3. A table of attributes (no column of text) beside a file that reads as no table: UCI's Bank Marketing,
   bank-full.csv beside bank-names.txt (prose; read in the code corpus: "pd.read_csv('data/bank-full.csv',
   delimiter=';') ... df['y'].map({'yes':1, 'no':0})"), went on to the scan, the .txt counted as a table that might
   hold text: every row rejected, exit 1. Such a file now keeps no table from the stop that names `--text-column
   none` and the class column (beam_jobs/discover/text_columns.py); a .txt that reads as a table still does.

The neighbours are invented in the shape of such Kaggle exports (an image column, corners under
`x_min,y_min,x_max,y_max`, the class numbered under `category_id`, `train_annotations.csv` and
`valid_annotations.csv` over one `images/` folder), not the batch's own files. Each is converted in-process as
the tally converts (`run_conversion` of a `ConvertConfig` of SRC and OUT, no option), the truth from what the
builder wrote.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, aux, build
from helpers.unseen4 import given as _file
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover.box_content_tables import split_of_name
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.plan import box_columns

_NAMES = {1: "cat", 2: "dog"}
ALIASES = {name: {str(n)} for n, name in _NAMES.items()}


def _boxes(header: str, splits: dict[str, str], *, words: bool = False, folders: bool = False) -> Iterator[Put]:
    """Images and one box table per split; `header` the table's header, its class a number (or, with
    `words`, a number column beside a word column); `folders`: the images in a folder per split."""
    rows: dict[str, list[str]] = {table: [header] for table in splits}
    n = 0
    for table, split in splits.items():
        for i in range(3):
            n += 1
            name = f"img_{n:03d}.jpg"
            cids = [n % 2 + 1] if i else [1, 2]
            for k, cid in enumerate(cids):
                corners = f"{1 + 9 * k},{2 + k},{7 + 9 * k},{13}"
                rows[table].append(f"{name},{corners},{cid},{_NAMES[cid]}" if words else f"{name},{corners},{cid}")
            labels = [_NAMES[c] for c in cids]
            where = f"images/{split}/{name}" if folders else f"images/{name}"
            yield _file(where, _pic(f"fix43{n}", "JPEG"), split, set(labels), labels)
    for table, lines in rows.items():
        yield aux(table, "\n".join(lines) + "\n")


def _convert(puts, tmp_path: Path):
    truth = build(Spec("download", "image", puts, "", "", aliases=ALIASES), tmp_path / "src")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    return truth, tmp_path / "out"


_SPLITS = {"train_annotations.csv": "train", "valid_annotations.csv": "validation"}


def test_a_numbered_class_column_named_by_its_header_makes_a_box_table(tmp_path: Path) -> None:
    truth, out = _convert(lambda: _boxes("image_id,x_min,y_min,x_max,y_max,category_id", _SPLITS), tmp_path)
    assert_right(truth, out)  # every image of its table's split, labelled by its boxes' classes (the numbers)
    written = written_records(out, ALIASES)
    assert sorted(written["objects"]["images/img_001.jpg"]) == ["1", "2"]  # both boxes kept, classes as numbered


def test_the_drinks_shape_xxyy_and_class_id_reads_its_header(tmp_path: Path) -> None:
    truth, out = _convert(lambda: _boxes("frame,xmin,ymin,xmax,ymax,class_id",
                                         {"labels_train.csv": "train", "labels_test.csv": "test"}), tmp_path)
    assert_right(truth, out)


def test_a_word_class_beside_a_number_class_is_the_class(tmp_path: Path) -> None:
    # the hostile twin: `class_id` and `class_name` both there; the words name the classes, not the numbers
    truth, out = _convert(lambda: _boxes("image_id,x_min,y_min,x_max,y_max,class_id,class_name", _SPLITS, words=True),
                          tmp_path)
    assert_right(truth, out)
    assert sorted(written_records(out)["objects"]["images/img_001.jpg"]) == ["cat", "dog"]


def test_split_folders_give_the_splits_whatever_the_tables_are_named(tmp_path: Path) -> None:
    # the twin of 2: the images in train/ and valid/ folders; the folders decide, as before
    puts = lambda: _boxes("image_id,x_min,y_min,x_max,y_max,category_id", _SPLITS, folders=True)
    truth, out = _convert(puts, tmp_path)
    assert set(written_records(out, ALIASES)["records"]) == set(truth.records)
    assert_right(truth, out)


def test_headerless_numbers_are_no_class() -> None:
    # without a header naming it, a fifth column of numbers is never taken for the class
    names = lambda cell: cell.startswith("img_")
    assert box_columns.read_roles(["img_001.jpg,1,2,7,13,1", "img_002.jpg,3,2,9,12,2"], names) is None
    found = box_columns.read_roles(["frame,xmin,xmax,ymin,ymax,class_id", "img_001.jpg,1,7,2,13,1"], names)
    assert found is not None and found.roles[5] == box_columns.CLASS and found.named == ("x1", "x2", "y1", "y2")
    # a header naming its numbers as no box's edges stays no box table, a class_id or not
    assert box_columns.read_roles(["frame,a,b,c,d,class_id", "img_001.jpg,1,7,2,13,1"], names) is None


@pytest.mark.parametrize(("name", "split"), [("labels_test.csv", "test"), ("gt_train.csv", "train"),
                                             ("annotations.csv", ""), ("train_val_boxes.csv", "")])
def test_split_of_name(name: str, split: str) -> None:
    assert split_of_name(name) == split


# ------------------------------------------------------------------------------------------------
# 3. A table of attributes (no text) beside a prose .txt that reads as no table: UCI's bank-full.csv beside
#    bank-names.txt went on to the scan (the .txt counted as a table that might hold text), every row rejected,
#    exit 1; the stop naming --text-column none and the class column now fires (beam_jobs/discover/text_columns.py)
# ------------------------------------------------------------------------------------------------

_PROSE = ("1. Title: Glass measurements\n\n2. Sources:\n   (a) Creator: a survey office\n\n7. Attribute "
          "information:\n   1. area: in square metres\n   5. class: the kind of glass\n")


def _attributes(tmp_path: Path, *, texts: bool = False, lines: bool = False) -> Path:
    """`glass.csv` of numbers and a class word last, beside `glass-description.txt` (prose); with `texts`, a
    table of sentences beside them too; with `lines`, a `label<TAB>text` .txt in place of the prose."""
    src = tmp_path / "src"
    src.mkdir()
    rows = ["area,ri,na,mg,class"] + [f"{10 + i},{1.51 + i / 100:.2f},{13 + i % 3},{i % 4},{('float', 'tableware')[i % 2]}"
                                      for i in range(8)]
    (src / "glass.csv").write_text("\n".join(rows) + "\n")
    if lines:
        (src / "notes.txt").write_text("".join(f"{('good', 'bad')[i % 2]}\tthe {i}th sample was measured twice\n"
                                               for i in range(6)))
    else:
        (src / "glass-description.txt").write_text(_PROSE)
    if texts:
        (src / "reviews.csv").write_text("text,label\n" + "".join(
            f"\"the window pane number {i} looked clear, then cracked\",{('pos', 'neg')[i % 2]}\n" for i in range(6)))
    return src


def test_a_table_of_attributes_beside_prose_stops_naming_the_options(tmp_path: Path) -> None:
    from shardify.errors import UsageError

    src = _attributes(tmp_path)
    table = src / "glass.csv"
    table.write_text(table.read_text().replace(",class\n", ",kind\n"))  # (no column named as a class: a stop)
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    said = str(stopped.value)
    assert "--text-column none" in said and "--label-column 'kind'" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_class_named_table_beside_prose_converts_and_leaves_the_prose_out(tmp_path: Path) -> None:
    # attrtables33: its `class` column decides the reading; the prose that reads as no table is left out, never
    # one reject over the limit (exit 1, as it was the moment both landed)
    src = _attributes(tmp_path)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = written_records(tmp_path / "out")["records"]
    assert set(written) == {f"glass.csv:{i}" for i in range(8)}
    assert {labels for _, labels in written.values()} == {frozenset({"float"}), frozenset({"tableware"})}
    assert not (tmp_path / "out" / "rejected.jsonl").exists()


def test_prose_beside_a_table_of_texts_still_converts(tmp_path: Path) -> None:
    # the twin: a table of texts there, the numbers' table is left to the scan, as before (no stop)
    src = _attributes(tmp_path, texts=True)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=_limit("100%")))
    written = written_records(tmp_path / "out")["records"]
    assert {rid for rid in written if rid.startswith("reviews.csv")} == {f"reviews.csv:{i}" for i in range(6)}


def test_a_text_file_of_label_lines_is_a_table_and_keeps_the_stop_off(tmp_path: Path) -> None:
    # the other twin: a .txt that reads as a table (`label<TAB>text` lines) may hold texts: left to the scan
    src = _attributes(tmp_path, lines=True)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=_limit("100%")))
    written = written_records(tmp_path / "out")["records"]
    assert len([rid for rid in written if rid.startswith("notes.txt")]) == 6


def _limit(value: str):
    from shardify.config import parse_max_rejects

    return parse_max_rejects(value)


def test_two_class_named_tables_naming_no_split_stop_rather_than_become_two_splits(tmp_path: Path) -> None:
    # bank-full.csv beside bank.csv (a sample of its rows), both ending in a class column `y`: read by default
    # (attrtables33) each became a split named after its file, 'bank_full' and 'bank', exit 0; now the stop stands
    from shardify.errors import UsageError

    src = tmp_path / "src"
    src.mkdir()
    rows = ['"age";"job";"balance";"y"'] + [f'{30 + i};"{("admin.", "services")[i % 2]}";{100 * i};"{("no", "yes")[i % 3 == 0]}"'
                                             for i in range(12)]
    (src / "bank-full.csv").write_text("\n".join(rows) + "\n")
    (src / "bank.csv").write_text("\n".join(rows[:1] + rows[1:12:3]) + "\n")
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    (src / "bank.csv").unlink()  # one table alone: read by its class column, as attrtables33 reads it
    run_conversion(ConvertConfig(str(src), str(tmp_path / "one")))
    assert len(written_records(tmp_path / "one")["records"]) == 12


def test_prose_of_glob_characters_is_left_out_by_its_literal_name(tmp_path: Path) -> None:
    # the decided --exclude escapes the name's glob characters: `notes [v2].txt` left out, nothing else
    src = _attributes(tmp_path)
    (src / "glass-description.txt").rename(src / "notes [v2].txt")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert set(written_records(tmp_path / "out")["records"]) == {f"glass.csv:{i}" for i in range(8)}
