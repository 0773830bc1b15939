"""Downloads a newcomer trial converted wrong or confusingly (2026-11-26), rebuilt from their
published layouts, each judged against this file's own truth, never the manifest:

- t-davidson's hate-speech-and-offensive-language: `data/labeled_data.csv` written by pandas'
  `to_csv` (an empty first header cell over the index column) beside `data/readme.md`. The empty
  cell made the header read as data (every row unlabelled, the header a record), and the folder
  was refused as holding "no images or texts".
- Penn-Fudan Pedestrian (`PNGImages/FudanPed00001.png`, `PedMasks/FudanPed00001_mask.png`,
  `Annotation/FudanPed00001.txt`, the torchvision tutorial's layout): guessed as images with
  captions (the PASCAL annotation texts), and with `--layout image_folders` the masks were
  training images of a class `PedMasks`. Now each image's `_mask.png` is stored as its mask.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes
from shardify.format import contract

TWEETS = ["you are all trash", "what a lovely morning", "those people should leave", "go birds", "ugh mondays", "love this song"]


def _davidson(root: Path) -> dict[str, str]:
    """The download, and {tweet: its class}."""
    (root / "data").mkdir(parents=True)
    rows, truth = [",count,hate_speech,offensive_language,neither,class,tweet"], {}
    for i in range(18):
        tweet = f"{TWEETS[i % len(TWEETS)]} number {i}"
        label = str(i % 3)
        truth[tweet] = label
        rows.append(f'{i},3,{int(label == "0")},{int(label == "1")},{int(label == "2")},{label},"{tweet}"')
    (root / "data" / "labeled_data.csv").write_text("\n".join(rows) + "\n")
    (root / "data" / "readme.md").write_text("The data are stored as a CSV and as a pickled pandas dataframe.\n")
    return truth


def test_a_pandas_index_column_and_a_table_beside_its_readme(tmp_path: Path) -> None:
    truth = _davidson(tmp_path / "hate-speech")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "hate-speech"), str(out))
    assert result.returncode == 0, result.stderr
    found = {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            found[record[contract.TEXT].decode()] = record[contract.TEXT_LABEL_TEXT].decode()
    assert found == truth


def _penn_fudan(root: Path) -> list[str]:
    """The download, and its image stems."""
    stems = [f"FudanPed{i:05d}" for i in range(1, 7)] + [f"PennPed{i:05d}" for i in range(1, 7)]
    for folder in ("PNGImages", "PedMasks", "Annotation"):
        (root / folder).mkdir(parents=True)
    for i, stem in enumerate(stems):
        (root / "PNGImages" / f"{stem}.png").write_bytes(image_bytes(fmt="PNG", seed=i))
        (root / "PedMasks" / f"{stem}_mask.png").write_bytes(image_bytes(mode="L", fmt="PNG", seed=100 + i))
        (root / "Annotation" / f"{stem}.txt").write_text(
            f'# Compatible with PASCAL Annotation Version 1.00\nImage filename : "PennFudanPed/PNGImages/{stem}.png"\n'
            'Image size (X x Y x C) : 24 x 16 x 3\nObjects with ground truth : 1 { "PASFootmanPedestrian" }\n'
        )
    (root / "readme.txt").write_text("Penn-Fudan Database for Pedestrian Detection and Segmentation\n")
    (root / "added-object-list.txt").write_text("FudanPed00001.png: 1 pedestrian added\n")
    return stems


def test_masks_named_like_their_images_are_never_inputs(tmp_path: Path) -> None:
    """The masks (`<stem>_mask.png`) are each image's mask, stored with it; never an input. (The first
    command stops on Annotation/*.txt, per-image box files no reader takes, naming --label-level 0,
    which writes the images unlabelled with their masks: `tests/layouts/test_unread_annotations.py`.)"""
    stems = _penn_fudan(tmp_path / "PennFudanPed")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "PennFudanPed"), str(out), "-q", "--label-level", "0")
    assert result.returncode == 0, result.stderr
    masks = {
        Path(record[contract.IMAGE_FILENAME].decode()).stem: record[contract.SEGMENTATION]
        for shard in out.glob("*.tfrecord")
        for record in read_shard(shard)
    }
    assert sorted(masks) == sorted(stems)
    for stem, mask in masks.items():
        assert mask == (tmp_path / "PennFudanPed" / "PedMasks" / f"{stem}_mask.png").read_bytes(), stem


def test_images_in_split_folders_beside_a_box_table_are_the_inputs(tmp_path: Path) -> None:
    """Kaggle's Global Wheat Detection: `train/<id>.jpg`, `test/<id>.jpg`, `train.csv` of one box a
    row (`image_id,width,height,bbox,source`), `sample_submission.csv`. The split folders hid the
    images, so the top-level tables were taken for the data: every image a reject, exit 1. Now the
    first command reads train.csv's boxes (the box `[x, y, w, h]` in one cell) as objects."""
    root = tmp_path / "global-wheat-detection"
    truth = {}
    for split, count in (("train", 6), ("test", 3)):
        (root / split).mkdir(parents=True)
        for i in range(count):
            name = f"{split[:2]}{i:07x}"
            (root / split / f"{name}.jpg").write_bytes(image_bytes(seed=len(truth)))
            truth[name] = split
    rows = ["image_id,width,height,bbox,source"] + [f'{n},24,16,"[1.0, 2.0, 5.0, 6.0]",ethz_1' for n, s in truth.items() if s == "train"]
    (root / "train.csv").write_text("\n".join(rows) + "\n")
    (root / "sample_submission.csv").write_text("image_id,PredictionString\n" + "".join(f"{n},\n" for n, s in truth.items() if s == "test"))
    out = tmp_path / "out"
    result = run_shardify("convert", str(root), str(out), "-q")
    assert result.returncode == 0, result.stderr
    found, boxes = {}, {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            stem = Path(record[contract.IMAGE_FILENAME].decode()).stem
            found[stem] = shard.name.split("-")[0]
            boxes[stem] = [record[k] for k in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
    assert found == truth
    for name, split in truth.items():
        want = [1 / 24, 2 / 16, 6 / 24, 8 / 16] if split == "train" else []
        got = [float(x) for v in boxes[name] for x in (v if isinstance(v, list) else [v])]
        assert got == pytest.approx(want), name


SICK_HEADER = (
    "pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tentailment_AB\tentailment_BA\t"
    "sentence_A_original\tsentence_B_original\tsentence_A_dataset\tsentence_B_dataset\tSemEval_set"
)


def _sick(root: Path) -> dict[str, tuple[str, str, str]]:
    """SICK as distributed (`SICK.txt`, tab-separated under a header, `SemEval_set` naming each
    pair's set, and readme.txt), and {sentence_A: (split, label, sentence_B)}; TRIAL is the
    validation split, as tfds and Hugging Face name it."""
    root.mkdir(parents=True)
    sets = {"TRAIN": "train", "TRIAL": "validation", "TEST": "test"}
    labels = ["NEUTRAL", "ENTAILMENT", "CONTRADICTION"]
    rows, truth = [SICK_HEADER], {}
    for i in range(24):
        semeval = ("TRAIN", "TRAIN", "TRIAL", "TEST")[i % 4]
        a, b = f"A group of kids is playing in a yard {i}", f"The kids are playing outside {i}"
        truth[a] = (sets[semeval], labels[i % 3], b)
        rows.append(f"{i + 1}\t{a}\t{b}\t{labels[i % 3]}\t3.5\tA_neutral_B\tB_neutral_A\t{a} orig\t{b} orig\tFLICKR\tFLICKR\t{semeval}")
    (root / "SICK.txt").write_text("\n".join(rows) + "\n")
    (root / "readme.txt").write_text("SICK: Sentences Involving Compositional Knowledge\n")
    return truth


def test_a_tab_separated_table_named_txt_with_a_split_column(tmp_path: Path) -> None:
    """SICK.txt was refused as 'no class folders', and the option named (`--label-level 0`) wrote
    the whole file as one text, exit 0."""
    truth = _sick(tmp_path / "SICK")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "SICK"), str(out))
    assert result.returncode == 0, result.stderr
    found = {
        record[contract.TEXT].decode(): (shard.name.split("-")[0], record[contract.TEXT_LABEL_TEXT].decode(), record[contract.TEXT_PAIR].decode())
        for shard in out.glob("*.tfrecord")
        for record in read_shard(shard)
    }
    assert found == truth


def test_a_row_whose_split_cell_names_no_split_is_rejected_alone(tmp_path: Path) -> None:
    truth = _sick(tmp_path / "SICK")
    table = tmp_path / "SICK" / "SICK.txt"
    lines = table.read_text().splitlines()
    lines[-1] = lines[-1].rsplit("\t", 1)[0] + "\tHoldout"
    table.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run_shardify("convert", str(tmp_path / "SICK"), str(out), "--max-rejects", "10%")
    assert result.returncode == 0, result.stderr
    written = sum(1 for shard in out.glob("*.tfrecord") for _ in read_shard(shard))
    assert written == len(truth) - 1
    assert "'Holdout' in split column 'SemEval_set' names no split" in (out / "rejected.jsonl").read_text()


def test_metadata_texts_do_not_make_a_folder_of_images_a_text_dataset(tmp_path: Path) -> None:
    """MIRFLICKR-25k (press.liacs.nl/mirflickr): `mirflickr/im<N>.jpg` with `meta/tags/`,
    `meta/exif/`, `meta/license/` texts per image, and `mirflickr25k_annotations_v080/<concept>.txt`
    lists of image numbers (`<concept>_r1.txt` the images where it is "relevant", a subset). The
    metadata texts outnumbered the images, so it was read as a text dataset; then the run stopped
    naming the lists. Now the images are the inputs and the concept lists their labels: a record's
    labels are the concepts whose lists hold its number (multi-label), an image in no list has
    none, and the `_r1` lists are not read (the plan says so)."""
    root = tmp_path / "mirflickr25k"
    images = root / "mirflickr"
    for folder in ("meta/tags", "meta/exif", "meta/license"):
        (images / folder).mkdir(parents=True)
    for i in range(1, 13):
        (images / f"im{i}.jpg").write_bytes(image_bytes(seed=i))
        (images / "meta" / "tags" / f"tags{i}.txt").write_text("sky\nclouds\nsunset\n")
        (images / "meta" / "exif" / f"exif{i}.txt").write_text("-Make\nCanon\n-Model\nEOS 400D\n")
        (images / "meta" / "license" / f"license{i}.txt").write_text("Attribution License\n")
    (images / "README.txt").write_text("MIRFLICKR-25000\n")
    annotations = root / "mirflickr25k_annotations_v080"
    annotations.mkdir()
    concepts = {"clouds": (1, 2, 5), "sunset": (2, 7), "people": (3, 4, 11), "clouds_r1": (2,)}
    for concept, numbers in concepts.items():
        (annotations / f"{concept}.txt").write_text("".join(f"{n}\n" for n in numbers))
    (annotations / "README.txt").write_text("Annotations of 24 concepts; _r1: the concept is relevant.\n")
    plan = run_shardify("convert", str(root), str(tmp_path / "plan"), "--dry-run")
    assert plan.returncode == 0, plan.stderr
    assert "clouds_r1.txt" in plan.stdout and "no label" in plan.stdout
    out = tmp_path / "out"
    result = run_shardify("convert", str(root), str(out))
    assert result.returncode == 0, result.stderr
    found = {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            names = record.get(contract.LABEL_TEXT, [])
            names = names if isinstance(names, list) else [names]
            found[Path(record[contract.IMAGE_FILENAME].decode()).name] = sorted(n.decode() for n in names)
    truth = {f"im{i}.jpg": sorted(c for c, ns in concepts.items() if i in ns and not c.endswith("_r1")) for i in range(1, 13)}
    assert found == truth


def test_a_folder_of_images_to_predict_beside_the_split_folders(tmp_path: Path) -> None:
    """Kaggle's Intel Image Classification (found after the trial): `seg_train/seg_train/<class>/`,
    `seg_test/seg_test/<class>/` and `seg_pred/seg_pred/*.jpg`, images to predict, unlabelled. The
    unlabelled folder hid the split folders (the run stopped); an unlabelled folder named as no
    split is now a split of its own name, its records unlabelled, never merged into train."""
    root = tmp_path / "intel"
    truth: dict[str, tuple[str, str]] = {}
    for split, folder in (("train", "seg_train"), ("test", "seg_test")):
        for label in ("buildings", "forest", "sea"):
            (root / folder / folder / label).mkdir(parents=True)
            for i in range(3):
                name = f"{len(truth)}.jpg"
                (root / folder / folder / label / name).write_bytes(image_bytes(seed=len(truth)))
                truth[name] = (split, label)
    (root / "seg_pred" / "seg_pred").mkdir(parents=True)
    for i in range(4):
        name = f"{len(truth)}.jpg"
        (root / "seg_pred" / "seg_pred" / name).write_bytes(image_bytes(seed=len(truth)))
        truth[name] = ("seg_pred", "")
    out = tmp_path / "out"
    result = run_shardify("convert", str(root), str(out))
    assert result.returncode == 0, result.stderr
    found = {}
    for shard in out.glob("*.tfrecord"):
        for record in read_shard(shard):
            label = record.get(contract.LABEL_TEXT, b"")
            found[Path(record[contract.IMAGE_FILENAME].decode()).name] = (shard.name.split("-")[0], label.decode() if isinstance(label, bytes) else "")
    assert found == truth


CONLL_SENTENCES = (
    "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\nGerman JJ B-NP B-MISC\ncall NN I-NP O\n. . O O\n\n"
    "Peter NNP B-NP B-PER\nBlackburn NNP I-NP I-PER\n\n"
)


@pytest.mark.parametrize("tags", ["conll2003", "wnut-iob2"])
def test_token_tagged_files_stop_saying_what_they_are(tmp_path: Path, tags: str) -> None:
    """CoNLL-2003's `train.txt`, `valid.txt`, `test.txt` (a token a line: word, POS, chunk, entity
    tag) and an unnamed neighbour (WNUT's two columns, `@paul\\tB-person`): labels per token. The
    refusal said no labels were found and offered `--label-from-name`, `--labels FILE`; now it says
    what the files hold, with no option that would pretend to read them."""
    root = tmp_path / tags
    root.mkdir()
    text = CONLL_SENTENCES if tags == "conll2003" else "@paul\tB-person\nis\tO\nin\tO\nparis\tB-location\n\nok\tO\n"
    for split in ("train", "valid", "test"):
        (root / f"{split}.txt").write_text(text * 3)
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "-q")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "one token a line with its tags" in result.stderr and "--label-from-name" not in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()
