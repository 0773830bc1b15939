"""The inspect page's sections that show the output's numbers: the header, shards, labels, objects,
sizes, the rejects and repairs reports, and the notes.

Each section is drawn from the manifest's counts and the sample's measurements, never from the
records' content; long lists are cut to what a reader can take in (the most and least frequent
labels, the first splits) and every cut is said in the notes. The sections that show records
themselves (pictures, texts, duplicates) are `html_records`'.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.format import contract
from shardify.format.manifest_model import SplitInfo
from shardify.inspect.facts import Inspection, ReportFacts, Spread
from shardify.inspect.html_charts import Charts
from shardify.inspect.html_markup import esc, html_table, spread_cells
from shardify.inspect.text_view import human_bytes, plural, printable

__all__ = ["LABELS_CHARTED", "FactSections"]

# Labels drawn in one split's label chart; past these, the most and least frequent halves are
# drawn (a 1,000-label chart would be a wall of bars nobody reads).
LABELS_CHARTED = 60
# many, else as a histogram of their sizes.
_SPLITS_CHARTED = 12
_SHARDS_AS_BARS = 256


class FactSections:
    """Builds the number sections of the page, one method a section, in page order.

    Args:
      facts: from `inspect_output`.
      seconds: how long gathering took, shown in the header.
      notes: where a section says what it left out (shared with the other sections, in page order).
    """

    def __init__(self, facts: Inspection, seconds: float | None, notes: list[str]) -> None:
        self.facts = facts
        self.seconds = seconds
        self.charts = Charts()
        self.notes = notes
        self._said_splits = False

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
        splits = html_table(
            ["split", "records", "bytes", "shards"],
            [(s.name, f"{s.num_records:,}", human_bytes(s.num_bytes), f"{len(s.shards):,}") for s in manifest.splits.values()],
            [False, True, True, True],
        )
        return (
            f"<h1>{esc(self.facts.root)}</h1><p class=\"sub\">{esc(', '.join(about))}</p>"
            f"<p class=\"sub\">{esc(read)}</p>{splits}"
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
                parts.append(f"<p>{esc(split.name)}: no shards</p>")
                continue
            labels = [str(i) for i in range(len(split.shards))]
            records = Spread.of(s.num_records for s in split.shards)
            sizes = Spread.of(s.num_bytes for s in split.shards)
            if records is None or sizes is None:  # not reached: the split has shards
                continue
            parts.append(
                f"<h3>{esc(split.name)}: {plural(len(split.shards), 'shard')}</h3><p class=\"sub\">records per shard "
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
            if len(rows) > LABELS_CHARTED:
                ranked = sorted(rows, key=lambda row: (-row[1], row[0]))
                rows = ranked[: LABELS_CHARTED // 2] + ranked[-LABELS_CHARTED // 2 :]
                title = f"{printable(split.name)}: the {LABELS_CHARTED // 2} most and least frequent labels"
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
            f"{esc(objects.class_ids)}; boxes are drawn on the sample images.</p><div class=\"charts\">"
        ]
        for split in sorted(objects.counts):
            rows = sorted(objects.counts[split].items(), key=lambda row: (-row[1], row[0]))[:LABELS_CHARTED]
            title = f"{printable(split)}: objects per class" + (f" (the {LABELS_CHARTED} most)" if len(objects.counts[split]) > LABELS_CHARTED else "")
            parts.append(self.charts.horizontal(title, [r[0] for r in rows], [r[1] for r in rows]))
        return "".join(parts) + "</div>"

    def sizes(self) -> str:
        facts = self.facts
        parts = []
        images = facts.image_records
        widths, heights, aspects = facts.widths(), facts.heights(), facts.aspects()
        if images and widths and heights and aspects:
            table = html_table(
                ["", "min", "median", "max"],
                [
                    ["width (px)", *spread_cells(widths, lambda v: f"{v:,.0f}")],
                    ["height (px)", *spread_cells(heights, lambda v: f"{v:,.0f}")],
                    ["aspect (width / height)", *spread_cells(aspects, lambda v: f"{v:.2f}")],
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

    def report(self, title: str, report: ReportFacts, what: str) -> str:
        if not report.count and not report.lines:
            return f"<h2>{title}</h2><p class=\"ok\">None.</p>"
        extra = "".join(f", {n:,} {'re-encoded' if key == 'reencoded' else key}" for key, n in report.extra.items())
        parts = [f"<h2>{title}</h2><p class=\"sub\">{plural(report.count, 'input')}{esc(extra)}, listed in <code>{esc(report.name)}</code>."]
        if report.parsed < report.lines:
            parts.append(f" Kinds counted over the first {report.parsed:,} of its {report.lines:,} lines.")
        parts.append("</p>")
        if report.by_kind:
            parts.append('<div class="charts">')
            parts.append(self.charts.horizontal(f"{title.lower()} by {what}", [k.kind for k in report.by_kind[:LABELS_CHARTED]],
                                                [k.count for k in report.by_kind[:LABELS_CHARTED]]))
            parts.append("</div>")
            parts.append(html_table([what, "inputs", "for example"], [(k.kind, f"{k.count:,}", k.example) for k in report.by_kind],
                                [False, True, False]))
        if report.first:
            parts.append(f"<h3>The first {len(report.first)}</h3>")
            parts.append(html_table(["input", what], [(e["path"], e["text"]) for e in report.first], [False, False]))
        return "".join(parts)

    def notes_section(self, render_notes: Sequence[str]) -> str:
        notes = [*self.facts.notes, *render_notes]
        if not notes:
            return ""
        items = "".join(f"<li>{esc(note)}</li>" for note in notes)
        return f"<h2>Notes</h2><ul class=\"notes\">{items}</ul>"
