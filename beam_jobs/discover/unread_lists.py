"""Nothing lost behind split lists: inputs no split list names, that other lists beside them name.

Where lists of files give the splits (`evidence.unlisted_in_no_split`), an input none of them
names is no record of the dataset and is set aside, counted with the auxiliary files (MIT Indoor
67's images in neither TrainImages.txt nor TestImages.txt). That reading is right only where no
file of the download names those inputs. Where another list in the split lists' folder, of the
same shape, names them (CCPD's `splits/ccpd_blur.txt`, `splits/ccpd_challenge.txt`: the hard
subsets' test lists beside `train.txt`, `val.txt`, `test.txt` over `ccpd_base/`), the dataset
does place them, in a split whose name detection cannot read from the list's name; set aside they
vanished with exit 0. So the plan stops (exit 2), naming the lists and the inputs they name, and
the layout file's `evidence` entry that says each list's split.

A list that names only inputs a split list names too (VOC's per-class `<class>_train.txt` beside
`train.txt`, a fold's list beside the first fold's) is no sign: nothing would be lost. Nor is an
index of the whole download, a list naming every input the split lists name and more (the garbage
classification set's `one-indexed-files.txt` beside its `one-indexed-files-notrash_<split>.txt`,
Caltech-UCSD Birds 2010's `files.txt`): the split lists left the rest out by choice.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.evidence import unlisted_in_no_split
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout

__all__ = ["check_unread_lists", "list_keys", "unread_list_names"]

# Extensions of the lists looked at beside the split lists.
_LIST_EXTENSIONS = ("txt", "lst", "csv", "tsv")
# Most bytes of one list read (a split list of a million paths is ~50 MB; the sign shows in the first).
_LIST_BYTES = 8 << 20
# Other lists opened beside the split lists.
_LISTS_OPENED = 16


def _keys(lines: Sequence[str], column: int, rule: evidence_lib.KeyRule) -> set[str]:
    keys = set()
    for line in lines:
        fields = line.replace(",", " ").replace(";", " ").replace("\t", " ").split()
        if len(fields) > column:
            key = evidence_lib.row_key(fields[column].strip('"'), rule)
            if key:
                keys.add(key)
    return keys


def unread_list_names(inputs: Sequence[str], split_lines: Sequence[Sequence[str]], other_lines: dict[str, Sequence[str]],
                      column: int, rule: evidence_lib.KeyRule) -> dict[str, list[str]]:
    """Per other list, the inputs it names that no split list names (plain function of lines).

    >>> rule = evidence_lib.KeyRule(parts=2)
    >>> lines = {"hard.txt": ["b/2.jpg"], "x.txt": ["a/1.jpg"], "all.txt": ["a/1.jpg", "b/2.jpg"]}
    >>> unread_list_names(["a/1.jpg", "b/2.jpg"], [["a/1.jpg"]], lines, 0, rule)
    {'hard.txt': ['b/2.jpg']}
    """
    listed = set().union(*(_keys(lines, column, rule) for lines in split_lines)) if split_lines else set()
    unnamed, named_by_splits = {}, set()
    for relpath in inputs:
        key = evidence_lib.file_key(relpath, rule)
        if key and key not in listed:
            unnamed.setdefault(key, relpath)
        elif key:
            named_by_splits.add(key)
    found = {}
    for path, lines in sorted(other_lines.items()):
        keys = _keys(lines, column, rule)
        if named_by_splits <= keys:  # an index of the whole download (`files.txt`): the split lists chose
            continue
        named = sorted(unnamed[key] for key in keys if key in unnamed)
        if named:
            found[path] = named
    return found


def _lines(config: ConvertConfig, relpath: str) -> list[str]:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            data = fileobj.read(_LIST_BYTES)
    except (OSError, InvalidInputError):
        return []
    return data.decode("utf-8", errors="replace").splitlines()


def list_keys(config: ConvertConfig, found: evidence_lib.Evidence) -> set[str]:
    """The keys a split list's rows name files by (its first 8 MiB), as its own column and rule read them."""
    lines = _lines(config, found.path)
    return _keys(lines[1:] if found.header else lines, found.column, found.key)


def check_unread_lists(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where inputs that no split list names, which would be set aside, are named by other
    lists of the same shape beside the split lists (module docstring).

    Raises:
      UsageError: naming the lists, a few inputs each names, and the layout file's entry.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split]
    if not lists or not unlisted_in_no_split(detected.evidence) or len({(e.column, e.key) for e in lists}) != 1:
        return
    first = lists[0]
    folders = {posixpath.dirname(e.path) for e in lists}
    read = {e.path for e in detected.evidence}
    others = [p for p in sample if posixpath.dirname(p) in folders and p not in read
              and layout.extension(p) in _LIST_EXTENSIONS and not evidence_lib.example_file(p)][:_LISTS_OPENED]
    if not others:
        return
    inputs = [p for p in sample if layout.is_media_file(p, detected.media) and p not in read and p not in others]
    found = unread_list_names(inputs, [_lines(config, e.path) for e in lists],
                              {p: _lines(config, p) for p in others}, first.column, first.key)
    if not found:
        return
    shown = "; ".join(f"{path} names {len(named)} ({named[0]}{', ...' if len(named) > 1 else ''})"
                      for path, named in found.items())
    split_lists = ", ".join(e.path for e in lists[:4]) + (" ..." if len(lists) > 4 else "")
    entry = f"{{path: {next(iter(found))}, kind: split list, split: SPLIT}}"
    raise UsageError(
        f"inputs that no split list ({split_lists}) names are named by other lists beside them, not read as split "
        f"lists: {shown}; set aside as in no split, they would be left out without a word: say each list's split in a "
        f"layout file's `evidence` ({entry}: docs/layout-files.md), or leave it out of the file where it is another "
        f"fold or task, and its inputs are then left out as you chose; {_excludes(found)}"
    )


def _excludes(found: dict[str, list[str]]) -> str:
    """The `--exclude` remedy, for lists of another fold or task: the list with the inputs only it
    names (their folder, where they lie in one), so that the plan counts them. Where those inputs
    are the point (a test set of its own), no exclusion is right: the split is the layout file's.

    >>> _excludes({"splits/blur.txt": ["blur/a.jpg", "blur/b.jpg"]})
    "or, where such a list is another fold or task, leave it and its inputs out: --exclude 'splits/blur.txt' --exclude 'blur' (where its inputs are a split of their own, only the layout file converts them)"
    """
    patterns = []
    for path, named in found.items():
        patterns.append(path)
        folders = {posixpath.dirname(n) for n in named}
        if len(folders) == 1 and next(iter(folders)):
            patterns.append(next(iter(folders)))
    options = " ".join(f"--exclude {p!r}" for p in patterns)
    return (f"or, where such a list is another fold or task, leave it and its inputs out: {options} (where its inputs "
            "are a split of their own, only the layout file converts them)")
