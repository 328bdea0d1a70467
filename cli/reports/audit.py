"""The audit of one event (``journal.service.audit.audit``) as plain-text lines, Markdown or one HTML file.

Every renderer takes the JSON-ready report the service returns and shows the same sections: the
envelope, who recorded it and when, the proof of each roll, the sheet fields it changed (with the
sheets just before and after), the chain check, and the disputes about it with votes and ruling.
"""

from __future__ import annotations

from html import escape
from typing import Any

import orjson

from cli.reports.html import page
from cli.reports.html import table as html_table

ENVELOPE_ROWS = ("id", "campaign", "version", "type", "schema", "actor", "recorded_at", "session", "causation",
                 "prev_hash", "hash", "seq")


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, (dict, list)):
        return orjson.dumps(value).decode()
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def title(report: dict[str, Any]) -> str:
    env = report["envelope"]
    return f"Audit of event {env['version']} ({env['type']}) in '{report['campaign']}'"


def recorded_line(report: dict[str, Any]) -> str:
    rec = report["recorded"]
    session = f"session {rec['session']}" if rec["session"] is not None else "between sessions"
    return f"recorded by {rec['by']} ({rec['role']}) at {rec['at']}, {session}"


def roll_line(proof: dict[str, Any]) -> str:
    """One roll and its proof in one line."""
    head = f"{proof['path']}: d{proof['sides']} {proof['dice']}"
    if proof["source"] != "server":
        return f"{head}: table roll (thrown at the table; nothing to recompute)"
    head += f", server dice, counter {proof['counter']}"
    if proof["status"] == "verified":
        return (f"{head}: verified — the seed {proof['seed']} matches the commitment {proof['commitment']} "
                f"and gives {proof['recomputed']}")
    if proof["status"] == "mismatch":
        return f"{head}: MISMATCH — {proof['problem']} (commitment {proof['commitment']}, seed {proof['seed']})"
    if proof["status"] == "sealed":
        return f"{head}: sealed — commitment {proof['commitment']}; {proof['problem']}"
    return f"{head}: {proof['status']} — {proof.get('problem', '')}"


def vote_rows(dispute: dict[str, Any]) -> list[tuple[str, str, str]]:
    rows = []
    for voter in dispute["voters"]:
        cast = dispute["votes"].get(voter)
        rows.append((voter, cast["choice"] if cast else "(no vote)", str(cast["version"]) if cast else ""))
    return rows


def ruling_line(dispute: dict[str, Any]) -> str:
    ruling = dispute["ruling"]
    t = dispute["tally"]
    count = f"{t['voted']} of {t['eligible']} voted (quorum {t['required']}): {t['uphold']} uphold, {t['overturn']} overturn"
    if ruling is None:
        return f"open, not ruled yet; {count}" + ("; quorum reached" if t["reached"] else "; no quorum yet")
    followed = {True: "following the majority", False: "against the majority", None: "on a tied vote"}
    text = f"{ruling['ruling']} by {ruling['by']} at version {ruling['version']} ({ruling['at']}), " \
           f"{followed[ruling['followed_majority']]}; {count}"
    if ruling["reason"]:
        text += f"; reason: {ruling['reason']}"
    if ruling["void"]:
        text += f"; void {ruling['void']}"
    if ruling["corrected"]:
        text += f"; corrected event {ruling['corrected']}"
    return text


def dispute_head(dispute: dict[str, Any]) -> str:
    return (f"dispute {dispute['id']} ({dispute['status']}), opened by {dispute['opened_by']} at version "
            f"{dispute['version']}: {dispute['reason']}")


def text_lines(report: dict[str, Any]) -> list[str]:
    """The audit for a terminal, without the tables (the CLI prints the sheet changes as one)."""
    env = report["envelope"]
    lines = [title(report), recorded_line(report)]
    lines += [f"  {name}: {_value(env[name])}" for name in ENVELOPE_ROWS]
    lines.append(f"  data: {_value(env['data'])}")
    lines.append("rolls:" if report["rolls"] else "rolls: none in this event")
    lines += [f"  {roll_line(p)}" for p in report["rolls"]]
    lines.append(f"chain: {report['chain']['summary']}")
    if not report["disputes"]:
        lines.append("disputes: none about this event")
    for dispute in report["disputes"]:
        lines.append(dispute_head(dispute))
        lines += [f"  vote: {voter}: {choice}" + (f" (version {version})" if version else "")
                  for voter, choice, version in vote_rows(dispute)]
        lines.append(f"  ruling: {ruling_line(dispute)}")
    for void in report["voided"]:
        lines.append(f"voided at version {void['version']} ({void['id']}): {void['reason']}")
    return lines


def _changed_characters(report: dict[str, Any]) -> list[str]:
    return sorted({c["character"] for c in report["sheets"]["changes"]})


def _md_cell(value: Any) -> str:
    return _value(value).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: list[str], rows: list[tuple[Any, ...]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in rows]
    return out


def markdown(report: dict[str, Any]) -> str:
    """The audit as a Markdown document."""
    env = report["envelope"]
    sheets = report["sheets"]
    out = [f"# {title(report)}", "", recorded_line(report) + ".", "", "## Envelope", ""]
    out += _md_table(["field", "value"], [(name, env[name]) for name in ENVELOPE_ROWS])
    out += ["", "Payload:", "", "```json", orjson.dumps(env["data"], option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode(),
            "```", "", "## Rolls", ""]
    out += [f"- {roll_line(p)}" for p in report["rolls"]] or ["No roll in this event."]
    out += ["", f"## Sheets (version {sheets['before_version']} → {sheets['after_version']})", ""]
    if sheets["changes"]:
        out += _md_table(["character", "field", "before", "after"],
                         [(c["character"], c["field"], c["before"], c["after"]) for c in sheets["changes"]])
    else:
        out.append("No sheet field changed.")
    out += ["", "## Chain", "", report["chain"]["summary"] + ".", "", "## Disputes", ""]
    if not report["disputes"]:
        out.append("None about this event.")
    for dispute in report["disputes"]:
        out += [f"### {dispute_head(dispute)}", ""]
        out += _md_table(["voter", "vote", "version"], vote_rows(dispute))
        out += ["", f"Ruling: {ruling_line(dispute)}.", ""]
    for void in report["voided"]:
        out += [f"Voided at version {void['version']} ({void['id']}): {void['reason']}.", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _sheet_rows(sheet: dict[str, Any] | None) -> list[tuple[str, str]]:
    if not sheet:
        return [("—", "no sheet")]
    rows = [(key, _value(value)) for key, value in (sheet.get("sheet") or {}).items()]
    if sheet.get("xp"):
        xp = sheet["xp"]
        rows.append(("xp", f"earned {xp['earned']}, spent {xp['spent']}, balance {xp['balance']}"))
    return rows


def html(report: dict[str, Any]) -> str:
    """The audit as one self-contained HTML page (inline CSS, no scripts, no links out)."""
    env = report["envelope"]
    sheets = report["sheets"]
    chain = report["chain"]
    parts = [f"<h1>{escape(title(report))}</h1>", f"<p class=\"meta\">{escape(recorded_line(report))}</p>",
             "<h2>Envelope</h2>", html_table(["field", "value"], [(name, _value(env[name])) for name in ENVELOPE_ROWS]),
             "<p>Payload:</p>",
             f"<pre class=\"mono\">{escape(orjson.dumps(env['data'], option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode())}</pre>",
             "<h2>Rolls</h2>"]
    if report["rolls"]:
        for proof in report["rolls"]:
            css = {"verified": "ok", "mismatch": "bad"}.get(proof["status"], "muted")
            parts.append(f"<p class=\"{css}\">{escape(roll_line(proof))}</p>")
    else:
        parts.append("<p class=\"muted\">No roll in this event.</p>")
    parts.append(f"<h2>Sheets (version {sheets['before_version']} → {sheets['after_version']})</h2>")
    if sheets["changes"]:
        parts.append(html_table(["character", "field", "before", "after"],
                                [(c["character"], c["field"], _value(c["before"]), _value(c["after"]))
                                 for c in sheets["changes"]]))
        for name in _changed_characters(report):
            parts.append(f"<details><summary>{escape(name)}: the sheet just before and just after</summary>"
                         f"<h3>before</h3>{html_table(['field', 'value'], _sheet_rows(sheets['before'].get(name)))}"
                         f"<h3>after</h3>{html_table(['field', 'value'], _sheet_rows(sheets['after'].get(name)))}"
                         "</details>")
    else:
        parts.append("<p class=\"muted\">No sheet field changed.</p>")
    css = "ok" if chain["ok"] or chain["status"] == "broken after this event" else "bad"
    parts += ["<h2>Chain</h2>", f"<p class=\"{css}\">{escape(chain['summary'])}</p>", "<h2>Disputes</h2>"]
    if not report["disputes"]:
        parts.append("<p class=\"muted\">None about this event.</p>")
    for dispute in report["disputes"]:
        parts += [f"<h3>{escape(dispute_head(dispute))}</h3>", html_table(["voter", "vote", "version"], vote_rows(dispute)),
                  f"<p>Ruling: {escape(ruling_line(dispute))}</p>"]
    for void in report["voided"]:
        parts.append(f"<p class=\"bad\">Voided at version {void['version']} ({escape(void['id'])}): "
                     f"{escape(void['reason'])}</p>")
    return page(title(report), "\n".join(parts))
