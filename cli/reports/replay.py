"""The session report: a replay (journal.service.replay) as terminal lines, Markdown, or one self-contained HTML page.

Each renderer takes the replay's JSON-ready dict and returns text; nothing here reads the journal.
The HTML page draws the session's XP per character and its relationship and revenge changes per
pair as inline SVG bar charts (cli/reports/html.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from cli.reports.html import bar_chart, page, table

NONE = "—"


def value(item: Any) -> str:
    """A sheet value for people: ``—`` for nothing, lists comma-separated, yes/no for flags."""
    if item is None:
        return NONE
    if isinstance(item, bool):
        return "yes" if item else "no"
    if isinstance(item, list):
        return "[" + ", ".join(value(v) for v in item) + "]"
    if isinstance(item, dict):
        return "{" + ", ".join(f"{k}: {value(v)}" for k, v in item.items()) + "}"
    return str(item)


def time(stamp: str | None) -> str:
    """``2025-01-02 12:00:00`` from a stored ``2025-01-02T12:00:00.123456Z``."""
    return NONE if stamp is None else stamp[:19].replace("T", " ")


def title(result: dict[str, Any]) -> str:
    return f"Session {result['session']} of {result['campaign']}"


def _span(result: dict[str, Any]) -> str:
    end = result["end_version"]
    return f"versions {result['start_version']}-{end}" if end is not None else \
        f"versions {result['start_version']}-{result['head']} (still open)"


def _minutes(result: dict[str, Any]) -> str:
    return NONE if result["minutes"] is None else f"{result['minutes']} min"


def _voided(entry: dict[str, Any]) -> str:
    void = entry["voided"]
    if void is None:
        return ""
    dispute = f", dispute {void['dispute']}" if void["dispute"] else ""
    return f"voided at v{void['version']}{dispute}: {void['reason']}"


def _bond_label(row: dict[str, Any]) -> str:
    return f"{row['character']} -> {row['other']} ({row['bond']})"


def _xp_label(row: dict[str, Any]) -> str:
    return f"{row['character']} (Master)" if row["master"] else row["character"]


def _sources(row: dict[str, Any]) -> str:
    return ", ".join(f"{source} {amount}" for source, amount in row["by_source"].items())


def _bond_rows(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["character"], r["bond"], r["other"], f"{r['change']:+d}", r["points"], ", ".join(r["items"]))
            for r in result["bonds"]]


def _parts(result: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    during = [e for e in result["events"] if e["part"] == "session"]
    after = [e for e in result["events"] if e["part"] == "after"]
    return [("Events", during)] + ([("After the session", after)] if after else [])


# -- terminal ----------------------------------------------------------------------------------


def header_lines(result: dict[str, Any]) -> list[str]:
    return [(f"{title(result)} ({result['system']}): present {', '.join(result['present'])}; {_span(result)}; "
             f"{_minutes(result)}")]


def _note(entry: dict[str, Any]) -> str:
    """What the folds now say of the event (a success Fate collected reads as a failure), after its summary."""
    return f" ({entry['note']})" if entry.get("note") else ""


def event_lines(entry: dict[str, Any]) -> list[str]:
    """One event: its line, then one indented line per sheet field it changed."""
    voided = f"  [{_voided(entry)}]" if entry["voided"] else ""
    lines = [(f"{entry['version']:>5} {time(entry['recorded_at'])} {entry['actor']}: {entry['type']} — "
              f"{entry['summary']}{_note(entry)}{voided}")]
    lines += [f"        {c['character']} {c['field']}: {value(c['before'])} -> {value(c['after'])}"
              for c in entry["changes"]]
    return lines


def footer_lines(result: dict[str, Any]) -> list[str]:
    lines = []
    if result["xp"]:
        lines.append("XP: " + ", ".join(f"{_xp_label(r)} +{r['amount']} ({_sources(r)})" for r in result["xp"]))
    if result["bonds"]:
        lines.append("bonds: " + ", ".join(f"{_bond_label(r)} {r['change']:+d} -> {r['points']}"
                                           for r in result["bonds"]))
    return lines


def text(result: dict[str, Any]) -> str:
    lines = header_lines(result)
    for name, entries in _parts(result):
        if name != "Events":
            lines.append("after the session:")
        for entry in entries:
            lines += event_lines(entry)
    return "\n".join(lines + footer_lines(result)) + "\n"


# -- Markdown ----------------------------------------------------------------------------------


def _md_cell(item: Any) -> str:
    return str(item).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in rows]
    return lines


def _md_event(entry: dict[str, Any]) -> list[str]:
    lines = [f"### v{entry['version']} · {entry['type']} · {entry['actor']}", "",
             f"recorded {time(entry['recorded_at'])} UTC · event `{entry['id']}`", "",
             entry["summary"] + _note(entry)]
    if entry["voided"]:
        lines += ["", f"**{_voided(entry)}**"]
    if entry["changes"]:
        lines += [""] + _md_table(["character", "field", "before", "after"],
                                  [(c["character"], c["field"], value(c["before"]), value(c["after"]))
                                   for c in entry["changes"]])
    return lines + [""]


def markdown(result: dict[str, Any]) -> str:
    """The session report in Markdown."""
    lines = [f"# {title(result)}", ""]
    lines += _md_table(["", ""], [
        ("system", result["system"]),
        ("present", ", ".join(result["present"])),
        ("started", f"{time(result['started_at'])} UTC"),
        ("ended", NONE if result["ended_at"] is None else f"{time(result['ended_at'])} UTC"),
        ("duration", _minutes(result)),
        ("events", _span(result)),
    ])
    lines.append("")
    for name, entries in _parts(result):
        lines += [f"## {name}", ""]
        for entry in entries:
            lines += _md_event(entry)
    lines += ["## XP of the session", ""]
    lines += _md_table(["character", "XP", "by source"],
                       [(_xp_label(r), f"+{r['amount']}", _sources(r)) for r in result["xp"]]) \
        if result["xp"] else ["No experience awarded."]
    lines += ["", "## Relationships and revenge", ""]
    lines += _md_table(["character", "bond", "towards", "change", "points", "items"], _bond_rows(result)) \
        if result["bonds"] else ["No relationship or revenge ticks."]
    return "\n".join(lines) + "\n"


# -- HTML --------------------------------------------------------------------------------------


def _html_event(entry: dict[str, Any]) -> str:
    voided = f'<p class="bad">{escape(_voided(entry))}</p>' if entry["voided"] else ""
    changes = table(["character", "field", "before", "after"],
                    [(c["character"], c["field"], value(c["before"]), value(c["after"])) for c in entry["changes"]]) \
        if entry["changes"] else ""
    return (f'<div class="event"><div><span class="who">v{entry["version"]} · {escape(entry["actor"])}</span> '
            f'<code>{escape(entry["type"])}</code> <span class="muted">{escape(time(entry["recorded_at"]))} UTC · '
            f'<span class="mono">{escape(entry["id"])}</span></span></div>'
            f'<div>{escape(entry["summary"] + _note(entry))}</div>{voided}{changes}</div>')


def _pairs(result: dict[str, Any], bond: str) -> list[tuple[str, int]]:
    return [(f"{r['character']} → {r['other']}", r["change"]) for r in result["bonds"] if r["bond"] == bond]


def html(result: dict[str, Any]) -> str:
    """The session report as one self-contained HTML page, with the XP and bonds charts."""
    meta = (f'<p class="meta">{escape(result["system"])} · present {escape(", ".join(result["present"]))} · '
            f'{escape(time(result["started_at"]))} UTC to {escape(time(result["ended_at"]))} UTC · '
            f'{escape(_minutes(result))} · {escape(_span(result))}</p>')
    body = [f"<h1>{escape(title(result))}</h1>", meta, "<h2>Changes of the session</h2>",
            bar_chart("XP per character", [(_xp_label(r), r["amount"]) for r in result["xp"]], " XP"),
            bar_chart("Relationship changes per pair", _pairs(result, "relationship"))]
    if any(r["bond"] == "revenge" for r in result["bonds"]):
        body.append(bar_chart("Revenge changes per pair (avenger → target)", _pairs(result, "revenge")))
    if result["xp"]:
        body.append(table(["character", "XP", "by source"], [(_xp_label(r), f"+{r['amount']}", _sources(r))
                                                             for r in result["xp"]]))
    if result["bonds"]:
        body.append(table(["character", "bond", "towards", "change", "points", "items"], _bond_rows(result)))
    for name, entries in _parts(result):
        body.append(f"<h2>{escape(name)}</h2>")
        body += [_html_event(entry) for entry in entries]
    return page(title(result), "\n".join(body))


RENDERERS = {"text": text, "md": markdown, "html": html}
