"""Splits labelled in two vocabularies: class numbers in one split, class names in another.

Why a module of its own: each source of labels is read right on its own terms, and only the plan sees
all the splits together. C-NMC ships its training images in class folders (`all/`, `hem/`) and its
validation images named by a table whose label column holds 0 and 1; read as they stand, the plan wrote
four labels, `all`, `hem`, `0` and `1`, the validation split's classes never seen in training, exit 0
(review32 noticed it, review33 mended it). The sign is the labels alone, dataset-blind: one split's every
label a whole number, another split's every label a name, no label shared. Which name each number stands
for the files do not say (the table's numbers may count the folders in any order), so the plan stops
naming the splits, their labels and the files that gave them, and the options that decide: `--label-names
FILE` (the names one a line in the numbers' order, which then map the numbers to names) or an `--exclude`
of the numbered split's files. Splits sharing a label (`0/ 1/` in each), or of names alone (a few-shot set's
disjoint classes), or of numbers alone, are no sign.

Plain functions of the plan's counts; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["mixed_vocabularies"]

# Labels shown for each split in the message.
_SHOWN = 4


def _number(label: str) -> bool:
    text = label.strip()
    return text.removeprefix("-").isdigit()


def _shown(labels: list[str]) -> str:
    return ", ".join(labels[:_SHOWN]) + (f" and {len(labels) - _SHOWN} more" if len(labels) > _SHOWN else "")


def mixed_vocabularies(split_labels: Mapping[str, Mapping[str, int]], sources: Iterable[str] = ()) -> str:
    """The refusal where one split's labels are all numbers and another's all names, none shared, or "".
    `split_labels`: each split's records per label; `sources`: the files the labels were read from, as plans
    show them.

    >>> mixed_vocabularies({"train": {"all": 4, "hem": 4}, "val": {"0": 3, "1": 3}}, ["val/labels.csv"])[:79]
    "split 'val' is labelled by numbers (0, 1) and split 'train' by names (all, hem)"
    >>> mixed_vocabularies({"train": {"0": 4, "1": 4}, "val": {"0": 3, "1": 3}}), mixed_vocabularies({"a": {"x": 1}, "b": {"1": 2}})
    ('', '')
    >>> mixed_vocabularies({"train": {"cat": 4, "dog": 4}, "val": {"owl": 3, "eel": 3}})
    ''
    """
    labelled = {
        split: sorted(label for label, count in counts.items() if count) for split, counts in sorted(split_labels.items())
    }
    numbered = [(split, labels) for split, labels in labelled.items() if labels and all(_number(label) for label in labels)]
    named = [
        (split, labels) for split, labels in labelled.items() if len(labels) >= 2 and not any(_number(label) for label in labels)
    ]
    if not numbered or not named:
        return ""
    (codes_split, codes), (names_split, names) = numbered[0], named[0]
    if set(codes) & set(names):
        return ""
    shown_sources = sorted(set(sources))
    read = f" (labels read from {', '.join(shown_sources)})" if shown_sources else ""
    return (
        f"split {codes_split!r} is labelled by numbers ({_shown(codes)}) and split {names_split!r} by names "
        f"({_shown(names)}), no label shared{read}: written as they stand, the numbers would be classes of their own "
        f"that training never sees; which name each number stands for no file says, so give the names one a line in "
        f"the numbers' order (from 0) with --label-names FILE, or leave split {codes_split!r} out with "
        "an --exclude of its files"
    )
