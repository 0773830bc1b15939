"""The most common reasons in `rejected.jsonl`, counted, for the one line a failed run prints.

A run that writes nothing, or stops at --max-rejects, used to say only "no usable input (reasons in
rejected.jsonl)": the user had to open the report to learn that every table lacked a text column.
The line now names the commonest reasons with their counts. The report is read line by line (each
through `json_input.parse`: one edited line is skipped, never a traceback) and at
most MAX_DISTINCT_REASONS reasons are counted, so memory does not grow with the rejects.
"""

from __future__ import annotations

from collections import Counter

from shardify.beam_jobs.output.folder import open_output_file
from shardify.errors import InvalidInputError
from shardify.inputs import json_input

__all__ = ["MAX_DISTINCT_REASONS", "common_reasons"]

# Distinct reasons counted; later new ones are counted together as "other reasons".
MAX_DISTINCT_REASONS = 10_000
# A reason shown longer than this is cut (a reason can quote a long cell).
_MAX_SHOWN_CHARS = 160


def _shown(reason: str) -> str:
    return reason if len(reason) <= _MAX_SHOWN_CHARS else reason[: _MAX_SHOWN_CHARS - 3] + "..."


def common_reasons(path: str, top: int = 3) -> str:
    """'<n> x <reason>; ...' for the `top` commonest reasons of the report at `path`, most common
    first (ties by reason), then how many others; "" when it lists none or cannot be read."""
    counts: Counter[str] = Counter()
    other = 0
    try:
        with open_output_file(path) as report:  # never a pipe's wait, nor a link
            for line in report:
                try:
                    row = json_input.parse(line)
                except InvalidInputError:  # a line nested past the parser, 5,000 digits, not UTF-8
                    continue
                reason = row.get("reason", "") if isinstance(row, dict) else None
                if not isinstance(reason, str):
                    continue
                if reason in counts or len(counts) < MAX_DISTINCT_REASONS:
                    counts[reason] += 1
                else:
                    other += 1
    except (OSError, InvalidInputError):  # gone, unreadable, a pipe or a link: nothing to count
        return ""
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    shown = [f"{number} x {_shown(reason)}" for reason, number in ranked[:top]]
    rest = sum(number for _, number in ranked[top:]) + other
    return "; ".join(shown + ([f"{rest} with other reasons"] if rest else []))
