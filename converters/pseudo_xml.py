"""Pseudo-XML files of records: elements one after another with no root, `&` unescaped, not always UTF-8.

The Multi-Domain Sentiment Dataset (Blitzer, Dredze and Pereira, 2007) ships `sorted_data_acl/<domain>/
positive.review`, `negative.review` and `unlabeled.review`, each a run of `<review><unique_id>..</unique_id>
<asin>..</asin>...<rating>5.0</rating><title>..</title><review_text>..</review_text></review>` blocks: no
root element, an `&` left bare in a text or a folder's name (`kitchen_&_housewares`), bytes in Latin-1.
Its readers read it leniently (BeautifulSoup, or the lines between `<review_text>` and `</review_text>`);
an XML parser refused it at the second `<review>` ("junk after document element").

A document refused as XML is read so only where it is shaped so (`rootless`): no declaration, no DOCTYPE,
its first markup an element: its bytes are then wrapped in one root element, every `&` that opens no
predefined or numeric entity read as a literal `&` (`&amp;`), and bytes that are not UTF-8 read as
Windows-1252 (as line files are, `line_files.decode_line`). The records are then found as any XML
document's (`xml_records`). A document parsed as XML as it is is never changed; nothing is guessed in
a well-formed one. A `.txt` file is read so where its first bytes are such records (the Blurb Genre Collection's
`BlurbGenreCollection_EN_train.txt` of `<book>` elements: `tables.read_header`, `xml_record_files.is_record_document`).
"""

from __future__ import annotations

import re

from shardify.converters.texts import FALLBACK_ENCODING

__all__ = ["ROOT", "as_document", "rootless"]

# The element the records are wrapped in: a name no document of records uses for its own.
ROOT = "shardify-pseudo-xml-root"
_BOM = b"\xef\xbb\xbf"
_FIRST_ELEMENT = re.compile(rb"^\s*<[A-Za-z_][\w.-]*[\s/>]")
_BARE_AMPERSAND = re.compile(rb"&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)")


def rootless(data: bytes) -> bool:
    """The bytes open as pseudo-XML does: an element first (after a BOM and spaces), no declaration or DOCTYPE.

    >>> rootless(b"<review>\\n<rating>\\n5.0\\n</rating>\\n</review>\\n<review>"), rootless(b'<?xml version="1.0"?><a/>')
    (True, False)
    """
    return bool(_FIRST_ELEMENT.match(data.removeprefix(_BOM)))


def _decoded(data: bytes) -> str:
    """Windows-1252's reading of bytes that are not UTF-8; Latin-1's where a byte is none of Windows-1252's (0x81)."""
    try:
        return data.decode(FALLBACK_ENCODING)
    except UnicodeDecodeError:
        return data.decode("latin-1")


def as_document(data: bytes, whole: bool = True) -> bytes:
    """`data`, rootless pseudo-XML, as an XML document: wrapped in one ROOT element (its end tag only where
    `whole`: a head cut short is read up to where it ends), bare `&` escaped, UTF-8.

    >>> as_document(b"<r><t>Pots & pans</t></r>\\n<r><t>caf\\xe9 &amp; bar</t></r>")
    b'<shardify-pseudo-xml-root><r><t>Pots &amp; pans</t></r>\\n<r><t>caf\\xc3\\xa9 &amp; bar</t></r></shardify-pseudo-xml-root>'
    """
    data = data.removeprefix(_BOM)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        # a head cut inside a character reads as UTF-8 still; else the bytes are Windows-1252's
        if whole or error.start < len(data) - 3:
            data = _decoded(data).encode("utf-8")
    body = _BARE_AMPERSAND.sub(b"&amp;", data)
    return b"<" + ROOT.encode() + b">" + body + (b"</" + ROOT.encode() + b">" if whole else b"")
