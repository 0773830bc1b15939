"""Stop before writing where a table's text is several columns and no option says which.

A headerless table of a class index and three texts (Yahoo! Answers' `"class","title","content",
"answer"` rows) has no column named `text`, and its content shows three columns of prose: which
is the record's text (one of them, or all joined) is the user's to say. The scan would find the
same when it reads each table and reject every one of them (exit 1, the reason only in the rejects
report); here the first few tables' headers and first rows are read before the pipeline is built,
and the run stops (exit 2) naming the tables and `--text-column`, which then converts them.

Two columns of text of which one holds the other (a cleaned copy or a span, `columns.OneTextTwice`)
stop the same way, naming `--text-column`. More stops read the same headers: a table whose header names no label column while a column's
cells are labels by their content (`columns.UnnamedLabelColumn`: written unlabelled, every record
would lose its class with exit 0), and a `--label-column` that is no column of any sampled table
(a table without it is read unlabelled, as a split's test table is, so a misspelt name would
write every record unlabelled).

Two more read JSON-lines tables' first rows: a text only inside an object (CommonsenseQA's
`question.stem`: the object was rejected as a text in every row), and a table without the column
another table's label was found in that would take another column for its label (HellaSwag's test
file labelled by `activity_label`, exit 0).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from shardify.beam_jobs.discover import decided_labels, files_decide, keyed_texts, table_splits, label_column_named, pixel_row_tables, text_joins, withheld_labels, xml_record_files, xml_record_texts
from shardify.beam_jobs.discover.json_line_texts import check_text_in_objects, resolve_json_lines
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import attribute_rows, column_texts, columns, json_sample, label_columns, label_scores, nested_labels, nested_pairs, no_label_values, sniffed_tables, tables, vote_labels, word_labels
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.excludes import literal_glob
from shardify.inputs.paths import join_path
from shardify.plan import layout, measurement_classes, sampled_claims
from shardify.plan.evidence import example_file
from shardify.plan.structure import split_word

__all__ = ["check_text_columns"]

# Tables whose header and first rows are read (each at most tables.SAMPLE_BYTES).
_TABLES_LOOKED_AT = 4
# Tables looked at for texts keyed by id beside their items' metadata (keyed_texts.py).
_KEYED_TABLES_LOOKED_AT = 8


def check_text_columns(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where a sampled CSV or TSV of a tables layout holds more than two columns
    of text and no `--text-column` names the text (see `columns.SeveralTextColumns`).

    A table that cannot be read here is left to the scan, which rejects it with its reason.
    """
    if detected.name != layout.TABLES:
        return
    paths = [detected.source_file] if detected.source_file else [p for p in sample if not detected.is_auxiliary(p)]
    by_lines = dict(detected.row_labels)  # tables labelled by a gold file's lines: no label column to look for
    detected_labels = dict(detected.table_labels)  # tables labelled by their names (xml_record_files.py)
    by_lines.update(detected_labels)  # take no label column either
    keyed = {e.rows_of for e in detected.evidence if e.rows_of}  # nor one labelled by a labels table joined by id
    by_lines.update((table, "") for table in keyed)
    looked = [p for p in paths if (layout.extension(p) in (tables.CSV, tables.TSV)
                                   or tables.table_format(p) in (sniffed_tables.SNIFFED, tables.FASTTEXT)) and p not in by_lines
              and not xml_record_files.is_record_document(config, p)][:_TABLES_LOOKED_AT]  # (a .txt of pseudo-XML: below, as XML)
    options = config.table_options
    headers = dict(_headers(config, looked))  # each table's header read once, for every check below
    keyed_texts.check_keyed_texts(dict(_headers(config, _tab_tables(paths, by_lines))), paths)  # plots keyed by a movie id
    _check_label_column(config, headers)
    label_column_named.check_label_column_named(config, [p for p in paths if p not in keyed], [h.columns for h in headers.values() if h.present])
    # (with --text-column named the tables are still looked at for a label column no name names:
    # MTSamples' `--text-column transcription` wrote every record unlabelled with exit 0)
    found: list[tuple[str, columns.SeveralTextColumns]] = []
    unlabelled: list[tuple[str, columns.UnnamedLabelColumn | label_scores.ScoreLabelColumn]] = []
    headerless = False  # a table whose first row is data: `table_agreement` reads every table so
    shown_label = False  # a headerless table whose label column its content shows: the others follow it (agreement)
    bare: list[tuple[str, tuple[str, ...]]] = []  # tables with a header and no label
    doubled: list[tuple[str, columns.OneTextTwice]] = []  # tables whose two texts are one text twice
    undecided_labels: list[tuple[str, label_columns.SeveralLabelColumns]] = []  # headerless: two columns could be the label
    chosen: dict[str, tuple[str, tuple[str, ...]]] = {}  # path -> (its label column, its columns)
    textless: list[tuple[str, column_texts.NoTextColumn]] = []  # tables of numbers or ids alone
    joins = {join.table: join for join in detected.text_joins}  # (FNC-1's stances: their bodies joined by key)
    for path, header in headers.items():
        try:
            headerless = headerless or not header.present
            if path in joins:
                header, joined_options = text_joins.joined_reading(config, joins[path], header)
            resolved = header.resolve(joined_options if path in joins else options)
            if resolved.classes and not options.label_column:  # HatEval's HS, TR, AG: a task and its sub-labels
                nested_labels.check_nested_classes(path, resolved.classes, header.columns, header.sample)
            shown_label = shown_label or (not header.present and bool(resolved.label))
            chosen[path] = (resolved.label, tuple(header.columns)) if header.present else ("", ())
            if header.present and not resolved.label and not resolved.classes:
                bare.append((path, tuple(header.columns)))
        except columns.SeveralTextColumns as several:
            found.append((path, several))
        except (columns.OneTextTwice, nested_pairs.NestedPair) as twice:  # (a pair named over lists: HotpotQA's `context`)
            doubled.append((path, twice))
        except (columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn) as unnamed:
            unlabelled.append((path, unnamed))
        except label_columns.SeveralLabelColumns as several_labels:
            undecided_labels.append((path, several_labels))
        except column_texts.NoTextColumn as no_text:
            textless.append((path, no_text))
        except InvalidInputError:
            continue
    # a file looked at as a table that reads as none (UCI's `bank-names.txt`, prose beside `bank-full.csv`) holds no
    # record the scan would write (it rejects it: not a table), so it keeps no textless table from the stop
    no_table = [p for p in looked if p not in headers and _no_table(config, p)]
    _check_textless(config, sample, [p for p in paths if p not in no_table], textless, headers, unread=no_table)
    if undecided_labels and not shown_label:  # headerless, and no sibling shows which column is the label
        shown = ", ".join(path for path, _ in undecided_labels)
        raise UsageError(f"{shown}: {undecided_labels[0][1]} (docs/converting.md)")
    # (XML documents of records are read as JSON's are, `xml_records`: their label column stops alike)
    json_paths = [p for p in paths if (layout.extension(p) in ("jsonl", "json") or xml_record_files.is_record_document(config, p))
                  and p not in detected_labels][:_TABLES_LOOKED_AT]
    check_text_in_objects(config, json_paths)
    xml_record_texts.check_record_texts(config, [p for p in json_paths if xml_record_files.is_record_document(config, p)])  # (a book's title and body)
    for path in json_paths:
        try:
            chosen[path] = resolve_json_lines(config, path)
        except columns.SeveralTextColumns as several:  # (HellaSwag's ctx_a, ctx, endings: each row a reject, exit 1)
            found.append((path, several))
        except (columns.OneTextTwice, nested_pairs.NestedPair) as twice:  # (a pair named over lists: HotpotQA's `context`)
            doubled.append((path, twice))
        except (columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn) as unnamed:
            if path not in keyed:  # (a joined table's labels are the labels table's: no column of its own is one)
                unlabelled.append((path, unnamed))
        except (OSError, InvalidInputError):
            continue
    keyed_texts.check_side_tables(headers, {path: True for path in (*chosen, *(p for p, _ in (*found, *unlabelled)))})  # EmoBank's reader.csv
    if found:
        shown = ", ".join(path for path, _ in found)
        several = found[0][1]
        joined = ",".join(several.texts)
        # tables beside it read as texts (LLM - Detect AI Generated Text's train_essays.csv beside train_prompts.csv,
        # the two prompts): the one that stops may hold no records at all
        read = [p for p in chosen if p not in {p for p, _ in found}]
        aside = f"; or --exclude {shown} where it holds no records ({', '.join(read[:2])} read as texts beside it)" if read else ""
        then = _then(config, headers, json_paths, several.likely)
        said = several.reason if not then else no_label_values.without_hint(several.reason, then)  # (said once)
        raise UsageError(
            f"{shown}: {said}; --text-column {joined} joins them into each record's text, or name one"
            f"{then}{aside} (docs/converting.md)"
        )
    if doubled:
        # found from the first rows, as the scan would find it on every row: a stop, not a reject per row
        shown = ", ".join(path for path, _ in doubled)
        raise UsageError(f"{shown}: {doubled[0][1]} (docs/converting.md)")
    if not options.label_column:
        _check_one_label_column(chosen)
        _check_label_column_missing(config, headers, chosen, [path for path, _ in unlabelled])
    # (headerless by kind: stopped here unless a sibling table shows its label column, which they follow)
    votes = [(path, u) for path, u in unlabelled if isinstance(u, vote_labels.VoteCountColumn)]
    if votes:  # `(3, 2)`: the labels are in the votes by the dataset's rule, whatever the other tables show
        raise UsageError(f"{', '.join(path for path, _ in votes)}: {votes[0][1]} (docs/converting.md)")
    undecided = all(isinstance(u, word_labels.UndecidedWords) for _, u in unlabelled) and not shown_label
    if undecided and any(h.present for h in headers.values()) and all(len(headers[p].sample) < word_labels.FEW_ROWS for p, _ in unlabelled):
        # a row or two beside a table whose first row names columns: whether those are a header or data
        # is the question (`table_agreement`'s stop naming --header / --no-header), not their label
        undecided = False
    # (a lone table has no sibling to agree with: its refusal stops here, or each row would be a reject, exit 1)
    if unlabelled and (undecided or not (headerless and options.header is None and len(headers) > 1)):
        shown = ", ".join(path for path, _ in unlabelled)
        first = next((u for _, u in unlabelled if getattr(u, "separator", "")), unlabelled[0][1])  # (one table's '#' joins)
        message = f"{shown}: {first} (docs/converting.md)"
        column, note = decided_labels.decided_label_column(headers, unlabelled)
        if column:  # the files decide it: detected again with it (launch), as the user's next run would
            stopped = tuple(path for path, _ in unlabelled)
            raise files_decide.DecidedByFiles(message, {"label_column": column}, note,
                                              [sampled_claims.SampledClaim(sampled_claims.LABELS, column, stopped)])
        raise UsageError(message)
    if bare and len(bare) == len(looked) and not config.label_from_name:
        _check_named_tables(bare)


def _tab_tables(paths: Sequence[str], by_lines: Mapping[str, str]) -> list[str]:
    """The tables whose first column may key another's rows (.txt, .tsv and unknown extensions), a few."""
    kinds = (sniffed_tables.SNIFFED, tables.FASTTEXT, tables.TSV)
    return [p for p in paths if p not in by_lines and _kind(p) in kinds][:_KEYED_TABLES_LOOKED_AT]


def _kind(path: str) -> str:
    try:
        return tables.table_format(path)
    except InvalidInputError:
        return ""


def _then(config: ConvertConfig, headers: dict, json_paths: Sequence[str], text: str) -> str:
    """The label stop a named text would meet next (HellaSwag: --text-column, then --label-column
    'label'), as words to add to the text stop, so that one step converts; "" where none."""
    if config.table_options.label_column:
        return ""
    named = dataclasses.replace(config, text_column=text)
    chosen: dict[str, tuple[str, tuple[str, ...]]] = {}
    for path, header in headers.items():
        try:
            chosen[path] = (header.resolve(named.table_options).label, tuple(header.columns)) if header.present else ("", ())
        except (columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn) as unnamed:
            # no column named as the label (a posting's `fraudulent`, a wine's `variety`): the stop names
            # --label-column and its candidates now, or following it meets a second stop
            return f"; with --text-column {text!r}, {path}: {unnamed}"
        except InvalidInputError:
            continue
    unnamed: list[str] = []  # tables whose label no name names (COPA's test file: its `question`)
    for path in json_paths:
        try:
            chosen[path] = resolve_json_lines(named, path)
        except (columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn):
            unnamed.append(path)
        except (OSError, InvalidInputError):
            continue
    try:
        _check_one_label_column(chosen)
        _check_label_column_missing(named, headers, chosen, unnamed)
    except UsageError as then:
        return f"; with a text named, {str(then).removesuffix(' (docs/converting.md)')}"
    return ""


def _check_one_label_column(chosen: dict[str, tuple[str, tuple[str, ...]]]) -> None:
    """Raises UsageError where a table lacks the label column another table's label was found in,
    and took another column for its label (HellaSwag's test file, without `label`, labelled by its
    `activity_label`, exit 0): a split's table without the others' label column is unlabelled, so
    `--label-column` decides it."""
    for path, (label, names) in chosen.items():
        for other, (other_label, other_names) in chosen.items():
            if label and other_label and label != other_label and label not in other_names:
                raise UsageError(
                    f"{other} has no column {label!r}, the label of {path}, and its label would be {other_label!r}: "
                    f"--label-column {label!r} reads {other} unlabelled (a split's table without the label column), "
                    f"--label-column {other_label!r} labels by that one where it is (docs/converting.md)"
                )


def _check_label_column_missing(config: ConvertConfig, headers: dict, chosen: dict[str, tuple[str, tuple[str, ...]]],
                                unnamed: Sequence[str]) -> None:
    """Raises UsageError where a table whose label no name names (its other columns' cells look like
    labels: COPA's test file, its `question` cause/effect) lacks the label column the other tables
    were found to have (`label`): it is a split's table without labels, and the stop names that
    column, which reads it unlabelled, rather than the look-alike, which would label it wrongly."""
    for path in unnamed:
        names = _columns_of(config, headers, path)
        for other, (label, _) in chosen.items():
            if other != path and label and names and label not in names:
                raise UsageError(
                    f"{path} has no column {label!r}, the label of {other}: --label-column {label!r} reads {path} "
                    f"unlabelled (a split's table without the label column), the others labelled (docs/converting.md)"
                )


def _columns_of(config: ConvertConfig, headers: dict, path: str) -> tuple[str, ...]:
    """A sampled table's columns (a CSV's header, a JSON-lines table's first rows' keys), or ()."""
    if path in headers:
        return tuple(headers[path].columns) if headers[path].present else ()
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return tuple(json_sample.sampled_rows(fileobj, path, config.table_options)[0])
    except (OSError, InvalidInputError):
        return ()


def _check_textless(config: ConvertConfig, sample: Sequence[str], paths: Sequence[str],
                    textless: Sequence[tuple[str, column_texts.NoTextColumn]], headers: dict, unread: Sequence[str] = ()) -> None:
    """Raises UsageError where every input of a tables layout is a table whose sampled rows hold no
    text (each cell a number, an id or a flag): the scan would reject every row and fail, exit 1,
    with nothing written (Water Quality's `water_potability.csv`, its last column 0/1). A table of
    numbers beside tables of texts is left to the scan (its rows rejected, the texts written), and so
    are tables of images written out as numbers, a row an image (Digit Recognizer's `pixel0..pixel783`:
    `pixel_row_tables`, which reads them as images). `--text-column` names the text where one is, and
    `--text-column none` reads a table of attributes, a row a record of its columns (`attribute_rows`),
    which the stop names."""
    if config.table_options.text_columns or not textless or len(textless) < len(paths):
        return
    if pixel_row_tables.pixel_tables(config, list(sample), pixel_row_tables.illustrations(list(sample))):
        return
    shown = ", ".join(path for path, _ in textless)
    # the table whose last column the others lack holds the class they withhold (`withheld_labels`)
    labelled = withheld_labels.labelled_table({p: tuple(headers[p].columns) for p, _ in textless
                                               if p in headers and headers[p].present})
    # (a table whose label column was found names it in its remedy; else the one column the test split's table
    # lacks, wherever it sits: Titanic's `Survived` second, not a guess by cells)
    said, without = next((no_text for _, no_text in textless if no_text.label), textless[0][1]), ""
    withheld = withheld_labels.withheld_column({p: tuple(headers[p].columns) for p, _ in textless
                                                if p in headers and headers[p].present})
    holding = [e for p, e in textless if withheld and withheld in headers[p].columns and getattr(e, "reword", None)]
    if not getattr(said, "label", "") and holding:
        said = holding[0].reword(withheld)
    if labelled:
        said = dict(textless)[labelled[0]]
        without = (f"; {', '.join(labelled[1])} {'has' if len(labelled[1]) == 1 else 'have'} no "
                   f"{headers[labelled[0]].columns[-1]!r}: read unlabelled (a split's table without the label column)")
    message = (f"{shown}: {said}{without}. No table here holds text, so nothing would be written as texts; which column is "
               "the class is yours to say (docs/converting.md, Tables)")
    headed = {p: (tuple(headers[p].columns), headers[p].sample) for p, _ in textless if p in headers and headers[p].present}
    told = config.label_column or config.keep_columns  # (the user's own word on the columns is never overridden)
    # several tables decide nothing unless each names its split (`train.csv`, `test.csv`): UCI's bank-full.csv beside
    # bank.csv (a 10% sample of its rows) were written as two splits named after the files, exit 0
    splits_named = len(headed) == 1 or all(table_splits.split_of(p, frozenset()) for p in headed)
    column = measurement_classes.decided_class(headed) if len(headed) == len(textless) and not told and splits_named else ""
    if column:  # one column named as a class, its cells classes: read so, as the user's next run would (files_decide)
        holding = [p for p in headed if column in headed[p][0]]
        kept, ids = measurement_classes.kept_measures(headed, column)  # (a row's `Id` left out: it measures nothing)
        note = measurement_classes.note(column, len(headed[holding[0]][0]) - 1 - len(ids), ", ".join(holding),
                                        [p for p in headed if p not in holding], ids=ids)
        options: dict[str, object] = {"text_column": attribute_rows.NO_TEXT, "keep_columns": kept, "label_column": column}
        if unread:  # (prose beside the tables, `glass-description.txt`: read as a table it is one reject, over the limit)
            options["exclude"] = (*config.exclude, *map(literal_glob, unread))  # (its glob characters literal)
            note += f"; {', '.join(unread)} read as no table: left out (--exclude)"
        claim = sampled_claims.SampledClaim(sampled_claims.CLASSES, column, tuple(holding))  # (the plan confirms it)
        raise files_decide.DecidedByFiles(message, options, note, [claim])
    raise UsageError(message)


def _check_named_tables(bare: Sequence[tuple[str, tuple[str, ...]]]) -> None:
    """Raises UsageError where two or more tables share one header, hold no label column, and are
    named by words that name no split (ISOT's `Fake.csv` and `True.csv`): their names are likely
    their rows' classes, which read as unlabelled tables every row lost (exit 0)."""
    stems = [layout.stem(path) for path, _ in bare]
    if len(bare) < 2 or len({names for _, names in bare}) != 1 or len(set(stems)) != len(stems):
        return
    if any(split_word(stem) or example_file(path) for (path, _), stem in zip(bare, stems)):
        return
    shown = ", ".join(path for path, _ in bare)
    ext = layout.extension(bare[0][0])
    raise UsageError(
        f"{shown} share one header and hold no label column: their names may be their rows' classes "
        f"({', '.join(stems)}). --label-from-name '^(.+)\\.{ext}$' labels each row by its table's name; "
        "--label-column C names a column of labels; to write the rows unlabelled, convert each table on its own "
        "(SRC may be one table) (docs/converting.md)"
    )


def _header(config: ConvertConfig, path: str) -> tables.TableHeader:
    """The header of the table `path` (relative to SRC), as the scan will read it.

    Raises:
      OSError: it cannot be opened here (an archive's member, a file gone).
      InvalidInputError: it reads as no table.
    """
    options = config.table_options
    with open_input(join_path(config.source, path)) as fileobj:
        return tables.read_header(fileobj, tables.table_format(path), header=options.header, encoding=options.encoding)


def _headers(config: ConvertConfig, looked: Sequence[str]):
    """(path, header) of each table looked at that reads (one that does not is left to the scan,
    which rejects it with its reason)."""
    for path in looked:
        try:
            yield path, _header(config, path)
        except (OSError, InvalidInputError):
            continue


def _no_table(config: ConvertConfig, path: str) -> bool:
    """The file opens and reads as no table (prose: `tables.read_header` refuses it); not one that could not be
    opened here (an archive's member, a file gone), which the scan reads or rejects itself."""
    try:
        _header(config, path)
    except InvalidInputError:
        return True
    except OSError:
        return False
    return False


def _check_label_column(config: ConvertConfig, headers: dict) -> None:
    """Raises UsageError where `--label-column NAME` names no column of any sampled table with a
    header: a table without it is read unlabelled (a split's test table), so a misspelt name would
    write every record unlabelled; and where a table naming no split but train lacks it while another
    has it (`withheld_labels.withheld_in_train`: its records unlabelled beside the others' labelled)."""
    options = config.table_options
    given = options.label_column
    if not given or given.isdigit() or options.header is False:
        return
    named = [(path, header.columns) for path, header in headers.items() if header.present]
    if named and not any(given in names or columns.several_labels(given, names) for _, names in named):
        shown = "; ".join(f"{path}: {list(names)}" for path, names in named)
        raise UsageError(f"--label-column {given!r} is no column of the tables (their columns: {shown})")
    single = {path: names for path, names in named if not columns.several_labels(given, names)}
    if bare := withheld_labels.withheld_in_train(single, given):  # (train.csv without it: unlabelled beside test's labels)
        holding = ", ".join(path for path, names in named if given in names)
        raise UsageError(
            f"--label-column {given!r} is no column of {', '.join(bare)} (columns {list(dict(named)[bare[0]])}), which "
            f"names no split but train, while {holding} has it: its records would be written unlabelled beside labelled "
            f"ones; name the column that holds the class in every labelled table, or leave the others out with --exclude"
        )
