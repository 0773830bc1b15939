"""An append's options and version, checked before any work: `--append` adds the inputs of SRC
that OUT does not hold yet as version N+1, under the first conversion's split rule and with the
labels' indices kept, to an output whose layout, options and earlier versions allow it.
"""

from __future__ import annotations

import dataclasses
import logging

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.detect import SourceScan
from shardify.beam_jobs.discover.held import load_held, open_inputs_file
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.run_outcome import read_text
from shardify.config import ConvertConfig
from shardify.errors import ManifestError, UsageError
from shardify.format import naming
from shardify.format.inputs_file import check_inputs_file, records_per_version
from shardify.format.manifest import load_manifest
from shardify.format.versions import VersionPlan, created_now
from shardify.plan import layout
from shardify.plan.layout import SourceLayout
from shardify.plan.requests import parse_split_ratios

__all__ = ["APPENDABLE_LAYOUTS", "append_plan"]

_LOG = logging.getLogger("shardify")

# Layouts whose every input is a file of its own, which an append can tell apart by path and content.
APPENDABLE_LAYOUTS = (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS, layout.NAMED_FILES, layout.LABEL_FILE, layout.IMAGE_CAPTIONS)


def append_plan(
    config: ConvertConfig, source_layout: SourceLayout, scan: SourceScan, *, in_process: bool = False
) -> tuple[ConvertConfig, VersionPlan]:
    """The options and version of an append to OUT's latest version: the split rule (seed, --split)
    is the first conversion's, so a file's split never changes; labels keep their indices. The
    earlier versions' inputs files are checked here, before any work (`in_process`: and kept in
    memory for the pipeline, which runs in this process).

    Raises:
      UsageError: OUT holds no finished output, one made before versions, or one this source
        cannot be appended to (its layout, --label-names renumbering labels, another label mode).
    """
    try:
        latest = load_manifest(config.output)
    except ManifestError as error:
        raise UsageError(f"--append: nothing to append to: {error}") from None
    if not latest.versions:
        raise UsageError(
            f"--append: {config.output} was written by a shardify without versions (it lists no inputs): "
            "convert it again once without --append"
        )
    if latest.version >= naming.MAX_VERSION:
        raise UsageError(
            f"--append: {config.output} holds version {latest.version}, the last an output can hold: "
            "convert it again without --append"
        )
    if source_layout.name not in APPENDABLE_LAYOUTS or scan.archives or source_layout.objects.any:
        raise UsageError(
            f"--append reads sources whose every input is a file of its own ({', '.join(APPENDABLE_LAYOUTS)}, no archives, "
            f"no detection objects); {config.source} is read as {source_layout.name}"
            + (" with archives" if scan.archives else "")
            + ": convert it again without --append"
        )
    if latest.data.get("layout") != source_layout.name:
        raise UsageError(
            f"--append reads {config.source} as {source_layout.name}, but {config.output} was converted as "
            f"{latest.data.get('layout')}: give the options the conversion had (see its manifest's options)"
        )
    if config.label_names and tuple(config.label_names[: len(latest.labels)]) != latest.labels:
        raise UsageError(
            f"--label-names would renumber the labels {config.output} holds: it must start with {', '.join(latest.labels[:5])}"
            f"{', ...' if len(latest.labels) > 5 else ''} in that order (new names go after them)"
        )
    options = latest.data.get("options", {})
    seed, split = options.get("seed", 0), options.get("split", "")
    if not isinstance(seed, int) or not isinstance(split, str):
        raise UsageError(f"--append: the options in {config.output}'s manifest are not shardify's: convert again without --append")
    if options.get("resize") != config.manifest_options()["resize"]:  # one output, one size of image
        had = options.get("resize")
        raise UsageError(
            f"--append must store images as {config.output} does: "
            + (f"--resize {had.get('side')}:{had.get('max_side')} --jpeg-quality {had.get('jpeg_quality')}" if isinstance(had, dict) else "without --resize")
        )
    had_excludes = options.get("exclude", [])  # outputs made before the option left nothing out
    if had_excludes != list(config.exclude):  # else files left out before would be appended now, or the reverse
        given = " ".join(f"--exclude {p!r}" for p in had_excludes) or "no --exclude"
        raise UsageError(f"--append must leave out what {config.output} left out: {given}")
    had_pixels = options.get("store_pixels", "never")  # outputs made before the option stored none
    if had_pixels != str(config.store_pixels):
        raise UsageError(f"--append must store images as {config.output} does: --store-pixels {had_pixels}")
    if (config.seed, str(config.split or "")) != (seed, split):
        _LOG.info("--append follows the first conversion's split rule: --seed %s%s", seed, f" --split {split}" if split else "")
    config = dataclasses.replace(config, seed=seed, split=parse_split_ratios(split) if split else None)
    last = latest.versions[-1]
    added = last.get("added", {})
    first, planned = last.get("first_record", 0), added.get("planned", 0)
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (first, planned)):
        raise UsageError(
            f"--append: {config.output}'s manifest does not say how many records it numbered: convert again without --append"
        )
    version = VersionPlan(
        number=latest.version + 1,
        created=created_now(),
        source=config.source,
        previous=read_text(FileSystems.join(config.output, naming.MANIFEST_FILENAME)),
        labels=latest.labels,
        first_record=first + planned,
        held_files=tuple(naming.inputs_filename(n) for n in range(1, latest.version + 1)),
    )
    missing = [name for name in version.held_files if not FileSystems.exists(FileSystems.join(config.output, name))]
    if missing:
        raise UsageError(
            f"--append: {config.output} lacks {missing[0]}, the inputs its version holds: convert again without --append"
        )
    # Each version's own manifest is what `load(version=N)` reads: an append that kept one broken (a
    # pipe, garbage, another version's) and said exit 0 would leave a history that cannot be read.
    for number in range(1, latest.version + 1):
        try:
            load_manifest(config.output, version=number)
        except ManifestError as error:
            raise UsageError(
                f"--append: version {number} of {config.output} cannot be read ({error}): restore "
                f"{naming.version_manifest_filename(number)}, or convert again without --append"
            ) from None
    output_folder.check_kept_shards(
        config.output, ((shard.path, shard.num_bytes) for split in latest.splits.values() for shard in split.shards)
    )
    # Checked before any work, one line at a time: each version's lines name paths inside SRC and
    # count exactly the records its shards hold (a forged line would count a record none holds).
    per_version = records_per_version(
        (split.name, shard.path, shard.num_records) for split in latest.splits.values() for shard in split.shards
    )
    if in_process:  # read and checked here in one pass, and kept for the pipeline's steps in this process
        load_held(config.output, version.held_files, per_version)
        return config, version
    for number, name in enumerate(version.held_files, start=1):
        path = FileSystems.join(config.output, name)
        with open_inputs_file(path) as f:
            check_inputs_file(f, path, number, per_version)
    return config, version
