"""Split lists whose rows name the folders holding the inputs and give each folder's label.

Video datasets shipped as folders of frames keep one folder per clip and, beside them, one list
per split whose rows name a clip folder and its class, the class the rest of the row: 20BN's
Jester v1 and Something-Something v1 (`20bn-jester-v1/<id>/00001.jpg`, `jester-v1-train.csv` of
`34870;Swiping Left`, `jester-v1-validation.csv` likewise, `jester-v1-test.csv` of ids alone).
Nothing read them: the clip folders were taken for classes (every frame labelled by its clip's
id) and the guard over unread files stopped, naming only a layout file as the way out.

Read here, from a list's name and first rows:
  - the name holds one split word (other words allowed: `jester-v1-train`), no example word;
  - the first field of each row (fields split at `;`, `,`, tabs and spaces, as every split list's)
    names a folder holding inputs (`folder_lists.folder_rule`: the files' own folder, or one
    to three levels up), not a file;
  - labelled: most rows have more fields, and most of those rests hold a letter (`Swiping Left`,
    `Pushing something from left to right`); a rest of numbers is not read here (frame counts,
    class numbers: `<folder> 300 5` is no label of words);
  - a list of folders alone is that split's list without labels (the test split's ids).
The label is the rest of the row (`label_rest`: a class holding spaces stays whole). A row of a
labelled list without a label is its row's reject (the evidence reader's), never a record
written unlabelled. Only a set of lists of which at least one labels is read here: lists of
folders alone are `folder_lists`' (DAVIS's sequences). That the folders are then no classes is
`folder_lists.without_listed_classes`' (a folder a split list puts wholly in one split is a group).

Plain functions over lines; nothing is opened.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan import folder_lists
from shardify.plan.evidence import EXAMPLE_WORDS, INPUT_SUFFIX, SPLIT_LIST, Evidence, KeyRule, name_words, row_fields
from shardify.plan.folder_names import split_family, split_word

__all__ = ["class_list_notes", "recognise_folder_label_lists"]

# Of a labelled list's rows read, at least this share hold a label after the folder, and of
# those labels this share hold a letter.
_LABELLED_SHARE = 0.8
_LETTER = re.compile(r"[^\W\d_]")
_NOT_A_LABEL = re.compile(r"://|^/|\\|^www\.")  # an address, a path: no class
_WORD = re.compile(r"[^\W\d][\w'-]*")  # a word of a label (`Swiping`, `upside`), not a number or a code
_EXTENSIONS = (".csv", ".txt", ".lst", "")
# Of a list's keys, at least this share distinct: each row a folder of its own.
_DISTINCT_KEYS = 0.9


def _split_of(path: str) -> str | None:
    """The split a list's name gives (one split word, no example word), else None.

    >>> _split_of("jester-v1-validation.csv"), _split_of("something-something-v1-test.csv"), _split_of("labels.csv")
    ('validation', 'test', None)
    """
    stem, ext = posixpath.splitext(posixpath.basename(path))
    words = name_words(stem)
    splits = [w for w in words if split_word(w)]
    if ext.lower() not in _EXTENSIONS or len(splits) != 1 or EXAMPLE_WORDS & set(words):
        return None
    return split_word(splits[0])


def _cells(lines: Sequence[str]) -> list[list[str]]:
    """Each row as its key and the rest: cut at `;`, a tab or `,` where every row of two or more
    fields holds that separator, else at spaces; [] where a row so cut holds more than two cells (a
    table's row, Charades' `id,subject,scene,...`: no `<key><sep><label>` list).

    >>> _cells(["34870;Swiping Left", "39594"]), _cells(["46GP8,HR43,Kitchen,6"])
    ([['34870', 'Swiping Left'], ['39594']], [])
    """
    rows = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    paired = [row for row in rows if len(row_fields(row)) > 1]
    for sep in (";", "\t", ","):
        if paired and all(sep in row for row in paired):
            cut = [[cell.strip() for cell in row.split(sep)] for row in rows]
            return cut if all(len(row) <= 2 for row in cut) else []
    return [row.split() for row in rows]


def _labelled(rows: Sequence[Sequence[str]]) -> bool | None:
    """True: rows of a folder and a label of words; False: folders alone; None: neither (rows of
    numbers after the folder; rows of several cells, a table's).

    >>> _labelled([["34870", "Swiping Left"], ["36051", "Thumb Up"]]), _labelled([["39594"], ["40775"]])
    (True, False)
    >>> _labelled([["clip1", "300", "5"], ["clip2", "120", "3"]]) is None
    True
    >>> _labelled([["abbey", "a", "building"]])  # spaces cut a whitespace list's label: its words are one label
    True
    >>> _labelled([["s1", "0"], ["s2", "1"], ["s3", "1"]]), _labelled([["c1", "47"], ["c2", "38"], ["c3", "52"]]) is None
    (True, True)
    >>> _labelled([["1", "http://commons.wikimedia.org/wiki/Category:Place_1"]]) is None
    True
    """
    if not rows:
        return None
    if all(len(row) == 1 or not any(row[1:]) for row in rows):
        return False
    rests = [row[1:] for row in rows if any(row[1:])]  # (a row of an empty label is its row's reject: it counts as one)
    if len(rests) < _LABELLED_SHARE * len(rows):
        return None
    if any(len(rest) > 1 and not all(_WORD.fullmatch(field) for field in rest) for rest in rests):
        return None  # several cells, not the words of one label
    if any(_NOT_A_LABEL.search(field) for rest in rests for field in rest):
        return None  # an address or a path (Google Landmarks' `Category:` URLs), no class
    worded = sum(1 for rest in rests if any(_LETTER.search(field) for field in rest))
    if worded >= _LABELLED_SHARE * len(rests):
        return True
    # one whole number a row, of few values: a class code (MURA's `<study folder>/,1`: abnormal), not a count of frames
    codes = [rest[0] for rest in rests if len(rest) == 1 and rest[0].isascii() and rest[0].isdigit()]
    return True if len(codes) == len(rests) and len(set(codes)) <= max(2, len(codes) // 4) else None


def recognise_folder_label_lists(heads: Mapping[str, Sequence[str]], inputs: Sequence[str], whole: bool) -> list[Evidence]:
    """The split lists among `heads` ({list: its first lines}) that name the folders holding
    `inputs` and label them (and, beside them, the lists of folders alone), as SPLIT_LIST evidence
    keyed by folder; [] unless at least one such list labels.

    >>> inputs = ["v/34870/00001.jpg", "v/36051/00001.jpg", "v/39594/00001.jpg"]
    >>> heads = {"jester-v1-train.csv": ["34870;Swiping Left", "36051;Thumb Up"], "jester-v1-test.csv": ["39594"]}
    >>> [(e.path, e.split, e.label_column, e.label_rest, e.key.folder) for e in recognise_folder_label_lists(heads, inputs, True)]
    [('jester-v1-test.csv', 'test', None, False, 1), ('jester-v1-train.csv', 'train', 1, True, 1)]
    >>> recognise_folder_label_lists({"jester-v1-test.csv": ["39594"]}, inputs, True)
    []
    """
    found: list[Evidence] = []
    for path, lines in sorted(heads.items()):
        split = _split_of(path)
        read = _read(_cells(lines), inputs, whole) if split else None
        if read is None:
            continue
        rule, labelled, header = read
        where = f"{path}: split list of {split}" + (", after its header" if header else "")
        if labelled:
            note = f"{where}, its rows name folders (every file of each) and their label, the rest of each row"
            found.append(Evidence(path, SPLIT_LIST, rule, split=split, column=0, header=header, label_column=1, label_rest=True,
                                  note=note))
        else:
            found.append(Evidence(path, SPLIT_LIST, rule, split=split, column=0, header=header,
                                  note=f"{where}, its rows name folders (every file of each), no labels"))
    if not any(e.label_column is not None for e in found):
        return []
    _check_unread_twins(heads, found)
    return found


def _check_unread_twins(heads: Mapping[str, Sequence[str]], found: Sequence[Evidence]) -> None:
    """Stop where a list of the family of the lists read (its name differing in its split word
    alone) is not read with them: its split's inputs would be written without labels or splits.

    Raises:
      UsageError: naming the list, the lists read, and the layout file that says how to read it.
    """
    read = {e.path for e in found}
    families = {split_family(path) for path in read}
    unread = sorted(p for p in heads if p not in read and _split_of(p) and split_family(p) in families)
    if unread:
        raise UsageError(
            f"{', '.join(unread[:3])} beside {', '.join(sorted(read)[:2])}, which label the folders of their splits' inputs, "
            "cannot be read as they are (rows that name no folder, or give no label of words or a class code): its split's "
            "inputs would be written without labels. Mend its rows, leave it out with --exclude, or say how to read it in a "
            "layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )


def _read(rows: Sequence[Sequence[str]], inputs: Sequence[str], whole: bool) -> tuple[KeyRule, bool, bool] | None:
    """(the rule keying the folders, labelled, a header row first) of a list's rows, or None; a
    first row whose key names no folder while the others do is a header (`study,abnormal`)."""
    for header in (False, True):
        body = rows[1:] if header else rows
        labelled = _labelled(body)
        if labelled is None or not body:
            continue
        keys = [row[0] for row in body]
        if sum(len(k.strip("/")) > 1 for k in keys) * 2 <= len(keys):
            continue  # folders named by one character are buckets of hashed names (`train/3/a/`), no clips or studies
        if len(set(keys)) < _DISTINCT_KEYS * len(keys) or any(INPUT_SUFFIX.search(cell) for row in body for cell in row[1:]):
            continue  # a folder a row (a clip listed once); FlickrLogos-32's `<class>,<file>` rows repeat theirs, name files
        rule = folder_lists.folder_rule(keys, inputs, whole)
        if rule is not None and not (header and folder_lists.folder_rule(rows[0][:1], inputs, True)):
            return rule, labelled, header
    return None


def class_list_notes(heads: Mapping[str, Sequence[str]], found: Sequence[Evidence]) -> list[str]:
    """A plan line for a file beside such lists that lists every label their rows give, one a line
    (Jester's jester-v1-labels.csv, in the order its models number the classes): not read by
    itself, since a list of names cannot be told from a list of inputs, but named with the option
    that numbers the classes in its order.

    >>> heads = {"a-train.csv": ["11;Thumb Up", "12;No gesture"], "a-labels.csv": ["No gesture", "Thumb Up", "Thumb Down"]}
    >>> class_list_notes(heads, recognise_folder_label_lists(heads, ["v/11/0.jpg", "v/12/0.jpg"], True))
    ['a-labels.csv lists the labels of a-train.csv, one a line: --label-names a-labels.csv numbers them in its order']
    """
    lists = [e for e in found if e.kind == SPLIT_LIST and e.label_rest and e.key.folder]
    labels = {" ".join(row_fields(" ".join(row[1:]))) for e in lists for row in _cells(heads.get(e.path, ())) if len(row) > 1}
    if not labels:
        return []
    read = {e.path for e in found}
    notes = []
    for path, lines in sorted(heads.items()):
        names = [line.strip() for line in lines if line.strip()]
        if path not in read and len(names) >= len(labels) and labels <= {" ".join(row_fields(n)) for n in names}:
            shown = ", ".join(e.path for e in lists[:2])
            notes.append(f"{path} lists the labels of {shown}, one a line: --label-names {path} numbers them in its order")
    return notes
