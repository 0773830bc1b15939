"""List a source tree: a Listed (relpath, size) per regular file, or a Reject for what cannot be an input.

Nothing is opened here: a name is listed from its folder and `stat`ed. What cannot become a record
is rejected with the reason and the rest of the listing goes on: a folder that cannot be listed or
entered (one reject naming the folder), a file that cannot be `stat`ed (a path longer than the
system allows, no permission), anything that is not a regular file (named pipes, sockets, devices),
a name that is not valid UTF-8 (reported with its bytes escaped as `\\xNN`), and symlinks that
dangle, loop, name a folder or lead outside SRC. Names are read as UTF-8 whatever the caller's
locale (`utf8_name`): labels and ids are the same under any locale. On object stores, a key that
names no path of a folder tree (`src//a/x.txt`, `src/../x`) is rejected (`_why_not_a_path`).
A local folder inside SRC that is an earlier shardify output (`earlier_output`: a refused run leaves
`plan.json` and `probes-<hex>.npz` in its OUT) is one reject, its files unread: they would
otherwise be read as a dataset's arrays and label files.
"""

from __future__ import annotations

import collections
import operator
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import Listed
from shardify.errors import SourceError
from shardify.format import naming
from shardify.inputs.files import NOT_REGULAR, escape_name, file_kind, is_decodable
from shardify.inputs.paths import is_local_path, join_path, utf8_name
from shardify.plan.entries import Reject
from shardify.plan.layout import is_junk

__all__ = ["HeldStamps", "list_tree", "sample_tree", "spread_over_folders", "list_file", "real_folder", "left_out_files"]

_STAGE = "discover"
# The reason an earlier shardify output inside SRC is one reject, its files unread.
EARLIER_OUTPUT = "an earlier shardify output (its plan or manifest beside shards or probes): not read as inputs; move it out of SRC"


def real_folder(path: str) -> str:
    """A local folder's real path (symlinks resolved; it need not exist yet), or a URL as given."""
    return os.path.realpath(path) if is_local_path(path) else path.rstrip("/")


class HeldStamps:
    """An append's held inputs as `list_tree` lists each when unchanged, and how many it met so.

    A file an earlier version holds with the size and modification time the listing reads now is
    one look-up and one comparison of tuples inside the listing's loop, and a count: before, each
    such file left the listing as a Listed, and the caller asked the same test of it (the
    generator's hand-over, a call and a progress count per held file, ~1 µs each of 31,680 held
    images in an append). What it does not settle (new, changed, held without a time) is yielded.

    Attributes:
      by_path: relpath -> the Listed tuple (relpath, size, None, mtime_ns) of the held input.
      count: held inputs listed unchanged so far (not yielded).
      progress: told each addition to `count` (the listing's progress file counts them as listed).
    """

    __slots__ = ("by_path", "count", "progress")

    def __init__(self, by_path: dict[str, tuple]) -> None:
        self.by_path = by_path
        self.count = 0
        self.progress: Callable[[int], None] | None = None

    def add(self, count: int) -> None:
        self.count += count
        if self.progress is not None:
            self.progress(count)

    def __call__(self, item: Listed) -> bool:
        """True for a Listed held as it is (the test the listing makes, for a Listed from elsewhere)."""
        return self.by_path.get(item[0]) == item


class EarlierOutput(Exception):
    """A folder inside SRC is an earlier shardify output: not listed."""


# What an earlier run leaves in its OUT that no dataset ships: its plan or manifest beside shards,
# header probes or version files (a refused run leaves plan.json and probes-<hex>.npz).
def earlier_output(names: Sequence[str]) -> bool:
    """True for a folder's file names that make it a shardify output (`naming` defines them).

    >>> earlier_output(["plan.json", "probes-0123456789abcdef.npz"]), earlier_output(["plan.json", "a.jpg"])
    (True, False)
    """
    if naming.PLAN_FILENAME not in names and naming.MANIFEST_FILENAME not in names:
        return False
    return any(
        naming.is_probes_file(name) or naming.is_shard_file(name) or naming.parse_version_filename(name) is not None
        for name in names
    )


# Held files counted at most this many at a time (`HeldStamps.add`): the progress of a large folder.
_HELD_COUNTED_EVERY = 4096

_first = operator.itemgetter(0)
_new_tuple = tuple.__new__

# A folder to list: (its path, its path relative to SRC in UTF-8 with a trailing "/", the same as
# the os module names it).
_Folder = tuple[str, str, str]


def _scan(
    folder: _Folder, real_root: str, excluded: frozenset[str], leave_out: Callable[[str], bool] | None = None
) -> tuple[list[tuple[os.DirEntry, str]], list[_Folder]]:
    """A folder's files (each with its relative path) and its subfolders to list, in name order;
    `excluded` folders, and the files and folders `leave_out` matches (`--exclude`), left out.

    Raises:
      OSError: the folder cannot be listed.
    """
    path, rel_dir, os_rel_dir = folder
    with os.scandir(path) as scan:  # sorted by the names as UTF-8, each converted once (no two are equal)
        children = sorted([(utf8_name(entry.name), entry) for entry in scan], key=_first)
    if rel_dir and earlier_output([entry.name for _, entry in children]):
        raise EarlierOutput(rel_dir)
    files, subfolders = [], []
    for name, entry in children:
        relpath = rel_dir + name
        if leave_out is not None and leave_out(relpath):
            continue
        if not entry.is_dir(follow_symlinks=False):
            files.append((entry, relpath))
        elif os.path.join(real_root, os_rel_dir + entry.name) not in excluded:
            subfolders.append((entry.path, relpath + "/", os_rel_dir + entry.name + "/"))
    return files, subfolders


def list_tree(
    root: str,
    *,
    follow_outside_links: bool = False,
    exclude: Sequence[str] = (),
    links_inside: str = "",
    leave_out: Callable[[str], bool] | None = None,
    held: HeldStamps | None = None,
) -> Iterator[Listed | Reject]:
    """A Listed (relpath, size) per regular file under `root`, or a Reject for what cannot be listed.

    Args:
      root: the source folder, local or a Beam file system URL.
      follow_outside_links: accept symlinks to files outside `root`.
      exclude: folders left out of the listing, as `real_folder` gives them (the output folder when
        it lies inside the source: a run never reads its own output).
      links_inside: the folder symlinks may lead anywhere inside (SRC, where `root` is one of its
        folders: a mask linking to `../images/x.png` stays inside the source); `root` where "".
      held: an append's held inputs as this listing gives each unchanged (`HeldStamps`): a local
        file listed exactly so is not yielded, only counted (`HeldStamps.count`).

    Locally this walks the tree itself rather than using Beam's match, which silently drops files
    whose size cannot be read (dangling symlinks); elsewhere it uses Beam's file systems.

    Raises:
      SourceError: `root` itself cannot be listed.
    """
    excluded = frozenset(real_folder(path) for path in exclude)
    if not is_local_path(root):
        prefix = root.rstrip("/") + "/"
        for result in FileSystems.match([prefix + "**"]):
            for meta in result.metadata_list:
                if not any(meta.path.startswith(folder + "/") for folder in excluded):
                    relpath = meta.path[len(prefix) :]
                    if leave_out is not None and leave_out(relpath):
                        continue
                    if relpath.endswith("/") and not meta.size_in_bytes:
                        continue  # a folder marker (what a console's "create folder" leaves): a folder, not a file
                    reason = _why_not_a_path(relpath)
                    yield Reject(relpath, _STAGE, reason) if reason else Listed(relpath, meta.size_in_bytes)
        return
    real_root = os.path.realpath(root)
    link_root = os.path.realpath(links_inside) if links_inside else real_root
    held_get = held.by_path.get if held is not None else None
    folders: list[_Folder] = [(root, "", "")]
    while folders:
        folder = folders.pop()
        try:
            files, subfolders = _scan(folder, real_root, excluded, leave_out)
        except EarlierOutput:
            yield Reject(escape_name(folder[1].rstrip("/")), _STAGE, EARLIER_OUTPUT)
            continue
        except OSError as error:
            if not folder[1]:
                raise SourceError(f"cannot list the source folder {root}: {error.strerror}") from None
            yield Reject(escape_name(folder[1].rstrip("/")), _STAGE, f"cannot list folder: {error.strerror}")
            continue
        folders.extend(subfolders)
        unchanged = 0
        for entry, relpath in files:
            info = _why_not_an_input(entry, relpath, link_root, follow_outside_links)
            if isinstance(info, str):
                yield Reject(escape_name(relpath), _STAGE, info)
                continue
            # Listed(relpath, size, None, mtime_ns) without its Python-level __new__: once per file listed
            listed = _new_tuple(Listed, (relpath, info.st_size, None, info.st_mtime_ns))
            if held_get is not None and held_get(relpath) == listed:
                unchanged += 1  # held as it is: counted here, not handed on (see `HeldStamps`)
                if unchanged == _HELD_COUNTED_EVERY:
                    held.add(unchanged)
                    unchanged = 0
            else:
                yield listed
        if unchanged:
            held.add(unchanged)


# A spread sample takes this many files of each folder per round (see `sample_tree`).
_SAMPLE_SHARE = 16


def sample_tree(
    root: str,
    limit: int,
    *,
    follow_outside_links: bool = False,
    exclude: Sequence[str] = (),
    leave_out: Callable[[str], bool] | None = None,
) -> tuple[list[Listed], bool]:
    """Up to `limit` files of the local folder `root`, spread over its folders, and whether they
    are all it holds. Rejects and junk are left out (the pipeline's listing reports them).

    `list_tree`'s first files all lie in one folder once a folder holds more than `limit` (a
    dataset of two classes of 12,500 images each: the first 2,000 are all `Cat/`), and detection
    would read the source as that folder alone. Here folders are scanned breadth-first, and each
    gives `_SAMPLE_SHARE` files a round until `limit` are taken; at most `limit` folders are
    scanned, so the cost stays bounded whatever the source's size.

    Raises:
      SourceError: `root` itself cannot be listed.
    """
    excluded = frozenset(real_folder(path) for path in exclude)
    real_root = os.path.realpath(root)
    wanted, limit = limit, limit + 1  # one more tells a source of exactly `limit` files from a larger one
    folders: collections.deque[_Folder] = collections.deque([(root, "", "")])
    pending: list[Iterator[os.DirEntry]] = []  # each scanned folder's files not taken yet
    taken: list[Listed] = []
    scanned = 0

    def take(files: Iterator[tuple[os.DirEntry, str]], count: int) -> bool:
        """Takes up to `count` usable files; True if `files` may hold more."""
        for entry, relpath in files:
            if is_junk(relpath):
                continue
            info = _why_not_an_input(entry, relpath, real_root, follow_outside_links)
            if not isinstance(info, str):
                taken.append(Listed(relpath, info.st_size, None, info.st_mtime_ns))
                count -= 1
                if count == 0 or len(taken) >= limit:
                    return True
        return False

    while folders and len(taken) < limit and scanned < limit:
        folder = folders.popleft()
        scanned += 1
        try:
            files, subfolders = _scan(folder, real_root, excluded, leave_out)
        except (OSError, EarlierOutput) as error:
            if not folder[1]:
                raise SourceError(f"cannot list the source folder {root}: {error.strerror}") from None
            continue
        folders.extend(subfolders)
        rest = iter(files)
        if take(rest, _SAMPLE_SHARE):
            pending.append(rest)
    while pending and len(taken) < limit:  # more rounds over the folders that have files left
        pending = [rest for rest in pending if len(taken) < limit and take(rest, _SAMPLE_SHARE)]
    return taken[:wanted], not folders and not pending and len(taken) <= wanted


def spread_over_folders(folders: Iterable[Sequence[Listed]], limit: int) -> list[Listed]:
    """Up to `limit` of the files, `_SAMPLE_SHARE` from each folder a round (fewer where the
    folders are many, so that each has a turn; folders in the order given, files in theirs).

    >>> cats, dogs = [Listed(f"Cat/{i}.jpg", 1) for i in range(40)], [Listed(f"Dog/{i}.jpg", 1) for i in range(40)]
    >>> [item.relpath for item in spread_over_folders([cats, dogs], 34)][15:18]
    ['Cat/15.jpg', 'Dog/0.jpg', 'Dog/1.jpg']
    """
    folders = [list(files) for files in folders]
    share = max(1, min(_SAMPLE_SHARE, limit // max(1, len(folders))))  # every folder gets a turn
    taken: list[Listed] = []
    start = 0
    while len(taken) < limit and any(start < len(files) for files in folders):
        for files in folders:
            taken.extend(files[start : start + share][: limit - len(taken)])
        start += share
    return taken


def list_file(root: str, relpath: str) -> Listed | Reject:
    """(relpath, size) of the one file `relpath` under `root` (SRC given as a file), or its Reject."""
    if not is_local_path(root):
        reason = _why_not_a_path(relpath)
        if reason:
            return Reject(relpath, _STAGE, reason)
        for result in FileSystems.match([root.rstrip("/") + "/" + relpath]):
            for meta in result.metadata_list:
                return Listed(relpath, meta.size_in_bytes)
        return Reject(relpath, _STAGE, "not found")
    try:
        info = os.stat(join_path(root, relpath))
    except OSError as error:
        return Reject(relpath, _STAGE, f"cannot stat: {error.strerror}")
    if not stat.S_ISREG(info.st_mode):
        return Reject(relpath, _STAGE, f"{NOT_REGULAR} ({file_kind(info.st_mode)})")
    return Listed(relpath, info.st_size, None, info.st_mtime_ns)


def left_out_files(root: str, leave_out: Callable[[str], bool], exclude: Sequence[str] = ()) -> list[str]:
    """The files under the local folder `root` that `leave_out` leaves out (by their path or a
    folder's), in name order: what the plan counts and names. Names only, nothing `stat`ed;
    `exclude` folders (the output) not walked. [] for an object store (its keys are matched as
    they are listed)."""
    if not is_local_path(root):
        return []
    excluded = frozenset(real_folder(path) for path in exclude)
    found: list[str] = []
    for folder, names, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        rel = "" if rel == "." else utf8_name(rel).replace(os.sep, "/") + "/"
        names[:] = sorted(n for n in names if os.path.realpath(os.path.join(folder, n)) not in excluded)
        hidden = bool(rel) and leave_out(rel)
        found.extend(rel + utf8_name(name) for name in sorted(files) if hidden or leave_out(rel + utf8_name(name)))
    return sorted(found)


def why_unlisted(root: str, relpath: str, *, follow_outside_links: bool = False) -> str | None:
    """Why the listing leaves the local file `relpath` of `root` out (a pipe, a link leading outside
    SRC: as `list_tree` rejects it), or None: it is listed, absent, or `root` is no local folder.
    Detection asks it of the files beside the label lists it reads, which its sample never holds."""
    if not is_local_path(root):
        return None
    path = join_path(root, relpath)
    if os.path.islink(path):
        reason = _check_link(path, os.path.realpath(root), follow_outside_links)
        if reason:
            return reason
    try:
        info = os.stat(path)
    except OSError:
        return None
    return None if stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode) else f"{NOT_REGULAR} ({file_kind(info.st_mode)})"


def _why_not_a_path(relpath: str) -> str | None:
    """Why an object store's key (relative to SRC) names no file of a folder tree, or None. Object
    stores allow any key: `src//a/x.txt` holds an empty folder name, `src/./x` and `src/../x` name
    folders that are not there. Such a key cannot be an input's path (records name files by paths
    inside SRC), so it is one reject and the rest converts."""
    parts = relpath.split("/")
    odd = next((part for part in parts if part in ("", ".", "..")), None)
    if odd is None:
        return None
    what = "an empty folder name (two slashes in a row, or a slash at an end)" if odd == "" else f"a {odd!r} folder"
    return f"the object's key holds {what}: it names no file of a folder tree, so it cannot be an input's path; rename the object"


def _why_not_an_input(entry: os.DirEntry, relpath: str, real_root: str, follow_outside_links: bool) -> str | os.stat_result:
    """The file's `stat` (its link's target's) when it can be an input, else the reason it cannot."""
    if not relpath.isascii() and not is_decodable(relpath):
        return "path is not valid UTF-8 (shown with its bytes escaped as \\xNN)"
    if entry.is_symlink():
        # Only links can lead out of the source: os.scandir never follows folder links.
        reason = _check_link(entry.path, real_root, follow_outside_links)
        if reason:
            return reason
    try:
        info = entry.stat()
    except OSError as error:
        return f"cannot stat: {error.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"{NOT_REGULAR} ({file_kind(info.st_mode)})"
    return info


def _check_link(path: str, real_root: str, follow_outside_links: bool) -> str | None:
    """Why a symlink cannot be an input, or None when it leads to a file inside the source."""
    if not os.path.exists(path):
        return "dangling symlink (or a symlink loop)"
    if os.path.isdir(path):
        return "symlink to a folder: not followed"
    real = os.path.realpath(path)
    if not follow_outside_links and os.path.commonpath([real_root, real]) != real_root:
        return "symlink leads outside the source folder (allow with --follow-outside-links)"
    return None
