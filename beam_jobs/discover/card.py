"""Reads a download's Hugging Face dataset card (README.md at the top of SRC) for its splits.

The card's rules are `shardify.plan.dataset_card`; this module fetches its head and applies them to
the detected layout: the card's `data_files` patterns decide every file's split, and a source whose
matched files are all tables is read as tables (CSV, JSONL and Parquet shards under `data/`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import dataset_card, layout

__all__ = ["card_patterns", "all_tables", "with_card"]


def card_patterns(config: ConvertConfig, top_files: Collection[str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(the card's file, its (pattern, split) pairs), or ("", ()) where SRC has no card naming
    its data files.

    Raises:
      UsageError: the card names several configs and none is the default; it names a split or
        path this tool refuses; `--split` would override the author's splits.
    """
    for name in sorted(top_files):
        if name.lower() not in dataset_card.CARD_NAMES:
            continue
        try:
            with open_input(join_path(config.source, name)) as fileobj:
                text = fileobj.read(dataset_card.HEAD_BYTES).decode("utf-8", "replace")
        except (OSError, InvalidInputError):
            return "", ()
        pairs = dataset_card.card_splits(text, where=name)
        if pairs and config.split:
            raise UsageError(f"{name} (a dataset card) names the splits: drop --split, or write a layout file and change them there")
        return (name, pairs) if pairs else ("", ())
    return "", ()


def all_tables(sample: Sequence[str], pairs: tuple[tuple[str, str], ...]) -> bool:
    """The sampled files the card names are all tables (and there are some)."""
    named = [p for p in sample if dataset_card.split_of(pairs, p) is not None]
    return bool(named) and all(layout.extension(p) in layout.TABLE_EXTENSIONS for p in named)


def with_card(
    config: ConvertConfig, detected: layout.SourceLayout, card: str, pairs: tuple[tuple[str, str], ...]
) -> layout.SourceLayout:
    """`detected` with the card's patterns deciding splits and its `class_label` names naming the
    labels its files hold as numbers (unless --label-names names them), said in its notes."""
    splits = sorted({split for _, split in pairs})
    note = f"splits from {card} (a Hugging Face dataset card): {', '.join(splits)}; files it does not list are not data"
    detected = dataclasses.replace(detected, split_patterns=pairs, notes=(*detected.notes, note))
    names = () if config.label_names else dataset_card.card_class_names(_head(config, card), where=card)
    if not names:
        return detected
    shown = ", ".join(names[:3]) + ("..." if len(names) > 3 else "")
    note = f"label names from {card}'s class_label ({len(names)}: {shown}), for labels written as numbers"
    return dataclasses.replace(detected, vocabulary=names, vocabulary_file=card, vocabulary_base=0, notes=(*detected.notes, note))


def _head(config: ConvertConfig, name: str) -> str:
    try:
        with open_input(join_path(config.source, name)) as fileobj:
            return fileobj.read(dataset_card.HEAD_BYTES).decode("utf-8", "replace")
    except (OSError, InvalidInputError):
        return ""
