"""Class names some datasets document but do not ship, for their labels written as numbers.

Oxford Flowers-102 labels its images 1-102 in imagelabels.mat and names the classes only on its
web page; GLUE's SST-2 writes 0 and 1; Fashion-MNIST's files are named as MNIST's and its classes
are in its README. TensorFlow Datasets carries these names in its builders; so does shardify,
here, for the downloads it recognises (`known_vocabulary`), and the plan says which it used.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

__all__ = ["MAT_LABEL_NAMES", "FLOWERS_102", "SST_2", "FER2013", "FASHION_MNIST", "KNOWN_LABEL_ORDERS", "known_order", "known_vocabulary"]

# The names tfds' oxford_flowers102 builder gives, in label order (label 1 is "pink primrose").
FLOWERS_102 = (
    "pink primrose", "hard-leaved pocket orchid", "canterbury bells", "sweet pea", "english marigold", "tiger lily",
    "moon orchid", "bird of paradise", "monkshood", "globe thistle", "snapdragon", "colt's foot", "king protea",
    "spear thistle", "yellow iris", "globe-flower", "purple coneflower", "peruvian lily", "balloon flower",
    "giant white arum lily", "fire lily", "pincushion flower", "fritillary", "red ginger", "grape hyacinth",
    "corn poppy", "prince of wales feathers", "stemless gentian", "artichoke", "sweet william", "carnation",
    "garden phlox", "love in the mist", "mexican aster", "alpine sea holly", "ruby-lipped cattleya", "cape flower",
    "great masterwort", "siam tulip", "lenten rose", "barbeton daisy", "daffodil", "sword lily", "poinsettia",
    "bolero deep blue", "wallflower", "marigold", "buttercup", "oxeye daisy", "common dandelion", "petunia",
    "wild pansy", "primula", "sunflower", "pelargonium", "bishop of llandaff", "gaura", "geranium", "orange dahlia",
    "pink-yellow dahlia?", "cautleya spicata", "japanese anemone", "black-eyed susan", "silverbush",
    "californian poppy", "osteospermum", "spring crocus", "bearded iris", "windflower", "tree poppy", "gazania",
    "azalea", "water lily", "rose", "thorn apple", "morning glory", "passion flower", "lotus", "toad lily",
    "anthurium", "frangipani", "clematis", "hibiscus", "columbine", "desert-rose", "tree mallow", "magnolia",
    "cyclamen", "watercress", "canna lily", "hippeastrum", "bee balm", "ball moss", "foxglove", "bougainvillea",
    "camellia", "mallow", "mexican petunia", "bromelia", "blanket flower", "trumpet creeper", "blackberry lily",
)  # fmt: skip
# Label sets whose datasets document an order other than by name, as tfds' builders number them:
# the natural-language-inference sets (GLUE's MNLI, SNLI, XNLI, ANLI: entailment 0, neutral 1,
# contradiction 2), so that a record's index means what the dataset's papers and models mean.
KNOWN_LABEL_ORDERS: tuple[tuple[str, ...], ...] = (("entailment", "neutral", "contradiction"),)
# GLUE's SST-2: 0 negative, 1 positive (tfds' glue/sst2).
SST_2 = ("negative", "positive")
# FER2013's emotions, 0-6 in `fer2013.csv`'s `emotion` column, as its Kaggle page and torchvision's
# FER2013 document them.
FER2013 = ("Angry", "Disgust", "Fear", "Happy", "Sad", "Surprise", "Neutral")
# Fashion-MNIST's README, in label order.
FASHION_MNIST = ("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot")


def known_vocabulary(source: str, paths: Sequence[str]) -> tuple[tuple[str, ...], str, int] | None:
    """(names, what they are, the number of the first name) for a download this module knows,
    from SRC's path and its files' paths, or None.

    >>> known_vocabulary("/data/SST-2", ["train.tsv", "dev.tsv", "test.tsv"])[1:]
    ("GLUE SST-2's documented names (0 negative, 1 positive)", 0)
    """
    names = {posixpath.basename(p).lower() for p in paths}
    folders = {part.lower() for p in [source, *paths] for part in p.replace("\\\\", "/").split("/")[:-1]} | {
        posixpath.basename(source.rstrip("/")).lower()
    }
    if {"imagelabels.mat", "setid.mat"} <= names:
        return FLOWERS_102, "Oxford Flowers-102's names (tfds'), for imagelabels.mat's 1-102", 1
    if "fer2013.csv" in names:
        return FER2013, "FER2013's documented emotions (0 Angry ... 6 Neutral)", 0
    if folders & {"sst-2", "sst2"} and {"train.tsv", "dev.tsv"} <= names:
        return SST_2, "GLUE SST-2's documented names (0 negative, 1 positive)", 0
    return None


def known_order(labels: Sequence[str]) -> tuple[str, ...] | None:
    """The documented order of exactly this set of label names (`KNOWN_LABEL_ORDERS`), or None.

    >>> known_order(["neutral", "contradiction", "entailment"])
    ('entailment', 'neutral', 'contradiction')
    >>> known_order(["entailment", "neutral"]) is None
    True
    """
    found = set(labels)
    return next((order for order in KNOWN_LABEL_ORDERS if set(order) == found), None)


# Labels of MATLAB image arrays that their datasets document as other than the number stored,
# by file name: SVHN's format 2 (`train_32x32.mat`, `test_32x32.mat`, `extra_32x32.mat`) writes
# the digit 0 as 10 (its page: "10 for digit 0"; tfds' svhn_cropped: label = y % 10).
MAT_LABEL_NAMES: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = (
    (r"(train|test|extra)_32x32\.mat", ((10, "0"),)),
)
