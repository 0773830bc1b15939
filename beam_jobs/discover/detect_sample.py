"""The files detection looks at: a bounded sample of SRC's files, spread over its folders, and
the first members of the archives among them, named as the pipeline will list them.

Apart from `detect` because sampling is what makes detection cost the same for a thousand files
or a billion, and is asked the same way whatever the layout turns out to be; `detect` hands in the
bound (`detect.DETECT_SAMPLE_FILES`, which tests lower) and reasons over what comes back.
"""

from __future__ import annotations

import os

from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.list_archives import member_prefix
from shardify.beam_jobs.discover.listing import list_tree, real_folder, sample_tree, spread_over_folders
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import archives
from shardify.errors import InvalidInputError, SourceError
from shardify.inputs.files import size_of
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout
from shardify.plan.entries import Reject

__all__ = ["ARCHIVES_OPENED", "list_sample", "members_sampled", "single_top_folder", "with_archives_opened"]

# Archives opened to sample their members (their paths decide the layout like files' do).
ARCHIVES_OPENED = 3


def list_sample(config: ConvertConfig, limit: int) -> tuple[list[Listed], bool, list[str]]:
    """(at most `limit` usable files, spread over SRC's folders, whether they are all
    there are, the folders at the top of SRC)."""
    if is_local_path(config.source):
        listed, complete = sample_tree(
            config.source, limit, follow_outside_links=config.follow_outside_links, exclude=[config.output],
            leave_out=config.excludes or None,
        )
        output, root = real_folder(config.output), real_folder(config.source)
        with os.scandir(config.source) as scan:
            top_folders = [
                e.name for e in scan
                if e.is_dir(follow_symlinks=False) and os.path.join(root, e.name) != output and not config.excludes(e.name)
                and not layout.is_junk_folder(e.name)  # as the sample's files: `__MACOSX/` beside `train/` is no folder of data
            ]
        return listed, complete, top_folders
    # Object stores list in name order, so the first files may all lie in one folder ("test/"
    # before "train/"): the top folders come from the whole listing, which Beam's match reads in
    # full anyway, and the sample is spread over the folders it names.
    listing = list_tree(
        config.source, follow_outside_links=config.follow_outside_links, exclude=[config.output], leave_out=config.excludes or None
    )
    files = (item for item in listing if not isinstance(item, Reject) and not layout.is_junk(item.relpath))
    folders: set[str] = set()
    by_folder: dict[str, list[Listed]] = {}  # the first files of the first folders: bounded
    count = 0
    for item in files:
        count += 1
        parent, _, _ = item.relpath.rpartition("/")
        if parent:
            folders.add(parent.split("/", 1)[0])
        kept = by_folder.get(parent)
        if kept is None and len(by_folder) < limit:
            kept = by_folder[parent] = []
        if kept is not None and len(kept) < limit:
            kept.append(item)
    return spread_over_folders(by_folder.values(), limit), count <= limit, sorted(folders)


def members_sampled(config: ConvertConfig, archive: str, limit: int) -> list[tuple[str, int]]:
    """(name, size) of the first regular members of an archive in SRC (at most `limit`, the sample's size).

    Raises:
      SourceError: it cannot be read as an archive.
    """
    path = join_path(config.source, archive)
    members: list[tuple[str, int]] = []
    try:
        with open_input(path) as fileobj:
            size = size_of(fileobj) or 0
            for member in archives.list_members(fileobj, archive, archives.archive_kind(archive), size):
                if isinstance(member, archives.Member) and not layout.is_junk(member.name):
                    members.append((member.name, member.size_bytes))
                    if len(members) == limit:
                        break
    except (OSError, InvalidInputError) as error:
        raise SourceError(f"cannot read the archive {path}: {getattr(error, 'reason', error)}") from None
    return members


def single_top_folder(names: list[str]) -> str:
    """'name/' when every name lies in that one folder (as most archives hold their dataset), else ''."""
    tops = {name.split("/", 1)[0] for name in names}
    return f"{tops.pop()}/" if len(tops) == 1 and all("/" in name for name in names) else ""


def with_archives_opened(config: ConvertConfig, sample: list[str], limit: int) -> tuple[list[str], list[str], list[str]]:
    """The sample with its archives' members in their place, as the pipeline will list them (see
    `list_archives.member_prefix`); the archives opened; the folders archives read as."""
    probe = layout.SourceLayout(layout.IMAGE_FOLDERS, "image")
    opened, expanded, folders = [], [], []
    for relpath in sample:
        if not archives.archive_kind(relpath):
            expanded.append(relpath)
            continue
        prefix, _ = member_prefix(config.source, relpath, probe)
        folders.append(prefix)
        if len(opened) < ARCHIVES_OPENED:
            opened.append(relpath)
            try:
                expanded += [prefix + name for name, _ in members_sampled(config, relpath, limit)]
            except SourceError:
                continue  # rejected with its reason when the pipeline lists it
    return expanded[:limit], opened, folders
