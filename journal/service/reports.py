"""Session reports: what each system's descriptor charts, sampled from the replay walk, drawn as inline SVG.

One fold path: :func:`report` walks the session once with :func:`journal.service.replay.replay` and, after each
event the replay lists, calls every ``Chart.series`` of the system's descriptor on the states folded through that
event (the core names no system: a system's folder says what its report charts).  A series keeps a point
``(version, value)`` where it first appears and wherever its value changes; the line is drawn as steps (a value
holds until the next event changes it) up to the last event walked.  The rolls of the walked events are kept too,
the journal's own dice apart from the dice thrown on the table.

One renderer draws every chart (:func:`chart_svg`, :func:`dice_svg`): a ``viewBox`` and no fixed width, so a
figure scales to a 360-px phone; a long name is cut with an ellipsis and carries its full text in a ``<title>``
tooltip; every string people read goes through journal.i18n (the ``journal`` domain), so a report drawn inside
``journal.i18n.language("ru")`` reads in Russian.  Each series group carries its exact points in
``data-points`` (``version:value`` pairs) and each die its source in its class (``die journal`` / ``die table``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from journal.events.envelope import Event
from journal.i18n import _
from journal.service.audit import _rolls as rolls_in
from journal.service.journal import Journal
from journal.service.replay import replay
from journal.systems import registry
from journal.systems.registry import Chart

#: The viewBox's width: a phone's 360 CSS pixels, scaled up or down by the page (``width="100%"``).
WIDTH = 360
#: Line colours (Okabe–Ito, told apart by people with a colour vision deficiency), one per series in turn.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
FONT = 'font-family="system-ui, sans-serif"'
#: The most characters a legend's name shows at 12 px across the viewBox (cut with "…" and a tooltip past it).
LEGEND_CHARS = 40
#: The most characters a roll's label shows left of its dice.
ROLL_CHARS = 9
LEGEND = ' class="legend"'


def point(version: int) -> str:
    """A point of the history as people name it, by its event's number as the page's timeline does («№57»)."""
    return _("#{number}").format(number=version)


# -- the series, from the one walk ---------------------------------------------------------------------------


class _Sampler:
    """The replay's observer: each chart's series after every listed event, and the rolls of those events."""

    def __init__(self, charts: tuple[Chart, ...]) -> None:
        self.charts = [(chart, chart.series.load()) for chart in charts]
        self.points: dict[str, dict[str, list[list[Any]]]] = {chart.name: {} for chart in charts}
        self.rolls: list[dict[str, Any]] = []
        self.last = 0

    def __call__(self, event: Event, states: dict[str, Any], part: str) -> None:
        self.last = event.version
        for chart, series in self.charts:
            lines = self.points[chart.name]
            for label, value in series(states).items():
                points = lines.setdefault(label, [])
                if not points or points[-1][1] != value:
                    points.append([event.version, value])
        for path, roll in rolls_in(event.data):
            self.rolls.append({"version": event.version, "id": event.id, "actor": event.actor, "path": path,
                               "sides": roll["sides"], "dice": list(roll["dice"]), "source": roll["source"]})

    def result(self) -> list[dict[str, Any]]:
        return [{"name": chart.name, "title": chart.title, "unit": chart.unit,
                 "series": [{"label": label, "points": points}
                            for label, points in sorted(self.points[chart.name].items())]}
                for chart, _series in self.charts]


def report(journal: Journal, campaign: str, number: int) -> dict[str, Any]:
    """The replay of session ``number`` (journal.service.replay) with its ``charts``, ``dice`` and ``span``.

    ``charts``: ``[{name, title, unit, series: [{label, points: [[version, value], ...]}]}]`` in the descriptor's
    order; ``dice``: ``[{version, id, actor, path, sides, dice, source, voided}]``; ``span``: the first and last
    versions walked (the charts' x axis).
    """
    system = journal.campaign(campaign)["system"]
    sampler = _Sampler(registry.system(system).charts)
    result = replay(journal, campaign, number, observe=sampler)
    voided = {entry["id"] for entry in result["events"] if entry["voided"]}
    result["charts"] = sampler.result()
    result["dice"] = [{**roll, "voided": roll["id"] in voided} for roll in sampler.rolls]
    result["span"] = [result["start_version"], max(sampler.last, result["start_version"])]
    return result


# -- the one renderer ----------------------------------------------------------------------------------------


def fit(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _label(x: float, y: float, text: str, limit: int, extra: str = "") -> str:
    """A ``<text>`` that never runs past ``limit`` characters; a cut one carries its whole text as a tooltip."""
    shown = fit(text, limit)
    tip = f"<title>{escape(text)}</title>" if shown != text else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{extra}>{tip}{escape(shown)}</text>'


def _ticks(low: float, high: float) -> list[int]:
    """At most six whole-number ticks covering ``low`` to ``high``, a step of 1, 2, 5, 10, 20, 50, ..."""
    span = max(high - low, 1)
    step, scale = 1, 1
    while span / step > 5:
        for mantissa in (1, 2, 5):
            step = mantissa * scale
            if span / step <= 5:
                break
        else:
            scale *= 10
            step = scale
    first = int(low // step * step)
    return list(range(first, int(-(-high // step) * step) + step, step))


def _svg(height: float, label: str, css: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" role="img" aria-label="{escape(label)}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" width="100%" preserveAspectRatio="xMinYMin meet" '
            f'font-size="12" {FONT}><title>{escape(label)}</title>{body}</svg>')


def chart_svg(chart: dict[str, Any], span: tuple[int, int] | list[int]) -> str:
    """One chart of :func:`report` as an SVG: the series as step lines over the versions ``span``, a legend below."""
    title = _(chart["title"])
    series = chart["series"]
    if not series:
        return _svg(28, title, "chart empty", _label(4, 18, _("nothing to draw in this session"), LEGEND_CHARS,
                                                       ' fill="#666"'))
    first, last = span
    left, right, top, plot = 40, 12, 18, 132
    values = [p[1] for line in series for p in line["points"]]
    ticks = _ticks(min(0, min(values)), max(values))
    low, high = ticks[0], max(ticks[-1], ticks[0] + 1)

    def x(version: float) -> float:
        return left + (version - first) / max(last - first, 1) * (WIDTH - left - right)

    def y(value: float) -> float:
        return top + plot - (value - low) / (high - low) * plot

    parts = [_label(4, 11, _(chart["unit"]) if chart["unit"] else "", 12, ' fill="#666"')]
    for tick in ticks:
        parts.append(f'<line class="grid" x1="{left}" y1="{y(tick):.1f}" x2="{WIDTH - right}" y2="{y(tick):.1f}" '
                     f'stroke="#e3e3e3"/><text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
                     f'fill="#666">{tick}</text>')
    axis = top + plot + 16
    parts.append(f'<text class="axis" x="{left}" y="{axis}" fill="#666">{escape(point(first))}</text>'
                 f'<text class="axis" x="{WIDTH - right}" y="{axis}" text-anchor="end" fill="#666">'
                 f'{escape(point(last))}</text>'
                 f'<text x="{(left + WIDTH - right) / 2:.0f}" y="{axis}" text-anchor="middle" fill="#666">'
                 f'{escape(_("events"))}</text>')
    legend_top = axis + 10
    for index, line in enumerate(series):
        colour = PALETTE[index % len(PALETTE)]
        points = line["points"]
        path = f"M{x(points[0][0]):.1f},{y(points[0][1]):.1f}"
        for version, value in points[1:]:
            path += f" H{x(version):.1f} V{y(value):.1f}"
        path += f" H{x(last):.1f}"
        dots = "".join(f'<circle cx="{x(v):.1f}" cy="{y(value):.1f}" r="3" fill="{colour}">'
                       f'<title>{escape(line["label"])}: {value} ({escape(point(v))})</title></circle>'
                       for v, value in points)
        row = legend_top + index * 18
        name = f"{line['label']}: {points[-1][1]}"
        parts.append(f'<g class="series" data-series="{escape(line["label"])}" '
                     f'data-points="{" ".join(f"{v}:{value}" for v, value in points)}">'
                     f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"/>{dots}'
                     f'<rect class="swatch" x="4" y="{row}" width="12" height="12" rx="2" fill="{colour}"/>'
                     f'{_label(22, row + 10, name, LEGEND_CHARS, LEGEND)}</g>')
    return _svg(legend_top + len(series) * 18 + 4, title, f"chart chart-{chart['name']}", "".join(parts))


def dice_svg(dice: list[dict[str, Any]]) -> str:
    """The session's rolls as die faces, one row per roll: the journal's dice filled, the table's outlined."""
    title = _("Dice of the session")
    if not dice:
        return _svg(28, title, "dice empty", _label(4, 18, _("no dice were rolled in this session"), LEGEND_CHARS,
                                                    ' fill="#666"'))
    face, gap, start = 24, 4, 72
    per_row = (WIDTH - start - 4) // (face + gap)
    journal_dice, table_dice = _("journal dice (verifiable)"), _("table dice")
    legend = (f'<g class="key"><rect class="key journal" x="4" y="4" width="14" height="14" rx="3" fill="#0072B2"/>'
              f'{_label(22, 16, journal_dice, LEGEND_CHARS)}'
              f'<rect class="key table" x="4" y="24" width="14" height="14" rx="3" fill="#fff" stroke="#333" '
              f'stroke-width="1.5"/>{_label(22, 36, table_dice, LEGEND_CHARS)}</g>')
    parts = [legend]
    row = 48
    for roll in dice:
        source = "journal" if roll["source"] == "server" else "table"
        tip = (f"{point(roll['version'])} {roll['actor']} · {roll['path']}: d{roll['sides']} "
               f"{', '.join(str(d) for d in roll['dice'])} · "
               + (_("the journal's verifiable dice") if source == "journal" else _("dice thrown on the table")))
        faces = []
        for index, die in enumerate(roll["dice"]):
            fx = start + (index % per_row) * (face + gap)
            fy = row + (index // per_row) * (face + gap)
            fill = 'fill="#0072B2"' if source == "journal" else 'fill="#fff" stroke="#333" stroke-width="1.5"'
            faces.append(f'<rect class="die {source}" x="{fx}" y="{fy}" width="{face}" height="{face}" rx="4" '
                         f'{fill}/><text x="{fx + face / 2:.0f}" y="{fy + 16}" text-anchor="middle" '
                         f'font-weight="bold" fill="{"#fff" if source == "journal" else "#333"}">{die}</text>')
        struck = ' text-decoration="line-through"' if roll["voided"] else ""
        head = f"{point(roll['version'])} d{roll['sides']}"
        parts.append(f'<g class="roll {source}{" voided" if roll["voided"] else ""}" data-version="{roll["version"]}" '
                     f'data-sides="{roll["sides"]}" data-dice="{",".join(str(d) for d in roll["dice"])}">'
                     f'<title>{escape(tip)}</title>'
                     f'{_label(4, row + 16, head, ROLL_CHARS, struck)}'
                     f'{"".join(faces)}</g>')
        row += ((len(roll["dice"]) - 1) // per_row + 1) * (face + gap) + 4
    return _svg(row, title, "dice", "".join(parts))


def figures(result: dict[str, Any]) -> list[dict[str, str]]:
    """Every figure of a :func:`report` in the current language: ``[{name, title, svg}]``, the dice last."""
    found = [{"name": chart["name"], "title": _(chart["title"]), "svg": chart_svg(chart, result["span"])}
             for chart in result["charts"]]
    found.append({"name": "dice", "title": _("Dice of the session"), "svg": dice_svg(result["dice"])})
    return found


def figures_html(result: dict[str, Any]) -> str:
    """The report's figures as one HTML section (a heading, then each SVG in a ``<figure>`` with its caption)."""
    parts = [f"<h2>{escape(_('Over the session'))}</h2>"]
    parts += [f'<figure class="chart" data-chart="{escape(f["name"])}">{f["svg"]}'
              f'<figcaption>{escape(f["title"])}</figcaption></figure>' for f in figures(result)]
    return "\n".join(parts)
