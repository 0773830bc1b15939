"""`shardify inspect --html`: the facts of an `Inspection` as one self-contained HTML page.

Charts are drawn by pygal as SVG written into the page, thumbnails are JPEG data URIs
(`thumbnails`), and the page holds no script: it opens from a file, offline, anywhere. Its
Content-Security-Policy forbids every fetch and every script, so a browser would refuse (and log)
anything that tried to leave the page; the browser test checks the console stays empty.

pygal adds a configuration `<script>` and comments with its web address and the date to every
chart; an XML filter removes them, and each chart gets a fixed id, so the same facts give the same
page. Everything shown comes from untrusted files and is escaped (pygal escapes what it draws).
"""

from __future__ import annotations

import html
import os
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from shardify.errors import InvalidInputError, OutputError
from shardify.format import contract, naming
from shardify.format.contract import RAW_PIXELS_FORMAT
from shardify.format.manifest_model import SplitInfo
from shardify.inspect.facts import DuplicateSample, Inspection, ReportFacts, Spread
from shardify.inspect.html_charts import Charts
from shardify.inspect.record_sample import NO_LABEL, SampledRecord
from shardify.inspect.text_view import human_bytes, plural, printable
from shardify.inspect.thumbnails import thumbnail_data_uri

__all__ = ["RenderedReport", "render_html", "write_report"]

# Labels drawn in one split's label chart, and rows in the sample grid; past these, the most and
# least frequent halves are drawn (a 1,000-label chart would be a wall of bars nobody reads).
_LABELS_CHARTED = 60
_GRID_LABELS = 40
# Splits charted (a crafted manifest may list thousands); shards drawn as one bar each up to this
# many, else as a histogram of their sizes.
_SPLITS_CHARTED = 12
_SHARDS_AS_BARS = 256
# Texts shown per label, and characters of each.
_TEXTS_PER_LABEL = 4
_TEXT_CHARS = 300
# Thumbnails that fail to decode are named in the notes up to this many.
_NAMED_DECODE_FAILURES = 3
_CSS = """
body { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 0 auto; max-width: 1400px;
       padding: 0 24px 48px; color: #222; }
h1 { font-size: 22px; margin: 24px 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
.sub { color: #555; margin: 0 0 12px; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { text-align: left; padding: 3px 12px 3px 0; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tr + tr td { border-top: 1px solid #eee; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.chart { flex: 0 1 600px; }
.chart svg { width: 100%; height: auto; }
.grid-row { display: flex; align-items: flex-start; gap: 10px; margin: 10px 0; }
.grid-label { flex: 0 0 130px; font-weight: 600; overflow-wrap: anywhere; }
.grid-label small { display: block; font-weight: normal; color: #666; }
.tiles { display: flex; flex-wrap: wrap; gap: 8px; }
figure { margin: 0; width: 122px; font-size: 11px; color: #555; }
figure img { display: block; width: 120px; height: 120px; object-fit: contain; border: 1px solid #ddd;
             background: #f4f4f4; }
figure figcaption { overflow-wrap: anywhere; }
.missing { width: 120px; height: 120px; display: flex; align-items: center; justify-content: center;
           border: 1px dashed #c2464d; color: #c2464d; text-align: center; font-size: 11px; padding: 4px;
           box-sizing: border-box; }
.texts { margin: 0; padding-left: 18px; }
.texts li { margin: 2px 0 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
.group { border: 1px solid #e3e3e3; border-radius: 6px; padding: 8px; margin: 8px 0; }
.group code { color: #555; }
.leak { border-color: #c2464d; }
.ok { color: #4b9e5f; }
.warn { color: #c2464d; }
.notes li { margin: 3px 0; }
code { font-size: 12px; }
"""
# No fetch of any kind and no script may run; styles and data: images are inline.
_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"


@dataclass(frozen=True)
class RenderedReport:
    """The page and what rendering it found. Attributes: html, notes (images that do not decode)."""

    html: str
    notes: tuple[str, ...]


def _esc(text: object) -> str:
    return html.escape(printable(str(text)), quote=True)


def _esc_text(text: str) -> str:
    """A record's text: line breaks and tabs kept (the page shows them), other controls as `\\xNN`."""
    return "\n".join("\t".join(_esc(part) for part in line.split("\t")) for line in text.rstrip().split("\n"))




def _table(header: Sequence[str], rows: Iterable[Sequence[object]], numeric: Sequence[bool]) -> str:
    cells = "".join(f'<th class="{"n" if n else ""}">{_esc(h)}</th>' for h, n in zip(header, numeric))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"n" if n else ""}">{_esc(v)}</td>' for v, n in zip(row, numeric)) + "</tr>"
        for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def _spread_cells(spread: Spread, fmt: Callable[[float], str]) -> list[str]:
    return [fmt(spread.minimum), fmt(spread.median), fmt(spread.maximum)]


class _Page:
    """Builds the page section by section."""

    def __init__(self, facts: Inspection, seconds: float | None) -> None:
        self.facts = facts
        self.seconds = seconds
        self.charts = Charts()
        self.notes: list[str] = []
        self.decode_failures = 0
        self._thumbs: dict[tuple[str, str, int], str | None] = {}
        self._said_splits = False

    # --- thumbnails -------------------------------------------------------------------------

    def _thumbnail(self, record: SampledRecord) -> str:
        key = (record.split, record.shard, record.index)
        if key not in self._thumbs:
            try:
                raw = (record.height or 0, record.width or 0, record.channels or 0) if record.image_format == RAW_PIXELS_FORMAT else None
                self._thumbs[key] = thumbnail_data_uri(record.image, boxes=record.boxes, raw_shape=raw) if record.image else None
            except InvalidInputError as error:
                self._thumbs[key] = None
                self.decode_failures += 1
                if self.decode_failures <= _NAMED_DECODE_FAILURES:
                    self.notes.append(f"{record.shard} record {record.index} ({record.record_id}): image {error.reason}")
        uri = self._thumbs[key]
        size = f"{record.width} x {record.height}" if record.width and record.height else ""
        title = f"{record.split}: {record.record_id}" + (f" ({size})" if size else "")
        name = record.record_id.rsplit("/", 1)[-1]
        if len(self.facts.manifest.splits) > 1:  # which split matters: a leak is train beside test
            name = f"{record.split}: {name}"
        caption = _esc(name) + (f"<br>{_esc(size)}" if size else "")
        if record.text is not None:  # an image's caption
            caption += f"<br><i>{_esc(record.text[:120])}</i>"
        if uri is None:
            image = f'<div class="missing">image does not decode<br>{_esc(record.image_format)}</div>'
        else:
            image = f'<img src="{uri}" alt="{_esc(record.record_id)}">'
        return f'<figure title="{_esc(title)}">{image}<figcaption>{caption}</figcaption></figure>'

    # --- sections ---------------------------------------------------------------------------

    def header(self) -> str:
        manifest = self.facts.manifest
        records = sum(s.num_records for s in manifest.splits.values())
        num_bytes = sum(s.num_bytes for s in manifest.splits.values())
        shards = sum(len(s.shards) for s in manifest.splits.values())
        mode = {contract.LABEL_SINGLE: "single-label", contract.LABEL_MULTI: "multi-label"}.get(manifest.label_mode, "unlabelled")
        layout, made_by = manifest.data.get("layout"), manifest.data.get("created_by")
        about = [f"{records:,} records", human_bytes(num_bytes), f"{shards:,} shards", mode]
        about += [f"{len(manifest.labels):,} labels"] if manifest.labels else []
        about += [layout] if isinstance(layout, str) else []
        about += [f"made by {made_by}"] if isinstance(made_by, str) else []
        sample = self.facts.sample
        took = f" in {self.seconds:.1f} s" if self.seconds is not None else ""
        read = (
            f"Counts, bytes, shards and labels are the manifest's. Sizes, lengths and pictures come from "
            f"{sample.total_records:,} records ({human_bytes(sample.total_bytes)}) read from the start of "
            f"{sample.total_shards:,} of {shards:,} shards{took}."
        )
        splits = _table(
            ["split", "records", "bytes", "shards"],
            [(s.name, f"{s.num_records:,}", human_bytes(s.num_bytes), f"{len(s.shards):,}") for s in manifest.splits.values()],
            [False, True, True, True],
        )
        return (
            f"<h1>{_esc(self.facts.root)}</h1><p class=\"sub\">{_esc(', '.join(about))}</p>"
            f"<p class=\"sub\">{_esc(read)}</p>{splits}"
        )

    def _charted_splits(self) -> list[SplitInfo]:
        splits = list(self.facts.manifest.splits.values())
        if len(splits) > _SPLITS_CHARTED and not self._said_splits:
            self.notes.append(f"charts drawn for the first {_SPLITS_CHARTED} of {len(splits):,} splits")
            self._said_splits = True
        return splits[:_SPLITS_CHARTED]

    def shards(self) -> str:
        parts = ["<h2>Shards</h2>"]
        for split in self._charted_splits():
            if not split.shards:
                parts.append(f"<p>{_esc(split.name)}: no shards</p>")
                continue
            labels = [str(i) for i in range(len(split.shards))]
            records = Spread.of(s.num_records for s in split.shards)
            sizes = Spread.of(s.num_bytes for s in split.shards)
            if records is None or sizes is None:  # not reached: the split has shards
                continue
            parts.append(
                f"<h3>{_esc(split.name)}: {plural(len(split.shards), 'shard')}</h3><p class=\"sub\">records per shard "
                f"{' / '.join(f'{v:,.0f}' for v in (records.minimum, records.median, records.maximum))}, bytes per shard "
                f"{' / '.join(human_bytes(v) for v in (sizes.minimum, sizes.median, sizes.maximum))} (min / median / max)</p>"
            )
            if len(split.shards) > _SHARDS_AS_BARS:  # one bar a shard would be too thin to see
                parts.append(
                    '<div class="charts">'
                    + self.charts.histogram(f"{printable(split.name)}: shards by records", [s.num_records for s in split.shards])
                    + self.charts.histogram(f"{printable(split.name)}: shards by MB", [s.num_bytes / 1e6 for s in split.shards], digits=1)
                    + "</div>"
                )
                continue
            parts.append(
                '<div class="charts">'
                + self.charts.bars(
                    f"{printable(split.name)}: records per shard",
                    labels,
                    [s.num_records for s in split.shards],
                    formatter=lambda v: f"{v:,.0f}",
                    whole=True,
                )
                + self.charts.bars(
                    f"{printable(split.name)}: bytes per shard",
                    labels,
                    [s.num_bytes for s in split.shards],
                    formatter=human_bytes,
                    whole=False,
                )
                + "</div>"
            )
        return "".join(parts)

    def labels(self) -> str:
        manifest = self.facts.manifest
        if manifest.label_mode == contract.LABEL_NONE or not manifest.labels:
            return "<h2>Labels</h2><p>None: the records carry no label.</p>"
        share = "records with the label" if manifest.label_mode == contract.LABEL_MULTI else "records"
        parts = [f"<h2>Labels</h2><p class=\"sub\">{len(manifest.labels):,} labels; bars count {share} per split.</p><div class=\"charts\">"]
        for split in self._charted_splits():
            rows = [(label, split.label_counts.get(label, 0)) for label in manifest.labels]
            title = f"{printable(split.name)}: records per label"
            if len(rows) > _LABELS_CHARTED:
                ranked = sorted(rows, key=lambda row: (-row[1], row[0]))
                rows = ranked[: _LABELS_CHARTED // 2] + ranked[-_LABELS_CHARTED // 2 :]
                title = f"{printable(split.name)}: the {_LABELS_CHARTED // 2} most and least frequent labels"
            parts.append(self.charts.horizontal(title, [r[0] for r in rows], [r[1] for r in rows]))
        return "".join(parts) + "</div>"

    def objects(self) -> str:
        """A detection output's objects per class in each split (the manifest's counts)."""
        objects = self.facts.manifest.objects
        if objects is None or not objects.classes:
            return ""
        total = sum(sum(c.values()) for c in objects.counts.values())
        parts = [
            f"<h2>Objects</h2><p class=\"sub\">{total:,} objects of {len(objects.classes):,} classes, numbered "
            f"{_esc(objects.class_ids)}; boxes are drawn on the sample images.</p><div class=\"charts\">"
        ]
        for split in sorted(objects.counts):
            rows = sorted(objects.counts[split].items(), key=lambda row: (-row[1], row[0]))[:_LABELS_CHARTED]
            title = f"{printable(split)}: objects per class" + (f" (the {_LABELS_CHARTED} most)" if len(objects.counts[split]) > _LABELS_CHARTED else "")
            parts.append(self.charts.horizontal(title, [r[0] for r in rows], [r[1] for r in rows]))
        return "".join(parts) + "</div>"

    def sizes(self) -> str:
        facts = self.facts
        parts = []
        images = facts.image_records
        widths, heights, aspects = facts.widths(), facts.heights(), facts.aspects()
        if images and widths and heights and aspects:
            table = _table(
                ["", "min", "median", "max"],
                [
                    ["width (px)", *_spread_cells(widths, lambda v: f"{v:,.0f}")],
                    ["height (px)", *_spread_cells(heights, lambda v: f"{v:,.0f}")],
                    ["aspect (width / height)", *_spread_cells(aspects, lambda v: f"{v:.2f}")],
                ],
                [False, True, True, True],
            )
            parts.append(
                f"<h2>Image sizes</h2><p class=\"sub\">From {len(images):,} sampled records (their header fields; "
                f"nothing decoded).</p>{table}<div class=\"charts\">"
                + self.charts.histogram("width (px)", [r.width for r in images])  # type: ignore[misc]
                + self.charts.histogram("height (px)", [r.height for r in images])  # type: ignore[misc]
                + self.charts.histogram("aspect (width / height)", [r.width / r.height for r in images], digits=2)  # type: ignore[operator]
                + "</div>"
            )
        texts = facts.text_records
        lengths = facts.text_lengths()
        if texts and lengths:
            parts.append(
                f"<h2>Text lengths</h2><p class=\"sub\">Characters, from {len(texts):,} sampled records: "
                f"min {lengths.minimum:,.0f}, median {lengths.median:,.0f}, max {lengths.maximum:,.0f}.</p>"
                '<div class="charts">'
                + self.charts.histogram("characters per text", [r.text_chars for r in texts])  # type: ignore[misc]
                + "</div>"
            )
        return "".join(parts)

    def _shown_by_label(self) -> dict[str, list[SampledRecord]]:
        """Label -> records shown, from every split (largest first), each record once."""
        by_label: dict[str, list[SampledRecord]] = {}
        for split_picks in self.facts.sample.shown.values():
            for label, picks in split_picks.items():
                by_label.setdefault(label, []).extend(picks)
        return by_label

    def samples(self) -> str:
        manifest = self.facts.manifest
        has_image = contract.IMAGE_ENCODED in manifest.features
        by_label = self._shown_by_label()
        order = [*manifest.labels, NO_LABEL] if manifest.label_mode != contract.LABEL_NONE else [NO_LABEL]
        order = [label for label in order if by_label.get(label)]
        if not order:
            return ""
        note = ""
        if len(order) > _GRID_LABELS:
            note = f" The first {_GRID_LABELS} of {len(order):,} labels with samples."
            order = order[:_GRID_LABELS]
        title = "Sample images" if has_image else "Sample texts"
        per = self.facts.sample.limits.per_label
        parts = [
            f"<h2>{title}</h2><p class=\"sub\">The first {per} records of each label in each split's shards, "
            f"decoded from the records.{_esc(note)}</p>"
        ]
        totals = {label: sum(s.label_counts.get(label, 0) for s in manifest.splits.values()) for label in manifest.labels}
        for label in order:
            picks = by_label[label]
            name = label if label != NO_LABEL else ("no label" if manifest.labels else "all records")
            count = f"{totals[label]:,} records" if label in totals else ""
            head = f'<div class="grid-label">{_esc(name)}<small>{_esc(count)}</small></div>'
            if has_image:
                tiles = "".join(self._thumbnail(record) for record in picks)
                parts.append(f'<div class="grid-row">{head}<div class="tiles">{tiles}</div></div>')
            else:
                items = "".join(
                    f'<li title="{_esc(r.split + ": " + r.record_id)}">{_esc_text(_cut(r.text or "", _TEXT_CHARS))}'
                    f' <code>{_esc(r.split)}: {_esc(r.record_id)}, {r.text_chars:,} chars</code></li>'
                    for r in picks[:_TEXTS_PER_LABEL]
                )
                parts.append(f'<div class="grid-row">{head}<ul class="texts">{items}</ul></div>')
        return "".join(parts)

    def report(self, title: str, report: ReportFacts, what: str) -> str:
        if not report.count and not report.lines:
            return f"<h2>{title}</h2><p class=\"ok\">None.</p>"
        extra = "".join(f", {n:,} {'re-encoded' if key == 'reencoded' else key}" for key, n in report.extra.items())
        parts = [f"<h2>{title}</h2><p class=\"sub\">{plural(report.count, 'input')}{_esc(extra)}, listed in <code>{_esc(report.name)}</code>."]
        if report.parsed < report.lines:
            parts.append(f" Kinds counted over the first {report.parsed:,} of its {report.lines:,} lines.")
        parts.append("</p>")
        if report.by_kind:
            parts.append('<div class="charts">')
            parts.append(self.charts.horizontal(f"{title.lower()} by {what}", [k.kind for k in report.by_kind[:_LABELS_CHARTED]],
                                                [k.count for k in report.by_kind[:_LABELS_CHARTED]]))
            parts.append("</div>")
            parts.append(_table([what, "inputs", "for example"], [(k.kind, f"{k.count:,}", k.example) for k in report.by_kind],
                                [False, True, False]))
        if report.first:
            parts.append(f"<h3>The first {len(report.first)}</h3>")
            parts.append(_table(["input", what], [(e["path"], e["text"]) for e in report.first], [False, False]))
        return "".join(parts)

    def _group(self, group: DuplicateSample, sampled: dict[tuple[str, str], SampledRecord]) -> str:
        items = []
        for split, record_id in group.records:
            record = sampled.get((split, record_id))
            if record is not None and record.image is not None:
                items.append(self._thumbnail(record))
            elif record is not None and record.text is not None:
                items.append(f"<figure><code>{_esc(split)}: {_esc(record_id)}</code><br>{_esc_text(_cut(record.text, 160))}</figure>")
            else:
                items.append(f"<figure><code>{_esc(split)}: {_esc(record_id)}</code><br>(not in the sample)</figure>")
        more = f" and {group.size - len(group.records):,} more" if group.size > len(group.records) else ""
        css = "group leak" if group.across_splits else "group"
        return (
            f'<div class="{css}"><code>sha256 {_esc(group.sha256[:16])}…</code>: {group.size:,} records in '
            f'{_esc(", ".join(group.splits))}{_esc(more)}<div class="tiles">{"".join(items)}</div></div>'
        )

    def duplicates(self) -> str:
        dup = self.facts.duplicates
        if not dup.checked:
            return "<h2>Exact duplicates</h2><p>Not checked: this output was made before shardify looked for duplicates.</p>"
        if not dup.groups and not dup.lines:
            return "<h2>Exact duplicates</h2><p class=\"ok\">None: no two records share their content.</p>"
        sampled = {(r.split, r.record_id): r for r in self.facts.sample.records}
        within = dup.groups - dup.across_splits
        parts = [
            f"<h2>Exact duplicates</h2><p class=\"sub\">{plural(dup.groups, 'group')} of records with the same content, "
            f"{plural(dup.records, 'record')} in all, listed in <code>{_esc(dup.name)}</code>. Pictures where the record "
            "is in the sample, else its id.</p>",
            f"<h3 class=\"{'warn' if dup.across_splits else 'ok'}\">Across splits (leakage: the same content in two "
            f"splits): {plural(dup.across_splits, 'group')}</h3>",
            *(self._group(g, sampled) for g in dup.across),
            _more(dup.across_splits, len(dup.across)),
            f"<h3>Within one split: {plural(max(within, 0), 'group')}</h3>",
            *(self._group(g, sampled) for g in dup.within),
            _more(within, len(dup.within)),
        ]
        return "".join(parts)

    def notes_section(self, render_notes: Sequence[str]) -> str:
        notes = [*self.facts.notes, *render_notes]
        if not notes:
            return ""
        items = "".join(f"<li>{_esc(note)}</li>" for note in notes)
        return f"<h2>Notes</h2><ul class=\"notes\">{items}</ul>"


def _more(total: int, shown: int) -> str:
    return f"<p>… and {total - shown:,} more groups.</p>" if total > shown else ""


def _cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def render_html(facts: Inspection, *, seconds: float | None = None) -> RenderedReport:
    """The report page for `facts`.

    Args:
      facts: from `inspect_output`.
      seconds: how long gathering took, shown in the page.

    Returns:
      The page, and notes about what could not be drawn (images that do not decode).
    """
    page = _Page(facts, seconds)
    body = [
        page.header(),
        page.shards(),
        page.labels(),
        page.objects(),
        page.sizes(),
        page.samples(),
        page.report("Rejected", facts.rejects, "reason"),
        page.report("Repaired", facts.repairs, "repair"),
        page.duplicates(),
    ]
    if page.decode_failures > _NAMED_DECODE_FAILURES:
        page.notes.append(f"{page.decode_failures - _NAMED_DECODE_FAILURES} more sampled images do not decode")
    body.append(page.notes_section(page.notes))
    document = (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>shardify inspect: {_esc(os.path.basename(os.path.normpath(facts.root)))}</title>"
        f"<style>{_CSS}</style></head><body>{''.join(body)}</body></html>\n"
    )
    return RenderedReport(document, tuple(page.notes))


def write_report(path: str, document: str) -> None:
    """Writes `document` to `path` atomically: under a temporary name beside it, then renamed, so
    the file is never seen half written.

    Raises:
      OutputError: it cannot be written (naming the file and the system's reason).
    """
    folder = os.path.dirname(os.path.abspath(path))
    temp = os.path.join(folder, naming.temp_filename(os.path.basename(path), uuid.uuid4().hex[:12]))
    try:
        with open(temp, "x", encoding="utf-8") as out:
            out.write(document)
        os.replace(temp, path)
    except OSError as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
