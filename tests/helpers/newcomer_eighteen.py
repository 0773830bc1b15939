"""Round eighteen's newcomer trial (PARTIAL: the session had ~9 minutes, not the hour briefed).

One public dataset no rule, test or doc here named (checked 2026-11-28 08:44 UTC, case-insensitive over
/work/main and /work/wt/*, .venv/ and .git/ left out, and main's commit messages: 0 hits for 'isic_2020';
'ISIC' alone has hits, so other ISIC years are named): the ISIC 2020 melanoma challenge's training set, a
table with an image-name column (no path, no extension) beside a folder of JPEGs. Layout WRITTEN FROM
MEMORY (challenge2020.isic-archive.com): ISIC_2020_Training_JPEG/train/ISIC_<7 digits>.jpg and
ISIC_2020_Training_GroundTruth.csv 'image_name,patient_id,lesion_id,sex,age_approx,
anatom_site_general_challenge,diagnosis,benign_malignant,target'. Truth: each image labelled by its row's
benign_malignant (= target 0/1); no split is "train". Also PlantDoc (0 hits for 'plantdoc'): train/ and test/
class folders with spaces in their names. The other kinds the brief asked for were not built.

Measured at main's 7b76709 (branch newcomer18, 2026-11-28 08:43 UTC): of 2, right 2 (isic_2020 labelled by the
table's 'target' column, 0/1, keyed by image_name; plantdoc by class folder, train/test splits). HaGRID (0 hits
for 'hagrid'), per-gesture JSON of normalized boxes keyed by image uuid: useless stop (no option reads it).
Tally: `python tests/helpers/newcomer_eighteen.py`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img  # noqa: E402

__all__ = ["DATASETS", "FOLLOW", "SPECS"]

_SITES = ["head/neck", "upper extremity", "lower extremity", "torso", ""]


def _isic_2020() -> Iterator[Put]:
    rows = ["image_name,patient_id,lesion_id,sex,age_approx,anatom_site_general_challenge,diagnosis,benign_malignant,target"]
    for i in range(24):
        name = f"ISIC_{2637011 + 97 * i:07d}"
        malignant = i % 5 == 0
        label = "malignant" if malignant else "benign"
        rows.append(_csv(name, f"IP_{7279968 + i // 3:07d}", f"IL_{7972535 + i:07d}", "male" if i % 2 else "female",
                         f"{35 + 5 * (i % 8)}.0", _SITES[i % 5], "melanoma" if malignant else "unknown", label,
                         int(malignant)))
        yield img(f"ISIC_2020_Training_JPEG/train/{name}.jpg", "train", label)
    yield aux("ISIC_2020_Training_GroundTruth.csv", "\n".join(rows) + "\n")


_PLANTDOC = ["Apple Scab Leaf", "Apple leaf", "Corn rust leaf", "Tomato leaf late blight", "grape leaf black rot"]


def _plantdoc() -> Iterator[Put]:
    # github.com/pratikkayal/PlantDoc-Dataset (WRITTEN FROM MEMORY): train/<class>/ and test/<class>/, class folder
    # names with spaces and mixed case, image names kept from the web ('<words>.jpg'); test holds every class too
    for split, n in (("train", 4), ("test", 2)):
        for c in _PLANTDOC:
            for i in range(n):
                yield img(f"{split}/{c}/{c.lower().replace(' ', '_')}_{split}{i}.jpg", split, c)


_GESTURES = ["call", "dislike", "peace"]


def _hagrid() -> Iterator[Put]:
    # HaGRID (github.com/hukenovs/hagrid, v1; WRITTEN FROM MEMORY): hagrid_dataset_512/train_val_<gesture>/<uuid>.jpg
    # and ann_train_val/<gesture>.json, {uuid: {"bboxes": [[x, y, w, h] normalized, top-left], "labels": [gesture
    # or "no_gesture"], "leading_hand", "leading_conf", "user_id"}}. Truth: detection, each box an object of its label
    import json
    for g in _GESTURES:
        ann = {}
        for i in range(5):
            uuid = f"{(sum(map(ord, g)) * 977 + i * 131) % 16**8:08x}-{i:04x}-4{i:03x}-8{i:03x}-{(i * 7919) % 16**12:012x}"
            labels = [g] if i % 2 else [g, "no_gesture"]
            ann[uuid] = {"bboxes": [[0.1 + 0.3 * b, 0.2, 0.2, 0.25] for b in range(len(labels))], "labels": labels,
                         "leading_hand": "right" if i % 3 else "left", "leading_conf": 1.0, "user_id": f"{i * 31:064x}"[:64]}
            # (split: HaGRID names this pool train_val, ann_train_val/ and train_val_<gesture>/: written "trainval")
            yield img(f"hagrid_dataset_512/train_val_{g}/{uuid}.jpg", "trainval", set(labels), objects=labels)
        yield aux(f"ann_train_val/{g}.json", json.dumps(ann, indent=4))


SPECS: dict[str, Spec] = {
    "hagrid": Spec("hagrid", "image", _hagrid, "https://github.com/hukenovs/hagrid (WRITTEN FROM MEMORY)",
                   "detection: each image's boxes with their labels from ann_train_val/<gesture>.json; no split."),
    "plantdoc": Spec("PlantDoc-Dataset", "image", _plantdoc,
                     "https://github.com/pratikkayal/PlantDoc-Dataset (WRITTEN FROM MEMORY)",
                     "classification: the class folder under train/ or test/ the label; the split folder the split."),
    "isic_2020": Spec("isic2020", "image", _isic_2020,
                      "https://challenge2020.isic-archive.com/ (WRITTEN FROM MEMORY)",
                      "each image labelled benign/malignant by the ground-truth row whose image_name is its stem.",
                      aliases={"malignant": {"malignant", "1"}, "benign": {"benign", "0"}}),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

FOLLOW: dict[str, dict[str, object] | None] = {
    "isic_2020": {},   # right with no option: labels from the table's 'target' (0/1; benign_malignant is the same)
    "plantdoc": {},
    "hagrid": {},      # right with no option since kinds18 (shardify/plan/keyed_box_documents.py); before, a useless
                       # stop: ann_train_val/*.json unread ('no "images" list': not COCO), only label options offered
}


def main(argv: list[str] | None = None) -> int:
    """Tally this batch with tests/helpers/blind_tally.py's judge (its --batch takes round numbers only)."""
    from helpers import blind_tally

    blind_tally._batch = lambda _number: sys.modules[__name__]
    return blind_tally.main(["--batch", "16", *(argv if argv is not None else sys.argv[1:])])


if __name__ == "__main__":
    sys.modules.setdefault("helpers.newcomer_eighteen", sys.modules[__name__])
    sys.exit(main())
