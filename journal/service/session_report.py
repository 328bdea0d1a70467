"""The session report: a replay (journal.service.replay) as terminal lines, Markdown, or one self-contained HTML page.

Each renderer takes the replay's JSON-ready dict and returns text; nothing here reads the journal.
The HTML page draws what the system's descriptor charts over the session and the session's dice (a report of
journal.service.reports: one renderer, its SVG figures in the current language), then the session's XP per
character and its relationship and revenge changes per pair as inline SVG bar charts (journal/service/report_html.py).
The CLI prints them (``journal replay``) and the page shows the HTML one (``GET /api/report/K/html``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from journal.i18n import N_, _, current_language
from journal.service.labels import title as system_title
from journal.service.report_html import bar_chart, page, table
from journal.service.reports import figures_html, point
from journal.service.words import Names, local_time

NONE = "—"


def time(stamp: str | None) -> str:
    """``2025-01-02 12:00:00`` from a stored ``2025-01-02T12:00:00.123456Z``."""
    return NONE if stamp is None else local_time(stamp, stamp[:19].replace("T", " "))


def title(result: dict[str, Any]) -> str:
    return _("Session {number} of {campaign}").format(number=result["session"], campaign=result["campaign"])


def _span(result: dict[str, Any]) -> str:
    end = result["end_version"]
    return _("#{start}–#{end}").format(start=result["start_version"], end=end) if end is not None else \
        _("#{start}–#{end} (still open)").format(start=result["start_version"], end=result["head"])


def _minutes(result: dict[str, Any]) -> str:
    return NONE if result["minutes"] is None else _("{minutes} min").format(minutes=result["minutes"])


def _voided(entry: dict[str, Any]) -> str:
    void = entry["voided"]
    if void is None:
        return ""
    if void.get("dispute_number"):
        return _("voided by dispute #{number}: {reason}").format(number=void["dispute_number"],
                                                                  reason=void["reason"])
    dispute = _(", dispute {dispute}").format(dispute=void["dispute"]) if void["dispute"] else ""
    return _("voided at #{version}{dispute}: {reason}").format(version=void["version"], dispute=dispute,
                                                               reason=void["reason"])


def _bond_label(row: dict[str, Any], names: Names) -> str:
    return f"{row['character']} -> {row['other']} ({names.word(row['bond'])})"


def _xp_label(row: dict[str, Any]) -> str:
    return _("{character} (Master)").format(character=row["character"]) if row["master"] else row["character"]


def _sources(row: dict[str, Any], names: Names) -> str:
    return ", ".join(f"{names.field(source)} {amount}" for source, amount in row["by_source"].items())


def _bond_rows(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Each bond change of the session, its bond and its checklist's items in the system's words («Отношения»,
    «спас жизнь»)."""
    names = Names(result["system"])
    return [(r["character"], names.word(r["bond"]), r["other"], f"{r['change']:+d}", r["points"],
             ", ".join(names.word(item) for item in r["items"])) for r in result["bonds"]]


#: The parts of a report: the session's events, then those recorded after it (msgids).
EVENTS, AFTER = N_("Events"), N_("After the session")


def _parts(result: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    during = [e for e in result["events"] if e["part"] == "session"]
    after = [e for e in result["events"] if e["part"] == "after"]
    return [(EVENTS, during)] + ([(AFTER, after)] if after else [])


# -- terminal ----------------------------------------------------------------------------------


def header_lines(result: dict[str, Any]) -> list[str]:
    return [_("{title} ({system}): present {present}; {span}; {minutes}").format(
        title=title(result), system=system_title(result["system"]), present=", ".join(result["present"]), span=_span(result),
        minutes=_minutes(result))]


def _note(entry: dict[str, Any]) -> str:
    """What the folds now say of the event (a success Fate collected reads as a failure), after its summary."""
    return f" ({entry['note']})" if entry.get("note") else ""


def event_lines(entry: dict[str, Any], names: Names) -> list[str]:
    """One event: its line, then one indented line per sheet field it changed."""
    voided = f"  [{_voided(entry)}]" if entry["voided"] else ""
    lines = [(f"{entry['version']:>5} {time(entry['recorded_at'])} {entry['actor']}: {names.type(entry['type'])} — "
              f"{entry['summary']}{_note(entry)}{voided}")]
    lines += [f"        {c['character']} {names.field(c['field'])}: {names.value(c['before'])} -> {names.value(c['after'])}"
              for c in entry["changes"]]
    return lines


def footer_lines(result: dict[str, Any]) -> list[str]:
    lines, names = [], Names(result["system"])
    if result["xp"]:
        lines.append(_("XP: {awards}").format(awards=", ".join(f"{_xp_label(r)} +{r['amount']} ({_sources(r, names)})"
                                                              for r in result["xp"])))
    if result["bonds"]:
        lines.append(_("bonds: {changes}").format(changes=", ".join(f"{_bond_label(r, names)} {r['change']:+d} -> {r['points']}"
                                                                    for r in result["bonds"])))
    return lines


def text(result: dict[str, Any]) -> str:
    lines = header_lines(result)
    names = Names(result["system"])
    for name, entries in _parts(result):
        if name != EVENTS:
            lines.append(_("after the session:"))
        for entry in entries:
            lines += event_lines(entry, names)
    return "\n".join(lines + footer_lines(result)) + "\n"


# -- Markdown ----------------------------------------------------------------------------------


def _utc(stamp: str | None) -> str:
    """``2025-01-02 12:00:00 UTC``."""
    return _("{time} UTC").format(time=time(stamp))


def _md_cell(item: Any) -> str:
    return str(item).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in rows]
    return lines


def _md_event(entry: dict[str, Any], names: Names) -> list[str]:
    """One event as the HTML report shows it: its number (№N), what, who and when (its id is the audit's only)."""
    lines = [f"### {point(entry['version'])} · {names.type(entry['type'])} · {entry['actor']}", "",
             _("recorded {time} UTC").format(time=time(entry["recorded_at"])), "",
             entry["summary"] + _note(entry)]
    if entry["voided"]:
        lines += ["", f"**{_voided(entry)}**"]
    if entry["changes"]:
        lines += [""] + _md_table(_change_headers(), [(c["character"], names.field(c["field"]), names.value(c["before"]),
                                                       names.value(c["after"])) for c in entry["changes"]])
    return lines + [""]


def _change_headers() -> list[str]:
    return [_("character"), _("field"), _("before"), _("after")]


def _xp_headers() -> list[str]:
    return [_("character"), _("XP"), _("by source")]


def _bond_headers() -> list[str]:
    return [_("character"), _("bond"), _("towards"), _("change"), _("points"), _("items")]


def markdown(result: dict[str, Any]) -> str:
    """The session report in Markdown."""
    lines = [f"# {title(result)}", ""]
    lines += _md_table(["", ""], [
        (_("system"), system_title(result["system"])),
        (_("present"), ", ".join(result["present"])),
        (_("started"), _utc(result["started_at"])),
        (_("ended"), NONE if result["ended_at"] is None else _utc(result["ended_at"])),
        (_("duration"), _minutes(result)),
        (_("events"), _span(result)),
    ])
    lines.append("")
    names = Names(result["system"])
    for name, entries in _parts(result):
        lines += [f"## {_(name)}", ""]
        for entry in entries:
            lines += _md_event(entry, names)
    lines += ["## " + _("XP of the session"), ""]
    lines += _md_table(_xp_headers(), [(_xp_label(r), f"+{r['amount']}", _sources(r, Names(result["system"]))) for r in result["xp"]]) \
        if result["xp"] else [_("No experience awarded.")]
    lines += ["", "## " + _("Relationships and revenge"), ""]
    lines += _md_table(_bond_headers(), _bond_rows(result)) \
        if result["bonds"] else [_("No relationship or revenge ticks.")]
    return "\n".join(lines) + "\n"


# -- HTML --------------------------------------------------------------------------------------


def _html_event(entry: dict[str, Any], names: Names) -> str:
    """One event as people read it: its number, who, what and when (its id is the audit's, never the report's)."""
    voided = f'<p class="bad">{escape(_voided(entry))}</p>' if entry["voided"] else ""
    changes = table(_change_headers(), [(c["character"], names.field(c["field"]), names.value(c["before"]),
                                         names.value(c["after"])) for c in entry["changes"]]) if entry["changes"] else ""
    return (f'<div class="event"><div><span class="who">{escape(point(entry["version"]))} · {escape(entry["actor"])}</span> '
            f'<strong>{escape(names.type(entry["type"]))}</strong> <span class="muted">{escape(_utc(entry["recorded_at"]))}'
            '</span></div>'
            f'<div>{escape(entry["summary"] + _note(entry))}</div>{voided}{changes}</div>')


def _pairs(result: dict[str, Any], bond: str) -> list[tuple[str, int]]:
    return [(f"{r['character']} → {r['other']}", r["change"]) for r in result["bonds"] if r["bond"] == bond]


def _bond_charts(result: dict[str, Any]) -> list[str]:
    """The bar chart of each bond the system keeps (its descriptor's ``Bonds.charts``): the first always, the others
    when the session moved one."""
    from journal.systems import registry

    bonds = registry.system(result["system"]).bonds
    if bonds is None:
        return []
    kinds = list(dict.fromkeys(kind for kind, _character, _other in bonds.ticks.values()))
    return [bar_chart(_(bonds.charts.get(kind, kind)), _pairs(result, kind)) for index, kind in enumerate(kinds)
            if index == 0 or any(r["bond"] == kind for r in result["bonds"])]


def html(result: dict[str, Any]) -> str:
    """The session report as one self-contained HTML page, with the XP and bonds charts."""
    meta = '<p class="meta">' + escape(_("{system} · present {present} · {start} to {end} · {minutes} · {span}").format(
        system=system_title(result["system"]), present=", ".join(result["present"]), start=_utc(result["started_at"]),
        end=_utc(result["ended_at"]), minutes=_minutes(result), span=_span(result))) + "</p>"
    body = [f"<h1>{escape(title(result))}</h1>", meta]
    if "charts" in result:  # a report (journal.service.reports), not a bare replay
        body.append(figures_html(result))
    body += ["<h2>" + escape(_("Changes of the session")) + "</h2>",
             bar_chart(_("XP per character"), [(_xp_label(r), r["amount"]) for r in result["xp"]], _(" XP")),
             *_bond_charts(result)]
    if result["xp"]:
        body.append(table(_xp_headers(), [(_xp_label(r), f"+{r['amount']}", _sources(r, Names(result["system"]))) for r in result["xp"]]))
    if result["bonds"]:
        body.append(table(_bond_headers(), _bond_rows(result)))
    names = Names(result["system"])
    for name, entries in _parts(result):
        body.append(f"<h2>{escape(_(name))}</h2>")
        body += [_html_event(entry, names) for entry in entries]
    return page(title(result), "\n".join(body), lang=current_language())


RENDERERS = {"text": text, "md": markdown, "html": html}
