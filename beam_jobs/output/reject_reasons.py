"""The most common reasons in `rejected.jsonl`, counted, for the one line a failed run prints.

A run that writes nothing, or stops at --max-rejects, used to say only "no usable input (reasons in
rejected.jsonl)": the user had to open the report to learn that every table lacked a text column.
The line now names the commonest reasons with their counts. The report is read line by line (each
through `json_input.parse`: one edited line is skipped, never a traceback) and at
most MAX_DISTINCT_REASONS reasons are counted, so memory does not grow with the rejects.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from shardify.beam_jobs.output.folder import open_output_file
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.inputs.excludes import exclude_option

__all__ = ["MAX_DISTINCT_REASONS", "common_reasons", "shared_ending", "unmasked_folder"]

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


# A file name's ending shared by derived files (`ISIC_0000000_superpixels.png`, `img_mask.png`):
# `_` or `-`, a word of letters, the extension.
_ENDING = re.compile(r"[_-][A-Za-z]+\.[A-Za-z0-9]{1,5}$")
_MIN_FILES = 2
# Rejects read for it at most: the line's hint, not a second pass over a huge report.
_MAX_READ = 100_000


def shared_ending(path: str) -> str:
    """`--exclude '**/*<ending>'` where every rejected file (not a table's row) of the report at
    `path`, two or more, ends with the same `_word.ext` (derived files the reading took for
    inputs: ISIC's `_superpixels.png` beside its photos), else "": the option that leaves them
    out, said beside the limit's.

    >>> import json, tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
    ...     _ = f.write("".join(json.dumps({"path": f"a/ISIC_{i}_superpixels.png", "reason": "r"}) + "\\n" for i in range(3)))
    >>> shared_ending(f.name); os.unlink(f.name)
    "--exclude '**/*_superpixels.png'"
    """
    def ending(row: dict) -> str:
        found = _ENDING.search(row["path"].rsplit("/", 1)[-1])
        return found.group(0) if found else ""

    shared = _shared_by_files(path, ending)
    return f"--exclude '**/*{shared}'" if shared else ""


def unmasked_folder(path: str) -> str:
    """`--exclude <folder>` where every rejected file (not a table's row) of the report at `path`, two or more, lies in
    one top folder and was rejected as no mask shares its path (Finding Lungs in CT Data's `3d_images/*.nii.gz` volumes
    beside the slices a mask folder mirrors: files the folder layout took in that no mask is named as), else "": the
    option that leaves that folder out, said beside the limit's for the user to decide whether it holds records.

    >>> import json, tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
    ...     _ = f.write("".join(json.dumps({"path": f"3d/v{i}.nii.gz", "reason": "no mask in m/ shares its path"}) + "\\n"
    ...                         for i in range(2)))
    >>> unmasked_folder(f.name); os.unlink(f.name)
    '--exclude 3d'
    """
    def folder(row: dict) -> str | None:
        if "/" not in row["path"] or not str(row.get("reason", "")).startswith("no mask in "):
            return None
        return row["path"].split("/", 1)[0]

    shared = _shared_by_files(path, folder)
    return exclude_option(shared) if shared else ""


def _shared_by_files(path: str, key: Callable[[dict], str | None]) -> str:
    """The one `key` every rejected file (not a table's row) of the report at `path` shares, two
    files or more, else "": also where a row is no file's reject, a key is None, or the report is
    longer than `_MAX_READ` (the line's hint, not a second pass over a huge report)."""
    keys: set[str] = set()
    files = 0
    try:
        with open_output_file(path) as report:
            for number, line in enumerate(report):
                if number >= _MAX_READ:
                    return ""
                try:
                    row = json_input.parse(line)
                except InvalidInputError:
                    return ""
                if not isinstance(row, dict) or not isinstance(row.get("path"), str) or row.get("row"):
                    return ""  # (a table's row, or a line of another shape: no file to leave out)
                found = key(row)
                if found is None:
                    return ""
                keys.add(found)
                files += 1
                if len(keys) > 1:
                    return ""
    except (OSError, InvalidInputError):
        return ""
    return keys.pop() if keys and files >= _MIN_FILES else ""
