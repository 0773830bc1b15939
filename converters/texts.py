"""Text inputs: bytes to the UTF-8 text a record stores."""

from __future__ import annotations

from shardify.errors import InvalidInputError

__all__ = ["DEFAULT_ENCODING", "decode_text"]

DEFAULT_ENCODING = "utf-8"


def decode_text(data: bytes, encoding: str = DEFAULT_ENCODING) -> str:
    """The file's text with any byte-order mark removed.

    Raises:
      InvalidInputError: the bytes are not text in `encoding` (binary files are caught by their
        NUL bytes, which no UTF-8 text file holds).
    """
    if encoding.lower().replace("_", "-") in ("utf-8", "utf8") and b"\x00" in data:
        raise InvalidInputError("binary file (holds NUL bytes), not UTF-8 text")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise InvalidInputError(
            f"not valid {encoding.upper()} text ({error.reason} at byte {error.start}); pass --encoding if it is another"
        ) from None
    except LookupError:
        raise InvalidInputError(f"unknown encoding {encoding!r}") from None
    return text[1:] if text.startswith("\ufeff") else text
