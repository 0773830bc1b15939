"""The inspect page's sections that show records themselves: the sample grid (thumbnails or texts,
by label) and the groups of exact duplicates.

A thumbnail is made once per sampled record, however many sections show it, and an image that
does not decode is drawn as a marked box and named in the notes (the first few), so a broken
record is seen rather than silently left out. The number sections are `html_sections`'.
"""

from __future__ import annotations

from shardify.errors import InvalidInputError
from shardify.format import contract
from shardify.format.contract import RAW_PIXELS_FORMAT
from shardify.inspect.facts import DuplicateSample, Inspection
from shardify.inspect.html_markup import cut, esc, esc_text, more_groups
from shardify.inspect.record_sample import NO_LABEL, SampledRecord
from shardify.inspect.text_view import plural
from shardify.inspect.thumbnails import thumbnail_data_uri

__all__ = ["RecordSections"]

# Rows in the sample grid; past these, the first labels with samples.
_GRID_LABELS = 40
# Texts shown per label, and characters of each.
_TEXTS_PER_LABEL = 4
_TEXT_CHARS = 300
# Thumbnails that fail to decode are named in the notes up to this many.
_NAMED_DECODE_FAILURES = 3


class RecordSections:
    """Builds the sections that show sampled records, and counts the images that do not decode.

    Args:
      facts: from `inspect_output`.
      notes: where an image that does not decode is named (shared with the other sections).
    """

    def __init__(self, facts: Inspection, notes: list[str]) -> None:
        self.facts = facts
        self.notes = notes
        self.decode_failures = 0
        self._thumbs: dict[tuple[str, str, int], str | None] = {}

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
        caption = esc(name) + (f"<br>{esc(size)}" if size else "")
        if record.text is not None:  # an image's caption
            caption += f"<br><i>{esc(record.text[:120])}</i>"
        if uri is None:
            image = f'<div class="missing">image does not decode<br>{esc(record.image_format)}</div>'
        else:
            image = f'<img src="{uri}" alt="{esc(record.record_id)}">'
        return f'<figure title="{esc(title)}">{image}<figcaption>{caption}</figcaption></figure>'

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
            f"decoded from the records.{esc(note)}</p>"
        ]
        totals = {label: sum(s.label_counts.get(label, 0) for s in manifest.splits.values()) for label in manifest.labels}
        for label in order:
            picks = by_label[label]
            name = label if label != NO_LABEL else ("no label" if manifest.labels else "all records")
            count = f"{totals[label]:,} records" if label in totals else ""
            head = f'<div class="grid-label">{esc(name)}<small>{esc(count)}</small></div>'
            if has_image:
                tiles = "".join(self._thumbnail(record) for record in picks)
                parts.append(f'<div class="grid-row">{head}<div class="tiles">{tiles}</div></div>')
            else:
                items = "".join(
                    f'<li title="{esc(r.split + ": " + r.record_id)}">{esc_text(cut(r.text or "", _TEXT_CHARS))}'
                    f' <code>{esc(r.split)}: {esc(r.record_id)}, {r.text_chars:,} chars</code></li>'
                    for r in picks[:_TEXTS_PER_LABEL]
                )
                parts.append(f'<div class="grid-row">{head}<ul class="texts">{items}</ul></div>')
        return "".join(parts)

    def _group(self, group: DuplicateSample, sampled: dict[tuple[str, str], SampledRecord]) -> str:
        items = []
        for split, record_id in group.records:
            record = sampled.get((split, record_id))
            if record is not None and record.image is not None:
                items.append(self._thumbnail(record))
            elif record is not None and record.text is not None:
                items.append(f"<figure><code>{esc(split)}: {esc(record_id)}</code><br>{esc_text(cut(record.text, 160))}</figure>")
            else:
                items.append(f"<figure><code>{esc(split)}: {esc(record_id)}</code><br>(not in the sample)</figure>")
        more = f" and {group.size - len(group.records):,} more" if group.size > len(group.records) else ""
        css = "group leak" if group.across_splits else "group"
        return (
            f'<div class="{css}"><code>sha256 {esc(group.sha256[:16])}…</code>: {group.size:,} records in '
            f'{esc(", ".join(group.splits))}{esc(more)}<div class="tiles">{"".join(items)}</div></div>'
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
            f"{plural(dup.records, 'record')} in all, listed in <code>{esc(dup.name)}</code>. Pictures where the record "
            "is in the sample, else its id.</p>",
            f"<h3 class=\"{'warn' if dup.across_splits else 'ok'}\">Across splits (leakage: the same content in two "
            f"splits): {plural(dup.across_splits, 'group')}</h3>",
            *(self._group(g, sampled) for g in dup.across),
            more_groups(dup.across_splits, len(dup.across)),
            f"<h3>Within one split: {plural(max(within, 0), 'group')}</h3>",
            *(self._group(g, sampled) for g in dup.within),
            more_groups(within, len(dup.within)),
        ]
        return "".join(parts)

    def note_more_failures(self) -> None:
        """Counts in the notes the images past the first few that do not decode (those are named)."""
        if self.decode_failures > _NAMED_DECODE_FAILURES:
            self.notes.append(f"{self.decode_failures - _NAMED_DECODE_FAILURES} more sampled images do not decode")
