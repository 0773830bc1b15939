"""Label files of three kinds read as a user first types the command, built for the kind, not the
dataset: a metadata table whose key column is found by content (HAM10000's image_id, here a
neighbour keyed by its 3rd column), split lists that label with a hierarchy of levels
(FGVC-Aircraft's images_<level>_<split>.txt; here levels no word names, the finest told by the
lines), and one list of inputs per concept (MIRFLICKR-25k; here a neighbour naming files). Each
with its hostile twins: keys naming no file or two files, two matching key columns, lists of two
splits naming one input. Records are read back from the shards, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, read_shard
from helpers.sources import image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _written(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """{image path: (split, sorted label names)} read back from every shard."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                value = record.get(contract.LABEL_TEXT, [])
                names = value if isinstance(value, list) else [value]
                found[record[contract.IMAGE_FILENAME].decode()] = (split, tuple(sorted(n.decode() for n in names)))
    return found


def _image(root: Path, relpath: str, seed: int) -> None:
    (root / relpath).parent.mkdir(parents=True, exist_ok=True)
    (root / relpath).write_bytes(image_bytes(fmt="PNG", seed=seed))


def _metadata_table(root: Path, *, extra_key: bool = False, label_header: str = "diagnosis") -> dict[str, str]:
    """A registry's download: scans/<scan>.png and metadata.csv `patient,visit,scan,<label>,age`,
    the key in its 3rd column, the patient shared by two scans. {relpath: label}."""
    truth = {}
    rows = [f"patient,visit,scan,{label_header},age" + (",scan_copy" if extra_key else "")]
    scans = [f"SC{7300 + 11 * i:06d}" for i in range(8)]
    for i, scan in enumerate(scans):
        label = ("benign", "malignant", "normal")[i % 3]
        _image(root, f"scans/{scan}.png", i)
        # `extra_key`: a second column naming an image on every row, another one than `scan`'s (a
        # column naming the same one on every row is the same key: tests/layouts/test_round_seven_kinds.py)
        rows.append(f"P{i // 2:04d},{i % 2},{scan},{label},{50 + i}" + (f",{scans[(i + 1) % 8]}" if extra_key else ""))
        truth[f"scans/{scan}.png"] = label
    (root / "metadata.csv").write_text("\n".join(rows) + "\n")
    return truth


def test_a_metadata_table_keyed_by_its_third_column_labels_the_images(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    truth = _metadata_table(root)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert _written(tmp_path / "out") == {p: ("train", (label,)) for p, label in truth.items()}


def test_a_key_repeated_past_the_rows_detection_read_with_another_label_rejects_its_image(tmp_path: Path) -> None:
    """Detection reads a table's first 40 lines; a key given again further down with another label
    made its image a record of two labels (multi-label, exit 0). One label a row: that image is
    rejected naming both rows; the same label twice is no contradiction."""
    root = tmp_path / "registry"
    labels = ("benign", "malignant", "normal")
    truth, rows = {}, ["patient,scan,diagnosis"]
    for i in range(48):
        scan = f"SC{7300 + 11 * i:06d}"
        _image(root, f"scans/{scan}.png", i)
        rows.append(f"P{i // 2:04d},{scan},{labels[i % 3]}")
        truth[f"scans/{scan}.png"] = labels[i % 3]
    rows += ["P8000,SC007300,malignant", "P8001,SC007311,malignant"]  # scan 0 (benign) again, scan 1 (malignant) again
    (root / "metadata.csv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), max_rejects="100%"))
    written = _written(out)
    assert "scans/SC007300.png" not in written and written["scans/SC007311.png"] == ("train", ("malignant",))
    assert len(written) == 47
    reasons = [r.get("reason", "") for r in read_report(out, naming.REJECTS_FILENAME) if r.get("path") == "scans/SC007300.png"]
    assert reasons and "different labels" in reasons[0], reasons


def test_two_columns_naming_the_images_stop_naming_key_column(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    truth = _metadata_table(root, extra_key=True)
    with pytest.raises(UsageError, match="--key-column") as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    assert "'scan'" in str(refused.value) and "'scan_copy'" in str(refused.value)
    assert not (tmp_path / "first" / naming.MANIFEST_FILENAME).exists()
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--key-column", "scan", "-q")
    assert result.returncode == 0, result.stderr
    assert _written(tmp_path / "out") == {p: ("train", (label,)) for p, label in truth.items()}


def test_a_key_column_no_table_uses_stops(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for label in ("cat", "dog"):
        for i in range(3):
            _image(root, f"{label}/{label}_{i}.png", i)
    (root / "notes.csv").write_text("file,comment\ncat_0,blurry\n")
    with pytest.raises(UsageError, match="--key-column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), key_column="file"))
    with pytest.raises(UsageError, match="--key-column"):  # (with --labels: a join onto tables of texts, of which none)
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out2"), key_column="file", labels_file=str(root / "notes.csv")))


def test_no_column_named_as_the_label_stops_naming_label_column(tmp_path: Path) -> None:
    root = tmp_path / "registry"
    truth = _metadata_table(root, label_header="finding_text")
    (root / "metadata.csv").write_text((root / "metadata.csv").read_text().replace(",age", ",site").replace(",50", ",arm").replace(",5", ",leg"))
    with pytest.raises(UsageError, match="--label-column"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_column="finding_text"))
    assert _written(tmp_path / "out") == {p: ("train", (label,)) for p, label in truth.items()}


def test_table_keys_naming_no_image_or_two_images_are_rejects_with_their_reason(tmp_path: Path) -> None:
    """HAM10000's layout: part folders and a metadata table keyed by its 2nd column. One row names
    no image; one stem lies in both parts: neither is written, each reported."""
    root = tmp_path / "ham"
    rows = ["lesion_id,image_id,dx,dx_type"]
    truth = {}
    for i in range(12):
        image = f"ISIC_{24306 + i:07d}"
        part = 1 + i % 2
        _image(root, f"images_part_{part}/{image}.jpg".replace(".jpg", ".png"), i)
        rows.append(f"HAM_{i // 2:07d},{image},{('nv', 'mel', 'bkl')[i % 3]},histo")
        truth[f"images_part_{part}/{image}.png"] = ("train", (("nv", "mel", "bkl")[i % 3],))
    _image(root, "images_part_1/ISIC_0024307.png", 99)  # also in part 2
    rows.append("HAM_0000099,ISIC_0099999,df,histo")  # no such image
    (root / "HAM10000_metadata.csv").write_text("\n".join(rows) + "\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), max_rejects="50%"))
    twins = {"images_part_1/ISIC_0024307.png", "images_part_2/ISIC_0024307.png"}
    assert _written(out) == {p: v for p, v in truth.items() if p not in twins}
    reasons = {r.get("path", ""): r.get("reason", "") for r in read_report(out, naming.REJECTS_FILENAME)}
    assert "names no file" in reasons["HAM10000_metadata.csv"]
    assert all("names 2 files" in reasons[p] for p in twins)


def _level_lists(root: Path, *, overlap: bool = False, same_grain: bool = False) -> dict[str, tuple[str, tuple[str, ...]]]:
    """A fine-grained download: photos/<id>.png and lists/<kind|group>_<split>.txt of `<id> <name>`
    (names with spaces and '/'), a kind naming one group; `same_grain`: one group per kind."""
    kinds = [("Red fox", "Canid/fox"), ("Arctic fox", "Canid/fox"), ("Grey wolf", "Canid/wolf"), ("Lynx", "Felid")]
    if same_grain:
        kinds = [(k, f"{g} {n}") for n, (k, g) in enumerate(kinds)]
    truth = {}
    lists: dict[str, list[str]] = {}
    n = 4100
    for kind, group in kinds:
        for split in ("train", "train", "test"):
            image = f"{n:07d}"
            n += 13
            _image(root, f"photos/{image}.png", n)
            truth[f"photos/{image}.png"] = (split, (kind,))
            lists.setdefault(f"kind_{split}", []).append(f"{image} {kind}")
            lists.setdefault(f"group_{split}", []).append(f"{image} {group}")
    if overlap:
        lists["kind_test"].append(lists["kind_train"][0])
    (root / "lists").mkdir(parents=True, exist_ok=True)
    for name, lines in lists.items():
        (root / "lists" / f"{name}.txt").write_text("\n".join(lines) + "\n")
    return truth


def test_split_lists_of_two_levels_are_read_at_the_finer_one_the_lines_show(tmp_path: Path) -> None:
    truth = _level_lists(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _written(tmp_path / "out") == truth


def test_levels_the_lines_cannot_tell_apart_and_no_word_orders_stop(tmp_path: Path) -> None:
    _level_lists(tmp_path / "src", same_grain=True)
    with pytest.raises(UsageError, match="layout file"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))


def test_lists_of_two_splits_naming_one_image_stop_naming_both(tmp_path: Path) -> None:
    _level_lists(tmp_path / "src", overlap=True)
    with pytest.raises(UsageError, match="kind_t.*kind_t") as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert "two splits" in str(refused.value)
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()


def test_concept_lists_of_file_names_give_each_image_its_concepts(tmp_path: Path) -> None:
    """A NUS-WIDE-like download: images/<name>.jpg and concepts/<concept>.txt naming the files of
    each concept: multi-label, an image in no list unlabelled, a name of no image a reject."""
    root = tmp_path / "src"
    concepts = {"beach": [0, 1, 4], "sunset": [1, 2], "dog": [3, 4]}
    for i in range(7):
        _image(root, f"images/pic_{i:03d}.png", i)
    (root / "concepts").mkdir()
    for concept, numbers in concepts.items():
        names = [f"pic_{i:03d}.png" for i in numbers] + (["pic_999.png"] if concept == "dog" else [])
        (root / "concepts" / f"{concept}.txt").write_text("\n".join(names) + "\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), max_rejects="50%"))
    truth = {f"images/pic_{i:03d}.png": ("train", tuple(sorted(c for c, ns in concepts.items() if i in ns))) for i in range(7)}
    assert _written(out) == truth
    assert load_manifest(str(out)).label_mode == contract.LABEL_MULTI
    reasons = [r.get("reason", "") for r in read_report(out, naming.REJECTS_FILENAME)]
    assert any("names no file" in r and "pic_999" in r for r in reasons), reasons


@pytest.mark.parametrize("folder", ["mirflickr", "photos"])
def test_concept_lists_beside_one_lone_folder_label_it_not_its_name(tmp_path: Path, folder: str) -> None:
    """MIRFLICKR-25k unpacked without `meta/`: `mirflickr/im<n>.jpg` and `annotations/<concept>.txt`.
    The lone folder was read as the one class, every image labelled `mirflickr` (exit 0), the lists
    unread; a lone folder's name is the weakest reading, and the lists label the images."""
    root = tmp_path / "src"
    concepts = {"animals": [1, 2, 5], "sky": [2, 3], "people": [4, 5, 6]}
    for i in range(1, 9):
        _image(root, f"{folder}/im{i}.jpg", i)
    (root / "annotations").mkdir()
    for concept, numbers in concepts.items():
        (root / "annotations" / f"{concept}.txt").write_text("\n".join(map(str, numbers)) + "\n")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out)))
    truth = {f"{folder}/im{i}.jpg": ("train", tuple(sorted(c for c, ns in concepts.items() if i in ns))) for i in range(1, 9)}
    assert _written(out) == truth
    assert folder not in load_manifest(str(out)).labels


def test_one_list_of_numbers_alone_is_no_concept_list(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i in range(1, 5):
        _image(root, f"images/im{i}.png", i)
    (root / "annotations").mkdir()
    (root / "annotations" / "clouds.txt").write_text("1\n3\n")
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))


def test_a_table_of_numbers_beside_the_images_labels_nothing(tmp_path: Path) -> None:
    """`image,width,height`: keyed by content, but no column could be a label: not read as labels
    (the run stops as it did for images nothing labels), never a label made of a number."""
    root = tmp_path / "src"
    for i in range(4):
        _image(root, f"frames/f{i:04d}.png", i)
    (root / "sizes.csv").write_text("image,width,height\n" + "".join(f"f{i:04d},24,16\n" for i in range(4)))
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "--label-column" not in str(refused.value)


def test_a_concept_list_whose_first_lines_the_sample_missed_is_still_a_concept() -> None:
    """Detection sees a sample (MIRFLICKR's 25,000 images, a few hundred sampled): a list whose
    first numbers name no sampled image is still one of its folder's concepts, judged with the
    others, never dropped with its labels."""
    from shardify.plan.concept_lists import recognise_concept_lists
    from shardify.plan.evidence import file_key, row_key

    sampled = [f"mirflickr/im{n}.jpg" for n in range(1, 200, 7)]

    def names_inputs(keys, rule):  # at least one names a sampled input: the sample is a part
        known = {file_key(p, rule) for p in sampled}
        return any(row_key(k, rule) in known for k in keys)

    heads = {"ann/clouds.txt": ["1", "8"], "ann/night.txt": ["2", "3", "4"], "ann/sea.txt": ["5"], "ann/README.txt": ["About the lists"]}
    found, _ = recognise_concept_lists(heads, names_inputs)
    assert [e.names for e in found] == [("clouds",), ("night",), ("sea",)]
    assert not recognise_concept_lists({p: h for p, h in heads.items() if p != "ann/clouds.txt"}, names_inputs)[0]


def test_a_split_list_whose_first_lines_the_sample_missed_keeps_its_split() -> None:
    """One level's lists are judged together: a val list naming only unsampled images is still
    read with train and test (else its images fell into no split)."""
    from shardify.plan.split_label_lists import label_list_levels

    sampled = {"0000001", "0000002", "0000005"}
    heads = {
        "data/images_variant_train.txt": ["0000001 707-320", "0000002 Cessna 172"],
        "data/images_variant_val.txt": ["0000003 707-320", "0000004 F-16A/B"],
        "data/images_variant_test.txt": ["0000005 A300B4"],
    }
    levels = label_list_levels(heads, lambda keys: any(k in sampled for k in keys))
    assert sorted(e.split for e in levels["data/images_variant_{}"]) == ["test", "train", "val"]
    assert label_list_levels(heads, lambda keys: False) == {}
