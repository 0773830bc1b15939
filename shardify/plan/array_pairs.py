"""The halves of an X/y pair of `.npy` files, found by the role words of their names.

Keras and scikit-learn users save a dataset as `x_train.npy` + `y_train.npy`; Kaggle copies ship
`images.npy` + `labels.npy` or `olivetti_faces.npy` + `olivetti_faces_target.npy`. Read as per-class
files these were four classes named `x_train`... or "no images or texts". The words are data: a new
convention is a word in ARRAY_IMAGE_WORDS or ARRAY_LABEL_WORDS, never code per dataset.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection

__all__ = ["ARRAY_IMAGE_WORDS", "ARRAY_LABEL_WORDS", "npy_is_labels", "npy_label_partners", "npy_label_partner"]

# The halves of an X/y pair of `.npy` files, by the words of their names: a file named with an
# image word beside one named the same with a label word in its place (`x_train.npy` +
# `y_train.npy`, `X_test.npy` + `y_test.npy`, `images.npy` + `labels.npy`, `train_data.npy` +
# `train_labels.npy`), or with a label word after its whole stem (`olivetti_faces.npy` +
# `olivetti_faces_target.npy`). A new convention is a word here. The split is the split word in
# the image file's name (`structure.split_word`), else its folder's, else train.
ARRAY_IMAGE_WORDS = ("x", "images", "image", "imgs", "data", "features", "inputs", "pixels")
ARRAY_LABEL_WORDS = ("y", "labels", "label", "targets", "target")
_NAME_WORDS = re.compile(r"([^_\-. ]+)")


def npy_is_labels(relpath: str) -> bool:
    """A `.npy` named as the label half of an X/y pair: a label word first or last in its stem.

    >>> [npy_is_labels(p) for p in ("y_train.npy", "olivetti_faces_target.npy", "labels.npy", "x_train.npy", "cat.npy")]
    [True, True, True, False, False]
    """
    words = [w.lower() for w in _NAME_WORDS.findall(posixpath.splitext(posixpath.basename(relpath))[0])]
    return bool(words) and (words[0] in ARRAY_LABEL_WORDS or words[-1] in ARRAY_LABEL_WORDS)


def npy_label_partners(relpath: str) -> list[str]:
    """The names the label half of `relpath`'s X/y pair may have, in the order tried (beside it).

    >>> npy_label_partners("d/X_train.npy")[:2], npy_label_partners("images.npy")[:2]
    (['d/y_train.npy', 'd/Y_train.npy'], ['labels.npy', 'LABELS.npy'])
    >>> npy_label_partners("olivetti_faces.npy")[:3]
    ['olivetti_faces_y.npy', 'olivetti_faces_labels.npy', 'olivetti_faces_label.npy']
    """
    folder, name = posixpath.split(relpath)
    base, ext = posixpath.splitext(name)
    if npy_is_labels(relpath) or ext.lower() != ".npy":
        return []
    names: list[str] = []
    pieces = _NAME_WORDS.split(base)
    for i, piece in enumerate(pieces):
        if piece.lower() in ARRAY_IMAGE_WORDS:
            for word in (w for w in ARRAY_LABEL_WORDS if (len(w) == 1) == (len(piece) == 1)):  # x <-> y, images <-> labels
                for cased in (word, word.upper()):
                    names.append("".join(pieces[:i] + [cased] + pieces[i + 1 :]) + ext)
    names += [f"{base}_{word}{ext}" for word in ARRAY_LABEL_WORDS]
    return [posixpath.join(folder, n) for n in dict.fromkeys(names)]


def npy_label_partner(relpath: str, present: Collection[str]) -> str:
    """The label half of `relpath`'s X/y pair among `present`, or ""."""
    return next((p for p in npy_label_partners(relpath) if p in present), "")
