"""Stop where the inputs are versions of one another (`shardify.plan.version_twins`): the same image
at several scales in parallel trees (DIV2K's `DIV2K_train_HR/0001.png` beside
`DIV2K_train_LR_bicubic/X2/0001x2.png`), read as class folders or as records each. Which version is
the record is the user's to say: the stop names the folders, two inputs' versions and the layout
file's `split_patterns` that keep the originals (files no pattern matches are not inputs).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout, version_twins

__all__ = ["check_version_trees", "message"]


def message(found: version_twins.VersionTwins, splits: dict[str, str]) -> str:
    """The stop's words: what shows the versions and the layout file's lines that keep the originals
    (`splits`: each original folder's split, where it has one)."""
    shown = "; ".join(", ".join(group) for group in found.groups)
    folders = ", ".join(f + "/" for f in found.folders[:6]) + (" ..." if len(found.folders) > 6 else "")
    if found.originals:
        patterns = ", ".join(f"'{f}/*': {splits.get(f) or 'SPLIT'}" for f in found.originals)
        keep = (f"keep the originals with a layout file's `split_patterns: {{{patterns}}}` (and, where the folders "
                "name no class, `structure: {split_level: -1, label_levels: {'*': -1}}`)")
    else:
        keep = "keep one version with a layout file's `split_patterns: {'FOLDER/*': SPLIT}`"
    others = _other_versions(found.folders, found.originals)
    if others:
        keep += (f"; or leave the other versions out: {' '.join(f'--exclude {p!r}' for p in others)} (with "
                 "--label-level 0 where the folders left name no class)")
    return (
        f"files in {folders} are versions of the same inputs (a scale or degradation tag on their names or "
        f"folders: {shown}), not classes or records of their own: {keep} (files no pattern matches are not "
        "inputs: docs/layout-files.md)"
    )


def _other_versions(folders: Sequence[str], originals: Sequence[str]) -> list[str]:
    """`--exclude` patterns leaving out every version folder but the originals: a top folder where
    no original lies under it, else the folder itself.

    >>> _other_versions(["HR", "LR/X2", "LR/X4"], ["HR"])
    ['LR']
    """
    if not originals:
        return []
    kept_tops = {f.split("/", 1)[0] for f in originals}
    return sorted({f if f.split("/", 1)[0] in kept_tops else f.split("/", 1)[0] for f in folders if f not in originals})


def check_version_trees(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the sampled images are versions of one another (module docstring).

    Raises:
      UsageError: naming the folders and the layout file's lines.
    """
    if detected.name not in (layout.IMAGE_FOLDERS, layout.LABEL_FILE) or detected.media != "image" or detected.split_patterns:
        return
    inputs = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.is_auxiliary(p)
              and layout.extension(p) in layout.IMAGE_EXTENSIONS]
    found = version_twins.version_twins(inputs)
    if found is None:
        return
    splits = {folder: detected.split_of(folder + "/x")[0] for folder in found.originals}
    raise UsageError(message(found, splits))
