"""XML documents from SRC parsed as the untrusted text they are: no entity declared, none expanded.

Why a module of its own: the two XML readers (Pascal VOC annotations, `evidence_files`; UA-DETRAC's
sequence documents, `box_text`) each refused entities by looking for the bytes `<!ENTITY`, which a
document in UTF-16 never holds (`<\\0!\\0E\\0...`), and each let expat's ValueError for an encoding it
cannot read ("multi-byte encodings are not supported", a document declaring `UTF-16-BE`) out as a
traceback that failed the whole conversion. Here one parse answers both: a first pass by expat
itself, whatever the encoding, refuses any DOCTYPE that declares an entity (internal, external,
parameter: a billion laughs, `SYSTEM "file:///etc/passwd"`) before ElementTree builds the tree;
expat resolves no external entity or DTD (ElementTree's parser never fetches), so nothing is read
from outside the document. (defusedxml does the same; it is not a dependency.)
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

__all__ = ["UntrustedXmlError", "parse"]


class UntrustedXmlError(ParseError):
    """A document refused or unreadable; its message says why, for a reject's reason. A ParseError,
    so that a reader catching ElementTree's errors catches these."""


class _Declared(Exception):
    """Raised from expat's handler at the first entity declaration."""


def _refuse(*_args: object) -> None:
    raise _Declared


def parse(data: bytes) -> Element:
    """The root element of the document `data` (bounded by the caller).

    Raises:
      UntrustedXmlError: it declares an entity, is not well-formed, or is in an encoding expat does
        not read.
    """
    import xml.etree.ElementTree as ElementTree  # noqa: N813 - its own name
    from xml.parsers import expat

    checker = expat.ParserCreate()
    checker.EntityDeclHandler = _refuse
    checker.UnparsedEntityDeclHandler = _refuse
    checker.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        checker.Parse(data, True)
    except _Declared:
        raise UntrustedXmlError(
            "it declares entities, which are not expanded (they could grow without bound or name files)"
        ) from None
    except expat.ExpatError as error:
        raise UntrustedXmlError(str(error)) from None
    except (ValueError, LookupError) as error:  # an encoding expat cannot read
        raise UntrustedXmlError(f"an encoding the reader does not read: {error}") from None
    try:
        return ElementTree.fromstring(data)
    except (ValueError, LookupError) as error:
        raise UntrustedXmlError(f"an encoding the reader does not read: {error}") from None
