"""`shardify inspect --html`: the facts of an `Inspection` as one self-contained HTML page.

Charts are drawn by pygal as SVG written into the page, thumbnails are JPEG data URIs
(`thumbnails`), and the page holds no script: it opens from a file, offline, anywhere. Its
Content-Security-Policy forbids every fetch and every script, so a browser would refuse (and log)
anything that tried to leave the page; the browser test checks the console stays empty.

pygal adds a configuration `<script>` and comments with its web address and the date to every
chart; an XML filter removes them, and each chart gets a fixed id, so the same facts give the same
page. Everything shown comes from untrusted files and is escaped (pygal escapes what it draws).

The sections are built in `html_sections` (the numbers) and `html_records` (the records), from the
pieces in `html_markup`; this module puts them in order inside the page and writes it.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass

from shardify.errors import OutputError
from shardify.format import naming
from shardify.inspect.facts import Inspection
from shardify.inspect.html_markup import esc
from shardify.inspect.html_records import RecordSections
from shardify.inspect.html_sections import FactSections

__all__ = ["RenderedReport", "render_html", "write_report"]

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



def render_html(facts: Inspection, *, seconds: float | None = None) -> RenderedReport:
    """The report page for `facts`.

    Args:
      facts: from `inspect_output`.
      seconds: how long gathering took, shown in the page.

    Returns:
      The page, and notes about what could not be drawn (images that do not decode).
    """
    notes: list[str] = []
    sections, records = FactSections(facts, seconds, notes), RecordSections(facts, notes)
    body = [
        sections.header(),
        sections.shards(),
        sections.labels(),
        sections.objects(),
        sections.sizes(),
        records.samples(),
        sections.report("Rejected", facts.rejects, "reason"),
        sections.report("Repaired", facts.repairs, "repair"),
        records.duplicates(),
    ]
    records.note_more_failures()
    body.append(sections.notes_section(notes))
    document = (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>shardify inspect: {esc(os.path.basename(os.path.normpath(facts.root)))}</title>"
        f"<style>{_CSS}</style></head><body>{''.join(body)}</body></html>\n"
    )
    return RenderedReport(document, tuple(notes))


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
