"""The HTML shell every report shares: one self-contained file (inline CSS and SVG, no scripts, no links out).

The CLI writes it (``journal replay --format html``, ``journal audit``) and the page shows it (web/routes/report.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from journal.i18n import _
from journal.service.reports import fit

#: The most characters a bar's label shows in its 180 units (a longer one is cut, its whole text a tooltip).
LABEL_CHARS = 24

STYLE = """
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
.meta { color: #666; } table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
th { background: #f6f6f8; } code, .mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .9em; }
.ok { color: #137333; } .bad { color: #b3261e; font-weight: 600; } .muted { color: #888; }
.event { padding: .5rem .75rem; border-left: 3px solid #c7c7d1; margin: .5rem 0; background: #fafafc; }
.event .who { font-weight: 600; } figure { margin: 1rem 0; } figcaption { color: #666; font-size: .9em; }
"""


def page(title: str, body: str, lang: str = "en") -> str:
    """A complete HTML document in language ``lang`` around ``body`` (already escaped HTML)."""
    return (
        f"<!DOCTYPE html>\n<html lang=\"{escape(lang)}\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table; every cell is escaped."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape('' if c is None else str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def bar_chart(title: str, bars: Sequence[tuple[str, int]], unit: str = "") -> str:
    """A horizontal bar chart as inline SVG (negative values drawn leftwards, in red)."""
    if not bars:
        return "<p class=\"muted\">" + escape(_("{title}: nothing to draw.").format(title=title)) + "</p>"
    label_w, bar_w, row_h = 180, 360, 26
    peak = max(abs(v) for _, v in bars) or 1
    zero = label_w + (bar_w // 2 if any(v < 0 for _, v in bars) else 0)
    scale = (bar_w // 2 if zero != label_w else bar_w) / peak
    parts = []
    for i, (label, value) in enumerate(bars):
        y = i * row_h + 4
        width = abs(value) * scale
        x = zero if value >= 0 else zero - width
        colour = "#3b6fd6" if value >= 0 else "#d0463b"
        shown = fit(label, LABEL_CHARS)
        tip = f"<title>{escape(label)}</title>" if shown != label else ""
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{tip}{escape(shown)}</text>'
                     f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="18" fill="{colour}" rx="3"/>'
                     f'<text x="{(x + width + 6) if value >= 0 else (x - 6):.1f}" y="{y + 15}" '
                     f'text-anchor="{"start" if value >= 0 else "end"}">{value:+d}{escape(unit)}</text>')
    height = len(bars) * row_h + 8
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(title)}" width="100%" '
           f'viewBox="0 0 {label_w + bar_w + 80} {height}" font-size="13" font-family="system-ui, sans-serif">'
           f'<line x1="{zero}" y1="0" x2="{zero}" y2="{height}" stroke="#999"/>{"".join(parts)}</svg>')
    return f"<figure>{svg}<figcaption>{escape(title)}</figcaption></figure>"
