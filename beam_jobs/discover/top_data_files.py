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


def _in_lone_folder(sample: list[str], top_folders: list[str]) -> set[str]:
    """The files directly in SRC's one folder, where SRC holds nothing else: the download's
    wrapper (`sentiment labelled sentences/`), looked into as the top of SRC would be."""
    folders = [f for f in top_folders if not layout.is_junk(f)]
    if len(folders) != 1:
        return set()
    prefix = folders[0] + "/"
    return {p for p in sample if p.startswith(prefix) and "/" not in p[len(prefix) :] and not layout.is_junk(p)}
