"""A wrapper folder read as the class beside a folder of previews: the stop offers the level and the exclude.

The Sign Language Digits Dataset (blind28 `sign_digits`, github.com/ardamavi/Sign-Language-Digits-Dataset)
keeps its images in Dataset/<digit>/ and the README's previews loose in Examples/. Read at the top
level, the classes are `Dataset` and `Examples`; the check of container names (`plan.checks`) stopped
with "--label-level N", and --label-level 2 alone then rejected every preview (no class folder at
that level) past --max-rejects: a stop naming nothing that converts. The stop now names the level
beneath the containers and an --exclude per sibling folder, as a choice (the sibling may hold
inputs). A neighbour of the same kind (images/<class>/ beside samples/, the preview folder of
SubhiH/HandsDataset's README) and hostile twins: a sibling holding class folders of its own (no
exclude offered, kept by --label-level alone: nothing lost), split folders (no one number offered), and more siblings than a
message shows (no partial list of excludes).
"""

from __future__ import annotations

from pathlib import Path

from helpers import blind28
from helpers.made_files import image_file as _image
from helpers.refusals import refusal
from helpers.unseen_judge import judge_first_command, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan.evidence_keys import key_rule


def test_sign_digits_stop_names_the_options_that_convert_it(tmp_path: Path) -> None:
    assert blind28.FOLLOW["sign_digits"] == {"label_level": 2, "exclude": ("Examples/**",)}
    judge_first_command(blind28.DATASETS, "sign_digits", tmp_path, blind28.FOLLOW["sign_digits"])


def _hands(root: Path, sibling: str = "samples", sibling_classes: bool = False) -> dict[str, str]:
    """images/<fingers>/hNN.jpg (3 classes of 3) beside `sibling`/ of previews, or of class folders
    of its own where `sibling_classes`; {file name: its class}."""
    truth = {}
    for fingers in ("one", "two", "five"):
        for k in range(3):
            name = f"h{fingers}{k}.jpg"
            _image(root / "images" / fingers / name, f"h{fingers}{k}")
            truth[name] = fingers
            if sibling_classes:
                _image(root / sibling / fingers / f"x{name}", f"x{fingers}{k}")
                truth[f"x{name}"] = fingers
    if not sibling_classes:
        for k in range(1, 4):
            _image(root / sibling / f"s{k}.png", f"s{k}", fmt="PNG")
    return truth


def _labels(out: Path) -> dict[str, str]:
    return {Path(rid).name: next(iter(labels)) for rid, (_, labels) in written_records(out)["records"].items()}


def test_neighbour_previews_beside_image_classes(tmp_path: Path) -> None:
    src = tmp_path / "HandsDataset"
    truth = _hands(src)
    said = refusal(src, tmp_path / "out")
    assert "--label-level 2" in said and "--exclude 'samples/**'" in said, said
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), label_level=2, exclude=("samples/**",)))
    assert _labels(tmp_path / "followed") == truth


def test_twin_sibling_with_classes_of_its_own_is_kept_by_the_level_alone(tmp_path: Path) -> None:
    src = tmp_path / "twin"
    truth = _hands(src, sibling="extra", sibling_classes=True)
    said = refusal(src, tmp_path / "out")
    # (the folders of the same names beneath both stop first, in `structure`: no exclude offered)
    assert "--label-level 2" in said and not names_option(said, "exclude"), said
    run_conversion(ConvertConfig(str(src), str(tmp_path / "followed"), label_level=2))
    assert _labels(tmp_path / "followed") == truth  # every file, the sibling's too


def test_twin_split_folders_offer_no_one_level(tmp_path: Path) -> None:
    src = tmp_path / "splits"
    for split in ("train", "test"):
        for folder in ("dataset", "cat", "dog"):
            for k in range(3):
                _image(src / split / folder / f"{split}{folder}{k}.jpg", f"{split}{folder}{k}")
    said = refusal(src, tmp_path / "out")
    assert names_option(said, "label_level") and not names_option(said, "exclude"), said


def test_twin_more_siblings_than_shown_gets_no_partial_excludes(tmp_path: Path) -> None:
    src = tmp_path / "many"
    _hands(src)
    for k in range(6):
        _image(src / f"shots{k}" / "a.jpg", f"shots{k}")
    said = refusal(src, tmp_path / "out")
    assert "--label-level 2" in said and not names_option(said, "exclude"), said


# ------------------------------------------------------------------------------------------------
# Split lists naming files at two depths (the Grocery Store's dataset/<split>.txt)
# ------------------------------------------------------------------------------------------------


def test_grocery_lists_place_every_image_at_either_depth(tmp_path: Path) -> None:
    # The lists' keys were read by their median length (5 components), and every image in a folder
    # one level shallower (Avocado, Banana, Cabbage: no variety folder) "named no file": 12 of 28 rejected.
    truth = blind28.DATASETS["grocery_store"](tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), label_level=0,
                                 exclude=("dataset/iconic-images-and-descriptions/**",)))
    written = written_records(out)["records"]
    named = {"val": "validation"}  # (the split's name in records)
    assert {rid: split for rid, (split, _) in written.items()} == {rid: named.get(s, s) for rid, (s, _) in truth.records.items()}
    assert not (out / "rejected.jsonl").exists()


def test_key_rule_takes_a_shorter_depth_many_rows_have_not_a_few_odd_lines() -> None:
    deep = [f"train/Fruit/Apple/Pink/{k}.jpg" for k in range(6)]
    shallow = [f"train/Fruit/Kiwi/{k}.jpg" for k in range(2)]
    assert key_rule(deep + shallow).parts == 4  # a quarter of the rows: a depth of its own
    assert key_rule([*deep, *deep, "train/Fruit/Kiwi/0.jpg", "0.jpg"]).parts == 5  # two odd lines of 14
    assert key_rule([*deep, "../../../../etc/passwd", "passwd"]).parts == 5


def test_twin_list_paths_leaving_src_name_nothing_outside(tmp_path: Path) -> None:
    src = tmp_path / "escape"
    for split in ("train", "test"):
        for k in range(4):
            _image(src / "data" / split / "cat" / f"{split}{k}.jpg", f"{split}{k}")
    (tmp_path / "outside.jpg").write_bytes((src / "data" / "train" / "cat" / "train0.jpg").read_bytes())
    rows = [f"train/cat/train{k}.jpg" for k in range(4)] + ["../../outside.jpg", "../../outside.jpg"]
    (src / "data" / "train.txt").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except UsageError:
        assert not (out / "manifest.json").exists()
        return
    assert all("outside" not in rid for rid in written_records(out)["records"])
