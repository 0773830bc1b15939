"""`shardify inspect` in the terminal: the facts of an `Inspection` as plain text, 80 columns wide.

Every name shown comes from untrusted files (labels, paths, reasons), so each is made printable
(control characters, which could move the cursor or clear the screen, are shown as `\\xNN`) and
clipped to the columns it has, counting wide characters as two.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence

from shardify.format import contract
from shardify.format.manifest_model import Manifest
from shardify.inspect.facts import DuplicateFacts, DuplicateSample, Inspection, ReportFacts, Spread

__all__ = ["describe", "describe_versions", "printable", "plural", "human_bytes", "resize_line", "WIDTH"]

WIDTH = 80
# Labels listed one by one up to this many; past it, the most and least frequent halves.
_LABELS_LISTED = 30
# Splits side by side in the label table (each takes 15 columns).
_SPLITS_PER_TABLE = 4
_SPLIT_COLUMN = 15
# Report entries and duplicate groups listed in the terminal (the HTML page lists more).
_FIRST_SHOWN = 5
_GROUPS_SHOWN = 3
# The manifest's other report counts, as the summary line names them.
_EXTRA_NAMES = {"reencoded": "re-encoded"}


def printable(text: str) -> str:
    """`text` with every control or invisible formatting character as `\\xNN` (or `\\uNNNN`).

    >>> printable("a\\x1b[2Jb")
    'a\\\\x1b[2Jb'
    """
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def plural(count: int, word: str) -> str:
    """`plural(1, "group") == "1 group"`, `plural(2_000, "group") == "2,000 groups"`."""
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def _columns(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _clip(text: str, width: int) -> str:
    """`text` made printable and cut to `width` columns, with `…` where it was cut."""
    text = printable(text)
    if sum(map(_columns, text)) <= width:
        return text
    out, used = [], 0
    for char in text:
        if used + _columns(char) > width - 1:
            break
        out.append(char)
        used += _columns(char)
    return "".join(out) + "…"


def _pad(text: str, width: int) -> str:
    """`text` clipped to `width` columns and padded to exactly that many."""
    text = _clip(text, width)
    return text + " " * (width - sum(map(_columns, text)))


def human_bytes(num_bytes: float) -> str:
    """Decimal units, as the convert summary prints them.

    >>> human_bytes(496441), human_bytes(999), human_bytes(5.8e8)
    ('496.4 kB', '999 B', '580.0 MB')
    """
    if num_bytes < 1000:
        return f"{num_bytes:.0f} B"
    for unit in ("kB", "MB", "GB", "TB"):
        num_bytes /= 1000
        if num_bytes < 1000 or unit == "TB":
            return f"{num_bytes:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def _section(title: str) -> list[str]:
    return ["", title]


def _header(facts: Inspection) -> list[str]:
    manifest = facts.manifest
    records = sum(split.num_records for split in manifest.splits.values())
    mode = {contract.LABEL_SINGLE: "single-label", contract.LABEL_MULTI: "multi-label"}.get(manifest.label_mode, "unlabelled")
    layout, made_by = manifest.data.get("layout"), manifest.data.get("created_by")
    about = [
        f"{records:,} records",
        layout if isinstance(layout, str) else "",
        mode,
        f"{len(manifest.labels):,} labels" if manifest.labels else "",
        f"made by {made_by}" if isinstance(made_by, str) else "",
    ]
    return [_clip(facts.root, WIDTH), _clip(", ".join(part for part in about if part), WIDTH)]


def _splits(facts: Inspection) -> list[str]:
    splits = list(facts.manifest.splits.values())
    lines = _section(f"{'splits':<20}{'records':>14}{'bytes':>14}{'shards':>10}")
    for split in splits:
        lines.append(f"  {_pad(split.name, 18)}{split.num_records:>14,}{human_bytes(split.num_bytes):>14}{len(split.shards):>10,}")
    if len(splits) > 1:
        lines.append(
            f"  {'total':<18}{sum(s.num_records for s in splits):>14,}"
            f"{human_bytes(sum(s.num_bytes for s in splits)):>14}{sum(len(s.shards) for s in splits):>10,}"
        )
    lines += _section("per shard: min / median / max")
    lines.append(f"  {'':18}{'records':>20}{'bytes':>34}")
    for split in splits:
        records = Spread.of(shard.num_records for shard in split.shards)
        sizes = Spread.of(shard.num_bytes for shard in split.shards)
        if records is None or sizes is None:
            lines.append(f"  {_pad(split.name, 18)}{'no shards':>20}")
            continue
        spread = " / ".join(_number(v) for v in (records.minimum, records.median, records.maximum))
        size_spread = " / ".join(human_bytes(v) for v in (sizes.minimum, sizes.median, sizes.maximum))
        lines.append(f"  {_pad(split.name, 18)}{spread:>20}{size_spread:>34}")
    return lines


def _label_rows(facts: Inspection) -> list[tuple[str, int]]:
    """(label, total) to list: every label, or the most and least frequent when there are many."""
    totals = Counter({label: 0 for label in facts.manifest.labels})
    for split in facts.manifest.splits.values():
        totals.update(split.label_counts)
    rows = [(label, totals[label]) for label in facts.manifest.labels]
    if len(rows) <= _LABELS_LISTED:
        return rows
    ranked = sorted(rows, key=lambda row: (-row[1], row[0]))
    half = _LABELS_LISTED // 2
    return ranked[:half] + [("", -1)] + ranked[-half:]


def _labels(facts: Inspection) -> list[str]:
    manifest = facts.manifest
    if manifest.label_mode == contract.LABEL_NONE or not manifest.labels:
        return _section("labels: none (the records carry no label)")
    splits = list(manifest.splits.values())
    share = "% of records with the label" if manifest.label_mode == contract.LABEL_MULTI else "% of the split"
    rows = _label_rows(facts)
    longest = max(sum(map(_columns, printable(label))) for label in manifest.labels)
    lines: list[str] = []
    for start in range(0, len(splits), _SPLITS_PER_TABLE):
        group = splits[start : start + _SPLITS_PER_TABLE]
        name_width = min(WIDTH - 2 - _SPLIT_COLUMN * len(group), max(longest, 20))
        lines += _section(f"labels ({len(manifest.labels):,}; {share})")
        lines.append("  " + " " * name_width + "".join(f"{_clip(s.name, _SPLIT_COLUMN - 1):>{_SPLIT_COLUMN}}" for s in group))
        for label, total in rows:
            if total < 0:
                lines.append(f"  ... {len(manifest.labels) - _LABELS_LISTED:,} labels between the most and least frequent")
                continue
            cells = []
            for split in group:
                count = split.label_counts.get(label, 0)
                percent = 100 * count / split.num_records if split.num_records else 0.0
                cells.append(f"{count:>8,} {percent:5.1f}%")
            lines.append("  " + _pad(label, name_width) + "".join(f"{cell:>{_SPLIT_COLUMN}}" for cell in cells))
    return lines


def _spread_row(name: str, spread: Spread, digits: int = 0) -> str:
    values = [f"{v:,.{digits}f}" for v in (spread.minimum, spread.median, spread.maximum)]
    return f"  {name:<34}" + "".join(f"{v:>12}" for v in values)


def _sizes(facts: Inspection) -> list[str]:
    lines: list[str] = []
    widths, heights, aspects = facts.widths(), facts.heights(), facts.aspects()
    columns = f"  {'':34}{'min':>12}{'median':>12}{'max':>12}"
    if widths and heights and aspects:
        lines += _section(f"image sizes, from {widths.count:,} sampled records (the record's header fields)")
        lines += [
            columns,
            _spread_row("width (px)", widths),
            _spread_row("height (px)", heights),
            _spread_row("aspect (width / height)", aspects, 2),
        ]
        formats = Counter(r.image_format or "?" for r in facts.image_records)
        lines.append(_clip("  formats: " + ", ".join(f"{printable(f)} {n:,}" for f, n in formats.most_common()), WIDTH))
    texts = facts.text_lengths()
    if texts:
        lines += _section(f"text lengths, from {texts.count:,} sampled records")
        lines += [columns, _spread_row("characters", texts)]
    return lines


def _report(title: str, report: ReportFacts, what: str) -> list[str]:
    if not report.count and not report.lines:
        return _section(f"{title}: none")
    extra = "".join(f", {n:,} {_EXTRA_NAMES.get(key, key)}" for key, n in report.extra.items())
    lines = _section(_clip(f"{title}: {plural(report.count, 'input')}{extra} ({report.name or 'no report file'})", WIDTH))
    if report.parsed < report.lines:
        lines.append(f"  by {what}, from the first {report.parsed:,} lines:")
    for kind in report.by_kind:
        lines.append(_clip(f"  {kind.count:>8,}  {kind.kind}", WIDTH))
    if report.first:
        lines.append(f"  first {min(len(report.first), _FIRST_SHOWN)}:")
        for entry in report.first[:_FIRST_SHOWN]:
            lines.append(_clip(f"    {entry['path']}: {entry['text']}", WIDTH))
    return lines


def _group_line(group: DuplicateSample) -> str:
    ids = ", ".join(f"{split}:{record_id}" for split, record_id in group.records)
    more = f" (+{group.size - len(group.records):,} more)" if group.size > len(group.records) else ""
    return _clip(f"    {group.size} x {group.sha256[:12]}: {ids}{more}", WIDTH)


def _duplicates(facts: DuplicateFacts) -> list[str]:
    if not facts.checked:
        return _section("duplicates: not checked (this output was made before shardify looked for them)")
    if not facts.groups and not facts.lines:
        return _section("duplicates: none (no two records share their content)")
    lines = _section(
        _clip(
            f"duplicates: {plural(facts.groups, 'group')} of identical records, {plural(facts.records, 'record')} "
            f"({facts.name or 'no report file'})",
            WIDTH,
        )
    )
    for title, count, groups in (
        ("across splits (the same content in two splits: leakage)", facts.across_splits, facts.across),
        ("within one split", facts.groups - facts.across_splits, facts.within),
    ):
        lines.append(f"  {title}: {plural(max(count, 0), 'group')}")
        lines += [_group_line(group) for group in groups[:_GROUPS_SHOWN]]
    return lines


def _sample(facts: Inspection) -> list[str]:
    sample = facts.sample
    shards = sum(len(split.shards) for split in facts.manifest.splits.values())
    records = sum(split.num_records for split in facts.manifest.splits.values())
    return _section(
        f"sample: {sample.total_records:,} of {records:,} records ({human_bytes(sample.total_bytes)}) "
        f"read from {sample.total_shards:,} of {shards:,} shards"
    )


def _notes(notes: Sequence[str]) -> list[str]:
    if not notes:
        return []
    lines = _section("notes:")
    for note in notes:
        lines += textwrap.wrap(printable(note), WIDTH, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False)
    return lines


def _objects(facts: Inspection) -> list[str]:
    """A detection output's objects per class and split, with each class's number."""
    objects = facts.manifest.objects
    if objects is None or not objects.classes:
        return []
    splits = sorted(objects.counts)[: (WIDTH - 34) // _SPLIT_COLUMN]
    lines = _section(f"objects ({sum(sum(c.values()) for c in objects.counts.values()):,}; class numbers: {objects.class_ids})")
    lines.append("  " + _pad("class", 24) + f"{'number':>8}" + "".join(f"{_clip(s, _SPLIT_COLUMN - 1):>{_SPLIT_COLUMN}}" for s in splits))
    for name, number in sorted(objects.classes.items(), key=lambda item: item[1])[:_LABELS_LISTED]:
        counts = "".join(f"{objects.counts[s].get(name, 0):>{_SPLIT_COLUMN},}" for s in splits)
        lines.append("  " + _pad(name, 24) + f"{number:>8}" + counts)
    if len(objects.classes) > _LABELS_LISTED:
        lines.append(f"  ... and {len(objects.classes) - _LABELS_LISTED:,} more classes (manifest.json's objects)")
    return lines


def _resize_splits(manifest: Manifest) -> dict[str, tuple[int, int, int]]:
    """The manifest's resize block per split: (images shrunk, input bytes, shard bytes)."""
    block = manifest.data.get("resize")
    splits = block.get("splits") if isinstance(block, dict) else None
    if not isinstance(splits, dict):
        return {}
    return {
        str(name): tuple(int(split.get(key, 0)) for key in ("num_resized", "input_bytes", "num_bytes"))
        for name, split in splits.items()
        if isinstance(split, dict)
    }


def resize_line(manifest: Manifest) -> str:
    """One line on what `--resize` did, all splits together: images shrunk, bytes read -> written."""
    block = manifest.data.get("resize") or {}
    totals = [sum(column) for column in zip(*_resize_splits(manifest).values())] or [0, 0, 0]
    ratio = f" ({totals[2] / totals[1]:.2f}x)" if totals[1] else ""
    if totals[1] and totals[2] > totals[1]:  # small or well-compressed images re-encoded bigger
        ratio += (
            ": larger than the inputs (small or tightly compressed images re-encoded: a larger --resize size, a lower "
            "--jpeg-quality, or no --resize keeps them smaller)"
        )
    return (
        f"resized to {printable(str(block.get('request')))} (JPEG quality {block.get('jpeg_quality')}): "
        f"{totals[0]:,} images shrunk; {human_bytes(totals[1])} of inputs -> {human_bytes(totals[2])} of shards{ratio}"
    )


def _resized(manifest: Manifest) -> list[str]:
    """Per split: images shrunk, and the inputs' bytes against the shards' (the ratio the option
    bought); nothing for an output stored as found."""
    splits = _resize_splits(manifest)
    if not splits:
        return []
    block = manifest.data.get("resize") or {}
    lines = _section(_clip(
        f"resized: {printable(str(block.get('request')))}, JPEG quality {block.get('jpeg_quality')}, "
        f"{printable(str(block.get('encoder')))}", WIDTH))
    lines.append(f"  {'':18}{'shrunk':>12}{'inputs':>14}{'shards':>14}{'ratio':>10}")
    for name, (shrunk, read, written) in splits.items():
        ratio = f"{written / read:.2f}x" if read else "-"
        lines.append(f"  {_pad(name, 18)}{shrunk:>12,}{human_bytes(read):>14}{human_bytes(written):>14}{ratio:>10}")
    return lines


def describe(facts: Inspection, *, extra_notes: Sequence[str] = ()) -> str:
    """The terminal report: every line at most 80 columns; `extra_notes` join the facts' notes
    (what rendering the HTML page found)."""
    parts: Iterable[list[str]] = (
        _header(facts),
        _splits(facts),
        _labels(facts),
        _objects(facts),
        _resized(facts.manifest),
        _sizes(facts),
        _report("rejected", facts.rejects, "reason"),
        _report("repaired", facts.repairs, "repair"),
        _duplicates(facts.duplicates),
        _sample(facts),
        _notes([*facts.notes, *extra_notes]),
    )
    return "\n".join(line.rstrip() for part in parts for line in part) + "\n"


def describe_versions(manifest: Manifest) -> str:
    """Every version of an output, oldest first: when, from which SRC, and what it added (records
    per split, new labels, inputs it found held already or changed), from the latest manifest."""
    if not manifest.versions:
        return f"{manifest.root}: one version (made before shardify kept versions)\n"
    lines = [f"{manifest.root}: {plural(manifest.version, 'version')}; the latest is {manifest.version}", ""]
    for record in manifest.versions:
        added = record.get("added", {}) if isinstance(record.get("added"), dict) else {}
        splits = added.get("splits", {}) if isinstance(added.get("splits"), dict) else {}
        per_split = ", ".join(f"{printable(str(name))} {count}" for name, count in sorted(splits.items()))
        parent = f" (after {record['parent']})" if record.get("parent") else ""
        created, source = printable(str(record.get("created", ""))), printable(str(record.get("source", "")))
        lines.append(_clip(f"v{record['number']}{parent}  {created}  from {source}", WIDTH))
        records, shards = plural(int(added.get("records", 0)), "record"), plural(int(added.get("shards", 0)), "shard")
        lines.append(_clip(f"    added {records} in {shards}" + (f" ({per_split})" if per_split else ""), WIDTH))
        if added.get("labels") and record["number"] > 1:
            lines.append(_clip("    new labels: " + ", ".join(printable(str(label)) for label in added["labels"]), WIDTH))
        extra = [
            f"{added[key]} {what}"
            for key, what in (("held", "inputs held already"), ("changed", "changed (not appended)"), ("rejected", "rejected"))
            if added.get(key)
        ]
        if extra:
            lines.append(_clip("    " + ", ".join(extra), WIDTH))
        lines.append(f"    read it: shardify.load(OUT, version={record['number']})")
    return "\n".join(lines) + "\n"
