"""Language codes as a column of a table writes them: a record's language, metadata beside its label.

Why a module of its own: a multilingual table (a sentiment or topic set shipped in several languages:
`text<TAB>positive<TAB>de`, Amazon's multilingual reviews' `language`) holds, beside its label, a
column of few repeated short words that is the record's language. `label_runs` takes a run of such
columns next to each other for a shared task's coarse and fine labels and stops; a column of
language codes is no such label when another column of words stands beside it (review31: a
headerless `text, sentiment, language` table stopped, naming the language as a label). The codes are
a data table (ISO 639-1, two letters), taken with a region or script after `-` or `_` as BCP 47 and
the CLDR locales write them (`en-US`, `zh_Hans`, `pt-BR`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["ISO_639_1", "language_codes"]

# ISO 639-1: every two-letter code of the standard (the Library of Congress's list).
_CODES = """
aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz
ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik
io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml
mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd
se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi
vo wa wo xh yi yo za zh zu
"""
ISO_639_1 = frozenset(_CODES.split())

# A code, then a region (`US`, `419`) or a script (`Hans`) as BCP 47 writes them.
_TAG = re.compile(r"([a-z]{2})(?:[-_](?:[a-z]{2}|[0-9]{3}|[a-z]{4}))?")


def language_codes(cells: Sequence[object]) -> bool:
    """Every non-blank cell a language code (`en`, `pt-BR`), two different codes at least.

    >>> language_codes(["en", "de", "en", "fr"]), language_codes(["en-US", "pt_BR", ""])
    (True, True)
    >>> language_codes(["positive", "negative"]), language_codes(["en", "en"]), language_codes(["en", "xx"])
    (False, False, False)
    """
    values = [str(c).strip().lower() for c in cells if c is not None and str(c).strip()]
    matches = [_TAG.fullmatch(v) for v in values]
    return (len({v for v in values}) > 1 and all(matches)
            and all(m.group(1) in ISO_639_1 for m in matches if m is not None))
