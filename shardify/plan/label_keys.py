"""How a label file's keys name the files they label: paths, paths under a folder, names, stems.

A label file (a CSV of `image,label`, a list of lines) keys each row by a string that names a file
somehow: a path relative to SRC or to the label file's folder, a file name matched anywhere, a stem
(an id), a stem before `-<n>` (several files a key), or a name in the one folder the table's own
name points to. `choose_label_key` tries each reading against the listed sample and keeps the one
that finds most, saying why. It is its own module because it reads keys, not the listing's shape:
`layout_guess` calls it once it has found a label file, and discovery's label-file checks call it
again on the keys they read.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Sequence

from shardify.plan.layout import (
    BESIDE,
    IMAGE_EXTENSIONS,
    NAME,
    PATH,
    STEM,
    STEM_NUMBER,
    TEXT_EXTENSIONS,
    UNDER,
    extension,
    numbered_stem,
    stem,
)

__all__ = ["choose_label_key", "keys_under", "table_named_folder"]


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def choose_label_key(keys: Sequence[str], sample: Sequence[str], beside: str = "", table: str = "") -> tuple[str, str]:
    """How a label file's keys name files, and why: (one of PATH, NAME, STEM, STEM_NUMBER; a note).

    The keys are tried against the listed sample as paths, file names and stems; the reading that
    finds most wins (paths first on a tie). When none is found in the sample (a large source, a
    small sample), the keys' shape decides: a folder in a key means paths, an extension file names,
    neither stems. `beside`: the label file's folder, under which its keys may be paths (BESIDE).
    `table`: the label file's path: where its file names lie in several folders, the one its name
    begins with holds the files it keys (UNDER; `table_named_folder`).
    """
    within = {_nfc(p[len(beside) + 1 :]) for p in sample if beside and p.startswith(beside + "/")}
    readings = (
        (PATH, "paths relative to SRC", {_nfc(p) for p in sample}),
        (BESIDE, f"paths relative to the label file's folder, {beside}/", within),
        (NAME, "file names, matched anywhere under SRC", {_nfc(posixpath.basename(p)) for p in sample}),
        (STEM, "file names without their extension (ids), matched anywhere under SRC", {_nfc(stem(p)) for p in sample}),
    )
    clean = [_nfc(key.strip().replace("\\", "/")) for key in keys if key.strip()]
    found = [(sum(key in members for key in clean), kind, what) for kind, what, members in readings]
    best, kind, what = max(found, key=lambda item: item[0])  # max keeps the first of equal counts
    folder = table_named_folder(clean, sample, table) if kind in (NAME, STEM) and table else ""
    if folder:
        return UNDER, (f"keys are file names in {folder}/, whose name {posixpath.basename(table)} begins with: the same "
                       "names lie in other folders too (another split's)")
    numbered = _numbered_reading(clean, sample)
    if numbered > best:
        return STEM_NUMBER, (
            f"keys are file names without `-<n>` or `_<n>` and their extension, several files a key "
            f"({numbered} of the first {len(clean)} found among {len(sample):,} listed files)"
        )
    if best:
        return kind, f"keys are {what} ({best} of the first {len(clean)} found among {len(sample):,} listed files)"
    folder, under = keys_under(clean, sample)
    if folder:
        return UNDER, (f"keys are paths relative to {folder}/ ({under} of the first {len(clean)} found among "
                       f"{len(sample):,} listed files)")
    if any("/" in key for key in clean):
        kind = PATH
    elif any(extension(key) for key in clean):
        kind = NAME
    else:
        kind = STEM
    what = next(what for k, what, _ in readings if k == kind)
    return kind, f"keys are {what} (judged by their shape: none of the first {len(clean)} is among the files sampled)"

def _words(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


def table_named_folder(keys: Sequence[str], sample: Sequence[str], table: str) -> str:
    """The folder whose file names a table's keys are, where the same names lie in several folders
    and the table's own name begins with just one of those folders' names (HC18's
    training_set_pixel_size_and_HC.csv keys `000_HC.png` of training_set/, whose first names test_set/
    repeats); "" otherwise: no key names files in two folders, fewer than half are found, one found
    lies outside that folder, or no folder's name (or more than one) begins the table's.

    >>> table_named_folder(["1.png", "2.png"], ["train/1.png", "test/1.png", "train/2.png", "test/2.png"], "train_labels.csv")
    'train'
    >>> table_named_folder(["1.png"], ["train/1.png", "test/1.png"], "labels.csv")
    ''
    """
    folders_of: dict[str, set[str]] = {}
    for path in sample:
        folder, _, name = _nfc(path).rpartition("/")
        folders_of.setdefault(name, set()).add(folder)
        folders_of.setdefault(stem(name), set()).add(folder)
    found = [folders_of[key] for key in keys if key in folders_of]
    if not any(len(folders) > 1 for folders in found) or len(found) * 2 < len(keys):
        return ""
    words = _words(stem(posixpath.basename(table))) + "_"
    named = {f for folders in found for f in folders if f and words.startswith(_words(posixpath.basename(f)) + "_")}
    if len(named) != 1:
        return ""
    folder = named.pop()
    return folder if all(folder in folders for folders in found) else ""


def keys_under(keys: Sequence[str], sample: Sequence[str]) -> tuple[str, int]:
    """The one folder under SRC that keys of folders are paths relative to, and how many keys it
    finds; ("", 0) where half the keys are not found so, or under more than one folder (a guess).

    >>> keys_under(["NEL/a.jpg", "Aal/b.jpg"], ["rel/images/NEL/a.jpg", "rel/images/Aal/b.jpg"])
    ('rel/images', 2)
    """
    clean = [_nfc(k.strip().replace("\\", "/").lstrip("./")) for k in keys if "/" in k.strip()]
    by_tail = {}
    for path in sample:
        parts = _nfc(path).split("/")
        for k in range(2, len(parts)):
            by_tail.setdefault("/".join(parts[-k:]), set()).add("/".join(parts[:-k]))
    folders = [by_tail[key] for key in clean if key in by_tail]
    if not clean or len(folders) * 2 < len(clean):
        return "", 0
    common = set.intersection(*folders)
    if len(common) != 1 or any(len(f) != 1 for f in folders):
        return "", 0
    return next(iter(common)), len(folders)


def _numbered_reading(clean: Sequence[str], sample: Sequence[str]) -> int:
    """How many keys name files as `<key>-<n>` or `<key>_<n>` (STEM_NUMBER), or 0 where that reading
    is not safe: fewer than half the sampled stems have that shape, or a key is itself another
    key and a number (`a` and `a-1`: a-1.jpg would be both a's photo and a-1's own file), which the
    exact readings then decide."""
    stems = [numbered_stem(p) for p in sample if extension(p) in IMAGE_EXTENSIONS | TEXT_EXTENSIONS]
    numbered = {_nfc(found) for found in stems if found is not None}
    if not numbered or 2 * sum(found is not None for found in stems) <= len(stems):
        return 0
    keys = set(clean)
    if any(numbered_stem(key + ".x") in keys for key in keys):
        return 0
    return sum(key in numbered for key in clean)
