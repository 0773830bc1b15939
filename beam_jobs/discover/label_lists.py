"""Describe steps for lists that label a folder's images where the folders give no labels: split
lists whose lines give labels (`shardify.plan.split_label_lists`: FGVC-Aircraft's
images_variant_<split>.txt) and one list of inputs per concept (`shardify.plan.concept_lists`:
MIRFLICKR-25k's annotations/<concept>.txt).

Apart from `label_tables` (tables keyed by a column, label joins) because a list is read by its
lines, not its columns, and a list that cannot be read beside the ones found stops the run here
(`_stop_at_unread_lists`). Both run only where nothing labels the inputs yet (`unlabelled_inputs`).
`label_tables` re-exports the two steps, where detection calls them.
"""

from __future__ import annotations

import dataclasses
import os

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.beam_jobs.discover.listing import why_unlisted
from shardify.beam_jobs.discover.unlabelled_inputs import parts_unlabelled, unlabelled_or_parts
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import concept_lists, layout, split_label_lists
from shardify.plan.evidence import KeyRule, file_key, row_key

__all__ = ["MAX_LISTS", "MAX_LIST_DEPTH", "with_concept_lists", "with_label_lists"]

# Label lists looked into: two folders down (FGVC-Aircraft's data/ under its archive's folder).
MAX_LIST_DEPTH = 2
MAX_LISTS = 200


def with_label_lists(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` split and labelled by split lists whose lines give labels (FGVC-Aircraft's
    data/images_variant_<split>.txt), where nothing else splits or labels its inputs; else
    unchanged.

    Raises:
      UsageError: the lists' level cannot be told, or two splits' lists name one input
        (`split_label_lists.choose_level`).
    """
    parts = unlabelled_or_parts(config, sample, detected)
    if parts is None or any(e.gives_split for e in detected.evidence):
        return detected
    heads = _list_heads(config, sample, detected, ("txt", "lst"))
    levels = split_label_lists.label_list_levels(heads, describe.names_inputs(sample, detected))
    if not levels:
        return detected
    chosen, notes = split_label_lists.choose_level(levels, heads)
    _stop_at_unread_lists(config, [e.path for e in chosen], ("txt", "lst"), "split lists")
    detected = parts_unlabelled(detected, parts, chosen[0].path)
    return dataclasses.replace(
        detected, evidence=(*detected.evidence, *chosen), notes=(*detected.notes, *(e.note for e in chosen), *notes)
    )


def _list_heads(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, extensions: tuple[str, ...]) -> dict[str, list[str]]:
    """The first lines of the auxiliary list files (`extensions`) up to MAX_LIST_DEPTH folders
    down, at most MAX_LISTS of them, that exist: the files the list steps judge."""
    paths = [
        p for p in sample
        if p.count("/") <= MAX_LIST_DEPTH and layout.extension(p) in extensions and detected.is_auxiliary(p)
    ][:MAX_LISTS]
    return {p: label_file_found.head_lines(config, p) for p in paths if FileSystems.exists(join_path(config.source, p))}


def with_concept_lists(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` labelled by one list of inputs per concept (MIRFLICKR-25k's
    annotations/<concept>.txt of image numbers), multi-label, where nothing else labels its
    inputs; else unchanged."""
    parts = unlabelled_or_parts(config, sample, detected)
    if parts is None:
        return detected
    heads = _list_heads(config, sample, detected, ("txt", ""))
    found, notes = concept_lists.recognise_concept_lists(heads, _names_inputs_by_rule(sample, detected))
    if not found:
        return detected
    _stop_at_unread_lists(config, [e.path for e in found], ("txt", ""), "concept lists")
    detected = parts_unlabelled(detected, parts, found[0].path)
    folders = sorted({e.path.rpartition("/")[0] + "/" for e in found})
    shown = ", ".join(e.names[0] for e in found[:6]) + (f" and {len(found) - 6} more" if len(found) > 6 else "")
    summary = (
        f"labels from {len(found)} concept lists in {', '.join(folders)} ({shown}): an input's labels are the concepts "
        "whose lists name it (multi-label); an input no list names has no label"
    )
    return dataclasses.replace(detected, evidence=(*detected.evidence, *found), notes=(*detected.notes, summary, *notes))


def _stop_at_unread_lists(config: ConvertConfig, lists: list[str], extensions: tuple[str, ...], kind: str) -> None:
    """Stop where a file beside the lists found, of their kind, is one the listing leaves out (a
    pipe, a link leading outside SRC): it is a list too, unread, so its split's inputs would fall
    in no split, or its concept be missing from every input's labels (both exit 0 before).

    Raises:
      UsageError: naming each such file and why.
    """
    unread = []
    for folder in sorted({path.rpartition("/")[0] for path in lists}):
        where = join_path(config.source, folder) if folder else config.source
        try:
            names = sorted(os.listdir(where)) if is_local_path(config.source) else []
        except OSError:
            continue
        for name in names:
            relpath = f"{folder}/{name}" if folder else name
            if relpath in lists or layout.extension(relpath) not in extensions:
                continue
            reason = why_unlisted(config.source, relpath, follow_outside_links=config.follow_outside_links)
            if reason:
                unread.append(f"{relpath} ({reason})")
    if unread:
        raise UsageError(
            f"{', '.join(unread[:4])} beside the {kind} {', '.join(lists[:2])} cannot be read: read as one of them, the "
            "labels or splits it gives would be missing with no word; make it a regular file inside SRC, or remove it"
        )


def _names_inputs_by_rule(sample: list[str], detected: layout.SourceLayout):
    """Whether keys read by a rule name the sampled inputs: most of them where the sample is the
    whole source, at least one where it is part of it (as `describe.names_inputs`)."""
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    whole = len(sample) < describe.sample_files()

    def names(keys, rule: KeyRule) -> bool:
        known = {file_key(p, rule) for p in inputs}
        matched = sum(row_key(k, rule) in known for k in keys)
        return matched * 2 > len(keys) if whole else matched > 0

    return names
