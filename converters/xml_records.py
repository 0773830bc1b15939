"""XML documents of text records (SemEval's aspect-based sentiment files), read as JSON records are.

SemEval-2014 Task 4 ships `Restaurants_Train_v2.xml`: `<sentences><sentence id="..."><text>But the
staff was so horrible to us.</text><aspectTerms><aspectTerm term="staff" polarity="negative" .../>
</aspectTerms><aspectCategories><aspectCategory category="service" polarity="negative"/>
</aspectCategories></sentence>...`; its 2015 and 2016 successors nest the sentences under
`<Reviews><Review><sentences>` with `<Opinions><Opinion category= polarity=/>`. Such a file was no
input at all: the run stopped saying the download held no texts, naming no option that read it.

A document is one of records where one element name repeats (the record), each holding a child
named as a text is (`text`, `sentence`, `review`: `column_names.TEXT_COLUMN_NAMES`); records never
nest in each other. Each record becomes a row of named cells, as a JSON object would
(`json_records`), so that the table machinery chooses its text and label columns by name and
content as for any table: the record's attributes (`id`), each child without children or attributes
by its name (`text`; a list where it repeats), and each attribute of the elements below by its
name (`category`, `term`), a list of every such element's value in the record, named `<tag>_<attr>`
where two elements share the attribute's name (`aspectTerm_polarity`, `aspectCategory_polarity`).
A record whose categories are several is a multi-label's row; one with none is unlabelled.
An element below the record named as a group of labels (LABEL_GROUP_NAMES: the Blurb Genre Collection's
`<metadata><topics><d0>..</d0><d1>..</d1></topics>`) holding texts alone is a cell of its name, a list of
every child's text: its labels were dropped unseen (only attributes were read below the children).

A record may hold its text as paragraphs instead (SemEval-2019 task 4's `<article id=.. title=..><p>..
<a href=..>..</a>.</p><p>..</p></article>`): its `<p>` children (PARAGRAPH_NAMES) are its text, each
paragraph's whole text (links and emphasis inside it included) a line of the cell `text`; the markup inside
a paragraph gives no cells of its own (a link's `href` is no label).

A document may also be a list of records of attributes alone, no text (the same task's ground truth,
`<article id=.. hyperpartisan="true" labeled-by=.. url=../>`): no input of its own, read by
`attribute_records` as the labels another document's records are joined to by id
(`beam_jobs/discover/xml_label_joins.py`).

The document is parsed whole by `untrusted_xml` (no entity declared or expanded), bounded by
MAX_XML_BYTES; elements deeper than _MAX_DEPTH are refused.
"""

from __future__ import annotations

import re
from collections import Counter
from xml.etree.ElementTree import Element

from shardify.converters import pseudo_xml, untrusted_xml
from shardify.converters.column_names import TEXT_COLUMN_NAMES
from shardify.errors import InvalidInputError

__all__ = ["HEAD_BYTES", "MAX_XML_BYTES", "PARAGRAPH_NAMES", "attribute_head", "attribute_records", "is_xml", "looks_like_records",
           "record_attributes", "record_tag", "records"]

# What detection and a header read look at: enough for a few records of SemEval's files.
HEAD_BYTES = 64 << 10
# A document parsed whole holds its tree in memory (about ten times its bytes): larger ones are refused.
MAX_XML_BYTES = 256 << 20
# Where the records may lie (SemEval-2016's `Reviews/Review/sentences/sentence` is at depth 4).
_MAX_DEPTH = 6
_MIN_RECORDS = 2
_TEXT_NAMES = frozenset(TEXT_COLUMN_NAMES) - {"tokens"}
# Children that hold a record's text as paragraphs, compared lower-cased: their texts joined, a line each.
PARAGRAPH_NAMES = frozenset({"p", "para", "paragraph"})
_PARAGRAPH_CELL = "text"
# Elements below a record that group its labels as children of text (the Blurb Genre Collection's
# `<metadata><topics><d0>Fiction</d0><d1>Mystery</d1></topics>`), compared lower-cased: each such
# element is a cell of its name, the list of every child's text (every level: its loaders read d0..d3
# all, a multi-label's). Data, not code: a new kind is a row here.
LABEL_GROUP_NAMES = frozenset({"topics", "categories", "genres", "labels", "tags", "classes", "subjects"})
_DOCTYPE = re.compile(rb"<!DOCTYPE(?:[^\[>]|\[.*?\])*>", re.DOTALL)
_XML_START = re.compile(rb"^(\xef\xbb\xbf)?\s*<(\?xml|[A-Za-z_])")
_ENTITY_REFERENCE = re.compile(rb"&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)[A-Za-z_][\w.-]*;")


def is_xml(data: bytes) -> bool:
    """The bytes open as an XML document does (a declaration or an element, after a BOM and spaces)."""
    return bool(_XML_START.match(data[:256]))


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _has_text_child(element: Element) -> bool:
    return any(_local(child.tag).lower() in _TEXT_NAMES and (child.text or "").strip()
               or _is_paragraph(child) and "".join(child.itertext()).strip() for child in element)


def _is_paragraph(element: Element) -> bool:
    return _local(element.tag).lower() in PARAGRAPH_NAMES


def _paragraphs(record: Element) -> str:
    """The record's paragraph children's texts (inline markup's text included), a line each."""
    return "\n".join(" ".join("".join(p.itertext()).split()) for p in record if _is_paragraph(p))


def _inline(record: Element) -> set[int]:
    """The ids of the elements inside the record's paragraphs: inline markup, no cells."""
    return {id(el) for p in record if _is_paragraph(p) for el in p.iter()}


def _one_repeated(counts: Counter[str]) -> str:
    """The one element name counted _MIN_RECORDS times or more, or "" for none or several: the
    rule by which a whole document (`_record_tag`) and its first bytes (`record_tag`) name records."""
    found = [tag for tag, n in counts.items() if n >= _MIN_RECORDS]
    return found[0] if len(found) == 1 else ""


def _record_tag(root: Element) -> str:
    """The one element name, within _MAX_DEPTH, that repeats with a text child in each, or ""."""
    counts: Counter[str] = Counter()
    stack = [(root, 0)]
    while stack:
        element, depth = stack.pop()
        if depth > _MAX_DEPTH:
            raise InvalidInputError(f"XML nested deeper than {_MAX_DEPTH} elements where records were looked for")
        for child in element:
            if _has_text_child(child):
                counts[_local(child.tag)] += 1
            else:
                stack.append((child, depth + 1))
    return _one_repeated(counts)


def looks_like_records(head: bytes) -> bool:
    """The first bytes of a document (possibly cut short) open records of texts (see the module's
    docstring): read by a pull parser up to where they end, nothing declared."""
    return bool(record_tag(head))


def record_tag(head: bytes) -> str:
    """The one element the first bytes of a document open as records of texts (`looks_like_records`),
    its local name, or "": what a refused document's records are counted by (`unread_rows`); rootless
    pseudo-XML's records (`pseudo_xml`) where the bytes open no document's."""
    if not is_xml(head):
        return ""
    found = _head_tag(head)
    if not found and pseudo_xml.rootless(head):  # (the Multi-Domain reviews' `<review>` blocks, no root)
        found = _head_tag(pseudo_xml.as_document(head, whole=False))
    return found


def _head_tag(head: bytes) -> str:
    from xml.etree import ElementTree

    # a DOCTYPE (Reuters' `<!DOCTYPE lewis SYSTEM "lewis.dtd">`, or one declaring entities) is cut
    # out before the head is read, never expanded here: a document of records that declares entities
    # is found, and refused by `records` with its reason, where it was left out unseen as no input
    head = _DOCTYPE.sub(b"", head, count=1)
    parser = ElementTree.XMLPullParser(events=("start", "end"))
    counts: Counter[str] = Counter()
    starts: Counter[str] = Counter()
    try:
        parser.feed(head)
        for event, element in parser.read_events():
            if event == "start":
                starts[_local(element.tag)] += 1
            elif _has_text_child(element):
                counts[_local(element.tag)] += 1
    except ElementTree.ParseError:
        pass  # (the head ends inside an element: what was read decides)
    found = _one_repeated(counts)
    if not found and len(counts) == 1:
        # one record read whole and the head ending inside the next of its name (a review longer than the
        # head): records still, never a document passed over as no input
        (tag, read), = counts.items()
        found = tag if starts[tag] > read else ""
    return found


def _label_groups(record: Element) -> list[Element]:
    """The elements below the record named as label groups are (LABEL_GROUP_NAMES), each holding leaves of text alone."""
    return [el for el in record.iter() if el is not record and _local(el.tag).lower() in LABEL_GROUP_NAMES
            and len(el) and all(not list(c) and not c.attrib and (c.text or "").strip() for c in el)]


def _nested_leaves(record: Element) -> list[tuple[str, Element]]:
    """(its parent's name, the leaf) of each element of text alone (no children, no attributes) below the
    record's children, outside its paragraphs and label groups: the Blurb Genre Collection's
    `<metadata><author>..</author><isbn>..</isbn></metadata>`, a `<meta><genre>Drama</genre></meta>`. Each is a
    cell of its name: read by attributes alone below the children, such a genre was dropped unseen and its
    records written unlabelled with exit 0, where a table's column of it is offered as any column is."""
    skip = _inline(record) | {id(c) for group in _label_groups(record) for c in group}
    # (markup inside a child named as a text, `<body>a <i>b</i></body>`, is that text's, never a cell of its own)
    return [(_local(parent.tag), leaf) for child in record if _local(child.tag).lower() not in _TEXT_NAMES
            for parent in child.iter() for leaf in parent if id(leaf) not in skip and not list(leaf) and not leaf.attrib]


def _nested_names(found: list[Element], taken: set[str]) -> dict[tuple[str, str], str]:
    """{(parent, tag): cell name} of the records' nested leaves (`_nested_leaves`): the tag's name, or
    `<parent>_<tag>` where a cell of the record, or another parent's leaf, has the name already."""
    pairs = {(parent, _local(leaf.tag)) for record in found for parent, leaf in _nested_leaves(record)}
    by_tag = Counter(tag for _, tag in pairs)
    return {(parent, tag): tag if by_tag[tag] == 1 and tag not in taken else f"{parent}_{tag}" for parent, tag in pairs}


def _cell_names(found: list[Element]) -> dict[tuple[str, str], str]:
    """{(tag, attribute): cell name} of the attributes of the elements below the records: the
    attribute's name, or `<tag>_<attribute>` where two tags share it."""
    pairs = {(_local(el.tag), name) for record in found for el in record.iter() if el is not record
             and id(el) not in _inline(record) if list(el) or el.attrib for name in el.attrib}
    pairs |= {(_local(el.tag), "") for record in found for el in _label_groups(record)}
    by_name = Counter(name or tag for tag, name in pairs)
    return {(tag, name): (name or tag) if by_name[name or tag] == 1 else f"{tag}_{name or tag}" for tag, name in pairs}


def _row(record: Element, names: dict[tuple[str, str], str], listed: set[str], leaves: set[str],
         nested: dict[tuple[str, str], str]) -> dict[str, object]:
    # every record names every leaf child any record has (an empty one where it has none), so that a
    # record without its text is its row's reject, never read with another cell (its `id`) as the text
    cells: dict[str, object] = {tag: [] if tag in listed else "" for tag in leaves}
    cells.update(record.attrib)
    inline = _inline(record)
    if inline:
        cells.setdefault(_PARAGRAPH_CELL, _paragraphs(record))
    for child in record:
        tag = _local(child.tag)
        if _is_paragraph(child):
            continue
        # a leaf's text is its cell, one with attributes too where it holds a text (`<text lang="en">`:
        # read by its attributes alone, every record was rejected as of an empty text)
        if not list(child) and (not child.attrib or (child.text or "").strip()):
            text = (child.text or "").strip()
            if tag in listed:
                cells.setdefault(tag, []).append(text)  # type: ignore[union-attr]
            else:
                cells[tag] = text
    for name in names.values():
        cells.setdefault(name, [])
    for element in record.iter():
        if element is record or id(element) in inline or not (list(element) or element.attrib):
            continue
        for attribute, value in element.attrib.items():
            cells[names[(_local(element.tag), attribute)]].append(value)  # type: ignore[union-attr]
    for group in _label_groups(record):
        cells[names[(_local(group.tag), "")]].extend((c.text or "").strip() for c in group)  # type: ignore[union-attr]
    for name in nested.values():
        cells.setdefault(name, [] if name in listed else "")
    for parent, leaf in _nested_leaves(record):
        name, text = nested[(parent, _local(leaf.tag))], (leaf.text or "").strip()
        if name in listed:
            cells[name].append(text)  # type: ignore[union-attr]
        else:
            cells[name] = text
    return cells


def _refuse_wrapped(root: Element, tag: str) -> None:
    """Refuse records that each lie alone in an element of their own that repeats and holds more
    than them (Reuters-21578 as XML: `<REUTERS LEWISSPLIT=...><TOPICS><D>earn</D></TOPICS>...
    <TEXT><TITLE/><BODY/></TEXT></REUTERS>`, where `<TEXT>` holds the texts): read as the records,
    every topic, split and id of the outer element was dropped unseen and the texts written
    unlabelled with exit 0.

    Raises:
      InvalidInputError: naming the outer element and what of it would go unread.
    """
    parents: dict[str, list[Element]] = {}
    for element in root.iter():
        for child in element:
            if _local(child.tag) == tag:
                parents.setdefault(_local(element.tag), []).append(element)
    if len(parents) != 1:
        return
    (outer, held), = parents.items()
    if len(held) < _MIN_RECORDS or len({id(e) for e in held}) != len(held):
        return  # (one parent holding several records: a list of records, as SemEval's <sentences>)
    more = sorted({name for e in held for name in e.attrib}
                  | {_local(c.tag) for e in held for c in e if _local(c.tag) != tag and (list(c) or c.attrib or (c.text or "").strip())})
    if more:
        raise InvalidInputError(
            f"its <{tag}> records each lie alone in a <{outer}> that holds more ({', '.join(more[:8])}), which reading "
            f"<{tag}> as the records would drop unseen (labels, splits, ids): no option reads the <{outer}> elements; "
            f"convert them to JSON lines or a table of their cells")


def records(data: bytes) -> list[dict[str, object]]:
    """Every record of the document `data` as a row of named cells, in document order.

    Raises:
      InvalidInputError: too large, refused by `untrusted_xml`, nested too deep, or no records of texts.

    >>> rows = records(b'<sentences><sentence id="1"><text>Great food.</text><aspectCategories>'
    ...     b'<aspectCategory category="food" polarity="positive"/></aspectCategories></sentence>'
    ...     b'<sentence id="2"><text>Slow.</text><aspectTerms><aspectTerm term="Slow" polarity="negative"/>'
    ...     b'</aspectTerms><aspectCategories><aspectCategory category="service" polarity="negative"/>'
    ...     b'</aspectCategories></sentence></sentences>')
    >>> [(r["id"], r["text"], r["category"], r["aspectTerm_polarity"]) for r in rows]
    [('1', 'Great food.', ['food'], []), ('2', 'Slow.', ['service'], ['negative'])]
    """
    root = _parsed(data, pseudo=True)
    tag = _record_tag(root)
    if not tag:
        raise InvalidInputError("an XML document of no records of texts (no element repeats holding a <text> or <sentence>)")
    # every element of the record's name is a record, one without a text too: its row's reject (no text), never lost
    found = [element for element in root.iter() if _local(element.tag) == tag]
    if any(_local(inner.tag) == tag for record in found for inner in record.iter() if inner is not record):
        raise InvalidInputError(f"its <{tag}> records nest in each other: which is a record cannot be told")
    _refuse_wrapped(root, tag)
    listed = {tag for record in found for tag, n in Counter(_local(c.tag) for c in record).items() if n > 1}
    names = _cell_names(found)
    leaves = {_local(child.tag) for record in found for child in record if not list(child) and not _is_paragraph(child)}
    nested = _nested_names(found, leaves | set(names.values()) | {a for record in found for a in record.attrib})
    # a nested leaf repeating in a record (`<meta><genre>A</genre><genre>B</genre></meta>`) is a list, as a child is
    listed |= {nested[key] for record in found
               for key, n in Counter((parent, _local(leaf.tag)) for parent, leaf in _nested_leaves(record)).items() if n > 1}
    return [_row(record, names, listed, leaves, nested) for record in found]


def _parsed(data: bytes, pseudo: bool = False) -> Element:
    """The root of the whole document `data`, parsed as untrusted (`untrusted_xml`), within MAX_XML_BYTES;
    with `pseudo`, a document refused as XML that is rootless pseudo-XML (`pseudo_xml`) read as such.

    Raises:
      InvalidInputError: too large, or refused by `untrusted_xml`.
    """
    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"an XML document larger than {MAX_XML_BYTES:,} bytes (parsed whole, so refused)")
    try:
        return untrusted_xml.parse(data)
    except untrusted_xml.UntrustedXmlError as error:
        if pseudo and pseudo_xml.rootless(data):
            try:
                return untrusted_xml.parse(pseudo_xml.as_document(data))
            except untrusted_xml.UntrustedXmlError as again:
                raise InvalidInputError(f"unreadable XML ({error}), nor pseudo-XML of elements without a root: {again}") from None
        raise InvalidInputError(f"unreadable XML: {error}") from None


def _attribute_tag(elements: list[Element]) -> str:
    """The one name the elements share, each holding attributes and nothing else (no child, no text), or ""."""
    names = {_local(e.tag) for e in elements}
    if len(elements) < _MIN_RECORDS or len(names) != 1:
        return ""
    if any(list(e) or (e.text or "").strip() or not e.attrib for e in elements):
        return ""
    return names.pop()


def attribute_records(data: bytes) -> list[dict[str, str]]:
    """The attributes of each child of the root of the document `data`, in document order, where every
    child is an element of one name holding attributes alone (a ground truth's `<article id=..
    hyperpartisan=.. url=../>`).

    Raises:
      InvalidInputError: too large, refused by `untrusted_xml`, or of another shape.

    >>> attribute_records(b'<articles><article id="1" hp="true"/><article id="2" hp="false"/></articles>')
    [{'id': '1', 'hp': 'true'}, {'id': '2', 'hp': 'false'}]
    """
    root = _parsed(data)
    children = list(root)
    if not _attribute_tag(children):
        raise InvalidInputError("no longer a list of records of attributes alone (one element name under the root, "
                                "each without children or text)")
    return [dict(child.attrib) for child in children]


def attribute_head(head: bytes) -> tuple[str, list[dict[str, str]]]:
    """(the records' name, their attributes) of the records of attributes alone the first bytes of a document
    open (`attribute_records`), read by a pull parser up to where they end, nothing declared; ("", []) where
    the bytes open no such list.

    >>> attribute_head(b'<?xml version="1.0"?><articles><a id="1" hp="true"/><a id="2" hp="no"/><a id="3" hp="fa')
    ('a', [{'id': '1', 'hp': 'true'}, {'id': '2', 'hp': 'no'}])
    """
    from xml.etree import ElementTree

    if not is_xml(head):
        return "", []
    # a DOCTYPE is cut out and the entities it declared read as empty, for the shape alone: a truth that
    # declares entities is found, and refused whole by `attribute_records` (never passed over unseen)
    head = _ENTITY_REFERENCE.sub(b"", _DOCTYPE.sub(b"", head, count=1))
    parser = ElementTree.XMLPullParser(events=("start", "end"))
    depth, ended = 0, []
    try:
        parser.feed(head)
        for event, element in parser.read_events():
            depth += 1 if event == "start" else -1
            if event == "end" and depth == 1:
                ended.append(element)
            elif event == "start" and depth > 2:
                return "", []  # (children below the records: no list of attributes alone)
    except ElementTree.ParseError:
        pass  # (the head ends inside an element: what was read decides)
    tag = _attribute_tag(ended)
    return (tag, [dict(e.attrib) for e in ended]) if tag else ("", [])


def record_attributes(head: bytes) -> list[dict[str, str]]:
    """The attributes of the records of texts the first bytes of a document open (`record_tag`), of those
    whose end the bytes hold: what their ids are joined by (`beam_jobs/discover/xml_label_joins.py`).

    >>> record_attributes(b'<r><s id="1"><text>A.</text></s><s id="2"><text>B.</text></s><s id="3"><te')
    [{'id': '1'}, {'id': '2'}]
    """
    from xml.etree import ElementTree

    tag = record_tag(head)
    if not tag:
        return []
    if not _head_tag(head):  # rootless pseudo-XML (`pseudo_xml`): read as record_tag read it
        head = pseudo_xml.as_document(head, whole=False)
    parser = ElementTree.XMLPullParser(events=("end",))
    found = []
    try:
        parser.feed(_DOCTYPE.sub(b"", head, count=1))
        found += [dict(element.attrib) for _, element in parser.read_events() if _local(element.tag) == tag]
    except ElementTree.ParseError:
        pass  # (the events read before the fault decide: ElementTree raises it from feed or from read_events)
    return found
