"""Which encodings a table can be read in, and what is said when its bytes are not text in one.

Tables are read line by line (`tables.CountingLines`, `table_scans`), so only an encoding that
writes a line feed as the one byte 0x0A can be read at all; the others stop before any row is read.
A line that does not decode is its row's reject, saying the byte and the option that decides
(`--encoding`, `checks.ENCODING_HINT`); first rows that do not decode stop the run instead, naming
that option: a table in another encoding, not a bad row. Kept apart from the row reading so that
every reader of lines (CSV, TSV, `text;label` lines) words these the same way.
"""

from __future__ import annotations

from shardify.errors import InvalidInputError
from shardify.plan.checks import ENCODING_HINT

__all__ = ["check_encoding", "check_head_decodes", "is_utf8", "not_valid"]


def is_utf8(encoding: str) -> bool:
    return encoding.lower().replace("_", "-") in ("utf-8", "utf8")


def check_head_decodes(raw: bytes, encoding: str) -> None:
    """Stop a `text<sep>label` file whose first lines are not text in `encoding` (Financial
    PhraseBank's latin-1 `ä`): as for a CSV, the run stops naming `--encoding` rather than reject
    each line.

    Raises:
      InvalidInputError: "first rows are in another encoding", with the option that decides.
    """
    whole = raw[: raw.rfind(b"\n") + 1] or raw  # a character cut at the end of what was read is no sign
    try:
        whole.decode(encoding)
    except UnicodeDecodeError as error:
        row = whole[: error.start].count(b"\n") + 1
        raise InvalidInputError(f"first rows are in another encoding: row {row} is {not_valid(encoding, error)}") from None
    except LookupError:
        raise InvalidInputError(f"--encoding {encoding!r}: no such codec") from None


def not_valid(encoding: str, error: UnicodeDecodeError) -> str:
    """Why a CSV or TSV line does not decode, and the option that decides how it is read."""
    name = "UTF-8" if is_utf8(encoding) else encoding
    return f"not valid {name} ({error.reason} at byte {error.start}); {ENCODING_HINT}"


def check_encoding(encoding: str) -> None:
    """Tables are read line by line: only an encoding that writes a line feed as the byte 0x0A
    (ASCII's supersets: UTF-8, Latin-1, Windows-125x) can be.

    Raises:
      InvalidInputError: an unknown encoding, or one such as UTF-16.
    """
    try:
        newline = "\n".encode(encoding)
    except LookupError:
        raise InvalidInputError(f"unknown encoding {encoding!r}") from None
    if newline != b"\n":
        raise InvalidInputError(f"tables in {encoding} cannot be read (a line feed there is not one byte 0x0A)")

