"""The stops a label file's sampled cells call for before any record is written: a file read as
the labels that labels nothing, and cells that look like lists of labels with no
`--label-separator` saying how to read them.

Part of finding a label file (`label_file_found.py` re-exports `check_label_cells`): a guess here
would write every record with a wrong label and exit 0, so each stop names the option that decides.
"""

from __future__ import annotations

from shardify.beam_jobs.discover import label_file_signs
from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.converters import sparse_labels
from shardify.errors import UsageError
from shardify.plan import layout_guess
from shardify.plan.tag_labels import separated_lists, tag_lists

__all__ = ["check_label_cells"]


def check_label_cells(label_file: layout_guess.LabelFileSample, config: ConvertConfig) -> None:
    """Stop where the file read as the labels labels nothing, or its cells look like lists of
    labels no `--label-separator` says how to read (see `shardify.plan.tag_labels`).

    Raises:
      UsageError: naming the option that decides.
    """
    _check_tag_lists(label_file.path, list(label_file.cells), config)
    if not label_file.labelled:
        # Given or found as the labels, it labels nothing: every image unlabelled, with exit 0.
        lines = head_lines(config, label_file.path) if label_file.path.endswith(".csv") else []
        signs = label_file_signs.signs_of_other_labels(config.source, label_file.keys, lines)
        ranked = sparse_labels.ranked_in_lines(lines) if not signs else []
        if ranked:  # Memotion's five label columns: the candidates, the one named as a label first
            named = f" {ranked[0]!r}" if sparse_labels.named_as_label(ranked[0]) else ", one"
            signs = (f": name it with --label-column{named} (of the columns whose cells repeat a few values, as "
                     f"labels do: {', '.join(repr(name) for name in ranked)})")
        raise UsageError(
            f"the label file {label_file.path} has no label column (none named label, labels, class, category, tags, ..., "
            f"nor one-hot columns of 0 and 1){signs or ': name it with --label-column NAME'}"
        )


def _check_tag_lists(shown: str, cells: list[str], config: ConvertConfig) -> None:
    """Stop where the label cells look like lists of labels and no `--label-separator` says how
    to read them (see `shardify.plan.tag_labels`)."""
    if config.label_separator:
        return
    joined = separated_lists(cells)
    if joined:
        separator, first, second = joined
        raise UsageError(
            f"the labels in {shown} join several names in a cell ({first!r}, {second!r}): --label-separator "
            f"'{separator}' reads each name as a label (multi-label); --label-separator none keeps each cell one label"
        )
    found = tag_lists(cells)
    if found:
        small, large = found
        raise UsageError(
            f"the labels in {shown} look like lists of tags ({small!r} and {large!r} share words in another "
            "order): --label-separator ' ' reads each word as a label (multi-label); --label-separator none "
            "keeps each cell one label (class names with spaces)"
        )
