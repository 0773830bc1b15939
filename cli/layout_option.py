"""`--layout-file FILE`: run from a layout file, or (with `--dry-run`) write detection's guess to one.

The file itself (its keys, reading and writing) is `shardify.plan.layout_file`; this module is the
command line's edge: it reads the file once into the options the conversion takes, refuses an option
given both on the command line and in the file with another value, and writes the guess.
"""

from __future__ import annotations

import re
from pathlib import Path

from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.files import open_local_input
from shardify.plan import layout_file

__all__ = ["apply_layout_file", "fields_note", "known_layout_file", "unwritten_note", "write_layout_file", "written_note"]

# The layout file's field for each command-line option a stop may name: a run given a layout file
# mends the file (an option given beside it must agree with the file's value, `apply_layout_file`).
# Stops are worded in options, as detection's are; this table says them in the file's words.
_FIELDS: dict[str, str] = {
    **{f"--{name.replace('_', '-')}": f"options.{name}" for name in layout_file.READING_OPTIONS},
    "--key-column": "key_column",
    "--labels": "labels_file",
    "--label-level": "structure.label_levels",
    "--layout": "layout",
}


def fields_note(message: str) -> str:
    """What a stop's `message` names as command-line options, said as the layout file's fields
    (appended where the run was given a layout file), or "" where it names none of them.

    >>> fields_note("--keep-columns smoker leaves them out; --label-column smoker reads the flag")
    ' (in the layout file: options.keep_columns for --keep-columns, options.label_column for --label-column)'
    >>> fields_note("--labels-x is no option; --layout-file FILE"), fields_note("--labels a.csv --key-column id")
    ('', ' (in the layout file: labels_file for --labels, key_column for --key-column)')
    """
    found = []
    for option, field in _FIELDS.items():
        at = re.search(rf"{re.escape(option)}(?![\w-])", message)
        if at:
            found.append((at.start(), option, field))
    if not found:
        return ""
    return f" (in the layout file: {', '.join(f'{field} for {option}' for _, option, field in sorted(found))})"


def known_layout_file(path: Path) -> Path:
    """`--layout-file`'s file: `path` itself, or where it is a bare name (no folder, no `.yaml`) and
    no such file exists, the catalog's entry of that name (shardify/plan/known_layouts.py).

    Raises:
      UsageError: a bare name that is no file and no catalog entry; the known names are listed.
    """
    from shardify.plan import known_layouts

    if not known_layouts.is_name(str(path)) or path.exists():
        return path
    known = known_layouts.entry(str(path))
    if known is None:
        names = ", ".join(k.name for k in known_layouts.catalog())
        raise UsageError(
            f"--layout-file {path}: no such file, and no known dataset of that name (known: {names}; `shardify layouts` "
            "lists them); write a file with --dry-run --layout-file FILE.yaml"
        )
    return known.path


def apply_layout_file(path: Path, options: dict[str, object]) -> dict[str, object]:
    """`options` (ConvertConfig's keyword arguments from the command line) with the layout file's
    layout and reading options.

    Args:
      path: the layout file; it exists.
      options: the command line's values; one equal to its default was not given.

    Raises:
      UsageError: the file cannot be read or is no layout file; an option is given both on the
        command line and in the file, with different values.
    """
    try:
        with open_local_input(str(path)) as f:
            text = f.read(layout_file.MAX_BYTES + 1).decode("utf-8")
    except InvalidInputError as error:  # not a regular file (a pipe, a device): never read, never waited on
        raise UsageError(f"layout file {path} cannot be read: {error.reason}") from None
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        raise UsageError(
            f"layout file {path} cannot be read: not UTF-8 text (byte 0x{byte:02x} at offset {error.start:,}): save it as UTF-8"
        ) from None
    except OSError as error:
        raise UsageError(f"layout file {path} cannot be read: {error.strerror or error}") from None
    spec = layout_file.loads(text, where=str(path))
    merged, defaults = dict(options), layout_file.option_defaults()
    for key, value in spec.options.items():
        given = _as_text(options[key]) if key == "split" else options[key]
        if given != defaults[key] and given != value:
            raise UsageError(
                f"--{key.replace('_', '-')} is {given!r} on the command line and {value!r} in {path}: give it in one place"
            )
        merged[key] = value
    merged["layout_given"] = spec.layout
    return merged


def _as_text(value: object) -> object:
    return "" if value is None else str(value)


def write_layout_file(path: Path, guess: object, config: object, *, source: str, doubt: str = "") -> None:
    """Writes detection's guess (a SourceLayout) and the conversion's reading options (from its
    ConvertConfig) to a new file `path`.

    Raises:
      UsageError: `path` exists (it would be read, not written) or cannot be written.
    """
    wanted = {key: getattr(config, key) for key in layout_file.READING_OPTIONS}
    wanted["split"] = _as_text(wanted["split"])
    text = layout_file.dumps(layout_file.LayoutSpec(guess, wanted), source=source, doubt=doubt)
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise UsageError(f"layout file {path} appeared while planning; it was left as it is") from None
    except OSError as error:
        raise UsageError(f"layout file {path} cannot be written: {error.strerror or error}") from None


def written_note(path: Path, src: str, out: str) -> str:
    """What to do with a layout file just written."""
    shown = str(path)
    return (
        f"layout written to {shown}: mend what is wrong there, then "
        f"`shardify convert {src} {out} --layout-file {shown}` (add --dry-run to check it first)"
    )


def unwritten_note(path: Path) -> str:
    """What to do where `--dry-run --layout-file FILE` stopped before detection had a guess to write
    (a stop that carries one, `DoubtedGuess`, has it written): said, never a file silently missing."""
    return (
        f"no layout was written to {path}: detection stopped before it had a guess to write. Add an option the stop "
        f"names to --dry-run --layout-file {path} to have that reading written for you to mend, or write the file "
        "yourself (`shardify_layout: 1`, `layout: ...`: docs/layout-files.md)"
    )
