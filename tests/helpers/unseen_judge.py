"""One judge for the unseen-dataset rounds: the records read back from the shards against a truth.

The stricter of rounds two and three's judges, and more: every record is read from the shards
(never the manifest's counts), each input must be in exactly one record (none twice, none missing,
none extra), the payload kind must be the dataset's, and each record's split and labels must be
the truth's. Where the truth knows them it also checks each text record's text (and its pair) and
each detection record's objects: the class names, or their number where the files name no class.

Ids: an image record is its file's path; a table's row `file#<n>` meets the truth's `file:<index>`
in row order. Splits meet by meaning (`val`, `valid`, `dev` are validation). A label written as the
value the files hold (`0`, `00014`) meets its documented name through the truth's aliases.
"""

from __future__ import annotations

import fnmatch
import re

import pytest
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan.structure import split_word

_SAME_SPLIT = {"val": "validation", "valid": "validation", "dev": "validation", "testing": "test", "training": "train"}
_IMAGE_FILE = re.compile(r"\.(jpe?g|png|ppm|tiff?|bmp|gif)$", re.IGNORECASE)


def canonical_split(name: str, as_named: bool = False) -> str:
    if as_named:
        return name
    word = (split_word(name) or name).casefold()
    return _SAME_SPLIT.get(word, word)


def canonical_label(aliases: Mapping[str, set[str]], name: str) -> str:
    for documented, values in aliases.items():
        if name == documented or name in values:
            return documented.casefold()
    return name.casefold()


def _decoded(value) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [v.decode() if isinstance(v, bytes) else str(v) for v in values]


def written_records(out: Path, aliases: Mapping[str, set[str]] | None = None, splits_as_named: bool = False) -> dict:
    """What the shards hold: {"records": {id: (split, labels)}, "media", "twice", "texts", "objects"}."""
    aliases = aliases or {}
    found, rows, media, seen, texts, objects = {}, defaultdict(list), set(), Counter(), {}, {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                media.add(_media(record))
                record_id = (record.get(contract.IMAGE_FILENAME) or record.get(contract.TEXT_SOURCE)).decode()
                seen[record_id] += 1
                value = record.get(contract.LABEL_TEXT, record.get(contract.TEXT_LABEL_TEXT))
                index = record.get(contract.LABEL, record.get(contract.TEXT_LABEL))
                labels = None
                if value is not None and index != contract.UNLABELLED:
                    # (a multi-label record with no label is written as an empty list: in the records it
                    # is what an unlabelled one is, so it meets the truth's None)
                    labels = frozenset(canonical_label(aliases, n) for n in _decoded(value) if n) or None
                entry = (canonical_split(split, splits_as_named), labels)
                text = None
                if contract.TEXT in record:
                    text = _decoded(record[contract.TEXT])[0]
                    if contract.TEXT_PAIR in record:
                        text = (text, _decoded(record[contract.TEXT_PAIR])[0])
                names = _decoded(record[contract.OBJECT_TEXT]) if contract.OBJECT_TEXT in record else []
                if contract.OBJECT_TEXT not in record and contract.OBJECT_XMIN in record:
                    names = [""] * len(_decoded(record[contract.OBJECT_XMIN]))
                table, _, row = record_id.rpartition("#")
                if table and re.fullmatch(r"\d+", row) and not _IMAGE_FILE.search(table):
                    rows[table].append((int(row), entry, text, names))
                else:
                    found[record_id], texts[record_id], objects[record_id] = entry, text, names
    for table, numbered in rows.items():
        for index, (_, entry, text, names) in enumerate(sorted(numbered, key=lambda r: r[0])):
            found[f"{table}:{index}"], texts[f"{table}:{index}"], objects[f"{table}:{index}"] = entry, text, names
    return {"records": found, "media": media, "twice": {rid: n for rid, n in seen.items() if n > 1},
            "texts": texts, "objects": objects}


def _media(record: dict) -> str:
    """"image", "text", or "table": a row of attributes (`--text-column none`), its text empty and its
    values `column/<name>` features (a record of no text the truths call "table")."""
    if contract.IMAGE_FILENAME in record:
        return "image"
    attributes = any(key.startswith(contract.COLUMN_PREFIX) for key in record)
    return "table" if attributes and not _decoded(record.get(contract.TEXT, [b""]))[0] else "text"


def _same_text(written, want) -> bool:
    if isinstance(want, tuple) != isinstance(written, tuple):
        return False
    pairs = zip(written, want) if isinstance(want, tuple) else [(written, want)]
    return all(w is not None and w.strip() == t.strip() for w, t in pairs)


def _few(found: dict, n: int = 3) -> dict:
    return dict(sorted(found.items())[:n])


def assert_right(truth, out: Path, aliases: Mapping[str, set[str]] | None = None, splits_as_named: bool = False) -> None:
    """`truth` has root, media, records and, optionally, texts {id: text or (text, pair)} and objects
    {id: (name or None, ...)}; `aliases` defaults to the truth's own."""
    aliases = getattr(truth, "aliases", {}) if aliases is None else aliases
    got = written_records(out, aliases, splits_as_named)
    written = got["records"]
    # (the truth's empty label set meets None too, as a record's does: the records cannot tell them apart;
    # the manifest's num_unlabelled counts them, checked where a test knows the count)
    expected = {rid: (canonical_split(split, splits_as_named),
                      frozenset(canonical_label(aliases, n) for n in labels) or None if labels is not None else None)
                for rid, (split, labels) in truth.records.items()}
    assert got["media"] == {truth.media}, f"records written as {got['media']}, the dataset's records are {truth.media}"
    assert got["twice"] == {}, f"inputs written in more than one record: {_few(got['twice'])}"
    missing = sorted(set(expected) - set(written))
    assert missing == [], f"inputs the truth has that no record holds ({len(missing)} of {len(expected)}): {missing[:4]}"
    extra = sorted(set(written) - set(expected))
    assert extra == [], f"records of inputs the truth does not have ({len(extra)}): {extra[:4]}"
    wrong = {rid: (written[rid], want) for rid, want in expected.items() if written[rid] != want}
    assert wrong == {}, f"(split, labels) written against the truth's ({len(wrong)} of {len(expected)}): {_few(wrong)}"
    texts = getattr(truth, "texts", {})
    wrong_text = {rid: (got["texts"][rid], want) for rid, want in texts.items() if not _same_text(got["texts"][rid], want)}
    assert wrong_text == {}, f"text written against the truth's ({len(wrong_text)} of {len(texts)}): {_few(wrong_text)}"
    objects = getattr(truth, "objects", {})
    wrong_objects = {}
    for rid, want in objects.items():
        have = got["objects"][rid]
        if any(name is None for name in want):  # the files name no class: only the number counts
            same = len(have) == len(want)
        else:
            same = Counter(canonical_label(aliases, n) for n in have) == Counter(canonical_label(aliases, n) for n in want)
        if not same:
            wrong_objects[rid] = (sorted(have), sorted(n or "?" for n in want))
    assert wrong_objects == {}, f"objects written against the truth's ({len(wrong_objects)}): {_few(wrong_objects)}"


# ConvertConfig fields whose command-line option is not the field's name.
_OPTIONS = {"labels_file": "--labels", "layout_given": "--layout-file", "label_votes": "--label-from-votes"}


def names_option(message: str, key: str) -> bool:
    """Whether a stop's `message` names the option of ConvertConfig field `key` as itself, not as the start
    of a longer one ('--layout' is not named by '--layout-file', nor '--labels' by '--labels-of').

    >>> names_option("or --layout tables to read them", "layout"), names_option("--layout-file FILE writes it", "layout")
    (True, False)
    """
    option = _OPTIONS.get(key, f"--{key.replace('_', '-')}")
    return re.search(re.escape(option) + r"(?![\w-])", message) is not None


def names_value(message: str, key: str, value: object, source: Path | None = None) -> bool:
    """Whether a stop's `message` names the VALUE the option of field `key` needs as well (`--label-level 3`,
    `--label-column 'intent'`, each glob of an `--exclude`), not the option alone: a stop saying
    `--label-level 2` names the option `--label-level 3` needs, and a user following it writes wrong labels.
    A flag (True) needs its name alone; a value a message cannot spell (a mapping) counts as named.

    A value spelled otherwise but alike counts as named (stopvalues33): a path with or without `./`, a
    trailing `/` or `/**` (a folder's pattern leaves out its tree); an `--exclude` glob by the files the
    message leaves out that it matches (`'wikiart_csv/artist_train.csv'` for `wikiart_csv/artist_*`); a
    column number as the message's `column 4` or `columns 7, 8, 9` beside the option; comma-joined columns
    (`'Type1,Type2'`, `'clinic,derm'`) by each of them, in any order; a tuple of names by the file under
    `source` the message names after the option, whose lines they are (`--label-names lexicon.txt`).

    >>> names_value("use --label-level 2", "label_level", 3), names_value("use --label-level '3'", "label_level", 3)
    (False, True)
    >>> names_value("--exclude 'a/*' and 'b/*'", "exclude", ("a/*", "b/*")), names_value("--label-names FILE", "label_names", ("x", "y"))
    (True, False)
    >>> names_value("--exclude 'a/x.csv' --exclude b/", "exclude", ("a/*", "./b")), names_value("--exclude 'a/x.csv'", "exclude", ("c/*",))
    (True, False)
    >>> names_value("--exclude 'wavs/**'", "exclude", ("wavs",)), names_value("--exclude wavs", "exclude", ("wavs/**",))
    (True, True)
    >>> names_value("--labels data/ --label-column 2", "labels_file", "data"), names_value("--labels data2", "labels_file", "data")
    (True, False)
    >>> names_value("--label-column N: columns 7, 8, 9 hold lists", "label_column", "9"), names_value("--label-column N: column 19", "label_column", "9")
    (True, False)
    >>> names_value("--label-column NAME (columns: 'Type2', 'Type1')", "label_column", "Type1,Type2"), names_value("--text-column a,b,c", "text_column", "a,b,c")
    (True, True)
    >>> names_value("--label-column NAME (columns: 'Type2')", "label_column", "Type1,Type2"), names_value("columns 4 hold words", "label_column", "4")
    (False, False)
    """
    if value is True or not isinstance(value, (str, int, float, tuple, list)):
        return names_option(message, key)  # (a flag, or a layout object no message spells)
    option = _OPTIONS.get(key, f"--{key.replace('_', '-')}")
    if isinstance(value, (tuple, list)):
        if key == "exclude":
            return all(_names_exclude(message, str(v)) for v in value)
        quoted = all(re.search(r"(?<![\w*/.-])['\"]?" + re.escape(str(v)) + r"['\"]?(?![\w-])", message) for v in value)
        return quoted or _names_lines_file(message, option, value, source)
    text = str(value).removeprefix("./").rstrip("/") or str(value)
    after = re.search(re.escape(option) + r"[ =]+['\"]?(\./)?" + re.escape(text) + r"/?['\"]?(?![\w-])", message)
    # (or the option named and the value quoted as one of its choices: "--label-column '23' (...) or '1' (...)")
    quoted = names_option(message, key) and re.search(r"['\"]" + re.escape(text) + r"/?['\"]", message)
    # (a column number as the message counts columns: "--label-column N ... columns 7, 8, 9 hold lists")
    counted = (key.endswith("_column") and text.isdigit() and names_option(message, key)
               and re.search(r"\bcolumns? (?:\d+, |\d+ (?:and|or) )*" + text + r"\b(?!\.\d)", message))
    if after or quoted or counted:
        return True
    # (comma-joined columns, not named whole: each of them named, in any order)
    return isinstance(value, str) and key.endswith("_column") and "," in value and all(
        names_value(message, key, part.strip(), source) for part in value.split(",")
    )


def _bare(pattern: str) -> str:
    """An --exclude pattern as the files it leaves out: `./`, a trailing `/` or `/**` dropped, a glob
    character in a class of its own (`[*]`, how a stop escapes it) read as itself."""
    pattern = re.sub(r"\[([*?\[])\]", r"\1", pattern.strip().removeprefix("./"))
    return pattern.removesuffix("/**").rstrip("/") or pattern


def _names_exclude(message: str, glob: str) -> bool:
    """The --exclude glob `glob` is named: as written, or as a pattern the message passes to --exclude
    that leaves out the same tree, or that the glob matches (a file of the many it leaves out)."""
    if re.search(r"(?<![\w*/.-])['\"]?" + re.escape(glob) + r"['\"]?(?![\w-])", message):
        return True
    given = [_bare(a or b or c) for a, b, c in re.findall(r"--exclude[ =]+(?:'([^']*)'|\"([^\"]*)\"|([^\s'\",;)]+))", message)]
    return any(g == _bare(glob) or fnmatch.fnmatchcase(g, _bare(glob)) for g in given)


def _names_lines_file(message: str, option: str, values: Sequence[object], source: Path | None) -> bool:
    """A file under `source` named after `option` in the message holds `values`, one a line, in order
    (mjsynth's `--label-names .../lexicon.txt`)."""
    if source is None:
        return False
    for path in re.findall(re.escape(option) + r"[ =]+['\"]?([^\s'\";,]+)", message):
        file = Path(source) / path
        if file.is_file() and [line.strip() for line in file.read_text(errors="replace").splitlines() if line.strip()] == [str(v) for v in values]:
            return True
    return False


def assert_first_command(truth, work: Path, follow: Mapping[str, object] | None, judge: Callable[[Path], None]) -> None:
    """The rounds' first test: `shardify convert SRC OUT` with no option is right (`judge` of the
    output passes), or stops before writing (exit 2) naming every option of `follow`, with which
    the conversion is then right. Exit 1 fails."""
    out = work / "out"
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    except UsageError as refused:
        assert not (out / "manifest.json").exists()
        message = str(refused)
        assert follow, f"refused with no option that converts right: {message}"
        assert stops_name_all(truth.root, work, message, follow), message
        run_conversion(ConvertConfig(str(truth.root), str(work / "followed"), **follow))
        judge(work / "followed")
        return
    except ShardifyError as failed:  # exit 1
        raise AssertionError(f"exit 1: {failed}") from failed
    judge(out)


def stops_name_all(root: Path, work: Path, message: str, follow: Mapping[str, object]) -> bool:
    """Whether the stop's `message` names every option of `follow`, or names some and, those followed, the
    next stop names the rest (one path in two steps: a layout file whose run then stops naming `--label-names`,
    review33). Exit 1 or a conversion after the first step is no second stop."""
    named = {key: value for key, value in follow.items() if names_option(message, key)}
    if len(named) == len(follow):
        return True
    if not named:
        return False
    try:
        run_conversion(ConvertConfig(str(root), str(work / "first_step"), **named))
    except UsageError as again:
        return all(names_option(str(again), key) for key in follow if key not in named)
    except ShardifyError:
        return False
    return False


def judge_first_command(builders: Mapping[str, Callable[[Path], object]], name: str, work: Path,
                        follow: Mapping[str, object] | None) -> None:
    """The rounds' first test on dataset `name` of `builders`: its miniature built under `work`,
    then `assert_first_command` judged by `assert_right` against the builder's truth."""
    truth = builders[name](work / "download")
    assert_first_command(truth, work, follow, lambda out: assert_right(truth, out))


def assert_next_step(truth, work: Path, options: Mapping[str, object], judge: Callable[[Path], None]) -> None:
    """The rounds' second test: with the options a user adds next, the conversion is right or
    stops before writing (exit 2). Exit 1 fails."""
    out = work / "out"
    try:
        run_conversion(ConvertConfig(str(truth.root), str(out), **options))
    except UsageError:
        assert not (out / "manifest.json").exists()
        return
    except ShardifyError as failed:
        raise AssertionError(f"exit 1: {failed}") from failed
    judge(out)


def recorded(names, wrong: Mapping[str, str | None]) -> list:
    """The rounds' parameters: each name, as a strict xfail with what it does today where
    `wrong` gives a reason (a fix shows up as an unexpected pass)."""
    return [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=wrong[n])) if wrong.get(n) else n for n in sorted(names)]
