"""Text inputs: bytes to the UTF-8 text a record stores."""

from __future__ import annotations

from shardify.errors import InvalidInputError

__all__ = ["DEFAULT_ENCODING", "FALLBACK_ENCODING", "decode_text", "decode_text_file"]

DEFAULT_ENCODING = "utf-8"
# What a text file that is not UTF-8 is read as, when no --encoding was given: older corpora (20
# Newsgroups, Reuters) are Latin-1 or Windows-1252, of which cp1252 is the superset that names the
# bytes 0x80-0x9F; the repairs report says which files were read so.
FALLBACK_ENCODING = "cp1252"
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
# Byte-order marks of the wide encodings, UTF-32's first (its little-endian mark begins with UTF-16's).
_WIDE_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def decode_text(data: bytes, encoding: str = DEFAULT_ENCODING) -> str:
    """The file's text with any byte-order mark removed.

    Raises:
      InvalidInputError: the bytes are not text in `encoding` (binary files are caught by their
        NUL bytes, which no UTF-8 text file holds).
    """
    if encoding.lower().replace("_", "-") in ("utf-8", "utf8") and b"\x00" in data:
        marked = next((name for mark, name in _WIDE_MARKS if data.startswith(mark)), "")
        if marked:  # its NUL bytes are the wide encoding's, and the file says which it is
            raise InvalidInputError(f"holds NUL bytes: {marked} text, as its byte-order mark says, not UTF-8: pass --encoding {marked.lower()}")
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


def decode_text_file(data: bytes, encoding: str = DEFAULT_ENCODING) -> tuple[str, str]:
    """A text file's text, and how it was read when not as `encoding` ("" when it was): with the
    default encoding, a file that is not UTF-8 but is Windows-1252 text (no NUL bytes, no UTF-16
    byte-order mark) is read as that, and said.

    >>> decode_text_file("caf\u00e9".encode("cp1252"))
    ('caf\xe9', 'not UTF-8 text: read as Windows-1252 (cp1252); pass --encoding if it is another')

    Raises:
      InvalidInputError: as `decode_text`, when the fallback does not apply or fails too.
    """
    try:
        return decode_text(data, encoding), ""
    except InvalidInputError:
        if encoding != DEFAULT_ENCODING or b"\x00" in data or data.startswith(_UTF16_MARKS):
            raise
        try:
            text = data.decode(FALLBACK_ENCODING)
        except UnicodeDecodeError:
            raise InvalidInputError(
                "not valid UTF-8 text, nor Windows-1252; pass --encoding if it is another"
            ) from None
    return text, f"not UTF-8 text: read as Windows-1252 ({FALLBACK_ENCODING}); pass --encoding if it is another"
