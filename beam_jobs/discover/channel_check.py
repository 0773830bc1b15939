"""Stop where a sample is several single-channel images (`shardify.plan.channel_files`), saying what is seen.

Read as a folder of images, each channel file became a record of its own (RxRx1: six unlabelled
records a site, exit 0), and a table labelling samples by id was offered as `--labels FILE`, which
names no file and rejects every image (the Human Protein Atlas). A record holds one image, so the
honest answer is a stop: how many files a sample, which channels, the table whose ids name samples,
and the one thing that converts it as it stands, one channel per record by `--exclude`.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.channel_files import channel_samples

__all__ = ["check_channel_samples"]

_TABLES = 4  # tables read to see whether they name the samples by id (their first lines only)


def _id_tables(config: ConvertConfig, sample: Sequence[str], ids: set[str]) -> list[str]:
    """The sampled tables whose first lines hold one of the samples' `ids` as a cell."""
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv")][:_TABLES]
    found = []
    for table in tables:
        cells = {c.strip().strip('"') for line in head_lines(config, table) for c in line.replace("\t", ",").split(",")}
        if cells & ids:
            found.append(table)
    return found


def check_channel_samples(config: ConvertConfig, sample: Sequence[str], media: Sequence[str]) -> None:
    """Stop (exit 2) where the sampled images are channel files of samples, one group per id.

    Raises:
      UsageError: naming a sample's files, the channels, the tables of sample ids, and `--exclude`.
    """
    if config.exclude or config.layout_given:  # the user chose the files, or described them
        return
    found = channel_samples([p for p in media if layout.extension(p) in layout.IMAGE_EXTENSIONS])
    if not found:
        return
    first = found[0]
    ends = {f"_{c}.{first.extension}".lower(): len(c) + len(first.extension) + 2 for c in first.channels}
    ids = {posixpath.basename(p)[: -n] for p in media for end, n in ends.items() if p.lower().endswith(end)}
    folders = ", ".join(f"{f.folder or '.'}/" + (" (a folder a sample)" if f.folder.endswith("*") else "") for f in found[:3])
    keep = first.channels[0]
    excludes = " ".join(f"--exclude '*_{c}.{first.extension}'" for c in first.channels if c != keep)
    tables = _id_tables(config, sample, ids)
    named = (f"; {', '.join(tables)} {'names' if len(tables) == 1 else 'name'} the samples by these ids, not files, so "
             "no file is labelled by it as a table of paths (--labels) labels one" if tables else "")
    raise UsageError(
        f"the images of {folders} are {len(first.channels)} files a sample, one per channel, named `<id>_<channel>."
        f"{first.extension}` (channels {', '.join(first.channels)}; {first.samples} samples sampled, e.g. "
        f"{', '.join(first.example)}): a record holds one image, and shardify does not join a sample's channel files "
        f"into one record{named}. To convert one channel per record, keep it alone, e.g. {excludes} (the '{keep}' "
        "channel), with --label-level 0 where nothing else labels the files; or merge each sample's channels into one "
        "image first"
    )
