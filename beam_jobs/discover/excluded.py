"""The plan's word on `--exclude`: how many files its patterns left out, and the first of them.

Detection lists only a sample, and the pipeline's listing never sees what the patterns match, so
the left-out files are counted here, by a names-only walk of SRC, before anything is written: a
pattern that leaves out more (or less) than the user meant shows in the plan, not in the shards.
A pattern that matches no file of SRC is a usage error: a misspelt pattern would otherwise leave
the files it was meant for in, silently.
"""

from __future__ import annotations

import dataclasses

from shardify.beam_jobs.discover.listing import left_out_files
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import Excludes, describe_left_out
from shardify.inputs.paths import is_local_path
from shardify.plan import layout

__all__ = ["excluded_note"]


def excluded_note(config: ConvertConfig, found: layout.SourceLayout) -> layout.SourceLayout:
    """`found` with a note counting and naming the files `--exclude` left out (none: unchanged).

    Raises:
      UsageError: a pattern leaves out no file of SRC (a local folder).
    """
    if not config.exclude or not is_local_path(config.source) or found.source_file:
        return found
    paths = left_out_files(config.source, config.excludes, [config.output])
    each = {p: Excludes((p,)) for p in config.exclude}
    unused = [p for p, matches in each.items() if not any(matches(path) for path in paths)]
    if unused:
        raise UsageError(
            f"--exclude {' --exclude '.join(repr(p) for p in unused)} matches no file of {config.source}: patterns are globs "
            "over paths relative to SRC ('LR/**', '**/*.mp4', a folder's path); mend or drop it"
        )
    return dataclasses.replace(found, notes=(*found.notes, describe_left_out(paths)))
