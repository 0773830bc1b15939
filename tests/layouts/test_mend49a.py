"""Blind batch 49's held-out test table in a train-named folder, mended by kind, on a neighbour layout and hostile twins.

Batch 49's emergency-vehicle hackathon (tests/helpers/blind49.py) keeps its train and test images in one folder,
`train_SOaYf6m/images/`, labels the train images in `train_SOaYf6m/train.csv` and names the test images in
`test_vc2kHdQ.csv` (one column, no label) beside `sample_submission_yxjOnvz.csv`. The folder's name made it the
train split's, the test table was set aside: the test images were written into train, unlabelled, exit 0. The kind:
a split-named table keyed as the label table is, without its label column, is that split's membership
(beam_jobs/discover/held_out_in_split_folder.py).

The neighbour is another Analytics Vidhya hackathon of the same shape, not in any batch: "Game of Deep Learning: Ship
datasets". Read in the code corpus (find_string 'test_ApKoW4T.csv'): "rcsv = pd.read_csv('../input/train/train.csv');
testcvs = pd.read_csv('../input/test_ApKoW4T.csv'); data_path = '../input/train/images/' ... train_images =
data[:6252]; test_images = data[6252:]" (one folder of both); "test = pd.read_csv('../input/test_ApKoW4T.csv');
sample = pd.read_csv('../input/sample_submission_ns2btKE.csv'); train = pd.read_csv('../input/train/train.csv')";
"The training CSV contains: image, category ... while the test CSV contains: image"; categories 1..5 (Cargo,
Military, Carrier, Cruise, Tankers). The numeric image names are as remembered. The hostile twins: an image named by
both tables (a reject naming both, never in two splits), a test table that also names missing files (the present
ones still the test split), a test table WITH the label column (another table of labels: never written as
unlabelled train images with exit 0), and a sample submission alone (auxiliary: no split made of it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen4 import Spec, aux, build
from helpers.unseen4 import given as _file
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import RejectLimitError, UsageError

_TRAIN = {"2823080.jpg": "1", "2870024.jpg": "3", "2662125.jpg": "2", "2900420.jpg": "5", "2804883.jpg": "4", "2828619.jpg": "1"}
_TEST = ("1007700.jpg", "1011369.jpg", "1051155.jpg")


def _ships(
    test_rows=None,
    test_header: str = "image",
    test_table: str = "test_ApKoW4T.csv",
    truth_test: bool = True,
    extra_test_rows=(),
    sample: bool = True,
):
    """Game of Deep Learning's ship download: train/images/ of train and test images, train/train.csv of
    `image,category`, a test table of `image` at the top and a sample submission beside it."""

    def puts():
        for name, label in _TRAIN.items():
            yield _file(f"train/images/{name}", _pic(f"ship{name}", "JPEG"), "train", label)
        for name in _TEST:
            yield _file(f"train/images/{name}", _pic(f"ship{name}", "JPEG"), "test" if truth_test else "train")
        yield aux("train/train.csv", "image,category\n" + "".join(f"{n},{c}\n" for n, c in _TRAIN.items()))
        rows = test_rows if test_rows is not None else [f"{n}\n" for n in _TEST]
        if test_table:
            yield aux(test_table, test_header + "\n" + "".join(rows) + "".join(extra_test_rows))
        if sample:
            yield aux("sample_submission_ns2btKE.csv", "image,category\n" + "".join(f"{n},0\n" for n in _TEST))

    return puts


def _convert(puts, tmp_path: Path, **options):
    truth = build(Spec("game-of-deep-learning-ship-datasets", "image", puts, "", ""), tmp_path / "src")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), **options))
    return truth, out


def test_the_neighbour_test_table_puts_its_images_in_test_unlabelled(tmp_path: Path) -> None:
    truth, out = _convert(_ships(), tmp_path)
    assert_right(truth, out)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["splits"]["test"]["num_records"] == len(_TEST)


def test_the_batch_layout_itself_is_right(tmp_path: Path) -> None:
    from helpers.blind49 import SPECS

    truth = build(SPECS["emergency_vehicles"], tmp_path / "src")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out", SPECS["emergency_vehicles"].aliases)


def _splits(out: Path) -> dict[str, tuple[str, frozenset | None]]:
    """{file name: (split, labels)} of the written records."""
    return {Path(rid).name: entry for rid, entry in written_records(out)["records"].items()}


def test_an_image_both_tables_name_stops_naming_both(tmp_path: Path) -> None:
    """An input two split tables name is in no split: the run stops before writing, naming both tables."""
    twin = next(iter(_TRAIN))
    truth = build(Spec("ships", "image", _ships(test_rows=[f"{n}\n" for n in (*_TEST, twin)]), "", ""), tmp_path / "src")
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    said = str(stopped.value)
    assert "test_ApKoW4T.csv" in said and "train/train.csv" in said and twin in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_test_table_naming_missing_files_still_makes_the_present_ones_test(tmp_path: Path) -> None:
    _, out = _convert(_ships(extra_test_rows=("1099999.jpg\n",)), tmp_path)
    found = _splits(out)
    assert sorted(name for name, (split, _) in found.items() if split == "test") == sorted(_TEST), found
    assert all(found[name] == ("train", frozenset({label})) for name, label in _TRAIN.items()), found


def test_a_test_table_with_the_label_column_is_no_unlabelled_list(tmp_path: Path) -> None:
    """`test.csv` of `image,category`: another table of labels, never a list of unlabelled inputs. Right, a stop
    before writing, or (as today) no manifest with the reason (each test image "no usable row in train/train.csv
    names it"): never the test images written unlabelled with exit 0."""
    rows = [f"{n},{c}\n" for n, c in zip(_TEST, ("2", "4", "1"))]

    def labelled():
        for put in _ships(test_rows=rows, test_header="image,category")():
            if put.record and Path(put.path).name in _TEST:
                put = _file(put.path, put.data, "test", dict(zip(_TEST, ("2", "4", "1")))[Path(put.path).name])
            yield put

    truth = build(Spec("ships", "image", labelled, "", ""), tmp_path / "src")
    try:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    except (UsageError, RejectLimitError):
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    assert_right(truth, tmp_path / "out")


def test_a_sample_submission_alone_makes_no_split(tmp_path: Path) -> None:
    """No test table: the sample submission stays auxiliary, and no test split is made of it."""
    try:
        _, out = _convert(_ships(test_table="", truth_test=False), tmp_path)
    except UsageError:
        return
    manifest = json.loads((out / "manifest.json").read_text())
    assert "test" not in manifest["splits"], manifest["splits"]


@pytest.mark.parametrize("name", ["sample_submission_ns2btKE.csv", "labels_extra.csv"])
def test_tables_not_named_by_a_split_make_no_split(name: str, tmp_path: Path) -> None:
    from shardify.beam_jobs.discover.held_out_in_split_folder import held_out_lists
    from shardify.plan.evidence import Evidence

    label = Evidence("train/train.csv", "label lines", column=0, header=True, label_column=1)
    heads = {"train/train.csv": ["image,category", "1.jpg,1"], name: ["image", "2.jpg"]}
    assert held_out_lists(label, heads, lambda keys: True, "train") == []


# (2) Two 0/1 flag columns, each named by a split, that give the splits together (batch 49's Bee vs Wasp:
# `is_validation`, `is_final_validation`, train where neither is set). No public neighbour of two such flags was
# found in the code corpus (searched "is_train is_val is_test flags"); the neighbour is invented in the shape of
# such exports: `images/` of flat JPEGs, `labels.csv` of `filename,label,is_val,is_test`.
_FLAGS = [("0", "0"), ("1", "0"), ("0", "1"), ("0", "0")]
_FLAG_SPLIT = {("0", "0"): "train", ("1", "0"): "validation", ("0", "1"): "test"}


def _flagged(rows_flags=None, columns: str = "is_val,is_test"):
    """Flat images/ and labels.csv of `filename,label,<flag columns>`; the truth's split from the flags."""

    def puts():
        rows = [f"filename,label,{columns}"]
        for i in range(12):
            flags = rows_flags[i] if rows_flags else _FLAGS[i % len(_FLAGS)]
            label = ("cat", "dog", "fox")[i % 3]
            name = f"img_{i:03d}.jpg"
            yield _file(f"images/{name}", _pic(f"flag{i}", "JPEG"), _FLAG_SPLIT.get(tuple(flags), "train"), label)
            rows.append(f"images/{name},{label},{','.join(flags)}")
        yield aux("labels.csv", "\n".join(rows) + "\n")

    return puts


def _refusal(puts, tmp_path: Path, **options) -> tuple[object, str]:
    truth = build(Spec("flags", "image", puts, "", ""), tmp_path / "src")
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "stopped"), **options))
    assert not (tmp_path / "stopped" / "manifest.json").exists()
    return truth, str(stopped.value)


def _layout_of(said: str, codes: dict[str, str]) -> object:
    from shardify.plan import layout_file

    evidence = said[said.index("{path: labels.csv") : said.index("}, each SPLIT") + 1]
    for code, split in codes.items():
        evidence = evidence.replace(f"{code}: SPLIT", f"{code}: {split}")
    evidence = evidence.replace(", 1+1: SPLIT", "")  # a code of no split: left out, its rows rejects
    text = "shardify_layout: 1\nlayout: label_file\nmedia: image\nlabels_file: labels.csv\nlabel_key: path\n"
    return layout_file.loads(text + f"evidence:\n  - {evidence}\n", where="layout.yaml").layout


def test_two_split_flag_columns_stop_naming_both_and_their_layout_converts_right(tmp_path: Path) -> None:
    truth, said = _refusal(_flagged(), tmp_path, labels_file="labels.csv")
    assert "variable: is_val+is_test" in said and "'is_val', 'is_test'" in said, said
    assert all(f"{code}: SPLIT" in said for code in ("0+0", "0+1", "1+0")), said
    layout = _layout_of(said, {"0+0": "train", "1+0": "validation", "0+1": "test"})
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), layout_given=layout))
    assert_right(truth, tmp_path / "out")


def test_one_split_flag_column_still_names_itself_alone(tmp_path: Path) -> None:
    """Near miss: one flag (`is_test`) beside a 0/1 column no split names (`is_blurry`): the stop names `is_test` alone."""
    flags = [("0", "1"), ("1", "0"), ("0", "0"), ("1", "1")]
    _, said = _refusal(_flagged([flags[i % 4] for i in range(12)], "is_test,is_blurry"), tmp_path, labels_file="labels.csv")
    assert "variable: is_test," in said and "is_blurry" not in said, said


def test_a_row_with_both_flags_set_is_a_reject_with_its_reason(tmp_path: Path) -> None:
    """A row flagged validation and test at once: its code (`1+1`) is none the layout gives, its image a reject."""
    flags = [_FLAGS[i % len(_FLAGS)] for i in range(12)]
    flags[5] = ("1", "1")
    truth, said = _refusal(_flagged(flags), tmp_path, labels_file="labels.csv")
    layout = _layout_of(said, {"0+0": "train", "1+0": "validation", "0+1": "test"})
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), layout_given=layout))
    rejected = (out / "rejected.jsonl").read_text()
    assert "img_005.jpg" in rejected or "'1+1'" in rejected, rejected
    assert "images/img_005.jpg" not in written_records(out)["records"]


def test_a_code_left_as_the_stop_spells_it_stops(tmp_path: Path) -> None:
    """A layout file keeping the stop's `SPLIT` for a code had written a split named "SPLIT" with exit 0: refused."""
    from shardify.plan import layout_file

    truth, said = _refusal(_flagged(), tmp_path, labels_file="labels.csv")
    evidence = said[said.index("{path: labels.csv") : said.index("}, each SPLIT") + 1].replace("0+0: SPLIT", "0+0: train")
    text = "shardify_layout: 1\nlayout: label_file\nmedia: image\nlabels_file: labels.csv\nlabel_key: path\n"
    with pytest.raises(UsageError, match="leaves the split of its codes"):
        layout = layout_file.loads(text + f"evidence:\n  - {evidence}\n", where="layout.yaml").layout
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), layout_given=layout))
    assert not (tmp_path / "out" / "manifest.json").exists()
