"""Neighbours of the blind rounds' label kinds, built from their documented download layouts
(issue 30): images among numbered part folders with a metadata table naming them, and labels in a
file of their own beside the texts. Judged as the blind batches are (tests/helpers/unseen_judge.py):
`DATASETS[name](dest)` builds the miniature and returns its truth; `FOLLOW[name]` holds the options
with which a stop's next step is right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row

__all__ = ["DATASETS", "FOLLOW", "SPECS"]

_DX = ["akiec", "bcc", "bkl", "df", "mel", "nv", "vasc"]


def _ham10000() -> Iterator[Put]:
    # Harvard Dataverse doi:10.7910/DVN/DBW86T (and Kaggle's copy): HAM10000_images_part_1/ and _part_2/ ISIC_<n>.jpg,
    # HAM10000_metadata.csv 'lesion_id,image_id,dx,dx_type,age,sex,localization' (image_id without its extension); the
    # diagnosis dx the label (akiec, bcc, bkl, df, mel, nv, vasc); dx_type how it was confirmed (histo, follow_up, ...)
    lines = ["lesion_id,image_id,dx,dx_type,age,sex,localization"]
    for n in range(14):
        image, dx = f"ISIC_{24306 + 37 * n:07d}", _DX[n % 7]
        yield img(f"HAM10000_images_part_{1 + n % 2}/{image}.jpg", "train", dx)
        lines.append(_csv(f"HAM_{1000 + n // 2:07d}", image, dx, ("histo", "follow_up", "consensus")[n % 3],
                          f"{40 + 5 * (n % 6)}.0", ("male", "female")[n % 2], ("back", "lower extremity", "trunk")[n % 3]))
    yield aux("HAM10000_metadata.csv", "\n".join(lines) + "\n")


def _lesions_two_diagnoses() -> Iterator[Put]:
    # the ambiguous twin: PAD-UFES-20's layout (images/imgs_part_N/, metadata.csv naming each file in `img_id`) with
    # two columns named as a class, `diagnostic` and `diagnostic_method` (as HAM10000's dx beside dx_type): a stop
    lines = ["patient_id,lesion_id,age,region,diagnostic_method,diagnostic,img_id"]
    for n in range(12):
        name, diagnostic = f"PAT_{46 + 13 * n}_{881 + 7 * n}_{939 + n}.png", ("ACK", "BCC", "MEL", "NEV")[n % 4]
        yield img(f"images/imgs_part_{1 + n % 3}/{name}", "train", diagnostic, kind="png")
        lines.append(_csv(f"PAT_{46 + 13 * n}", str(881 + 7 * n), str(40 + n) if n % 4 else "",
                          ("FACE", "ARM", "BACK")[n % 3], ("biopsy", "clinical")[n % 2], diagnostic, name))
    yield aux("metadata.csv", "\n".join(lines) + "\n")


def _happywhale() -> Iterator[Put]:
    # kaggle.com/c/happy-whale-and-dolphin: train.csv 'image,species,individual_id' (the competition's target the
    # individual; species a coarser label), train_images/<image>, test_images/; the twin that must stop: two columns
    # could be the label, one named as a class, the other an id that repeats (an individual)
    lines = ["image,species,individual_id"]
    for n in range(12):
        image, species, individual = f"{0x00021adfb725ed + 977 * n:014x}.jpg", ("melon_headed_whale", "humpback_whale",
                                                                              "false_killer_whale")[n % 3], f"{0xcadddb1636b9 + n % 4:012x}"
        yield img(f"train_images/{image}", "train", individual)
        lines.append(_csv(image, species, individual))
    yield aux("train.csv", "\n".join(lines) + "\n")
    for n in range(3):
        yield img(f"test_images/{0x000110707af0ba + 131 * n:014x}.jpg", "test")


SPECS: dict[str, Spec] = {
    "ham10000": Spec("HAM10000", "image", _ham10000, "doi:10.7910/DVN/DBW86T (HAM10000_metadata.csv, images in two part folders)",
                     "dx the label; the part folders no classes; one split."),
    "happywhale": Spec("happy-whale-and-dolphin", "image", _happywhale, "kaggle.com/c/happy-whale-and-dolphin (train.csv)",
                       "individual_id the competition's label; species a coarser one: a stop."),
    "lesions_two_diagnoses": Spec("lesions", "image", _lesions_two_diagnoses, "PAD-UFES-20's layout, a twin",
                                  "diagnostic the label, diagnostic_method how it was made: which is the label the "
                                  "files cannot say."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

FOLLOW: dict[str, dict[str, object] | None] = {
    "ham10000": {"labels_file": "HAM10000_metadata.csv", "label_column": "dx"},
    "happywhale": {"labels_file": "train.csv", "label_column": "individual_id"},
    "lesions_two_diagnoses": {"labels_file": "metadata.csv", "label_column": "diagnostic"},
}
