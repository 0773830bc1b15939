"""Useless stops of batches 26 to 30 turned into good stops, by kind (readers33e).

- a label table of vote counts, a column per class, and no class column (blind26's FER+ `fer2013new.csv`:
  `Usage,Image name,neutral,...,contempt,unknown,NF`, ten annotators' votes a row): the stop said which
  counts make a class is the dataset's rule and named no option that reads one. Now `--label-from-votes
  majority` (with `--labels FILE`) labels each row with the class holding more than half of its votes, a
  row of none its reject (converters/vote_majority.py), and the stop names it. The real rows come from
  FER+'s own table as StevenHSKim/FERPlus-Vote-To-Label's README quotes them (`Training,fer0000000.png,4,0,0,
  1,3,2,0,0,0,0` ... `Training,fer0000009.png,0,0,6,0,0,0,4,0,0,0`): a spread of votes (4, 3, 2) and a tie
  (4 and 4) have no majority, and FER+'s own code (src/ferplus.py, mode 'majority') leaves such faces out
  too. Hostile twins: a NaN count, a count of a million digits, a negative count, a truncated row, the option
  on a table that holds no vote columns, and beside --label-column (refused at the edge).
- split folders below a wrapping folder beside a label file whose keys are file names (FER+'s
  `FERPlus-master/data/FER2013{Train,Valid,Test}/`): every input had been written as train with exit 0, its
  test and validation folders lost without a word; only the top's split folders were read. Now the split
  folders at any one level give the splits (shardify/plan/layout_guess.py, `_split_folders_below`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers import blind14, blind26, blind30
from helpers.cli_runs import message, run_shardify
from helpers.made_files import image_file
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import vote_majority
from shardify.errors import ShardifyError, UsageError
from shardify.format.manifest import load_manifest
from shardify.plan import masks_beside

_HEADER = "Usage,Image name,neutral,happiness,surprise,sadness,anger,disgust,fear,contempt,unknown,NF"
# FER+'s first rows as FERPlus-Vote-To-Label's README quotes them, and each one's majority ("" for none).
_REAL_ROWS = [
    ("fer0000000.png", "4,0,0,1,3,2,0,0,0,0", ""),
    ("fer0000001.png", "6,0,1,1,0,0,0,0,2,0", "neutral"),
    ("fer0000002.png", "5,0,0,3,1,0,0,0,1,0", ""),  # five of ten is no majority (FER+'s code drops its single votes first)
    ("fer0000003.png", "4,0,0,4,1,0,0,0,1,0", ""),
    ("fer0000004.png", "9,0,0,1,0,0,0,0,0,0", "neutral"),
    ("fer0000005.png", "6,0,0,1,0,0,1,1,1,0", "neutral"),
    ("fer0000006.png", "2,0,0,8,0,0,0,0,0,0", "sadness"),
    ("fer0000007.png", "0,10,0,0,0,0,0,0,0,0", "happiness"),
    ("fer0000008.png", "0,10,0,0,0,0,0,0,0,0", "happiness"),
    ("fer0000009.png", "0,0,6,0,0,0,4,0,0,0", "surprise"),
]


def _ferplus(root: Path, rows: list[tuple[str, str, str]], *, wrap: str = "FERPlus-master/data") -> None:
    """FER+ as its README's steps leave it: fer2013new.csv at the top, the faces under data/<set folder>/ (the
    first six rows' faces in FER2013Train, two in FER2013Valid, the rest in FER2013Test)."""
    lines = [_HEADER]
    for i, (name, votes, _) in enumerate(rows):
        usage, folder = (
            ("Training", "FER2013Train") if i < 6 else ("PublicTest", "FER2013Valid") if i < 8 else ("PrivateTest", "FER2013Test")
        )
        lines.append(f"{usage},{name},{votes}")
        image_file(root / wrap / folder / name, f"r33e{i}", width=12, height=12, fmt="PNG")
    (root / "FERPlus-master").mkdir(parents=True, exist_ok=True)
    (root / "FERPlus-master" / "fer2013new.csv").write_text("\n".join(lines) + "\n")


def _rejects(out: Path) -> list[str]:
    path = out / "rejected.jsonl"
    return path.read_text().splitlines() if path.exists() else []


# ---- the batch's own dataset ---------------------------------------------------------------------------------------


def test_ferplus_stops_naming_label_from_votes_which_converts_it_right(tmp_path: Path) -> None:
    truth = blind26.DATASETS["ferplus"](tmp_path / "download")
    message_ = refusal(truth.root, tmp_path / "out")
    follow = blind26.FOLLOW["ferplus"]
    assert follow and all(names_option(message_, key) for key in follow), message_
    assert "--labels FERPlus-master/fer2013new.csv --label-from-votes majority" in message_
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


# ---- the rule over FER+'s real rows --------------------------------------------------------------------------------


def test_real_rows_take_their_majority_and_a_row_of_none_is_its_reject(tmp_path: Path) -> None:
    _ferplus(tmp_path / "src", _REAL_ROWS)
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"),
            str(tmp_path / "out"),
            labels_file="FERPlus-master/fer2013new.csv",
            label_votes="majority",
            max_rejects="50%",
        )
    )  # (3 of 10 have none: over the default 10%)
    records = written_records(tmp_path / "out")["records"]
    expected = {name: label for name, _, label in _REAL_ROWS if label}
    assert {Path(p).name: next(iter(labels)) for p, (_, labels) in records.items()} == expected
    splits = {Path(p).name: split for p, (split, _) in records.items()}
    assert splits["fer0000001.png"] == "train" and splits["fer0000006.png"] == "validation" and splits["fer0000009.png"] == "test"
    rejects = _rejects(tmp_path / "out")
    assert len(rejects) == 3 and all("no majority" in line for line in rejects), rejects
    assert "neutral 4, happiness 0" in rejects[0]  # (the counts said, for the user to judge)


def test_majority_label_is_strict_and_reads_only_whole_counts() -> None:
    columns = ("a", "b", "c")
    assert vote_majority.majority_label({"a": "2", "b": "1", "c": "0"}, columns) == "a"
    assert vote_majority.majority_label({"a": "0", "b": "0", "c": "0"}, columns)[1].endswith("no majority")  # no votes
    for bad in ("NaN", "-1", "2.5", "9" * 7, "", None, True):
        label = vote_majority.majority_label({"a": bad, "b": "1", "c": "0"}, columns)
        assert isinstance(label, tuple) and "no whole number" in label[1], bad


# ---- hostile twins -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "votes",
    ["NaN,0,0,8,0,0,0,0,0,0", "2,0,0," + "9" * 1_000_000 + ",0,0,0,0,0,0", "2,0,0,-8,0,0,0,0,0,0", "2,0,0"],
    ids=["nan", "huge", "negative", "truncated"],
)
def test_a_bad_row_is_its_own_reject_the_others_written(votes: str, tmp_path: Path) -> None:
    rows = list(_REAL_ROWS)
    rows[6] = ("fer0000006.png", votes, "")
    _ferplus(tmp_path / "src", rows)
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"),
            str(tmp_path / "out"),
            labels_file="FERPlus-master/fer2013new.csv",
            label_votes="majority",
            max_rejects="100%",
        )
    )
    records = written_records(tmp_path / "out")["records"]
    assert "fer0000006.png" not in {Path(p).name for p in records}
    assert {Path(p).name for p in records} == {name for name, _, label in _REAL_ROWS if label and name != "fer0000006.png"}
    assert any("fer0000006.png" in line or '"row": 8' in line for line in _rejects(tmp_path / "out"))


def test_a_table_of_no_vote_columns_refuses_the_option(tmp_path: Path) -> None:
    for i in range(4):
        image_file(tmp_path / "src" / "images" / f"{i}.png", f"nv{i}", fmt="PNG")
    (tmp_path / "src" / "labels.csv").write_text("file,label\n" + "".join(f"{i}.png,{'ab'[i % 2]}\n" for i in range(4)))
    with pytest.raises(ShardifyError) as refused:
        run_conversion(
            ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), labels_file="labels.csv", label_votes="majority")
        )
    assert "no columns of vote counts" in str(refused.value) and "--label-column" in str(refused.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_the_option_is_checked_at_the_edge(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not one of majority"):
        ConvertConfig("src", "out", labels_file="t.csv", label_votes="plurality")
    with pytest.raises(ValueError, match="goes with --labels"):
        ConvertConfig("src", "out", label_votes="majority")
    with pytest.raises(ValueError, match="not with --label-column"):
        ConvertConfig("src", "out", labels_file="t.csv", label_votes="majority", label_column="neutral")
    result = run_shardify("convert", str(tmp_path), str(tmp_path / "out"), "--labels", "t.csv", "--label-from-votes", "mode")
    assert result.returncode == 2, message(result.stderr)


def test_our_own_output_as_input_is_no_vote_table(tmp_path: Path) -> None:
    # The converted output (shards, manifest, plan) given as SRC with the same option: its tables are no vote tables.
    _ferplus(tmp_path / "src", _REAL_ROWS[:6])
    run_conversion(
        ConvertConfig(
            str(tmp_path / "src"),
            str(tmp_path / "out"),
            labels_file="FERPlus-master/fer2013new.csv",
            label_votes="majority",
            max_rejects="100%",
        )
    )
    assert load_manifest(str(tmp_path / "out")).splits
    with pytest.raises(UsageError, match="is a shardify output"):
        run_conversion(
            ConvertConfig(
                str(tmp_path / "out"), str(tmp_path / "again"), labels_file="inputs-v00001.jsonl", label_votes="majority"
            )
        )
    assert not (tmp_path / "again" / "manifest.json").exists()


# ---- split folders below a wrapping folder, beside a label file ----------------------------------------------------


def test_split_folders_below_the_top_give_the_splits_of_a_given_label_file(tmp_path: Path) -> None:
    # A Kaggle-style download: chest_xray/{train,val,test}/<file> beside a labels.csv of file names and classes.
    src = tmp_path / "src"
    rows = []
    for i in range(9):
        split = ("train", "val", "test")[i % 3]
        image_file(src / "chest_xray" / split / f"p{i}.jpeg", f"cx{i}")
        rows.append(f"p{i}.jpeg,{'NORMAL' if i % 2 else 'PNEUMONIA'}")
    (src / "labels.csv").write_text("filename,label\n" + "\n".join(rows) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file="labels.csv"))
    records = written_records(tmp_path / "out")["records"]
    assert {Path(p).name: split for p, (split, _) in records.items()} == {
        f"p{i}.jpeg": ("train", "validation", "test")[i % 3] for i in range(9)
    }
    assert {Path(p).name: next(iter(labels)) for p, (_, labels) in records.items()}["p1.jpeg"].lower() == "normal"


def test_folders_that_name_no_split_stay_one_split(tmp_path: Path) -> None:
    # The twin: folders below the top that are no splits (two cameras) give none; the file's rows label every image.
    src = tmp_path / "src"
    for i in range(6):
        image_file(src / "shots" / ("cam_a", "cam_b")[i % 2] / f"s{i}.jpg", f"sh{i}")
    (src / "labels.csv").write_text("filename,label\n" + "".join(f"s{i}.jpg,{'xy'[i % 3 == 0]}\n" for i in range(6)))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file="labels.csv"))
    records = written_records(tmp_path / "out")["records"]
    assert {split for split, _ in records.values()} == {"train"} and len(records) == 6


# ---- masks named as their image plus words, in a tree of their own; one set of images partitioned twice ------------


def test_rim_one_dl_stops_naming_the_exclude_of_a_partition_which_converts_it_right(tmp_path: Path) -> None:
    # RIM-ONE DL (miag-ull/rim-one-dl): RIM-ONE_DL_images/partitioned_by_hospital/ and partitioned_randomly/ hold the
    # same images in other splits; RIM-ONE_DL_reference_segmentations/<class>/<stem>-1-Disc-T.png and -1-Cup-T.png are
    # two masks of each image (masks_beside._named_after), no class folders at uneven depths.
    truth = blind30.DATASETS["rim_one_dl"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--exclude 'RIM-ONE_DL_images/partitioned_randomly/**'" in said, said
    assert "--exclude 'RIM-ONE_DL_images/partitioned_by_hospital/**'" in said and "uneven depths" not in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **blind30.FOLLOW["rim_one_dl"]))
    assert_right(truth, tmp_path / "followed")


def _drishti(root: Path) -> None:
    """Drishti-GS1 (the optic disc and cup of 101 fundus images) as loaders in the code corpus read it
    (find_string 'ODsegSoftmap': `Drishti-GS1_files/{Training,Test}/Images/drishtiGS_002.png` beside
    `GT/drishtiGS_002/SoftMap/drishtiGS_002_ODsegSoftmap.png` and `_cupsegSoftmap.png`): two masks an image, in a
    tree of their own, named as the image plus a word. 4 images a split, 20x16."""
    for split, first in (("Training", 2), ("Test", 60)):
        for i in range(first, first + 4):
            stem = f"drishtiGS_{i:03d}"
            image_file(root / "Drishti-GS1_files" / split / "Images" / f"{stem}.png", stem, fmt="PNG")
            for part, r in (("ODsegSoftmap", 6), ("cupsegSoftmap", 3)):
                mask = np.zeros((16, 20), np.uint8)
                mask[8 - r : 8 + r, 10 - r : 10 + r] = 255
                path = root / "Drishti-GS1_files" / split / "GT" / stem / "SoftMap" / f"{stem}_{part}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                Image.fromarray(mask, "L").save(path)


def test_a_neighbours_two_masks_an_image_are_no_inputs(tmp_path: Path) -> None:
    _drishti(tmp_path / "src")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert names_option(said, "label_level"), said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=0))
    records = written_records(tmp_path / "followed")["records"]
    assert len(records) == 8 and all("/Images/" in p for p in records)
    assert {split for split, _ in records.values()} == {"train", "test"}


def test_a_mask_folders_files_that_only_begin_like_an_image_are_not_its_masks() -> None:
    # `r1_Im0331` is no mask of `r1_Im033` (no separator after the image's stem); a folder named for masks whose
    # files name no image stays what the paths say.
    inputs = [f"images/{c}/r1_Im03{i}.png" for c in ("a", "b") for i in range(4)]
    photos = [f"reference_segmentations/{c}/r1_Im03{i}1.png" for c in ("a", "b") for i in range(4)]
    masks = [f"reference_segmentations/{c}/r1_Im03{i}-1-Disc-T.png" for c in ("a", "b") for i in range(4)]
    assert masks_beside.mask_folders_of(inputs + masks) == {"reference_segmentations/"}
    assert masks_beside.mask_folders_of(inputs + photos) == set()


def test_siblings_of_other_file_names_offer_no_exclude(tmp_path: Path) -> None:
    # The twin: two parts of different images, each with the same class and split folders, are no copies of one set.
    truth = blind30.DATASETS["rim_one_dl"](tmp_path / "download")
    for path in (truth.root / "RIM-ONE_DL_images" / "partitioned_randomly").rglob("*.png"):
        path.rename(path.with_name("other_" + path.name))
    said = refusal(truth.root, tmp_path / "out")
    assert "partitioned more than once" not in said, said


def test_a_bare_segmentations_folder_keeps_the_leeds_butterflys_stop(tmp_path: Path) -> None:
    # The twin: blind14's Leeds Butterfly (images/<ccc><nnnn>.png, the class the first three digits, beside
    # segmentations/<stem>_seg0.png). Read as a mask folder by its bare plural name, the images were written
    # unlabelled with exit 0; only a compound name ending in the plural (`..._reference_segmentations`) is one.
    truth = blind14.DATASETS["leeds_butterfly"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert all(names_option(said, key) for key in blind14.FOLLOW["leeds_butterfly"]), said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **blind14.FOLLOW["leeds_butterfly"]))
    assert_right(truth, tmp_path / "followed")
