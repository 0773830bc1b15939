"""Mulan's label files: the `.xml` beside a multi-label ARFF naming which of its attributes are the labels.

Why: Mulan (mulan.sourceforge.net), the library most multi-label sets are published for, ships each as ARFF
files and an XML (`yeast.xml`: `<labels xmlns="http://mulan.sourceforge.net/labels"><label name="Class1">
</label>...`) that its loader reads with them (`new MultiLabelInstances("emotions-train.arff", "emotions.xml")`).
The XML is the dataset's own word on which attributes are labels, so the stop over such tables names exactly
them for `--label-column` (several 0/1 columns: multi-label) instead of a placeholder the user must fill in
from a file they have not opened. Read from a file's first lines: where they do not reach `</labels>`, the
list is not known whole and nothing is named.

Plain functions of lines, no I/O.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

__all__ = ["label_names"]

_LABEL = re.compile(r"<label\s+name\s*=\s*(\"[^\"]*\"|'[^']*')")
_NAMESPACE = "mulan.sourceforge.net/labels"


def label_names(lines: Sequence[str]) -> tuple[str, ...]:
    """The label names a Mulan label XML's `lines` list, in order, where they hold the whole list (its closing
    `</labels>`) and no name holds a comma (`--label-column` separates names by commas); else ().

    >>> label_names(['<labels xmlns="http://mulan.sourceforge.net/labels">', '<label name="Class1"></label>',
    ...              "<label name='Class2'></label>", "</labels>"])
    ('Class1', 'Class2')
    >>> label_names(['<labels xmlns="http://mulan.sourceforge.net/labels">', '<label name="Class1"></label>'])  # cut short
    ()
    >>> label_names(['<labels xmlns="http://mulan.sourceforge.net/labels"><label name="a,b"></label></labels>'])
    ()
    """
    text = "\n".join(lines)
    if _NAMESPACE not in text or "</labels>" not in text:
        return ()
    names = tuple(html.unescape(found[1:-1]) for found in _LABEL.findall(text))
    return names if names and not any("," in name or not name.strip() for name in names) else ()
