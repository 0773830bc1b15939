"""The files detection looks at as the top of SRC: SRC's own, or where those are only documentation
(a README, a LICENSE) or none, the files of the one folder a download wraps its data in.

Detection asks what lies at the top (line files, tables by content) of these, so that a wrapper
folder (`sentiment labelled sentences/`) reads as SRC itself would.
"""

from __future__ import annotations

from shardify.plan import layout

__all__ = ["top_data_files"]


def top_data_files(sample: list[str], top_files: set[str], top_folders: list[str]) -> set[str]:
    """The files looked at as the top of SRC: SRC's own, or where those are only documentation (a
    README, a LICENSE: pubmed-rct's README.md beside PubMed_20k_RCT/) or none, the files of its one
    folder (`_in_lone_folder`)."""
    if top_files and not all(layout.stem(p).lower() in layout.TABLE_DOCUMENT_NAMES or layout.extension(p) in _DOCUMENT_EXTENSIONS
                             for p in top_files):
        return top_files
    return _in_lone_folder(sample, top_folders) or top_files


# What a download's top holds beside its one data folder as documentation, by extension.
_DOCUMENT_EXTENSIONS = frozenset({"md", "rst", "pdf", "html", "htm", "bib"})


# How many lone folders, one inside the other, are looked through (`download/data/Emotion-Stimulus/`).
_MAX_LONE_DEPTH = 4


def _in_lone_folder(sample: list[str], top_folders: list[str]) -> set[str]:
    """The files directly in SRC's one folder, where SRC holds nothing else: the download's
    wrapper (`sentiment labelled sentences/`), looked into as the top of SRC would be. Where that
    folder holds no file of its own but one folder again (`download/data/Emotion-Stimulus/*.txt`),
    the innermost such folder's: the chain is one wrapper, and reading its texts as the documents of
    one class folder named by its last link wrote wrong labels with exit 0."""
    folders = [f for f in top_folders if not layout.is_junk_folder(f)]  # `__MACOSX/` beside is junk
    if len(folders) != 1:
        return set()
    prefix = folders[0] + "/"
    kept = [p for p in sample if not layout.is_junk(p)]
    for _ in range(_MAX_LONE_DEPTH):
        inside = [p[len(prefix) :] for p in kept if p.startswith(prefix)]
        direct = {prefix + rest for rest in inside if "/" not in rest}
        below = {rest.split("/", 1)[0] for rest in inside if "/" in rest}
        if direct or len(below) != 1:
            return direct
        prefix += below.pop() + "/"
    return set()
