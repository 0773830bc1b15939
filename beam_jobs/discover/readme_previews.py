"""Image previews a download's README shows: copies for the reader's eye, not records.

The Sign Language Digits Dataset (github.com/ardamavi/Sign-Language-Digits-Dataset) ships its
images under `Dataset/<digit>/` and, beside them, `Examples/example_0.JPG` .. `example_9.JPG`, a
"Dataset Preview" table its README.md draws with `<img src="Examples/example_0.JPG">`. Read as a
second top folder, `Examples/` made `Dataset/` look like a class and the run stopped naming only
`--label-level`, which then rejected the previews as "not inside a class folder".

A top folder is previews when the README at SRC's top shows at least one of its images, and the
folder holds images loose (no folder beneath it) while another top folder holds images in folders
of their own (the dataset's tree). Its images are left out, named in a plan note, before the layout
is read. A folder the README shows an image of that holds the dataset's tree itself
(`images/<class>/x.jpg`), or a flat folder with no tree beside it (`images/*.jpg` with a label
table), or a folder named as a split or as unlabelled (a flat `test/` beside `train/<class>/`), stays
the inputs: a README showing a sample of the data leaves nothing out.
Nor is a folder previews whose images share their stems with files elsewhere (their masks, their
annotations), or whose only tree beside it is one of masks: a small Oxford-Pets-like download,
`images/*.jpg` beside `annotations/trimaps/*.png`, its README showing `images/cat_0.jpg`, had its
inputs left out as previews and the trimaps written as records of the class 'trimaps' with exit 0.

    >>> sample = ["Dataset/0/a.JPG", "Dataset/1/b.JPG", "Examples/example_0.JPG", "Examples/example_1.JPG", "README.md"]
    >>> previews_shown(sample, '|<img src="Examples/example_0.JPG">|')
    ['Examples/example_0.JPG', 'Examples/example_1.JPG']
    >>> previews_shown(sample, "![a digit](./Examples/example_1.JPG)")
    ['Examples/example_0.JPG', 'Examples/example_1.JPG']
    >>> previews_shown(sample, '<img src="Dataset/0/a.JPG">'), previews_shown(["images/a.jpg", "README.md"], "![](images/a.jpg)")
    ([], [])
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.head_reads import head_bytes
from shardify.beam_jobs.discover.listing import list_tree
from shardify.config import ConvertConfig
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout
from shardify.plan.entries import Reject
from shardify.plan.folder_names import is_unlabelled_name, mask_named, split_word

__all__ = ["preview_images", "previews_note", "previews_shown"]

# A README's image references: HTML `<img src="...">` and Markdown `![alt](path "title")`.
_SHOWN = re.compile(r"""<img\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)|!\[[^\]]*\]\(\s*<?([^)\s>]+)""", re.IGNORECASE)
# README files looked into, by stem (any extension: README.md, README.rst, README.txt, README).
_README_STEMS = ("readme",)
# A folder of more loose images than this is no preview table (the Sign Language Digits' has 10).
_MAX_PREVIEWS = 100
# A plan note names this many previews, then counts the rest.
_NAMED = 3


def _readmes(sample: Sequence[str]) -> list[str]:
    return sorted(p for p in sample if "/" not in p and layout.stem(p).lower() in _README_STEMS)


def _shown_paths(text: str) -> set[str]:
    """The relative paths a README's text shows as images (URLs and absolute paths are not SRC's)."""
    shown = set()
    for match in _SHOWN.finditer(text):
        path = (match.group(1) or match.group(2) or "").strip()
        if not path or "://" in path or path.startswith(("/", "#", "data:")):
            continue
        while path.startswith("./"):
            path = path[2:]
        shown.add(path)
    return shown


def previews_shown(sample: Sequence[str], text: str) -> list[str]:
    """The sampled images of the top folders that are previews by the README's `text` (see the
    module's rule), sorted."""
    shown = _shown_paths(text)
    images = [p for p in sample if "/" in p and layout.extension(p) in layout.IMAGE_EXTENSIONS]
    # The dataset's tree: images in folders of their own, not a tree of masks (Oxford Pets' annotations/trimaps/
    # beside a flat images/ is the masks of those images, no dataset beside them).
    tree_folders = {p.split("/", 1)[0] for p in images if p.count("/") >= 2 and not _in_mask_folder(p)}
    previews: list[str] = []
    for folder in sorted({p.split("/", 1)[0] for p in images}):
        held = [p for p in sample if p.startswith(folder + "/")]
        loose = [p for p in held if p.count("/") == 1]
        if (
            len(loose) != len(held)  # a folder beneath it: the dataset's tree, or more than previews
            or not any(p in shown for p in loose)
            or not tree_folders - {folder}
            or _paired(loose, [p for p in sample if not p.startswith(folder + "/")])
            or not all(layout.extension(p) in layout.IMAGE_EXTENSIONS for p in loose)
            or len(loose) > _MAX_PREVIEWS
            or split_word(folder) is not None  # a flat test/ beside train/<class>/: a split, however shown
            or is_unlabelled_name(folder)
        ):
            continue
        previews.extend(loose)
    return sorted(previews)


def _in_mask_folder(path: str) -> bool:
    """Whether a folder on `path` is named for masks or annotations (`annotations/trimaps/x.png`)."""
    return any(mask_named(part) for part in path.split("/")[:-1])


def _paired(loose: Sequence[str], others: Sequence[str]) -> bool:
    """Whether a loose image shares its stem with a file elsewhere (its mask, its annotation): an input
    paired with what describes it, never a preview (a preview table's images stand alone).

    >>> _paired(["images/cat_1.jpg"], ["annotations/trimaps/cat_1.png"]), _paired(["Examples/e_0.JPG"], ["Dataset/0/a.JPG"])
    (True, False)
    """
    stems = {layout.stem(p).lower() for p in others}
    return any(layout.stem(p).lower() in stems for p in loose)


def preview_images(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """The sampled images that SRC's README shows as previews (module docstring), or []."""
    readmes = _readmes(sample)
    if not readmes:
        return []
    text = "\n".join(head_bytes(config, p).decode("utf-8", "replace") for p in readmes)
    shown = previews_shown(sample, text)
    previews: list[str] = []
    for folder in sorted({p.split("/", 1)[0] for p in shown}):
        whole = _whole_folder(config, folder)  # the sample may hold a few of a folder's files only
        if whole is not None and not _paired(whole, [p for p in sample if not p.startswith(folder + "/")]):
            previews.extend(whole)
    return previews


def _whole_folder(config: ConvertConfig, folder: str) -> list[str] | None:
    """Every file of the top folder `folder` (relative to SRC) where it holds at most
    _MAX_PREVIEWS images and nothing else, else None: no previews, read as before."""
    if not is_local_path(config.source):
        return None  # an object store's listing costs a request a page: previews only where SRC is a folder
    files = []
    for item in itertools.islice(list_tree(join_path(config.source, folder)), _MAX_PREVIEWS + 1):
        if isinstance(item, Listed) and layout.is_junk(item.relpath):
            continue  # (.DS_Store: the pipeline's listing drops it too)
        if isinstance(item, Reject) or "/" in item.relpath or layout.extension(item.relpath) not in layout.IMAGE_EXTENSIONS:
            return None
        files.append(f"{folder}/{item.relpath}")
    return sorted(files) if 0 < len(files) <= _MAX_PREVIEWS else None


def previews_note(previews: Sequence[str]) -> str:
    """The plan's line naming the previews left out."""
    more = f" and {len(previews) - _NAMED} more" if len(previews) > _NAMED else ""
    folders = ", ".join(sorted({p.split("/", 1)[0] + "/" for p in previews}))
    return f"images the README shows as previews, left out ({folders}): {', '.join(previews[:_NAMED])}{more}"
