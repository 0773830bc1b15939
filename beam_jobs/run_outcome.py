"""What a finished pipeline run says, read back from OUT: whether it wrote its manifest (or, for an
append, a new version), and if not, the reason raised as the named error the CLI turns into its
one line (a refused plan, too many rejects, no usable input).

The writer decided with `why_no_manifest`; the same rule, on the counts read back here, says which.
"""

from __future__ import annotations

import logging

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.output.reject_reasons import common_reasons, shared_ending, unmasked_folder
from shardify.config import ConvertConfig
from shardify.errors import OutputError, RejectLimitError, SourceError, UsageError
from shardify.format import naming
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest
from shardify.format.versions import VersionPlan
from shardify.inputs.paths import is_local_path
from shardify.plan.plan_file import load_plan, read_plan
from shardify.plan.requests import NO_INPUT, NOTHING_USABLE, OVER_LIMIT, why_no_manifest
from shardify.plan.shard_plans import PlanSummary

__all__ = ["check_appended", "check_finished", "read_text", "read_written_plan"]

_LOG = logging.getLogger("shardify")


def check_appended(config: ConvertConfig, version: VersionPlan) -> Manifest:
    """The latest version after an append: the new one, or the previous one when SRC held nothing new.

    Raises:
      UsageError: the plan was refused.
      RejectLimitError, SourceError: new inputs there were, but no version was written (too many
        rejects, none usable): the plan's first rejects say why.
    """
    plan = read_written_plan(config.output)
    if plan.refusal:
        raise UsageError(plan.refusal)
    latest = load_manifest(config.output)
    if latest.version == version.number:
        return latest
    reasons = "; ".join(f"{r.relpath}: {r.reason}" for r in plan.reject_examples[:3])
    if not plan.num_records and not plan.num_rejected:
        _LOG.debug(  # the CLI says it once, on stdout (at info both showed); a library caller reads the returned version
            "nothing new to append: every input in %s is in %s already (version %d stays the latest)",
            config.source,
            config.output,
            latest.version,
        )
        return latest
    if not plan.num_records:
        raise SourceError(
            f"nothing appended: {plan.num_rejected} inputs rejected or changed and none new ({reasons}); "
            f"version {latest.version} stays the latest"
        )
    raise RejectLimitError(
        f"nothing appended: {plan.num_rejected} of {plan.num_records + plan.num_rejected} inputs rejected, more than --max-rejects "
        f"{config.max_rejects} allows ({reasons}); version {latest.version} stays the latest"
    )


def read_written_plan(output: str) -> PlanSummary:
    """OUT's plan.json, which this run wrote and anyone may have replaced since.

    Raises:
      PlanFileError: it is no plan, or (a local one) cannot be read (see `plan_file`).
      OSError: a remote one cannot be read.
    """
    if is_local_path(output):
        return load_plan(output)
    path = FileSystems.join(output, naming.PLAN_FILENAME)
    with FileSystems.open(path) as f:
        return read_plan(f, path)


def read_text(path: str) -> str:
    with FileSystems.open(path) as f:
        return f.read().decode("utf-8")


def _left_out(config: ConvertConfig) -> str:
    """Where `--exclude` left out files, the words saying so: a source whose every file a pattern
    matched (`--exclude '**'`) holds files, and 'holds no input files' alone sent the user looking
    for them."""
    if not config.exclude or not is_local_path(config.source):
        return ""
    from shardify.beam_jobs.discover.left_out_keys import left_out_paths

    count = len(left_out_paths(config))
    patterns = " ".join(f"--exclude {p!r}" for p in config.exclude)
    return f" left in by {patterns}, which left out {count:,} file{'s' if count != 1 else ''}: drop or narrow it" if count else ""


def check_finished(config: ConvertConfig) -> None:
    """Raises the reason when the finished pipeline refused its plan or wrote no manifest (the
    writer decided with `why_no_manifest`; the same rule, on the counts read back, says which).

    Raises:
      UsageError: the plan was refused: an option cannot work with this source.
      RejectLimitError: more rejects than `config.max_rejects`.
      SourceError: no usable input at all.
    """
    plan = read_written_plan(config.output)
    if plan.refusal:
        raise UsageError(plan.refusal)
    if FileSystems.exists(FileSystems.join(config.output, naming.MANIFEST_FILENAME)):
        return
    rejects_path = FileSystems.join(config.output, naming.REJECTS_FILENAME)
    rejected = read_text(rejects_path).count("\n") if FileSystems.exists(rejects_path) else 0
    tried = plan.num_records + plan.num_rejected
    why = why_no_manifest(written=tried - rejected, rejected=rejected, limit=config.max_rejects)
    reasons = common_reasons(rejects_path) if rejected else ""
    if why == OVER_LIMIT:
        ending = shared_ending(rejects_path) or unmasked_folder(rejects_path)  # files taken for inputs: the option that leaves them out
        leave = f", or leave them out with {ending}" if ending else ""
        raise RejectLimitError(
            f"{rejected} of {tried} inputs were rejected, more than --max-rejects {config.max_rejects} "
            f"allows: no manifest written ({reasons}; all in {rejects_path}; raise the limit to keep the rest{leave})"
        )
    if why == NO_INPUT:
        skipped = f" but {plan.num_skipped} junk files (hidden, OS metadata)" if plan.num_skipped else ""
        raise SourceError(f"no records written: {config.source} holds no input files{skipped}{_left_out(config)}")
    if why == NOTHING_USABLE:
        raise SourceError(
            f"no records written: no usable input under {config.source}: {rejected} rejected ({reasons}; all in {rejects_path})"
        )
    raise OutputError(f"no manifest was written to {config.output}, for no reason the run recorded: run the same command again")
