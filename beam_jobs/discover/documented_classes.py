"""A headerless UCI table's class column where its `.names` documents it: read so, as the stop's options would.

Why a module of its own: the stop on tables of attributes (`guards`, `plan.attribute_tables`) names
`--text-column none --keep-columns '*' --label-column C --layout tables` and leaves the class to the user, the first
or last column a guess. Where the download's own `.names` numbers the columns under "Attribute Information" and
names exactly one of them a class (iris.names `5. class:`, wdbc.names `2) Diagnosis`), the files decide it
(`plan.measurement_classes.documented_class`): detection runs again with the stop's own options
(`files_decide.DecidedByFiles`), and the plan says which `.names` decided. An ARFF documents its class itself: one
nominal attribute named as a class is (`@attribute Class {SEKER,...}`: `measurement_classes.arff_class`; goodstops35).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import files_decide, head_reads
from shardify.config import ConvertConfig
from shardify.converters import attribute_rows
from shardify.converters.column_names import shown_column
from shardify.plan import attribute_tables, layout, measurement_classes, sampled_claims

__all__ = ["follow_documented_class"]

_NAMES_LINES = 400  # a UCI .names' lines read for its Attribute Information (wdbc.names' is past line 100)


def follow_documented_class(
    config: ConvertConfig, heads: dict, others: Sequence[str], listings: Sequence[str], message: str
) -> None:
    """Raises DecidedByFiles (a row a record, its class the column the download's `.names` documents, `--layout
    tables`, the `--exclude` of a listing beside: the stop's own options) where the `.names` says which column
    is the class (`attribute_tables.documented_column`); returns where it does not (the stop stands)."""
    if config.label_column or config.keep_columns or config.text_column:  # the user's own word: never overridden
        return
    _follow_arff_class(config, heads, listings, message)
    names = {p: head_reads.head_lines(config, p, lines=_NAMES_LINES) for p in others if layout.extension(p) == "names"}
    column = attribute_tables.documented_column(heads, names) if names else ""
    if column:
        shown = ", ".join(sorted(heads))
        width = len(heads[min(heads)][0].split(","))
        ids = attribute_tables.documented_ids(heads, names, column)  # (wdbc's `1) ID number`: it measures nothing)
        kept = tuple(str(i) for i in range(1, width + 1) if str(i) not in (column, *ids)) if ids else ("*",)
        note = measurement_classes.note(column, width - 1 - len(ids), shown, documented_by=", ".join(sorted(names)), ids=ids)
        raise files_decide.DecidedByFiles(
            message,
            {
                "layout": layout.TABLES,
                "text_column": attribute_rows.NO_TEXT,
                "keep_columns": kept,
                "label_column": column,
                "exclude": (*config.exclude, *sorted(listings)),
            },
            note,
            [sampled_claims.SampledClaim(sampled_claims.CLASSES, column, tuple(sorted(heads)))],  # (the plan confirms it)
        )


def _follow_arff_class(config: ConvertConfig, heads: dict, listings: Sequence[str], message: str) -> None:
    """Raises DecidedByFiles where every table is an ARFF whose header declares the same one nominal attribute named
    as a class (`measurement_classes.arff_class`: UCI Dry Bean's `@attribute Class {SEKER,...}`): the stop's own
    options, that attribute the label. Returns where any table is no such ARFF (the stop stands)."""
    if not heads or any(layout.extension(p) != "arff" for p in heads):
        return
    said = {measurement_classes.arff_class(lines) for lines in heads.values()}
    column = said.pop() if len(said) == 1 else ""
    if not column:
        return
    shown = ", ".join(sorted(heads))
    note = (
        f"a table of measurements: each row a record of its attributes, labelled by {shown_column(column)} ({shown}: "
        "the one nominal attribute named as a class, its values listed; --label-column names another)"
    )
    raise files_decide.DecidedByFiles(
        message,
        {
            "layout": layout.TABLES,
            "text_column": attribute_rows.NO_TEXT,
            "keep_columns": ("*",),
            "label_column": column,
            "exclude": (*config.exclude, *sorted(listings)),
        },
        note,
    )
