"""The catalog of known public datasets: one layout file each, shipped with the package.

Knowledge of a dataset's download is data, not code: `shardify/layouts/<name>.yaml` is the layout
file (docs/layout-files.md) that reads it right, with a comment header saying which dataset, where
it is downloaded and what the file decides, and a `match:` list of globs that a download of it holds.
Adding a dataset is adding a file (and a miniature test); nothing here names a dataset.

The catalog never decides a reading by itself. `--layout-file NAME` picks an entry by its name, and
where detection refuses (it doubts its guess, or cannot tell the layout), `hint` adds to the refusal
the entries whose globs all match SRC: "this looks like Cityscapes: --layout-file cityscapes".
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from shardify.plan import globs as globs_lib

__all__ = ["KnownLayout", "add_hint", "catalog", "entry", "hint", "is_name", "matching"]

_FOLDER = "layouts"
_SUFFIX = ".yaml"
# A name on the command line that may be a catalog entry: a bare word, no path or suffix.
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
# At most this many paths of SRC are looked at to match globs: a refusal stays quick on any tree.
MAX_WALKED = 50_000


@dataclass(frozen=True)
class KnownLayout:
    """One catalog entry.

    Attributes:
      name: what `--layout-file` takes (the file's stem).
      path: the layout file.
      dataset: the dataset it reads, from its `# dataset:` comment line.
    """

    name: str
    path: Path
    dataset: str


def is_name(value: str) -> bool:
    """Whether `value` (a `--layout-file` argument) is written as a catalog name: no folder, no suffix."""
    return bool(_NAME.fullmatch(value))


@functools.lru_cache(maxsize=1)
def catalog() -> tuple[KnownLayout, ...]:
    """Every entry, by name."""
    folder = Path(str(resources.files("shardify") / _FOLDER))
    found = []
    for path in sorted(folder.glob(f"*{_SUFFIX}")):
        dataset = path.stem
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.startswith("#"):
                    break
                if line.startswith("# dataset:"):
                    dataset = line.split(":", 1)[1].strip()
                    break
        found.append(KnownLayout(path.stem, path, dataset))
    return tuple(found)


def entry(name: str) -> KnownLayout | None:
    """The entry called `name`, or None."""
    return next((known for known in catalog() if known.name == name), None)


def matching(source: str) -> list[KnownLayout]:
    """The entries whose `match` globs all match a path of the local folder `source` (none for
    another source, or an entry with no globs)."""
    from shardify.plan import layout_file  # reads YAML: only when a refusal asks

    if not os.path.isdir(source):
        return []
    paths = _walked(source)
    found = []
    for known in catalog():
        patterns = layout_file.loads(known.path.read_text(encoding="utf-8"), where=str(known.path)).match
        if patterns and all(any(globs_lib.glob_match(g, p) for p in paths) for g in patterns):
            found.append(known)
    return found


def hint(source: str) -> str:
    """`; this looks like <dataset>: --layout-file <name>` for each entry matching `source`, or ""."""
    return "".join(f"; this looks like {known.dataset}: --layout-file {known.name}" for known in matching(source))


def add_hint(refusal: Exception, source: str) -> None:
    """Adds `hint(source)` to a refusal's message (its one argument), in place: the refusal keeps
    its type and what travels with it (a doubted guess). A catalog that cannot be read adds nothing:
    the refusal is what the user must see."""
    try:
        said = hint(source)
    except Exception:  # noqa: BLE001 - a broken entry is its test's to catch; never hide the refusal behind it
        said = ""
    if said and len(refusal.args) == 1:
        refusal.args = (f"{refusal.args[0]}{said}",)


def _walked(source: str) -> list[str]:
    """Paths under `source` (files and folders, `/`-separated, relative), at most MAX_WALKED,
    symbolic links not followed."""
    out: list[str] = []
    for folder, dirs, files in os.walk(source):
        dirs.sort()
        relative = os.path.relpath(folder, source).replace(os.sep, "/")
        prefix = "" if relative == "." else relative + "/"
        for name in (*dirs, *sorted(files)):
            out.append(prefix + name)
            if len(out) >= MAX_WALKED:
                return out
    return out
